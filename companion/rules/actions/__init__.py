"""All game actions. Importing this package registers every action type."""

from companion.rules.actions import control, flow, gold, leave, marshal, round, setup, shadows, tokens
from companion.rules.actions.base import REGISTRY, Action, action_from_dict
from companion.rules.actions.control import ControlReverts, TakeControl
from companion.rules.actions.flow import BeginPhase, Draw, Kneel, PassShadows, SetActivePlayer, SetFirstPlayer, Stand
from companion.rules.actions.gold import CollectIncome, GainGold, ReturnUnspentGold, SetGold, SpendGold
from companion.rules.actions.leave import Discard, Kill, LeavePlay, ReturnToHand
from companion.rules.actions.marshal import Marshal, MarshalIntoShadows, PlayEvent
from companion.rules.actions.round import GainPower, LosePower, PassTurn, RevealPlot, SetPower
from companion.rules.actions.setup import SetupIntoShadows, SetupPlace
from companion.rules.actions.shadows import BringOut, PlayEventFromShadows, PutIntoPlayFromShadows, PutIntoShadows
from companion.rules.actions.tokens import PlaceTokens, RemoveTokens

__all__ = [
    "REGISTRY",
    "Action",
    "BeginPhase",
    "BringOut",
    "CollectIncome",
    "ControlReverts",
    "Discard",
    "Draw",
    "GainGold",
    "GainPower",
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
    "PutIntoPlayFromShadows",
    "PutIntoShadows",
    "RemoveTokens",
    "ReturnToHand",
    "ReturnUnspentGold",
    "RevealPlot",
    "SetActivePlayer",
    "SetFirstPlayer",
    "SetGold",
    "SetPower",
    "SetupIntoShadows",
    "SetupPlace",
    "SpendGold",
    "Stand",
    "TakeControl",
    "action_from_dict",
    "control",
    "flow",
    "gold",
    "leave",
    "marshal",
    "round",
    "setup",
    "shadows",
    "tokens",
]
