#include "events/vectorcards/resolution.hpp"

#include "events/vectorcards/scoring.hpp"

namespace wordhall::vectorcards {

std::vector<std::string> exclusions(const settings& config, const deal& d, const scored_move& m) {
  std::vector<std::string> out{d.start, d.target};
  for (auto& token : config.exclude_tokens_from_nearest) {
    if (token == "start" || token == "target") continue;
    if (token == "cards") {
      out.push_back(m.public_token);
      out.push_back(m.private_token);
    } else {
      out.push_back(token);
    }
  }
  return out;
}

round_resolved resolve_round(const state& s, const std::string& reason, const word_space* words) {
  const round_state& r = s.rounds.back();
  std::vector<result_row> rows;
  std::map<std::string, std::optional<int>> stakes;
  for (auto& p : s.players) {
    if (!r.dealt.hands.count(p.id)) continue;
    auto made = r.moves.find(p.id);
    result_row row;
    row.player = p.id;
    row.submitted = made != r.moves.end();
    row.similarity = row.submitted ? made->second.played.similarity : r.dealt.base_similarity;
    if (row.submitted) stakes[p.id] = made->second.stake;
    rows.push_back(row);
  }
  round_resolved out{r.dealt.round, {reason, rank_rows(std::move(rows), stakes), {}}, {}};
  if (!words) return out;  // the picture and nearest words are niceties; results never wait
  auto start = words->unit_vector(r.dealt.start), target = words->unit_vector(r.dealt.target);
  if (start.empty() || target.empty()) return out;

  std::vector<std::vector<double>> points{std::vector<double>(start.begin(), start.end()),
                                          std::vector<double>(target.begin(), target.end())};
  std::vector<std::string> pictured, searched;
  std::vector<neighbour_query> queries;
  for (auto& [id, m] : r.moves) {
    auto pub = words->unit_vector(m.played.public_token);
    auto priv = words->unit_vector(m.played.private_token);
    if (pub.empty() || priv.empty()) continue;
    auto direction = move_vector(start, sign_value(m.played.public_sign), pub,
                                 sign_value(m.played.private_sign), priv);
    if (!m.around) {
      queries.push_back({direction, exclusions(s.config, r.dealt, m.played)});
      searched.push_back(id);
    }
    points.push_back(std::move(direction));
    pictured.push_back(id);
  }

  auto found = words->neighbours(queries, r.dealt.target, s.config.nearest_vocab == "full");
  for (size_t i = 0; i < searched.size(); ++i) out.neighbours[searched[i]] = std::move(found[i]);
  auto plane = principal_plane(points);
  out.outcome.picture.start = plane[0];
  out.outcome.picture.target = plane[1];
  for (size_t i = 0; i < pictured.size(); ++i) out.outcome.picture.players[pictured[i]] = plane[i + 2];
  return out;
}

}  // namespace wordhall::vectorcards
