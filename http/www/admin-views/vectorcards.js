// Admin view of a vector cards match: settings, players, and every round with its start and
// target words, public cards, each player's hand, move and par, the results and the 2-D picture.
//
// State (events/vectorcards/codec.cpp encode_state):
//   {"status","name","settings":{…},"players":[{"player","name","digest","host","points","stake_total"}],
//    "rounds":[{"deal":{"round","seed","start","target","base_similarity","public":[…],
//                       "hands":{"p1":[{"token","joker"}]},"par":{"p1":{move,similarity}|null},"deadline_ms"},
//               "moves":{"p1":{"public_token","public_sign","private_token","private_sign","joker",
//                              "similarity","nearest_token"?,"nearest_similarity"?,"target_rank"?,"stake"}},
//                        (the three marked ? once searched: at resolution, or at a REST submit)
//               "resolution":null|{"reason","results":[{"player","similarity","submitted","rank","points",
//                                   "stake_reward"}],"projection":{"start":[x,y],"target":[x,y],"players":{"p1":[x,y]}}}}],
//    "final_standings":[{"player","score","rank"}]}
// The round and the player the current event is about are highlighted. The admin sees every hand.
"use strict";

(function () {
  const style = document.createElement("link");
  style.rel = "stylesheet";
  style.href = "/admin-views/vectorcards.css";
  document.head.append(style);
  // The player page's projection drawing, shared; a classic script reaches it by dynamic import.
  const pca = import("/js/vectorcards-pca.js");

  function el(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  const cos = (x) => (typeof x === "number" ? x.toFixed(3) : "–");
  const sign = (s) => (s === "-" ? "−" : "+");
  const clock = (ms) => (ms ? new Date(ms).toLocaleTimeString() : "–");
  const moveText = (start, m) =>
    `${start} ${sign(m.public_sign)} ${m.public_token} ${sign(m.private_sign)} ${m.private_token}`;

  function table(headers, rows) {
    return el("table", "vc-table",
      el("thead", null, el("tr", null, headers.map((h) => el("th", null, h)))),
      el("tbody", null, rows));
  }

  function settingsLine(s) {
    if (!s) return "";
    return [`${s.rounds} rounds`, `${s.round_timeout_secs} s`, `${s.n_public} public / ${s.m_private} private`,
      `jokers ${s.wildcard_ratio}`, `nearest ${s.nearest_vocab}`, s.theme ? `theme ${s.theme}` : "deck",
      s.stake ? "stakes" : null].filter(Boolean).join(" · ");
  }

  function renderRound(state, round, event, names) {
    const d = round.deal || {};
    const res = round.resolution;
    const current = event && event.payload && event.payload.round === d.round;
    const box = el("details", `vc-round${current ? " vc-current" : ""}`);
    box.open = current || round === state.rounds[state.rounds.length - 1];
    box.append(el("summary", null,
      el("strong", null, `Round ${d.round}: `),
      el("span", "vc-word", d.start), " → ", el("span", "vc-word vc-target", d.target),
      el("span", "muted", ` base ${cos(d.base_similarity)} · deadline ${clock(d.deadline_ms)}`),
      el("span", "muted", res ? ` · resolved (${res.reason})` : " · open")));

    box.append(el("div", "vc-public", el("span", "muted", "public: "),
      (d.public || []).map((w) => el("span", "vc-chip", w))));

    const results = new Map(((res && res.results) || []).map((r) => [r.player, r]));
    const seats = Object.keys(d.hands || {});
    const who = event && event.payload && current ? event.payload.player : null;
    const rows = seats.map((seat) => {
      const hand = d.hands[seat] || [];
      const m = (round.moves || {})[seat];
      const par = (d.par || {})[seat];
      const r = results.get(seat);
      return el("tr", seat === who ? "vc-who" : "",
        el("td", null, names.get(seat) || seat, el("span", "muted", ` ${seat}`)),
        el("td", null, hand.map((c) => el("span", `vc-chip${c.joker ? " vc-joker" : ""}`, c.joker ? "JOKER" : c.token))),
        el("td", "vc-mono", m ? moveText(d.start, m) + (m.joker ? " (joker)" : "") : "–"),
        el("td", "num", m ? cos(m.similarity) : r ? cos(r.similarity) : "–"),
        el("td", null, m ? m.nearest_token || "–" : "–"),
        el("td", "num", m && m.target_rank ? m.target_rank : "–"),
        el("td", "vc-mono", par ? `${moveText(d.start, par)} = ${cos(par.similarity)}` : "–"),
        el("td", "num", r ? r.rank : ""),
        el("td", "num", r ? r.points : ""),
        state.settings && state.settings.stake
          ? el("td", "num", m && m.stake !== null && m.stake !== undefined ? `${m.stake} → ${r && typeof r.stake_reward === "number" ? r.stake_reward.toFixed(2) : "–"}` : "–")
          : null);
    });
    const headers = ["player", "hand", "move", "cosine", "nearest", "target rank", "par", "rank", "points"];
    if (state.settings && state.settings.stake) headers.push("stake");
    box.append(el("div", "vc-table-wrap", table(headers, rows)));

    if (res && res.projection) {
      const pj = res.projection;
      const holder = el("div", "vc-projection");
      box.append(holder);
      const points = [
        { x: pj.start[0], y: pj.start[1], label: d.start, kind: "start", similarity: d.base_similarity },
        { x: pj.target[0], y: pj.target[1], label: d.target, kind: "target" },
        ...Object.entries(pj.players || {}).map(([seat, p]) =>
          ({ x: p[0], y: p[1], label: names.get(seat) || seat, kind: seat === who ? "you" : "player",
             similarity: results.get(seat) && results.get(seat).similarity }))];
      pca.then((m) => holder.replaceChildren(m.projectionSvg(points, { title: `Round ${d.round} projection` })))
         .catch(() => holder.replaceChildren(el("p", "muted", "projection unavailable")));
    }
    return box;
  }

  function render(container, state, event) {
    const root = el("div", "vc");
    const names = new Map((state.players || []).map((p) => [p.player, p.name]));
    root.append(el("div", "vc-head",
      el("span", `vc-status vc-${state.status}`, state.status),
      el("strong", null, state.name || ""),
      el("span", "muted", settingsLine(state.settings))));

    const players = (state.players || []).map((p) => el("tr", null,
      el("td", null, p.player), el("td", null, p.name, p.host ? el("span", "vc-tag", "host") : null),
      el("td", "num", p.points), el("td", "num", typeof p.stake_total === "number" ? p.stake_total.toFixed(2) : "")));
    root.append(players.length ? table(["seat", "name", "points", "stake total"], players)
                               : el("p", "muted", "no players yet"));

    for (const round of state.rounds || []) root.append(renderRound(state, round, event, names));

    const standings = state.final_standings || [];
    if (standings.length) {
      root.append(el("h3", null, "Final standings"), table(["rank", "player", "score"], standings.map((s) =>
        el("tr", null, el("td", "num", s.rank), el("td", null, names.get(s.player) || s.player),
           el("td", "num", typeof s.score === "number" ? s.score.toFixed(2) : s.score)))));
    }
    container.append(root);
  }

  window.wordhallAdminViews = window.wordhallAdminViews || {};
  window.wordhallAdminViews["vectorcards"] = { render };
})();
