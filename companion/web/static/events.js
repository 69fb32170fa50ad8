// Events: the organiser's page, the judge's dashboard (live over the event stream), the report and the
// rules page. Text comes from the message catalogue (messages.js), API calls go through request.js and the
// judge's dashboard follows the live stream (stream.js); keys come from the URL fragment (#key=…), are kept on this
// device for that page of that event (never in an address), and travel in the Authorization header.
import {confirmSheet, drawRows, el, saveFile} from "./dom.js";
import {actName, citation, errorText, factionName, hasMessage, lang, messagesReady, msg, onLanguage, phaseName, t} from "./messages.js";
import {lanCheck} from "./lan.js";
import {request, requestId} from "./request.js";
import {openStream} from "./stream.js";

(function () {
  const main = document.querySelector("main");
  const eventId = main.dataset.event;
  const $ = id => document.getElementById(id);
  // The key leaves the address bar at once (a bookmark made afterwards holds none) and stays on this device for this
  // page of this event: a new tab, the bookmark or a restart opens the page again, until "Forget the key on this
  // device" is tapped or the server refuses the key (then it is forgotten, and the page says how to get back in).
  const keyStore = "companion:event-key:" + location.pathname;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("key")) { localStorage.setItem(keyStore, hash.get("key")); history.replaceState(null, "", location.pathname); }
  const key = localStorage.getItem(keyStore);
  // A link to this same page pasted into its address bar changes only the fragment: opened again, it is read above.
  window.addEventListener("hashchange", () => { if (new URLSearchParams(location.hash.slice(1)).get("key")) location.reload(); });
  const noKeyBox = $("ev-nokey");  // a page that opens only with a key (the template names whose)
  let noKeyState = null;  // why this page opens nothing: "missing" (no key here) or "refused" (the server said no)
  function noKey(state) {
    if (!noKeyBox || noKeyState) return;
    if (state === "refused") localStorage.removeItem(keyStore);
    noKeyState = state;
    main.classList.add("nokey");
    sayNoKey();
  }
  function sayNoKey() {
    if (!noKeyState) return;
    $("ev-nokey-title").textContent = t(noKeyBox.dataset.title);
    $("ev-nokey-why").textContent = t("ev.nokey." + noKeyState);
    $("ev-nokey-how").textContent = t(noKeyBox.dataset.how, {event: eventId});
    noKeyBox.classList.remove("hidden");
    $("ev-keyline").classList.add("hidden");
  }
  onLanguage(sayNoKey);
  /** Resolves when this page may load: never on a page that needs a key and has none here (it says so instead). */
  const keyReady = messagesReady.then(() => {
    if (noKeyBox && !key) { noKey("missing"); return new Promise(() => {}); }
    if (noKeyBox) $("ev-keyline").classList.remove("hidden");
    return undefined;
  });
  if (noKeyBox) {
    $("ev-forget").addEventListener("click", async () => {
      if (!(await confirmSheet(() => t("ev.key.forget_confirm")))) return;
      localStorage.removeItem(keyStore);
      location.replace(location.pathname);  // opened again without it: nothing of the page is left in memory
    });
  }
  const esc = s => String(s ?? "").replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  let rerender = () => {};
  onLanguage(() => rerender());  // the language switch re-renders what this page drew

  // A refusal is shown in the page's error box, then thrown to stop its handler: not an error of the page.
  class Refused extends Error {}
  window.addEventListener("unhandledrejection", e => { if (e.reason instanceof Refused) e.preventDefault(); });
  /** An API call with this page's key; a refusal is shown with its line-numbered problems and thrown. */
  async function call(method, url, body, box = "ev-error") {
    const r = await request(url, {method, body, key});
    // The key no longer opens the event (a new one was issued), or does not open this page's reading: said at the top.
    if (noKeyBox && (r.status === 401 || (r.status === 403 && method === "GET"))) { noKey("refused"); throw new Refused(String(r.status)); }
    if (!r.ok) {
      const err = r.data.error || {};
      const problems = ((err.details && err.details.problems) || []).map(problemText);
      // A round refused for decks not yet allowed names each player and what is wrong with the deck.
      const waiting = ((err.details && err.details.players) || []).map(p => t("ev.not_allowed_player", {name: p.name}) +
        ": " + deckProblems(p.problems).join(" "));
      showError([detailText(err), ...problems, ...waiting].join("\n"), box);
      throw new Refused(err.message || String(r.status));
    }
    clearError(box);
    return r.data;
  }
  /** A refusal that names its catalogue message (``details.msg``) is said in the reader's language. */
  function detailText(err) {
    const d = err.details || {};
    if (d.msg && hasMessage(d.msg)) return t(d.msg, {...d, tables: Array.isArray(d.tables) ? d.tables.join(", ") : d.tables});
    return errorText(err);
  }
  /** A pairing or registration problem in the reader's language, naming its table (by hand) or its line. */
  function problemText(p) {
    const message = p.msg && hasMessage(p.msg) ? t(p.msg, p.params || {}) : p.message;
    return p.table ? t("ev.table_problem", {table: p.table, message}) : t("ev.line_problem", {line: p.line, message});
  }
  /** A file from the API (PDF, zip), saved under ``name``. */
  async function download(method, url, name, body) {
    const r = await request(url, {method, key, body, as: "blob"});
    if (!r.ok) { showError(errorText(r.data.error)); return false; }
    saveFile(r.data, name);
    return true;
  }
  // The box is at the page's foot: a refusal scrolls it into view (on a phone the button may be far above).
  // ``where``: a box beside the button pressed, so its refusal is read where it was pressed.
  function showError(text, where = "ev-error") {
    const box = $(where);
    if (box) { box.textContent = text; box.classList.remove("hidden"); box.scrollIntoView({block: "nearest"}); }
  }
  function clearError(where = "ev-error") { const box = $(where); if (box) box.classList.add("hidden"); }
  function clockText(clock) {
    if (clock && clock.finished) return t("ev.round_finished");  // every result is in: the clock has stopped
    if (!clock || clock.remaining === null || clock.remaining === undefined) return t("ev.clock_not_started");
    if (clock.time_called) return t("ev.time_called");
    const s = Math.max(0, Math.round(clock.remaining));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  // A deck's legality problems in the reader's language (the server sends both).
  // Setup comes before round 1: the phase alone there, as the phones show it (no "R0").
  const phaseRound = (phase, round) => round ? `${phaseName(phase)} · R${round}` : phaseName(phase);
  const deckProblems = problems => (problems || []).map(p => (p.message && (p.message[lang()] || p.message.en)) || p.rule);
  // Before round 1 is paired (the server says which players) a registration is taken off the list: asked first,
  // logged; the organiser's list and the judge's panel before round 1 both offer it.
  const removeButton = p => ` <button type="button" data-remove="${p.id}">${esc(t("ev.remove"))}</button>`;
  /** A tap on "Remove registration" in ``e``: asked, sent, then ``after``; true if the tap was one. */
  async function removeAsked(e, after) {
    const b = e.target.closest("[data-remove]");
    if (!b) return false;
    const name = b.closest("li").dataset.name;
    if (await confirmSheet(t("ev.remove.confirm", {name}))) {
      await call("POST", `/api/event/${eventId}/players/${b.dataset.remove}/remove`, {request_id: requestId()});
      after();
    }
    return true;
  }
  /** ✓ for a legal deck; otherwise "not legal" with its problems, and whether the organiser allowed it. */
  function deckHtml(p, long) {
    if (p.legal === undefined) return "";
    if (p.legal) return ` <span class="deck-ok" title="${esc(t("ev.legal_deck"))}">✓</span>`;
    const allowed = p.confirmed ? ` · ${esc(t("ev.allowed_by_organiser"))}` : "";
    const problems = deckProblems(p.problems);
    return ` <span class="deck-bad">⚠ ${esc(t("ev.illegal_deck"))}${allowed}</span>` + (long
      ? `<ul class="deck-problems">${problems.map(x => `<li>${esc(x)}</li>`).join("")}</ul>`
      : `<span class="deck-why">: ${esc(problems.join(" "))}</span>`);
  }
  /** The event's format and restricted list (with its date), shown on every event page. */
  function showLegality(event) {
    const box = $("ev-legality");
    if (!box || !event || !event.format) return;
    const format = t("ev.format." + event.format);
    const list = event.restricted_list;
    box.textContent = list ? t("ev.legality_line", {format, list: list.name, date: list.date}) : t("ev.legality_1e", {format});
  }
  // A going-to-time result names its deciding step from the catalogue (its stored reason is the server's English).
  // A modified win the judge entered (gone to time, the first player's choice) says so, as the report does.
  const reasonText = r => (r.by_time && r.modified === false ? t("ev.result_victory_after_time")
    : r.by_time && hasMessage("step." + r.by_time) ? `${t("ev.gone_to_time")}: ${t("step." + r.by_time)}`
    // How the round ended, in the regulations' words (End of Round), and what the judge wrote after it.
    : r.ending && !["time", "judge", "both_lose"].includes(r.ending) ? t("ev.ending." + r.ending) + (r.reason ? ": " + r.reason : "")
    : r.modified ? t("ev.result_modified") + (r.reason ? ": " + r.reason : "") : r.reason || "");
  // A draw has no winner: "draw (reason)", not "draw wins".
  const resultText = r => (r.winner ? t("ev.result_for", {winner: r.winner_name || r.winner, reason: reasonText(r)})
    : t("ev.result_draw_for", {reason: reasonText(r)})).replace(/ \(\)$/, "") +  // no reason given: no "()"
    // Who settled it, in words (both players agreeing, the judge deciding); the catalogue has a line for each.
    (r.reported && hasMessage("ev.settled." + r.reported) ? " · " + t("ev.settled." + r.reported) : "");
  /** A ruling in words: kind, penalty level and player, extension minutes, what the judge wrote. */
  function rulingWords(x) {
    const parts = [t("ev.ruling." + x.type), x.penalty ? t("ev.penalty." + x.penalty) : "", x.player || x.seat || "",
      x.minutes ? t("ev.minutes_plus", {n: x.minutes}) : ""].filter(Boolean);
    return parts.join(" · ") + (x.text ? ": " + x.text : "");
  }
  /** One of a player's penalties: round, table, level, and what the judge wrote. */
  const penaltyWords = p => t("ev.pen.item", {round: p.round, table: p.table, level: t("ev.penalty." + p.penalty)}) +
    (p.text ? ": " + p.text : "");
  /** Each player's penalties across the rounds (judge's dashboard, organiser's page, report): one renderer. */
  const penaltiesHtml = players => (players.length ? players.map(p => `<div class="pen-player" data-player="${p.player}">` +
    `<b>${esc(p.name)}</b> (${p.penalties.length})<ul>${p.penalties.map(x => `<li>${esc(penaltyWords(x))}</li>`).join("")}</ul></div>`).join("")
    : `<p class="muted">${esc(t("ev.pen.none"))}</p>`);
  /** Who a flag is about and who acted: the player, then the judge or organiser in the reader's words. */
  const flagWho = d => [...new Set([d.player, d.who].filter(Boolean))]
    .map(w => (hasMessage("ev.who." + w) ? t("ev.who." + w) : w)).join(" · ");
  /** A table's flagged moves no judge has dealt with yet, as a count beside it (nothing where there are none). */
  const flagCount = n => (n ? ` <span class="flag-count" data-flagged="${n}">⚑ ${esc(t("ev.flagged_moves_n", {n}))}</span>` : "");
  /** What each seat of a disputed table reported: "Ann: Ann wins (victory condition) · Bo: Bo wins (time: …)". */
  function claimText(c) {
    if (!c) return "–";
    const reason = t("ev.ending." + c.ending);
    return c.winner ? t("ev.result_for", {winner: c.winner_name || c.winner, reason}) : t("ev.result_draw_for", {reason});
  }
  const disputeText = d => Object.entries(d.claims || {}).map(([seat, c]) => `${seat}: ${claimText(c)}`).join(" · ");
  /** A flag of the report in words (its detail names cards and players). */
  function flagWords(f) {
    const d = f.detail || {};
    const cards = (d.cards || []).map(c => t("ev.deck_card", {card: c.name || c.code, player: c.player || "?", copy: c.copy ?? "?", registered: c.registered ?? "?"}));
    const rules = (d.violations || []).map(v => `<a href="/rules#${esc(v.rule)}">${esc(v.text ? (v.text[lang()] || v.text.en) : v.rule)}</a>`);
    return [esc(t("ev.flag." + f.kind)), esc(flagWho(d)), ...cards.map(esc), ...rules, f.kind === "dispute" ? esc(disputeText(d)) : ""]
      .filter(Boolean).join(" · ");
  }
  const lastRound = info => (info && info.rounds.length ? info.rounds[info.rounds.length - 1].number : 1);
  // A tiebreaker to 3 decimals in the reader's notation: 2.778 in English, 2,778 in German.
  const score = v => Number(v).toLocaleString(lang() === "de" ? "de-DE" : "en-GB",
    {minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false});

  /** A tie-breaker's value as its registry entry (the standings' ``tiebreakers``) says: a ratio to 3 decimals, a count. */
  const tbValue = (tb, v) => (tb.format === "ratio" ? score(v) : String(v));
  const signed = n => (n > 0 ? "+" + n : String(n));
  const adjustmentText = a => t("ev.adjustment", {...a, points: signed(a.points)});
  /** Standings with each tiebreaker's value (organiser page, public page, report): one renderer, its tie-breaker
   * columns from the registry the server sends (the page names none). */
  function renderStandings(data) {
    if (!$("standings") || !data) return;
    $("standings-scheme").textContent = t("ev.standings.scheme", data.scheme);
    if ($("standings-after")) $("standings-after").textContent = data.after_round ? t("ev.standings.after_round", {n: data.after_round}) : "";
    const tbs = data.tiebreakers || [];
    $("standings").innerHTML = data.standings.length && data.after_round ? data.standings.map(s =>
      `<tr class="${s.dropped ? "dropped" : ""}" data-player="${s.player}"><td>${s.rank}</td><td>${esc(s.name)}${s.dropped ? ` <span class="muted">(${esc(t("ev.standings.dropped"))})</span>` : ""}</td>` +
      `<td>${s.points}${s.adjustment ? ` <span class="adj">(${esc(signed(s.adjustment))})</span>` : ""}</td><td>${s.wins}–${s.modified_wins}–${s.losses}</td>` +
      tbs.map(tb => `<td data-tiebreaker="${esc(tb.id)}">${esc(tbValue(tb, s[tb.id]))}</td>`).join("") + "</tr>").join("")
      : `<tr><td colspan="${4 + tbs.length}" class="muted">${esc(t("ev.standings.none"))}</td></tr>`;
    const rounds = [...new Set(data.cut.map(c => c.round))];
    $("standings-cut").innerHTML = rounds.length ? `<h3>${esc(t("ev.standings.cut"))}</h3>` + rounds.map(n =>
      `<p><b>${esc(t("ev.round_n", {n}))}</b><br>` + data.cut.filter(c => c.round === n).map(c => esc(t("ev.standings.vs", c)) +
        (c.winner ? " · " + esc(t("ev.standings.wins", {name: c.winner})) : "")).join("<br>") + "</p>").join("") : "";
    const adjustments = data.adjustments || [];
    if ($("standings-adjustments")) $("standings-adjustments").innerHTML = adjustments.length ? `<h3>${esc(t("ev.h.adjustments"))}</h3><ul>` +
      adjustments.map(a => `<li>${esc(adjustmentText(a))}</li>`).join("") + "</ul>" : "";
  }

  // -- new event ------------------------------------------------------------------------------
  if ($("new-event")) {
    const listShown = () => $("ev-list-row").classList.toggle("hidden", $("ev-edition").value !== "2e");
    $("ev-edition").addEventListener("change", listShown);
    $("new-event").addEventListener("submit", async ev => {
      ev.preventDefault();
      const out = await call("POST", "/api/event", {name: $("ev-name").value, date: $("ev-date").value,
        rounds: +$("ev-rounds").value, tables: +$("ev-tables").value, minutes: +$("ev-minutes").value,
        scoring: $("ev-scoring").value, cut: +$("ev-cut").value, seed: $("ev-seed").value.trim(),
        format: $("ev-format").value, edition: $("ev-edition").value,
        // The restricted lists are 2nd edition's: a 1st-edition event has none.
        ...($("ev-edition").value === "2e" ? {restricted_list: $("ev-list").value} : {})});
      // Made: the form goes (a second tap on its button made a second event), the two links are what is left,
      // each shown whole (they are shown only now: the server keeps their hashes).
      created = out;
      for (const box of linkBoxes) box.querySelector("[data-url]").textContent = box.querySelector("[data-open]").href = out[box.dataset.holder].url;
      $("new-event").classList.add("hidden");
      $("ev-created").classList.remove("hidden");
      sayLinks();
    });
    let created = null, status = null;
    const linkBoxes = [...document.querySelectorAll("#ev-created [data-holder]")];  // one per key the server made
    function sayLinks() {
      if (!created) return;
      $("ev-links-lost").textContent = t("ev.links.lost", {event: created.event.id});
      $("ev-links-status").textContent = status ? t(status) : "";
    }
    // A link copied: the clipboard where the browser has one (a page over plain http on a LAN address has none), else
    // the link selected and copied as a person would.
    $("ev-created").addEventListener("click", async e => {
      const b = e.target.closest("[data-copy]");
      if (!b) return;
      const shown = $(b.dataset.copy);
      let done = false;
      try { await navigator.clipboard.writeText(shown.textContent); done = true; } catch { /* copied below */ }
      if (!done) {
        const range = document.createRange();
        range.selectNodeContents(shown);
        getSelection().removeAllRanges(); getSelection().addRange(range);
        done = document.execCommand("copy");
      }
      status = done ? "ev.links.copied" : "ev.links.copy_failed";
      sayLinks();
    });
    /** Both links as a text file, each with what it is for, in the reader's language. */
    $("ev-links-save").addEventListener("click", () => {
      const ev = created.event, text = [ev.name + (ev.date ? " · " + ev.date : ""), "",
        ...linkBoxes.flatMap(b => [b.querySelector("[data-name]").textContent, b.querySelector("[data-url]").textContent,
          b.querySelector("[data-for]").textContent, ""]),
        t("ev.links.once"), t("ev.links.lost", {event: ev.id}), ""].join("\n");
      saveFile(new Blob([text], {type: "text/plain;charset=utf-8"}), `event-${ev.id}-links.txt`);
    });
    $("ev-links-print").addEventListener("click", () => window.print());
    rerender = () => {
      for (const o of $("ev-cut").options) if (+o.value) o.textContent = t("ev.swiss.cut_top", {n: o.value});
      sayLinks();
    };
  }

  // -- organiser --------------------------------------------------------------------------------
  if ($("register")) {
    let current = null, seen = 0;
    let standing = null, proposal = null, shownProposal = null;
    async function load() {
      const data = await call("GET", `/api/event/${eventId}`);
      data.standings = (await request(`/api/event/${eventId}/standings`)).data;
      data.proposal = (await call("GET", `/api/event/${eventId}/proposal`)).proposal;
      live(data);
    }
    function render() {
      if (!current) return;
      // The title is set with the rest of the page, so a filled title means the page is drawn.
      $("ev-title").textContent = `${current.event.name} ${current.event.date}`;
      showLegality(current.event);
      $("fingerprint").textContent = current.fingerprint || "";
      const illegal = current.players.filter(p => !p.legal), waiting = illegal.filter(p => !p.confirmed);
      $("players-n").textContent = t("ev.registered_n", {n: current.players.length}) +
        (illegal.length ? " · " + t(waiting.length ? "ev.illegal_decks.waiting" : "ev.illegal_decks.allowed",
          {n: illegal.length, waiting: waiting.length}) : "");
      $("players-n").classList.toggle("deck-bad", waiting.length > 0);
      $("allow-all").classList.toggle("hidden", waiting.length === 0);
      $("allow-all").textContent = t("ev.allow_all", {n: waiting.length});
      $("players").innerHTML = current.players.map(p => `<li data-player="${p.id}" data-name="${esc(p.name)}">${esc(p.name)}${p.faction ? ` — ${esc(factionName(p.faction))}` : ""}` +
        `${p.agenda ? " · " + esc(p.agenda) : ""} · ${esc(t("ev.cards_n", {n: p.cards}))} · <code>${p.deck_hash.slice(0, 12)}</code>` +
        (p.self_registered ? ` · <i>${esc(t("ev.reg.self"))}</i>` : "") +
        (p.joined > 1 ? ` · <i>${esc(t("ev.swiss.late", {n: p.joined}))}</i>` : "") +
        (p.missed && p.missed.length ? ` · <i>${esc(t("ev.rejoin.missed", {rounds: p.missed.join(", ")}))}</i>` : "") +
        (p.disqualified ? ` · <b>${esc(t("ev.disqualified"))}</b>`
          : p.dropped_after !== null ? ` · <b>${esc(t("ev.swiss.dropped_after", {n: p.dropped_after}))}</b> <button type="button" data-rejoin="${p.id}">${esc(t("ev.rejoin"))}</button>`
          : (p.removable ? removeButton(p) : ` <button type="button" data-drop="${p.id}">${esc(t("ev.swiss.drop"))}</button>`) +
            ` <button type="button" data-disqualify="${p.id}">${esc(t("ev.disqualify"))}</button>`) +
        deckHtml(p, true) + (p.legal || p.confirmed ? "" : ` <button type="button" data-allow="${p.id}">${esc(t("ev.allow_deck"))}</button>`) + "</li>").join("");
      renderRegistration();
      // The rounds so far (newest first): the clock, how many results are in, each table's players and result.
      const names = new Map(current.players.map(p => [p.id, p.name]));
      const latestRound = lastRound(current);
      // The clock and the seat sheets act on the latest round, and say which.
      $("latest-round").classList.toggle("hidden", !current.rounds.length);
      $("latest-round-name").textContent = t("ev.round_n", {n: latestRound});
      // Once the round's clock runs its seat keys are the players': the organiser prints no more sheets.
      const begun = Boolean((current.rounds.find(r => r.number === latestRound) || {}).started);
      $("print-sheets").disabled = begun;
      $("sheets-judge-only").classList.toggle("hidden", !begun);
      // The round's pairings for the wall, in the page's language (public: names and tables only).
      $("print-pairings").href = `/e/${eventId}/rounds/${latestRound}/pairings.pdf?lang=${lang()}`;
      // The round's length, set here (a short test round too) before the clock starts. A new round starts from its
      // own length, not from what was typed for the round before (a 1-minute test clock is not the next round's).
      if (!$("clock-minutes").value || $("clock-minutes").dataset.round !== String(latestRound)) {
        const info = current.rounds.find(r => r.number === latestRound);
        $("clock-minutes").value = info ? info.minutes : current.event.minutes;
        $("clock-minutes").dataset.round = String(latestRound);
      }
      // Read again while the page is open: the rounds the organiser opened or closed stay so.
      const shown = document.querySelectorAll("#rounds details");
      const open = shown.length ? new Set([...shown].filter(d => d.open).map(d => +d.dataset.round)) : new Set([latestRound]);
      if (![...shown].some(d => +d.dataset.round === latestRound)) open.add(latestRound);  // a new round opens
      $("rounds").innerHTML = [...current.rounds].reverse().map(r => {
        const tables = current.tables.filter(x => x.round === r.number);
        const done = tables.filter(x => x.result).length;
        const rows = tables.map(x => `<li value="${x.table}">${x.players.map(id => esc(names.get(id))).join(" – ")}` +
          (x.result ? ` · <b>${esc(resultText(x.result))}</b>` : "") + flagCount(x.open_moves) + "</li>").join("") +
          // A bye has no table: a row of its own with its result (a win), as the regulations score it.
          (r.bye ? `<li class="bye" data-bye="${r.bye}" style="list-style: none">${esc(t("ev.swiss.bye_row", {name: names.get(r.bye), points: standing ? standing.scheme.bye : 5}))}</li>` : "");
        return `<details data-round="${r.number}"${open.has(r.number) ? " open" : ""}><summary>${esc(t("ev.round_n", {n: r.number}))} · ` +
          `<span data-clock="${r.number}">${esc(clockText(r.clock))}</span> · ${esc(t("ev.results_n", {done, n: tables.length}))}</summary><ol>${rows}</ol></details>`;
      }).join("") || `<p class="muted">${esc(t("ev.no_rounds_yet"))}</p>`;
      for (const s of document.querySelectorAll("#pair-rows select")) fillPlayers(s);
      $("org-penalties").innerHTML = penaltiesHtml(current.penalties || []);  // what the judges gave, per player
      renderStandings(standing);
      renderProposal();
      renderNext();
    }
    rerender = render;
    // The next round proposed by the server: its tables, the bye, two menus to swap, and confirm.
    function renderProposal() {
      $("proposal").classList.toggle("hidden", !proposal);
      if (!proposal) return;
      const who = p => `${esc(p.name)} (${esc(t("ev.swiss.points_n", {n: p.points}))})` +
        (p.waiting ? ` <span class="deck-bad">⚠ ${esc(t("ev.illegal_deck"))}</span>` : "");
      // How it was made is the server's to say: round 1 drawn at random, a later round Swiss, the cut seeded.
      $("proposal-title").textContent = t(proposal.msg, {n: proposal.round, seed: proposal.seed});
      // A deck not allowed yet: its problems beside the player, and beside the button that confirms the round.
      const waiting = [...proposal.tables.flatMap(x => [x.a, x.b]), ...(proposal.bye ? [proposal.bye] : [])].filter(p => p.waiting);
      if (proposal.id !== shownProposal) clearError("confirm-error");  // a new proposal: the old refusal goes
      shownProposal = proposal.id;
      $("confirm-waiting").classList.toggle("hidden", !waiting.length);
      $("confirm-waiting-head").textContent = t("ev.swiss.confirm_waiting", {n: waiting.length});
      $("confirm-waiting-list").replaceChildren(...waiting.map(p => el("li", {"data-waiting": p.id},
        t("ev.not_allowed_player", {name: p.name}) + ": " + deckProblems(p.waiting).join(" "))));
      $("proposal-tables").innerHTML = proposal.tables.map(x => `<li value="${x.table}" data-table="${x.table}">${who(x.a)} – ${who(x.b)}` +
        (x.rematch ? ` <span class="rematch">⚠ ${esc(t("ev.swiss.rematch"))}</span>` : "") + "</li>").join("");
      $("proposal-bye").textContent = proposal.bye ? t("ev.swiss.bye", {name: proposal.bye.name}) : "";
      const everyone = [...proposal.tables.flatMap(x => [x.a, x.b]), ...(proposal.bye ? [proposal.bye] : [])];
      for (const id of ["swap-a", "swap-b"]) {
        const keep = $(id).value;
        $(id).replaceChildren(el("option", {value: ""}, t("ev.choose_player")), ...everyone.map(p => el("option", {value: p.id}, p.name)));
        $(id).value = keep;
      }
    }
    // The next round is offered only when it may be paired (the server says so with each update); otherwise why not
    // is said beside the button, and a page opened with the judge's key offers the override.
    function renderNext() {
      const next = current.next_round || {may_propose: true, missing: []};
      $("propose").disabled = !next.may_propose;
      $("propose-anyway").classList.toggle("hidden", !(next.missing.length && current.may.override && !proposal));
      $("propose-note").textContent = next.why ? detailText({details: next.why}) : "";
      $("propose-note").classList.toggle("hidden", !next.why);
    }
    $("propose").addEventListener("click", async () => {
      const r = await request(`/api/event/${eventId}/rounds/propose`, {method: "POST", key, body: {request_id: requestId()}});
      if (!r.ok) { showError(detailText(r.data.error || {})); return; }
      clearError();
      proposal = r.data.proposal;
      renderProposal();
    });
    $("propose-anyway").addEventListener("click", async () => {
      proposal = (await call("POST", `/api/event/${eventId}/rounds/propose`, {override: true, request_id: requestId()})).proposal;
      $("propose-anyway").classList.add("hidden");
      renderProposal();
    });
    $("swap").addEventListener("click", async () => {
      proposal = (await call("POST", `/api/event/${eventId}/proposal/swap`, {proposal: proposal.id, a: +$("swap-a").value, b: +$("swap-b").value})).proposal;
      $("swap-a").value = ""; $("swap-b").value = "";
      renderProposal();
    });
    $("confirm-round").addEventListener("click", async () => {
      const out = await call("POST", `/api/event/${eventId}/proposal/confirm`, {proposal: proposal.id, request_id: requestId()}, "confirm-error");
      proposal = null;
      roundOut(out);
    });
    // A drop, a disqualification (the organiser's decision: never rejoins) and a rejoin (unpaired losses for the
    // rounds missed), each asked first and logged; before round 1, a registration removed.
    $("players").addEventListener("click", async e => {
      if (await removeAsked(e, load)) return;
      const b = e.target.closest("[data-drop], [data-disqualify], [data-rejoin]");
      if (!b) return;
      const [what, id] = b.dataset.drop ? ["drop", b.dataset.drop] : b.dataset.disqualify ? ["disqualify", b.dataset.disqualify] : ["rejoin", b.dataset.rejoin];
      const name = current.players.find(p => p.id === +id).name;
      const question = {drop: "ev.swiss.confirm_drop", disqualify: "ev.confirm_disqualify", rejoin: "ev.confirm_rejoin"}[what];
      if (!(await confirmSheet(t(question, {name})))) return;
      await call("POST", `/api/event/${eventId}/players/${id}/${what === "rejoin" ? "rejoin" : "drop"}`,
        {request_id: requestId(), ...(what === "disqualify" ? {disqualified: true} : {})});
      load();
    });
    // Players register themselves from the event's link (its QR code here); the organiser closes it, and may publish
    // the decklists in the public feed.
    let qrFor = null;
    async function renderRegistration() {
      const open = current.event.registration_open;
      const link = `${location.origin}/e/${eventId}/register`;
      $("reg-state").textContent = t(open ? "ev.reg.is_open" : "ev.reg.is_closed");
      $("reg-toggle").textContent = t(open ? "ev.reg.close" : "ev.reg.open");
      $("reg-link").href = link; $("reg-link").textContent = link;
      $("publish-decks").checked = Boolean(current.event.publish_decks);
      $("feed-json").href = `/e/${eventId}/feed.json`; $("feed-csv").href = `/e/${eventId}/feed.csv`;
      if (qrFor !== link) {
        qrFor = link;
        const r = await request("/api/qr", {method: "POST", body: {text: link}, as: "text"});
        if (r.ok) $("reg-qr").innerHTML = r.data;
      }
    }
    $("reg-toggle").addEventListener("click", async () => {
      await call("POST", `/api/event/${eventId}/registration/open`, {open: !current.event.registration_open, request_id: requestId()});
      load();
    });
    $("publish-decks").addEventListener("change", async () => {
      await call("POST", `/api/event/${eventId}/publish-decks`, {publish: $("publish-decks").checked, request_id: requestId()});
      load();
    });
    $("register").addEventListener("submit", async ev => {
      ev.preventDefault();
      await call("POST", `/api/event/${eventId}/players`, {name: $("pl-name").value, decklist: $("pl-deck").value, request_id: requestId()});
      $("pl-name").value = ""; $("pl-deck").value = ""; load();
    });
    // Several players at once, one request each (the server freezes each list on its own): from a paste,
    // "name; decklist" per line (a decklist as one line of ThronesDB JSON), or from decklist files, one per
    // player, each named after its player ("Ann Smith.json", "Bo.txt": ThronesDB JSON or text export).
    async function registerMany(items) {
      let done = 0;
      const problems = [];
      for (const {where, name, decklist} of items) {
        const r = await request(`/api/event/${eventId}/players`, {method: "POST", key, body: {name, decklist, request_id: requestId()}});
        if (r.ok) done += 1; else problems.push(`${where}: ${errorText(r.data.error)}`);
      }
      $("bulk-out").textContent = t("ev.registered_n", {n: done});
      // Every refused line stays in view until the organiser dismisses it (a later load does not hide it).
      refused = [...refused, ...problems];
      showRefused();
      load();
      return problems.length === 0;
    }
    let refused = [];
    function showRefused() {
      $("bulk-refused").classList.toggle("hidden", refused.length === 0);
      $("bulk-refused-head").textContent = t("ev.bulk_refused", {n: refused.length});
      $("bulk-refused-lines").textContent = refused.join("\n");
    }
    $("bulk-dismiss").addEventListener("click", () => { refused = []; showRefused(); });
    // An illegal deck plays only once the organiser allows it (logged, with its problems, into the report).
    async function allow(ids) {
      for (const id of ids) await call("POST", `/api/event/${eventId}/players/${id}/confirm`, {request_id: requestId()});
      load();
    }
    $("players").addEventListener("click", async e => {
      const b = e.target.closest("[data-allow]");
      if (!b) return;
      const p = current.players.find(x => x.id === +b.dataset.allow);
      const list = current.event.restricted_list ? current.event.restricted_list.name : t("ev.format." + current.event.format);
      if (await confirmSheet(t("ev.confirm_allow", {name: p.name, list, problems: deckProblems(p.problems).map(x => "• " + x).join("\n")}))) await allow([p.id]);
    });
    $("allow-all").addEventListener("click", async () => {
      const waiting = current.players.filter(p => !p.legal && !p.confirmed);
      if (await confirmSheet(t("ev.confirm_allow_all", {n: waiting.length}))) await allow(waiting.map(p => p.id));
    });
    $("bulk-register").addEventListener("click", async () => {
      const lines = $("bulk").value.split("\n").map(x => x.trim());
      const items = lines.flatMap((line, i) => {
        if (!line) return [];
        const cut = line.indexOf(";");
        return [{where: t("ev.line_n", {n: i + 1}), name: cut > 0 ? line.slice(0, cut).trim() : "", decklist: cut > 0 ? line.slice(cut + 1).trim() : ""}];
      });
      if (await registerMany(items)) $("bulk").value = "";
    });
    $("pick-files").addEventListener("click", () => $("deck-files").click());  // the browser's own button is not translated
    $("deck-files").addEventListener("change", async () => {
      const files = [...$("deck-files").files];
      const items = await Promise.all(files.map(async f => ({where: f.name, name: f.name.replace(/\.[^.]*$/, "").trim(), decklist: await f.text()})));
      await registerMany(items);
      $("deck-files").value = "";
    });
    // The new round shows once the page has read the event again: a tap on "start the clock" as it shows is for it.
    async function roundOut(out) {
      try { await load(); } catch { /* shown in the error box; the round is made all the same */ }
      $("round-out").innerHTML = `<h3>${esc(t("ev.round_n", {n: out.round}))}</h3>` + out.tables.map(tb =>
        `<p>${esc(t("ev.table_n", {n: tb.table}))}: ` + tb.seats.map(s => `<a href="${esc(s.url)}" target="_blank" rel="noopener">${esc(s.seat)}: ${esc(s.name)}</a>`).join(" · ") + "</p>").join("") +
        (out.bye ? `<p class="bye">${esc(t("ev.swiss.bye", {name: out.bye.name}))}</p>` : "") +
        (out.rematches ? `<p class="rematch">⚠ ${esc(t("ev.swiss.rematch_tables", {tables: out.rematches.join(", ")}))}</p>` : "");
    }
    $("make-round").addEventListener("click", async () => {
      await roundOut(await call("POST", `/api/event/${eventId}/rounds`, {csv: $("pairings").value, request_id: requestId()}));
    });
    // Pairing by hand: a table per row, two menus of the registered players; the server checks it all.
    // A player already chosen at another table says so in the other menus (the server still refuses twice).
    function fillPlayers(select) {
      const chosen = select.value, taken = new Map();
      for (const other of document.querySelectorAll("#pair-rows select")) {
        if (other !== select && other.value) taken.set(other.value, other.closest("[data-pair]").dataset.pair);
      }
      select.replaceChildren(el("option", {value: ""}, t("ev.choose_player")),
        ...(current ? current.players.filter(p => p.dropped_after === null) : []).map(p => el("option", {value: p.name},
          taken.has(p.name) ? t("ev.player_at_table", {name: p.name, table: taken.get(p.name)}) : p.name)),
        // The second menu offers the bye: that row's player has no table this round.
        ...(select.dataset.seat === "b" ? [el("option", {value: "BYE"}, t("ev.swiss.bye_option"))] : []));
      select.value = chosen;
    }
    $("pair-rows").addEventListener("change", () => { for (const s of document.querySelectorAll("#pair-rows select")) fillPlayers(s); });
    function addPair() {
      const n = $("pair-rows").children.length + 1;
      if (current && n > current.event.tables) { showError(t("pairing.too_many_tables", {tables: current.event.tables})); return; }
      const row = el("div", {class: "pair-row", "data-pair": n}, el("strong", {}, String(n)),
        el("select", {"data-seat": "a", "aria-label": t("ev.table_n", {n}) + " A"}),
        el("select", {"data-seat": "b", "aria-label": t("ev.table_n", {n}) + " B"}));
      for (const s of row.querySelectorAll("select")) fillPlayers(s);
      $("pair-rows").append(row);
    }
    $("add-pair").addEventListener("click", addPair);
    $("drop-pair").addEventListener("click", () => {
      $("pair-rows").lastElementChild?.remove();
      for (const s of document.querySelectorAll("#pair-rows select")) fillPlayers(s);
    });
    // Opened, it offers a table for every two registered players (at most the event's tables); "add a table"
    // gives one more, and a row left empty is refused by name.
    $("by-hand").addEventListener("toggle", () => {
      if (!$("by-hand").open || $("pair-rows").children.length) return;
      const n = current ? Math.min(current.event.tables, Math.floor(current.players.length / 2)) : 1;
      for (let i = 0; i < Math.max(1, n); i++) addPair();
    });
    $("make-round-by-hand").addEventListener("click", async () => {
      // Every row goes to the server, an empty one too: it answers which table still needs its players.
      const pairings = [...$("pair-rows").children].map(row => ({table: +row.dataset.pair,
        a: row.querySelector("[data-seat=a]").value, b: row.querySelector("[data-seat=b]").value}));
      await roundOut(await call("POST", `/api/event/${eventId}/rounds`, {pairings, request_id: requestId()}));
      $("pair-rows").replaceChildren();
      $("by-hand").open = false;
    });
    $("print-sheets").addEventListener("click", async () => {
      if (!(await confirmSheet(t("ev.confirm_print")))) return;
      const number = lastRound(current);
      if (!(await download("POST", `/api/event/${eventId}/rounds/${number}/sheets`, `seats-round-${number}.pdf`, {confirm: true}))) return;
      // Printing made new links: the ones this page shows open nothing now, so they are names, no longer links.
      for (const a of $("round-out").querySelectorAll("a")) a.replaceWith(el("span", {}, a.textContent));
      if ($("round-out").firstChild) $("round-out").append(el("p", {class: "muted", "data-t": "ev.sheets_printed_links_gone"}, t("ev.sheets_printed_links_gone")));
    });
    $("start-clock").addEventListener("click", async () => {
      const minutes = Math.max(1, Math.min(240, Math.round(+$("clock-minutes").value || current.event.minutes)));
      // Started again, the clock gives every table its time back: a second tap is asked about, never taken as is.
      const round = current.rounds.find(r => r.number === lastRound(current));
      if (round && round.clock && round.clock.remaining !== null && round.clock.remaining !== undefined &&
          !(await confirmSheet(t("ev.confirm_restart_clock", {n: round.number, minutes})))) return;
      await call("POST", `/api/event/${eventId}/rounds/${lastRound(current)}/clock`, {minutes, request_id: requestId()});
      load();
    });
    // A running clock counts down on the page between loads (the server's time is the truth on each load).
    setInterval(() => {
      for (const r of (current ? current.rounds : [])) {
        if (r.clock.remaining === null || r.clock.time_called || r.clock.finished) continue;
        r.clock.remaining -= 1;
        r.clock.time_called = r.clock.remaining <= 0;
        const span = document.querySelector(`[data-clock="${r.number}"]`);
        if (span) span.textContent = clockText(r.clock);
      }
    }, 1000);
    // Players registering, results reported at the tables, the judge's decisions: the event's live stream brings
    // each change with the whole page's data (the standings and the proposal too), as it happens.
    function live(data) {
      if (data.version !== undefined && data.version < seen) return;  // an older answer than the page shows
      seen = data.version || seen;
      current = data; standing = data.standings; proposal = data.proposal;
      rerender();
    }
    $("to-report").href = `/e/${eventId}/report#key=${key}`;
    $("to-standings").href = `/e/${eventId}/standings`;
    // The registration link and the seat sheets are scanned by phones: say so when they cannot reach this server
    // (a judge trial printed a round of sheets for 127.0.0.1).
    const lanRedraw = [];
    onLanguage(() => lanRedraw.forEach(f => f()));
    messagesReady.then(() => lanCheck(lanRedraw));
    keyReady.then(async () => {
      // The stream opens even if this first read failed (its error is shown): its first update draws the page.
      await load().catch(() => {});
      if (noKeyState) return;
      openStream(`/api/event/${eventId}/stream?view=organiser`, {key, onUpdate: live, onRevoked: () => noKey("refused"),
        onState: ok => { $("org-live").textContent = t(ok ? "ev.live" : "ev.reconnecting"); }});
    });
  }

  // -- judge --------------------------------------------------------------------------------------
  if ($("tables")) {
    let selected = null, latest = null, lastMoment = null, lastTime = null, atLatest = true;
    /** A flag in words: who, the cards by name (their ids only when the judge asks), each rule broken as a sentence. */
    function flagHtml(f) {
      const ids = $("show-ids").checked;
      const d = f.detail || {};
      const rules = (d.violations || []).map(v => `<a href="/rules#${esc(v.rule)}" title="${esc(v.rule)}">${esc(v.text ? (v.text[lang()] || v.text.en) : v.rule)}</a>`).join(" ");
      const cards = (d.cards || []).map(c => esc(t("ev.deck_card", {card: c.name || c.code, player: c.player || "?", copy: c.copy ?? "?", registered: c.registered ?? "?"})) +
        (ids ? ` <code>${esc(c.card)}</code>` : "")).join(" ");
      const who = flagWho(d);
      const source = d.source ? ` (${esc(d.source)})` : "";
      const note = d.note ? ` “${esc(d.note)}”` + "" : (f.kind === "dispute" ? " " + esc(disputeText(d)) : "");
      return `<div class="flag-row${f.cleared ? " cleared" : ""}" data-flag="${f.id}"><span class="flagkind">${esc(t("ev.flag." + f.kind))}</span>${source} ${esc(who)}${note} ${cards} ${rules}` +
        (f.cleared ? "" : ` <button type="button" data-clear="${f.id}">✓</button>`) + "</div>";
    }
    function render(data) {
      latest = data;
      penalties = data.penalties || [];
      showPenalties();
      showAdjustments();
      showOverride();
      if (selected) showResultNote();
      // The open table moved on while the judge looked at its newest entry: the panel follows it (an earlier entry
      // chosen on the slider stays as chosen).
      const open = selected && lastMoment && data.tables.find(tb => tb.game === selected);
      if (open && atLatest && open.version > lastMoment.game.version) openTable(selected);
      // A table of another round (the dashboard moved on to a new round) is closed: its result buttons would
      // otherwise still write to that round's table.
      if (selected && !data.tables.some(tb => tb.game === selected)) {
        selected = null; lastMoment = null; lastTime = null;
        $("table-panel").classList.add("hidden");
      }
      // Before any round is paired there are no tables, no clock and no round to choose: the page shows who
      // registered, whose deck is legal, and the event's next step (the server says which).
      const before = data.before;
      $("ev-title").textContent = before ? data.event.name : `${data.event.name} · ${t("ev.round_lower", {n: data.round})}`;
      for (const id of ["round-pick", "clock", "show-ids-box", "export", "tables-box", "penalties-box", "adjust-box"]) $(id).classList.toggle("hidden", Boolean(before));
      $("before-box").classList.toggle("hidden", !before);
      if (before) {
        $("before-count").textContent = [t("ev.before.count", {n: before.registered, legal: before.legal}),
          before.illegal ? t(before.waiting ? "ev.before.waiting" : "ev.before.allowed", {n: before.illegal, waiting: before.waiting}) : "",
          t(before.registration_open ? "ev.reg.is_open" : "ev.reg.is_closed")].filter(Boolean).join(" · ");
        $("before-next").textContent = t(before.next.msg);
        $("before-players").innerHTML = data.players.map(p => `<li data-player="${p.id}" data-name="${esc(p.name)}">${esc(p.name)}${deckHtml(p, false)}` +
          (p.removable ? removeButton(p) : "") + "</li>").join("");
      }
      $("fingerprint").textContent = data.fingerprint || "";
      // Every round stays reachable: the newest is followed live; an earlier one is shown as chosen.
      $("round-pick").replaceChildren(...data.rounds.map(r => el("option", {value: r.number}, t("ev.round_n", {n: r.number}))));
      $("round-pick").value = String(data.round ?? "");
      showLegality(data.event);
      $("clock").textContent = clockText(data.clock);
      $("clock").classList.toggle("called", Boolean(data.clock && data.clock.time_called));
      drawRows($("tables"), data.tables.map(tb => {
        const players = tb.players.map(p => `${esc(p.name)}${p.faction ? ` (${esc(factionName(p.faction))})` : ""}${p.legal ? deckHtml(p, false) : ""} ${esc(t("ev.gold"))} ${p.gold ?? "?"} · ${esc(t("ev.power"))} ${p.power} · ${esc(t("ev.shadows"))} ${p.shadows}` +
          (p.legal === false ? `<span class="deck-line">${deckHtml(p, false)}</span>` : "")).join("<br>");
        const quiet = tb.since_last_action === null ? "–" : `${Math.round(tb.since_last_action / 60)} min`;
        // One seat reported and the other has not confirmed yet: said on the row, naming whose confirmation it waits for.
        const result = tb.result ? `<br><b>${esc(resultText(tb.result))}</b>`
          : tb.reported ? `<br><span class="reported">${esc(t("ev.reported_waits", {by: tb.reported.name,
            claim: claimText(tb.reported.claim), other: tb.reported.waits_for_name}))}</span>` : "";
        const time = tb.gone_to_time ? ` · ${esc(t("ev.gone_to_time"))}` : "";
        return `<tr class="${tb.open_flags ? "urgent" : ""}" data-table="${tb.table}" data-game="${tb.game}"><td><button type="button" data-open="${tb.game}">${tb.table}</button>${flagCount(tb.flagged_moves.length)}</td>` +
          `<td>${players}${result}</td><td>${esc(phaseRound(tb.phase, tb.game_round))}${tb.clock.extension ? ` (+${tb.clock.extension}′)` : ""}${time}</td><td class="wide">${quiet}</td><td>${tb.flags.map(flagHtml).join("")}</td></tr>`;
      }).join("") +
        // The round's bye has no table: a row of its own under the tables (it was nowhere on the dashboard).
        byeRow(data) || `<tr><td colspan="5" class="muted">${esc(t("ev.no_rounds_yet"))}</td></tr>`, "data-game");
      showTableFlags();
    }
    /** The open table's flagged moves no judge has dealt with, newest first (the server says which): who, the move
     * and its card, when, each rule broken in the reader's language with its citation, and a tap that deals with it. */
    function showTableFlags() {
      const row = latest && selected && latest.tables.find(x => x.game === selected);
      const moves = (row && row.flagged_moves) || [];
      $("table-flags").classList.toggle("hidden", !moves.length);
      $("table-flags-title").textContent = t("ev.h.flagged_moves", {n: moves.length});
      $("table-flag-list").innerHTML = moves.map(f => {
        const d = f.detail || {};
        const move = d.move ? actName(d.move.type) + (d.move.card ? ": " + d.move.card : "") : t("ev.flag." + f.kind);
        const at = f.at ? new Date(f.at).toLocaleTimeString(lang(), {hour: "2-digit", minute: "2-digit"}) : "";
        const rules = (d.violations || []).map(v => `<div>${esc(v.text ? (v.text[lang()] || v.text.en) : v.rule)}</div>` +
          (v.citation ? `<div class="cite">${esc(citation(v.citation))}</div>` : "")).join("");
        return `<li data-flag="${f.id}"><b>${esc(flagWho(d))}</b> · ${esc(move)}${d.refused ? ` (${esc(t("ev.move_refused"))})` : ""} ` +
          `<span class="muted">${esc(at)}</span>${rules}<button type="button" data-clear="${f.id}">✓ ${esc(t("ev.deal_with"))}</button></li>`;
      }).join("");
    }
    $("table-flag-list").addEventListener("click", async e => {
      const clear = e.target.closest("[data-clear]");
      if (clear) await call("POST", `/api/event/${eventId}/flags/${clear.dataset.clear}/clear`, {});
    });
    function byeRow(data) {
      const shown = data.rounds.find(r => r.number === data.round) || {};
      const who = shown.bye == null ? null : (data.players || []).find(p => p.id === shown.bye);
      return who ? `<tr class="bye" data-bye="${who.id}"><td>–</td><td colspan="4">${esc(t("ev.swiss.bye", {name: who.name}))}</td></tr>` : "";
    }
    $("tables").addEventListener("click", async e => {
      const clear = e.target.closest("[data-clear]");
      if (clear) { await call("POST", `/api/event/${eventId}/flags/${clear.dataset.clear}/clear`, {}); return; }
      const open = e.target.closest("[data-open]");
      if (open) openTable(open.dataset.open);
    });
    // A log entry in words: an action by its label, a ruling by its type, other entries by their kind.
    function entryText(e) {
      if (e.kind === "action") return actName(e.data.type);
      if (e.kind === "ruling") return `${t("ev.h.ruling")}: ${hasMessage("ev.ruling." + e.data.type) ? t("ev.ruling." + e.data.type) : e.data.type}`;
      if (e.kind === "undo") return t("undo");
      if (e.kind === "report") return `${t("ev.entry.report")}: ${claimText({...e.data, winner_name: (e.data.winner && lastMoment &&
        (lastMoment.game.seats.find(s => s.seat === e.data.winner) || {}).name) || e.data.winner, ending: e.data.ending || "judge"})}`;
      return hasMessage("ev.entry." + e.kind) ? t("ev.entry." + e.kind) : e.kind;
    }
    // A card in play as the table shows it: kneeling, a duplicate, an attachment and what it lies on.
    function playedText(c, table) {
      const name = id => (table.players.flatMap(p => p.play).find(x => x.id === id) || {name: id}).name;
      const extra = [c.kneeling ? t("kneel") : null, c.duplicate_of ? t("duplicate") : null,
                     c.attached_to ? t("attachedTo", {card: name(c.attached_to)}) : null].filter(Boolean);
      return extra.length ? `${c.name} (${extra.join(", ")})` : c.name;
    }
    function showMoment(m) {
      lastMoment = m;
      const row = latest && latest.tables.find(x => x.game === m.game.id);
      $("panel-title").textContent = `${t("ev.table_n", {n: row ? row.table : ""})}: ${m.game.seats.map(s => s.name).join(" – ")}`;
      const seat = $("ruling-seat").value;
      $("ruling-seat").replaceChildren(...m.game.seats.map(s => el("option", {value: s.seat}, `${s.name} (${s.seat})`)));
      if (seat) $("ruling-seat").value = seat;
      // A lost or leaked seat sheet: the judge prints that seat's sheet again (logged, shown on both phones).
      $("reprint").replaceChildren(...m.game.seats.map(s => el("button", {type: "button", "data-reprint": s.seat, "data-name": s.name},
        t("ev.reprint_seat", {player: s.name}))));
      // The result buttons name the players: a win, a modified win (going to time), a concession (the other wins),
      // and no winner; each in the regulations' words (End of Round).
      const other = seat => m.game.seats.find(x => x.seat !== seat) || {};
      $("result-buttons").replaceChildren(...m.game.seats.flatMap(s => [
        el("button", {type: "button", "data-result": s.seat, "data-ending": "judge"}, t("ev.standings.wins", {name: s.name})),
        el("button", {type: "button", "data-result": s.seat, "data-ending": "time"}, t("ev.result.modified_win", {name: s.name}))]),
        ...m.game.seats.map(s => el("button", {type: "button", "data-result": other(s.seat).seat || "", "data-ending": "concession"},
          t("ev.result.concedes", {name: s.name}))),
        el("button", {type: "button", "data-result": "", "data-ending": "both_lose"}, t("ev.draw_no_result")));
      // The rulings already made at this table (a second warning is a matter for the first): each with its entry.
      const rulings = m.entries.filter(x => x.kind === "ruling" && x.data);
      $("table-rulings").replaceChildren(...rulings.map(x => el("li", {}, `#${x.seq} ${rulingWords(x.data)}`)));
      $("table-rulings").classList.toggle("hidden", !rulings.length);
      $("scrub").max = m.game.version; $("scrub").value = m.seq;
      const e = m.entries.find(x => x.seq === m.seq);
      // Each rule broken in words, as the flagged moves say it (the rule's id meant nothing to a judge).
      const verdict = e && e.verdict ? (e.verdict.legal ? t("ev.legal") : t("ev.illegal_upper") + " " + (e.verdict.violations || []).map(msg).join(" ")) : "";
      // An empty area reads "–"; cards drawn without a name count in the hand as "N not named" (never a blank).
      const listed = (names, count = names.length) => [...names, ...(count > names.length ? [t("ev.sweep.unnamed", {n: count - names.length})] : [])]
        .map(esc).join(", ") || "–";
      // The plot (revealed, or chosen face down: the judge sees which) and the dead and discard piles, where a card
      // killed or discarded is still to be found at any moment.
      const plot = p => {
        if (p.revealed_plot) return ` · ${esc(t("zone.revealed"))}: ${esc(p.revealed_plot.name)}`;
        const chosen = p.plot_choice && ((p.plots.cards || []).find(c => c.id === p.plot_choice) || {name: p.plot_choice}).name;
        return chosen ? ` · ${esc(t("ev.plot_chosen_face_down", {card: chosen}))}` : "";
      };
      const pile = (id, cards) => (cards && cards.length ? ` · ${esc(t(id))}: ${listed(cards.map(c => c.name))}` : "");
      // A card set up face down lies on the table, not in the hand (its row carries a note; the count leaves it out):
      // a judge trial read it as hand, with the hand's count one short for each.
      const held = p => (p.hand.cards || []).filter(c => !c.note), faceDown = p => (p.hand.cards || []).filter(c => c.note);
      const setup = p => (faceDown(p).length ? ` · ${esc(t("ev.setup_face_down"))}: ${listed(faceDown(p).map(c => c.name))}` : "");
      const players = m.view.players.map(p => `<b>${esc(p.name)}</b> ${esc(t("ev.gold"))} ${p.gold}${plot(p)} · ${esc(t("ev.hand"))}: ${listed(held(p).map(c => c.name), p.hand.count)}${setup(p)} · ` +
        `${esc(t("ev.shadows"))}: ${listed((p.shadows || []).map(s => (s.card && s.card.name) || "?"))} · ${esc(t("ev.in_play"))}: ${listed((p.play || []).map(c => playedText(c, m.view)))}` +
        pile("zone.dead", p.dead) + pile("zone.discard", p.discard)).join("<br>");
      $("moment").innerHTML = `<p>#${m.seq} ${e ? esc(entryText(e)) + (e.undone ? " (" + esc(t("ev.undone")) + ")" : "") : ""} ${esc(verdict)}</p>` +
        `<p>${esc(phaseRound(m.view.phase, m.view.round))}</p><p class="moment-players">${players}</p>`;
      $("table-panel").classList.remove("hidden");
      showTableFlags();
      showResultNote();
    }
    /** A table gone to time: the result the judge enters is a modified win (the server records it so). */
    function showResultNote() {
      const row = latest && selected && latest.tables.find(x => x.game === selected);
      $("result-modified").classList.toggle("hidden", !(row && row.gone_to_time && !(row.result && row.result.modified === false)));
      $("result-now").textContent = row && row.result ? t("ev.result_now", {result: resultText(row.result)}) : t("ev.no_result");
    }
    // The newest moment asked for: an older answer arriving late (the panel following its table, crossing a scrub)
    // is dropped. The penalty form's player is looked up again once another table's moment is shown.
    // The panel follows its table while the judge looks at its latest moment; a moment scrubbed back to stays until
    // the judge moves (a live update arriving mid-scrub took the panel back to the latest).
    let asked = 0, tableChanged = false;
    async function openTable(game, seq) {
      const mine = ++asked;
      atLatest = seq === undefined || Boolean(lastMoment && game === lastMoment.game.id && seq >= lastMoment.game.version);
      if (game !== selected) { lastTime = null; entered = {}; $("gtt-out").replaceChildren(); tableChanged = true; }
      selected = game;
      const m = await call("GET", `/api/event/${eventId}/games/${game}/moment` + (seq === undefined ? "" : `?seq=${seq}`));
      if (mine !== asked) return;
      showMoment(m);
      if (tableChanged) { tableChanged = false; showEarlier(); loadEarlier(); }  // the form's player is this table's
    }
    $("scrub").addEventListener("input", () => selected && openTable(selected, +$("scrub").value));
    // The ruling form shows only what its type needs: a penalty its player and level, an extension its minutes.
    function rulingFields() {
      for (const label of document.querySelectorAll(".ruling-form [data-for]")) label.classList.toggle("hidden", label.dataset.for !== $("ruling-type").value);
    }
    $("ruling-type").addEventListener("change", rulingFields);
    rulingFields();
    // A penalty's player: their earlier penalties in this event (every round and table) and what the tournament
    // regulations say to a repeat, with citations. Advice only: the judge decides, nothing is upgraded for them.
    let earlier = null, penalties = null, justLogged = false;  // justLogged: the list holds the penalty just given
    async function loadEarlier() {
      const game = selected, seat = $("ruling-seat").value, level = $("ruling-penalty").value;
      if ($("ruling-type").value !== "penalty" || !game || !seat) { showEarlier(); return; }
      // Read beside the form: a refusal shown in the error box stays there (``call`` would clear it).
      const r = await request(`/api/event/${eventId}/games/${game}/penalties?seat=${encodeURIComponent(seat)}&level=${encodeURIComponent(level)}`, {key});
      if (!r.ok || game !== selected || seat !== $("ruling-seat").value) return;  // another table or player was chosen meanwhile
      earlier = {...r.data, game};
      showEarlier();
    }
    function showEarlier() {
      const box = $("penalty-earlier"), d = earlier;
      const shown = d && d.game === selected && $("ruling-type").value === "penalty";
      box.classList.toggle("hidden", !shown);
      if (!shown) return;
      // Right after a penalty is logged the list holds it, and the advice is for a next one (a judge trial read
      // "Repeated" as said of the penalty just given).
      const head = justLogged && d.earlier.length ? t("ev.pen.logged_n", {name: d.name, n: d.earlier.length})
        : d.earlier.length ? t("ev.pen.earlier_n", {name: d.name, n: d.earlier.length}) : t("ev.pen.earlier_none", {name: d.name});
      const notes = d.advice.notes.map(n => `<li data-note="${esc(n.msg)}">${esc(t(n.msg, {name: d.name, n: n.n}))}` +
        `<span class="cite">${esc(t("ev.pen.cite." + n.cite))}</span></li>`).join("");
      box.innerHTML = `<p><b>${esc(head)}</b></p>` +
        (d.earlier.length ? `<ul class="pen-earlier">${d.earlier.map(p => `<li>${esc(penaltyWords(p))}</li>`).join("")}</ul>` : "") +
        (notes ? `<p class="muted">${esc(t("ev.pen.advice.title"))}</p><ul class="pen-advice">${notes}</ul>` : "");
    }
    for (const id of ["ruling-type", "ruling-seat", "ruling-penalty"]) $(id).addEventListener("change", () => { justLogged = false; loadEarlier(); });
    /** Every player's penalties across the rounds, under the tables: they come with each dashboard update on the
     * event's live stream (a penalty any judge gives commits to its table and wakes every dashboard). */
    function showPenalties() { if (penalties) $("penalties-by-player").innerHTML = penaltiesHtml(penalties); }
    $("ruling-send").addEventListener("click", async () => {
      const type = $("ruling-type").value;
      const data = {type, text: $("ruling-text").value, request_id: requestId()};
      if (type === "time_extension") data.minutes = +$("ruling-minutes").value;
      if (type === "penalty") { data.penalty = $("ruling-penalty").value; data.seat = $("ruling-seat").value; }
      await call("POST", `/api/event/${eventId}/games/${selected}/rulings`, data);
      $("ruling-text").value = "";
      openTable(selected);  // the table now, with the ruling among its rulings
      if (type === "penalty") { justLogged = true; loadEarlier(); }  // the list under the tables follows on the live stream
    });
    /** The going-to-time steps: each figure with where it comes from (tracked, counted, from the judge, not
     * tracked); where the power or the draw decks are a guess, the judge enters what the players say (their power,
     * their counted draw decks) before anything is decided: one field per seat for each figure the answer needs. */
    function showTime(out) {
      lastTime = out;
      const seats = lastMoment ? lastMoment.game.seats : [];
      const who = seat => { const x = seats.find(p => p.seat === seat); return x ? x.name : seat; };
      const value = v => (v === null || v === undefined ? "?" : v === true ? "✓" : v === false ? "–" : v);
      const source = (step, seat) => { const src = (out.sources[step.step] || {})[seat]; return src ? ` (${t("ev.src." + src)})` : ""; };
      const needs = out.needs || [];
      const field = (figure, state) => Object.keys(out.draw_decks).map(seat =>
        `<label>${esc(who(seat))} <input id="gtt-${figure}-${esc(seat)}" data-figure="${figure}" data-seat="${esc(seat)}" ` +
        `type="number" min="0" max="${figure === "power" ? 99 : 200}" value="${esc((entered[figure] || {})[seat] ?? "")}"> ` +
        `<span class="muted">${esc(t("ev.gtt_state_says", {n: state(seat)}))}</span></label> `).join("");
      const asked = [
        needs.includes("power_needed") ? `<p class="flag">${esc(t("ev.gtt_needs_power"))}</p><p>` +
          field("power", seat => out.power[seat]) + "</p>" : "",
        needs.includes("draw_deck") ? `<p class="flag">${esc(t("ev.gtt_needs_count", {expected: out.draw_decks.A ? out.draw_decks.A.regular_draws : "?"}))}</p><p>` +
          field("deck", seat => out.draw_decks[seat].count) + "</p>" : ""].join("");
      $("gtt-out").innerHTML = "<ol>" + out.steps.map(s => `<li data-step="${esc(s.step)}">${esc(t("step." + s.step))}: ` +
        Object.entries(s.values).map(([k, v]) => `${esc(who(k))} ${esc(value(v))}${esc(source(s, k))}`).join(", ") +
        `${s.skipped ? " — " + esc(t("ev.not_tracked")) : ""}${s.decides ? " ✔" : ""}</li>`).join("") + "</ol>" +
        (needs.length
          ? asked + `<p><button id="gtt-count" type="button">${esc(t("ev.gtt_count_decide"))}</button></p>`
          : `<p class="gtt-winner">${esc(out.winner ? t("ev.winner", {seat: `${who(out.winner)} (${out.winner})`}) : out.chooser ? t("ev.chooser", {seat: `${who(out.chooser)} (${out.chooser})`}) : t("ev.chooserUnknown"))}</p>`);
    }
    let entered = {};  // what the players said, as the judge entered it: {deck: {A: "41"}, power: {A: "11"}}
    async function goingToTime() {
      const query = Object.entries(entered).flatMap(([figure, bySeat]) => Object.entries(bySeat)
        .filter(([, v]) => v !== "").map(([seat, v]) => `${figure}_${seat}=${encodeURIComponent(v)}`)).join("&");
      showTime(await call("GET", `/api/event/${eventId}/games/${selected}/going-to-time` + (query ? "?" + query : "")));
    }
    $("gtt-out").addEventListener("click", e => {
      if (!e.target.closest("#gtt-count")) return;
      for (const input of document.querySelectorAll("#gtt-out input[data-figure]")) {
        (entered[input.dataset.figure] ||= {})[input.dataset.seat] = input.value;
      }
      goingToTime();
    });
    $("reprint").addEventListener("click", async e => {
      const b = e.target.closest("[data-reprint]");
      const row = b && latest && latest.tables.find(x => x.game === selected);
      if (!row || !(await confirmSheet(t("ev.confirm_reprint", {player: b.dataset.name})))) return;
      await download("POST", `/api/event/${eventId}/rounds/${row.round}/sheets`, `seat-${row.table}-${b.dataset.reprint}.pdf`,
        {confirm: true, table: row.table, seat: b.dataset.reprint});
    });
    $("show-ids").addEventListener("change", () => latest && render(latest));
    // Before round 1: a registration taken off the list (the live stream redraws the panel).
    $("before-players").addEventListener("click", e => removeAsked(e, () => {}));
    let stream = null, following = 0;
    function follow(number) {  // the dashboard of a round, live; a stream of the round shown before is ignored
      if (stream) stream.close();
      const mine = ++following, query = number ? `?round=${number}` : "";
      const show = data => { if (mine === following) render(data); };
      call("GET", `/api/event/${eventId}/dashboard${query}`).then(show);
      stream = openStream(`/api/event/${eventId}/stream${query}`, {key, onUpdate: show, onRevoked: () => noKey("refused"),
        onState: ok => { $("live").textContent = t(ok ? "ev.live" : "ev.reconnecting"); }});
    }
    $("round-pick").addEventListener("change", () => {
      const number = +$("round-pick").value;
      const newest = latest && latest.rounds.length ? latest.rounds[latest.rounds.length - 1].number : number;
      follow(number === newest ? null : number);
    });
    $("gtt").addEventListener("click", () => { entered = {}; goingToTime(); });
    $("result-buttons").addEventListener("click", async e => {
      const b = e.target.closest("[data-result]");
      if (!b || !selected) return;
      const ending = b.dataset.ending;
      // A win at a table gone to time is a modified win unless the judge says otherwise (the server decides: no
      // "modified" sent); a modified win and a concession say which they are.
      const modified = ending === "time" ? {modified: true} : ending === "concession" ? {modified: false} : {};
      // This result's reason goes with it and leaves the field at once (never carried on to the next table's, even
      // when the table's row shows the result on the live stream before the answer comes); a refusal puts it back.
      const reason = $("result-reason").value;
      $("result-reason").value = "";
      const game = selected, url = `/api/event/${eventId}/games/${game}/result`;
      const sent = {winner: b.dataset.result || null, ending, ...modified, reason};
      const keep = () => { if (!$("result-reason").value) $("result-reason").value = reason; };
      // A result in changes only after a question naming both (a judge's trial: one mis-click among seven buttons
      // moved the standings unasked); the server refuses a change unasked, and a result that came in meanwhile is
      // asked about the same way. "Cancel" sends nothing.
      const row = latest && latest.tables.find(x => x.game === game);
      const r = row && row.result ? null : await request(url, {method: "POST", key, body: {...sent, request_id: requestId()}});
      const before = r === null ? row.result : !r.ok && r.data.error && r.data.error.code === "result_in" ? r.data.error.details.before : null;
      if (before) {
        if (!(await confirmSheet(() => t("ev.result.change_confirm", {before: resultText(before), after: b.textContent})))) { keep(); return; }
        try { await call("POST", url, {...sent, change: true, request_id: requestId()}); } catch (err) { keep(); }
      } else if (!r.ok) {
        showError(errorText(r.data.error));
        keep();
      }
    });
    // The judge pairs the next round before every result is in (the regulations' override, logged); the proposal
    // is shown here to confirm, as on the organiser's page.
    let overrideProposal = null;
    function showOverride() {
      const data = latest;
      const newest = data && data.rounds.length ? data.rounds[data.rounds.length - 1].number : null;
      const missing = data && data.round === newest ? data.tables.filter(r => !r.result).map(r => r.table) : [];
      $("override-box").classList.toggle("hidden", !(missing.length || overrideProposal));
      $("pair-anyway").textContent = t("ev.override_pair", {n: (newest || 0) + 1, tables: missing.join(", ")});
      $("pair-anyway").classList.toggle("hidden", !missing.length || Boolean(overrideProposal));
      const p = overrideProposal;
      $("override-out").innerHTML = p ? `<p><b>${esc(t(p.msg, {n: p.round, seed: p.seed}))}</b></p><ol>` +
        p.tables.map(x => `<li value="${x.table}">${esc(x.a.name)} – ${esc(x.b.name)}</li>`).join("") + "</ol>" +
        (p.bye ? `<p class="bye">${esc(t("ev.swiss.bye", {name: p.bye.name}))}</p>` : "") +
        `<p><button id="override-confirm" type="button" class="primary">${esc(t("ev.swiss.confirm"))}</button></p>` : "";
    }
    $("pair-anyway").addEventListener("click", async () => {
      overrideProposal = (await call("POST", `/api/event/${eventId}/rounds/propose`, {override: true, request_id: requestId()})).proposal;
      showOverride();
    });
    $("override-out").addEventListener("click", async e => {
      if (!e.target.closest("#override-confirm") || !overrideProposal) return;
      await call("POST", `/api/event/${eventId}/proposal/confirm`, {proposal: overrideProposal.id, request_id: requestId()});
      overrideProposal = null;
      follow(null);
    });
    // Tournament points added or taken away by the judge, with the reason (logged; in the standings and the report).
    function showAdjustments() {
      const data = latest;
      if (!data) return;
      const keep = $("adjust-player").value;
      $("adjust-player").replaceChildren(el("option", {value: ""}, t("ev.choose_player")),
        ...(data.players || []).map(p => el("option", {value: p.id}, p.name)));
      $("adjust-player").value = keep;
      $("adjustments").replaceChildren(...(data.adjustments || []).map(a => el("li", {}, adjustmentText(a))));
    }
    $("adjust-send").addEventListener("click", async () => {
      const player = $("adjust-player").value;
      if (!player) { showError(t("ev.choose_player")); return; }
      await call("POST", `/api/event/${eventId}/players/${player}/adjustments`,
        {points: Math.round(+$("adjust-points").value), reason: $("adjust-reason").value, request_id: requestId()});
      $("adjust-reason").value = "";
    });
    $("report").addEventListener("click", () => { location.href = `/e/${eventId}/report#key=${key}`; });
    $("export").addEventListener("click", () => download("GET", `/api/event/${eventId}/export`, `event-${eventId}.zip`));
    rerender = () => { if (latest) render(latest); if (lastMoment) showMoment(lastMoment); if (lastTime) showTime(lastTime); showEarlier(); showPenalties(); showAdjustments(); showOverride(); };
    keyReady.then(() => follow(null));
    setInterval(() => latest && latest.clock && latest.clock.remaining !== null && !latest.clock.finished && (latest.clock.remaining -= 1, $("clock").textContent = clockText(latest.clock)), 1000);
  }

  // -- report -------------------------------------------------------------------------------------
  if ($("report-rows")) {
    let out = null;
    function render() {
      if (!out) return;
      $("ev-title").textContent = `${out.event.name} ${out.event.date}`;
      showLegality(out.event);
      $("fingerprint").textContent = out.fingerprint || "";
      // The event file holds every table's hidden cards: the judge's key downloads it, the organiser is told so.
      $("report-export").classList.toggle("hidden", !out.may.export);
      $("report-export-judge").classList.toggle("hidden", out.may.export);
      // Each cell carries its column's name: a phone shows a table as a card of labelled lines (event_base.html).
      const cell = (id, html) => `<td data-label="${esc(t(id))}">${html}</td>`;
      renderStandings(out.standings);
      $("report-rows").innerHTML = out.tables.map(r => `<tr>${cell("ev.h.round", r.round)}${cell("ev.h.table", r.table)}` +
        cell("ev.h.players", r.players.map(p => esc(p.seat + ": " + p.name) + deckHtml(p, false)).join("<br>")) +
        cell("ev.h.result", esc(r.result ? resultText(r.result) : "–")) +
        cell("ev.h.flags", r.flags.map(flagWords).join("<br>")) +
        cell("ev.h.rulings_and_penalties", [...r.penalties, ...r.rulings].map(x => esc(rulingWords(x))).join("<br>")) +
        "</tr>").join("") +
        // A bye has no table: a row of its own with its result.
        (out.byes || []).map(x => `<tr class="bye">${cell("ev.h.round", x.round)}${cell("ev.h.table", "–")}${cell("ev.h.players", esc(x.name))}` +
          `${cell("ev.h.result", esc(t("ev.swiss.bye_row", {name: x.name, points: out.standings.scheme.bye})))}<td></td><td></td></tr>`).join("");
      $("report-penalties").innerHTML = penaltiesHtml(out.penalties_by_player || []);
      // The decisions on the record (decks allowed, pairings, drops, a result corrected), as the PDF lists them.
      $("decisions").innerHTML = (out.decisions || []).map(d => `<li>${esc(d.at.slice(0, 16).replace("T", " "))} · ${esc(d.words[lang()] || d.words.en)}</li>`).join("") ||
        `<li>–</li>`;
    }
    rerender = render;
    keyReady.then(async () => { out = await call("GET", `/api/event/${eventId}/report`); render(); });
    $("report-pdf").addEventListener("click", () => download("GET", `/api/event/${eventId}/report?format=pdf&lang=${lang()}`, `report-${lang()}.pdf`));
    $("report-export").addEventListener("click", () => download("GET", `/api/event/${eventId}/export`, `event-${eventId}.zip`));
  }

  // -- a player registers themselves (the event's public link) ------------------------------------------
  if ($("self-register")) {
    const store = "companion:register:" + eventId;  // the player's own registration key, on this phone only
    let mine = localStorage.getItem(store), out = null;
    // A decklist that cannot be read names its lines, in the reader's language where the catalogue has it.
    const lineText = p => t("ev.line_problem", {line: p.line, message: (lang() === "de" && p.de) || p.message});
    function refused(r) {
      const err = (r.data && r.data.error) || {};
      showError([detailText(err), ...(((err.details || {}).problems) || []).map(lineText)].join("\n"));
    }
    async function load() {
      const r = await request(`/api/event/${eventId}/registration`, {key: mine});
      if (r.status === 401 && mine) { localStorage.removeItem(store); mine = null; return load(); }
      if (r.ok) { out = r.data; render(); }
    }
    function render() {
      if (!out) return;
      const p = out.player;
      $("ev-title").textContent = out.event.name;
      showLegality(out.event);
      $("reg-form-box").classList.toggle("hidden", Boolean(p));
      $("reg-closed").classList.toggle("hidden", out.open);
      $("self-register").classList.toggle("hidden", !out.open);
      $("reg-mine").classList.toggle("hidden", !p);
      if (!p) return;
      $("reg-mine-title").textContent = t("ev.reg.registered_as", {name: p.name});
      // A deck the organiser allowed is theirs to play (it read "not legal … may still allow this one").
      const allowed = !p.legal && p.confirmed;
      $("reg-legal").textContent = p.legal ? "✓ " + t("ev.reg.legal") : allowed ? "✓ " + t("ev.reg.allowed") : "⚠ " + t("ev.reg.illegal");
      $("reg-legal").className = p.legal || allowed ? "deck-ok" : "deck-bad";
      // The organiser's decisions about this player: a drop (or disqualification), the rounds missed (unpaired losses).
      const decisions = [
        p.dropped ? (p.dropped.disqualified ? t("ev.reg.disqualified", {round: p.dropped.after})
          : p.dropped.after ? t("ev.reg.dropped", {round: p.dropped.after}) : t("ev.reg.dropped_before")) : "",
        p.missed && p.missed.length ? t("ev.reg.missed", {rounds: p.missed.join(", ")}) : ""].filter(Boolean);
      $("reg-decisions").classList.toggle("hidden", !decisions.length);
      $("reg-decisions").textContent = decisions.join(" ");
      $("reg-problems").replaceChildren(...deckProblems(p.problems).map(x => el("li", {}, x)));
      // The bye of the latest round: no table comes (a player with the bye waited for one); it scores a win.
      $("reg-bye").classList.toggle("hidden", !p.bye);
      $("reg-bye").textContent = p.bye ? t("ev.reg.bye", p.bye) : "";
      // The round's table: its number, the seat and the opponent (the seat's key is on the sheet on that table).
      const seated = p.table && !p.dropped ? p.table : null;
      $("reg-table").classList.toggle("hidden", !seated);
      $("reg-table-where").textContent = seated ? t("ev.reg.table", seated) : "";
      $("reg-table-sheet").textContent = seated ? t("ev.reg.table_sheet", seated) : "";
      $("reg-note").textContent = p.dropped ? "" : p.paired ? t("ev.reg.paired_note") : p.legal || allowed ? t("ev.reg.done")
        : out.open ? t("ev.reg.fix_note") : t("ev.reg.closed");
      $("reg-fix").classList.toggle("hidden", p.legal || allowed || p.paired || !out.open || Boolean(p.dropped));
    }
    $("self-register").addEventListener("submit", async e => {
      e.preventDefault();
      const r = await request(`/api/event/${eventId}/registration`, {method: "POST",
        body: {name: $("reg-name").value.trim(), decklist: $("reg-deck").value, request_id: requestId()}});
      if (!r.ok) { refused(r); return; }
      clearError();
      if (r.data.key) { mine = r.data.key; localStorage.setItem(store, mine); }
      out = r.data; render();
    });
    $("reg-fix-send").addEventListener("click", async () => {
      const r = await request(`/api/event/${eventId}/registration/deck`, {method: "PUT", key: mine,
        body: {decklist: $("reg-fix-deck").value, request_id: requestId()}});
      if (!r.ok) { refused(r); return; }
      clearError();
      $("reg-fix-deck").value = "";
      out = r.data; render();
    });
    rerender = render;
    messagesReady.then(load);
    // A registered player waits here for the round's pairings (their table, or a bye): read again while in view.
    setInterval(() => { if (mine && document.visibilityState === "visible") load(); }, 10000);
  }

  // -- public standings (no key: names, points and tiebreakers only) ----------------------------------
  if ($("standings") && !$("register") && !$("report-rows") && !$("self-register")) {
    let out = null;
    /** The round being played: its clock and its tables (the two players' names), large enough for a projector;
     * hidden between rounds, when the standings after the last round are what is shown. */
    function renderRound() {
      const now = out && out.round;
      $("now").classList.toggle("hidden", !now);
      if (!now) return;
      $("now-title").textContent = t("ev.pairings.title", {round: now.number});
      $("now-clock").textContent = clockText(now.clock);
      $("now-tables").replaceChildren(...now.tables.map(x => el("tr", {"data-table": x.table},
        el("td", {class: "now-table"}, String(x.table)), ...x.players.map(p => el("td", {}, p.name)),
        el("td", {class: "muted"}, x.result ? "✓ " + t("ev.pairings.result_in") : ""))));
      $("now-bye").textContent = now.bye ? t("ev.pairings.bye", {name: now.bye.name}) : "";
      $("now-print").href = `/e/${eventId}/rounds/${now.number}/pairings.pdf?lang=${lang()}`;
    }
    rerender = () => { if (out) { $("ev-title").textContent = `${out.event.name} ${out.event.date}`; renderStandings(out); renderRound(); } };
    const load = async () => { const r = await request(`/api/event/${eventId}/standings`); if (r.ok) { out = r.data; rerender(); } };
    messagesReady.then(load);
    // The clock counts down here between reads; a read every 15 seconds brings results, extensions and the next round.
    setInterval(() => {
      const c = out && out.round && out.round.clock;
      if (c && c.remaining !== null && !c.finished) { c.remaining -= 1; c.time_called = c.remaining <= 0; $("now-clock").textContent = clockText(c); }
    }, 1000);
    setInterval(() => { if (document.visibilityState === "visible") load(); }, 15000);
  }

  // -- rules ----------------------------------------------------------------------------------------
  if ($("rules")) {
    let rules = [];
    // A rule's text is the message a refused move shows, with its blanks ({card}, {player}) filled there;
    // here, where no move fills them, each blank reads "…" rather than a placeholder's English name.
    const ruleText = text => text.replace(/\{\w+\}/g, "…");
    function render() {
      $("rules").innerHTML = rules.map(r => `<tr id="${esc(r.id)}"><td><code>${esc(r.id)}</code></td><td>${esc(citation(r.citation_2e || ""))}${r.citation_1e ? "<br>1E: " + esc(citation(r.citation_1e)) : ""}</td>` +
        `<td>${esc(ruleText(lang() === "de" ? r.de : r.en))}</td></tr>`).join("");
      if (location.hash) { const row = document.getElementById(location.hash.slice(1)); if (row) { row.classList.add("urgent"); row.scrollIntoView(); } }
    }
    async function search() {
      const r = await request("/api/rules?q=" + encodeURIComponent($("rules-q").value));
      if (r.ok) { rules = r.data.rules; render(); }
    }
    rerender = render;
    $("rules-q").addEventListener("input", search);
    messagesReady.then(search);
  }
})();
