// The vector cards page: create or join a match, then play it live over the WebSocket (live.js).
//
// The URL carries only the match id (?match=ID). The player's secret player_id lives in
// localStorage under that id, so a reload or a server restart resumes the same seat. Everything
// shown comes from the server's per-viewer `view` (moves arrive as events to apply to it); this
// file decides which section is visible and sends the commands, vectorcards-view.js and
// vectorcards-play.js draw.
import { Live } from "/js/live.js";
import { t, setLanguage, language, applyStatic, errorText } from "/js/vectorcards-i18n.js";
import { $, renderPlayers, renderLobby, renderRoundHead, renderSubmitted, renderMyResult, renderResults,
         renderStandings, renderFinal } from "/js/vectorcards-view.js";
import { Picker } from "/js/vectorcards-play.js";

const GAME = "vectorcards";
const tokenKey = (id) => `wordhall.vectorcards.${id}`;

let matchId = new URLSearchParams(location.search).get("match");
let token = matchId ? localStorage.getItem(tokenKey(matchId)) : null;
let view = null;
let connection = "connecting";
let lastReply = null;          // the newest submit ack's reply and move, until the view shows it
let awaitingSnapshot = false;  // after (re)subscribing, updates of the old subscription are stale

const picker = new Picker({ onChange: () => showError(null) });

const live = new Live({
  onStatus: (status) => { connection = status; renderConnection(); },
  onSnapshot: (msg) => { if (msg.matchId !== matchId) return; awaitingSnapshot = false; render(msg.view); },
  onUpdate: (msg) => {
    if (msg.matchId !== matchId || awaitingSnapshot) return;
    if (!msg.view && view) applyMoves(view, msg.events || []);
    render(msg.view);
  },
});

// Moves come in updates without a view (the server's minor events): tick the movers' boxes, and
// take our own move, played maybe on another device, as the view would show it; a presearch
// brings our move again with its nearest word.
function applyMoves(v, events) {
  const r = v.round;
  for (const e of events) {
    if (!r || r.round !== e.round) continue;
    if (e.type === "vc.move_submitted" && !r.submitted.includes(e.player))
      r.submitted = [...r.submitted, e.player].sort();
    if ((e.type === "vc.move_submitted" || e.type === "vc.moves_searched") && e.your_move)
      r.your_move = e.your_move;
  }
}

function subscribe() {
  awaitingSnapshot = true;
  live.subscribe(matchId, token);
}

function renderConnection() {
  const node = $("connection");
  node.dataset.status = connection;
  node.textContent = t(`conn_${connection}`);
}

// An error frame or a rejected command: the friendly sentence, and the server's code and message.
function showError(e) {
  $("error").hidden = !e;
  if (!e) return;
  const friendly = errorText(e.code);
  // The server's message when it adds something (an unknown word's suggestions), not a repeat.
  const message = e.message && !(friendly || "").toLowerCase().includes(e.message.toLowerCase()) ? e.message : "";
  $("error-text").textContent = [friendly, message].filter(Boolean).join(" — ");
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

function render(v) {
  if (v) view = v;
  if (!view) return;
  const r = view.round;
  // The update that shows our own move comes with the next batch of moves (within 200 ms);
  // meanwhile the submit's ack says what we played and scored.
  if (r && !r.your_move && lastReply && lastReply.round_id === r.round_id) r.your_move = lastReply.move;
  const playing = view.status !== "lobby" && r && r.phase === "playing";
  const results = r && r.phase === "results";
  $("join").hidden = Boolean(view.you) || Boolean(token && awaitingSnapshot) || view.status === "done";
  $("join-match-name").textContent = view.name || "";
  $("game").hidden = false;
  $("lobby").hidden = view.status !== "lobby";
  $("round").hidden = !playing;
  $("results").hidden = !results;
  $("final").hidden = view.status !== "done";
  document.title = `${view.name || t("title")} · Wordhall`;

  renderPlayers(view);
  renderStandings(view);
  if (view.status === "lobby") renderLobby(view, inviteUrl());
  if (playing) renderRound(view);
  if (results) renderResults(view);
  if (view.status === "done") renderFinal(view);
}

function renderRound(v) {
  const r = v.round;
  renderRoundHead(v);
  const dealt = Boolean(v.you && r.dealt_in);
  const open = dealt && !r.your_move;
  picker.render(r, { open, stakes: Boolean(v.settings && v.settings.stake) });
  $("private-box").hidden = !dealt;
  for (const id of ["submit", "move-preview"]) $(id).hidden = !open;
  $("play-note").hidden = dealt;
  $("play-note").textContent = v.you ? t("not_dealt") : t("spectating");
  renderMyResult(r, lastReply);
  renderSubmitted(v);
  tick();
}

// The countdown to round.moves_deadline_ts; the server resolves the round itself when it passes.
function tick() {
  const r = view && view.round;
  const node = $("countdown");
  if (!r || r.phase !== "playing" || !r.moves_deadline_ts) return (node.textContent = "");
  const left = Math.max(0, Math.ceil((r.moves_deadline_ts - Date.now()) / 1000));
  node.textContent = left > 0 ? t("time_left", { secs: left }) : t("time_up");
  node.classList.toggle("urgent", left <= 10);
}
setInterval(tick, 250);

const inviteUrl = () => `${location.origin}${location.pathname}?match=${encodeURIComponent(matchId)}`;

function settingsFromForm() {
  const settings = {
    rounds: Number($("create-rounds").value),
    round_timeout_secs: Number($("create-timeout").value),
    stake: $("create-stake").checked,
    theme: $("create-theme").value.trim(),
    nearest_vocab: $("create-nearest").value,
  };
  const wildcard = Number($("create-wildcard").value);
  if (Number.isFinite(wildcard) && wildcard !== 0.02) settings.wildcard_ratio = wildcard;
  return settings;
}

async function join(name) {
  const ack = await send({ type: "join", player_name: name });
  if (!ack) return false;
  token = ack.reply.player_id;
  localStorage.setItem(tokenKey(matchId), token);
  subscribe();
  render();
  return true;
}

$("create-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  showError(null);
  const button = e.submitter || $("create-form").querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const ack = await live.command({ game: GAME, command: {
      type: "create", name: $("create-match-name").value.trim(), settings: settingsFromForm() } });
    matchId = ack.matchId;
    token = null;
    history.replaceState(null, "", `?match=${encodeURIComponent(matchId)}`);
    $("landing").hidden = true;
    subscribe();
    // If joining fails (a bad name), the page stays on the match with its join form.
    await join($("create-name").value.trim());
  } catch (err) {
    showError(err);
  } finally {
    button.disabled = false;
  }
});

$("join-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const button = e.submitter || $("join-form").querySelector("button[type=submit]");
  button.disabled = true;
  await join($("join-name").value.trim());
  button.disabled = false;
});

$("start").addEventListener("click", () => send({ type: "start" }));
$("next-round").addEventListener("click", () => send({ type: "next" }));
$("resolve").addEventListener("click", () => view && view.round && send({ type: "resolve", round_id: view.round.round_id }));

$("submit").addEventListener("click", async () => {
  const command = picker.command();
  if (!command) return;
  $("submit").disabled = true;
  const ack = await send(command);
  if (ack) lastReply = { ...ack.reply, round_id: command.round_id, move: playedMove(command, ack.reply) };
  render();
});

// A submit and its ack's reply in the shape of the view's round.your_move.
function playedMove(command, reply) {
  const joker = command.private_token === "JOKER";
  return {
    public_token: command.public_token, public_sign: command.public_sign,
    private_token: joker ? command.joker_override_token : command.private_token,
    private_sign: command.private_sign, joker, similarity: reply.similarity,
    nearest_token: reply.nearest_token ?? null, nearest_similarity: reply.nearest_similarity ?? null,
    target_rank: reply.target_rank ?? null, label: reply.label, label_en: reply.label_en,
    stake: command.stake ?? null,
  };
}

$("copy-invite").addEventListener("click", async () => {
  $("invite-url").select();
  try { await navigator.clipboard.writeText($("invite-url").value); } catch { document.execCommand?.("copy"); }
  $("copy-invite").textContent = t("copied");
  setTimeout(() => { $("copy-invite").textContent = t("copy"); }, 1500);
});

$("error-close").addEventListener("click", () => showError(null));

$("lang").addEventListener("click", () => {
  setLanguage(language() === "nl" ? "en" : "nl");
  labelThemes();
  renderConnection();
  render();
});

// The server's themes (config/vectorcards-themes.json) join the "whole deck" choice.
async function loadThemes() {
  try {
    const answer = await fetch("/api/vectorcards/themes");
    if (!answer.ok) return;
    const { themes } = await answer.json();
    for (const theme of themes) {
      const option = document.createElement("option");
      option.value = theme.name;
      option.dataset.labelNl = theme.label_nl;
      option.dataset.labelEn = theme.label_en;
      $("create-theme").append(option);
    }
    labelThemes();
  } catch {
    // Without the list the deck still deals start and target words.
  }
}

function labelThemes() {
  for (const option of $("create-theme").options)
    if (option.value) option.textContent = language() === "en" ? option.dataset.labelEn : option.dataset.labelNl;
}

applyStatic();
renderConnection();
loadThemes();
if (!matchId) {
  $("landing").hidden = false;
  const remembered = localStorage.getItem("wordhall.vectorcards.name");
  if (remembered) $("create-name").value = remembered;
} else {
  subscribe();
}

// A name typed once is offered again next time.
for (const id of ["create-name", "join-name"])
  $(id).addEventListener("change", () => localStorage.setItem("wordhall.vectorcards.name", $(id).value.trim()));
if (matchId && !token) $("join-name").value = localStorage.getItem("wordhall.vectorcards.name") || "";
