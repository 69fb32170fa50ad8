"""The checker collects violations and notes while an action is looked at."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules.citations import NOTES, RULES
from companion.rules.state import Phase, Zone
from companion.rules.verdict import Note, Verdict, Violation

if TYPE_CHECKING:
    from companion.rules.editions import Table

ZONE_NAMES = {
    Zone.HAND: ("hand", "Hand"),
    Zone.DECK: ("draw deck", "Zugstapel"),
    Zone.SHADOWS: ("shadows", "Schatten"),
    Zone.PLAY: ("play area", "Spielbereich"),
    Zone.DISCARD: ("discard pile", "Ablagestapel"),
    Zone.DEAD: ("dead pile", "Totenstapel"),
    Zone.REMOVED: ("removed-from-game area", "aus dem Spiel entfernt"),
    Zone.PLOTS: ("plot deck", "Intrigenstapel"),
    Zone.REVEALED: ("revealed plot", "aufgedeckte Intrige"),
    Zone.USED: ("used pile", "Stapel benutzter Intrigen"),
    Zone.AGENDA: ("agenda", "Agenda"),
}
PHASE_NAMES = {
    Phase.SETUP: ("setup", "Spielaufbau"),
    Phase.PLOT: ("plot", "Intrigen"),
    Phase.DRAW: ("draw", "Zieh"),
    Phase.MARSHALING: ("marshaling", "Aufmarsch"),
    Phase.CHALLENGES: ("challenges", "Herausforderungs"),
    Phase.DOMINANCE: ("dominance", "Vorherrschafts"),
    Phase.STANDING: ("standing", "Auffrisch"),
    Phase.TAXATION: ("taxation", "Steuer"),
}
TYPE_NAMES = {
    "character": ("character", "Charakter"),
    "location": ("location", "Ort"),
    "attachment": ("attachment", "Verstärkung"),
    "event": ("event", "Ereignis"),
    "plot": ("plot", "Intrige"),
    "agenda": ("agenda", "Agenda"),
    "title": ("title", "Titel"),
    "house": ("House", "Haus"),
}

Param = str | int | tuple[str, str] | Zone | Phase


def _render(value: Param, lang: int) -> str:
    if isinstance(value, Zone):
        return ZONE_NAMES[value][lang]
    if isinstance(value, Phase):
        return PHASE_NAMES[value][lang]
    if isinstance(value, tuple):
        return value[lang]
    return str(value)


class Checker:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.verdict = Verdict()

    def violate(self, rule: str, cards: tuple[str, ...] = (), **params: Param) -> None:
        r = RULES[rule]
        en = r.en.format(**{k: _render(v, 0) for k, v in params.items()})
        de = r.de.format(**{k: _render(v, 1) for k, v in params.items()})
        self.verdict.violations.append(Violation(rule, self.table.citation(rule), en, de, cards, r.impossible))

    def note(self, kind: str, cards: tuple[str, ...] = (), **params: Param) -> None:
        en_t, de_t = NOTES[kind]
        en = en_t.format(**{k: _render(v, 0) for k, v in params.items()})
        de = de_t.format(**{k: _render(v, 1) for k, v in params.items()})
        self.verdict.notes.append(Note(kind, en, de, cards))


def type_name(card_type: str) -> tuple[str, str]:
    return TYPE_NAMES.get(card_type, (card_type, card_type))
