// Finding a card by name on the table page: the search box, its answers (copy number and zone tell copies apart)
// and, when nothing is found, the catalogue's hint. A tap opens the card's actions (game.js's openCard).
import {el} from "./dom.js";
import {t} from "./messages.js";

/** ``client``: the table's client (GET /find); ``openCard(id, name)``; ``seatName(seat)``. */
export function makeFinder({client, openCard, seatName}) {
  const $ = id => document.getElementById(id);
  let findTimer, found = null, findEdits = 0;
  $("find").addEventListener("input", ev => {
    findEdits += 1;
    clearTimeout(findTimer);
    findTimer = setTimeout(async () => {
      const q = ev.target.value;
      if (!q.trim()) { found = null; renderFound(); return; }
      const r = await client.get("/find?q=" + encodeURIComponent(q));
      if (!r.ok || $("find").value !== q) return;  // a newer query is on its way
      found = {q, ...r.data};
      renderFound();
    }, 120);
  });
  /** Search results: copy number and zone tell copies apart; nothing found says so, with the catalogue's hint. */
  function renderFound() {
    const ul = $("found");
    ul.replaceChildren();
    if (!found) return;
    const twins = c => found.cards.some(o => o.id !== c.id && o.name === c.name && o.owner === c.owner && o.copy === c.copy);
    const tell = c => (!twins(c) ? "" : c.shadow_costs.length ? ` (${t("table.twinShadow", {value: c.shadow_costs.join(", ")})})` : ` (${c.code})`);
    for (const c of found.cards) ul.append(el("li", {onclick: () => openCard(c.id, c.name), "data-card": c.id},
      el("div", {class: "grow"}, el("div", {}, `${c.name} #${c.copy}${tell(c)}`), el("div", {class: "muted"}, `${seatName(c.owner)} · ${t("zone." + c.zone)}${c.position ? " #" + c.position : ""}`))));
    if (!found.cards.length) {
      ul.append(el("li", {class: "muted", id: "found-none"}, el("div", {},
        el("div", {}, t("findNone", {query: found.q})),
        el("div", {}, found.catalogue.length ? t("findHintCatalogue", {names: found.catalogue.join(", ")}) : t("findHintSpelling")))));
    }
  }
  /** Forget the answers (and the query typed, with ``clear``). */
  function forget(clear = false) {
    found = null;
    renderFound();
    if (clear) $("find").value = "";
  }
  return {render: renderFound, forget, edits: () => findEdits};
}
