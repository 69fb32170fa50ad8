"""The challenges phase in one tap each: a challenge as one entry (type, attacker, defender, the participating
cards if wanted, winner, unopposed), its follow-ups (the unopposed power, a power challenge's claim) as one
entry each, and the power a dominance win adds (in ``round.py``). Renown and other card power stay ordinary
power taps. Both editions: attackers and defenders kneel; an unopposed win gains the attacker 1 power; a won
power challenge moves claim power from the loser's faction (1st edition: House) card to the winner's; military
and intrigue claim are the loser's choices (characters killed, cards discarded at random), so the phone shows
them as a prompt and the cards go through the ordinary actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from msgspec import Meta

from companion.declare import Text
from companion.rules.actions.base import Action, Amount, Recorder, SeatRef, action
from companion.rules.actions.round import plot_card
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ActionError, ChallengeRecord, Phase, Zone
from companion.rules.verdict import msg

CHALLENGE_TYPES = ("military", "intrigue", "power")
#: Participating cards: instance ids of cards in play (public), at most 20 a side.
Participants = Annotated[list[Text], Meta(max_length=20)]


def claim_of(t: Table, seat: str) -> int:
    """The claim value on the seat's revealed plot (1 without one)."""
    card = plot_card(t, seat)
    return card.claim if card is not None and card.claim is not None else 1


def last_challenge(t: Table, attacker: str, kind: str) -> ChallengeRecord | None:
    """This round's challenge of that type by that attacker, if recorded."""
    return next((c for c in reversed(t.challenges) if c.round == t.round and c.attacker == attacker
                 and c.kind == kind), None)


@action("challenge", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class Challenge(Action):
    """A challenge, as one entry: who attacked whom, of which type, who won, and whether it was unopposed.
    Recorded by either seat (it is what both saw), the host or the judge. Named participants kneel."""

    control = "challenge.record"
    kind: Literal["military", "intrigue", "power"]
    player: SeatRef  # the attacker
    defender: SeatRef
    winner: SeatRef | None = None  # None: nobody won (no strength on either side)
    unopposed: bool = False
    attackers: Participants | None = None
    defenders: Participants | None = None

    def validate(self, table: Table) -> None:
        Action.validate(self, table)
        for card in [*(self.attackers or []), *(self.defenders or [])]:
            # One answer for a hidden card and a card that does not exist: participants are cards in play.
            if card not in table.in_play:
                raise ActionError("challenge: participating cards are cards in play, named by their id")
        named = [*(self.attackers or []), *(self.defenders or [])]
        if len(set(named)) != len(named):
            raise ActionError("challenge: one card is named twice")

    def check(self, t: Table, v: Checker) -> None:
        if self.player == self.defender:
            v.violate("challenge.same-seat", player=t.players[self.player].name)
        if self.winner is not None and self.winner not in (self.player, self.defender):
            v.violate("challenge.winner", player=t.players[self.winner].name)
        if t.phase is not Phase.CHALLENGES:
            v.violate("challenge.phase", phase=t.phase)
        elif t.active_player is not None and t.active_player != self.player:
            v.violate("challenge.active-player", player=t.players[self.player].name,
                      active=t.players[t.active_player].name)
        if last_challenge(t, self.player, self.kind) is not None:
            v.violate("challenge.once-per-type", player=t.players[self.player].name,
                      kind=msg(f"challenge.kind.{self.kind}"))
        if self.unopposed and (self.winner != self.player or self.defenders):
            v.violate("challenge.unopposed", player=t.players[self.player].name)
        for side, cards in ((self.player, self.attackers), (self.defender, self.defenders)):
            for card in cards or []:
                if t.controller(card) != side or t.zone_of(card) is not Zone.PLAY:
                    v.violate("challenge.participant", (card,), card=t.ref(card), player=t.players[side].name)
                elif t.in_play[card].kneeling:
                    v.violate("challenge.kneeling", (card,), card=t.ref(card))

    def apply(self, t: Table) -> None:
        for card in [*(self.attackers or []), *(self.defenders or [])]:
            if card in t.in_play:
                t.in_play[card].kneeling = True
        claim = claim_of(t, self.player)
        t.challenges.append(ChallengeRecord(round=t.round, kind=self.kind, attacker=self.player,
                                            defender=self.defender, winner=self.winner, unopposed=self.unopposed,
                                            claim=claim))


@action("challenge_reward", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ChallengeReward(Action):
    """A follow-up of a won challenge, one tap: "unopposed" (+1 power on the winner's faction card) or
    "power_claim" (claim power moves from the loser's faction card to the winner's; the loser gives what it
    has). ``player`` is the winner, ``kind`` the challenge's type; ``amount`` overrides the plot's claim."""

    control = "challenge.reward"
    player: SeatRef
    kind: Literal["military", "intrigue", "power"]
    reward: Literal["unopposed", "power_claim"]
    attacker: SeatRef | None = None  # the challenge's attacker when a defender won (default: ``player``)
    amount: Amount | None = None

    def record(self, t: Table) -> ChallengeRecord | None:
        return last_challenge(t, self.attacker or self.player, self.kind)

    def loser(self, c: ChallengeRecord) -> str:
        return c.defender if c.winner == c.attacker else c.attacker

    def check(self, t: Table, v: Checker) -> None:
        c = self.record(t)
        if c is None:
            v.violate("challenge.no-challenge", player=t.players[self.attacker or self.player].name,
                      kind=msg(f"challenge.kind.{self.kind}"))
            return
        if c.winner != self.player:
            v.violate("challenge.not-winner", player=t.players[self.player].name)
        if self.reward in c.rewarded:
            v.violate("challenge.reward-twice", player=t.players[self.player].name)
        if self.reward == "unopposed" and not (c.unopposed and c.winner == c.attacker):
            v.violate("challenge.unopposed", player=t.players[self.player].name)
        if self.reward == "power_claim":
            if c.kind != "power" or c.winner != c.attacker:
                v.violate("challenge.power-claim", player=t.players[self.player].name)
            loser = self.loser(c)
            want = c.claim if self.amount is None else self.amount
            have = t.players[loser].power
            if have < want:
                v.note("claim-short", player=t.players[loser].name, have=have, amount=want)

    def apply(self, t: Table) -> None:
        c = self.record(t)
        if c is None:
            return
        c.rewarded.append(self.reward)
        if self.reward == "unopposed":
            t.players[self.player].power += 1 if self.amount is None else self.amount
            return
        loser = self.loser(c)
        moved = min(c.claim if self.amount is None else self.amount, t.players[loser].power)
        t.players[loser].power -= moved
        t.players[self.player].power += moved
