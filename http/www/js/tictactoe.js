// The tic-tac-toe page: create or join a match, then play it live.
// The player's token lives in localStorage under the match id, so a reload keeps the seat.
import { Live } from "/js/live.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = params.get("match");
const tokenKey = (id) => `wordhall.tictactoe.${id}`;
let token = matchId ? localStorage.getItem(tokenKey(matchId)) : null;
let view = null;

const live = new Live({
  onStatus: (status) => {
    const el = $("connection");
    el.dataset.status = status;
    el.textContent = { online: "online", connecting: "connecting…", offline: "offline, reconnecting…",
                       restarting: "server restarting…" }[status];
  },
  onSnapshot: (msg) => render(msg.view),
  onUpdate: (msg) => render(msg.view),
});

function showError(e) { $("error").textContent = e ? `${e.message} (${e.code})` : ""; }

function render(v) {
  view = v;
  $("match").hidden = false;
  $("invite-url").value = location.origin + location.pathname + "?match=" + matchId;
  $("invite").hidden = v.players.length >= 2;
  $("join").hidden = Boolean(token) || v.status !== "lobby";
  const names = Object.fromEntries(v.players.map((p) => [p.mark, p.name]));
  let status;
  if (v.status === "lobby") status = "Waiting for a second player…";
  else if (v.status === "finished")
    status = v.winner === "draw" ? "The match is a draw." : `${names[v.winner]} wins the match.`;
  else status = `Round ${v.round} of ${v.rounds}: ${names[v.turn]} (${v.turn}) to move` +
                (v.you === v.turn ? " — your turn" : "");
  $("status").textContent = status;
  const board = $("board");
  board.replaceChildren(...[...v.board].map((c, i) => {
    const b = document.createElement("button");
    b.textContent = c === "." ? "" : c;
    b.setAttribute("aria-label", `cell ${i}`);
    b.disabled = c !== "." || v.status !== "playing" || v.you !== v.turn;
    b.onclick = () => place(i);
    return b;
  }));
  $("results").replaceChildren(...v.results.map((r) => {
    const li = document.createElement("li");
    li.textContent = r.winner === "d" ? "draw" : `${names[r.winner]} won`;
    return li;
  }));
}

async function place(cell) {
  showError(null);
  try { await live.command({ matchId, token, command: { type: "place", cell } }); }
  catch (e) { showError(e); }
}

setInterval(() => {
  if (!view || view.status !== "playing" || !view.deadline) return ($("countdown").textContent = "");
  const left = Math.max(0, Math.round((view.deadline - Date.now()) / 1000));
  $("countdown").textContent = `${left} s left for this turn`;
}, 250);

$("create-form").onsubmit = async (e) => {
  e.preventDefault();
  showError(null);
  try {
    const ack = await live.command({ game: "tictactoe", command: {
      type: "create", name: $("create-name").value,
      rounds: Number($("create-rounds").value), turnSecs: Number($("create-secs").value) } });
    localStorage.setItem(tokenKey(ack.matchId), ack.reply.token);
    location.search = "?match=" + ack.matchId;
  } catch (err) { showError(err); }
};

$("join-form").onsubmit = async (e) => {
  e.preventDefault();
  showError(null);
  try {
    const ack = await live.command({ matchId, command: { type: "join", name: $("join-name").value } });
    token = ack.reply.token;
    localStorage.setItem(tokenKey(matchId), token);
    $("join").hidden = true;
    live.subscribe(matchId, token);
  } catch (err) { showError(err); }
};

if (!matchId) $("start").hidden = false;
else {
  if (!token) $("join").hidden = false;
  live.subscribe(matchId, token);
}
