// The phone at an event's table: the event, the round and its clock, a one-tap call for a judge, the result as
// the players report it (Tournament Regulations › End of Round), and the going-to-time box. game.js makes one with
// what it shares of the table page and calls it with the view; everything here is the event's (a casual game has
// none, and asks nothing).
import {confirmSheet, el} from "./dom.js";
import {errorText, hasMessage, onLanguage, t} from "./messages.js";
import {request, requestId} from "./request.js";

/**
 * ``gameId``; ``key()``: the phone's key; ``view()``: the table as the page shows it now; ``seatName(seat)``;
 * ``showFlag(flag)``: a line at the top of the page; ``redraw()``: the game-over box, drawn again.
 */
export function eventTable({gameId, key, view, seatName, showFlag, redraw}) {
  const $ = id => document.getElementById(id);
  let info = null;  // GET /api/event-tables/<game>: the event, table, clock, the reports and the result
  let asked = null;  // the log's facts the event table was last asked about
  let choosing = false;  // this seat taps "something else" to report another result than the one shown
  let settling = null, settleTries = 0;  // asking again for a result the reports settle (load)

  /** The facts the event table's answer depends on, read from the view and the log: time called or lifted, each
   * entry once the table has gone to time (taxation power still counts), a report entry, power at 15, a draw
   * deck emptied. Asked again only when they change, never in a loop. */
  function facts(state, log) {
    const reports = log.filter(e => e.kind === "report").length;
    const decks = (state.players || []).map(p => (p.deck && p.deck.count === 0 ? "0" : "n")).join("");
    return `${state.time_called}:${state.gone_to_time ? state.version : ""}:${reports}:${state.winner || ""}:${decks}`;
  }
  function follow(log) {
    const state = view();
    if (!info || !state) return;
    const now = facts(state, log);
    if (now === asked) return;
    asked = now;
    load(log);
  }
  async function load(log = []) {
    const state = view();
    if (!state || !state.game.event) return;  // a casual game has no event table to ask about
    const r = await request("/api/event-tables/" + gameId, {key: key()});
    if (!r.ok) return;  // not an event game
    if (asked === null && view()) asked = facts(view(), log);
    info = r.data;
    // A claim that counts (both seats agree, or the judge's) whose result is not in yet: this answer was read
    // between the last report and its result being recorded, and no entry of the log will say so. Asked again
    // shortly, a few times (else the other seat waited up to a minute, "waiting for confirmation").
    clearTimeout(settling);
    if (info.result || !(info.reports && info.reports.result)) settleTries = 0;
    else if (settleTries < 10) { settleTries += 1; settling = setTimeout(() => load(), 1000); }
    $("event-box").classList.remove("hidden");
    $("event-name").textContent = t("eventTable", {event: info.event, round: info.round, table: info.table});
    $("call-judge").classList.toggle("hidden", !info.may.call_judge);
    drawBye();
    tick();
    drawReport();
    if (view() && (view().gone_to_time || (view().now && view().now.over))) redraw();  // the game's end says it
  }

  /** This seat's player has the bye in a later round: no table comes for them (it scores a win). A later round's
   * table is named, with where its seat's key is (the seat sheet on that table): this page never opens another seat. */
  function drawBye() {
    if (!info) return;
    $("event-bye").classList.toggle("hidden", !info.bye);
    $("event-bye").textContent = info.bye ? t("ev.reg.bye", info.bye) : "";
    $("event-next").classList.toggle("hidden", !info.next);
    $("event-next").textContent = info.next ? t("ev.table.next", {...info.next, this: info.round}) : "";
  }

  function tick() {
    if (!info || !info.clock) return;
    const c = info.clock;
    if (c.remaining === null) { $("event-clock").textContent = "—"; return; }
    const left = Math.max(0, c.remaining);
    $("event-clock").textContent = `${Math.floor(left / 60)}:${String(Math.floor(left % 60)).padStart(2, "0")}`;
    // The countdown shows it coming and says it at zero until the log's word (time called on the judge's
    // authority) is in: from then on the round box says it, in the server's words (said once). A round whose
    // last result is in has stopped its clock: what was left stays shown.
    const called = !c.finished && left <= 0 && !(view() && view().time_called);
    $("event-called").classList.toggle("hidden", !called);
    $("event-called").textContent = t("timeCalled");
  }
  setInterval(() => {
    if (info && info.clock && info.clock.remaining !== null && !info.clock.finished) { info.clock.remaining -= 1; tick(); }
  }, 1000);
  // Extensions and restarts: a minute is soon enough for a clock. A table gone to time waits for its result (a tie
  // to the end: the first player chooses) and asks every 5 seconds until it has one.
  // A table with its result waits for the next round's pairings: asked every 15 seconds (the new table is named).
  setInterval(() => load(), 60000);
  setInterval(() => { if (info && info.result && !info.next && document.visibilityState === "visible") load(); }, 15000);
  setInterval(() => { if (info && view() && view().gone_to_time && !info.result) load(); }, 5000);

  $("call-judge").addEventListener("click", async ev => {
    const button = ev.currentTarget;
    button.disabled = true;
    const r = await request("/api/event-tables/" + gameId + "/call-judge",
      {method: "POST", key: key(), body: {request_id: requestId()}});
    button.disabled = false;
    showFlag(r.ok ? {kind: "info", text: () => t("judgeCalled")} : {kind: "refused", text: () => errorText(r.data.error)});
  });

  // -- the result, as the players report it ----------------------------------------------------------------
  /** A claim in words: "Ann wins (victory condition)", "no winner, both lose". */
  function claimText(c) {
    const reason = t("ev.ending." + c.ending);
    return c.winner ? t("ev.result_for", {winner: seatName(c.winner), reason}) : t("ev.result_draw_for", {reason});
  }
  /** What this seat may report, in the regulations' words: a win, a loss, time (a modified win for one of the
   * two), no winner. Each is sent as the result itself (who won, how the round ended). */
  function choices(mine) {
    const other = ((view() && view().players) || []).map(p => p.seat).find(s => s !== mine);
    // a modified win comes only once time is called (the server refuses it before: a judge trial tapped it and read
    // the refusal)
    const timed = Boolean(view() && (view().time_called || view().gone_to_time));
    return [
      {id: "won", label: t("report.won"), claim: {winner: mine, ending: "victory"}},
      {id: "lost", label: t("report.lost"), claim: {winner: other, ending: "victory"}},
      timed ? {id: "time_won", label: t("report.timeMine"), claim: {winner: mine, ending: "time"}} : null,
      timed ? {id: "time_lost", label: t("report.timeTheirs", {player: seatName(other)}), claim: {winner: other, ending: "time"}} : null,
      {id: "both_lose", label: t("report.bothLose"), claim: {winner: null, ending: "both_lose"}},
    ].filter(Boolean);
  }
  async function send(claim, agreeing = false) {
    // confirming the other seat's report ends the reporting; a report of one's own waits for the other phone
    if (!(await confirmSheet(() => t(agreeing ? "report.confirmAgree" : "report.confirm", {result: claimText(claim)})))) return;
    const r = await request("/api/event-tables/" + gameId + "/report",
      {method: "POST", key: key(), body: {...claim, request_id: requestId()}});
    if (!r.ok) { showFlag({kind: "refused", text: () => errorText(r.data.error)}); await load(); return; }
    choosing = false;
    await load();
  }
  function button(label, claim, primary = false, agreeing = false) {
    return el("button", {class: primary ? "primary" : "", "data-report": claim.ending + ":" + (claim.winner || "none"),
      onclick: () => send(claim, agreeing)}, label);
  }
  function drawReport() {
    let box = $("event-report");
    if (!box) { box = el("details", {id: "event-report", class: "event-report"}); $("event-box").append(box); }
    if (!info) return;
    const mine = info.seat, reports = (info.reports && info.reports.reports) || {};
    const status = info.reports ? info.reports.status : "open";
    const lines = [];
    let open = false;
    if (info.result) {
      const r = info.result;
      lines.push(el("p", {class: "big", id: "report-result"}, t("report.result", {result: claimText({winner: r.winner,
        ending: r.ending || (r.by_time ? "time" : r.modified ? "time" : "judge")})}) +
        (hasMessage("report.by." + r.reported) ? " · " + t("report.by." + r.reported) : "")));
      open = true;
    } else {
      const theirs = Object.entries(reports).find(([seat, x]) => x && seat !== mine);
      const own = mine ? reports[mine] : null;
      if (status === "disputed") {
        lines.push(el("p", {class: "flag", id: "report-disputed"}, t("report.disputed")));
        open = true;
      }
      for (const [seat, x] of Object.entries(reports)) {
        if (x) lines.push(el("p", {"data-reported": seat}, t(seat === mine ? "report.yours" : "report.theirs",
          {player: seatName(seat), result: claimText(x)})));
      }
      if (mine && !choosing) {
        if (theirs && !own) {  // the other seat reported: one tap confirms it
          lines.push(el("div", {class: "row"}, button(t("report.confirmTheirs"), theirs[1], true, true),
            el("button", {onclick: () => { choosing = true; drawReport(); }}, t("report.other"))));
          open = true;
        } else if (!own && info.proposed) {  // the game itself says how it ended (15 power, an empty draw deck)
          lines.push(el("p", {id: "report-proposed"}, t("report.proposed", {result: claimText(info.proposed)})),
            el("div", {class: "row"}, button(t("report.confirmProposed"), info.proposed, true),
              el("button", {onclick: () => { choosing = true; drawReport(); }}, t("report.other"))));
          open = true;
        } else if (own) {
          lines.push(el("p", {class: "muted"}, status === "disputed" ? t("report.judgeDecides") : t("report.waiting",
            {player: seatName(((view() && view().players) || []).map(p => p.seat).find(s => s !== mine))})),
            el("button", {onclick: () => { choosing = true; drawReport(); }}, t("report.change")));
        }
      }
      // Nothing reported and nothing proposed: the choices themselves (not the player's "something else").
      if (mine && (choosing || (!own && !theirs && !info.proposed))) {
        lines.push(el("p", {class: "muted"}, t("report.how")), el("div", {class: "report-choices"},
          ...choices(mine).map(c => button(c.label, c.claim))));
        if (view() && (view().time_called || view().gone_to_time || view().winner)) open = true;
      }
    }
    const wasOpen = box.open;
    box.replaceChildren(el("summary", {}, t("report.title")), ...lines);
    box.open = wasOpen || open;
    box.classList.toggle("hidden", !lines.length);
  }
  onLanguage(() => { drawReport(); tick(); drawBye(); });

  /** Time was called and the round's taxation phase is reached: the going-to-time result (the event's). */
  function goneToTime(box) {
    const state = view();
    box.classList.toggle("hidden", box.dataset.closed === String(state.version));
    const result = info && info.result;
    // The steps' result names the step that decided; a result the judge recorded (what the first player chose,
    // or a ruling) says it is the judge's.
    const player = result && result.winner ? result.winner_name || seatName(result.winner) : null;
    const line = !result ? (info && info.chooser ? t("timeResultChooser", {player: seatName(info.chooser)}) : t("waitingJudge"))
      : !player ? t("timeResultDraw")
      : result.by_time ? t("timeResult", {player, step: t("step." + result.by_time)}) : t("timeResultJudge", {player});
    box.replaceChildren(el("div", {class: "card"},
      el("h2", {}, t("goneToTime")),
      el("p", {class: "big", id: "time-winner"}, line),
      el("ul", {class: "cards"}, ...state.players.map(x => el("li", {}, el("span", {class: "grow"}, x.name), el("strong", {}, `${x.power} ${t("power")}`)))),
      el("button", {onclick: () => { box.dataset.closed = String(state.version); box.classList.add("hidden"); }}, t("backToTable"))));
  }

  /** This seat still has the table's result to report or confirm (the result is not in and its own report is
   * missing): the game's end says so, as the report box lies under it (a judge trial: "game over" and nothing
   * else, the table's confirmation behind it). */
  function reportDue() {
    const own = info && info.seat && info.reports && info.reports.reports ? info.reports.reports[info.seat] : null;
    return Boolean(info && info.seat && !info.result && !own);
  }
  /** Opens the report box and brings it into view. */
  function showReport() {
    const box = $("event-report");
    if (!box) return;
    box.open = true;
    box.scrollIntoView({block: "center"});
  }

  return {load, follow, goneToTime, reportDue, showReport};
}
