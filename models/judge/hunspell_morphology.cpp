#include "models/judge/hunspell_morphology.hpp"

#include <hunspell/hunspell.hxx>

#include <fstream>

#include "models/judge/word_rating.hpp"

namespace wordhall::judge {

result<std::unique_ptr<hunspell_morphology>> hunspell_morphology::open(const std::string& base) {
  for (auto* ending : {".aff", ".dic"})
    if (!std::ifstream(base + ending))
      return make_error("judge_hunspell_missing",
                        "cannot read the Hunspell dictionary " + base + ending + " (hunspell-de-de)");
  std::unique_ptr<hunspell_morphology> morphology(new hunspell_morphology());
  morphology->hunspell_ = std::make_unique<Hunspell>((base + ".aff").c_str(), (base + ".dic").c_str());
  return morphology;
}

hunspell_morphology::~hunspell_morphology() = default;

hunspell_reading hunspell_morphology::read(std::string_view normalised_word) const {
  const std::string word(normalised_word);
  hunspell_reading out;
  std::lock_guard<std::mutex> lock(mutex_);
  out.accepted = hunspell_->spell(word);
  if (!out.accepted) return out;
  auto analyses = hunspell_->analyze(word);
  // A compound's analysis names its parts ("pa:spiel"); one the rules built from several
  // dictionary entries may come back without any analysis at all.
  out.compound = analyses.empty();
  for (auto& a : analyses) {
    auto part = a.rfind("pa:");
    if (part == std::string::npos) continue;
    out.compound = true;
    if (out.head.empty()) {
      auto end = a.find(' ', part);
      out.head = normalise_word(a.substr(part + 3, end == std::string::npos ? end : end - part - 3));
    }
  }
  if (out.compound) return out;
  // A dictionary entry of its own (HERZ: "st:Herz", no affix) has no other dictionary form.
  for (auto& a : analyses) {
    auto stem = a.find("st:");
    if (stem == std::string::npos || a.find("fl:") != std::string::npos) continue;
    auto end = a.find(' ', stem);
    if (normalise_word(a.substr(stem + 3, end == std::string::npos ? end : end - stem - 3)) == word)
      return out;
  }
  // The first stem that is another word (HÄUSER: häuser, haus, Haus), a capitalised one first.
  auto capitalised = [](const std::string& stem) {
    return (!stem.empty() && stem[0] >= 'A' && stem[0] <= 'Z') || stem.rfind("Ä", 0) == 0 ||
           stem.rfind("Ö", 0) == 0 || stem.rfind("Ü", 0) == 0;
  };
  for (auto& stem : hunspell_->stem(word)) {
    if (normalise_word(stem) == word) continue;
    if (out.lemma.empty() || (capitalised(stem) && !capitalised(out.lemma))) out.lemma = stem;
  }
  return out;
}

}  // namespace wordhall::judge
