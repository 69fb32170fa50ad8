// Events: the organiser's page, the judge's dashboard (live over the event stream) and the rules page.
// Keys come from the URL fragment (#key=…), are kept in this tab only, and travel in the Authorization header.
(function () {
  const main = document.querySelector("main");
  const eventId = main.dataset.event;
  const de = (localStorage.getItem("lang") || navigator.language || "en").startsWith("de");
  document.body.classList.toggle("de", de);
  document.getElementById("lang").onclick = () => {
    const now = !document.body.classList.contains("de");
    document.body.classList.toggle("de", now);
    localStorage.setItem("lang", now ? "de" : "en");
  };
  // These pages still carry their own English and German side by side (not yet moved into the catalogue).
  const both = (en, deText) => document.body.classList.contains("de") ? deText : en;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("key")) { sessionStorage.setItem("event-key:" + eventId, hash.get("key")); history.replaceState(null, "", location.pathname); }
  const key = sessionStorage.getItem("event-key:" + eventId);
  const rid = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), b => b.toString(16).padStart(2, "0")).join("");
  const el = id => document.getElementById(id);
  const esc = s => String(s ?? "").replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));

  async function call(method, url, data) {
    const headers = {};
    if (key) headers.Authorization = "Bearer " + key;
    if (data !== undefined) headers["Content-Type"] = "application/json";
    const r = await fetch(url, {method, headers, body: data === undefined ? undefined : JSON.stringify(data)});
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      const err = body.error || {};
      const problems = (err.details && err.details.problems || []).map(p => `line ${p.line}: ${p.message}`).join("\n");
      showError((err.message || r.statusText) + (problems ? "\n" + problems : ""));
      throw new Error(err.message || String(r.status));
    }
    return r;
  }
  function showError(text) { const box = el("ev-error"); if (box) { box.textContent = text; box.classList.remove("hidden"); } }
  function clearError() { const box = el("ev-error"); if (box) box.classList.add("hidden"); }
  function download(blob, name) {
    const a = document.createElement("a"); a.href = URL.createObjectURL(blob); a.download = name; a.click();
  }
  function clockText(clock) {
    if (!clock || clock.remaining === null || clock.remaining === undefined) return both("clock not started", "Uhr nicht gestartet");
    if (clock.time_called) return both("TIME — finish this round's taxation phase", "ZEIT — Steuerphase dieser Runde beenden");
    const s = Math.max(0, Math.round(clock.remaining));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  // -- new event ------------------------------------------------------------------------------
  if (el("new-event")) {
    el("new-event").onsubmit = async ev => {
      ev.preventDefault(); clearError();
      const r = await call("POST", "/api/event", {name: el("ev-name").value, date: el("ev-date").value,
        rounds: +el("ev-rounds").value, tables: +el("ev-tables").value, minutes: +el("ev-minutes").value});
      const out = await r.json();
      el("ev-organiser").href = out.organiser.url; el("ev-judge").href = out.judge.url;
      el("ev-created").classList.remove("hidden");
    };
  }

  // -- organiser --------------------------------------------------------------------------------
  if (el("register")) {
    let current = null;
    async function load() {
      const info = await (await call("GET", `/api/event/${eventId}`)).json();
      current = info;
      el("ev-title").textContent = `${info.event.name} ${info.event.date}`;
      el("players").innerHTML = info.players.map(p => `<li>${esc(p.name)} — ${esc(p.faction)} ${esc(p.agenda || "")} · ${p.cards} · <code>${p.deck_hash.slice(0, 12)}</code></li>`).join("");
    }
    el("register").onsubmit = async ev => {
      ev.preventDefault(); clearError();
      await call("POST", `/api/event/${eventId}/players`, {name: el("pl-name").value, decklist: el("pl-deck").value, request_id: rid()});
      el("pl-name").value = ""; el("pl-deck").value = ""; load();
    };
    el("make-round").onclick = async () => {
      clearError();
      const r = await call("POST", `/api/event/${eventId}/rounds`, {csv: el("pairings").value, request_id: rid()});
      const out = await r.json();
      el("round-out").innerHTML = `<h3>${both("Round", "Runde")} ${out.round}</h3>` + out.tables.map(tb =>
        `<p>${both("Table", "Tisch")} ${tb.table}: ` + tb.seats.map(s => `<a href="${esc(s.url)}" target="_blank" rel="noopener">${esc(s.seat)}: ${esc(s.name)}</a>`).join(" · ") + "</p>").join("");
      load();
    };
    el("print-sheets").onclick = async () => {
      if (!confirm(both("Printing makes new seat links; links handed out before stop working. Go on?",
                     "Drucken erzeugt neue Sitz-Links; bisher ausgegebene Links gelten nicht mehr. Weiter?"))) return;
      const number = current && current.rounds.length ? current.rounds[current.rounds.length - 1].number : 1;
      const r = await call("POST", `/api/event/${eventId}/rounds/${number}/sheets`, {confirm: true});
      download(await r.blob(), `seats-round-${number}.pdf`);
    };
    el("start-clock").onclick = async () => {
      const number = current && current.rounds.length ? current.rounds[current.rounds.length - 1].number : 1;
      await call("POST", `/api/event/${eventId}/rounds/${number}/clock`, {});
    };
    el("to-report").href = `/e/${eventId}/report#key=${key}`;
    load();
  }

  // -- judge --------------------------------------------------------------------------------------
  if (el("tables")) {
    let selected = null, entries = [], latest = null;
    const kinds = {call_judge: ["judge called", "Schiedsrichter gerufen"], deck_check: ["deck check", "Deckprüfung"],
      illegal: ["illegal move", "Regelverstoß"], undo: ["undo", "Rücknahme"], needs_judge: ["log needs a judge", "Protokoll prüfen"],
      after_time: ["new round after time was called", "neue Runde nach Zeitende"]};
    function flagHtml(f) {
      const rules = (f.detail.violations || []).map(v => `<a href="/rules#${esc(v.rule)}">${esc(v.rule)}</a>`).join(" ");
      const cards = (f.detail.cards || []).map(c => esc(c.card)).join(" ");
      return `<div class="flag-row${f.cleared ? " cleared" : ""}" data-flag="${f.id}"><span class="flagkind">${esc(both(...kinds[f.kind]))}</span> ${rules} ${cards} ${esc(f.detail.by || "")}` +
        (f.cleared ? "" : ` <button type="button" data-clear="${f.id}">✓</button>`) + "</div>";
    }
    function render(data) {
      latest = data;
      el("ev-title").textContent = `${data.event.name} · ${both("round", "Runde")} ${data.round ?? "–"}`;
      el("clock").textContent = clockText(data.clock);
      el("clock").classList.toggle("called", !!(data.clock && data.clock.time_called));
      el("tables").innerHTML = data.tables.map(tb => {
        const players = tb.players.map(p => `${esc(p.name)} (${esc(p.faction || "")}) ${both("gold", "Gold")} ${p.gold ?? "?"} · ${both("power", "Macht")} ${p.power} · ${both("shadows", "Schatten")} ${p.shadows}`).join("<br>");
        const quiet = tb.since_last_action === null ? "–" : `${Math.round(tb.since_last_action / 60)} min`;
        return `<tr class="${tb.open_flags ? "urgent" : ""}" data-table="${tb.table}" data-game="${tb.game}"><td><button type="button" data-open="${tb.game}">${tb.table}</button></td>` +
          `<td>${players}</td><td>${esc(tb.phase)} · R${tb.game_round}${tb.clock.extension ? ` (+${tb.clock.extension}′)` : ""}</td><td class="wide">${quiet}</td><td>${tb.flags.map(flagHtml).join("")}</td></tr>`;
      }).join("");
    }
    el("tables").onclick = async e => {
      const clear = e.target.closest("[data-clear]");
      if (clear) { await call("POST", `/api/event/${eventId}/flags/${clear.dataset.clear}/clear`, {}); return; }
      const open = e.target.closest("[data-open]");
      if (open) openTable(open.dataset.open);
    };
    async function openTable(game, seq) {
      selected = game;
      const url = `/api/event/${eventId}/games/${game}/moment` + (seq === undefined ? "" : `?seq=${seq}`);
      const m = await (await call("GET", url)).json();
      entries = m.entries;
      const row = latest && latest.tables.find(x => x.game === game);
      el("panel-title").textContent = `${both("Table", "Tisch")} ${row ? row.table : ""}: ${m.game.seats.map(s => s.name).join(" – ")}`;
      el("scrub").max = m.game.version; el("scrub").value = m.seq;
      const e = entries.find(x => x.seq === m.seq);
      const verdict = e && e.verdict ? (e.verdict.legal ? both("legal", "regelkonform") : both("ILLEGAL", "REGELVERSTOSS") + " " + (e.verdict.violations || []).map(v => v.rule).join(", ")) : "";
      const players = m.view.players.map(p => `<b>${esc(p.name)}</b> ${both("gold", "Gold")} ${p.gold} · ${both("hand", "Hand")}: ${(p.hand.cards || []).map(c => esc(c.name)).join(", ")} · ` +
        `${both("shadows", "Schatten")}: ${(p.shadows || []).map(s => esc((s.card && s.card.name) || "?")).join(", ")} · ${both("in play", "im Spiel")}: ${(p.play || []).map(c => esc(c.card.name)).join(", ")}`).join("<br>");
      el("moment").innerHTML = `<p>#${m.seq} ${e ? esc(e.kind) + " " + esc(e.data.type || e.data.type || "") + (e.undone ? " (" + both("undone", "zurückgenommen") + ")" : "") : ""} ${esc(verdict)}</p>` +
        `<p>${esc(m.view.phase)} · R${m.view.round}</p><p class="moment-players">${players}</p>`;
      el("table-panel").classList.remove("hidden");
    }
    el("scrub").oninput = () => selected && openTable(selected, +el("scrub").value);
    el("ruling-send").onclick = async () => {
      const type = el("ruling-type").value;
      const data = {type, text: el("ruling-text").value, request_id: rid()};
      if (type === "time_extension") data.minutes = +el("ruling-minutes").value;
      if (type === "penalty") data.penalty = el("ruling-penalty").value;
      await call("POST", `/api/event/${eventId}/games/${selected}/rulings`, data);
      el("ruling-text").value = "";
    };
    el("gtt").onclick = async () => {
      const out = await (await call("GET", `/api/event/${eventId}/games/${selected}/going-to-time`)).json();
      el("gtt-out").innerHTML = "<ol>" + out.steps.map(s => `<li>${esc(both(s.en, s.de))}: ${Object.entries(s.values).map(([k, v]) => `${esc(k)}=${esc(v)}`).join(", ")}${s.skipped ? " — " + esc(s.skipped) : ""}${s.decides ? " ✔" : ""}</li>`).join("") + "</ol>" +
        `<p class="gtt-winner">${out.winner ? both("Winner", "Sieger") + ": " + esc(out.winner) : both("The first player chooses", "Der Startspieler entscheidet") + ": " + esc(out.chooser)}</p>`;
    };
    for (const b of document.querySelectorAll("[data-result]")) {
      b.onclick = () => call("POST", `/api/event/${eventId}/games/${selected}/result`,
        {winner: b.dataset.result || null, reason: el("result-reason").value});
    }
    el("report").onclick = () => { location.href = `/e/${eventId}/report#key=${key}`; };
    el("export").onclick = async () => { const r = await call("GET", `/api/event/${eventId}/export`); download(await r.blob(), `event-${eventId}.zip`); };
    call("GET", `/api/event/${eventId}/dashboard`).then(r => r.json()).then(render);
    openStream(`/api/event/${eventId}/stream`, key, render, ok => { el("live").textContent = ok ? both("live", "live") : both("reconnecting…", "verbinde…"); });
    setInterval(() => latest && latest.clock && latest.clock.remaining !== null && (latest.clock.remaining -= 1, el("clock").textContent = clockText(latest.clock)), 1000);
  }

  // -- report -------------------------------------------------------------------------------------
  if (el("report-rows")) {
    call("GET", `/api/event/${eventId}/report`).then(r => r.json()).then(out => {
      el("ev-title").textContent = `${out.event.name} ${out.event.date}`;
      el("report-rows").innerHTML = out.tables.map(r => `<tr><td>${r.round}</td><td>${r.table}</td>` +
        `<td>${r.players.map(p => esc(p.seat + ": " + p.name)).join("<br>")}</td>` +
        `<td>${esc(r.result ? (r.result.winner_name || both("draw", "unentschieden")) + " " + (r.result.reason || "") : "–")}</td>` +
        `<td>${r.flags.map(f => esc(f.kind) + (f.rules.length ? " " + f.rules.map(x => `<a href="/rules#${esc(x)}">${esc(x)}</a>`).join(" ") : "")).join("<br>")}</td>` +
        `<td>${[...r.rulings, ...r.penalties].map(x => esc(x.type + (x.penalty ? " " + x.penalty : "") + (x.minutes ? " +" + x.minutes + "′" : "") + ": " + (x.text || ""))).join("<br>")}</td></tr>`).join("");
    });
    el("report-pdf").onclick = async () => { const r = await call("GET", `/api/event/${eventId}/report?format=pdf`); download(await r.blob(), "report.pdf"); };
    el("report-export").onclick = async () => { const r = await call("GET", `/api/event/${eventId}/export`); download(await r.blob(), `event-${eventId}.zip`); };
  }

  // -- rules ----------------------------------------------------------------------------------------
  if (el("rules")) {
    async function search() {
      const out = await (await fetch("/api/rules?q=" + encodeURIComponent(el("rules-q").value))).json();
      el("rules").innerHTML = out.rules.map(r => `<tr id="${esc(r.id)}"><td><code>${esc(r.id)}</code></td><td>${esc(r.citation_2e || "")}${r.citation_1e ? "<br>1E: " + esc(r.citation_1e) : ""}</td>` +
        `<td><span lang="en">${esc(r.en)}</span><span lang="de">${esc(r.de)}</span></td></tr>`).join("");
      if (location.hash) { const row = document.getElementById(location.hash.slice(1)); if (row) { row.classList.add("urgent"); row.scrollIntoView(); } }
    }
    el("rules-q").oninput = search;
    search();
  }
})();
