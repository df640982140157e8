// Codenames' create page: mode, team and name, POST /api/codenames, then the three links (the
// creator's seat, the invitation, the spectator link) with copy buttons. The links are kept in
// this browser only (localStorage), so the host's lobby can offer them again. A refusal shows
// next to the field it is about (the name, the mode, the team), else next to "Create match".
import { clearFieldError, showFieldError } from "/js/dom.js";
import { NAME_KEY, errorText, linkRow, linksKey } from "/js/codenames-text.js";

const $ = (id) => document.getElementById(id);
const FIELDS = { bad_name: "name", name_empty: "name", bad_mode: "mode-choice", bad_team: "team-choice" };
const CONTROLS = ["create", ...Object.values(FIELDS)];

function showError(e) {
  for (const id of CONTROLS) clearFieldError($(id));
  if (!e) return;
  showFieldError($(FIELDS[e.code] || "create"), errorText(e.code, e.message)).dataset.code = e.code || "";
}

function syncTeamChoice() {
  const mode = new FormData($("create-form")).get("mode");
  $("team-choice").hidden = mode !== "two_teams";
}

$("create-form").addEventListener("change", syncTeamChoice);
$("name").value = localStorage.getItem(NAME_KEY) || "";
syncTeamChoice();

$("create-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  showError(null);
  const form = new FormData($("create-form"));
  const mode = form.get("mode");
  const body = { mode };
  if (mode === "two_teams") body.team = form.get("team");
  const name = $("name").value.trim();
  if (name) {
    body.name = name;
    localStorage.setItem(NAME_KEY, name);
  }
  $("create").disabled = true;
  try {
    const res = await fetch("/api/codenames", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw (answer.error || { code: `http_${res.status}`, message: res.statusText });
    localStorage.setItem(linksKey(answer.matchId),
      JSON.stringify({ invite: answer.inviteUrl, spectator: answer.spectatorUrl }));
    $("link-list").replaceChildren(
      linkRow("Your seat (keep it to come back)", answer.playerUrl, "player"),
      linkRow("Invitation for the other players", answer.inviteUrl, "invite"),
      linkRow("Spectators (read only)", answer.spectatorUrl, "spectator"));
    $("links-hint").textContent = mode === "one_team"
      ? "Send the invitation to your friends: each joins your team with a seat of their own, or open your seat and play alone. The spectator link shows the game without taking part."
      : "Send the invitation to your friends: each picks a team and gets a seat of their own. The spectator link shows the game without taking part.";
    $("open-seat").href = answer.playerUrl;
    $("links").dataset.matchId = answer.matchId;
    $("links").hidden = false;
    $("links").scrollIntoView({ block: "nearest" });
  } catch (err) {
    showError(err && err.code ? err : { code: "network", message: String(err) });
  } finally {
    $("create").disabled = false;
  }
});
