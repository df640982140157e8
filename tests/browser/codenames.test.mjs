// Codenames in the browser with the baseline spymaster on the default data: Ann creates a
// one-team match on a phone-sized page, Ben joins by the invitation; they play it to the end,
// one proposing and the other confirming (cards chosen with the key from the admin API), with a
// miss, a reload mid-game and a spectator watching; the end shows the key; the admin replay shows
// the board at every step. Then a spymaster that cannot load: the page says so and "Try again"
// asks again; and two teams with one player each.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { adminState, apiView, card, coveredCard, createMatch, joinByInvite, newPlayerPage, tokenOf, waitForClue }
  from "./codenames_pages.mjs";

process.env.WORDHALL_SPYMASTER = "baseline";

test("one team, two players: invite, join, propose and confirm, a miss, a reload, the end, the replay", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const ann = await newPlayerPage(browser);
    const ben = await newPlayerPage(browser);
    const links = await createMatch(ann, server, { mode: "one_team", name: "Ann" });
    for (const [kind, url] of [["p", links.player], ["join", links.invite], ["watch", links.spectator]])
      assert.match(url, new RegExp(`^${server.url}/cn/${links.matchId}/${kind}/[0-9A-Za-z]{22,}$`));
    await ann.click("#open-seat");
    await ann.locator("#lobby:not([hidden])").waitFor();
    assert.equal(await ann.isVisible("#start"), true, "the host starts");
    assert.equal(await ann.locator("#lobby-link-list li").count(), 2, "the host's browser offers the links again");

    const benUrl = await joinByInvite(ben, links.invite, "Ben");
    assert.equal(await ben.isHidden("#start"), true);
    await ann.locator("#lobby-teams li", { hasText: "Ben" }).waitFor();
    await ann.click("#start");

    // Turn 1: Ann proposes a civilian, Ben confirms: a miss ends the turn.
    await waitForClue(ann, 1);
    await waitForClue(ben, 1);
    assert.match(await ann.textContent("#clue-word"), /\S/);
    assert.equal(await ann.locator("#board .word-card").count(), 25);
    assert.equal(await ann.locator("#board .word-card.revealed").count(), 0);
    assert.equal(await ann.locator("#board .word-card[data-role=red]").count(), 0, "players never see covered roles");
    let state = await adminState(server, links.matchId);
    const miss = coveredCard(state, "civilian");
    await card(ann, miss).click();
    await ben.locator(`#board .word-card.proposed[data-index="${miss}"]`).waitFor();
    assert.match(await ben.textContent("#proposal-text"), /Ann proposes/);
    assert.equal(await ann.isHidden("#confirm"), true, "the proposer waits for a teammate");
    await ben.click("#confirm");
    await ann.locator(`#board .word-card.revealed.role-civilian[data-index="${miss}"]`).waitFor();
    await waitForClue(ann, 2);
    await waitForClue(ben, 2);
    // The clue list says in words whose the missed card was.
    const missed = state.cards[miss].word;
    await ann.locator("#history-teams li[data-turn='1']", { hasText: `${missed} (civilian)` }).waitFor({ state: "attached" });
    // And under the board, until the next guess, in a sentence: the turn moved on because of it.
    await ann.locator("#proposal-text", { hasText: `Your team picked ${missed.toUpperCase()}, a civilian, which ended turn 1.` }).waitFor();

    // A spectator watches: the board, no buttons, no covered roles.
    const spectator = await newPlayerPage(browser);
    await spectator.goto(links.spectator);
    await spectator.locator("#play:not([hidden])").waitFor();
    await spectator.locator(`#board .word-card.revealed[data-index="${miss}"]`).waitFor();
    assert.equal(await spectator.locator("#board .word-card:not([disabled])").count(), 0);
    assert.equal(await spectator.locator("#board .word-card[data-role=red]").count(), 0);

    // Then red cards only, proposer and confirmer taking turns, Ben reloading after the third.
    let [proposer, confirmer] = [ben, ann];
    let found = 0;
    for (let guard = 0; guard < 40; guard++) {
      state = await adminState(server, links.matchId);
      if (state.status === "ended") break;
      await waitForClue(proposer, state.turn);
      await waitForClue(confirmer, state.turn);
      const next = coveredCard(state, "red");
      await card(proposer, next).click();
      await confirmer.locator(`#board .word-card.proposed[data-index="${next}"]`).waitFor();
      await confirmer.click("#confirm");
      await proposer.locator(`#board .word-card.revealed.role-red[data-index="${next}"]`).waitFor();
      found++;
      if (found === 1) {
        // A team that stops after a good guess: the clue list says it stopped, as an action.
        await proposer.click("#end-turn");
        await ann.locator(`#history-teams li[data-turn='${state.turn}']`, { hasText: "(then stopped)" })
          .waitFor({ state: "attached" });
      }
      if (found === 3) {
        await ben.reload();
        assert.equal(ben.url(), benUrl);
        await ben.locator("#board .word-card.revealed.role-red").nth(2).waitFor();
        assert.equal(await ben.locator("#board .word-card.revealed").count(), 4);
      }
      [proposer, confirmer] = [confirmer, proposer];
    }
    assert.equal(found, 8);

    // The end: won, the turns counted, the key on every covered card, the clues' targets shown.
    state = await adminState(server, links.matchId);
    assert.equal(state.status, "ended");
    for (const page of [ann, ben, spectator]) {
      await page.locator("#result:not([hidden])").waitFor();
      // A spectator is on no team: the team won, not "your team".
      const team = page === spectator ? "The team" : "Your team";
      assert.match(await page.textContent("#winner"),
        page === spectator ? new RegExp(`The team won in ${state.turn} turns`) : new RegExp(`Won in ${state.turn} turns`));
      assert.match(await page.textContent("#result-reason"), new RegExp(`${team} found all 8 of its cards`));
      assert.match(await page.textContent("#play-teams h3"), new RegExp(team));
      assert.match(await page.textContent("#history-teams h3"), page === spectator ? /The team.s clues/ : /Your clues/);
      assert.equal(await page.locator("#board .word-card.key").count(), 25 - 9);
      assert.equal(await page.locator("#board .word-card.key.role-assassin").count(), 1);
      await page.locator("#history-teams .targets").first().waitFor();
    }
    const end = await apiView(server, links.matchId, tokenOf(links.player));
    assert.equal(end.result.won, true);
    assert.equal(end.remaining.red, 0);

    // No page received a seat token that is not its own; no page error.
    assert.ok(!ann.received.some((f) => f.includes(tokenOf(benUrl))), "Ben's token reached Ann");
    assert.ok(!ben.received.some((f) => f.includes(tokenOf(links.player))), "Ann's token reached Ben");
    for (const page of [ann, ben, spectator]) assert.deepEqual(page.errors || [], []);

    // The admin replay: the board with its key after every event.
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${server.url}/admin`);
    await admin.fill("#token-input", server.adminToken);
    await admin.click("#token-form button[type=submit]");
    await admin.locator("#match-rows tr", { hasText: links.matchId }).click();
    await admin.locator("#event-list li").nth(8).waitFor();
    await admin.click("#last");
    await admin.locator(".cn .cn-board .cn-card").nth(24).waitFor();
    assert.equal(await admin.locator(".cn-board .cn-card.cn-revealed").count(), 9);
    assert.equal(await admin.locator(".cn-board .cn-card.cn-red").count(), 8);
    assert.equal(await admin.locator(".cn-board .cn-card.cn-assassin").count(), 1);
    assert.match(await admin.textContent(".cn-table"), /meant/);
    await admin.click("#first");
    for (let i = 0; i < 4; i++) await admin.click("#next");  // created, 2 joins, started
    await admin.waitForFunction(() => document.querySelector("#position").textContent.startsWith("4"));
    await admin.waitForSelector("#state-loading[hidden]", { state: "attached" });
    assert.equal(await admin.locator(".cn-board .cn-card").count(), 25);
    assert.equal(await admin.locator(".cn-board .cn-card.cn-revealed").count(), 0);
    assert.match(await admin.textContent(".cn-now"), /waiting for the spymaster/);
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("a spymaster that cannot answer: the page says why, the match waits, Try again asks again", async () => {
  const server = new WordhallServer({ port: await freePort() });
  process.env.WORDHALL_VECTORS = "/nonexistent/vectors.whv";
  try {
    await server.start();
  } finally {
    delete process.env.WORDHALL_VECTORS;
  }
  const browser = await launchChromium();
  try {
    const sol = await newPlayerPage(browser);
    const links = await createMatch(sol, server, { mode: "one_team", name: "Sol" });
    await sol.click("#open-seat");
    await sol.locator("#lobby:not([hidden])").waitFor();
    await sol.click("#start");
    await sol.locator("#clue-failed:not([hidden])").waitFor({ timeout: 30000 });
    assert.match(await sol.textContent("#clue-error"), /not available/);
    assert.equal(await sol.getAttribute("#clue-error", "data-code"), "spymaster_unavailable");
    assert.equal(await sol.locator("#board .word-card:not([disabled])").count(), 0, "nothing to guess yet");
    await sol.click("#retry");
    const token = tokenOf(links.player);
    for (let i = 0; i < 100; i++) {
      const v = await apiView(server, links.matchId, token);
      if (v.spymaster.status === "failed" && v.spymaster.attempt === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const v = await apiView(server, links.matchId, token);
    assert.equal(v.spymaster.attempt, 2);
    assert.equal(v.spymaster.status, "failed");
    await sol.locator("#clue-failed:not([hidden])").waitFor();
    assert.deepEqual(sol.errors || [], []);
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("two teams, one player each: the team choice, whose turn it is, a full game", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const red = await newPlayerPage(browser, { width: 1280, height: 900 });
    const blue = await newPlayerPage(browser);
    const links = await createMatch(red, server, { mode: "two_teams", name: "Rita", team: "red" });
    await red.click("#open-seat");
    await red.locator("#lobby:not([hidden])").waitFor();
    await red.click("#start");
    await red.locator('#start + .field-error[data-code="team_empty"]').waitFor();
    await joinByInvite(blue, links.invite, "Bo", "blue");
    await red.locator("#lobby-teams .team-blue li", { hasText: "Bo" }).waitFor();
    await red.click("#start");
    await red.locator("#play:not([hidden])").waitFor();
    const pages = { red, blue };
    for (let guard = 0; guard < 40; guard++) {
      const state = await adminState(server, links.matchId);
      if (state.status === "ended") break;
      const mover = pages[state.team], waiting = pages[state.team === "red" ? "blue" : "red"];
      await waitForClue(mover, state.turn);
      await waiting.locator("#turn", { hasText: state.team === "red" ? "Red's turn" : "Blue's turn" }).waitFor();
      assert.equal(await waiting.locator("#board .word-card:not([disabled])").count(), 0, "the other team waits");
      if (guard === 0) {
        // The waiting team is told so; a team of one guesses without proposing to anyone.
        await waiting.locator("#proposal-text", { hasText: /^(Red|Blue) is guessing: wait for your turn\.$/ }).waitFor();
        await mover.locator("#proposal-text", { hasText: "Tap a card to guess it." }).waitFor();
      }
      // Alone on the team: the proposer confirms.
      const next = coveredCard(state, state.team);
      await card(mover, next).click();
      await mover.locator("#confirm:not([hidden])").click();
      await mover.locator(`#board .word-card.revealed[data-index="${next}"]`).waitFor();
    }
    const end = await adminState(server, links.matchId);
    assert.equal(end.status, "ended");
    for (const page of [red, blue]) {
      await page.locator("#result:not([hidden])").waitFor();
      assert.match(await page.textContent("#winner"), end.result.winner === "red"
        ? (page === red ? /Your team wins/ : /Red wins/) : (page === blue ? /Your team wins/ : /Blue wins/));
      const winner = end.result.winner === "red" ? "Red" : "Blue";
      assert.match(await page.textContent("#result-reason"), new RegExp(`${winner} found all \\d of their cards`));
      assert.match(await page.textContent("#result-reason"), /dashed for a civilian, striped for the assassin/);
      assert.deepEqual(page.errors || [], []);
    }
  } finally {
    await browser.close();
    server.cleanup();
  }
});
