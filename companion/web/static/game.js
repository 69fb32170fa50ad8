// The table page: my area, the opponents' areas, the log, and two taps from a card to an action.
const gameId = document.getElementById("main").dataset.game;
const store = "companion:" + gameId;
const fromLink = new URLSearchParams(location.hash.slice(1)).get("key");
if (fromLink) { localStorage.setItem(store, fromLink); history.replaceState(null, "", location.pathname); }
const key = localStorage.getItem(store);
// Opening another join link for this game in the same tab only changes the #fragment: start again.
window.addEventListener("hashchange", () => location.reload());
const auth = key ? {Authorization: "Bearer " + key} : {};
let state = null, log = [], source = null;
const NEXT = {setup: "plot", plot: "draw", draw: "marshaling", marshaling: "challenges", challenges: "dominance",
              dominance: "standing", standing: "taxation", taxation: "plot"};

async function api(path, options = {}) {
  const r = await fetch("/api/games/" + gameId + path, {...options, headers: {...auth, "Content-Type": "application/json", ...(options.headers || {})}});
  let data = null;
  try { data = await r.json(); } catch { data = {error: {message: r.statusText}}; }
  return {ok: r.ok, status: r.status, data};
}

async function load() {
  const r = await api("/view");
  if (!r.ok) { showFlags([{message: r.data.error.message, citation: ""}]); return; }
  state = r.data;
  const l = await api("/log");
  if (l.ok) log = l.data.entries;
  render();
  listen();
}

function listen() {
  if (source) source.close();
  if (!key) return;  // live updates need a key of the game
  const live = document.getElementById("live");
  source = openStream("/api/games/" + gameId + "/events?since=" + state.version, key, u => {
    if (u.version < (state ? state.version : -1)) return;
    state = u.view;
    if (u.reload_log) { api("/log").then(l => { if (l.ok) { log = l.data.entries; render(); } }); }
    const known = new Set(log.map(e => e.seq));
    for (const e of u.entries) if (!known.has(e.seq)) log.push(e);
    render();
  }, on => live.classList.toggle("on", on));
}

const role = () => state ? state.role : "spectator";
const mySeat = () => state && state.viewer.seat;
const me = () => state.players.find(p => p.seat === mySeat());

async function send(action) {
  const r = await api("/actions", {method: "POST", body: JSON.stringify({action, expected_version: state.version})});
  closeSheet();
  document.getElementById("found").replaceChildren();
  document.getElementById("find").value = "";
  if (r.status === 409) { await load(); return send(action); }
  if (!r.ok) {
    const v = r.data.error.details && r.data.error.details.verdict;
    showFlags(v ? v.violations : [{message: r.data.error.message, citation: ""}], v ? v.notes : []);
    return;
  }
  state = r.data.view;
  if (!log.some(e => e.seq === r.data.entry.seq)) log.push(r.data.entry);
  showFlags(r.data.verdict.violations, r.data.verdict.notes);
  render();
}

function showFlags(violations, notes = []) {
  const box = document.getElementById("flags");
  box.replaceChildren();
  if (!violations.length && !notes.length) return;
  const flag = el("div", {class: "flag" + (violations.length ? "" : " ok"), role: "alert"});
  for (const v of violations) flag.append(el("div", {}, "⚑ " + msg(v)), el("div", {class: "cite"}, v.citation + (v.rule ? " · " + v.rule : "")));
  for (const n of notes) flag.append(el("div", {class: "note"}, msg(n)));
  flag.append(el("button", {onclick: () => box.replaceChildren()}, t("close")));
  box.append(flag);
  box.scrollIntoView({block: "nearest"});
}

function tokens(obj) { return Object.entries(obj || {}).map(([k, n]) => el("span", {class: "tok"}, `${n} ${k}`)); }

function cardRow(card, extra, onclick) {
  return el("li", {onclick, "data-card": card.id},
    el("div", {class: "grow"}, el("div", {}, (card.unique ? "◆ " : "") + card.name), el("div", {class: "muted"}, extra)),
    tokens(card.tokens));
}

function shadowsList(player, mine) {
  const ul = el("ul", {class: "cards", "data-shadows": player.seat});
  for (const s of player.shadows) {
    const age = t("rounds", s.rounds);
    const label = s.card ? s.card.name : "—";
    const alias = player.seat + ":shadows#" + s.position;
    ul.append(el("li", {onclick: () => s.card ? openCard(s.card.id, label) : openHidden(alias), "data-position": s.position},
      el("span", {class: "pos facedown"}, "#" + s.position),
      el("div", {class: "grow"}, el("div", {}, s.card ? (s.card.unique ? "◆ " : "") + label : t("opponentShadowsHelp")),
        el("div", {class: "muted"}, age + (s.card && s.card.shadow_costs.length ? ` · Shadow (${s.card.shadow_costs.join(", ")})` : ""))),
      tokens(s.tokens)));
  }
  if (!player.shadows.length) ul.append(el("li", {class: "muted"}, t("empty")));
  return ul;
}

function playList(player) {
  const ul = el("ul", {class: "cards"});
  for (const c of player.play) {
    const extra = [typeName(c.type), c.kneeling ? t("kneel") : null, c.duplicate_of ? "duplicate" : null,
                   c.attached_to ? "→ " + c.attached_to : null, c.controller !== c.owner ? "owner " + c.owner : null]
      .filter(Boolean).join(" · ");
    ul.append(cardRow(c, extra, () => openCard(c.id, c.name)));
  }
  if (!player.play.length) ul.append(el("li", {class: "muted"}, t("empty")));
  return ul;
}

function pileList(cards) {
  const ul = el("ul", {class: "cards"});
  for (const c of cards) ul.append(cardRow(c, typeName(c.type) + " · " + c.code, () => openCard(c.id, c.name)));
  if (!cards.length) ul.append(el("li", {class: "muted"}, t("empty")));
  return ul;
}

function render() {
  if (!state) return;
  applyStrings();
  const g = state.game;
  const who = mySeat() ? `${t("seat")} ${mySeat()}` : t(role());
  document.getElementById("title").textContent = g.title ? `${g.title} · ${who}` : who;
  document.getElementById("phase").textContent = `${t("round")} ${state.round} · ${phaseName(state.phase)} · v${state.version}`;
  const seat = mySeat();
  document.getElementById("me-gold").classList.toggle("hidden", !seat);
  document.getElementById("find-box").classList.toggle("hidden", !seat && role() !== "judge");
  document.getElementById("scan-box").classList.toggle("hidden", !seat && role() !== "judge");
  document.getElementById("judge-box").classList.toggle("hidden", role() !== "judge");
  document.getElementById("live-start").classList.toggle("hidden", !(window.isSecureContext && navigator.mediaDevices));
  const areas = document.getElementById("areas");
  areas.replaceChildren();
  if (!key) areas.append(el("section", {class: "muted"}, t("noKey")));
  const mine = seat ? me() : null;
  if (mine) {
    document.getElementById("gold").textContent = mine.gold;
    const noDeck = mine.deck.count === 0 && mine.hand.count === 0 && !mine.shadows.length && !mine.play.length;
    document.getElementById("deck-box").classList.toggle("hidden", !noDeck || state.version > 20);
    if (noDeck) fillSavedDecks();
    const pass = state.edition === "1e" && mine.shadows_opportunity === "open" && mine.shadows.length
      ? el("button", {id: "pass-shadows", onclick: () => send({type: "pass_shadows", player: seat})}, t("passShadows")) : null;
    areas.append(el("section", {id: "my-shadows"}, el("h2", {}, t("myShadows")), shadowsList(mine, true), pass));
    if (mine.hand.cards && mine.hand.cards.length) areas.append(el("section", {}, el("h2", {}, t("myHand")), pileList(mine.hand.cards)));
    areas.append(el("section", {}, el("h2", {}, t("myPlay")), playList(mine),
      el("div", {class: "muted"}, `${mine.deck.count} ${t("cardsLeft")} · ${mine.hand.count} ${t("hand")}`)));
  }
  for (const p of state.players) {
    if (p.seat === seat) continue;
    areas.append(el("section", {"data-seat": p.seat},
      el("h2", {}, `${t(seat ? "opponent" : "seat")} ${p.name} · ${t("gold")} ${p.gold}`),
      el("div", {class: "muted"}, t("shadows")), shadowsList(p, false),
      el("div", {class: "muted"}, t("inPlay")), playList(p),
      el("div", {class: "muted"}, `${p.hand.count} ${t("hand")} · ${p.deck.count} ${t("cardsLeft")}`)));
  }
  const dead = el("section", {}, el("h2", {}, t("dead")));
  for (const p of state.players) dead.append(el("div", {class: "muted"}, p.name), pileList(p.dead));
  areas.append(dead);
  const uniques = state.players.flatMap(p => p.uniques_in_play.map(n => `${n} (${p.seat})`));
  areas.append(el("section", {}, el("h2", {}, t("uniques")), el("div", {}, uniques.join(", ") || t("empty"))));
  renderLog();
}

function renderLog() {
  const ul = document.getElementById("log");
  ul.replaceChildren();
  for (const e of [...log].reverse().slice(0, 60)) {
    const d = e.kind === "undo" ? e.data.action : e.data;
    let text = e.kind === "deck" ? `${e.data.seat}: ${t("deck")}` : actName(d.type || e.kind);
    if (e.kind === "undo") text = t("undo") + ": " + text;
    const who = [d.player, d.card, d.phase, d.amount].filter(x => x !== undefined).join(" ");
    const li = el("li", {}, el("div", {}, `#${e.seq} ${text} `, el("span", {class: "muted"}, who)));
    if (e.verdict && e.verdict.hidden) li.append(el("div", {class: "note"}, t("hiddenDetails")));
    for (const v of (e.verdict ? e.verdict.violations : [])) li.append(el("div", {class: "flag"}, "⚑ " + msg(v), el("div", {class: "cite"}, v.citation)));
    ul.append(li);
  }
}

function closeSheet() { document.getElementById("sheet").classList.add("hidden"); }

async function openCard(cardId, name) {
  if (!mySeat() && role() !== "judge") return;
  document.getElementById("flags").replaceChildren();
  const r = await api("/cards/" + encodeURIComponent(cardId) + "/actions");
  const sheet = document.getElementById("sheet");
  sheet.replaceChildren(el("h3", {}, name), el("div", {class: "muted"}, cardId));
  if (!r.ok) { sheet.append(el("div", {class: "flag"}, r.data.error.message)); }
  else for (const s of r.data.actions) {
    const label = actName(s.action.type) + (s.action.kind ? ` (${s.action.kind})` : "") + (s.target ? ` → ${s.target}` : "");
    const b = el("button", {class: s.legal ? "" : "illegal", onclick: () => send(s.action), "data-action": s.action.type},
      (s.legal ? "" : "⚑ ") + label);
    sheet.append(b);
    for (const v of s.violations) sheet.append(el("div", {class: "note"}, msg(v) + " — " + v.citation));
  }
  sheet.append(el("button", {onclick: closeSheet}, t("close")));
  sheet.classList.remove("hidden");
}

function openHidden(alias) {
  if (!mySeat() && role() !== "judge") return;
  const sheet = document.getElementById("sheet");
  sheet.replaceChildren(el("h3", {}, alias), el("div", {class: "muted"}, t("opponentShadowsHelp")));
  for (const action of [{type: "place_tokens", kind: "shadow", amount: 1}, {type: "discard"}]) {
    sheet.append(el("button", {onclick: () => send({...action, player: mySeat() || alias.split(":")[0], card: alias})}, actName(action.type)));
  }
  sheet.append(el("button", {onclick: closeSheet}, t("close")));
  sheet.classList.remove("hidden");
}

document.getElementById("gold-plus").onclick = () => send({type: "gain_gold", player: mySeat(), amount: 1});
document.getElementById("gold-minus").onclick = () => send({type: "spend_gold", player: mySeat(), amount: 1});
document.getElementById("next-phase").onclick = () => send({type: "begin_phase", phase: NEXT[state.phase]});
document.getElementById("undo").onclick = async () => {
  const r = await api("/undo", {method: "POST", body: JSON.stringify({expected_version: state.version})});
  if (!r.ok) { showFlags([{message: r.data.error.message, citation: ""}]); return; }
  state = r.data.view; log.push(r.data.entry); render();
};
// Decks a player imported before stay on their own phone (never on the server) to pick again.
const SAVED = "companion:decks";
const savedDecks = () => JSON.parse(localStorage.getItem(SAVED) || "[]");
function fillSavedDecks() {
  const list = savedDecks().filter(d => d.edition === state.edition);
  document.getElementById("saved-box").classList.toggle("hidden", !list.length);
  const select = document.getElementById("saved-decks");
  select.replaceChildren(el("option", {value: ""}, "—"), ...list.map((d, i) => el("option", {value: String(i)}, d.name)));
  select.onchange = () => {
    const d = list[Number(select.value)];
    if (d) { document.getElementById("deck-text").value = d.text; document.getElementById("deck-tag").value = d.tag || ""; }
  };
}
document.getElementById("deck-send").onclick = async () => {
  const text = document.getElementById("deck-text").value, tag = document.getElementById("deck-tag").value.trim();
  const r = await api("/seats/" + mySeat() + "/deck", {method: "PUT", body: JSON.stringify({text, expected_version: state.version, ...(tag ? {tag} : {})})});
  if (r.ok) {
    const name = text.split("\n").map(l => l.trim()).find(l => l && !/^\d/.test(l)) || "deck";
    const others = savedDecks().filter(d => d.text !== text);
    localStorage.setItem(SAVED, JSON.stringify([{name, text, tag, edition: state.edition}, ...others].slice(0, 20)));
  }
  if (!r.ok) {
    const problems = (r.data.error.details.problems || []).map(p => ({message: `${p.line ? "line " + p.line + ": " : ""}${p.text} — ${p.message}${p.suggestions.length ? " (" + p.suggestions.join(", ") + ")" : ""}`, citation: ""}));
    showFlags(problems.length ? problems : [{message: r.data.error.message, citation: ""}]);
    return;
  }
  await load();
};
// The judge downloads the hash-verified log in the format `companion check` reads.
document.getElementById("export").onclick = async () => {
  const r = await fetch("/api/games/" + gameId + "/export", {headers: auth});
  if (!r.ok) { const d = await r.json(); showFlags([{message: d.error.message, citation: ""}]); return; }
  const link = el("a", {href: URL.createObjectURL(await r.blob()), download: gameId + ".jsonl"});
  document.body.append(link); link.click(); link.remove();
};
let findTimer;
document.getElementById("find").addEventListener("input", ev => {
  clearTimeout(findTimer);
  findTimer = setTimeout(async () => {
    const ul = document.getElementById("found");
    ul.replaceChildren();
    if (!ev.target.value.trim()) return;
    const r = await api("/find?q=" + encodeURIComponent(ev.target.value));
    if (!r.ok) return;
    for (const c of r.data) ul.append(el("li", {onclick: () => openCard(c.id, c.name), "data-card": c.id},
      el("div", {class: "grow"}, el("div", {}, c.name), el("div", {class: "muted"}, `${c.id} · ${c.zone}`))));
  }, 150);
});
// Scanning: a photo (works over plain http) or, in a secure context, the live camera.
async function scanImage(blob) {
  const list = document.getElementById("scanned");
  list.replaceChildren(el("li", {class: "muted"}, t("scanning")));
  const r = await fetch("/api/scan?game=" + gameId, {method: "POST", body: blob,
    headers: {...auth, "Content-Type": blob.type || "image/jpeg"}});
  const d = await r.json();
  list.replaceChildren();
  if (!r.ok) { showFlags([{message: d.error.message, citation: ""}]); return 0; }
  if (!d.codes.length) { list.append(el("li", {class: "muted"}, d.message || t("noCode"))); return 0; }
  const cards = d.codes.filter(c => c.status === "ok");
  for (const c of d.codes) {
    list.append(el("li", c.card ? {onclick: () => openCard(c.card.id, c.card.name), "data-card": c.card.id} : {},
      el("div", {class: "grow"}, el("div", {}, c.card ? c.card.name : c.message),
        el("div", {class: "muted"}, c.card ? `${c.card.id} · ${c.card.zone}` : c.status))));
  }
  if (cards.length === 1) openCard(cards[0].card.id, cards[0].card.name);  // one card: straight to its actions
  return cards.length;
}
document.getElementById("photo").addEventListener("change", ev => { if (ev.target.files[0]) scanImage(ev.target.files[0]); ev.target.value = ""; });
document.getElementById("live-start").onclick = async () => {
  const video = document.getElementById("camera");
  const stream = await navigator.mediaDevices.getUserMedia({video: {facingMode: "environment", width: 1920, height: 1080}});
  video.srcObject = stream; video.classList.remove("hidden"); await video.play();
  const canvas = document.createElement("canvas");
  const stop = () => { stream.getTracks().forEach(tr => tr.stop()); video.classList.add("hidden"); };
  const tick = async () => {
    if (video.classList.contains("hidden")) return;
    canvas.width = video.videoWidth; canvas.height = video.videoHeight;
    canvas.getContext("2d").drawImage(video, 0, 0);
    const blob = await new Promise(res => canvas.toBlob(res, "image/jpeg", 0.85));
    if (await scanImage(blob)) { stop(); return; }
    setTimeout(tick, 400);
  };
  tick();
};
window.render = render;
applyStrings();
load();
