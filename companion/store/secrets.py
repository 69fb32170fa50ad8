"""Access secrets: random, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

SECRET_BYTES = 24  # 192 bits


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str) -> str:
    # The secrets are high-entropy random strings, so a plain SHA-256 is enough (no password stretching).
    return hashlib.sha256(secret.encode()).hexdigest()


def matches(secret: str | None, stored_hash: str | None) -> bool:
    if not secret or not stored_hash:
        return False
    return hmac.compare_digest(hash_secret(secret), stored_hash)


def new_game_id() -> str:
    """72 random bits: not a secret, just hard to guess. Never starting with "-": a command line
    (`companion tts key GAME`, `companion event register EVENT`) would take the id for an option."""
    while True:
        game_id = secrets.token_urlsafe(9)
        if not game_id.startswith("-"):
            return game_id
