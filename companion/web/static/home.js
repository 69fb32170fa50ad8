// The home page: a new game, and the card search.
import {el} from "./dom.js";
import {errorText, factionName, onLanguage, t, typeName} from "./messages.js";
import {request} from "./request.js";

const q = document.getElementById("q"), out = document.getElementById("results");
let timer;
q.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(search, 150); });
async function search() {
  out.replaceChildren();
  if (!q.value.trim()) return;
  const r = await request("/api/cards?limit=15&q=" + encodeURIComponent(q.value));
  if (!r.ok) return;
  for (const c of r.data) {
    const shadow = c.shadow_costs.length ? " · " + t("shadowValue", {value: c.shadow_costs.join(", ")}) : "";
    const unique = c.unique ? " · " + t("uniqueCard") : "";  // in words: a "◆" explained nothing
    out.append(el("li", {}, el("div", {class: "grow"}, el("div", {}, c.name),
      el("div", {class: "muted"}, `${c.edition} · ${typeName(c.type)}${unique} · ${factionName(c.faction)} · ${c.code}${shadow}`))));
  }
}
onLanguage(() => { if (q.value.trim()) search(); });  // the results in the new language
// A seat id is the name in plain letters ("Jürgen Müller" → "JurgenMuller"); the name stays as typed.
// Names that fold to the same id get a number, so "Müller" and "Muller" are two seats.
function seatsFrom(text) {
  const taken = new Set();
  return text.split("\n").map(s => s.trim()).filter(Boolean).map((name, i) => {
    const base = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss")
      .replace(/[^A-Za-z0-9_-]/g, "").slice(0, 14) || "P" + (i + 1);
    let seat = base;
    for (let n = 2; taken.has(seat.toLowerCase()); n++) seat = base + n;
    taken.add(seat.toLowerCase());
    return {seat, name: name.slice(0, 40)};
  });
}
document.getElementById("create").addEventListener("submit", async ev => {
  ev.preventDefault();
  const seats = seatsFrom(document.getElementById("seats").value);
  const r = await request("/api/games", {method: "POST",
    body: {edition: document.getElementById("edition").value, mode: document.getElementById("mode").value, seats}});
  const data = r.data;
  const box = document.getElementById("create-error");
  if (!r.ok) { box.textContent = errorText(data.error); box.classList.remove("hidden"); return; }
  localStorage.setItem("companion:host:" + data.game.id, JSON.stringify(data));
  localStorage.setItem("companion:" + data.game.id, data.host.key);
  location.href = "/g/" + data.game.id + "/host";
});
