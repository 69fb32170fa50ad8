// What the round offers this phone now (the server's view.round.offers), drawn as buttons: one tap sends a ready
// action; an offer with fields (cards to choose, a number) opens a form first. The page names no action, phase or
// role: each offer carries its label, its action and what it asks, from the server.
import {confirmSheet, el} from "./dom.js";
import {hasMessage, lang, paramText, t} from "./messages.js";
import {closeSheet, showSheet} from "./sheet.js";

/** A choice's label: the card's name as the page names it, its STR where the server gave it. */
const choiceText = (c, names) => (c.card ? names.cardName(c.card, c.name) : c.name) +
  (c.strength !== undefined ? ` (${t("round.strAmount")} ${c.strength})` : "");

/** A label begins with a capital ("Military challenge…"), though sentences use the word in lower case. */
export const said = v => paramText(v).replace(/^\p{Ll}/u, c => c.toLocaleUpperCase(lang()));

/** An offer's label inside its own form: without the "…" that says a form opens, since the form is open (the send
 * button read "Military challenge…" as if a second form would follow). */
const inForm = v => said(v).replace(/\s*…$/u, "");

/** Whether ``offer`` (as a button drew it: an offer or the next step) is still what the round (``view.now``) offers,
 * the same action: a tap pressed as a live update came is not sent for what the button says since. */
export const offered = (offer, now) => [now.next, ...now.offers].some(o => o && o.id === offer.id
  && JSON.stringify(o.action) === JSON.stringify(offer.action));

/** One offer as a button; ``send(action, button, offer)`` records it. */
export function offerButton(offer, send, names) {
  const button = el("button", {class: offer.primary ? "primary" : "", "data-offer": offer.id,
    onclick: ev => (offer.fields.length ? openForm(offer, send, names) : sendOffer(offer, offer.action, send, ev.currentTarget))},
  said(offer.label));
  if (!offer.detail) return button;
  return el("div", {class: "offer"}, button, el("div", {class: "muted"}, paramText(offer.detail)));
}

let effectsOpen = false;
let filters = {};  // what the player typed in a long field's search, kept while its form is drawn again  // a live update draws the box again: what the player opened stays open

/** The round box's buttons: the round's own in a row, those only a card's text allows under "By a card effect…",
 * and those the server sets apart (a move that ends the game) last. */
export function offerRows(offers, send, names) {
  const row = (list, apart = false) => el("div", {class: "row wrap offers" + (apart ? " apart" : "")}, ...list.map(o => offerButton(o, send, names)));
  const usual = offers.filter(o => !o.effect && !o.apart), effects = offers.filter(o => o.effect);
  const apart = offers.filter(o => o.apart && !o.effect);
  const more = el("details", {class: "effects", open: effectsOpen, ontoggle: e => { effectsOpen = e.currentTarget.open; }},
    el("summary", {}, t("byEffect")), row(effects));
  return [...(usual.length ? [row(usual)] : []), ...(effects.length ? [more] : []),
    ...(apart.length ? [row(apart, true)] : [])];
}

/** Sends an offer (or the step button's step) once the question the server put on it, if any, is answered yes. */
export async function sendOffer(offer, action, send, button) {
  if (offer.confirm && !(await confirmSheet(() => paramText(offer.confirm)))) return;
  return send(action, button, offer);
}

/** A field's legend: what its cards are where the catalogue names the field ("Attackers: choose 1 to 2"), and how
 * many to choose; a field with nothing in it says so once. */
function legend(f) {
  const count = !f.choices.length ? t("round.pickNone")
    : t(f.min === f.max ? "round.pickExactly" : "round.pickBetween", {min: f.min, max: f.max});
  return hasMessage("field." + f.name) ? `${t("field." + f.name)}: ${count}` : count;
}

/** Why a field's ticks cannot be sent yet, and what to do ("2 chosen: untick 1 to send"); empty while they can
 * (or while nothing is ticked: the legend says how many to choose). The send button alone only went grey. */
function pickedText(f, n) {
  if (n > f.max) return t("round.pickedTooMany", {n, extra: n - f.max});
  return n > 0 && n < f.min ? t("round.pickedTooFew", {n, missing: f.min - n}) : "";
}

/** A choice's label, with its copy number where another choice of the field reads the same (two copies of a title
 * in a hand to discard from): two identical lines looked like one card listed twice. */
function copyText(labels, i) {
  const same = labels.filter(l => l === labels[i]).length;
  return same > 1 ? `${labels[i]} (${t("copyN", {n: labels.slice(0, i + 1).filter(l => l === labels[i]).length})})` : labels[i];
}

/** A field of more choices than this gets a search line (a hand to discard from offers every title of the deck). */
const LONG = 12;

/** Hides the choices of a long field that do not match what was typed; a ticked one stays in sight. */
function showMatching(field, rows) {
  const typed = (filters[field] || "").trim().toLocaleLowerCase(lang());
  for (const row of rows) {
    row.classList.toggle("hidden", Boolean(typed) && !row.querySelector("input").checked
      && !row.textContent.toLocaleLowerCase(lang()).includes(typed));
  }
}

/** A long field's search line. */
function searchBox(field, rows) {
  const input = el("input", {type: "search", "aria-label": t("round.findChoice"), placeholder: t("round.findChoice"),
    "data-find": field, value: filters[field] || ""});
  input.addEventListener("input", () => { filters[field] = input.value; showMatching(field, rows); });
  return input;
}

/** The form of an offer with fields: each field's choices (checkboxes, within its bounds) or number; the send
 * button is live only while every field is within its bounds. */
function openForm(offer, send, names, values = null) {
  const sheet = document.getElementById("sheet");
  if (!values) filters = {};
  const state = values || Object.fromEntries(offer.fields.map(f => [f.name, f.kind === "number" ? f.value
    : f.kind === "seat" ? (f.choices[0] || {}).seat : new Set(f.checked || [])]));
  const fits = () => offer.fields.every(f => f.kind === "number" || f.kind === "seat" ||
    (state[f.name].size >= f.min && state[f.name].size <= f.max));
  const save = el("button", {class: "primary", "data-offer-send": offer.id, onclick: ev => {
    const action = {...offer.action};
    for (const f of offer.fields) {
      if (f.kind === "cards") action[f.name] = [...state[f.name]];
      else if (f.kind === "card") action[f.name] = [...state[f.name]][0];
      else action[f.name] = state[f.name];
    }
    closeSheet();
    sendOffer(offer, action, send, ev.currentTarget);
  }}, inForm(offer.label));
  const refresh = () => {
    save.disabled = !fits();
    for (const f of offer.fields) if (hints[f.name]) hints[f.name].textContent = pickedText(f, state[f.name].size);
    const amount = offer.fields.find(f => f.relabel);
    if (amount) save.textContent = t(amount.relabel, {[amount.param]: Math.max(0, amount.adds + (Number(state[amount.name]) || 0))});
  };
  const hints = {};  // each card field's line under its choices: how many are ticked, while that cannot be sent
  const parts = offer.fields.map(f => {
    if (f.kind === "number") {
      const input = el("input", {type: "number", inputmode: "numeric", min: f.min, max: f.max, value: state[f.name],
        id: "field-" + f.name, "data-field": f.name});
      input.addEventListener("input", () => { state[f.name] = Math.max(f.min, Math.min(f.max, Number(input.value) || 0)); refresh(); });
      return el("div", {class: "row"}, el("label", {for: "field-" + f.name}, paramText(f.label)), input);
    }
    if (f.kind === "seat") {
      const row = el("div", {class: "row wrap chips", "data-field": f.name});
      for (const c of f.choices) {
        row.append(el("button", {class: state[f.name] === c.seat ? "chosen" : "", "data-value": c.seat,
          onclick: () => { state[f.name] = c.seat; openForm(offer, send, names, state); }}, c.name));
      }
      return row;
    }
    const box = el("fieldset", {class: "cards-pick", "data-field": f.name}, el("legend", {}, legend(f)));
    const labels = f.choices.map(c => choiceText(c, names));
    const rows = [];
    if (f.choices.length > LONG) box.append(searchBox(f.name, rows));
    f.choices.forEach((c, i) => {
      const input = el("input", {type: "checkbox", "data-choice": c.card});
      input.checked = state[f.name].has(c.card);
      input.addEventListener("change", () => {
        if (f.kind === "card") state[f.name].clear();
        if (input.checked) state[f.name].add(c.card); else state[f.name].delete(c.card);
        if (f.kind === "card") openForm(offer, send, names, state); else refresh();
      });
      rows.push(el("label", {class: "check"}, input, copyText(labels, i)));
      box.append(rows[i]);
    });
    showMatching(f.name, rows);
    hints[f.name] = el("p", {class: "note", "data-picked": f.name, "aria-live": "polite"});
    box.append(hints[f.name]);
    return box;
  });
  sheet.replaceChildren(el("h3", {}, inForm(offer.label)), ...parts, save, el("button", {onclick: closeSheet}, t("close")));
  refresh();
  showSheet(() => openForm(offer, send, names, state));
}
