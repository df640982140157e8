// Two browsers play tic-tac-toe; the server restarts mid-round (SIGTERM, then a new process);
// both pages reconnect by themselves, get a fresh snapshot and the round goes on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";

test("a match survives a server restart in the browser", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const ann = await (await browser.newContext()).newPage();
    const bob = await (await browser.newContext()).newPage();
    await ann.goto(`${server.url}/tictactoe.html`);
    await ann.fill("#create-name", "Ann");
    await ann.click("text=Create a match");
    await ann.waitForURL(/match=/);
    const invite = await ann.inputValue("#invite-url");
    await bob.goto(invite);
    await bob.fill("#join-name", "Bob");
    await bob.click("text=Join this match");
    await ann.waitForSelector("text=your turn");

    const cell = (page, i) => page.locator(`#board button[aria-label="cell ${i}"]`);
    await cell(ann, 0).click();
    await bob.waitForSelector("text=your turn");
    await cell(bob, 4).click();
    await ann.waitForSelector("text=your turn");

    assert.equal(await server.stop(), 0);
    await ann.waitForSelector('#connection[data-status="restarting"], #connection[data-status="offline"]');
    await server.start();
    await ann.waitForSelector('#connection[data-status="online"]', { timeout: 20000 });
    await bob.waitForSelector('#connection[data-status="online"]', { timeout: 20000 });
    assert.equal(await cell(bob, 0).textContent(), "x");
    assert.equal(await cell(ann, 4).textContent(), "o");

    await cell(ann, 1).click();
    await bob.waitForSelector("text=your turn");
    await cell(bob, 8).click();
    await ann.waitForSelector("text=your turn");
    await cell(ann, 2).click();
    await bob.waitForSelector("#results li");
    assert.equal(await bob.locator("#results li").first().textContent(), "Ann won");
  } finally {
    await browser.close();
    server.cleanup();
  }
});
