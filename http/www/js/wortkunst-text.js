// Wortkunst's shared page helpers: German error texts for the server's error codes
// (docs/wortkunst.md "Error codes"), a DOM builder that only ever inserts text, copying, and the
// seat URL list of the home page and the host's lobby.
//
// errorText(code, message) gives the friendly German sentence for a code; an unknown code falls
// back to the server's own message, so a new code is never shown as nothing.
import { copyText as copyTextShowing, el } from "/js/dom.js";

const ERRORS = {
  network: "Der Server ist nicht erreichbar.",
  offline: "Keine Verbindung zum Server. Sie wird gleich wiederhergestellt.",
  connection_lost: "Die Verbindung brach ab, bevor die Antwort kam.",
  unavailable: "Der Server ist gerade beschäftigt. Bitte noch einmal versuchen.",
  server_restarting: "Der Server startet neu. Bitte gleich noch einmal versuchen.",
  bad_json: "Die Anfrage war kein gültiges JSON.",
  bad_field: "Ein Feld der Anfrage fehlt oder ist ungültig.",
  bad_settings: "Die Einstellungen sind ungültig.",
  bad_player_count: "Die Spielerzahl muss zwischen 1 und 4 liegen.",
  bad_name: "Der Name muss 1 bis 24 Zeichen lang sein.",
  name_empty: "Der Name braucht mindestens ein sichtbares Zeichen.",
  name_taken: "Diesen Namen trägt schon jemand in diesem Spiel. Wähle einen anderen.",
  rate_limited: "Zu viele neue Spiele von deiner Adresse. Warte kurz und versuche es dann noch einmal.",
  unknown_command: "Diesen Befehl kennt das Spiel nicht.",
  no_such_match: "Dieses Spiel gibt es nicht.",
  no_such_game: "Dieses Spiel gibt es nicht.",
  not_a_seat: "Dieser Link gehört zu keinem Platz dieses Spiels.",
  not_host: "Nur der Gastgeber darf das Spiel starten.",
  host_not_joined: "Der Gastgeber muss beitreten, bevor das Spiel startet.",
  already_started: "Das Spiel hat schon begonnen.",
  not_started: "Das Spiel hat noch nicht begonnen.",
  seat_locked: "Dieser Platz wurde beim Start gesperrt: Das Spiel lief ohne ihn los.",
  not_your_turn: "Du bist nicht am Zug.",
  rating_pending: "Der letzte Zug wird noch bewertet.",
  rating_not_failed: "Es gibt keine fehlgeschlagene Bewertung zu wiederholen.",
  bag_too_small: "Tauschen geht nur, solange mindestens 7 Steine im Beutel sind.",
  game_over: "Das Spiel ist vorbei.",
  no_tiles: "Lege mindestens einen Stein.",
  bad_square: "Ein Stein liegt außerhalb des Bretts.",
  duplicate_square: "Zwei Steine liegen auf demselben Feld.",
  square_taken: "Auf diesem Feld liegt schon ein Stein.",
  bad_letter: "Das ist kein gültiger Buchstabe.",
  blank_unassigned: "Ein Blanko braucht einen Buchstaben (A–Z, Ä, Ö, Ü).",
  tile_not_on_rack: "Diesen Stein hast du nicht auf der Bank.",
  tiles_not_in_line: "Alle Steine müssen in einer Zeile oder einer Spalte liegen.",
  gap_in_word: "Zwischen den gelegten Steinen darf keine Lücke sein.",
  not_connected: "Die Steine müssen an liegende Steine anschließen.",
  first_move_off_centre: "Der erste Zug muss das Mittelfeld bedecken.",
  first_move_too_short: "Der erste Zug braucht mindestens zwei Steine.",
  no_word_formed: "Ein Wort braucht mindestens zwei Buchstaben.",
};

export function errorText(code, message) {
  return ERRORS[code] || message || code || "Unbekannter Fehler.";
}

export { el };

export const copyText = (text, button) => copyTextShowing(text, button, "Kopiert ✓");

// Where the home page keeps a created game's seat URLs, in the host's browser only.
export const linksKey = (gameId) => `wordhall.wortkunst.links.${gameId}`;

// One row of a seat URL list: its label, the URL and a copy button.
export function seatRow(url, index) {
  const copy = el("button", { type: "button", className: "small" }, "Kopieren");
  copy.addEventListener("click", () => copyText(url, copy));
  return el("li", { dataset: { seat: String(index + 1) } },
    el("span", { className: "seat-label" }, index === 0 ? "Platz 1 (Gastgeber)" : `Platz ${index + 1}`),
    el("input", { className: "seat-url", readOnly: true, value: url, ariaLabel: `Link für Platz ${index + 1}` }),
    copy);
}

// Every row of a list of seatRow()s as "label: URL" lines, for "Alle kopieren".
export function allLinks(list) {
  return [...list.querySelectorAll("li")].map((li) =>
    `${li.querySelector(".seat-label").textContent}: ${li.querySelector(".seat-url").value}`).join("\n");
}
