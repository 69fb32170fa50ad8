"""Recreate the corpus games on a test server by sending their recorded requests again.

    games = load_all(server.url)                    # every corpus game, as it was when built
    replay = Replay(server.url, "casual-2e-advisory")
    replay.run(after=lambda i, step: ...)           # one request at a time, with a look after each

The requests are the ones ``build.py`` sent; keys and ids are new (they are bound by label from the
answers), so a recreated game is the same game under new secrets. A version conflict the corpus did not
have (the server's clock calling time a moment earlier or later) is sent again at the current version.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.corpus.build import HERE, dig, fill
from tests.server import call


def names() -> list[str]:
    return sorted(p.name.removesuffix(".steps.jsonl") for p in HERE.glob("*.steps.jsonl"))


def read_steps(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines = [json.loads(x) for x in (HERE / f"{name}.steps.jsonl").read_text(encoding="utf-8").splitlines() if x]
    return lines[0], lines[1:]


def read_log(name: str, label: str) -> list[dict[str, Any]]:
    """A table's exported log: the header line, then ``{"entry": ...}`` lines."""
    path = HERE / f"{name}.{label}.log.jsonl"
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]


def logs(name: str) -> dict[str, list[dict[str, Any]]]:
    header, _ = read_steps(name)
    return {label: read_log(name, label if header["kind"] == "event" else "game") for label in header["games"]}


@dataclass
class Replay:
    base: str
    name: str
    header: dict[str, Any] = field(init=False)
    steps: list[dict[str, Any]] = field(init=False)
    keys: dict[str, str] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)
    done: int = 0  # steps sent so far
    answers: dict[str, Any] = field(default_factory=dict)  # the answer of each step that bound a label, by label

    def __post_init__(self) -> None:
        self.header, self.steps = read_steps(self.name)

    @property
    def api(self) -> str:
        return self.base + "/api"

    def run(self, until: int | None = None,
            after: Callable[[int, dict[str, Any], Any], None] | None = None) -> Replay:
        """Send the steps from where it stopped up to ``until`` (all by default), calling ``after`` after each
        with its index, the step and the answer."""
        end = len(self.steps) if until is None else min(until, len(self.steps))
        while self.done < end:
            step = self.steps[self.done]
            out = self.send(step)
            self.done += 1
            if after is not None:
                after(self.done - 1, step, out)
        return self

    def send(self, step: dict[str, Any]) -> Any:
        if "wait" in step:
            return self._wait(step)
        path = step["path"].format(**self.ids)
        body = fill(step.get("body"), self.ids)
        status, out = call(self.api, step["method"], path, body, self.keys.get(step["as"] or ""))
        if status == 409 and step["status"] != 409 and isinstance(body, dict) and "expected_version" in body:
            # The table moved on by itself (time called at another moment than when the corpus was built).
            now = (out.get("error", {}).get("details") or {}).get("version")
            if isinstance(now, int):
                status, out = call(self.api, step["method"], path, {**body, "expected_version": now},
                                   self.keys.get(step["as"] or ""))
        if status != step["status"]:
            raise AssertionError(f"{self.name}: {step['method']} {step['path']} answered {status}, "
                                 f"the corpus had {step['status']}: {out}")
        for label, spec in (step.get("bind") or {}).items():
            (self.keys if label.startswith("key:") else self.ids)[label.removeprefix("key:")] = dig(out, spec)
            self.answers[label] = out
        return out

    def _wait(self, step: dict[str, Any]) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            view = call(self.api, "GET", f"/games/{self.ids[step['game']]}/view", key=self.keys.get(step["as"]))[1]
            if view.get(step["wait"]):
                return
            time.sleep(0.05)
        raise AssertionError(f"{self.name}: {step['wait']} never came at {step['game']}")

    # -- what a test needs to open the pages --------------------------------------------------------
    def game_id(self, label: str) -> str:
        return self.ids[label]

    def seat_keys(self, label: str) -> dict[str, str]:
        seats = self.header["games"][label]["seats"]
        return {seat[-1]: self.keys[seat] for seat in seats if seat in self.keys}

    def version(self, label: str) -> int:
        key = next(iter(self.seat_keys(label).values()))
        return int(call(self.api, "GET", f"/games/{self.ids[label]}/view", key=key)[1]["version"])


def load_all(base: str) -> dict[str, Replay]:
    """Every corpus game recreated on the server at ``base``."""
    return {name: Replay(base, name).run() for name in names()}


def exported(replay: Replay, label: str) -> list[dict[str, Any]]:
    """A recreated table's log as the judge downloads it (a casual game's judge, or the event's file)."""
    if replay.header["kind"] != "event":
        status, text = call(replay.api, "GET", f"/games/{replay.ids[label]}/export", key=replay.keys["judge"])
        assert status == 200, text
    else:
        import io
        import zipfile
        from urllib.request import Request, urlopen

        info = replay.header["games"][label]
        request = Request(f"{replay.api}/event/{replay.ids['e']}/export",
                          headers={"Authorization": "Bearer " + replay.keys["judge"]})
        with urlopen(request) as r, zipfile.ZipFile(io.BytesIO(r.read())) as z:
            text = z.read(f"round-{info['round']}-table-{info['table']}.jsonl").decode()
    return [json.loads(x) for x in text.splitlines() if x]
