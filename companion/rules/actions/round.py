"""The round as players run it: revealing plots, initiative, handing the turn on, power and the win."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.actions.base import (
    Action,
    Amount,
    CardRef,
    Confirm,
    Offer,
    Phone,
    Reason,
    Recorder,
    SeatRef,
    Tally,
    Where,
    Whose,
    action,
)
from companion.rules.actions.common import (
    check_amount_instead,
    check_challenge_over,
    check_house_only,
    check_power_kings_only,
    end_challenge,
    place_name,
    reaction_words,
    trigger_due,
)
from companion.rules.check import Checker, type_name
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone
from companion.rules.values import (
    POWER,
    WINNING_POWER,
    current_challenge,
    dominance_totals,
    dominance_winner,
    dominance_winners,
    has_plots,
    house_power_barred,
    in_play_controlled,
    income,
    initiative_winner,
    plot_card,
    power_total,
    revealed_plot,
    revealed_plots_that,
)
from companion.rules.verdict import Param, msg

__all__ = ["POWER", "WINNING_POWER", "initiative_winner", "plot_card", "power_total", "revealed_plot", "winner"]

# The round's numbers live in ``companion/rules/values.py``; the checks and views here and elsewhere read them
# from there (these names stay importable from here).


def winner(t: Table) -> str | None:
    """The game's winner once it has ended (RR: Winning the Game), else None."""
    return t.winner_seat


def check_plots_revealed(t: Table, v: Checker, *, leaving: bool = False) -> None:
    """Every player with a plot deck has revealed a plot this round. Leaving the plot phase while a plot
    lies chosen face down cannot be done at all (the choice would be stranded, and the next phases read
    the revealed plots); a table that records no plots at all is flagged (advisory) as before."""
    stranded = leaving and any(p.plot_chosen is not None for p in t.players.values())
    for seat in t.seats:
        if has_plots(t, seat) and t.players[seat].revealed_round != t.round:
            if stranded:
                v.violate("plot.reveal-first", player=t.players[seat].name)
            else:
                v.violate("plot.not-revealed", player=t.players[seat].name)


def waiting_for_plot(t: Table) -> list[str]:
    """Seats with a plot deck that have neither chosen nor revealed a plot this round."""
    return [s for s in t.seats if has_plots(t, s) and t.players[s].revealed_round != t.round
            and t.players[s].plot_chosen is None]


def reveal(t: Table, seat: str, card: str) -> None:
    """A plot becomes the seat's revealed plot; the previous one goes to the used pile (RR: Used Pile: the
    last plot brings the used ones back)."""
    p = t.players[seat]
    for old in list(p.zones[Zone.REVEALED]):
        t.move(old, seat, Zone.USED)
    t.move(card, seat, Zone.REVEALED)
    p.revealed_round = t.round
    p.plot_chosen = None
    if not p.zones[Zone.PLOTS]:
        for used in list(p.zones[Zone.USED]):
            t.move(used, seat, Zone.PLOTS)


# -- actions ----------------------------------------------------------------------------------------


def check_plot_pick(t: Table, v: Checker, player: str, card: str, *, new_plot: bool = False) -> bool:
    """What revealing and choosing a plot share: the card lies in the player's plot deck (else impossible:
    False, nothing more to check), in the plot phase, once a round, unless a card effect reveals a new plot
    (``new_plot``: Bran Stark)."""
    if t.where[card] != (player, Zone.PLOTS):
        v.violate("plot.not-in-plot-deck", (card,), card=t.ref(card), player=player, zone=place_name(t, card, player))
        return False
    if t.phase is not Phase.PLOT and not new_plot:
        v.violate("plot.phase", phase=t.phase)
    if t.phase is Phase.PLOT:  # "During the plot phase, Scheme cards are not considered to be in your plot deck."
        for agenda in t.players[player].zones[Zone.AGENDA]:
            trait = t.card(agenda).plot_deck_excludes
            if trait is not None and trait in t.card(card).traits:
                v.violate("plot.excluded-in-plot-phase", (card, agenda), trait=trait, player=t.players[player].name,
                          source=t.ref(agenda), card=t.ref(card))
                break
    if t.players[player].revealed_round == t.round and not new_plot:
        v.violate("plot.once-per-round", player=t.players[player].name)
    return True


def new_plot_allowed(t: Table, player: str, source: str | None, *, agendas: bool = True) -> bool:
    """A card effect reveals a new plot card for the player (RR: Golden Rule; ``Card.reveals_new_plot``): the
    ``source`` named, or, with none named, a card in play or a revealed plot whose text does it, the player's own
    ("Kneel Bran Stark to choose and reveal a new plot card.") or anyone's for another player ("That opponent must
    choose and reveal a new plot card.": Margaery Tyrell)."""
    def allows(card: str, controller: str) -> bool:
        who = t.card(card).reveals_new_plot
        return who == "other" or (who == "self" and controller == player)

    if source is not None:
        return allows(source, t.controller(source) if source in t.in_play else t.instance(source).owner)
    plots = [(plot, seat) for seat in t.seats if (plot := revealed_plot(t, seat)) is not None]
    beside = [(agenda, seat) for seat in t.seats for agenda in t.players[seat].zones[Zone.AGENDA]] if agendas else []
    return any(allows(card, controller) for card, controller in (
        *((c, ip.controller) for c, ip in t.in_play.items() if ip.duplicate_of is None), *plots, *beside))


def agenda_reveal_missed(t: Table, player: str) -> str | None:
    """The agenda whose reaction alone lets the player reveal a new plot now, its trigger not just happened ("The Rains
    of Castamere": "Reaction: After you win an [intrigue] challenge by 5 or more STR, kneel your faction card to reveal
    a Scheme plot."), or None: no card is named, so the player's agendas that reveal plots are asked."""
    if new_plot_allowed(t, player, None, agendas=False):
        return None
    agendas = [a for a in t.players[player].zones[Zone.AGENDA]
               if t.card(a).reveals_new_plot == "self" and t.card(a).reacts_to is not None]
    if not agendas or any(trigger_due(t, player, a, t.card(a).reacts_to or ("", "", 0, "")) for a in agendas):
        return None
    return agendas[0]


@action("reveal_plot", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class RevealPlot(Action):
    """A player reveals the plot they chose from their plot deck; the previous one goes to the used pile."""

    player: SeatRef
    card: CardRef
    #: The card effect that reveals a new plot card (1st edition Bran Stark: "Kneel Bran Stark to choose and reveal a
    #: new plot card."); without one named, a card in play that does so is looked for once a plot is revealed.
    source: CardRef | None = None
    # The plot phase's own step: the 1st-edition chance to come out of Shadows comes before it (the insert).

    def check(self, t: Table, v: Checker) -> None:
        again = t.players[self.player].revealed_round == t.round or t.phase is not Phase.PLOT
        if not check_plot_pick(t, v, self.player, self.card,
                               new_plot=again and new_plot_allowed(t, self.player, self.source)):
            return
        check_house_only(t, v, self.player, self.card)
        if again and self.source is None and (agenda := agenda_reveal_missed(t, self.player)) is not None:
            trigger = t.card(agenda).reacts_to or ("", "", 0, "")
            words = reaction_words(trigger)
            v.violate("ability.reaction-trigger", (agenda,), card=t.ref(agenda), player=t.players[self.player].name,
                      trigger=words["trigger"], kind=words["kind"], by=words["by"], side=words["side"])
        zones = t.players[self.player].zones
        if len(zones[Zone.PLOTS]) == 1 and (zones[Zone.USED] or zones[Zone.REVEALED]):
            v.note("plots-recycled", player=t.players[self.player].name)

    def ability_source(self, t: Table) -> str | None:
        """A new plot revealed with no card named is the ability of the one card in play that reveals new plots for
        its controller, where there is one (1st edition Bran Stark: "… (Limit 3 times per round.)")."""
        if self.source is not None or (t.players[self.player].revealed_round != t.round and t.phase is Phase.PLOT):
            return self.source
        cards = [c for c, ip in t.in_play.items() if ip.duplicate_of is None and ip.controller == self.player
                 and t.card(c).reveals_new_plot == "self"]
        return cards[0] if len(cards) == 1 else None

    def apply(self, t: Table) -> None:
        reveal(t, self.player, self.card)


@action("choose_plot", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ChoosePlot(Action):
    """A player chooses a plot face down (RR: Appendix I › 1.2 Choose plots: each player secretly chooses one
    plot and places it facedown; 1.3: the chosen plots are revealed simultaneously). Once chosen it is placed: a
    second choice is flagged (the phone's Undo takes a choice back). The last player's choice reveals every
    chosen plot at once, in this one entry, because the rules leave nobody a decision between the last choice
    and the reveal."""

    phone = Phone(control="plot.choose", resent=True)
    player: SeatRef
    card: CardRef
    # The plot phase's own step: the 1st-edition chance to come out of Shadows comes before it (the insert).

    def check(self, t: Table, v: Checker) -> None:
        if not check_plot_pick(t, v, self.player, self.card):
            return
        # At the choice, by the player who chose (in strict mode a later player's choice is not refused for it;
        # probe29 04): the violation names the plot, so its verdict is sealed from the other seats until the reveal.
        check_house_only(t, v, self.player, self.card)
        p = t.players[self.player]
        if p.revealed_round != t.round and p.plot_chosen is not None:
            v.violate("plot.chosen-once", player=p.name)  # no card: the choice stays secret
        if self.reveals_all(t):
            chosen = self.chosen(t)
            v.note("plots-revealed", tuple(chosen.values()), names=[t.ref(c) for c in chosen.values()])
            for seat, card in chosen.items():
                zones = t.players[seat].zones
                if zones[Zone.PLOTS] == [card] and (zones[Zone.USED] or zones[Zone.REVEALED]):
                    v.note("plots-recycled", player=t.players[seat].name)

    def chosen(self, t: Table) -> dict[str, str]:
        """Every chosen plot with this choice, in player order."""
        out = {s: t.players[s].plot_chosen for s in t.player_order()}
        out[self.player] = self.card
        return {s: c for s, c in out.items() if c is not None}

    def reveals_all(self, t: Table) -> bool:
        """This choice is the last one: every chosen plot is revealed with it."""
        return all(s == self.player for s in waiting_for_plot(t)) and t.players[self.player].revealed_round != t.round

    def reveals(self, t: Table) -> dict[str, frozenset[str] | None]:
        return dict.fromkeys(self.chosen(t).values()) if self.reveals_all(t) else {}

    def apply(self, t: Table) -> None:
        if t.players[self.player].revealed_round == t.round:
            return  # advisory: flagged; a plot revealed this round stays
        revealing = self.reveals_all(t)
        t.players[self.player].plot_chosen = self.card
        t.players[self.player].plot_chosen_round = t.round
        if revealing:
            for seat, card in self.chosen(t).items():
                reveal(t, seat, card)


@action("pass_turn", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class PassTurn(Action):
    """The active player is done for now: the next player in player order becomes active.
    After the last player nobody is active and the phase can end."""

    # A newcomer ended the marshaling turn before collecting income and lost it for the round: the phone asks first.
    phone = Phone(control="turn.pass",
                  confirm=Confirm("confirmPassNoIncome", when="in the marshaling phase before the income is collected"))
    player: SeatRef
    # A turn of the phase's body: the 1st-edition chance to come out of Shadows is over (the insert).

    def check(self, t: Table, v: Checker) -> None:
        if t.phase not in (Phase.MARSHALING, Phase.CHALLENGES):
            v.violate("turn.phase", phase=t.phase)
        elif t.active_player != self.player:
            active = t.players[t.active_player].name if t.active_player else "—"
            v.violate("turn.not-active", player=t.players[self.player].name, active=active)
        check_challenge_over(t, v)
        if self.next_player(t) is None:
            v.note("all-passed")

    def question(self, t: Table) -> dict[str, Any] | None:
        """The marshaling turn ends with the income still to collect (RR: Appendix I › 3.2): the gold it would be."""
        p = t.players[self.player]
        if t.phase is not Phase.MARSHALING or p.income_round == t.round or plot_card(t, self.player) is None:
            return None
        return msg("confirmPassNoIncome", gold=income(t, self.player))

    def next_player(self, t: Table) -> str | None:
        order = t.player_order()
        i = order.index(self.player)
        return order[i + 1] if i + 1 < len(order) else None

    def apply(self, t: Table) -> None:
        end_challenge(t)
        t.active_player = self.next_player(t)
        t.turns_over = t.active_player is None


@dataclass(frozen=True, slots=True)
class _Power(Action):
    player: SeatRef
    amount: Amount
    card: CardRef | None = None  # None: the faction card
    starts_phase_body = False

    def have(self, t: Table) -> int:
        if self.card is None:
            return t.players[self.player].power
        return t.tokens_on(self.card).get(POWER, 0)

    def where(self, t: Table) -> Param:
        return t.ref(self.card) if self.card else t.players[self.player].name

    def check_card(self, t: Table, v: Checker) -> None:
        if self.card is not None and t.zone_of(self.card) is not Zone.PLAY:
            v.violate("power.not-in-play", (self.card,), card=t.ref(self.card), zone=t.zone_of(self.card))

    def set_power(self, t: Table, value: int) -> None:
        if self.card is None:
            t.players[self.player].power = value
        elif t.zone_of(self.card) is Zone.PLAY:
            t.tokens.setdefault(self.card, {})[POWER] = value


@action("gain_power", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class GainPower(_Power):
    """Power from the treasury onto the faction card or a card in play (a card effect, named as ``source`` where the
    table wrote it; challenges, dominance and renown have their own steps)."""

    phone = Phone(offered=(Offer((Where.PLAY,), Whose.OWN),), rank=70, tally=Tally("power", 1), repeats=True)
    #: The card whose ability gains the power ("… kneel The Wall to gain 2 power for your faction."): judged as every
    #: ability's source is (its phase label, its printed limit, its trigger's moment).
    source: CardRef | None = None
    # A card effect resolved (a beginning-of-phase power included) ends the 1st edition's chance to come out of
    # Shadows, which "happens before any other 'beginning of the phase' effects occur" (1E Shadows insert).
    # Corrections are set_power.
    starts_phase_body = True

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat, 1, card)]  # one power on this card

    def check(self, t: Table, v: Checker) -> None:
        self.check_card(t, v)
        if self.card is None and t.phase is not Phase.CHALLENGES:
            for plot in revealed_plots_that(t, "faction_power_in_challenges"):  # Uneasy Truce
                v.violate("plot.faction-power", (plot,), player=t.players[self.player].name, plot=t.ref(plot))
        under_way = current_challenge(t)
        if self.card is None and (barred := house_power_barred(
                t, self.player, under_way.kind if under_way is not None else None)) is not None:
            v.violate("power.house-barred", (barred,), player=t.players[self.player].name, card=t.ref(barred),
                      kind=msg(f"challenge.kind.{t.card(barred).house_power_only_in}"))
        elif self.card is not None:
            check_power_kings_only(t, v, [self.card])
        if self.card is None and self.source is not None and self.source in t.where \
                and (nth := t.card(self.source).power_nth_challenge) is not None and t.phase is Phase.CHALLENGES:
            mine = [x for x in t.challenges if x.round == t.round and x.attacker == self.player]
            if len(mine) != nth or mine[-1] is not t.challenges[-1] or mine[-1].winner != self.player:
                # The Lord of the Crossing: "During the third challenge you initiate each phase, … If you win this
                # challenge, gain 1 power for your faction."
                v.violate("power.nth-challenge", (self.source,), card=t.ref(self.source),
                          player=t.players[self.player].name, nth=nth)
        if self.card is None and self.source is not None and self.source in t.where \
                and t.card(self.source).most_standing_power:
            check_most_standing(t, v, self.player, self.source)
        check_power_if_discarded(t, v, self.source)
        check_power_per_margin(t, v, self.player, self.source, self.amount)
        check_amount_instead(t, v, self.player, self.source, "power", self.amount)
        if self.source is not None and self.source in t.in_play and t.in_play[self.source].kneeling \
                and t.card(self.source).power_if_standing:
            # 1st edition Knight of Flowers: "… claims 1 power if he is standing."
            v.violate("power.if-standing", (self.source,), card=t.ref(self.source))

    def apply(self, t: Table) -> None:
        self.set_power(t, self.have(t) + self.amount)


def check_power_per_margin(t: Table, v: Checker, player: str, source: str | None, amount: int) -> None:
    """The Red Viper: "… he gains 1 power for every 5 STR by which you won the challenge." (``Card.power_per_margin``):
    the power naming it as ``source`` is at most that much for the round's last challenge, won by its player, as the
    STR totals recorded at its result say (RR: Golden Rule). No totals recorded: not judged."""
    if source is None or source not in t.where or (per := t.card(source).power_per_margin) is None:
        return
    last = t.challenges[-1] if t.challenges and t.challenges[-1].round == t.round else None
    if last is None or last.winner != player or len(last.strength) != 2:
        return  # whether its reaction is due at all is judged as every reaction's trigger is
    margin = last.strength[player] - last.strength[last.defender if player == last.attacker else last.attacker]
    allowed = max(0, margin) // per[1] * per[0]
    if amount > allowed:
        v.violate("power.per-margin", (source,), card=t.ref(source), n=per[0], per=per[1], margin=margin,
                  allowed=allowed)


def check_power_if_discarded(t: Table, v: Checker, source: str | None) -> None:
    """Heads on Spikes: "Discard 1 card at random from that player's hand. If that card is a character, gain 2 power
    for your faction …" (``Card.power_if_discarded``): the power naming it as ``source`` follows a discard it made of
    such a card (RR: Golden Rule). Judged where the log holds that discard, within the three lines before (the dead
    pile placement may come between); none written: not judged."""
    if source is None or source not in t.where or not (kinds := t.card(source).power_if_discarded):
        return
    gone = t.discarded_by
    if gone is not None and gone[0] == source and t.version - gone[2] <= 3 and t.card(gone[1]).type not in kinds:
        v.violate("power.if-discarded", (source, gone[1]), card=t.ref(source), discarded=t.ref(gone[1]),
                  type=type_name(t.card(gone[1]).type), types=[type_name(k) for k in kinds])


def check_most_standing(t: Table, v: Checker, player: str, source: str) -> None:
    """1st edition Salladhor Saan: "… the player who controls the most standing characters claims 2 power for his or
    her House." (``Card.most_standing_power``): a player with fewer standing characters than another is flagged (a
    tie is not judged: who then claims is not printed)."""
    def standing(seat: str) -> int:
        return sum(1 for c in in_play_controlled(t, seat)
                   if t.card(c).type == "character" and not t.in_play[c].kneeling)
    if any(standing(other) > standing(player) for other in t.seats if other != player):
        v.violate("power.most-standing", (source,), card=t.ref(source), player=t.players[player].name)


@action("lose_power", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class LosePower(_Power):
    """Power back to the treasury (or moved to an opponent: they record gain_power)."""

    phone = Phone(offered=(Offer((Where.PLAY,), Whose.OWN),), rank=71, tally=Tally("power", -1), repeats=True)

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [cls(seat, 1, card)] if t.tokens_on(card).get(POWER, 0) else []  # only a card with power on it

    def check(self, t: Table, v: Checker) -> None:
        self.check_card(t, v)
        if self.amount > self.have(t):
            v.violate("power.not-enough", player=self.player, where=self.where(t), have=self.have(t),
                      amount=self.amount)

    def apply(self, t: Table) -> None:
        self.set_power(t, self.have(t) - self.amount)


@action("set_power", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SetPower(_Power):
    """Correct the power on the faction card (or a card) to what lies on the table; ``reason`` says why (a judge's
    ruling), kept in the log and shown with it."""

    phone = Phone(control="power.set")
    reason: Reason | None = None

    after_game = True  # a correction of what lies on the table

    def check(self, t: Table, v: Checker) -> None:
        self.check_card(t, v)
        if self.reason is not None:
            v.note("corrected", reason=self.reason)

    def apply(self, t: Table) -> None:
        self.set_power(t, self.amount)


@action("win_dominance", records=Recorder.CLAIM)
@dataclass(frozen=True, slots=True)
class WinDominance(Action):
    """Who won dominance this round (``player``), or nobody (no ``player``): RR: Appendix I › 5.2: each player's
    STR of standing characters plus the gold in its pool (plus the STR its cards in play print for dominance, as The
    Iron Throne's 8), the highest total wins and gains 1 power, a tie: nobody.
    The totals are computed from the table; a result that differs is flagged unless a ``reason`` says why (a card
    effect the log does not hold, a judge's ruling). Recorded once a round; going to time asks for the final
    round's (Tournament Regulations)."""

    phone = Phone(control="dominance.win")
    player: SeatRef | None = None
    reason: Reason | None = None
    # Dominance is the phase's own step: the 1st-edition chance to come out of Shadows comes before it.

    def check(self, t: Table, v: Checker) -> None:
        if t.phase is not Phase.DOMINANCE:
            v.violate("dominance.phase", phase=t.phase)
        if t.round in t.dominance and self.reason is None:  # a ruling with its reason corrects the record
            before = t.dominance[t.round]
            v.violate("dominance.once", before=t.players[before].name if before else msg("nobody"))
        totals = dominance_totals(t)
        expected = dominance_winner(t)
        shown = ", ".join(f"{t.players[s].name} {n}" for s, n in totals.items())
        if self.player not in dominance_winners(t) and self.reason is None:
            v.violate("dominance.totals", winner=t.players[expected].name if expected else msg("nobody"),
                      totals=shown)
        elif self.reason is not None and self.player != expected:
            v.note("dominance-ruled", reason=self.reason, totals=shown)
        if self.player is not None and t.dominance.get(t.round, "") != self.player:
            truce = revealed_plots_that(t, "faction_power_in_challenges")
            barred = house_power_barred(t, self.player, None)
            if truce:  # Uneasy Truce: the winner gains no faction power for it
                v.note("dominance-no-power", (truce[0],), player=t.players[self.player].name, plot=t.ref(truce[0]))
            elif barred is not None:  # The Siege of Winterfell: House power only in a [military] challenge
                v.note("house-power-barred", (barred,), player=t.players[self.player].name, card=t.ref(barred),
                       challenge=msg(f"challenge.kind.{t.card(barred).house_power_only_in}"))
            else:
                v.note("dominance-power", player=t.players[self.player].name)

    def apply(self, t: Table) -> None:
        # The winner gains 1 power on the faction card in the same tap (RR: Appendix I › 5. Dominance phase;
        # 1st edition: on the House card); a replaced record takes the earlier winner's back.
        before = t.dominance.get(t.round, "")
        if before == self.player:
            return
        if before:
            t.players[before].power = max(0, t.players[before].power - 1)
        if self.player is not None and not revealed_plots_that(t, "faction_power_in_challenges") \
                and house_power_barred(t, self.player, None) is None:
            t.players[self.player].power += 1  # not under Uneasy Truce: no faction power outside challenges
        t.dominance[t.round] = self.player


@action("call_time", records=Recorder.JUDGE)
@dataclass(frozen=True, slots=True)
class CallTime(Action):
    """Time is called at an event table (recorded on the judge's authority when the round clock, with
    the table's extensions, runs out): the game finishes this round's taxation phase, then goes to
    time. ``lifted`` takes it back (an extension granted after the call)."""

    lifted: bool = False
    starts_phase_body = False
    after_game = True

    def check(self, t: Table, v: Checker) -> None:
        if t.time_called == (not self.lifted):
            v.note("time-unchanged")

    def apply(self, t: Table) -> None:
        if not self.lifted and not t.time_called:
            t.time_called_round = t.round
        t.time_called = not self.lifted


def gone_to_time(t: Table) -> bool:
    """Time was called and the round has reached its taxation phase: the game is over and the
    going-to-time steps decide it (unless someone already won on power)."""
    return t.time_called and t.phase is Phase.TAXATION
