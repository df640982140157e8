// Wortkunst's home page: pick 1–4 seats, create the game over REST (POST /api/games), list one URL
// per seat (the host's first) with copy buttons. The URLs are the seats; this browser keeps them
// (localStorage) so the host's lobby can show them again.
import { clearFieldError, showFieldError } from "/js/dom.js";
import { allLinks, copyText, errorText, linksKey, seatRow } from "/js/wortkunst-text.js";

const $ = (id) => document.getElementById(id);

// A refusal shows next to the create button, in German.
function showError(e) {
  if (!e) return clearFieldError($("create"));
  showFieldError($("create"), errorText(e.code, e.message));
}

$("create-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  showError(null);
  const playerCount = Number(new FormData($("create-form")).get("count"));
  $("create").disabled = true;
  try {
    const res = await fetch("/api/games", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ playerCount }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw (body.error || { code: `http_${res.status}`, message: res.statusText });
    $("seat-urls").replaceChildren(...body.playerUrls.map(seatRow));
    // Kept in this browser only, so the host's lobby can offer the links again.
    localStorage.setItem(linksKey(body.gameId), JSON.stringify(body.playerUrls));
    $("open-host").href = body.playerUrls[0];
    $("links").hidden = false;
    $("links").dataset.gameId = body.gameId;
    $("links").scrollIntoView({ block: "nearest" });
  } catch (err) {
    showError(err && err.code ? err : { code: "network", message: String(err) });
  } finally {
    $("create").disabled = false;
  }
});

$("copy-all").addEventListener("click", () => copyText(allLinks($("seat-urls")), $("copy-all")));
