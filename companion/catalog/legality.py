"""Is a deck legal? The checks ThronesDB and throneteki make, as warnings a table can read.

Pure functions over a parsed Deck and the catalog's card facts: no Flask, no files beyond the shipped
facts. Each warning carries a stable rule id (for code and tests), a citation a player can look up,
and the message in English and German. A deck with warnings can still be played: legality decides
tournaments, not whether the companion tracks a game.

Checked (2nd edition): draw-deck size (60, or the agenda's 75/100), plot-deck size (7, or the
agenda's 10/12) with at most one doubled plot title (two with The Wars to Come), copies by title up to
each card's deck limit, faction and loyal cards, what each agenda allows or forbids where its card
facts say it (Banners, Fealty, Kings of Summer/Winter, The Rains of Castamere, Alliance, The
Brotherhood Without Banners, The Conclave, The White Book, Valyrian Steel, Dark Wings Dark Words, The
Long Voyage, The Free Folk, Sea of Blood, Kingdom of Shadows), and the restricted list (at most one
restricted card, no banned card, no two cards of a pod) from throneteki-json-data.

1st edition: copies by title and the joust/melee restricted and banned cards; deck sizes and house
rules are not checked (shared/docs/agot-rules.md does not give them).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.catalog.card import Card
from companion.catalog.decks import Deck

if TYPE_CHECKING:  # the database only as a type: deck checks stay pure for the rules core
    from companion.catalog.store import Catalog

FACTS_FILE = "legality.json"
FORMATS = ("joust", "melee")

# Citations: the Rules Reference heading in English and German, so the page can show either.
DECK_CONSTRUCTION = ("RR: Deck construction", "RR: Deckbau")
LOYAL = ("RR: Loyal", "RR: Loyal")
AGENDA = ("RR: Agenda", "RR: Agenda")


@dataclass(frozen=True, slots=True)
class LegalityWarning:
    rule: str  # stable id, e.g. "draw-deck-size"
    citation: str  # readable, e.g. "RR: Deck construction"
    citation_de: str
    en: str
    de: str
    cards: tuple[str, ...] = ()  # the card codes concerned, if any

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "citation": self.citation, "citation_de": self.citation_de,
                "message": {"en": self.en, "de": self.de}, "cards": list(self.cards)}


def _warn(rule: str, citation: tuple[str, str], en: str, de: str, cards: Iterable[str] = ()) -> LegalityWarning:
    return LegalityWarning(rule, citation[0], citation[1], en, de, tuple(cards))


# -- shipped facts --------------------------------------------------------------------------------------


def build_facts(restricted_list: Path, agot1: Path | None = None) -> dict[str, Any]:
    """The facts the checks need, from throneteki-json-data's restricted-list.json (the newest list of each
    card set) and agot1.json (1st-edition joust/melee legality): codes and list names, no card text."""
    lists = json.loads(restricted_list.read_text(encoding="utf-8"))
    newest: dict[str, dict[str, Any]] = {}
    for entry in sorted(lists, key=lambda e: e["date"]):
        newest[entry["cardSet"]] = entry
    shipped = []
    for entry in sorted(newest.values(), key=lambda e: e["date"], reverse=True):
        formats = {f["name"]: {"restricted": sorted(f.get("restricted", [])), "banned": sorted(f.get("banned", [])),
                               "pods": [{k: v for k, v in p.items() if k in ("cards", "restricted")}
                                        for p in f.get("pods", [])]}
                   for f in entry["formats"]}
        shipped.append({"code": entry["code"], "name": entry["name"], "issuer": entry["issuer"],
                        "date": entry["date"], "card_set": entry["cardSet"], "formats": formats,
                        "not_legal": sorted(entry.get("bannedCards", []))})
    facts: dict[str, Any] = {"source": "throneteki-json-data restricted-list.json; agot1.json legality fields",
                             "2e": {"default": shipped[0]["code"], "lists": shipped}}
    if agot1 is not None:
        cards = json.loads(agot1.read_text(encoding="utf-8"))
        facts["1e"] = {fmt: {kind: sorted(c["id"] for c in cards if c.get(f"legality_{fmt}") == kind.capitalize())
                             for kind in ("restricted", "banned")} for fmt in FORMATS}
    return facts


@cache
def shipped_facts() -> dict[str, Any]:
    facts: dict[str, Any] = json.loads(
        resources.files("companion.catalog").joinpath("data", FACTS_FILE).read_text(encoding="utf-8"))
    return facts


def restricted_lists() -> list[dict[str, str]]:
    """The 2nd-edition lists a deck can be checked against, newest first (code, name, date)."""
    return [{"code": e["code"], "name": e["name"], "date": e["date"]} for e in shipped_facts()["2e"]["lists"]]


# -- agenda rules (2nd edition), expressed from card facts -------------------------------------------------

BANNERS = {"01198": "baratheon", "01199": "greyjoy", "01200": "lannister", "01201": "martell",
           "01202": "thenightswatch", "01203": "stark", "01204": "targaryen", "01205": "tyrell"}
FEALTY, KINGS_OF_SUMMER, KINGS_OF_WINTER, RAINS = "01027", "04037", "04038", "05045"
ALLIANCE, BROTHERHOOD, CONCLAVE, WARS_TO_COME = "06018", "06119", "09045", "10045"
KINGDOM_OF_SHADOWS, WHITE_BOOK, VALYRIAN_STEEL = "13079", "13099", "13118"
DARK_WINGS, LONG_VOYAGE, SEA_OF_BLOOD, FREE_FOLK = "16028", "16030", "17149", "17150"
DRAFT_AGENDAS = {"00001", "00002", "00003", "00004"}
FACTION_NAMES = {"baratheon": "Baratheon", "greyjoy": "Greyjoy", "lannister": "Lannister", "martell": "Martell",
                 "thenightswatch": "Night's Watch", "stark": "Stark", "targaryen": "Targaryen", "tyrell": "Tyrell",
                 "neutral": "neutral"}
#: The same in the German texts (as the message catalogue's ``faction.*``): the one house German names differently.
FACTION_NAMES_DE = {**FACTION_NAMES, "thenightswatch": "Nachtwache"}


def _has_trait(card: Card, trait: str) -> bool:
    return any(t.casefold() == trait.casefold() for t in card.traits)


@dataclass(frozen=True, slots=True)
class _AgendaRules:
    draw: int = 60
    plots: int = 7
    doubled_plots: int = 1
    may_include: Callable[[Card], bool] | None = None
    cannot_include: Callable[[Card], bool] | None = None


def _agenda_rules(code: str) -> _AgendaRules:
    if code in BANNERS:
        faction = BANNERS[code]
        return _AgendaRules(may_include=lambda c: c.faction == faction and not c.loyal and c.type != "plot")
    return {
        KINGS_OF_SUMMER: _AgendaRules(cannot_include=lambda c: c.type == "plot" and _has_trait(c, "Winter")),
        KINGS_OF_WINTER: _AgendaRules(cannot_include=lambda c: c.type == "plot" and _has_trait(c, "Summer")),
        RAINS: _AgendaRules(plots=12),
        ALLIANCE: _AgendaRules(draw=75),
        BROTHERHOOD: _AgendaRules(cannot_include=lambda c: c.type == "character" and c.loyal),
        CONCLAVE: _AgendaRules(may_include=lambda c: c.type == "character" and _has_trait(c, "Maester")
                               and not c.loyal),
        WARS_TO_COME: _AgendaRules(plots=10, doubled_plots=2),
        KINGDOM_OF_SHADOWS: _AgendaRules(may_include=lambda c: not c.loyal and c.has_shadow),
        WHITE_BOOK: _AgendaRules(may_include=lambda c: c.type == "character" and _has_trait(c, "Kingsguard")
                                 and not c.loyal),
        VALYRIAN_STEEL: _AgendaRules(draw=75),
        DARK_WINGS: _AgendaRules(draw=75),
        LONG_VOYAGE: _AgendaRules(draw=100),
        SEA_OF_BLOOD: _AgendaRules(cannot_include=lambda c: c.faction == "neutral" and c.type == "event"),
        FREE_FOLK: _AgendaRules(may_include=lambda c: c.faction != "neutral" and c.type == "character"
                                and not c.loyal and _has_trait(c, "Wildling")),
    }.get(code, _AgendaRules(draw=40, plots=5) if code in DRAFT_AGENDAS else _AgendaRules())


# -- the check -----------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _View:
    """The deck with its cards looked up: what every rule reads."""

    deck: Deck
    cards: dict[str, Card]
    faction: str | None

    def entries(self, where: dict[str, int]) -> list[tuple[Card, int]]:
        return [(self.cards[code], n) for code, n in sorted(where.items()) if code in self.cards]

    @property
    def draw(self) -> list[tuple[Card, int]]:
        return self.entries(self.deck.draw)

    @property
    def plots(self) -> list[tuple[Card, int]]:
        return self.entries(self.deck.plots)

    def by_title(self, entries: list[tuple[Card, int]]) -> dict[str, list[tuple[Card, int]]]:
        titles: dict[str, list[tuple[Card, int]]] = {}
        for card, n in entries:
            titles.setdefault(card.title_key, []).append((card, n))
        return titles


def _infer_faction(view: _View) -> str | None:
    counts: dict[str, int] = {}
    for card, n in view.draw + view.plots:
        if card.faction != "neutral":
            counts[card.faction] = counts.get(card.faction, 0) + n
    return max(sorted(counts), key=lambda f: counts[f]) if counts else None


def check_deck(deck: Deck, catalog: Catalog, fmt: str = "joust", restricted_list: str | None = None
               ) -> list[LegalityWarning]:
    """Every rule the deck breaks, as warnings (empty: legal as far as the companion can tell).

    ``fmt`` is "joust" or "melee"; ``restricted_list`` a code from restricted_lists() (default: the newest).
    A deck without a faction (a text list without a "House …" line) is read as its most common faction.
    """
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    cards = catalog.cards(set(deck.draw) | set(deck.plots) | set(deck.agendas))
    view = _View(deck, cards, deck.faction)
    out: list[LegalityWarning] = []
    out += _copies_by_title(view)
    if deck.edition == "1e":
        out += _restricted_1e(view, fmt)
        return out
    view.faction = deck.faction or _infer_faction(view)
    agendas = [cards[a] for a in deck.agendas if a in cards]
    paired = [(a, _agenda_rules(a.code)) for a in agendas]
    out += _sizes(view, [r for _, r in paired] or [_AgendaRules()])
    out += _factions(view, paired)
    out += _agenda_conditions(view, agendas)
    out += _restricted_2e(view, fmt, restricted_list, catalog)
    return out


def _sizes(view: _View, rules: list[_AgendaRules]) -> list[LegalityWarning]:
    out = []
    need_draw = max(r.draw for r in rules)
    need_plots = max(r.plots for r in rules)
    draw, plots = view.deck.draw_size, view.deck.plot_size
    if draw < need_draw:
        out.append(_warn("draw-deck-size", DECK_CONSTRUCTION,
                         f"The draw deck has {draw} cards; it needs at least {need_draw}.",
                         f"Das Zugdeck hat {draw} Karten; es braucht mindestens {need_draw}."))
    if plots != need_plots:
        out.append(_warn("plot-deck-size", DECK_CONSTRUCTION,
                         f"The plot deck has {plots} cards; it needs exactly {need_plots}.",
                         f"Das Intrigendeck hat {plots} Karten; es braucht genau {need_plots}."))
    doubled = [entries for entries in view.by_title(view.plots).values() if sum(n for _, n in entries) == 2]
    allowed = max(r.doubled_plots for r in rules)
    if len(doubled) > allowed:
        names = ", ".join(e[0][0].name for e in doubled)
        out.append(_warn("plot-duplicates", DECK_CONSTRUCTION,
                         f"{len(doubled)} plot titles appear twice ({names}); at most {allowed} may.",
                         f"{len(doubled)} Intrigen sind doppelt ({names}); erlaubt ist höchstens {allowed}.",
                         [e[0][0].code for e in doubled]))
    return out


def _copies_by_title(view: _View) -> list[LegalityWarning]:
    out = []
    for entries in view.by_title(view.draw + view.plots).values():
        copies = sum(n for _, n in entries)
        limit = min(card.deck_limit for card, _ in entries)
        if copies > limit:
            name = entries[0][0].name
            out.append(_warn("copies-by-title", DECK_CONSTRUCTION,
                             f"{copies} copies of {name}; a deck may hold {limit} (copies count by title).",
                             f"{copies} Exemplare von {name}; erlaubt sind {limit} (Exemplare zählen nach Titel).",
                             [c.code for c, _ in entries]))
    return out


def _factions(view: _View, paired: list[tuple[Card, _AgendaRules]]) -> list[LegalityWarning]:
    out = []
    faction = view.faction
    for card, _n in view.draw + view.plots:
        banned_by = next((a for a, r in paired if r.cannot_include and r.cannot_include(card)), None)
        if banned_by is not None:
            out.append(_warn("agenda-forbids", (f"{banned_by.name} (agenda)", f"{banned_by.name} (Agenda)"),
                             f"{banned_by.name} does not allow {card.name} in the deck.",
                             f"{banned_by.name} erlaubt {card.name} nicht im Deck.", [card.code, banned_by.code]))
            continue
        if faction is None or card.faction in (faction, "neutral"):
            continue
        if any(r.may_include and r.may_include(card) for _, r in paired):
            continue
        house = FACTION_NAMES.get(card.faction, card.faction)
        haus = FACTION_NAMES_DE.get(card.faction, card.faction)
        if card.loyal:
            out.append(_warn("loyal", LOYAL,
                             f"{card.name} is loyal to {house}: only a {house} deck may include it.",
                             f"{card.name} ist loyal zu {haus}: nur ein {haus}-Deck darf die Karte enthalten.",
                             [card.code]))
        else:
            own = FACTION_NAMES.get(faction, faction)
            eigenes = FACTION_NAMES_DE.get(faction, faction)
            out.append(_warn("out-of-faction", DECK_CONSTRUCTION,
                             f"{card.name} is a {house} card; a {own} deck needs an agenda that allows it "
                             f"(such as the Banner of its house).",
                             f"{card.name} ist eine {haus}-Karte; ein {eigenes}-Deck braucht eine Agenda, die sie "
                             f"erlaubt (etwa das Banner dieses Hauses).", [card.code]))
    return out


def _count(entries: list[tuple[Card, int]], test: Callable[[Card], bool]) -> int:
    return sum(n for card, n in entries if test(card))


def _agenda_conditions(view: _View, agendas: list[Card]) -> list[LegalityWarning]:
    out = []
    draw, plots = view.draw, view.plots

    def agenda_warn(agenda: Card, rule: str, en: str, de: str, cards: Iterable[str] = ()) -> None:
        out.append(_warn(rule, (f"{agenda.name} (agenda)", f"{agenda.name} (Agenda)"), en, de, [agenda.code, *cards]))

    codes = [a.code for a in agendas]
    if len(agendas) > 1 and ALLIANCE not in codes:
        out.append(_warn("agenda-count", AGENDA, f"{len(agendas)} agendas; a deck has one (two or three only "
                         "with Alliance).", f"{len(agendas)} Agenden; ein Deck hat eine (zwei oder drei nur mit "
                         "Alliance).", codes))
    for agenda in agendas:
        code = agenda.code
        if code in BANNERS:
            house, haus = FACTION_NAMES[BANNERS[code]], FACTION_NAMES_DE[BANNERS[code]]
            n = _count(draw, lambda c, f=BANNERS[code]: c.faction == f)  # type: ignore[misc]
            if n < 12:
                agenda_warn(agenda, "agenda-banner", f"{agenda.name} needs at least 12 {house} cards in the draw deck; "
                            f"it has {n}.", f"{agenda.name} verlangt mindestens 12 {haus}-Karten im Zugdeck; "
                            f"es sind {n}.")
        elif code == FEALTY and (n := _count(draw, lambda c: c.faction == "neutral")) > 15:
            agenda_warn(agenda, "agenda-fealty", f"Fealty allows at most 15 neutral cards; the draw deck has {n}.",
                        f"Fealty erlaubt höchstens 15 neutrale Karten; das Zugdeck hat {n}.")
        elif code == RAINS:
            schemes = [(c, n) for c, n in plots if _has_trait(c, "Scheme")]
            if len(schemes) != 5 or sum(n for _, n in schemes) != 5:
                agenda_warn(agenda, "agenda-rains", "The Rains of Castamere needs exactly 5 different Scheme plots.",
                            "The Rains of Castamere verlangt genau 5 verschiedene Intrigen mit dem Merkmal Scheme.",
                            [c.code for c, _ in schemes])
        elif code == ALLIANCE:
            banners = [a for a in agendas if a.code in BANNERS]
            others = [a for a in agendas if a.code not in BANNERS and a.code != ALLIANCE]
            if len(banners) > 2 or others:
                agenda_warn(agenda, "agenda-alliance", "Alliance goes with at most two Banner agendas and no other.",
                            "Alliance erlaubt höchstens zwei Banner-Agenden und keine andere.",
                            [a.code for a in banners + others])
        elif code == CONCLAVE and (n := _count(draw, lambda c: c.type == "character"
                                               and _has_trait(c, "Maester"))) < 12:
            agenda_warn(agenda, "agenda-conclave", f"The Conclave needs at least 12 Maester characters; the deck "
                        f"has {n}.", f"The Conclave verlangt mindestens 12 Charaktere mit dem Merkmal Maester; "
                        f"das Deck hat {n}.")
        elif code == WHITE_BOOK and (n := len({c.title_key for c, _ in draw if c.type == "character"
                                                and _has_trait(c, "Kingsguard")})) < 7:
            agenda_warn(agenda, "agenda-white-book", f"The White Book needs at least 7 different Kingsguard "
                        f"characters; the deck has {n}.", f"The White Book verlangt mindestens 7 verschiedene "
                        f"Charaktere mit dem Merkmal Kingsguard; das Deck hat {n}.")
        elif code in (VALYRIAN_STEEL, DARK_WINGS):
            kind = "attachment" if code == VALYRIAN_STEEL else "event"
            kind_de = "Verstärkung" if code == VALYRIAN_STEEL else "Ereignis"
            over = [e for e in view.by_title(draw + plots).values()
                    if e[0][0].type == kind and sum(n for _, n in e) > 1]
            if over:
                names = ", ".join(e[0][0].name for e in over)
                agenda_warn(agenda, f"agenda-one-{kind}-each", f"{agenda.name} allows one copy of each {kind} "
                            f"(by title): {names}.", f"{agenda.name} erlaubt je ein Exemplar pro {kind_de} "
                            f"(nach Titel): {names}.", [e[0][0].code for e in over])
        elif code == FREE_FOLK:
            bad = [c for c, _ in draw if c.faction != "neutral" and not (
                c.type == "character" and not c.loyal and _has_trait(c, "Wildling"))]
            bad += [c for c, _ in plots if c.faction != "neutral"]
            if bad:
                agenda_warn(agenda, "agenda-free-folk", "The Free Folk allows only neutral cards and non-loyal "
                            "Wildling characters.", "The Free Folk erlaubt nur neutrale Karten und nicht-loyale "
                            "Charaktere mit dem Merkmal Wildling.", [c.code for c in bad])
    return out


def _present(view: _View) -> tuple[set[str], dict[str, str]]:
    present = set(view.deck.draw) | set(view.deck.plots) | set(view.deck.agendas)
    return present, {c: view.cards[c].name if c in view.cards else c for c in present}


def _restricted_and_banned(view: _View, restricted: set[str], banned: set[str], citation: tuple[str, str],
                           banned_en: str, banned_de: str) -> list[LegalityWarning]:
    """At most one restricted card (any number of copies of it), and no banned card."""
    present, names = _present(view)
    out = []
    found = sorted(present & restricted)
    if len(found) > 1:
        listed = ", ".join(names[c] for c in found)
        out.append(_warn("restricted", citation, f"More than one restricted card: {listed}; a deck may hold one.",
                         f"Mehr als eine beschränkte Karte: {listed}; erlaubt ist eine.", found))
    found = sorted(present & banned)
    if found:
        listed = ", ".join(names[c] for c in found)
        out.append(_warn("banned", citation, f"{banned_en}: {listed}.", f"{banned_de}: {listed}.", found))
    return out


def _restricted_2e(view: _View, fmt: str, code: str | None, catalog: Catalog | None = None) -> list[LegalityWarning]:
    lists = shipped_facts()["2e"]["lists"]
    wanted = code or shipped_facts()["2e"]["default"]
    entry = next((e for e in lists if e["code"] == wanted), None)
    if entry is None:
        raise ValueError(f"unknown restricted list {wanted!r}; known: {', '.join(e['code'] for e in lists)}")
    rules = entry["formats"].get(fmt, {"restricted": [], "banned": [], "pods": []})
    citation = (f"Restricted list: {entry['name']} ({fmt})",
                f"Beschränkungsliste: {entry['name']} ({fmt.capitalize()})")
    out = _restricted_and_banned(view, set(rules["restricted"]), set(rules["banned"]), citation,
                                 f"Banned under {entry['name']}", f"Nach {entry['name']} verboten")
    present, names = _present(view)
    # "not_legal" (bannedCards): printings outside the list's card set, most often one a redesigned printing of the
    # same title replaced: a judge is asked why, so each names the printing of its title that is in the pool.
    outside = sorted(present & set(entry["not_legal"]))
    if outside:
        barred = set(rules["banned"]) | set(entry["not_legal"])
        instead = {c: next((x for x in catalog.copies_of(c) if x.code not in barred and x.code != c), None)
                   if catalog is not None else None for c in outside}
        listed_en = ", ".join(names[c] + (f" (the printing in the pool: {x.pack_name}, {x.code})" if (x := instead[c])
                                          else " (no printing of it is in the pool)") for c in outside)
        listed_de = ", ".join(names[c] + (f" (im Kartenbestand ist die Auflage aus {x.pack_name}, {x.code})"
                                          if (x := instead[c]) else " (keine Auflage davon ist im Kartenbestand)")
                              for c in outside)
        out.append(_warn("not-in-pool", citation, f"Not in the card pool of {entry['name']}: {listed_en}.",
                         f"Nicht im Kartenbestand von {entry['name']}: {listed_de}.", outside))
    for pod in rules["pods"]:
        members = sorted(present & set(pod["cards"]))
        key = pod.get("restricted")
        if key is not None:  # a pod with a key card: none of the others may join it
            if key in present and members:
                listed = ", ".join(names[c] for c in members)
                out.append(_warn("pod", citation, f"{listed} cannot be used with {names[key]}.",
                                 f"{listed} darf nicht mit {names[key]} gespielt werden.", [key, *members]))
        elif len(members) > 1:
            listed = ", ".join(names[c] for c in members)
            out.append(_warn("pod", citation, f"{listed} cannot be used together.",
                             f"{listed} dürfen nicht zusammen gespielt werden.", members))
    return out


def _restricted_1e(view: _View, fmt: str) -> list[LegalityWarning]:
    rules = shipped_facts().get("1e", {}).get(fmt, {"restricted": [], "banned": []})
    citation = (f"Restricted list (1st edition, {fmt})", f"Beschränkungsliste (1. Edition, {fmt.capitalize()})")
    return _restricted_and_banned(view, set(rules["restricted"]), set(rules["banned"]), citation, "Banned",
                                  "Gebannt")
