// The table page: the round's next step, my counters, my area, the opponents' areas and the log. The server decides
// (view.round: what this phone may record now and what the table waits for; view.may: what the page offers this
// key); this module draws it and names no phase, role or action. Writes go through the shared client (client.js).
import {Coalescer, TableClient} from "./client.js";
import {confirmSheet, drawnWhenLifted, el, inSight} from "./dom.js";
import {deckBox} from "./deck.js";
import {downloadLog, exportLog, verifyLog} from "./logfile.js";
import {redrawCamera, startCamera} from "./camera.js";
import {eventTable as atEvent} from "./event_table.js";
import {whoSees} from "./keys.js";
import {applyStrings, citation, errorText, factionName, hasMessage, messagesReady, msg, onLanguage, paramText,
  setJudgeReader, t, tn, tokenName, typeName} from "./messages.js";
import {makeFinder} from "./find.js";
import {makeNames} from "./names.js";
import {offerButton, offerRows, offered, said, sendOffer} from "./offers.js";
import {makeScanner} from "./scanlist.js";
import {closeSheet, showSheet} from "./sheet.js";

const gameId = document.getElementById("main").dataset.game;
let state = null, log = [];
const $ = id => document.getElementById(id);
//: What the actions declare (each action class on the server): the counters taps change, which ask first, which
//: are often repeated or sent again after a conflict, and how each field is named. This file names no action.
const ACTIONS = JSON.parse(document.getElementById("main").dataset.actions);
const tallied = (counter, sign) => Object.keys(ACTIONS.tally).find(k => ACTIONS.tally[k].counter === counter && ACTIONS.tally[k].sign === sign);
const COMMUTATIVE = new Set(Object.keys(ACTIONS.tally));
const RESENT = new Set(ACTIONS.resent);
const REPEATABLE = new Set(ACTIONS.repeats);
const names = makeNames(() => state, ACTIONS);
const {seatName, cardIndex, cardName, logText, actionName} = names;
// An event's table: the clock, a call for a judge, the players' result (event_table.js; a casual game asks nothing).
const eventTable = atEvent({gameId, key: () => client.key, view: () => state, seatName: seat => seatName(seat),
                            showFlag: f => showFlag(f), redraw: () => renderGameOver()});

const client = new TableClient({
  base: "/api/games/" + gameId, scope: "companion:" + gameId,
  version: () => (state ? state.version : 0),
  onUpdate: update,
  onStatus: ({online, waiting}) => {
    $("live").classList.toggle("on", online);
    const box = $("offline");
    box.classList.toggle("hidden", online && !waiting);
    box.textContent = online ? tn("sending", waiting) : (waiting ? tn("offline", waiting) : t("offlineNone"));
  },
  onAnswer: r => answered(r),
  onFlag: f => (f.revoked ? keyRenewed()
    : showFlag({kind: "info", text: () => f.conflict ? t("conflict") : t("notResent", {action: f.label})})),
});

/** This phone's key was renewed: the page forgets the table and the key, and shows only who renewed it (keys.js). */
let stopped = false;
function keyRenewed() {
  const seen = state;
  stopped = true;
  state = null; log = []; flag = null; finder.forget(); scanner.forget();
  client.forget();
  for (const id of ["areas", "log", "found", "scanned", "recent", "round-box", "pending-box", "flags", "keys-news",
                    "who-sees", "status", "sheet", "game-over"]) $(id).replaceChildren();
  $("deck-text").value = "";
  $("hud").classList.add("hidden");
  $("game-over").classList.add("hidden");
  whoSees.revoked(seen);
}

function update(u) {
  if (stopped) return;
  // A view older than the page's (a write's answer came first) is not drawn; its log entries still count.
  const older = u.view && state && u.view.version < state.version;
  const seen = state !== null;  // entries before the page's first view are the table as it was, no news
  if (u.view && !older) {
    if (flag && [flag.undoSeq, flag.noticeSeq].some(q => q !== undefined && (u.view.undone || []).includes(q))) flag = null;
    const left = state && (u.view.phase !== state.phase || u.view.round !== state.round);  // refusals there: old news
    if (state && u.view.version > state.version && flag && (flag.kind === "note" || left && ["refused", "info"].includes(flag.kind))) flag = null;
    state = u.view;
    client.checkSeen(state).then(warning => { if (warning) showFlag({kind: "error", text: warning}); });
  }
  const fresh = addEntries(u.entries || []);
  if (seen) noticeOthersMoves(fresh);
  if (u.reload_log || u.reloadLog) loadLog();
  render();
}

/** Another seat recorded a move on one of this seat's cards (a kill, a discard, a token): the phone says who did what
 * to which card, and who may take it back (a seat undoes only its own moves), until it is closed or undone (a game
 * night found cards gone without a word). */
function noticeOthersMoves(entries) {
  const seat = mySeat();
  if (!seat) return;
  const mine = v => typeof v === "string" && (v.startsWith(seat + ".") || v.startsWith(seat + ":"));
  const news = entries.filter(e => e.kind === "action" && !e.undone && e.actor && e.actor.startsWith("seat:")
    && e.actor !== "seat:" + seat && Object.values(e.data || {}).some(v => (Array.isArray(v) ? v.some(mine) : mine(v))));
  const e = news[news.length - 1];
  if (e) showFlag({kind: "notice", noticeSeq: e.seq, undoBy: e.actor.slice(5),
                   text: () => t("notice.yourCard", {player: seatName(e.actor.slice(5)), what: logText(e)})});
}

/** Entries into the page's log, each once, in the log's order, however they came (stream, answers, reloads). */
function addEntries(entries) {
  const known = new Set(log.map(e => e.seq));
  const fresh = entries.filter(e => !known.has(e.seq));
  if (fresh.length) log = [...log, ...fresh].sort((x, y) => x.seq - y.seq);
  return fresh;
}

async function loadLog() {
  const l = await client.get("/log");
  if (l.ok) { log = [...l.data.entries, ...log.filter(e => e.seq > l.data.version)]; render(); }
}

let listening = false;
async function load() {
  if (!client.key && whoSees.wasStopped()) { keyRenewed(); return; }
  const r = await client.get("/view");
  if (r.status === 401 && r.data.error && r.data.error.code === "bad_key") { keyRenewed(); return; }
  if (!r.ok) { showFlag({kind: "refused", text: () => errorText(r.data.error)}); return; }
  if (!state || r.data.version >= state.version) state = r.data;
  await loadLog();
  render();
  eventTable.load(log);
  if (listening) return;  // one live stream per page, however often the table is loaded
  listening = true;
  client.listen();  // a spectator's too (no key): the public view, live
}

/** A word that begins a label ("Setup", "Spectator"), though sentences use it in lower case. */
const capital = text => said(text);
const mySeat = () => state && state.viewer.seat;
const me = () => state.players.find(p => p.seat === mySeat());
const may = what => Boolean(state && state.may && state.may[what]);

// -- sending ------------------------------------------------------------------------------------
/** Record an action (an ``offer`` of the round, or its step, only while the server still offers it). Returns the answer. */
async function send(action, button = null, offer = null) {
  if (offer && !offered(offer, state.now)) { showFlag({kind: "info", text: () => t("notOffered", {action: said(offer.label)})}); render(); return null; }
  if (!COMMUTATIVE.has(action.type)) await counters.flushAll();
  closeSheet();
  const edits = finder.edits();
  const r = await client.write("/actions", {action}, {commutative: RESENT.has(action.type), label: actionName(action.type), button});
  if (finder.edits() === edits) finder.forget(true);  // the search done with, unless the player typed meanwhile
  return answered(r);
}

/** Take a view from an answer unless the live stream already brought a newer one. */
function adopt(view) {
  if (view && (!state || view.version >= state.version)) state = view;
  if (flag && flag.undoSeq !== undefined && state && (state.undone || []).includes(flag.undoSeq)) flag = null;
}

function answered(r) {
  if (r.queued) { showFlag({kind: "info", text: () => t(r.again ? "queuedAgain" : "queuedTap")}); render(); return r; }
  if (r.status === 409) return r;
  if (r.status === 202 && r.data.pending) { adopt(r.data.view); render(); return r; }
  if (!r.ok) {
    const {verdict: v, card} = r.data.error.details || {};  // the card tapped, where this phone may see it
    const [first, ...more] = v ? v.violations : [];
    showFlag({kind: "refused", text: () => t(card ? "refusedCard" : "refused", {card: card && card.name, message: first ? msg(first) : errorText(r.data.error)}),
      cite: first ? first.citation : "", more});
    return r;
  }
  adopt(r.data.view);
  if (r.data.entry) addEntries([r.data.entry]);
  const verdict = r.data.verdict;
  if (verdict && verdict.violations.length) {
    const [v, ...more] = verdict.violations;
    showFlag({kind: "recorded", text: () => t("recordedBut", {message: msg(v)}), cite: v.citation, more,
              notes: verdict.notes, undoSeq: r.data.entry.seq});
  } else if (verdict && verdict.notes.length) {
    showFlag({kind: "note", notes: verdict.notes});
  } else {
    flag = null;  // an old note would read as if it were about this action
  }
  render();
  return r;
}

async function undo(seq, button = null) {
  await counters.flushAll();
  const w = await client.write("/undo", seq === undefined ? {} : {seq}, {label: t("undo"), button});
  if (w.status === 202) { adopt(w.data.view); render(); return; }
  if (w.queued || w.status === 409 && !w.data.error) return;
  if (!w.ok) { showFlag({kind: "refused", text: () => t("refused", {message: errorText(w.data.error)})}); return; }
  flag = null;  // the undone move's flag goes with it
  adopt(w.data.view);
  if (w.data.entry) addEntries([w.data.entry]);
  loadLog();
}

// Gold and power: a burst of taps is one action with the sum.
const counters = new Coalescer(async (delta, {what, player}) => {
  const type = tallied(what, Math.sign(delta));
  answered(await client.write("/actions", {action: {type, player, amount: Math.abs(delta)}}, {commutative: true, label: actionName(type)}));
});
/** Taps not yet on the server: the burst being gathered and the ones waiting offline. */
function pendingDelta(what) {
  let sum = counters.delta(what);
  for (const item of client.queue()) {
    const a = (item.body || {}).action || {};
    const s = ACTIONS.tally[a.type];
    if (s && s.counter === what && a.player === mySeat() && !a.card) sum += s.sign * a.amount;
  }
  return sum;
}
/** Another seat's counters this key taps, as the view says (the judge's, a scorekeeper's power): −, its value, +. */
function seatCounters(p) {
  const taps = state.now.counters_of[p.seat] || [];
  const tap = (what, d) => el("button", {class: "step", [d > 0 ? "data-plus" : "data-minus"]: what,
    "aria-label": t(d > 0 ? "aria.plusOf" : "aria.minusOf", {player: p.name, what: t(what)}),
    onclick: () => { counters.add(what + ":" + p.seat, d, {what, player: p.seat}); render(); }}, d > 0 ? "+" : "−");
  return taps.length ? el("div", {class: "row counters", "data-counters": p.seat},
    ...taps.flatMap(what => [el("span", {class: "label"}, t(what)), tap(what, -1),
      el("strong", {class: "value", "data-value": what}, String(p[what] + counters.delta(what + ":" + p.seat))), tap(what, 1)])) : null;
}
function bump(what, delta) {
  if (!state || !state.now.counters.includes(what)) return;
  counters.add(what, delta, {what, player: mySeat()});
  render();
}

// -- flags ---------------------------------------------------------------------------------------
let flag = null;
function showFlag(f) {
  if (stopped) return;
  flag = f;
  renderFlag();
  inSight($("flags"));
}
function renderFlag() {
  const box = $("flags");
  box.replaceChildren();
  if (!flag) return;
  const f = flag;
  const alarm = f.kind === "recorded" || f.kind === "refused" || f.kind === "error";
  const node = el("div", {class: "flag" + (alarm ? "" : ["info", "notice"].includes(f.kind) ? " info" : " ok"), role: "alert", "data-flag": f.kind});
  const text = typeof f.text === "function" ? f.text() : f.text;  // said when drawn: the language switched to
  if (text) node.append(el("div", {}, (alarm ? "⚑ " : "") + text));
  if (f.undoBy) node.append(el("div", {class: "note", id: "flag-undo-by"}, t("notice.undoBy", {player: seatName(f.undoBy)})));
  if (f.cite) node.append(el("div", {class: "cite"}, citation(f.cite)));
  for (const v of f.more || []) node.append(el("div", {}, "⚑ " + msg(v)), el("div", {class: "cite"}, citation(v.citation)));
  for (const n of f.notes || []) node.append(el("div", {class: "note"}, msg(n)));
  const row = el("div", {class: "row"});
  if (f.undoSeq !== undefined) row.append(el("button", {class: "primary", id: "flag-undo", onclick: ev => undo(f.undoSeq, ev.currentTarget)}, t("undoQ")));
  row.append(el("button", {onclick: () => { flag = null; renderFlag(); }}, t("close")));
  node.append(row);
  box.append(node);
}

// -- the round: the header, the step button and the round box, as the server says ------------------------------
function renderStatus() {
  const round = state.now;
  $("status").replaceChildren(...round.status.map(s => el("span", {id: s.id, class: s.id === "phase" ? "badge"
    : s.id === "turn" ? "badge turn" + (s.mine ? " mine" : "") : "muted"}, capital(paramText(s.text)))));
  $("counters").classList.toggle("hidden", !round.counters.length);
  const mine = mySeat() ? me() : null;
  if (mine && round.counters.length) {
    $("gold").textContent = String(mine.gold + pendingDelta("gold"));
    $("power").textContent = String(mine.power + pendingDelta("power"));
    $("power").title = `${t("onFaction")}: ${mine.faction_power + pendingDelta("power")}`;
  }
  renderStep();
  $("undo").classList.toggle("hidden", !may("undo"));
  $("bar").classList.toggle("hidden", !may("undo"));  // a spectator's bar would be an empty strip at the bottom
}

// A finger on the step button or the round box as a live update comes: it is drawn again once the tap is over (dom.js).
const renderStep = drawnWhenLifted($("step"), () => {
  const step = state && state.now.next, b = $("step");
  b.classList.toggle("hidden", !step);
  if (!step) return;
  b.disabled = !step.action;
  b.textContent = paramText(step.label);
  b.dataset.step = step.action ? step.id : "wait";
  b.onclick = step.action ? () => sendOffer(step, step.action, send, b) : null;
});
const renderRound = drawnWhenLifted($("round-box"), () => {
  if (!state) return;  // the key renewed meanwhile
  const box = $("round-box");
  const {lines, offers} = state.now;
  box.replaceChildren(...lines.map(l => el("p", {class: "note"}, said(l))), ...offerRows(offers, send, names));
  box.classList.toggle("hidden", !lines.length && !offers.length);
});

function renderGameOver() {
  const box = $("game-over");
  const over = state.now.over;
  if (!over && state.gone_to_time) { eventTable.goneToTime(box); return; }
  box.classList.toggle("hidden", !over || box.dataset.closed === String(state.version));
  if (!over) { box.replaceChildren(); return; }
  const result = el("div", {id: "verify-result", class: "muted"});
  const close = () => { box.dataset.closed = String(state.version); box.classList.add("hidden"); };
  const due = eventTable.reportDue();  // the event table's result still waits for this phone
  box.replaceChildren(el("div", {class: "card"},
    el("h2", {}, t("gameOver")),
    ...state.now.lines.map((l, i) => el("p", {class: i ? "" : "big", id: i ? null : "winner"}, paramText(l))),
    el("div", {class: "row wrap"}, ...state.now.offers.map(o => offerButton(o, send, names))),
    due ? el("p", {class: "flag", id: "report-due"}, t("report.due")) : null,
    due ? el("button", {class: "primary", id: "to-report", onclick: () => { close(); eventTable.showReport(); }}, t("report.goReport")) : null,
    el("p", {}, state.round ? t("afterRounds", {round: state.round}) : t("round.overInSetup")),
    el("ul", {class: "cards"}, ...state.players.map(x => el("li", {}, el("span", {class: "grow"}, x.name), el("strong", {}, t("factionPower", {n: x.power}))))),
    el("button", {class: due ? "" : "primary", id: "verify", onclick: () => verifyLog(client, $("verify-result"), log.length)}, t("verifiedLog")), result,
    el("button", {id: "download-log", onclick: () => downloadLog(client, gameId)}, t("downloadLog")),
    el("button", {onclick: close}, t("backToTable"))));
}

function renderPending() {
  const box = $("pending-box");
  const list = state.pending || [];
  box.classList.toggle("hidden", !list.length);
  box.replaceChildren();
  for (const p of list) {
    const a = p.action || {};
    const undoing = p.undoes !== undefined ? log.find(e => e.seq === p.undoes) : null;
    if (p.awaiting === mySeat()) {
      const what = p.undoes !== undefined ? t("pendingUndo", {player: seatName(p.requested_seat), action: undoing ? logText(undoing) : "#" + p.undoes})
        : t("pendingFor", {player: seatName(p.by || a.player), action: actionName(a.type), card: cardName(a.card)});
      box.append(el("div", {class: "flag ok", "data-pending": p.id}, el("div", {}, what),
        el("div", {class: "row"},
          el("button", {class: "primary", onclick: ev => decide(p.id, "confirm", ev.currentTarget)}, t("confirm")),
          el("button", {onclick: ev => decide(p.id, "decline", ev.currentTarget)}, t("decline")))));
    } else {
      box.append(el("div", {class: "note"}, t("pendingMine", {player: seatName(p.awaiting), action: actionName(a.type)})));
    }
  }
}

async function decide(pid, decision, button) {
  answered(await client.write("/pending/" + encodeURIComponent(pid), {decision}, {label: t(decision), button}));
}

// -- areas ---------------------------------------------------------------------------------------
function tokens(obj) { return Object.entries(obj || {}).filter(([, n]) => n).map(([k, n]) => el("span", {class: "tok"}, `${n} ${tokenName(k)}`)); }
const cardRow = (card, extra, onclick) => el("li", {onclick, "data-card": card.id},
  el("div", {class: "grow"}, el("div", {}, cardName(card.id)), el("div", {class: "muted"}, extra)),
  tokens(card.tokens));
/** " · unique" after a unique card's type, in words (a "◆" before its name explained nothing to a newcomer). */
const uniqueWord = card => (card && card.unique ? " · " + t("uniqueCard") : "");
const empty = ul => { if (!ul.childNodes.length) ul.append(el("li", {class: "muted"}, t("empty"))); return ul; };

function shadowsList(player) {
  const ul = el("ul", {class: "cards", "data-shadows": player.seat});
  for (const s of player.shadows) {
    const alias = player.seat + ":shadows#" + s.position;
    const shadow = (s.card && s.card.shadow_costs.length ? " · " + t("shadowValue", {value: s.card.shadow_costs.join(", ")}) : "") + uniqueWord(s.card);
    ul.append(el("li", {onclick: () => openCard(s.card ? s.card.id : alias), "data-position": s.position},
      el("span", {class: "pos facedown"}, "#" + s.position),
      el("div", {class: "grow"}, el("div", {}, s.card ? cardName(s.card.id) : t("opponentShadowsHelp")),
        el("div", {class: "muted"}, (s.rounds ? tn("rounds", s.rounds) : t("rounds.zero")) + shadow)),
      tokens(s.tokens)));
  }
  return empty(ul);
}
function playList(player) {
  const ul = el("ul", {class: "cards", "data-play": player.seat});
  for (const c of player.play) {
    const extra = [typeName(c.type) + uniqueWord(c), c.kneeling ? t("kneel") : null, c.duplicate_of ? t("duplicate") : null,
                   c.attached_to ? t("attachedTo", {card: cardName(c.attached_to)}) : null,
                   c.controller !== c.owner ? t("ownedBy", {player: seatName(c.owner)}) : null].filter(Boolean).join(" · ");
    ul.append(cardRow(c, capital(extra), () => openCard(c.id)));
  }
  return empty(ul);
}
const pileList = (cards, mark = {}) => empty(el("ul", {class: "cards", ...mark}, ...cards.map(c => cardRow(c, capital(typeName(c.type)) + uniqueWord(c) + (may("export") ? " · " + c.code : "") + (c.note ? " · " + paramText(c.note) : ""), () => openCard(c.id)))));
/** Every seat's pile ``zone`` (a public one: the discard pile, the dead pile) under one heading, as the view gives it. */
function pilesOf(zone) {
  const section = el("section", {id: zone}, el("h2", {}, t("pile." + zone)));
  for (const p of state.players) section.append(el("div", {class: "muted"}, p.name), pileList(p[zone], {["data-" + zone]: p.seat}));
  return section;
}
/** A seat's faction card, as the view gives it: the power on it, whether it kneels (the cost of Fealty, The Things I
 * Do For Love, …; the standing phase stands it) and the agenda beside it. ``delta``: power taps not yet on the server. */
const factionLine = (p, delta = 0) => el("div", {class: "plot faction", "data-faction": p.seat},
  el("strong", {}, t("factionCard") + (p.faction ? ` (${factionName(p.faction)})` : "")),
  " · ", t("factionPower", {n: p.faction_power + delta}),
  ...(p.faction_kneeling ? [" · ", el("strong", {class: "knelt"}, t("kneel"))] : []), ...(p.agenda || []).map(c => el("span", {"data-agenda": c.id}, " · ", t("agendaCard", {name: c.name}))));
const plotSummary = p => (p.revealed_plot ? el("div", {class: "plot", "data-revealed": p.seat}, el("strong", {}, cardName(p.revealed_plot.id)), " · ", paramText(p.revealed_plot.stats)) : null);
const countsLine = p => (p.deck.tracked === false || p.hand.tracked === false ? t("countsNotTracked") : tn("countsLine", p.deck.count, {deck: p.deck.count, hand: p.hand.count}));

function render() {
  if (!state) return;
  applyStrings();
  setJudgeReader(may("export"));
  const g = state.game || {};
  const who = paramText(state.may.title);
  $("title").textContent = g.title ? `${g.title} · ${capital(who)}` : capital(who);
  renderStatus();
  renderRound();
  renderPending();
  renderFlag();
  whoSees.render(state);
  renderGameOver();
  eventTable.follow(log);
  $("find-box").classList.toggle("hidden", !may("play"));
  $("scan-box").classList.toggle("hidden", !may("play"));
  scanner.render();
  $("judge-box").classList.toggle("hidden", !may("export"));
  $("live-start").classList.toggle("hidden", !(window.isSecureContext && navigator.mediaDevices));
  $("deck-box").classList.toggle("hidden", !may("deck"));
  deck.render(may("deck"));
  const areas = $("areas");
  areas.replaceChildren();
  if (!client.key) areas.append(el("section", {class: "muted"}, t("noKey")));
  const mine = mySeat() ? me() : null;
  if (mine) {
    areas.append(el("section", {id: "my-shadows"}, el("h2", {}, t("myShadows")), shadowsList(mine)));
    if (mine.hand.cards && mine.hand.cards.length) areas.append(el("section", {id: "my-hand"}, el("h2", {}, t("myHand")), pileList(mine.hand.cards)));
    const deckEntry = [...log].reverse().find(e => e.kind === "deck" && e.data.seat === mine.seat && e.data.name);
    areas.append(el("section", {id: "my-play"}, el("h2", {}, t("myPlay")), factionLine(mine, pendingDelta("power")),
      plotSummary(mine), playList(mine),
      el("div", {class: "row", id: "my-counts"}, el("span", {class: "grow muted"}, countsLine(mine))),
      deckEntry ? el("div", {class: "muted", id: "deck-name"}, t("deckName", {deck: deckEntry.data.name})) : null));
  }
  for (const p of state.players) {
    if (mine && p.seat === mine.seat) continue;
    const gold = p.gold + counters.delta("gold:" + p.seat), power = p.power + counters.delta("power:" + p.seat);
    areas.append(el("section", {"data-seat": p.seat},
      el("h2", {}, `${mine ? t("opponent") + " " : ""}${p.name} · ${t("gold")} ${gold} · ${t("power")} ${power}`),
      seatCounters(p), factionLine(p, counters.delta("power:" + p.seat)), plotSummary(p),
      el("div", {class: "muted"}, t("shadows")), shadowsList(p),
      el("div", {class: "muted"}, t("inPlay")), playList(p),
      // During setup: how many cards the seat set up face down (the view never says which).
      p.setup_face_down ? el("div", {class: "facedown-count", "data-face-down": p.seat}, tn("setupFaceDownN", p.setup_face_down, {n: p.setup_face_down})) : null,
      el("div", {class: "muted", "data-counts": p.seat}, countsLine(p))));
  }
  areas.append(...state.public_piles.map(pilesOf));  // every seat's, for everyone, as the view names them
  const uniques = state.players.flatMap(p => p.uniques_in_play.map(n => `${n} (${p.name})`));
  areas.append(el("section", {}, el("h2", {}, t("uniques")), el("div", {}, uniques.join(", ") || t("empty"))));
  renderLog();
  if (mine) renderRecent();
}

function renderLog() {
  const ul = $("log");
  ul.replaceChildren();
  const undone = new Set(log.filter(e => e.kind === "undo" && e.data && e.data.seq !== undefined).map(e => e.data.seq));
  for (const e of [...log].reverse().slice(0, 80)) {
    const struck = e.undone || undone.has(e.seq);
    const li = el("li", {class: struck ? "undone" : "", "data-seq": e.seq},
      el("div", {}, may("export") ? `#${e.seq} ` : "", logText(e), struck ? el("span", {class: "muted"}, ` · ${t("undone")}`) : null));
    if (e.verdict && e.verdict.hidden) li.append(el("div", {class: "note"}, t("hiddenDetails")));
    if (!struck) for (const v of (e.verdict ? e.verdict.violations : [])) li.append(el("div", {class: "flag"}, "⚑ " + msg(v), el("div", {class: "cite"}, citation(v.citation))));
    ul.append(li);
  }
}

// -- card sheets ---------------------------------------------------------------------------------
/** A suggested action's label: its name, the token kind, Shadow gained, the card it attaches to. */
function suggestionLabel(s) {
  if (s.label) return paramText(s.label);  // the server's words where the action's name would read the same twice
  const gains = s.action.gains !== undefined && s.action.gains !== null && hasMessage("action." + s.action.type + "_gains");
  return actionName(gains ? s.action.type + "_gains" : s.action.type) + (s.action.kind ? ` (${tokenName(s.action.kind)})` : "") + (s.target ? ` → ${paramText(s.target)}` : "");
}

const menus = new Map();  // the last menu each card had: offline, its moves are offered and wait in the queue
async function openCard(cardId, known = "") {
  if (!may("play")) return;
  flag = null; renderFlag();
  let r = await client.get("/cards/" + encodeURIComponent(cardId) + "/actions");
  if (r.network) r = menus.get(cardId) ? {...menus.get(cardId), offline: true} : {ok: false, offline: true, data: {error: {code: "offline"}}};
  else if (r.ok) menus.set(cardId, r);
  drawCard(cardId, known, r, false);
}

/** The card menu: the phase's normal move first, each entry once, a card effect's moves behind one entry. */
function drawCard(cardId, known, r, effects) {
  const sheet = $("sheet");
  const slot = /^(.+):shadows#(\d+)$/.exec(cardId);
  const faceDown = slot && !cardIndex().has(cardId);
  sheet.replaceChildren(el("h3", {}, cardName(cardId, known)), ...(faceDown ? [el("div", {class: "muted"}, t("opponentShadowsHelp"))] : []));
  if (r.offline) sheet.append(el("div", {class: "note", id: "menu-offline"}, t(r.ok ? "offlineMenu" : "offlineCard")));
  const add = s => {
    const c = ACTIONS.confirm[s.action.type];
    const ask = !c ? null : s.hidden && slot && c.face_down ? () => t(c.face_down, {card: "#" + slot[2], player: seatName(slot[1])})
      : () => t(c.seen, {card: cardName(cardId, known)});
    const flagged = s.legal === false;  // null: no verdict (a face-down card; its owner confirms)
    sheet.append(el("button", {class: flagged ? "illegal" : "", "data-action": s.action.type,
      onclick: async () => { closeSheet(); if (!ask || await confirmSheet(ask)) send(s.action); }}, (flagged ? "⚑ " : "") + suggestionLabel(s)));
    // What it costs and the gold there is, as the server says it (only for a card this phone sees), before the tap.
    if (s.cost) sheet.append(el("div", {class: "muted", "data-cost": s.action.type}, paramText(s.cost)));
    for (const v of s.violations) sheet.append(el("div", {class: "note"}, msg(v) + " — " + citation(v.citation)));
  };
  const seen = new Set(), rows = [];
  for (const s of r.ok ? r.data.actions : []) {
    const label = suggestionLabel(s);
    if (!seen.has(label)) { seen.add(label); rows.push(s); }
  }
  if (!r.ok && !r.offline) sheet.append(el("div", {class: "flag"}, errorText(r.data.error)));
  if (effects) {
    sheet.append(el("div", {class: "muted"}, t("byEffectHelp")));
    rows.filter(s => s.effect).forEach(add);
    sheet.append(el("button", {"data-back": "1", onclick: () => drawCard(cardId, known, r, false)}, "← " + t("back")));
    showSheet(() => drawCard(cardId, known, r, true));
    return;
  }
  rows.filter(s => !s.effect).forEach(add);
  if (rows.some(s => s.effect)) sheet.append(el("button", {"data-effects": "1", onclick: () => drawCard(cardId, known, r, true)}, t("byEffect")));
  sheet.append(el("button", {onclick: closeSheet}, t("close")));
  showSheet(() => drawCard(cardId, known, r, false));
}

/** Gold or power: +1/+2/+5, −1/−2/−5 and "set to N". */
function openCounter(what, typed = null) {
  if (!state || !state.now.counters.includes(what)) return;
  const mine = me();
  const sheet = $("sheet");
  const now = (what === "gold" ? mine.gold : mine.faction_power) + pendingDelta(what);
  sheet.replaceChildren(el("h3", {}, `${t(what)}: ${now}` + (what === "power" ? ` (${t("onFaction")})` : "")));
  const row = el("div", {class: "row wrap chips"});
  for (const d of [1, 2, 5, -1, -2, -5]) row.append(el("button", {"data-delta": d, onclick: () => { bump(what, d); openCounter(what); }}, (d > 0 ? "+" : "−") + Math.abs(d)));
  const input = el("input", {type: "number", inputmode: "numeric", min: "0", max: "999", id: "set-value", value: typed === null ? String(now) : typed, "aria-label": t("setValue")});
  const save = el("button", {class: "primary", id: "set-save", onclick: async ev => {
    const amount = Math.max(0, Math.min(999, Number(input.value) || 0));
    await counters.flushAll();
    await send({type: ACTIONS.controls[what + ".set"], player: mine.seat, amount}, ev.currentTarget);
  }}, t("save"));
  sheet.append(row, el("label", {for: "set-value"}, t("setTo")), el("div", {class: "row"}, input, save), el("button", {onclick: closeSheet}, t("close")));
  showSheet(() => openCounter(what, input.value));
}

$("gold-plus").addEventListener("click", () => bump("gold", 1));
$("gold-minus").addEventListener("click", () => bump("gold", -1));
$("power-plus").addEventListener("click", () => bump("power", 1));
$("power-minus").addEventListener("click", () => bump("power", -1));
$("gold").addEventListener("click", () => openCounter("gold"));
$("power").addEventListener("click", () => openCounter("power"));
$("undo").addEventListener("click", ev => previewUndo(ev.currentTarget));

/** Ask which entry the undo would take back (as this phone may see it), say it, and undo only after a second tap;
 * when the other player has acted since, the undo waits for their word. */
async function previewUndo(button) {
  await counters.flushAll();
  const r = await client.get("/undo");
  if (!r.ok) { showFlag({kind: "refused", text: () => t("refused", {message: errorText(r.data.error)})}); return; }
  const p = r.data;
  const sheet = $("sheet");
  const draw = () => {
    sheet.replaceChildren(el("h3", {}, t("undoPreviewTitle")));
    if (p.entry) sheet.append(el("p", {class: "big", id: "undo-what"}, logText(p.entry)));
    if (p.allowed === "no") {
      sheet.append(el("div", {class: "note", id: "undo-why"}, t("undoNo." + (p.reason || "nothing"))));
    } else {
      if (p.allowed === "confirm") sheet.append(el("div", {class: "note", id: "undo-why"}, t("undoAsk", {player: seatName(p.awaiting)})));
      sheet.append(el("button", {class: "primary", id: "undo-yes", onclick: ev => { closeSheet(); undo(p.seq, ev.currentTarget || button); }},
        p.allowed === "confirm" ? t("undoAskButton", {player: seatName(p.awaiting)}) : t("undo")));
    }
    sheet.append(el("button", {onclick: closeSheet}, t("close")));
  };
  draw();
  showSheet(draw);
}

$("export").addEventListener("click", () => exportLog(client, gameId, showFlag));

// -- the cards this seat touched last -----------------------------------------------------------
/** The last cards this seat touched, newest first: one tap opens the card's actions again. */
function renderRecent() {
  const box = $("recent");
  const idx = cardIndex(true), ids = [];  // a plot is chosen from the round's offers, never from a card's menu
  const mineNow = e => e.kind === "action" && e.actor === "seat:" + mySeat() && !e.undone;
  for (const e of [...log].reverse()) {
    const id = mineNow(e) && (e.data || {}).card;
    if (idx.has(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === 5) break;
  }
  const last = [...log].reverse().find(mineNow);
  const again = last && REPEATABLE.has(last.data.type) && idx.has(last.data.card) ? last.data : null;
  const repeatText = again ? `↻ ${actionName(again.type)}${again.kind ? ` (${tokenName(again.kind)})` : ""} · ${cardName(again.card)}` : "";
  const repeat = again ? el("button", {class: "primary", "data-repeat": again.type, title: repeatText, onclick: ev => send({...again}, ev.currentTarget)}, repeatText) : null;
  const scrolled = box.scrollLeft;
  box.replaceChildren(...(repeat ? [repeat] : []), ...(ids.length ? [el("span", {class: "muted"}, t("recentCards"))] : []),
    ...ids.map(id => el("button", {"data-recent": id, title: cardName(id), onclick: () => openCard(id)}, cardName(id))));
  box.scrollLeft = scrolled;  // a live update redraws the row: it stays where the thumb left it
  box.classList.toggle("hidden", !ids.length);
}

const deck = deckBox({gameId, client, seat: mySeat, view: () => state, showFlag,
  loaded: async () => { flag = null; await load(); }});
const finder = makeFinder({client, openCard, seatName});
const scanner = makeScanner({gameId, client, getState: () => state, mySeat, openCard, showFlag});
$("photo").addEventListener("change", ev => { if (ev.target.files[0]) scanner.scanImage(ev.target.files[0]); ev.target.value = ""; });
// Live frames: labels only (no OCR several times a second) unless the player asks for a title ("hold still");
// camera.js stops once a frame names a card of this seat.
$("live-start").addEventListener("click", () => startCamera($("camera"), (blob, title) => scanner.scanImage(blob, true, title)));
onLanguage(render);
onLanguage(() => { finder.render(); scanner.render(); redrawCamera(); });
messagesReady.then(load);

// What tests read of the page (through import(), never window): the table as this phone last drew it.
export {state};
