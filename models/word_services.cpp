#include "models/word_services.hpp"

#include <algorithm>

#include "models/loaders.hpp"
#include "models/suggest.hpp"

namespace wordhall::models {
namespace {

vector_index exact_index(embeddings vectors) {
  index_options options;
  options.mode = search_mode::exact;
  return std::move(*vector_index::open(std::move(vectors), options));
}

}  // namespace

result<std::shared_ptr<const word_services>> word_services::load(const word_services_paths& p) {
  index_options options;
  options.mode = p.search;
  // Chosen by size, approximate search needs a ready index (`wordhall embeddings index`):
  // building one takes minutes. A structure the operator asked for is built if missing.
  options.build_missing = p.search != search_mode::automatic;
  auto index = open_vector_index(p.vectors, options);
  if (!index) return index.err();
  const embeddings& vectors = index->vectors();
  auto blocked = blocklist::load(p.blocklist);
  if (!blocked) return blocked.err();
  auto sources = load_word_sources(p.scowl_dir, p.deck.scowl_level, p.frequencies, p.function_words);
  if (!sources) return sources.err();
  std::vector<std::string_view> vocabulary;
  vocabulary.reserve(vectors.size());
  for (size_t i = 0; i < vectors.size(); ++i) vocabulary.push_back(vectors.word(i));
  auto deck = build_deck(vocabulary, *sources, *blocked, p.deck);
  return std::shared_ptr<const word_services>(
      std::make_shared<word_services>(std::move(*index), std::move(*blocked), std::move(deck)));
}

word_services::word_services(embeddings vectors, blocklist blocked, std::vector<std::string> deck)
    : word_services(exact_index(std::move(vectors)), std::move(blocked), std::move(deck)) {}

word_services::word_services(vector_index index, blocklist blocked, std::vector<std::string> deck)
    : index_(std::move(index)), blocked_(std::move(blocked)), deck_(std::move(deck)) {
  for (size_t i = 0; i < vectors().size(); ++i) {
    std::string_view w = vectors().word(i);
    if (blocked_.blocks(w)) blocked_rows_.push_back(static_cast<uint32_t>(i));
    if (!cased_)
      cased_ = std::any_of(w.begin(), w.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  }
}

std::optional<std::string> word_services::canonical(std::string_view typed) const {
  std::string word(typed);
  // Trim, and join the words of a multi-word entry the way word2vec does.
  while (!word.empty() && word.back() == ' ') word.pop_back();
  size_t start = word.find_first_not_of(' ');
  word = start == std::string::npos ? std::string() : word.substr(start);
  std::replace(word.begin(), word.end(), ' ', '_');
  if (word.empty()) return std::nullopt;
  if (vectors().index_of(word)) return word;
  std::string lower = fold_case(word);
  if (vectors().index_of(lower)) return lower;
  if (!cased_) return std::nullopt;
  std::string capitalised = lower, upper = lower;
  bool at_start = true;
  for (char& c : capitalised) {
    if (at_start && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    at_start = c == '_';
  }
  for (char& c : upper)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  for (auto* variant : {&capitalised, &upper})
    if (vectors().index_of(*variant)) return *variant;
  return std::nullopt;
}

std::vector<vector_answer> word_services::answer(const std::vector<vector_query>& queries) const {
  std::vector<vector_answer> answers(queries.size());
  const size_t dims = vectors().dimensions();
  query_matrix matrix = query_matrix::Zero(static_cast<Eigen::Index>(queries.size()),
                                           static_cast<Eigen::Index>(dims));
  std::vector<std::vector<uint32_t>> exclusions(queries.size());
  size_t most_wanted = 0;
  for (size_t q = 0; q < queries.size(); ++q) {
    auto& query = queries[q];
    auto& out = answers[q];
    Eigen::VectorXf sum = Eigen::VectorXf::Zero(static_cast<Eigen::Index>(dims));
    for (auto& term : query.terms) {
      auto token = canonical(term.word);
      auto row = vectors().require(token ? *token : term.word);
      if (!row) {
        out.failure = row.err();
        break;
      }
      sum += term.weight * vectors().vector(*row);
      exclusions[q].push_back(*row);
    }
    if (!out.failure.code.empty()) continue;
    if (query.terms.empty()) {
      out.failure = make_error("bad_query", "a vector query needs at least one word");
      continue;
    }
    float length = sum.norm();
    if (length > 0) sum /= length;
    matrix.row(static_cast<Eigen::Index>(q)) = sum.transpose();
    if (!query.compare_to.empty()) {
      auto token = canonical(query.compare_to);
      auto target = vectors().require(token ? *token : query.compare_to);
      if (!target) {
        out.failure = target.err();
        continue;
      }
      out.cosine = sum.dot(vectors().vector(*target));
    }
    for (auto& word : query.exclude)
      if (auto token = canonical(word))
        if (auto row = vectors().index_of(*token)) exclusions[q].push_back(*row);
    most_wanted = std::max(most_wanted, query.topn);
  }
  if (most_wanted == 0) return answers;
  auto nearest = nearest_usable(matrix, most_wanted, std::move(exclusions));
  for (size_t q = 0; q < queries.size(); ++q) {
    if (!answers[q].failure.code.empty()) continue;
    if (nearest[q].size() > queries[q].topn) nearest[q].resize(queries[q].topn);
    answers[q].nearest = to_scored_words(vectors(), nearest[q]);
  }
  return answers;
}

std::vector<std::vector<neighbour>> word_services::nearest_usable(
    const query_matrix& queries, size_t topn, std::vector<std::vector<uint32_t>> exclusions) const {
  // Blocked words (thousands of rows) are filtered afterwards rather than excluded up front, so
  // the approximate index can serve the search; a query left short falls back to exact search.
  constexpr size_t blocked_margin = 16;
  auto found = index_.nearest_batch(queries, topn + blocked_margin, exclusions);
  for (size_t q = 0; q < found.size(); ++q) {
    auto& list = found[q];
    list.erase(std::remove_if(list.begin(), list.end(),
                              [this](const neighbour& n) {
                                return std::binary_search(blocked_rows_.begin(),
                                                          blocked_rows_.end(), n.index);
                              }),
               list.end());
    if (list.size() >= topn || list.size() + exclusions[q].size() + blocked_rows_.size() >=
                                   vectors().size()) {
      if (list.size() > topn) list.resize(topn);
      continue;
    }
    auto exclude = exclusions[q];
    exclude.insert(exclude.end(), blocked_rows_.begin(), blocked_rows_.end());
    list = nearest(vectors(), queries.row(static_cast<Eigen::Index>(q)).transpose(), topn,
                   std::move(exclude));
  }
  return found;
}

std::vector<scored_word> word_services::nearest_to(const Eigen::VectorXf& direction, size_t topn,
                                                  const std::vector<std::string>& exclude) const {
  query_matrix query = direction.transpose();
  std::vector<std::vector<uint32_t>> exclusions(1);
  for (auto& word : exclude)
    if (auto row = vectors().index_of(word)) exclusions[0].push_back(*row);
  return to_scored_words(vectors(), nearest_usable(query, topn, std::move(exclusions))[0]);
}

word_check word_services::check(const std::string& word) const {
  word_check out;
  auto token = canonical(word);
  out.known = token.has_value();
  out.token = token.value_or("");
  out.blocked = blocked_.blocks(token.value_or(word));
  if (!out.known || out.blocked) {
    auto usable = [this](std::string_view w) {
      return vectors().index_of(w).has_value() && !blocked_.blocks(w);
    };
    out.suggestions = suggest(word, usable, deck_);
  }
  return out;
}

}  // namespace wordhall::models
