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
    return secrets.token_urlsafe(9)  # 72 bits: not a secret, just hard to guess
