"""Time called and dominance in the rules core (issue 15): the facts live in the log, so replay,
views and `companion check` know them; both editions."""

from __future__ import annotations

import pytest

from companion.rules import ActionError, action_from_dict, check, play
from companion.rules.actions import BeginPhase, CallTime, GainGold, WinDominance
from companion.rules.permissions import Refusal, authorize
from companion.rules.roles import HOST, JUDGE, SPECTATOR, Role
from companion.rules.views import view
from tests.tables import illegal, legal, make_table, notes_of

DECK = {"00168": 2}


@pytest.fixture(params=["2e", "1e"])
def edition(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def table(edition: str, phase: str):  # type: ignore[no-untyped-def]
    deck = DECK if edition == "2e" else {"kl_5": 1}
    return make_table({"A": deck, "B": deck}, edition=edition, phase=phase)


def test_after_time_is_called_the_round_ends_with_taxation_and_no_new_round_begins(edition: str) -> None:
    t = table(edition, "dominance")
    legal(t, CallTime())
    assert t.time_called and not view(t, SPECTATOR)["gone_to_time"]
    legal(t, BeginPhase("standing"))  # the round goes on to its taxation phase
    legal(t, BeginPhase("taxation"))
    assert view(t, SPECTATOR)["gone_to_time"] and view(t, Role.of_seat("B"))["time_called"]
    v = illegal(t, BeginPhase("plot"), "time.called", "Tournament Regulations › Time limits")
    assert not v.violations[0].impossible  # illegal, not impossible: advisory records it with a flag
    assert play(t, BeginPhase("plot"), "strict").legal is False and t.round == 1  # strict refuses
    play(t, BeginPhase("plot"), "advisory")
    assert t.round == 2  # advisory records what happened


def test_a_lifted_call_lets_the_next_round_begin(edition: str) -> None:
    t = table(edition, "taxation")
    legal(t, CallTime())
    illegal(t, BeginPhase("plot"), "time.called")
    legal(t, CallTime(lifted=True))
    assert not t.time_called and not view(t, JUDGE)["gone_to_time"]
    legal(t, BeginPhase("plot"))
    assert "time-unchanged" in notes_of(check(t, CallTime(lifted=True)))


def test_only_the_judge_records_time_called() -> None:
    t = table("2e", "marshaling")
    for role in (Role.of_seat("A"), Role.of_seat("B"), HOST, SPECTATOR):
        with pytest.raises(Refusal) as refused:
            authorize(t, CallTime(), role)
        assert refused.value.status == 403
    assert authorize(t, CallTime(), JUDGE).action == CallTime()


def test_dominance_is_recorded_per_round_in_the_dominance_phase(edition: str) -> None:
    t = table(edition, "dominance")
    t.players["B"].gold += 1  # B's total is higher (RR: Appendix I › 5.2)
    legal(t, WinDominance("B"))
    assert view(t, Role.of_seat("A"))["dominance"] == {"1": "B"}
    v = legal(t, WinDominance(reason="a ruling: B's gold was spent"))  # replaces the earlier record
    assert "dominance-ruled" in notes_of(v) and t.dominance == {1: None}
    illegal(make_table({"A": DECK, "B": DECK}, phase="challenges"), WinDominance("A"), "dominance.phase")



def test_a_seat_claims_dominance_for_itself_or_nobody_the_host_and_judge_for_anyone(edition: str) -> None:
    t = table(edition, "dominance")
    for seat, other in (("A", "B"), ("B", "A")):
        assert authorize(t, WinDominance(seat), Role.of_seat(seat)).action == WinDominance(seat)
        assert authorize(t, WinDominance(), Role.of_seat(seat)).action == WinDominance()  # a tie: nobody
        with pytest.raises(Refusal) as refused:
            authorize(t, WinDominance(other), Role.of_seat(seat))
        assert refused.value.status == 403 and f"seat {other}" in refused.value.message
    for role in (HOST, JUDGE):
        for claim in (WinDominance("A"), WinDominance("B"), WinDominance()):
            assert authorize(t, claim, role).action == claim
    with pytest.raises(Refusal):
        authorize(t, WinDominance("A"), SPECTATOR)
    # The host still records no seat's own action (gold, power): a claim is not a licence for those.
    with pytest.raises(Refusal):
        authorize(t, GainGold("A", 1), HOST)


def test_time_and_dominance_survive_the_log_round_trip(edition: str) -> None:
    actions = [WinDominance("A"), CallTime(), BeginPhase("standing"), BeginPhase("taxation")]
    t = table(edition, "dominance")
    twin = table(edition, "dominance")
    for a in actions:
        play(t, a)
        play(twin, action_from_dict(a.to_dict()))
    assert view(t, JUDGE) == view(twin, JUDGE)
    assert CallTime(lifted=True).to_dict() == {"type": "call_time", "lifted": True}
    assert WinDominance().to_dict() == {"type": "win_dominance"}
    # Gold and the rest go on as before: time only stops a new round.
    legal(t, GainGold("A", 1))


@pytest.mark.parametrize(("edition", "deck", "throne", "str_for_dominance"), [
    ("2e", {"01038": 2, "01091": 1}, "01038", 8),  # The Iron Throne contributes 8 STR to your total for dominance
    ("1e", {"atoc_91": 2, "core_10": 1}, "atoc_91", 4),  # Meraxes counts as 4 STR during the dominance phase
])
def test_a_card_that_contributes_printed_str_counts_in_the_dominance_totals(
    edition: str, deck: dict[str, int], throne: str, str_for_dominance: int
) -> None:
    """RR: Appendix I › 5.2: each player's total is its standing characters' STR, its gold, and what its cards
    contribute; a printed contribution is a fact of the card (kneeling or not; once, not for a duplicate)."""
    from companion.rules.values import dominance_totals
    from tests.tables import in_play

    t = make_table({"A": deck, "B": {"01091": 1} if edition == "2e" else {"core_10": 1}}, edition=edition,
                   phase="dominance", gold=0)
    character = next(c for c in t.instances if c.startswith("A.") and not c.startswith(f"A.{throne}"))
    rival = next(c for c in t.instances if c.startswith("B."))
    in_play(t, character)
    in_play(t, rival)
    t.players["B"].gold = 1  # B leads by 1 until A's card counts
    illegal(t, WinDominance("A"), "dominance.totals")
    in_play(t, f"A.{throne}.1")
    t.put_in_play(f"A.{throne}.2", "A", duplicate_of=f"A.{throne}.1")  # a duplicate has no text
    t.in_play[f"A.{throne}.1"].kneeling = True  # a location's contribution does not need it standing
    totals = dominance_totals(t)
    assert totals["A"] - totals["B"] == str_for_dominance - 1
    illegal(t, WinDominance("B"), "dominance.totals")
    assert play(t.clone(), WinDominance("B"), "strict").applied is False
    assert play(t.clone(), WinDominance("B"), "advisory").applied  # recorded, flagged
    legal(t, WinDominance("A"))


def test_a_judges_correction_of_power_or_gold_keeps_its_reason(edition: str) -> None:
    """A correction (``set_power``, ``set_gold``) may say why, as a dominance ruling does: kept in the log, shown as a
    note; without one it is still a plain correction; a reason over 200 characters is refused as unreadable."""
    t = table(edition, "challenges")
    v = legal(t, action_from_dict({"type": "set_power", "player": "A", "amount": 4,
                                   "reason": "judge: a renown power was never placed"}))
    assert "corrected" in notes_of(v) and t.players["A"].power == 4
    v = legal(t, action_from_dict({"type": "set_gold", "player": "B", "amount": 2, "reason": "judge: gold miscounted"}))
    assert "corrected" in notes_of(v) and t.players["B"].gold == 2
    assert action_from_dict({"type": "set_gold", "player": "B", "amount": 1}).to_dict().get("reason") is None
    assert "corrected" not in notes_of(legal(t, action_from_dict({"type": "set_gold", "player": "B", "amount": 1})))
    with pytest.raises(ActionError):
        action_from_dict({"type": "set_power", "player": "A", "amount": 1, "reason": "x" * 201})


def test_a_character_that_contributes_no_str_to_dominance_counts_none() -> None:
    """aside50 12 (RR: Appendix I › 5.2; card text first): Hodor "does not contribute his STR to your total for
    dominance.": standing, his 4 STR is left out of A's total, so A's 1 gold against B's 2 gives B dominance, and
    A's dominance is flagged (dominance.totals)."""
    from companion.catalog.store import Catalog
    from companion.rules.values import dominance_totals
    from tests.tables import in_play

    assert Catalog.open().card("02061").dominance == 0
    t = make_table({"A": {"02061": 1}, "B": {}}, phase="dominance")
    in_play(t, "A.02061.1")
    t.players["A"].gold, t.players["B"].gold = 1, 2
    assert dominance_totals(t) == {"A": 1, "B": 2}
    illegal(t, WinDominance("A"), "dominance.totals")
    legal(t, WinDominance("B"))
