// Wordhall admin: browse matches and replay one event by event.
//
// The bearer token is asked for once and kept in sessionStorage. Position N of the scrubber shows
// the state after event N (GET .../state?at=N). A game's view is a script in /admin-views/ that
// registers window.wordhallAdminViews[game] = { render(container, state, event) }; a game without
// one is shown as collapsible JSON. Data is only ever inserted as text, never as markup.
"use strict";

const VIEW_SCRIPTS = ["tictactoe.js", "vectorcards.js", "wortkunst.js", "codenames.js"];

const TOKEN_KEY = "wordhall.adminToken";
const MATCH_PAGE = 50;
const EVENT_PAGE = 500;
const PLAY_STEP_MS = 700;

window.wordhallAdminViews = window.wordhallAdminViews || {};

const $ = (id) => document.getElementById(id);

// el("td", {className: "num", title: "x"}, "text", childNode, ...)
function el(tag, props, ...children) {
  const node = document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (key === "dataset") Object.assign(node.dataset, value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node[key] = value;
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function formatTime(ms) {
  if (!ms) return "–";
  return new Date(ms).toLocaleString();
}

function formatClock(ms) {
  if (!ms) return "";
  return new Date(ms).toLocaleTimeString();
}

// Collapsible JSON: objects and arrays are <details>, open down to `openDepth`.
function jsonTree(value, label, depth = 0, openDepth = 2) {
  const keyNode = label === undefined ? null : el("span", { className: "json-key" }, label);
  if (value !== null && typeof value === "object") {
    const isArray = Array.isArray(value);
    const entries = isArray ? value.map((v, i) => [i, v]) : Object.entries(value);
    const count = isArray ? `[${entries.length}]` : `{${entries.length}}`;
    const details = el("details", { className: "json-node", open: depth < openDepth });
    details.append(el("summary", null, keyNode, keyNode ? ": " : "", el("span", { className: "json-count" }, count)));
    const children = el("div", { className: "json-children" });
    for (const [k, v] of entries) children.append(jsonTree(v, String(k), depth + 1, openDepth));
    details.append(children);
    return details;
  }
  const kind = value === null ? "null" : typeof value;
  const text = kind === "string" ? JSON.stringify(value) : String(value);
  return el("div", { className: "json-leaf" }, keyNode, keyNode ? ": " : "",
            el("span", { className: `json-${kind}` }, text));
}

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function api(path) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  let res;
  try {
    res = await fetch(path, { headers, cache: "no-store" });
  } catch (e) {
    throw new ApiError(0, "network", "The server cannot be reached.");
  }
  let body = null;
  try {
    body = await res.json();
  } catch (e) {
    body = null;
  }
  if (!res.ok) {
    const error = (body && body.error) || {};
    throw new ApiError(res.status, error.code || `http_${res.status}`,
                       error.message || `${res.status} ${res.statusText}`);
  }
  return body;
}

// Page state.

const app = {
  matches: [],
  nextMatches: null,
  match: null,         // {id, game?}
  events: new Map(),   // seq → event
  rows: new Map(),     // seq → <li>
  lastSeq: 0,
  position: 0,
  states: new Map(),   // at → state response
  stateTicket: 0,      // only the newest state request renders
  currentState: null,
  timer: null,
  generation: 0,       // bumps when another match opens; stale loads stop
};

function showNotice(message, kind = "error") {
  const notice = $("notice");
  notice.textContent = message;
  notice.className = `notice ${kind}`;
  notice.hidden = !message;
}

function showView(name) {
  for (const id of ["token-view", "list-view", "match-view"]) $(id).hidden = id !== name;
  $("forget-token").hidden = name === "token-view";
  // Focus left in a hidden section (the token field, a clicked row) would swallow the arrow keys.
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused.closest("[hidden]")) focused.blur();
}

function handleError(error) {
  if (error instanceof ApiError && error.status === 401) {
    sessionStorage.removeItem(TOKEN_KEY);
    stopPlaying();
    showNotice("");
    askToken("The token was not accepted. Enter it again.");
  } else if (error instanceof ApiError && error.code === "admin_disabled") {
    stopPlaying();
    showNotice("admin is disabled: start the server with WORDHALL_ADMIN_TOKEN");
  } else {
    showNotice(error.message || String(error));
  }
}

function askToken(hint) {
  if (hint) $("token-hint").textContent = hint;
  showView("token-view");
  $("token-input").value = "";
  $("token-input").focus();
}

// The match list.

async function loadMatches(reset) {
  if (reset) {
    app.matches = [];
    app.nextMatches = null;
    $("match-rows").replaceChildren();
  }
  const params = new URLSearchParams({ limit: String(MATCH_PAGE) });
  if (app.nextMatches) params.set("after", app.nextMatches);
  $("more").disabled = true;
  try {
    const page = await api(`/admin/matches?${params}`);
    // A damaged part of the journal the listing read around: say which, in the server's words.
    const passedOver = (page.skipped || []).map((table) => table.damaged);
    if (page.stopped) passedOver.push(page.stopped);
    showNotice(passedOver.join(" "));
    app.nextMatches = page.next ?? null;
    for (const match of page.matches || []) {
      app.matches.push(match);
      $("match-rows").append(matchRow(match));
    }
    for (const broken of page.unreadable || []) $("match-rows").append(unreadableRow(broken));
    $("matches-empty").hidden = app.matches.length > 0;
    $("more").hidden = app.nextMatches === null;
  } catch (error) {
    handleError(error);
  } finally {
    $("more").disabled = false;
  }
}

function matchRow(match) {
  const open = () => openMatch(match);
  return el("tr", {
    tabIndex: 0,
    onclick: open,
    onkeydown: (e) => { if (e.key === "Enter") open(); },
  },
    el("td", { className: "mono", title: match.id }, match.id),
    el("td", null, match.game),
    el("td", null, el("span", { className: `badge status-${match.status}` }, match.status),
       match.damaged ? damagedBadge(match.damaged) : ""),
    el("td", null, (match.players || []).join(", ")),
    el("td", null, formatTime(match.created)),
    el("td", { className: "num" }, match.events ?? ""));
}

// A match whose stored history fails its checksums: players get data_loss, the title says why.
function damagedBadge(reason) {
  return el("span", { className: "badge status-damaged", title: reason }, "damaged");
}

// A match whose meta record cannot be read: only its id is known, there is nothing to replay.
function unreadableRow(broken) {
  return el("tr", null,
    el("td", { className: "mono", title: broken.id }, broken.id),
    el("td", null, "?"),
    el("td", null, damagedBadge(broken.damaged)),
    el("td", null, ""), el("td", null, ""), el("td", { className: "num" }, ""));
}

// One match: its events, the scrubber position and the state there.

async function openMatch(match) {
  stopPlaying();
  const generation = ++app.generation;
  Object.assign(app, { match, lastSeq: 0, position: 0, currentState: null });
  app.events.clear();
  app.rows.clear();
  app.states.clear();
  if (location.hash !== `#match/${encodeURIComponent(match.id)}`) {
    history.pushState(null, "", `#match/${encodeURIComponent(match.id)}`);
  }
  $("match-title").textContent = match.game ? `${match.game} · ${match.id}` : match.id;
  $("event-list").replaceChildren();
  $("event-detail").replaceChildren();
  $("state-view").replaceChildren();
  $("raw-state").replaceChildren();
  $("state-hash").textContent = "–";
  showView("match-view");
  showNotice("");

  const base = `/admin/matches/${encodeURIComponent(match.id)}/events`;
  let from = 1;
  try {
    for (let first = true; from !== null; first = false) {
      const page = await api(`${base}?from=${from}&limit=${EVENT_PAGE}`);
      if (generation !== app.generation) return;
      addEvents(page.events || [], page.lastSeq ?? 0);
      if (first) setPosition(0);
      from = page.next ?? null;
    }
  } catch (error) {
    if (generation === app.generation) handleError(error);
  }
}

function addEvents(events, lastSeq) {
  app.lastSeq = Math.max(app.lastSeq, lastSeq);
  $("slider").max = String(app.lastSeq);
  for (const event of events) {
    app.events.set(event.seq, event);
    const row = el("li", { tabIndex: -1, onclick: () => setPosition(event.seq) },
      el("span", { className: "seq" }, event.seq),
      el("span", { className: "type" }, event.type),
      el("span", { className: "time muted" }, formatClock(event.ts)));
    app.rows.set(event.seq, row);
    $("event-list").append(row);
  }
  $("event-count").textContent = `(${app.events.size})`;
  updatePositionLabel();
}

function eventAt(seq) {
  return app.events.get(seq) || null;
}

function updatePositionLabel() {
  $("position").textContent = `${app.position} / ${app.lastSeq}`;
}

function setPosition(n) {
  if (!app.match) return;
  const position = Math.max(0, Math.min(app.lastSeq, Number(n) || 0));
  app.position = position;
  $("slider").value = String(position);
  updatePositionLabel();

  for (const row of $("event-list").querySelectorAll(".current")) row.classList.remove("current");
  const row = app.rows.get(position);
  if (row) {
    row.classList.add("current");
    row.scrollIntoView({ block: "nearest" });
  }
  renderEvent(eventAt(position), position);
  loadState(position);
}

function renderEvent(event, position) {
  const box = $("event-detail");
  if (!event) {
    box.replaceChildren(el("p", { className: "muted" },
      position === 0 ? "The initial state, before any event." : `Event ${position} is not loaded.`));
    return;
  }
  box.replaceChildren(
    el("div", { className: "event-head" },
      el("span", { className: "badge" }, event.type),
      el("span", { className: "muted" }, `#${event.seq} · v${event.v ?? "?"} · ${formatTime(event.ts)}`)),
    el("div", { className: "mono muted small", title: "event id" }, event.id ?? ""),
    jsonTree(event.payload ?? {}, undefined, 0, 3));
}

async function loadState(at) {
  const ticket = ++app.stateTicket;
  const match = app.match;
  let data = app.states.get(at);
  if (!data) {
    $("state-loading").hidden = false;
    try {
      data = await api(`/admin/matches/${encodeURIComponent(match.id)}/state?at=${at}`);
      app.states.set(at, data);
    } catch (error) {
      if (ticket === app.stateTicket) {
        $("state-loading").hidden = true;
        handleError(error);
      }
      return;
    }
  }
  if (ticket !== app.stateTicket || match !== app.match) return;
  $("state-loading").hidden = true;
  if (data.game && !app.match.game) {
    app.match.game = data.game;
    $("match-title").textContent = `${data.game} · ${app.match.id}`;
  }
  if (data.lastSeq > app.lastSeq) {
    app.lastSeq = data.lastSeq;
    $("slider").max = String(app.lastSeq);
    updatePositionLabel();
  }
  app.currentState = data;
  renderState();
}

function renderState() {
  const data = app.currentState;
  if (!data) return;
  $("state-hash").textContent = data.hash || "–";
  const container = $("state-view");
  container.replaceChildren();
  const view = window.wordhallAdminViews[data.game || app.match.game];
  let rendered = false;
  if (view && typeof view.render === "function") {
    try {
      view.render(container, data.state, eventAt(data.at));
      rendered = true;
    } catch (error) {
      container.replaceChildren(el("p", { className: "notice error" }, `The ${data.game} view failed: ${error.message}`));
    }
  }
  if (!rendered) container.append(jsonTree(data.state, undefined, 0, 2));
  $("raw-state").replaceChildren(jsonTree(data.state, undefined, 0, 1));
}

// Playback.

function step(delta) {
  stopPlaying();
  setPosition(app.position + delta);
}

function stopPlaying() {
  if (app.timer === null) return;
  clearInterval(app.timer);
  app.timer = null;
  $("play").textContent = "Play";
}

function togglePlay() {
  if (app.timer !== null) return stopPlaying();
  if (app.position >= app.lastSeq) setPosition(0);
  $("play").textContent = "Pause";
  app.timer = setInterval(() => {
    if (app.position >= app.lastSeq) return stopPlaying();
    setPosition(app.position + 1);
  }, PLAY_STEP_MS);
}

// #match/<id> opens a match; no hash shows the list.

function matchIdFromHash() {
  const m = /^#match\/(.+)$/.exec(location.hash);
  return m ? decodeURIComponent(m[1]) : null;
}

function route() {
  if (!sessionStorage.getItem(TOKEN_KEY)) return askToken();
  const id = matchIdFromHash();
  if (id) {
    if (!app.match || app.match.id !== id) {
      openMatch(app.matches.find((m) => m.id === id) || { id });
    } else {
      showView("match-view");
    }
    return;
  }
  stopPlaying();
  app.match = null;
  app.generation++;
  showView("list-view");
  if (app.matches.length === 0) loadMatches(true);
}

function loadViewScripts() {
  for (const name of VIEW_SCRIPTS) {
    const script = el("script", { src: `/admin-views/${name}`, async: true });
    script.addEventListener("load", renderState);  // a view may arrive after the first state
    document.head.append(script);
  }
}

function wire() {
  $("token-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const token = $("token-input").value.trim();
    if (!token) return;
    sessionStorage.setItem(TOKEN_KEY, token);
    app.matches = [];
    route();
  });
  $("forget-token").addEventListener("click", () => {
    sessionStorage.removeItem(TOKEN_KEY);
    stopPlaying();
    showNotice("");
    askToken("Enter the admin token.");
  });
  $("refresh").addEventListener("click", () => loadMatches(true));
  $("more").addEventListener("click", () => loadMatches(false));
  $("back").addEventListener("click", () => { history.pushState(null, "", location.pathname); route(); });
  $("first").addEventListener("click", () => { stopPlaying(); setPosition(0); });
  $("prev").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("last").addEventListener("click", () => { stopPlaying(); setPosition(app.lastSeq); });
  $("play").addEventListener("click", togglePlay);
  $("slider").addEventListener("input", (e) => { stopPlaying(); setPosition(e.target.value); });
  window.addEventListener("popstate", route);

  document.addEventListener("keydown", (e) => {
    if ($("match-view").hidden || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target instanceof Element ? e.target : document.body;
    if (target.closest("input, textarea, select")) return;  // the slider handles its own arrows
    const onControl = target.closest("button, summary, a") !== null;
    switch (e.key) {
      case "ArrowLeft": step(-1); break;
      case "ArrowRight": step(1); break;
      case "Home": stopPlaying(); setPosition(0); break;
      case "End": stopPlaying(); setPosition(app.lastSeq); break;
      case " ": if (onControl) return; togglePlay(); break;
      default: return;
    }
    e.preventDefault();
  });
}

wire();
loadViewScripts();
route();
