// A server that listens on loopback only cannot be reached from phones: say how to open it to the LAN. The host's
// page and the organiser's (whose registration link and seat sheets phones scan) both say it.
import {el} from "./dom.js";
import {t} from "./messages.js";
import {request} from "./request.js";

/** Shows ``#lan-box`` with ``#lan-help`` when phones cannot reach this server; ``redraw`` gets its renderer, for
 * a change of language. */
export async function lanCheck(redraw) {
  const r = await request("/api/health");
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  const lan = r.ok && typeof r.data.lan === "boolean" ? r.data.lan : !loopback;
  const box = document.getElementById("lan-box");
  if (lan || !box) return;
  box.classList.remove("hidden");
  // The command breaks between its words only (a break after "--" reads as two commands), with this server's port
  // when it is not the default, so that the address below stays the one to open.
  const port = location.port || "80";
  const command = "bash scripts/setup.sh serve --lan" + (port === "8787" ? "" : " --port " + port);
  const render = () => {
    const [before, after] = t("lanHelp", {host: location.host, command: "\u0001",
      address: t("lanAddress")}).split("\u0001");
    document.getElementById("lan-help").replaceChildren(before, el("code", {class: "command"}, ...command.split(" ").flatMap((w, i) => [i ? " " : "", el("span", {}, w)])), after || "");
  };
  render();
  redraw.push(render);
}
