// The Codenames game page, served for three kinds of link (the URL is the credential):
//   /cn/{id}/p/{seatToken}      a player: lobby, then the board to guess on
//   /cn/{id}/join/{inviteToken} the invitation: choose a team and a name, then the new seat's page
//   /cn/{id}/watch/{token}      a spectator: the board, read only
// It subscribes over the WebSocket (live.js reconnects by itself and gets a fresh snapshot) and
// draws whatever view the server sends (codenames-view.js); commands travel as WebSocket commands
// (docs/codenames.md "Commands"), and their results arrive as the next view.
import { Live } from "/js/live.js";
import { NAME_KEY, errorText, linkRow, linksKey } from "/js/codenames-text.js";
import { renderBoard, renderClue, renderControls, renderHistory, renderResult, renderStatus, renderTeams }
  from "/js/codenames-view.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/"); // ["", "cn", matchId, kind, token]
const matchId = decodeURIComponent(parts[2] || "");
const kind = parts[3] || "";
const token = decodeURIComponent(parts[4] || "");
const CONNECTION = { connecting: "Connecting…", online: "Connected", offline: "Offline – reconnecting…",
  restarting: "Server restarting…" };

let view = null;

const live = new Live({
  onStatus: (status) => {
    $("connection").dataset.status = status;
    $("connection").textContent = CONNECTION[status] || status;
  },
  onSnapshot: (msg) => msg.matchId === matchId && render(msg.view),
  onUpdate: (msg) => msg.matchId === matchId && render(msg.view),
});
live.subscribe(matchId, token);

function showError(e) {
  $("error").hidden = !e;
  if (!e) return;
  $("error-text").textContent = errorText(e.code, e.message);
  $("error-code").textContent = e.code || "";
}

async function send(command) {
  showError(null);
  try {
    return await live.command({ matchId, token, command });
  } catch (e) {
    showError(e);
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
  renderBoard($("board"), view, (index) => send({ type: "propose", card: index }));
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
  const ack = await send(command);
  button.disabled = false;
  if (ack && ack.reply && ack.reply.token) location.replace(`/cn/${matchId}/p/${ack.reply.token}`);
});

$("switch").addEventListener("click", () => {
  if (view && view.you) send({ type: "join", team: view.you.team === "red" ? "blue" : "red" });
});
$("start").addEventListener("click", async () => {
  $("start").disabled = true;
  await send({ type: "start" });
  $("start").disabled = false;
});
$("confirm").addEventListener("click", () => {
  if (view && view.proposal) send({ type: "confirm", card: view.proposal.card });
});
$("end-turn").addEventListener("click", () => send({ type: "end_turn" }));
$("retry").addEventListener("click", () => send({ type: "retry_clue" }));
$("error-close").addEventListener("click", () => showError(null));

if (!["p", "join", "watch"].includes(kind)) show("loading");
