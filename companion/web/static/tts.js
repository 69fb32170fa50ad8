import {el} from "./dom.js";
import {citation, errorText, hasMessage, lang, msg, t, tokenName} from "./messages.js";
import {request} from "./request.js";
// The TTS upload page: read a save, and with a judge key compare it with a tracked game.
/** TTS's own colour name ("Red") in the reader's language; a colour TTS does not have stays as it is. */
const colourName = c => (hasMessage("ttsColour." + c) ? t("ttsColour." + c) : c);
/** A difference in the reader's language (the server's message is English, for the command line). */
function diffText(d) {
  const params = {colour: colourName(d.colour), seat: d.seat || "", card: d.name || d.code || "", count: d.count || 0};
  const kind = d.kind === "entered" || d.kind === "left" ? (d.action ? d.kind : "untracked") : d.kind;
  return hasMessage("ttsDiff." + kind) ? t("ttsDiff." + kind, params) : d.message;
}
document.getElementById("go").addEventListener("click", async () => {
  const out = document.getElementById("out"), file = document.getElementById("file").files[0];
  out.replaceChildren();
  if (!file) return;
  const game = document.getElementById("game").value.trim(), key = document.getElementById("key").value.trim();
  // lang: why a card is not identified comes in the page's language (the button's, not the browser's).
  const r = await request(`/api/tts/import?lang=${lang()}` + (game ? "&game=" + encodeURIComponent(game) : ""), {method: "POST",
    upload: file, key, headers: {"Content-Type": "application/json"}});
  const d = r.data;
  if (!r.ok) { out.append(el("div", {class: "flag"}, errorText(d.error))); return; }
  out.append(el("p", {}, t("ttsCounts", {shape: d.shape, ...d.counts})));
  for (const [colour, p] of Object.entries(d.players)) {
    const ul = el("ul", {class: "cards"});
    for (const s of p.shadows) ul.append(el("li", {}, el("span", {class: "pos facedown"}, "#" + s.position),
      el("div", {class: "grow"}, s.name || "?", el("div", {class: "muted"}, (s.code || "") + (s.face_down ? "" : " · " + t("faceUp")))),
      ...Object.entries(s.tokens || {}).map(([k, n]) => el("span", {class: "tok"}, `${n} ${tokenName(k)}`))));
    out.append(el("section", {}, el("h2", {}, t("ttsPlayer", {colour: colourName(colour), hand: p.hand, dead: p.dead.length, play: p.play.length})), ul));
  }
  if (d.differences) {
    const box = el("section", {}, el("h2", {}, t("ttsDiff")));
    for (const diff of d.differences) box.append(el("div", {class: diff.legal === false ? "flag" : "note"}, diffText(diff),
      ...(diff.violations || []).map(v => el("div", {class: "cite"}, msg(v) + " — " + citation(v.citation)))));
    out.append(box);
  }
  for (const u of d.unidentified.slice(0, 30)) out.append(el("div", {class: "note"}, `${u.name || u.guid}: ${u.reason}`));
});
