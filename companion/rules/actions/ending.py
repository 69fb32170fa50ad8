"""The end of the game (RR: Winning the Game; Tournament Regulations › End of Round): 15 power ends it at once;
a player whose draw leaves the draw deck empty (or who must draw from an empty one) is eliminated (``draw_cards``,
``draw``; RR: Appendix I › 2.2), and the last player left wins; where several reach the end together, the first
player decides; a concession; going to time.

``settle`` runs after every action (``engine.play``): the game's end is a fact of the table the moment it happens,
so whatever caused it (a claim, renown, a power tap, a draw) ends the game, and what follows is flagged.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.actions.base import Action, Confirm, Offer, Phone, Recorder, SeatRef, Where, action
from companion.rules.check import Checker
from companion.rules.editions import Table
from companion.rules.going_to_time import Standing, going_to_time
from companion.rules.state import Phase, Zone
from companion.rules.values import deck_count, has_deck, power_total, reserve_excess, winning_power
from companion.rules.verdict import msg

#: How a game ended, each a message ``ended.<how>``.
ENDINGS = ("power", "decked", "conceded", "time")


#: Endings the game itself makes (RR: Winning the Game; a concession): not going to time's modified win.
OUTRIGHT = ("power", "decked", "conceded")


def outright_winner(t: Table) -> str | None:
    """The winner of a game that ended by itself (15 power, the last player left, a concession), else None: a game
    gone to time has a winner too (its steps, or the first player's choice), but a modified one."""
    return t.winner_seat if t.ended in OUTRIGHT else None


def end(t: Table, how: str, winner: str | None) -> None:
    t.ended = how
    t.winner_seat = winner


def decked(t: Table, seat: str) -> None:
    """A draw outside setup left the seat's draw deck empty, or found it empty: the player is eliminated."""
    if t.phase is not Phase.SETUP and has_deck(t, seat) and deck_count(t, seat) == 0:
        t.players[seat].eliminated = True


def settle(t: Table, v: Checker, out_before: frozenset[str]) -> None:
    """After an action: end the game when a player has 15 power or one player is left (notes in ``v``;
    ``out_before``: the players eliminated before the action)."""
    if t.ended is not None:
        return
    for seat in t.seats:
        if t.players[seat].eliminated and seat not in out_before:
            v.note("eliminated", player=t.players[seat].name)
    if t.phase is Phase.DRAW and draws_to_come(t):
        return  # the draw phase's draws are simultaneous: its end waits for every player's (RR: Appendix I › 2.2)
    alive = [s for s in t.seats if not t.players[s].eliminated]
    reached = [s for s in alive if power_total(t, s) >= winning_power(t, s)]
    if len(reached) == 1:
        end(t, "power", reached[0])
        v.note("game-won", player=t.players[reached[0]].name, power=power_total(t, reached[0]))
    elif reached:
        end(t, "power", None)
        v.note("winner-to-choose", players=[t.players[s].name for s in reached], first=first_name(t))
    elif len(t.seats) > 1 and len(alive) == 1:
        end(t, "decked", alive[0])
        v.note("last-player", player=t.players[alive[0]].name)
    elif len(t.seats) > 1 and not alive:
        end(t, "decked", None)
        v.note("winner-to-choose", players=[t.players[s].name for s in t.seats], first=first_name(t))


def first_name(t: Table) -> str:
    return t.players[t.first_player].name if t.first_player else "—"


def draws_to_come(t: Table) -> list[str]:
    """The players whose draw-phase draw is still to come (their deck not yet found empty)."""
    return [s for s in t.seats if not t.players[s].eliminated and t.players[s].drew_round != t.round
            and has_deck(t, s)]


def decked_in_draws(t: Table) -> bool:
    """A draw of this draw phase decked a player and at most one is left: the game ends with the other draws
    (``settle`` waits for them)."""
    alive = [s for s in t.seats if not t.players[s].eliminated]
    return t.phase is Phase.DRAW and len(t.seats) > 1 and len(alive) < len(t.seats) and len(alive) <= 1


def continues_end(t: Table, action: Action) -> bool:
    """The line is the same card effect's power for another player as the line that ended the game by power, right
    after it (Jon Arryn: "each player may … gain 1 power for their faction", a ``gain_power`` a player): one effect,
    one moment, so the players it takes to 15 reach it at once (RR: Winning the Game: the first player decides)."""
    return t.end_effect is not None and t.ended == "power" and action.type == "gain_power" \
        and getattr(action, "source", None) == t.end_effect[0] and t.version == t.end_effect[1]


def note_end_effect(t: Table, v: Checker, action: Action, ended_before: str | None, continued: bool) -> None:
    """After the line: keep the card effect whose power gain ended the game (``continues_end``); where the line went on
    with it, every player at 15 now reached it at the same moment, and the first player decides."""
    source = getattr(action, "source", None)
    if continued:
        reached = [s for s in t.seats if not t.players[s].eliminated and power_total(t, s) >= winning_power(t, s)]
        if len(reached) > 1:
            t.winner_seat = None
            v.note("winner-to-choose", players=[t.players[s].name for s in reached], first=first_name(t))
    if t.ended == "power" and (continued or ended_before is None) and action.type == "gain_power" \
            and isinstance(source, str):
        t.end_effect = (source, t.version)
    else:
        t.end_effect = None


def check_game_on(t: Table, v: Checker, action: Action) -> None:
    """An action after the end of the game (RR: Winning the Game: "the game ends immediately"). A player decked by
    the draw phase's draw ends it too: only the others' draws, made at the same moment, may still be recorded; so
    may the same card effect's power for the next player (``continues_end``)."""
    if t.ended is not None and not type(action).after_game and not continues_end(t, action):
        winner = t.players[t.winner_seat].name if t.winner_seat else msg("nobody")
        v.violate("game.over", winner=winner, how=msg(f"ended.{t.ended}"))
    elif t.ended is None and not type(action).after_game and decked_in_draws(t) and not (
            type(action).simultaneous_draw and getattr(action, "source", None) is None
            and getattr(action, "player", None) in draws_to_come(t)):
        alive = [s for s in t.seats if not t.players[s].eliminated]
        winner = t.players[alive[0]].name if alive else msg("nobody")
        v.violate("game.over", winner=winner, how=msg("ended.decked"))


@action("eliminate", records=Recorder.CLAIM)
@dataclass(frozen=True, slots=True)
class Eliminate(Action):
    """A player is eliminated: its draw deck is empty (RR: Winning the Game), recorded where the log does not
    hold the count (the companion eliminates a player by itself when its tracked deck runs out)."""

    player: SeatRef
    simultaneous_draw = True  # it stands for the draw phase's draw where the log does not hold the count

    def check(self, t: Table, v: Checker) -> None:
        p = t.players[self.player]
        if p.eliminated:
            v.violate("eliminate.already", player=p.name)
        elif p.counts_known and has_deck(t, self.player) and deck_count(t, self.player) > 0:
            v.violate("eliminate.deck-left", player=p.name, left=deck_count(t, self.player))

    def apply(self, t: Table) -> None:
        t.players[self.player].eliminated = True


@action("concede", records=Recorder.CLAIM)
@dataclass(frozen=True, slots=True)
class Concede(Action):
    """A player concedes the game at any point: the opponent wins (Tournament Regulations › End of Round)."""

    # A button of the round box in every phase, apart and asked first: it ends the game.
    phone = Phone(offered=(Offer((Where.TABLE,)),), confirm=Confirm("confirmConcede"), apart=True)
    player: SeatRef

    @classmethod
    def offers(cls, t: Table, seat: str, card: str, where: Where) -> list[Action]:
        return [] if t.ended is not None or t.players[seat].eliminated else [cls(player=seat)]

    def check(self, t: Table, v: Checker) -> None:
        pass

    def apply(self, t: Table) -> None:
        if t.ended is not None:
            return
        t.players[self.player].eliminated = True
        others = [s for s in t.seats if not t.players[s].eliminated]
        if len(others) <= 1:  # in a melee game the others play on (RR: Winning the Game: one player left wins)
            end(t, "conceded", others[0] if others else None)


@action("choose_winner", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class ChooseWinner(Action):
    """The first player decides who wins where the rules leave it to them: several players reached 15 power at
    once, every player was eliminated at once (RR: Winning the Game), or a game gone to time is tied through every
    step (Tournament Regulations › Going to Time, step 5). ``player`` is the first player, ``winner`` its choice."""

    phone = Phone(control="winner.choose")
    player: SeatRef  # the first player, who chooses
    winner: SeatRef
    after_game = True

    def check(self, t: Table, v: Checker) -> None:
        if t.ended is None or t.winner_seat is not None:
            v.violate("winner.no-choice", player=t.players[self.player].name)
        elif t.first_player is not None and self.player != t.first_player:
            v.violate("winner.chooser", player=t.players[self.player].name, first=first_name(t))

    def apply(self, t: Table) -> None:
        # Another player's choice is recorded (advisory) but decides nothing: the choice stays the first player's.
        if t.ended is not None and t.winner_seat is None and t.first_player in (None, self.player):
            t.winner_seat = self.winner


def time_round_over(t: Table) -> bool:
    """The round time was called in has been played through its taxation phase, reserve included; or a later round
    began, flagged (``time.called``) and recorded at an advisory table: the called round is over all the same."""
    if t.time_called_round >= 0 and t.round > t.time_called_round:
        return True
    return t.phase is Phase.TAXATION and not any(reserve_excess(t, s) for s in t.seats)


def time_standings(t: Table) -> list[Standing]:
    """The going-to-time figures from the table: power, draw deck, the final round's dominance (the round time was
    called in), dead characters."""
    final = t.time_called_round if 0 <= t.time_called_round < t.round else t.round
    won = t.dominance.get(final)
    return [Standing(seat, t.players[seat].name, power_total(t, seat), deck_count(t, seat),
                     sum(1 for c in t.players[seat].zones[Zone.DEAD] if t.card(c).type == "character"),
                     won == seat if final in t.dominance else None)
            for seat in t.seats]


@action("go_to_time", records=Recorder.TABLE)
@dataclass(frozen=True, slots=True)
class GoToTime(Action):
    """Time was called, and the round is played through its taxation phase (reserve checked): the game goes to
    time, and the Tournament Regulations' steps decide who receives a modified win (fewest power needed, most
    cards in the draw deck, dominance in the final round, fewest dead characters; else the first player chooses,
    ``choose_winner``)."""

    phone = Phone(control="time.go")
    starts_phase_body = False

    def check(self, t: Table, v: Checker) -> None:
        if not t.time_called:
            v.violate("time.not-called")
        elif not time_round_over(t):
            v.violate("time.round-not-finished", phase=t.phase)
        if t.ended is None:
            decided = going_to_time(time_standings(t), t.first_player)
            if decided["winner"] is not None:
                v.note("time-winner", player=t.players[decided["winner"]].name,
                       step=msg(f"step.{decided['decided_by']}"))
            else:
                v.note("winner-to-choose", players=[t.players[s].name for s in t.seats], first=first_name(t))

    def apply(self, t: Table) -> None:
        t.time_finished = True
        if t.ended is None:
            decided = going_to_time(time_standings(t), t.first_player)
            end(t, "time", decided["winner"])
