// Wortkunst in the browser: two players on phone-sized pages in two browser contexts. Anna creates
// a game on the home page and both join by their seat URLs; Anna starts. Anna lays a word by
// dragging tiles, Ben one by typing; the scores the pages show are the server's (the offline
// judge rates: the server runs without MISTRAL_API_KEY). Anna exchanges, Ben goes offline (Anna
// sees "Warte auf Ben"), comes back by his URL and passes; both pages survive a server restart;
// Anna passes and the game ends with 100 points off per tile left. Then the solo flow, the blank
// picker, an unknown seat's 404 page, and the admin replay of the game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { apiView, createGame, dragTile, joinSeat, newPlayerPage, passOnPage, rackOnPage, ratedMoveOnPage, scoresOnPage,
         touchDragTile, typeWord, waitForMyTurn } from "./wortkunst_pages.mjs";

delete process.env.MISTRAL_API_KEY;

// What the page shows of a rated move equals the server's record of it.
function assertSameMove(shown, move) {
  assert.equal(move.kind, "place");
  assert.equal(shown.total, move.score);
  assert.deepEqual(shown.words, move.evaluations.map((e) => ({ word: e.word, score: e.score })));
  assert.equal(move.score, move.words.reduce((sum, w) => sum + move.evaluations.find((e) => e.word === w.word).score, 0));
}

test("two players: create, join by URL, start, drag, type, exchange, pass, reconnect, the end", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const anna = await newPlayerPage(browser);
    const ben = await newPlayerPage(browser);
    const game = await createGame(anna, server, 2);
    assert.equal(game.urls.length, 2);
    for (const [i, url] of game.urls.entries()) {
      assert.equal(url, `${server.url}/g/${game.gameId}/p/${game.tokens[i]}`);
      assert.match(game.tokens[i], /^[0-9A-Za-z]{22,}$/);
    }
    assert.match(await anna.textContent("body"), /Das kreative Wortspiel unter Freunden\./);
    assert.doesNotMatch(await anna.textContent("body"), /scrabble/i);

    await joinSeat(anna, game.urls[0], "Anna");
    assert.equal(await anna.isVisible("#start"), true, "the host may start");
    await joinSeat(ben, game.urls[1], "Ben");
    assert.equal(await ben.isHidden("#start"), true, "only the host starts");
    assert.equal(await anna.locator("#lobby-urls li").count(), 2, "the host's browser offers the seat links again");
    assert.equal(await ben.isHidden("#lobby-links"), true);
    await anna.locator("#lobby-seats li.joined", { hasText: "Ben" }).waitFor();
    await anna.click("#start");

    // Anna moves first: two tiles dragged over the centre.
    await waitForMyTurn(anna);
    await ben.locator("#turn", { hasText: "Anna ist am Zug" }).waitFor();
    const annaRack = (await rackOnPage(anna)).filter((t) => t.letter !== "?");
    assert.ok(annaRack.length >= 2);
    assert.deepEqual((await rackOnPage(anna)).map((t) => t.letter).sort(), (await apiView(server, game.gameId, game.tokens[0])).rack.slice().sort());
    await dragTile(anna, annaRack[0].index, "H8");
    await dragTile(anna, annaRack[1].index, "I8");
    assert.equal(await anna.locator("#board .tile.pending").count(), 2, "tiles of this turn are marked");
    await anna.click("#confirm");
    const shown1 = await ratedMoveOnPage(anna, 1);
    let state = await apiView(server, game.gameId, game.tokens[0]);
    assertSameMove(shown1, state.moves[0]);
    assert.equal(state.moves[0].words[0].word, annaRack[0].letter + annaRack[1].letter);
    assert.equal(state.moves[0].judge, "offline");
    assert.equal(await anna.isVisible("#judge"), true, "offline ratings are flagged");
    assert.deepEqual(await scoresOnPage(anna), { 0: state.seats[0].score, 1: 0 });
    assert.equal(await anna.locator("#board .tile.last-move").count(), 2);

    // Ben sees the same result, then types a word down from under Anna's first tile.
    await waitForMyTurn(ben);
    assert.deepEqual(await ratedMoveOnPage(ben, 1), shown1);
    const benRack = (await rackOnPage(ben)).filter((t) => /^[A-Z]$/.test(t.letter)); // keys of a US keyboard
    await typeWord(ben, "H9", false, [benRack[0].letter, benRack[1].letter]);
    assert.equal(await ben.locator("#board .tile.pending").count(), 2);
    await ben.keyboard.press("Backspace");
    assert.equal(await ben.locator("#board .tile.pending").count(), 1, "Backspace takes the last tile back");
    await ben.keyboard.press(benRack[1].letter.toLowerCase());
    await ben.keyboard.press("Enter");
    const shown2 = await ratedMoveOnPage(ben, 2);
    state = await apiView(server, game.gameId, game.tokens[1]);
    assertSameMove(shown2, state.moves[1]);
    const benWord = state.moves[1].words.map((w) => w.word);
    assert.ok(benWord.includes(annaRack[0].letter + benRack[0].letter + benRack[1].letter), benWord.join());
    assert.deepEqual(await scoresOnPage(ben), { 0: state.seats[0].score, 1: state.seats[1].score });
    assert.equal(state.seats[1].score, state.moves[1].score);

    // Anna exchanges two tiles: 0 points.
    await waitForMyTurn(anna);
    const scoresBefore = await scoresOnPage(anna);
    await anna.click("#exchange");
    await anna.locator("#exchange-tiles .tile").nth(0).click();
    await anna.locator("#exchange-tiles .tile").nth(1).click();
    await anna.click("#exchange-confirm");
    await anna.locator("#history li[data-move='3']", { hasText: "2 Steine getauscht (0 Punkte)" }).waitFor({ state: "attached" });
    assert.deepEqual(await scoresOnPage(anna), scoresBefore);
    assert.equal((await rackOnPage(anna)).length, 7);

    // Ben goes offline on his turn: Anna waits for him. He comes back by his URL and passes.
    await ben.context().close();
    await anna.locator("#turn", { hasText: "Warte auf Ben" }).waitFor();
    const ben2 = await newPlayerPage(browser);
    await ben2.goto(game.urls[1]);
    await waitForMyTurn(ben2);
    assert.equal(await ben2.isHidden("#join"), true, "the seat is reclaimed without joining again");
    assert.equal(await ben2.locator("#board .tile").count(), 4);
    await anna.locator("#turn", { hasText: "Ben ist am Zug" }).waitFor();
    assert.match(await passOnPage(ben2), /Wirklich passen\? Dein Zug zählt 0 Punkte/);
    await ben2.locator("#history li[data-move='4']", { hasText: "gepasst (0 Punkte)" }).waitFor({ state: "attached" });

    // The server restarts; both pages reconnect and show the same game.
    assert.equal(await server.stop(), 0);
    await anna.waitForSelector('#connection[data-status="restarting"], #connection[data-status="offline"]');
    await server.start();
    for (const page of [anna, ben2]) {
      await page.waitForSelector('#connection[data-status="online"]', { timeout: 20000 });
      await page.locator("#board .tile").nth(3).waitFor();
      assert.equal(await page.locator("#board .tile").count(), 4);
    }
    await waitForMyTurn(anna);

    // Anna passes too: everyone passed in a row, the game ends; 7 tiles left cost 700 each.
    assert.match(await passOnPage(anna), /Wenn du passt, endet das Spiel: Anna\s−700, Ben\s−700\./);
    for (const page of [anna, ben2]) {
      await page.locator("#final:not([hidden])").waitFor();
      const rows = await page.locator("#final-table tbody tr").evaluateAll((n) => n.map((tr) => ({
        seat: Number(tr.dataset.seat), penalty: tr.querySelector(".penalty").textContent, score: Number(tr.querySelector(".score").textContent.replace("−", "-")) })));
      const end = await apiView(server, game.gameId, game.tokens[0]);
      assert.equal(end.status, "ended");
      assert.equal(rows.length, 2);
      assert.ok(rows[0].score >= rows[1].score, "the final table is in rank order");
      for (const row of rows) {
        const s = end.result.standings.find((x) => x.seat === row.seat);
        assert.equal(s.penalty, 700);
        assert.equal(row.penalty, "−700");
        assert.equal(row.score, s.score);
      }
      assert.match(await page.textContent("#winner"), /gewinnt|Gleichstand/);
    }

    // No page ever received the other seat's token.
    for (const [page, other] of [[anna, game.tokens[1]], [ben2, game.tokens[0]]])
      assert.ok(!page.received.some((f) => f.includes(other)), "a seat token reached another seat");
    for (const page of [anna, ben2]) assert.deepEqual(page.errors || [], []);

    // The admin replay shows the board after every move.
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${server.url}/admin`);
    await admin.fill("#token-input", server.adminToken);
    await admin.click("#token-form button[type=submit]");
    await admin.locator("#match-rows tr", { hasText: game.gameId }).click();
    await admin.locator("#event-list li").nth(5).waitFor();
    await admin.click("#last");
    await admin.locator(".wk .wk-board .wk-tile").nth(3).waitFor();
    assert.equal(await admin.locator(".wk .wk-board .wk-tile").count(), 4);
    assert.match(await admin.textContent("#state-view"), /Anna[\s\S]*Ben/);
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("solo game: tap and touch drag, the blank picker, recall, keyboard, the end; an unknown seat", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const page = await newPlayerPage(browser, { width: 1280, height: 900 }, { hasTouch: true });
    const game = await createGame(page, server, 1);
    assert.equal(game.urls.length, 1);
    await joinSeat(page, game.urls[0], "Solo");
    assert.match(await page.textContent("#lobby-hint"), /Du kannst starten/);
    await page.click("#start");
    await waitForMyTurn(page);
    // Alone at the table the first pass ends the game: the pass dialog says so (below), and no
    // banner repeats the rule all game long.
    assert.equal(await page.isHidden("#pass-banner"), true);

    // Tap a tile, then a square (the touch way); a blank asks for its letter.
    const rack = await rackOnPage(page);
    await page.locator(`#rack .tile[data-index="${rack[0].index}"]`).click();
    await page.click('#board .cell[data-square="H8"]');
    if (rack[0].letter === "?") await page.locator('#blank-letters button[data-letter="Ä"]').click();
    await page.locator('#board .cell[data-square="H8"] .tile.pending').waitFor();
    // The blank picker offers every letter, umlauts included; cancelling lays nothing.
    const picker = await page.evaluate(async () => {
      const { pickBlankLetter } = await import("/js/wortkunst-dialogs.js");
      const choice = pickBlankLetter();
      const letters = [...document.querySelectorAll("#blank-letters button")].map((b) => b.dataset.letter).join("");
      document.querySelector('#blank-letters button[data-letter="Ü"]').click();
      const cancelled = pickBlankLetter();
      document.querySelector("#blank-cancel").click();
      return { letters, choice: await choice, cancelled: await cancelled, open: document.querySelector("#blank-dialog").open };
    });
    assert.deepEqual(picker, { letters: "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ", choice: "Ü", cancelled: null, open: false });
    const plain = rack.slice(1).find((t) => t.letter !== "?");
    await touchDragTile(page, plain.index, "I8");
    await page.click("#recall");
    assert.equal(await page.locator("#board .tile.pending").count(), 0, "recall takes every tile back");
    assert.equal((await rackOnPage(page)).length, 7);

    // A refused move shows why, in German next to the controls (in view), and changes nothing.
    const two = (await rackOnPage(page)).filter((t) => /^[A-Z]$/.test(t.letter)).slice(0, 2);
    await typeWord(page, "A1", true, two.map((t) => t.letter));
    await page.keyboard.press("Enter");
    const refusal = page.locator(".controls + .field-error");
    await refusal.waitFor();
    assert.equal(await refusal.textContent(), "Der erste Zug muss das Mittelfeld bedecken.");
    await page.waitForFunction(() => {
      const box = document.querySelector(".controls + .field-error").getBoundingClientRect();
      return box.top >= 0 && box.top + box.height / 2 <= innerHeight; // its sentence is in view
    });
    assert.doesNotMatch(await page.textContent("body"), /first_move_off_centre/);
    // Said once: the preview above the buttons does not repeat it, even when its answer comes later.
    await page.waitForTimeout(400);
    assert.equal(await page.locator("#preview[data-state=invalid]").count(), 0);
    assert.equal(await page.locator("#board .tile.pending").count(), 2, "the draft stays for a correction");
    assert.equal((await apiView(server, game.gameId, game.tokens[0])).moves.length, 0);
    await page.keyboard.press("Escape");
    assert.equal(await page.locator("#board .tile.pending").count(), 0, "Escape takes every tile back");

    // Keyboard: a word across from the centre, confirmed with Enter.
    const letters = (await rackOnPage(page)).filter((t) => /^[A-Z]$/.test(t.letter)).slice(0, 3).map((t) => t.letter);
    await typeWord(page, "H8", true, letters);
    await page.keyboard.press("Enter");
    const shown = await ratedMoveOnPage(page, 1);
    const state = await apiView(server, game.gameId, game.tokens[0]);
    assertSameMove(shown, state.moves[0]);
    assert.equal(state.moves[0].words[0].word, letters.join(""));
    await waitForMyTurn(page);

    // A solo pass ends the game at once.
    assert.match(await passOnPage(page), /Wenn du passt, endet das Spiel: Solo\s−700\./);
    await page.locator("#final:not([hidden])").waitFor();
    assert.match(await page.textContent("#winner"), /Solo gewinnt!/);
    const end = await apiView(server, game.gameId, game.tokens[0]);
    assert.equal(await page.textContent("#final-table .score"), String(end.result.standings[0].score).replace("-", "−"));
    assert.equal(end.result.standings[0].score, state.moves[0].score - 700);

    // An unknown seat gets the 404 page.
    const res = await page.goto(`${server.url}/g/${game.gameId}/p/notaseat0000000000000000`);
    assert.equal(res.status(), 404);
    assert.match(await page.textContent("body"), /Spiel nicht gefunden/);
  } finally {
    await browser.close();
    server.cleanup();
  }
});
