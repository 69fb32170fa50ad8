"""The event's signature over the export's manifest: results, pairings, rulings, penalties, legality decisions
and whatever else the manifest carries (standings, drops), not only the table logs.

Each event has an Ed25519 key pair made on the server; the private half never leaves the database, the
public half travels in the manifest and its short fingerprint is shown on the organiser's page, the
dashboard and the report, so a file re-signed with another key is told apart by comparing it.

What is signed: every *record* of the manifest (an element of a top-level list, such as one table, or a
top-level object as a whole) gets a map of SHA-256 digests, one per leaf field (``result.winner``), and one
signature over that map. ``companion check`` then names what changed: a field whose value no longer has
its digest ("round 1 table 3: result.winner changed"), a record whose digests were edited too (its
signature fails), a record added or removed (the signed index of records fails or lacks it).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from companion.store.games import canonical

ALGORITHM = "Ed25519"
SIGNATURE = "signature"
#: Top-level fields that describe the file rather than the event: not records.
UNSIGNED = {SIGNATURE}


def new_private_key() -> str:
    """A fresh signing key, as hex of its 32 raw bytes (stored with the event)."""
    from cryptography.hazmat.primitives import serialization

    raw = Ed25519PrivateKey.generate().private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                                     serialization.NoEncryption())
    return raw.hex()


def _private(hex_key: str) -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(hex_key))


def public_key(hex_key: str) -> str:
    """The public half of a stored private key, base64 of its 32 raw bytes."""
    from cryptography.hazmat.primitives import serialization

    raw = _private(hex_key).public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return base64.b64encode(raw).decode()


def fingerprint(public: str) -> str:
    """What a person compares: the first 16 hex digits of the public key's SHA-256, in groups of four."""
    digest = hashlib.sha256(base64.b64decode(public)).hexdigest()[:16]
    return " ".join(digest[i:i + 4] for i in range(0, 16, 4))


def _leaves(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    """Every leaf of a record as (dotted path, value); an empty object or list is a leaf of its own."""
    if isinstance(value, dict) and value:
        for k in sorted(value):
            yield from _leaves(value[k], (*path, str(k)))
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, str(i)))
    else:
        yield ".".join(path) or "value", value


def _records(manifest: dict[str, Any]) -> dict[str, Any]:
    """Record id -> its value: ``tables/0`` for a list's element, ``event`` for an object or a scalar."""
    out: dict[str, Any] = {}
    for key in sorted(manifest):
        if key in UNSIGNED:
            continue
        value = manifest[key]
        if isinstance(value, list):
            for i, item in enumerate(value):
                out[f"{key}/{i}"] = item
        else:
            out[key] = value
    return out


def _digest(event_id: str, record: str, field: str, value: Any) -> str:
    return hashlib.sha256(canonical([event_id, record, field, value]).encode()).hexdigest()


def _digests(event_id: str, record: str, value: Any) -> dict[str, str]:
    return {field: _digest(event_id, record, field, v) for field, v in _leaves(value)}


def _message(event_id: str, public: str, what: str, data: Any) -> bytes:
    return canonical({"event": event_id, "key": public, "what": what, "data": data}).encode()


def sign_manifest(manifest: dict[str, Any], private_hex: str) -> dict[str, Any]:
    """The manifest with its ``signature`` section (every other top-level field is signed)."""
    event_id = str(manifest["event"]["id"])
    key = _private(private_hex)
    public = public_key(private_hex)
    records = {}
    for rid, value in _records(manifest).items():
        digests = _digests(event_id, rid, value)
        sig = key.sign(_message(event_id, public, rid, digests))
        records[rid] = {"digests": digests, "signature": base64.b64encode(sig).decode()}
    index = sorted(records)
    index_signature = base64.b64encode(key.sign(_message(event_id, public, "index", index))).decode()
    return {**manifest, SIGNATURE: {
        "algorithm": ALGORITHM, "public_key": public, "fingerprint": fingerprint(public),
        "index": index, "index_signature": index_signature, "records": records}}


def record_label(manifest: dict[str, Any], rid: str) -> str:
    """A record in words: ``round 1 table 3``, ``player Ann``, ``event``."""
    key, _, index = rid.partition("/")
    items = manifest.get(key)
    item = items[int(index)] if isinstance(items, list) and index.isdigit() and int(index) < len(items) else None
    if isinstance(item, dict):
        if "round" in item and "table" in item:
            return f"round {item['round']} table {item['table']}"
        if key == "players" and item.get("name"):
            return f"player {item['name']}"
        if key == "penalties" and item.get("name"):
            return f"penalties of {item['name']}"
        if key == "rounds" and "number" in item:
            return f"round {item['number']}"
    return f"{key} {int(index) + 1}" if index.isdigit() else key


def verify_manifest(manifest: dict[str, Any], expected_fingerprint: str | None = None) -> list[str]:
    """What does not verify, each in words naming its record and field; empty when all is as signed."""
    sig = manifest.get(SIGNATURE)
    if not isinstance(sig, dict) or sig.get("algorithm") != ALGORITHM:
        return ["the manifest is not signed (no Ed25519 signature): its results cannot be trusted"]
    problems: list[str] = []
    try:
        event_id = str(manifest["event"]["id"])
        public = str(sig["public_key"])
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public))
    except (KeyError, TypeError, ValueError) as exc:
        return [f"the manifest's signature cannot be read: {exc}"]
    if expected_fingerprint is not None and _plain(expected_fingerprint) != _plain(fingerprint(public)):
        problems.append(f"signed with the key {fingerprint(public)}, not the event's key {expected_fingerprint}")

    def good(what: str, data: Any, signature: Any) -> bool:
        try:
            key.verify(base64.b64decode(str(signature)), _message(event_id, public, what, data))
            return True
        except (InvalidSignature, ValueError):
            return False

    raw_records, raw_index = sig.get("records"), sig.get("index")
    signed: dict[str, Any] = raw_records if isinstance(raw_records, dict) else {}
    index: list[Any] = raw_index if isinstance(raw_index, list) else []
    if not good("index", index, sig.get("index_signature")) or sorted(index) != sorted(signed):
        problems.append("the list of signed records was altered (a table, player or section added or removed)")
    present = _records(manifest)
    for rid in sorted(set(index) - set(present)):
        problems.append(f"{rid.replace('/', ' ')}: signed but missing from the manifest")
    for rid, value in present.items():
        label = record_label(manifest, rid)
        record = signed.get(rid)
        if not isinstance(record, dict) or rid not in index:
            problems.append(f"{label}: not signed (added after the event file was signed off)")
            continue
        raw_digests = record.get("digests")
        digests: dict[str, Any] = raw_digests if isinstance(raw_digests, dict) else {}
        if not good(rid, digests, record.get("signature")):
            problems.append(f"{label}: its signed digests were altered")
        now = _digests(event_id, rid, value)
        for field in sorted(set(now) | set(digests)):
            if field not in digests:
                problems.append(f"{label}: {field} added")
            elif field not in now:
                problems.append(f"{label}: {field} removed")
            elif now[field] != digests[field]:
                problems.append(f"{label}: {field} changed")
    return problems


def _plain(text: str) -> str:
    return "".join(text.split()).lower()
