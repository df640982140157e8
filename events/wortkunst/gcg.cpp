// gcg_text: folds the events as a replay does, noting each mover's rack before the move, then
// writes the finished moves of the history and the end (format in gcg.hpp).
#include "events/wortkunst/gcg.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include "events/wortkunst/codec.hpp"
#include "events/wortkunst/tiles.hpp"

namespace wordhall::wortkunst {
namespace {

// One line of text: no line breaks inside a pragma or a note.
std::string one_line(const std::string& text) {
  std::string out = text;
  for (auto& ch : out)
    if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
  return out;
}

// Nicknames are one token followed by ":" on move lines.
std::vector<std::string> nicknames(const state& s) {
  std::vector<std::string> out(s.seats.size());
  for (auto& each : s.seats) {
    std::string nick = one_line(each.name);
    for (auto& ch : nick)
      if (ch == ' ' || ch == ':') ch = '_';
    out[static_cast<size_t>(each.index)] = nick.empty() ? "Spieler" : nick;
  }
  auto base = out;
  for (size_t i = 0; i < out.size(); ++i)
    if (std::count(base.begin(), base.end(), base[i]) > 1) out[i] += "_" + std::to_string(i + 1);
  return out;
}

std::string joined(const std::vector<std::string>& letters) {
  std::string out;
  for (auto& l : letters) out += l;
  return out;
}

// "8G" across (row first), "G8" down (column first), from the main word: the first word formed
// (placement.hpp: the word along the line, or a single tile's horizontal word when it has one).
std::string position(const formed_word& main) {
  bool across = main.squares.size() < 2 || main.squares[0].y == main.squares[1].y;
  std::string column(1, static_cast<char>('A' + main.squares[0].x));
  std::string row = std::to_string(main.squares[0].y + 1);
  return across ? row + column : column + row;
}

// The main word as GCG writes it: the move's tiles as letters (a blank in lower case), squares
// already covered before the move as ".".
std::string played_word(const formed_word& main, const std::vector<placed_tile>& tiles) {
  std::string out;
  for (auto& at : main.squares) {
    auto tile = std::find_if(tiles.begin(), tiles.end(),
                             [&](const placed_tile& t) { return t.at == at; });
    if (tile == tiles.end()) out += ".";
    else out += tile->blank ? lower_letter(tile->letter) : tile->letter;
  }
  return out;
}

std::string signed_number(int64_t n) { return (n < 0 ? "-" : "+") + std::to_string(n < 0 ? -n : n); }

}  // namespace

std::string gcg_text(const std::vector<event>& events, const std::string& game_id,
                     const gcg_reader& reader) {
  state s;
  std::map<int, std::vector<std::string>> rack_before;  // by move number
  for (auto& e : events) {
    int move = 0, mover = -1;
    if (auto p = std::get_if<move_placed>(&e)) move = p->move, mover = p->seat;
    if (auto x = std::get_if<tiles_exchanged>(&e)) move = x->move, mover = x->seat;
    if (auto p = std::get_if<passed>(&e)) move = p->move, mover = p->seat;
    if (mover >= 0 && static_cast<size_t>(mover) < s.seats.size())
      rack_before[move] = s.seats[static_cast<size_t>(mover)].rack;
    s = evolve(std::move(s), e);
  }
  const seat* you = find_seat(s, reader.caller);
  bool ended = s.status == "ended";
  auto shown = [&](int seat_index) {
    return reader.all_racks || ended || (you && you->index == seat_index);
  };
  auto nick = nicknames(s);

  std::ostringstream out;
  out << "#character-encoding UTF-8\n#title Wortkunst " << game_id << "\n#id wordhall " << game_id
      << "\n";
  for (size_t i = 0; i < s.players.size(); ++i) {
    const seat& p = s.seats.at(static_cast<size_t>(s.players[i]));
    out << "#player" << i + 1 << " " << nick[static_cast<size_t>(p.index)] << " "
        << one_line(p.name) << "\n";
  }
  out << "#description Wortkunst: Die Punkte sind die Bewertungen der Wörter durch den Juror "
         "(1-100 je Wort), ohne Prämienfelder; am Ende kostet jeder Reststein 100 Punkte.\n";
  if (!ended) out << "#incomplete\n";

  std::map<int, int64_t> total;
  for (auto& m : s.history) {
    std::string rack = shown(m.seat) ? joined(rack_before[m.move]) + " " : "";
    out << ">" << nick.at(static_cast<size_t>(m.seat)) << ": " << rack;
    total[m.seat] += m.score;
    if (m.kind == "place" && !m.words.empty()) {
      out << position(m.words.front()) << " " << played_word(m.words.front(), m.tiles) << " "
          << signed_number(m.score) << " " << total[m.seat] << "\n";
      for (auto& e : m.evaluations)
        out << "#note " << e.word << " " << e.score
            << (e.explanation.empty() ? "" : ": " + one_line(e.explanation)) << "\n";
    } else if (m.kind == "exchange") {
      out << "-" << (shown(m.seat) ? joined(m.letters) : std::to_string(m.letters.size()))
          << " +0 " << total[m.seat] << "\n";
    } else {
      out << "- +0 " << total[m.seat] << "\n";
    }
  }
  if (s.result)
    for (auto& row : s.result->results) {
      if (row.rack.empty()) continue;
      total[row.seat] -= row.penalty;
      out << ">" << nick.at(static_cast<size_t>(row.seat)) << ": " << joined(row.rack) << " ("
          << joined(row.rack) << ") " << signed_number(-row.penalty) << " " << total[row.seat]
          << "\n";
    }
  return out.str();
}

result<std::string> gcg_of_stream(const std::vector<event_envelope>& stored,
                                  const std::string& game_id, const gcg_reader& reader) {
  std::vector<event> events;
  events.reserve(stored.size());
  state checked;  // a damaged stream is refused here rather than breaking the fold below
  for (auto& e : stored) {
    auto decoded = decode_event(e);
    if (!decoded) return decoded.err();
    if (auto fits = applicable(checked, *decoded); !fits) return fits.err();
    checked = evolve(std::move(checked), *decoded);
    events.push_back(std::move(*decoded));
  }
  return gcg_text(events, game_id, reader);
}

}  // namespace wordhall::wortkunst
