// The one reader of the server's live streams (a table's, an event's): fetch, not EventSource, so the key
// travels in the Authorization header; it reconnects by itself with Last-Event-ID, backs off while the server
// stays out of reach, and stops for good when the key is refused or revoked.
import {authHeaders} from "./request.js";

/**
 * Read Server-Sent Events from a fetch() response: onEvent(event, data, id) for each; it returns false to stop.
 * onHeard() at every word from the server (a keep-alive comment too).
 * Resolves "stopped" when told to stop, "ended" when the server closed the stream.
 */
async function readEvents(response, onEvent, onHeard = () => {}) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return "ended";
    onHeard();
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

//: The wait before reconnecting: 1 s after a drop, doubling while the server stays out of reach, at most 8 s.
const FIRST_WAIT = 1000, LONGEST_WAIT = 8000;
//: The server says something at least every 15 s (a keep-alive comment). This long without a word, the
//: connection is taken as stalled (a network that dropped it without a word) and made again, from the page's
//: version: a stalled stream would leave the page on an old table for good.
const SILENCE = 40000;

/**
 * Follow a live stream: onUpdate(data) for each ``eventName`` event, onState(true|false) as it connects and
 * drops, onRevoked() once when the server refuses the key (401/403) or says it was revoked; then it stops.
 * ``resumeFrom()`` gives the Last-Event-ID to send (default: the last id the stream sent). The phone coming
 * back online reconnects at once. Returns {close()}.
 */
export function openStream(url, {key, onUpdate, onState = () => {}, onRevoked = () => {}, resumeFrom = null,
                                 eventName = "update", silence = SILENCE}) {
  let last = null, stopped = false, closed = false, wake = () => {};
  const abort = new AbortController();
  const online = () => wake();
  window.addEventListener("online", online);
  (async () => {
    let wait = FIRST_WAIT, revoked = false;
    while (!stopped) {
      // Each connection has its own cut: the page's close() and the silence watch both end it.
      const attempt = new AbortController();
      const cut = () => attempt.abort();
      abort.signal.addEventListener("abort", cut);
      let quiet = setTimeout(cut, silence);
      const heard = () => { clearTimeout(quiet); quiet = setTimeout(cut, silence); };
      try {
        const headers = {...authHeaders(key), Accept: "text/event-stream"};
        const from = resumeFrom ? resumeFrom() : last;
        if (from !== null && from !== undefined) headers["Last-Event-ID"] = String(from);
        const r = await fetch(url, {headers, cache: "no-store", signal: attempt.signal});
        if (r.status === 401 || r.status === 403) stopped = revoked = true;  // this key was replaced, or never opened it
        else if (r.ok && r.body) {
          wait = FIRST_WAIT;
          onState(true);
          await readEvents(r, (event, data, id) => {
            if (closed) return false;
            if (id !== null) last = id;
            if (event === "revoked") { stopped = revoked = true; return false; }
            if (event === eventName && data) onUpdate(JSON.parse(data));
            return true;
          }, heard);
        }
      } catch { /* fall through: reconnect */ } finally {
        clearTimeout(quiet);
        abort.signal.removeEventListener("abort", cut);
      }
      if (closed) break;  // closed by the page: it says nothing more
      onState(false);
      if (stopped) break;
      await new Promise(res => { wake = res; setTimeout(res, wait); });
      wait = Math.min(wait * 2, LONGEST_WAIT);
    }
    window.removeEventListener("online", online);
    if (revoked) onRevoked();
  })();
  return {close() { stopped = closed = true; abort.abort(); wake(); }};
}
