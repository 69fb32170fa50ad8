// Scanning at the table: a photo (works over plain http) or, in a secure context, the live camera. What a scan read
// is listed in the reader's language; a card this seat may act on opens its menu with one tap.
import {quietCamera} from "./camera.js";
import {el} from "./dom.js";
import {errorText, hasMessage, t} from "./messages.js";
import {request} from "./request.js";

export function makeScanner({gameId, client, getState, mySeat, openCard, showFlag}) {
  const $ = id => document.getElementById(id);
  let scanned = null;  // the last scan's answer: drawn again in the other language

  /** Read one image; resolves {cards, codes} (the reader's cards it names, everything it read), or null if refused.
   * A live frame keeps the last answer on screen while it is read, and one that read nothing does not wipe it. */
  async function scanImage(blob, live = false, title = false) {
    const list = $("scanned");
    if (!live) { scanned = null; quietCamera(); list.replaceChildren(el("li", {class: "muted"}, t("scanning"))); }
    const r = await request("/api/scan?game=" + gameId + (!live ? "" : title ? "&titles=only" : "&titles=0"), {method: "POST", upload: blob,
      key: client.key, headers: {"Content-Type": blob.type || "image/jpeg"}});
    const d = r.data;
    if (!r.ok) { if (!live) list.replaceChildren(); showFlag({kind: "refused", text: () => errorText(d.error)}); return null; }
    const read = d.codes.length + (d.titles || []).length;
    if (!live || read || !scanned) { scanned = d; render(); }
    const cards = [...d.codes, ...(d.titles || [])].filter(c => c.status === "ok");
    if (cards.length === 1) openCard(cards[0].card.id, cards[0].card.name);  // one card: straight to its actions
    return {cards: cards.length, codes: read, titles: (d.titles || []).length};
  }

  /** Where a card is now, as this phone sees the table (the answer says where it was when the photo was taken). */
  function zoneNow(id, owner, then) {
    const state = getState();
    for (const p of state ? state.players : []) {
      const zones = {hand: p.hand.cards || [], play: p.play, discard: p.discard, dead: p.dead, removed: p.removed,
        shadows: p.shadows.map(x => x.card), plots: p.plots.cards || [], revealed: [p.revealed_plot], used: p.used_plots || [],
        agenda: p.agenda || []};
      for (const [zone, cards] of Object.entries(zones)) if (cards.some(c => c && c.id === id)) return zone;
    }
    return owner === mySeat() ? "deck" : then;  // this seat's own card, seen nowhere: back in its deck
  }

  const seatName = seat => { const p = getState() && getState().players.find(x => x.seat === seat); return p ? p.name : seat; };

  function render() {
    const list = $("scanned");
    if (!scanned) return;
    list.replaceChildren();
    const titles = scanned.titles || [];
    if (!scanned.codes.length && !titles.length) {
      list.append(el("li", {class: "muted"}, t(scanned.ocr && !scanned.ocr.available ? "scanTitleNoOcr" : "noCode")));
      return;
    }
    for (const c of scanned.codes) {
      const label = c.label || {};
      const why = hasMessage("scan." + c.status) ? t("scan." + c.status, {format: c.format, edition: label.edition,
        tag: label.tag, code: label.code, copy: label.copy}) : c.message;
      list.append(el("li", c.card ? {onclick: () => openCard(c.card.id, c.card.name), "data-card": c.card.id} : {"data-status": c.status},
        el("div", {class: "grow"}, el("div", {}, c.card ? c.card.name : why),
          el("div", {class: "muted"}, c.card ? `${seatName(c.card.owner || "")} · ${t("zone." + zoneNow(c.card.id, c.card.owner, c.card.zone))}`
            : t(c.status === "foreign" ? "scan.foreignNote" : "scan.label")))));
    }
    // Cards read by their title: a confident read opens like a label; a weak one offers its 2-3 titles, one tap each.
    for (const r of titles) {
      if (r.card) {
        list.append(el("li", {onclick: () => openCard(r.card.id, r.card.name), "data-card": r.card.id, "data-title": "ok"},
          el("div", {class: "grow"}, el("div", {}, r.card.name), el("div", {class: "muted"}, `${t("scanTitleRead")} · ${t("zone." + zoneNow(r.card.id, r.card.owner, r.card.zone))}`))));
        continue;
      }
      const picks = el("div", {class: "row wrap chips"});
      for (const c of r.candidates) {
        picks.append(c.card ? el("button", {"data-pick": c.card.id, onclick: () => openCard(c.card.id, c.card.name)}, c.name)
          : el("span", {class: "muted"}, `${c.name} (${t(c.in_deck ? "scanTitleHidden" : "scanTitleNotInDeck")})`));
      }
      list.append(el("li", {"data-title": "candidates"}, el("div", {class: "grow"}, el("div", {}, t("scanTitlePick")), picks)));
    }
  }

  return {scanImage, render, forget: () => { scanned = null; }};
}
