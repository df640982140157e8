// Two browsers play tic-tac-toe; the server restarts mid-round (SIGTERM, then a new process);
// both pages reconnect by themselves, get a fresh snapshot and the round goes on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { cell, openTwoPlayerMatch, play } from "./tictactoe_pages.mjs";

test("a match survives a server restart in the browser", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const { ann, bob } = await openTwoPlayerMatch(browser, server);
    await play(ann, 0, bob);
    await play(bob, 4, ann);

    assert.equal(await server.stop(), 0);
    await ann.waitForSelector('#connection[data-status="restarting"], #connection[data-status="offline"]');
    await server.start();
    await ann.waitForSelector('#connection[data-status="online"]', { timeout: 20000 });
    await bob.waitForSelector('#connection[data-status="online"]', { timeout: 20000 });
    // The fresh snapshot after reconnecting shows the board as it was.
    await cell(bob, 0).filter({ hasText: "x" }).waitFor({ timeout: 10000 });
    await cell(ann, 4).filter({ hasText: "o" }).waitFor({ timeout: 10000 });
    await ann.waitForSelector("text=your turn");

    await play(ann, 1, bob);
    await play(bob, 8, ann);
    await cell(ann, 2).click();
    await bob.waitForSelector("#results li");
    assert.equal(await bob.locator("#results li").first().textContent(), "Ann won");
  } finally {
    await browser.close();
    server.cleanup();
  }
});
