"""Table state: who has which card where, with what on it.

The state is the fold of the action list (see ``engine.py``). It knows nothing of
Flask, SQLite or files. Edition differences live in ``editions.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum, StrEnum
from typing import Any, Self

from companion.catalog.card import Card


class Phase(StrEnum):
    SETUP = "setup"
    PLOT = "plot"
    DRAW = "draw"
    MARSHALING = "marshaling"
    CHALLENGES = "challenges"
    DOMINANCE = "dominance"
    STANDING = "standing"
    TAXATION = "taxation"


#: The round's phases in order (RR: Appendix I).
ROUND = (Phase.PLOT, Phase.DRAW, Phase.MARSHALING, Phase.CHALLENGES, Phase.DOMINANCE, Phase.STANDING, Phase.TAXATION)


class Zone(StrEnum):
    HAND = "hand"
    DECK = "deck"  # the draw deck
    SHADOWS = "shadows"
    PLAY = "play"  # the play area, with attachments and duplicates
    DISCARD = "discard"
    DEAD = "dead"  # the dead pile
    REMOVED = "removed"  # removed from the game
    PLOTS = "plots"  # the plot deck (hidden from opponents)
    REVEALED = "revealed"  # the revealed plot: in play, open
    USED = "used"  # the used pile of plots
    AGENDA = "agenda"


#: Where a card holds tokens: in play, a revealed plot (in play too: RR: In Play and Out of Play; Power Behind the
#: Throne places stand tokens on itself) and in shadows (RR: Shadows); leaving these discards them.
TOKEN_ZONES = (Zone.PLAY, Zone.REVEALED, Zone.SHADOWS)


class ActionError(ValueError):
    """An action that cannot even be recorded: unknown player or card, bad fields.

    Distinct from a rules violation, which is recorded (advisory) or refused (strict)
    with a citation.
    """


class UnknownName(ActionError):
    """The action names a seat or a card instance that is not at this table. A phone cannot send one; in a log
    it is a line that cannot physically happen, judged as such while the rest of the log is judged on."""

    def __init__(self, message: str, what: str, name: str) -> None:
        super().__init__(message)
        self.what = what  # "seat" or "card"
        self.name = name


@dataclass(frozen=True, slots=True)
class CardInstance:
    """One physical copy of a card."""

    id: str
    owner: str
    code: str
    copy: int

    @staticmethod
    def make_id(owner: str, code: str, copy: int) -> str:
        return f"{owner}.{code}.{copy}"


@dataclass(slots=True)
class InPlay:
    """How a card sits in a play area."""

    controller: str
    kneeling: bool = False
    #: Left standing when declared by a "does not kneel" whose condition the log cannot decide ("… against an
    #: opponent with more cards in their hand than you"): it may be kneeling (dominance is judged both ways).
    kneel_unsure: bool = False
    attached_to: str | None = None  # an attachment's card
    duplicate_of: str | None = None  # a duplicate's unique card
    control_stack: list[str] = field(default_factory=list)  # take-control effects, most recent last
    held_round: int = -1  # the round whose standing phase it does not stand in, by the effect that knelt it


@dataclass(slots=True)
class InShadows:
    position: int  # stable label #1..n; nobody may rearrange shadows
    entered_round: int
    gained: list[int] = field(default_factory=list)  # Shadow values gained by effects; gone when it leaves


@dataclass(frozen=True, slots=True)
class Restriction:
    """A lasting effect on a player ("cannot bring cards out of shadows") until the end of the phase or round."""

    kind: str  # bring_out | play_events | defend
    until: str  # phase | round
    source: str | None = None  # the card whose effect it is
    card: str | None = None  # the player's card it binds ("defend": that character cannot be declared as a defender)


@dataclass(slots=True)
class Player:
    seat: str
    name: str = ""
    faction: str | None = None
    #: The House its agenda names at deck-building (1st edition Alliance: "Before drawing your setup hand, name a House.
    #: Ignore the out-of-House gold penalty to place or play cards from that House."); None: not recorded.
    agenda_house: str | None = None
    gold: int = 0
    power: int = 0  # power on the faction card (power on other cards is a token kind)
    faction_kneeling: bool = False  # the faction card knelt (a cost: "Kneel your faction card"); stands at 6.2
    income_round: int = -1  # the round in which this player last collected income
    income_modifier: int = 0  # the ``modifier`` written with that income (1st edition Feast or Famine's +6 gold)
    revealed_round: int = -1  # the round in which this player last revealed a plot
    setup_gold_spent: int = 0
    tokens: dict[str, int] = field(default_factory=dict)  # tokens in the player's pool other than gold
    zones: dict[Zone, list[str]] = field(default_factory=lambda: {z: [] for z in Zone})
    #: Counts that last a round, by what they count: what -> (the round counted in, how many). "limited": Limited
    #: cards marshalled or played (a plot or a card may allow more than one); "entered": cards marshalled or put
    #: into play, setup and duplicates aside (Strained Reserves counts them). Read and counted by
    #: ``counted_this_round`` and ``count_this_round``.
    round_counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: The "first … you marshal this round" reductions used (the revealed plot's, and a card's that paid for one:
    #: Lannisport Merchant's "the next [lannister] character"): (round, card, which reducer).
    reductions_used: list[tuple[int, str, int]] = field(default_factory=list)
    # 1st edition: what this player did with the beginning-of-phase shadows opportunity.
    shadows_opportunity: str = "open"  # open | used | passed
    restrictions: list[Restriction] = field(default_factory=list)  # lasting effects that forbid this player things
    setup_face_down: dict[str, str | None] = field(default_factory=dict)  # setup card -> what it attaches to;
    #                                                   the cards stay hidden in hand until the reveal
    # Draws recorded as counts ("drew 2"): cards drawn but not named yet stay in the deck zone until named.
    drawn_unnamed: int = 0
    #: Drawn cards that left the hand unnamed (an intrigue claim's random discards written without ``cards``): their
    #: ids stay in the deck zone, in neither the hand's nor the deck's count.
    gone_unnamed: int = 0
    counts_known: bool = True  # False once a card was taken as drawn that no recorded draw covered
    plot_chosen: str | None = None  # the plot chosen face down this round; it stays in the plot deck until the reveal
    plot_chosen_round: int = -1  # the round in which this player chose a plot (once a round: RR 1.2)
    drew_round: int = -1  # the round of this player's draw-phase draw (RR: Appendix I › 2.2, once)
    mulligan_taken: bool = False  # the setup hand went back into the deck for 7 new cards (RR: Setup, once)
    #: Events played: (title key, round, phase, challenges recorded so far), for "(Max 1 per round.)".
    events_played: list[tuple[str, int, str, int]] = field(default_factory=list)
    reserve_round: int = -1  # the round in which this player discarded down to the reserve (RR 7.3)
    #: The taxation phase's unspent gold (RR: Appendix I › 7.2): what this player returned to the treasury and what
    #: its cards let it keep, in round ``gold_returned_round``; every phone's round box says it (gold is public).
    gold_returned: int = 0
    gold_kept: int = 0
    gold_returned_round: int = -1
    deck_cards: int = 0  # cards of the draw deck this player brought (0: no deck loaded)
    eliminated: bool = False  # out of the game: an empty draw deck (RR: Winning the Game), or recorded


def counted_this_round(round_: int, player: Player, what: str) -> int:
    """How many ``what`` the player has counted in this round (0 once a new round has begun)."""
    counted_in, count = player.round_counts.get(what, (-1, 0))
    return count if counted_in == round_ else 0


def count_this_round(round_: int, player: Player, what: str, by: int = 1) -> None:
    player.round_counts[what] = (round_, counted_this_round(round_, player, what) + by)


def return_gold(round_: int, player: Player, kept: int = 0) -> None:
    """The player's unspent gold but ``kept`` goes back to the treasury in the taxation phase of ``round_``; what went
    back is added to what went back before in that round (a line recorded after the phase's own return)."""
    returned = max(0, player.gold - kept)
    player.gold -= returned
    same = player.gold_returned_round == round_
    player.gold_returned = (player.gold_returned if same else 0) + returned
    player.gold_kept = kept
    player.gold_returned_round = round_


@dataclass(frozen=True, slots=True)
class Modifier:
    """A recorded modifier from a card effect (RR: Modifiers): +/- ``amount`` to a seat's plot value
    (initiative, income, reserve, claim), to its dominance total, to its side's STR in the challenge, or to one
    card's STR; it lasts until the end of the challenge, the phase or the round."""

    stat: str  # initiative | income | reserve | claim | dominance | str
    amount: int
    seat: str
    card: str | None
    until: str  # challenge | phase | round
    round: int
    #: The card whose effect it is, if the log names it. A card's printed effect that the rules compute (a "+1
    #: Income", Cersei's raised claim) is not counted again beside a recorded modifier naming that card as source.
    source: str | None = None


class Stage(StrEnum):
    """Where a challenge recorded step by step stands (RR: Appendix I › 4.2 to 4.2.6)."""

    ATTACKERS = "attackers"  # initiated, attackers declared: the defender declares defenders
    DEFENDERS = "defenders"  # defenders declared: STR is compared next
    RESOLVED = "resolved"  # the winner is determined: claim, then keywords
    ENDED = "ended"


@dataclass(slots=True)
class ChallengeRecord:
    """A challenge as recorded (public), and which of its follow-ups were applied."""

    round: int
    kind: str  # military | intrigue | power
    attacker: str
    defender: str
    winner: str | None
    unopposed: bool
    claim: int  # the attacker's plot's claim when it was recorded
    rewarded: list[str] = field(default_factory=list)  # unopposed | power_claim
    # Recorded step by step (initiate, defenders, result): the stage and the participants. A challenge recorded
    # as one entry (logs before the steps) is ended at once.
    stage: Stage = Stage.ENDED
    attackers: list[str] = field(default_factory=list)
    defenders: list[str] = field(default_factory=list)
    defenders_declared: bool = False  # the defending player's step was recorded (no defenders included)
    bypassed: list[str] = field(default_factory=list)  # the defender's characters chosen by stealth
    strength: dict[str, int] = field(default_factory=dict)  # each side's total STR when the winner was determined
    claim_applied: bool = False
    # The table's winner is not the STR's (flagged ``challenge.str``): which one was the slip the log cannot say, so
    # a claim left out after it is not flagged again.
    disputed: bool = False
    renown: bool = False  # renown was processed
    insight: list[str] = field(default_factory=list)  # the characters that drew by insight for it (RR: Insight)
    source: str | None = None  # the card effect that allowed it beyond one of each type
    claim_events: list[str] = field(default_factory=list)  # events played in it raising the claim (Winter Is Coming)
    intimidated: str | None = None  # the character its winner's intimidate knelt (one a challenge: RR: Intimidate)
    pillaged: list[str] = field(default_factory=list)  # the characters that discarded by pillage for it (RR: Pillage)


@dataclass(slots=True)
class TableState:
    """Everything at one table. Mutated only by actions' ``apply``."""

    players: dict[str, Player]
    seats: list[str]  # player order as seated (clockwise)
    cards: Mapping[str, Card]  # catalog facts for every code at the table
    instances: dict[str, CardInstance] = field(default_factory=dict)
    where: dict[str, tuple[str, Zone]] = field(default_factory=dict)  # instance -> (area's seat, zone)
    in_play: dict[str, InPlay] = field(default_factory=dict)
    in_shadows: dict[str, InShadows] = field(default_factory=dict)
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)  # instance -> kind -> count
    round: int = 0
    phase: Phase = Phase.SETUP
    first_player: str | None = None
    active_player: str | None = None
    # Every player has been the active player in this marshaling or challenges phase (RR: Appendix I › 3.3, 4.3):
    # nobody is now, and only the phase's end is left.
    turns_over: bool = False
    version: int = 0  # number of actions applied
    setup_revealed: bool = False  # setup ends with the reveal; unspent setup gold is lost then
    # Events: time called (the game finishes this round's taxation phase, then goes to time) and
    # who won dominance each round (the going-to-time steps ask for the final round's).
    time_called: bool = False
    time_called_round: int = -1  # the round time was called in: the game goes to time once that round is over
    dominance: dict[int, str | None] = field(default_factory=dict)
    #: Some line of the log gained, moved, lost or set power (a power action, a challenge's or dominance's power): the
    #: table's power totals are the players' own count. A table whose players kept power on paper or with tokens reads
    #: 0 each, and going to time must ask for it (a judge's event read "15 needed (tracked)" at two players' 11 and 9).
    power_recorded: bool = False
    challenges: list[ChallengeRecord] = field(default_factory=list)  # every challenge recorded, in order
    modifiers: list[Modifier] = field(default_factory=list)  # recorded modifiers still lasting
    first_chosen_round: int = -1  # the round in which the initiative winner chose the first player
    first_chooser: str | None = None  # who chose it (public)
    initiative_random: dict[int, str] = field(default_factory=dict)  # round -> the seat a random tie-break chose
    #: Cards a duplicate was just discarded to save (RR: Duplicates, an interrupt to "would leave play"): card ->
    #: the table's version while the save holds, which is the very next action (the claim or kill it interrupts).
    saving: dict[str, int] = field(default_factory=dict)
    #: Cards put into play for the phase (Hear Me Roar!: "At the end of the phase, if that card is still in play,
    #: discard it from play (cannot be saved)."): card -> the zone it goes to as the phase ends (RR: Lasting Effects).
    phase_end_fate: dict[str, Zone] = field(default_factory=dict)
    #: Such an event just played, for the put into play that follows it: (player, the table's version then, event).
    pending_put: tuple[str, int, str] | None = None
    #: Gold just spent, and gold just given written as two lines (the giver's ``spend_gold``, then another player's
    #: ``gain_gold`` of the same amount): (giver, [receiver,] amount, the table's version then). A plot's gold toll
    #: on the very next line is that gift, not a second one (Calm Over Westeros written out: docs/table-log.md).
    gold_spent: tuple[str, int, int] | None = None
    #: What a card's "Name a challenge type" / "Choose an opponent" / "Choose one" named (``name_choice``): card ->
    #: (the round, the field, the value, the phase); Calm Over Westeros' claim reads the type named in its round, The
    #: Iron Throne's "Until the end of the phase, that card cannot be marshaled, …" the title named in its phase.
    named: dict[str, tuple[int, str, str, str]] = field(default_factory=dict)
    gold_given: tuple[str, str, int, int] | None = None
    #: Who played each event since the last step of the round (a challenge's step, a turn passed, a phase begun): an
    #: interrupt that cancels an event's effects as they would initiate needs one (The Hand's Judgment).
    window_events: list[str] = field(default_factory=list)
    #: The event just played and its player, kept while the lines after it name it as their source (its costs): a
    #: cancel played next cancels its effects (``cancelled_events``).
    event_just_played: tuple[str, str] | None = None
    #: The events whose effects a cancel played right after them cancelled, until the round's next step: event -> the
    #: event that cancelled them (RR: Cancel: "cancelled effects are not resolved").
    cancelled_events: dict[str, str] = field(default_factory=dict)
    #: The cards whose power rose since the round's last step (a challenge's step, a turn passed, a phase begun), and
    #: the seats whose faction card power was moved to (from another card): "After Robert Baratheon gains power",
    #: "After power is moved to your faction card" (Antler Men); whether the line before lowered some power (a move
    #: written as `lose_power`, then `gain_power`).
    power_gained: list[str] = field(default_factory=list)
    power_moved: list[str] = field(default_factory=list)
    power_fell: bool = False
    #: The last line's effect of a card on another card: (the source, that card, the table's version then), for its
    #: "Then, if that character is a Captain, stand Maiden's Bane." (``Card.then_self_if_trait``).
    last_effect: tuple[str, str, int] | None = None
    #: A cancel of a triggered character, location or attachment ability just used (Begging Brother's gold
    #: discarded, Treachery played): (the canceller, its player), for the very next line's source to take.
    ability_cancel: tuple[str, str] | None = None
    #: The cards whose triggered ability such a cancel cancelled, until the round's next step: card -> the canceller.
    cancelled_abilities: dict[str, str] = field(default_factory=dict)
    #: The lines just before that an event's or a plot's ability affected its chosen targets by: (the source, the
    #: action type, the table's version at the last of them, the cards), for its "choose and kneel a character" (one).
    target_run: tuple[str, str, int, tuple[str, ...]] | None = None
    #: The X paid for each event with a printed cost of X as last played (Bribery), by its card: its effect line's
    #: "printed cost X or lower" is judged against it.
    x_paid: dict[str, int] = field(default_factory=dict)
    #: The card each ability's cost just named (Joffrey Baratheon's "kneel that character", Obara Sand's "Return a
    #: Sand Snake character to your hand"): source -> (that card, the table's version then), for its effect's "with a
    #: lower printed cost" (``Card.lower_than_cost``).
    cost_ref: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: The card an ability just discarded from the top of a deck, for its "Then, … 1 copy of that card" (The Tickler):
    #: (the source, that card, the table's version then).
    milled: tuple[str, str, int] | None = None
    #: The card an ability just discarded (from anywhere), for its "If that card is a character, gain 2 power …"
    #: (Heads on Spikes): (the source, that card, the table's version then).
    discarded_by: tuple[str, str, int] | None = None
    #: The cards the last phase's end moved so: a line that moves one there again is taken as said.
    moved_at_phase_end: list[str] = field(default_factory=list)
    # The end of the game: who won and how (power, decked, time, conceded, chosen), set the moment it happens (RR:
    # Winning the Game: "the game ends immediately"); ``ended`` with no winner yet: the first player chooses.
    ended: str | None = None
    winner_seat: str | None = None
    # The card effect whose power gain ended the game, and the table's version then: the same effect's gain for the
    # next player, on the next line, is the same moment (``ending.continues_end``).
    end_effect: tuple[str, int] | None = None
    time_finished: bool = False  # the round after time was called is finished: the game went to time
    #: Title key -> the codes at this table with that title, filled when a title is first asked for (derived
    #: from ``cards`` alone; a clone gets its own copy, so a table shares nothing mutable with its clones).
    titled: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)

    # -- building ------------------------------------------------------------
    def add_instance(self, inst: CardInstance, zone: Zone = Zone.DECK) -> None:
        if inst.id in self.instances:
            raise ActionError(f"card instance {inst.id} exists twice")
        if inst.owner not in self.players:
            raise ActionError(f"card instance {inst.id} belongs to unknown seat {inst.owner!r}")
        if inst.code not in self.cards:
            raise ActionError(f"card code {inst.code!r} is not in the catalog")
        self.instances[inst.id] = inst
        self.where[inst.id] = (inst.owner, zone)
        self.players[inst.owner].zones[zone].append(inst.id)

    def clone(self) -> Self:
        """A deep copy sharing the (read-only) card facts. The live table is never touched, so readers
        using it while a writer clones see it whole."""
        copy = _TABLE_COPIERS.get(type(self))
        if copy is None:
            copy = _TABLE_COPIERS[type(self)] = _made_copier(type(self), share=("cards",))
        twin: Self = copy(self)
        return twin

    # -- looking -------------------------------------------------------------
    def player(self, seat: str) -> Player:
        try:
            return self.players[seat]
        except KeyError:
            raise UnknownName(f"no player at seat {seat!r} (seats: {', '.join(self.seats)})", "seat", seat) from None

    def instance(self, card_id: str) -> CardInstance:
        try:
            return self.instances[card_id]
        except KeyError:
            raise UnknownName(f"no card instance {card_id!r} at this table", "card", card_id) from None

    def card(self, card_id: str) -> Card:
        return self.cards[self.instance(card_id).code]

    def ref(self, card_id: str) -> dict[str, Any]:
        """A card as a message placeholder: ``{"card": "A.01089.1", "name": "Tyrion Lannister"}``. Each
        reader shows it as it may see it: the name, its position, the instance id only for the judge."""
        return {"card": card_id, "name": self.card(card_id).name}

    def zone_of(self, card_id: str) -> Zone:
        return self.where[card_id][1]

    def area_of(self, card_id: str) -> str:
        return self.where[card_id][0]

    def controller(self, card_id: str) -> str:
        """Controller of a card; out-of-play cards are controlled by the player whose area holds them."""
        seat, zone = self.where[card_id]
        if zone is Zone.PLAY:
            return self.in_play[card_id].controller
        return seat

    def zone(self, seat: str, zone: Zone) -> list[str]:
        return self.player(seat).zones[zone]

    def shadows(self, seat: str) -> list[str]:
        """A player's shadows cards, ordered by position."""
        return sorted(self.player(seat).zones[Zone.SHADOWS], key=lambda c: self.in_shadows[c].position)

    def copies_in(self, title_key: str, seat: str, zone: Zone, exclude: str | None = None) -> Iterator[str]:
        """Instances with this title (any type, any printing) in one of a player's zones."""
        if not self.titled:  # each card's title is folded once per table, not once per card looked at
            by_title: dict[str, set[str]] = {}
            for code, card in self.cards.items():
                by_title.setdefault(card.title_key, set()).add(code)
            self.titled.update((title, frozenset(codes)) for title, codes in by_title.items())
        codes = self.titled.get(title_key, frozenset())
        instances = self.instances
        for cid in self.player(seat).zones[zone]:
            if instances[cid].code in codes and cid != exclude:
                yield cid

    def copies_in_play(self, title_key: str, exclude: str | None = None) -> Iterator[str]:
        """Face-up copies in play at the whole table (duplicates are blank, so they do not count)."""
        for seat in self.seats:
            for cid in self.copies_in(title_key, seat, Zone.PLAY, exclude):
                if self.in_play[cid].duplicate_of is None:
                    yield cid

    def tokens_on(self, card_id: str) -> dict[str, int]:
        return self.tokens.get(card_id, {})

    def player_order(self) -> list[str]:
        """Seats in player order: the first player, then clockwise."""
        if self.first_player is None or self.first_player not in self.seats:
            return list(self.seats)
        i = self.seats.index(self.first_player)
        return self.seats[i:] + self.seats[:i]

    # -- moving (used by actions' apply) -------------------------------------
    def move(self, card_id: str, seat: str, zone: Zone, *, top: bool = True) -> None:
        """Move a card to a player's zone. Leaving shadows or play (a revealed plot too) discards its tokens."""
        old_seat, old_zone = self.where[card_id]
        self.players[old_seat].zones[old_zone].remove(card_id)
        self.players[old_seat].setup_face_down.pop(card_id, None)  # a setup card taken away is no longer one
        if old_zone is Zone.SHADOWS:
            del self.in_shadows[card_id]
        if old_zone is Zone.PLAY:
            del self.in_play[card_id]
            if zone is not Zone.PLAY:
                self.expire_effects_on(card_id)
        if old_zone in TOKEN_ZONES and (old_zone, old_seat) != (zone, seat):
            self.tokens.pop(card_id, None)
        target = self.players[seat].zones[zone]
        if top:
            target.append(card_id)
        else:
            target.insert(0, card_id)
        self.where[card_id] = (seat, zone)
        if zone is Zone.SHADOWS:
            taken = {self.in_shadows[c].position for c in target if c in self.in_shadows}
            position = next(p for p in range(1, len(target) + 1) if p not in taken)
            self.in_shadows[card_id] = InShadows(position=position, entered_round=self.round)

    def expire_effects_on(self, card_id: str) -> None:
        """A card leaving play: the lasting effects on it end (RR: Leaves Play: "All lasting effects … affecting the
        card while it is in play expire for that card"): its recorded modifiers (STR, a keyword gained) and the
        restrictions that bind it. Back in play it is a new card."""
        if any(m.card == card_id for m in self.modifiers):
            self.modifiers = [m for m in self.modifiers if m.card != card_id]
        for p in self.players.values():
            if any(r.card == card_id for r in p.restrictions):
                p.restrictions = [r for r in p.restrictions if r.card != card_id]

    def put_in_play(
        self,
        card_id: str,
        controller: str,
        *,
        attached_to: str | None = None,
        duplicate_of: str | None = None,
    ) -> None:
        self.move(card_id, controller, Zone.PLAY)
        self.in_play[card_id] = InPlay(controller=controller, attached_to=attached_to, duplicate_of=duplicate_of)

    def dependents(self, card_id: str) -> list[str]:
        """Attachments and duplicates on a card in play."""
        return [
            cid
            for cid, ip in self.in_play.items()
            if ip.attached_to == card_id or ip.duplicate_of == card_id
        ]


# -- cloning --------------------------------------------------------------------------------------
# Every write clones its table (readers keep the old one whole), so cloning is on every tap's path:
# copy.deepcopy took half of an action's time. The state holds only dicts, lists, sets, tuples,
# atoms and dataclasses; frozen dataclasses (CardInstance, Restriction) hold atoms and are shared, and so are its
# tuples and frozensets: every one a table holds is of atoms (a card's area and zone, a round's count, a title's
# codes; tests/test_table_copy.py walks played tables to hold it so). Copied, a where of 120 cards cost 240 calls.

_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None)})
#: Types whose values a clone shares: the atoms, and each enum and frozen dataclass type met (added as found).
_SHARED: set[type] = {*_ATOMS, tuple, frozenset}
_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's field names, read once per class (clones and views ask on every tap)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in fields(cls))
    return names


def _fresh(value: Any) -> Any:
    """A copy of ``value`` sharing nothing mutable with it."""
    t = type(value)
    copier = _COPIERS.get(t)
    if copier is None:
        copier = _copier(t)
    return copier(value)


def _same(value: Any) -> Any:
    return value


def _copier(t: type) -> Callable[[Any], Any]:
    """How a value of type ``t`` is cloned, found once per type: shared as it is (an atom, an enum, a frozen
    dataclass), or a dataclass copied field by field by a function made for its fields (a clone is on every
    tap's path: a loop over the fields with ``getattr`` and ``setattr`` cost twice as much)."""
    if t in _ATOMS or issubclass(t, Enum):
        found: Callable[[Any], Any] = _same
    elif is_dataclass(t):
        params = getattr(t, "__dataclass_params__", None)
        found = _same if params is not None and params.frozen else _made_copier(t)
    else:
        raise TypeError(f"cannot clone a {t.__name__} in the table state")
    if found is _same:
        _SHARED.add(t)
    _COPIERS[t] = found
    return found


def _made_copier(t: type, share: tuple[str, ...] = ()) -> Callable[[Any], Any]:
    """A function that copies a dataclass of type ``t`` field by field, made for its fields: a field's value is shared
    (an atom, an enum, a frozen dataclass; the fields named in ``share``), or copied by its type's copier, a dict's
    and a list's called straight (the values a table holds most; each went through ``_fresh`` and a look-up)."""
    lines = ["def copy(value):", "    twin = new(cls)"]
    for name in field_names(t):  # identifiers: a dataclass's field names
        if name in share:
            lines.append(f"    twin.{name} = value.{name}")
            continue
        # An empty dict or list (most of a table's records, most of the time) is made here, without a call.
        lines += [f"    x = value.{name}", "    kind = type(x)",
                  f"    twin.{name} = (x if kind in shared else (fresh_dict(x) if x else {{}}) if kind is dict"
                  " else (fresh_list(x) if x else []) if kind is list else fresh(x))"]
    lines.append("    return twin")
    scope: dict[str, Any] = {"new": object.__new__, "cls": t, "shared": _SHARED, "fresh": _fresh,
                             "fresh_dict": _fresh_dict, "fresh_list": _fresh_list}
    exec("\n".join(lines), scope)  # made from field names only
    copy: Callable[[Any], Any] = scope["copy"]
    return copy


def _fresh_tuple(xs: tuple[Any, ...]) -> tuple[Any, ...]:
    for x in xs:
        if type(x) not in _SHARED:
            return tuple(x if type(x) in _SHARED else _fresh(x) for x in xs)
    return xs  # of shared values only (a card's area and zone): the tuple is as immutable as they are


def _fresh_list(xs: list[Any]) -> list[Any]:
    for x in xs:
        if type(x) not in _SHARED:
            return [x if type(x) in _SHARED else _fresh(x) for x in xs]
    return xs[:]  # of shared values only (a zone's card ids): one copy in C, no comprehension


def _fresh_dict(d: dict[Any, Any]) -> dict[Any, Any]:
    out = d.copy()  # keys are atoms; the values not shared are replaced below
    for k, v in out.items():
        t = type(v)
        if t is list:  # a seat's zones: a dict of lists, the most common value a clone meets
            for x in v:  # ``_fresh_list``'s, without its call: a zone of card ids is copied in C
                if type(x) not in _SHARED:
                    out[k] = _fresh_list(v)
                    break
            else:
                out[k] = v[:]
        elif t is dict:
            out[k] = _fresh_dict(v) if v else {}
        elif t not in _SHARED:
            out[k] = _fresh(v)
    return out


#: A table type's copier (``TableState.clone``): its card facts are shared.
_TABLE_COPIERS: dict[type, Callable[[Any], Any]] = {}

_COPIERS: dict[type, Callable[[Any], Any]] = {
    dict: _fresh_dict,
    list: _fresh_list,
    set: lambda xs: {_fresh(x) for x in xs},
    tuple: _fresh_tuple,
    frozenset: lambda xs: xs,  # immutable, of atoms (the codes of a title)
}
