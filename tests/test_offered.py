"""Actions declare where they are offered (issue 25): the card menu, the face-down menu, the page's controls and
what a phone asks or adds up all come from each action class; the browser code names no action."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.messages import catalogue
from companion.rules.actions import REGISTRY
from companion.rules.actions.base import Where
from companion.rules.editions import Table
from companion.rules.roles import RoleKind
from companion.rules.state import Phase, Zone
from companion.rules.suggest import candidate_actions, declarations, suggest_actions, suggest_face_down
from tests.tables import hand, in_play, make_table, shadows

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "companion" / "web" / "static"
TESTS = ROOT / "tests"
TYRION, IMPS_AGENT, BURNED_MEN, NO_SURPRISES, MILK = "13089", "00168", "01091", "13022", "01035"


def _code(js: str) -> str:
    """The JS without its comments (a comment may say "kneel" or "draw")."""
    js = re.sub(r"/\*.*?\*/", "", js, flags=re.S)
    return re.sub(r"(^|\s)//.*$", r"\1", js, flags=re.M)


def names_in_js(js: str) -> set[str]:
    """The registered action types written in JS as a string or an object key: a message id given to ``t`` and
    a phase name (the draw phase) are other words that happen to be spelled alike."""
    code = re.sub(r"\bt\(\s*([\"'])[^\"']*\1", "t(", _code(js))
    literals = re.finditer(r"\"([^\"\\\n]*)\"|'([^'\\\n]*)'|`([^`\\]*)`", code)
    words = {next(g for g in m.groups() if g is not None) for m in literals}
    # a key copying a field of the same name ({discard: p.discard}: the discard pile) names a zone, not an action
    keys = {m[0] for m in re.findall(r"[{,]\s*([A-Za-z_]+)\s*:\s*([\w.]*)", code) if not m[1].endswith("." + m[0])}
    return ((words | keys) & set(REGISTRY)) - {p.value for p in Phase}


def test_the_shipped_js_names_no_action() -> None:
    found = {path.name: sorted(names_in_js(path.read_text(encoding="utf-8"))) for path in sorted(STATIC.glob("*.js"))}
    assert not {k: v for k, v in found.items() if v}, (
        f"action names written in the browser code: {found}; declare them on the action class "
        "(offered, confirm, tally, repeats, control) and read them from the page's data-actions")


def test_the_phone_script_stays_within_its_budget() -> None:
    """Issue 33: the table page's script draws what the server says and stays at most 600 lines; what grows beside
    it goes into a module of its own (deck.js, logfile.js)."""
    lines = len((STATIC / "game.js").read_text(encoding="utf-8").splitlines())
    assert lines <= 600, f"game.js has {lines} lines; move a part that stands alone into a module of its own"


#: Role kinds a page might compare; "seat" and "table" are left out: they are also a field's kind and an HTML tag.
ROLE_WORDS = {r.value for r in RoleKind} - {"seat", "table"} | {"organiser"}


def compared_words(js: str) -> set[str]:
    """Phase names and role kinds a script compares a value with (``x === "judge"``, ``case "draw":``): the page
    would then decide what the server should (what this viewer may do, what the round does next)."""
    code = _code(js)
    quoted = r"[\"'`]([a-z_]+)[\"'`]"
    said = re.findall(rf"[!=]==?\s*{quoted}|{quoted}\s*[!=]==?|case\s+{quoted}", code)
    words = {next(w for w in m if w) for m in said}
    return words & ({p.value for p in Phase} | ROLE_WORDS)


def test_the_shipped_js_compares_no_phase_or_role() -> None:
    found = {path.name: sorted(compared_words(path.read_text(encoding="utf-8")))
             for path in sorted(STATIC.glob("*.js"))}
    assert not {k: v for k, v in found.items() if v}, (
        f"phase or role names compared in the browser code: {found}; the view says what this viewer may do "
        "(may, now) and what comes next")


def test_the_js_check_finds_a_phase_or_role_compared() -> None:
    assert compared_words('if (view.role === "judge") x(); switch (p) { case "draw": }') == {"judge", "draw"}
    assert compared_words("'spectator' !== role") == {"spectator"}
    assert compared_words('f.kind === "seat"; t("judge"); // x === "host"') == set()


def test_the_js_check_finds_an_action_name_written_in_any_of_the_ways() -> None:
    assert names_in_js('send({type: "kill", card})') == {"kill"}
    assert names_in_js("const M = {discard: 'confirmDiscard'};") == {"discard"}
    assert names_in_js("const zones = {hand: p.hand, discard: p.discard};") == set()  # the discard pile
    assert names_in_js("x === `marshal`") == {"marshal"}
    assert names_in_js('t("kneel"); state.phase === "draw"; // "kill" in a comment\n/* "stand" */') == set()


def test_every_declaration_is_complete_and_its_texts_exist_in_both_languages() -> None:
    d = declarations()
    assert set(d["tally"]) and len(set(d["controls"])) == len(d["controls"])
    assert not set(d["controls"]) & set(REGISTRY), "a control is named in the page's own words, not an action's"
    for lang in ("en", "de"):
        m = catalogue(lang)
        for name, c in d["confirm"].items():
            assert c["seen"] in m and (c["face_down"] is None or c["face_down"] in m), (lang, name)
        for name, cls in REGISTRY.items():  # those asked only in some states too (the round's offer carries them)
            assert cls.phone.confirm is None or cls.phone.confirm.seen in m, (lang, name)
    for name, cls in REGISTRY.items():
        for offer in cls.phone.offered:
            assert offer.where, name
            assert not offer.face_down or offer.where == (Where.SHADOWS,), f"{name}: face down means in shadows"
        assert cls.phone.offered or cls.phone.control or cls.phone.tally or name in _WITHOUT_A_CONTROL, (
            f"{name} is offered nowhere: declare offered=, control= or tally= in its Phone")
    assert {(t["counter"], t["sign"]) for t in d["tally"].values()} == {("gold", 1), ("gold", -1), ("power", 1),
                                                                         ("power", -1)}


#: Recorded by the table's own tools (TTS, the judge, the engine's setup, a log written by hand), never from a
#: phone's menu: a challenge as one entry and its follow-ups are how logs before the steps recorded challenges.
_WITHOUT_A_CONTROL = {"call_time", "control_reverts", "draw", "leave_play", "rearrange_shadows", "return_unspent_gold",
                      "reveal_plot", "set_active_player", "set_first_player", "challenge", "challenge_reward",
                      "eliminate", "concede"}


def _table() -> Table:
    t = make_table({"A": {TYRION: 1, IMPS_AGENT: 1, MILK: 1}, "B": {BURNED_MEN: 2, NO_SURPRISES: 1}})
    hand(t, "A.13089.1", "B.13022.1")
    shadows(t, "A.00168.1")
    in_play(t, "B.01091.1")
    in_play(t, "B.01091.2")
    t.in_play["B.01091.2"].kneeling = True
    return t


def test_the_menu_follows_the_declarations_zone_owner_state_and_phase() -> None:
    t = _table()

    def types(card: str, seat: str) -> list[str]:
        return [r["action"]["type"] for r in suggest_actions(t, card, seat)]

    assert types("A.13089.1", "A")[0] == "marshal"  # the usual move of the phase first
    assert "marshal_into_shadows" in types("A.13089.1", "A") and "bring_out" not in types("A.13089.1", "A")
    assert types("A.00168.1", "A")[0] == "bring_out"
    assert "kneel" in types("B.01091.1", "B") and "stand" not in types("B.01091.1", "B")
    assert "stand" in types("B.01091.2", "B") and "kneel" not in types("B.01091.2", "B")
    assert "take_control" in types("B.01091.1", "A") and "take_control" not in types("B.01091.1", "B")
    assert "restrict" in types("B.13022.1", "B")  # an event in hand: No Surprises
    t.phase = Phase.SETUP
    # face down first: face up shows the card to the table before the reveal (RR: Setup)
    assert types("A.13089.1", "A")[0] == "setup_face_down" and "marshal" not in types("A.13089.1", "A")
    assert candidate_actions(t, "A.01035.1", "B") == []  # another seat's card in its draw deck: nothing to offer


def test_a_character_gains_or_loses_a_challenge_icon_from_its_menu_in_the_challenges_phase() -> None:
    """An icon a card effect gives (Edric Dayne's, paid before he attacks) could be recorded in a log but not on a
    phone: the STR form of the round box names a participant's STR only. A character's menu now offers, by a card
    effect and in the challenges phase only, each icon it lacks to gain and each it has to lose, until the end of
    the phase; each entry in its own words (all read "Modifier", and the menu showed one)."""
    t = _table()  # Burned Men: a military icon

    def icons(phase: Phase) -> list[tuple[str, int, dict[str, object]]]:
        t.phase = phase
        return [(r["action"]["stat"], r["action"]["amount"], r["label"]) for r in suggest_actions(t, "B.01091.1", "B")
                if r["action"]["type"] == "modify"]

    assert icons(Phase.MARSHALING) == []
    got = icons(Phase.CHALLENGES)
    assert [(stat, amount) for stat, amount, _ in got] == [("military_icon", -1), ("intrigue_icon", 1),
                                                           ("power_icon", 1)]
    assert [label for *_, label in got[:2]] == [{"msg": "menu.icon.loses", "stat": {"msg": "stat.military_icon"}},
                                                {"msg": "menu.icon.gains", "stat": {"msg": "stat.intrigue_icon"}}]
    assert all(r["effect"] for r in suggest_actions(t, "B.01091.1", "B") if r["action"]["type"] == "modify")
    assert catalogue("en")["menu.icon.gains"].format(stat="X") == "Gains the X until the end of the phase"


@settings(max_examples=25, deadline=None)
@given(card=st.sampled_from([TYRION, IMPS_AGENT, NO_SURPRISES]), seat=st.sampled_from(["A", "B"]),
       phase=st.sampled_from(list(Phase)))
def test_a_face_down_menu_is_the_same_whichever_card_lies_there(card: str, seat: str, phase: Phase) -> None:
    """Hidden stays hidden: another seat's face-down card gets one menu, whichever card it is."""
    answers = set()
    for code in (TYRION, IMPS_AGENT, NO_SURPRISES):
        t = make_table({"A": {code: 1}, "B": {BURNED_MEN: 1}}, phase=phase.value)
        other = "A" if seat == "B" else "B"
        cid = next(iter(t.instances if other == "A" else ["B.01091.1"]))
        t.move(cid, other, Zone.SHADOWS)
        rows = suggest_face_down(t, f"{other}:shadows#1", seat)
        assert rows and all(r["hidden"] and r["legal"] is None and r["violations"] == [] for r in rows)
        answers.add(json.dumps(rows, sort_keys=True))
    assert len(answers) == 1
    assert {r["action"]["type"] for r in json.loads(answers.pop())} == {
        n for n, c in REGISTRY.items() if any(o.face_down for o in c.phone.offered)}


# -- a new action is four files (docs/extending.md) ----------------------------------------------------------


def named_by_a_test(name: str) -> bool:
    """Some test records the action: it names its type as a string, or calls its class."""
    cls = REGISTRY[name]
    pattern = re.compile(rf"[\"']{name}[\"']|\b{cls.__name__}\(")
    return any(pattern.search(path.read_text(encoding="utf-8")) for path in TESTS.glob("test_*.py"))


def test_every_registered_action_has_its_messages_and_a_test() -> None:
    en, de = catalogue("en"), catalogue("de")
    for name in REGISTRY:
        for key in (f"action.{name}", f"log.{name}"):
            assert key in en and key in de, f"{key} is missing from companion/messages/en.json or de.json"
        assert named_by_a_test(name), f"no test records {name}: add one (tests/test_<family>.py)"


def test_extending_names_the_four_files_of_a_new_action() -> None:
    doc = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
    listed = doc.split("<!-- new-action-files")[1].split("<!-- new-action-files:end -->")[0]
    items = re.findall(r"^\d+\. `([^`]+)`", listed, flags=re.M)
    assert items == ["companion/rules/actions/<family>.py", "companion/messages/en.json",
                     "companion/messages/de.json", "tests/test_<family>.py"]
    # Nothing else a new action used to need is named as a step: the package finds its modules by itself.
    init = (ROOT / "companion" / "rules" / "actions" / "__init__.py").read_text(encoding="utf-8")
    assert "iter_modules" in init


def test_the_offer_table_in_the_docs_is_current() -> None:
    from companion.rules.suggest import OFFERS_BEGIN, OFFERS_END, offer_table

    doc = (ROOT / "docs" / "table-log.md").read_text(encoding="utf-8")
    assert doc.split(OFFERS_BEGIN)[1].split(OFFERS_END)[0].strip() == offer_table().strip(), \
        "regenerate it: python -m tests.actions_doc"


def test_standing_a_card_and_setting_the_active_player_are_recorded() -> None:
    from companion.rules.actions import SetActivePlayer, Stand
    from tests.tables import legal

    t = _table()
    legal(t, Stand("B", "B.01091.2"))
    assert not t.in_play["B.01091.2"].kneeling
    legal(t, SetActivePlayer("B"))
    assert t.active_player == "B"


def test_actions_that_name_no_card_are_offered_in_the_round_box() -> None:
    """Issue 33: table-level offers reach the phone. A card effect's restriction on an opponent sits under "By a card
    effect…" (``effect``), labelled with its fields in words; the setup reveal is offered while a setup card lies
    face down (as the step button), to those who record the table's steps (a seat, the host), not to a spectator."""
    from companion.rules.offers import round_view
    from companion.rules.roles import HOST, SPECTATOR, Role

    t = make_table({"A": {TYRION: 1, IMPS_AGENT: 1}, "B": {BURNED_MEN: 1}})
    mine = round_view(t, Role.of_seat("A"))["offers"]
    restrict = [o for o in mine if o["action"]["type"] == "restrict"]
    assert {(o["action"]["target"], o["action"]["restriction"]) for o in restrict} == {("B", "bring_out"),
                                                                                      ("B", "play_events")}
    assert all(o["effect"] and o["label"]["msg"] == "offer.restrict" for o in restrict)
    assert restrict[0]["label"]["target"] == t.players["B"].name  # a seat by its player's name, a word by its id
    assert restrict[0]["label"]["until"] == {"msg": "until.phase"}
    t = make_table({"A": {TYRION: 1, IMPS_AGENT: 1}, "B": {BURNED_MEN: 1}}, phase="setup")
    reveal = [{"type": "reveal_setup"}]
    assert [o["action"] for o in round_view(t, HOST)["offers"] if o["action"] == reveal[0]] == []
    hand(t, f"A.{TYRION}.1")
    t.players["A"].setup_face_down[f"A.{TYRION}.1"] = None
    # Once a setup card lies face down the reveal is setup's step (the step button), once, not also in the round box.
    for role in (HOST, Role.of_seat("B")):
        now = round_view(t, role)
        assert [o["action"] for o in [now["next"], *now["offers"]] if o and o["action"] == reveal[0]] == reveal
    assert round_view(t, SPECTATOR)["offers"] == []


def test_each_action_a_table_offer_may_make_has_its_label_in_both_languages() -> None:
    table_level = [name for name, cls in REGISTRY.items() if not cls.phone.control
                   and any(Where.TABLE in o.where for o in cls.phone.offered)]
    assert table_level
    for lang in ("en", "de"):
        assert [n for n in table_level if f"offer.{n}" not in catalogue(lang)] == [], lang


def test_the_turn_waits_for_the_claim_of_a_won_challenge() -> None:
    """The attacker won: the defender applies the claim before the attacker may pass the turn (a turn passed first
    would leave the claim behind, and a claim tapped meanwhile would meet a version conflict)."""
    from companion.rules.actions.challenges import ApplyClaim, ChallengeResult, DeclareDefenders, InitiateChallenge
    from companion.rules.offers import round_view
    from companion.rules.roles import Role
    from tests.tables import legal

    t = make_table({"A": {BURNED_MEN: 1}, "B": {BURNED_MEN: 1}}, phase="challenges")
    in_play(t, "A.01091.1")
    in_play(t, "B.01091.1")  # B does not defend with it: a military claim of 1 kills it
    assert t.active_player == "A"
    legal(t, InitiateChallenge(player="A", kind="military", defender="B", attackers=("A.01091.1",)))
    legal(t, DeclareDefenders(player="B", defenders=()))
    legal(t, ChallengeResult())
    a = round_view(t, Role.of_seat("A"))
    assert a["next"]["action"] is None and a["next"]["label"]["msg"] == "waitingFor", a["next"]
    assert [o["id"] for o in round_view(t, Role.of_seat("B"))["offers"] if o["id"] == "claim"] == ["claim"]
    assert round_view(t, Role.of_seat("B"))["next"]["label"]["msg"] == "round.yourStep"
    # The judge records it for Bob: the step says so, not "your move" (a game-night trial read it as the judge's).
    from companion.rules.roles import JUDGE

    assert round_view(t, JUDGE)["next"]["label"]["msg"] == "round.judgeStep"
    legal(t, ApplyClaim(player="B", cards=("B.01091.1",)))
    assert round_view(t, Role.of_seat("A"))["next"]["id"] == "pass-turn"


def test_the_reserve_discard_offers_every_title_a_hand_drawn_unnamed_may_hold() -> None:
    """Found by a newcomer's game: the taxation sheet listed the first 40 choices by name, so "Widow's Wail" or
    "Tywin Lannister" in a hand drawn unnamed could not be discarded to the reserve."""
    from companion.catalog.store import Catalog
    from companion.rules.actions import BeginPhase, ChoosePlot, SetFirstPlayer
    from companion.rules.offers import round_view
    from companion.rules.roles import Role
    from tests.tables import legal

    catalog = Catalog.open()
    titles = {c.name: c.code for c in catalog.all("2e") if c.type == "character" and c.pack == "Core"}
    deck = {code: 1 for code in list(titles.values())[:60]}
    t = make_table({"A": {"01001": 1, **deck}, "B": {"01001": 1}}, phase="plot")
    t.players["B"].power = 1  # A, with less power, wins the tied initiative
    legal(t, ChoosePlot("A", "A.01001.1"))
    legal(t, ChoosePlot("B", "B.01001.1"))
    legal(t, SetFirstPlayer("A"))
    t.players["A"].drawn_unnamed = 12  # drawn, never named
    t.phase = Phase.DOMINANCE
    legal(t, BeginPhase("standing"))
    legal(t, BeginPhase("taxation"))
    sheet = next(o for o in round_view(t, Role.of_seat("A"))["offers"] if o["id"] == "reserve:A")
    offered = {c["name"] for c in sheet["fields"][0]["choices"]}
    assert len(deck) > 40 and offered == {catalog.card(code).name for code in deck}


def test_the_reserve_discard_is_offered_in_player_order() -> None:
    """RR: Appendix I › 7.3: "each player, in player order" discards down to the reserve value. Found by a newcomer
    trial: both phones offered the discard at once, and the second player, tapping first, was flagged for the
    order. The second player's offer waits until the first player's discard is recorded."""
    from companion.rules.actions import BeginPhase, ChoosePlot, DiscardToReserve, SetFirstPlayer
    from companion.rules.offers import round_view
    from companion.rules.roles import Role
    from tests.tables import legal

    deck = {code: 1 for code in ("01057", "01058", "01059", "01060", "01061", "01062", "01063", "01064")}
    t = make_table({"A": {"01001": 1, **deck}, "B": {"01001": 1, **deck}}, phase="plot")
    t.players["B"].power = 1  # A, with less power, wins the tied initiative
    legal(t, ChoosePlot("A", "A.01001.1"))
    legal(t, ChoosePlot("B", "B.01001.1"))
    legal(t, SetFirstPlayer("A"))
    for seat in "AB":
        hand(t, *(f"{seat}.{code}.1" for code in deck))  # 8 in hand against a reserve of 6
    t.phase = Phase.DOMINANCE
    legal(t, BeginPhase("standing"))
    legal(t, BeginPhase("taxation"))

    def reserve_offers(seat: str) -> list[str]:
        return [o["id"] for o in round_view(t, Role.of_seat(seat))["offers"] if o["id"].startswith("reserve:")]

    assert reserve_offers("A") == ["reserve:A"] and reserve_offers("B") == []
    # B's step button says whom the table waits for, not "your move, below" over nothing
    assert round_view(t, Role.of_seat("B"))["next"]["label"]["msg"] != "round.yourStep"
    legal(t, DiscardToReserve("A", ["A.01057.1", "A.01058.1"]))
    assert reserve_offers("A") == [] and reserve_offers("B") == ["reserve:B"]
    assert round_view(t, Role.of_seat("B"))["next"]["label"]["msg"] == "round.yourStep"


def test_a_player_who_has_chosen_a_plot_waits_for_the_other() -> None:
    """Found by a newcomer trial: after choosing a plot, the phone said "your move, below" with nothing below it.
    A player who has chosen waits for the other's choice; the other is told it is its move."""
    from companion.rules.actions import ChoosePlot
    from companion.rules.offers import round_view
    from companion.rules.roles import Role
    from tests.tables import legal

    t = make_table({"A": {"01001": 1}, "B": {"01001": 1}}, phase="plot")
    legal(t, ChoosePlot("A", "A.01001.1"))
    assert round_view(t, Role.of_seat("A"))["next"]["label"]["msg"] != "round.yourStep"
    assert round_view(t, Role.of_seat("B"))["next"]["label"]["msg"] == "round.yourStep"


def test_a_player_may_concede_from_the_round_box_after_a_question() -> None:
    """A newcomer trial found no way to concede a casual game. A player may concede at any point (Tournament
    Regulations › End of Round): the round box offers it to the seat in every phase, asked first with the player's
    name; not to a spectator, not once the game is over, and conceding ends the game with the opponent the winner."""
    from companion.rules import play
    from companion.rules.actions import action_from_dict
    from companion.rules.offers import round_view
    from companion.rules.roles import SPECTATOR, Role

    for phase in ("setup", "plot", "marshaling", "challenges", "taxation"):
        t = make_table({"A": {TYRION: 1}, "B": {BURNED_MEN: 1}}, phase=phase)
        mine = [o for o in round_view(t, Role.of_seat("A"))["offers"] if o["action"]["type"] == "concede"]
        assert [o["action"] for o in mine] == [{"type": "concede", "player": "A"}], phase
        assert mine[0]["confirm"] == {"msg": "confirmConcede", "player": t.players["A"].name}
        assert mine[0]["label"]["msg"] == "offer.concede" and mine[0]["apart"] and not mine[0]["primary"]
        assert all(o["action"]["type"] != "concede" for o in round_view(t, SPECTATOR)["offers"])
    played = play(t, action_from_dict({"type": "concede", "player": "A"}), "strict")
    assert played.applied and t.ended == "conceded" and t.winner_seat == "B"
    assert all(o["action"]["type"] != "concede" for o in round_view(t, Role.of_seat("B"))["offers"])
    for lang in ("en", "de"):
        assert "{player}" in catalogue(lang)["confirmConcede"]


def test_every_viewer_reads_whom_a_challenge_waits_for() -> None:
    """A newcomer trial: while the defender had to declare defenders, the spectator's step bar read "waiting for" the
    attacker. Each viewer but the one asked now reads the player the challenge waits for: the defender for its
    defenders, the attacker then (the result: any seat may record it, so the seats read their own step)."""
    from companion.rules.actions import DeclareDefenders, InitiateChallenge
    from companion.rules.offers import round_view
    from companion.rules.roles import HOST, SPECTATOR, Role
    from tests.tables import legal

    t = make_table({"A": {TYRION: 1}, "B": {BURNED_MEN: 1}}, phase="challenges")
    in_play(t, f"A.{TYRION}.1")
    in_play(t, f"B.{BURNED_MEN}.1")
    legal(t, InitiateChallenge("A", "intrigue", "B", attackers=[f"A.{TYRION}.1"]))
    ben = t.players["B"].name
    for role in (SPECTATOR, HOST, Role.of_seat("A")):
        assert round_view(t, role)["next"]["label"] == {"msg": "waitingFor", "player": ben}, role
    assert round_view(t, Role.of_seat("B"))["next"]["label"]["msg"] == "round.yourStep"
    legal(t, DeclareDefenders("B", []))
    assert round_view(t, SPECTATOR)["next"]["label"] == {"msg": "waitingFor", "player": t.players["A"].name}


def test_no_claim_is_offered_when_there_is_nothing_to_give() -> None:
    """A newcomer trial: after a won [power] challenge the defender, with no power, was offered "give 0 power" while
    the attacker's phone already said "Done". A claim with nothing to apply is not offered, and the turn may pass;
    1st edition Wharf Rats ("cannot be killed") is no character a military claim asks for either."""
    from companion.rules.offers import round_view
    from companion.rules.roles import Role
    from companion.rules.state import ChallengeRecord, Stage
    from companion.rules.values import claim_due

    t = make_table({"A": {TYRION: 1}, "B": {BURNED_MEN: 1}}, phase="challenges")
    c = ChallengeRecord(round=t.round, kind="power", attacker="A", defender="B", winner="A", unopposed=False,
                        claim=1, stage=Stage.RESOLVED)
    t.challenges.append(c)
    assert t.players["B"].power == 0 and claim_due(t, c) == 0
    assert not [o for o in round_view(t, Role.of_seat("B"))["offers"] if o["action"]["type"] == "apply_claim"]
    assert round_view(t, Role.of_seat("A"))["next"]["id"] == "pass-turn"
    t = make_table({"A": {"kl_9": 1}, "B": {"core_5": 1}}, edition="1e", phase="challenges")
    in_play(t, "A.kl_9.1")
    c = ChallengeRecord(round=t.round, kind="military", attacker="B", defender="A", winner="B", unopposed=False,
                        claim=1, stage=Stage.RESOLVED)
    t.challenges.append(c)
    assert claim_due(t, c) == 0


def test_the_claim_line_names_the_challenges_claim_with_its_raise() -> None:
    """A newcomer trial read "Ben discards 2 from hand at random (claim 1)" after Cersei's intrigue challenge: the
    amount was the raised claim, the bracket the plot's. The line names the challenge's own claim."""
    from companion.rules.offers import round_view
    from companion.rules.roles import SPECTATOR
    from companion.rules.state import ChallengeRecord, Stage

    t = make_table({"A": {TYRION: 1}, "B": {BURNED_MEN: 3}}, phase="challenges")
    hand(t, "B.01091.1", "B.01091.2", "B.01091.3")
    t.challenges.append(ChallengeRecord(round=t.round, kind="intrigue", attacker="A", defender="B", winner="A",
                                        unopposed=False, claim=2, stage=Stage.RESOLVED))
    lines = [x for x in round_view(t, SPECTATOR)["lines"] if isinstance(x, dict) and x.get("msg") ==
             "round.claimDue.intrigue"]
    assert [(x["amount"], x["claim"]) for x in lines] == [(2, 2)]
