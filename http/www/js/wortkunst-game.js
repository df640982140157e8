// The Wortkunst game page, served at /g/{gameId}/p/{seatToken}: the URL is the seat. The page
// subscribes over the WebSocket (live.js: reconnects by itself, then gets a fresh snapshot) with
// the seat token, and draws whatever view the server sends: join form, lobby, game, final score.
// Moves travel as WebSocket commands (docs/wortkunst.md "Commands"); the draft lives here until
// "Zug bestätigen" (wortkunst-rack.js), the board and its keyboard cursor in wortkunst-board.js,
// the words the draft forms in wortkunst-preview.js. A refused command's reason shows next to the
// control that sent it (showFieldError), not at the top of the page.
import { Live } from "/js/live.js";
import { clearFieldError, showFieldError } from "/js/dom.js";
import { errorText } from "/js/wortkunst-text.js";
import { Board, squareAt } from "/js/wortkunst-board.js";
import { Draft, DragController, renderRack } from "/js/wortkunst-rack.js";
import { confirmPass, pickBlankLetter, pickExchange } from "/js/wortkunst-dialogs.js";
import { WordsPreview } from "/js/wortkunst-preview.js";
import { downloadGcg } from "/js/wortkunst-export.js";
import { loadJudge, renderFinal, renderHistory, renderJudge, renderLobby, renderPassBanner, renderResult, renderScores, renderTurn,
         renderUnseen } from "/js/wortkunst-panels.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/"); // ["", "g", gameId, "p", seatToken]
const gameId = decodeURIComponent(parts[2] || "");
const token = decodeURIComponent(parts[4] || "");
const NAME_KEY = "wordhall.wortkunst.name";
const CONNECTION = { connecting: "Verbinde…", online: "Verbunden", offline: "Getrennt – verbinde neu…", restarting: "Server startet neu…" };

let view = null;
const draft = new Draft();

const live = new Live({
  onStatus: (status) => {
    $("connection").dataset.status = status;
    $("connection").textContent = CONNECTION[status] || status;
  },
  onSnapshot: (msg) => msg.matchId === gameId && render(msg.view),
  onUpdate: (msg) => msg.matchId === gameId && render(msg.view),
});
live.subscribe(gameId, token);

// Sends a command on behalf of `control`, which shows the refusal next to it. Its reply is a
// view too, but without presence: the page draws only the streamed views (an accepted command's
// events always bring one).
async function send(command, control) {
  clearFieldError(control);
  try {
    return await live.command({ matchId: gameId, token, command });
  } catch (e) {
    showFieldError(control, errorText(e && e.code, e && e.message));
    return null;
  }
}

const preview = new WordsPreview($("preview"), async (tiles) =>
  (await live.command({ matchId: gameId, token, command: { type: "check", tiles } })).reply);
let judge = null;
loadJudge().then((found) => { judge = found; render(); });

const me = () => (view && view.you !== null && view.you !== undefined ? view.seats.find((s) => s.seat === view.you) : null);
const playing = () => Boolean(view && view.status === "playing" && me() && me().playing && view.rack);
const boardOccupied = (square) => {
  const { row, col } = squareAt(square);
  return view.board[row][col] !== ".";
};

function show(section) {
  for (const id of ["loading", "blocked", "join", "lobby", "play"]) $(id).hidden = id !== section;
}

function render(v) {
  if (v) view = v;
  if (!view) return;
  const seat = me();
  if (!seat) {
    $("blocked-text").textContent = "Dieser Link gehört zu keinem Platz dieses Spiels.";
    return show("blocked");
  }
  if (view.status === "lobby") {
    if (!seat.joined) {
      show("join");
      if (!$("join-name").value) $("join-name").value = localStorage.getItem(NAME_KEY) || "";
      return;
    }
    show("lobby");
    renderLobby(view, judge);
    if (document.activeElement !== $("rename-name")) $("rename-name").value = seat.name;
    document.title = "Warteraum · Wortkunst";
    return;
  }
  if (!seat.playing) {
    $("blocked-text").textContent = "Das Spiel hat ohne dich begonnen: Dieser Platz wurde beim Start gesperrt.";
    return show("blocked");
  }
  show("play");
  renderPlay();
}

function marks() {
  const last = new Set(), rating = new Set();
  const m = [...view.moves].reverse().find((x) => x.kind === "place");
  if (m) for (const t of m.tiles) last.add(t.square);
  if (view.pending) for (const t of view.pending.tiles) rating.add(t.square);
  return { last, rating };
}

let lastDraft = "[]";
let blankNote = "";   // the typed letter that took the blank, until the next key

function renderPlay() {
  draft.sync(view.rack || [], boardOccupied);
  board.render(view.board, draft.forBoard(), marks());
  const active = playing();
  renderRack($("rack"), draft, active);
  $("rack").hidden = !view.rack;
  const ended = view.status === "ended";
  for (const id of ["confirm", "recall", "shuffle", "exchange", "pass"]) $(id).hidden = ended;
  $("confirm").disabled = !(view.your_turn && draft.placed.size);
  $("recall").disabled = !draft.placed.size;
  $("shuffle").disabled = !active;
  $("exchange").disabled = !(view.your_turn && view.can_exchange);
  $("exchange").title = view.can_exchange ? "" : "Tauschen geht nur, solange mindestens 7 Steine im Beutel sind.";
  $("pass").disabled = !view.your_turn;
  const tiles = active && !ended ? draft.tiles() : [];
  const drafted = JSON.stringify(tiles);
  if (drafted !== lastDraft) clearFieldError($("confirm")); // the refusal was of another draft
  lastDraft = drafted;
  preview.update(tiles);
  renderPassBanner(view);
  renderUnseen(view);
  renderTurn(view);
  renderScores(view);
  renderResult(view, () => send({ type: "retry_rating" }, $("retry")));
  renderHistory(view);
  renderJudge(view);
  renderFinal(view);
  document.title = `${view.your_turn ? "Du bist am Zug · " : ""}Wortkunst`;
}

// Lays rack tile `index` on `square`; a blank first asks for its letter (unless `letter` is given).
async function placeIndex(square, index, letter) {
  if (boardOccupied(square) || draft.placed.has(square)) return false;
  let shown = letter;
  if (draft.rack[index] === "?" && !shown) {
    shown = await pickBlankLetter();
    if (!shown || boardOccupied(square) || draft.placed.has(square)) return false;
  }
  draft.place(square, index, shown);
  renderPlay();
  return true;
}

const board = new Board($("board"), {
  onSquareClick: (square) => {
    if (draft.selected === null || !playing()) return false;
    placeIndex(square, draft.selected);
    return true;
  },
  onType: (square, letter) => {
    if (!playing()) return false;
    const found = draft.find(letter);
    if (!found) {
      showFieldError($("rack"), `Kein „${letter}“ auf deiner Bank.`);
      return false;
    }
    clearFieldError($("rack"));
    // A letter the rack lacks takes the blank: said, so that nobody spends it unawares.
    blankNote = found.blank ? `„${letter}“ liegt als Blanko: kein ${letter} auf deiner Bank.` : "";
    draft.place(square, found.index, letter);
    renderPlay();
    return true;
  },
  onTakeBack: () => {
    blankNote = "";
    const square = draft.takeBack();
    renderPlay();
    return square;
  },
  onConfirm: () => confirmMove(),
  onRecall: () => { draft.clear(); renderPlay(); },
  onCursor: (text) => { $("cursor-hint").textContent = blankNote ? `${blankNote} · ${text}` : text; },
});

new DragController({
  rack: $("rack"),
  board: $("board"),
  canDrag: playing,
  onTap: (src) => {
    if (src.square) draft.remove(src.square);
    else draft.selected = draft.selected === src.index ? null : src.index;
    renderPlay();
  },
  onDrop: (src, target) => {
    if (src.index !== undefined) {
      if (target && target.square) placeIndex(target.square, src.index);
      return;
    }
    const p = draft.placed.get(src.square);
    if (!p) return;
    if (target && target.square && target.square !== src.square && !boardOccupied(target.square) && !draft.placed.has(target.square)) {
      draft.remove(src.square);
      draft.place(target.square, p.index, p.letter);
    } else if (target && target.rack) {
      draft.remove(src.square);
    }
    renderPlay();
  },
});

// A keyboard "click" (Enter or Space on a focused rack tile) selects it, as a tap does.
$("rack").addEventListener("click", (e) => {
  const tile = e.target.closest(".tile");
  if (!tile || e.detail !== 0 || !playing()) return;
  const index = Number(tile.dataset.index);
  draft.selected = draft.selected === index ? null : index;
  renderPlay();
});

async function confirmMove() {
  if (!view || !view.your_turn || !draft.placed.size) return;
  $("confirm").disabled = true;
  const ack = await send({ type: "place", tiles: draft.tiles() }, $("confirm"));
  if (ack) board.setCursor(null);
  else preview.silence();  // the refusal stands under the buttons: not said twice
  renderPlay();
}

$("confirm").addEventListener("click", confirmMove);
$("recall").addEventListener("click", () => { draft.clear(); board.setCursor(null); renderPlay(); });
$("shuffle").addEventListener("click", () => { draft.shuffle(); renderPlay(); });

$("exchange").addEventListener("click", async () => {
  draft.clear();
  renderPlay();
  const letters = await pickExchange(view.rack || []);
  if (letters && letters.length) await send({ type: "exchange", letters }, $("exchange"));
});

// Passing can end the game (everyone passing in a row): a dialog asks first and says so, with
// every player's penalty, when this pass would end it.
$("pass").addEventListener("click", async () => {
  if (!view || !view.your_turn || !(await confirmPass(view))) return;
  draft.clear();
  renderPlay();
  await send({ type: "pass" }, $("pass"));
});

// Joining and renaming both send `join` with a name; a seat never plays under "Spieler N"
// unless its player chose that.
async function sendName(form, input) {
  const name = input.value.trim();
  if (!name) {
    showFieldError(input, "Bitte gib deinen Namen ein: So sehen dich die anderen.");
    input.focus();
    return;
  }
  const button = form.querySelector("button");
  button.disabled = true;
  if (await send({ type: "join", name }, input)) {
    localStorage.setItem(NAME_KEY, name);
    input.blur();
  }
  button.disabled = false;
}

$("join-form").addEventListener("submit", (e) => { e.preventDefault(); sendName($("join-form"), $("join-name")); });
$("rename-form").addEventListener("submit", (e) => { e.preventDefault(); sendName($("rename-form"), $("rename-name")); });

$("start").addEventListener("click", async () => {
  $("start").disabled = true;
  await send({ type: "start" }, $("start"));
  $("start").disabled = false;
});

$("gcg").addEventListener("click", async () => {
  clearFieldError($("gcg"));
  try {
    await downloadGcg(gameId, token);
  } catch (e) {
    showFieldError($("gcg"), errorText(e && e.code, e && e.message));
  }
});

