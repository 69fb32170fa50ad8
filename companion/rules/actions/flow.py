"""The round: phases, first and active player, drawing, kneeling and standing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from companion.declare import Text, number
from companion.rules.actions.base import Action, CardRef, Offer, Recorder, SeatRef, Where, action
from companion.rules.actions.common import place_name
from companion.rules.actions.round import check_plots_revealed, initiative_winner
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ROUND, ActionError, Phase, Zone


def next_phase(current: Phase) -> Phase:
    if current is Phase.SETUP or current is Phase.TAXATION:
        return Phase.PLOT
    return ROUND[ROUND.index(current) + 1]


@action("begin_phase", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class BeginPhase(Action):
    """A new phase begins; the plot phase begins a new round."""

    control = "phase.next"
    phase: Text
    starts_phase_body = False

    def validate(self, table: Table) -> None:
        if self.phase not in Phase.__members__.values():
            raise ActionError(f"begin_phase: unknown phase {self.phase!r}; phases: {', '.join(p.value for p in Phase)}")

    def check(self, t: Table, v: Checker) -> None:
        target = Phase(self.phase)
        if target is not next_phase(t.phase):
            v.violate("phase.sequence", phase=target, current=t.phase)
        if t.phase is Phase.PLOT and target is not Phase.PLOT:
            check_plots_revealed(t, v, leaving=True)
        if target is Phase.PLOT and t.time_called:
            v.violate("time.called")
        if target is Phase.PLOT:
            v.note("new-round", round=t.round + 1)
        kneeling = sum(ip.kneeling for ip in t.in_play.values())
        if target is Phase.STANDING and kneeling:
            v.note("cards-stand", count=kneeling)
        gold = sum(p.gold for p in t.players.values())
        if target is Phase.TAXATION and gold:
            v.note("gold-returned", gold=gold)

    def apply(self, t: Table) -> None:
        target = Phase(self.phase)
        if target is Phase.PLOT:
            t.round += 1
        t.phase = target
        if target in (Phase.MARSHALING, Phase.CHALLENGES):
            t.active_player = t.player_order()[0]
        else:
            t.active_player = None
        if target is Phase.STANDING:  # RR: Appendix I › 6.2: each player stands each kneeling card
            for ip in t.in_play.values():
                ip.kneeling = False
        if target is Phase.TAXATION:  # RR: Appendix I › 7.2: unspent gold returns to the treasury
            for p in t.players.values():
                p.gold = 0
        t.phase_began()


@action("set_first_player", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class SetFirstPlayer(Action):
    """The initiative winner chooses the first player (RR: First Player); setup has its own (random)."""

    control = "first.choose"
    player: SeatRef
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        if t.phase not in (Phase.SETUP, Phase.PLOT):
            v.violate("first-player.phase", phase=t.phase)
        elif t.phase is Phase.PLOT:
            check_plots_revealed(t, v)
            chooser = initiative_winner(t)
            if chooser:
                v.note("initiative", player=t.players[chooser].name)

    def apply(self, t: Table) -> None:
        t.first_player = self.player


@action("set_active_player", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class SetActivePlayer(Action):
    """The active player is set (a correction; passing the turn moves it by itself)."""

    player: SeatRef
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        pass

    def apply(self, t: Table) -> None:
        t.active_player = self.player


@action("draw", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """A known card goes from the draw deck to its owner's hand."""

    player: SeatRef
    card: CardRef

    def check(self, t: Table, v: Checker) -> None:
        if t.where[self.card] != (self.player, Zone.DECK):
            v.violate("zone.draw-from-deck", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))

    def apply(self, t: Table) -> None:
        t.move(self.card, t.instance(self.card).owner, Zone.HAND)


@action("draw_cards", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class DrawCards(Action):
    """A player draws ``count`` cards, unnamed ("drew 2" in the draw phase, "drew 7" at setup): the hand and
    deck counts follow at once, and each card is named when it is played (it is one of those drawn, with no
    "taken as drawn" note). Opponents learn the counts only, which the rules make public anyway."""

    control = "cards.draw"
    # Both players tap "drew 2" at the same moment in the draw phase: the second tap must not be lost to the first.
    resent = True
    player: SeatRef
    count: Annotated[int, number(1, 99)]
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        left = len(t.players[self.player].zones[Zone.DECK]) - t.players[self.player].drawn_unnamed
        if self.count > left:
            v.violate("draw.deck-short", player=t.players[self.player].name, count=self.count, left=max(0, left))

    def starts_body(self, t: Table) -> bool:
        # The draw phase's draw is the phase itself: the beginning-of-phase chance to come out of Shadows
        # comes before it (1st edition insert › Bringing a card out of Shadows). A card drawn by an effect in
        # another phase (setup's seven, a response) leaves that phase's beginning as it is.
        return t.phase is Phase.DRAW

    def apply(self, t: Table) -> None:
        p = t.players[self.player]
        p.drawn_unnamed += min(self.count, max(0, len(p.zones[Zone.DECK]) - p.drawn_unnamed))


@action("pass_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class PassShadows(Action):
    """1st edition: a player lets the beginning-of-phase chance to come out of Shadows go."""

    offered = (Offer((Where.TABLE,)),)
    control = "shadows.pass"
    player: SeatRef
    starts_phase_body = False

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat)] if t.shadows_window_open and t.players[seat].shadows_opportunity == "open" else []

    def check(self, t: Table, v: Checker) -> None:
        pass

    def apply(self, t: Table) -> None:
        p = t.players[self.player]
        if p.shadows_opportunity == "open":
            p.shadows_opportunity = "passed"


@dataclass(frozen=True, slots=True)
class _SetKneeling(Action):
    player: SeatRef
    card: CardRef
    kneeling = True

    def check(self, t: Table, v: Checker) -> None:
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))

    def apply(self, t: Table) -> None:
        if self.card in t.in_play:
            t.in_play[self.card].kneeling = self.kneeling


@action("kneel", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Kneel(_SetKneeling):
    """A card in play kneels (a challenge, a cost, an effect)."""

    offered = (Offer((Where.PLAY,), kneeling=False),)
    usual_in = (Phase.CHALLENGES,)
    rank = 10
    kneeling = True


@action("stand", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Stand(_SetKneeling):
    """A kneeling card in play stands."""

    offered = (Offer((Where.PLAY,), kneeling=True),)
    usual_in = (Phase.CHALLENGES, Phase.DOMINANCE, Phase.STANDING)
    rank = 11
    kneeling = False
