// Driving the Wortkunst pages the way a player does: create a game on the home page, open a seat
// URL, join, start, lay tiles by dragging (Pointer Events from a real mouse) or by typing, and
// reading the rack and the scores off the page. `apiView` reads the same game over REST, so a test
// can compare what the page shows with the server's state.
import assert from "node:assert/strict";

export async function newPlayerPage(browser, viewport = { width: 390, height: 844 }, options = {}) { // a phone
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.received = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => page.received.push(String(f.payload))));
  page.on("pageerror", (e) => { page.errors = (page.errors || []).concat(String(e)); });
  return page;
}

// Creates a game of `count` seats on the home page; resolves with {gameId, urls}.
export async function createGame(page, server, count) {
  await page.goto(`${server.url}/wortkunst.html`);
  await page.locator(`.count-picker input[value="${count}"]`).check({ force: true });
  await page.click("#create");
  await page.locator("#links:not([hidden])").waitFor();
  const urls = await page.locator("#seat-urls .seat-url").evaluateAll((n) => n.map((i) => i.value));
  const gameId = await page.getAttribute("#links", "data-game-id");
  return { gameId, urls, tokens: urls.map((u) => u.split("/p/")[1]) };
}

export async function joinSeat(page, url, name) {
  await page.goto(url);
  await page.locator("#join:not([hidden])").waitFor();
  await page.fill("#join-name", name);
  await page.click("#join-form button[type=submit]");
  await page.locator("#lobby:not([hidden])").waitFor();
}

// The server's view for the seat holding `token`.
export async function apiView(server, gameId, token) {
  const res = await fetch(`${server.url}/api/games/${gameId}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return res.json();
}

// The rack as the page shows it: [{index, letter}] in display order, tiles still on the rack.
export async function rackOnPage(page) {
  return page.locator("#rack .tile:not(.placed)").evaluateAll((nodes) =>
    nodes.map((n) => ({ index: Number(n.dataset.index), letter: n.dataset.letter })));
}

async function centre(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// Drags rack tile `index` (view.rack's index) onto `square` with the mouse, in small steps.
export async function dragTile(page, index, square) {
  const from = await centre(page.locator(`#rack .tile[data-index="${index}"]`));
  const to = await centre(page.locator(`#board .cell[data-square="${square}"]`));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 8, from.y + ((to.y - from.y) * i) / 8);
  await page.mouse.up();
  await page.locator(`#board .cell[data-square="${square}"] .tile.pending`).waitFor();
}

// The same drag with a finger: touch events through the DevTools protocol (the context needs
// hasTouch), which Chromium turns into pointer events of type "touch".
export async function touchDragTile(page, index, square) {
  const from = await centre(page.locator(`#rack .tile[data-index="${index}"]`));
  const to = await centre(page.locator(`#board .cell[data-square="${square}"]`));
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch("touchStart", from);
  for (let i = 1; i <= 8; i++) await touch("touchMove", { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 });
  await touch("touchEnd");
  await cdp.detach();
  await page.locator(`#board .cell[data-square="${square}"] .tile.pending`).waitFor();
}

// Puts the keyboard cursor on `square` facing `across` (true) or down, then types `letters`.
export async function typeWord(page, square, across, letters) {
  await page.click(`#board .cell[data-square="${square}"]`);
  const arrow = await page.textContent(`#board .cell[data-square="${square}"] .arrow`);
  if ((arrow === "→") !== across) await page.keyboard.press("Space");
  for (const letter of letters) await page.keyboard.press(letter.toLowerCase());
}

// Waits until the page shows a finished rating of move `move` (1-based) and returns what it shows.
export async function ratedMoveOnPage(page, move) {
  await page.locator(`#history li[data-move="${move}"], #result[data-state="failed"]`).first().waitFor({ state: "attached" });
  if ((await page.getAttribute("#result", "data-state")) === "failed")
    throw new Error(`the rating failed: ${await page.textContent("#result-body")}`);
  await page.locator('#result[data-state="done"]').waitFor();
  return {
    words: await page.locator("#result-body .words-list li").evaluateAll((n) =>
      n.map((li) => ({ word: li.dataset.word, score: Number(li.querySelector(".points").textContent) }))),
    total: Number((await page.textContent("#result-body .total")).match(/-?\d+/)[0]),
  };
}

// The scores table: {seat: points}.
export async function scoresOnPage(page) {
  const rows = await page.locator("#scores tbody tr").evaluateAll((n) =>
    n.map((tr) => [tr.dataset.seat, Number(tr.querySelector(".score").textContent.replace("−", "-"))]));
  return Object.fromEntries(rows);
}

export async function waitForMyTurn(page) {
  await page.locator('#turn[data-state="mine"]').waitFor();
}

// Passes the way a player does: the pass button opens a dialog, whose text this returns once
// its confirm button was clicked.
export async function passOnPage(page) {
  await page.click("#pass");
  await page.locator("#pass-dialog[open]").waitFor();
  const text = (await page.textContent("#pass-dialog")).replace(/\s+/g, " ").trim();
  await page.click("#pass-confirm");
  return text;
}

// A move over REST as the seat holding `token`: {status, body}.
export async function postCommand(server, gameId, token, action, body = {}) {
  const res = await fetch(`${server.url}/api/games/${gameId}/${action}`, {
    method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
