// The one browser client every page uses: the message catalogue, join keys, API calls with request ids,
// version conflicts, the live event stream (fetch, so the key stays in a header), and the offline queue.
"use strict";

// -- messages ------------------------------------------------------------------------------------
let MESSAGES = {en: {}, de: {}};
let LANG = localStorage.getItem("companion:lang") || document.documentElement.lang ||
  ((navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en");
if (!["en", "de"].includes(LANG)) LANG = "en";
const lang = () => LANG;
const messagesReady = fetch("/messages.json").then(r => r.json()).then(m => { MESSAGES = m; applyStrings(); })
  .catch(() => {});

/** A message by id with its {named} placeholders filled. */
function t(id, params = {}) {
  const tpl = MESSAGES[LANG][id] ?? MESSAGES.en[id] ?? id;
  return tpl.replace(/\{(\w+)\}/g, (all, k) => (params[k] !== undefined && params[k] !== null ? String(params[k]) : all));
}
const hasMessage = id => id in MESSAGES.en;
/** "1 round" / "3 rounds": ids ending in .one and .other. */
const tn = (id, n, params = {}) => t(id + (n === 1 ? ".one" : ".other"), {n, ...params});
const actName = type => (hasMessage("action." + type) ? t("action." + type) : type);
const phaseName = p => t("phase." + p);
const typeName = x => (hasMessage("type." + x) ? t("type." + x) : x);
const tokenName = k => (hasMessage("token." + k) ? t("token." + k) : k);
/** A rule citation with each heading in the reader's language: "RR: Schatten › Einzigartige Karten und die Schatten". */
function citation(heading) {
  if (!heading) return "";
  const i = heading.indexOf(": ");
  const parts = i >= 0 ? [heading.slice(0, i), ...heading.slice(i + 2).split(" › ")] : heading.split(" › ");
  const shown = parts.map(p => (hasMessage("cite." + p) ? t("cite." + p) : p));
  return i >= 0 ? `${shown[0]}: ${shown.slice(1).join(" › ")}` : shown.join(" › ");
}
/** A server error in the reader's language: the catalogue's text for its code, or (in English, or for a code the
 * catalogue does not know) the server's own, more specific message. */
function errorText(error) {
  if (!error) return "";
  if (typeof error === "string") return error;
  const id = "error." + error.code;
  return LANG !== "en" && hasMessage(id) ? t(id) : error.message;
}

/** A verdict's placeholder value (companion/rules/verdict.py): a list, another message {msg, …}, a card
 * {name, card?} (the server leaves the instance id in for the judge only; a card the reader may not see
 * arrives as its position, a message), or text. */
function paramText(v) {
  if (Array.isArray(v)) return v.map(paramText).join(", ");
  if (v && typeof v === "object") {
    if (v.msg) return t(v.msg, paramsText(Object.fromEntries(Object.entries(v).filter(([k]) => k !== "msg"))));
    return v.card ? t("ref.judge", {name: v.name, card: v.card}) : String(v.name ?? "");
  }
  return String(v ?? "");
}
const paramsText = params => Object.fromEntries(Object.entries(params || {}).map(([k, v]) => [k, paramText(v)]));
/** A rule violation or note in the reader's language: its message rule.<id> / note.<kind> and its values. */
function msg(obj) {
  if (obj.params) return t(obj.rule ? "rule." + obj.rule : "note." + obj.kind, paramsText(obj.params));
  // Verdicts written before the catalogue held the rules' text carry it, with "[A 01089#1]" after card names.
  const text = LANG === "de" ? (obj.message_de || obj.message) : obj.message;
  return ROLE_IS_JUDGE ? text : String(text || "").replace(/\s*\[[^\][]*#\d+\]/g, "");
}
let ROLE_IS_JUDGE = false;  // set by the game page: old verdicts keep their instance ids for the judge
function applyStrings() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-t]").forEach(e => { if (hasMessage(e.dataset.t)) e.textContent = t(e.dataset.t); });
  document.querySelectorAll("[data-tp]").forEach(e => { if (hasMessage(e.dataset.tp)) e.placeholder = t(e.dataset.tp); });
  document.querySelectorAll("[data-ta]").forEach(e => { if (hasMessage(e.dataset.ta)) e.setAttribute("aria-label", t(e.dataset.ta)); });
}
function toggleLanguage() {
  LANG = LANG === "de" ? "en" : "de";
  localStorage.setItem("companion:lang", LANG);
  applyStrings();
  if (window.render) window.render();
  if (window.relabel) window.relabel();  // what a page drew outside render(): open sheets, lists
}

/** Build an element: el("li", {class: "x", onclick: fn}, child, …). */
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

// -- keys: from the join link's #fragment, kept on this phone, sent only as a header -------------
function keyFor(scope) {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("key");
  if (fromLink) { localStorage.setItem(scope, fromLink); history.replaceState(null, "", location.pathname + location.search); }
  // Opening another join link for this game in the same tab only changes the #fragment: start again.
  window.addEventListener("hashchange", () => location.reload());
  return localStorage.getItem(scope);
}
const authHeaders = key => (key ? {Authorization: "Bearer " + key} : {});

function requestId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), b => b.toString(16).padStart(2, "0")).join("");
}

/** JSON over fetch: {ok, status, data, network}. A network failure is not thrown: it is an answer. */
async function request(url, {method = "GET", body, key, headers = {}} = {}) {
  try {
    const r = await fetch(url, {method, headers: {...authHeaders(key), ...(body !== undefined ? {"Content-Type": "application/json"} : {}), ...headers},
      body: body !== undefined ? JSON.stringify(body) : undefined});
    let data = null;
    try { data = await r.json(); } catch { data = {error: {code: "bad_answer", message: r.statusText, details: {}}}; }
    return {ok: r.ok, status: r.status, data, network: false};
  } catch (err) {
    return {ok: false, status: 0, data: {error: {code: "offline", message: String(err), details: {}}}, network: true};
  }
}

/**
 * One game's connection: reads, writes with request ids and expected versions, the live stream and the
 * offline queue. ``base`` is the game's API path; ``version()`` the version the page shows now.
 */
class TableClient {
  constructor({base, scope, version, onUpdate, onStatus, onFlag}) {
    this.base = base;
    this.key = keyFor(scope);
    this.version = version;
    this.onUpdate = onUpdate;
    this.onStatus = onStatus || (() => {});
    this.onFlag = onFlag || (() => {});
    this.queueKey = "companion:queue:" + base;
    this.live = false;
    window.addEventListener("online", () => this.flush());
    window.addEventListener("offline", () => this.status());
  }

  get(path) { return request(this.base + path, {key: this.key}); }

  queue() { return JSON.parse(localStorage.getItem(this.queueKey) || "[]"); }
  saveQueue(q) { localStorage.setItem(this.queueKey, JSON.stringify(q)); this.status(); }
  status() { this.onStatus({online: navigator.onLine && this.live, waiting: this.queue().length}); }

  /**
   * Send a write. ``commutative`` writes (gold and power deltas) are re-sent on a version conflict;
   * others never are: the page shows the new state and the player decides again.
   * Returns the answer, or {queued: true} when the tap waits for the connection.
   */
  async write(path, body, {commutative = false, label = "", button = null, method = "POST"} = {}) {
    const item = {path, method, body: {...body, request_id: body.request_id || requestId()}, commutative, label};
    if (this.queue().length || !navigator.onLine) {
      this.saveQueue([...this.queue(), item]);
      if (navigator.onLine) this.flush();
      return {queued: true};
    }
    if (button) button.disabled = true;
    try {
      return await this.send(item);
    } finally {
      if (button) button.disabled = false;
    }
  }

  async send(item, retried = false) {
    const r = await request(this.base + item.path, {method: item.method, key: this.key,
      body: {...item.body, expected_version: this.version()}});
    if (r.network) { this.saveQueue([...this.queue(), item]); this.live = false; this.status(); return {queued: true}; }
    if (r.status === 409 && r.data.error && r.data.error.code === "version_conflict") {
      await this.refresh();
      if (item.commutative && !retried) return this.send({...item, body: {...item.body, request_id: requestId()}}, true);
      this.onFlag({conflict: true, label: item.label});
    }
    return r;
  }

  /** Send the taps made offline, in order, each with its own request id. */
  async flush() {
    if (this.flushing) return;
    this.flushing = true;
    try {
      let q = this.queue();
      while (q.length && navigator.onLine) {
        const item = q[0];
        const r = await request(this.base + item.path, {method: item.method, key: this.key,
          body: {...item.body, expected_version: this.version()}});
        if (r.network) break;
        q = q.slice(1);
        this.saveQueue(q);
        if (r.status === 409) {
          await this.refresh();
          if (item.commutative) {
            const again = await this.send({...item, body: {...item.body, request_id: requestId()}}, true);
            if (again.ok && again.data.view) this.onUpdate({view: again.data.view, entries: again.data.entry ? [again.data.entry] : []});
          } else this.onFlag({notResent: true, label: item.label});
        } else if (r.ok && r.data.view) {
          this.onUpdate({view: r.data.view, entries: r.data.entry ? [r.data.entry] : []});
        }
      }
    } finally {
      this.flushing = false;
      this.status();
    }
  }

  /**
   * Tamper evidence where players look: remember the newest point of the log this phone saw (version and
   * short head hash); on the next load ask the server whether the log still holds it. Returns a warning, or "".
   */
  async checkSeen(view) {
    if (!view || !view.head) return "";
    const k = "companion:seen:" + this.base;
    const before = JSON.parse(localStorage.getItem(k) || "null");
    let warning = "";
    if (view.integrity && view.integrity.ok === false) warning = t("tamper.broken");
    if (before && !this.seenChecked) {
      this.seenChecked = true;
      const r = await this.get("/verify?seen=" + before.version + ":" + before.head);
      if (r.ok && r.data.seen && r.data.seen !== "ok") warning = t("tamper." + r.data.seen, {version: before.version});
    }
    this.seenChecked = true;
    if (!warning && (!before || view.version >= before.version)) {
      localStorage.setItem(k, JSON.stringify({version: view.version, head: view.head}));
    }
    return warning;
  }

  async refresh() {
    const r = await this.get("/view");
    if (r.ok) this.onUpdate({view: r.data, entries: [], reloadLog: true});
  }

  /** The live stream, read with fetch so the key travels in the Authorization header. Reconnects by itself. */
  async listen(path = "/events", eventName = "update") {
    for (;;) {
      try {
        const r = await fetch(this.base + path, {headers: {...authHeaders(this.key), Accept: "text/event-stream",
          "Last-Event-ID": String(this.version())}});
        if (r.status === 401 || r.status === 403) {  // this link was replaced or never opened this game
          this.live = false; this.status(); this.onFlag({revoked: true}); return;
        }
        if (!r.ok || !r.body) throw new Error("stream " + r.status);
        this.live = true;
        this.status();
        this.flush();
        const ended = await readEvents(r, (event, data) => {
          if (event === "revoked") { this.live = false; this.status(); this.onFlag({revoked: true}); return false; }
          if (event === eventName && data) this.onUpdate(JSON.parse(data), true);
          return true;
        });
        if (ended === "stopped") return;
      } catch { /* fall through: reconnect */ }
      this.live = false;
      this.status();
      await new Promise(res => setTimeout(res, 1000));
    }
  }
}

/**
 * Read Server-Sent Events from a fetch() response: onEvent(event, data, id) for each; it returns false to stop.
 * Resolves "stopped" when told to stop, "ended" when the server closed the stream.
 */
async function readEvents(response, onEvent) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return "ended";
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = "message", data = "", id = null;
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
        else if (line.startsWith("id:")) id = line.slice(3).trim();
      }
      if (onEvent(event, data, id) === false) { reader.cancel(); return "stopped"; }
    }
  }
}

/**
 * A live stream for pages without a TableClient (the judge's dashboard): fetch, so the key stays in the
 * Authorization header; reconnects after a drop with Last-Event-ID; stops when the key is refused or revoked.
 */
function openStream(url, key, onUpdate, onState = () => {}) {
  let last = null, stopped = false;
  (async () => {
    while (!stopped) {
      try {
        const headers = {...authHeaders(key), Accept: "text/event-stream"};
        if (last !== null) headers["Last-Event-ID"] = last;
        const r = await fetch(url, {headers, cache: "no-store"});
        if (r.status === 401 || r.status === 403) { onState(false); return; }
        if (r.ok && r.body) {
          onState(true);
          await readEvents(r, (event, data, id) => {
            if (id !== null) last = id;
            if (event === "revoked") { stopped = true; return false; }
            if (event === "update" && data) onUpdate(JSON.parse(data));
            return true;
          });
        }
      } catch { /* reconnect */ }
      onState(false);
      if (!stopped) await new Promise(res => setTimeout(res, 1000));
    }
  })();
  return {close() { stopped = true; }};
}

/** A burst of taps on one counter becomes one action with the sum, sent after a short pause. */
class Coalescer {
  constructor(send, delay = 700) { this.send = send; this.delay = delay; this.pending = new Map(); }
  add(key, delta, meta) {
    const p = this.pending.get(key) || {delta: 0, meta};
    p.delta += delta;
    clearTimeout(p.timer);
    p.timer = setTimeout(() => this.fire(key), this.delay);
    this.pending.set(key, p);
  }
  delta(key) { return (this.pending.get(key) || {delta: 0}).delta; }
  async fire(key) {
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    clearTimeout(p.timer);
    if (p.delta) await this.send(p.delta, p.meta);
  }
  async flushAll() { for (const k of [...this.pending.keys()]) await this.fire(k); }
}

/** A bottom sheet that asks before something cannot be taken back. Resolves true or false. */
function confirmSheet(text) {
  return new Promise(resolve => {
    const sheet = el("div", {class: "sheet confirm", role: "dialog"});
    const done = answer => { sheet.remove(); resolve(answer); };
    sheet.append(el("h3", {}, t("confirmTitle")), el("p", {}, text),
      el("button", {class: "primary", "data-confirm": "yes", onclick: () => done(true)}, t("yes")),
      el("button", {"data-confirm": "no", onclick: () => done(false)}, t("cancel")));
    document.body.append(sheet);
  });
}

// Every page: the language button, no inline handlers.
document.addEventListener("click", ev => {
  if (ev.target.closest("[data-lang-toggle]")) toggleLanguage();
});
