// Small pieces every page draws with: elements, the confirmation sheet, a file to save.
import {onLanguage, t} from "./messages.js";

// Every page that draws with these: a double tap is one tap. The second click of a double tap (detail 2 and up) on
// any button but a counter's +/− is dropped, so an answer landing between the two taps cannot turn the second into a
// tap on whatever button the answer drew where the first one hit (the next step's, the next round's).
document.addEventListener("click", ev => {
  const b = ev.target instanceof Element ? ev.target.closest("button") : null;
  if (ev.detail > 1 && b && !b.matches(".step, [data-delta]")) { ev.stopImmediatePropagation(); ev.preventDefault(); }
}, true);

/** Build an element: el("li", {class: "x", onclick: fn}, child, …). */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** A bottom sheet that asks before something cannot be taken back. Resolves true or false. The page behind it is
 * covered while it is open: a tap there (or Escape) is "Cancel", never a tap on a button the question hides. The
 * header stays above the cover: its language button says the question again in the other language. */
export function confirmSheet(text) {
  return new Promise(resolve => {
    const sheet = el("div", {class: "sheet confirm", role: "dialog", "aria-modal": "true"});
    const cover = el("div", {class: "sheet-cover", "data-confirm-cover": ""});
    const onKey = ev => { if (ev.key === "Escape") done(false); };
    const done = answer => {
      sheet.remove(); cover.remove(); document.body.classList.remove("confirming");
      document.removeEventListener("keydown", onKey); openConfirm = null; resolve(answer);
    };
    cover.addEventListener("click", () => done(false));
    document.addEventListener("keydown", onKey);
    // ``text`` may be a function: the question is said again in the language switched to while it is open.
    const draw = () => sheet.replaceChildren(el("h3", {}, t("confirmTitle")),
      el("p", {}, typeof text === "function" ? text() : text),
      el("button", {class: "primary", "data-confirm": "yes", onclick: () => done(true)}, t("yes")),
      el("button", {"data-confirm": "no", onclick: () => done(false)}, t("cancel")));
    draw();
    openConfirm = draw;
    document.body.append(cover, sheet);
    document.body.classList.add("confirming");  // the header (its language button) stays above the cover
    sheet.querySelector("[data-confirm=no]").focus({preventScroll: true});  // a stray Enter takes nothing back
  });
}
let openConfirm = null;  // the open confirmation's drawing
onLanguage(() => { if (openConfirm) openConfirm(); });

/** Save a file the server sent (a log, an export, a PDF) under ``name``. */
export function saveFile(blob, name) {
  const link = el("a", {href: URL.createObjectURL(blob), download: name});
  document.body.append(link); link.click(); link.remove();
}

/** Draw a table body's rows from their HTML, changing only the cells that changed: a button pressed as the rows are
 * drawn again is the same button when released, so its click is not lost (the live stream redraws often). Rows are
 * known by their ``key`` attribute (a table's game), so a row that moves up keeps its elements too. */
export function drawRows(body, html, key = "data-key") {
  const drawn = document.createElement("tbody");
  drawn.innerHTML = html;
  const old = new Map([...body.rows].filter(r => r.hasAttribute(key)).map(r => [r.getAttribute(key), r]));
  const rows = [...drawn.rows].map(row => {
    const kept = row.hasAttribute(key) ? old.get(row.getAttribute(key)) : undefined;
    if (!kept || kept.cells.length !== row.cells.length) return row;
    old.delete(row.getAttribute(key));
    for (const a of [...kept.attributes]) if (!row.hasAttribute(a.name)) kept.removeAttribute(a.name);
    for (const a of [...row.attributes]) if (kept.getAttribute(a.name) !== a.value) kept.setAttribute(a.name, a.value);
    [...row.cells].forEach((cell, j) => { if (kept.cells[j].outerHTML !== cell.outerHTML) kept.cells[j].replaceWith(cell); });
    return kept;
  });
  for (const r of [...body.rows]) if (!rows.includes(r)) r.remove();
  rows.forEach((row, i) => { if (body.rows[i] !== row) body.insertBefore(row, body.rows[i] || null); });
}

/** Draw ``box`` with ``draw`` now, or, while a finger (or the mouse) is down on it, once the tap is over: a live
 * update that comes between a finger down on a button and the finger lifted would otherwise replace the button
 * under the finger, and the tap would be lost. The tap is over at its click (whose handlers run on the buttons as
 * they were drawn when pressed), when it is cancelled (the finger scrolled), or a moment after a finger lifted
 * that made no click, or after a press too long for a tap. Returns the box's redraw. */
export function drawnWhenLifted(box, draw) {
  let pressed = false, owed = false, timer = 0;
  const over = () => {
    clearTimeout(timer);
    if (!pressed) return;
    pressed = false;
    if (owed) { owed = false; draw(); }
  };
  // A press of 3 s is no tap (and a mouse let go outside the window sends no pointerup): the box is drawn then.
  box.addEventListener("pointerdown", () => { pressed = true; clearTimeout(timer); timer = setTimeout(over, 3000); });
  document.addEventListener("pointerup", () => { if (pressed) { clearTimeout(timer); timer = setTimeout(over, 500); } }, true);
  document.addEventListener("pointercancel", over, true);
  document.addEventListener("click", () => { if (pressed) setTimeout(over); }, true);
  return () => { if (pressed) owed = true; else draw(); };
}

/** Scroll ``node`` into sight below the header that stays on top of the page. */
export function inSight(node) {
  node.style.scrollMarginTop = document.querySelector("header").offsetHeight + 8 + "px";
  node.scrollIntoView({block: "nearest"});
}
