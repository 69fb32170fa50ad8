// The bottom sheet a page opens over itself (a card's actions, a form the round asks for, the undo preview).
// A tap is consumed by the control it lands on: while a sheet is open a shield covers the page, and it stays a
// moment after the sheet closes, so the second tap of a double tap never opens the card underneath.
import {onLanguage} from "./messages.js";

const $ = id => document.getElementById(id);
let shieldTimer, redrawer = null;

/** Open the sheet; ``redraw`` draws it again in the language switched to while it is open. */
export function showSheet(redraw = null) {
  clearTimeout(shieldTimer);
  redrawer = redraw;
  $("shield").classList.remove("hidden", "after");
  $("sheet").classList.remove("hidden");
}

export function closeSheet() {
  $("sheet").classList.add("hidden");
  $("shield").classList.add("after");  // still there a moment, but the page no longer looks covered
  redrawer = null;
  clearTimeout(shieldTimer);
  shieldTimer = setTimeout(() => { if ($("sheet").classList.contains("hidden")) $("shield").classList.add("hidden"); }, 450);
}

export const sheetOpen = () => !$("sheet").classList.contains("hidden");

$("shield").addEventListener("click", ev => { ev.preventDefault(); ev.stopPropagation(); if (sheetOpen()) closeSheet(); });
onLanguage(() => { if (redrawer && sheetOpen()) redrawer(); });
