// The game's log as files: its hash chain checked by the server, the log saved, and the judge's export in the format
// `companion check` reads.
import {saveFile} from "./dom.js";
import {errorText, t} from "./messages.js";
import {request} from "./request.js";

/** The server checks the log's hash chain; what it says goes into ``out`` (``entries``: the log as this page has it). */
export async function verifyLog(client, out, entries) {
  const r = await client.get("/verify");
  if (r.ok && r.data.ok !== false) out.textContent = t("verifyOk", {entries: r.data.entries ?? r.data.length ?? entries});
  else out.textContent = t("verifyBad", {message: typeof r.data.error === "string" ? r.data.error : (r.data.error || {}).message});
}

export async function downloadLog(client, gameId) {
  const r = await request(client.base + "/log", {key: client.key, as: "blob"});
  if (r.ok) saveFile(r.data, gameId + "-log.json");
}

/** The judge downloads the hash-verified log in the format `companion check` reads. */
export async function exportLog(client, gameId, showFlag) {
  const r = await request(client.base + "/export", {key: client.key, as: "blob"});
  if (!r.ok) { showFlag({kind: "refused", text: () => errorText(r.data.error)}); return; }
  saveFile(r.data, gameId + ".jsonl");
}
