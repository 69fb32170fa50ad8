"""All game actions. Importing this package registers every action type: every module in it, so a new
module needs no line here."""

import importlib
import pkgutil

from companion.rules.actions import (
    challenges,
    control,
    flow,
    gold,
    leave,
    marshal,
    restrictions,
    round,
    setup,
    shadows,
    tokens,
)
from companion.rules.actions.base import REGISTRY, Action, action_from_dict
from companion.rules.actions.challenges import Challenge, ChallengeReward
from companion.rules.actions.control import ControlReverts, TakeControl
from companion.rules.actions.flow import (
    BeginPhase,
    Draw,
    DrawCards,
    Kneel,
    PassShadows,
    SetActivePlayer,
    SetFirstPlayer,
    Stand,
)
from companion.rules.actions.gold import CollectIncome, GainGold, ReturnUnspentGold, SetGold, SpendGold
from companion.rules.actions.leave import Discard, Kill, LeavePlay, ReturnToHand, SaveWithDuplicate
from companion.rules.actions.marshal import Marshal, MarshalIntoShadows, PlayEvent
from companion.rules.actions.restrictions import Restrict
from companion.rules.actions.round import (
    CallTime,
    ChoosePlot,
    GainPower,
    LosePower,
    PassTurn,
    RevealPlot,
    SetPower,
    WinDominance,
)
from companion.rules.actions.setup import RevealSetup, SetupFaceDown, SetupIntoShadows, SetupPlace
from companion.rules.actions.shadows import (
    BringOut,
    GainShadow,
    PlayEventFromShadows,
    PutIntoPlay,
    PutIntoPlayFromShadows,
    PutIntoShadows,
    RearrangeShadows,
)
from companion.rules.actions.tokens import PlaceTokens, RemoveTokens

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = [
    "REGISTRY",
    "Action",
    "BeginPhase",
    "BringOut",
    "CallTime",
    "Challenge",
    "ChallengeReward",
    "ChoosePlot",
    "CollectIncome",
    "ControlReverts",
    "Discard",
    "Draw",
    "DrawCards",
    "GainGold",
    "GainPower",
    "GainShadow",
    "Kill",
    "Kneel",
    "LeavePlay",
    "LosePower",
    "Marshal",
    "MarshalIntoShadows",
    "PassShadows",
    "PassTurn",
    "PlaceTokens",
    "PlayEvent",
    "PlayEventFromShadows",
    "PutIntoPlay",
    "PutIntoPlayFromShadows",
    "PutIntoShadows",
    "RearrangeShadows",
    "RemoveTokens",
    "Restrict",
    "ReturnToHand",
    "ReturnUnspentGold",
    "RevealPlot",
    "RevealSetup",
    "SaveWithDuplicate",
    "SetActivePlayer",
    "SetFirstPlayer",
    "SetGold",
    "SetPower",
    "SetupFaceDown",
    "SetupIntoShadows",
    "SetupPlace",
    "SpendGold",
    "Stand",
    "TakeControl",
    "WinDominance",
    "action_from_dict",
    "challenges",
    "control",
    "flow",
    "gold",
    "leave",
    "marshal",
    "restrictions",
    "round",
    "setup",
    "shadows",
    "tokens",
]
