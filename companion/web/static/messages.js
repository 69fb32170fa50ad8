// The message catalogue in the browser: every text a page shows, in the reader's language, from the same
// files Python reads (/messages.json); the language button on every page, and what redraws in the new language.
import {request} from "./request.js";

let MESSAGES = {en: {}, de: {}};
let LANG = localStorage.getItem("companion:lang") || document.documentElement.lang ||
  ((navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en");
if (!["en", "de"].includes(LANG)) LANG = "en";
export const lang = () => LANG;
export const messagesReady = request("/messages.json").then(r => { if (r.ok) { MESSAGES = r.data; applyStrings(); } });

//: Ids t() was asked for that the catalogue lacks (the page would show the id itself), once watchMisses() is called.
export let misses = null;
/** Start noting the ids t() is asked for that the catalogue lacks (the page tests look for them). */
export function watchMisses() { misses = misses || new Set(); }

/** A message by id with its {named} placeholders filled. */
export function t(id, params = {}) {
  if (misses && !hasMessage(id)) misses.add(id);
  const tpl = MESSAGES[LANG][id] ?? MESSAGES.en[id] ?? id;
  return tpl.replace(/\{(\w+)\}/g, (all, k) => (params[k] !== undefined && params[k] !== null ? String(params[k]) : all));
}
export const hasMessage = id => id in MESSAGES.en;
/** "1 round" / "3 rounds": ids ending in .one and .other. */
export const tn = (id, n, params = {}) => t(id + (n === 1 ? ".one" : ".other"), {n, ...params});
export const actName = type => (hasMessage("action." + type) ? t("action." + type) : type);
export const phaseName = p => t("phase." + p);
export const typeName = x => (hasMessage("type." + x) ? t("type." + x) : x);
export const tokenName = k => (hasMessage("token." + k) ? t("token." + k) : k);
export const factionName = f => (f && hasMessage("faction." + f) ? t("faction." + f) : (f || ""));
/** A rule citation with each heading in the reader's language: "RR: Schatten › Einzigartige Karten und die Schatten". */
export function citation(heading) {
  if (!heading) return "";
  const i = heading.indexOf(": ");
  const parts = i >= 0 ? [heading.slice(0, i), ...heading.slice(i + 2).split(" › ")] : heading.split(" › ");
  const shown = parts.map(p => (hasMessage("cite." + p) ? t("cite." + p) : p));
  return i >= 0 ? `${shown[0]}: ${shown.slice(1).join(" › ")}` : shown.join(" › ");
}
/** A server error in the reader's language: the catalogue's text for its code, or (in English, or for a code the
 * catalogue does not know) the server's own, more specific message. */
export function errorText(error) {
  if (!error) return "";
  if (typeof error === "string") return error;
  const id = "error." + error.code;
  // No connection: the browser's own words ("TypeError: Failed to fetch") say nothing to a player, in any language.
  return (LANG !== "en" || error.code === "offline") && hasMessage(id) ? t(id) : error.message;
}

/** A verdict's placeholder value (companion/rules/verdict.py): a list, another message {msg, …}, a card
 * {name, card?} (the server leaves the instance id in for the judge only; a card the reader may not see
 * arrives as its position, a message), or text. */
export function paramText(v) {
  if (Array.isArray(v)) return v.map(paramText).join(", ");
  if (v && typeof v === "object") {
    if (v.msg) return t(v.msg, paramsText(Object.fromEntries(Object.entries(v).filter(([k]) => k !== "msg"))));
    return v.card ? t("ref.judge", {name: v.name, card: v.card}) : String(v.name ?? "");
  }
  return String(v ?? "");
}
const paramsText = params => Object.fromEntries(Object.entries(params || {}).map(([k, v]) => [k, paramText(v)]));
let judgeReads = false;  // set by the game page: old verdicts keep their instance ids for the judge
/** Whether the reader is the game's judge (old verdicts' card ids are shown to the judge only). */
export function setJudgeReader(judge) { judgeReads = Boolean(judge); }
/** A rule violation or note in the reader's language: its message rule.<id> / note.<kind> and its values. */
export function msg(obj) {
  if (obj.params) return t(obj.rule ? "rule." + obj.rule : "note." + obj.kind, paramsText(obj.params));
  // Verdicts written before the catalogue held the rules' text carry it, with "[A 01089#1]" after card names.
  const text = LANG === "de" ? (obj.message_de || obj.message) : obj.message;
  return judgeReads ? text : String(text || "").replace(/\s*\[[^\][]*#\d+\]/g, "");
}
/** The page's fixed texts: elements marked data-t (text), data-tp (placeholder) and data-ta (aria-label). */
export function applyStrings() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-t]").forEach(e => { if (hasMessage(e.dataset.t)) e.textContent = t(e.dataset.t); });
  document.querySelectorAll("[data-tp]").forEach(e => { if (hasMessage(e.dataset.tp)) e.placeholder = t(e.dataset.tp); });
  document.querySelectorAll("[data-ta]").forEach(e => { if (hasMessage(e.dataset.ta)) e.setAttribute("aria-label", t(e.dataset.ta)); });
}

// What a page drew itself (render(), open sheets, lists), drawn again in the new language, in the order given.
const redrawers = [];
/** Draw ``fn`` again whenever the reader switches the language. */
export function onLanguage(fn) { redrawers.push(fn); }
/** Draw again everything the page registered with onLanguage. */
export function redraw() { for (const fn of redrawers) fn(); }
export function toggleLanguage() {
  LANG = LANG === "de" ? "en" : "de";
  localStorage.setItem("companion:lang", LANG);
  applyStrings();
  redraw();
}

// Every page: the language button, no inline handlers.
document.addEventListener("click", ev => {
  if (ev.target.closest("[data-lang-toggle]")) toggleLanguage();
});
