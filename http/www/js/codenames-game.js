// The Codenames game page, served for three kinds of link (the URL is the credential):
//   /cn/{id}/p/{seatToken}      a player: lobby, then the board to guess on
//   /cn/{id}/join/{inviteToken} the invitation: choose a team and a name, then the new seat's page
//   /cn/{id}/watch/{token}      a spectator: the board, read only
// It subscribes over the WebSocket (live.js reconnects by itself and gets a fresh snapshot) and
// draws whatever view the server sends (codenames-view.js); commands travel as WebSocket commands
// (docs/codenames.md "Commands"), and their results arrive as the next view. A refused command's
// sentence appears next to the control that sent it; one refused for the connection goes away
// when the connection is back.
import { CONNECTION_ERRORS, Live } from "/js/live.js";
import { clearFieldError, showFieldError } from "/js/dom.js";
import { NAME_KEY, errorText, linkRow, linksKey } from "/js/codenames-text.js";
import { fitWords, renderBoard, renderClue, renderControls, renderHistory, renderResult, renderStatus, renderTeams }
  from "/js/codenames-view.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/"); // ["", "cn", matchId, kind, token]
const matchId = decodeURIComponent(parts[2] || "");
const kind = parts[3] || "";
const token = decodeURIComponent(parts[4] || "");
const CONNECTION = { connecting: "Connecting…", online: "Connected", offline: "Offline – reconnecting…",
  restarting: "Server restarting…" };

let view = null;
const shownErrors = new Map(); // control -> the error code shown next to it

const live = new Live({
  onStatus: (status) => {
    $("connection").dataset.status = status;
    $("connection").textContent = CONNECTION[status] || status;
    if (status !== "online") return;
    for (const [control, code] of shownErrors) if (CONNECTION_ERRORS.has(code)) clearError(control);
  },
  onSnapshot: (msg) => msg.matchId === matchId && render(msg.view),
  onUpdate: (msg) => msg.matchId === matchId && render(msg.view),
});
live.subscribe(matchId, token);

function showError(control, e) {
  showFieldError(control, errorText(e.code, e.message)).dataset.code = e.code || "";
  shownErrors.set(control, e.code);
}

function clearError(control) {
  clearFieldError(control);
  shownErrors.delete(control);
}

// Sends `command`; a refusal shows next to `control` (or, for some codes, the field they name).
async function send(command, control, fieldFor = () => null) {
  for (const shown of [...shownErrors.keys()]) clearError(shown);
  try {
    return await live.command({ matchId, token, command });
  } catch (e) {
    showError(fieldFor(e.code) || control, e);
    return null;
  }
}

function show(section) {
  for (const id of ["loading", "join", "lobby", "play"]) $(id).hidden = id !== section;
}

function render(v) {
  if (v) view = v;
  if (!view) return;
  if (view.access === "none") {
    show("loading");
    $("loading").textContent = "This link belongs to no seat of this match.";
    return;
  }
  $("who").textContent = view.you ? `${view.you.name} · ${view.mode === "one_team" ? "your team" : `team ${view.you.team}`}`
    : view.access === "spectator" ? "Watching" : "Invitation";
  if (view.access === "invite") return renderJoin();
  if (view.status === "lobby") return renderLobby();
  show("play");
  renderPlay();
}

function teamCount(team) {
  return view.seats.filter((s) => s.team === team).length;
}

function renderJoin() {
  show("join");
  $("join-teams").hidden = view.mode === "one_team";
  for (const team of ["red", "blue"]) {
    const n = teamCount(team);
    $(`join-count-${team}`).textContent = `(${n} player${n === 1 ? "" : "s"})`;
  }
  const form = $("join-form");
  if (!form.querySelector("input[name=team]:checked")) {
    const smaller = teamCount("blue") < teamCount("red") ? "blue" : "red";
    form.querySelector(`input[value=${smaller}]`).checked = true;
  }
  if (!$("join-name").value) $("join-name").value = localStorage.getItem(NAME_KEY) || "";
  document.title = "Join · Codenames";
}

// The host's browser kept the links when it created the match; nobody else has them.
function sharedLinks() {
  try {
    return JSON.parse(localStorage.getItem(linksKey(matchId)) || "null");
  } catch {
    return null;
  }
}

function linkRows() {
  const links = sharedLinks();
  if (!links) return null;
  return [linkRow("Invitation for the other players", links.invite, "invite"),
    linkRow("Spectators (read only)", links.spectator, "spectator")];
}

function renderLobby() {
  show("lobby");
  renderTeams($("lobby-teams"), view);
  const host = view.you && view.you.host;
  $("start").hidden = !host;
  $("switch-team").hidden = !view.you || view.mode === "one_team";
  const empty = (view.mode === "one_team" ? ["red"] : ["red", "blue"]).filter((t) => !teamCount(t));
  $("lobby-hint").textContent = empty.length
    ? `Waiting for a player on team ${empty.join(" and ")}.`
    : host ? "Everyone in? Start the game." : "Waiting for the host to start.";
  const rows = host && linkRows();
  $("lobby-links").hidden = !rows;
  if (rows && !$("lobby-link-list").children.length) $("lobby-link-list").replaceChildren(...rows);
  document.title = "Lobby · Codenames";
}

function renderPlay() {
  renderStatus(view);
  renderClue(view);
  renderBoard($("board"), view, (index) => send({ type: "propose", card: index }, $("board")));
  renderControls(view);
  renderTeams($("play-teams"), view);
  renderHistory($("history-teams"), view);
  renderResult(view);
  const rows = view.you && view.you.host && linkRows();
  $("share").hidden = !rows;
  if (rows && !$("share-list").children.length) $("share-list").replaceChildren(...rows);
  const mine = view.you && view.team === view.you.team && view.status === "playing";
  document.title = `${mine && view.can_guess ? "Your turn · " : ""}Codenames`;
}

$("join-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("join-name").value.trim();
  const command = { type: "join" };
  if (name) {
    command.name = name;
    localStorage.setItem(NAME_KEY, name);
  }
  if (view && view.mode !== "one_team") command.team = new FormData($("join-form")).get("team");
  const button = $("join-form").querySelector("button[type=submit]");
  button.disabled = true;
  const ack = await send(command, button,
    (code) => ({ bad_name: $("join-name"), name_empty: $("join-name"), name_taken: $("join-name"), bad_team: $("join-teams") })[code]);
  button.disabled = false;
  if (ack && ack.reply && ack.reply.token) location.replace(`/cn/${matchId}/p/${ack.reply.token}`);
});

// A button that sends a command and is disabled until the answer came.
function commandButton(id, command) {
  $(id).addEventListener("click", async () => {
    const c = command();
    if (!c) return;
    $(id).disabled = true;
    await send(c, $(id));
    $(id).disabled = false;
  });
}

commandButton("switch", () => view && view.you && { type: "join", team: view.you.team === "red" ? "blue" : "red" });
commandButton("start", () => ({ type: "start" }));
commandButton("confirm", () => view && view.proposal && { type: "confirm", card: view.proposal.card });
commandButton("end-turn", () => ({ type: "end_turn" }));
commandButton("retry", () => ({ type: "retry_clue" }));
// The game whose end the button was shown for: a teammate's rematch that came first is joined,
// not repeated.
commandButton("rematch", () => ({ type: "rematch", game_number: Number($("rematch").dataset.gameNumber) }));
addEventListener("resize", () => fitWords($("board")));

// The first start of a server trains the learned spymaster in the background; until it is done
// a simpler spymaster gives the clues, and players should know why clues may feel different.
async function showSpymasterNote() {
  const r = await fetch("/api/spymaster").catch(() => null);
  const status = r && r.ok ? await r.json() : null;
  const training = Boolean(status && status.learnedTraining);
  const standIn = status && status.givingClues === "setnet"
    ? "a simpler spymaster that knows one view of meaning"
    : "the classic spymaster";
  $("spymaster-note").hidden = !training;
  $("spymaster-note").textContent = training
    ? `The learned spymaster is still training on this server: ${standIn} gives the clues until it is ready.`
    : "";
  if (training) setTimeout(showSpymasterNote, 30000);
}
showSpymasterNote();

if (!["p", "join", "watch"].includes(kind)) show("loading");
