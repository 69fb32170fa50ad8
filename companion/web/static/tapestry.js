// The Shadow Empire pages (Tapestry), on the shared client (client.js): messages, keys, writes, conflicts and
// the live stream. The game's facts (tracks, their length, the cards, the die's choices) come from the server.
import {TableClient} from "./client.js";
import {el} from "./dom.js";
import {applyStrings, errorText, messagesReady, onLanguage, paramText, t} from "./messages.js";
import {request} from "./request.js";

const trackName = tr => t("track." + tr);
/** A landmark's name in the reader's language (the server sends its message with each landmark and move). */
const landmarkName = label => paramText(label);
/** A Shadow Empire message (a reason or an error's reason: a catalogue id and its values) in the reader's language. */
const reasonText = reason => { const text = paramText(reason); return text.charAt(0).toUpperCase() + text.slice(1); };
/** An error answer: the Shadow Empire's own reason when it gives one, else the catalogue's text for its code. */
const failure = error => (error.details && error.details.reason ? reasonText(error.details.reason) : errorText(error));
function fillTracks(select, tracks) {
  const chosen = select.value;
  select.replaceChildren(...tracks.map(tr => el("option", {value: tr}, trackName(tr))));
  if (tracks.includes(chosen)) select.value = chosen;
}

function newGamePage() {
  applyStrings();
  const mode = document.getElementById("mode");
  mode.addEventListener("change", () => document.getElementById("fav-box").classList.toggle("hidden", mode.value !== "physical"));
  document.getElementById("create").addEventListener("submit", async ev => {
    ev.preventDefault();
    const humans = document.getElementById("humans").value.split("\n").map(s => s.trim()).filter(Boolean);
    const body = {humans, draw: mode.value, reroll_finished: document.getElementById("reroll").checked};
    if (mode.value === "physical") body.favourite = document.getElementById("favourite").value;
    const r = await request("/api/tapestry/games", {method: "POST", body});
    if (!r.ok) { const e = document.getElementById("error"); e.textContent = failure(r.data.error); e.classList.remove("hidden"); return; }
    location.href = r.data.url;
  });
}

function tablePage() {
  const gameId = document.getElementById("main").dataset.game;
  let data = null;
  const client = new TableClient({base: "/api/tapestry/games/" + gameId, scope: "companion:t:" + gameId,
    version: () => (data ? data.version : 0),
    onUpdate: u => { if (!data || u.version >= data.version) { data = u.view && !u.state ? u.view : u; render(); } },
    onFlag: f => flag(f.conflict ? t("conflict") : t("notResent", {action: f.label ? t(f.label) : ""}))});
  const key = client.key;
  const flag = (text) => {
    const box = document.getElementById("flags");
    box.replaceChildren(...(text ? [el("div", {class: "flag", role: "alert"}, text, el("button", {onclick: () => box.replaceChildren()}, t("close")))] : []));
  };
  async function post(path, body, button = null) {
    const r = await client.write(path, body, {button, label: body.entry ? "tapestry.entry." + body.entry.type : path === "/turn" ? "tapestry.entry.turn" : "undo"});
    if (r.queued || r.status === 409) return;
    if (!r.ok) { flag(failure(r.data.error)); return; }
    flag(""); if (!data || r.data.version >= data.version) data = r.data; render();
  }
  async function load() { const r = await client.get(""); if (r.ok) { data = r.data; render(); } }
  client.refresh = load;
  function render() {
    applyStrings();
    const s = data.state, limits = data.limits, physical = s.settings.draw === "physical";
    document.getElementById("status").textContent = s.over ? t("seOver") : `${t("seDeck")} ${s.deck_size} · ${t("seDiscard")} ${s.discard.length}`;
    document.getElementById("physical").classList.toggle("hidden", !physical);
    document.getElementById("die-box").classList.toggle("hidden", !(physical && data.next.die));
    fillTracks(document.getElementById("die"), data.choices.die);
    fillTracks(document.getElementById("effect-track"), limits.tracks);
    for (const id of ["left", "right"]) {
      const input = document.getElementById(id);
      input.min = String(Math.min(...limits.cards));
      input.max = String(Math.max(...limits.cards));
    }
    document.getElementById("go").disabled = s.over || !key;
    const last = s.moves.filter(m => m.kind !== "manual").slice(-1)[0];
    const notes = [];
    if (data.next.reshuffle) notes.push(t("seReshuffle"));
    if (data.next.die) notes.push(t("seRollNow"));
    document.getElementById("pair").textContent = (s.pair ? t("sePair", {left: s.pair[0], right: s.pair[1]}) : t("seNoPair")) + (notes.length ? " " + notes.join(" ") : "");
    const reason = document.getElementById("reason");
    reason.replaceChildren();
    if (last) {
      reason.append(el("div", {class: "flag ok"}, reasonText(last.reason),
        last.track ? el("div", {class: "note"}, `→ ${trackName(last.track)} ${last.space}` + (last.landmark ? ` · ${t("seLandmark")}: ${landmarkName(last.landmark_label)}` : "") + (last.achievement ? ` · ${t("seAchievement")}` : "")) : null));
    }
    const tracks = document.getElementById("tracks");
    tracks.replaceChildren();
    for (const tr of limits.tracks) {
      const row = el("div", {class: "track", "data-track": tr});
      row.append(el("div", {}, el("strong", {}, trackName(tr)), tr === s.favourite ? el("span", {class: "tok"}, "♥ " + t("seFavourite")) : null));
      const cells = el("div", {class: "cells"});
      cells.style.gridTemplateColumns = `repeat(${limits.end_space + 1}, 1fr)`;
      for (let sp = 0; sp <= limits.end_space; sp++) {
        const lm = s.landmarks.find(l => l.track === tr && l.space === sp);
        const here = [];
        if (s.positions[tr] === sp) here.push(el("span", {class: "marker se", title: t("seShadow")}, "S"));
        for (const h of s.humans) if (s.human_positions[h][tr] === sp) here.push(el("span", {class: "marker"}, h.slice(0, 2)));
        cells.append(el("div", {class: "cell" + (lm ? (lm.taken_by ? " lm taken" : " lm") : "") + (sp === limits.end_space ? " end" : ""),
          title: lm ? landmarkName(lm.label) + (lm.taken_by ? ` (${t("seTakenBy")} ${lm.taken_by.kind === "automa" ? t("seShadow") : lm.taken_by.name})` : "") : ""},
          el("div", {class: "num"}, String(sp)), ...here));
      }
      row.append(cells);
      tracks.append(row);
    }
    const humans = document.getElementById("humans");
    humans.replaceChildren();
    for (const h of s.humans) {
      const box = el("div", {class: "human"}, el("strong", {}, h), el("span", {class: "muted"}, ` · ${t("seIncome")} ${s.income_turns[h]}/${limits.income_turns}`));
      const grid = el("div", {class: "positions"});
      for (const tr of limits.tracks) {
        const input = el("input", {type: "number", min: "0", max: String(limits.end_space), value: String(s.human_positions[h][tr]), inputmode: "numeric", "aria-label": `${h}: ${trackName(tr)}`});
        // A change event comes again on leaving the box: a position already recorded is not recorded twice.
        // The box remembers what it sent: the second change may come before the answer to the first has moved the
        // table on (the box is drawn again only then), and it would record the same position twice.
        input.addEventListener("change", () => {
          if (Number(input.value) === data.state.human_positions[h][tr] || input.dataset.sent === input.value) return;
          input.dataset.sent = input.value;
          post("/entries", {entry: {type: "human_position", human: h, track: tr, space: Number(input.value)}});
        });
        grid.append(el("label", {}, trackName(tr), input));
      }
      const lmSelect = el("select", {"aria-label": `${h}: ${t("seLandmark")}`}, ...s.landmarks.filter(l => !l.taken_by).map(l => el("option", {value: `${l.track}:${l.space}`}, `${landmarkName(l.label)} (${trackName(l.track)} ${l.space})`)));
      // The landmark's whole name on its own line (beside a button a 390 px phone cut off its space), then the two buttons.
      box.append(grid, lmSelect,
        el("div", {class: "row wrap"},
          el("button", {onclick: () => { const [tr, sp] = lmSelect.value.split(":"); post("/entries", {entry: {type: "landmark", human: h, track: tr, space: Number(sp)}}); }}, t("seClaim")),
          el("button", {onclick: () => post("/entries", {entry: {type: "income_turn", human: h}})}, t("seIncome"))));
      humans.append(box);
    }
    // The log is every entry in force, the humans' records too: undo takes back its first line.
    const history = s.history || s.moves.map(m => m.reason);
    const log = document.getElementById("log");
    log.replaceChildren(...[...history].reverse().map((line, i) => el("li", {}, `${history.length - i}. ` + reasonText(line))));
    const undo = document.getElementById("undo");
    undo.textContent = history.length ? t("seUndoLast", {what: reasonText(history[history.length - 1])}) : t("undo");
    undo.title = undo.textContent;  // (cut short on a phone: a turn's reason is long)
    undo.disabled = !history.length || !key;
  }
  document.getElementById("go").addEventListener("click", () => {
    if (data.state.settings.draw !== "physical") return post("/turn", {});
    const body = {left: Number(document.getElementById("left").value), right: Number(document.getElementById("right").value)};
    if (data.next.die) body.die = document.getElementById("die").value;
    post("/turn", body);
  });
  document.getElementById("effect").addEventListener("click", () => post("/entries", {entry: {type: "advance", track: document.getElementById("effect-track").value}}));
  document.getElementById("undo").addEventListener("click", () => post("/undo", {}));
  onLanguage(() => data && render());
  // Every phone at the table sees each change at once; the stream reconnects by itself.
  load().then(() => client.listen());
}

messagesReady.then(() => {
  if (document.getElementById("main")) tablePage(); else newGamePage();
});
