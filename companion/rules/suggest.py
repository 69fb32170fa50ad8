"""Which actions make sense for a card, given where it is: the second tap after a scan or a tap.

Nothing here names an action: each action class declares, in its ``phone = Phone(...)``, where it is offered
(``offered``: zones, whose cards, card types and states, phases), when it is the usual move (``usual_in``), whether
only a card effect makes it (``by_effect``), what the phone asks first (``confirm``) and whether taps add up
(``tally``).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from companion.rules.actions import REGISTRY, Action
from companion.rules.actions.base import MAX_TARGETS, Offer, Where, Whose, card_fields, field_kinds, word_defaults
from companion.rules.actions.common import legal_attach_targets
from companion.rules.editions import Table
from companion.rules.engine import check
from companion.rules.roles import Role
from companion.rules.state import Zone
from companion.rules.verdict import msg
from companion.rules.views import alias, parse_alias, resolve_alias, shown_param, shown_verdict, visible_to

#: Zones where a card has a menu; a named card of the draw deck is offered what a card in hand is.
_WHERE = {Zone.HAND: Where.HAND, Zone.DECK: Where.DECK, Zone.SHADOWS: Where.SHADOWS, Zone.PLAY: Where.PLAY,
          Zone.DISCARD: Where.DISCARD, Zone.DEAD: Where.DEAD, Zone.PLOTS: Where.PLOTS}


def _fits(o: Offer, t: Table, card_id: str, where: Where, seat: str) -> bool:
    if where not in o.where or (o.phases and t.phase not in o.phases) or t.phase in o.not_phases:
        return False
    ip = t.in_play.get(card_id) if where is Where.PLAY else None
    holder = ip.controller if ip is not None else t.instance(card_id).owner
    if o.whose is not Whose.EITHER and (holder == seat) != (o.whose is Whose.OWN):
        return False
    kind = t.card(card_id).type
    if (o.types and kind not in o.types) or kind in o.not_types:
        return False
    if o.kneeling is not None and (ip is None or ip.kneeling != o.kneeling):
        return False
    return o.duplicate is None or (ip is not None and bool(ip.duplicate_of) == o.duplicate)


def _per_target(t: Table, card_id: str, actions: list[Action], seat: str) -> list[Action]:
    """An attachment gets one choice per legal card for ``seat`` to attach it to (none: the action as it stands)."""
    c = t.card(card_id)
    if c.type != "attachment":
        return actions
    targets = legal_attach_targets(t, c, by=seat)[:MAX_TARGETS]
    return [dataclasses.replace(a, **{"attach_to": target}) for a in actions for target in targets] or actions


def candidate_actions(t: Table, card_id: str, seat: str) -> list[Action]:
    where = _WHERE.get(t.zone_of(card_id))
    out: list[Action] = []
    if where is None:
        return out
    for cls in REGISTRY.values():
        offer = next((o for o in cls.phone.offered if _fits(o, t, card_id, where, seat)), None)
        if offer is not None:
            made = cls.offers(t, seat, card_id, where)
            out += _per_target(t, card_id, made, seat) if offer.each_target else made
    return out


def face_down_actions(t: Table, position: str, seat: str) -> list[Action]:
    """What a seat may do with another seat's face-down card named by ``position``: the declarations alone, the
    same for every card that could lie there (hidden stays hidden)."""
    where = Where.SHADOWS
    return [a for cls in REGISTRY.values() if any(o.face_down and where in o.where for o in cls.phone.offered)
            for a in cls.offers(t, seat, position, where)]


def table_actions(t: Table, seat: str) -> list[Action]:
    """Actions that name no card: the setup reveal, the 1st-edition pass, restrictions on opponents."""
    return [a for cls in _table_classes(t.phase) for a in cls.offers(t, seat, "", Where.TABLE)]


#: The action classes offered at the table in a phase, by (how many actions are registered, phase): every view asks,
#: and the declarations are fixed once the actions are registered.
_TABLE_CLASSES: dict[tuple[int, Any], tuple[type[Action], ...]] = {}


def _table_classes(phase: Any) -> tuple[type[Action], ...]:
    key = (len(REGISTRY), phase)
    found = _TABLE_CLASSES.get(key)
    if found is None:
        found = _TABLE_CLASSES[key] = tuple(
            cls for cls in REGISTRY.values()
            if any(Where.TABLE in o.where and (not o.phases or phase in o.phases) for o in cls.phone.offered))
    return found


def _rows(t: Table, actions: list[Action], seat: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    viewer = Role.of_seat(seat)
    for action in actions:
        cls = type(action)
        hidden = [f for f in card_fields(action)
                  if getattr(action, f) and not visible_to(t, getattr(action, f), viewer)]
        if hidden:
            # Another player's face-down card, named by its position: even a rule id could give it away, and
            # that seat confirms the action.
            shown = {k: (alias(t, v) if k in hidden else v) for k, v in action.to_dict().items()}
            rows.append({"action": shown, "legal": None, "target": None, "violations": [], "notes": [],
                         "hidden": True})
        else:
            verdict = shown_verdict(check(t, action).to_dict(), viewer, t)
            target = getattr(action, "attach_to", None)
            rows.append({"action": action.to_dict(), "legal": verdict["legal"],
                         "target": shown_param(t.ref(target), viewer, t) if target else None,
                         "violations": verdict["violations"], "notes": verdict["notes"]})
            if (cost := cost_words(t, action)) is not None:
                rows[-1]["cost"] = cost  # a card the viewer sees: what it costs, and whether the gold is there
        rows[-1]["effect"] = cls.phone.by_effect
        if (label := action.menu_label()) is not None:
            rows[-1]["label"] = label  # the menu's words for it: the action's name would read the same twice
        rows[-1]["usual"] = t.phase in cls.phone.usual_in
        rows[-1]["rank"] = cls.phone.rank
    # The phase's usual move first even when flagged, then other moves, legal first; effects last.
    rows.sort(key=lambda r: (r["effect"], not r["usual"], r["rank"] if r["usual"] else 0, r["legal"] is not True,
                             r["rank"]))
    for row in rows:
        del row["usual"], row["rank"]
    return rows


def cost_words(t: Table, action: Action) -> dict[str, Any] | None:
    """What a move costs its player and the gold the player has, as a line of the catalogue ("Costs 3 gold · you
    have 5"), for a move whose cost the phone may say before the tap (``Action.gold_cost``); None otherwise. Only for
    a card its reader sees: a face-down card's cost would tell which card it is."""
    cost = action.gold_cost(t)
    player = getattr(action, "player", None)
    if cost is None or player not in t.players:
        return None
    gold = t.players[player].gold
    return msg("costGold" if gold >= cost else "costGoldShort", cost=cost, gold=gold)


def suggest_table_actions(t: Table, seat: str) -> list[dict[str, Any]]:
    """Table-wide actions for ``seat`` with a verdict preview, legal ones first."""
    return _rows(t, table_actions(t, seat), seat)


def suggest_actions(t: Table, card_id: str, seat: str) -> list[dict[str, Any]]:
    """Candidate actions for the card with a verdict preview, legal ones first."""
    return _rows(t, candidate_actions(t, card_id, seat), seat)


def suggest_face_down(t: Table, position: str, seat: str) -> list[dict[str, Any]]:
    """The menu of another seat's face-down card named by ``position`` (``B:shadows#2``): no verdict, no
    name, nothing that depends on which card it is; that seat confirms whatever is chosen."""
    assert parse_alias(position) and resolve_alias(t, position) is not None
    rows: list[dict[str, Any]] = [
        {"action": a.to_dict(), "legal": None, "target": None, "violations": [], "notes": [], "hidden": True,
         "effect": type(a).phone.by_effect} for a in face_down_actions(t, position, seat)]
    rows.sort(key=lambda r: REGISTRY[r["action"]["type"]].phone.rank)
    return rows


def declarations() -> dict[str, Any]:
    """What a phone needs to know of the actions, from their declarations (``Phone`` and the typed fields): which
    taps add up (and on which counter), which ask first (message ids), which are often repeated or sent again after
    a conflict, which action sets a counter, and how each field of each action is named in a log line (with the
    defaults a stored entry leaves out)."""
    phones = {n: c.phone for n, c in REGISTRY.items()}
    return {
        "tally": {n: {"counter": p.tally.counter, "sign": p.tally.sign} for n, p in phones.items() if p.tally},
        # (a question asked only in some states comes with the round's offer, its values filled: ``question``)
        "confirm": {n: {"seen": p.confirm.seen, "face_down": p.confirm.face_down}
                    for n, p in phones.items() if p.confirm and not p.confirm.when},
        "repeats": sorted(n for n, p in phones.items() if p.repeats),
        "resent": sorted(n for n, p in phones.items() if p.resent or p.tally),
        "controls": {p.control: n for n, p in phones.items() if p.control},
        "fields": {n: field_kinds(c) for n, c in REGISTRY.items()},
        "defaults": {n: d for n, c in REGISTRY.items() if (d := word_defaults(c))},
    }


def _offer_words(o: Offer) -> str:
    words = [", ".join(w.value for w in o.where)]
    if o.whose is not Whose.EITHER:
        words.append(o.whose.value)
    words += [" or ".join(o.types)] if o.types else []
    words += [f"not {' or '.join(o.not_types)}"] if o.not_types else []
    words += [{True: "kneeling", False: "standing"}[o.kneeling]] if o.kneeling is not None else []
    words += [{True: "a duplicate", False: "not a duplicate"}[o.duplicate]] if o.duplicate is not None else []
    words += [f"in {', '.join(p.value for p in o.phases)}"] if o.phases else []
    words += [f"not in {', '.join(p.value for p in o.not_phases)}"] if o.not_phases else []
    words += ["per target"] if o.each_target else []
    words += ["also face down, by position"] if o.face_down else []
    return words[0] + (f" ({'; '.join(words[1:])})" if words[1:] else "")


def what_it_is(cls: type[Action]) -> str:
    """The first sentence of the class's own docstring (a dataclass without one writes its signature)."""
    doc = cls.__dict__.get("__doc__") or ""
    if not doc or doc.startswith(cls.__name__ + "("):
        return ""
    first = re.split(r"(?<=[a-z)\]])\.\s", " ".join(doc.split()))[0]
    return first.rstrip(".").replace("``", "`").replace("|", "\\|")


def offer_table() -> str:
    """Markdown: where each action is offered, from its declaration (docs/table-log.md)."""
    rows = ["| type | card menu | usual in | phone | what it is |", "|---|---|---|---|---|"]
    for name in sorted(REGISTRY):
        cls = REGISTRY[name]
        p = cls.phone
        tally = f"taps add up ({p.tally.counter} {'+' if p.tally.sign > 0 else '−'})" if p.tally else None
        asks = f"asks first {p.confirm.when}".rstrip() if p.confirm else None
        said = [*(["by a card effect"] if p.by_effect else []), *([asks] if asks else []),
                *([tally] if tally else []), *(["one tap repeats it"] if p.repeats else []),
                *(["sent again once after a conflict"] if p.resent else []),
                *([f"offer `{p.control}`"] if p.control else [])]
        rows.append(f"| `{name}` | {'<br>'.join(_offer_words(o) for o in p.offered)} | "
                    f"{', '.join(x.value for x in p.usual_in)} | {'; '.join(said)} | {what_it_is(cls)} |")
    return "\n".join(rows) + "\n"


OFFERS_BEGIN = "<!-- offers:begin (generated: python -m tests.actions_doc) -->"
OFFERS_END = "<!-- offers:end -->"
