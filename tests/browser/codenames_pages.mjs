// Driving the Codenames pages the way players do: create a match on /codenames.html, join by the
// invitation, wait for the spymaster's clue, propose and confirm cards. `adminState` reads the
// key (every card's role) from the admin API, so a test can choose cards deterministically.
import assert from "node:assert/strict";

export async function newPlayerPage(browser, viewport = { width: 390, height: 844 }) { // a phone
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.received = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => page.received.push(String(f.payload))));
  page.on("pageerror", (e) => { page.errors = (page.errors || []).concat(String(e)); });
  return page;
}

// Creates a match on the create page; resolves with {matchId, player, invite, spectator} URLs.
export async function createMatch(page, server, { mode, name, team }) {
  await page.goto(`${server.url}/codenames.html`);
  await page.locator(`input[name=mode][value=${mode}]`).check({ force: true });
  if (team) await page.locator(`input[name=team][value=${team}]`).check({ force: true });
  await page.fill("#name", name);
  await page.click("#create");
  await page.locator("#links:not([hidden])").waitFor();
  const url = (kind) => page.locator(`#link-list li[data-kind=${kind}] .link-url`).inputValue();
  return { matchId: await page.getAttribute("#links", "data-match-id"), player: await url("player"),
    invite: await url("invite"), spectator: await url("spectator") };
}

// Opens the invitation, joins (choosing `team` when given) and lands in the lobby of the new seat.
export async function joinByInvite(page, url, name, team) {
  await page.goto(url);
  await page.locator("#join:not([hidden])").waitFor();
  if (team) await page.locator(`#join-teams input[value=${team}]`).check({ force: true });
  await page.fill("#join-name", name);
  await page.click("#join-form button[type=submit]");
  await page.waitForURL(/\/cn\/[^/]+\/p\/[0-9A-Za-z]+$/);
  await page.locator("#lobby:not([hidden])").waitFor();
  return page.url();
}

// The admin's state of the live match (the key, the clues' targets).
export async function adminState(server, matchId) {
  const res = await fetch(`${server.url}/admin/matches/${matchId}/state`, {
    headers: { Authorization: `Bearer ${server.adminToken}` } });
  assert.equal(res.status, 200);
  return (await res.json()).state;
}

// The seat's view over REST.
export async function apiView(server, matchId, token) {
  const res = await fetch(`${server.url}/api/codenames/${matchId}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return res.json();
}

export const tokenOf = (url) => url.slice(url.lastIndexOf("/") + 1);
export const card = (page, index) => page.locator(`#board .word-card[data-index="${index}"]`);

// Waits until the page shows a clue for `turn` (the clue bar and the turn counter).
export async function waitForClue(page, turn) {
  await page.locator("#turn-count", { hasText: `Turn ${turn}` }).waitFor();
  await page.locator("#clue:not([hidden])").waitFor({ timeout: 30000 });
}

// The first covered card of `role` by the key.
export function coveredCard(state, role) {
  return state.cards.findIndex((c) => c.role === role && !c.revealed);
}
