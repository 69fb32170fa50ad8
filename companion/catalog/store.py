"""The card catalog: an SQLite file with full-text search over card names.

A fresh install seeds it from the facts shipped inside the package, so the
companion works offline; ``companion cards import`` refreshes it from newer dumps.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import sqlite_utils

from companion.catalog.card import Card, Edition, fold
from companion.catalog.importers import CatalogError, check_unique_codes, parse_cards
from companion.catalog.names import score_name

SHIPPED = "cards.json.gz"
SCHEMA_VERSION = 1


def _shipped_blob() -> bytes:
    return resources.files("companion.catalog").joinpath("data", SHIPPED).read_bytes()


def shipped_cards() -> list[Card]:
    """The card facts that ship inside the package."""
    payload = json.loads(gzip.decompress(_shipped_blob()))
    return [Card.from_dict(d) for d in payload["cards"]]


#: Cards decoded from their stored facts, by a digest of the facts (``card_of``).
_DECODED: dict[bytes, Card] = {}
_DECODED_MOST = 20_000  # some four times the cards of both editions: emptied when full


def card_of(facts: str) -> Card:
    """The card a row's stored facts describe, decoded once a process whichever catalog holds the row: decoding every
    card took most of a second, paid again by each catalog opened (a server's each connection, each test's app).
    Cards are frozen, so one may be shared; a change to a row's facts is another digest, so another card."""
    key = hashlib.blake2b(facts.encode(), digest_size=16).digest()
    card = _DECODED.get(key)
    if card is None:
        if len(_DECODED) >= _DECODED_MOST:
            _DECODED.clear()
        card = _DECODED[key] = Card.from_dict(json.loads(facts))
    return card


def shipped_digest() -> str:
    return hashlib.sha256(_shipped_blob()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Match:
    card: Card
    score: float
    how: str  # code, exact, prefix, word, contains, words, similar


def _row(card: Card) -> dict[str, object]:
    return {
        "code": card.code,
        "edition": card.edition,
        "name": card.name,
        "name_folded": fold(card.name),
        "type": card.type,
        "has_shadow": int(card.has_shadow),
        "facts": json.dumps(card.to_dict(), ensure_ascii=False),
    }


def _trigrams(text: str) -> list[str]:
    return sorted({text[i : i + 3] for i in range(len(text) - 2)})


def _quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


@contextlib.contextmanager
def _opening_lock(target: Path) -> Iterator[None]:
    """Processes opening one catalog take turns checking and seeding it (test workers, a server beside the command
    line). Seeding writes every card in one transaction, and SQLite lets the others wait for it only up to the
    connection's timeout: on a loaded machine that ran out ("database is locked"). This lock waits as long as the
    seeding takes. Where the system has no ``fcntl`` (Windows), SQLite's own wait is all there is."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on the platforms the companion is served from
        yield
        return
    with open(target.with_name(target.name + ".lock"), "a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # released when the file is closed
        yield


class Catalog:
    """Card look-ups by code, by name (typo tolerant) and by title (copies)."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self._cache: dict[str, Card] = {}
        #: ``all``'s answers by edition, with the database's ``data_version`` they were read at.
        self._all: dict[str | None, tuple[int, list[Card]]] = {}

    # -- opening -------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path | None = None, *, check_same_thread: bool = True) -> Catalog:
        """Open the catalog at ``path`` (default: the per-user file), seeding it on first use.

        ``check_same_thread=False`` lets a pool hand the connection to one thread after another."""
        import sqlite3

        from companion.paths import catalog_path

        target = Path(path) if path is not None else catalog_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(target), check_same_thread=check_same_thread, timeout=30)
        catalog = cls(sqlite_utils.Database(conn))
        with _opening_lock(target):
            catalog._ensure_schema()
        return catalog

    @classmethod
    def in_memory(cls, cards: Iterable[Card] | None = None) -> Catalog:
        catalog = cls(sqlite_utils.Database(memory=True))
        catalog._ensure_schema(seed=cards is None)
        if cards is not None:
            catalog.upsert(list(cards))
        return catalog

    def _ensure_schema(self, seed: bool = True) -> None:
        db = self.db
        if "cards" not in db.table_names():
            with self._write_lock():
                if "cards" not in db.table_names():  # not made by another process while this one waited
                    self._create_tables()
        # A newer package ships newer facts (plot numbers, say): (re)seed a catalog seeded before them.
        if seed and self._meta("shipped") != shipped_digest():
            with self._write_lock():
                if self._meta("shipped") != shipped_digest():  # not seeded by another process meanwhile
                    self._store(shipped_cards(), "shipped")
                    db.table("meta").upsert({"key": "shipped", "value": shipped_digest()}, pk="key")
            self._cache.clear()

    def _create_tables(self) -> None:
        db = self.db
        db.table("cards").create(
            {
                "code": str,
                "edition": str,
                "name": str,
                "name_folded": str,
                "type": str,
                "has_shadow": int,
                "facts": str,
            },
            pk="code",
        )
        db.table("cards").create_index(["name_folded"])
        db.table("meta").create({"key": str, "value": str}, pk="key")
        db.table("meta").insert({"key": "schema", "value": str(SCHEMA_VERSION)})
        try:
            db.table("cards").enable_fts(["name_folded"], tokenize="trigram", create_triggers=True)
        except sqlite3.OperationalError:  # SQLite < 3.34 has no trigram tokenizer
            db.table("cards").enable_fts(["name_folded"], create_triggers=True)

    @contextlib.contextmanager
    def _write_lock(self) -> Iterator[None]:
        """A write transaction that holds the write lock from its start. Two processes opening a catalog that needs
        seeding at once (test workers, a server beside the command line) would each read, then ask to write, and
        SQLite refuses one of them at once ("database is locked": it cannot wait out a lock the other waits on).
        BEGIN IMMEDIATE waits for the lock instead (the connection's timeout); the caller looks again inside."""
        conn = self.db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if conn.in_transaction:
                conn.rollback()
            raise
        if conn.in_transaction:
            conn.commit()

    def _meta(self, key: str) -> str | None:
        rows = list(self.db["meta"].rows_where("key = ?", [key]))
        return str(rows[0]["value"]) if rows else None

    # -- writing -------------------------------------------------------------
    def upsert(self, cards: Sequence[Card], source: str = "import") -> int:
        """Insert or replace ``cards`` in one transaction."""
        with self.db.conn:
            self._store(cards, source)
        self._cache.clear()
        return len(cards)

    def _store(self, cards: Sequence[Card], source: str) -> None:
        """Write ``cards`` in the caller's transaction."""
        check_unique_codes(cards, source)
        self._all.clear()
        self.db.table("cards").upsert_all((_row(c) for c in cards), pk="code")
        self.db.table("meta").upsert({"key": "last_import", "value": source}, pk="key")

    def import_files(
        self,
        paths: Sequence[str | Path],
        progress: Callable[[Path], None] | None = None,
    ) -> int:
        """Parse every file first, then write them all in one transaction.

        A bad file raises :class:`CatalogError` before anything is written.
        Directories are read as their ``*.json`` files, sorted.
        """
        files: list[Path] = []
        for raw in paths:
            p = Path(raw)
            if p.is_dir():
                found = sorted(p.glob("*.json"))
                if not found:
                    raise CatalogError(str(p), "the folder holds no .json files")
                files.extend(found)
            elif p.is_file():
                files.append(p)
            else:
                raise CatalogError(str(p), "no such file or folder")
        cards: list[Card] = []
        for f in files:
            try:
                data = f.read_bytes()
            except OSError as exc:
                raise CatalogError(str(f), exc.strerror or str(exc)) from None
            cards.extend(parse_cards(str(f), data))
            if progress:
                progress(f)
        return self.upsert(cards, source=", ".join(str(f) for f in files[:3]) + (" …" if len(files) > 3 else ""))

    # -- reading -------------------------------------------------------------
    def card(self, code: str) -> Card:
        """A card known to be in the catalog (a code from a parsed deck): a KeyError otherwise."""
        found = self.get(code)
        if found is None:
            raise KeyError(code)
        return found

    def get(self, code: str) -> Card | None:
        if code in self._cache:
            return self._cache[code]
        rows = list(self.db.query("select facts from cards where code = ?", [code]))
        if not rows:
            return None
        card = card_of(rows[0]["facts"])
        self._cache[code] = card
        return card

    def cards(self, codes: Iterable[str]) -> dict[str, Card]:
        out: dict[str, Card] = {}
        for code in codes:
            card = self.get(code)
            if card is not None:
                out[code] = card
        return out

    def all(self, edition: Edition | None = None) -> list[Card]:
        """Every card (of ``edition``), in code order. Decoded once while the catalog stays as it is: SQLite's
        ``data_version`` changes when another connection (a ``cards import`` beside a server) commits a change, and
        this one's own writes (``_store``) drop what was kept. Decoding every card took most of a TTS helper's
        request."""
        version = int(next(self.db.query("pragma data_version"))["data_version"])
        kept = self._all.get(edition)
        if kept is None or kept[0] != version:
            sql = "select facts from cards" + (" where edition = ?" if edition else "") + " order by code"
            kept = (version, [card_of(r["facts"])
                              for r in self.db.query(sql, [edition] if edition else [])])
            self._all[edition] = kept
        return list(kept[1])

    def titled(self, keys: Iterable[str], edition: Edition | None = None) -> list[Card]:
        """The cards whose folded titles are among ``keys`` (of ``edition``, or any), in code order as ``all`` gives
        them: read through the title index."""
        wanted = sorted(set(keys))
        out: list[Card] = []
        for at in range(0, len(wanted), 500):  # within SQLite's limit on a statement's parameters
            chunk = wanted[at:at + 500]
            sql = (f"select facts from cards where name_folded in ({', '.join('?' * len(chunk))})"
                   + (" and edition = ?" if edition else ""))
            out += [card_of(r["facts"])
                    for r in self.db.query(sql, [*chunk, *([edition] if edition else [])])]
        return sorted(out, key=lambda c: c.code)

    def count(self, edition: Edition | None = None, shadow: bool | None = None) -> int:
        where: list[str] = []
        args: list[str | int] = []
        if edition:
            where.append("edition = ?")
            args.append(edition)
        if shadow is not None:
            where.append("has_shadow = ?")
            args.append(int(shadow))
        sql = "select count(*) as n from cards" + (" where " + " and ".join(where) if where else "")
        return int(next(self.db.query(sql, args))["n"])

    def copies_of(self, card: Card | str) -> list[Card]:
        """Every printing of the same title in the same edition, whatever its type (RR: Copy)."""
        c = self.get(card) if isinstance(card, str) else card
        if c is None:
            return []
        sql = "select facts from cards where name_folded = ? and edition = ? order by code"
        return [card_of(r["facts"]) for r in self.db.query(sql, [c.title_key, c.edition])]

    def search(self, text: str, edition: Edition | None = None, limit: int = 20) -> list[Match]:
        """Cards by code or name: case- and accent-insensitive, prefix and typo tolerant."""
        query = fold(text)
        if not query:
            return []
        found: dict[str, Match] = {}
        exact = self.get(text.strip())
        if exact and (edition is None or exact.edition == edition):
            found[exact.code] = Match(exact, 2.0, "code")
        for code, name in self._candidates(query, edition):
            if code in found:
                continue
            score, how = score_name(query, name)
            if score >= 0.6:
                card = self.get(code)
                assert card is not None
                found[code] = Match(card, score, how)
        ranked = sorted(found.values(), key=lambda m: (-m.score, m.card.name, m.card.code))
        return ranked[:limit]

    def _candidates(self, query: str, edition: Edition | None) -> list[tuple[str, str]]:
        ed_sql = " and c.edition = ?" if edition else ""
        ed_args: list[object] = [edition] if edition else []
        rows: list[tuple[str, str]] = []
        like = query.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        sql = f"select code, name_folded from cards c where name_folded like ? escape '\\'{ed_sql}"
        rows += [(r["code"], r["name_folded"]) for r in self.db.query(sql, [f"%{like}%", *ed_args])]
        grams = _trigrams(query)
        if grams:
            match = " OR ".join(_quote(g) for g in grams)
            sql = (
                "select c.code, c.name_folded from cards_fts f join cards c on c.rowid = f.rowid "
                f"where cards_fts match ?{ed_sql} order by bm25(cards_fts) limit 300"
            )
            # Without a trigram index the query fails; the substring scan above still answers.
            with contextlib.suppress(sqlite3.OperationalError):
                rows += [(r["code"], r["name_folded"]) for r in self.db.query(sql, [match, *ed_args])]
        return rows
