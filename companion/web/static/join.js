// A seat's printed link (a seat sheet's QR code, an event round's link): the key in its #fragment is a paper key,
// which the first phone to open it exchanges, once, for the seat's own key; then the table opens with that key.
// The paper opens nothing after: opened again, the server refuses it and every phone of the table is told.
import {errorText, lang, messagesReady, onLanguage, t} from "./messages.js";
import {request, requestId} from "./request.js";

const gameId = document.getElementById("main").dataset.game;
const $ = id => document.getElementById(id);
// The paper key and this opening's request id stay in this tab until the exchange is answered: a page reloaded
// after a lost answer asks again with the same request id (the server answers that phone again, nobody else).
const pending = "companion:join:" + gameId;
const fromLink = new URLSearchParams(location.hash.slice(1)).get("key");
if (fromLink) {
  sessionStorage.setItem(pending, JSON.stringify({paper: fromLink, request_id: requestId()}));
  history.replaceState(null, "", location.pathname);  // the key leaves the address bar and the history
}
let said = null;  // what the page says, redrawn in the language switched to
const clock = at => new Date(at).toLocaleTimeString(lang(), {hour: "2-digit", minute: "2-digit"});
function say() {
  if (!said) return;
  $("join-state").textContent = said.state ? t(said.state) : "";
  $("join-refused").classList.toggle("hidden", !said.refused);
  $("join-refused").textContent = said.refused ? said.refused() : "";
  $("join-table").classList.toggle("hidden", !said.refused);
  // Refused, the page no longer says it is opening the seat: its heading says the seat did not open.
  const heading = document.querySelector("header h1"), title = said.refused ? "join.refusedTitle" : "join.title";
  heading.dataset.t = title;
  heading.textContent = document.title = t(title);
}
onLanguage(say);

messagesReady.then(async () => {
  const asked = JSON.parse(sessionStorage.getItem(pending) || "null");
  if (!asked) { said = {state: "join.nothing", refused: () => t("join.noKey")}; say(); return; }
  const r = await request(`/api/games/${gameId}/claim`, {method: "POST", key: asked.paper, body: {request_id: asked.request_id}});
  if (r.network) { said = {state: "join.offline"}; say(); return; }
  sessionStorage.removeItem(pending);
  if (r.ok) { location.replace(`/g/${gameId}#key=${r.data.key}`); return; }
  const err = r.data.error || {};
  const details = err.details || {};
  said = {state: null, refused: () => (err.code === "paper_used" ? t("join.used", {time: clock(details.used_at)})
    : err.code === "bad_key" ? t("join.unknown") : errorText(err))};
  say();
});
