// Server-Sent Events over fetch(), so the key travels in the Authorization header and never in a URL.
// Reconnects with Last-Event-ID after a drop; stops when the server says the key was revoked.
function openStream(url, key, onUpdate, onState) {
  let last = null, stopped = false, controller = null;
  async function run() {
    while (!stopped) {
      controller = new AbortController();
      try {
        const headers = {Accept: "text/event-stream"};
        if (key) headers.Authorization = "Bearer " + key;
        if (last !== null) headers["Last-Event-ID"] = String(last);
        const r = await fetch(url, {headers, signal: controller.signal, cache: "no-store"});
        if (!r.ok) { onState && onState(false, r.status); if (r.status === 401 || r.status === 403) return; }
        else {
          onState && onState(true, r.status);
          const reader = r.body.getReader(), decoder = new TextDecoder();
          let buffer = "";
          for (;;) {
            const {value, done} = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, {stream: true});
            let cut;
            while ((cut = buffer.indexOf("\n\n")) >= 0) {
              const block = buffer.slice(0, cut); buffer = buffer.slice(cut + 2);
              let event = "message", data = "", id = null;
              for (const line of block.split("\n")) {
                if (line.startsWith("event:")) event = line.slice(6).trim();
                else if (line.startsWith("data:")) data += line.slice(5).trim();
                else if (line.startsWith("id:")) id = line.slice(3).trim();
              }
              if (id !== null) last = id;
              if (event === "revoked") { stopped = true; onState && onState(false, 401); return; }
              if (event === "update" && data) onUpdate(JSON.parse(data));
            }
          }
        }
      } catch (e) { if (stopped) return; }
      onState && onState(false, 0);
      await new Promise(ok => setTimeout(ok, 1000));
    }
  }
  run();
  return {close() { stopped = true; if (controller) controller.abort(); }};
}
