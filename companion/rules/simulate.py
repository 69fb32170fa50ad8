"""Random but plausible action sequences, for property tests and benchmarks.

Draws moves a player might really make (and some they should not), from the
current table state, using only a ``random.Random``: reproducible from a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.rules.actions import (
    Action,
    BeginPhase,
    BringOut,
    CollectIncome,
    ControlReverts,
    Discard,
    GainGold,
    GainShadow,
    Kill,
    Kneel,
    Marshal,
    MarshalIntoShadows,
    PassShadows,
    PlaceTokens,
    PlayEvent,
    PlayEventFromShadows,
    PutIntoPlay,
    PutIntoPlayFromShadows,
    PutIntoShadows,
    RearrangeShadows,
    RemoveTokens,
    Restrict,
    ReturnToHand,
    ReturnUnspentGold,
    RevealSetup,
    SaveWithDuplicate,
    SetActivePlayer,
    SetupFaceDown,
    SetupIntoShadows,
    SetupPlace,
    SpendGold,
    Stand,
    TakeControl,
)
from companion.rules.actions.flow import next_phase
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone


def random_action(t: Table, rng: random.Random) -> Action:
    seat = rng.choice(t.seats)
    p = t.players[seat]
    hidden = p.zones[Zone.HAND] + p.zones[Zone.DECK]
    shadows = p.zones[Zone.SHADOWS]
    in_play = list(t.in_play)
    everything = list(t.instances)
    roll = rng.random()
    if roll < 0.06:
        return BeginPhase(next_phase(t.phase).value if rng.random() < 0.95 else rng.choice(list(Phase)).value)
    if t.phase is Phase.SETUP and roll < 0.1:
        return RevealSetup()
    if t.phase is Phase.SETUP and hidden and roll < 0.5:
        card = rng.choice(hidden)
        pick = rng.random()
        if pick < 0.4:
            return SetupIntoShadows(seat, card)
        others = [c for c in hidden + in_play if c != card]  # a card never attaches to itself (refused outright)
        target = rng.choice(others) if others and rng.random() < 0.3 else None
        if pick < 0.7:
            return SetupFaceDown(seat, card, attach_to=target)
        return SetupPlace(seat, card, attach_to=rng.choice(in_play) if in_play and rng.random() < 0.3 else None)
    other = rng.choice(t.seats)
    any_shadows = [c for s in t.seats for c in t.players[s].zones[Zone.SHADOWS]]
    out_of_play = [c for c in everything if t.zone_of(c) not in (Zone.PLAY, Zone.SHADOWS)]
    duplicates = [c for c in in_play if t.in_play[c].duplicate_of]
    choices: list[tuple[float, Callable[[], Action]]] = [
        (1.0, lambda: CollectIncome(seat, rng.randint(0, 10))),
        (0.3, lambda: SetActivePlayer(seat)),
        (0.3, lambda: PassShadows(seat)),
        (0.4, lambda: GainGold(seat, rng.randint(0, 3))),
        (0.4, lambda: SpendGold(seat, rng.randint(0, 4))),
        (0.4, lambda: ReturnUnspentGold()),
        (0.3, lambda: Restrict(seat, other, rng.choice(["bring_out", "play_events"]), rng.choice(["phase", "round"]),
                               source=rng.choice(everything) if everything and rng.random() < 0.5 else None)),
        (0.1, lambda: RearrangeShadows(seat)),
    ]
    if hidden:
        choices += [
            (3.0, lambda: MarshalIntoShadows(seat, rng.choice(hidden))),
            (3.0, lambda: Marshal(seat, rng.choice(hidden),
                                  attach_to=rng.choice(in_play) if in_play and rng.random() < 0.5 else None)),
            (0.6, lambda: PlayEvent(seat, rng.choice(hidden))),
        ]
    if shadows:
        choices += [
            (3.0, lambda: BringOut(seat, rng.choice(shadows),
                                   attach_to=rng.choice(in_play) if in_play and rng.random() < 0.5 else None)),
            (1.0, lambda: PlayEventFromShadows(seat, rng.choice(shadows))),
            (1.0, lambda: PutIntoPlayFromShadows(seat, rng.choice(shadows))),
            (1.0, lambda: PlaceTokens(seat, rng.choice(["gold", "power", "shadow"]), rng.randint(1, 2),
                                      rng.choice(shadows))),
            (0.6, lambda: GainShadow(seat, rng.choice(shadows), rng.choice(["cost", 0, 1, 3]))),
        ]
    if any_shadows:
        choices.append((0.8, lambda: PutIntoPlayFromShadows(
            seat, rng.choice(any_shadows), controller=other if rng.random() < 0.3 else None)))
    if out_of_play:
        choices.append((0.8, lambda: PutIntoPlay(
            seat, rng.choice(out_of_play), attach_to=rng.choice(in_play) if in_play and rng.random() < 0.3 else None,
            controller=other if rng.random() < 0.3 else None)))
    if duplicates:
        choices.append((0.8, lambda: SaveWithDuplicate(seat, rng.choice(duplicates))))
    if in_play:
        choices += [
            (1.5, lambda: Kill(seat, rng.choice(in_play))),
            (1.0, lambda: Discard(seat, rng.choice(in_play))),
            (1.0, lambda: PutIntoShadows(seat, rng.choice(in_play), gains="cost" if rng.random() < 0.3 else None)),
            (0.8, lambda: TakeControl(seat, rng.choice(in_play))),
            (0.5, lambda: ControlReverts(seat, rng.choice(in_play))),
            (0.5, lambda: ReturnToHand(seat, rng.choice(in_play))),
            (0.5, lambda: Kneel(seat, rng.choice(in_play))),
            (0.5, lambda: Stand(seat, rng.choice(in_play))),
            (1.0, lambda: PlaceTokens(seat, rng.choice(["gold", "power"]), rng.randint(1, 2), rng.choice(in_play))),
            (0.6, lambda: RemoveTokens(seat, rng.choice(["gold", "power"]), 1, rng.choice(in_play))),
        ]
    if everything:
        choices += [
            (0.4, lambda: PutIntoShadows(seat, rng.choice(everything))),
            (0.3, lambda: Discard(seat, rng.choice(everything))),
        ]
    total = sum(w for w, _ in choices)
    pick = rng.random() * total
    for weight, make in choices:
        pick -= weight
        if pick <= 0:
            return make()
    return choices[-1][1]()
