// The host page: a join code per seat, a new link for a lost phone, and how to let phones in.
import {confirmSheet, el} from "./dom.js";
import {errorText, lang, messagesReady, onLanguage, t} from "./messages.js";
import {lanCheck} from "./lan.js";
import {request} from "./request.js";

const gameId = document.querySelector("main").dataset.game;
const saved = JSON.parse(localStorage.getItem("companion:host:" + gameId) || "null");
document.getElementById("open").href = "/g/" + gameId;
async function qr(text) {
  const r = await request("/api/qr", {method: "POST", body: {text}, as: "text"});
  const box = el("div", {class: "qr"}); if (r.ok) box.innerHTML = r.data; return box;
}
// Switching the language redraws what the page drew itself (the seats' boxes, the LAN help).
const redraw = [];
onLanguage(() => redraw.forEach(f => f()));
messagesReady.then(() => lanCheck(redraw));
(async () => {
  await messagesReady;
  const links = document.getElementById("links");
  if (!saved) { links.textContent = "—"; return; }
  // An untitled game is named by its players (its id means nothing to them).
  document.getElementById("title").textContent = saved.game.title
    || (saved.game.seats || []).map(x => x.name || x.seat).join(" – ") || saved.game.id;
  for (const s of saved.seats) {
    const box = el("section", {"data-seat": s.seat});
    const name = ((saved.game.seats || []).find(x => x.seat === s.seat) || {}).name || s.seat;
    let code = null, codeFor = null;  // the QR code, made again only for a new link
    // One button for the seat's life: a redraw (a new language, a new link) keeps it, so a tap that lands while
    // the box is drawn again still reaches it.
    let button = null;
    const fill = async () => {
      if (codeFor !== s.url) { code = await qr(s.url); codeFor = s.url; }
      button ??= el("button", {onclick: reissue, "data-reissue": s.seat});
      button.textContent = t("newLink");
      box.replaceChildren(el("h2", {}, t("hostSeat", {player: name})), code,
        el("p", {}, el("a", {href: s.url, class: "muted"}, s.url)), button);
    };
    redraw.push(fill);
    // A lost phone: a new link for the seat; the old one stops working.
    const reissue = async () => {
      if (!confirm(t("newLinkConfirm"))) return;
      const r = await request(`/api/games/${gameId}/seats/${encodeURIComponent(s.seat)}/key`, {method: "POST",
        key: saved.host.key, body: {}});
      if (!r.ok) { alert(errorText(r.data.error)); return; }  // said, as the judge key's and TTS key's refusals are
      s.url = r.data.url;
      localStorage.setItem("companion:host:" + gameId, JSON.stringify(saved));
      fill();
    };
    await fill();
    links.append(box);
  }
})();

// A judge key sees every hidden card: made only when asked for, announced on every phone, its link shown once
// as a QR code (never as a link to tap, never kept on this device).
(async () => {
  await messagesReady;
  const button = document.getElementById("judge-key"), shown = document.getElementById("judge-key-shown");
  if (!saved) { document.getElementById("judge-key-box").classList.add("hidden"); return; }
  button.addEventListener("click", async () => {
    if (!(await confirmSheet(t("keys.forJudgeConfirm")))) return;
    button.disabled = true;
    const r = await request(`/api/games/${gameId}/judge-key`, {method: "POST", key: saved.host.key, body: {}});
    button.disabled = false;
    if (!r.ok) { alert(errorText(r.data.error)); return; }
    document.getElementById("judge-key-qr").replaceChildren(await qr(r.data.url));
    shown.classList.remove("hidden");
    button.classList.add("hidden");
  });
  document.getElementById("judge-key-done").addEventListener("click", () => {
    document.getElementById("judge-key-qr").replaceChildren();  // gone for good: a new one replaces it
    shown.classList.add("hidden");
    button.classList.remove("hidden");
  });
})();

// Tabletop Simulator: which colour plays which seat, then the Companion object and the key's chat line.
const COLOURS = ["White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink", "Grey", "Black"];
(async () => {
  await messagesReady;
  if (!saved) { document.getElementById("tts-box").classList.add("hidden"); return; }
  const box = document.getElementById("tts-colours");
  const picks = saved.seats.map((s, i) => {
    const select = el("select", {"data-tts-seat": s.seat},
      ...COLOURS.map(c => el("option", {value: c, ...(c === ["Red", "Blue", "Green", "Yellow", "White", "Purple"][i] ? {selected: ""} : {})},
        t("ttsColour." + c))));  // the value is TTS's own colour name; the label is in the reader's language
    const name = ((saved.game.seats || []).find(x => x.seat === s.seat) || {}).name || s.seat;  // as its QR box says
    box.append(el("label", {class: "row"}, el("span", {class: "grow"}, name), select));
    return select;
  });
  redraw.push(() => picks.forEach(p => [...p.options].forEach(o => { o.textContent = t("ttsColour." + o.value); })));
  const make = document.getElementById("tts-make");
  make.addEventListener("click", async () => {
    const seats = {};
    for (const p of picks) seats[p.value] = p.dataset.ttsSeat;
    make.disabled = true;  // one key per tap
    // The host makes the table key (no judge key needed); every phone is told it exists.
    // The table's chat speaks the page's language as its button set it (not the browser's Accept-Language).
    const r = await request(`/api/games/${gameId}/tts`, {method: "POST", key: saved.host.key, body: {seats, lang: lang()}});
    make.disabled = false;
    if (!r.ok) { alert(errorText(r.data.error)); return; }
    const blob = new Blob([JSON.stringify(r.data.object, null, 2)], {type: "application/json"});
    document.getElementById("tts-download").href = URL.createObjectURL(blob);
    madeKey = r.data.chat.split(" ")[2];
    document.getElementById("tts-chat").value = r.data.chat;
    document.getElementById("tts-result").classList.remove("hidden");
  });
  // The key line carries the table's language: switching the page switches the line (pasting it sets both).
  let madeKey = null;
  redraw.push(() => { if (madeKey) document.getElementById("tts-chat").value = `!companion key ${madeKey} ${lang()}`; });
})();
