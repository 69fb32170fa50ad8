// The deck a seat loads on its own phone (the game page's deck box): the decks imported before, kept on this phone
// (never on the server) to pick again; the load; and what to check in the deck just loaded, kept on this phone until
// the player closes it.
import {el, inSight} from "./dom.js";
import {errorText, lang, t} from "./messages.js";

const SAVED = "companion:decks";
const savedDecks = () => JSON.parse(localStorage.getItem(SAVED) || "[]");

/** The deck box for this game: ``seat()`` this phone's seat, ``view()`` the table as last drawn, ``loaded()`` draws the
 * table again after a load. ``render(mayLoad)`` draws it. */
export function deckBox({gameId, client, seat, view, showFlag, loaded}) {
  const $ = id => document.getElementById(id);
  const checkKey = () => `companion:deck-check:${gameId}:${seat()}`;

  function fillSaved() {
    const list = savedDecks().filter(d => d.edition === view().edition);
    $("saved-box").classList.toggle("hidden", !list.length);
    const select = $("saved-decks");
    if (select.options.length === list.length + 1) return;
    select.replaceChildren(el("option", {value: ""}, "—"), ...list.map((d, i) => el("option", {value: String(i)}, d.name)));
    select.onchange = () => { const d = list[Number(select.value)]; if (d) { $("deck-text").value = d.text; $("deck-tag").value = d.tag || ""; } };
  }

  function renderCheck() {
    const box = $("deck-check");
    const warnings = seat() ? JSON.parse(localStorage.getItem(checkKey()) || "[]") : [];
    box.classList.toggle("hidden", !warnings.length);
    box.replaceChildren(...(warnings.length ? [
      el("h2", {}, t("deckWarnings")),
      el("ul", {}, ...warnings.map(w => el("li", {}, (w.line ? t("line", {n: w.line}) + ": " : "") + (w.message[lang()] || w.message.en)))),
      el("button", {id: "deck-check-close", onclick: () => { localStorage.removeItem(checkKey()); renderCheck(); }}, t("close"))] : []));
  }

  $("deck-send").addEventListener("click", async ev => {
    const text = $("deck-text").value, tag = $("deck-tag").value.trim();
    // Sent again once on a version conflict, as gold is: only this seat loads its deck, so the other phone's move that
    // came first (its own deck, pasted at the same moment) changes nothing about it.
    const r = await client.write("/seats/" + seat() + "/deck", {text, ...(tag ? {tag} : {})},
      {method: "PUT", label: t("setDeck"), button: ev.currentTarget, commutative: true});
    if (r.queued || r.status === 409) return;
    if (!r.ok) {
      const problems = ((r.data.error.details || {}).problems || []).map(p => `${p.line ? t("line", {n: p.line}) + ": " : ""}${p.text} — ${p.message}${p.suggestions.length ? " (" + p.suggestions.join(", ") + ")" : ""}`);
      showFlag({kind: "refused", text: () => problems.length ? problems.join("\n") : errorText(r.data.error)});
      return;
    }
    const name = text.split("\n").map(l => l.trim()).find(l => l && !/^\d/.test(l)) || "deck";
    localStorage.setItem(SAVED, JSON.stringify([{name, text, tag, edition: view().edition}, ...savedDecks().filter(d => d.text !== text)].slice(0, 20)));
    // What to check in the deck stays above the round box (its next step: the draw) until the player closes it: a flag
    // at the top of the page was out of sight once the box folded away, and the next tap took it away (a game night).
    const warnings = (r.data.warnings || []).map(w => ({line: w.line, message: w.message}));
    if (warnings.length) localStorage.setItem(checkKey(), JSON.stringify(warnings));
    else localStorage.removeItem(checkKey());
    await loaded();
    if (warnings.length) inSight($("deck-check"));
  });

  return {render(mayLoad) { renderCheck(); if (mayLoad) fillSaved(); }};
}
