// Two players' pages on the tic-tac-toe page: Ann creates a match, Bob joins by the invite URL.
export async function openTwoPlayerMatch(browser, server) {
  const ann = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await ann.goto(`${server.url}/tictactoe.html`);
  await ann.fill("#create-name", "Ann");
  await ann.click("text=Create a match");
  await ann.waitForURL(/match=/);
  const matchId = new URL(ann.url()).searchParams.get("match");
  // The invite link is filled in by the first snapshot, which may come after the load.
  await ann.waitForFunction(() => document.querySelector("#invite-url").value !== "");
  await bob.goto(await ann.inputValue("#invite-url"));
  await bob.fill("#join-name", "Bob");
  await bob.click("text=Join this match");
  await ann.waitForSelector("text=your turn");
  return { ann, bob, matchId };
}

export const cell = (page, i) => page.locator(`#board button[aria-label="cell ${i}"]`);

// Clicks `i` on `page`, then waits until it is `next`'s turn.
export async function play(page, i, next) {
  await cell(page, i).click();
  await next.waitForSelector("text=your turn");
}
