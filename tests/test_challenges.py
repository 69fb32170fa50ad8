"""Challenges and dominance in one tap each (issue 21, item 3), in both editions: a challenge is one entry,
its follow-ups (unopposed power, a power challenge's claim) one entry each, and dominance adds its power."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.rules import play
from companion.rules.actions import (
    ApplyClaim,
    BeginPhase,
    Challenge,
    ChallengeResult,
    ChallengeReward,
    ChoosePlot,
    DeclareDefenders,
    InitiateChallenge,
    Modify,
    PassTurn,
    SetFirstPlayer,
    SetPower,
    WinDominance,
    action_from_dict,
)
from companion.rules.roles import Role
from companion.rules.state import ActionError, Phase, Zone
from companion.rules.views import view
from tests.tables import flagged_and_refused, hand, illegal, in_play, legal, make_table, notes_of, rules_of

EDITIONS = ("2e", "1e")
PLOTS = {"2e": ("01001", "00006"), "1e": ("core_181", "acoa_25")}  # claim 1 / 2 ; 1e: per card
#: A character with the military and power icons: Vanguard Lancer (STR 1), Pentoshi Guildmaster (STR 2, every icon).
CHARACTER = {"2e": "01057", "1e": "core_124"}


def challenge_table(edition: str, *extra: str):  # type: ignore[no-untyped-def]
    """Both players have revealed plots and one character each in play (Alice also ``extra``, out of play),
    challenges begun."""
    p1, p2 = PLOTS[edition]
    ch = CHARACTER[edition]
    a_deck = {p1: 1, ch: 1, **dict.fromkeys(extra, 1)}
    t = make_table({"A": a_deck, "B": {p2: 1, ch: 1}}, edition=edition, phase="plot", gold=0)
    legal(t, ChoosePlot("A", f"A.{p1}.1"))
    legal(t, ChoosePlot("B", f"B.{p2}.1"))
    legal(t, SetFirstPlayer("A"))
    for phase in ("draw", "marshaling"):
        legal(t, BeginPhase(phase))
    in_play(t, f"A.{ch}.1")
    in_play(t, f"B.{ch}.1")
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("challenges"))
    return t


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_power_challenge_won_unopposed_is_one_entry_and_two_one_tap_follow_ups(edition: str) -> None:
    t = challenge_table(edition)
    ch = CHARACTER[edition]
    legal(t, SetPower("B", 3))
    v = legal(t, Challenge("power", "A", "B", winner="A", unopposed=True, attackers=[f"A.{ch}.1"]))
    assert t.in_play[f"A.{ch}.1"].kneeling and not v.notes
    shown = view(t, Role.of_seat("B"))["challenges"]
    claim = t.card(f"A.{PLOTS[edition][0]}.1").claim or 1
    assert shown == [{"kind": "power", "attacker": "A", "defender": "B", "winner": "A", "unopposed": True,
                      "claim": claim, "rewarded": []}]
    legal(t, ChallengeReward("A", "power", "unopposed"))
    assert t.players["A"].power == 1
    legal(t, ChallengeReward("A", "power", "power_claim"))
    assert (t.players["A"].power, t.players["B"].power) == (1 + claim, 3 - claim)
    # Each follow-up once; a second tap is refused in every mode.
    v = play(t, ChallengeReward("A", "power", "power_claim"), "advisory")
    assert rules_of(v) == ["challenge.reward-twice"] and not v.applied
    assert view(t, Role.of_seat("A"))["challenges"][0]["rewarded"] == ["unopposed", "power_claim"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_challenge_rules(edition: str) -> None:
    t = challenge_table(edition)
    ch = CHARACTER[edition]
    illegal(t, Challenge("military", "B", "A", winner="B"), "challenge.active-player")
    illegal(t, Challenge("military", "A", "B", winner="B", unopposed=True), "challenge.unopposed")
    illegal(t, Challenge("military", "A", "B", winner="A", attackers=[f"B.{ch}.1"]), "challenge.participant")
    v = play(t, Challenge("military", "A", "A", winner="A"), "advisory")
    assert "challenge.same-seat" in rules_of(v) and not v.applied
    t3 = make_table({"A": {}, "B": {}, "C": {}}, phase="challenges")
    v = play(t3, Challenge("military", "A", "B", winner="C"), "advisory")
    assert rules_of(v) == ["challenge.winner"] and not v.applied
    legal(t, Challenge("military", "A", "B", winner="B", defenders=[f"B.{ch}.1"]))
    illegal(t, Challenge("military", "A", "B", winner="A"), "challenge.once-per-type")
    # B's character knelt to defend: it cannot be declared again.
    illegal(t, Challenge("intrigue", "A", "B", winner="A", defenders=[f"B.{ch}.1"]), "challenge.kneeling")
    illegal(t, ChallengeReward("A", "military", "unopposed"), "challenge.not-winner")
    illegal(t, ChallengeReward("B", "military", "power_claim", attacker="A"), "challenge.power-claim")
    illegal(t, ChallengeReward("A", "power", "unopposed"), "challenge.no-challenge")
    t.phase = type(t.phase)("dominance")
    illegal(t, Challenge("power", "A", "B", winner="A"), "challenge.phase")


def test_participants_must_be_cards_in_play_and_a_hidden_card_answers_like_a_missing_one() -> None:
    t = challenge_table("2e")
    errors = []
    for card in ("A.01001.1", "B.00006.1", "B.99999.1"):  # A's plot (revealed: not in play), B's, none
        with pytest.raises(ActionError) as e:
            action_from_dict({"type": "challenge", "kind": "power", "player": "A", "defender": "B",
                              "attackers": [card]}).validate(t)
        errors.append(str(e.value))
    assert len(set(errors)) == 1 and "B.99999.1" not in errors[0]


@pytest.mark.parametrize("edition", EDITIONS)
def test_dominance_adds_its_power_in_the_same_tap_and_a_correction_moves_it(edition: str) -> None:
    t = challenge_table(edition)
    legal(t, PassTurn("A"))
    legal(t, PassTurn("B"))
    legal(t, BeginPhase("dominance"))
    # RR: Appendix I › 5.2: standing STR plus gold; equal characters, so A's 2 gold decide.
    t.players["A"].gold = 2
    illegal(t, WinDominance("B"), "dominance.totals")
    illegal(t, WinDominance(), "dominance.totals")
    v = legal(t, WinDominance("A"))
    assert "dominance-power" in notes_of(v) and t.players["A"].power == 1
    illegal(t, WinDominance("A"), "dominance.once")  # once a round
    assert t.players["A"].power == 1
    # A ruling with its reason corrects the record: the power follows it.
    v = legal(t, WinDominance("B", reason="Robb's STR bonus was left out"))
    assert "dominance-ruled" in notes_of(v) and (t.players["A"].power, t.players["B"].power) == (0, 1)
    legal(t, WinDominance(reason="both had 4"))
    assert t.players["B"].power == 0 and t.dominance[t.round] is None


def test_the_route_records_a_challenge_from_either_seat_and_follow_ups_from_the_winner(client: FlaskClient) -> None:
    g = client.post("/api/games", json={"seats": ["A", "B"], "mode": "strict"}).get_json()
    gid, ka, kb = g["game"]["id"], g["seats"][0]["key"], g["seats"][1]["key"]
    h = {"A": {"Authorization": f"Bearer {ka}"}, "B": {"Authorization": f"Bearer {kb}"}}
    steps = [("A", {"type": "begin_phase", "phase": "plot"})] + [
        ("A", {"type": "begin_phase", "phase": p}) for p in ("draw", "marshaling")] + [
        ("A", {"type": "pass_turn", "player": "A"}), ("B", {"type": "pass_turn", "player": "B"}),
        ("A", {"type": "begin_phase", "phase": "challenges"}),
        ("B", {"type": "challenge", "kind": "power", "player": "A", "defender": "B", "winner": "A",
               "unopposed": True})]
    for who, action in steps:
        v = client.get(f"/api/games/{gid}").get_json()["version"]
        r = client.post(f"/api/games/{gid}/actions", headers=h[who], json={"action": action, "expected_version": v})
        assert r.status_code == 201, (action, r.get_json())
    v = client.get(f"/api/games/{gid}").get_json()["version"]
    r = client.post(f"/api/games/{gid}/actions", headers=h["B"], json={"expected_version": v, "action": {
        "type": "challenge_reward", "player": "A", "kind": "power", "reward": "unopposed"}})
    assert r.status_code == 403  # the winner's follow-up is the winner's to record
    r = client.post(f"/api/games/{gid}/actions", headers=h["A"], json={"expected_version": v, "action": {
        "type": "challenge_reward", "player": "A", "kind": "power", "reward": "unopposed"}})
    assert r.status_code == 201 and r.get_json()["view"]["players"][0]["faction_power"] == 1
    bad = client.post(f"/api/games/{gid}/actions", headers=h["A"], json={"expected_version": v + 1, "action": {
        "type": "challenge", "kind": "sneaky", "player": "A", "defender": "B"}})
    assert bad.status_code == 400 and "kind" in bad.get_data(as_text=True)


def test_a_power_claim_larger_than_the_losers_power_moves_what_there_is() -> None:
    t = challenge_table("2e")
    legal(t, SetPower("B", 1))
    legal(t, Challenge("power", "A", "B", winner="A"))
    v = legal(t, ChallengeReward("A", "power", "power_claim", amount=3))
    assert "claim-short" in notes_of(v) and (t.players["A"].power, t.players["B"].power) == (1, 0)


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_challenge_once_every_player_has_had_the_turn(edition: str) -> None:
    """RR: Appendix I › 4.2-4.4: a player initiates challenges in its own turn; once every player has passed nobody
    is the active player, so neither the player who passed first nor the one who passed last initiates again."""
    t = challenge_table(edition)
    ch = CHARACTER[edition]
    legal(t, PassTurn("A"))
    illegal(t, InitiateChallenge("A", "military", "B", [f"A.{ch}.1"]), "challenge.active-player")
    legal(t, InitiateChallenge("B", "power", "A", [f"B.{ch}.1"]))  # B's turn: legal
    legal(t, DeclareDefenders("A", []))
    legal(t, ChallengeResult())  # unopposed; A has no power to claim
    assert "all-passed" in notes_of(legal(t, PassTurn("B")))
    t.in_play[f"B.{ch}.1"].kneeling = False  # a card effect stood it: B still initiates nothing more
    for seat, other in (("B", "A"), ("A", "B")):
        advisory = flagged_and_refused(t, InitiateChallenge(seat, "military", other, [f"{seat}.{ch}.1"]),
                                       "challenge.turns-over")
        assert rules_of(play(t.clone(), InitiateChallenge(seat, "military", other, [f"{seat}.{ch}.1"]))) == [
            "challenge.turns-over"]
        assert advisory.challenges[-1].attacker == seat  # recorded as it happened
    flagged_and_refused(t, Challenge("military", "B", "A", winner="B"), "challenge.turns-over")  # one entry too
    legal(t, BeginPhase("dominance"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_defenders_come_before_the_result_and_none_is_declared_too(edition: str) -> None:
    """RR: Appendix I › 4.2.1 before 4.2.2: the defending player declares defenders, or none, and then STR is
    compared. A result before it is flagged (an advisory table records it; the defenders then still come too late,
    and are no second declaration); at a strict table it is refused and the challenge goes on as it should."""
    t = challenge_table(edition)
    ch = CHARACTER[edition]
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{ch}.1"]))
    advisory = flagged_and_refused(t, ChallengeResult(), "challenge.result-before-defenders")
    late = play(advisory, DeclareDefenders("B", [f"B.{ch}.1"]), "advisory")
    assert rules_of(late) == ["challenge.result-before-defenders"]
    assert rules_of(play(advisory, DeclareDefenders("B", []), "advisory")) == ["challenge.defenders-once"]
    assert rules_of(play(advisory, ChallengeResult(), "advisory")) == ["challenge.result-once"]
    # Strict: the result was refused; the defender's choice of none is a step of its own, then the result.
    assert "no-defenders-declared" in notes_of(legal(t, DeclareDefenders("B", [])))
    illegal(t, DeclareDefenders("B", [f"B.{ch}.1"]), "challenge.defenders-once")
    v = legal(t, ChallengeResult())
    assert "unopposed-power" in notes_of(v) and t.players["A"].power == 1


def test_an_unfinished_challenge_names_its_missing_step_in_a_sentence_in_both_languages() -> None:
    """The flag for a challenge left before its defenders or its result says which step comes first, as a clause
    (it once read "the defenders comes first")."""
    t = challenge_table("2e")
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{CHARACTER['2e']}.1"]))
    (v,) = [x for x in illegal(t, PassTurn("A"), "challenge.unfinished").violations]
    assert v.text("en") == "A's challenge is not finished: first the defending player declares defenders (or none)."
    assert v.text("de") == ("Die Herausforderung von A ist nicht abgeschlossen: Zuerst erklärt der verteidigende "
                            "Spieler Verteidiger (oder keine).")
    legal(t, DeclareDefenders("B", []))
    (v,) = [x for x in illegal(t, PassTurn("A"), "challenge.unfinished").violations]
    assert v.text("en") == "A's challenge is not finished: first the result is determined."
    assert v.text("de") == "Die Herausforderung von A ist nicht abgeschlossen: Zuerst wird das Ergebnis bestimmt."



@pytest.mark.parametrize("edition", EDITIONS)
def test_a_defender_cut_to_zero_str_by_the_attackers_effect_leaves_the_challenge_unopposed(edition: str) -> None:
    """RR: Modifiers: an effect changes the card's STR whoever's effect it is, so the attacker may record the -N
    on the defender (the entry names the effect's player, not the card's controller). With the defending STR at 0
    the challenge is unopposed (RR: Appendix I › 4.2.3): the attacker gains 1 power at once."""
    t = challenge_table(edition)
    ch = CHARACTER[edition]
    strength = t.card(f"B.{ch}.1").strength or 0
    assert strength >= 1
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{ch}.1"]))
    legal(t, DeclareDefenders("B", [f"B.{ch}.1"]))
    legal(t, Modify("A", "str", -strength, f"B.{ch}.1", until="challenge"))
    legal(t, ChallengeResult())
    assert t.challenges[-1].winner == "A" and t.challenges[-1].unopposed
    assert t.players["A"].power == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_character_out_of_play_cannot_be_declared_in_any_mode(edition: str) -> None:
    """RR: Appendix I › 4.2 / 4.2.1: attackers and defenders are characters in play. One in a discard pile or a
    dead pile is not there to declare: impossible, refused in advisory mode too."""
    from companion.rules.state import Zone

    t = challenge_table(edition)
    ch = CHARACTER[edition]
    t.move(f"A.{ch}.1", "A", Zone.DISCARD)
    v = play(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{ch}.1"]), "advisory")
    assert "challenge.not-in-play" in rules_of(v) and v.impossible and not v.applied
    t = challenge_table(edition)
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{ch}.1"]))
    t.move(f"B.{ch}.1", "B", Zone.DEAD)
    v = play(t, DeclareDefenders("B", [f"B.{ch}.1"]), "advisory")
    assert "challenge.not-in-play" in rules_of(v) and v.impossible and not v.applied



def test_a_character_that_prints_it_does_not_kneel_when_declared_as_an_attacker() -> None:
    """"Ser Jaime Lannister does not kneel when declared as an attacker in a [military] challenge" (RR: Golden Rule:
    card text overrides RR: Appendix I › 4.2, attackers kneel): he stands after attacking in a military challenge,
    so he may defend next; attacking in an intrigue challenge he kneels as any attacker does."""
    t = challenge_table("2e", "01087")
    in_play(t, "A.01087.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01087.1"]))
    assert not t.in_play["A.01087.1"].kneeling
    t = challenge_table("2e", "01087")
    in_play(t, "A.01087.1")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01087.1"]))
    assert t.in_play["A.01087.1"].kneeling


def test_a_character_that_raises_the_claim_while_attacking() -> None:
    """"While Cersei Lannister is attacking during an [intrigue] challenge, raise the claim value on your revealed
    plot card by 1." (RR: Golden Rule): her intrigue challenge claims 2 on a claim-1 plot, her power challenge 1."""
    for kind, due in (("intrigue", 2), ("power", 1)):
        t = challenge_table("2e", "01084")
        in_play(t, "A.01084.1")
        legal(t, InitiateChallenge("A", kind, "B", attackers=["A.01084.1"]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        assert t.challenges[-1].claim == due, kind

    # Milk of the Poppy: "Treat attached character's printed text box as if it were blank (except for Traits)."
    t = challenge_table("2e", "01084", "01035")
    in_play(t, "A.01084.1")
    in_play(t, "A.01035.1", controller="B", attached_to="A.01084.1")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01084.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    assert t.challenges[-1].claim == 1


def test_a_claim_raise_while_attacking_on_a_condition() -> None:
    """claim.count (aside54 30): Red Ronnet "While Red Ronnet is attacking, if the defending player controls a card in
    shadows, raise the claim value on your revealed plot card by 1.": claim 2 while Bob has a card in shadows, 1
    while he has none. Read too for Elia Sand and Raiding Khalasar ("if you control (another) an attacking <Trait>
    character")."""
    from companion.rules.state import Zone

    for in_shadows, due in ((True, 2), (False, 1)):
        t = challenge_table("2e", "11107")
        in_play(t, "A.11107.1")
        if in_shadows:
            t.move("B.01057.1", "B", Zone.SHADOWS)  # his one character, in shadows
        legal(t, InitiateChallenge("A", "military", "B", attackers=["A.11107.1"]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        assert t.challenges[-1].claim == due, in_shadows


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_claim_after_a_challenge_nobody_won_is_recorded_as_it_happened_in_advisory_mode(edition: str) -> None:
    """RR: Appendix I › 4.2.4: claim is applied only if the attacker won. At an advisory table a claim applied anyway is
    flagged and then happened: the named character is in the dead pile. A strict table refuses it and nothing
    changes."""
    from companion.rules.state import Zone

    ch = CHARACTER[edition]
    for mode in ("advisory", "strict"):
        t = challenge_table(edition)
        legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{ch}.1"]))
        legal(t, DeclareDefenders("B", []))
        legal(t, Modify("B", "str", -5, card=f"A.{ch}.1", until="challenge"))
        legal(t, ChallengeResult())
        assert t.challenges[-1].winner is None
        v = play(t, ApplyClaim("B", cards=[f"B.{ch}.1"]), mode)  # type: ignore[arg-type]
        assert "claim.not-won" in rules_of(v)
        assert v.applied is (mode == "advisory")
        assert t.zone_of(f"B.{ch}.1") is (Zone.DEAD if mode == "advisory" else Zone.PLAY), mode


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_claim_is_asked_after_a_result_the_str_contradicts(edition: str) -> None:
    """claim.not-applied (RR: Appendix I › 4.2.4: claim only if the attacker won): an advisory result written for the
    attacker that the STR gives to the defender is flagged ``challenge.str``; which was the slip, the winner written
    or a modifier left out, the log cannot say, so the claim left out after it is not flagged again. A win the STR
    agrees with still owes its claim."""
    ch = CHARACTER[edition]
    t = challenge_table(edition)
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{ch}.1"]))
    legal(t, DeclareDefenders("B", [f"B.{ch}.1"]))
    legal(t, Modify("B", "str", 2, card=f"B.{ch}.1", until="challenge"))
    assert "challenge.str" in rules_of(play(t, ChallengeResult(winner="A"), "advisory"))
    assert "claim.not-applied" not in rules_of(play(t, PassTurn("A"), "advisory"))
    t = challenge_table(edition)
    legal(t, InitiateChallenge("A", "military", "B", attackers=[f"A.{ch}.1"]))
    legal(t, DeclareDefenders("B", [f"B.{ch}.1"]))
    legal(t, ChallengeResult(winner="A"))
    illegal(t, PassTurn("A"), "claim.not-applied")


def test_a_recorded_modifier_naming_its_card_stands_for_that_cards_printed_effect() -> None:
    """Cersei's raised claim is computed from her printed text; a table that also records it as a `modify` naming her
    as its source counted it twice (claim 3 on a claim-1 plot). The recorded modifier stands for her effect: 2. One
    without a source still adds to it (another effect): 3."""
    for source, due in (("A.01084.1", 2), (None, 3)):
        t = challenge_table("2e", "01084")
        in_play(t, "A.01084.1")
        legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01084.1"]))
        legal(t, DeclareDefenders("B", []))
        legal(t, Modify("A", "claim", 1, until="challenge", source=source))
        legal(t, ChallengeResult())
        assert t.challenges[-1].claim == due, source


def test_a_recorded_income_modifier_naming_a_card_with_printed_income_is_not_counted_twice() -> None:
    """The Roseroad prints "+1 Income"; a `modify` of income naming it as its source is that same +1."""
    from companion.rules.values import income

    t = make_table({"A": {"01001": 1, "01040": 1}, "B": {"00006": 1}}, edition="2e", phase="plot", gold=0)
    legal(t, ChoosePlot("A", "A.01001.1"))
    legal(t, ChoosePlot("B", "B.00006.1"))
    legal(t, SetFirstPlayer("A"))
    plot_gold = t.card("A.01001.1").income
    in_play(t, "A.01040.1")
    assert income(t, "A") == plot_gold + 1
    legal(t, Modify("A", "income", 1, until="round", source="A.01040.1"))
    assert income(t, "A") == plot_gold + 1
    legal(t, Modify("A", "income", 1, until="round"))  # another effect, unnamed
    assert income(t, "A") == plot_gold + 2


def test_a_military_claim_naming_a_card_out_of_play_is_impossible() -> None:
    """Held out aside21 22 (RR: Military Claim: the defender kills characters it controls in play): a claim naming a
    character in the dead pile cannot have happened, so it is refused in every mode, and the claim is still due."""
    from companion.rules import play
    from companion.rules.actions import ApplyClaim
    from tests.tables import dead, legal, make_table, military_won_by_a, rules_of
    t = make_table({"A": {"01091": 1}, "B": {"01057": 2}}, phase="challenges")
    dead(t, "B.01057.2")
    military_won_by_a(t, "A.01091.1", in_play_cards=("B.01057.1",))
    for mode in ("advisory", "strict"):
        v = play(t, ApplyClaim("B", cards=["B.01057.2"]), mode)
        assert "claim.not-in-play" in rules_of(v) and v.impossible and not v.applied
    legal(t, ApplyClaim("B", cards=["B.01057.1"]))


def test_a_challenge_result_decided_by_a_card_effect_may_have_no_winner() -> None:
    """Found by a judge's probe (For the Watch!: "You cannot lose (and your opponent cannot win) the first challenge
    initiated against you each phase."): the result names the plot as its ``source`` and nobody wins: no unopposed
    power, no claim due; without the source the same result is the STR's (the attacker wins)."""
    from companion.rules.actions import ChallengeResult, DeclareDefenders, InitiateChallenge, PassTurn
    from tests.tables import in_play, legal, make_table
    t = make_table({"A": {"01091": 1}, "B": {"02067": 1}}, phase="challenges")
    in_play(t, "A.01091.1")
    t.move("B.02067.1", "B", Zone.REVEALED)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01091.1"]))
    legal(t, DeclareDefenders("B", []))
    power = t.players["A"].power
    legal(t, ChallengeResult(source="B.02067.1"))
    assert t.challenges[-1].winner is None and t.players["A"].power == power
    legal(t, PassTurn("A"))  # no claim was due


def test_a_challenge_icon_gained_or_lost_by_a_card_effect_is_a_recorded_modifier() -> None:
    """Found by a judge's probe (Edric Dayne: "Pay 1 gold to give Edric Dayne a challenge icon of your choice until the
    end of the phase."; Left: "While you control Right, Left … gains a [power] icon"): a ``modify`` of "power_icon"
    by 1 on the character lets it attack in a power challenge; -1 takes a printed icon away; without the modifier the
    icon check stands."""
    from companion.rules.actions import InitiateChallenge, Modify
    t = make_table({"A": {"01106": 1, "01057": 1}, "B": {}}, phase="challenges")
    for card in ("A.01106.1", "A.01057.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    assert "power" not in t.card("A.01106.1").icons
    flagged_and_refused(t, InitiateChallenge("A", "power", "B", attackers=["A.01106.1"]), "challenge.icon")
    legal(t, Modify("A", "power_icon", 1, card="A.01106.1", source="A.01106.1"))
    legal(t.clone(), InitiateChallenge("A", "power", "B", attackers=["A.01106.1"]))
    legal(t, Modify("A", "military_icon", -1, card="A.01057.1"))
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.01057.1"]), "challenge.icon")


def test_a_character_another_card_guards_cannot_be_bypassed_by_stealth() -> None:
    """Found by a judge's probe (Benjen Stark: "Each Ranger character you control cannot be bypassed by stealth."):
    Tyrion Lannister's stealth cannot bypass Benjen (a Ranger); it can bypass Bob's Vanguard Lancer."""
    from companion.rules.actions import InitiateChallenge
    t = make_table({"A": {"01089": 1}, "B": {"01122": 1, "01057": 1}}, phase="challenges")
    for card in ("A.01089.1", "B.01122.1", "B.01057.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    assert "Ranger" in t.card("B.01122.1").traits
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01089.1"], bypassed=["B.01122.1"]),
                        "challenge.stealth-immune")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01089.1"], bypassed=["B.01057.1"]))


def test_a_character_that_gains_renown_in_one_challenge_type_has_it_there_only() -> None:
    """Found by a judge's probe (Ser Jaime Lannister: "… gains renown while participating in a [military] challenge."):
    after a military challenge he wins his renown is legal without naming a source; after an intrigue one it is
    flagged, even naming himself."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, Renown
    t = make_table({"A": {"01087": 1}, "B": {}}, phase="challenges")
    in_play(t, "A.01087.1")
    t.first_player = t.active_player = "A"
    for kind in ("military", "intrigue"):
        legal(t, InitiateChallenge("A", kind, "B", attackers=["A.01087.1"]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=[]))
        if kind == "military":
            legal(t, Renown("A", ["A.01087.1"]))
        else:
            flagged_and_refused(t, Renown("A", ["A.01087.1"], source="A.01087.1"), "renown.keyword")


def test_a_character_that_gains_renown_while_defending_has_it_there_only() -> None:
    """aside63 26, 27 (renown.keyword; Ser Denys Mallister: "While Ser Denys Mallister is defending, he gains
    renown."): after a challenge he wins defending his renown is legal without naming a source; after one he wins
    attacking it is flagged."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, Renown
    t = make_table({"A": {"07007": 1}, "B": {"01053": 1}}, phase="challenges")
    in_play(t, "A.07007.1")
    in_play(t, "B.01053.1")
    t.first_player = t.active_player = "A"
    assert t.card("A.07007.1").renown_during == "defending"
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.07007.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    flagged_and_refused(t, Renown("A", ["A.07007.1"]), "renown.keyword")
    t.active_player = "B"
    t.in_play["A.07007.1"].kneeling = False
    legal(t, InitiateChallenge("B", "power", "A", attackers=["B.01053.1"]))
    legal(t, DeclareDefenders("A", ["A.07007.1"]))
    legal(t, ChallengeResult())
    legal(t, Renown("A", ["A.07007.1"]))


def test_a_character_that_gains_renown_in_the_rounds_first_challenge_has_it_there_only() -> None:
    """aside50 31 (renown.keyword; 1st edition House Florent Scouts: "House Florent Scouts gains vigilant and renown
    during the first challenge initiated each round."): renown after the round's first challenge, which it wins, is
    legal without naming a source; the other copy's after the second challenge is flagged."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, Renown
    t = make_table({"A": {"acoa_14": 2}, "B": {}}, edition="1e", phase="challenges")
    in_play(t, "A.acoa_14.1")
    in_play(t, "A.acoa_14.2")
    t.first_player = t.active_player = "A"
    for kind, scouts in (("military", "A.acoa_14.1"), ("intrigue", "A.acoa_14.2")):
        legal(t, InitiateChallenge("A", kind, "B", attackers=[scouts]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=[]))
        if kind == "military":
            legal(t, Renown("A", [scouts]))
        else:
            flagged_and_refused(t, Renown("A", [scouts]), "renown.keyword")


def test_a_card_that_forbids_opponents_characters_to_claim_power_for_renown() -> None:
    """aside50 29 (renown.barred; 1st edition Jhalabar Xho: "Opponent's characters cannot claim power for renown."):
    while Alice controls Jhalabar Xho, Bob's Daenerys Targaryen (Renown) wins a challenge and her renown is flagged;
    without him it is legal. Tower of the Sun ("Characters without a Power icon cannot claim power for renown.") is
    read as anyone's characters lacking the icon."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, Renown
    assert Catalog.open().card("pots_34").renown_barred == ("any", "power")
    t = make_table({"A": {"acoa_2": 1}, "B": {"core_106": 1}}, edition="1e", phase="challenges")
    in_play(t, "B.core_106.1")
    t.first_player = t.active_player = "B"
    without = t.clone()
    in_play(t, "A.acoa_2.1")
    t.in_play["A.acoa_2.1"].kneeling = True
    for table, barred in ((t, True), (without, False)):
        legal(table, InitiateChallenge("B", "power", "A", attackers=["B.core_106.1"]))
        legal(table, DeclareDefenders("A", []))
        legal(table, ChallengeResult())
        legal(table, ApplyClaim("A", cards=[]))
        if barred:
            flagged_and_refused(table, Renown("B", ["B.core_106.1"]), "renown.barred")
        else:
            legal(table, Renown("B", ["B.core_106.1"]))


def test_a_character_that_does_not_kneel_in_the_first_challenge_kneels_in_the_second() -> None:
    """aside50 30 (challenge.kneeling; 1st edition Vanguard Scouts: "Vanguard Scouts does not kneel to attack
    or defend during the first challenge initiated each phase."): it stays standing after attacking in the phase's
    first challenge, kneels attacking in the second, and then cannot be declared as a defender."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, PassTurn
    t = make_table({"A": {"acoa_11": 1}, "B": {"core_118": 2}}, edition="1e", phase="challenges")
    for card in ("A.acoa_11.1", "B.core_118.1", "B.core_118.2"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    for kind, standing in (("military", True), ("power", False)):
        legal(t, InitiateChallenge("A", kind, "B", attackers=["A.acoa_11.1"]))
        assert t.in_play["A.acoa_11.1"].kneeling is not standing
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=["B.core_118.1"] if kind == "military" else []))
    legal(t, PassTurn("A"))
    legal(t, InitiateChallenge("B", "military", "A", attackers=["B.core_118.2"]))
    flagged_and_refused(t, DeclareDefenders("A", ["A.acoa_11.1"]), "challenge.kneeling")


def test_while_the_foxs_teeth_attacks_only_knelt_characters_defend() -> None:
    """aside50 39 (challenge.defender-barred; 1st edition The Fox's Teeth: "While The Fox's Teeth is attacking, knelt
    characters may be declared as defenders. While The Fox's Teeth is attacking, only knelt characters may be
    declared as defenders."): a standing defender is flagged, a knelt one is legal (not challenge.kneeling)."""
    from companion.rules.actions import DeclareDefenders, InitiateChallenge
    t = make_table({"A": {"acoa_15": 1}, "B": {"core_118": 2}}, edition="1e", phase="challenges")
    for card in ("A.acoa_15.1", "B.core_118.1", "B.core_118.2"):
        in_play(t, card)
    t.in_play["B.core_118.2"].kneeling = True
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.acoa_15.1"]))
    flagged_and_refused(t, DeclareDefenders("B", ["B.core_118.1"]), "challenge.defender-barred")
    legal(t, DeclareDefenders("B", ["B.core_118.2"]))


def test_an_attacker_that_stands_only_against_an_opponent_without_a_king() -> None:
    """Held out aside19 03 (Balon Greyjoy: "Balon Greyjoy does not kneel when declared as an attacker in a [military]
    challenge against an opponent who does not control a King character."): he stays standing against Bob without a
    King, and kneels once Bob controls Robert Baratheon (a King)."""
    from companion.rules.actions import InitiateChallenge
    t = make_table({"A": {"04031": 1}, "B": {"01048": 1}}, phase="challenges")
    in_play(t, "A.04031.1")
    t.first_player = t.active_player = "A"
    u = t.clone()
    legal(u, InitiateChallenge("A", "military", "B", attackers=["A.04031.1"]))
    assert not u.in_play["A.04031.1"].kneeling
    in_play(t, "B.01048.1")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.04031.1"]))
    assert t.in_play["A.04031.1"].kneeling


def test_a_keyword_gained_or_lost_by_a_card_effect_is_a_recorded_modifier() -> None:
    """Found by a judge's probe (1st edition Summer: "If attached character is Bran Stark, he gains stealth."): a
    ``modify`` of "stealth" by 1 on the attacker lets it bypass a defender; -1 takes a printed stealth away."""
    from companion.rules.actions import InitiateChallenge, Modify
    t = make_table({"A": {"01057": 1, "01089": 1}, "B": {"01057": 1}}, phase="challenges")
    for card in ("A.01057.1", "A.01089.1", "B.01057.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.01057.1"], bypassed=["B.01057.1"]),
                        "challenge.stealth-count")
    legal(t, Modify("A", "stealth", 1, card="A.01057.1"))
    legal(t.clone(), InitiateChallenge("A", "military", "B", attackers=["A.01057.1"], bypassed=["B.01057.1"]))
    legal(t, Modify("A", "stealth", -1, card="A.01089.1"))  # Tyrion's printed stealth taken away
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01089.1"], bypassed=["B.01057.1"]),
                        "challenge.stealth-count")


def test_a_stealth_character_that_bypasses_an_additional_character() -> None:
    """aside51 13 (RR: Stealth; the rule ``challenge.stealth-count``): Esgred (04111) "Stealth. … Esgred may bypass an
    additional character using stealth.": attacking alone she bypasses two Tumblestone Knights, not three."""
    from companion.rules.actions import InitiateChallenge
    t = make_table({"A": {"04111": 1}, "B": {"01150": 3}}, phase="challenges")
    for card in ("A.04111.1", "B.01150.1", "B.01150.2", "B.01150.3"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    two = ["B.01150.1", "B.01150.2"]
    flagged_and_refused(t, InitiateChallenge("A", "power", "B", attackers=["A.04111.1"], bypassed=[*two, "B.01150.3"]),
                        "challenge.stealth-count")
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.04111.1"], bypassed=two))


def test_a_stealth_its_own_text_gives_during_military_challenges_while_all_stark() -> None:
    """aside60 20 (``challenge.stealth-count``): Alysane Mormont (13001) "While each character you control has the
    [stark] affiliation, Alysane Mormont gains stealth during [military] challenges …": with only Stark characters she
    bypasses a Tumblestone Knight in a military challenge; in a power challenge, or beside her player's Lannister
    Tyrion, that bypass is flagged."""
    from companion.rules.actions import InitiateChallenge
    for kind, others, flagged in (("military", (), False), ("power", (), True), ("military", ("A.01089.1",), True)):
        t = make_table({"A": {"13001": 1, "01089": 1}, "B": {"01150": 1}}, phase="challenges")
        for card in ("A.13001.1", "B.01150.1", *others):
            in_play(t, card)
        t.first_player = t.active_player = "A"
        act = InitiateChallenge("A", kind, "B", attackers=["A.13001.1"], bypassed=["B.01150.1"])
        if flagged:
            flagged_and_refused(t, act, "challenge.stealth-count")
        else:
            legal(t, act)


def test_the_knight_gains_stealth_and_renown_while_attacking_alone() -> None:
    """aside66 17 (``challenge.stealth-count``, ``renown.keyword``): The Knight (12004) "While The Knight is attacking
    alone, he gains stealth and renown.": attacking alone he bypasses a Tumblestone Knight and claims renown after the
    win; attacking beside a Vanguard Lancer he has no stealth, and that bypass is flagged."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, Renown
    assert ("stealth", "alone", "attacking") in Catalog.open().card("12004").keywords_while
    t = make_table({"A": {"12004": 1, "01057": 1}, "B": {"01150": 1}}, phase="challenges")
    for card in ("A.12004.1", "A.01057.1", "B.01150.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.12004.1", "A.01057.1"],
                                             bypassed=["B.01150.1"]), "challenge.stealth-count")
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.12004.1"], bypassed=["B.01150.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.01150.1"]))
    legal(t, Renown("A", ["A.12004.1"]))


def test_renown_cannot_come_from_a_card_still_in_the_deck() -> None:
    """Found by a judge's probe (RR: In Play and Out of Play; Lady: "Sansa Stark gets +1 STR and gains renown." works
    only in play): renown for a character naming as its source a card still in the draw deck is flagged."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge, Renown
    t = make_table({"A": {"01057": 1, "01123": 1}, "B": {}}, phase="challenges")
    in_play(t, "A.01057.1")
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01057.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=[]))
    flagged_and_refused(t, Renown("A", ["A.01057.1"], source="A.01123.1"), "renown.source-not-in-play")


def test_two_stealth_attackers_may_choose_the_same_target() -> None:
    """probe28 12 (ThronesDB FAQ, Wolves of the North: "Each stealth target, however, is declared independently, and
    each … may select the same target for its stealth ability."; RR: Stealth: one choice per stealth attacker): Tyrion
    Lannister and Varys both name Catelyn Stark; a third choice for two stealth attackers is one too many."""
    from companion.rules.actions import DeclareDefenders, InitiateChallenge
    t = make_table({"A": {"01089": 1, "01029": 1}, "B": {"01143": 1}}, phase="challenges")
    for card in ("A.01089.1", "A.01029.1", "B.01143.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    both = ["B.01143.1", "B.01143.1"]
    flagged_and_refused(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01089.1", "A.01029.1"],
                                             bypassed=[*both, "B.01143.1"]), "challenge.stealth-count")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01089.1", "A.01029.1"], bypassed=both))
    assert t.challenges[-1].bypassed == ["B.01143.1"]
    illegal(t, DeclareDefenders("B", ["B.01143.1"]), "challenge.bypassed")


def test_a_printed_str_effect_not_computed_lets_the_tables_result_stand() -> None:
    """probe28 15-18, probe27 26-27 (RR: Golden Rule; RR: Strength): Fist of the First Men (04106) "While your reserve
    value is higher than an opponent's, each Ranger character you control gets +1 STR …" is not in the totals (its
    condition is not read): while it is in play the table's recorded winner stands, with a note naming it; without
    such a card the same result is flagged (challenge.str)."""
    from companion.rules.actions import ChallengeResult, DeclareDefenders, InitiateChallenge
    t = make_table({"A": {"04106": 1, "01122": 1}, "B": {"01087": 1}}, phase="challenges")
    for card in ("A.01122.1", "B.01087.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01122.1"]))  # Benjen Stark, 4 STR
    legal(t, DeclareDefenders("B", ["B.01087.1"]))
    without = t.clone()
    in_play(t, "A.04106.1")
    v = legal(t, ChallengeResult(winner="A"))
    assert "str-unread" in notes_of(v)
    flagged_and_refused(without, ChallengeResult(winner="A"), "challenge.str")



def test_a_printed_str_effect_written_as_a_modifier_is_judged_by_the_totals() -> None:
    """aside36 30 (RR: Appendix I › 4.2.3): once the table writes what such a card's text did as a STR modifier naming
    it (``modify`` with ``source``), the totals hold it and decide: The Wall's +1 on Benjen Stark makes 5 to Ser
    Jaime's 5, the attacker's tie; a recorded win for the defender is flagged (challenge.str), not let stand."""
    from companion.rules.actions import ChallengeResult, DeclareDefenders, InitiateChallenge, Modify
    t = make_table({"A": {"01137": 1, "01122": 1}, "B": {"01087": 1}}, phase="challenges")
    for card in ("A.01122.1", "B.01087.1", "A.01137.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01122.1"]))  # Benjen Stark, 4 STR
    legal(t, DeclareDefenders("B", ["B.01087.1"]))  # Ser Jaime Lannister, 5 STR
    legal(t, Modify(player="A", stat="str", amount=1, card="A.01122.1", until="challenge", source="A.01137.1"))
    flagged_and_refused(t, ChallengeResult(winner="B"), "challenge.str")
    assert "str-unread" not in notes_of(play(t.clone(), ChallengeResult(winner="B"), "advisory"))
    legal(t, ChallengeResult(winner="A"))

def test_renown_follows_a_challenge_recorded_as_one_entry() -> None:
    """probe27 21 (RR: Renown): after a challenge recorded as one entry (no steps, no participants kept), its winner's
    renown is recorded for a character with the keyword; a second time, or by the loser, is flagged."""
    from companion.rules.actions import Challenge, Renown
    t = make_table({"A": {"01090": 1}, "B": {"01057": 1}}, phase="challenges")  # Tywin Lannister: Renown
    in_play(t, "A.01090.1")
    in_play(t, "B.01057.1")
    t.first_player = t.active_player = "A"
    flagged_and_refused(t, Renown("A", ["A.01090.1"]), "renown.no-challenge")
    legal(t, Challenge("military", "A", "B", winner="A", attackers=["A.01090.1"]))
    flagged_and_refused(t, Renown("B", ["B.01057.1"]), "renown.winner")
    legal(t, Renown("A", ["A.01090.1"]))
    assert t.tokens["A.01090.1"]["power"] == 1
    flagged_and_refused(t, Renown("A", ["A.01090.1"]), "renown.once")


def test_insight_draws_in_its_challenge_after_the_claim() -> None:
    """probe27 02, 25 (RR: Appendix I › 4.2.4-4.2.5; FAQ: Challenge Application Timing Sequence: claim, then the
    keywords; RR: Insight): Grand Maester Pycelle's insight draw comes after the claim is applied and before the
    challenge is over: not before the claim, not in the dominance phase."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, DrawCards, InitiateChallenge
    t = make_table({"A": {"01085": 1, "01057": 3}, "B": {"01057": 2}}, phase="challenges")
    in_play(t, "A.01085.1")
    hand(t, "B.01057.2")
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01085.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    flagged_and_refused(t, DrawCards("A", 1, source="A.01085.1"), "draw.insight-before-claim")
    legal(t, ApplyClaim("B", cards=["B.01057.2"]))
    late = t.clone()
    legal(t, DrawCards("A", 1, source="A.01085.1"))
    legal(late, PassTurn("A"))
    legal(late, PassTurn("B"))
    legal(late, BeginPhase("dominance"))
    flagged_and_refused(late, DrawCards("A", 1, source="A.01085.1"), "draw.insight-late")


def test_a_one_card_draw_of_an_insight_character_whose_other_draw_is_two_is_its_insight() -> None:
    """aside60 05 (draw.insight; Jon Arryn, 23001: "Insight. Renown. … Forced Interrupt: When Jon Arryn is killed,
    each player may either: draw 2 cards, or gain 1 power for their faction."; 2 printings): a draw of 1 naming him
    is his insight's. After a challenge he sat out it is flagged; after one he won as an attacker, legal."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, DrawCards, InitiateChallenge
    for attacker, flagged in (("A.01049.1", True), ("A.23001.1", False)):
        t = make_table({"A": {"23001": 1, "01049": 1}, "B": {"01057": 2}}, phase="challenges")
        in_play(t, "A.23001.1")
        in_play(t, "A.01049.1")
        t.first_player = t.active_player = "A"
        legal(t, InitiateChallenge("A", "power", "B", attackers=[attacker]))
        legal(t, DeclareDefenders("B", []))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=[]))
        if flagged:
            flagged_and_refused(t, DrawCards("A", 1, source="A.23001.1"), "draw.insight")
        else:
            legal(t, DrawCards("A", 1, source="A.23001.1"))


def test_a_challenge_won_still_says_who_defended_after_the_claim_killed_them() -> None:
    """Found at a table: Bob defended a military challenge with Gold Cloaks, lost, and killed Gold Cloaks for the
    claim; the round box and the spectator's laptop then read "Bob defends with nobody (0 STR) · Alice wins", as if
    the challenge had been unopposed. Once the winner is determined, the lines name the characters declared and the
    STR each side had then."""
    from companion.rules.offers import round_view

    t = challenge_table("2e")
    ch = CHARACTER["2e"]
    legal(t, InitiateChallenge("A", "military", "B", [f"A.{ch}.1"]))
    legal(t, DeclareDefenders("B", [f"B.{ch}.1"]))
    legal(t, ChallengeResult())  # a tie goes to the attacker
    legal(t, ApplyClaim("B", cards=[f"B.{ch}.1"]))
    assert t.zone_of(f"B.{ch}.1") is Zone.DEAD
    lines = {line["msg"]: line for line in round_view(t, Role.of_seat("A"))["lines"] if isinstance(line, dict)}
    name = {"name": t.card(f"B.{ch}.1").name}
    assert (lines["round.defence"]["defenders"], lines["round.defence"]["strength"]) == ([name], 1)
    assert (lines["round.challenge"]["attackers"], lines["round.challenge"]["strength"]) == ([name], 1)


def test_pillage_discards_only_after_its_side_wins() -> None:
    """aside36 02 (RR: Pillage: "After a character with the pillage keyword wins a challenge in which it is
    participating, its controller discards the top card of the losing opponent's deck"): Black Wind's Crew (3 STR,
    pillage) attacks alone and loses to The Knight of Flowers (5): a discard of B's deck naming it is flagged
    (``pillage.won``); after a won challenge, the same discard is legal."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, Discard, InitiateChallenge
    t = make_table({"A": {"01072": 1}, "B": {"01185": 1, "01184": 2}}, phase="challenges")
    for card in ("A.01072.1", "B.01185.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    won = t.clone()
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01072.1"]))
    legal(t, DeclareDefenders("B", ["B.01185.1"]))
    legal(t, ChallengeResult())
    flagged_and_refused(t, Discard("A", "B.01184.1", source="A.01072.1"), "pillage.won")
    legal(won, InitiateChallenge("A", "military", "B", attackers=["A.01072.1"]))
    legal(won, DeclareDefenders("B", []))
    legal(won, ChallengeResult())
    legal(won, ApplyClaim("B", cards=["B.01185.1"]))
    legal(won, Discard("A", "B.01184.1", source="A.01072.1"))


def test_pillage_discards_only_for_a_participating_character() -> None:
    """aside41 24 (pillage.participating; RR: Pillage: "After a character with the pillage keyword wins a challenge
    in which it is participating, its controller discards the top card of the losing opponent's deck"): Black Wind's
    Crew (printed text "Pillage.") 1 attacks alone and wins; a discard of B's deck naming Crew 2, which stayed home,
    is flagged, Crew 1's is legal. Tywin Lannister ("Pillage. Interrupt: When exactly 1 card is discarded from a
    player's deck, instead look at the top 2 cards of that player's deck and discard 1.") discards from a deck by
    another ability too: his discard outside the challenge is not judged."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, Discard, InitiateChallenge
    t = make_table({"A": {"01072": 2, "01090": 1}, "B": {"01185": 1, "01184": 3}}, phase="challenges")
    for card in ("A.01072.1", "A.01072.2", "A.01090.1", "B.01185.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "military", "B", attackers=["A.01072.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    legal(t, ApplyClaim("B", cards=["B.01185.1"]))
    legal(t.clone(), Discard("A", "B.01184.3", source="A.01090.1"))
    flagged_and_refused(t.clone(), Discard("A", "B.01184.2", source="A.01072.2"), "pillage.participating")
    legal(t, Discard("A", "B.01184.1", source="A.01072.1"))


def test_pillage_discards_once_a_challenge() -> None:
    """aside60 04 (pillage.once; RR: Pillage: "After a character with the pillage keyword wins a challenge in which it
    is participating, its controller discards the top card of the losing opponent's deck."): Black Wind's Crew
    ("Pillage.") wins alone; its first discard of Bob's deck is legal, a second naming it is flagged. With Torrhen's
    Square in play ("… each of those characters discards an additional card using pillage.": ``pillage_more``,
    Scouting Vessel too: 2 printings) the second is not judged."""
    from companion.catalog.importers import _PILLAGE_MORE
    from companion.rules.actions import ApplyClaim, Discard
    from tests.tables import military_won_by_a

    assert _PILLAGE_MORE.search("When a character you control discards a card using pillage, kneel and sacrifice "
                                "Scouting Vessel to discard 3 cards instead.") is not None
    for more in (False, True):
        t = make_table({"A": {"01072": 1, "23004": 1}, "B": {"01184": 3}}, phase="challenges")
        military_won_by_a(t, "A.01072.1", in_play_cards=("A.23004.1",) if more else ())
        legal(t, ApplyClaim("B", cards=[]))
        legal(t, Discard("B", "B.01184.1", source="A.01072.1"))
        if more:
            legal(t, Discard("B", "B.01184.2", source="A.01072.1"))
        else:
            flagged_and_refused(t, Discard("B", "B.01184.2", source="A.01072.1"), "pillage.once")


def test_a_character_that_lost_all_keywords_neither_pillages_nor_gains_renown() -> None:
    """aside60 12 and 11 (pillage.keyword, renown.keyword; ``strips_keywords``: 5 printings): after Bob plays You Know
    Nothing ("Challenges Action: Until the end of the phase, each non-Army character an opponent controls loses all
    keywords.") Black Wind's Crew ("Pillage.") wins, and its pillage is flagged; without the event, legal. Margaery
    Tyrell ("Renown.") wins an intrigue challenge against Sweet Donnel Hill ("While Sweet Donnel Hill is defending,
    each attacking character loses all keywords."): her renown is flagged; defended by another, legal."""
    from companion.catalog.importers import strips_keywords
    from companion.rules.actions import (
        ApplyClaim,
        ChallengeResult,
        DeclareDefenders,
        Discard,
        InitiateChallenge,
        PlayEvent,
        Renown,
    )
    from tests.tables import military_won_by_a

    assert strips_keywords("While Stalwart Shields is participating in a challenge, each Army character an "
                           "opponent controls loses all keywords.") == ("participating", "opponent", "Army")
    for played in (True, False):
        t = make_table({"A": {"01072": 1}, "B": {"01184": 2, "21015": 1}}, phase="challenges")
        t.players["B"].gold = 1
        hand(t, "B.21015.1")
        if played:
            legal(t, PlayEvent("B", "B.21015.1"))
        military_won_by_a(t, "A.01072.1")
        legal(t, ApplyClaim("B", cards=[]))
        if played:
            flagged_and_refused(t, Discard("B", "B.01184.1", source="A.01072.1"), "pillage.keyword")
        else:
            legal(t, Discard("B", "B.01184.1", source="A.01072.1"))
    for defender, flagged in (("B.05031.1", True), ("B.01113.1", False)):
        t = make_table({"A": {"06003": 1}, "B": {"05031": 1, "01113": 1}}, phase="challenges")
        for card in ("A.06003.1", defender):
            in_play(t, card)
        t.first_player = t.active_player = "A"
        legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.06003.1"]))
        legal(t, DeclareDefenders("B", [defender]))
        legal(t, ChallengeResult())
        legal(t, ApplyClaim("B", cards=[]))
        if flagged:
            flagged_and_refused(t, Renown("A", ["A.06003.1"]), "renown.keyword")
        else:
            legal(t, Renown("A", ["A.06003.1"]))


def test_a_reaction_to_its_pillage_discarding_a_kind_of_card_waits_for_one() -> None:
    """aside53 10 (ability.pillage-trigger; Ser Gregor's Marauders, 05008: "Pillage. Reaction: After Ser Gregor's
    Marauders discards an event using pillage, stand Ser Gregor's Marauders."): after its pillage discarded Bob's
    Bodyguard (an attachment) its stand is flagged; after it discarded Put to the Sword (an event), legal. (Polliver,
    Raff the Sweetling and Ser Gregor Clegane wait for "a character": 4 printings.)"""
    from companion.catalog.importers import pillage_reacts
    from companion.rules.actions import ApplyClaim, Discard, Stand
    from tests.tables import military_won_by_a

    assert pillage_reacts("Reaction: After Polliver discards a character using pillage, gain 2 gold.",
                          "Polliver") == "character"
    for milled, flagged in (("B.01033.1", True), ("B.01041.1", False)):
        t = make_table({"A": {"05008": 1}, "B": {"01033": 1, "01041": 1}}, phase="challenges")
        military_won_by_a(t, "A.05008.1")
        legal(t, ApplyClaim("B", cards=[]))
        legal(t, Discard("A", milled, source="A.05008.1"))
        stand = Stand("A", "A.05008.1", source="A.05008.1")
        if flagged:
            flagged_and_refused(t, stand, "ability.pillage-trigger")
        else:
            legal(t, stand)


def test_an_intrigue_claim_without_its_cards_discards_unnamed_cards() -> None:
    """aside39 (RR: Intrigue Claim: the defender discards at random from its hand): an `apply_claim` with no `cards`
    field is the claim applied, its random discards not named: no `claim.count`, a note, and the hand's count falls
    by the claim while the deck's stays; `"cards": []` says none went and is flagged (claim.count)."""
    from companion.rules.actions import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge
    from companion.rules.values import deck_count, hand_count
    t = make_table({"A": {"01089": 1}, "B": {"01094": 4}}, phase="challenges")
    in_play(t, "A.01089.1")
    t.players["B"].drawn_unnamed = 2  # "drew 2": two of B's deck cards are in hand, which ones not named
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=["A.01089.1"]))
    legal(t, DeclareDefenders("B", []))
    legal(t, ChallengeResult())
    (hand_before, deck_before) = (hand_count(t, "B"), deck_count(t, "B"))
    flagged_and_refused(t, ApplyClaim("B", cards=[]), "claim.count")
    v = legal(t, ApplyClaim("B"))
    assert "claim-unnamed" in notes_of(v)
    assert (hand_count(t, "B"), deck_count(t, "B")) == (hand_before - 1, deck_before) == (1, 2)


def test_a_duplicate_declared_in_a_challenge_is_named_as_a_duplicate() -> None:
    """challenge.duplicate (aside40 02, 04, 07, 09, 13, 20, 26: the writer's second The Tickler): RR: Duplicates: a
    second copy of a unique card marshalled while the first is in play is its duplicate, not a character; declared as
    an attacker it is flagged as such (not as a card out of play), and refused at a strict table."""
    from companion.rules.actions import InitiateChallenge, Marshal
    t = make_table({"A": {"01088": 2}, "B": {"01094": 1}}, phase="marshaling", gold=5)
    t.first_player = t.active_player = "A"
    in_play(t, "A.01088.1")
    legal(t, Marshal("A", "A.01088.2"))
    assert t.in_play["A.01088.2"].duplicate_of == "A.01088.1"
    t.phase = Phase.CHALLENGES
    flagged_and_refused(t, InitiateChallenge("A", "military", "B", attackers=["A.01088.2"]), "challenge.duplicate")
    v = play(t, InitiateChallenge("A", "military", "B", attackers=["A.01088.2"]), "strict")
    assert any("duplicate on The Tickler" in x.text() for x in v.violations)


def test_an_attacker_that_bars_defenders_in_some_challenges_or_while_alone() -> None:
    """aside85 06 (challenge.defender-barred; The Drumm: "While The Drumm is attacking in a [military] or [power]
    challenge, each character with an [intrigue] icon cannot be declared as a defender."): in his [power] challenge
    Melisandre (an [intrigue] icon) is flagged, Winterfell Steward (none) is legal. Rattleshirt: "While Rattleshirt is
    attacking alone, each character without attachments cannot be declared as a defender.": alone, a character without
    attachments is flagged and one with Little Bird legal; beside another attacker, either is legal."""
    from companion.rules.actions import DeclareDefenders, InitiateChallenge
    t = make_table({"A": {"12006": 1}, "B": {"14003": 1, "01152": 1}}, phase="challenges")
    for card in ("A.12006.1", "B.14003.1", "B.01152.1"):
        in_play(t, card)
    t.first_player = t.active_player = "A"
    legal(t, InitiateChallenge("A", "power", "B", attackers=["A.12006.1"]))
    flagged_and_refused(t.clone(), DeclareDefenders("B", ["B.14003.1"]), "challenge.defender-barred")
    legal(t, DeclareDefenders("B", ["B.01152.1"]))
    for attackers, barred in ((["A.07039.1"], True), (["A.07039.1", "A.01057.1"], False)):
        t = make_table({"A": {"07039": 1, "01057": 1}, "B": {"01089": 1, "01152": 1, "01034": 1}}, phase="challenges")
        for card in ("A.07039.1", "A.01057.1", "B.01089.1", "B.01152.1"):
            in_play(t, card)
        in_play(t, "B.01034.1", attached_to="B.01152.1")
        t.first_player = t.active_player = "A"
        legal(t, InitiateChallenge("A", "power", "B", attackers=attackers))
        if barred:
            flagged_and_refused(t.clone(), DeclareDefenders("B", ["B.01089.1"]), "challenge.defender-barred")
        else:
            legal(t.clone(), DeclareDefenders("B", ["B.01089.1"]))
        legal(t, DeclareDefenders("B", ["B.01152.1"]))
