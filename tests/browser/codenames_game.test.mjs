// The Codenames game page as players meet it: on a phone every word fits its card (a deck of long
// words), the page never scrolls sideways; a command given while the server is down says so next
// to its button and the message goes when the connection is back; the end says who won and why,
// the cards left are labelled; "Rematch, same teams" deals game 2 to the same seats, once even
// when both players click.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { adminState, card, coveredCard, createMatch, joinByInvite, newPlayerPage, waitForClue }
  from "./codenames_pages.mjs";

process.env.WORDHALL_SPYMASTER = "baseline";

// The longest words of the default deck and longer common ones: 30 entries of 10 to 13 letters.
const LONG_WORDS = ["instrument", "attraction", "refrigerator", "thunderstorm", "photographer",
  "headquarters", "encyclopedia", "kindergarten", "championship", "constellation", "neighborhood",
  "grandmother", "grandfather", "television", "helicopter", "motorcycle", "skyscraper", "basketball",
  "microscope", "restaurant", "university", "lighthouse", "strawberry", "watermelon", "dictionary",
  "government", "volleyball", "playground", "earthquake", "parliament"];

// Each card's word: its box's width, the width its text needs, its font size in px.
function wordSizes(page) {
  return page.$$eval("#board .word-card .word", (words) => words.map((w) => ({
    word: w.textContent, box: w.clientWidth, needs: w.scrollWidth, px: parseFloat(getComputedStyle(w).fontSize),
    lines: Math.round(w.getBoundingClientRect().height / parseFloat(getComputedStyle(w).lineHeight)) })));
}

const sidewaysScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth > innerWidth);

test("a phone shows every word whole on its card, also the longest, without sideways scroll", async () => {
  const dir = mkdtempSync(join(tmpdir(), "wordhall-deck-"));
  const deck = join(dir, "long-deck.txt");
  writeFileSync(deck, `# long words\n${LONG_WORDS.join("\n")}\n`);
  const server = new WordhallServer({ port: await freePort() });
  process.env.WORDHALL_CODENAMES_DECK = deck;
  try {
    await server.start();
  } finally {
    delete process.env.WORDHALL_CODENAMES_DECK;
  }
  const browser = await launchChromium();
  try {
    const ann = await newPlayerPage(browser);
    await createMatch(ann, server, { mode: "one_team", name: "Ann" });
    await ann.click("#open-seat");
    await ann.locator("#lobby:not([hidden])").waitFor();
    await ann.click("#start");
    await ann.locator("#play:not([hidden])").waitFor();
    await ann.locator("#board .word-card").nth(24).waitFor();
    for (const [width, height] of [[390, 844], [360, 740], [1280, 800], [390, 844]]) {
      await ann.setViewportSize({ width, height });
      await ann.waitForTimeout(100); // the resize handler fits again
      const sizes = await wordSizes(ann);
      assert.equal(sizes.length, 25);
      for (const s of sizes) {
        assert.ok(s.needs <= s.box, `${s.word} needs ${s.needs}px in a ${s.box}px card at ${width}px`);
        assert.equal(s.lines, 1, `${s.word} on one line`);
        assert.ok(s.px >= 7, `${s.word} stays readable (${s.px}px) at ${width}px`);
      }
      // The real deck's longest words (10 letters) keep a larger size than the longest here.
      const ten = sizes.filter((s) => s.word.length === 10).map((s) => s.px);
      if (width === 390 && ten.length) assert.ok(Math.min(...ten) >= 8.5, `10 letters at ${Math.min(...ten)}px`);
      assert.equal(await sidewaysScroll(ann), false, `no sideways scroll at ${width}px`);
    }
    assert.deepEqual(ann.errors || [], []);
  } finally {
    await browser.close();
    server.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("offline: the refusal sits next to its button and goes when the connection is back", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const sol = await newPlayerPage(browser);
    await createMatch(sol, server, { mode: "one_team", name: "Sol" });
    await sol.click("#open-seat");
    await sol.locator("#lobby:not([hidden])").waitFor();
    await sol.locator('#connection[data-status="online"]').waitFor();

    assert.equal(await server.stop(), 0);
    await sol.waitForSelector('#connection[data-status="restarting"], #connection[data-status="offline"]');
    await sol.click("#start");
    // The command waits for the connection a moment, then says why nothing happened, by the button.
    const note = sol.locator('#start + .field-error[data-code="offline"]');
    await note.waitFor({ timeout: 10000 });
    assert.match(await note.textContent(), /Not connected to the server/);
    assert.equal(await sol.locator(".field-error").count(), 1);

    await server.start();
    await sol.locator('#connection[data-status="online"]').waitFor({ timeout: 20000 });
    assert.equal(await sol.textContent("#connection"), "Connected");
    await note.waitFor({ state: "detached" });
    assert.equal(await sol.locator(".field-error").count(), 0, "no stale 'Not connected' beside 'Connected'");
    await sol.locator("#lobby:not([hidden])").waitFor();

    // A click during a short drop goes through once the connection is back.
    assert.equal(await server.stop(), 0);
    await sol.waitForSelector('#connection[data-status="restarting"], #connection[data-status="offline"]');
    const started = server.start();
    await sol.click("#start");
    await started;
    await sol.locator("#play:not([hidden])").waitFor({ timeout: 20000 });
    assert.equal(await sol.locator(".field-error").count(), 0);
    assert.deepEqual(sol.errors || [], []);
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("the end says who won and why; a rematch deals game 2 to the same teams, once", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const rita = await newPlayerPage(browser, { width: 1280, height: 800 });
    const bo = await newPlayerPage(browser);
    const links = await createMatch(rita, server, { mode: "two_teams", name: "Rita", team: "red" });
    await rita.click("#open-seat");
    await rita.locator("#lobby:not([hidden])").waitFor();
    // A refusal sits next to the button that caused it, in a sentence.
    await rita.click("#start");
    const refused = rita.locator('#start + .field-error[data-code="team_empty"]');
    await refused.waitFor();
    assert.match(await refused.textContent(), /Every team needs a player/);
    const boUrl = await joinByInvite(bo, links.invite, "Bo", "blue");
    await rita.locator("#lobby-teams .team-blue li", { hasText: "Bo" }).waitFor();
    const ritaUrl = rita.url();
    await rita.click("#start");
    await rita.locator("#play:not([hidden])").waitFor();
    const spectator = await newPlayerPage(browser);
    await spectator.goto(links.spectator);

    // The team to move reveals the assassin: the other team wins.
    let state = await adminState(server, links.matchId);
    const pages = { red: rita, blue: bo };
    const mover = pages[state.team], loser = state.team, winner = loser === "red" ? "blue" : "red";
    const names = { red: "Red", blue: "Blue" };
    await waitForClue(mover, 1);
    const assassin = coveredCard(state, "assassin");
    await card(mover, assassin).click();
    await mover.locator("#confirm:not([hidden])").click();
    for (const page of [rita, bo, spectator]) {
      await page.locator("#result:not([hidden])").waitFor();
      assert.match(await page.textContent("#turn"), new RegExp(`Game over · .*${names[winner]}`));
      assert.match(await page.textContent(".scores"), /Cards left:\s*Red \d+\s*Blue \d+/);
      const reason = await page.textContent("#result-reason");
      assert.match(reason, new RegExp(`${names[loser]} revealed the assassin, ${state.cards[assassin].word.toUpperCase()}`));
      assert.doesNotMatch(reason, /null|undefined/);
    }
    assert.match(await pages[winner].textContent("#winner"), /Your team wins!/);
    assert.match(await pages[loser].textContent("#winner"), new RegExp(`${names[winner]} wins`));
    assert.equal(await spectator.isHidden("#rematch"), true, "spectators do not start rematches");
    assert.match(await spectator.textContent("#rematch-hint"), /A player can start a rematch/);

    // Both players click "Rematch" at once: one new game, the same seats and teams.
    const firstWords = state.cards.map((c) => c.word).join(" ");
    // (Clicked through the DOM: the first rematch to arrive hides the other page's button.)
    const click = (page) => page.$eval("#rematch", (button) => button.click());
    await Promise.all([click(rita), click(bo)]);
    for (const page of [rita, bo, spectator]) {
      await page.locator("#turn-count", { hasText: "Game 2 · Turn 1" }).waitFor();
      await page.locator("#result").waitFor({ state: "hidden" });
      assert.equal(await page.locator("#board .word-card.revealed").count(), 0);
      assert.equal(await page.locator("#board .word-card.key").count(), 0, "the new key is hidden");
      assert.equal(await page.locator(".field-error").count(), 0);
    }
    state = await adminState(server, links.matchId);
    assert.equal(state.game_number, 2);
    assert.equal(state.status, "playing");
    assert.notEqual(state.cards.map((c) => c.word).join(" "), firstWords);
    assert.equal(rita.url(), ritaUrl);
    assert.equal(bo.url(), boUrl);
    assert.match(await rita.textContent("#play-teams .team-red"), /Rita/);
    assert.match(await rita.textContent("#play-teams .team-blue"), /Bo/);
    await waitForClue(pages[state.team], 1);
    for (const page of [rita, bo, spectator]) assert.deepEqual(page.errors || [], []);
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("while the learned spymaster trains, the page says the classic one gives the clues", async () => {
  const dir = mkdtempSync(join(tmpdir(), "wordhall-training-"));
  const server = new WordhallServer({ port: await freePort() });
  process.env.WORDHALL_SPYMASTER = "auto";
  process.env.WORDHALL_SPYMASTER_MODEL = join(dir, "not-trained-yet.whsm");
  process.env.WORDHALL_SPYMASTER_SCORER = join(dir, "not-trained-yet.whcs");
  try {
    await server.start();
  } finally {
    process.env.WORDHALL_SPYMASTER = "baseline";
    delete process.env.WORDHALL_SPYMASTER_MODEL;
    delete process.env.WORDHALL_SPYMASTER_SCORER;
  }
  const browser = await launchChromium();
  try {
    const ann = await newPlayerPage(browser);
    await createMatch(ann, server, { mode: "one_team", name: "Ann" });
    await ann.click("#open-seat");
    await ann.locator("#lobby:not([hidden])").waitFor();
    await ann.click("#start");
    await ann.locator("#play:not([hidden])").waitFor();
    const note = ann.locator("#spymaster-note");
    await note.waitFor({ state: "visible" });
    assert.match(await note.textContent(), /still training.*classic spymaster gives the clues/);
    await waitForClue(ann, 1); // the classic spymaster's clue arrives meanwhile
  } finally {
    await browser.close();
    server.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
});
