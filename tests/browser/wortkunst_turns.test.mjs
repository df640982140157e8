// Wortkunst's page while a player plans and as the game ends: the live words preview (the words
// a draft forms with the board's tiles), the pass warning (the banner on every page and the
// dialog with each player's penalty), names (asked for, changed in the lobby), the judge shown in
// the lobby, the board's coordinates, the unseen tiles, the final table on a phone and the GCG
// download. The server runs without MISTRAL_API_KEY: the offline judge rates.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { apiView, createGame, joinSeat, newPlayerPage, passOnPage, postCommand, typeWord, waitForMyTurn } from "./wortkunst_pages.mjs";

delete process.env.MISTRAL_API_KEY;

// A started two-player game: Anna (host) and Ben on phone pages, both in the game.
async function twoPlayers(browser, server, names = ["Anna", "Ben"]) {
  const anna = await newPlayerPage(browser);
  const ben = await newPlayerPage(browser);
  const game = await createGame(anna, server, 2);
  await joinSeat(anna, game.urls[0], names[0]);
  await joinSeat(ben, game.urls[1], names[1]);
  await anna.click("#start");
  await waitForMyTurn(anna);
  return { anna, ben, game };
}

// Waits until the server has rated `count` moves.
async function ratedMoves(server, game, count) {
  for (let i = 0; i < 100; i++) {
    const view = await apiView(server, game.gameId, game.tokens[0]);
    if (view.moves.length >= count) return view;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${count} rated moves`);
}

test("live words preview: the main word with the board's tiles, cross-words, the rule a draft breaks", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const { anna, ben, game } = await twoPlayers(browser, server);
    // Anna lays two plain tiles across H8-I8 over REST; Ben plans on his page.
    const annaRack = (await apiView(server, game.gameId, game.tokens[0])).rack.filter((l) => l !== "?");
    const placed = await postCommand(server, game.gameId, game.tokens[0], "place",
      { tiles: [{ square: "H8", letter: annaRack[0] }, { square: "I8", letter: annaRack[1] }] });
    assert.equal(placed.status, 200);
    await ratedMoves(server, game, 1);
    await waitForMyTurn(ben);
    assert.deepEqual(await anna.locator(".board-cols span").allTextContents(), [..."ABCDEFGHIJKLMNO"]);
    assert.equal(await anna.locator(".board-rows span").nth(14).textContent(), "15");

    // One tile after Anna's two: the preview reads the whole word, the board's tiles included.
    const benRack = (await apiView(server, game.gameId, game.tokens[1])).rack.filter((l) => /^[A-Z]$/.test(l));
    await typeWord(ben, "J8", true, [benRack[0]]);
    const whole = annaRack[0] + annaRack[1] + benRack[0];
    await ben.locator(`#preview[data-state="valid"] strong.preview-word[data-word="${whole}"]`).waitFor();
    assert.equal(await ben.textContent("#preview"), `Dein Wort: ${whole}`);
    assert.equal(await anna.textContent("#preview"), "", "only the planning player sees a preview");

    // A second tile under Anna's first: a word down and, across, the cross-word it makes.
    await ben.keyboard.press("Escape");
    await ben.locator('#preview[data-state="empty"]').waitFor();
    await typeWord(ben, "H9", true, [benRack[1], benRack[2]]);
    const down = [annaRack[0] + benRack[1], annaRack[1] + benRack[2]];
    const across = benRack[1] + benRack[2];
    await ben.locator(`#preview[data-state="valid"] strong.preview-word[data-word="${across}"]`).waitFor();
    assert.equal(await ben.textContent("#preview"), `Deine Wörter: ${[across, ...down].join(", ")}`);

    // A draft off the words: the preview says which rule it breaks, in German; nothing is played.
    await ben.keyboard.press("Escape");
    await typeWord(ben, "A1", true, [benRack[0]]);
    await ben.locator('#preview[data-state="invalid"]').waitFor();
    assert.equal(await ben.textContent("#preview"), "So geht es nicht: Die Steine müssen an liegende Steine anschließen.");
    assert.equal((await apiView(server, game.gameId, game.tokens[1])).moves.length, 1);
    for (const page of [anna, ben]) assert.deepEqual(page.errors || [], []);
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("pass warning: a banner on every page, the dialog names each penalty before the game ends", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const { anna, ben, game } = await twoPlayers(browser, server);
    assert.equal(await anna.isHidden("#pass-banner"), true, "no warning while a pass would not end the game");
    assert.match(await passOnPage(anna), /^Wirklich passen\? Dein Zug zählt 0 Punkte\. Das Spiel endet, wenn 2 Züge nacheinander gepasst werden \(bisher 0\)\./);
    for (const page of [anna, ben])
      await page.locator("#pass-banner:not([hidden])", { hasText: "Ein weiterer Pass beendet das Spiel (Abzüge: Anna\u00a0−700, Ben\u00a0−700)." }).waitFor();
    await waitForMyTurn(ben);

    // Cancelling changes nothing; confirming ends the game with the penalties announced.
    await ben.click("#pass");
    await ben.locator("#pass-dialog[open]").waitFor();
    assert.equal(await ben.textContent("#pass-title"), "Passen beendet das Spiel");
    assert.equal(await ben.textContent("#pass-text"),
      "Wenn du passt, endet das Spiel: Anna\u00a0−700, Ben\u00a0−700. Jeder Stein, der noch auf einer Bank liegt, kostet 100 Punkte.");
    await ben.click("#pass-cancel");
    assert.equal(await ben.locator("#pass-dialog[open]").count(), 0);
    assert.equal((await apiView(server, game.gameId, game.tokens[1])).status, "playing");
    assert.match(await passOnPage(ben), /Wenn du passt, endet das Spiel/);
    for (const page of [anna, ben]) {
      await page.locator("#final:not([hidden])").waitFor();
      assert.equal(await page.isHidden("#pass-banner"), true);
    }
    const end = await apiView(server, game.gameId, game.tokens[0]);
    assert.deepEqual(end.result.standings.map((s) => s.penalty), [700, 700]);
    for (const page of [anna, ben]) assert.deepEqual(page.errors || [], []);
  } finally {
    await browser.close();
    server.cleanup();
  }
});

test("names, the judge in the lobby, unseen tiles, the final table on a phone, the GCG download", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const page = await newPlayerPage(browser); // 390×844
    const game = await createGame(page, server, 1);
    await page.goto(game.urls[0]);
    await page.locator("#join:not([hidden])").waitFor();
    // A blank name is asked for, next to the field, not played as "Spieler 1".
    await page.fill("#join-name", "  ");
    await page.click("#join-form button[type=submit]");
    await page.locator("#join-form + .field-error", { hasText: "Bitte gib deinen Namen ein" }).waitFor();
    assert.equal((await apiView(server, game.gameId, game.tokens[0])).seats[0].joined, false);
    await page.fill("#join-name", "Maximiliane");
    await page.click("#join-form button[type=submit]");
    await page.locator("#lobby:not([hidden])").waitFor();
    assert.equal(await page.textContent("#lobby-judge"), "Bewertung offline, ohne KI: ein fester Juror mit deutschem Wörterbuch.");
    // The name is changed in the lobby.
    await page.fill("#rename-name", "Maximiliane Mustermann");
    await page.click("#rename-form button[type=submit]");
    await page.locator("#lobby-seats li.me", { hasText: "Maximiliane Mustermann" }).waitFor();
    assert.equal((await apiView(server, game.gameId, game.tokens[0])).seats[0].name, "Maximiliane Mustermann");
    await page.click("#start");
    await waitForMyTurn(page);

    // The unseen tiles: 102 less the own rack.
    await page.locator("#unseen-box:not([hidden])").waitFor();
    assert.equal(await page.textContent("#unseen-title"), "Noch nicht gesehen: 95 Steine");

    // The end, on a phone: the final table fits the width.
    await passOnPage(page);
    await page.locator("#final:not([hidden])").waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      table: document.querySelector("#final-table").getBoundingClientRect().right,
    }));
    assert.ok(widths.page <= 390, `the page scrolls sideways: ${widths.page}px`);
    assert.ok(widths.table <= 390, `the final table overflows: ${widths.table}px`);
    assert.match(await page.textContent("#final-table tbody tr .rest"), /^Reststeine: (\S ){6}\S$/);
    await page.screenshot({ path: "/tmp/wortkunst-final-phone.png", fullPage: true }).catch(() => {});

    // The GCG file, downloaded with the seat's token: every rack once the game is over.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#gcg")]);
    assert.equal(download.suggestedFilename(), `wortkunst-${game.gameId}.gcg`);
    const gcg = await readFile(await download.path(), "utf8");
    assert.match(gcg, /^#character-encoding UTF-8\n/);
    assert.match(gcg, /\n#player1 Maximiliane_Mustermann Maximiliane Mustermann\n/);
    assert.match(gcg, /\n>Maximiliane_Mustermann: \S{7} - \+0 0\n>Maximiliane_Mustermann: (\S{7}) \(\1\) -700 -700\n$/);
    assert.deepEqual(page.errors || [], []);
  } finally {
    await browser.close();
    server.cleanup();
  }
});
