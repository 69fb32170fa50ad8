"""The card catalog: importers, keyword parsing, shipped facts, look-ups."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from companion.catalog.attach_only import parse_restriction
from companion.catalog.card import AttachOnly, PlotLimit, fold
from companion.catalog.importers import SELF, CatalogError, own_title, parse_cards, parse_keywords
from companion.catalog.plot_limits import parse_plot_limits
from companion.catalog.store import Catalog, shipped_cards
from tests.catalogs import fresh_catalog
from tests.shared import DATA, need_shared

# -- keyword parsing -------------------------------------------------------------


def test_shadow_keyword_on_keyword_line() -> None:
    assert parse_keywords("Shadow (3).\n<b>Reaction:</b> After …").shadow_costs == (3,)
    assert parse_keywords("Ambush (5). Shadow (3).").shadow_costs == (3,)
    assert parse_keywords("Assault. No attachments. Shadow (X).").shadow_costs == ("X",)


def test_shadow_granted_by_an_ability_is_not_the_keyword() -> None:
    text = "<b>Interrupt:</b> … place it in shadows. While that card is in shadows, it gains shadow (X)."
    assert parse_keywords(text).shadow_costs == ()


def test_several_shadow_instances_are_all_kept() -> None:
    # No printed card in the data has two instances; the rules allow it (RR: Shadows › Bringing …).
    assert parse_keywords("Shadow (2). Stealth. Shadow (4).").shadow_costs == (2, 4)


def test_sentences_that_merely_start_with_shadow_are_not_keywords() -> None:
    assert parse_keywords("Shadow cards you control cost 1 less.").shadow_costs == ()


def test_limited_and_terminal_keywords() -> None:
    kw = parse_keywords("Limited.\n+1 Income.")
    assert kw.limited and not kw.terminal
    assert parse_keywords("Terminal.\nAttached character …").terminal


def test_a_printed_contribution_to_dominance_names_the_card_itself() -> None:
    """A card's own unconditional STR for dominance is a printed number, kept like "+1 Reserve" (its own STR left
    out, Hodor's, is 0); a sentence that names another card or adds a condition is ability text and is not kept."""
    name = "The Iron Throne"
    kw = parse_keywords("The Iron Throne contributes 8 STR to your total for dominance.\n+1 Reserve.", name)
    assert kw.dominance == 8 and dict(kw.modifiers) == {"reserve": 1}
    assert parse_keywords("Meraxes counts as 4 STR during the dominance phase.", "Meraxes").dominance == 4
    assert parse_keywords("The Iron Throne contributes 8 STR to your total for dominance.").dominance is None
    # its own STR taken out of its total (aside50 12): 0 stands for it
    assert parse_keywords("Hodor does not contribute his STR to your total for dominance.", "Hodor").dominance == 0
    for text, card in (
        ("For each character in your dead pile, Nagga's Ribs contributes 2 STR to your total for dominance.",
         "Nagga's Ribs"),
        ("Ser Davos contributes 2 STR to your total for dominance.", "Shadowblack Lane"),
        ("<b>Dominance Action:</b> The Iron Throne contributes 8 STR to your total for dominance.", name),
    ):
        assert parse_keywords(text, card).dominance is None


# -- pinned real cards -------------------------------------------------------------


def test_unique_card_with_numeric_shadow(catalog: Catalog) -> None:
    tyrion = catalog.get("13089")
    assert tyrion is not None
    assert (tyrion.name, tyrion.type, tyrion.unique, tyrion.cost, tyrion.shadow_costs) == (
        "Tyrion Lannister", "character", True, 6, (5,))


def test_dash_cost_shadow_attachment(catalog: Catalog) -> None:
    powder = catalog.get("11099")
    assert powder is not None
    facts = (powder.name, powder.type, powder.cost, powder.shadow_costs)
    assert facts == ("A Pinch of Powder", "attachment", None, (1,))


def test_shadow_x_card(catalog: Catalog) -> None:
    berserkers = catalog.get("26031")
    assert berserkers is not None and berserkers.shadow_costs == ("X",)


def test_first_edition_shadow_crest_card(catalog: Catalog) -> None:
    tyrion = catalog.get("kl_5")
    assert tyrion is not None
    assert (tyrion.edition, tyrion.name, tyrion.unique, tyrion.cost, tyrion.shadow_costs) == (
        "1e", "Tyrion Lannister", True, None, (2,))


def test_cards_that_contribute_str_to_dominance(catalog: Catalog) -> None:
    """The Iron Throne contributes 8 STR to its controller's total for dominance (2nd edition), Narrow Sea Dromond
    1; Meraxes counts as 4 STR during the dominance phase (1st edition); Hodor "does not contribute his STR": 0.
    Conditional ones carry nothing."""
    facts = {code: (c.name, c.dominance, c.reserve) for code in ("01038", "26042", "08013", "02061", "atoc_91")
             if (c := catalog.get(code)) is not None}
    assert facts == {"01038": ("The Iron Throne", 8, 1), "26042": ("Narrow Sea Dromond", 1, None),
                     "08013": ("Nagga's Ribs", None, None), "02061": ("Hodor", 0, None),
                     "atoc_91": ("Meraxes", 4, None)}


def test_no_attachments_except_carries_the_traits_it_lets_through(catalog: Catalog) -> None:
    """RR: No Attachments, with its exception as printed: "No attachments except <i>Weapon</i>." (2nd edition),
    "No attachments except Weapon or Boon." (1st edition); "a single Weapon" lets Weapons through (how many is ability
    text); the plain keyword carries no traits."""
    assert parse_keywords("No attachments except <i>Weapon</i>.").attachments_except == ("Weapon",)
    assert parse_keywords("No attachments except Weapon or Boon.").attachments_except == ("Weapon", "Boon")
    assert parse_keywords("No attachments except a single Weapon.").attachments_except == ("Weapon",)
    assert parse_keywords("No attachments except <i>Old Gods</i>.").attachments_except == ("Old Gods",)
    plain = parse_keywords("No attachments.")
    assert plain.attachments_except == () and plain.keywords == ("no attachments",)
    assert parse_keywords("<b>Action:</b> No attachments except Weapon.").attachments_except == ()  # an ability
    facts = {code: (c.name, c.attachments_except) for code in ("01131", "01030", "core_81")
             if (c := catalog.get(code)) is not None}
    assert facts == {"01131": ("Old Forest Hunter", ("Weapon",)), "01030": ("Rattleshirt's Raiders", ()),
                     "core_81": ("Knight of the Rainwood", ("Weapon",))}


def test_an_attachments_printed_restriction_is_read_into_alternatives() -> None:
    """RR: Attachment Cards: the restriction as printed (2nd edition with <i>traits</i> and [factions]; 1st edition
    untagged, or "Attach to …"); only sentences outside abilities; a sentence with a word not known is kept as
    unread, and the 1st edition's "House Stark only." is a deck restriction, not one of attaching."""
    def read(text: str, edition: str = "2e") -> tuple[AttachOnly, ...]:
        only = parse_restriction(text, edition)
        assert not only.unread, text
        return only.alternatives

    assert read("[stark] character only. \nAttached character gets +2 STR.") == (AttachOnly(factions=("stark",)),)
    assert read("Opponent's character only.\nAttached character gets -1 STR.") == (AttachOnly(controller="opponent"),)
    assert read("Unique character with printed cost 3 or lower only. Ambush (1).") == (
        AttachOnly(unique=True, cost_max=3),)
    assert read("Non-limited location with printed cost 3 or lower only. Terminal.") == (
        AttachOnly(type="location", limited=False, cost_max=3),)
    assert read("Non-loyal character you own only.") == (AttachOnly(loyal=False, controller="owner"),)
    assert read("[targaryen] non-<i>Lady</i> character only.") == (
        AttachOnly(factions=("targaryen",), not_traits=("Lady",)),)
    assert read("<i>Bastard</i>, <i>Lord</i>, or <i>Lady</i> character only.") == (
        AttachOnly(traits=("Bastard", "Lord", "Lady")),)
    assert read("[lannister] <i>Lord</i> or <i>Lady</i> character only.") == (
        AttachOnly(factions=("lannister",), traits=("Lord", "Lady")),)
    assert read("[thenightswatch] or <i>Wildling</i> character only.") == (
        AttachOnly(factions=("thenightswatch",)), AttachOnly(traits=("Wildling",)))
    assert read("<i>Sand Snake</i> character or The Red Viper only.") == (
        AttachOnly(traits=("Sand Snake",)), AttachOnly(title="The Red Viper"))
    assert read("Unique [greyjoy] location you control only.") == (
        AttachOnly(type="location", unique=True, factions=("greyjoy",), controller="you"),)
    # 1st edition: no tags; a faction by name or "House …", any other word a trait ("Rainbow Guard" one trait).
    assert read("Lord or Lady character only.\nLimit 1 per character.", "1e") == (AttachOnly(traits=("Lord", "Lady")),)
    assert read("House Stark character only.", "1e") == (AttachOnly(factions=("stark",)),)
    assert read("Rainbow Guard character or Renly Baratheon only.", "1e") == (
        AttachOnly(traits=("Rainbow Guard",)), AttachOnly(title="Renly Baratheon"))
    assert read("Attach to an opponent's character.\nAttached character's controller must …", "1e") == (
        AttachOnly(controller="opponent"),)
    assert read("Attach to a location you control. Kneel that location. Marshalling: Kneel …", "1e") == (
        AttachOnly(type="location", controller="you"),)  # the sentence before the ability on its line
    assert read("House Targaryen only. Ambush.\nDothraki character only.", "1e") == (AttachOnly(traits=("Dothraki",)),)
    assert parse_restriction("House Stark only.\nResponse: After attached character stands, …", "1e").sentences == 0
    # Kept as unread (nothing is checked for them), not read wrong:
    for text, edition in (("Character with shadow you control only. Shadow (1).", "2e"),  # a keyword
                          ("War character only.", "1e"),  # a crest: the facts carry none
                          ("Attach to your House card.", "1e"),  # the House card is not a card the table holds
                          ("Attach to a character you control with an Intrigue and a Power icon.", "1e")):
        only = parse_restriction(text, edition)
        assert only.unread and only.alternatives == (), text
    assert parse_restriction("<b>Reaction:</b> After … choose a character only.", "2e").sentences == 0  # an ability


def test_shipped_attachments_carry_their_restriction(catalog: Catalog) -> None:
    """The shipped facts of real attachments: the restriction, the kind of card it goes on (1st edition "Attach to a
    location." and 2nd edition "Non-limited location … only." go on locations), an unread one marked."""
    facts = {code: (c.name, c.attaches_to, c.attach_only, c.attach_only_unread)
             for code in ("08090", "03021", "13044", "26088", "lotr_2", "core_150")
             if (c := catalog.get(code)) is not None}
    assert facts == {
        "08090": ("Ser Pounce", "character", (AttachOnly(unique=True, cost_max=3),), False),
        "03021": ("Frozen Solid", "location", (AttachOnly(type="location", limited=False, cost_max=3),), False),
        "13044": ("Unexpected Guile", "character", (), True),
        "26088": ("The Viper's Spear", "character", (AttachOnly(traits=("Sand Snake",)),
                                                     AttachOnly(title="The Red Viper")), False),
        "lotr_2": ("Vat of Wildfire", "location", (), False),  # the kind alone
        "core_150": ("Bodyguard", "character", (AttachOnly(traits=("Lord", "Lady")),), False),
    }
    pounce = catalog.get("08090")
    assert pounce is not None and pounce.to_dict()["attach_only"] == [{"unique": True, "cost_max": 3}]
    assert type(pounce).from_dict(pounce.to_dict()) == pounce
    plain = catalog.get("01035")  # Milk of the Poppy: no restriction, no key
    assert plain is not None and "attach_only" not in plain.to_dict() and "attach_only_unread" not in plain.to_dict()


def test_a_plots_printed_restrictions_are_read_into_limits() -> None:
    """The printed sentences of real plots, both editions: whom each binds and what it forbids."""
    for text, limits in (
        # 2nd edition: Sneak Attack, Marching Orders, Sailing the Summer Sea, Jousting Contest, A Game of Thrones
        ("You cannot initiate more than 1 challenge during the challenges phase.", (PlotLimit(max_challenges=1),)),
        ("You cannot marshal locations or attachments, or play events.",
         (PlotLimit(no_marshal=("location", "attachment"), no_play=("event",)),)),
        ("You may initiate an additional [power] challenge during the challenges phase. You cannot initiate "
         "[military] or [intrigue] challenges.", (PlotLimit(no_challenges=("military", "intrigue")),)),
        ("Each player cannot declare more than 1 character as an attacker or defender in each challenge. "
         "<b>Draft format only.</b>", (PlotLimit(binds="each", max_attackers=1, max_defenders=1),)),
        ("A player cannot initiate a [military] or [power] challenge unless he or she has won an [intrigue] "
         "challenge that phase.", (PlotLimit(binds="each", no_challenges=("military", "power"),
                                             unless_won="intrigue"),)),
        # 1st edition: Focused Offense, Siege of Riverrun, Desolate Passage, Lineage and Legacy
        ("You cannot declare more than 1 challenge. You cannot declare defenders. This plot's text cannot be "
         "blanked.", (PlotLimit(max_challenges=1), PlotLimit(max_defenders=0))),
        ("You cannot declare Intrigue challenges.", (PlotLimit(no_challenges=("intrigue",)),)),
        ("Each player cannot declare more than 1 attacker or defender in each challenge.",
         (PlotLimit(binds="each", max_attackers=1, max_defenders=1),)),
        ("A player cannot initiate a Military challenge unless he or she has won a Power challenge that phase.",
         (PlotLimit(binds="each", no_challenges=("military",), unless_won="power"),)),
        # Wardens of the East (its shadows half restricts nothing the round's checks look at), City Blockade, 1E
        # Muster the Realm!:
        ("Each player cannot play in-faction events, and plays with each card in their shadows area revealed.",
         (PlotLimit(binds="each", no_in_faction_events=True),)),
        ("Limited cards cannot be marshaled, played, or put into play.", (PlotLimit(binds="each", no_limited=True),)),
        ("Players cannot initiate Military challenges unless they control an Army character.",
         (PlotLimit(binds="each", no_challenges=("military",), unless_trait="Army"),)),
        # Strained Reserves, its Summer sentence included:
        ("Each player cannot marshal or put into play more than 2 characters, locations, or attachments this round. "
         "(4 characters, locations, or attachments instead if that player has a <i>Summer</i> plot card revealed.)",
         (PlotLimit(binds="each", max_entering=2, entering_if_trait="Summer", entering_if_count=4),)),
    ):
        read = parse_plot_limits(text)
        assert read.limits == limits and not read.unread, text
    # Kept as unread (nothing is checked for them), not read wrong:
    for text in ("You cannot play more than 3 events this round.",  # The Minstrel's Muse: a count over the round
                 "Each player cannot marshal more than 2 characters this round."):  # a count of another shape
        read = parse_plot_limits(text)
        assert read.unread and read.limits == (), text
    # Abilities are not constant restrictions: a When Revealed choice, a 1st edition "When revealed," sentence.
    for text in ("<b>When Revealed:</b> Name a challenge type. Until you reveal a new plot card, challenges of that "
                 "type cannot be initiated.",
                 "When revealed, if you have more than one opponent, choose an opponent. You and that opponent "
                 "cannot declare Power challenges against one another this round."):
        read = parse_plot_limits(text)
        assert read.limits == () and not read.unread, text


def test_shipped_plots_carry_their_restrictions(catalog: Catalog) -> None:
    facts = {code: (c.name, c.plot_limits) for code in ("01016", "01021", "01014", "qod_51", "w_19", "01001")
             if (c := catalog.get(code)) is not None}
    assert facts == {
        "01016": ("Marching Orders", (PlotLimit(no_marshal=("location", "attachment"), no_play=("event",)),)),
        "01021": ("Sneak Attack", (PlotLimit(max_challenges=1),)),
        "01014": ("Jousting Contest", (PlotLimit(binds="each", max_attackers=1, max_defenders=1),)),
        "qod_51": ("Focused Offense", (PlotLimit(max_challenges=1), PlotLimit(max_defenders=0))),
        "w_19": ("Siege Preparations", (PlotLimit(max_challenges=1),)),
        "01001": ("A Clash of Kings", ()),
    }
    orders = catalog.get("01016")
    assert orders is not None and orders.to_dict()["plot_limits"] == [
        {"no_marshal": ["location", "attachment"], "no_play": ["event"]}]
    assert type(orders).from_dict(orders.to_dict()) == orders
    plain = catalog.get("01001")
    assert plain is not None and "plot_limits" not in plain.to_dict()


def test_no_card_text_is_shipped() -> None:
    raw = gzip.decompress(
        (Path(__file__).resolve().parents[1] / "companion/catalog/data/cards.json.gz").read_bytes()
    ).decode()
    assert "Reaction:" not in raw and "<b>" not in raw
    assert '"text"' not in raw and '"flavor' not in raw and "rules_text" not in raw


# -- counts, computed without the importer --------------------------------------------


def _independent_2e_shadow_count() -> tuple[int, int]:
    records = 0
    titles = set()
    for f in sorted((DATA / "throneteki-json-data" / "packs").glob("*.json")):
        for card in json.loads(f.read_text())["cards"]:
            first_line = card["text"].split("\n")[0]
            if "<b>" in first_line:
                continue
            if re.search(r"(?:^|\. )Shadow \((?:\d+|X)\)\.", first_line):
                records += 1
                titles.add(card["name"])
    return records, len(titles)


def test_second_edition_shadow_count_matches_an_independent_count(catalog: Catalog) -> None:
    need_shared()
    records, titles = _independent_2e_shadow_count()
    assert records == catalog.count("2e", shadow=True)
    assert (records, titles) == (200, 159)  # shared/docs/agot-rules.md §3.3


def test_first_edition_crest_count_matches_an_independent_count(catalog: Catalog) -> None:
    need_shared()
    raw = json.loads((DATA / "agot1" / "agot1.json").read_text())
    crest = [c for c in raw if "Shadow" in (c.get("crest") or [])]
    assert len(crest) == catalog.count("1e", shadow=True) == 77


def test_shipped_catalog_matches_the_shared_dumps() -> None:
    need_shared()
    files = [*sorted((DATA / "throneteki-json-data" / "packs").glob("*.json")), DATA / "agot1" / "agot1.json"]
    fresh = {c.code: c for f in files for c in parse_cards(f.name, f.read_bytes())}
    shipped = {c.code: c for c in shipped_cards()}
    assert fresh == shipped


def test_a_cards_own_title_is_one_word_in_any_case_however_often_it_is_printed() -> None:
    """The readers of a card's sentences about itself ("Kneel Shae to …", "return him to your hand") match its title
    as one word, so that their patterns are compiled once, not once a card; the shipped facts above are read so."""
    text = "Kneel Tobho Mott's Armory to draw 1 card. TOBHO MOTT'S ARMORY gains 1 power."
    assert own_title(text, "Tobho Mott's Armory") == f"Kneel {SELF} to draw 1 card. {SELF} gains 1 power."
    assert own_title(text, None) == own_title(text, "") == text
    assert own_title("Kneel Shae to kneel Shaella.", "Shae") == f"Kneel {SELF} to kneel {SELF}lla."  # as re matched


def test_a_card_is_decoded_once_a_process_and_anew_once_its_facts_change() -> None:
    """Two catalogs holding the same facts give the same decoded card (decoding every card was most of a second a
    catalog: each test's app, each TTS helper's first request); a row changed in one is decoded anew, there only."""
    from dataclasses import replace

    one, two = fresh_catalog(), fresh_catalog()
    tyrion = one.get("01089")
    assert tyrion is not None and two.get("01089") is tyrion
    assert [c.code for c in two.all("2e")] == [c.code for c in one.all("2e")]
    two.upsert([replace(tyrion, strength=9)])
    assert two.all("2e")[[c.code for c in two.all("2e")].index("01089")].strength == 9
    assert one.get("01089") is tyrion and tyrion.strength != 9


# -- look-ups -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("tyrion lannister", "Tyrion Lannister"),
        ("TYRION", "Tyrion Lannister"),
        ("Tyrion Lanister", "Tyrion Lannister"),
        ("queen of thrns", "The Queen of Thorns"),
        ("the hands judgment", "The Hand's Judgment"),
        ("jaqen hghar", "Jaqen H'ghar"),
        ("Jáqen H'ghar", "Jaqen H'ghar"),
    ],
)
def test_search_by_name_is_case_accent_prefix_and_typo_tolerant(catalog: Catalog, query: str, name: str) -> None:
    assert catalog.search(query, edition="2e", limit=5)[0].card.name == name


def test_search_by_prefix_ranks_prefix_matches_first(catalog: Catalog) -> None:
    top = catalog.search("daen", edition="2e", limit=8)
    assert all(m.card.name.lower().startswith("daen") for m in top)
    assert "Daenerys Targaryen" in {m.card.name for m in top}


def test_search_by_code(catalog: Catalog) -> None:
    top = catalog.search("01045")[0]
    assert (top.card.code, top.how) == ("01045", "code")


def test_search_for_nonsense_finds_nothing(catalog: Catalog) -> None:
    assert catalog.search("zzqxv") == []
    assert catalog.search("   ") == []


def test_copies_of_cross_card_types(catalog: Catalog) -> None:
    copies = {c.code: c.type for c in catalog.copies_of("03019")}
    assert copies == {"03019": "attachment", "08061": "character"}


def test_fold_ignores_case_accents_and_apostrophes() -> None:
    assert fold("Jáqen H’ghar") == fold("JAQEN H'GHAR") == "jaqen hghar"


# -- importing and bad input ------------------------------------------------------------


def test_thronesdb_api_format(catalog: Catalog) -> None:
    record = {
        "code": "11099", "name": "A Pinch of Powder", "type_code": "attachment", "faction_code": "lannister",
        "pack_code": "TSC", "pack_name": "The Shadow City", "cost": None, "is_unique": False, "is_loyal": False,
        "traits": "Condition.", "text": "Shadow (1).\nAttach to …", "quantity": 3, "deck_limit": 3,
    }
    [card] = parse_cards("api.json", json.dumps([record]))
    assert (card.cost, card.shadow_costs, card.traits, card.pack) == (None, (1,), ("Condition",), "TSC")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "empty"),
        ("{not json", "not valid JSON"),
        ('{"hello": 1}', "unknown format"),
        ('{"code": "X", "cards": [{"code": "1", "name": "n", "type": "character"}]}', "missing field(s) faction"),
        ('{"code": "X", "cards": [{"code": "1", "name": "n", "type": "wizard", "faction": "stark"}]}',
         "unknown card type"),
        ('{"code": "X", "cards": [{"code": "1", "name": "a", "type": "event", "faction": "stark"},'
         ' {"code": "1", "name": "b", "type": "event", "faction": "stark"}]}', "duplicate card code"),
        ('{"code": "X", "cards": [{"code": "1", "name": "a", "type": "event", "faction": "stark", "cost": "lots"}]}',
         "is not a number"),
        ('{"code": "X", "cards": []}', "holds no cards"),
    ],
)
def test_bad_card_files_raise_clear_errors(content: str, message: str) -> None:
    with pytest.raises(CatalogError) as info:
        parse_cards("bad.json", content)
    assert message in str(info.value)
    assert "bad.json" in str(info.value)


def test_import_is_one_transaction(tmp_path: Path) -> None:
    catalog = Catalog.open(tmp_path / "catalog.db")
    before = catalog.count()
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"code": "ZZ", "name": "Test", "cards": [
        {"code": "99001", "name": "New Card", "type": "character", "faction": "stark", "cost": 2,
         "text": "Shadow (1).", "traits": []}]}))
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    with pytest.raises(CatalogError):
        catalog.import_files([good, bad])
    assert catalog.count() == before and catalog.get("99001") is None
    assert catalog.import_files([good]) == 1
    assert catalog.get("99001") is not None and catalog.count() == before + 1
    assert catalog.search("new card")[0].card.code == "99001"


def test_processes_opening_a_catalog_that_needs_seeding_at_once_all_open_it(tmp_path: Path) -> None:
    """Test workers (or a server beside the command line) that find the catalog missing or seeded by an older
    package open it at the same moment: one seeds it, the others wait and find it seeded; none is refused with
    "database is locked" (a clean CI machine's two workers both seeded it while collecting, and one was)."""
    import subprocess
    import sys
    import time

    path = tmp_path / "catalog.db"
    go = tmp_path / "go"
    script = (f"import pathlib, sys, time\n"
              f"pathlib.Path({str(tmp_path)!r}, 'ready-' + sys.argv[1]).touch()\n"
              f"while not pathlib.Path({str(go)!r}).exists(): time.sleep(0.001)\n"
              f"from companion.catalog.store import Catalog\n"
              f"print(len(Catalog.open({str(path)!r}).all('2e')))\n")
    for stale in (False, True):  # a new file; then one an older package seeded
        if stale:
            conn = Catalog.open(path).db.conn
            with conn:
                conn.execute("update meta set value = 'older' where key = 'shipped'")
        else:
            path.unlink(missing_ok=True)
        go.unlink(missing_ok=True)
        for ready in tmp_path.glob("ready-*"):
            ready.unlink()
        procs = [subprocess.Popen([sys.executable, "-c", script, str(n)], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for n in range(4)]
        while len(list(tmp_path.glob("ready-*"))) < 4 and all(p.poll() is None for p in procs):
            time.sleep(0.01)  # all four started; the file releases them together
        go.touch()
        outs = [p.communicate(timeout=120) for p in procs]
        assert [p.returncode for p in procs] == [0] * 4, [err[-300:] for _, err in outs]
        assert len({out for out, _ in outs}) == 1 and int(outs[0][0]) > 1000


def test_a_process_opening_a_catalog_waits_for_another_that_is_seeding_it_however_long(tmp_path: Path) -> None:
    """The others wait for the seeding process on a lock of its own, not on SQLite's timeout: on a loaded machine
    seeding outlasted the timeout and a test worker was refused with "database is locked". While a seeder holds the
    lock, the waiting process writes nothing; once it is free, it opens the catalog seeded."""
    import sqlite3
    import subprocess
    import sys
    import time

    from companion.catalog.store import _opening_lock

    path = tmp_path / "catalog.db"
    ready = tmp_path / "ready"
    script = (f"import pathlib\n"
              f"from companion.catalog.store import Catalog\n"
              f"pathlib.Path({str(ready)!r}).touch()\n"
              f"print(len(Catalog.open({str(path)!r}).all('2e')))\n")
    with _opening_lock(path):
        proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        while not ready.exists() and proc.poll() is None:
            time.sleep(0.01)
        time.sleep(0.3)  # time to get past the lock, were there none
        assert proc.poll() is None
        with sqlite3.connect(path) as look:
            assert look.execute("select name from sqlite_master where name = 'cards'").fetchone() is None
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err[-300:]
    assert int(out) > 1000


def test_every_card_is_read_again_once_the_catalog_changed_here_or_in_another_process(tmp_path: Path) -> None:
    """``all`` keeps the cards it decoded while the catalog stays as it is: a change committed by another connection
    (a ``cards import`` beside a running server) or by this one is read at the next call."""
    from dataclasses import replace

    from tests.catalogs import write_seeded

    write_seeded(tmp_path / "catalog.db")
    server, command_line = Catalog.open(tmp_path / "catalog.db"), Catalog.open(tmp_path / "catalog.db")
    first = server.all()
    assert server.all() == first and server.all() is not server.all()  # the caller's own list each time
    card = next(c for c in first if c.code == "01001")
    command_line.upsert([replace(card, name="Renamed elsewhere")])
    assert next(c for c in server.all() if c.code == "01001").name == "Renamed elsewhere"
    assert next(c for c in server.all("2e") if c.code == "01001").name == "Renamed elsewhere"
    server.upsert([replace(card, name="Renamed here")])
    assert [c.name for c in server.all() if c.code == "01001"] == ["Renamed here"]
