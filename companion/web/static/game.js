// The table page: the round's next step, my counters, my area, the opponents' areas and the log.
// Everything reaches the server through the shared client (client.js).
import {Coalescer, TableClient} from "./client.js";
import {confirmSheet, el, saveFile} from "./dom.js";
import {quietCamera, redrawCamera, startCamera} from "./camera.js";
import {eventTable as atEvent} from "./event_table.js";
import {whoSees} from "./keys.js";
import {actName, applyStrings, citation, errorText, hasMessage, lang, messagesReady, msg, onLanguage, paramText, phaseName,
  setJudgeReader, t, tn, tokenName, typeName} from "./messages.js";
import {request, requestId} from "./request.js";

const gameId = document.getElementById("main").dataset.game;
let state = null, log = [];
const $ = id => document.getElementById(id);
const NEXT = {setup: "plot", plot: "draw", draw: "marshaling", marshaling: "challenges", challenges: "dominance",
              dominance: "standing", standing: "taxation", taxation: "plot"};
//: What the actions declare (each action class on the server): the counter each tally changes, which ask first,
//: which are often repeated, and which control of this page records which. This file names no action.
const ACTIONS = JSON.parse(document.getElementById("main").dataset.actions);
ACTIONS.tallied = (counter, sign) => Object.keys(ACTIONS.tally).find(k => ACTIONS.tally[k].counter === counter && ACTIONS.tally[k].sign === sign);
//: Actions that only add up: merged into one and re-sent after a version conflict.
const COMMUTATIVE = new Set(Object.keys(ACTIONS.tally));
//: Also re-sent once after a version conflict: a seat's own choice that no other seat's move changes (as declared).
const RESENT = new Set(ACTIONS.resent);

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
    box.textContent = online ? t("sending", {n: waiting}) : (waiting ? t("offline", {n: waiting}) : t("offlineNone"));
  },
  onFlag: f => (f.revoked ? keyRenewed()  // this phone's key was renewed: forget the table, say who renewed it
    : showFlag({kind: "info", text: () => f.conflict ? t("conflict") : t("notResent", {action: f.label})})),
});

/** This phone's key was renewed (a lost phone, most often): the page forgets the table it was shown (the view in
 * memory, the log, the search and scan answers, everything drawn from them) and the key in its storage, and shows
 * only the notice of who renewed it (keys.js). Nothing is drawn again: its stream has ended. */
let stopped = false;
function keyRenewed() {
  const seen = state;
  stopped = true;
  state = null; log = []; found = null; scanned = null; flag = null;
  client.forget();
  for (const id of ["areas", "log", "found", "scanned", "recent", "round-box", "pending-box", "flags", "keys-news",
                    "who-sees", "status", "sheet", "game-over"]) $(id).replaceChildren();
  $("deck-text").value = "";
  $("hud").classList.add("hidden");
  $("game-over").classList.add("hidden");
  whoSees.revoked(seen);  // keys.js: the notice, from the public view
}

function update(u) {
  if (stopped) return;
  // A view older than the page's (a write's answer came first) is not drawn; its log entries still count: they
  // come only once, and the newer view does not bring them again.
  const older = u.view && state && u.view.version < state.version;
  if (u.view && !older) {
    if (flag && flag.undoSeq !== undefined && (u.view.undone || []).includes(flag.undoSeq)) flag = null;
    if (state && u.view.version > state.version && flag && flag.kind === "note") flag = null;  // old news
    state = u.view;
    client.checkSeen(state).then(warning => { if (warning) showFlag({kind: "error", text: warning}); });
  }
  addEntries(u.entries || []);
  if (u.reload_log || u.reloadLog) loadLog();
  render();
}

/** Entries into the page's log, each once, in the log's order, however they came (stream, answers, reloads). */
function addEntries(entries) {
  const known = new Set(log.map(e => e.seq));
  const fresh = entries.filter(e => !known.has(e.seq));
  if (fresh.length) log = [...log, ...fresh].sort((x, y) => x.seq - y.seq);
}

async function loadLog() {
  const l = await client.get("/log");
  // The answer holds the log up to its version; what the live stream brought meanwhile is newer: kept.
  if (l.ok) { log = [...l.data.entries, ...log.filter(e => e.seq > l.data.version)]; render(); }
}

let listening = false;
async function load() {
  // Opened again after its key was renewed (the key is gone from it): the notice again, not the spectator's table.
  if (!client.key && whoSees.wasStopped()) { keyRenewed(); return; }
  const r = await client.get("/view");
  if (r.status === 401 && r.data.error && r.data.error.code === "bad_key") { keyRenewed(); return; }
  if (!r.ok) { showFlag({kind: "refused", text: () => errorText(r.data.error)}); return; }
  // Loaded again (a deck was just set): the live stream may have brought a newer table while this was on its way.
  if (!state || r.data.version >= state.version) state = r.data;
  await loadLog();
  render();
  eventTable.load(log);
  if (listening) return;  // one live stream (or poll) per page, however often the table is loaded
  listening = true;
  // A spectator has no key, and a live stream needs one: the table is read again every few seconds instead.
  // Its dot says so (not red, as for a phone that lost its connection).
  if (client.key) client.listen();
  else {
    setInterval(() => client.refresh(), 5000);
    const dot = $("live");
    dot.classList.add("polled");
    const title = () => { dot.title = t("polledView"); };
    title();
    onLanguage(title);
  }
}

/** A word that begins a label ("Setup", "Spectator"), though sentences use it in lower case. */
const capital = text => text.replace(/^\p{Ll}/u, c => c.toLocaleUpperCase(lang()));

// -- who am I ------------------------------------------------------------------------------------
const role = () => (state ? (state.viewer && state.viewer.role) || state.role : "spectator");
const mySeat = () => state && state.viewer.seat;
const me = () => state.players.find(p => p.seat === mySeat());
const seatName = seat => { const p = state && state.players.find(x => x.seat === seat); return p ? p.name : seat; };
const canAct = () => Boolean(mySeat()) || role() === "judge";
const isJudge = () => role() === "judge";

// -- names, not ids ------------------------------------------------------------------------------
function cardIndex() {
  const all = new Map();
  const add = c => { if (c && c.id) all.set(c.id, c); };
  for (const p of state.players) {
    (p.hand.cards || []).forEach(add); p.play.forEach(add); p.discard.forEach(add); p.dead.forEach(add);
    p.removed.forEach(add); p.shadows.forEach(s => add(s.card)); (p.plots.cards || []).forEach(add);
    add(p.revealed_plot); (p.used_plots || []).forEach(add); (p.agenda || []).forEach(add);
  }
  return all;
}
/** A card's name; where two copies at the table share a title, their Shadow value or copy number tells them apart. */
function cardName(id, known = "") {
  if (!id) return "";
  const alias = /^(.+):shadows#(\d+)$/.exec(id);
  if (alias) return t("shadowsSlot", {player: seatName(alias[1]), n: alias[2]});
  const idx = cardIndex();
  const c = idx.get(id);
  if (!c) return known ? known + (isJudge() ? ` [${id}]` : "") : (isJudge() ? id : t("aCard"));
  // Copies of other players are told apart by where they are; only one's own twins need more.
  const twins = [...idx.values()].filter(o => o.name === c.name && o.id !== c.id && o.owner === c.owner);
  let name = c.name;
  if (twins.length) {
    const differentShadow = twins.some(o => String(o.shadow_costs) !== String(c.shadow_costs));
    // Two printings differ by their Shadow value (each may be "copy 1"): the value, or that it has none, tells them apart.
    name += !differentShadow ? ` (${t("copyN", {n: c.copy})})` : c.shadow_costs.length
      ? ` (${t("table.twinShadow", {value: c.shadow_costs.join(", ")})})` : ` (${t("table.twinNoShadow")})`;
  }
  return isJudge() ? `${name} [${id}]` : name;
}

// -- sending ------------------------------------------------------------------------------------
/** Record an action. Destructive ones ask first. Returns the server's answer. */
async function send(action, button = null) {
  if (!COMMUTATIVE.has(action.type)) await counters.flushAll();
  closeSheet();
  const edits = findEdits;
  const r = await client.write("/actions", {action}, {commutative: RESENT.has(action.type), label: actName(action.type), button});
  // The search is done with, unless the player already typed the next one while this move was on its way.
  if (findEdits === edits) { found = null; renderFound(); $("find").value = ""; }
  return answered(r);
}

/** Take a view from an answer unless the live stream already brought a newer one. */
function adopt(view) {
  if (view && (!state || view.version >= state.version)) state = view;
  // The flag of a move that has since been undone goes, however the undo arrived (answer, stream, queue).
  if (flag && flag.undoSeq !== undefined && state && (state.undone || []).includes(flag.undoSeq)) flag = null;
}

function answered(r) {
  if (r.queued) { render(); return r; }
  if (r.status === 409) return r;
  if (r.status === 202 && r.data.pending) { adopt(r.data.view); render(); return r; }
  if (!r.ok) {
    const v = r.data.error.details && r.data.error.details.verdict;
    const [first, ...more] = v ? v.violations : [];
    // A verdict's notes say what the move did ("its tokens are discarded"): a refused move did nothing.
    showFlag({kind: "refused", text: () => t("refused", {message: first ? msg(first) : errorText(r.data.error)}),
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
  const r = await client.write("/undo", seq === undefined ? {} : {seq}, {label: t("undo"), button});
  if (r.queued || r.status === 409) return;
  if (!r.ok) { showFlag({kind: "refused", text: () => t("refused", {message: errorText(r.data.error)})}); return; }
  flag = null;  // the undone move's flag goes with it
  adopt(r.data.view);
  if (r.data.entry) addEntries([r.data.entry]);
  loadLog();
}

// Gold and power: a burst of taps is one action with the sum.
const counters = new Coalescer(async (delta, {what, player}) => {
  const type = ACTIONS.tallied(what, Math.sign(delta));
  const r = await client.write("/actions", {action: {type, player, amount: Math.abs(delta)}}, {commutative: true, label: actName(type)});
  answered(r);
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
function bump(what, delta) {
  if (!mySeat()) return;
  counters.add(what, delta, {what, player: mySeat()});
  render();
}

// -- flags ---------------------------------------------------------------------------------------
let flag = null;
function showFlag(f) {
  if (stopped) return;
  flag = f;
  renderFlag();
  // The header stays on top while the page scrolls: the flag comes into view below it, not behind it.
  $("flags").style.scrollMarginTop = document.querySelector("header").offsetHeight + 8 + "px";
  $("flags").scrollIntoView({block: "nearest"});
}
function renderFlag() {
  const box = $("flags");
  box.replaceChildren();
  if (!flag) return;
  const f = flag;
  const alarm = f.kind === "recorded" || f.kind === "refused" || f.kind === "error";
  const node = el("div", {class: "flag" + (alarm ? "" : " ok"), role: "alert", "data-flag": f.kind});
  // A text is said when drawn, so a flag left open reads in the language switched to.
  const text = typeof f.text === "function" ? f.text() : f.text;
  if (text) node.append(el("div", {}, (alarm ? "⚑ " : "") + text));
  if (f.cite) node.append(el("div", {class: "cite"}, citation(f.cite) + (isJudge() && f.rule ? " · " + f.rule : "")));
  for (const v of f.more || []) node.append(el("div", {}, "⚑ " + msg(v)), el("div", {class: "cite"}, citation(v.citation)));
  for (const n of f.notes || []) node.append(el("div", {class: "note"}, msg(n)));
  const row = el("div", {class: "row"});
  if (f.undoSeq !== undefined) row.append(el("button", {class: "primary", id: "flag-undo", onclick: ev => undo(f.undoSeq, ev.currentTarget)}, t("undoQ")));
  row.append(el("button", {onclick: () => { flag = null; renderFlag(); }}, t("close")));
  node.append(row);
  box.append(node);
}

// -- the round -----------------------------------------------------------------------------------
function plotLine(c) {
  const stats = state.edition === "1e" ? "plotStats1e" : "plotStats";
  const dash = v => (v === null || v === undefined ? "–" : v);
  return t(stats, {income: dash(c.income), initiative: dash(c.initiative), claim: dash(c.claim), reserve: dash(c.reserve)});
}

/** The one next step for this phone, shown in the sticky bar: pass the turn, or begin the next phase. */
function nextStep() {
  if (!state || !canAct() || state.winner || state.gone_to_time) return null;
  const turns = state.phase === "marshaling" || state.phase === "challenges";
  if (turns && state.active_player && (state.active_player === mySeat() || isJudge())) {
    return {label: t("passTurn"), id: "pass-turn", run: b => send({type: ACTIONS.controls["turn.pass"], player: state.active_player}, b)};
  }
  if (turns && state.active_player) return null;  // someone else's turn
  if (plotsPending().length) return null;
  return {label: t("nextPhaseTo", {phase: phaseName(NEXT[state.phase])}), id: "next-step",
          run: b => send({type: ACTIONS.controls["phase.next"], phase: NEXT[state.phase]}, b)};
}

// -- plots chosen face down (issue 21): "chosen" or "waiting for X" until the last choice reveals them all --
/** Players with a plot deck whose plot is not revealed this round (none outside the plot phase). */
function plotsPending() {
  if (!state || state.phase !== "plot") return [];
  return state.players.filter(p => (p.plots.count || p.revealed_plot) && !(p.revealed_plot && p.revealed_plot.this_round));
}
/** Whether this round's first player has been chosen: the plot phase starts without one (the seat order's default,
 * or last round's, is not a choice), and so does setup unless someone set one; read from the log, newest first,
 * skipping what was undone. */
function firstChosen() {
  if (!state) return false;
  if (state.phase !== "plot" && state.phase !== "setup") return true;
  const undone = new Set(log.filter(e => e.kind === "undo" && e.data && e.data.seq !== undefined).map(e => e.data.seq));
  for (const e of [...log].reverse()) {
    if (e.kind === "undo" || e.undone || undone.has(e.seq)) continue;
    const d = e.data || {};
    if (d.type === ACTIONS.controls["first.choose"]) return true;
    if (d.type === ACTIONS.controls["phase.next"] && d.phase === "plot") return false;
  }
  return false;
}
// A plot row is no button (nothing disables it while its choice is on the way): one choice at a time, and none
// for the plot already chosen, or a double tap records the choice twice.
let plotSending = false;
async function choosePlot(mine, card) {
  if (plotSending || card === mine.plot_choice) return;
  plotSending = true;
  try { await send({type: ACTIONS.controls["plot.choose"], player: mine.seat, card}); } finally { plotSending = false; }
}
function plotChoice(mine, waiting) {
  const parts = [];
  if (mine && waiting.includes(mine) && mine.plots.cards) {
    parts.push(el("h2", {}, t("choosePlot")));
    const ul = el("ul", {class: "cards", id: "plot-choice"});
    for (const c of mine.plots.cards) {
      ul.append(el("li", {"data-plot": c.id, class: c.id === mine.plot_choice ? "chosen" : "",
                          onclick: () => choosePlot(mine, c.id)},
        el("div", {class: "grow"}, el("div", {}, (c.id === mine.plot_choice ? "✓ " : "") + c.name), el("div", {class: "muted"}, plotLine(c)))));
    }
    parts.push(ul);
    if (mine.plot_choice) parts.push(el("p", {class: "muted", id: "plot-mine"}, t("plotChosenMine", {card: cardName(mine.plot_choice)})));
  }
  const others = waiting.filter(p => p !== mine);
  if (others.length) {
    parts.push(el("div", {id: "plot-status"}, ...others.map(p => el("p", {class: p.plot_chosen ? "" : "muted", "data-plot-status": p.seat},
      // A key that sees the player's hidden cards (the judge's) is sent the plot itself: it reads which.
      !p.plot_chosen ? t("plotWaiting", {player: p.name})
        : p.plot_choice ? t("plotChosenSeen", {player: p.name, card: cardName(p.plot_choice)})
        : t("plotChosen", {player: p.name})))));
  }
  return parts;
}

// -- draws in one tap (issue 21): "drew 7" at setup, "drew 2" in the draw phase; cards named when played --
function drawParts(mine) {
  const n = state.phase === "draw" ? 2 : state.phase === "setup" && mine.hand.count === 0 ? 7 : 0;
  if (!n || mine.deck.count === 0) return [];
  return [el("div", {class: "row", id: "draw-box"}, el("span", {class: "grow muted"}, t("drawHint")),
    el("button", {class: "primary", id: "draw-" + n, onclick: ev => send({type: ACTIONS.controls["cards.draw"], player: mine.seat, count: n}, ev.currentTarget)},
      t("drewN", {n})))];
}
/** "55 in deck · 7 in hand", or "not tracked" when a card was taken as drawn that no recorded draw covered. */
function countsLine(p) {
  if (p.deck.tracked === false || p.hand.tracked === false) return t("countsNotTracked");
  return t("countsLine", {deck: p.deck.count, hand: p.hand.count});
}

// -- challenges in one tap each (issue 21) ------------------------------------------------------------
const CHALLENGE_KINDS = ["military", "intrigue", "power"];
/** The challenges phase: a "Challenge…" button, this round's challenges, and their follow-ups as one tap each. */
function challengeParts(mine) {
  const parts = [];
  // Only the player whose turn it is declares a challenge (RR: Challenges phase); the judge may record one for them.
  if (state.phase === "challenges" && (isJudge() || (mySeat() && state.active_player === mySeat()))) {
    parts.push(el("button", {class: "primary", id: "challenge-open", onclick: openChallengeForm}, t("challengeOpen")));
  }
  for (const c of state.challenges || []) {
    const won = c.winner === c.attacker;
    const loser = won ? c.defender : c.attacker;
    const row = el("div", {class: "note", "data-challenge": c.kind + ":" + c.attacker}, challengeText(c));
    const mineToApply = c.winner && (c.winner === mySeat() || isJudge());
    if (mineToApply && won && c.unopposed && !c.rewarded.includes("unopposed")) {
      row.append(followUp(t("challengeUnopposedQ", {player: seatName(c.winner)}), "unopposed",
        {type: ACTIONS.controls["challenge.reward"], player: c.winner, kind: c.kind, reward: "unopposed"}));
    }
    if (mineToApply && won && c.kind === "power" && !c.rewarded.includes("power_claim")) {
      // The loser gives what it has, up to the claim: nothing to apply when it has no power.
      const has = (state.players.find(p => p.seat === loser) || {power: c.claim}).power;
      const moved = Math.min(c.claim, has);
      row.append(moved > 0
        ? followUp(t("challengePowerClaimQ", {player: seatName(loser), amount: moved, winner: seatName(c.winner)}), "power_claim",
          {type: ACTIONS.controls["challenge.reward"], player: c.winner, kind: c.kind, reward: "power_claim"})
        : el("div", {class: "muted", "data-follow-up": "power_claim_none"}, t("challengePowerClaimNone", {player: seatName(loser)})));
    }
    if (won && c.kind === "military") row.append(el("div", {class: "muted"}, t("challengeMilitaryClaim", {player: seatName(loser), amount: c.claim})));
    if (won && c.kind === "intrigue") row.append(el("div", {class: "muted"}, t("challengeIntrigueClaim", {player: seatName(loser), amount: c.claim})));
    parts.push(row);
  }
  return parts;
}
function followUp(text, id, action) {
  return el("div", {class: "row", "data-follow-up": id}, el("span", {class: "grow"}, text),
    el("button", {class: "primary", onclick: ev => send(action, ev.currentTarget)}, t("apply")));
}
function challengeText(c) {
  const result = !c.winner ? t("challenge.nobody") : c.unopposed ? t("challenge.wonUnopposed", {player: seatName(c.winner)})
    : t("challenge.won", {player: seatName(c.winner)});
  return t("log.challenge", {player: seatName(c.attacker), defender: seatName(c.defender), kind: t("challenge.kind." + c.kind), result});
}
/** One sheet, one entry: type, attacker, defender, winner, unopposed, and (optionally) the cards that took part. */
function openChallengeForm() {
  const seats = state.players.map(p => p.seat);
  const done = new Set((state.challenges || []).map(c => c.attacker + ":" + c.kind));
  const f = {attacker: state.active_player || mySeat() || seats[0], kind: null, winner: null, unopposed: false, cards: new Set()};
  f.defender = seats.find(s => s !== f.attacker);
  f.winner = f.attacker;  // the common case, shown chosen; one tap changes it
  f.kind = CHALLENGE_KINDS.find(k => !done.has(f.attacker + ":" + k)) || "military";
  const sheet = $("sheet");
  const choice = (name, values, label) => {
    const row = el("div", {class: "row wrap chips", "data-field": name});
    for (const v of values) {
      row.append(el("button", {class: f[name] === v ? "chosen" : "", "data-value": v === null ? "none" : v,
        onclick: () => {
          if (name === "attacker" && f.winner === f.attacker) f.winner = v;
          f[name] = v;
          if (name === "attacker" && f.defender === v) f.defender = seats.find(s => s !== v);
          draw();
        }}, label(v)));
    }
    return row;
  };
  const save = button => {
    const mine = id => state.players.find(p => p.seat === f.attacker).play.some(c => c.id === id);
    const action = {type: ACTIONS.controls["challenge.record"], kind: f.kind, player: f.attacker, defender: f.defender};
    if (f.winner) action.winner = f.winner;
    if (f.unopposed) action.unopposed = true;
    const ids = [...f.cards];
    if (ids.some(mine)) action.attackers = ids.filter(mine);
    if (ids.some(id => !mine(id))) action.defenders = ids.filter(id => !mine(id));
    send(action, button);
  };
  const draw = () => {
    const standing = seat => state.players.find(p => p.seat === seat).play.filter(c => c.type === "character" && !c.kneeling && !c.attached_to && !c.duplicate_of);
    const cards = el("div", {class: "cards-pick"});
    for (const side of [f.attacker, f.defender]) {
      for (const c of standing(side)) {
        const box = el("input", {type: "checkbox", "data-participant": c.id});
        box.checked = f.cards.has(c.id);
        box.addEventListener("change", () => { if (box.checked) f.cards.add(c.id); else f.cards.delete(c.id); });
        cards.append(el("label", {class: "check"}, box, `${cardName(c.id)} (${seatName(side)})`));
      }
    }
    const unopposed = el("input", {type: "checkbox", id: "challenge-unopposed"});
    unopposed.checked = f.unopposed;
    unopposed.addEventListener("change", () => { f.unopposed = unopposed.checked; });
    sheet.replaceChildren(el("h3", {}, t("challengeTitle")), el("div", {class: "challenge-form"},
      el("label", {}, t("challengeType")), choice("kind", CHALLENGE_KINDS, k => capital(t("challenge.kind." + k))),  // a button: "Military"
      // The usual outcomes, saved in one tap with the type and sides above (the rest of the form is for the unusual).
      el("div", {class: "row wrap chips", id: "challenge-outcomes"},
        ...[[f.attacker, false], [f.attacker, true], [f.defender, false]].map(([winner, unopposed]) =>
          el("button", {class: "primary", "data-outcome": `${winner === f.attacker ? "attacker" : "defender"}${unopposed ? "-unopposed" : ""}`,
            onclick: ev => { f.winner = winner; f.unopposed = unopposed; save(ev.currentTarget); }},
          t(unopposed ? "challenge.wonUnopposed" : "challenge.won", {player: seatName(winner)})))),
      el("label", {}, t("challengeAttacker")), choice("attacker", seats, seatName),
      el("label", {}, t("challengeDefender")), choice("defender", seats.filter(s => s !== f.attacker), seatName),
      el("label", {}, t("challengeWinner")), choice("winner", [f.attacker, f.defender, null], v => (v ? seatName(v) : t("challengeNobody"))),
      el("label", {class: "check"}, unopposed, t("challengeUnopposed")),
      cards.childNodes.length ? el("label", {}, t("challengeParticipants")) : "", cards,
      el("button", {class: "primary", id: "challenge-save", onclick: ev => save(ev.currentTarget)}, t("challengeSave"))),
      el("button", {onclick: closeSheet}, t("close")));
  };
  draw();
  showSheet(draw);  // drawn again, choices kept, when the language is switched while it is open
}

let incomeModifier = "0";
function renderRound() {
  const box = $("round-box");
  const typing = document.activeElement && document.activeElement.id === "income-mod";
  box.replaceChildren();
  const mine = mySeat() ? me() : null;
  const parts = [];
  if (state.phase === "plot") {
    const waiting = plotsPending();
    if (waiting.length) {
      parts.push(...plotChoice(mine, waiting));
    } else if (state.players.some(p => p.revealed_plot)) {
      const winner = state.initiative_winner;
      // Only the winner is told to choose; the other phone reads who chooses.
      parts.push(el("p", {id: "initiative"}, !winner ? t("initiativeTie")
        : winner === mySeat() ? t("initiativeYou") : t("initiativeWon", {player: seatName(winner)})));
      if (!winner || winner === mySeat() || isJudge() || role() === "host") {
        const row = el("div", {class: "row wrap", id: "first-choice"});
        for (const p of state.players) {
          row.append(el("button", {class: p.seat === state.first_player && firstChosen() ? "chosen" : "", "data-first": p.seat,
            onclick: ev => send({type: ACTIONS.controls["first.choose"], player: p.seat}, ev.currentTarget)}, t("chooseFirst", {player: p.name})));
        }
        parts.push(row);
      }
    }
  }
  if (state.phase === "marshaling" && mine && state.active_player === mine.seat && mine.revealed_plot && !mine.income_collected) {
    const plot = mine.revealed_plot;
    // The typed modifier survives the re-render a live update causes while it is being typed.
    const mod = el("input", {id: "income-mod", type: "number", inputmode: "numeric", value: incomeModifier, class: "short", "aria-label": t("modifier")});
    const amount = () => Math.max(0, (plot.income || 0) + (Number(mod.value) || 0));
    const button = el("button", {class: "primary grow", id: "collect-income"}, t("collectIncome", {amount: amount()}));
    mod.addEventListener("input", () => { incomeModifier = mod.value; button.textContent = t("collectIncome", {amount: amount()}); });
    button.addEventListener("click", ev => {
      incomeModifier = "0";
      send({type: ACTIONS.controls["income.collect"], player: mine.seat, modifier: Number(mod.value) || 0}, ev.currentTarget);
    });
    parts.push(el("div", {class: "row"}, button, el("label", {class: "inline", for: "income-mod"}, t("modifier")), mod));
  }
  if (mine) parts.push(...drawParts(mine));
  if (state.phase === "challenges" || (state.challenges || []).length) parts.push(...challengeParts(mine));
  if (state.phase === "dominance" && canAct()) {
    // Who won dominance: a seat claims it for itself (or says nobody won); the judge records it for any seat.
    // Going to time asks for the final round's.
    const won = (state.dominance || {})[String(state.round)];
    const row = el("div", {class: "row wrap", id: "dominance-choice"});
    const choice = (seat, label) => el("button", {class: won !== undefined && won === seat ? "chosen" : "",
      "data-dominance": seat || "none", onclick: ev => send(seat ? {type: ACTIONS.controls["dominance.win"], player: seat} : {type: ACTIONS.controls["dominance.win"]}, ev.currentTarget)}, label);
    for (const p of state.players) if (!mySeat() || p.seat === mySeat()) row.append(choice(p.seat, mySeat() ? t("dominanceMine") : p.name));
    row.append(choice(null, t("dominanceNobody")));
    parts.push(el("h2", {}, t("dominanceWon")), row);
  }
  // 1st edition, the beginning of a phase: one player at a time from the first player may bring a card out of
  // Shadows. Whose chance it is, on every phone; its holder gets the pass button.
  const holder = shadowsHolder();
  if (holder && holder.seat === mySeat()) {
    parts.push(el("div", {class: "flag ok", id: "shadows-chance"}, el("div", {}, t("shadowsChanceYou", {phase: phaseName(state.phase)})),
      el("button", {class: "primary wide", id: "pass-shadows", onclick: ev => send({type: ACTIONS.controls["shadows.pass"], player: holder.seat}, ev.currentTarget)}, t("passShadows"))));
  } else if (holder) {
    parts.push(el("p", {class: "note", id: "shadows-chance"}, t("shadowsChanceOf", {player: holder.name, phase: phaseName(state.phase)})));
  }
  // At an event's table the event's clock says it (known from the game itself, before the event table is asked).
  if (state.time_called && !state.gone_to_time && !state.game.event) parts.unshift(el("p", {class: "flag", id: "time-called"}, t("timeCalledBanner")));
  box.append(...parts);
  box.classList.toggle("hidden", !parts.length);
  if (typing && $("income-mod")) $("income-mod").focus();
}

/** 1st edition, the beginning of a phase: the player whose chance it is now to bring a card out of Shadows, or null. */
function shadowsHolder() {
  if (!state.shadows_window) return null;
  const order = state.players.map(p => p.seat);
  const from = Math.max(0, order.indexOf(state.first_player));
  return [...order.slice(from), ...order.slice(0, from)].map(x => state.players.find(p => p.seat === x))
    .find(p => p.shadows_opportunity === "open" && p.shadows.length) || null;
}

function renderStatus() {
  const turn = state.active_player ? (state.active_player === mySeat() ? t("yourTurn") : t("turnOf", {player: seatName(state.active_player)}))
    : (state.phase === "marshaling" || state.phase === "challenges" ? t("nobodyActive") : "");
  // Until the initiative winner has chosen, the first player is not decided yet: last round's (or the seat
  // order's) would read as this round's.
  const first = state.first_player && !plotsPending().length && firstChosen() ? `${t("firstPlayer")}: ${seatName(state.first_player)}` : "";
  $("status").replaceChildren(...[
    // Setup comes before round 1: no "Round 0".
    el("span", {class: "badge", id: "phase"}, state.round ? `${t("round")} ${state.round} · ${phaseName(state.phase)}` : capital(phaseName(state.phase))),
    turn ? el("span", {class: "badge turn" + (state.active_player === mySeat() ? " mine" : ""), id: "turn"}, turn) : null,
    first ? el("span", {class: "muted", id: "first"}, first) : null].filter(Boolean));
  const mine = mySeat() ? me() : null;
  $("counters").classList.toggle("hidden", !mine);
  if (mine) {
    $("gold").textContent = String(mine.gold + pendingDelta("gold"));
    // The total that counts toward winning (faction card and cards in play); the buttons change the faction's.
    $("power").textContent = String(mine.power + pendingDelta("power"));
    $("power").title = `${t("onFaction")}: ${mine.faction_power + pendingDelta("power")}`;
  }
  const step = nextStep();
  const b = $("step");
  // The next step stays in one place in every phase: while it is not this phone's to take, it says what it waits for.
  b.classList.toggle("hidden", !canAct() || Boolean(state.winner) || Boolean(state.gone_to_time));
  b.disabled = !step;
  if (step) { b.textContent = step.label; b.dataset.step = step.id; b.onclick = () => step.run(b); }
  else {
    b.dataset.step = "wait";
    b.onclick = null;
    // The table waits for this phone's chance at the beginning of the phase (1st edition), not for the active player.
    const holder = shadowsHolder();
    b.textContent = holder && holder.seat === mySeat() ? t("shadowsChanceStep")
      : state.active_player ? t("waitingFor", {player: seatName(state.active_player)})
      : t("nextPhaseTo", {phase: phaseName(NEXT[state.phase])});
  }
  $("undo").classList.toggle("hidden", !canAct());
  $("bar").classList.toggle("hidden", !canAct());  // a spectator's bar would be an empty strip at the bottom
}

function renderGameOver() {
  const box = $("game-over");
  const winner = state.winner;
  if (!winner && state.gone_to_time) { eventTable.goneToTime(box); return; }
  box.classList.toggle("hidden", !winner || box.dataset.closed === String(state.version));
  if (!winner) { box.replaceChildren(); return; }
  const p = state.players.find(x => x.seat === winner);
  const result = el("div", {id: "verify-result", class: "muted"});
  box.replaceChildren(el("div", {class: "card"},
    el("h2", {}, t("gameOver")),
    el("p", {class: "big", id: "winner"}, t("wins", {player: p.name, power: p.power})),
    el("p", {}, t("afterRounds", {round: state.round})),
    el("ul", {class: "cards"}, ...state.players.map(x => el("li", {}, el("span", {class: "grow"}, x.name), el("strong", {}, `${x.power} ${t("power")}`)))),
    el("button", {class: "primary", id: "verify", onclick: verifyLog}, t("verifiedLog")), result,
    el("button", {id: "download-log", onclick: downloadLog}, t("downloadLog")),
    el("button", {onclick: () => { box.dataset.closed = String(state.version); box.classList.add("hidden"); }}, t("backToTable"))));
}

async function verifyLog() {
  const r = await client.get("/verify");
  const out = $("verify-result");
  if (r.ok && r.data.ok !== false) out.textContent = t("verifyOk", {entries: r.data.entries ?? r.data.length ?? log.length});
  else out.textContent = t("verifyBad", {message: typeof r.data.error === "string" ? r.data.error : (r.data.error || {}).message});
}

async function downloadLog() {
  const r = await request(client.base + "/log", {key: client.key, as: "blob"});
  if (r.ok) saveFile(r.data, gameId + "-log.json");
}

function renderPending() {
  const box = $("pending-box");
  const list = (state.pending || []);
  box.classList.toggle("hidden", !list.length);
  box.replaceChildren();
  for (const p of list) {
    const a = p.action || {};
    const undoing = a.type === "undo" ? log.find(e => e.seq === a.seq) : null;
    if (p.awaiting === mySeat()) {
      box.append(el("div", {class: "flag ok", "data-pending": p.id},
        el("div", {}, a.type === "undo" ? t("pendingUndo", {player: seatName(roleSeat(p.requested_by)), action: undoing ? logText(undoing) : "#" + a.seq})
          : t("pendingFor", {player: seatName(p.by || a.player), action: actName(a.type), card: cardName(a.card)})),
        el("div", {class: "row"},
          el("button", {class: "primary", onclick: ev => decide(p.id, "confirm", ev.currentTarget)}, t("confirm")),
          el("button", {onclick: ev => decide(p.id, "decline", ev.currentTarget)}, t("decline")))));
    } else {
      box.append(el("div", {class: "note"}, t("pendingMine", {player: seatName(p.awaiting), action: actName(a.type)})));
    }
  }
}

/** The seat of a stored actor ("seat:B"), or the actor as it is. */
const roleSeat = actor => String(actor || "").replace(/^seat:/, "");

async function decide(pid, decision, button) {
  const r = await client.write("/pending/" + encodeURIComponent(pid), {decision}, {label: t(decision), button});
  answered(r);
}

// -- areas ---------------------------------------------------------------------------------------
function tokens(obj) { return Object.entries(obj || {}).filter(([, n]) => n).map(([k, n]) => el("span", {class: "tok"}, `${n} ${tokenName(k)}`)); }

function cardRow(card, extra, onclick) {
  return el("li", {onclick, "data-card": card.id},
    el("div", {class: "grow"}, el("div", {}, (card.unique ? "◆ " : "") + cardName(card.id)), el("div", {class: "muted"}, extra)),
    tokens(card.tokens));
}

function shadowsList(player) {
  const ul = el("ul", {class: "cards", "data-shadows": player.seat});
  for (const s of player.shadows) {
    const alias = player.seat + ":shadows#" + s.position;
    const shadow = s.card && s.card.shadow_costs.length ? " · " + t("shadowValue", {value: s.card.shadow_costs.join(", ")}) : "";
    ul.append(el("li", {onclick: () => (s.card ? openCard(s.card.id) : openHidden(alias)), "data-position": s.position},
      el("span", {class: "pos facedown"}, "#" + s.position),
      el("div", {class: "grow"}, el("div", {}, s.card ? (s.card.unique ? "◆ " : "") + cardName(s.card.id) : t("opponentShadowsHelp")),
        el("div", {class: "muted"}, tn("rounds", s.rounds) + shadow)),
      tokens(s.tokens)));
  }
  if (!player.shadows.length) ul.append(el("li", {class: "muted"}, t("empty")));
  return ul;
}

function playList(player) {
  const ul = el("ul", {class: "cards", "data-play": player.seat});
  for (const c of player.play) {
    const extra = [typeName(c.type), c.kneeling ? t("kneel") : null, c.duplicate_of ? t("duplicate") : null,
                   c.attached_to ? t("attachedTo", {card: cardName(c.attached_to)}) : null,
                   c.controller !== c.owner ? t("ownedBy", {player: seatName(c.owner)}) : null].filter(Boolean).join(" · ");
    ul.append(cardRow(c, capital(extra), () => openCard(c.id)));
  }
  if (!player.play.length) ul.append(el("li", {class: "muted"}, t("empty")));
  return ul;
}

function pileList(cards) {
  const ul = el("ul", {class: "cards"});
  for (const c of cards) ul.append(cardRow(c, capital(typeName(c.type)) + (isJudge() ? " · " + c.code : ""), () => openCard(c.id)));
  if (!cards.length) ul.append(el("li", {class: "muted"}, t("empty")));
  return ul;
}

function plotSummary(p) {
  if (!p.revealed_plot) return null;
  return el("div", {class: "plot", "data-revealed": p.seat}, el("strong", {}, cardName(p.revealed_plot.id)), " · ", plotLine(p.revealed_plot));
}

function render() {
  if (!state) return;
  applyStrings();
  setJudgeReader(isJudge());
  const g = state.game || {};
  const seat = mySeat();
  const who = seat ? seatName(seat) : capital(t(role()));
  $("title").textContent = g.title ? `${g.title} · ${who}` : who;
  renderStatus();
  renderRound();
  renderPending();
  renderFlag();
  whoSees.render(state);  // keys.js: who can see hidden cards in this game
  renderGameOver();
  eventTable.follow(log);
  $("find-box").classList.toggle("hidden", !canAct());
  $("scan-box").classList.toggle("hidden", !canAct());
  renderScanned();  // a scanned card's place follows the table
  $("judge-box").classList.toggle("hidden", !isJudge());
  $("live-start").classList.toggle("hidden", !(window.isSecureContext && navigator.mediaDevices));
  const areas = $("areas");
  areas.replaceChildren();
  if (!client.key) areas.append(el("section", {class: "muted"}, t("noKey")));
  const mine = seat ? me() : null;
  if (mine) {
    // The deck box stays for any seat without a deck, however late it joins.
    const noDeck = mine.deck.count === 0 && mine.hand.count === 0 && !mine.shadows.length && !mine.play.length && !mine.plots.count && !mine.revealed_plot;
    $("deck-box").classList.toggle("hidden", !noDeck);
    if (noDeck) fillSavedDecks();
    areas.append(el("section", {id: "my-shadows"}, el("h2", {}, t("myShadows")), shadowsList(mine)));
    if (mine.hand.cards && mine.hand.cards.length) areas.append(el("section", {id: "my-hand"}, el("h2", {}, t("myHand")), pileList(mine.hand.cards)));
    // The loaded deck's name, from this seat's own deck entry (others never see it).
    const deckEntry = [...log].reverse().find(e => e.kind === "deck" && e.data.seat === seat && e.data.name);
    areas.append(el("section", {id: "my-play"}, el("h2", {}, t("myPlay")), plotSummary(mine), playList(mine),
      el("div", {class: "row", id: "my-counts"}, el("span", {class: "grow muted"}, countsLine(mine)),
        mine.deck.count > 0 ? el("button", {id: "draw-1", onclick: ev => send({type: ACTIONS.controls["cards.draw"], player: seat, count: 1}, ev.currentTarget)}, t("drewN", {n: 1})) : null),
      deckEntry ? el("div", {class: "muted", id: "deck-name"}, t("deckName", {deck: deckEntry.data.name})) : null));
  } else {
    $("deck-box").classList.add("hidden");
  }
  for (const p of state.players) {
    if (p.seat === seat) continue;
    areas.append(el("section", {"data-seat": p.seat},
      el("h2", {}, `${seat ? t("opponent") + " " : ""}${p.name} · ${t("gold")} ${p.gold} · ${t("power")} ${p.power}`),
      plotSummary(p),
      el("div", {class: "muted"}, t("shadows")), shadowsList(p),
      el("div", {class: "muted"}, t("inPlay")), playList(p),
      el("div", {class: "muted", "data-counts": p.seat}, countsLine(p))));
  }
  const dead = el("section", {id: "dead"}, el("h2", {}, t("dead")));
  for (const p of state.players) dead.append(el("div", {class: "muted"}, p.name), pileList(p.dead));
  areas.append(dead);
  const uniques = state.players.flatMap(p => p.uniques_in_play.map(n => `${n} (${p.name})`));
  areas.append(el("section", {}, el("h2", {}, t("uniques")), el("div", {}, uniques.join(", ") || t("empty"))));
  renderLog();
  if (mySeat()) renderRecent();
}

// -- the log, in words -----------------------------------------------------------------------------
function logText(e) {
  if (e.kind === "report") return eventTable.entryText(e);  // a result reported at an event's table
  if (e.kind === "ruling") {  // a judge's ruling: its kind and what the judge wrote
    const what = t("ruling." + e.data.type);
    return t("log.ruling", {ruling: what, text: [e.data.text, e.data.minutes ? `+${e.data.minutes} min` : ""].filter(Boolean).join(" ")});
  }
  if (e.kind === "request") return t("log.request", {action: actName((e.data.action || {}).type), player: seatName(e.data.awaiting)});
  if (e.kind === "answer") return t("log.answer");
  // A seat sheet opened by its seat's phone (the key entry is the seat's own), or opened again and refused.
  if (e.kind === "key" && (e.data.refused || e.actor === "seat:" + e.data.seat)) return t(e.data.refused ? "log.keyRefused" : "log.keyTaken", {player: seatName(e.data.seat)});
  if (e.kind === "key") return e.actor === "judge" && e.data.seat ? t("log.key_judge", {player: seatName(e.data.seat)}) : t("log.key");
  if (e.kind === "deck" && e.data.draw !== undefined) {  // the table's own counts: draw deck and plots
    const counts = {player: seatName(e.data.seat), draw: e.data.draw, plots: e.data.plots, deck: e.data.name};
    return t(e.data.name ? "log.deckNamed" : "log.deckCounts", counts);
  }
  if (e.kind === "deck") return t("log.deck", {player: seatName(e.data.seat), cards: e.data.cards ?? Object.values(e.data.deck || {}).reduce((a, b) => a + b, 0)});
  const d = e.kind === "undo" ? (e.data.action || {}) : e.data;
  // A player's own face-down card, named by its position: "Jana marshals a face-down card (#1) into shadows".
  const ownSlot = /^(.+):shadows#(\d+)$/.exec(d.card || "");
  // A card the entry names by id was seen when it was written: its title (the server's) where the table no longer
  // shows it (a face-up marshal taken back into the hand); a card hidden then comes as a position, never a title.
  const card = ownSlot && ownSlot[1] === d.player ? t("faceDownN", {n: ownSlot[2]}) : cardName(d.card, (e.names || {})[d.card]);
  // Tokens come one at a time unless the entry says how many (an amount of 1 is not written down).
  const params = {player: seatName(d.player), card: card || (d.kind ? t("ref.pool", {seat: seatName(d.player)}) : ""),
                  amount: d.amount ?? d.count ?? (d.kind && ACTIONS.tally[d.type] === undefined ? 1 : ""), kind: d.kind ? tokenName(d.kind) : "",
                  phase: d.phase ? phaseName(d.phase) : "", reward: d.reward ? t("challenge.reward." + d.reward) : ""};
  // The catalogue's variant of the sentence where it has one: a flag that is set ("_lifted"), nobody named ("_nobody").
  const variant = [...Object.keys(d).filter(k => d[k] === true), ...(d.player ? [] : ["nobody"])]
    .map(v => `log.${d.type}_${v}`).find(hasMessage);
  const key = variant || "log." + d.type;
  let text = hasMessage(key) ? t(key, params) : actName(d.type || e.kind);
  // An amount the sentence does not say (income collected): after it.
  if (d.amount !== undefined && hasMessage(key) && t(key, params) === t(key, {...params, amount: ""})) text += ` (${d.amount})`;
  if (d.defender !== undefined && d.kind) text = challengeText({...d, attacker: d.player, unopposed: Boolean(d.unopposed), winner: d.winner || null});
  const revealed = e.verdict && (e.verdict.notes || []).find(n => n.kind === "plots-revealed");
  if (revealed && hasMessage(`log.${d.type}_revealed`)) text = t(`log.${d.type}_revealed`, {player: params.player, names: paramText(revealed.params.names)});
  if (e.kind === "undo") text = t("log.undo", {action: text});
  return text;
}

function renderLog() {
  const ul = $("log");
  ul.replaceChildren();
  const undone = new Set(log.filter(e => e.kind === "undo" && e.data && e.data.seq !== undefined).map(e => e.data.seq));
  for (const e of [...log].reverse().slice(0, 80)) {
    const struck = e.undone || undone.has(e.seq);
    const li = el("li", {class: struck ? "undone" : "", "data-seq": e.seq},
      el("div", {}, isJudge() ? `#${e.seq} ` : "", logText(e), struck ? el("span", {class: "muted"}, ` · ${t("undone")}`) : null));
    if (e.verdict && e.verdict.hidden) li.append(el("div", {class: "note"}, t("hiddenDetails")));
    if (!struck) {
      for (const v of (e.verdict ? e.verdict.violations : [])) li.append(el("div", {class: "flag"}, "⚑ " + msg(v), el("div", {class: "cite"}, citation(v.citation))));
    }
    ul.append(li);
  }
}

// -- card sheets ---------------------------------------------------------------------------------
// A tap is consumed by the control it lands on: while a sheet is open a shield covers the page, and it stays a
// moment after the sheet closes, so the second tap of a double tap never opens the card underneath.
let shieldTimer, sheetRedraw = null;
function showSheet(redraw = null) {
  clearTimeout(shieldTimer);
  sheetRedraw = redraw;
  $("shield").classList.remove("hidden", "after");
  $("sheet").classList.remove("hidden");
}
function closeSheet() {
  $("sheet").classList.add("hidden");
  $("shield").classList.add("after");  // still there a moment, but the page no longer looks covered
  sheetRedraw = null;
  clearTimeout(shieldTimer);
  shieldTimer = setTimeout(() => { if ($("sheet").classList.contains("hidden")) $("shield").classList.add("hidden"); }, 450);
}
$("shield").addEventListener("click", ev => { ev.preventDefault(); ev.stopPropagation(); if (!$("sheet").classList.contains("hidden")) closeSheet(); });

//: The question each destructive action asks first (for a card named, and for a face-down card by position).
const DESTRUCTIVE = ACTIONS.confirm;
async function sendConfirmed(action, text) {
  if (text && !(await confirmSheet(text))) return;
  return send(action);
}

/** A suggested action's label: its name, the token kind, Shadow gained, the card it attaches to. */
function suggestionLabel(s) {
  const gains = s.action.gains !== undefined && s.action.gains !== null && hasMessage("action." + s.action.type + "_gains");
  const type = gains ? s.action.type + "_gains" : s.action.type;
  return actName(type) + (s.action.kind ? ` (${tokenName(s.action.kind)})` : "") + (s.target ? ` → ${paramText(s.target)}` : "");
}

async function openCard(cardId, known = "") {
  if (!canAct()) return;
  flag = null; renderFlag();
  const r = await client.get("/cards/" + encodeURIComponent(cardId) + "/actions");
  drawCard(cardId, known, r, false);
}

/** The card menu: the phase's normal move first, each entry once, a card effect's moves behind one entry. */
function drawCard(cardId, known, r, effects) {
  const sheet = $("sheet");
  const slot = /^(.+):shadows#(\d+)$/.exec(cardId);
  const faceDown = slot && !cardIndex().has(cardId);  // another seat's face-down card, by position
  sheet.replaceChildren(el("h3", {}, cardName(cardId, known)), ...(faceDown ? [el("div", {class: "muted"}, t("opponentShadowsHelp"))] : []));
  const add = s => {
    const c = DESTRUCTIVE[s.action.type];
    const ask = !c ? null : s.hidden && slot && c.face_down ? () => t(c.face_down, {card: "#" + slot[2], player: seatName(slot[1])})
      : () => t(c.seen, {card: cardName(cardId, known)});
    const flagged = s.legal === false;  // null: no verdict (a face-down card; its owner confirms)
    sheet.append(el("button", {class: flagged ? "illegal" : "", "data-action": s.action.type,
      onclick: () => { closeSheet(); sendConfirmed(s.action, ask); }}, (flagged ? "⚑ " : "") + suggestionLabel(s)));
    for (const v of s.violations) sheet.append(el("div", {class: "note"}, msg(v) + " — " + citation(v.citation)));
  };
  const seen = new Set(), rows = [];
  for (const s of r.ok ? r.data.actions : []) {
    const label = suggestionLabel(s);
    if (!seen.has(label)) { seen.add(label); rows.push(s); }
  }
  if (!r.ok) sheet.append(el("div", {class: "flag"}, errorText(r.data.error)));
  if (effects) {
    sheet.append(el("div", {class: "muted"}, t("byEffectHelp")));
    rows.filter(s => s.effect).forEach(add);
    sheet.append(el("button", {"data-back": "1", onclick: () => drawCard(cardId, known, r, false)}, "← " + t("back")));
    showSheet(() => drawCard(cardId, known, r, true));
    return;
  }
  rows.filter(s => !s.effect).forEach(add);
  // Power on a card in play (renown, a won challenge): it counts for its controller.
  const inPlay = state.players.flatMap(p => p.play).find(c => c.id === cardId);
  if (inPlay && (inPlay.controller === mySeat() || isJudge())) {
    const on = {player: inPlay.controller, amount: 1, card: cardId};
    sheet.append(el("div", {class: "row"},
      el("button", {class: "grow", "data-power": "+1", onclick: () => send({type: ACTIONS.tallied("power", 1), ...on})}, t("powerOnCard", {delta: "+1"})),
      (inPlay.tokens || {}).power ? el("button", {class: "grow", "data-power": "-1", onclick: () => send({type: ACTIONS.tallied("power", -1), ...on})},
        t("powerOnCard", {delta: "−1"})) : null));
  }
  if (rows.some(s => s.effect)) {
    sheet.append(el("button", {"data-effects": "1", onclick: () => drawCard(cardId, known, r, true)}, t("byEffect")));
  }
  sheet.append(el("button", {onclick: closeSheet}, t("close")));
  showSheet(() => drawCard(cardId, known, r, false));
}

/** Another seat's face-down card: the server offers what may be done with any card at that position. */
function openHidden(alias) {
  return openCard(alias);
}

/** Gold or power: +1/+2/+5, −1/−2/−5 and "set to N". */
function openCounter(what, typed = null) {
  const mine = me();
  if (!mine) return;
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
  showSheet(() => openCounter(what, input.value));  // the language switched: what was typed stays
}

$("gold-plus").addEventListener("click", () => bump("gold", 1));
$("gold-minus").addEventListener("click", () => bump("gold", -1));
$("power-plus").addEventListener("click", () => bump("power", 1));
$("power-minus").addEventListener("click", () => bump("power", -1));
$("gold").addEventListener("click", () => openCounter("gold"));
$("power").addEventListener("click", () => openCounter("power"));
$("undo").addEventListener("click", ev => previewUndo(ev.currentTarget));

// -- undo that shows what it takes back (issue 21) -------------------------------------------------
/** Ask the server which entry the undo would take back (as this phone may see it), show it in words, and
 * undo only after a second tap; when the other player has acted since, the undo waits for their word. */
async function previewUndo(button) {
  await counters.flushAll();
  const r = await client.get("/undo");
  if (!r.ok) { showFlag({kind: "refused", text: () => t("refused", {message: errorText(r.data.error)})}); return; }
  const p = r.data;
  const sheet = $("sheet");
  // Drawn again when the language is switched while it is open (showSheet), as a card's sheet is.
  const draw = () => {
    sheet.replaceChildren(el("h3", {}, t("undoPreviewTitle")));
    if (p.entry) sheet.append(el("p", {class: "big", id: "undo-what"}, logText(p.entry)));
    if (p.allowed === "no") {
      sheet.append(el("div", {class: "note", id: "undo-why"}, t("undoNo." + (p.reason || "nothing"))));
    } else {
      if (p.allowed === "confirm") sheet.append(el("div", {class: "note", id: "undo-why"}, t("undoAsk", {player: seatName(p.awaiting)})));
      sheet.append(el("button", {class: "primary", id: "undo-yes", onclick: async ev => {
        closeSheet();
        const w = await client.write("/undo", {seq: p.seq}, {label: t("undo"), button: ev.currentTarget || button});
        if (w.status === 202) { adopt(w.data.view); render(); return; }
        if (w.queued || w.status === 409 && !w.data.error) return;
        if (!w.ok) { showFlag({kind: "refused", text: () => t("refused", {message: errorText(w.data.error)})}); return; }
        flag = null;
        adopt(w.data.view);
        if (w.data.entry) addEntries([w.data.entry]);
        loadLog();
      }}, p.allowed === "confirm" ? t("undoAskButton", {player: seatName(p.awaiting)}) : t("undo")));
    }
    sheet.append(el("button", {onclick: closeSheet}, t("close")));
  };
  draw();
  showSheet(draw);
}

// -- decks ---------------------------------------------------------------------------------------
// Decks a player imported before stay on their own phone (never on the server) to pick again.
const SAVED = "companion:decks";
const savedDecks = () => JSON.parse(localStorage.getItem(SAVED) || "[]");
function fillSavedDecks() {
  const list = savedDecks().filter(d => d.edition === state.edition);
  $("saved-box").classList.toggle("hidden", !list.length);
  const select = $("saved-decks");
  if (select.options.length === list.length + 1) return;
  select.replaceChildren(el("option", {value: ""}, "—"), ...list.map((d, i) => el("option", {value: String(i)}, d.name)));
  select.onchange = () => {
    const d = list[Number(select.value)];
    if (d) { $("deck-text").value = d.text; $("deck-tag").value = d.tag || ""; }
  };
}
$("deck-send").addEventListener("click", async ev => {
  const text = $("deck-text").value, tag = $("deck-tag").value.trim();
  const r = await client.write("/seats/" + mySeat() + "/deck", {text, ...(tag ? {tag} : {})}, {method: "PUT", label: t("setDeck"), button: ev.currentTarget});
  if (r.queued || r.status === 409) return;
  if (!r.ok) {
    const problems = ((r.data.error.details || {}).problems || []).map(p => `${p.line ? t("line", {n: p.line}) + ": " : ""}${p.text} — ${p.message}${p.suggestions.length ? " (" + p.suggestions.join(", ") + ")" : ""}`);
    showFlag({kind: "refused", text: () => problems.length ? problems.join("\n") : errorText(r.data.error)});
    return;
  }
  const name = text.split("\n").map(l => l.trim()).find(l => l && !/^\d/.test(l)) || "deck";
  const others = savedDecks().filter(d => d.text !== text);
  localStorage.setItem(SAVED, JSON.stringify([{name, text, tag, edition: state.edition}, ...others].slice(0, 20)));
  // Warnings (a pack name that is not the card's, legality) stay on screen until closed: the deck is loaded.
  const warnings = (r.data.warnings || []).map(w => (w.line ? t("line", {n: w.line}) + ": " : "") + (w.message[lang()] || w.message.en));
  flag = warnings.length ? {kind: "info", text: t("deckWarnings"), notes: warnings.map(w => ({message: w, message_de: w}))} : null;
  await load();
});

// The judge downloads the hash-verified log in the format `companion check` reads.
$("export").addEventListener("click", async () => {
  const r = await request(client.base + "/export", {key: client.key, as: "blob"});
  if (!r.ok) { showFlag({kind: "refused", text: () => errorText(r.data.error)}); return; }
  saveFile(r.data, gameId + ".jsonl");
});

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
/** Where a card lies, as a row says it: "Jana · shadows #2", "Tom · draw deck". */
function whereText(c) {
  return `${seatName(c.owner)} · ${t("zone." + c.zone)}${c.position ? " #" + c.position : ""}`;
}
/** Search results: copy number and zone tell copies apart; nothing found says so, with the catalogue's hint. */
function renderFound() {
  const ul = $("found");
  ul.replaceChildren();
  if (!found) return;
  // Two printings of one title can both be copy #1: their Shadow value (or code) tells them apart.
  const twins = c => found.cards.some(o => o.id !== c.id && o.name === c.name && o.owner === c.owner && o.copy === c.copy);
  const tell = c => (!twins(c) ? "" : c.shadow_costs.length ? ` (${t("table.twinShadow", {value: c.shadow_costs.join(", ")})})` : ` (${c.code})`);
  for (const c of found.cards) ul.append(el("li", {onclick: () => openCard(c.id, c.name), "data-card": c.id},
    el("div", {class: "grow"}, el("div", {}, `${c.name} #${c.copy}${tell(c)}`), el("div", {class: "muted"}, whereText(c)))));
  if (!found.cards.length) {
    ul.append(el("li", {class: "muted", id: "found-none"}, el("div", {},
      el("div", {}, t("findNone", {query: found.q})),
      el("div", {}, found.catalogue.length ? t("findHintCatalogue", {names: found.catalogue.join(", ")}) : t("findHintSpelling")))));
  }
}
/** The last cards this seat touched, newest first: one tap opens the card's actions again. */
function renderRecent() {
  const box = $("recent");
  const idx = cardIndex(), ids = [];
  for (const e of [...log].reverse()) {
    if (e.kind !== "action" || e.actor !== "seat:" + mySeat() || e.undone) continue;
    const id = (e.data || {}).card;
    // A plot is chosen from the plot list, never from a card's menu: its chip would offer nothing to do again.
    const card = idx.get(id);
    if (card && card.type !== "plot" && card.type !== "agenda" && !ids.includes(id)) ids.push(id);
    if (ids.length === 5) break;
  }
  // A move that is often made again (a token, power on a card): one tap repeats it.
  const last = [...log].reverse().find(e => e.kind === "action" && e.actor === "seat:" + mySeat() && !e.undone);
  const again = last && REPEATABLE.has(last.data.type) && idx.has(last.data.card) ? last.data : null;
  const repeatText = again ? `↻ ${actName(again.type)}${again.kind ? ` (${tokenName(again.kind)})` : ""} · ${cardName(again.card)}` : "";
  // A long title ends in "…" in its one-row chip: its title attribute keeps it whole (a long press shows it).
  const repeat = again ? el("button", {class: "primary", "data-repeat": again.type, title: repeatText,
    onclick: ev => send({...again}, ev.currentTarget)}, repeatText) : null;
  const scrolled = box.scrollLeft;
  // The repeat first, the whole row wide: the likeliest next tap, read whole at a glance; then the recent cards.
  box.replaceChildren(...(repeat ? [repeat] : []), ...(ids.length ? [el("span", {class: "muted"}, t("recentCards"))] : []),
    ...ids.map(id => el("button", {"data-recent": id, title: cardName(id), onclick: () => openCard(id)}, cardName(id))));
  box.scrollLeft = scrolled;  // a live update redraws the row: it stays where the thumb left it
  box.classList.toggle("hidden", !ids.length);
}
const REPEATABLE = new Set(ACTIONS.repeats);

// Scanning: a photo (works over plain http) or, in a secure context, the live camera.
let scanned = null;  // the last scan's answer: drawn again in the other language
/** Read one image; resolves {cards, codes} (the reader's cards it names, everything it read), or null if refused. A
 * live frame keeps the last answer on screen while it is read (the camera's own line says it is reading), and a
 * frame that read nothing does not wipe what the frame before it read. */
async function scanImage(blob, live = false) {
  const list = $("scanned");
  if (!live) { scanned = null; quietCamera(); list.replaceChildren(el("li", {class: "muted"}, t("scanning"))); }
  const r = await request("/api/scan?game=" + gameId + (live ? "&titles=0" : ""), {method: "POST", upload: blob,
    key: client.key, headers: {"Content-Type": blob.type || "image/jpeg"}});
  const d = r.data;
  if (!r.ok) { if (!live) list.replaceChildren(); showFlag({kind: "refused", text: () => errorText(d.error)}); return null; }
  const read = d.codes.length + (d.titles || []).length;
  if (!live || read || !scanned) { scanned = d; renderScanned(); }
  const cards = [...d.codes, ...(d.titles || [])].filter(c => c.status === "ok");
  if (cards.length === 1) openCard(cards[0].card.id, cards[0].card.name);  // one card: straight to its actions
  return {cards: cards.length, codes: read};
}
/** Where a card is now, as this phone sees the table (a scan's answer says where it was when the photo was
 * taken; the list stays on screen for rounds). Unknown (a card in a deck): the answer's zone. */
function zoneNow(id, owner, then) {
  for (const p of state ? state.players : []) {
    const zones = {hand: p.hand.cards || [], play: p.play, discard: p.discard, dead: p.dead, removed: p.removed,
      shadows: p.shadows.map(x => x.card), plots: p.plots.cards || [], revealed: [p.revealed_plot], used: p.used_plots || [],
      agenda: p.agenda || []};
    for (const [zone, cards] of Object.entries(zones)) if (cards.some(c => c && c.id === id)) return zone;
  }
  return owner === mySeat() ? "deck" : then;  // this seat's own card, seen nowhere: back in its deck
}
/** A scanned code in the reader's language: the card it names, or why it names none the reader may see. */
function renderScanned() {
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
$("photo").addEventListener("change", ev => { if (ev.target.files[0]) scanImage(ev.target.files[0]); ev.target.value = ""; });
// Live frames: labels only (no OCR several times a second); camera.js stops once a frame names a card of this seat.
$("live-start").addEventListener("click", () => startCamera($("camera"), blob => scanImage(blob, true)));
onLanguage(render);
// Switching the language redraws everything a player reads: an open sheet and the search and scan lists too.
onLanguage(() => {
  if (sheetRedraw && !$("sheet").classList.contains("hidden")) sheetRedraw();
  renderFound();
  renderScanned();
  redrawCamera();
});
messagesReady.then(load);

// What tests read of the page (through import(), never window): the table as this phone last drew it.
export {state};
