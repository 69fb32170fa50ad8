// Names, not ids: a seat by its player's name, a card by its title (its copy or Shadow value where two of one's own
// share a title), a face-down card by its position, and a log entry in words. Each action's fields are named the
// way its declaration says (view's data-actions: fields), so this file names no action.
import {hasMessage, paramText, t, tokenName} from "./messages.js";

export function makeNames(getState, declared) {
  const state = () => getState();
  const judge = () => Boolean(state() && state().may && state().may.export);
  const seatName = seat => { const p = state() && state().players.find(x => x.seat === seat); return p ? p.name : seat; };

  /** Every card the view names, by id; ``menus``: only those with a card menu (not a plot deck's or an agenda). */
  function cardIndex(menus = false) {
    const all = new Map();
    const add = c => { if (c && c.id) all.set(c.id, c); };
    for (const p of state() ? state().players : []) {
      (p.hand.cards || []).forEach(add); p.play.forEach(add); p.discard.forEach(add); p.dead.forEach(add);
      p.removed.forEach(add); p.shadows.forEach(s => add(s.card));
      if (menus) continue;
      (p.plots.cards || []).forEach(add); add(p.revealed_plot); (p.used_plots || []).forEach(add);
      (p.agenda || []).forEach(add);
    }
    return all;
  }

  /** A card's name; where two copies of one's own share a title, their Shadow value or copy number tells them apart. */
  function cardName(id, known = "") {
    if (!id) return "";
    const alias = /^(.+):shadows#(\d+)$/.exec(id);
    if (alias) return t("shadowsSlot", {player: seatName(alias[1]), n: alias[2]});
    const idx = cardIndex();
    const c = idx.get(id);
    if (!c) return known ? known + (judge() ? ` [${id}]` : "") : (judge() ? id : t("aCard"));
    const twins = [...idx.values()].filter(o => o.name === c.name && o.id !== c.id && o.owner === c.owner);
    let name = c.name;
    if (twins.length) {
      const differentShadow = twins.some(o => String(o.shadow_costs) !== String(c.shadow_costs));
      name += !differentShadow ? ` (${t("copyN", {n: c.copy})})` : c.shadow_costs.length
        ? ` (${t("table.twinShadow", {value: c.shadow_costs.join(", ")})})` : ` (${t("table.twinNoShadow")})`;
    }
    return judge() ? `${name} [${id}]` : name;
  }

  /** A field's value in words, as its declaration says: a seat, a card, cards, a word of the catalogue. */
  function fieldText(kind, value, entry, player) {
    if (kind === "seat") return seatName(value);
    if (kind === "cards") return value.length ? value.map(c => cardName(c, (entry.names || {})[c])).join(", ") : t("nobody");
    if (kind === "card") {
      // A player's own face-down card, named by its position: "a face-down card (#1)".
      const slot = /^(.+):shadows#(\d+)$/.exec(value);
      return slot && slot[1] === player ? t("faceDownN", {n: slot[2]}) : cardName(value, (entry.names || {})[value]);
    }
    if (kind && kind.startsWith("words:")) {
      const id = kind.slice(6) + "." + value;
      return hasMessage(id) ? t(id) : (kind === "words:token" ? tokenName(value) : String(value));
    }
    return value;
  }

  /** A log entry in words. */
  function logText(e) {
    if (e.kind === "ruling") {
      // A penalty names its player and its level in the reader's words (a judge's trial read "Penalty: Slow play:
      // warning", the level only in what the judge typed).
      const who = [e.data.player || (e.data.seat ? seatName(e.data.seat) : ""),
        e.data.penalty && hasMessage("ev.penalty." + e.data.penalty) ? t("ev.penalty." + e.data.penalty) : ""].filter(Boolean);
      return t("log.ruling", {ruling: [t("ruling." + e.data.type), ...who].join(" · "),
        text: [e.data.text, e.data.minutes ? `+${e.data.minutes} min` : ""].filter(Boolean).join(" ")});
    }
    if (e.kind === "request") return t("log.request", {action: actionName((e.data.action || {}).type), player: seatName(e.data.awaiting)});
    if (e.kind === "answer") return t("log.answer");
    if (e.said) return paramText(e.said);  // the server's words for it (a key made or renewed)
    if (e.kind === "deck" && e.data.draw !== undefined) {
      const counts = {player: seatName(e.data.seat), draw: e.data.draw, plots: e.data.plots, deck: e.data.name};
      return t(e.data.name ? "log.deckNamed" : "log.deckCounts", counts);
    }
    if (e.kind === "deck") return t("log.deck", {player: seatName(e.data.seat), cards: e.data.cards ?? Object.values(e.data.deck || {}).reduce((a, b) => a + b, 0)});
    const stored = e.kind === "undo" ? (e.data.action || {}) : e.data;
    const d = {...((declared.defaults || {})[stored.type] || {}), ...stored};  // a default the entry leaves out
    const fields = declared.fields[d.type] || {};
    const params = {amount: d.amount ?? d.count ?? (d.kind && !declared.tally[d.type] ? 1 : "")};
    for (const [k, v] of Object.entries(d)) if (k !== "type") params[k] = fieldText(fields[k], v, e, d.player);
    if (d.kind && !d.card && fields.card) params.card = t("ref.pool", {seat: seatName(d.player)});
    // The catalogue's variant of the sentence where it has one: a flag that is set ("_lifted"), a field left out
    // whose blank the sentence has ("_no_bypassed": a challenge without stealth), or any of them ("_nobody"), a
    // field given that changes the sentence ("_to": shown to one seat), a field naming the acting seat itself
    // ("_first_self": the initiative winner goes first).
    const absent = Object.keys(fields).filter(k => d[k] === undefined && t("log." + d.type).includes(`{${k}}`));
    const self = Object.keys(d).filter(k => k !== "player" && d.player !== undefined && d[k] === d.player);
    // ("_one": a sentence of one card: "draws 1 card", not "1 cards")
    const variant = [...(params.amount === 1 ? ["one"] : []), ...self.map(k => k + "_self"),
      ...Object.keys(d).filter(k => d[k] === true), ...absent.map(k => "no_" + k),
      ...(absent.length ? ["nobody"] : []), ...Object.keys(d).filter(k => k !== "type" && k !== "player")]
      .map(v => `log.${d.type}_${v}`).find(hasMessage);
    const key = variant || "log." + d.type;
    let text = hasMessage(key) ? t(key, params) : actionName(d.type || e.kind);
    if (d.amount !== undefined && hasMessage(key) && t(key, params) === t(key, {...params, amount: ""})) text += ` (${d.amount})`;
    const revealed = e.verdict && (e.verdict.notes || []).find(n => n.kind === "plots-revealed");
    if (revealed && hasMessage(`log.${d.type}_revealed`)) text = t(`log.${d.type}_revealed`, {player: params.player, names: paramText(revealed.params.names)});
    return e.kind === "undo" ? t("log.undo", {action: text}) : text;
  }

  const actionName = type => (hasMessage("action." + type) ? t("action." + type) : type);
  return {seatName, cardIndex, cardName, logText, actionName};
}
