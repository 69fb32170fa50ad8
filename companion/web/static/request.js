// Every call to the server goes through request(): JSON in and out, request ids, errors as answers, and the
// key only ever in the Authorization header (never in a query string, where logs and histories keep it).

/** The Authorization header for a key, or none. */
export const authHeaders = key => (key ? {Authorization: "Bearer " + key} : {});

/** A fresh request id: a write sent twice with the same id is recorded once. */
export function requestId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), b => b.toString(16).padStart(2, "0")).join("");
}

/**
 * JSON over fetch: {ok, status, data, network}. A network failure is not thrown: it is an answer.
 * ``body`` is sent as JSON; ``upload`` (a file or photo) is sent as it is, with its own Content-Type header.
 * ``as`` reads a successful answer as "json" (the default), "text" or "blob" (a file to save); a refusal is
 * read as JSON whatever ``as`` says, so its error can be shown.
 */
export async function request(url, {method = "GET", body, upload, key, headers = {}, as = "json"} = {}) {
  try {
    const r = await fetch(url, {method, headers: {...authHeaders(key), ...(body !== undefined ? {"Content-Type": "application/json"} : {}), ...headers},
      body: upload !== undefined ? upload : body !== undefined ? JSON.stringify(body) : undefined});
    let data = null;
    if (r.ok && as === "blob") data = await r.blob();
    else if (r.ok && as === "text") data = await r.text();
    else {
      try { data = await r.json(); } catch { data = {error: {code: "bad_answer", message: r.statusText, details: {}}}; }
    }
    return {ok: r.ok, status: r.status, data, network: false};
  } catch (err) {
    return {ok: false, status: 0, data: {error: {code: "offline", message: String(err), details: {}}}, network: true};
  }
}
