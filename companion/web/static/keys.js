// Who can see hidden cards in this game (issue 22): one line every phone shows, opened for the details, and a
// banner for each key made or renewed since this phone last looked. A phone whose own key was renewed stops and
// says so. The server sends the keys' record with every view (view.keys: when, by whom, for which seat; no key).
import {el} from "./dom.js";
import {lang, onLanguage, t, tn} from "./messages.js";
import {request} from "./request.js";

export const whoSees = (() => {
  const gameId = document.getElementById("main").dataset.game;
  const ackKey = "companion:keys-seen:" + gameId;  // the newest key record this phone has tapped away
  const seatKey = "companion:keys-seat:" + gameId;  // the seat this phone last opened, for after its key is gone
  const stoppedKey = "companion:keys-stopped:" + gameId;  // its key was renewed: opened again, it says so again
  let last = null;

  // The reader's local time, in the phone's own style of the page's language (en-GB: 20:14, en-US: 08:14 PM).
  const locale = () => ((navigator.language || "").toLowerCase().startsWith(lang()) ? navigator.language : lang());
  const clock = at => new Date(at).toLocaleTimeString(locale(), {hour: "2-digit", minute: "2-digit"});
  const by = n => t(n.by_msg);
  const name = (view, seat) => {
    const p = view && (view.players || []).find(x => x.seat === seat);
    return p ? p.name : seat;
  };

  /** The keys that can see hidden cards now, each as a sentence: the newest judge key, table key and renewal
   * of each seat (a renewed key replaces the one before, so the older records say nothing about now). */
  function current(view) {
    const notices = (view.keys && view.keys.notices) || [];
    const latest = new Map();
    for (const n of notices) if (!n.refused) latest.set(n.seat ? n.key + ":" + n.seat : n.key, n);
    return [...latest.values()].sort((a, b) => a.seq - b.seq);
  }
  function sentence(view, n, mine) {
    const params = {time: clock(n.at), by: by(n), player: name(view, n.seat), opened: n.opened_at ? clock(n.opened_at) : ""};
    // A printed seat sheet opened again after its phone took the seat: refused, and every phone says so.
    if (n.refused) return t(n.seat === mine ? "keys.refusedMine" : "keys.refused", {...params, used: n.used_at ? clock(n.used_at) : "?"});
    // A seat's renewed key names the seat; every other kind has its own line, "keys.<kind>" (docs/extending.md). A
    // reprinted seat sheet that has been opened says when: the seat is held by the phone that opened it.
    if (n.seat) return t("keys." + n.key + (n.opened_at ? "Opened" : "") + (n.seat === mine ? "Mine" : ""), params);
    return t("keys." + n.key, params);
  }

  function render(view) {
    if (!view) return;
    last = view;
    const mine = view.viewer && view.viewer.seat;
    if (mine) { localStorage.setItem(seatKey, mine); localStorage.removeItem(stoppedKey); }
    const box = document.getElementById("who-sees");
    const now = current(view);
    const lines = now.map(n => sentence(view, n, mine));
    if (view.keys && view.keys.event) lines.unshift(t("keys.event"));
    // This phone's own renewed key is no key besides its own: it is listed, not counted.
    const more = lines.length - now.filter(n => n.seat && n.seat === mine).length;
    const summary = more ? tn(mine ? "keys.more" : "keys.moreAll", more) : t(mine ? "keys.alone" : "keys.aloneAll");
    const open = box.open;
    box.replaceChildren(el("summary", {}, el("span", {class: "muted"}, t("keys.title") + ": "), summary),
      el("ul", {}, el("li", {}, t(mine ? "keys.own" : "keys.ownAll")), ...lines.map(l => el("li", {}, l))));
    box.open = open;
    box.classList.remove("hidden");
    banner(view, mine);
  }

  /** Each key made or renewed since this phone last tapped "Got it". */
  function banner(view, mine) {
    const box = document.getElementById("keys-news");
    const seen = Number(localStorage.getItem(ackKey) || "-1");
    // A reprinted sheet of this phone's seat, opened: this phone opened it (it holds the seat), so it is no news here.
    const fresh = ((view.keys && view.keys.notices) || []).filter(n => n.seq > seen && !(n.opened_at && mine && n.seat === mine));
    box.replaceChildren();
    if (!fresh.length) return;
    const node = el("div", {class: "flag ok", role: "alert", "data-keys-news": ""});
    for (const n of fresh) node.append(el("div", {}, sentence(view, n, mine)));
    node.append(el("div", {class: "row"}, el("button", {"data-keys-ok": "", onclick: () => {
      localStorage.setItem(ackKey, String(Math.max(...fresh.map(n => n.seq))));
      box.replaceChildren();
    }}, t("keys.ok"))));
    box.append(node);
  }

  /** This phone's key no longer opens the game: say who renewed it and when, and stop (the stream has ended). */
  let stopped = null;  // the renewal that stopped this phone (null: none; false: stopped, reason unknown)
  async function revoked(view) {
    if (view && view.may && !view.may.keyed) return;  // no key to renew (a spectator's): nothing was revoked
    last = null;  // the seat's view it was shown: not kept on a phone that no longer opens the game
    localStorage.setItem(stoppedKey, "1");
    const mine = (view && view.viewer && view.viewer.seat) || localStorage.getItem(seatKey);
    const r = await request(`/api/games/${gameId}/view`);  // the public view: the keys' record is public
    const pub = r.ok ? r.data : null;
    const renewed = pub ? current(pub).filter(n => n.seat && n.seat === mine) : [];
    stopped = renewed.length ? renewed[0] : false;
    document.getElementById("main").setAttribute("inert", "");
    document.getElementById("bar").setAttribute("inert", "");
    // A renewed key is most often a lost phone: whoever holds it now sees the notice, not the seat's hand, shadows
    // and chosen plot dimly behind it (or an open card's sheet). The page is not drawn again: its stream has ended.
    for (const id of ["main", "bar", "sheet", "shield", "offline"]) document.getElementById(id).classList.add("hidden");
    showStopped();
  }
  function showStopped() {
    if (stopped === null) return;
    const text = stopped ? t("keys.stopped", {time: clock(stopped.at), by: by(stopped)}) : t("revoked");
    const over = document.getElementById("keys-stopped");
    over.replaceChildren(el("div", {class: "card"}, el("p", {class: "big", "data-keys-stopped": ""}, text)));
    over.classList.remove("hidden");
  }

  onLanguage(showStopped);  // the page draws nothing else once stopped: the notice is said again in the new language
  return {render: view => { render(view); showStopped(); }, revoked,
    /** This phone's key was renewed, and no new link has been opened on it since. */
    wasStopped: () => localStorage.getItem(stoppedKey) === "1"};
})();
