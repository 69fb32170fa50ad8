"""The pure rules core: table state, actions, verdicts with citations, views.

Knows nothing of Flask, SQLite or files.
"""

from companion.rules.actions import REGISTRY, Action, action_from_dict
from companion.rules.editions import FirstEditionTable, SecondEditionTable, Table
from companion.rules.engine import MODES, Mode, Seat, check, new_table, play, replay
from companion.rules.state import ActionError, CardInstance, Phase, Zone
from companion.rules.verdict import Note, Verdict, Violation
from companion.rules.views import JUDGE, SPECTATOR, view

__all__ = [
    "JUDGE",
    "MODES",
    "REGISTRY",
    "SPECTATOR",
    "Action",
    "ActionError",
    "CardInstance",
    "FirstEditionTable",
    "Mode",
    "Note",
    "Phase",
    "Seat",
    "SecondEditionTable",
    "Table",
    "Verdict",
    "Violation",
    "Zone",
    "action_from_dict",
    "check",
    "new_table",
    "play",
    "replay",
    "view",
]
