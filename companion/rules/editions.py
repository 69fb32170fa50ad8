"""The two editions as subclasses of one table, registered in ``EDITIONS`` the way python-chess
registers its variants.

Everything that differs between the 2nd edition (2015-) and the 1st edition
(King's Landing Shadows insert, 2009) is a method or a constant here; nothing else in the rules
compares an edition name. A third edition is one more subclass and one more ``EDITIONS`` entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from companion.catalog.card import Card
from companion.catalog.legality import shipped_facts
from companion.rules.citations import RULES
from companion.rules.placing import reveal_setup_cards
from companion.rules.rule import Rule
from companion.rules.state import Phase, TableState, Zone
from companion.rules.verdict import msg

if TYPE_CHECKING:
    from companion.rules.check import Checker


#: 1st edition: a non-neutral card of another House costs 2 gold more to marshal, to set up, to play or to bring out
#: of Shadows (the 1st-edition rules summary: "Gold penalty (+2 gold) for marshalling card of other House, no
#: penalty for neutral card"; FFG forum: "3 +2 for out of House gold penalty"; probe22 06, probe29 10-11).
OUT_OF_HOUSE_PENALTY = 2


@cache
def _restricted_1e(fmt: str) -> frozenset[str]:
    return frozenset(shipped_facts().get("1e", {}).get(fmt, {}).get("restricted", ()))


@dataclass(slots=True)
class Table(TableState):
    edition: ClassVar[str] = ""
    setup_gold: ClassVar[int] = 8
    shadows_cost: ClassVar[int] = 2  # gold to marshal or set up a card into shadows, in both editions
    #: Cards come out of shadows only in a beginning-of-phase opportunity, once per player, in player order.
    beginning_of_phase_shadows: ClassVar[bool] = False
    #: Plots print a reserve value, checked in the taxation phase (RR: Appendix I › 7.3); 1st-edition plots print none.
    has_reserve: ClassVar[bool] = True
    #: A player may once shuffle the setup hand back and draw 7 new cards (RR: Setup); the 1st-edition texts held
    #: here (the Shadows insert, the rules digest) give no mulligan, so there it is flagged.
    has_mulligan: ClassVar[bool] = True
    #: An attachment whose card leaves play returns to its owner's hand, unless it is Terminal (RR: Leaves Play;
    #: RR: Terminal). The 1st edition has no Terminal keyword: its attachments are discarded ("Attachments are
    #: discarded from play if the card they are attached to leaves play", its core rulebook as a held-out writer
    #: quoted it; docs/rules-decisions.md).
    attachments_to_hand: ClassVar[bool] = True
    #: Cards a player may draw in a round by card effects, outside the draw phase's framework (None: no cap).
    draw_cap: ClassVar[int | None] = None
    shadows_window_open: bool = False  # 1st edition: the beginning-of-phase chance to come out
    #: 1st edition: the card that last came out of Shadows in the beginning-of-phase chance: its own responses resolve
    #: before the next player's chance (the insert), so a line naming it as ``source`` does not end the chances.
    came_out_card: str | None = None
    #: 1st edition: the taxation phase began and its unspent gold goes back once the beginning-of-phase chance to come
    #: out of Shadows is over (the insert: that chance comes "before any other 'beginning of the phase' effects").
    gold_due_back: bool = False

    def citation(self, rule: str) -> str:
        """Where the rule is written for this edition (the other edition's text when it is the same rule)."""
        r = RULES[rule]
        return self.own_citation(r) or r.citation_2e or r.citation_1e or rule

    def own_citation(self, rule: Rule) -> str | None:
        raise NotImplementedError

    # -- hooks the actions call ------------------------------------------------
    #: Where a card an effect moves from play into shadows goes: its owner's shadows area, or (1st edition) its
    #: controller's.
    shadows_to_controller: ClassVar[bool] = False
    #: An event whose every ability is an action is played in an action window only (RR: Action Windows); the 1st
    #: edition's events name their phases instead (its timing is read from them).
    action_windows: ClassVar[bool] = True
    #: A printed STR effect the totals leave out (``Card.str_unread``) lets the table's recorded challenge winner
    #: stand (2nd edition; the 1st edition judges by the totals: docs/rules-decisions.md).
    str_unread_stands: ClassVar[bool] = True

    def restricted_codes(self) -> frozenset[str]:
        """The cards of the restricted list a deck holds one of (RR: Tournament Regulations), by code: none in the
        2nd edition, whose tournaments choose among several lists (the log names none)."""
        return frozenset()

    def marshal_shadows_restriction(self, card: Card) -> str | None:
        """A rule id that forbids marshalling this card into shadows, or None."""
        return None if card.has_shadow else "shadows.no-keyword"

    def marshal_restriction(self, card: Card) -> str | None:
        """A rule id that forbids marshalling/playing this card from hand, or None."""
        return "cost.dash" if card.cost is None and card.has_shadow else None

    def shadows_entry_restriction(self, card: Card) -> str | None:
        """A rule id that forbids an effect to put this card into shadows, or None (2nd edition: any card)."""
        return None

    def setup_shadows_restriction(self, card: Card) -> str | None:
        """A rule id that forbids placing this card into shadows during setup, or None."""
        return None if card.has_shadow else "shadows.setup-no-keyword"

    def may_enter_shadows(self, card: Card) -> bool:
        """May this card be marshalled into shadows (for the phone's suggestions)?"""
        return self.marshal_shadows_restriction(card) is None

    def printed_cost(self, card: Card) -> int:
        """The printed cost as effects see it ("-" counts as 0)."""
        return card.cost if isinstance(card.cost, int) else 0

    def hand_cost(self, card: Card) -> int:
        """What marshalling or playing the card from hand costs before penalties and reductions: the printed cost,
        or 0 where nothing is printed to pay (the card may not come from hand; if a table lets it, it paid nothing
        the log does not say)."""
        return card.cost if isinstance(card.cost, int) else 0

    def gold_penalty(self, player: str, card: Card) -> int:
        return 0

    def check_come_out_timing(self, player: str, v: Checker) -> None:
        """1st edition's beginning-of-phase chance; 2nd edition's action windows are checked with the card
        (``_PaidFromShadows.check_common``: an event from shadows follows its own trigger)."""

    def came_out(self, player: str, card: str | None = None) -> None:
        """A card came out of this player's shadows (by the player's own choice)."""

    def phase_body_started(self, v: Checker | None) -> None:
        """Something other than coming out of shadows happened in the phase."""

    def phase_began(self) -> None:
        """A new phase began: setup is over, and lasting restrictions "until the end of the phase" (or of
        the round, when a new round begins) have expired."""
        face_down = any(p.setup_face_down for p in self.players.values())
        if self.phase is not Phase.SETUP and (face_down or not self.setup_revealed):
            # A log that never recorded the reveal: the setup cards are revealed as setup ends.
            reveal_setup_cards(self)
        new_round = self.phase is Phase.PLOT
        for p in self.players.values():
            p.restrictions = [r for r in p.restrictions if r.until == "round" and not new_round]
        self.open_shadows_window()

    def open_shadows_window(self) -> None:
        """1st edition: the beginning-of-phase chance to bring a card out of Shadows."""

    def setup_gold_of(self, seat: str) -> int:
        """The setup gold the seat may spend: the edition's, or less where its agenda prints so ("You cannot spend
        more than 4 gold during setup.": The House With the Red Door; 1st edition House of Dreams)."""
        agendas = self.players[seat].zones[Zone.AGENDA]
        return min([self.setup_gold, *(m for a in agendas if (m := self.card(a).setup_gold_max) is not None)])

    def setup_gold_unspent(self, seat: str) -> int:
        """Setup gold the seat did not spend, before the reveal or after it (when it is lost)."""
        return self.setup_gold_of(seat) - self.players[seat].setup_gold_spent

    def setup_gold_left(self, seat: str) -> int:
        """Setup gold not yet spent; after the reveal it is lost, never added to the gold pool (RR: Setup)."""
        return 0 if self.setup_revealed else self.setup_gold_unspent(seat)


@dataclass(slots=True)
class SecondEditionTable(Table):
    edition: ClassVar[str] = "2e"
    setup_gold: ClassVar[int] = 8

    def own_citation(self, rule: Rule) -> str | None:
        return rule.citation_2e


@dataclass(slots=True)
class FirstEditionTable(Table):
    edition: ClassVar[str] = "1e"
    setup_gold: ClassVar[int] = 5
    beginning_of_phase_shadows: ClassVar[bool] = True
    has_reserve: ClassVar[bool] = False
    has_mulligan: ClassVar[bool] = False
    attachments_to_hand: ClassVar[bool] = False
    #: 1E Shadows insert: "If a card is moved into Shadows by a card effect, it should also be placed facedown in its
    #: controller's Shadows area." (2nd edition: its owner's, RR: Ownership and Control.)
    shadows_to_controller: ClassVar[bool] = True
    action_windows: ClassVar[bool] = False
    str_unread_stands: ClassVar[bool] = False
    #: The 1st-edition Draw Cap (LCG FAQ): at most 3 cards a round drawn outside the draw phase's framework.
    draw_cap: ClassVar[int | None] = 3

    def own_citation(self, rule: Rule) -> str | None:
        return rule.citation_1e

    def restricted_codes(self) -> frozenset[str]:
        # The card data's one list ("legality_joust": "Restricted"; melee for three players or more).
        return _restricted_1e("joust" if len(self.seats) <= 2 else "melee")

    def shadows_entry_restriction(self, card: Card) -> str | None:
        # The Shadow crest, read into shadow_costs by the importer: without it no card goes into Shadows,
        # by marshalling, in setup or by an effect — one rule, one id.
        return None if card.has_shadow else "shadows.no-crest"

    def marshal_shadows_restriction(self, card: Card) -> str | None:
        return self.shadows_entry_restriction(card)

    def setup_shadows_restriction(self, card: Card) -> str | None:
        return self.shadows_entry_restriction(card)

    def marshal_restriction(self, card: Card) -> str | None:
        # Crest cards "must first be marshalled into Shadows"; none can be marshalled directly.
        return "shadows.crest-marshal-1e" if card.has_shadow else None

    def printed_cost(self, card: Card) -> int:
        # The insert: printed cost = 2 (into Shadows) + the number after the "s".
        if card.has_shadow:
            s = card.shadow_costs[0]
            return self.shadows_cost + (s if isinstance(s, int) else 0)
        return card.cost if isinstance(card.cost, int) else 0

    def gold_penalty(self, player: str, card: Card) -> int:
        house = self.players[player].faction
        if not house or house == "neutral" or "neutral" in card.factions or house in card.factions:
            return 0
        named = self.players[player].agenda_house
        zones = self.players[player].zones
        if any(self.card(plot).penalty_waived == "all" for plot in zones[Zone.REVEALED][-1:]):
            return 0  # the revealed plot Alliance: "… play cards from other Houses without paying a gold penalty."
        waived = {named if w == "named" else w for a in zones[Zone.AGENDA]
                  if (w := self.card(a).penalty_waived) is not None}
        # a Treaty agenda: "Ignore the out of House gold penalty …"; Alliance: the House it named
        return 0 if waived & set(card.factions) else OUT_OF_HOUSE_PENALTY

    def check_come_out_timing(self, player: str, v: Checker) -> None:
        if not self.shadows_window_open or self.phase is Phase.SETUP:
            v.violate("shadows.timing-1e")
            return
        how = self.players[player].shadows_opportunity
        if how != "open":
            v.violate("shadows.once-per-phase-1e", player=player, how=msg(f"opportunity.{how}"))
            return
        # One at a time from the first player clockwise: every earlier player must have used or passed
        # their chance; acting first is not taken as their pass. A player with nothing in Shadows has no
        # chance to use.
        for seat in self.player_order():
            if seat == player:
                break
            if self.players[seat].shadows_opportunity == "open" and self.shadows(seat):
                v.violate("shadows.order-1e", player=player, earlier=seat)
                break

    def came_out(self, player: str, card: str | None = None) -> None:
        self.players[player].shadows_opportunity = "used"
        self.came_out_card = card

    def phase_body_started(self, v: Checker | None) -> None:
        # The insert (Bringing a card out of Shadows): the chance is "at the beginning of the phase", "before
        # any other 'beginning of the phase' effects"; passed, it "is lost until the beginning of the next
        # phase". The phase's own first step ends it (``Action.starts_body``: a plot chosen, the draw phase's
        # draw, income, a marshal, a turn passed, a challenge, dominance won).
        if not self.shadows_window_open:
            return
        self.shadows_window_open = False
        self.came_out_card = None
        for p in self.players.values():
            if p.shadows_opportunity == "open":
                p.shadows_opportunity = "passed"

    def open_shadows_window(self) -> None:
        self.shadows_window_open = True
        self.came_out_card = None
        for p in self.players.values():
            p.shadows_opportunity = "open"


#: Every edition by its name in logs, games and card data.
EDITIONS: dict[str, type[Table]] = {cls.edition: cls for cls in (SecondEditionTable, FirstEditionTable)}


def table_class(edition: str) -> type[Table]:
    try:
        return EDITIONS[edition]
    except KeyError:
        names = " or ".join(repr(e) for e in EDITIONS)
        raise ValueError(f"unknown edition {edition!r}: use {names}") from None
