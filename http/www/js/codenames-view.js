// Drawing a Codenames view (docs/codenames.md "Views") into the game page: the teams, the 5×5
// board (each word fitted to its card), the turn and the cards left, the clue bar (the clue,
// "Waiting for the spymaster…", or the failure with "Try again"), the clue history per team and
// the result (who won and why, the rematch). Pure rendering: the page controller
// (codenames-game.js) owns the connection and the commands.
import { ROLE_NAMES, TEAM_NAMES, el, errorText } from "/js/codenames-text.js";

const $ = (id) => document.getElementById(id);

const teamsOf = (view) => (view.mode === "one_team" ? ["red"] : ["red", "blue"]);
const youOf = (view) => (view.you ? view.you.seat : -1);
// The one team as the viewer names it: a player's own, a spectator's the team they watch.
const oneTeam = (view) => (view.you ? "Your team" : "The team");

// One box per team with its players; the viewer's own name in bold.
export function renderTeams(container, view) {
  container.classList.toggle("one", view.mode === "one_team");
  container.replaceChildren(...teamsOf(view).map((team) => el("div", { className: `team team-${team}`, dataset: { team } },
    el("h3", { className: team }, view.mode === "one_team" ? oneTeam(view) : TEAM_NAMES[team]),
    el("ul", null, view.seats.filter((s) => s.team === team).map((s) => el("li",
      { className: s.seat === youOf(view) ? "me" : "", dataset: { seat: String(s.seat) } },
      s.name, s.host ? el("span", { className: "tag" }, "host") : null,
      s.seat === youOf(view) ? el("span", { className: "tag" }, "you") : null,
      s.online ? null : el("span", { className: "offline" }, " · offline")))))));
}

// The 25 cards; covered ones are buttons for the players who may guess now. Each word sits on one
// line in its own box (never broken inside); fitWords shrinks the ones too wide for their card.
export function renderBoard(container, view, onCard) {
  const proposed = view.proposal ? view.proposal.card : -1;
  const ended = view.status === "ended";
  container.replaceChildren(...view.cards.map((card) => {
    const classes = ["word-card"];
    if (card.revealed) classes.push("revealed");
    else if (ended && card.role) classes.push("key");
    if (card.role) classes.push(`role-${card.role}`);
    if (card.index === proposed) classes.push("proposed");
    const label = card.revealed ? `${card.word}, ${ROLE_NAMES[card.role]}`
      : ended ? `${card.word}, was ${ROLE_NAMES[card.role]}` : card.word;
    return el("button", {
      type: "button", className: classes.join(" "), disabled: !(view.can_guess && !card.revealed),
      dataset: { index: String(card.index), role: card.role || "", word: card.word }, ariaLabel: label,
      onclick: () => onCard(card.index),
    }, el("span", { className: "word" }, card.word));
  }));
  fitWords(container);
}

// Shrinks each card's word that is wider than its card until it fits (the CSS size is the
// largest; a word never wraps). Measured, not guessed from the length: fonts differ by device.
export function fitWords(container) {
  for (const word of container.querySelectorAll(".word-card .word")) {
    word.style.fontSize = "";
    for (let tries = 0; tries < 4 && word.scrollWidth > word.clientWidth && word.clientWidth > 0; tries++) {
      const size = parseFloat(getComputedStyle(word).fontSize);
      const fitted = Math.floor(size * (word.clientWidth / word.scrollWidth) * 4) / 4;
      word.style.fontSize = `${Math.min(fitted, size - 0.25)}px`;
    }
  }
}

function turnText(view) {
  if (view.status === "ended") return `Game over · ${headline(view)}`;
  const mine = view.you && view.you.team === view.team;
  if (view.mode === "one_team") return mine ? "Your turn" : "Playing";
  if (mine) return `Your team's turn (${TEAM_NAMES[view.team]})`;
  return `${TEAM_NAMES[view.team]}'s turn`;
}

export function renderStatus(view) {
  const turn = $("turn");
  turn.textContent = turnText(view);
  turn.className = `turn ${view.team || ""}${view.you && view.you.team === view.team ? " mine" : ""}`;
  $("remaining-red").textContent = view.remaining.red;
  $("remaining-blue").textContent = view.remaining.blue;
  $("remaining-blue-box").firstChild.textContent = view.mode === "one_team" ? "Enemy " : "Blue ";
  const game = view.game_number > 1 ? `Game ${view.game_number} · ` : "";
  $("turn-count").textContent = view.status === "lobby" ? "" : `${game}Turn ${view.turn}`;
}

export function renderClue(view) {
  const bar = $("clue-bar");
  bar.className = `clue-bar${view.team ? ` team-${view.team}` : ""}`;
  const clue = view.clue, spy = view.spymaster;
  $("clue").hidden = !clue;
  if (clue) {
    $("clue-word").textContent = clue.word;
    $("clue-number").textContent = clue.number;
    $("guesses-left").textContent = clue.guesses_left;
  }
  $("thinking").hidden = !(spy && spy.status === "thinking");
  $("clue-failed").hidden = !(spy && spy.status === "failed");
  if (spy && spy.status === "failed") {
    $("clue-error").textContent = errorText(spy.error.code, spy.error.message);
    $("clue-error").title = spy.error.message;
    $("clue-error").dataset.code = spy.error.code;
    $("retry").hidden = !spy.can_retry;
  }
  bar.hidden = view.status === "ended" && !clue;
}

// How the last turn ended, while the next has no guess yet, when a guess missed: the turn moves
// on at once, and the card's colour alone does not say to everyone what happened.
function missText(view) {
  const now = view.history.find((h) => h.turn === view.turn);
  if (now && now.guesses.length) return "";
  const last = [...view.history].reverse().find((h) => h.turn < view.turn);
  if (!last || last.ended !== "miss" || !last.guesses.length) return "";
  const g = last.guesses[last.guesses.length - 1];
  const who = view.mode === "one_team" ? oneTeam(view) : TEAM_NAMES[last.team];
  const whose = g.role === "civilian" ? "a civilian" : view.mode === "one_team" ? "an enemy card" : `${TEAM_NAMES[g.role]}'s card`;
  return `${who} picked ${g.word.toUpperCase()}, ${whose}, which ended turn ${last.turn}.`;
}

// The proposal line and the confirm / end-turn buttons; what a team waiting for its turn does.
export function renderControls(view) {
  const p = view.proposal;
  let text = "";
  if (view.status === "playing" && view.clue) {
    if (p) {
      const mine = view.you && p.seat === view.you.seat;
      text = `${mine ? "You propose" : `${p.name} proposes`} ${p.word.toUpperCase()}.` +
        (view.can_confirm ? "" : mine ? " A teammate confirms it." : "");
    } else if (view.can_guess) {
      const alone = view.seats.filter((s) => s.team === view.you.team).length === 1;
      text = alone ? "Tap a card to guess it." : "Tap a card to propose it to your team.";
    } else if (view.you && view.mode === "two_teams" && view.you.team !== view.team) {
      text = `${TEAM_NAMES[view.team]} is guessing: wait for your turn.`;
    }
  }
  if (view.status === "playing") text = [missText(view), text].filter(Boolean).join(" ");
  $("proposal-text").textContent = text;
  $("confirm").hidden = !view.can_confirm;
  $("end-turn").hidden = !view.can_end_turn;
}

// Whose a guessed card was, in words, when it was not the guessing team's: the colour alone
// does not say it to everyone.
function notOurs(view, h, g) {
  if (g.role === h.team) return "";
  if (g.role === "civilian" || g.role === "assassin") return ` (${ROLE_NAMES[g.role]})`;
  return view.mode === "one_team" ? " (enemy)" : ` (${TEAM_NAMES[g.role]}'s)`;
}

// A team that ended its turn itself: said as the action it was, not as what a card did.
function stopped(h) {
  if (h.ended !== "ended") return "";
  return h.guesses.length ? " (then stopped)" : " (passed without a guess)";
}

function historyItem(view, h) {
  return el("li", { className: `team-${h.team}`, dataset: { turn: String(h.turn) } },
    el("span", { className: "clue" }, h.clue), ` ${h.number}`,
    h.guesses.length ? ": " : "",
    h.guesses.flatMap((g, i) => [i ? ", " : "",
      el("span", { className: `guess role-${g.role}` }, g.word), notOurs(view, h, g)]),
    stopped(h),
    h.targets ? el("div", { className: "targets" }, `meant: ${h.targets.join(", ")}`) : null);
}

export function renderHistory(container, view) {
  container.classList.toggle("one", view.mode === "one_team");
  container.replaceChildren(...teamsOf(view).map((team) => {
    const items = view.history.filter((h) => h.team === team);
    return el("div", { className: `team team-${team}`, dataset: { team } },
      el("h3", { className: team }, view.mode === "one_team" ? (view.you ? "Your clues" : "The team's clues")
        : `${TEAM_NAMES[team]}'s clues`),
      items.length ? el("ol", { className: "history" }, items.map((h) => historyItem(view, h)))
        : el("p", { className: "muted" }, "None yet."));
  }));
}

// Who won, from the viewer's side: "Your team wins!", "Blue wins.", "Won in 6 turns!", "Lost.";
// a spectator of one team: "The team won in 6 turns.", "The team lost."
function headline(view) {
  const r = view.result;
  if (view.mode === "one_team") {
    const turns = `${view.turn} turn${view.turn === 1 ? "" : "s"}`;
    if (!view.you) return r.winner === "red" ? `The team won in ${turns}.` : "The team lost.";
    return r.winner === "red" ? `Won in ${turns}!` : "Lost.";
  }
  if (r.won === true) return `Your team wins! (${TEAM_NAMES[r.winner]})`;
  return `${TEAM_NAMES[r.winner]} wins.`;
}

// Why, in a sentence, from the view's `result.why`, `by` and `last_card`.
function reasonText(view) {
  const r = view.result, one = view.mode === "one_team";
  const by = one ? oneTeam(view) : TEAM_NAMES[r.by] || "A team";
  const last = r.last_card ? r.last_card.toUpperCase() : "";
  const total = view.cards.filter((c) => c.role === r.winner).length;
  switch (r.why) {
    case "all_found":
      return one ? `${by} found all ${total} of its cards.`
        : `${TEAM_NAMES[r.winner]} found all ${total} of their cards; the last was ${last}.`;
    case "other_revealed_last":
      return `${by} revealed ${TEAM_NAMES[r.winner]}'s last card, ${last}, which wins it for ${TEAM_NAMES[r.winner]}.`;
    case "assassin":
      return `${by} revealed the assassin, ${last}: ${one ? "the game is lost" : `${by} loses`}.`;
    case "enemy_found":
      return `${by} revealed the enemy's last card, ${last}: all ${total} enemy cards are out.`;
    default:
      return "";
  }
}

// The result at the end: who won and why, and the rematch (players) with the same teams.
export function renderResult(view) {
  const r = view.result;
  $("result").hidden = !r;
  if (!r) return;
  $("winner").textContent = headline(view);
  $("result").dataset.winner = r.winner;
  $("result").dataset.why = r.why;
  // The key's outlines say nothing to a new player by themselves.
  const colours = view.mode === "one_team" ? "red for your team's, blue for the enemy's" : "red or blue for each team's";
  $("result-reason").textContent = `${reasonText(view)} The key is shown on the board: the cards nobody ` +
    `revealed are outlined, ${colours}, dashed for a civilian, striped for the assassin.`;
  $("rematch").hidden = !view.you;
  $("rematch").dataset.gameNumber = String(view.game_number);
  $("rematch-hint").textContent = view.you
    ? "Rematch: a new board for the same players and teams, right away."
    : "A player can start a rematch; this page follows it.";
}
