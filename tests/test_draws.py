"""Draws in one tap (issue 21, item 2's draws): "drew 2" / "drew 7" move unnamed cards from the deck count to
the hand count; a card played later is one of them (no "taken as drawn" note); where a card was taken as drawn
without a recorded draw, the counts are "not tracked". Opponents see the counts only."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.messages import verdict_text
from companion.rules import play
from companion.rules.actions import BeginPhase, Discard, DrawCards, Marshal, MarshalIntoShadows, SetupPlace
from companion.rules.actions.round import winner
from companion.rules.roles import Role
from companion.rules.state import Phase
from companion.rules.views import view
from tests.tables import illegal, legal, make_table, notes_of, rules_of

EDITIONS = ("2e", "1e")
CARDS = {"2e": ("01091", "13089"), "1e": ("core_20", "core_4")}  # Burned Men, Tyrion; Kennel Master, Ser Rodrik


def counts(t, seat: str, viewer: str = "B") -> tuple[int, int, bool]:  # type: ignore[no-untyped-def]
    p = next(x for x in view(t, Role.of_seat(viewer))["players"] if x["seat"] == seat)
    return p["hand"]["count"], p["deck"]["count"], p["hand"]["tracked"] and p["deck"]["tracked"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_drawn_cards_are_counted_at_once_and_named_when_played(edition: str) -> None:
    c1, c2 = CARDS[edition]
    t = make_table({"A": {c1: 3, c2: 5}, "B": {c1: 1}}, edition=edition, phase="setup")
    assert counts(t, "A") == (0, 8, True)
    legal(t, DrawCards("A", 7))
    assert counts(t, "A") == (7, 1, True) and counts(t, "A", viewer="A") == (7, 1, True)
    v = legal(t, SetupPlace("A", f"A.{c1}.1"))
    assert "assumed-drawn" not in notes_of(v)  # one of the seven: no note
    assert counts(t, "A") == (6, 1, True)
    theirs = next(x for x in view(t, Role.of_seat("B"))["players"] if x["seat"] == "A")
    assert "cards" not in theirs["hand"] and theirs["hand"]["unnamed"] == 6


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_card_played_without_a_recorded_draw_makes_the_counts_not_tracked(edition: str) -> None:
    c1, _ = CARDS[edition]
    t = make_table({"A": {c1: 3}, "B": {c1: 1}}, edition=edition)
    v = play(t, Marshal("A", f"A.{c1}.1"), "advisory")
    assert "assumed-drawn" in notes_of(v)
    assert counts(t, "A")[2] is False
    assert counts(t, "B")[2] is True


@pytest.mark.parametrize("edition", EDITIONS)
def test_more_cards_than_the_deck_holds_cannot_be_drawn_in_setup(edition: str) -> None:
    c1, _ = CARDS[edition]
    t = make_table({"A": {c1: 2}, "B": {c1: 1}}, edition=edition, phase="setup")
    for mode in ("advisory", "strict"):
        v = play(t, DrawCards("A", 7), mode)
        assert rules_of(v) == ["draw.deck-short"] and not v.applied
    assert counts(t, "A") == (0, 2, True)
    # The sentence agrees with its numbers in both languages.
    flag = play(t, DrawCards("A", 7), "advisory").violations[0].to_dict()
    assert verdict_text(flag).endswith("cannot draw that many (7): the draw deck holds only 2.")
    assert verdict_text(flag, "de").endswith("kann nicht so viele Karten ziehen (7): der Zugstapel hat nur noch 2.")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("left", [1, 2])
def test_the_draw_that_empties_the_draw_deck_eliminates_the_player(edition: str, left: int) -> None:
    """RR: Appendix I › 2.2: "A player is eliminated from the game immediately if there are no cards remaining in
    his or her deck"; RR: Winning the Game: the remaining player wins. Drawing takes as many as there are."""
    c1, _ = CARDS[edition]
    t = make_table({"A": {c1: left}, "B": {c1: 3}}, edition=edition, phase="draw")
    v = legal(t, DrawCards("A", 2))
    assert {"deck-empty", "eliminated"} <= set(notes_of(v)) and "last-player" not in notes_of(v)
    assert counts(t, "A") == (left, 0, True) and t.players["A"].eliminated and winner(t) is None
    # The draws are simultaneous: only B's draw is left before the end, so moving on without it (aside10 05) is
    # played after the game's end.
    illegal(t.clone(), BeginPhase("marshaling"), "game.over")
    illegal(t.clone(), DrawCards("A", 1), "game.over")
    # The game ends once B has drawn too (RR: Appendix I › 2.2).
    assert "last-player" in notes_of(legal(t, DrawCards("B", 2)))
    assert winner(t) == "B" and view(t, Role.of_seat("A"))["winner"] == "B"
    illegal(t, DrawCards("B", 2), "game.over")


def test_shadows_from_a_drawn_hand_keeps_the_counts() -> None:
    t = make_table({"A": {"13089": 3}, "B": {"01091": 1}}, phase="draw")
    legal(t, DrawCards("A", 2))
    t.phase = Phase.MARSHALING
    legal(t, MarshalIntoShadows("A", "A.13089.2"))
    assert counts(t, "A") == (1, 1, True)


def test_draw_counts_over_http_and_bad_counts_name_the_field(client: FlaskClient) -> None:
    g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
    gid, ka = g["game"]["id"], g["seats"][0]["key"]
    h = {"Authorization": f"Bearer {ka}"}
    assert client.put(f"/api/games/{gid}/seats/A/deck", headers=h,
                      json={"expected_version": 0, "deck": {"01091": 3}}).status_code == 200
    for bad in (0, 100, "7", None):
        r = client.post(f"/api/games/{gid}/actions", headers=h, json={"expected_version": 1, "action": {
            "type": "draw_cards", "player": "A", "count": bad}})
        assert r.status_code == 400 and "count" in r.get_data(as_text=True), bad
    r = client.post(f"/api/games/{gid}/actions", headers=h, json={"expected_version": 1, "action": {
        "type": "draw_cards", "player": "A", "count": 2}})
    assert r.status_code == 201
    spectator = client.get(f"/api/games/{gid}/view").get_json()["players"][0]
    assert spectator["hand"] == {"count": 2, "tracked": True, "unnamed": 2} and spectator["deck"]["count"] == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_discard_that_empties_the_draw_deck_eliminates_the_player(edition: str) -> None:
    """probe28 08 (RR: Winning the Game: "A player is eliminated from the game when his or her draw deck has no cards
    remaining"; Tournament Regulations: "Empty Draw Deck … immediately receives a loss"): not only a draw: pillage's
    discard of the deck's last card ends the game at once, the other player the winner."""
    c1, c2 = CARDS[edition]
    t = make_table({"A": {c1: 1, c2: 1}, "B": {c1: 3}}, edition=edition, phase="challenges")
    legal(t, Discard("B", f"A.{c1}.1"))  # one card left: the game goes on
    assert not t.players["A"].eliminated and winner(t) is None
    v = legal(t, Discard("B", f"A.{c2}.1"))
    assert "eliminated" in notes_of(v) and t.players["A"].eliminated and winner(t) == "B"
    illegal(t, BeginPhase("dominance"), "game.over")


def test_no_card_ability_draws_during_setup() -> None:
    """probe28 10 (FAQ (1.9): card abilities are not active during setup unless they refer to setup; RR: Setup: the
    cards placed are not marshalled): Littlefinger set up does not draw; the draw back up to 7 names no card."""
    t = make_table({"A": {"01028": 1, "01091": 12}, "B": {"01091": 9}}, phase="setup")
    legal(t, DrawCards("A", 7))
    legal(t, SetupPlace("A", "A.01028.1"))
    illegal(t, DrawCards("A", 2, source="A.01028.1"), "draw.setup-ability")
    legal(t, DrawCards("A", 1))  # back up to 7
