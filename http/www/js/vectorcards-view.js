// Rendering of a vector cards view (docs/vectorcards.md "Views") into vectorcards.html's sections.
//
// Every function takes the viewer's `view` as the server sent it and only writes text (never
// markup), so names and words typed by players cannot inject anything. The card picking lives in
// vectorcards-play.js; this file draws the rest: players, lobby, round header, results, standings.
import { t, has, closeness, language } from "/js/vectorcards-i18n.js";
import { projectionSvg } from "/js/vectorcards-pca.js";

export const $ = (id) => document.getElementById(id);

// el("td", {className: "num"}, "text", childNode, ...)
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria") || key === "role") node.setAttribute(key.replace(/^aria/, "aria-").toLowerCase(), value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node[key] = value;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export const cosine = (x) => (typeof x === "number" ? x.toFixed(3) : "–");
export const sign = (s) => (s === "-" ? "−" : "+");

// Leaderboard rows and standings in a view name players by seat; the players list has the rest.
const playerOf = (view, seat) => (view.players || []).find((q) => q.player === seat);

export function nameOf(view, seat) {
  const p = playerOf(view, seat);
  return p ? p.name : seat;
}

export function renderPlayers(view) {
  const me = view.you && view.you.player;
  const playing = view.round && view.round.phase === "playing";
  const submitted = new Set(playing ? view.round.submitted || [] : []);
  $("players").replaceChildren(...(view.players || []).map((p) => el("li",
    { className: p.player === me ? "me" : "", dataset: { player: p.player } },
    el("span", { className: "pname" }, p.name),
    p.host ? el("span", { className: "tag" }, t("host")) : null,
    p.player === me ? el("span", { className: "tag you" }, t("you")) : null,
    playing && submitted.has(p.player) ? el("span", { className: "done", ariaLabel: t("submitted_you") }, "✓") : null,
    view.status !== "lobby" ? el("span", { className: "score num" }, formatScore(p.score)) : null)));
}

const formatScore = (x) => (typeof x === "number" ? (Number.isInteger(x) ? String(x) : x.toFixed(2)) : "");

export function renderLobby(view, inviteUrl) {
  $("lobby-name").textContent = view.name || "";
  const s = view.settings || {};
  $("lobby-settings").textContent = t("settings_line", { rounds: s.rounds ?? "?", secs: s.round_timeout_secs ?? "?" }) +
    (s.theme ? ` · ${t("theme")}: ${has(`theme_${s.theme}`) ? t(`theme_${s.theme}`) : s.theme}` : "") + (s.stake ? ` · ${t("col_stake")}` : "");
  $("invite-url").value = inviteUrl;
  const host = Boolean(view.you && view.you.host);
  $("start").hidden = !host;
  $("lobby-wait").hidden = host || !view.you;
}

export function renderRoundHead(view) {
  const r = view.round;
  $("round-title").textContent = t("round_of", { round: r.round, rounds: r.rounds });
  $("start-word").textContent = r.start_word;
  $("target-word").textContent = r.target_word;
  $("base-sim").textContent = t("base_sim", { sim: cosine(r.base_similarity) });
}

export function renderSubmitted(view) {
  const r = view.round;
  const names = (r.submitted || []).map((seat) => nameOf(view, seat));
  $("submitted-by").textContent = t("submitted_by", { names: names.length ? names.join(", ") : t("nobody_yet") });
  $("resolve").hidden = !(view.you && view.you.host && r.phase === "playing");
}

// The viewer's own result once submitted: the ack's reply adds the provisional rank. The nearest
// word and the target's rank follow a moment later (a presearch), or with the results.
export function renderMyResult(round, reply) {
  const m = round.your_move;
  const box = $("my-result");
  box.hidden = !m;
  if (!m) return box.replaceChildren();
  const rank = reply && reply.round_id === round.round_id ? reply.rank_preview : null;
  box.replaceChildren(
    el("h3", null, t("submitted_you"), " ✓"),
    el("p", { className: "formula" }, moveText(round.start_word, m)),
    el("dl", null,
      el("dt", null, t("similarity")), el("dd", { className: "num big", id: "my-similarity" }, cosine(m.similarity)),
      el("dt", null, t("nearest_word")), el("dd", { id: "my-nearest" }, m.nearest_token || t("nearest_later")),
      el("dt", null, t("closeness")), el("dd", { className: `label ${labelClass(m.similarity)}` }, closeness(m.label, m.label_en))),
    rank ? el("p", { className: "muted" }, t("rank_preview", { rank })) : null,
    m.target_rank ? el("p", { className: "muted" }, t("target_rank", { rank: m.target_rank })) : null);
}

// "apple + juice − sugar" for a move (a joker shows the word it stood for when it is known).
export function moveText(start, m) {
  const priv = typeof m.joker === "string" && m.joker ? m.joker : m.private_token;
  return `${start} ${sign(m.public_sign)} ${m.public_token} ${sign(m.private_sign)} ${priv}`;
}

// Colour band by the seed's closeness thresholds.
export function labelClass(sim) {
  if (typeof sim !== "number") return "";
  return sim >= 0.8 ? "c-hot" : sim >= 0.6 ? "c-warm" : sim >= 0.4 ? "c-mild" : sim >= 0.2 ? "c-cold" : "c-ice";
}

// Columns a phone leaves out (the standings carry the points; the par is spelled out below).
const OPTIONAL = { col_move: "opt", col_par: "opt", col_points: "opt-narrow", col_stake: "opt-narrow" };

export function renderResults(view) {
  const r = view.round;
  const res = r.results || {};
  const me = view.you && view.you.player;
  const stakes = Boolean(view.settings && view.settings.stake);
  $("results-title").textContent = t("results", { round: r.round });
  $("results-reason").textContent = res.reason ? t(`reason_${res.reason}`) : "";

  const head = el("tr", null, ["col_rank", "col_player", "col_move", "col_cosine", "col_nearest", "col_label",
    "col_par", "col_points", ...(stakes ? ["col_stake"] : [])].map((k) =>
    el("th", { scope: "col", className: OPTIONAL[k] || "" }, t(k))));
  const rows = (res.leaderboard || []).map((row) => el("tr",
    { className: row.you || row.player === me ? "me" : "", dataset: { player: row.player } },
    el("td", { className: "num" }, row.rank),
    el("td", null, row.name || nameOf(view, row.player)),
    el("td", { className: "opt" }, row.submitted && row.public_token ? `${sign(row.public_sign)}${row.public_token}` : t("no_move")),
    el("td", { className: "num cos" }, cosine(row.similarity)),
    el("td", { className: "nearest" }, row.nearest_token || "–"),
    el("td", { className: `label ${labelClass(row.similarity)}` }, closeness(row.label, row.label_en)),
    el("td", { className: "num opt" }, cosine(row.par)),
    el("td", { className: "num opt-narrow" }, row.points ?? ""),
    stakes ? el("td", { className: "num opt-narrow" }, row.stake === null || row.stake === undefined ? "–"
      : `${row.stake} → ${typeof row.stake_reward === "number" ? row.stake_reward.toFixed(2) : "–"}`) : null));
  $("leaderboard").replaceChildren(el("thead", null, head), el("tbody", null, rows));

  const mine = r.your_move;
  // The target's rank was searched with the results (the leaderboard shows the nearest words).
  $("your-move").textContent = mine ? t("your_move_line", { move: moveText(r.start_word, mine), sim: cosine(mine.similarity) }) +
    (mine.target_rank ? ` · ${t("target_rank", { rank: mine.target_rank })}` : "") : "";
  const par = res.your_par;
  $("your-par").textContent = par ? t("your_par", { move: moveText(r.start_word, par), sim: cosine(par.similarity) }) : "";

  const pj = res.projection;
  const box = $("projection");
  box.closest("figure").hidden = !pj;
  if (pj) {
    const points = [
      { x: pj.start?.[0], y: pj.start?.[1], label: r.start_word, kind: "start" },
      { x: pj.target?.[0], y: pj.target?.[1], label: r.target_word, kind: "target" },
      ...(pj.players || []).map((p) => ({ x: p.x, y: p.y, label: nameOf(view, p.player),
                                           kind: p.player === me ? "you" : "player" }))];
    box.replaceChildren(projectionSvg(points, { title: t("projection"), description: t("projection_desc") }));
  }

  const host = Boolean(view.you && view.you.host);
  const more = view.status !== "done" && r.round < r.rounds;
  $("next-round").hidden = !(host && more);
  $("next-wait").hidden = host || !more;
}

export function renderStandings(view) {
  const rows = view.standings || [];
  $("standings-box").hidden = rows.length === 0 || view.status === "lobby";
  $("standings").replaceChildren(...standingsTable(view));
}

function standingsTable(view) {
  const me = view.you && view.you.player;
  return [
    el("thead", null, el("tr", null, el("th", { scope: "col" }, t("col_rank")),
      el("th", { scope: "col" }, t("col_player")), el("th", { scope: "col" }, t("col_score")))),
    el("tbody", null, (view.standings || []).map((s) => el("tr", { className: s.player === me ? "me" : "", dataset: { player: s.player } },
      el("td", { className: "num" }, s.rank), el("td", null, s.name || nameOf(view, s.player)),
      el("td", { className: "num" }, formatScore(s.score ?? playerOf(view, s.player)?.score)))))];
}

export function renderFinal(view) {
  const winners = (view.standings || []).filter((s) => s.rank === 1).map((s) => s.name || nameOf(view, s.player));
  $("winner").textContent = winners.length ? t("winner", { name: winners.join(language() === "en" ? " and " : " en ") }) : "";
  $("final-standings").replaceChildren(...standingsTable(view));
}
