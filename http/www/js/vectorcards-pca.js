// The 2-D picture of a round: start word, target word and every player's result as labelled dots.
//
// The server computes the projection (round.results.projection, PCA of the round's vectors) and
// writes it into its events. Two dimensions cannot keep every distance, and a plain projection
// may draw the winner farther from the target than the start: so where the points carry their
// score (cosine to the target), the picture is centred on the target and each point lies at its
// true angle from it (arccos of its score), in the direction the projection gives. Nearer the
// target is then always a better score, and a dashed ring through the start shows where a move
// began to help. Colours come from classes styled with palette tokens in vectorcards.css.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 400;
const HEIGHT = 280;
const PAD = 36;

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// The points around the target, each at its true angle from it (see above); null where a point
// other than the target has no score.
export function targetCentred(points) {
  const target = points.find((p) => p.kind === "target");
  const others = points.filter((p) => p !== target);
  if (!target || !others.every((p) => Number.isFinite(p.similarity))) return null;
  return [{ ...target, x: 0, y: 0 }, ...others.map((p) => {
    const dx = p.x - target.x, dy = p.y - target.y;
    const length = Math.hypot(dx, dy);
    const radius = Math.acos(Math.max(-1, Math.min(1, p.similarity)));
    // A point the projection drew on the target keeps its distance, pointing right.
    const [ux, uy] = length > 1e-12 ? [dx / length, dy / length] : [1, 0];
    return { ...p, x: ux * radius, y: uy * radius };
  })];
}

// points: [{x, y, label, kind: "start"|"target"|"player"|"you", similarity?}]; title: the
// accessible name.
export function projectionSvg(points, { title, description } = {}) {
  const svg = svgEl("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "projection-svg" });
  svg.append(svgEl("title", {}, title || ""));
  if (description) svg.append(svgEl("desc", {}, description));
  const finite = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const centred = targetCentred(finite);
  const usable = centred || finite;
  if (!usable.length) return svg;

  // One scale for both axes keeps angles and distances honest; a centred picture holds the whole
  // ring through the start.
  const start = usable.find((p) => p.kind === "start");
  const ring = centred && start ? Math.hypot(start.x, start.y) : 0;
  const xs = [...usable.map((p) => p.x), ...(ring ? [-ring, ring] : [])];
  const ys = [...usable.map((p) => p.y), ...(ring ? [-ring, ring] : [])];
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY, 1e-9);
  const scale = Math.min((WIDTH - 2 * PAD) / span, (HEIGHT - 2 * PAD) / span);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const at = (p) => [WIDTH / 2 + (p.x - cx) * scale, HEIGHT / 2 - (p.y - cy) * scale];

  const target = usable.find((p) => p.kind === "target");
  if (start && target) {
    const [x1, y1] = at(start);
    const [x2, y2] = at(target);
    if (centred) svg.append(svgEl("circle", { cx: x2, cy: y2, r: Math.hypot(x1 - x2, y1 - y2), class: "pj-ring" }));
    else svg.append(svgEl("line", { x1, y1, x2, y2, class: "pj-axis" }));
  }
  // Labels are placed greedily, start and target first: each takes the first side (right, left,
  // above, below) where it overlaps no dot and no earlier label and stays inside the picture.
  const placed = usable.map((p) => { const [x, y] = at(p); return { p, x, y, r: p.kind === "player" ? 5 : 7 }; });
  const taken = placed.map(({ x, y, r }) => [x - r, y - r, x + r, y + r]);
  const priority = { start: 0, target: 1, you: 2, player: 3 };
  const labels = new Map();
  for (const d of [...placed].sort((a, b) => priority[a.p.kind] - priority[b.p.kind])) {
    const w = 7.5 * String(d.p.label).length;
    const options = [
      { x: d.x + d.r + 4, y: d.y + 4, anchor: "start", box: [d.x + d.r + 4, d.y - 9, d.x + d.r + 4 + w, d.y + 6] },
      { x: d.x - d.r - 4, y: d.y + 4, anchor: "end", box: [d.x - d.r - 4 - w, d.y - 9, d.x - d.r - 4, d.y + 6] },
      { x: d.x, y: d.y - d.r - 5, anchor: "middle", box: [d.x - w / 2, d.y - d.r - 18, d.x + w / 2, d.y - d.r - 3] },
      { x: d.x, y: d.y + d.r + 14, anchor: "middle", box: [d.x - w / 2, d.y + d.r + 2, d.x + w / 2, d.y + d.r + 17] }];
    const fits = (o) => o.box[0] >= 0 && o.box[2] <= WIDTH && o.box[1] >= 0 && o.box[3] <= HEIGHT &&
      !taken.some((b, i) => placed[i] !== d && o.box[0] < b[2] && b[0] < o.box[2] && o.box[1] < b[3] && b[1] < o.box[3]);
    const choice = options.find(fits) || options[d.x < WIDTH * 0.7 ? 0 : 1];
    taken.push(choice.box);
    labels.set(d, choice);
  }
  // Players are drawn first, so the start and target dots stay on top of a crowd.
  for (const d of [...placed].sort((a, b) => priority[b.p.kind] - priority[a.p.kind])) {
    const label = labels.get(d);
    const group = svgEl("g", { class: `pj-point pj-${d.p.kind}` });
    group.append(svgEl("circle", { cx: d.x, cy: d.y, r: d.r }));
    group.append(svgEl("text", { x: label.x, y: label.y, "text-anchor": label.anchor }, d.p.label));
    svg.append(group);
  }
  return svg;
}
