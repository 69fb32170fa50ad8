"""Other cards' "does not kneel when declared as an attacker/defender" (``Card.stands_declared``, read by
``companion/catalog/no_kneel.py``), one test a form, from the printed cards of both editions: a plot's "Each character
you control … in the first [intrigue] challenge you initiate" (Gossip and Lies), a trait's "in the first challenge you
initiate" (The New Gods), an attachment's "Attached character …" (Lady Whiskers), "While you are not the first player"
(House Manwoody Guard), 1st edition plots (Game of Thrones; You Swore an Oath, anyone's Knights), and a condition the
log cannot decide (Grey Worm): it stays standing and dominance is judged both ways. Held out aside33 05-18, 20-22: the
attackers knelt anyway and their next challenge was flagged ``challenge.kneeling``."""

from __future__ import annotations

from companion.catalog.no_kneel import stands_declared
from companion.rules.actions import Challenge, DeclareDefenders, InitiateChallenge, Stand, WinDominance
from companion.rules.editions import Table
from companion.rules.state import Zone
from tests.tables import illegal, in_play, legal, make_table, next_phase

PLAIN = {"2e": "01001", "1e": "core_184"}  # A Clash of Kings; 1st edition Rains of Autumn: they print no such text


def revealed(decks: dict[str, dict[str, int]], plots: dict[str, str], edition: str = "2e") -> Table:
    """The challenges phase, Alice the first and active player, each seat's plot revealed, every character in play."""
    t = make_table({s: {**d, plots[s]: 1} for s, d in decks.items()}, edition=edition, phase="challenges")
    for seat, plot in plots.items():
        t.move(f"{seat}.{plot}.1", seat, Zone.REVEALED)
    for seat, deck in decks.items():
        for code, n in deck.items():
            if t.card(f"{seat}.{code}.1").type == "character":
                for i in range(1, n + 1):
                    in_play(t, f"{seat}.{code}.{i}")
    t.first_player = t.active_player = "A"
    return t


def test_the_sentences_read_in_their_forms() -> None:
    """The reader's entries: (role, whose characters, type, which challenge, condition)."""
    assert stands_declared("Each character you control does not kneel when declared as an attacker in the first "
                           "[intrigue] challenge you initiate during the challenges phase") == (
        ("attacker", "all", "intrigue", "type", ""),)
    assert stands_declared("Each The Seven character you control does not kneel when declared as an attacker in the "
                           "first challenge you initiate during the challenges phase") == (
        ("attacker", "The Seven", "", "any", ""),)
    assert stands_declared("Attached character gains an [intrigue] icon and does not kneel when declared as an "
                           "attacker in an [intrigue] challenge") == (("attacker", "attached", "intrigue", "", ""),)
    assert stands_declared("While you are not the first player, each Guard character you control does not kneel "
                           "when declared as a defender") == (("defender", "Guard", "", "", "not_first_player"),)
    assert stands_declared("The Viper's Spear gets +1 STR") == ()
    assert stands_declared("Until the end of the phase, that character does not kneel when declared as an attacker "
                           "in a [military] challenge") == (("attacker", "chosen", "military", "", "unread"),)
    assert stands_declared("Each [martell] character you control does not kneel when declared as an attacker in the "
                           "next challenge you initiate this phase") == (("attacker", "[martell]", "", "next", ""),)


def test_gossip_and_lies_keeps_the_first_intrigue_challenges_attackers_standing() -> None:
    """Gossip and Lies: "Each character you control does not kneel when declared as an attacker in the first
    [intrigue] challenge you initiate during the challenges phase." Tyrion Lannister attacks in Alice's first
    intrigue challenge (after a military one) and stays standing, so he attacks again in power; Vanguard Lancer,
    knelt by the military challenge, cannot (``challenge.kneeling``)."""
    t = revealed({"A": {"01089": 1, "01057": 1}, "B": {"01057": 1}}, {"A": "05050", "B": PLAIN["2e"]})
    legal(t, Challenge(kind="military", player="A", defender="B", winner="A", attackers=["A.01057.1"],
                       defenders=[]))
    assert t.in_play["A.01057.1"].kneeling
    legal(t, Challenge(kind="intrigue", player="A", defender="B", winner="A", attackers=["A.01089.1"],
                       defenders=[]))
    assert not t.in_play["A.01089.1"].kneeling
    illegal(t, InitiateChallenge("A", "power", "B", ["A.01057.1"]), "challenge.kneeling")
    legal(t, InitiateChallenge("A", "power", "B", ["A.01089.1"]))
    assert t.in_play["A.01089.1"].kneeling  # its power challenge is not the first intrigue one


def test_the_new_gods_only_in_the_first_challenge_and_only_the_seven() -> None:
    """The New Gods: "Each The Seven character you control does not kneel when declared as an attacker in the first
    challenge you initiate during the challenges phase." Merman's Guard (The Seven) stays standing in Alice's first
    challenge, Trident Guard beside it kneels; in her second challenge Merman's Guard kneels."""
    t = revealed({"A": {"00239": 1, "00240": 1}, "B": {"01057": 1}}, {"A": "14052", "B": PLAIN["2e"]})
    legal(t, Challenge(kind="power", player="A", defender="B", winner="A", attackers=["A.00239.1", "A.00240.1"],
                       defenders=[]))
    assert not t.in_play["A.00239.1"].kneeling and t.in_play["A.00240.1"].kneeling
    u = revealed({"A": {"00239": 1, "00240": 1}, "B": {"01057": 1}}, {"A": "14052", "B": PLAIN["2e"]})
    legal(u, Challenge(kind="military", player="A", defender="B", winner="A", attackers=["A.00240.1"],
                       defenders=[]))
    legal(u, InitiateChallenge("A", "power", "B", ["A.00239.1"]))
    assert u.in_play["A.00239.1"].kneeling


def test_an_attachment_keeps_the_character_it_is_on_standing() -> None:
    """Lady Whiskers: "Attached character does not kneel when declared as an attacker in a [power] challenge." The
    Vanguard Lancer it is on stays standing in a power challenge and kneels in a military one; another does not."""
    t = revealed({"A": {"01057": 2, "00163": 1}, "B": {"01054": 1}}, {"A": PLAIN["2e"], "B": PLAIN["2e"]})
    in_play(t, "A.00163.1", attached_to="A.01057.1")
    legal(t, Challenge(kind="power", player="A", defender="B", winner="A", attackers=["A.01057.1", "A.01057.2"],
                       defenders=[]))
    assert not t.in_play["A.01057.1"].kneeling and t.in_play["A.01057.2"].kneeling
    legal(t, InitiateChallenge("A", "military", "B", ["A.01057.1"]))
    assert t.in_play["A.01057.1"].kneeling


def test_while_you_are_not_the_first_player() -> None:
    """House Manwoody Guard: "While you are not the first player, each Guard character you control does not kneel
    when declared as a defender." Bob's Trident Guard (a Guard) defends standing while Alice is the first player, and
    kneels when Bob is."""
    for first, kneels in (("A", False), ("B", True)):
        t = revealed({"A": {"01057": 1}, "B": {"11075": 1, "00240": 1}}, {"A": PLAIN["2e"], "B": PLAIN["2e"]})
        t.first_player = first
        legal(t, InitiateChallenge("A", "military", "B", ["A.01057.1"]))
        legal(t, DeclareDefenders("B", ["B.00240.1"]))
        assert t.in_play["B.00240.1"].kneeling is kneels


def test_first_edition_plots_for_your_characters_and_for_anyones_knights() -> None:
    """1st edition Game of Thrones: "Characters you control do not kneel to attack or defend during [Intrigue]
    challenges." (its player's only); You Swore an Oath: "Knight characters gain joust and do not kneel to defend."
    (every player's Knights)."""
    t = revealed({"A": {"core_124": 2}, "B": {"core_124": 1}}, {"A": "lotr_53", "B": PLAIN["1e"]}, edition="1e")
    legal(t, InitiateChallenge("A", "intrigue", "B", ["A.core_124.1"]))
    legal(t, DeclareDefenders("B", ["B.core_124.1"]))
    assert not t.in_play["A.core_124.1"].kneeling and t.in_play["B.core_124.1"].kneeling
    u = revealed({"A": {"core_124": 1}, "B": {"acoa_34": 1}}, {"A": "atoc_80", "B": PLAIN["1e"]}, edition="1e")
    legal(u, InitiateChallenge("A", "military", "B", ["A.core_124.1"]))
    legal(u, DeclareDefenders("B", ["B.acoa_34.1"]))
    assert not u.in_play["B.acoa_34.1"].kneeling


def test_a_condition_the_log_cannot_decide_flags_neither_way() -> None:
    """Grey Worm: "… does not kneel when declared as a defender against an opponent with more cards in their hand
    than you." The checker does not weigh the hands here: Grey Worm defends and stays standing, unsure, so a later
    defence is legal, and dominance (``dominance.totals``) is judged with him standing or kneeling: Bob's win (Grey
    Worm's 5 STR counted) and Alice's (not counted) are both legal; nobody (a tie neither way gives) is flagged. A
    `stand` of him is not flagged as standing already."""
    t = revealed({"A": {"01057": 1}, "B": {"00253": 1}}, {"A": PLAIN["2e"], "B": PLAIN["2e"]})
    t.players["A"].gold, t.players["B"].gold = 3, 0
    legal(t, Challenge(kind="military", player="A", defender="B", winner="B", attackers=["A.01057.1"],
                       defenders=["B.00253.1"]))
    assert not t.in_play["B.00253.1"].kneeling and t.in_play["B.00253.1"].kneel_unsure
    legal(t.clone(), Stand("B", "B.00253.1"))  # he may have knelt: standing him is not "stand.already"
    next_phase(t, "dominance")
    legal(t.clone(), WinDominance("B"))
    legal(t.clone(), WinDominance("A"))
    illegal(t, WinDominance(None), "dominance.totals")


def test_an_events_does_not_kneel_for_the_phase() -> None:
    """To The Spears!: "Challenges Action: Each [martell] character you control does not kneel when declared as an
    attacker in the next challenge you initiate this phase." Played, Alice's Vengeful Lordlings attack standing in her
    next challenge and kneel in the one after; There Are No Men Like Me ("Until the end of the phase, that character
    does not kneel when declared as an attacker or defender in a [military] challenge."): the log does not say which
    character, so any of hers stays standing, unsure."""
    from companion.rules.actions import PlayEvent
    from tests.tables import hand
    t = revealed({"A": {"00194": 2, "10024": 1, "01004": 1, "01005": 1, "01006": 1}, "B": {"01057": 1}},
                 {"A": PLAIN["2e"], "B": PLAIN["2e"]})
    hand(t, "A.10024.1")
    for plot in ("A.01004.1", "A.01005.1", "A.01006.1"):  # "Play only if there are 3 or more plot cards in your
        t.move(plot, "A", Zone.USED)                       # used pile."
    legal(t, PlayEvent("A", "A.10024.1"))
    legal(t, Challenge(kind="military", player="A", defender="B", winner="A", attackers=["A.00194.1"],
                       defenders=[]))
    assert not t.in_play["A.00194.1"].kneeling
    legal(t, InitiateChallenge("A", "intrigue", "B", ["A.00194.2"]))
    assert t.in_play["A.00194.2"].kneeling
    u = revealed({"A": {"00194": 1, "07030": 1}, "B": {"01057": 1}}, {"A": PLAIN["2e"], "B": PLAIN["2e"]})
    hand(u, "A.07030.1")
    legal(u, PlayEvent("A", "A.07030.1"))
    legal(u, InitiateChallenge("A", "military", "B", ["A.00194.1"]))
    assert not u.in_play["A.00194.1"].kneeling and u.in_play["A.00194.1"].kneel_unsure


def test_a_character_unsure_kneeling_is_not_one_that_must_defend() -> None:
    """Besieged ("At least one character must be declared as a defender in each challenge, if able."): Bob's Grey
    Worm, left standing unsure after he defended, may be kneeling, so Bob's declaring no defender in the next
    challenge is not flagged (plot.must-defend); a Grey Worm who never defended must."""
    t = revealed({"A": {"01057": 1, "01054": 1}, "B": {"00253": 1}}, {"A": "09047", "B": PLAIN["2e"]})
    legal(t, Challenge(kind="military", player="A", defender="B", winner="B", attackers=["A.01057.1"],
                       defenders=["B.00253.1"]))
    legal(t, InitiateChallenge("A", "intrigue", "B", ["A.01054.1"]))
    legal(t.clone(), DeclareDefenders("B", []))
    t.in_play["B.00253.1"].kneel_unsure = False
    illegal(t, DeclareDefenders("B", []), "plot.must-defend")
