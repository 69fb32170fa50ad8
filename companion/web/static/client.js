// A table's connection, for the pages of one game (the AGoT table, the Shadow Empire): its join key, writes with
// request ids and expected versions, version conflicts, the live stream and the offline queue.
import {t} from "./messages.js";
import {request, requestId} from "./request.js";
import {openStream} from "./stream.js";

// -- keys: from the join link's #fragment, kept on this phone, sent only as a header -------------
export function keyFor(scope) {
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("key");
  if (fromLink) { localStorage.setItem(scope, fromLink); history.replaceState(null, "", location.pathname + location.search); }
  // Opening another join link for this game in the same tab only changes the #fragment: start again.
  window.addEventListener("hashchange", () => location.reload());
  return localStorage.getItem(scope);
}

/** A write's move, without its request id (each tap has its own). */
const moveOf = item => JSON.stringify({...item.body, request_id: undefined});

/**
 * One game's connection: reads, writes with request ids and expected versions, the live stream and the
 * offline queue. ``base`` is the game's API path; ``version()`` the version the page shows now.
 */
export class TableClient {
  constructor({base, scope, version, onUpdate, onStatus, onFlag, onAnswer}) {
    this.base = base;
    this.scope = scope;
    this.key = keyFor(scope);
    this.version = version;
    this.onUpdate = onUpdate;
    this.onStatus = onStatus || (() => {});
    this.onFlag = onFlag || (() => {});
    // The answer to a tap that waited offline, for the page to draw as it draws any answer (its flag, a refusal):
    // without it only the view is taken, and the player never learns the move was flagged.
    this.onAnswer = onAnswer || (r => { if (r.ok && r.data.view) this.onUpdate({view: r.data.view, entries: r.data.entry ? [r.data.entry] : []}); });
    this.queueKey = "companion:queue:" + base;
    this.live = false;
    // One write at a time, each sent with the newest version this phone's own writes made: a second tap made
    // before the first one's answer (income, then "done") is no conflict with the player's own move.
    this.writing = Promise.resolve();
    this.ownVersion = 0;
    window.addEventListener("online", () => this.flush());
    window.addEventListener("offline", () => this.status());
  }

  get(path) { return request(this.base + path, {key: this.key}); }

  /** This phone's key was renewed: it opens nothing now, so neither it nor the taps waiting to go with it stay in
   * the phone's storage (whoever finds a lost phone finds no key of the game in it). */
  forget() {
    this.key = null;
    localStorage.removeItem(this.scope);
    localStorage.removeItem(this.queueKey);
  }

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
      // Offline the page cannot change, so the button tapped stays: the same move tapped again waits once (sent
      // twice, the second would be recorded against the table the first one made: income collected twice).
      const same = w => !w.commutative && w.path === item.path && w.method === item.method && moveOf(w) === moveOf(item);
      if (!commutative && this.queue().some(same)) return {queued: true, again: true};
      this.saveQueue([...this.queue(), item]);
      if (navigator.onLine) this.flush();
      return {queued: true};
    }
    if (button) button.disabled = true;
    const sent = this.writing.then(() => this.send(item));
    this.writing = sent.catch(() => {});
    try {
      return await sent;
    } finally {
      if (button) button.disabled = false;
    }
  }

  /** The version a write is sent against: the page's, or the one this phone's own last write made if newer. */
  expected() { return Math.max(this.version(), this.ownVersion); }

  /** An answer to this phone's write: the version its entry made counts as seen by this phone. */
  own(r) {
    if (r.ok && r.data && Number.isInteger(r.data.version)) this.ownVersion = Math.max(this.ownVersion, r.data.version);
    return r;
  }

  async send(item, retried = false) {
    const r = this.own(await request(this.base + item.path, {method: item.method, key: this.key,
      body: {...item.body, expected_version: this.expected()}}));
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
        const r = this.own(await request(this.base + item.path, {method: item.method, key: this.key,
          body: {...item.body, expected_version: this.expected()}}));
        if (r.network) break;
        q = q.slice(1);
        this.saveQueue(q);
        if (r.status === 409) {
          await this.refresh();
          if (item.commutative) {
            const again = await this.send({...item, body: {...item.body, request_id: requestId()}}, true);
            if (again.status !== 409) this.onAnswer(again);
          } else this.onFlag({notResent: true, label: item.label});
        } else {
          this.onAnswer(r);
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

  /** The table's live stream (stream.js): each update on the page, the offline taps sent once it is back. */
  listen(path = "/events", eventName = "update") {
    openStream(this.base + path, {key: this.key, eventName, resumeFrom: () => String(this.version()),
      onUpdate: u => this.onUpdate(u),
      onState: live => { this.live = live; this.status(); if (live) this.flush(); },
      onRevoked: () => this.onFlag({revoked: true})});
  }
}

/** A burst of taps on one counter becomes one action with the sum, sent after a short pause. */
export class Coalescer {
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
