"""The round: phases, first and active player, drawing, kneeling and standing."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Annotated

from companion.declare import Text, number
from companion.rules.actions.base import Action, CardRef, Offer, Phone, Recorder, SeatRef, Where, Words, action
from companion.rules.actions.common import (
    check_amount_instead,
    check_challenge_over,
    check_immune,
    check_kneel_cost,
    check_kneel_target,
    check_reactions_barred,
    condition_words,
    continues_trigger,
    end_challenge,
    insight_given,
    leave_to,
    note_faction_cost,
    note_kneel_cost,
    place_name,
    reaction_words,
    source_out_of_play,
    target_line,
    trigger_due,
    used_own_trigger,
)
from companion.rules.actions.ending import decked
from companion.rules.actions.round import check_plots_revealed
from companion.rules.check import Checker, type_name
from companion.rules.editions import Table
from companion.rules.state import (
    ROUND,
    ActionError,
    ChallengeRecord,
    Phase,
    Stage,
    Zone,
    count_this_round,
    counted_this_round,
    return_gold,
)
from companion.rules.values import (
    claim_due,
    deck_count,
    draw_phase_counts,
    first_player_chosen,
    gold_kept,
    hand_count,
    has_deck,
    has_icon,
    has_keyword,
    initiative_tied,
    initiative_winner,
    modifier_lasts,
    plot_returns_gold,
    plot_text,
    printed,
    printed_cannot_be,
    printed_cards,
    reserve,
    reserve_excess,
    revealed_plot,
    revealed_this_round,
    skipped_phases,
    strength,
    traits_of,
)
from companion.rules.verdict import msg


def next_phase(current: Phase, skipped: Collection[Phase] = ()) -> Phase:
    """The phase after ``current``, past those a revealed plot skips this round (``skipped_phases``)."""
    if current is Phase.SETUP or current is Phase.TAXATION:
        return Phase.PLOT
    following = ROUND[ROUND.index(current) + 1]
    return next_phase(following, skipped) if following in skipped else following


def round_next(t: Table) -> Phase:
    """The phase that begins next at this table."""
    return next_phase(t.phase, skipped_phases(t))


@action("begin_phase", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class BeginPhase(Action):
    """A new phase begins; the plot phase begins a new round."""

    phone = Phone(control="phase.next")
    phase: Annotated[Text, Words("phase")]
    starts_phase_body = False

    def validate(self, table: Table) -> None:
        if self.phase not in Phase.__members__.values():
            raise ActionError(f"begin_phase: unknown phase {self.phase!r}; phases: {', '.join(p.value for p in Phase)}")

    def check(self, t: Table, v: Checker) -> None:
        target = Phase(self.phase)
        skipped = skipped_phases(t)
        if target in skipped and target is next_phase(t.phase):
            v.violate("phase.skipped", (skipped[target],), phase=target, plot=t.ref(skipped[target]))
        elif target is not next_phase(t.phase, skipped):
            v.violate("phase.sequence", phase=target, current=t.phase)
        if t.phase is Phase.PLOT and target is not Phase.PLOT:
            check_plots_revealed(t, v, leaving=True)
            if revealed_this_round(t) and not first_player_chosen(t):
                if initiative_winner(t) is None:
                    v.violate("initiative.random-first", players=[t.players[s].name for s in initiative_tied(t)])
                else:
                    v.violate("first-player.not-chosen", player=_initiative_name(t))
        if t.phase in (Phase.MARSHALING, Phase.CHALLENGES) and t.active_player is not None:
            v.violate("turn.not-finished", player=t.players[t.active_player].name, phase=t.phase)
        if t.phase is Phase.CHALLENGES:
            check_challenge_over(t, v)
        if t.phase is Phase.TAXATION and target is Phase.PLOT:
            for seat in t.player_order():
                excess = reserve_excess(t, seat)
                # A recorded discard was judged itself (reserve.count): what it left over is not flagged twice.
                if excess and t.players[seat].counts_known and not t.players[seat].eliminated \
                        and t.players[seat].reserve_round != t.round:
                    v.violate("reserve.not-checked", player=t.players[seat].name, excess=excess,
                              reserve=reserve(t, seat) or 0)
        if target is Phase.PLOT and t.time_called:
            v.violate("time.called")
        if target is Phase.PLOT:
            v.note("new-round", round=t.round + 1)
        if target is Phase.STANDING and (kneeling := len(standing_phase_stands(t))):
            v.note("cards-stand", count=kneeling)
        if target is Phase.TAXATION:  # each player's own: a sum of both read as one player's pool at the table
            # 1st edition: it goes back once the chances to come out of Shadows are over (a newcomer trial read
            # "returns" while the counter kept the gold through those chances)
            later = t.beginning_of_phase_shadows
            for seat in t.player_order():
                if gold := t.players[seat].gold - gold_kept(t, seat):
                    v.note("gold-returned-after" if later else "gold-returned", player=t.players[seat].name,
                           gold=gold)
        for card, zone in t.phase_end_fate.items():
            if t.zone_of(card) is Zone.PLAY:  # RR: Lasting Effects: "At the end of the phase, …" happens by itself
                v.note("phase-end-leaves", (card,), card=t.ref(card), zone=msg(f"zone.{zone.value}"))

    def apply(self, t: Table) -> None:
        target = Phase(self.phase)
        return_unspent_gold(t)  # 1st edition: a taxation phase in which nothing else happened
        end_challenge(t)
        t.moved_at_phase_end = [card for card in t.phase_end_fate if t.zone_of(card) is Zone.PLAY]
        for card in t.moved_at_phase_end:  # Hear Me Roar!'s card is discarded as the phase ends ("cannot be saved")
            t.saving.pop(card, None)
            leave_to(t, card, t.phase_end_fate[card])
        t.phase_end_fate = {}
        t.pending_put = None
        if target is Phase.PLOT:
            t.round += 1
        t.phase = target
        # Recorded modifiers "until the end of the phase" expire; a new round ends those of the round.
        ending = "round" if target is Phase.PLOT else "phase"
        t.modifiers = [m for m in t.modifiers if modifier_lasts(m, ending)]
        if target in (Phase.MARSHALING, Phase.CHALLENGES):
            t.active_player = t.player_order()[0]
        else:
            t.active_player = None
        t.turns_over = False
        if target is Phase.STANDING:  # RR: Appendix I › 6.2: each player stands each kneeling card
            for cid in standing_phase_stands(t):
                t.in_play[cid].kneeling = False
                t.players[t.in_play[cid].controller].round_counts.pop(f"kneel-used:{cid}", None)  # paid anew
                if t.card(cid).type == "character":
                    count_this_round(t.round, t.players[t.in_play[cid].controller], STANDING_STANDS)
            for p in t.players.values():
                p.faction_kneeling = False
            for ip in t.in_play.values():  # standing now, whatever it was
                ip.kneel_unsure = False
        if plot_returns_gold(t, target):  # Supporting the Faith: forced, it happens by itself
            for p in t.players.values():
                p.gold = 0
        if target is Phase.TAXATION:  # RR: Appendix I › 7.2: unspent gold returns to the treasury
            t.gold_due_back = True
            if not t.beginning_of_phase_shadows:
                return_unspent_gold(t)
        t.phase_began()


def return_unspent_gold(t: Table) -> None:
    """The taxation phase's unspent gold goes back to the treasury (RR: Appendix I › 7.2), once, when it is due; a
    player whose plot or cards say so keeps some or all of it (The Long Plan, King's Landing Dromond)."""
    if not t.gold_due_back:
        return
    t.gold_due_back = False
    for seat, p in t.players.items():
        return_gold(t.round, p, gold_kept(t, seat))


#: The round count of characters a player stood in the standing phase (a limit such as Stannis Baratheon's).
STANDING_STANDS = "standing-stands"


def standing_limit(t: Table) -> int | None:
    """The most characters each player may stand in the standing phase, by a card whose text counts ("Each player
    cannot stand more than 2 characters during the standing phase.": Stannis Baratheon); None without a limit."""
    return min((n for seat in t.seats for cid in printed_cards(t, seat) if (n := t.card(cid).standing_limit)),
               default=None)


def standing_phase_stands(t: Table) -> list[str]:
    """The kneeling cards the standing phase stands by itself (RR: Appendix I › 6.2), those held knelt aside. Under a
    limit on characters, a player with more kneeling characters than it chooses which to stand: the log's `stand`
    lines, up to the limit (the Golden Rule: "cannot" is absolute)."""
    held = stays_knelt(t)
    kneeling = [cid for cid, ip in t.in_play.items() if ip.kneeling and cid not in held]
    limit = standing_limit(t)
    if limit is None:
        return kneeling
    chosen = {seat for seat in t.seats
              if sum(t.card(cid).type == "character" and t.in_play[cid].controller == seat for cid in kneeling) > limit}
    return [cid for cid in kneeling if t.card(cid).type != "character" or t.in_play[cid].controller not in chosen]


def stays_knelt(t: Table) -> set[str]:
    """Characters that do not stand in the standing phase: a revealed plot's (1st edition Noose and Swordpoint:
    "Characters with STR 2 or lower cannot stand during the standing phase."), their own ("Erik Anvil-Breaker
    cannot stand during the standing phase.") or an attachment's ("Attached character cannot stand.": Hunting
    Accident)."""
    most = no_stand_str(t, t.seats)
    return {cid for cid in t.in_play if cannot_stand(t, cid, standing_phase=True) or held_by_plot(t, cid, most)}


def no_stand_str(t: Table, seats: Iterable[str]) -> int | None:
    """The highest STR a revealed plot of these seats keeps from standing (Noose and Swordpoint's 2), or None."""
    return max((n for seat in seats if (n := getattr(plot_text(t, seat), "no_stand_str", None)) is not None),
               default=None)


def held_by_plot(t: Table, card: str, most: int | None) -> bool:
    """The card is a character with STR ``most`` or lower, which such a plot keeps from standing."""
    return most is not None and t.card(card).type == "character" and strength(t, card) <= most


def kept_knelt_record(t: Table, card: str, source: str | None) -> bool:
    """A ``kneel`` in the standing phase naming as ``source`` the revealed plot that keeps the card from standing
    (1st edition Noose and Swordpoint: "Characters with STR 2 or lower cannot stand during the standing phase."), of a
    card the phase left knelt by it: the table's record of "does not stand", not a second kneel."""
    if t.phase is not Phase.STANDING or source is None or card not in t.in_play or not t.in_play[card].kneeling:
        return False
    return held_by_plot(t, card, no_stand_str(t, [s for s in t.seats if revealed_plot(t, s) == source])) \
        or stand_barred_by(t, card) == source  # Frozen Expanse: "Each character with STR 2 or lower cannot stand."


def cannot_stand(t: Table, card: str, *, standing_phase: bool) -> bool:
    """The card's own text or an attachment on it keeps it from standing: always, or in the standing phase (a
    location's too: "Northern Armory cannot stand."; 1st edition Vat of Wildfire "Attached location cannot stand …")."""
    if card not in t.in_play:
        return False
    own = getattr(printed(t, card), "stays_knelt", None) if t.card(card).stays_knelt else None
    if own == "always" or (standing_phase and (own == "standing" or t.in_play[card].held_round == t.round)):
        return True
    if standing_phase and own == "standing-unless-dominance" \
            and t.dominance.get(t.round) != t.in_play[card].controller:
        return True  # Northern Encampment: "… unless you have won dominance this round."
    kinds = ("always", "standing") if standing_phase else ("always",)
    return any(getattr(printed(t, dep), "attached_stays_knelt", None) in kinds for dep in t.dependents(card)
               if not t.in_play[dep].duplicate_of) or stand_barred_by(t, card) is not None


def stand_barred_by(t: Table, card: str) -> str | None:
    """The revealed plot or card in play (anyone's, its text counting) by which this character cannot stand now
    (``Card.stand_barred``: Frozen Expanse's "Each character with STR 2 or lower cannot stand.", Delena Florent's
    "During the challenges phase, non-Bastard characters cannot stand."), or None."""
    if t.card(card).type != "character" or not any(c.stand_barred for c in t.cards.values()):
        return None  # most tables hold no such card: the cards in play are not walked for every stand
    for seat in t.seats:
        for cid in printed_cards(t, seat):
            if (barred := t.card(cid).stand_barred) is None or barred[0] not in ("", t.phase.value):
                continue
            kind, _, arg = barred[1].partition(":")
            if (kind == "str" and strength(t, card) <= int(arg)) or (kind == "non" and arg not in traits_of(t, card)) \
                    or (kind == "noicon" and not has_icon(t, card, arg)):
                return cid
    return None


def _initiative_name(t: Table) -> str:
    seat = initiative_winner(t)
    return t.players[seat].name if seat else "—"


def check_first_player_choice(t: Table, v: Checker, chooser: str | None = None, correction: bool = False) -> None:
    """The first player is chosen in the plot phase once the plots are revealed and initiative is decided,
    once a round (RR: Appendix I › 1.3 II). The initiative winner (``chooser``) may still choose after another
    player's choice was recorded at an advisory table: that word was not the winner's to give; so may the table set
    it right once (``correction``: ``set_first_player``)."""
    if t.phase not in (Phase.SETUP, Phase.PLOT):
        v.violate("first-player.phase", phase=t.phase)
        return
    if t.phase is Phase.SETUP:
        return
    check_plots_revealed(t, v)
    winner = initiative_winner(t)
    overrides = (chooser is not None and chooser == winner and t.first_chooser != chooser) or (
        correction and t.first_chooser is not None and t.first_chooser != winner)
    if first_player_chosen(t) and not overrides:
        v.violate("first-player.once", player=t.players[t.first_player].name if t.first_player else "—")
    elif revealed_this_round(t) and initiative_winner(t) is None:
        v.violate("initiative.random-first", players=[t.players[s].name for s in initiative_tied(t)])


@action("set_first_player", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class SetFirstPlayer(Action):
    """The first player is set: setup's random first player (RR: Setup), or a correction. In the plot phase the
    initiative winner's choice is ``choose_first_player``, which names who chose; this one is checked for when
    and how often, not for who."""

    player: SeatRef
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        check_first_player_choice(t, v, correction=True)
        chooser = initiative_winner(t) if t.phase is Phase.PLOT else None
        if chooser:
            v.note("initiative", player=t.players[chooser].name)

    def apply(self, t: Table) -> None:
        t.first_player = self.player
        if t.phase is Phase.PLOT:
            t.first_chosen_round = t.round
            t.first_chooser = None


@action("choose_first_player", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ChooseFirstPlayer(Action):
    """The player who won initiative chooses the first player (RR: Appendix I › 1.3 II; RR: First Player), once a
    round, after the plots are revealed: ``player`` chooses, ``first`` is chosen (any player, itself included)."""

    phone = Phone(control="first.choose")
    player: SeatRef  # the initiative winner, who chooses
    first: SeatRef
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        check_first_player_choice(t, v, self.player)
        winner = initiative_winner(t)
        if t.phase is Phase.PLOT and winner is not None and winner != self.player:
            v.violate("first-player.chooser", player=t.players[self.player].name, winner=t.players[winner].name)
        plot = revealed_plot(t, self.player)
        if t.phase is Phase.PLOT and plot is not None and t.card(plot).opponent_first and self.first == self.player:
            # Retaliation: "If you win initiative, you must choose an opponent to be the first player."
            v.violate("first-player.opponent", (plot,), player=t.players[self.player].name, plot=t.ref(plot))

    def apply(self, t: Table) -> None:
        if t.phase is Phase.PLOT and first_player_chosen(t) and t.first_chooser == initiative_winner(t) \
                and self.player != t.first_chooser:
            return  # advisory: flagged; the initiative winner's choice stands, another player's word chooses nothing
        t.first_player = self.first
        if t.phase is Phase.PLOT:
            t.first_chosen_round = t.round
            t.first_chooser = self.player


@action("win_initiative", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class WinInitiative(Action):
    """A random pick's result: initiative and power total are both tied, and ``player`` is the tied player chosen
    at random (RR: Initiative: "a random method should be used to break this tie")."""

    phone = Phone(control="initiative.random")
    player: SeatRef
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        tied = initiative_tied(t)
        if t.phase is not Phase.PLOT or not revealed_this_round(t):
            v.violate("initiative.not-tied", player=t.players[self.player].name)
        elif len(tied) < 2 or self.player not in tied:
            winner = initiative_winner(t)
            v.violate("initiative.not-tied", player=t.players[winner].name if winner else "—")
        elif t.round in t.initiative_random:
            v.violate("initiative.random-once", player=t.players[t.initiative_random[t.round]].name)

    def apply(self, t: Table) -> None:
        t.initiative_random.setdefault(t.round, self.player)


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
        t.turns_over = False


@action("draw", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """A known card goes from the draw deck to its owner's hand: drawn, or searched out by the card effect named as
    ``source`` (Summons: "Search the top 10 cards of your deck for a character, … add it to your hand")."""

    deck_cards_only = True

    player: SeatRef
    card: CardRef
    source: CardRef | None = None  # the card effect that draws it, outside setup and the draw phase

    def check(self, t: Table, v: Checker) -> None:
        if t.where[self.card] != (self.player, Zone.DECK):
            v.violate("zone.draw-from-deck", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
        if self.source is None and t.phase not in (Phase.SETUP, Phase.DRAW):
            v.violate("draw.framework", player=t.players[self.player].name, phase=t.phase)
        check_setup_hand(t, v, self.player, 1, self.source)
        check_draw_source(t, v, self.player, self.source)
        check_none_drawn_yet(t, v, self.player, self.source)
        check_draw_cap(t, v, self.player, 1, self.source)
        p = t.players[self.player]
        if self.source is None and t.phase is Phase.DRAW:  # the phase's 2 cards, named one by one
            named = counted_this_round(t.round, p, "draw-phase-named")
            if p.drew_round == t.round and named == 0:
                v.violate("draw.once", player=p.name)
            elif named >= (drawn := draw_phase_counts(t, self.player))[-1]:
                v.violate("draw.count", player=p.name, count=named + 1, drawn=counts_said(drawn))
        if self.source is not None:
            check_revealed_draw(t, v, self.player, self.source, 1)
            check_search(t, v, self.player, self.source, self.card)

    def apply(self, t: Table) -> None:
        p = t.players[self.player]
        drew_by_insight(t, self.player, self.source)
        count_effect_draws(t, self.player, 1, self.source, one_card=True)
        count_this_round(t.round, p, f"drew-in:{t.phase.value}")
        t.move(self.card, t.instance(self.card).owner, Zone.HAND)
        if t.phase is Phase.DRAW and self.source is None:
            p.drew_round = t.round  # the draw phase's draw, recorded by named cards
            count_this_round(t.round, p, "draw-phase-named")
        if self.source is not None and (t.card(self.source).when_revealed_draws or t.card(self.source).search_finds):
            count_this_round(t.round, p, f"revealed-named:{self.source}")
        decked(t, self.player)


@action("draw_cards", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class DrawCards(Action):
    """A player draws ``count`` cards, unnamed ("drew 2" in the draw phase, "drew 7" at setup): the hand and
    deck counts follow at once, and each card is named when it is played (it is one of those drawn, with no
    "taken as drawn" note). Opponents learn the counts only, which the rules make public anyway."""

    # Both players tap "drew 2" at the same moment in the draw phase: the second tap must not be lost to the first.
    phone = Phone(control="cards.draw", resent=True)
    player: SeatRef
    count: Annotated[int, number(1, 99)]
    source: CardRef | None = None  # the card effect that draws (insight, an event): not the draw phase's draw
    starts_phase_body = False
    simultaneous_draw = True

    def check(self, t: Table, v: Checker) -> None:
        p = t.players[self.player]
        left = deck_count(t, self.player)
        if self.count > left and t.phase is Phase.SETUP:
            v.violate("draw.deck-short", player=p.name, count=self.count, left=left)
        elif self.count >= left and t.phase is not Phase.SETUP and has_deck(t, self.player):
            v.note("deck-empty", player=p.name, count=min(self.count, left))
        check_framework_draw(t, v, self.player, self.count, self.source)
        check_setup_hand(t, v, self.player, self.count, self.source)
        check_draw_source(t, v, self.player, self.source, self.count)
        check_amount_instead(t, v, self.player, self.source, "cards", self.count)
        check_none_drawn_yet(t, v, self.player, self.source)
        if self.source is not None and t.card(self.source).draws_by_insight and self.count > 1:
            # RR: Insight: "… may draw 1 card." (aside30 09)
            v.violate("draw.insight-count", (self.source,), card=t.ref(self.source), count=self.count)
        check_draw_cap(t, v, self.player, min(self.count, deck_count(t, self.player)), self.source)
        drawn = revealed_draw(t, self.source)
        if self.source is not None:
            check_revealed_phase(t, v, self.source)
            check_printed_count(t, v, self.player, self.source, self.count)
        if self.source is not None and drawn and t.instance(self.source).owner != self.player:
            # RR: Appendix I › 1.3: a revealed plot's "Draw 3 cards." is its controller's (Counting Coppers).
            v.violate("draw.when-revealed-player", (self.source,), card=t.ref(self.source), player=p.name)
        elif self.source is not None and drawn and counted_this_round(t.round, p, f"revealed-draw:{self.source}"):
            # RR: When Revealed: the ability resolves once, as the plot is revealed (You Win Or You Die).
            v.violate("draw.when-revealed-once", (self.source,), card=t.ref(self.source), player=p.name)
        if (paid := kneel_paid_draws(t, self.player, self.source)) and paid + self.count > (
                most := (printed_counts(t, self.player, str(self.source)) or (0,))[-1]):
            # a draw beyond one kneel's (one too large by itself is draw.printed-count's)
            v.violate("draw.kneel-cost", (str(self.source),), card=t.ref(str(self.source)), player=p.name, count=most)

    def starts_body(self, t: Table) -> bool:
        # The draw phase's draw is the phase itself: the beginning-of-phase chance to come out of Shadows
        # comes before it (1st edition insert › Bringing a card out of Shadows). A card drawn by an effect in
        # another phase (setup's seven, a response) leaves that phase's beginning as it is.
        return t.phase is Phase.DRAW

    def apply(self, t: Table) -> None:
        p = t.players[self.player]
        drew_by_insight(t, self.player, self.source, self.count)
        count_effect_draws(t, self.player, min(self.count, deck_count(t, self.player)), self.source)
        if kneel_paid_draws(t, self.player, self.source) is not None:
            count_this_round(t.round, p, f"kneel-drawn:{self.source}", self.count)
        if self.source is not None and revealed_draw(t, self.source):
            count_this_round(t.round, p, f"revealed-draw:{self.source}")
        p.drawn_unnamed += min(self.count, deck_count(t, self.player))
        count_this_round(t.round, p, f"drew-in:{t.phase.value}", self.count)
        if t.phase is Phase.DRAW and self.source is None:
            p.drew_round = t.round
        decked(t, self.player)


def revealed_draw(t: Table, source: str | None) -> bool:
    """A draw naming ``source`` is a plot's when revealed draw, its player's, once (RR: When Revealed): its own ("Draw
    3 cards.": Counting Coppers) or one it initiates of another plot (Varys's Riddle copying Counting Coppers)."""
    if source is None:
        return False
    c = t.card(source)
    return c.when_revealed_draws or (c.copies_when_revealed and c.type == "plot")


def check_none_drawn_yet(t: Table, v: Checker, player: str, source: str | None) -> None:
    """Pleasure Barge: "… if you have not yet drawn any cards this phase, draw 3 cards.": its draw after its player
    drew cards this phase is flagged; a `draw` line right after one by it goes on with the same draw."""
    if source is None or not t.card(source).draws_if_none_drawn or continues_trigger(t, player, source):
        return
    if counted_this_round(t.round, t.players[player], f"drew-in:{t.phase.value}"):
        v.violate("draw.if-none-drawn", (source,), card=t.ref(source), player=t.players[player].name)


def kneel_paid_draws(t: Table, player: str, source: str | None) -> int | None:
    """Cards its controller has drawn by ``source`` since it last knelt, where its one draw is paid by kneeling it
    (``Card.kneel_draws``: "kneel Tobho Mott's Armory to draw 1 card.") and it kneels now; None otherwise (a draw
    while it stands may come with its kneel unrecorded: not judged). RR: Costs: a knelt card cannot kneel again to
    pay for another use, so draws beyond one use's come without it."""
    if source is None or source not in t.in_play or not t.card(source).kneel_draws:
        return None
    ip = t.in_play[source]
    if not ip.kneeling or ip.controller != player:
        return None
    return counted_this_round(t.round, t.players[player], f"kneel-drawn:{source}")


def revealed_ability(t: Table, source: str) -> bool:
    """A plot whose "When Revealed:" draws or searches, revealed in the plot phase: not a Scheme, which an agenda may
    reveal in another phase (The Rains of Castamere)."""
    c = t.card(source)
    return c.type == "plot" and bool(c.when_revealed_draws or c.search_finds) and "Scheme" not in c.traits


def check_revealed_phase(t: Table, v: Checker, source: str) -> None:
    """A plot's when-revealed draw or search resolves as the plot is revealed, in the plot phase (RR: When Revealed;
    RR: Appendix I › 1.3); a player who missed it cannot take it later (Tournament Regulations: Missed
    Opportunities)."""
    if revealed_ability(t, source) and t.phase is not Phase.PLOT and t.zone_of(source) is Zone.REVEALED:
        v.violate("draw.when-revealed-phase", (source,), card=t.ref(source), phase=t.phase)


def check_revealed_draw(t: Table, v: Checker, player: str, source: str, count: int) -> None:
    """Named draws (``draw`` lines) by a plot's when-revealed draw or search: in the plot phase, as many as it
    draws or finds ("Draw 3 cards."; "… for a character"), not beside a "drew 3" by it."""
    c = t.card(source)
    if not revealed_ability(t, source):
        return
    check_revealed_phase(t, v, source)
    p = t.players[player]
    most = (printed_counts(t, player, source) or (0,))[-1] if c.when_revealed_draws \
        else (c.search_finds[1] if c.search_finds else 0)
    named = counted_this_round(t.round, p, f"revealed-named:{source}")
    if c.when_revealed_draws and counted_this_round(t.round, p, f"revealed-draw:{source}"):
        v.violate("draw.when-revealed-once", (source,), card=t.ref(source), player=p.name)
    elif named + count > most:
        v.violate("draw.when-revealed-count", (source,), card=t.ref(source), count=named + count, drawn=most)


def check_search(t: Table, v: Checker, player: str, source: str, card: str) -> None:
    """A search finds a card of the kind it names (Summons: "for a character"; RR: Search: a card that fits)."""
    finds = t.card(source).search_finds
    if finds is not None and finds[0] and t.card(card).type not in finds[0]:
        v.violate("draw.search-type", (card, source), card=t.ref(card), source=t.ref(source),
                  type=type_name(t.card(card).type))


#: Cards each player draws in the draw phase (RR: Appendix I › 2.2).
#: The setup hand, and what each player draws back up to once the setup cards are revealed (RR: Setup).
SETUP_HAND = 7


def printed_counts(t: Table, player: str, source: str) -> tuple[int, ...]:
    """The numbers of cards one draw of the card's ability may take now (``Card.draw_count``, the one reading of
    them): a number instead on the used pile only once it holds that many plots (of the Trait it names)."""
    printed_count = t.card(source).draw_count
    if printed_count is None:
        return ()
    numbers, used, trait = printed_count
    pile = [c for c in t.players[player].zones[Zone.USED] if not trait or trait in t.card(c).traits]
    return numbers[:-1] if used and len(pile) < used else numbers


def check_printed_count(t: Table, v: Checker, player: str, source: str, count: int) -> None:
    """RR: Golden Rule: one draw by a card's ability takes a number of cards its text prints (``Card.draw_count``):
    never more than the highest, nor a number between that it does not print while the deck holds the highest (1st
    edition Ser Jaime Lannister "draw 1 card. (Draw 3 cards instead if you control 3 or more Kingsguard
    characters.)": 2 is neither; which one applies, the log does not say). A number instead on the used pile counts
    once the pile holds that many plots (Starfall Cavalry "(3 cards instead if there are 3 or more plot cards in your
    used pile.)"). Fewer than the lowest is a short deck's draw. A plot's when-revealed draw too ("When Revealed: Draw
    3 cards.": Counting Coppers); its named draws are counted together by ``check_revealed_draw``."""
    numbers = printed_counts(t, player, source)
    if not numbers or t.card(source).draws_by_insight:
        return
    if count > numbers[-1] or (count not in numbers and count > numbers[0]
                               and deck_count(t, player) >= numbers[-1]):
        v.violate("draw.printed-count", (source,), card=t.ref(source), count=count,
                  drawn=" / ".join(str(n) for n in numbers))


def insight_draw(t: Table, source: str, count: int) -> bool:
    """A draw naming ``source`` is its insight's: its only draw is its insight (``Card.draws_by_insight``), or one
    card is drawn while its other ability draws only other numbers (Jon Arryn: "Insight. … Forced Interrupt: When Jon
    Arryn is killed, each player may either: draw 2 cards, …": a draw of 1 is his insight)."""
    c = t.card(source)
    numbers = c.draw_count[0] if c.draw_count else ()
    return c.draws_by_insight or (count == 1 and "insight" in c.keywords and bool(numbers) and 1 not in numbers)


def check_draw_source(t: Table, v: Checker, player: str, source: str | None, count: int = 1) -> None:
    """A draw that names its card effect names one that can draw (RR: Draw; RR: Insight), in the phase its every
    ability that draws names, if one does (``Card.draws_in_phase``; RR: Actions; the one check of a draw's phase):
    its text draws or it has insight, or something the player has in play gives a character insight ("Attached
    character gains insight.").
    A character whose only draw is its insight draws after a challenge its player won with it participating, once
    for each such challenge (RR: Insight)."""
    if source is None:
        return
    if source_out_of_play(t, v, source, "draw.source-not-in-play"):
        return
    if t.phase is Phase.SETUP:  # FAQ (1.9): no card ability is active during setup unless it refers to setup
        v.violate("draw.setup-ability", (source,), card=t.ref(source))
        return
    phase = t.card(source).draws_in_phase
    if phase is not None and t.phase.value != phase and t.card(source).type != "event" \
            and printed(t, source) is not None:  # "Challenges Action: Kneel a Steward character to draw 1 card."
        v.violate("ability.phase", (source,), card=t.ref(source), phase=Phase(phase))
    last = t.challenges[-1] if t.challenges else None
    if t.card(source).draws_if_won and last is not None and last.round == t.round and t.phase is Phase.CHALLENGES \
            and last.winner is not None and last.winner != player:
        # For the North!: "If you win the challenge, draw 1 card.": the challenge it was played in, decided
        v.violate("draw.if-won", (source,), card=t.ref(source), player=t.players[player].name)
    if (kind := t.card(source).draws_unless_lost) and printed(t, source) is not None:
        # Guard at Riverrun: "… if no opponent has won a Military challenge against you this round, draw a card.";
        # The Red Keep: "… if you have not lost a [power] challenge this round, …": attacking too ("any:power").
        either = kind.startswith("any:")
        kind = kind.removeprefix("any:")
        lost = next((c for c in t.challenges if c.round == t.round and c.kind == kind
                     and (c.defender == player or (either and c.attacker == player))
                     and c.winner is not None and c.winner != player), None)
        if lost is not None and lost.winner is not None:
            v.violate("draw.unless-lost-any" if either else "draw.unless-lost", (source,), card=t.ref(source),
                      kind=msg(f"challenge.kind.{kind}"), player=t.players[player].name,
                      opponent=t.players[lost.winner].name)
    if (not t.card(source).draws and not t.card(source).searches_hand and not t.card(source).copies_when_revealed
            and not insight_given(t, player)):
        v.violate("draw.source", (source,), card=t.ref(source))
    elif insight_draw(t, source, count) and (c := insight_challenge(t, player, source)) is None:
        v.violate("draw.insight", (source,), card=t.ref(source), player=t.players[player].name)
    elif insight_draw(t, source, count) and c is not None:
        last = t.challenges[-1]
        side = last.attackers if player == last.attacker else last.defenders
        if t.phase is not Phase.CHALLENGES or last.round != t.round or last.winner != player \
                or source in last.insight or (side and source not in side):
            # RR: Appendix I › 4.2.5: keywords are processed in their challenge, after its claim: not once it is over.
            v.violate("draw.insight-late", (source,), card=t.ref(source), player=t.players[player].name)
        elif last.stage is Stage.RESOLVED and last.winner == last.attacker and not last.claim_applied \
                and claim_due(t, last) > 0:
            v.violate("draw.insight-before-claim", (source,), card=t.ref(source),
                      player=t.players[last.defender].name)


def check_reaction_trigger(t: Table, v: Checker, action: Action) -> None:
    """RR: Triggered Abilities: a line naming as its ``source`` a card whose only triggered ability is a reaction
    (response; ``Card.reacts_to``) follows its trigger, in three printed forms:
    - the card bringing or putting itself into play, for the line's player (1st edition Moat Cailin: "Response: After
      a challenge is declared against you, bring Moat Cailin out of shadows."; Khal Drogo: "Response: After you win a
      challenge, put Khal Drogo into play from your hand.": not its Ambush), events too;
    - its draw, its kneel or stand of a card or a power it gains, for the line's player (Lannisport: "Reaction: After
      you win an [intrigue] challenge, draw 1 card."; Eddard Stark: "Reaction: After a challenge is initiated against
      you, stand Eddard Stark."; Littlefinger: "Reaction: After you marshal Littlefinger, draw 2 cards.": this
      phase's marshal, where a `draw` line naming its card may continue the draw the line before began). A draw is
      judged where the draw itself may use an ability (``check_draw_source``: out of the decks, after setup); an
      intimidate's kneel is the keyword's;
    - a character's, location's or attachment's effect on a card, for its controller: the action its chosen target
      is read for (``Card.targets``; 1st edition Robb Stark: "Response: after you win a Military challenge in which
      Robb Stark participates, choose and kill a character controlled by the losing player."), or any such action
      when its whole text is that ability (``Card.trigger_only``: Catelyn Stark's "After Catelyn Stark is declared
      as a defender, …"); a blank text box has no ability (another rule's question)."""
    source = getattr(action, "source", None)
    if not isinstance(source, str) or source not in t.where:
        return
    c = t.card(source)
    if own_tokens_placed(t, action, source):
        check_token_reaction(t, v, source)
        return
    trigger = c.reacts_to
    player = getattr(action, "player", None)
    check_pillage_trigger(t, v, action, source)
    if trigger is None:
        return
    if c.type != "event":  # an event's is judged as it is played
        check_reactions_barred(t, v, source, trigger)
    if isinstance(player, str) and itself_into_play(t, v, action, source):
        # its coming out of shadows is the line itself (1st edition A Fistful of Coppers: "Response: After A Fistful
        # of Coppers comes out of Shadows, move 2 gold …": played from Shadows, it resolves as it comes out)
        who = None if trigger[0] == "out_of_shadows_self" or trigger_due(t, player, source, trigger) else player
    else:
        who = None if c.type == "event" else reaction_missed(t, action, source, player, trigger)
    if who is None and c.gold_at_least and isinstance(player, str) and action.type in ("gain_power", "draw_cards") \
            and getattr(action, "card", source) == source and t.players[player].gold < c.gold_at_least:
        # Tywin Lannister: "if you have 4 or more gold in your gold pool Tywin Lannister claims 3 power."
        v.violate("ability.gold-at-least", (source,), card=t.ref(source), player=t.players[player].name,
                  most=c.gold_at_least, gold=t.players[player].gold)
    if who is not None:
        words = reaction_words(trigger, c.won_with)
        v.violate("ability.reaction-trigger", (source,), card=t.ref(source), player=t.players[who].name,
                  trigger=words["trigger"], kind=words["kind"], by=words["by"],
                  side=msg("event.react.join", first=words["side"], then=cond) if (cond := condition_words(c))
                  else words["side"])


def own_tokens_placed(t: Table, action: Action, source: str) -> bool:
    """The line places on its ``source`` in play tokens of the kind that card's reaction places on itself
    (``Card.token_reacts_to``)."""
    kind = t.card(source).token_reacts_to
    return kind is not None and action.type == "place_tokens" and getattr(action, "card", None) == source \
        and getattr(action, "kind", None) == kind[0] and source in t.in_play and printed(t, source) is not None


def check_token_reaction(t: Table, v: Checker, source: str) -> None:
    """RR: Triggered Abilities: tokens a card's reaction places on itself follow its trigger, whatever else the card
    prints (The Boneway: "Reaction: After you lose a challenge, place 1 vengeance token on The Boneway. Dominance
    Action: …"): for its controller, a challenge just decided as the trigger says, or its marshal this phase."""
    kind = t.card(source).token_reacts_to
    if kind is None:
        return
    trigger, controller = (kind[1], kind[2], kind[3], kind[4]), t.controller(source)
    if marshalled_now(t, controller, source) if trigger[0] == "marshal_self" \
            else trigger_due(t, controller, source, trigger):
        return
    words = reaction_words(trigger)
    v.violate("ability.reaction-trigger", (source,), card=t.ref(source), player=t.players[controller].name,
              trigger=words["trigger"], kind=words["kind"], by=words["by"], side=words["side"])


def check_pillage_trigger(t: Table, v: Checker, action: Action, source: str) -> None:
    """A line of a card's reaction to its own pillage discarding a kind of card ("After Ser Gregor's Marauders
    discards an event using pillage, stand Ser Gregor's Marauders.": ``Card.pillage_reacts``), other than a discard,
    follows a challenge it took part in whose losing opponent's discard pile has such a card on top (the card its
    pillage discarded, where the log named it). A blank text, a challenge as one entry or an empty pile: not judged."""
    wanted = t.card(source).pillage_reacts
    last = t.challenges[-1] if t.challenges else None
    if wanted is None or action.type == "discard" or source not in t.in_play or printed(t, source) is None \
            or last is None or last.round != t.round or last.winner is None or not last.attackers \
            or source not in (*last.attackers, *last.defenders):
        return
    loser = last.defender if last.winner == last.attacker else last.attacker
    pile = t.players[loser].zones[Zone.DISCARD]
    if pile and t.card(pile[-1]).type != wanted:
        v.violate("ability.pillage-trigger", (source, pile[-1]), card=t.ref(source), discarded=t.ref(pile[-1]),
                  type=type_name(wanted))


def reaction_missed(t: Table, action: Action, source: str, player: str | None,
                    trigger: tuple[str, str, int, str]) -> str | None:
    """The player for whom the line's draw, kneel or stand, or effect on a chosen target, comes without the trigger
    of ``source``'s reaction (``check_reaction_trigger``), or None."""
    c = t.card(source)
    zone = t.zone_of(source)
    if action.type in ("draw", "draw_cards"):
        # a card whose only draw is its insight (Tyrion Lannister 13089): its draws are the keyword's
        own = t.phase is not Phase.SETUP and zone not in (Zone.DECK, Zone.PLOTS) and not c.draws_by_insight
    else:
        card = getattr(action, "card", None)
        own = action.type in ("kneel", "stand") and zone is Zone.PLAY and isinstance(card, str) \
            and intimidated_challenge(t, card, source) is None
        # its power gained by its reaction ("Reaction: After you win an unopposed challenge in which Theon Greyjoy is
        # participating, he gains 1 power."): renown has its own line; a revealed plot's ("Reaction: After you win
        # dominance, gain 2 power for your faction.": A Feast for Crows) and an agenda's (1st edition The White Book)
        own = own or (action.type == "gain_power" and zone in (Zone.PLAY, Zone.REVEALED, Zone.AGENDA))
        # the gold its reaction gains ("Reaction: After an [intrigue] challenge is initiated, gain 2 gold.": Tyrion
        # Lannister; "Reaction: After power is moved to your faction card, gain 1 gold.": Antler Men)
        own = own or (action.type == "gain_gold" and zone is Zone.PLAY)
        # An additional challenge a card in play gives by its reaction (1st edition Edric Storm: "After you win a
        # Power challenge as the attacker by 4 or more total STR, … initiate an additional Power challenge").
        # Only a reaction to a challenge's result may give one; another card named is taken as the table saw it.
        own = own or (action.type == "initiate_challenge" and zone is Zone.PLAY
                      and trigger[0] in ("win_challenge", "lose_challenge", "unopposed", "lose_unopposed"))
        # The claim it raises after a challenge won ("Reaction: After you win a challenge in which you control an
        # attacking Wildling character, kneel your faction card to raise the claim value on your revealed plot card by
        # 1 until the end of the challenge.": The Free Folk, Fields of the Reach, Khaleesi): recorded right after it.
        own = own or (action.type == "modify" and card is None and getattr(action, "stat", None) == "claim"
                      and zone in (Zone.PLAY, Zone.AGENDA) and trigger[0] in ("win_challenge", "unopposed"))
        # Another card it puts into play ("Reaction: After you win a challenge in which The Queen of Thorns is
        # participating, choose a card you control in shadows and put it into play.").
        own = own or (action.type in ("put_into_play", "put_into_play_from_shadows") and zone is Zone.PLAY
                      and card != source)
        # A discard from a hand by its text ("… each opponent discards 1 card at random from his or her hand": Cersei
        # Lannister 11109); a hand's card the log never named lies in the deck.
        own = own or (action.type == "discard" and zone is Zone.PLAY and c.discards_from_hand and isinstance(card, str)
                      and t.zone_of(card) in (Zone.HAND, Zone.DECK))
        # Its return of itself from a pile to its owner's hand (1st edition Lost Captain: "Response: After you win a
        # Power challenge by 4 or more total STR, return Lost Captain from your discard pile or dead pile to your
        # hand."), for its owner.
        own = own or (action.type == "return_to_hand" and card == source and zone in (Zone.DEAD, Zone.DISCARD))
        # Its putting itself into shadows from play (1st edition Syrio Forel: "Response: After you win a challenge in
        # which Syrio Forel participated, put him into Shadows."; Windblown: "… return it to shadows to choose …").
        own = own or (action.type == "put_into_shadows" and card == source and zone is Zone.PLAY)
        # The kneel that pays for bringing itself into play from its owner's hand ("Reaction: After you lose a
        # challenge as the defending player, kneel a Sand Snake character to put Tyene Sand into play from your
            # hand."), for its owner (a hand's card the log never named lies in the deck).
        own = own or (action.type == "kneel" and zone in (Zone.HAND, Zone.DECK) and card != source and c.own_entry)
    if own and isinstance(player, str) and not (
            marshalled_now(t, player, source, action.type == "draw") if trigger[0] == "marshal_self"
            else trigger_due(t, player, source, trigger)):
        return player
    line = target_line(action)
    if line is not None and c.type != "plot" and trigger[0] != "marshal_self" \
            and (c.trigger_only or any(x[0] == line[0] for x in c.targets)) and zone not in (Zone.DECK, Zone.PLOTS) \
            and not (source in t.in_play and printed(t, source) is None):
        controller = t.controller(source) if source in t.in_play else t.where[source][0]
        if not trigger_due(t, controller, source, trigger):
            return controller
    return None


def itself_into_play(t: Table, v: Checker, action: Action, source: str) -> bool:
    """The line brings its ``source`` out of shadows, or puts it into play from its owner's hand (not by Ambush), by
    its own ability: where it is not already refused for lying elsewhere."""
    if getattr(action, "card", None) != source:
        return False
    if action.type in ("bring_out", "play_event_from_shadows"):
        return True
    zone = t.zone_of(source)
    from_hand = bool(getattr(action, "from_hand", False))
    return action.type in ("put_into_play", "put_into_play_from_shadows") and from_hand \
        and "ambush" not in t.card(source).keywords and zone is not Zone.PLAY and not v.verdict.impossible \
        and not (action.type == "put_into_play_from_shadows" and zone is not Zone.SHADOWS)


def marshalled_now(t: Table, player: str, source: str, one_card: bool = False) -> bool:
    """The card was marshalled by the player in this marshaling phase (Littlefinger: "Reaction: After you marshal
    Littlefinger, draw 2 cards."; RR: Put into Play: a card put into play is not marshalled), and its reaction has
    not answered that marshal yet (RR: Triggered Abilities: once for each occurrence of its triggering condition)."""
    p = t.players[player]
    return t.phase is Phase.MARSHALING and (counted_this_round(t.round, p, f"marshalled:{source}") > counted_this_round(
        t.round, p, f"trigger-used:{source}") or (one_card and continues_trigger(t, player, source)))


def drew_by_insight(t: Table, player: str, source: str | None, count: int = 1) -> None:
    """The challenge an insight draw comes from has drawn for that card."""
    if source is not None and insight_draw(t, source, count) and (c := insight_challenge(t, player, source)):
        c.insight.append(source)


def insight_challenge(t: Table, player: str, source: str) -> ChallengeRecord | None:
    """This round's challenge the player won with ``source`` on its side that has not drawn for it yet (the first),
    or a won one whose winning side was not recorded (a challenge as one entry: it may have been there)."""
    for c in t.challenges:
        if c.round != t.round or c.winner != player or source in c.insight:
            continue
        side = c.attackers if player == c.attacker else c.defenders
        if source in side or not side:
            return c
    return None


def check_setup_hand(t: Table, v: Checker, player: str, count: int, source: str | None) -> None:
    """A setup draw leaves at most 7 cards in hand (RR: Setup: the setup hand is 7; after the reveal each player
    draws back up to 7). Cards laid face down for setup still lie in the hand until the reveal, so the count holds
    for both draws; a hand whose count is not known (a card taken as drawn) is not judged."""
    p = t.players[player]
    if t.phase is not Phase.SETUP or source is not None or not p.counts_known:
        return
    holding = hand_count(t, player) + min(count, deck_count(t, player))
    if holding > SETUP_HAND:
        v.violate("setup.hand", player=p.name, count=holding)


def _effect_draw(t: Table, source: str | None) -> bool:
    """A card effect's draw (a search into the hand is not one)."""
    return source is not None and t.phase is not Phase.SETUP and not (t.card(source).searches_hand
                                                                       and not t.card(source).draws)


def check_draw_cap(t: Table, v: Checker, player: str, count: int, source: str | None) -> None:
    """1st edition: at most ``Table.draw_cap`` cards a round drawn outside the draw phase's framework (its 2 and
    setup's draws aside), by card effects together."""
    if t.draw_cap is None or not _effect_draw(t, source):
        return
    before = counted_this_round(t.round, t.players[player], "effect-draws")
    if before + count > t.draw_cap:
        v.violate("draw.cap", player=t.players[player].name, count=count, drawn=before, cap=t.draw_cap)


def count_effect_draws(t: Table, player: str, count: int, source: str | None, *, one_card: bool = False) -> None:
    used_own_trigger(t, player, source, one_card=one_card)
    if _effect_draw(t, source):
        count_this_round(t.round, t.players[player], "effect-draws", count)


def check_framework_draw(t: Table, v: Checker, player: str, count: int, source: str | None) -> None:
    """Draws outside setup are the draw phase's 2, once (RR: Appendix I › 2.2); any other is a card effect's,
    named by ``source``."""
    if source is not None or t.phase is Phase.SETUP:
        return
    name = t.players[player].name
    if t.phase is not Phase.DRAW:
        v.violate("draw.framework", player=name, phase=t.phase)
    elif t.players[player].drew_round == t.round:
        v.violate("draw.once", player=name)
    elif count not in (drawn := draw_phase_counts(t, player)):
        v.violate("draw.count", player=name, count=count, drawn=counts_said(drawn))


def counts_said(counts: tuple[int, ...]) -> str:
    """The draw-phase draws a table may take, for a message: "3", or "3–4"."""
    return str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"


@action("pass_shadows", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class PassShadows(Action):
    """1st edition: a player lets the beginning-of-phase chance to come out of Shadows go."""

    phone = Phone(offered=(Offer((Where.TABLE,)),), control="shadows.pass")
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
    affects_card = True
    player: SeatRef
    card: CardRef
    source: CardRef | None = None  # the card whose ability kneels (stands) it: a character's intimidate, an event
    kneeling = True

    def check(self, t: Table, v: Checker) -> None:
        check_immune(t, v, self.card, self.source)
        if self.source != self.card:
            check_kneel_cost(t, v, self.source, "kneel" if self.kneeling else "stand")
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
        elif self.kneeling and kept_knelt_record(t, self.card, self.source):
            pass  # the log's record of "does not stand": the standing phase already kept it knelt
        elif (ip := t.in_play[self.card]).kneeling == self.kneeling and (self.kneeling or not ip.kneel_unsure):
            # RR: Kneel, Kneeling, Knelt: "A kneeling card cannot kneel again until it is standing" (and back). One
            # left standing under a "does not kneel" the log cannot decide may have knelt: its stand is not flagged.
            v.violate("kneel.already" if self.kneeling else "stand.already", (self.card,), card=t.ref(self.card))
        elif not self.kneeling and cannot_stand(t, self.card, standing_phase=t.phase is Phase.STANDING):
            v.violate("stand.cannot", (self.card,), card=t.ref(self.card))  # RR: Golden Rule: "cannot" is absolute
        elif not self.kneeling and self._limited(t) and (limit := standing_limit(t)) is not None and counted_this_round(
                t.round, t.players[t.in_play[self.card].controller], STANDING_STANDS) >= limit:
            v.violate("stand.limit", (self.card,), card=t.ref(self.card), limit=limit)

    def _limited(self, t: Table) -> bool:
        """A character standing in the standing phase: it counts toward a limit such as Stannis Baratheon's."""
        return t.phase is Phase.STANDING and self.card in t.in_play and t.card(self.card).type == "character"

    def apply(self, t: Table) -> None:
        trigger = t.card(self.source).reacts_to if self.source is not None else None
        if trigger is not None and trigger[0] == "str_raised_self":  # Randyll Tarly stands: that increase answered
            count_this_round(t.round, t.players[self.player], f"trigger-used:{self.source}")
        if self.card in t.in_play:
            if not self.kneeling and t.in_play[self.card].kneeling and self._limited(t):
                count_this_round(t.round, t.players[t.in_play[self.card].controller], STANDING_STANDS)
            if self.source != self.card:
                note_kneel_cost(t, self.source, "kneel" if self.kneeling else "stand")
            if self.kneeling or t.in_play[self.card].kneeling:  # a new kneel, or stood: a new use's draws
                # (``kneel_paid_draws``), a new use of its kneel-itself ability
                t.players[t.in_play[self.card].controller].round_counts.pop(f"kneel-drawn:{self.card}", None)
                t.players[t.in_play[self.card].controller].round_counts.pop(f"kneel-used:{self.card}", None)
            t.in_play[self.card].kneeling = self.kneeling
            t.in_play[self.card].kneel_unsure = False  # the log says which


@dataclass(frozen=True, slots=True)
class _SetFactionKneeling(Action):
    # At the table, among a seat's moves by a card effect: its own faction card, standing or kneeling.
    phone = Phone(offered=(Offer((Where.TABLE,), not_phases=(Phase.SETUP,)),), rank=12, by_effect=True)
    player: SeatRef  # whose faction card (its own effect: "Kneel your faction card")
    kneeling = True

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat)] if t.players[seat].faction_kneeling != cls.kneeling else []

    def check(self, t: Table, v: Checker) -> None:
        if t.players[self.player].faction_kneeling == self.kneeling:
            # RR: Kneel, Kneeling, Knelt: a kneeling card cannot kneel again (a cost that cannot be paid).
            v.violate("faction.kneel-already" if self.kneeling else "faction.stand-already",
                      player=t.players[self.player].name)

    def apply(self, t: Table) -> None:
        t.players[self.player].faction_kneeling = self.kneeling
        if self.kneeling:
            note_faction_cost(t, self.player, None)


@action("kneel_faction", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class KneelFaction(_SetFactionKneeling):
    """The player's faction card kneels (the cost of Fealty, The Things I Do For Love, …); the standing phase stands
    it with every other card."""

    kneeling = True


@action("stand_faction", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class StandFaction(_SetFactionKneeling):
    """The player's kneeling faction card stands (an effect; the standing phase stands it by itself)."""

    kneeling = False


@action("kneel", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Kneel(_SetKneeling):
    """A card in play kneels (a challenge, a cost, an effect)."""

    phone = Phone(offered=(Offer((Where.PLAY,), kneeling=False),), usual_in=(Phase.CHALLENGES,), rank=10)
    kneeling = True

    def check(self, t: Table, v: Checker) -> None:
        super(Kneel, self).check(t, v)
        check_intimidate(t, v, self.card, self.source)
        if self.source == self.card:
            check_kneel_target(t, v, self.card)
        elif self.source is not None and self.source in t.where \
                and not any(x[0] == "kneel" for x in t.card(self.source).cost_targets) \
                and (by := printed_cannot_be(t, self.card, "never_knelt")) is not None:
            # "Ygritte cannot be knelt by card effects.": another card's effect (a kneel paying its cost is no effect)
            v.violate("kneel.printed-unkneelable", (self.card, by), card=t.ref(self.card), by=t.ref(by))

    def apply(self, t: Table) -> None:
        won = intimidated_challenge(t, self.card, self.source)
        super(Kneel, self).apply(t)
        if won is not None and won.intimidated is None:
            won.intimidated = self.card
        if self.card in t.in_play and self.source in (None, self.card) and t.card(self.card).reduces_by_kneeling:
            # Each kneel pays for one reduction: stood again and knelt again (Ser Eldon standing Dragonstone Port),
            # the card reduces the next card again.
            p = t.players[t.in_play[self.card].controller]
            p.reductions_used = [u for u in p.reductions_used if u[1] != self.card]
        if self.card in t.in_play and self.source is not None and self.source in t.instances:
            # "That character does not stand during the standing phase this round." (1st edition Cersei Lannister)
            held = t.card(self.source).knelt_stays_knelt
            if (held == "chosen" and self.card != self.source) or (
                    held == "attached" and t.in_play.get(self.source, None) is not None
                    and t.in_play[self.source].attached_to == self.card):
                t.in_play[self.card].held_round = t.round


def intimidate_after(t: Table, card: str, source: str | None) -> tuple[ChallengeRecord, str, list[str]] | None:
    """When kneeling ``card`` names a character with intimidate as ``source`` (another card, both in play) and this
    round's last challenge has a winner: that challenge, its loser and the winning side's characters."""
    if source is None or source == card or source not in t.in_play or not has_keyword(t, source, "intimidate"):
        return None
    last = t.challenges[-1] if t.challenges else None
    if last is None or last.round != t.round or last.winner is None or card not in t.in_play:
        return None
    loser = last.defender if last.winner == last.attacker else last.attacker
    return last, loser, last.attackers if last.winner == last.attacker else last.defenders


def intimidated_challenge(t: Table, card: str, source: str | None) -> ChallengeRecord | None:
    """The last challenge, when kneeling ``card`` by ``source`` is its intimidate: the source is on the winning side
    and the card is the losing opponent's."""
    after = intimidate_after(t, card, source)
    if after is None or source not in after[2] or t.in_play[card].controller != after[1]:
        return None
    return after[0]


def check_intimidate(t: Table, v: Checker, card: str, source: str | None) -> None:
    """RR: Intimidate: after winning a challenge in which a character with intimidate participates, the winner may
    kneel a standing character controlled by the losing opponent "whose STR is equal to or lower than the STR by
    which the challenge was won"; not cumulative: one character a challenge. Judged where the log knows the
    challenge's totals and the source took part."""
    after = intimidate_after(t, card, source)
    if after is None or source is None:
        return
    last, loser, side = after
    owner_side = {last.attacker, last.defender}
    if t.controller(source) in owner_side and t.in_play[card].controller in owner_side - {t.controller(source)} \
            and side and (last.winner != t.controller(source) or source not in side):
        # A character of the other player of the last challenge knelt by intimidate, its controller having lost it or
        # won it without the character (aside30 10).
        v.violate("intimidate.won", (card, source), source=t.ref(source), player=t.players[t.controller(source)].name)
        return
    if source not in side or t.in_play[card].controller != loser:
        return
    if last.intimidated is not None:  # RR: Intimidate: not cumulative, one character a challenge
        v.violate("intimidate.once", (card, source), source=t.ref(source), knelt=t.ref(last.intimidated))
        return
    if len(last.strength) != 2 or last.winner is None:
        return
    by = last.strength[last.winner] - last.strength[loser]
    if strength(t, card) > by:
        v.violate("intimidate.str", (card, source), card=t.ref(card), source=t.ref(source), str=strength(t, card),
                  by=by)


@action("stand", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Stand(_SetKneeling):
    """A kneeling card in play stands."""

    phone = Phone(
        offered=(Offer((Where.PLAY,), kneeling=True),),
        usual_in=(Phase.CHALLENGES, Phase.DOMINANCE, Phase.STANDING),
        rank=11,
    )
    kneeling = False
