"""The phone's card search: how often a misspelt name finds its card first, and how fast it answers for two
60-card decks plus the catalogue. The baseline, measured in the same run, is the plain substring scan the
phone used before (folded name contains the folded query)."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any

from companion.catalog.card import fold
from companion.catalog.store import Catalog
from companion.rules import Seat, new_table
from companion.rules.editions import Table
from companion.rules.find import find_cards
from companion.rules.roles import Role
from companion.rules.state import Zone
from companion.rules.views import visible_to

DRAW_TYPES = ("character", "location", "attachment", "event")


def real_decks(catalog: Catalog, seed: int = 1) -> list[dict[str, int]]:
    """Two decks of real 2nd-edition cards: 60 draw-deck cards (20 titles x 3, 1-3 copies each way) and 7 plots."""
    rng = random.Random(seed)
    cards = catalog.all("2e")
    pool = sorted({c.title_key: c for c in cards if c.type in DRAW_TYPES and not c.code.startswith("00")}.values(),
                  key=lambda c: c.code)
    plots = sorted({c.title_key: c for c in cards if c.type == "plot"}.values(), key=lambda c: c.code)
    decks = []
    for _ in range(2):
        deck: dict[str, int] = {}
        while sum(deck.values()) < 60:
            card = rng.choice(pool)
            deck[card.code] = min(3, 60 - sum(deck.values()), deck.get(card.code, 0) + rng.randint(1, 3))
        for plot in rng.sample(plots, 7):
            deck[plot.code] = 1
        decks.append(deck)
    return decks


def bench_table(catalog: Catalog, seed: int = 1) -> Table:
    decks = real_decks(catalog, seed)
    cards = catalog.cards({code for d in decks for code in d})
    return new_table("2e", [Seat("A", "Ann", deck=decks[0]), Seat("B", "Ben", deck=decks[1])], cards)


def _strip_accents(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def misspell(name: str, rng: random.Random) -> str:
    """One slip a player makes typing ``name``: a dropped letter, two letters swapped, the accents left off,
    or the leading "The" left off."""
    if name.lower().startswith("the ") and rng.random() < 0.5:
        return name[4:]
    if _strip_accents(name) != name and rng.random() < 0.5:
        return _strip_accents(name)
    letters = [i for i, ch in enumerate(name) if ch.isalpha()]
    if len(letters) < 4:
        return name.lower()
    if rng.random() < 0.5:
        i = rng.choice(letters[1:])
        return name[:i] + name[i + 1:]
    i = rng.choice([j for j in letters[:-1] if j + 1 in letters])
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


def misspellings(t: Table, viewer: Role, n: int, seed: int = 1) -> list[tuple[str, str]]:
    """``n`` (query, intended name) pairs from the names of the cards ``viewer`` can see."""
    rng = random.Random(seed)
    names = sorted({t.cards[t.instances[c].code].name for c in t.instances if visible_to(t, c, viewer)})
    return [(misspell(name, rng), name) for name in (rng.choice(names) for _ in range(n))]


def substring_find(t: Table, viewer: Role, query: str) -> list[dict[str, Any]]:
    """The baseline: the phone's search before, a folded substring scan sorted by name."""
    q = fold(query)
    rows = [{"id": cid, "name": t.cards[i.code].name} for cid, i in t.instances.items()
            if q in t.cards[i.code].title_key and visible_to(t, cid, viewer)]
    return sorted(rows, key=lambda r: (r["name"], r["id"]))


def hit_rate(t: Table, viewer: Role, pairs: list[tuple[str, str]], search: Any) -> float:
    hits = 0
    for query, name in pairs:
        rows = search(t, viewer, query)
        hits += bool(rows) and fold(rows[0]["name"]) == fold(name)
    return hits / len(pairs)


def _ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))] * 1000, 3),
            "max_ms": round(ordered[-1] * 1000, 3)}


def _route_latency(catalog: Catalog, decks: list[dict[str, int]], queries: list[str]) -> dict[str, float]:
    """GET /api/games/ID/find through the whole app (real SQLite, the shipped catalogue)."""
    from companion.web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "games.db"), "CATALOG": str(Path(tmp) / "catalog.db"),
                          "TESTING": True})
        client = app.test_client()
        g = client.post("/api/games", json={"seats": ["A", "B"]}).get_json()
        gid, key = g["game"]["id"], g["seats"][0]["key"]
        for n, (seat, deck) in enumerate(zip(("A", "B"), decks, strict=True)):
            r = client.put(f"/api/games/{gid}/seats/{seat}/deck", json={"expected_version": n, "deck": deck},
                           headers={"Authorization": "Bearer " + g["seats"][n]["key"]})
            assert r.status_code == 200, r.get_json()
        headers = {"Authorization": "Bearer " + key}
        client.get(f"/api/games/{gid}/find?q=warm", headers=headers)  # the first call loads the table
        samples = []
        for q in queries:
            t0 = time.perf_counter()
            r = client.get(f"/api/games/{gid}/find", query_string={"q": q}, headers=headers)
            samples.append(time.perf_counter() - t0)
            assert r.status_code == 200
        return _ms(samples)


def bench_search(queries: int = 200, repeat: int = 3, seed: int = 1) -> dict[str, Any]:
    catalog = Catalog.in_memory()
    t = bench_table(catalog, seed)
    viewer = Role.of_seat("A")
    pairs = misspellings(t, viewer, queries, seed)
    texts = [q for q, _ in pairs]
    runs: dict[str, list[float]] = {"find": [], "baseline": [], "catalogue_hint": []}
    for _ in range(repeat):
        for name, fn in (("find", lambda q: find_cards(t, viewer, q)),
                         ("baseline", lambda q: substring_find(t, viewer, q)),
                         ("catalogue_hint", lambda q: catalog.search(q, edition="2e", limit=10))):
            for q in texts if name != "catalogue_hint" else texts[:50]:  # only an empty result asks it
                t0 = time.perf_counter()
                fn(q)
                runs[name].append(time.perf_counter() - t0)
    return {
        "table": {"instances": len(t.instances), "seat_a_draw_deck": len(t.players["A"].zones[Zone.DECK]),
                  "catalogue_cards": catalog.count()},
        "queries": len(pairs),
        "first_hit_rate": {"find": round(hit_rate(t, viewer, pairs, find_cards), 3),
                           "baseline": round(hit_rate(t, viewer, pairs, substring_find), 3)},
        "latency": {**{k: _ms(v) for k, v in runs.items()},
                    "route": _route_latency(catalog, real_decks(catalog, seed), texts)},
        "goal_ms": 100,
    }
