#include "models/judge/hunspell_morphology.hpp"

#include <hunspell/hunspell.hxx>

#include <fstream>

#include "models/judge/word_rating.hpp"

namespace wordhall::judge {
namespace {

// "Glück" → "glück": the first letter in lower case (A-Z, Ä, Ö, Ü).
std::string lower_initial(std::string spelling) {
  if (!spelling.empty() && spelling[0] >= 'A' && spelling[0] <= 'Z') {
    spelling[0] = static_cast<char>(spelling[0] - 'A' + 'a');
  } else if (spelling.rfind("\xC3", 0) == 0 && spelling.size() > 1 &&
             (spelling[1] == '\x84' || spelling[1] == '\x96' || spelling[1] == '\x9C')) {
    spelling[1] = static_cast<char>(spelling[1] + 0x20);  // Ä Ö Ü → ä ö ü
  }
  return spelling;
}

// The value of the analysis field that starts at `at` ("st:Herz fl:S" at 0: "Herz").
std::string field_value(const std::string& analysis, std::size_t at) {
  const auto end = analysis.find(' ', at);
  return analysis.substr(at + 3, end == std::string::npos ? end : end - at - 3);
}

}  // namespace

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
    if (out.head.empty()) out.head = normalise_word(field_value(a, part));
  }
  // Some words Hunspell reads both ways: CHATTEST as chatten's and as Chat + Test, EINMOTTE as
  // einmotten's and as ein + Motte. The reading as a form of one entry counts too.
  auto plain = [](const std::string& a) { return a.find("pa:") == std::string::npos; };
  for (auto& a : analyses) {
    auto stem = a.find("st:");
    out.plain = out.plain || (out.compound && plain(a) && stem != std::string::npos &&
                              !is_capitalised(std::string_view(a).substr(stem + 3)));
  }
  if (out.compound && !out.plain) return out;
  // A dictionary entry of its own (HERZ: "st:Herz", no affix) has no other dictionary form.
  for (auto& a : analyses) {
    auto stem = a.find("st:");
    if (stem == std::string::npos || a.find("fl:") != std::string::npos || !plain(a)) continue;
    if (normalise_word(field_value(a, stem)) == word) return out;
  }
  // The first stem that is another word (HÄUSER: häuser, haus, Haus), a capitalised one first.
  // Hunspell strips the prefixes ver- and un- (flags V and U) and names the stem without them:
  // VERKÜNDIGT is verkündigen's, not kündigen's; UNKLARSTEN unklar's, not klar's.
  for (auto& a : analyses) {
    auto stem_at = a.find("st:");
    if (stem_at == std::string::npos || !plain(a)) continue;
    std::string stem = field_value(a, stem_at);
    for (auto [flag, prefix] : {std::pair{"fl:V", "ver"}, std::pair{"fl:U", "un"}}) {
      const std::string normalised = normalise_word(prefix);
      if (a.find(flag) == std::string::npos || word.rfind(normalised, 0) != 0 ||
          normalise_word(stem).rfind(normalised, 0) == 0)
        continue;
      // A noun keeps its capital in front (Un + glück).
      stem = is_capitalised(stem) ? normalised.substr(0, 1) + (prefix + 1) + lower_initial(stem)
                                  : prefix + stem;
    }
    if (stem.empty() || normalise_word(stem) == word) continue;
    if (out.lemma.empty() || (is_capitalised(stem) && !is_capitalised(out.lemma))) out.lemma = stem;
  }
  return out;
}

}  // namespace wordhall::judge
