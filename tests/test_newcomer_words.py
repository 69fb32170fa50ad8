"""Setup on the phone in words a new player understands (issue 33, item 5; a newcomer trial read "Next: plot phase"
while choosing setup cards). Setup has its own step: "choose your setup cards, then reveal", then the reveal once a
card lies face down. A seat's own round box says what face down, face up and shadows mean, how much setup gold is
left (RR: Setup: 8 in the 2nd edition; the 1st-edition Shadows insert: 5; a card into shadows costs 2 of it) and
which cards lie face down. The gold left and those cards are the seat's own: what face-down cards cost would tell
another seat which they are, so neither the other seat nor a spectator reads them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.messages import param_text
from companion.rules.actions import DrawCards, RevealSetup, SetupFaceDown, SetupIntoShadows, SetupPlace
from companion.rules.offers import round_view
from companion.rules.roles import HOST, JUDGE, SPECTATOR, Role
from companion.rules.views import view
from tests.tables import legal, make_table

#: Per edition: a character to set up, a card that may go into shadows, and the opponent's deck.
CARDS = {"2e": ("01091", "00168", "01091"),  # Burned Men; The Imp's Agent (Shadow)
         "1e": ("core_20", "kl_5", "core_20")}  # Kennel Master; Tyrion Lannister (Shadow crest)
GOLD = {"2e": 8, "1e": 5}


def _drawn(edition: str = "2e") -> Any:
    character, shadow, other = CARDS[edition]
    t = make_table({"A": {character: 3, shadow: 3, **({"13089": 3} if edition == "2e" else {"core_4": 3})},
                    "B": {other: 9}}, edition=edition, phase="setup")
    legal(t, DrawCards("A", 7))
    legal(t, DrawCards("B", 7))
    return t


def _said(value: Any, lang: str) -> str:
    return param_text(value, lang)


def _lines(t: Any, role: Role, lang: str = "en") -> list[str]:
    return [_said(line, lang) for line in round_view(t, role)["lines"]]


def _ids(t: Any, role: Role) -> list[str]:
    return [line["msg"] for line in round_view(t, role)["lines"]]


@pytest.mark.parametrize(("lang", "choose", "reveal"), [
    ("en", "Setup: choose your setup cards, then reveal", "Reveal setup cards"),
    ("de", "Spielaufbau: Aufbaukarten wählen, dann aufdecken", "Aufbaukarten aufdecken"),
])
def test_setup_has_its_own_step_and_then_the_reveal(lang: str, choose: str, reveal: str) -> None:
    t = _drawn()
    character = CARDS["2e"][0]
    for seat in "AB":  # choosing: the step says what to do, the reveal waits in the round box (nothing to tap above)
        now = round_view(t, Role.of_seat(seat))
        assert _said(now["next"]["label"], lang) == choose and now["next"]["action"] is None
        reveals = [o for o in now["offers"] if o["action"] == {"type": "reveal_setup"}]
        assert [(_said(o["label"], lang), o["primary"]) for o in reveals] == [(reveal, False)]
    legal(t, SetupFaceDown("A", f"A.{character}.1"))
    now = round_view(t, Role.of_seat("A"))
    assert _said(now["next"]["label"], lang) == reveal
    assert now["next"]["action"] == {"type": "reveal_setup"} and now["next"]["id"] == "reveal-setup"
    assert not [o for o in now["offers"] if o["action"]["type"] == "reveal_setup"]  # one reveal button, not two
    assert _said(round_view(t, Role.of_seat("B"))["next"]["label"], lang) == choose  # Bob has not chosen yet
    for role in (JUDGE, HOST):  # who records the table's steps for nobody's seat: the reveal
        assert round_view(t, role)["next"]["action"] == {"type": "reveal_setup"}
    assert round_view(t, SPECTATOR)["next"] is None
    legal(t, RevealSetup())
    after = round_view(t, Role.of_seat("A"))["next"]
    assert after["action"] == {"type": "begin_phase", "phase": "plot"}  # setup is over: on to the plot phase
    assert "reveal_setup" not in json.dumps(round_view(t, Role.of_seat("A"))["offers"])


def test_with_nothing_face_down_setup_still_ends_with_the_reveal() -> None:
    """A player who set up face up only (or into shadows) still ends setup with the reveal, never with "Next: plot
    phase" (a newcomer trial: after a card went into shadows, that button began round 1 and took the other phone's
    setup away); while Bob has placed nothing the reveal asks first, naming him; after it, the plot phase."""
    t = _drawn()
    character, _, _ = CARDS["2e"]
    legal(t, SetupPlace("A", f"A.{character}.1"))
    step = round_view(t, Role.of_seat("A"))["next"]
    assert step["action"] == {"type": "reveal_setup"} and step["id"] == "reveal-setup"
    assert _said(step["confirm"], "en").startswith("B is still choosing setup cards")
    legal(t, RevealSetup())
    assert round_view(t, Role.of_seat("A"))["next"]["action"] == {"type": "begin_phase", "phase": "plot"}


def test_a_seat_without_its_setup_hand_is_still_setting_up() -> None:
    """A newcomer trial: right after loading his deck, before "Drew 7", Tom's step read "Next: plot phase" and began
    round 1 for both phones. A seat that has placed nothing is still choosing, its setup hand drawn or not."""
    t = make_table({"A": {CARDS["2e"][0]: 9}, "B": {CARDS["2e"][0]: 9}}, phase="setup")
    for p in t.players.values():
        p.deck_cards = 9  # both decks loaded, no setup hand drawn
    # nobody has begun setup: a table that records none goes on to the plot phase
    assert round_view(t, Role.of_seat("B"))["next"]["action"] == {"type": "begin_phase", "phase": "plot"}
    legal(t, DrawCards("A", 7))  # Alice has begun: Bob, without his setup hand, is still setting up
    step = round_view(t, Role.of_seat("B"))["next"]
    # his own step ("Drew 7" in the round box below), never the plot phase
    assert step["action"] is None and _said(step["label"], "en") == "Your move: see below"


@pytest.mark.parametrize("edition", ["2e", "1e"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_round_box_explains_setup_and_counts_the_setup_gold_left(edition: str, lang: str) -> None:
    t = _drawn(edition)
    character, shadow, _ = CARDS[edition]
    total = GOLD[edition]
    gold_left = {"en": f"You have {{}} of {total} setup gold left.",
                 "de": f"Du hast noch {{}} von {total} Aufbaugold übrig."}[lang]
    first = _lines(t, Role.of_seat("A"), lang)
    explained = {"en": ("Face down: ", "Face up: ", "Shadows: "), "de": ("Verdeckt: ", "Offen: ", "Schatten: ")}[lang]
    assert [line.split(": ")[0] + ": " for line in first[:3]] == list(explained)
    crest = {("2e", "en"): "Shadow keyword", ("1e", "en"): "Shadow crest", ("2e", "de"): "Schlüsselwort Schatten",
             ("1e", "de"): "Schatten-Wappen"}[(edition, lang)]
    assert crest in first[2] and "2" in first[2]
    assert first[3] == gold_left.format(total)
    legal(t, SetupFaceDown("A", f"A.{character}.1"))
    cost = t.printed_cost(t.card(f"A.{character}.1"))
    assert _lines(t, Role.of_seat("A"), lang)[3] == gold_left.format(total - cost)
    legal(t, SetupIntoShadows("A", f"A.{shadow}.1"))  # into shadows: 2 of the setup gold, whatever its printed cost
    assert _lines(t, Role.of_seat("A"), lang)[3] == gold_left.format(total - cost - 2)
    assert total - cost - 2 == t.setup_gold_left("A")
    legal(t, RevealSetup())  # setup is over: the unspent gold is lost, the box no longer speaks of it
    assert not {"round.setupGoldLeft", "round.setupFaceDown"} & set(_ids(t, Role.of_seat("A")))


@pytest.mark.parametrize(("lang", "heading"), [("en", "My setup cards, face down until the reveal: "),
                                               ("de", "Meine Aufbaukarten, verdeckt bis zum Aufdecken: ")])
def test_my_face_down_setup_cards_are_listed_apart(lang: str, heading: str) -> None:
    t = _drawn()
    character, shadow, _ = CARDS["2e"]
    assert not [x for x in _lines(t, Role.of_seat("A"), lang) if x.startswith(heading)]  # none placed yet
    legal(t, SetupFaceDown("A", f"A.{character}.1"))
    legal(t, SetupFaceDown("A", f"A.{character}.2"))
    legal(t, SetupIntoShadows("A", f"A.{shadow}.1"))  # in shadows, not among the setup cards to reveal
    listed = [x for x in _lines(t, Role.of_seat("A"), lang) if x.startswith(heading)]
    assert listed == [heading + "Burned Men, Burned Men"]
    # They stay in the hand until the reveal (the hand counts them): there each row says it lies face down.
    hand = next(p for p in view(t, Role.of_seat("A"))["players"] if p["seat"] == "A")["hand"]["cards"]
    noted = {c["id"]: _said(c["note"], lang) for c in hand if "note" in c}
    face_down = {"en": "set up face down until the reveal", "de": "verdeckt aufgebaut bis zum Aufdecken"}[lang]
    assert noted == {f"A.{character}.1": face_down, f"A.{character}.2": face_down}


def test_neither_the_other_seat_nor_a_spectator_learns_the_gold_left_or_the_face_down_cards() -> None:
    t = _drawn()
    character, shadow, _ = CARDS["2e"]
    legal(t, SetupFaceDown("A", f"A.{character}.1"))
    legal(t, SetupIntoShadows("A", f"A.{shadow}.1"))
    mine = round_view(t, Role.of_seat("A"))
    assert {"round.setupGoldLeft", "round.mySetupCards"} <= {line["msg"] for line in mine["lines"]}
    for role in (Role.of_seat("B"), SPECTATOR):
        seen = json.dumps([round_view(t, role), view(t, role)], ensure_ascii=False)
        assert "mySetupCards" not in seen
        assert ("setupGoldLeft" in seen) is (role.seat == "B")  # Bob's own figure only (below)
        assert "Burned Men" not in seen and f"A.{character}" not in seen
        assert '"left": 4' not in seen and '"setup_gold_spent": 4' not in seen
    # Bob's own figure is his, untouched by Alice's cards.
    bob = [line for line in round_view(t, Role.of_seat("B"))["lines"] if line["msg"] == "round.setupGoldLeft"]
    assert bob == [{"msg": "round.setupGoldLeft", "left": 8, "total": 8}]


def test_through_the_api_only_the_seat_itself_reads_its_setup_gold_left(client: FlaskClient) -> None:
    from tests.test_api import act, game_with_decks, h

    g, gid, ka, kb = game_with_decks(client)
    version = 2
    for key, action in ((ka, {"type": "draw_cards", "player": "A", "count": 4}),
                        (kb, {"type": "draw_cards", "player": "B", "count": 2}),
                        (ka, {"type": "setup_face_down", "player": "A", "card": "A.13089.1"})):
        r = act(client, g, key, action, version)
        assert r.status_code == 201, r.get_json()
        version = r.get_json()["version"]
    views = {who: client.get(f"/api/games/{gid}/view", headers=h(key) if key else {}).get_json()
             for who, key in (("A", ka), ("B", kb), ("spectator", None))}
    gold = {who: [x for x in v["now"]["lines"] if x["msg"] == "round.setupGoldLeft"] for who, v in views.items()}
    assert gold["A"] == [{"msg": "round.setupGoldLeft", "left": 8 - 6, "total": 8}]  # Tyrion Lannister costs 6
    assert gold["spectator"] == [] and [x["left"] for x in gold["B"]] == [8]
    for who in ("B", "spectator"):
        assert "Tyrion" not in json.dumps(views[who]) and "mySetupCards" not in json.dumps(views[who])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_phone_names_the_revealed_plots_when_revealed_abilities_once_the_first_player_is_chosen(lang: str
                                                                                                     ) -> None:
    """A newcomer trial revealed Calling the Banners ("When Revealed: …") and no phone said anything of it. Once the
    first player is chosen, every phone (each seat, a spectator) names each revealed plot whose own when-revealed
    ability resolves now; with two of them, the first player chooses their order. A plot without one (A Noble Cause)
    is not named. The plots are face up by then: nothing hidden is told."""
    from companion.rules.actions import ChoosePlot, SetFirstPlayer, WinInitiative

    def revealed(a_plot: str, b_plot: str) -> Any:
        t = make_table({"A": {a_plot: 1}, "B": {b_plot: 1}}, phase="plot")
        legal(t, ChoosePlot("A", f"A.{a_plot}.1"))
        legal(t, ChoosePlot("B", f"B.{b_plot}.1"))
        before = {s: _ids(t, Role.of_seat(s)) for s in "AB"}
        assert not any("round.whenRevealed" in ids for ids in before.values())  # not before the first player
        if t.first_player is None and "initiativeTie" in before["A"]:
            legal(t, WinInitiative("A"))
        legal(t, SetFirstPlayer("A"))
        return t

    t = revealed("01007", "01004")  # Calling the Banners (When Revealed) against A Noble Cause (none)
    for role in (Role.of_seat("A"), Role.of_seat("B"), SPECTATOR):
        said = [line for line in _lines(t, role, lang) if "Calling the Banners" in line]
        assert said == [{"en": "When Revealed: A's Calling the Banners resolves now",
                         "de": "„Wenn aufgedeckt“: Calling the Banners von A wird jetzt abgehandelt"}[lang]]
        assert not any("A Noble Cause" in line for line in _lines(t, role, lang))
        assert "round.whenRevealedOrder" not in _ids(t, role)
    t = revealed("01007", "01008")  # and Calm Over Westeros: two, in an order the first player chooses
    assert _ids(t, SPECTATOR).count("round.whenRevealed") == 2
    assert {"en": "More than one When Revealed ability: A, the first player, chooses their order",
            "de": "Mehr als eine „Wenn aufgedeckt“-Fähigkeit: A als Startspieler bestimmt die Reihenfolge"}[lang] \
        in _lines(t, Role.of_seat("B"), lang)


@pytest.mark.parametrize(("lang", "asked"), [
    ("en", "B is still choosing setup cards and has placed none: reveal now anyway? Setup ends for every player."),
    ("de", "B wählt noch Aufbaukarten und hat keine gelegt: trotzdem jetzt aufdecken? Der Spielaufbau endet für alle."),
])
def test_the_reveal_asks_first_while_another_player_is_still_choosing_setup_cards(lang: str, asked: str) -> None:
    """A newcomer trial: Alice's reveal ended Bob's setup, who was still choosing, and his phone said nothing of it.
    The reveal (the step on Alice's phone) asks first, naming the players still choosing (a setup hand held, no
    setup card placed); once Bob has placed one it is one tap again. Bob's own reveal from his round box (he places
    none) does not name himself."""
    t = _drawn()
    legal(t, SetupFaceDown("A", "A.01091.1"))
    step = round_view(t, Role.of_seat("A"))["next"]
    assert step["action"] == {"type": "reveal_setup"} and _said(step["confirm"], lang) == asked
    bob = [o for o in round_view(t, Role.of_seat("B"))["offers"] if o["action"] == {"type": "reveal_setup"}]
    assert len(bob) == 1 and bob[0].get("confirm") is None
    legal(t, SetupFaceDown("B", "B.01091.1"))
    assert "confirm" not in round_view(t, Role.of_seat("A"))["next"]


def test_insight_is_offered_beside_renown_after_the_claim() -> None:
    """A newcomer trial: renown was offered after a challenge won, insight never (they drew by hand, unsure whether
    the companion counted it). After the claim, the winner's phone offers each participating insight character's
    draw of 1 card, once, in both languages."""
    from companion.rules.actions import (
        ApplyClaim,
        BeginPhase,
        ChallengeResult,
        ChoosePlot,
        DeclareDefenders,
        InitiateChallenge,
        PassTurn,
        SetFirstPlayer,
    )

    t = make_table({"A": {"13089": 1, "01024": 1, "01152": 5}, "B": {"01001": 1, "01152": 5}}, phase="plot")
    legal(t, ChoosePlot("A", "A.01024.1"))
    legal(t, ChoosePlot("B", "B.01001.1"))
    legal(t, SetFirstPlayer("A"))
    for phase in ("draw", "marshaling"):
        legal(t, BeginPhase(phase))
    from tests.tables import in_play
    in_play(t, "A.13089.1")
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.13089.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B"))
    offers = {o["id"]: o for o in round_view(t, Role.of_seat("A"))["offers"]}
    insight = offers.get("insight:A.13089.1")
    assert insight is not None and insight["action"] == {"type": "draw_cards", "player": "A", "count": 1,
                                                          "source": "A.13089.1"}, sorted(offers)
    assert _said(insight["label"], "de").startswith("Einsicht: 1 Karte ziehen")
    assert "insight:A.13089.1" not in {o["id"] for o in round_view(t, Role.of_seat("B"))["offers"]}
    legal(t, DrawCards("A", 1, source="A.13089.1"))
    assert "insight:A.13089.1" not in {o["id"] for o in round_view(t, Role.of_seat("A"))["offers"]}
