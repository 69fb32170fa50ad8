// The live camera of the table page: one camera at a time, a line that says what it is doing (looking, how many
// frames it has read, what the last one held), a button to stop it, a button that reads the title of the card held
// still in the next frame (frames read labels only: no OCR several times a second), and a plain sentence when the
// phone will not give a camera. It stops by itself once a frame names a card of the reader's (the card's actions open then), when
// the page is hidden, and on an answer the server refused: a refusal (a renewed key, too many requests) does not
// go away by sending the next frame 400 ms later.
import {el} from "./dom.js";
import {t, tn} from "./messages.js";

const PAUSE = 400;  // ms between the end of one frame's read and the next frame
const TITLE_QUALITY = 0.92;  // a frame read for its title: small print wants less JPEG loss than a label

let running = null;  // the running camera: {stop()}
let status = null;   // what the status line says, as a function: drawn again in the other language

function box(video) {
  let line = document.getElementById("camera-status");
  if (!line) {
    // The sentence on a line of its own, the buttons below it (three side by side leave the sentence no room).
    line = el("div", {id: "camera-status", class: "hidden", role: "status", "aria-live": "polite"},
      el("div", {class: "muted", "data-camera-says": ""}),
      el("div", {class: "row"},
        el("button", {id: "live-title", class: "grow", "data-t": "scan.holdStill",
          onclick: () => running && running.title()}, t("scan.holdStill")),
        el("button", {id: "live-stop", "data-t": "scan.stop", onclick: () => running && running.stop()},
          t("scan.stop"))));
    video.after(line);
  }
  return line;
}

/** Say ``id`` (with ``n``: its .one/.other form) on the status line. */
function say(video, id, n = null) {
  status = () => (n === null ? t(id) : tn(id, n));
  const line = box(video);
  line.querySelector("[data-camera-says]").textContent = status();
  line.querySelector("#live-stop").textContent = t("scan.stop");
  line.querySelector("#live-title").textContent = t("scan.holdStill");
}

/** A photo is read instead: the line of a camera that has stopped says nothing about it. */
export function quietCamera() {
  const line = document.getElementById("camera-status");
  if (running || !line) return;
  status = null;
  line.classList.add("hidden");
}

/** Redraw the status line in the page's language (messages.js onLanguage). */
export function redrawCamera() {
  const line = document.getElementById("camera-status");
  if (status && line) {
    line.querySelector("[data-camera-says]").textContent = status();
    line.querySelector("#live-stop").textContent = t("scan.stop");
    line.querySelector("#live-title").textContent = t("scan.holdStill");
  }
}

/**
 * Start the camera into ``video`` (a <video> element). ``read(blob, title)`` posts one frame (``title``: read the
 * title of a card without a label too, as a photo does) and resolves with what it found: {cards, codes, titles} (how
 * many cards of the reader's it names, how many codes and titles it read), or null when the server refused it. A
 * second start while the camera runs does nothing (a double tap opens no second camera).
 */
export async function startCamera(video, read) {
  if (running) return;
  const line = box(video);
  let stream = null, stopped = false, frames = 0, wantTitle = false;
  let pause = null;  // the wait before the next frame, while there is one (none while a frame is read)
  const stop = (why = null) => {
    if (stopped) return;
    stopped = true;
    running = null;
    if (stream) stream.getTracks().forEach(tr => tr.stop());
    video.srcObject = null;
    video.classList.add("hidden");
    document.removeEventListener("visibilitychange", hidden);
    if (why) say(video, ...why); else line.classList.add("hidden");
    line.querySelector("#live-stop").classList.add("hidden");
    line.querySelector("#live-title").classList.add("hidden");
  };
  const hidden = () => { if (document.hidden) stop(); };
  // "Hold still": the next frame is read for its titles (its labels: the frames before it), taken at once if the camera is waiting between frames,
  // and as soon as the frame being read is answered otherwise (the pause between frames spares the phone's
  // battery; a player holding a card still is waiting for it).
  const next = (ms) => { pause = setTimeout(() => { pause = null; tick(); }, ms); };
  const title = () => {
    wantTitle = true;
    say(video, "scan.readingTitle");
    if (pause !== null) { clearTimeout(pause); pause = null; tick(); }
  };
  running = {stop: () => stop(), title};
  line.classList.remove("hidden");
  line.querySelector("#live-stop").classList.remove("hidden");
  line.querySelector("#live-title").classList.remove("hidden");
  say(video, "scan.opening");
  try {
    stream = await navigator.mediaDevices.getUserMedia({video: {facingMode: "environment", width: 1920, height: 1080}});
  } catch (err) {
    stop(["scan.noCamera"]);
    return;
  }
  if (stopped) { stream.getTracks().forEach(tr => tr.stop()); return; }  // stopped while the phone asked
  document.addEventListener("visibilitychange", hidden);
  video.srcObject = stream;
  video.classList.remove("hidden");
  await video.play();
  say(video, "scan.looking");
  const canvas = document.createElement("canvas");
  const tick = async () => {
    if (stopped) return;
    if (!video.videoWidth) { next(PAUSE); return; }  // no picture yet
    canvas.width = video.videoWidth; canvas.height = video.videoHeight;
    canvas.getContext("2d").drawImage(video, 0, 0);
    const title = wantTitle;
    wantTitle = false;
    const blob = await new Promise(res => canvas.toBlob(res, "image/jpeg", title ? TITLE_QUALITY : 0.85));
    if (stopped || !blob) return;
    const found = await read(blob, title);
    if (stopped) return;  // stopped while the frame was read: its answer opens nothing
    frames += 1;
    if (found === null) { stop(["scan.stoppedRefused"]); return; }
    if (found.cards) { stop(["scan.found", found.cards]); return; }
    if (title) say(video, found.titles ? "scan.titleRead" : "scan.noTitle");
    else if (!wantTitle) say(video, found.codes ? "scan.lookingSeen" : "scan.lookingNone", frames);
    next(wantTitle ? 0 : PAUSE);
  };
  tick();
}
