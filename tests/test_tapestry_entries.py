"""Tapestry entries as declared classes, and the Shadow Empire's texts in the message catalogue.

- A log written before the entries were registered classes (and before the draw was a setting of its own)
  replays to the same state, through the store, from its stored JSON.
- Entries keep the JSON shape the log has always stored; decoding follows the declarations.
- Every message id the engine uses exists in both languages and every placeholder it has is filled: over
  every call site in companion/tapestry (not one example), and over random games for what readers render.
"""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.declare import schema, words
from companion.messages import LANGUAGES, catalogue, param_text, placeholders
from companion.store.games import GameStore
from companion.tapestry import engine
from companion.tapestry.engine import Settings, TapestryError, digital_inputs, from_setup, new_game, take_turn
from companion.tapestry.entries import REGISTRY, EntryError, entry_from_dict, entry_table
from companion.tapestry.facts import DECK, LANDMARKS, TRACK_RULE, TRACKS
from companion.tapestry.kind import TapestryKind

TAPESTRY = Path(__file__).resolve().parents[1] / "companion" / "tapestry"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "extending.md"

# -- the log as it was stored before the registry: the same JSON, replayed ------------------------------------

OLD_SETUP = {"humans": ["Ann", "Ben"], "favourite": "science", "deck": list(DECK), "seed": None,
             "settings": {"reroll_finished": True}}  # a physical game: no seed, no "draw" yet
OLD_ENTRIES: list[dict[str, Any]] = [
    {"type": "turn", "left": 1, "right": 2},
    {"type": "human_position", "human": "Ann", "track": "science", "space": 5},
    {"type": "landmark", "human": "Ben", "track": "military", "space": 4},
    {"type": "advance", "track": "technology"},
    {"type": "income_turn", "human": "Ann"},
    *({"type": "turn", "left": a, "right": b} for a, b in ((3, 4), (5, 6), (7, 8), (9, 10), (11, 12))),
    {"type": "turn", "left": 2, "right": 1, "die": "exploration"},  # empty deck, Ann ahead on science: the die
]


def _direct() -> dict[str, Any]:
    """The state the engine reaches from the old setup, calling its functions directly."""
    se = from_setup(OLD_SETUP)
    take_turn(se, 1, 2)
    engine.set_human_position(se, "Ann", "science", 5)
    engine.claim_landmark(se, "Ben", "military", 4)
    engine.advance_manually(se, "technology")
    engine.income_turn(se, "Ann")
    for a, b in ((3, 4), (5, 6), (7, 8), (9, 10), (11, 12)):
        take_turn(se, a, b)
    take_turn(se, 2, 1, die="exploration")
    return se.to_dict()


def test_an_old_log_replays_to_the_same_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "games.db"
    store = GameStore(path, lambda codes: {})
    # Create the game as the code before the draw setting did: the store's mode "physical", the header's too.
    monkeypatch.setattr(TapestryKind, "validate_setup", lambda self, edition, mode: None)
    game, _ = store.create_game("", "physical", [], kind="tapestry",
                                header={"setup": OLD_SETUP, "mode": "physical"})
    monkeypatch.undo()
    for version, data in enumerate(OLD_ENTRIES):
        store.record(game.id, "host", version, lambda g, cached, data=data: (dict(data), {}, None))
    fresh = GameStore(path, lambda codes: {})  # nothing cached: the state comes back from the log
    assert fresh.verify(game.id)["ok"]
    assert [e.data for e in fresh.entries(game.id)] == OLD_ENTRIES
    state = fresh.state(game.id).table
    assert state.settings.draw == "physical"  # told by the setup (no seed), not by the store's mode
    assert state.to_dict() == _direct()
    assert state.favourite == "exploration" and state.reshuffles == 1


def test_entries_keep_their_stored_json_shape() -> None:
    for data in OLD_ENTRIES:
        assert entry_from_dict(data).to_dict() == data
    se, _ = new_game(["Ann"], seed="shape")
    for _ in range(8):  # a reshuffle: the digital turn carries the new deck, and maybe the die
        inputs = digital_inputs(se, "shape")
        assert entry_from_dict({"type": "turn", **inputs}).to_dict() == {"type": "turn", **inputs}
        take_turn(se, **inputs)


@pytest.mark.parametrize("data", [
    {"type": "turn", "left": 1}, {"type": "turn", "left": 1, "right": 2, "colour": "red"},
    {"type": "advance", "track": "diplomacy"}, {"type": "human_position", "human": "Ann", "track": "science",
                                                 "space": 13},
    {"type": "turn", "left": 1, "right": 2, "new_deck": [1, 2, 3]}, {"type": "income_turn", "human": ""},
    {"type": "teleport"}, ["turn"],
])
def test_decoding_follows_the_declarations(data: Any) -> None:
    with pytest.raises(EntryError):
        entry_from_dict(data)


def test_each_entry_declares_its_label_and_who_records_it_and_the_docs_show_it() -> None:
    for name, cls in REGISTRY.items():
        assert cls.type == name and cls.label == f"tapestry.entry.{name}"
        assert all(cls.label in catalogue(lang) for lang in LANGUAGES)
        for f in dataclasses.fields(cls):
            said = words(schema(cls)["properties"][f.name])  # every field's type reads, with its bounds
            assert "any value" not in said and "None" not in said, (name, f.name, said)
    begin, end = "<!-- tapestry-entries:begin", "<!-- tapestry-entries:end -->"
    doc = DOCS.read_text()
    assert doc.split(begin)[1].split("-->", 1)[1].split(end)[0].strip() == entry_table().strip(), \
        "docs/extending.md: run python -m tests.actions_doc"


# -- every message the Shadow Empire uses: ids and placeholders -------------------------------------------------


def _calls() -> list[tuple[str, str, set[str]]]:
    """(where, message id, the placeholder names given) for each TapestryError(...) and msg(...) with a literal id."""
    out = []
    for path in sorted(TAPESTRY.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            first = node.args[0]
            names = {k.arg for k in node.keywords if k.arg is not None}
            where = f"{path.name}:{node.lineno}"
            if node.func.id == "TapestryError" and isinstance(first, ast.Constant):
                out.append((where, f"tapestry.error.{first.value}", names))
            elif node.func.id == "msg" and isinstance(first, ast.Constant):
                out.append((where, str(first.value), names))
            elif node.func.id == "msg" and isinstance(first, ast.IfExp):  # either arm
                out += [(where, str(arm.value), names) for arm in (first.body, first.orelse)
                        if isinstance(arm, ast.Constant)]
            elif node.func.id == "msg" and isinstance(first, ast.JoinedStr):
                out.append((where, ast.unparse(first), names))  # a family: checked below, id by id
    return out


#: What the f-string ids of the engine expand to (TapestryError's own: each call above names its id).
FAMILIES = {
    "f'tapestry.error.{error}'": [],
    "f'track.{t}'": [f"track.{t}" for t in TRACKS],
    "f'tapestry.landmark.{t}.{space}'": [f"tapestry.landmark.{t}.{s}" for t in TRACKS for s in LANDMARKS[t]],
    "f'tapestry.rule.{rule}'": [f"tapestry.rule.{r}" for r in set(TRACK_RULE.values())],
    "f\"tapestry.valid.{goal}.{('one' if d == 1 else 'other')}\"": [
        f"tapestry.valid.{g}.{n}" for g in ("end", "landmark") for n in ("one", "other")],
}


def test_every_message_call_names_an_id_in_both_languages_and_fills_every_placeholder() -> None:
    calls = _calls()
    assert len(calls) > 20
    for where, message_id, names in calls:
        for one in FAMILIES.get(message_id, [message_id]):
            for lang in LANGUAGES:
                assert one in catalogue(lang), (where, one, lang)
                assert placeholders(catalogue(lang)[one]) == names, (where, one, lang, names)
    used = {one for _, mid, _ in calls for one in FAMILIES.get(mid, [mid])}
    unused = [k for k in catalogue("en") if k.startswith("tapestry.") and not k.startswith("tapestry.entry.")
              and k not in used]
    assert unused == [], "catalogue ids nothing uses"


@settings(max_examples=60, deadline=None)
@given(seed=st.text(min_size=1, max_size=6), turns=st.integers(1, 40), reroll=st.booleans(),
       humans=st.lists(st.tuples(st.sampled_from(TRACKS), st.integers(0, 12)), max_size=6))
def test_every_reason_of_a_random_game_renders_in_both_languages(
        seed: str, turns: int, reroll: bool, humans: list[tuple[Any, int]]) -> None:
    se, _ = new_game(["Ann", "Ben"], seed=seed, settings=Settings(reroll_finished=reroll))
    for track, space in humans:
        engine.set_human_position(se, "Ben", track, space)
    for i in range(turns):
        try:
            take_turn(se, **digital_inputs(se, seed))
            if i % 7 == 3:
                engine.advance_manually(se, TRACKS[i % 4])
        except TapestryError as exc:
            _renders(exc.reason)
    for move in se.moves:
        _renders(move.reason)


def _renders(reason: dict[str, Any]) -> None:
    for lang in LANGUAGES:
        shown = param_text(reason, lang)  # a missing placeholder raises KeyError
        assert "{" not in shown and "tapestry." not in shown, shown


def test_every_error_renders_in_both_languages() -> None:
    se = from_setup(OLD_SETUP)
    take_turn(se, 1, 2)
    engine.claim_landmark(se, "Ann", "science", 4)
    attempts = [
        lambda: take_turn(se, 1, 3), lambda: take_turn(se, 3, 3),
        lambda: engine.claim_landmark(se, "Ben", "science", 4), lambda: engine.claim_landmark(se, "Ben", "science", 5),
        lambda: engine.income_turn(se, "Zed"), lambda: new_game([]), lambda: new_game(["A"], seed=None),
        lambda: new_game(["A"], settings=Settings(draw="physical")),
    ]
    for attempt in attempts:
        with pytest.raises(TapestryError) as caught:
            attempt()
        _renders(caught.value.reason)
    json.dumps(caught.value.reason)  # goes into an error answer as it is
