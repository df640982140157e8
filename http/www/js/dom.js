// Small DOM helpers the games' pages share.

// el("td", {className: "num", dataset: {x: "1"}, ariaLabel: "…", onclick: f}, "text", childNode, ...)
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null) continue;
    if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("aria")) node.setAttribute(`aria-${key.slice(4).toLowerCase()}`, value);
    else if (key === "role") node.setAttribute("role", value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node[key] = value;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// Copies `text` (falling back to a hidden text area where the clipboard API is refused) and
// shows `copied` on `button` for a moment.
export async function copyText(text, button, copied) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el("textarea", { value: text });
    document.body.append(area);
    area.select();
    document.execCommand?.("copy");
    area.remove();
  }
  if (!button) return;
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  button.textContent = copied;
  setTimeout(() => { button.textContent = label; }, 1500);
}

// Shows `message` (a sentence for players) right next to `control`, the button or field whose
// action failed, and scrolls it into view: an error at the top of a long page goes unseen. One
// message per control; a new one replaces it. `clearFieldError(control)` removes it.
export function showFieldError(control, message) {
  clearFieldError(control);
  const note = el("p", { className: "field-error", role: "alert" }, message);
  const anchor = control.closest("[data-error-anchor]") || control;
  anchor.after(note);
  control.dataset.errorId = note.id = `field-error-${++fieldErrorCount}`;
  control.setAttribute("aria-describedby", note.id);
  note.scrollIntoView({ block: "nearest", behavior: "smooth" });
  return note;
}

export function clearFieldError(control) {
  const id = control.dataset.errorId;
  if (!id) return;
  document.getElementById(id)?.remove();
  delete control.dataset.errorId;
  control.removeAttribute("aria-describedby");
}

let fieldErrorCount = 0;
