"""The round in order, in both editions: plots, initiative and first player, turns, income, taxation,
standing, power and the 15-power win."""

from __future__ import annotations

import pytest

from companion.rules import play
from companion.rules.actions import (
    BeginPhase,
    ChooseFirstPlayer,
    CollectIncome,
    Draw,
    DrawCards,
    GainPower,
    Kneel,
    LosePower,
    Marshal,
    PassTurn,
    RevealPlot,
    RevealSetup,
    SetActivePlayer,
    SetFirstPlayer,
    SetGold,
    SetPower,
    SetupFaceDown,
    SetupPlace,
    SpendGold,
)
from companion.rules.actions.round import initiative_winner, power_total, winner
from companion.rules.editions import Table
from companion.rules.roles import Role
from companion.rules.state import Phase, Zone
from companion.rules.values import hand_count
from companion.rules.views import view
from tests.tables import flagged_and_refused, hand, illegal, in_play, legal, make_table, notes_of, rules_of

BURNED_MEN = "01091"
#: Two plots per edition: (code, income, initiative).
PLOTS = {
    "2e": (("01001", 4, 9), ("00006", 2, 5)),  # A Clash of Kings, Feast or Famine
    "1e": (("core_181", 4, 3), ("acoa_25", 5, 7)),  # Summoning Season, Fury of the Wolf
}
CHARACTER = {"2e": BURNED_MEN, "1e": "core_1"}
EDITIONS = ("2e", "1e")


def plot_table(edition: str, phase: str = "plot"):  # type: ignore[no-untyped-def]
    (p1, _, _), (p2, _, _) = PLOTS[edition]
    return make_table({"A": {p1: 1, p2: 1}, "B": {p1: 1, p2: 1}}, edition=edition, phase=phase, gold=0)


def pid(seat: str, code: str) -> str:
    return f"{seat}.{code}.1"


@pytest.mark.parametrize("edition", EDITIONS)
def test_plots_start_in_the_plot_deck_with_their_printed_numbers(edition: str) -> None:
    t = plot_table(edition)
    (p1, income, initiative), _ = PLOTS[edition]
    assert t.zone_of(pid("A", p1)) is Zone.PLOTS
    assert (t.card(pid("A", p1)).income, t.card(pid("A", p1)).initiative) == (income, initiative)
    assert t.zone(("A"), Zone.DECK) == []
    mine, theirs = view(t, Role.of_seat("A"))["players"]
    assert [c["name"] for c in mine["plots"]["cards"]] and "cards" not in theirs["plots"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_round_in_order(edition: str) -> None:
    """Plots, initiative, first player, income in turn, the turn pass, taxation, the next round."""
    (p1, inc1, ini1), (p2, inc2, ini2) = PLOTS[edition]
    t = plot_table(edition)
    illegal(t, BeginPhase("draw"), "plot.not-revealed")
    legal(t, RevealPlot("A", pid("A", p1)))
    illegal(t, SetFirstPlayer("B"), "plot.not-revealed")
    legal(t, RevealPlot("B", pid("B", p2)))
    high = "A" if ini1 > ini2 else "B"
    assert initiative_winner(t) == high
    illegal(t, BeginPhase("draw"), "first-player.not-chosen")
    illegal(t, ChooseFirstPlayer("B" if high == "A" else "A", "B"), "first-player.chooser")
    legal(t, ChooseFirstPlayer(high, "B"))
    illegal(t, ChooseFirstPlayer(high, "A"), "first-player.once")
    for phase in ("draw", "marshaling"):
        legal(t, BeginPhase(phase))
    assert t.active_player == "B"
    v = legal(t, CollectIncome("B", modifier=-1))
    assert t.players["B"].gold == inc2 - 1 and "income" in notes_of(v)
    illegal(t, CollectIncome("B"), "gold.income-once")
    illegal(t, PassTurn("A"), "turn.not-active")
    v = legal(t, PassTurn("B"))
    assert t.active_player == "A" and "all-passed" not in notes_of(v)
    legal(t, CollectIncome("A"))
    assert t.players["A"].gold == inc1
    assert "all-passed" in notes_of(legal(t, PassTurn("A")))
    assert t.active_player is None
    legal(t, BeginPhase("challenges"))
    assert t.active_player == "B"
    illegal(t, BeginPhase("dominance"), "turn.not-finished")
    legal(t, PassTurn("B"))
    legal(t, PassTurn("A"))
    for phase in ("dominance", "standing"):
        legal(t, BeginPhase(phase))
    v = legal(t, BeginPhase("taxation"))
    # The 1st edition returns it once the beginning-of-phase chance to come out of Shadows is over.
    assert ("gold-returned" if edition == "2e" else "gold-returned-after") in notes_of(v)
    assert ([p.gold for p in t.players.values()] == [0, 0]) == (edition == "2e")
    # one note a player, with that player's own unspent gold (a sum of both read as one pool in a newcomer trial)
    assert sorted((n.params["player"], n.params["gold"]) for n in v.notes
                  if n.kind.startswith("gold-returned")) == sorted(
        [(t.players["A"].name, inc1), (t.players["B"].name, inc2 - 1)])
    illegal(t, PassTurn("B"), "turn.phase")
    legal(t, BeginPhase("plot"))
    assert [p.gold for p in t.players.values()] == [0, 0]
    assert t.round == 2
    illegal(t, RevealPlot("A", pid("A", p1)), "plot.not-in-plot-deck")
    # The last plot: the used pile returns to the plot deck.
    assert "plots-recycled" in notes_of(legal(t, RevealPlot("A", pid("A", p2))))
    assert t.zone_of(pid("A", p1)) is Zone.PLOTS and t.zone_of(pid("A", p2)) is Zone.REVEALED


@pytest.mark.parametrize("edition", EDITIONS)
def test_plot_rules(edition: str) -> None:
    (p1, _, _), (p2, _, _) = PLOTS[edition]
    t = plot_table(edition, phase="draw")
    illegal(t, RevealPlot("A", pid("A", p1)), "plot.phase")
    illegal(t, SetFirstPlayer("A"), "first-player.phase")
    t = plot_table(edition)
    legal(t, RevealPlot("A", pid("A", p1)))
    illegal(t, RevealPlot("A", pid("A", p2)), "plot.once-per-round")
    v = play(t, RevealPlot("A", pid("B", p2)), "advisory")
    assert rules_of(v) == ["plot.not-in-plot-deck"] and not v.applied


@pytest.mark.parametrize("edition", EDITIONS)
def test_income_needs_a_plot_or_an_amount(edition: str) -> None:
    t = plot_table(edition, phase="marshaling")
    v = play(t, CollectIncome("A"), "advisory")
    assert rules_of(v) == ["gold.income-no-plot"] and not v.applied
    legal(t, CollectIncome("A", amount=7))
    assert t.players["A"].gold == 7
    legal(t, SetGold("A", 3))
    assert t.players["A"].gold == 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_standing_stands_every_kneeling_card(edition: str) -> None:
    char = CHARACTER[edition]
    t = make_table({"A": {char: 1}, "B": {}}, edition=edition, phase="dominance")
    in_play(t, f"A.{char}.1")
    legal(t, Kneel("A", f"A.{char}.1"))
    v = legal(t, BeginPhase("standing"))
    assert "cards-stand" in notes_of(v) and not t.in_play[f"A.{char}.1"].kneeling


@pytest.mark.parametrize("edition", EDITIONS)
def test_power_on_faction_and_cards_and_the_win_at_15(edition: str) -> None:
    char = CHARACTER[edition]
    t = make_table({"A": {char: 2}, "B": {}}, edition=edition, phase="challenges")
    card = f"A.{char}.1"
    in_play(t, card)
    legal(t, GainPower("A", 10))
    legal(t, GainPower("A", 3, card=card))
    assert power_total(t, "A") == 13 and winner(t) is None
    v = play(t, LosePower("A", 4, card=card))
    assert rules_of(v) == ["power.not-enough"] and not v.applied
    hand(t, f"A.{char}.2")
    illegal(t, GainPower("A", 1, card=f"A.{char}.2"), "power.not-in-play")
    v = legal(t, GainPower("A", 2))
    assert "game-won" in notes_of(v) and winner(t) == "A"
    assert view(t, Role.of_seat("B"))["winner"] == "A"
    # RR: Winning the Game: "the game ends immediately": what follows is flagged, and the win stays.
    illegal(t, LosePower("A", 1), "game.over")
    assert winner(t) == "A"
    legal(t, SetPower("A", 20))  # a correction of what lies on the table is no move of the game
    assert view(t, Role.of_seat("A"))["players"][0]["power"] == 23


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_second_player_marshals_after_the_turn_pass_in_strict_mode(edition: str) -> None:
    char = CHARACTER[edition]
    t = make_table({"A": {}, "B": {char: 1}}, edition=edition, phase="marshaling")
    hand(t, f"B.{char}.1")
    t.phase = Phase.MARSHALING
    marshal = Marshal("B", f"B.{char}.1")
    assert "marshal.active-player" in rules_of(play(t, marshal, "strict"))
    assert play(t, PassTurn("A"), "strict").applied
    v = play(t, marshal, "strict")
    assert "marshal.active-player" not in rules_of(v)


def test_initiative_ties_go_to_the_lower_power() -> None:
    (p1, _, _), _ = PLOTS["2e"]
    t = plot_table("2e")
    legal(t, RevealPlot("A", pid("A", p1)))
    legal(t, RevealPlot("B", pid("B", p1)))
    assert initiative_winner(t) is None
    t.players["A"].power = 2
    assert initiative_winner(t) == "B"
    assert view(t, Role.of_seat("A"))["initiative_winner"] == "B"


#: Twelve cheap characters a seat (three copies of four), for setup hands and their draws.
SETUP_DECK = {"2e": {"01057": 3, "01152": 3, "01150": 3, "01094": 3},
              "1e": {"core_18": 3, "core_19": 3, "core_21": 3, "core_124": 3}}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_setup_hand_is_seven_and_the_draw_after_the_reveal_goes_back_up_to_seven(edition: str) -> None:
    """RR: Setup (1E Rules › Setup): each player draws 7 cards for the setup hand, places its setup cards, and once
    they are revealed draws back up to 7 cards, no more."""
    deck = SETUP_DECK[edition]
    a, b = (list(deck) for _ in range(2))
    t = make_table({"A": deck, "B": deck}, edition=edition, phase="setup", gold=0)
    flagged = flagged_and_refused(t, DrawCards("A", 8), "setup.hand")
    assert hand_count(flagged, "A") == 8  # advisory: recorded as drawn
    legal(t, DrawCards("A", 7))
    flagged_and_refused(t, DrawCards("A", 1), "setup.hand")
    flagged_and_refused(t, Draw("A", f"A.{a[0]}.3"), "setup.hand")  # a named draw counts the same
    # A places a card face up at once (hand 6): one card back up to 7, not two.
    legal(t, SetupPlace("A", f"A.{a[0]}.1"))
    flagged_and_refused(t, DrawCards("A", 2), "setup.hand")
    legal(t, DrawCards("A", 1))
    assert hand_count(t, "A") == 7
    # B lays two cards face down: they stay in the hand until the reveal, so no draw comes before it.
    legal(t, DrawCards("B", 7))
    legal(t, SetupFaceDown("B", f"B.{b[1]}.1"))
    legal(t, SetupFaceDown("B", f"B.{b[2]}.1"))
    flagged_and_refused(t, DrawCards("B", 1), "setup.hand")
    legal(t, RevealSetup())
    flagged_and_refused(t, DrawCards("B", 3), "setup.hand")
    legal(t, DrawCards("B", 2))
    assert hand_count(t, "B") == 7
    # The round's draws are the draw phase's, not the setup hand's: 7 in hand and 2 more is legal there.
    legal(t, BeginPhase("plot"))
    t.phase = Phase.DRAW
    legal(t, DrawCards("A", 2))


@pytest.mark.parametrize("edition", EDITIONS)
def test_income_with_a_plot_is_the_plots_and_another_amount_is_flagged(edition: str) -> None:
    """RR: Income: with a revealed plot the income is its gold value with its modifiers; ``amount`` is for a table
    without plots. Another amount is recorded as said at an advisory table, flagged; a strict one refuses it."""
    (p1, inc1, _), (p2, inc2, _) = PLOTS[edition]
    t = plot_table(edition)
    legal(t, RevealPlot("A", pid("A", p1)))
    legal(t, RevealPlot("B", pid("B", p2)))
    legal(t, ChooseFirstPlayer(initiative_winner(t) or "A", "A"))
    for phase in ("draw", "marshaling"):
        legal(t, BeginPhase(phase))
    flagged = flagged_and_refused(t, CollectIncome("A", amount=inc1 + 6), "gold.income-amount")
    assert flagged.players["A"].gold == inc1 + 6
    flagged_and_refused(t, CollectIncome("A", amount=inc1, modifier=-1), "gold.income-amount")
    legal(t, CollectIncome("A", amount=inc1))  # the plot's own income, named: nothing to flag
    assert t.players["A"].gold == inc1
    legal(t, PassTurn("A"))
    legal(t, CollectIncome("B", modifier=2))  # a card effect's change is a modifier
    assert t.players["B"].gold == inc2 + 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_nothing_is_marshalled_and_no_income_collected_once_every_player_has_had_the_turn(edition: str) -> None:
    """RR: Appendix I › 3.3-3.4: after the last player's marshaling turn nobody is the active player and the phase
    has only its end left: a marshal or an income then is flagged, by the player who passed last too."""
    char = next(iter(SETUP_DECK[edition]))  # a character of cost 2
    t = make_table({"A": {char: 1}, "B": {char: 1}}, edition=edition, phase="marshaling")
    hand(t, f"A.{char}.1", f"B.{char}.1")
    legal(t, PassTurn("A"))
    legal(t, Marshal("B", f"B.{char}.1"))  # B's turn: legal
    assert "all-passed" in notes_of(legal(t, PassTurn("B")))
    flagged = flagged_and_refused(t, Marshal("A", f"A.{char}.1"), "marshal.turns-over")
    assert flagged.zone_of(f"A.{char}.1") is Zone.PLAY
    flagged_and_refused(t, CollectIncome("B", amount=3), "marshal.turns-over")
    illegal(t, PassTurn("B"), "turn.not-active")
    # A judge's correction gives A the turn back: A marshals again.
    correction = t.clone()
    legal(correction, SetActivePlayer("A"))
    legal(correction, Marshal("A", f"A.{char}.1"))
    legal(t, BeginPhase("challenges"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_time_round_not_finished_until_the_called_round_is_over_even_past_a_flagged_new_round(edition: str) -> None:
    """Tournament Regulations › End of Round: time called, the round is played through its taxation phase, then the
    game goes to time (``time.round-not-finished`` before that). A new round begun after the call is flagged
    (``time.called``); an advisory table that recorded it still goes to time: the called round is over."""
    from companion.rules.actions import CallTime, GoToTime
    from companion.rules.actions.ending import time_standings

    t = plot_table(edition, phase="standing")
    legal(t, CallTime())
    illegal(t, GoToTime(), "time.round-not-finished")  # the standing phase: the round is not over
    t.dominance[t.round] = "B"
    legal(t, BeginPhase("taxation"))
    later = flagged_and_refused(t, BeginPhase("plot"), "time.called")
    assert later.round == t.round + 1
    legal(later, GoToTime())
    # The final round's dominance is the called round's (B's), not the flagged new round's (nobody's yet).
    assert [s.seat for s in time_standings(later) if s.won_dominance_final_round] == ["B"]
    legal(t, GoToTime())

@pytest.mark.parametrize("edition", EDITIONS)
def test_first_player_chooser_a_second_choice_by_another_player_leaves_the_winners_choice(edition: str) -> None:
    """RR: First Player: the initiative winner chooses. After its choice, another player's choice is flagged
    (``first-player.chooser``, ``first-player.once``) and, recorded at an advisory table, chooses nothing; the
    winner changing its own mind is recorded as said."""
    (p1, _, ini1), (p2, _, ini2) = PLOTS[edition]
    t = plot_table(edition)
    legal(t, RevealPlot("A", pid("A", p1)))
    legal(t, RevealPlot("B", pid("B", p2)))
    high, low = ("A", "B") if ini1 > ini2 else ("B", "A")
    legal(t, ChooseFirstPlayer(high, low))
    flagged = flagged_and_refused(t, ChooseFirstPlayer(low, high), "first-player.chooser")
    assert flagged.first_player == low
    flagged = flagged_and_refused(t, ChooseFirstPlayer(high, high), "first-player.once")
    assert flagged.first_player == high


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_round_box_says_who_chose_the_first_player_without_naming_one_player_twice(edition: str) -> None:
    """The round box read "Alice chose the first player: Alice." when the initiative winner went first: it says
    "Alice chose to go first." then, and names both players when the winner chose the other."""
    from companion.messages import param_text
    from companion.rules.offers import round_view

    (p1, _, ini1), (p2, _, ini2) = PLOTS[edition]
    for chosen in ("winner", "other"):
        t = plot_table(edition)
        legal(t, RevealPlot("A", pid("A", p1)))
        legal(t, RevealPlot("B", pid("B", p2)))
        high, low = ("A", "B") if ini1 > ini2 else ("B", "A")
        legal(t, ChooseFirstPlayer(high, high if chosen == "winner" else low))
        for lang in ("en", "de"):
            lines = [param_text(x, lang) for x in round_view(t, Role.of_seat(low))["lines"]]
            said = next(x for x in lines if t.players[high].name in x and ("first" in x or "Startspieler" in x
                                                                          or "beginnen" in x))
            assert said.count(t.players[high].name) == 1, said
            if chosen == "other":
                assert t.players[low].name in said, said


@pytest.mark.parametrize("edition", EDITIONS)
def test_discard_taxation_no_effect_a_hand_discard_in_taxation_names_its_card_effect(edition: str) -> None:
    """RR: Appendix I › 7.3 Check reserve (1st edition: no reserve at all): the taxation phase discards from hand only
    to the reserve value. A plain `discard` of a hand card there is flagged (discard.taxation-no-effect); one naming
    the card effect as `source`, or a discard from play, is not; in another phase a hand discard is not judged."""
    from companion.rules.actions import Discard

    char = CHARACTER[edition]
    t = make_table({"A": {char: 3}, "B": {char: 1}}, edition=edition, phase="taxation")
    hand(t, f"A.{char}.1", f"A.{char}.2")
    in_play(t, f"A.{char}.3")
    flagged_and_refused(t, Discard("A", f"A.{char}.1"), "discard.taxation-no-effect")
    legal(t.clone(), Discard("A", f"A.{char}.1", source=f"A.{char}.3"))
    legal(t.clone(), Discard("A", f"A.{char}.3"))
    marshaling = make_table({"A": {char: 1}, "B": {char: 1}}, edition=edition, phase="marshaling")
    hand(marshaling, f"A.{char}.1")
    legal(marshaling, Discard("A", f"A.{char}.1"))


def two_over_the_reserve() -> Table:
    """A 2nd-edition taxation phase, both plots revealed, A holding two cards (Burned Men) over its reserve value."""
    plot = PLOTS["2e"][0][0]
    t = make_table({"A": {plot: 1, BURNED_MEN: 9}, "B": {plot: 1}}, phase="taxation")
    for seat in ("A", "B"):
        t.move(f"{seat}.{plot}.1", seat, Zone.REVEALED)
    over = t.card(f"A.{plot}.1").reserve + 2
    hand(t, *(f"A.{BURNED_MEN}.{n}" for n in range(1, over + 1)))
    return t


def test_reserve_not_checked_once_a_short_discard_was_flagged() -> None:
    """RR: Appendix I › 7.3 Check reserve (held out aside33 19): a player over the reserve value who discards one card
    short is flagged there (reserve.count); the round's end does not flag the same excess again
    (reserve.not-checked), which it does when no discard was recorded."""
    from companion.rules.actions import DiscardToReserve

    t = two_over_the_reserve()
    illegal(t.clone(), BeginPhase("plot"), "reserve.not-checked")
    short = flagged_and_refused(t, DiscardToReserve("A", [f"A.{BURNED_MEN}.1"]), "reserve.count")
    assert "reserve.not-checked" not in rules_of(play(short, BeginPhase("plot"), "advisory"))


def test_the_rest_of_a_short_reserve_discard_is_that_discard_not_a_second_one() -> None:
    """reserve.once (aside64 04): RR: Appendix I › 7.3, a player over the reserve value discards "down to" it. After a
    discard recorded one card short (advisory: reserve.count), a second line discarding exactly the card still over
    the reserve is the rest of that discard (legal); one more line after the hand is at the reserve is flagged."""
    from companion.rules.actions import DiscardToReserve

    t = two_over_the_reserve()
    short = flagged_and_refused(t, DiscardToReserve("A", [f"A.{BURNED_MEN}.1"]), "reserve.count")
    legal(short, DiscardToReserve("A", [f"A.{BURNED_MEN}.2"]))
    illegal(short, DiscardToReserve("A", [f"A.{BURNED_MEN}.3"]), "reserve.once")


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_winner_chosen_by_another_player_leaves_the_choice_to_the_first_player(edition: str) -> None:
    """RR: Winning the Game and Tournament Regulations › Going to Time, step 5: where the game leaves the winner to a
    choice, "the first player decides". Another player's choice is flagged (``winner.chooser``) and, recorded at an
    advisory table, decides nothing: the first player's own choice after it is legal and decides."""
    from companion.rules.actions import CallTime, ChooseWinner, GoToTime

    t = plot_table(edition, phase="taxation")
    t.first_player = "A"
    legal(t, CallTime())
    legal(t, GoToTime())  # nothing tells the players apart: the first player chooses
    assert t.ended == "time" and t.winner_seat is None
    advisory = flagged_and_refused(t, ChooseWinner("B", "B"), "winner.chooser")
    assert advisory.winner_seat is None
    legal(advisory, ChooseWinner("A", "A"))
    assert advisory.winner_seat == "A"
    illegal(advisory, ChooseWinner("A", "B"), "winner.no-choice")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_initiative_winner_still_chooses_after_another_players_choice_was_recorded(edition: str) -> None:
    """RR: First Player: "the player who won initiative chooses". A choice by another player first is flagged
    (``first-player.chooser``); recorded at an advisory table, it does not take the winner's choice away: the
    winner's own choice after it is legal (not ``first-player.once``) and stands; a second one of its own is flagged.
    So is the table's correction (``set_first_player``, aside52 34), once."""
    (p1, _, ini1), (p2, _, ini2) = PLOTS[edition]
    t = plot_table(edition)
    legal(t, RevealPlot("A", pid("A", p1)))
    legal(t, RevealPlot("B", pid("B", p2)))
    high, low = ("A", "B") if ini1 > ini2 else ("B", "A")
    advisory = flagged_and_refused(t, ChooseFirstPlayer(low, low), "first-player.chooser")
    assert advisory.first_player == low
    corrected = advisory.clone()
    legal(corrected, SetFirstPlayer(high))
    assert corrected.first_player == high
    illegal(corrected, SetFirstPlayer(low), "first-player.once")
    legal(advisory, ChooseFirstPlayer(high, high))
    assert advisory.first_player == high
    illegal(advisory, ChooseFirstPlayer(high, low), "first-player.once")


def test_the_table_offers_kept_between_views_are_the_ones_made_fresh_for_each_role(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The round box's table offers (a seat's kneel, its restrictions on an opponent) are kept by action, role and the
    seats' names: each role's offers equal those made fresh, none of them another seat's, a renamed seat's label reads
    the new name, a row of the capability table changed is asked again, and a view that changes its offers changes
    no later view."""
    import companion.rules.offers as offers_module
    from companion.rules.offers import round_view
    from companion.rules.roles import CAPABILITIES, JUDGE, SPECTATOR, Capabilities, RoleKind

    t = make_table({"A": {}, "B": {}}, phase="setup")
    roles = [Role.of_seat("A"), Role.of_seat("B"), JUDGE, SPECTATOR]

    def fresh(role: Role) -> list[dict[str, object]]:
        offers_module._TABLE_OFFERS.clear()
        return round_view(t, role)["offers"]

    made = {role: fresh(role) for role in roles}
    assert any(o["id"].startswith("table:") for o in made[Role.of_seat("A")])
    for role in roles * 2:  # kept after the first round
        assert round_view(t, role)["offers"] == made[role], role
    for seat in ("A", "B"):
        mine = [o["action"] for o in round_view(t, Role.of_seat(seat))["offers"] if o["id"].startswith("table:")]
        assert mine and all(a.get("player") == seat for a in mine), mine
    first = round_view(t, Role.of_seat("A"))["offers"]
    first[0]["label"]["msg"] = "changed"
    first[0]["action"]["type"] = "changed"
    assert round_view(t, Role.of_seat("A"))["offers"] == made[Role.of_seat("A")]
    t.players["B"].name = "Brienne"
    renamed = round_view(t, Role.of_seat("A"))["offers"]
    assert renamed == fresh(Role.of_seat("A")) and "Brienne" in str(renamed)
    round_view(t, Role.of_seat("A"))
    monkeypatch.setitem(CAPABILITIES, RoleKind.SEAT, Capabilities(per_seat=True))  # a seat that may record nothing
    assert not [o for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"].startswith("table:")]


def marshaling_table(edition: str, a_plot: str | None = None, *a_cards: str) -> Table:
    """Both plots revealed (A's ``a_plot`` if given), Alice first, the marshaling phase begun, no income collected."""
    (p1, _, _), (p2, _, _) = PLOTS[edition]
    mine = a_plot or p1
    t = make_table({"A": {mine: 1, **{c: 1 for c in a_cards}}, "B": {p2: 1}}, edition=edition, phase="plot", gold=0)
    legal(t, RevealPlot("A", pid("A", mine)))
    legal(t, RevealPlot("B", pid("B", p2)))
    legal(t, SetFirstPlayer("A"))
    for phase in ("draw", "marshaling"):
        legal(t, BeginPhase(phase))
    assert t.active_player == "A"
    return t


@pytest.mark.parametrize("edition", EDITIONS)
def test_ending_the_marshaling_turn_before_the_income_asks_first_naming_its_gold(edition: str) -> None:
    """A newcomer trial: a player ended the marshaling turn before collecting the income, and the round's gold was
    gone. The step button's offer carries a question naming the gold the income would be (the plot's with its
    modifiers: The Roseroad's "+1 Income"), the judge's names whose; once collected, and in the challenges
    phase, it asks nothing."""
    from companion.messages import param_text
    from companion.rules.offers import round_view
    from companion.rules.roles import JUDGE
    from companion.rules.suggest import declarations

    (_, inc1, _), (_, inc2, _) = PLOTS[edition]
    t = marshaling_table(edition, None, *(["01040"] if edition == "2e" else []))
    if edition == "2e":
        in_play(t, "A.01040.1")  # The Roseroad: +1 Income
    gold = inc1 + (edition == "2e")
    step = round_view(t, Role.of_seat("A"))["next"]
    assert step["id"] == "pass-turn" and step["confirm"] == {"msg": "confirmPassNoIncome", "gold": gold}, step
    assert param_text(step["confirm"], "en") == (f"You have not collected your income ({gold} gold) — end your "
                                                 "marshaling turn anyway?")
    assert f"({gold} Gold)" in param_text(step["confirm"], "de")
    judged = param_text(round_view(t, JUDGE)["next"]["confirm"], "en")
    assert judged.startswith(t.players["A"].name + ": ") and f"({gold} gold)" in judged, judged
    assert "pass_turn" not in declarations()["confirm"]  # asked with its values by the offer, not by a card menu
    legal(t, CollectIncome("A"))
    assert t.players["A"].gold == gold  # the gold named is the income collected
    assert "confirm" not in round_view(t, Role.of_seat("A"))["next"]
    legal(t, PassTurn("A"))
    assert round_view(t, Role.of_seat("B"))["next"]["confirm"] == {"msg": "confirmPassNoIncome", "gold": inc2}
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    assert round_view(t, Role.of_seat("A"))["next"]["id"] == "pass-turn"
    assert "confirm" not in round_view(t, Role.of_seat("A"))["next"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_taxation_tells_every_phone_what_became_of_each_players_unspent_gold(edition: str) -> None:
    """A newcomer trial saw its gold go to 0 at taxation with nothing said. The state records what each player
    returned in this round's taxation, the view shows it to every viewer (gold is public), and every phone's round
    box says it: "returned 3 unspent gold", or "had no gold left" for a player with none; a new round forgets it."""
    from companion.messages import param_text
    from companion.rules.actions import PassShadows
    from companion.rules.offers import round_view
    from companion.rules.roles import JUDGE, SPECTATOR

    (_, inc1, _), _ = PLOTS[edition]
    t = marshaling_table(edition)
    legal(t, CollectIncome("A"))
    legal(t, SpendGold("A", 1))
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))  # Bob collects nothing: no gold left
    legal(t, BeginPhase("challenges"))
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    for phase in ("dominance", "standing", "taxation"):
        legal(t, BeginPhase(phase))
    alice, bob = t.players["A"].name, t.players["B"].name
    roles = [Role.of_seat("A"), Role.of_seat("B"), JUDGE, SPECTATOR]

    def said(role: Role, lang: str = "en") -> list[str]:
        return [param_text(x, lang) for x in round_view(t, role)["lines"] if "gold" in str(x)]

    if edition == "1e":  # returned once the beginning-of-phase chance to come out of Shadows is over
        assert t.players["A"].gold == inc1 - 1 and said(JUDGE) == []
        assert [p["gold_returned"] for p in view(t, JUDGE)["players"]] == [None, None]
        legal(t, PassShadows("A"))
        legal(t, PassShadows("B"))
    assert [p.gold for p in t.players.values()] == [0, 0]
    assert [(p.gold_returned, p.gold_returned_round) for p in t.players.values()] == [(inc1 - 1, 1), (0, 1)]
    for role in roles:
        assert [p["gold_returned"] for p in view(t, role)["players"]] == [inc1 - 1, 0], role
        assert said(role) == [f"{alice} returned {inc1 - 1} unspent gold to the treasury", f"{bob} had no gold left"]
    assert said(SPECTATOR, "de") == [f"{alice} hat das nicht ausgegebene Gold ({inc1 - 1}) an die Bank zurückgegeben",
                                     f"{bob} hatte kein Gold mehr übrig"]
    legal(t, BeginPhase("plot"))
    assert [p["gold_returned"] for p in view(t, JUDGE)["players"]] == [None, None]


def test_gold_a_plot_keeps_through_taxation_is_said_kept_not_returned() -> None:
    """The Long Plan: "You do not return unspent gold to the treasury during the taxation phase." The round box does
    not say the player had no gold left: it says the gold was kept."""
    from companion.messages import param_text
    from companion.rules.offers import round_view

    t = marshaling_table("2e", "02016")  # The Long Plan
    legal(t, CollectIncome("A"))
    kept = t.players["A"].gold
    legal(t, PassTurn("A"))
    legal(t, CollectIncome("B"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    for phase in ("dominance", "standing", "taxation"):
        legal(t, BeginPhase(phase))
    assert kept > 0 and t.players["A"].gold == kept
    lines = [param_text(x, "en") for x in round_view(t, Role.of_seat("B"))["lines"] if "gold" in str(x)]
    assert lines[0] == f"{t.players['A'].name} kept {kept} unspent gold by a card's text", lines
    assert not any("no gold left" in x for x in lines)
    assert view(t, Role.of_seat("B"))["players"][0]["gold_kept"] == kept


def test_one_effect_taking_both_players_to_15_leaves_the_winner_to_the_first_player() -> None:
    """aside94 07 and 20 (RR: Winning the Game: players who reach 15 power at once, the first player decides): Jon
    Arryn's "each player may … gain 1 power for their faction" resolves for each player, written as a ``gain_power``
    line per player naming him as ``source``: the first line takes Alice to 15, the second, the same effect, takes Bob
    to 15 and is no line after the game's end; the first player (Alice) then chooses. A gain by another card after the
    end is flagged as before."""
    from companion.rules.actions import ChooseWinner

    t = make_table({"A": {"23001": 1}, "B": {"01150": 1}}, phase="challenges")
    in_play(t, "A.23001.1")
    in_play(t, "B.01150.1")
    t.first_player = "A"
    t.players["A"].power = t.players["B"].power = 14
    legal(t, GainPower("A", 1, source="A.23001.1"))
    assert t.ended == "power" and t.winner_seat == "A"
    flagged_and_refused(t, GainPower("B", 1, source="B.01150.1"), "game.over")
    legal(t, GainPower("B", 1, source="A.23001.1"))
    assert t.ended == "power" and t.winner_seat is None
    illegal(t, ChooseWinner("B", "B"), "winner.chooser")
    legal(t, ChooseWinner("A", "B"))
    assert t.winner_seat == "B"
