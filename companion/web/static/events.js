// Events: the organiser's page, the judge's dashboard (live over the event stream), the report and the
// rules page. Text comes from the message catalogue and API calls go through the shared client (client.js);
// keys come from the URL fragment (#key=…), are kept in this tab only, and travel in the Authorization header.
(function () {
  const main = document.querySelector("main");
  const eventId = main.dataset.event;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("key")) { sessionStorage.setItem("event-key:" + eventId, hash.get("key")); history.replaceState(null, "", location.pathname); }
  const key = sessionStorage.getItem("event-key:" + eventId);
  const $ = id => document.getElementById(id);
  const esc = s => String(s ?? "").replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  let rerender = () => {};
  window.render = () => rerender();  // the language switch re-renders what this page drew

  /** An API call with this page's key; a refusal is shown with its line-numbered problems and thrown. */
  async function call(method, url, body) {
    const r = await request(url, {method, body, key});
    if (!r.ok) {
      const err = r.data.error || {};
      const problems = ((err.details && err.details.problems) || []).map(problemText);
      showError([errorText(err), ...problems].join("\n"));
      throw new Error(err.message || String(r.status));
    }
    clearError();
    return r.data;
  }
  /** A pairing or registration problem in the reader's language, naming its table (by hand) or its line. */
  function problemText(p) {
    const message = p.msg && hasMessage(p.msg) ? t(p.msg, p.params || {}) : p.message;
    return p.table ? t("ev.table_problem", {table: p.table, message}) : t("ev.line_problem", {line: p.line, message});
  }
  /** A file from the API (PDF, zip), saved under ``name``. */
  async function download(method, url, name, body) {
    const r = await fetch(url, {method, headers: {...authHeaders(key), ...(body ? {"Content-Type": "application/json"} : {})},
      body: body ? JSON.stringify(body) : undefined});
    if (!r.ok) { const d = await r.json().catch(() => ({})); showError(errorText(d.error) || r.statusText); return; }
    const a = document.createElement("a"); a.href = URL.createObjectURL(await r.blob()); a.download = name; a.click();
  }
  // The box is at the page's foot: a refusal scrolls it into view (on a phone the button may be far above).
  function showError(text) {
    const box = $("ev-error");
    if (box) { box.textContent = text; box.classList.remove("hidden"); box.scrollIntoView({block: "nearest"}); }
  }
  function clearError() { const box = $("ev-error"); if (box) box.classList.add("hidden"); }
  function clockText(clock) {
    if (!clock || clock.remaining === null || clock.remaining === undefined) return t("ev.clock_not_started");
    if (clock.time_called) return t("ev.time_called");
    const s = Math.max(0, Math.round(clock.remaining));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  const factionName = f => (f && hasMessage("faction." + f) ? t("faction." + f) : (f || ""));
  // A going-to-time result names its deciding step from the catalogue (its stored reason is the server's English).
  const reasonText = r => (r.by_time && hasMessage("step." + r.by_time) ? `${t("ev.gone_to_time")}: ${t("step." + r.by_time)}` : r.reason || "");
  // A draw has no winner: "draw (reason)", not "draw wins".
  const resultText = r => (r.winner ? t("ev.result_for", {winner: r.winner_name || r.winner, reason: reasonText(r)})
    : t("ev.result_draw_for", {reason: reasonText(r)})).replace(/ \(\)$/, "");  // no reason given: no "()"
  const lastRound = info => (info && info.rounds.length ? info.rounds[info.rounds.length - 1].number : 1);

  // -- new event ------------------------------------------------------------------------------
  if ($("new-event")) {
    $("new-event").addEventListener("submit", async ev => {
      ev.preventDefault();
      const out = await call("POST", "/api/event", {name: $("ev-name").value, date: $("ev-date").value,
        rounds: +$("ev-rounds").value, tables: +$("ev-tables").value, minutes: +$("ev-minutes").value});
      $("ev-organiser").href = out.organiser.url; $("ev-judge").href = out.judge.url;
      $("ev-created").classList.remove("hidden");
    });
  }

  // -- organiser --------------------------------------------------------------------------------
  if ($("register")) {
    let current = null;
    async function load() {
      current = await call("GET", `/api/event/${eventId}`);
      $("ev-title").textContent = `${current.event.name} ${current.event.date}`;
      rerender();
    }
    function render() {
      if (!current) return;
      $("players-n").textContent = t("ev.registered_n", {n: current.players.length});
      $("players").innerHTML = current.players.map(p => `<li>${esc(p.name)} — ${esc(factionName(p.faction))}` +
        `${p.agenda ? " · " + esc(p.agenda) : ""} · ${esc(t("ev.cards_n", {n: p.cards}))} · <code>${p.deck_hash.slice(0, 12)}</code></li>`).join("");
      // The rounds so far (newest first): the clock, how many results are in, each table's players and result.
      const names = new Map(current.players.map(p => [p.id, p.name]));
      const latestRound = lastRound(current);
      // The clock and the seat sheets act on the latest round, and say which.
      $("latest-round").classList.toggle("hidden", !current.rounds.length);
      $("latest-round-name").textContent = t("ev.round_n", {n: latestRound});
      // Read again while the page is open: the rounds the organiser opened or closed stay so.
      const shown = document.querySelectorAll("#rounds details");
      const open = shown.length ? new Set([...shown].filter(d => d.open).map(d => +d.dataset.round)) : new Set([latestRound]);
      if (![...shown].some(d => +d.dataset.round === latestRound)) open.add(latestRound);  // a new round opens
      $("rounds").innerHTML = [...current.rounds].reverse().map(r => {
        const tables = current.tables.filter(x => x.round === r.number);
        const done = tables.filter(x => x.result).length;
        const rows = tables.map(x => `<li value="${x.table}">${x.players.map(id => esc(names.get(id))).join(" – ")}` +
          (x.result ? ` · <b>${esc(resultText(x.result))}</b>` : "") + "</li>").join("");
        return `<details data-round="${r.number}"${open.has(r.number) ? " open" : ""}><summary>${esc(t("ev.round_n", {n: r.number}))} · ` +
          `<span data-clock="${r.number}">${esc(clockText(r.clock))}</span> · ${esc(t("ev.results_n", {done, n: tables.length}))}</summary><ol>${rows}</ol></details>`;
      }).join("") || `<p class="muted">${esc(t("ev.no_rounds_yet"))}</p>`;
      for (const s of document.querySelectorAll("#pair-rows select")) fillPlayers(s);
    }
    rerender = render;
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
      if (problems.length) showError(problems.join("\n")); else clearError();
      load();
      return problems.length === 0;
    }
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
    function roundOut(out) {
      $("round-out").innerHTML = `<h3>${esc(t("ev.round_n", {n: out.round}))}</h3>` + out.tables.map(tb =>
        `<p>${esc(t("ev.table_n", {n: tb.table}))}: ` + tb.seats.map(s => `<a href="${esc(s.url)}" target="_blank" rel="noopener">${esc(s.seat)}: ${esc(s.name)}</a>`).join(" · ") + "</p>").join("");
      load();
    }
    $("make-round").addEventListener("click", async () => {
      roundOut(await call("POST", `/api/event/${eventId}/rounds`, {csv: $("pairings").value, request_id: requestId()}));
    });
    // Pairing by hand: a table per row, two menus of the registered players; the server checks it all.
    // A player already chosen at another table says so in the other menus (the server still refuses twice).
    function fillPlayers(select) {
      const chosen = select.value, taken = new Map();
      for (const other of document.querySelectorAll("#pair-rows select")) {
        if (other !== select && other.value) taken.set(other.value, other.closest("[data-pair]").dataset.pair);
      }
      select.replaceChildren(el("option", {value: ""}, t("ev.choose_player")),
        ...(current ? current.players : []).map(p => el("option", {value: p.name},
          taken.has(p.name) ? t("ev.player_at_table", {name: p.name, table: taken.get(p.name)}) : p.name)));
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
      roundOut(await call("POST", `/api/event/${eventId}/rounds`, {pairings, request_id: requestId()}));
      $("pair-rows").replaceChildren();
      $("by-hand").open = false;
    });
    $("print-sheets").addEventListener("click", async () => {
      if (!(await confirmSheet(t("ev.confirm_print")))) return;
      const number = lastRound(current);
      await download("POST", `/api/event/${eventId}/rounds/${number}/sheets`, `seats-round-${number}.pdf`, {confirm: true});
    });
    $("start-clock").addEventListener("click", async () => {
      await call("POST", `/api/event/${eventId}/rounds/${lastRound(current)}/clock`, {request_id: requestId()});
      load();
    });
    // A running clock counts down on the page between loads (the server's time is the truth on each load).
    setInterval(() => {
      for (const r of (current ? current.rounds : [])) {
        if (r.clock.remaining === null || r.clock.time_called) continue;
        r.clock.remaining -= 1;
        r.clock.time_called = r.clock.remaining <= 0;
        const span = document.querySelector(`[data-clock="${r.number}"]`);
        if (span) span.textContent = clockText(r.clock);
      }
    }, 1000);
    // Results come in from the judge's screens: the page reads the event again whenever it is looked at again,
    // and every 30 seconds while it is in view (the organiser's key has no live stream: that is the judge's).
    document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && current) load(); });
    setInterval(() => { if (document.visibilityState === "visible" && current) load(); }, 30000);
    $("to-report").href = `/e/${eventId}/report#key=${key}`;
    messagesReady.then(load);
  }

  // -- judge --------------------------------------------------------------------------------------
  if ($("tables")) {
    let selected = null, latest = null, lastMoment = null, lastTime = null;
    function flagHtml(f) {
      const rules = (f.detail.violations || []).map(v => `<a href="/rules#${esc(v.rule)}">${esc(v.rule)}</a>`).join(" ");
      const cards = (f.detail.cards || []).map(c => esc(c.card)).join(" ");
      const source = f.detail.source ? ` (${esc(f.detail.source)})` : "";
      return `<div class="flag-row${f.cleared ? " cleared" : ""}" data-flag="${f.id}"><span class="flagkind">${esc(t("ev.flag." + f.kind))}</span>${source} ${rules} ${cards} ${esc(f.detail.by || "")}` +
        (f.cleared ? "" : ` <button type="button" data-clear="${f.id}">✓</button>`) + "</div>";
    }
    function render(data) {
      latest = data;
      $("ev-title").textContent = `${data.event.name} · ${t("ev.round_lower", {n: data.round ?? "–"})}`;
      $("clock").textContent = clockText(data.clock);
      $("clock").classList.toggle("called", Boolean(data.clock && data.clock.time_called));
      $("tables").innerHTML = data.tables.map(tb => {
        const players = tb.players.map(p => `${esc(p.name)} (${esc(factionName(p.faction))}) ${esc(t("ev.gold"))} ${p.gold ?? "?"} · ${esc(t("ev.power"))} ${p.power} · ${esc(t("ev.shadows"))} ${p.shadows}`).join("<br>");
        const quiet = tb.since_last_action === null ? "–" : `${Math.round(tb.since_last_action / 60)} min`;
        const result = tb.result ? `<br><b>${esc(resultText(tb.result))}</b>` : "";
        const time = tb.gone_to_time ? ` · ${esc(t("ev.gone_to_time"))}` : "";
        return `<tr class="${tb.open_flags ? "urgent" : ""}" data-table="${tb.table}" data-game="${tb.game}"><td><button type="button" data-open="${tb.game}">${tb.table}</button></td>` +
          `<td>${players}${result}</td><td>${esc(phaseName(tb.phase))} · R${tb.game_round}${tb.clock.extension ? ` (+${tb.clock.extension}′)` : ""}${time}</td><td class="wide">${quiet}</td><td>${tb.flags.map(flagHtml).join("")}</td></tr>`;
      }).join("") || `<tr><td colspan="5" class="muted">${esc(t("ev.no_rounds_yet"))}</td></tr>`;
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
      $("scrub").max = m.game.version; $("scrub").value = m.seq;
      const e = m.entries.find(x => x.seq === m.seq);
      const verdict = e && e.verdict ? (e.verdict.legal ? t("ev.legal") : t("ev.illegal_upper") + " " + (e.verdict.violations || []).map(v => v.rule).join(", ")) : "";
      const players = m.view.players.map(p => `<b>${esc(p.name)}</b> ${esc(t("ev.gold"))} ${p.gold} · ${esc(t("ev.hand"))}: ${(p.hand.cards || []).map(c => esc(c.name)).join(", ")} · ` +
        `${esc(t("ev.shadows"))}: ${(p.shadows || []).map(s => esc((s.card && s.card.name) || "?")).join(", ")} · ${esc(t("ev.in_play"))}: ${(p.play || []).map(c => esc(playedText(c, m.view))).join(", ")}`).join("<br>");
      $("moment").innerHTML = `<p>#${m.seq} ${e ? esc(entryText(e)) + (e.undone ? " (" + esc(t("ev.undone")) + ")" : "") : ""} ${esc(verdict)}</p>` +
        `<p>${esc(phaseName(m.view.phase))} · R${m.view.round}</p><p class="moment-players">${players}</p>`;
      $("table-panel").classList.remove("hidden");
    }
    async function openTable(game, seq) {
      // Another table: the going-to-time answer shown was the other table's, and must not be read as this one's.
      if (game !== selected) { lastTime = null; $("gtt-out").replaceChildren(); }
      selected = game;
      showMoment(await call("GET", `/api/event/${eventId}/games/${game}/moment` + (seq === undefined ? "" : `?seq=${seq}`)));
    }
    $("scrub").addEventListener("input", () => selected && openTable(selected, +$("scrub").value));
    $("ruling-send").addEventListener("click", async () => {
      const type = $("ruling-type").value;
      const data = {type, text: $("ruling-text").value, request_id: requestId()};
      if (type === "time_extension") data.minutes = +$("ruling-minutes").value;
      if (type === "penalty") data.penalty = $("ruling-penalty").value;
      await call("POST", `/api/event/${eventId}/games/${selected}/rulings`, data);
      $("ruling-text").value = "";
    });
    function showTime(out) {
      lastTime = out;
      const value = v => (v === null ? "?" : v);
      $("gtt-out").innerHTML = "<ol>" + out.steps.map(s => `<li>${esc(t("step." + s.step))}: ${Object.entries(s.values).map(([k, v]) => `${esc(k)}=${esc(value(v))}`).join(", ")}${s.skipped ? " — " + esc(t("ev.not_tracked")) : ""}${s.decides ? " ✔" : ""}</li>`).join("") + "</ol>" +
        `<p class="gtt-winner">${esc(out.winner ? t("ev.winner", {seat: out.winner}) : t("ev.chooser", {seat: out.chooser}))}</p>`;
    }
    $("gtt").addEventListener("click", async () => showTime(await call("GET", `/api/event/${eventId}/games/${selected}/going-to-time`)));
    for (const b of document.querySelectorAll("[data-result]")) {
      b.addEventListener("click", () => call("POST", `/api/event/${eventId}/games/${selected}/result`,
        {winner: b.dataset.result || null, reason: $("result-reason").value, request_id: requestId()}));
    }
    $("report").addEventListener("click", () => { location.href = `/e/${eventId}/report#key=${key}`; });
    $("export").addEventListener("click", () => download("GET", `/api/event/${eventId}/export`, `event-${eventId}.zip`));
    rerender = () => { if (latest) render(latest); if (lastMoment) showMoment(lastMoment); if (lastTime) showTime(lastTime); };
    messagesReady.then(async () => {
      render(await call("GET", `/api/event/${eventId}/dashboard`));
      openStream(`/api/event/${eventId}/stream`, key, render, ok => { $("live").textContent = t(ok ? "ev.live" : "ev.reconnecting"); });
    });
    setInterval(() => latest && latest.clock && latest.clock.remaining !== null && (latest.clock.remaining -= 1, $("clock").textContent = clockText(latest.clock)), 1000);
  }

  // -- report -------------------------------------------------------------------------------------
  if ($("report-rows")) {
    let out = null;
    function render() {
      if (!out) return;
      $("ev-title").textContent = `${out.event.name} ${out.event.date}`;
      // Each cell carries its column's name: a phone shows a table as a card of labelled lines (event_base.html).
      const cell = (id, html) => `<td data-label="${esc(t(id))}">${html}</td>`;
      $("report-rows").innerHTML = out.tables.map(r => `<tr>${cell("ev.h.round", r.round)}${cell("ev.h.table", r.table)}` +
        cell("ev.h.players", r.players.map(p => esc(p.seat + ": " + p.name)).join("<br>")) +
        cell("ev.h.result", esc(r.result ? (r.result.winner_name || t("ev.draw_result")) + " " + reasonText(r.result) : "–")) +
        cell("ev.h.flags", r.flags.map(f => esc(t("ev.flag." + f.kind)) + (f.rules.length ? " " + [...new Set(f.rules)].map(x => `<a href="/rules#${esc(x)}">${esc(x)}</a>`).join(" ") : "")).join("<br>")) +
        cell("ev.h.rulings_and_penalties", [...r.rulings, ...r.penalties].map(x => esc(t("ev.ruling." + x.type) + (x.penalty ? " " + t("ev.penalty." + x.penalty) : "") + (x.minutes ? " +" + x.minutes + "′" : "") + ": " + (x.text || ""))).join("<br>")) +
        "</tr>").join("");
    }
    rerender = render;
    messagesReady.then(async () => { out = await call("GET", `/api/event/${eventId}/report`); render(); });
    $("report-pdf").addEventListener("click", () => download("GET", `/api/event/${eventId}/report?format=pdf`, "report.pdf"));
    $("report-export").addEventListener("click", () => download("GET", `/api/event/${eventId}/export`, `event-${eventId}.zip`));
  }

  // -- rules ----------------------------------------------------------------------------------------
  if ($("rules")) {
    let rules = [];
    function render() {
      $("rules").innerHTML = rules.map(r => `<tr id="${esc(r.id)}"><td><code>${esc(r.id)}</code></td><td>${esc(citation(r.citation_2e || ""))}${r.citation_1e ? "<br>1E: " + esc(citation(r.citation_1e)) : ""}</td>` +
        `<td>${esc(lang() === "de" ? r.de : r.en)}</td></tr>`).join("");
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
