// The game as a GCG file (GET /api/games/{id}/gcg, docs/wortkunst.md "GCG export"). The seat
// token travels in the Authorization header, never in a URL, so the file is fetched and handed
// to the browser as a download; it holds this player's own racks (everyone's once the game is
// over). Rejects with {code, message} when the server refuses.
export async function downloadGcg(gameId, token) {
  let res;
  try {
    res = await fetch(`/api/games/${encodeURIComponent(gameId)}/gcg`, { headers: { Authorization: `Bearer ${token}` } });
  } catch (e) {
    throw { code: "network", message: String(e) };
  }
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw body.error || { code: "unavailable", message: res.statusText };
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `wortkunst-${gameId}.gcg`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
