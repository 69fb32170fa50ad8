"""The round as players run it: revealing plots, initiative, handing the turn on, power and the win."""

from __future__ import annotations

from dataclasses import dataclass

from companion.catalog.card import Card
from companion.rules.actions.base import Action, Amount, CardRef, Recorder, SeatRef, Tally, action
from companion.rules.actions.common import place_name
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.state import Phase, Zone
from companion.rules.verdict import Param, msg

#: Power that wins the game (RR: Winning the Game; the 1st-edition joust also plays to 15).
WINNING_POWER = 15
POWER = "power"


# -- facts the view and the checks share --------------------------------------------------------


def revealed_plot(t: Table, seat: str) -> str | None:
    """The seat's revealed plot instance, if any."""
    zone = t.players[seat].zones[Zone.REVEALED]
    return zone[-1] if zone else None


def plot_card(t: Table, seat: str) -> Card | None:
    plot = revealed_plot(t, seat)
    return t.card(plot) if plot else None


def has_plots(t: Table, seat: str) -> bool:
    zones = t.players[seat].zones
    return bool(zones[Zone.PLOTS] or zones[Zone.REVEALED] or zones[Zone.USED])


def power_total(t: Table, seat: str) -> int:
    """Power on the faction card plus power on the cards the seat controls (FAQ 1.4)."""
    on_cards = sum(t.tokens_on(c).get(POWER, 0) for c, ip in t.in_play.items() if ip.controller == seat)
    return t.players[seat].power + on_cards


def winner(t: Table) -> str | None:
    """The seat with the most power once anyone has 15 or more."""
    totals = {s: power_total(t, s) for s in t.seats}
    best = max(totals.values(), default=0)
    if best < WINNING_POWER:
        return None
    leaders = [s for s in t.seats if totals[s] == best]
    return leaders[0] if len(leaders) == 1 else None


def initiative_winner(t: Table) -> str | None:
    """Who wins initiative this round: the highest initiative on the revealed plots, ties to the lower
    power total (RR: Initiative). None until every player with plots has revealed one, or on a tie
    that only a random draw settles."""
    seats = [s for s in t.seats if has_plots(t, s)]
    if not seats or any(t.players[s].revealed_round != t.round for s in seats):
        return None

    def rank(seat: str) -> tuple[int, int]:
        card = plot_card(t, seat)
        return ((card.initiative or 0) if card else 0, -power_total(t, seat))

    best = max(rank(s) for s in seats)
    leaders = [s for s in seats if rank(s) == best]
    return leaders[0] if len(leaders) == 1 else None


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


def check_plot_pick(t: Table, v: Checker, player: str, card: str) -> bool:
    """What revealing and choosing a plot share: the card lies in the player's plot deck (else impossible:
    False, nothing more to check), in the plot phase, once a round."""
    if t.where[card] != (player, Zone.PLOTS):
        v.violate("plot.not-in-plot-deck", (card,), card=t.ref(card), player=player, zone=place_name(t, card, player))
        return False
    if t.phase is not Phase.PLOT:
        v.violate("plot.phase", phase=t.phase)
    if t.players[player].revealed_round == t.round:
        v.violate("plot.once-per-round", player=t.players[player].name)
    return True


@action("reveal_plot", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class RevealPlot(Action):
    """A player reveals the plot they chose from their plot deck; the previous one goes to the used pile."""

    player: SeatRef
    card: CardRef
    # The plot phase's own step: the 1st-edition chance to come out of Shadows comes before it (the insert).

    def check(self, t: Table, v: Checker) -> None:
        if not check_plot_pick(t, v, self.player, self.card):
            return
        zones = t.players[self.player].zones
        if len(zones[Zone.PLOTS]) == 1 and (zones[Zone.USED] or zones[Zone.REVEALED]):
            v.note("plots-recycled", player=t.players[self.player].name)

    def apply(self, t: Table) -> None:
        reveal(t, self.player, self.card)


@action("choose_plot", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ChoosePlot(Action):
    """A player chooses a plot face down (RR: Appendix I › 1. Plot phase: each player secretly chooses a
    plot; the chosen plots are revealed simultaneously). The choice is hidden like a card in shadows and
    may be changed until the reveal; the last player's choice reveals every chosen plot at once, in this
    one entry, because the rules leave nobody a decision between the last choice and the reveal."""

    control = "plot.choose"
    resent = True
    player: SeatRef
    card: CardRef
    # The plot phase's own step: the 1st-edition chance to come out of Shadows comes before it (the insert).

    def check(self, t: Table, v: Checker) -> None:
        if not check_plot_pick(t, v, self.player, self.card):
            return
        p = t.players[self.player]
        if p.revealed_round != t.round and p.plot_chosen is not None:
            v.note("plot-changed", player=p.name)  # no card: the choice stays secret
        if self.reveals(t):
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

    def reveals(self, t: Table) -> bool:
        return all(s == self.player for s in waiting_for_plot(t)) and t.players[self.player].revealed_round != t.round

    def apply(self, t: Table) -> None:
        if t.players[self.player].revealed_round == t.round:
            return  # advisory: flagged; a plot revealed this round stays
        revealing = self.reveals(t)
        t.players[self.player].plot_chosen = self.card
        if revealing:
            for seat, card in self.chosen(t).items():
                reveal(t, seat, card)


@action("pass_turn", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class PassTurn(Action):
    """The active player is done for now: the next player in player order becomes active.
    After the last player nobody is active and the phase can end."""

    control = "turn.pass"
    player: SeatRef
    # A turn of the phase's body: the 1st-edition chance to come out of Shadows is over (the insert).

    def check(self, t: Table, v: Checker) -> None:
        if t.phase not in (Phase.MARSHALING, Phase.CHALLENGES):
            v.violate("turn.phase", phase=t.phase)
        elif t.active_player != self.player:
            active = t.players[t.active_player].name if t.active_player else "—"
            v.violate("turn.not-active", player=t.players[self.player].name, active=active)
        if self.next_player(t) is None:
            v.note("all-passed")

    def next_player(self, t: Table) -> str | None:
        order = t.player_order()
        i = order.index(self.player)
        return order[i + 1] if i + 1 < len(order) else None

    def apply(self, t: Table) -> None:
        t.active_player = self.next_player(t)


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

    def note_win(self, t: Table, v: Checker, after: int) -> None:
        seat = self.player if self.card is None else t.controller(self.card)
        total = power_total(t, seat) - self.have(t) + after
        if total >= WINNING_POWER > power_total(t, seat):
            v.note("game-won", player=t.players[seat].name, power=total)


@action("gain_power", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class GainPower(_Power):
    """Power from the treasury onto the faction card or a card in play (challenges, dominance, renown)."""

    tally = Tally("power", 1)
    repeats = True

    def check(self, t: Table, v: Checker) -> None:
        self.check_card(t, v)
        self.note_win(t, v, self.have(t) + self.amount)

    def apply(self, t: Table) -> None:
        self.set_power(t, self.have(t) + self.amount)


@action("lose_power", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class LosePower(_Power):
    """Power back to the treasury (or moved to an opponent: they record gain_power)."""

    tally = Tally("power", -1)
    repeats = True

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
    """Correct the power on the faction card (or a card) to what lies on the table."""

    control = "power.set"

    def check(self, t: Table, v: Checker) -> None:
        self.check_card(t, v)
        self.note_win(t, v, self.amount)

    def apply(self, t: Table) -> None:
        self.set_power(t, self.amount)


@action("win_dominance", records=Recorder.CLAIM)
@dataclass(frozen=True, slots=True)
class WinDominance(Action):
    """Who won dominance this round (``player``), or nobody (no ``player``): a public fact a seat claims
    for itself (or says nobody won), the host or the judge for any seat; recorded again it replaces the
    round's record with a note. Going to time asks for the final round's (Tournament Regulations)."""

    control = "dominance.win"
    player: SeatRef | None = None
    # Dominance is the phase's own step: the 1st-edition chance to come out of Shadows comes before it.

    def check(self, t: Table, v: Checker) -> None:
        if t.phase is not Phase.DOMINANCE:
            v.violate("dominance.phase", phase=t.phase)
        if t.round in t.dominance:
            before = t.dominance[t.round]
            v.note("dominance-again", before=t.players[before].name if before else msg("nobody"))
        if self.player is not None and t.dominance.get(t.round, "") != self.player:
            v.note("dominance-power", player=t.players[self.player].name)

    def apply(self, t: Table) -> None:
        # The winner gains 1 power on the faction card in the same tap (RR: Appendix I › 5. Dominance phase;
        # 1st edition: on the House card); a replaced record takes the earlier winner's back.
        before = t.dominance.get(t.round, "")
        if before == self.player:
            return
        if before:
            t.players[before].power = max(0, t.players[before].power - 1)
        if self.player is not None:
            t.players[self.player].power += 1
        t.dominance[t.round] = self.player


@action("call_time", records=Recorder.JUDGE)
@dataclass(frozen=True, slots=True)
class CallTime(Action):
    """Time is called at an event table (recorded on the judge's authority when the round clock, with
    the table's extensions, runs out): the game finishes this round's taxation phase, then goes to
    time. ``lifted`` takes it back (an extension granted after the call)."""

    lifted: bool = False
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        if t.time_called == (not self.lifted):
            v.note("time-unchanged")

    def apply(self, t: Table) -> None:
        t.time_called = not self.lifted


def gone_to_time(t: Table) -> bool:
    """Time was called and the round has reached its taxation phase: the game is over and the
    going-to-time steps decide it (unless someone already won on power)."""
    return t.time_called and t.phase is Phase.TAXATION
