// An admin steps through a recorded match event by event and sees the board as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";

async function playThreeMoves(browser, server) {
  const ann = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await ann.goto(`${server.url}/tictactoe.html`);
  await ann.fill("#create-name", "Ann");
  await ann.click("text=Create a match");
  await ann.waitForURL(/match=/);
  const matchId = new URL(ann.url()).searchParams.get("match");
  await bob.goto(await ann.inputValue("#invite-url"));
  await bob.fill("#join-name", "Bob");
  await bob.click("text=Join this match");
  const cell = (page, i) => page.locator(`#board button[aria-label="cell ${i}"]`);
  await ann.waitForSelector("text=your turn");
  await cell(ann, 4).click();
  await bob.waitForSelector("text=your turn");
  await cell(bob, 0).click();
  await ann.waitForSelector("text=your turn");
  await cell(ann, 8).click();
  await bob.waitForSelector("text=your turn");
  return matchId;
}

test("the admin replay page steps through a match", async () => {
  const server = new WordhallServer({ port: await freePort() });
  await server.start();
  const browser = await launchChromium();
  try {
    const matchId = await playThreeMoves(browser, server);
    const admin = await (await browser.newContext()).newPage();
    await admin.goto(`${server.url}/admin`);
    await admin.fill("#token-input", "wrong-token");
    await admin.click("#token-form button[type=submit]");
    await admin.waitForSelector("#token-view:not([hidden])");
    await admin.fill("#token-input", server.adminToken);
    await admin.click("#token-form button[type=submit]");
    const row = admin.locator("#match-rows tr", { hasText: matchId });
    await row.waitFor();
    assert.match(await row.textContent(), /tictactoe/);
    await row.click();

    const marks = async () => {
      await admin.waitForSelector("#state-loading[hidden]", { state: "attached" });
      return admin.locator(".ttt-cell.ttt-x, .ttt-cell.ttt-o").count();
    };
    await admin.click("#last");
    await admin.waitForFunction(() => document.querySelector("#position").textContent.startsWith("6"));
    assert.equal(await marks(), 3);
    await admin.click("#first");
    await admin.waitForFunction(() => document.querySelector("#position").textContent.startsWith("0"));
    for (let i = 0; i < 4; i++) await admin.click("#next");
    await admin.waitForFunction(() => document.querySelector("#position").textContent.startsWith("4"));
    assert.equal(await marks(), 1);
    assert.match(await admin.locator("#event-detail").textContent(), /mark_placed/);
    assert.match(await admin.locator("#state-hash").textContent(), /^[0-9a-f]{16}$/);
    await admin.screenshot({ path: `${server.dataDir}/admin.png`, fullPage: true });
  } finally {
    await browser.close();
    server.cleanup();
  }
});
