// A Wortkunst game as a GCG file (John Chew's "generic crossword game" format,
// poslfit.com/scrabble/gcg), built from the game's events so it holds the rack each player had
// before each move. Where Wortkunst differs from Scrabble is in docs/wortkunst.md "GCG export".
//
//   #character-encoding UTF-8
//   #title Wortkunst GAME_ID
//   #id wordhall GAME_ID
//   #player1 NICK Full Name                  one per player, in turn order (up to 4)
//   #incomplete                              while the game runs
//   >NICK: RACK 8G HAUS +42 42               a rated placement: across = row then column,
//   #note HAUS 42: explanation               down = column then row; "." a tile on the board
//   >NICK: RACK -ABC +0 42                   an exchange ("-3" when the tiles are not shown)
//   >NICK: RACK - +0 42                      a pass
//   >NICK: RACK (RACK) -200 -158             the end: 100 per tile left, for every player
//
// A blank plays as its letter in lower case ("ä" too). NICK is the player's name with white space
// and ":" as "_", made unique with the seat number. RACK is left out where the reader may not see
// it: a player sees their own racks, everyone sees every rack once the game is over, and
// `all_racks` (the operator's export) shows them all. A move still waiting for its rating is not
// written yet.
#pragma once

#include <string>
#include <vector>

#include "events/envelope.hpp"
#include "events/result.hpp"
#include "events/wortkunst/rules.hpp"

namespace wordhall::wortkunst {

struct gcg_reader {
  std::string caller;      // the reader's credential digest ("" for a spectator)
  bool all_racks = false;  // the operator: every rack at every move
};

std::string gcg_text(const std::vector<event>& events, const std::string& game_id,
                     const gcg_reader& reader);

// The same from the stored stream (upcast and decoded as a replay does); the first event that
// cannot be decoded is the error.
result<std::string> gcg_of_stream(const std::vector<event_envelope>& stored,
                                  const std::string& game_id, const gcg_reader& reader);

}  // namespace wordhall::wortkunst
