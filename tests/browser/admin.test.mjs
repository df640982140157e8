// An admin steps through a recorded match event by event and sees the board as it was.
import { test } from "node:test";
import assert from "node:assert/strict";
import { launchChromium } from "./browser.mjs";
import { WordhallServer, freePort } from "./server.mjs";
import { openTwoPlayerMatch, play } from "./tictactoe_pages.mjs";

async function playThreeMoves(browser, server) {
  const { ann, bob, matchId } = await openTwoPlayerMatch(browser, server);
  await play(ann, 4, bob);
  await play(bob, 0, ann);
  await play(ann, 8, bob);
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
    // The six events of the match are listed once they have loaded.
    await admin.locator("#event-list li").nth(5).waitFor();
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
