"""Modifiers from card effects the log records (RR: Modifiers; RR: Plot Value Modifiers; RR: Strength): a
character's STR or a side's in the challenge, a plot value (initiative, gold, reserve, claim), a dominance total.
The round's checks count them (``companion/rules/values.py``) until they expire."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from companion.declare import number
from companion.rules.actions.base import Action, CardRef, Offer, Phone, Recorder, SeatRef, Where, Words, action
from companion.rules.actions.common import check_immune, str_expired, str_given_key
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import ActionError, Modifier, Phase, Stage, Zone, count_this_round
from companion.rules.values import challenge_claim, current_challenge, has_icon, revealed_plots_that

#: A character's challenge icon gained (amount 1) or lost (amount -1) by a card effect ("Pay 1 gold to give Edric
#: Dayne a challenge icon of your choice until the end of the phase."; "While you control Right, Left gains a [power]
#: icon."): ``values.has_icon`` reads them.
ICON_STATS: tuple[Literal["military_icon", "intrigue_icon", "power_icon"], ...] = (
    "military_icon", "intrigue_icon", "power_icon")
#: A keyword gained (1) or lost (-1) by a card effect ("If attached character is Bran Stark, he gains stealth."):
#: ``values.has_keyword`` reads them.
KEYWORD_STATS = ("stealth", "renown", "insight", "intimidate", "pillage")
#: The stats a modifier names a card for.
CARD_STATS = ("str", *ICON_STATS, *KEYWORD_STATS)


@action("modify", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class Modify(Action):
    """A card effect modifies a value until the end of the challenge, the phase or the round: ``stat`` is "str"
    (of ``card``, a character in play; without a card, of ``player``'s side in the challenge), a challenge icon of
    ``card`` ("military_icon", …) or a keyword ("stealth", "renown", "insight", "intimidate", "pillage"): amount 1
    gains it, -1 loses it, "initiative",
    "income", "reserve" or "claim" (of ``player``'s revealed plot) or "dominance" (``player``'s total). Public:
    any seat records it, naming the card whose effect it is as ``source`` if it likes."""

    # STR: the round box's form during a challenge. A challenge icon: a character's menu in the challenges phase,
    # by a card effect, until the end of the phase (Edric Dayne's paid icon before he attacks, Palace Spearman's).
    phone = Phone(control="str.modify", offered=(Offer((Where.PLAY,), types=("character",),
                                                       phases=(Phase.CHALLENGES,)),), rank=92, by_effect=True)
    # Whose value changes. With a card the card's STR changes, whoever's effect it is: ``player`` may name any seat
    # (the effect's player, as the log's writer sees it), and the modifier counts on the card's controller's side.
    affects_card = True
    player: SeatRef | None = None
    stat: Annotated[Literal["str", "initiative", "income", "reserve", "claim", "dominance", "military_icon",
                            "intrigue_icon", "power_icon", "stealth", "renown", "insight", "intimidate", "pillage"],
                    Words("stat")] = "str"
    amount: Annotated[int, number(-99, 99)] = 0
    card: CardRef | None = None
    until: Annotated[Literal["challenge", "phase", "round"], Words("until")] = "phase"
    source: CardRef | None = None
    starts_phase_body = False
    needs_owner = False

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        """A character's menu: each challenge icon it lacks to gain, each it has to lose, until the end of the phase."""
        return [cls(player=seat, stat=stat, card=card,
                    amount=-1 if has_icon(t, card, stat.removesuffix("_icon")) else 1) for stat in ICON_STATS]

    def menu_label(self) -> dict[str, Any] | None:
        if self.stat not in ICON_STATS:
            return None
        gains = "menu.icon.gains" if self.amount > 0 else "menu.icon.loses"
        return {"msg": gains, "stat": {"msg": f"stat.{self.stat}"}}

    def validate(self, table: Table) -> None:
        Action.validate(self, table)
        if self.player is None and self.card is None:
            raise ActionError("modify: name the card (STR) or the player whose value changes")
        if self.stat in (*ICON_STATS, *KEYWORD_STATS) and self.card is None:
            raise ActionError("modify: name the character that gains (amount 1) or loses (amount -1) it")

    def seat(self, t: Table) -> str:
        if self.card is not None and t.zone_of(self.card) is Zone.PLAY:
            return t.controller(self.card)
        return self.player or ""

    def check(self, t: Table, v: Checker) -> None:
        if self.card is not None:
            check_immune(t, v, self.card, self.source)
        if self.card is not None and (self.stat not in CARD_STATS or t.zone_of(self.card) is not Zone.PLAY):
            v.violate("modify.card", (self.card,), card=t.ref(self.card), stat=self.stat)
        elif self.stat == "dominance" and self.source is not None and self.source in t.where \
                and not t.card(self.source).names_dominance and str_expired(t, self.source):
            # 1st edition Ser Boros Blount: "… each of your characters get +1 STR until the end of the phase."
            # written in the challenges phase, counted again for dominance
            v.violate("dominance.str-expired", (self.source,), source=t.ref(self.source))
        elif self.stat == "str" and self.card is not None:
            # "Each character's STR cannot be increased or reduced by card effects." (Striking at Dawn)
            for plot in revealed_plots_that(t, "str_fixed"):
                v.violate("plot.str-fixed", (self.card, plot), card=t.ref(self.card), plot=t.ref(plot))

    def apply(self, t: Table) -> None:
        if self.stat == "str" and self.amount > 0 and self.card in t.in_play:
            # "After Randyll Tarly's STR is increased by a card effect" (``own_trigger_due``)
            count_this_round(t.round, t.players[t.controller(self.card)], f"str-raised:{self.card}")
        if self.stat == "str" and self.card is not None and self.source is not None and self.source in t.where:
            # the table writes this card's STR effects this phase (``check_killed_at_zero``)
            count_this_round(t.round, t.players[t.where[self.source][0]], str_given_key(t, self.source))
        t.modifiers.append(Modifier(self.stat, self.amount, self.seat(t), self.card, self.until, t.round, self.source))
        c = current_challenge(t)
        if self.stat == "claim" and c is not None and c.stage is Stage.RESOLVED and not c.claim_applied:
            # raised after the result, before the claim ("After you win a challenge …, raise the claim value …": The
            # Free Folk): the claim the defender applies is the raised one
            c.claim = challenge_claim(t, c)
