// Vector cards after the moves: three players on phones (a joker, stakes, one who never moves).
// The host's "End round now" asks first, naming who has not moved; the results table keeps Par,
// Points and Stake on a phone and cuts nothing; "Why?" shows each word's share (adding up to the
// score), the target's rank and the nearest words; the results copy as a share text; a rematch
// takes everyone to a new match in one click each. Then the rough edges of a first game: a bad
// invite link, a joker that is the round's own word, focus on a card's parts, and the daily round.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { createMatch, expectJokerUsable, jokerWordFor, joinMatch, newPlayerPage, playMove, resultsOnScreen, roundOnScreen, waitForWords } from "./vectorcards_pages.mjs";

const shots = process.env.WORDHALL_SHOTS; // a folder for screenshots, when set

async function shot(page, name) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

// Nothing a player reads is a placeholder of the code.
async function assertNoPlaceholders(page, where) {
  const text = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(text, /\b(null|undefined|NaN)\b/, `${where}: ${text}`);
  assert.doesNotMatch(text, /\b[a-z]+_[a-z_]+\b/, `${where} shows a raw code: ${text}`);
}

// Plays a joker with `word` (or another word when `word` is one of the round's) as the private
// card, the first public card added (or taken away), as playMove picks cards: until each shows as
// selected. Resolves with the word played.
async function playJoker(page, word, { minusPublic = false } = {}) {
  assert.equal(await page.locator("#private-cards .chip").first().getAttribute("data-token"), "JOKER");
  const played = await jokerWordFor(page, word);
  await playMove(page, { minusPublic, jokerWord: played });
  return played;
}

test("results: confirm to end, the phone table, Why?, share text, rematch", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    await waitForWords(server);
    const ann = await newPlayerPage(browser);
    await ann.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const bob = await newPlayerPage(browser);
    const cy = await newPlayerPage(browser);
    await createMatch(ann, server, { matchName: "Avond", name: "Ann", rounds: 1, wildcard: 1, stake: true });
    const invite = await ann.inputValue("#invite-url");
    await joinMatch(bob, invite, "Bob");
    await joinMatch(cy, invite, "Cy");
    await ann.locator("#players li").nth(2).waitFor();
    await ann.click("#start");
    for (const page of [ann, bob, cy]) await roundOnScreen(page, 1);

    const annJoker = await playJoker(ann, "queen");
    await assertNoPlaceholders(ann, "right after submitting");
    // A joker may be any word: a long one must not push the phone's table past the screen.
    const bobJoker = await playJoker(bob, "internationalization", { minusPublic: true });
    await ann.locator("#submitted-by", { hasText: "Bob" }).waitFor();

    // Ending the round asks first and names who has not moved; "keep playing" changes nothing.
    await ann.click("#resolve");
    const dialog = ann.locator("#resolve-dialog[open]");
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Cy/);
    assert.doesNotMatch(await ann.textContent("#resolve-waiting"), /Ann|Bob/);
    await shot(ann, "confirm-390");
    await ann.click("#resolve-cancel");
    assert.equal(await ann.locator("#resolve-dialog[open]").count(), 0);
    assert.equal(await ann.isVisible("#round"), true);
    await ann.click("#resolve");
    await ann.click("#resolve-confirm");

    const rows = await resultsOnScreen(ann, 1);
    assert.equal(rows.length, 3);
    // Cy did not move: last, labelled, whatever the start score.
    assert.match(rows[2].cells[1], /Cy/);
    assert.match(rows[2].move, /geen zet/);
    // Sitting the round out earns nothing, as the note under the table says.
    assert.equal(rows[2].cells[5], "0");
    assert.match(await ann.textContent("#points-note"), /plaats 1 krijgt 3.*zonder zet geen punten.*Inzet/);
    // Everyone's whole move, the joker's word starred.
    assert.match(rows.find((r) => /Ann/.test(r.cells[1])).move, new RegExp(`^\\+ \\S+ \\+ ${annJoker} ★$`));
    assert.match(rows.find((r) => /Bob/.test(r.cells[1])).move, new RegExp(`^− \\S+ \\+ ${bobJoker} ★$`));
    await assertNoPlaceholders(ann, "results");

    // On a phone the table keeps Par, Points and Stake, and nothing is cut or scrolls sideways.
    await shot(ann, "results-390");
    const layout = await ann.evaluate(() => {
      const wrap = document.querySelector("#results .table-wrap");
      const box = wrap.getBoundingClientRect();
      const visible = (n) => n.getBoundingClientRect().width > 0 && getComputedStyle(n).display !== "none";
      return {
        headers: [...document.querySelectorAll("#leaderboard th")].filter(visible).map((n) => n.innerText),
        overflow: wrap.scrollWidth - wrap.clientWidth,
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        cut: [...document.querySelectorAll("#leaderboard td.cos, #leaderboard td.stake-cell")]
          .some((n) => n.getBoundingClientRect().right > box.right + 0.5 || n.scrollWidth > n.clientWidth + 1),
      };
    });
    for (const h of ["Par", "Pnt.", "Inzet", "Cos."]) assert.ok(layout.headers.includes(h), `${h} in ${layout.headers}`);
    assert.equal(layout.overflow, 0);
    assert.ok(layout.pageOverflow <= 0);
    assert.equal(layout.cut, false);

    // Why? for Bob: three shares that add up to his score, the target's rank, the nearest words.
    const bobRow = ann.locator("#leaderboard tbody tr", { hasText: "Bob" });
    await bobRow.locator(".why-button").click();
    await ann.locator("#why:not([hidden]) #why-shares").waitFor();
    const shares = await ann.locator("#why-shares li[data-share]").evaluateAll((n) => n.map((x) => Number(x.dataset.share)));
    assert.equal(shares.length, 3);
    const bobScore = Number((await bobRow.locator("td.cos").evaluate((n) => n.firstChild.textContent)));
    assert.ok(Math.abs(shares.reduce((a, b) => a + b, 0) - bobScore) < 0.0006, `${shares} add up to ${bobScore}`);
    assert.match(await ann.textContent("#why-shares"), new RegExp(`${bobJoker} ★`));
    assert.match(await ann.textContent("#why-rank"), /plek \d+/);
    await ann.locator("#why-nearest li").nth(4).waitFor();
    assert.equal(await bobRow.locator(".why-button").getAttribute("aria-expanded"), "true");
    await shot(ann, "why-390");
    // Cy's Why? says there was no move.
    await ann.locator("#leaderboard tbody tr", { hasText: "Cy" }).locator(".why-button").click();
    assert.match(await ann.textContent("#why"), /geen zet/);

    // The share text: the round, a bar per player, no placeholders.
    await ann.click("#share");
    const shared = await ann.evaluate(() => navigator.clipboard.readText());
    assert.match(shared, /^Vectorkaarten ronde 1\/1: \S+ → \S+\n/);
    assert.equal((shared.match(/[🟥🟧🟩🟦⬜]{10}/gu) || []).length, 3);
    assert.match(shared, /Cy \(geen zet \(no move\)\)/);
    assert.doesNotMatch(shared, /null|undefined/);

    // A rematch: Ann's click creates and joins the new match; Bob and Cy join it in one click.
    await ann.locator("#final:not([hidden])").waitFor();
    await ann.click("#rematch");
    await ann.waitForURL((url) => !url.href.includes(invite.split("=")[1]));
    await ann.locator("#lobby:not([hidden])").waitFor();
    await ann.locator("#players li.me", { hasText: "Ann" }).waitFor();
    for (const [page, name] of [[bob, "Bob"], [cy, "Cy"]]) {
      await page.locator("#rematch", { hasText: /nieuwe spel/ }).waitFor();
      await page.click("#rematch");
      await page.locator("#lobby:not([hidden])").waitFor();
      await page.locator("#players li.me", { hasText: name }).waitFor();
    }
    await ann.locator("#players li").nth(2).waitFor();
    assert.equal(await ann.isVisible("#start"), true, "Ann hosts the rematch");
    assert.match(await ann.textContent("#lobby-settings"), /Inzet/); // the same settings: stakes
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("rough edges: a bad invite link, a joker that is a round word, focus on a card's parts, the daily round", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    await waitForWords(server);
    const page = await newPlayerPage(browser);

    // A match the server does not know: said so, with the way to a new one.
    await page.goto(`${server.url}/vectorcards.html?match=bogus`);
    await page.locator("#missing:not([hidden])").waitFor();
    assert.match(await page.textContent("#missing"), /bestaat niet/);
    await shot(page, "missing-390");
    await page.click("#missing a");
    await page.locator("#landing:not([hidden])").waitFor();

    // A joker that is this round's start word: the live check refuses it, saying why.
    await createMatch(page, server, { matchName: "Joker", name: "Dee", rounds: 1, wildcard: 1 });
    await page.click("#start");
    const round = await roundOnScreen(page, 1);
    await page.locator("#public-cards .chip-word").first().click();
    await page.locator("#private-cards .chip-word").first().click();
    await page.fill("#joker-input", round.start.toUpperCase());
    await page.locator("#joker-refused", { hasText: round.start }).waitFor();
    assert.equal(await page.isDisabled("#submit"), true);
    // An unknown word without suggestions gets no empty "did you mean".
    await page.fill("#joker-input", "qqqqzzzzxxxx");
    await page.locator("#joker-status .bad").waitFor();
    assert.doesNotMatch(await page.textContent("#joker-status"), /Bedoel je/);
    await assertNoPlaceholders(page, "an unknown joker word");

    // Keyboard focus on a card shows which part has it: the word, then its sign, ringed whole.
    await page.locator("#public-cards .chip-word").first().focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    const ring = async () => page.evaluate(() => {
      const n = document.activeElement;
      const s = getComputedStyle(n);
      const chip = n.closest(".chip").getBoundingClientRect();
      const own = n.getBoundingClientRect();
      return { part: n.className, outline: s.outlineStyle, width: s.outlineWidth, offset: s.outlineOffset,
               inside: own.left >= chip.left && own.right <= chip.right && own.height >= 40 };
    });
    const word = await ring();
    assert.equal(word.part, "chip-word");
    assert.equal(word.outline, "solid");
    assert.equal(word.offset, "-3px"); // drawn inside the chip, never clipped to a sliver
    assert.ok(word.inside);
    await page.keyboard.press("Tab");
    assert.equal((await ring()).part, "chip-sign");
    await shot(page, "focus-390");

    // The daily round: two players on the same date get the same words and cards.
    const daily = async () => {
      const p = await newPlayerPage(browser);
      await p.goto(`${server.url}/vectorcards.html`);
      await p.fill("#create-name", "Solo");
      await p.click("#daily");
      return [p, await roundOnScreen(p, 1)];
    };
    const [first, one] = await daily();
    const [, two] = await daily();
    assert.deepEqual(two, one);
    await first.locator("#public-cards .chip-word").first().click();
    await first.locator("#private-cards .chip-word").first().click();
    if (await first.isVisible("#joker-input")) {
      await first.fill("#joker-input", await jokerWordFor(first));
      await expectJokerUsable(first);
    }
    await first.click("#submit");
    await resultsOnScreen(first, 1);
    await first.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await first.click("#share");
    const shared = await first.evaluate(() => navigator.clipboard.readText());
    assert.match(shared, /^Vectorkaarten dagronde \d{4}-\d{2}-\d{2}\n[🟥🟧🟩🟦⬜]{10} -?\d\.\d{3}/u);
    for (const w of [one.start, one.target])
      assert.doesNotMatch(shared, new RegExp(`\\b${w}\\b`), "the daily share spoils nothing");
  } finally {
    await browser.close();
    server.cleanup();
  }
});
