// Codenames' shared page helpers: English texts for the server's error codes (docs/codenames.md
// "Error codes"), a DOM builder that only ever inserts text, copying, the rows of a link list,
// and where the creating browser keeps a match's links.
//
// errorText(code, message) gives the friendly sentence for a code; an unknown code falls back to
// the server's own message, so a new code never shows as nothing.
import { copyText as copyTextShowing, el } from "/js/dom.js";

const ERRORS = {
  network: "The server cannot be reached.",
  offline: "Not connected to the server. Reconnecting…",
  connection_lost: "The connection dropped before the answer came.",
  unavailable: "The server is busy. Please try again.",
  server_restarting: "The server is restarting. Please try again in a moment.",
  bad_json: "The request was not valid JSON.",
  bad_field: "A field of the request is missing or wrong.",
  bad_mode: "Choose one team or two teams.",
  bad_name: "A name has 1 to 24 characters.",
  name_empty: "Type a name with at least one visible letter.",
  name_taken: "Someone in this match has that name already. Pick another.",
  rate_limited: "Too many new matches from your address. Wait a little, then try again.",
  bad_team: "Choose the red or the blue team (one-team matches play red).",
  bad_card: "That is not a card of this board.",
  unknown_command: "The game does not know that command.",
  no_such_match: "This match does not exist.",
  no_such_game: "This match does not exist.",
  not_a_seat: "This link is not a seat of this match.",
  not_host: "Only the host can start the game.",
  already_started: "The game has started already.",
  not_started: "The game has not started yet.",
  team_empty: "Every team needs a player before the game can start.",
  match_full: "This match has no free seat.",
  not_your_turn: "It is the other team's turn.",
  clue_pending: "Wait for the spymaster's clue.",
  clue_not_failed: "The clue has not failed: nothing to try again.",
  no_proposal: "Nobody has proposed a card yet.",
  proposal_changed: "The proposal changed meanwhile: look again before confirming.",
  own_proposal: "A teammate confirms your proposal.",
  no_guess_yet: "Guess at least one card before ending the turn.",
  already_revealed: "That card is revealed already.",
  game_over: "The game is over.",
  deck_unavailable: "The server has no Codenames deck.",
  spymaster_unavailable: "The spymaster is not available on this server right now.",
  spymaster_failed: "The spymaster failed.",
  no_clue: "The spymaster found no legal clue.",
  word_not_in_vocabulary: "The spymaster does not know a word on the board.",
  bad_clue: "The spymaster's answer was not a usable clue.",
};

export function errorText(code, message) {
  return ERRORS[code] || message || code || "Unknown error.";
}

export { el };

export const copyText = (text, button) => copyTextShowing(text, button, "Copied ✓");

// One row of a link list: its label, the URL (read-only) and a copy button.
export function linkRow(label, url, kind) {
  const copy = el("button", { type: "button", className: "copy", dataset: { kind } }, "Copy");
  copy.addEventListener("click", () => copyText(url, copy));
  return el("li", { dataset: { kind } },
    el("span", { className: "link-label" }, label),
    el("input", { className: "link-url", readOnly: true, value: url, ariaLabel: label }),
    copy);
}

// Where the browser that created a match keeps its links ({invite, spectator}), so the host's
// lobby can offer them again. They never leave this browser.
export const linksKey = (matchId) => `wordhall.codenames.links.${matchId}`;
export const NAME_KEY = "wordhall.codenames.name";

export const TEAM_NAMES = { red: "Red", blue: "Blue" };
export const ROLE_NAMES = { red: "red", blue: "blue", civilian: "civilian", assassin: "the assassin" };
