// Everything of the Wortkunst page around the board, drawn from the viewer's view
// (docs/wortkunst.md "Views"): the lobby's seats, the turn line, the scores, the last move's
// result with every word's score and explanation, the rating state, the history and the final
// standings, the pass warning, the unseen tiles and which judge rates. Only text is inserted,
// never markup: names and explanations cannot inject anything.
import { allLinks, copyText, el, linksKey, seatRow } from "/js/wortkunst-text.js";
import { minus, signed } from "/js/wortkunst-dialogs.js";

const $ = (id) => document.getElementById(id);
export const nameOf = (view, seat) => (view.seats.find((s) => s.seat === seat) || {}).name || `Platz ${seat + 1}`;
export const isOfflineJudge = (judge) => /offline/i.test(judge || "");

// Which judge will rate (GET /api/wortkunst/judge): {judge:"offline"} or {judge:"llm", model};
// null when the server cannot say.
export async function loadJudge() {
  try {
    const res = await fetch("/api/wortkunst/judge");
    return res.ok ? await res.json() : null;
  } catch {
    return null;
  }
}

function judgeLine(judge) {
  if (!judge) return "";
  return judge.judge === "llm"
    ? `Bewertung durch ein Sprachmodell (KI): ${judge.model}.`
    : "Bewertung offline, ohne KI: ein fester Juror mit deutschem Wörterbuch.";
}

export function renderLobby(view, judge) {
  $("lobby-judge").textContent = judgeLine(judge);
  $("lobby-judge").dataset.judge = judge ? judge.judge : "";
  $("lobby-seats").replaceChildren(...view.seats.map((s) => el("li",
    { className: `${s.joined ? "joined" : ""}${s.seat === view.you ? " me" : ""}`, dataset: { seat: String(s.seat) } },
    el("span", { className: "pname" }, s.joined ? s.name : `Platz ${s.seat + 1}`),
    s.is_host ? el("span", { className: "tag" }, "Gastgeber") : null,
    s.seat === view.you ? el("span", { className: "tag" }, "du") : null,
    el("span", { className: "state" }, s.joined ? (s.online ? "beigetreten · online" : "beigetreten") : "noch frei"))));
  const host = view.you === 0;
  const joined = view.seats.filter((s) => s.joined).length;
  $("start").hidden = !host;
  renderLobbyLinks(host);
  $("lobby-hint").textContent = host
    ? (joined < view.seats.length
      ? `${joined} von ${view.seats.length} Plätzen besetzt. Du kannst jederzeit starten; freie Plätze werden dann gesperrt.`
      : "Alle sind da. Du kannst starten.")
    : "Warte, bis der Gastgeber das Spiel startet…";
}

// The host's seat URLs, when this browser created the game (the server never shows them again).
function renderLobbyLinks(host) {
  let urls = null;
  try { urls = JSON.parse(localStorage.getItem(linksKey(location.pathname.split("/")[2])) || "null"); } catch { urls = null; }
  const show = Boolean(host && Array.isArray(urls) && urls.length > 1);
  $("lobby-links").hidden = !show;
  if (!show || $("lobby-urls").childElementCount) return;
  $("lobby-urls").replaceChildren(...urls.map(seatRow));
  $("lobby-copy-all").onclick = () => copyText(allLinks($("lobby-urls")), $("lobby-copy-all"));
}

// The line above the board: whose turn, the rating, an offline player.
export function renderTurn(view) {
  const node = $("turn");
  node.className = "turn";
  let text = "";
  const p = view.pending;
  if (view.status === "ended") text = "Das Spiel ist vorbei.";
  else if (p && p.status === "rating") text = `Bewertung läuft… (${nameOf(view, p.seat)})`;
  else if (p && p.status === "failed") { text = "Bewertung fehlgeschlagen — erneut versuchen"; node.classList.add("waiting"); }
  else if (view.waiting_for_offline) { text = `Warte auf ${view.waiting_for_offline} (offline)`; node.classList.add("waiting"); }
  else if (view.your_turn) { text = "Du bist am Zug."; node.classList.add("mine"); }
  else if (view.turn !== null && view.turn !== undefined) text = `${nameOf(view, view.turn)} ist am Zug.`;
  node.textContent = text;
  node.dataset.state = p ? p.status : view.waiting_for_offline ? "waiting" : view.your_turn ? "mine" : "other";
}

export function renderScores(view) {
  const players = view.seats.filter((s) => s.playing || (view.status === "lobby" && s.joined));
  $("scores").replaceChildren(
    el("thead", null, el("tr", null, el("th", null, "Spieler"), el("th", { className: "num" }, "Steine"),
      el("th", { className: "num" }, "Punkte"))),
    el("tbody", null, players.map((s) => el("tr", {
      className: `${s.seat === view.you ? "me" : ""}${s.seat === view.turn ? " to-move" : ""}`, dataset: { seat: String(s.seat) } },
      el("td", null, s.name, s.seat === view.you ? " (du)" : "", s.online ? null : el("span", { className: "offline" }, " · offline")),
      el("td", { className: "num" }, s.rack_count ?? ""),
      el("td", { className: "num score" }, signed(s.score))))));
  $("bag").textContent = view.status === "lobby" ? "" : `Im Beutel: ${view.bag_count} ${view.bag_count === 1 ? "Stein" : "Steine"}`;
}

function wordsList(evaluations) {
  return el("ul", { className: "words-list" }, evaluations.map((e) => el("li", { dataset: { word: e.word } },
    el("span", { className: "points" }, String(e.score)),
    el("span", { className: "word" }, e.word),
    e.explanation ? el("span", { className: "why" }, e.explanation) : null)));
}

function judgeNote(judge) {
  if (!judge) return null;
  return el("p", { className: "muted judge-note" }, isOfflineJudge(judge)
    ? "Bewertung offline: ohne KI, nach einer festen Ersatzregel."
    : `Bewertet von ${judge}.`);
}

export function moveSummary(view, m) {
  const who = nameOf(view, m.seat);
  if (m.kind === "pass") return `${who} hat gepasst (0 Punkte).`;
  if (m.kind === "exchange") return `${who} hat ${m.count} ${m.count === 1 ? "Stein" : "Steine"} getauscht (0 Punkte).`;
  return `${who}: ${m.words.map((w) => w.word).join(", ")} — ${m.score} Punkte`;
}

// The move waiting for its rating, else the newest finished move. onRetry: the retry button.
export function renderResult(view, onRetry) {
  const box = $("result-body");
  const p = view.pending;
  const last = view.moves[view.moves.length - 1];
  $("result").hidden = !p && !last;
  if (p) {
    const state = p.status === "failed"
      ? el("p", { className: "rating-state failed" }, "Bewertung fehlgeschlagen — erneut versuchen",
        p.error && p.error.message ? el("span", { className: "muted" }, ` (${p.error.message})`) : null)
      : el("p", { className: "rating-state pending" }, el("span", { className: "spinner", ariaHidden: "true" }), " Bewertung läuft…");
    const retry = p.can_retry ? el("button", { id: "retry", type: "button", className: "primary", onclick: onRetry }, "Erneut versuchen") : null;
    box.replaceChildren(el("p", null, `${nameOf(view, p.seat)} legt: `, p.words.map((w) => w.word).join(", ")), state, retry);
    $("result").dataset.state = p.status;
    return;
  }
  if (!last) return;
  $("result").dataset.state = "done";
  if (last.kind !== "place") return box.replaceChildren(el("p", null, moveSummary(view, last)));
  box.replaceChildren(
    el("p", null, `${nameOf(view, last.seat)} legt ${last.words.length} ${last.words.length === 1 ? "Wort" : "Wörter"}:`),
    wordsList(last.evaluations),
    el("p", { className: "total" }, `Zug: ${last.score} Punkte`),
    judgeNote(last.judge));
}

// Every finished move, newest last, a placement with each word's score and explanation.
export function renderHistory(view) {
  $("history-box").hidden = view.moves.length === 0;
  $("history").replaceChildren(...view.moves.map((m) => el("li", { dataset: { move: String(m.move) } },
    moveSummary(view, m), m.kind === "place" && m.evaluations.length ? wordsList(m.evaluations) : null)));
}

// The banner above the board while the next pass would end the game, on every player's page,
// once someone has passed. Alone at the table the first pass ends the game: that is the rule
// rather than news, and the pass dialog says it, penalty included, when it matters.
export function renderPassBanner(view) {
  const end = view.status === "playing" && view.passes > 0 ? view.pass_ends_game : null;
  $("pass-banner").hidden = !end;
  if (!end) return;
  $("pass-banner").textContent = `Ein weiterer Pass beendet das Spiel (Abzüge: ${
    end.map((p) => `${p.name}\u00a0${minus(p.penalty)}`).join(", ")}).`;
}

// The tiles this viewer has not seen (in the bag or on other racks), by letter.
export function renderUnseen(view) {
  const unseen = view.status === "playing" ? view.unseen : null;
  $("unseen-box").hidden = !unseen;
  if (!unseen) return;
  const letters = Object.entries(unseen).filter(([, n]) => n > 0);
  const total = letters.reduce((sum, [, n]) => sum + n, 0);
  $("unseen-title").textContent = `Noch nicht gesehen: ${total} ${total === 1 ? "Stein" : "Steine"}`;
  $("unseen").replaceChildren(...letters.map(([letter, n]) => el("li", {
    dataset: { letter }, ariaLabel: `${letter === "?" ? "Blanko" : letter}: ${n}` },
  el("span", { className: `tile${letter === "?" ? " blank" : ""}` }, letter === "?" ? "□" : letter),
  el("span", { className: "count" }, String(n)))));
}

// The judge badge in the top bar: shown once a rating came from the offline judge.
export function renderJudge(view) {
  const rated = view.moves.filter((m) => m.kind === "place" && m.judge);
  const offline = rated.some((m) => isOfflineJudge(m.judge));
  $("judge").hidden = !offline;
  $("judge").textContent = "Bewertung offline";
  $("judge").title = "Die Wörter werden ohne KI nach einer festen Ersatzregel bewertet.";
}

export function renderFinal(view) {
  const r = view.result;
  $("final").hidden = !r;
  if (!r) return;
  const winners = r.winners.map((s) => nameOf(view, s));
  $("winner").textContent = winners.length > 1 ? `Gleichstand: ${winners.join(" und ")} gewinnen!`
    : winners.length ? `${winners[0]} gewinnt!` : "";
  // Three columns, the tiles left under the name: it fits a phone's width.
  $("final-table").replaceChildren(
    el("thead", null, el("tr", null, el("th", null, "Spieler"),
      el("th", { className: "num" }, "Abzug"), el("th", { className: "num" }, "Endstand"))),
    el("tbody", null, [...r.standings].sort((a, b) => a.rank - b.rank).map((s) => el("tr", {
      className: `${s.seat === view.you ? "me" : ""}${r.winners.includes(s.seat) ? " winner" : ""}`, dataset: { seat: String(s.seat) } },
      el("td", { className: "who" }, el("span", { className: "rank" }, `${s.rank}. `), el("span", { className: "pname" }, s.name),
        el("span", { className: "rest" }, `Reststeine: ${(s.rack || []).map((l) => (l === "?" ? "□" : l)).join(" ") || "keine"}`)),
      el("td", { className: "num penalty" }, minus(s.penalty)),
      el("td", { className: "num score" }, signed(s.score))))));
  const reason = r.reason === "passes" ? "Alle haben nacheinander gepasst." : "Eine Bank ist leer und der Beutel auch.";
  $("winner").title = reason;
}
