// Vector cards in the browser: three players on phone-sized pages play a two-round match through
// the UI (one reloads mid-round and keeps their seat), results show a leaderboard and the 2-D
// projection, and no page ever shows, nor receives over its WebSocket, another player's private
// cards; the admin replay shows the finished match with every hand. Then a joker is played through
// the live word check across a server restart, a round runs out its deadline, the language switch
// is remembered and a taken name shows its error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { createMatch, expectJokerUsable, frameWords, jokerWordFor, joinMatch, leakedWord, newPlayerPage, playMove, resultsOnScreen, roundOnScreen,
         uiWords, waitForWords, wordsShownPublicly } from "./vectorcards_pages.mjs";

// Checks every page's text against the other players' hands of this round; `seen` collects the
// words each page may show, for the frame check at the end.
async function assertNoLeaks(pages, hands, seen) {
  for (const [name, page] of Object.entries(pages)) {
    for (const w of await wordsShownPublicly(page)) seen[name].add(w);
    const text = await page.evaluate(() => document.body.textContent + " " + document.title);
    for (const [other, hand] of Object.entries(hands)) {
      if (other === name) continue;
      const leak = leakedWord(text, hand, new Set([...seen[name], ...hands[name], ...uiWords]));
      assert.equal(leak, null, `${name}'s page shows ${other}'s private card "${leak}"`);
    }
  }
}

test("three players play two rounds of vector cards in the browser", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    await waitForWords(server);
    const ann = await newPlayerPage(browser);
    const bob = await newPlayerPage(browser);
    const cy = await newPlayerPage(browser);
    const pages = { ann, bob, cy };
    const seen = { ann: new Set(), bob: new Set(), cy: new Set() };
    const allHands = { ann: new Set(), bob: new Set(), cy: new Set() };

    const matchId = await createMatch(ann, server, { matchName: "Vrijdag", name: "Ann", rounds: 2 });
    assert.match(await ann.textContent("body"), /Wachtkamer \(lobby\)/); // Dutch by default
    const invite = await ann.inputValue("#invite-url");
    assert.equal(invite, `${server.url}/vectorcards.html?match=${matchId}`);
    await joinMatch(bob, invite, "Bob");
    await joinMatch(cy, invite, "Cy");
    await ann.locator("#players li").nth(2).waitFor();
    assert.equal(await bob.isHidden("#start"), true, "only the host sees Start");
    await ann.click("#start");

    const playedPrivate = { ann: 0, bob: 1, cy: 0 }; // the private card each plays below
    for (const round of [1, 2]) {
      const shown = {};
      for (const [name, page] of Object.entries(pages)) shown[name] = await roundOnScreen(page, round);
      assert.match(await ann.textContent("#round"), /Startwoord \(start word\)/);
      for (const name of ["bob", "cy"]) {
        assert.equal(shown[name].start, shown.ann.start);
        assert.deepEqual(shown[name].publicCards, shown.ann.publicCards);
      }
      assert.equal(shown.ann.publicCards.length, 10);
      const hands = Object.fromEntries(Object.entries(shown).map(([n, s]) => [n, s.hand]));
      for (const [n, hand] of Object.entries(hands)) {
        assert.equal(hand.length, 2);
        hand.forEach((w) => allHands[n].add(w));
      }

      const annMove = await playMove(ann, { pub: 0, priv: playedPrivate.ann });
      assert.ok(annMove.similarity >= -1 && annMove.similarity <= 1);
      await bob.locator("#submitted-by", { hasText: "Ann" }).waitFor();
      if (round === 1) {
        // Bob reloads mid-round: the seat, the hand and the round come back from the server.
        await bob.reload();
        const again = await roundOnScreen(bob, 1);
        assert.deepEqual(again.hand, hands.bob);
        assert.equal(await bob.isHidden("#join"), true);
      }
      await playMove(bob, { pub: 1, priv: playedPrivate.bob, minusPublic: round === 2 });
      // The moment his move is in, Bob's page counts him among those who submitted.
      if (await bob.isVisible("#my-result")) assert.match(await bob.textContent("#submitted-by"), /Bob/);
      await assertNoLeaks(pages, hands, seen);
      await playMove(cy, { pub: 2, priv: playedPrivate.cy, minusPrivate: true });

      for (const [name, page] of Object.entries(pages)) {
        const rows = await resultsOnScreen(page, round);
        assert.equal(rows.length, 3, `${name} sees three leaderboard rows`);
        assert.equal(rows.filter((r) => r.me).length, 1, `${name}'s own row is highlighted`);
        for (const r of rows) assert.match(r.cosine, /^-?\d\.\d{3}$/); // cosine, three decimals
        // After the round everyone sees every move: both cards and their signs.
        for (const r of rows) assert.match(r.move, /^[+−] \S+ [+−] \S+( ★)?$/);
        // Start, target and the three players' results are dots of the map, the ring through the
        // start around the target; nearer the target is always the higher score.
        assert.equal(await page.locator("#projection svg .pj-point circle").count(), 5);
        assert.equal(await page.locator("#projection svg .pj-ring").count(), 1);
        const distances = await page.evaluate(() => {
          const centre = (c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))];
          const [tx, ty] = centre(document.querySelector("#projection .pj-target circle"));
          return [...document.querySelectorAll("#projection .pj-player text, #projection .pj-you text")].map((label) => {
            const [x, y] = centre(label.parentNode.querySelector("circle"));
            return { name: label.textContent, distance: Math.hypot(x - tx, y - ty) };
          });
        });
        const scoreOf = (who) => Number(rows.find((r) => r.cells[1].startsWith(who)).cosine);
        const byDistance = [...distances].sort((a, b) => a.distance - b.distance).map((d) => scoreOf(d.name));
        assert.deepEqual(byDistance, [...byDistance].sort((a, b) => b - a), "nearer the target, higher the score");
        // The par line: the best move of the dealt words (a joker played may beat it; a hand of
        // jokers only has none).
        const hand = hands[name];
        const parLine = hand.every((w) => w === "JOKER") ? /geen par/
          : hand[playedPrivate[name]] === "JOKER" ? /(→|aside\):) -?\d\.\d{3}$/
          : /→ -?\d\.\d{3}$/;
        assert.match(await page.textContent("#your-par"), parLine);
      }
      await assertNoLeaks(pages, hands, seen);

      if (round === 1) {
        assert.equal(await bob.isHidden("#next-round"), true);
        await ann.click("#next-round");
      }
    }

    // Two rounds of two: the match is done and everyone sees the final standings.
    for (const page of Object.values(pages)) {
      await page.locator("#final:not([hidden])").waitFor();
      assert.equal(await page.locator("#final-standings tbody tr").count(), 3);
      assert.equal(await page.isHidden("#standings-box"), true, "the final table is not repeated beside it");
      assert.match(await page.textContent("#winner"), /wint/);
      assert.equal(await page.isHidden("#next-round"), true);
    }

    // Nothing another player was dealt and kept ever reached a page, not even in a WebSocket
    // frame (the cards played are everyone's once the round is over).
    for (const [name, page] of Object.entries(pages)) {
      assert.ok(page.received.some((f) => f.includes('"type":"snapshot"')));
      const received = new Set(page.received.flatMap(frameWords));
      const allowed = new Set([...seen[name], ...allHands[name]]);
      // The check can see cards at all: each page did receive its own.
      for (const w of allHands[name]) assert.ok(received.has(w), `${name}'s own card "${w}" is in its frames`);
      for (const [other, hand] of Object.entries(allHands)) {
        if (other === name) continue;
        for (const w of hand) {
          if (w === "JOKER" || allowed.has(w) || !received.has(w)) continue;
          // Say where: the frame, around the word.
          const frame = page.received.find((f) => frameWords(f).includes(w)) || "";
          const at = frame.indexOf(`"${w}"`);
          assert.fail(`${name} received ${other}'s private card "${w}": …${frame.slice(Math.max(0, at - 300), at + 100)}…`);
        }
      }
    }

    // The admin replay shows both rounds with every hand.
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${server.url}/admin`);
    await admin.fill("#token-input", server.adminToken);
    await admin.click("#token-form button[type=submit]");
    await admin.locator("#match-rows tr", { hasText: matchId }).click();
    await admin.locator("#event-list li").nth(5).waitFor();
    await admin.click("#last");
    await admin.locator(".vc .vc-round").nth(1).waitFor();
    assert.equal(await admin.locator(".vc .vc-round").count(), 2);
    const adminText = await admin.textContent("#state-view");
    for (const hand of Object.values(allHands)) for (const w of hand) if (w !== "JOKER") assert.ok(adminText.includes(w));
    await admin.locator(".vc-round[open] .vc-projection svg circle").first().waitFor();
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("a joker across a server restart, a round that runs out of time, English, errors", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    await waitForWords(server);
    const page = await newPlayerPage(browser);

    // Every private card is a joker; a misspelt word offers suggestions, one click fixes it.
    await createMatch(page, server, { matchName: "Joker", name: "Dee", rounds: 1, wildcard: 1 });
    await page.click("#start");
    const shown = await roundOnScreen(page, 1);
    assert.deepEqual(shown.hand, ["JOKER", "JOKER"]);

    // The server restarts mid-round; the page reconnects and gets the same round back.
    assert.equal(await server.stop(), 0);
    await page.waitForSelector('#connection[data-status="restarting"], #connection[data-status="offline"]');
    await server.start();
    await waitForWords(server);
    await page.waitForSelector('#connection[data-status="online"]', { timeout: 20000 });
    assert.deepEqual(await roundOnScreen(page, 1), shown);
    await page.locator("#public-cards .chip-word").first().click();
    await page.locator("#private-cards .chip-word").first().click();
    const joker = await jokerWordFor(page);
    await page.fill("#joker-input", joker[0] + joker.slice(2)); // queen -> qeen
    await page.locator("#joker-status .suggestion", { hasText: new RegExp(`^${joker}$`) }).click();
    await expectJokerUsable(page);
    await page.click("#submit");
    assert.equal((await resultsOnScreen(page, 1)).length, 1);
    assert.match(await page.textContent("#your-move"), new RegExp(`\\+ ${joker} →`));
    // Two jokers have no par (the par is the best move of the dealt words), and the page says so.
    assert.match(await page.textContent("#your-par"), /alleen jokers: deze ronde geen par/);

    // The language switch is remembered across a reload.
    await page.click("#lang");
    assert.match(await page.textContent("#results"), /Round 1 results/);
    assert.equal(await page.textContent("#your-par"), "Only jokers in your hand: no par this round");
    await page.reload();
    await page.locator("#final:not([hidden])").waitFor();
    assert.match(await page.textContent("#final"), /Final standings/);
    assert.equal(await page.getAttribute("html", "lang"), "en");

    // With the shortest timeout the server resolves the round itself: nobody moved.
    await createMatch(page, server, { matchName: "Slow", name: "Dee", rounds: 1, timeout: 10, theme: "kitchen" });
    // The lobby names the theme as the form offered it, not by the server's name for it.
    assert.match(await page.textContent("#lobby-settings"), /Theme: Kitchen/);
    await page.click("#start");
    await roundOnScreen(page, 1);
    assert.match(await page.textContent("#countdown"), /\d+ s left/);
    const rows = await resultsOnScreen(page, 1);
    assert.match(rows[0].move, /no move/);
    assert.match(await page.textContent("#results-reason"), /time ran out/);

    // A wrong command shows its error next to the field, as a sentence: the name is taken.
    const other = await newPlayerPage(browser);
    const created = await createMatch(other, server, { matchName: "Names", name: "Eve", rounds: 1 });
    const guest = await newPlayerPage(browser);
    await guest.goto(`${server.url}/vectorcards.html?match=${created}`);
    await guest.fill("#join-name", "eve");
    await guest.click("#join-form button[type=submit]");
    await guest.locator("#join-form .field-error", { hasText: "Die naam is al bezet" }).waitFor();
    assert.doesNotMatch(await guest.textContent("body"), /name_taken/);
  } finally {
    await browser.close();
    server.cleanup();
  }
});
