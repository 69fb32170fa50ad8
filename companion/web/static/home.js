// The home page: a new game, and the card search.
const q = document.getElementById("q"), out = document.getElementById("results");
let timer;
q.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(search, 150); });
async function search() {
  out.replaceChildren();
  if (!q.value.trim()) return;
  const r = await fetch("/api/cards?limit=15&q=" + encodeURIComponent(q.value));
  if (!r.ok) return;
  for (const c of await r.json()) {
    const shadow = c.shadow_costs.length ? " · " + t("shadowValue", {value: c.shadow_costs.join(", ")}) : "";
    out.append(el("li", {}, el("div", {class: "grow"}, el("div", {}, (c.unique ? "◆ " : "") + c.name),
      el("div", {class: "muted"}, `${c.edition} · ${typeName(c.type)} · ${c.faction} · ${c.code}${shadow}`))));
  }
}
document.getElementById("create").addEventListener("submit", async ev => {
  ev.preventDefault();
  const seats = document.getElementById("seats").value.split("\n").map(s => s.trim()).filter(Boolean)
    .map(s => ({seat: s.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 16) || "P", name: s.slice(0, 40)}));
  const r = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({edition: document.getElementById("edition").value, mode: document.getElementById("mode").value, seats})});
  const data = await r.json();
  const box = document.getElementById("create-error");
  if (!r.ok) { box.textContent = data.error.message; box.classList.remove("hidden"); return; }
  localStorage.setItem("companion:host:" + data.game.id, JSON.stringify(data));
  localStorage.setItem("companion:" + data.game.id, data.host.key);
  location.href = "/g/" + data.game.id + "/host";
});
