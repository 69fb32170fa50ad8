"""The one message catalogue: both languages for every id, the same placeholders in both, every id the
pages and the rules use exists, and citations translate heading by heading."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.messages import LANGUAGES, catalogue, citation, language, placeholders, text
from companion.rules.actions import REGISTRY
from companion.rules.citations import RULES
from companion.rules.state import Phase, Zone

WEB = Path(__file__).resolve().parents[1] / "companion" / "web"
ID = r"([\w.]*\w)"


def test_every_id_has_both_languages_with_the_same_placeholders() -> None:
    en, de = catalogue("en"), catalogue("de")
    assert set(en) == set(de)
    for key in en:
        assert en[key].strip() and de[key].strip(), key
        assert placeholders(en[key]) == placeholders(de[key]), key


def test_no_id_is_written_twice_in_a_message_file() -> None:
    """A second line with the same id silently replaces the first: "note.attachment-discarded" once said both "no
    legal card to attach to" and "discarded with the card it was attached to"."""
    for lang in LANGUAGES:
        path = Path(__file__).parents[1] / "companion" / "messages" / f"{lang}.json"
        ids = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=lambda pairs: [k for k, _ in pairs])
        assert len(ids) == len(set(ids)), (lang, sorted({k for k in ids if ids.count(k) > 1}))


def test_every_placeholder_is_filled() -> None:
    for lang in LANGUAGES:
        for key, template in catalogue(lang).items():
            filled = text(key, lang, **{name: "X" for name in placeholders(template)})
            assert "{" not in filled.replace("{X", ""), (lang, key, filled)
    with pytest.raises(KeyError):
        text("collectIncome", "de")  # a missing placeholder is an error, never "{amount}" on a phone


def test_the_ids_the_code_uses_exist() -> None:
    en = catalogue("en")
    assert [a for a in REGISTRY if f"action.{a}" not in en or f"log.{a}" not in en] == []
    assert [p for p in Phase if f"phase.{p.value}" not in en] == []
    assert [z for z in Zone if f"zone.{z.value}" not in en] == []
    used: set[str] = set()
    for path in [*WEB.glob("templates/*.html"), *WEB.glob("static/*.js")]:
        source = path.read_text()
        used |= set(re.findall(r'data-tp?="' + ID + '"', source))
        used |= set(re.findall(r'\bt\("' + ID + '"', source))
        used |= {f"{m}.one" for m in re.findall(r'\btn\("' + ID + '"', source)}
    assert sorted(u for u in used if u not in en) == []


def test_every_citation_heading_has_a_german_heading() -> None:
    de = catalogue("de")
    for rule in RULES.values():
        for heading in (rule.citation_2e, rule.citation_1e):
            if not heading:
                continue
            book, sep, rest = heading.partition(": ")
            for part in [book, *rest.split(" › ")] if sep else heading.split(" › "):
                assert f"cite.{part}" in de, (heading, part)
    german = "RR: Schatten › Einzigartige Karten und die Schatten"
    assert citation("RR: Shadows › Unique cards and shadows", "de") == german
    assert citation("RR: Shadows › Unique cards and shadows") == "RR: Shadows › Unique cards and shadows"


def test_language_from_the_browser() -> None:
    assert language("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert language("fr-FR, en;q=0.5") == "en"
    assert language(None) == "en"


def test_the_browser_gets_the_same_catalogue_and_no_page_has_inline_script(client: FlaskClient) -> None:
    r = client.get("/messages.json")
    assert r.status_code == 200 and r.get_json() == {lang: catalogue(lang) for lang in LANGUAGES}
    for path in WEB.glob("templates/*.html"):
        source = path.read_text()
        assert " onclick=" not in source and not re.search(r"<script>(?!</script>)", source), path.name
    assert not (WEB / "static" / "i18n.js").exists()


def test_friendly_error_pages_in_both_languages(client: FlaskClient) -> None:
    r = client.get("/g/nonexistent", headers={"Accept": "text/html", "Accept-Language": "de-DE"})
    assert r.status_code == 404 and "Diese Seite oder dieses Spiel gibt es nicht." in r.get_data(as_text=True)
    r = client.get("/nowhere", headers={"Accept": "text/html", "Accept-Language": "en"})
    assert r.status_code == 404 and "There is no such page or game." in r.get_data(as_text=True)
    assert client.get("/api/nowhere").get_json()["error"]["code"] == "not_found"
    assert client.get("/favicon.ico").status_code == 301


def test_the_errors_a_player_can_meet_have_german_text() -> None:
    """The phone shows a server error by its code in the reader's language (messages.js errorText)."""
    from companion.store.games import Broken, Conflict, Forbidden, Impossible, NotFound, Refused
    from companion.web.errors import STORAGE

    codes = {c.code for c in (Broken, Conflict, Forbidden, Impossible, NotFound, Refused)} | set(STORAGE)
    codes |= {"bad_key", "too_many_attempts", "unknown_card", "internal_error", "database_busy", "bad_deck"}
    de = catalogue("de")
    assert sorted(c for c in codes if f"error.{c}" not in de) == []


def test_a_claim_of_one_and_renown_on_one_card_read_as_sentences() -> None:
    """Claim 1 is the usual claim: the round box said "discards 1 cards", "tötet 1 eigene Charaktere"; renown on one
    card said "Robb Stark gain 1 power each"; the game-over button named a thing ("The verified log"), not what it
    does; and "Intrige-Herausforderung" is no German word. Each is worded so that any number reads right."""
    one = {"player": "Jana", "amount": 1, "claim": 1, "winner": "Tom", "cards": "Robb Stark", "first": "Tom",
           "kind": "Intrige"}
    said = {(lang, key): text(key, lang, **{k: v for k, v in one.items() if k in placeholders(catalogue(lang)[key])})
            for lang in LANGUAGES for key in ("round.claimDue.military", "round.claimDue.intrigue",
                                             "round.claim.intrigue", "round.claim.military", "log.renown",
                                             "round.firstChosen", "round.initiate")}
    bad = re.compile(r"\b1 (cards|Karten|eigene Charaktere)\b|\bgain 1 power each|Intrige-|Jana chose Tom as")
    assert [(k, v) for k, v in said.items() if bad.search(v)] == []
    assert text("verifiedLog", "en") == "Verify the log" and text("verifiedLog", "de") == "Protokoll prüfen"


def test_the_german_round_box_reads_as_german_sentences() -> None:
    """Found at a German table: "Anna verteidigt mit niemand (0 Stärke)" (no defender: "mit niemand" is no German,
    and a number goes after "Stärke"), "greift Anna an mit Robb Stark" (the verb's particle ends the clause),
    "1 auf deine Reserve abwerfen" (discarding onto the reserve), "Zuerst: dein Zug, unten" beside "Ben ist am Zug"
    (in Ben's turn, while Anna's claim waits: both said "Zug"), and plots called "Plot" in three rule messages where
    every page says "Intrige"."""
    nobody = text("nobody", "de")
    said = {
        "round.defence": text("round.defence", "de", player="Anna", defenders=nobody, strength=0),
        "round.challenge": text("round.challenge", "de", kind="Militär", player="Ben", defender="Anna",
                                attackers="Robb Stark", strength=5),
        "round.discardToReserve": text("round.discardToReserve", "de", count=1),
    }
    assert "mit niemand " not in said["round.defence"] and "(0 Stärke)" not in said["round.defence"], said
    assert said["round.challenge"] == "Militär: Ben greift Anna mit Robb Stark an (Stärke 5)", said
    assert not said["round.discardToReserve"].startswith("1 auf"), said
    assert "Reserve" in said["round.discardToReserve"], said
    assert "Zug" not in text("round.yourStep", "de") and "Chance" not in text("shadowsChanceStep", "de")
    de = catalogue("de")
    assert [k for k, v in de.items() if re.search(r"\bPlot|\bSTR\b", re.sub(r"\{\w+\}", "", v))] == []


def test_the_first_player_offer_reads_as_a_choice_not_as_the_header_line() -> None:
    """A German table read the buttons "Startspieler: Alice" and "Startspieler: Bob" as two statuses (the header
    says "Startspieler: Alice" once she is chosen): the offer says what a tap does."""
    for lang, said in (("en", "Alice goes first"), ("de", "Alice wird Startspieler")):
        assert text("chooseFirst", lang, player="Alice") == said
        assert text("chooseFirst", lang, player="Alice") != text("round.first", lang, player="Alice")


def test_the_renown_log_line_reads_well_for_one_card() -> None:
    """Found in a game's log: "Renown: 1 power on each of Robb Stark" (one card; "each of" wants several)."""
    assert text("log.renown", "en", cards="Robb Stark") == "Renown (1 power each): Robb Stark"
    assert text("log.renown", "de", cards="Robb Stark") == "Ruhm (je 1 Macht): Robb Stark"


def test_no_german_message_makes_intrige_a_compound_with_a_hyphen() -> None:
    """A newcomer trial read "Intrige-Herausforderung" (no German word; "Intrigen-Herausforderung" is): a challenge
    type given as a value reads "Herausforderung (Intrige)" in every German message, whichever type it is."""
    de = catalogue("de")
    for key, template in de.items():
        names = placeholders(template) & {"kind", "won", "instead"}
        if names:
            said = text(key, "de", **{k: "Intrige" for k in placeholders(template)})
            assert "Intrige-" not in said, (key, said)
    assert "Intrige-" not in "".join(de.values())
