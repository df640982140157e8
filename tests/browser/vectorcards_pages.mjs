// Driving vectorcards.html the way a player does: create, join, pick chips, submit; and the
// checks that no page shows or receives another player's private cards.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sourceDir } from "./server.mjs";

// The embeddings load a moment after the server listens; matches need them.
export async function waitForWords(server, timeoutMs = 30000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${server.url}/api/words/queen`).catch(() => null);
    if (res && res.status === 200) return;
    if (Date.now() > until) throw new Error(`word vectors not ready: ${res && res.status}\n${server.log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function newPlayerPage(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } }); // a phone
  const page = await context.newPage();
  page.received = [];
  // Every WebSocket frame the page receives, for the privacy checks.
  page.on("websocket", (ws) => ws.on("framereceived", (f) => page.received.push(String(f.payload))));
  return page;
}

// Fills the landing page's form; resolves with the match id once the host sits in the lobby.
export async function createMatch(page, server, { matchName, name, rounds = 2, timeout = 120, wildcard, stake, theme }) {
  await page.goto(`${server.url}/vectorcards.html`);
  await page.fill("#create-match-name", matchName);
  await page.fill("#create-name", name);
  await page.fill("#create-rounds", String(rounds));
  await page.fill("#create-timeout", String(timeout));
  if (stake) await page.check("#create-stake");
  if (theme) {
    await page.locator(`#create-theme option[value="${theme}"]`).waitFor({ state: "attached" });
    await page.selectOption("#create-theme", theme);
  }
  if (wildcard !== undefined) {
    await page.click("#create-form details summary");
    await page.fill("#create-wildcard", String(wildcard));
  }
  await page.click("#create-form button[type=submit]");
  await page.waitForURL(/\?match=/);
  await page.locator("#players li.me", { hasText: name }).waitFor();
  return new URL(page.url()).searchParams.get("match");
}

export async function joinMatch(page, inviteUrl, name) {
  await page.goto(inviteUrl);
  await page.locator("#join:not([hidden])").waitFor();
  await page.fill("#join-name", name);
  await page.click("#join-form button[type=submit]");
  await page.locator("#players li.me", { hasText: name }).waitFor();
}

// The round on screen: its words and the viewer's own private tokens.
export async function roundOnScreen(page, round) {
  await page.locator("#round:not([hidden])").waitFor();
  await page.locator("#round-title", { hasText: new RegExp(`\\b${round}\\b`) }).waitFor();
  await page.locator("#private-cards .chip").first().waitFor();
  return {
    start: await page.textContent("#start-word"),
    target: await page.textContent("#target-word"),
    publicCards: await page.locator("#public-cards .chip").evaluateAll((n) => n.map((c) => c.dataset.token)),
    hand: await page.locator("#private-cards .chip").evaluateAll((n) => n.map((c) => c.dataset.token)),
  };
}

// A joker word the round accepts: `preferred` unless it is the round's start or target word (the
// server refuses those), then another common word.
export async function jokerWordFor(page, preferred = "queen") {
  const roundWords = [await page.textContent("#start-word"), await page.textContent("#target-word")]
    .map((w) => (w || "").trim().toLowerCase());
  return [preferred, "castle", "river"].find((w) => !roundWords.includes(w));
}

// Waits until the page accepts the joker word typed; on failure says what the page showed instead.
export async function expectJokerUsable(page) {
  try {
    await page.locator("#joker-ok").waitFor({ timeout: 20000 });
  } catch (error) {
    const status = await page.textContent("#joker-status").catch(() => "?");
    const round = `${await page.textContent("#start-word")} -> ${await page.textContent("#target-word")}`;
    throw new Error(`the joker word was not accepted: "${status}" (round ${round}, ` +
                    `joker field "${await page.inputValue("#joker-input")}")`, { cause: error });
  }
}

// Clicks `part` of `chip` until the chip shows as selected. A click can land beside the chip when
// the page moves under it (an update from the server redraws the round as the pointer comes down);
// a player then taps again, and so does this.
async function choose(chip, part) {
  for (let attempt = 1; ; attempt++) {
    await chip.locator(part).click();
    // The chips are drawn anew on every update, so ask the locator, not an element, each time.
    for (const deadline = Date.now() + 3000; Date.now() < deadline;) {
      if (/\bselected\b/.test(await chip.getAttribute("class"))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (attempt === 3) throw new Error(`three clicks on ${part} did not select the card`);
  }
}

// Picks public card `pub` and private card `priv` (flipping signs when asked) and submits. A
// joker gets `jokerWord`, checked by the page before submitting. Resolves with the page's own
// result, or null when this move closed the round (the results replace the round view).
export async function playMove(page, { pub = 0, priv = 0, minusPublic = false, minusPrivate = false, jokerWord } = {}) {
  const pubChip = page.locator("#public-cards .chip").nth(pub);
  const privChip = page.locator("#private-cards .chip").nth(priv);
  await choose(pubChip, minusPublic ? ".chip-sign" : ".chip-word");
  await choose(privChip, minusPrivate ? ".chip-sign" : ".chip-word");
  assert.equal(await pubChip.getAttribute("data-sign"), minusPublic ? "-" : "+");
  assert.equal(await privChip.getAttribute("data-sign"), minusPrivate ? "-" : "+");
  if ((await privChip.getAttribute("data-token")) === "JOKER") {
    await page.fill("#joker-input", jokerWord ?? await jokerWordFor(page));
    await expectJokerUsable(page);
  }
  await page.click("#submit");
  // The own result shows from the ack on; when this move closed the round, the results replace it.
  await page.locator("#round:not([hidden]) #my-result:not([hidden]), #results:not([hidden])").first().waitFor();
  if (await page.isHidden("#my-result")) return null;
  return {
    similarity: Number(await page.textContent("#my-similarity")),
    nearest: await page.textContent("#my-nearest"),
  };
}

// Waits for the results of `round` and returns the leaderboard rows as text cells.
export async function resultsOnScreen(page, round) {
  await page.locator("#results:not([hidden])").waitFor();
  await page.locator("#results-title", { hasText: new RegExp(`\\b${round}\\b`) }).waitFor();
  return page.locator("#leaderboard tbody tr").evaluateAll((rows) => rows.map((r) => ({
    me: r.classList.contains("me"),
    cells: [...r.cells].map((c) => c.textContent),
    cosine: r.querySelector("td.cos").firstChild.textContent,
    move: r.querySelector("td.who .move").textContent,
  })));
}

// A word of `hidden` that shows up in `text` as a whole word, unless `allowed` explains it.
export function leakedWord(text, hidden, allowed) {
  for (const word of hidden) {
    if (word === "JOKER" || allowed.has(word)) continue;
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (new RegExp(`(^|[^\\p{L}\\p{N}_])${escaped}($|[^\\p{L}\\p{N}_])`, "u").test(text)) return word;
  }
  return null;
}

// The page's own vocabulary (labels in both languages) and the server's closeness labels: a
// private card that happens to be one of these words ("round", "warm") proves nothing on a page.
export const uiWords = new Set([
  ...readFileSync(`${sourceDir}/http/www/js/vectorcards-i18n.js`, "utf8").match(/\p{L}+/gu).map((w) => w.toLowerCase()),
  "heel", "dichtbij", "warm", "lauw", "koud", "ijskoud", "very", "close", "lukewarm", "cold", "ice"]);

// String values in a received frame that name a card, skipping the fields whose values come from
// a fixed set (types, phases, labels, reasons) or are names players typed.
const NOT_CARDS = new Set(["type", "status", "phase", "reason", "label", "label_en", "game", "nearest_vocab",
                           "theme", "exclude_tokens_from_nearest", "name", "player", "code", "message", "matchId"]);
export function frameWords(frame) {
  const out = [];
  const walk = (v, key) => {
    if (NOT_CARDS.has(key)) return;
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(JSON.parse(frame), "");
  return out;
}

// Words a page may legitimately show: the round's public words, result words, the moves everyone
// sees after a round (the cards played, not those kept) and names.
export async function wordsShownPublicly(page) {
  return page.evaluate(() => {
    const words = [];
    for (const sel of ["#start-word", "#target-word", "#my-nearest", "#players .pname"])
      for (const n of document.querySelectorAll(sel)) words.push(n.textContent.trim());
    // A nearest word's cell holds the word, then the target's rank in a block of its own: the
    // cell's text runs the two together ("motorcycledoelwoord op plek …").
    for (const n of document.querySelectorAll("#leaderboard td.nearest"))
      if (n.firstChild) words.push(n.firstChild.textContent.trim());
    for (const n of document.querySelectorAll("#leaderboard td.who .move"))
      words.push(...n.textContent.split(/[\s+−★]+/).filter(Boolean));
    for (const n of document.querySelectorAll("#public-cards .chip, #private-cards .chip")) words.push(n.dataset.token);
    return words;
  });
}
