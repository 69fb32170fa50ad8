"""The event against the Tournament Regulations (v3.2, read beside v2.x): the final single elimination round's
length (Tournament Round Times), and a game that went to time ending in a modified win when the judge enters the
first player's choice (End of Round › Going to Time), as the standings and the report count and say it."""

from __future__ import annotations

from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from companion.events.report import result_words
from companion.events.store import DEFAULT_MINUTES, FINAL_MINUTES, Event
from tests.test_events import client, h  # noqa: F401 (client: a fixture)
from tests.test_events_rules import Table


def _event(rounds: int, cut: int, minutes: int) -> Event:
    return Event("e", "E", "", rounds, 8, "2e", minutes, "", cut=cut)


def test_the_cuts_final_round_lasts_120_minutes() -> None:
    assert (DEFAULT_MINUTES, FINAL_MINUTES) == (55, 120)
    top4 = _event(3, 4, DEFAULT_MINUTES)
    assert [top4.round_minutes(n) for n in (1, 2, 3, 4, 5)] == [55, 55, 55, 55, 120]
    assert [_event(3, 0, DEFAULT_MINUTES).round_minutes(n) for n in (1, 3)] == [55, 55]  # no cut: no final
    # Rounds of the event's own length (a short league night): the final keeps it, as the organiser set it.
    assert _event(3, 4, 40).round_minutes(5) == 40


def test_a_result_the_judge_enters_after_going_to_time_is_a_modified_win(client: FlaskClient,  # noqa: F811
                                                                         catalog: Catalog) -> None:
    t = Table(client, catalog)
    url = f"/api/event/{t.eid}/games/{t.gid}/result"
    # Before time: a win is a win.
    assert client.post(url, headers=h(t.judge), json={"winner": "A", "reason": "15 power"}).get_json().get(
        "modified") is None
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    t.run_out_the_clock()
    t.phases("standing", "taxation")
    # Gone to time with nothing tracked to decide it: the judge enters what the steps (the first player) gave.
    out = client.post(url, headers=h(t.judge), json={"winner": "B", "reason": "first player chose",
                                                      "change": True}).get_json()
    assert out["modified"] is True
    assert result_words(out, "en") == "Ben wins (modified win: first player chose)"
    assert result_words(out, "de") == "Ben gewinnt (Sieg nach Zeit: first player chose)"
    standings = client.get(f"/api/event/{t.eid}/standings").get_json()["standings"]
    assert {s["name"]: (s["points"], s["modified_wins"]) for s in standings} == {"Ben": (4, 1), "Ann": (0, 0)}
    # The judge may say otherwise (a concession during taxation is a full win).
    out = client.post(url, headers=h(t.judge), json={"winner": "B", "reason": "concession", "modified": False,
                                                      "change": True})
    assert out.get_json().get("modified") is None
    assert {s["name"]: s["points"] for s in client.get(f"/api/event/{t.eid}/standings").get_json()["standings"]} \
        == {"Ben": 5, "Ann": 0}


def test_a_game_without_a_winner_reads_and_counts_as_a_loss_for_both(client: FlaskClient,  # noqa: F811
                                                                    catalog: Catalog) -> None:
    """End of Round names no draw: a result without a winner is a loss for both, and says so (it read "draw")."""
    t = Table(client, catalog)
    out = client.post(f"/api/event/{t.eid}/games/{t.gid}/result", headers=h(t.judge),
                      json={"winner": None, "reason": "both left"}).get_json()
    assert result_words(out, "en") == "no winner, both lose (both left)"
    assert result_words({**out, "reason": ""}, "de") == "kein Sieger (beide verlieren)"
    standings = client.get(f"/api/event/{t.eid}/standings").get_json()["standings"]
    assert {s["name"]: (s["points"], s["losses"]) for s in standings} == {"Ann": (0, 1), "Ben": (0, 1)}


def test_fifteen_power_in_the_taxation_after_time_is_a_win_not_a_modified_win(client: FlaskClient,  # noqa: F811
                                                                               catalog: Catalog) -> None:
    """End of Round: going to time decides only "if neither player has won"; a player who reaches 15 power while
    the table plays through its taxation phase has met the victory condition (it was scored a modified win, 4)."""
    t = Table(client, catalog)
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    t.draws(9)
    t.run_out_the_clock()
    t.phases("standing", "taxation")
    assert t.act(t.keys["A"], {"type": "gain_power", "player": "A", "amount": 15}).status_code == 201
    result = client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge)).get_json()["tables"][0]["result"]
    assert result["winner"] == "A" and result["modified"] is False and result["by_time"] == "power_needed"
    assert result_words(result, "en") == "Ann wins (15 power in the taxation phase after time was called: a win)"
    standings = client.get(f"/api/event/{t.eid}/standings").get_json()["standings"]
    assert {s["name"]: (s["points"], s["wins"], s["modified_wins"]) for s in standings} == \
        {"Ann": (5, 1, 0), "Ben": (0, 0, 0)}
    # Taken back: nobody has won, and the steps decide again (here a tie to the end: the first player chooses,
    # and the judge enters it, a modified win).
    r = client.post(f"/api/games/{t.gid}/undo", headers=h(t.keys["A"]), json={"expected_version": t.version})
    assert r.status_code in (200, 201), r.get_json()
    assert client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge)).get_json()["tables"][0]["result"] is None


def test_a_game_the_table_takes_to_time_itself_is_a_modified_win(client: FlaskClient,  # noqa: F811
                                                                  catalog: Catalog) -> None:
    """The table records going to time (``go_to_time``) and, tied to the end, the first player's choice
    (``choose_winner``): the game has a winner, but by the going-to-time steps, so the result is a modified win,
    whether the steps decide it (the dashboard's result) or the judge enters the first player's choice (it was
    counted as a 15-power win once the table's log named the winner)."""
    t = Table(client, catalog)
    assert t.act(t.keys["A"], {"type": "gain_power", "player": "A", "amount": 3}).status_code == 201
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    t.run_out_the_clock()
    t.phases("standing", "taxation")
    assert t.act(t.keys["A"], {"type": "go_to_time"}).status_code == 201  # Ann needs fewer power: her modified win
    result = client.get(f"/api/event/{t.eid}/dashboard", headers=h(t.judge)).get_json()["tables"][0]["result"]
    assert result["winner"] == "A" and result["reason"] == "going to time: power_needed" and "modified" not in result
    standings = client.get(f"/api/event/{t.eid}/standings").get_json()["standings"]
    assert {s["name"]: (s["points"], s["modified_wins"]) for s in standings} == {"Ann": (4, 1), "Ben": (0, 0)}

    t = Table(client, catalog)
    t.phases("plot", "draw", "marshaling", "challenges", "dominance")
    t.run_out_the_clock()
    t.phases("standing", "taxation")
    assert t.act(t.keys["A"], {"type": "go_to_time"}).status_code == 201  # tied: the first player chooses
    assert t.act(t.keys["A"], {"type": "choose_winner", "player": "A", "winner": "B"}).status_code == 201
    out = client.post(f"/api/event/{t.eid}/games/{t.gid}/result", headers=h(t.judge),
                      json={"winner": "B", "reason": "first player chose"}).get_json()
    assert out["modified"] is True
