"""All game actions. Importing this package registers every action type: every module in it, so a new
module needs no line here."""

import importlib
import pkgutil

from companion.rules.actions import (
    challenges,
    control,
    ending,
    flow,
    gold,
    leave,
    marshal,
    modifiers,
    restrictions,
    round,
    setup,
    shadows,
    taxation,
    tokens,
)
from companion.rules.actions.base import REGISTRY, Action, action_from_dict, extra_fields
from companion.rules.actions.challenges import (
    ApplyClaim,
    Challenge,
    ChallengeResult,
    ChallengeReward,
    DeclareDefenders,
    InitiateChallenge,
    Renown,
)
from companion.rules.actions.control import ControlReverts, TakeControl
from companion.rules.actions.ending import ChooseWinner, Concede, Eliminate, GoToTime
from companion.rules.actions.flow import (
    BeginPhase,
    ChooseFirstPlayer,
    Draw,
    DrawCards,
    Kneel,
    KneelFaction,
    PassShadows,
    SetActivePlayer,
    SetFirstPlayer,
    Stand,
    StandFaction,
    WinInitiative,
)
from companion.rules.actions.gold import CollectIncome, GainGold, ReturnUnspentGold, SetGold, SpendGold
from companion.rules.actions.leave import (
    Discard,
    Kill,
    LeavePlay,
    PlaceInDeadPile,
    ReturnToHand,
    Save,
    SaveWithDuplicate,
    ShuffleIntoDeck,
)
from companion.rules.actions.marshal import Marshal, MarshalIntoShadows, PlayEvent
from companion.rules.actions.modifiers import Modify
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
from companion.rules.actions.taxation import DiscardToReserve
from companion.rules.actions.tokens import PlaceTokens, RemoveTokens

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = [
    "REGISTRY",
    "Action",
    "ApplyClaim",
    "BeginPhase",
    "BringOut",
    "CallTime",
    "Challenge",
    "ChallengeResult",
    "ChallengeReward",
    "ChooseFirstPlayer",
    "ChoosePlot",
    "ChooseWinner",
    "CollectIncome",
    "Concede",
    "ControlReverts",
    "DeclareDefenders",
    "Discard",
    "DiscardToReserve",
    "Draw",
    "DrawCards",
    "Eliminate",
    "GainGold",
    "GainPower",
    "GainShadow",
    "GoToTime",
    "InitiateChallenge",
    "Kill",
    "Kneel",
    "KneelFaction",
    "LeavePlay",
    "LosePower",
    "Marshal",
    "MarshalIntoShadows",
    "Modify",
    "PassShadows",
    "PassTurn",
    "PlaceInDeadPile",
    "PlaceTokens",
    "PlayEvent",
    "PlayEventFromShadows",
    "PutIntoPlay",
    "PutIntoPlayFromShadows",
    "PutIntoShadows",
    "RearrangeShadows",
    "RemoveTokens",
    "Renown",
    "Restrict",
    "ReturnToHand",
    "ReturnUnspentGold",
    "RevealPlot",
    "RevealSetup",
    "Save",
    "SaveWithDuplicate",
    "SetActivePlayer",
    "SetFirstPlayer",
    "SetGold",
    "SetPower",
    "SetupFaceDown",
    "SetupIntoShadows",
    "SetupPlace",
    "ShuffleIntoDeck",
    "SpendGold",
    "Stand",
    "StandFaction",
    "TakeControl",
    "WinDominance",
    "WinInitiative",
    "action_from_dict",
    "challenges",
    "control",
    "ending",
    "extra_fields",
    "flow",
    "gold",
    "leave",
    "marshal",
    "modifiers",
    "restrictions",
    "round",
    "setup",
    "shadows",
    "taxation",
    "tokens",
]
