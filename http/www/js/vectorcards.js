// The vector cards page: create or join a match, then play it live over the WebSocket (live.js).
//
// The URL carries only the match id (?match=ID). The player's secret player_id lives in
// localStorage under that id, so a reload or a server restart resumes the same seat. Everything
// shown comes from the server's per-viewer `view` (moves arrive as events to apply to it); this
// file decides which section is visible and sends the commands, vectorcards-view.js and
// vectorcards-play.js draw.
import { Live } from "/js/live.js";
import { copyText, showFieldError, clearFieldError } from "/js/dom.js";
import { t, setLanguage, language, applyStatic, errorText } from "/js/vectorcards-i18n.js";
import { $, nameOf, renderPlayers, renderLobby, renderRoundHead, renderSubmitted, renderMyResult, renderResults,
         renderStandings, renderFinal, shareText } from "/js/vectorcards-view.js";
import { Picker } from "/js/vectorcards-play.js";
import { WhyPanel } from "/js/vectorcards-why.js";

const GAME = "vectorcards";
const tokenKey = (id) => `wordhall.vectorcards.${id}`;
// A rematch opens its new match with the name to join it under.
const joinAsKey = (id) => `wordhall.vectorcards.join-as.${id}`;

let matchId = new URLSearchParams(location.search).get("match");
let token = matchId ? localStorage.getItem(tokenKey(matchId)) : null;
let view = null;
let connection = "connecting";
let lastReply = null;          // the newest submit ack's reply and move, until the view shows it
let awaitingSnapshot = false;  // after (re)subscribing, updates of the old subscription are stale

const picker = new Picker({ onChange: () => { clearFieldError($("submit")); clearFieldError($("joker-input")); } });
const why = new WhyPanel({ ask: (command) => live.command({ matchId, token, command }) });

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

// Sends `command`; a refusal shows as a sentence next to `control` (the button or field that
// caused it), or next to what `placeFor(code)` names.
async function send(command, control, { params = {}, placeFor } = {}) {
  clearFieldError(control);
  try {
    return await live.command({ matchId, token, command });
  } catch (e) {
    const at = (placeFor && placeFor(e.code)) || control;
    showFieldError(at, errorText(e.code, params));
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
  // Nor does it list us among those who submitted yet: a move of ours is one.
  const me = view.you && view.you.player;
  if (r && r.your_move && me && !(r.submitted || []).includes(me)) r.submitted = [...(r.submitted || []), me];
  const playing = view.status !== "lobby" && r && r.phase === "playing";
  const results = r && r.phase === "results";
  $("missing").hidden = true;
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
  if (results) {
    renderResults(view, (seat) => why.open(view, seat));
    why.refresh(view);
  } else {
    why.close();
  }
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

async function join(name, control) {
  const ack = await send({ type: "join", player_name: name }, control);
  if (!ack) return false;
  token = ack.reply.player_id;
  localStorage.setItem(tokenKey(matchId), token);
  subscribe();
  render();
  return true;
}

// Creates a match; resolves with its id, or null after showing why not next to `control`
// (a bad match name next to its field).
async function createMatch(name, settings, control) {
  clearFieldError(control);
  clearFieldError($("create-match-name"));
  try {
    const ack = await live.command({ game: GAME, command: { type: "create", name, settings } });
    return ack.matchId;
  } catch (err) {
    const nameError = err.code === "bad_name" || err.code === "name_empty";
    showFieldError(nameError ? $("create-match-name") : control, errorText(err.code));
    return null;
  }
}

// Moves the page onto match `id` and joins it as `name`; a refused name shows next to the
// match's join form, filled in to be corrected.
async function enterMatch(id, name) {
  matchId = id;
  token = null;
  history.replaceState(null, "", `?match=${encodeURIComponent(matchId)}`);
  $("landing").hidden = true;
  $("join-name").value = name;
  subscribe();
  return join(name, $("join-name"));
}

$("create-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const button = e.submitter || $("create-form").querySelector("button[type=submit]");
  button.disabled = true;
  const id = await createMatch($("create-match-name").value.trim(), settingsFromForm(), button);
  if (id) await enterMatch(id, $("create-name").value.trim());
  button.disabled = false;
});

// Today's daily round (the player's own calendar date): one round, one seat, the date's deal.
const today = () => new Date().toLocaleDateString("sv-SE"); // YYYY-MM-DD
const labelDaily = () => { $("daily").textContent = t("daily_play", { date: today() }); };
$("daily").addEventListener("click", async () => {
  const name = $("create-name").value.trim() || localStorage.getItem("wordhall.vectorcards.name") || t("you");
  const date = today();
  $("daily").disabled = true;
  const id = await createMatch(t("daily_name", { date }), { daily: date }, $("daily"));
  if (id && await enterMatch(id, name)) await send({ type: "start" }, $("start"));
  $("daily").disabled = false;
});

$("join-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const button = e.submitter || $("join-form").querySelector("button[type=submit]");
  button.disabled = true;
  await join($("join-name").value.trim(), $("join-name"));
  button.disabled = false;
});

$("start").addEventListener("click", () => send({ type: "start" }, $("start")));
$("next-round").addEventListener("click", () => send({ type: "next" }, $("next-round")));

// Ending the round ends it for everyone: the host confirms, seeing who has not moved.
$("resolve").addEventListener("click", () => {
  if (!view || !view.round) return;
  const r = view.round;
  const moved = new Set(r.submitted || []);
  const waiting = (r.dealt || []).filter((seat) => !moved.has(seat)).map((seat) => nameOf(view, seat));
  $("resolve-waiting").textContent = waiting.length ? t("resolve_waiting", { names: waiting.join(", ") }) : t("resolve_everyone");
  $("resolve-dialog").showModal();
  $("resolve-cancel").focus();
});
$("resolve-cancel").addEventListener("click", () => $("resolve-dialog").close());
$("resolve-confirm").addEventListener("click", () => {
  $("resolve-dialog").close();
  if (view && view.round) send({ type: "resolve", round_id: view.round.round_id }, $("resolve"));
});

// A refused move: a joker's word trouble next to the joker field, the rest next to the button.
const JOKER_CODES = new Set(["unknown_word", "blocked_word", "joker_not_allowed", "joker_word_required"]);
$("submit").addEventListener("click", async () => {
  const command = picker.command();
  if (!command) return;
  $("submit").disabled = true;
  const ack = await send(command, $("submit"), {
    params: { word: command.joker_override_token || "" },
    placeFor: (code) => (JOKER_CODES.has(code) ? $("joker-input") : null),
  });
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

$("copy-invite").addEventListener("click", () => copyText($("invite-url").value, $("copy-invite"), t("copied")));

$("share").addEventListener("click", () => view && copyText(shareText(view), $("share"), t("share_copied")));

// A rematch: the first player to ask creates the new match and names it in this one; everyone
// else's page then offers it (render), one click each. Each joins under the same name.
$("rematch").addEventListener("click", async () => {
  if (!view || !view.you) return;
  const button = $("rematch");
  button.disabled = true;
  let next = view.rematch;
  if (!next) {
    const created = await createMatch(view.name, view.settings, button);
    const ack = created && await send({ type: "rematch", match_id: created }, button);
    next = ack && ack.reply.match_id;
  }
  if (next) goToMatch(next, view.you.name);
  button.disabled = false;
});

function goToMatch(id, name) {
  sessionStorage.setItem(joinAsKey(id), name);
  location.assign(`${location.pathname}?match=${encodeURIComponent(id)}`);
}

$("lang").addEventListener("click", () => {
  setLanguage(language() === "nl" ? "en" : "nl");
  labelThemes();
  labelDaily();
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
    render();  // a lobby drawn before the list came names its theme as the form does
  } catch {
    // Without the list the deck still deals start and target words.
  }
}

function labelThemes() {
  for (const option of $("create-theme").options)
    if (option.value) option.textContent = language() === "en" ? option.dataset.labelEn : option.dataset.labelNl;
}

// An invite link to a match the server does not know (mistyped, or from another server): say
// so, with the way to create one, rather than a page that waits forever.
async function checkMatchExists() {
  try {
    const answer = await fetch(`/match/${encodeURIComponent(matchId)}`, { cache: "no-store" });
    if (answer.status !== 404 || view) return;
    $("missing").hidden = false;
    $("game").hidden = true;
    $("join").hidden = true;
  } catch {
    // Offline: the connection badge says so, and the subscription retries.
  }
}

// Arriving from a rematch: join under the name given there, once.
function autoJoin() {
  const name = sessionStorage.getItem(joinAsKey(matchId));
  if (!name || token) return;
  sessionStorage.removeItem(joinAsKey(matchId));
  join(name, $("join-name"));
}

applyStatic();
renderConnection();
loadThemes();
labelDaily();
if (!matchId) {
  $("landing").hidden = false;
  const remembered = localStorage.getItem("wordhall.vectorcards.name");
  if (remembered) $("create-name").value = remembered;
} else {
  subscribe();
  checkMatchExists();
  autoJoin();
}

// A name typed once is offered again next time.
for (const id of ["create-name", "join-name"])
  $(id).addEventListener("change", () => localStorage.setItem("wordhall.vectorcards.name", $(id).value.trim()));
if (matchId && !token) $("join-name").value = localStorage.getItem("wordhall.vectorcards.name") || "";
