// Rendering of a vector cards view (docs/vectorcards.md "Views") into vectorcards.html's sections.
//
// Every function takes the viewer's `view` as the server sent it and only writes text (never
// markup), so names and words typed by players cannot inject anything. The card picking lives in
// vectorcards-play.js; this file draws the rest: players, lobby, round header, results, standings.
import { t, has, closeness, language } from "/js/vectorcards-i18n.js";
import { projectionSvg } from "/js/vectorcards-pca.js";
import { el } from "/js/dom.js";

export const $ = (id) => document.getElementById(id);

// el("td", {className: "num"}, "text", childNode, ...): the shared helper (null props are left out).
export { el };

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

// A theme's name as the create form offers it ("Keuken" for kitchen), from the server's list of
// themes that the form holds; the bare name only while that list has not come.
function themeLabel(name) {
  const option = [...$("create-theme").options].find((o) => o.value === name);
  if (!option) return name;
  return (language() === "en" ? option.dataset.labelEn : option.dataset.labelNl) || name;
}

export function renderLobby(view, inviteUrl) {
  $("lobby-name").textContent = view.name || "";
  const s = view.settings || {};
  $("lobby-settings").textContent = t("settings_line", { rounds: s.rounds ?? "?", secs: s.round_timeout_secs ?? "?" }) +
    (s.theme ? ` · ${t("theme")}: ${themeLabel(s.theme)}` : "") + (s.stake ? ` · ${t("col_stake")}` : "");
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
  // replaceChildren would write a null as the text "null": leave absent parts out.
  box.replaceChildren(...[
    el("h3", null, t("submitted_you"), " ✓"),
    el("p", { className: "formula" }, moveText(round.start_word, m)),
    el("dl", null,
      el("dt", null, t("similarity")), el("dd", { className: "num big", id: "my-similarity" }, cosine(m.similarity)),
      el("dt", null, t("nearest_word")), el("dd", { id: "my-nearest" }, m.nearest_token || t("nearest_later")),
      el("dt", null, t("closeness")), el("dd", { className: `label ${labelClass(m.similarity)}` }, closeness(m.label, m.label_en))),
    rank ? el("p", { className: "muted" }, t("rank_preview", { rank })) : null,
    m.target_rank ? el("p", { className: "muted" }, t("target_rank", { rank: m.target_rank })) : null].filter(Boolean));
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

// Columns a phone leaves out: the nearest word then shows under the move (and in "Why?").
const OPTIONAL = { col_nearest: "opt" };

// A whole move as everyone sees it after the round: "+ juice − sugar" (a joker's word starred).
export function playedText(row) {
  if (!row.submitted || !row.public_token) return null;
  const priv = row.private_token ? ` ${sign(row.private_sign)} ${row.private_token}${row.joker ? " ★" : ""}` : "";
  return `${sign(row.public_sign)} ${row.public_token}${priv}`;
}

// `onWhy(seat)` opens the "Why?" panel of a row.
export function renderResults(view, onWhy) {
  const r = view.round;
  const res = r.results || {};
  const me = view.you && view.you.player;
  const stakes = Boolean(view.settings && view.settings.stake);
  $("results-title").textContent = t("results", { round: r.round });
  $("results-reason").textContent = res.reason ? t(`reason_${res.reason}`) : "";

  const head = el("tr", null, ["col_rank", "col_player", "col_cosine", "col_nearest",
    "col_par", "col_points", ...(stakes ? ["col_stake"] : [])].map((k) =>
    el("th", { scope: "col", className: OPTIONAL[k] || "", title: k === "col_par" ? t("col_par_note") : undefined },
      // A phone shows the short heading (no gloss), so the columns fit side by side.
      has(`${k}_short`) ? [el("span", { className: "long" }, t(k)), el("span", { className: "short" }, t(`${k}_short`))] : t(k))));
  const rows = (res.leaderboard || []).map((row) => {
    const name = row.name || nameOf(view, row.player);
    const played = playedText(row);
    return el("tr", { className: row.you || row.player === me ? "me" : "", dataset: { player: row.player } },
      el("td", { className: "num" }, row.rank),
      el("td", { className: "who" },
        el("span", { className: "pname" }, name),
        el("span", { className: "move" }, played || t("no_move")),
        row.nearest_token ? el("span", { className: "move-nearest", title: t("col_nearest") }, `→ ${row.nearest_token}`) : null,
        el("button", { type: "button", className: "why-button", ariaLabel: `${t("why")} ${name}`,
                       dataset: { why: row.player }, onclick: () => onWhy(row.player) }, t("why"))),
      el("td", { className: "num cos" }, cosine(row.similarity),
        el("span", { className: `label ${row.submitted ? labelClass(row.similarity) : "no-move"}` },
          row.submitted ? closeness(row.label, row.label_en) : t("no_move_label"))),
      el("td", { className: "nearest opt" }, row.nearest_token || "–",
        row.target_rank ? el("span", { className: "muted small" }, t("target_rank", { rank: row.target_rank })) : null),
      el("td", { className: "num par-cell" }, cosine(row.par)),
      el("td", { className: "num" }, row.points ?? ""),
      stakes ? el("td", { className: "num stake-cell" }, ...(row.stake === null || row.stake === undefined ? ["–"]
        : [String(row.stake), el("span", { className: "reward" }, `→ ${typeof row.stake_reward === "number" ? row.stake_reward.toFixed(2) : "–"}`)])) : null);
  });
  $("leaderboard").replaceChildren(el("thead", null, head), el("tbody", null, rows));
  $("points-note").textContent = t("points_note", { n: rows.length }) + (stakes ? ` ${t("stake_note")}` : "");

  const mine = r.your_move;
  // The target's rank was searched with the results (the leaderboard shows the nearest words).
  $("your-move").textContent = mine ? t("your_move_line", { move: moveText(r.start_word, mine), sim: cosine(mine.similarity) }) +
    (mine.target_rank ? ` · ${t("target_rank", { rank: mine.target_rank })}` : "") : "";
  const par = res.your_par;
  const jokerBeatPar = mine && mine.joker && par && mine.similarity > par.similarity;
  // A hand of jokers only has no par: the par is the best move of the dealt words.
  const allJokers = r.dealt_in && (r.private_cards || []).every((c) => c.type === "JOKER");
  $("your-par").textContent = !par ? (allJokers ? t("par_none_all_jokers") : "") : jokerBeatPar
    ? t("par_joker", { sim: cosine(par.similarity) })
    : t("your_par", { move: moveText(r.start_word, par), sim: cosine(par.similarity) });

  const pj = res.projection;
  const box = $("projection");
  box.closest("figure").hidden = !pj;
  if (pj) {
    const scores = new Map((res.leaderboard || []).map((row) => [row.player, row.similarity]));
    const points = [
      { x: pj.start?.[0], y: pj.start?.[1], label: r.start_word, kind: "start", similarity: r.base_similarity },
      { x: pj.target?.[0], y: pj.target?.[1], label: r.target_word, kind: "target" },
      ...(pj.players || []).map((p) => ({ x: p.x, y: p.y, label: nameOf(view, p.player),
                                           kind: p.player === me ? "you" : "player",
                                           similarity: scores.get(p.player) }))];
    box.replaceChildren(projectionSvg(points, { title: t("projection"), description: t("projection_desc") }));
  }

  const host = Boolean(view.you && view.you.host);
  const more = view.status !== "done" && r.round < r.rounds;
  $("next-round").hidden = !(host && more);
  $("next-wait").hidden = host || !more;
}

// Ten squares for a similarity, coloured by its closeness band.
function emojiBar(sim) {
  const filled = Math.max(0, Math.min(10, Math.round((typeof sim === "number" ? sim : 0) * 10)));
  const colour = sim >= 0.8 ? "🟥" : sim >= 0.6 ? "🟧" : sim >= 0.4 ? "🟩" : "🟦";
  return colour.repeat(filled) + "⬜".repeat(10 - filled);
}

// The round's results as a short text to paste anywhere. A daily round's leaves out its words
// and move, so it spoils nothing for those who have not played that date yet.
export function shareText(view) {
  const r = view.round;
  const board = (r && r.results && r.results.leaderboard) || [];
  const daily = view.settings && view.settings.daily;
  const link = `${location.origin}${location.pathname}`;
  if (daily) {
    const row = board[0];
    const par = row && typeof row.par === "number" ? ` (par ${cosine(row.par)})` : "";
    return [t("share_daily", { date: daily }),
            row ? `${emojiBar(row.similarity)} ${cosine(row.similarity)}${par}` : "", link].filter(Boolean).join("\n");
  }
  const medals = ["🥇", "🥈", "🥉"];
  const lines = board.map((row) => `${medals[row.rank - 1] || `${row.rank}.`} ${emojiBar(row.similarity)} ` +
    `${cosine(row.similarity)} ${row.name || nameOf(view, row.player)}${row.submitted ? "" : ` (${t("no_move_label")})`}`);
  return [`${t("share_round", { round: r.round, rounds: r.rounds })}: ${r.start_word} → ${r.target_word}`,
          ...lines, link].join("\n");
}

export function renderStandings(view) {
  const rows = view.standings || [];
  // At the end the final card holds the same table: once is enough.
  $("standings-box").hidden = rows.length === 0 || view.status === "lobby" || view.status === "done";
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
  // A daily round is played alone: nobody to rematch.
  const daily = Boolean(view.settings && view.settings.daily);
  $("rematch").hidden = !view.you || daily;
  $("rematch").textContent = view.rematch ? t("rematch_join") : t("rematch");
  $("rematch-ready").hidden = !view.rematch || daily;
}
