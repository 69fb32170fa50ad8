// The Shadow Empire pages. Strings join the shared i18n table.
Object.assign(STRINGS.en, {
  seTitle: "Shadow Empire", seNew: "New Tapestry game with the Shadow Empire", seHumans: "Human players (one per line)",
  seDigital: "digital: the app shuffles and rolls", sePhysical: "physical: we draw the cards and roll the die",
  seFavRoll: "Science die for the favourite track", seReroll: "Re-roll the die when it shows a track the Shadow Empire has finished",
  seTurn: "Shadow Empire turn", seLeft: "Left card (track)", seRight: "Right card (tiebreaker)", seDie: "Science die (new favourite)",
  seGo: "Take the turn", seTracks: "Tracks", seHumansTitle: "Players", seEffect: "An effect moves the Shadow Empire",
  seAdvance: "Advance", seIncome: "Income turn", seSave: "Save", seFavourite: "favourite", seDeck: "deck", seDiscard: "discard",
  seOver: "Game over", seLandmark: "Landmark", seClaim: "Claim", seTakenBy: "taken by", seShadow: "Shadow Empire",
  sePair: (l, r) => `Pair: left ${l}, right ${r}`, seNoPair: "No pair drawn yet.", seReshuffle: "The deck is empty: it is reshuffled this turn.",
  seRollNow: "The favourite track changes: roll the science die.", seAchievement: "end-of-track achievement",
});
Object.assign(STRINGS.de, {
  seTitle: "Schattenreich", seNew: "Neues Tapestry-Spiel mit dem Schattenreich", seHumans: "Menschliche Spieler (einer pro Zeile)",
  seDigital: "digital: die App mischt und würfelt", sePhysical: "physisch: wir ziehen Karten und würfeln",
  seFavRoll: "Wissenschaftswürfel für die bevorzugte Leiste", seReroll: "Neu würfeln, wenn der Würfel eine beendete Leiste zeigt",
  seTurn: "Zug des Schattenreichs", seLeft: "Linke Karte (Leiste)", seRight: "Rechte Karte (Gleichstand)", seDie: "Wissenschaftswürfel (neue Lieblingsleiste)",
  seGo: "Zug ausführen", seTracks: "Fortschrittsleisten", seHumansTitle: "Spieler", seEffect: "Ein Effekt bewegt das Schattenreich",
  seAdvance: "Voranschreiten", seIncome: "Einkommenszug", seSave: "Speichern", seFavourite: "bevorzugt", seDeck: "Stapel", seDiscard: "Ablage",
  seOver: "Spiel vorbei", seLandmark: "Wahrzeichen", seClaim: "Nehmen", seTakenBy: "genommen von", seShadow: "Schattenreich",
  sePair: (l, r) => `Paar: links ${l}, rechts ${r}`, seNoPair: "Noch kein Paar gezogen.", seReshuffle: "Der Stapel ist leer: er wird in diesem Zug neu gemischt.",
  seRollNow: "Die bevorzugte Leiste wechselt: würfelt den Wissenschaftswürfel.", seAchievement: "Errungenschaft Ende der Leiste",
});
const TRACK_LIST = ["exploration", "science", "military", "technology"];
const TRACK_DE = {exploration: "Erkundung", science: "Wissenschaft", military: "Militär", technology: "Technologie"};
const trackName = tr => LANG === "de" ? TRACK_DE[tr] : tr;
function fillTracks(select) { select.replaceChildren(...TRACK_LIST.map(tr => el("option", {value: tr}, trackName(tr)))); }

function newGamePage() {
  applyStrings();
  fillTracks(document.getElementById("favourite"));
  const mode = document.getElementById("mode");
  mode.onchange = () => document.getElementById("fav-box").classList.toggle("hidden", mode.value !== "physical");
  document.getElementById("create").addEventListener("submit", async ev => {
    ev.preventDefault();
    const humans = document.getElementById("humans").value.split("\n").map(s => s.trim()).filter(Boolean);
    const body = {humans, mode: mode.value, reroll_finished: document.getElementById("reroll").checked};
    if (mode.value === "physical") body.favourite = document.getElementById("favourite").value;
    const r = await fetch("/api/tapestry/games", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const data = await r.json();
    if (!r.ok) { const e = document.getElementById("error"); e.textContent = data.error.message; e.classList.remove("hidden"); return; }
    location.href = data.url;
  });
}

function tablePage() {
  const gameId = document.getElementById("main").dataset.game;
  const store = "companion:t:" + gameId;
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("key");
  if (fromLink) { localStorage.setItem(store, fromLink); history.replaceState(null, "", location.pathname); }
  const key = localStorage.getItem(store);
  let data = null;
  const api = async (path, body) => {
    const r = await fetch("/api/tapestry/games/" + gameId + path, body ? {method: "POST", body: JSON.stringify(body),
      headers: {"Content-Type": "application/json", ...(key ? {Authorization: "Bearer " + key} : {})}} : {});
    return {ok: r.ok, status: r.status, data: await r.json()};
  };
  const flag = (text) => {
    const box = document.getElementById("flags");
    box.replaceChildren(...(text ? [el("div", {class: "flag", role: "alert"}, text, el("button", {onclick: () => box.replaceChildren()}, t("close")))] : []));
  };
  async function post(path, body) {
    const r = await api(path, {...body, expected_version: data.version});
    if (r.status === 409) { await load(); return post(path, body); }
    if (!r.ok) { flag(LANG === "de" && r.data.error.details.message_de ? r.data.error.details.message_de : r.data.error.message); return; }
    flag(""); data = r.data; render();
  }
  async function load() { const r = await api(""); if (r.ok) { data = r.data; render(); } }
  function render() {
    applyStrings();
    const s = data.state, physical = data.mode === "physical";
    document.getElementById("status").textContent = s.over ? t("seOver") : `${t("seDeck")} ${s.deck_size} · ${t("seDiscard")} ${s.discard.length}`;
    document.getElementById("physical").classList.toggle("hidden", !physical);
    document.getElementById("die-box").classList.toggle("hidden", !(physical && data.next.die));
    document.getElementById("go").disabled = s.over || !key;
    const last = s.moves.filter(m => m.kind !== "manual").slice(-1)[0];
    const notes = [];
    if (data.next.reshuffle) notes.push(t("seReshuffle"));
    if (data.next.die) notes.push(t("seRollNow"));
    document.getElementById("pair").textContent = (s.pair ? t("sePair", s.pair[0], s.pair[1]) : t("seNoPair")) + (notes.length ? " " + notes.join(" ") : "");
    const reason = document.getElementById("reason");
    reason.replaceChildren();
    if (last) {
      reason.append(el("div", {class: "flag ok"}, LANG === "de" ? last.reason_de : last.reason,
        last.track ? el("div", {class: "note"}, `→ ${trackName(last.track)} ${last.space}` + (last.landmark ? ` · ${t("seLandmark")}: ${last.landmark}` : "") + (last.achievement ? ` · ${t("seAchievement")}` : "")) : null));
    }
    const tracks = document.getElementById("tracks");
    tracks.replaceChildren();
    for (const tr of TRACK_LIST) {
      const row = el("div", {class: "track", "data-track": tr});
      row.append(el("div", {}, el("strong", {}, trackName(tr)), tr === s.favourite ? el("span", {class: "tok"}, "♥ " + t("seFavourite")) : null));
      const cells = el("div", {class: "cells"});
      for (let sp = 0; sp <= 12; sp++) {
        const lm = s.landmarks.find(l => l.track === tr && l.space === sp);
        const here = [];
        if (s.positions[tr] === sp) here.push(el("span", {class: "marker se", title: t("seShadow")}, "S"));
        for (const h of s.humans) if (s.human_positions[h][tr] === sp) here.push(el("span", {class: "marker"}, h.slice(0, 2)));
        cells.append(el("div", {class: "cell" + (lm ? (lm.taken_by ? " lm taken" : " lm") : "") + (sp === 12 ? " end" : ""),
          title: lm ? lm.name + (lm.taken_by ? ` (${t("seTakenBy")} ${lm.taken_by === "shadow" ? t("seShadow") : lm.taken_by})` : "") : ""},
          el("div", {class: "num"}, String(sp)), ...here));
      }
      row.append(cells);
      tracks.append(row);
    }
    const humans = document.getElementById("humans");
    humans.replaceChildren();
    for (const h of s.humans) {
      const box = el("div", {class: "human"}, el("strong", {}, h), el("span", {class: "muted"}, ` · ${t("seIncome")} ${s.income_turns[h]}/5`));
      const grid = el("div", {class: "row", style: "flex-wrap:wrap"});
      for (const tr of TRACK_LIST) {
        const input = el("input", {type: "number", min: "0", max: "12", value: String(s.human_positions[h][tr]), inputmode: "numeric", "aria-label": `${h} ${tr}`, style: "width:4.2rem"});
        input.onchange = () => post("/entries", {entry: {type: "human_position", human: h, track: tr, space: Number(input.value)}});
        grid.append(el("label", {style: "margin:0"}, trackName(tr).slice(0, 4), input));
      }
      const lmSelect = el("select", {class: "grow"}, ...s.landmarks.filter(l => !l.taken_by).map(l => el("option", {value: `${l.track}:${l.space}`}, `${l.name} (${trackName(l.track)} ${l.space})`)));
      box.append(grid,
        el("div", {class: "row"}, lmSelect, el("button", {onclick: () => { const [tr, sp] = lmSelect.value.split(":"); post("/entries", {entry: {type: "landmark", human: h, track: tr, space: Number(sp)}}); }}, t("seClaim"))),
        el("p", {}, el("button", {onclick: () => post("/entries", {entry: {type: "income_turn", human: h}})}, t("seIncome"))));
      humans.append(box);
    }
    const log = document.getElementById("log");
    log.replaceChildren(...[...s.moves].reverse().map((m, i) => el("li", {}, `${s.moves.length - i}. ` + (LANG === "de" ? m.reason_de : m.reason))));
  }
  fillTracks(document.getElementById("die"));
  fillTracks(document.getElementById("effect-track"));
  document.getElementById("go").onclick = () => {
    if (data.mode !== "physical") return post("/turn", {});
    const body = {left: Number(document.getElementById("left").value), right: Number(document.getElementById("right").value)};
    if (data.next.die) body.die = document.getElementById("die").value;
    post("/turn", body);
  };
  document.getElementById("effect").onclick = () => post("/entries", {entry: {type: "advance", track: document.getElementById("effect-track").value}});
  document.getElementById("undo").onclick = () => post("/undo", {});
  window.render = () => data && render();
  load().then(() => {
    // Every phone at the table sees each change at once; EventSource reconnects by itself.
    if (key) openStream("/api/tapestry/games/" + gameId + "/events?since=" + (data ? data.version : 0), key,
      u => { if (!data || u.version >= data.version) { data = u; render(); } });
  });
}
