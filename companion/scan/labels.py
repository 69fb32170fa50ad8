"""The sleeve-label payload: one per physical copy, unique across a table, checked on every read.

Version 1 grammar, in QR alphanumeric characters so that it fits QR version 1 at error correction M
(20 characters):

    G <edition 1|2> <card code> - <deck tag, 3 of 0-9A-Z> - <copy, 2 digits> <check character>

    G201045-AB7-02V      2nd edition, card 01045, deck AB7, copy 2
    G1KOTSE.43-AB7-01F   1st edition, card kotse_43 (written upper case, "_" as ".")

The check character is ISO/IEC 7064 MOD 37,36 over the letters and digits, so a misread character
(Code 128 and others do misread silently) makes the payload invalid: it is rejected, never guessed.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PAYLOAD = re.compile(r"^G([12])([0-9]{5}|[A-Z]{1,5}\.[0-9]{1,3})-([0-9A-Z]{3})-([0-9]{2})([0-9A-Z])$")
QR_V1_M_ALPHANUMERIC = 20


class LabelError(ValueError):
    pass


def check_character(text: str) -> str:
    """ISO/IEC 7064 MOD 37,36 (hybrid): catches every single substitution and most transpositions."""
    m = 36
    p = m
    for ch in text:
        if ch not in ALPHABET:
            continue
        p = (p + ALPHABET.index(ch)) % m or m
        p = (p * 2) % (m + 1)
    return ALPHABET[(m + 1 - p) % m]


@dataclass(frozen=True, slots=True)
class Label:
    edition: str  # "2e" / "1e"
    code: str  # catalog code, e.g. "01045" or "kotse_43"
    tag: str  # the deck's tag
    copy: int

    def payload(self) -> str:
        if not re.fullmatch(r"[0-9A-Z]{3}", self.tag):
            raise LabelError(f"a deck tag is 3 characters 0-9 or A-Z, not {self.tag!r}")
        if not 1 <= self.copy <= 99:
            raise LabelError(f"copy numbers run from 1 to 99, not {self.copy}")
        code = self.code.upper().replace("_", ".")
        body = f"G{self.edition[0]}{code}-{self.tag}-{self.copy:02d}"
        text = body + check_character(body)
        if not PAYLOAD.match(text) or len(text) > QR_V1_M_ALPHANUMERIC:
            raise LabelError(f"card code {self.code!r} does not fit the label grammar")
        return text


def parse_payload(text: str) -> Label:
    """Read a payload strictly; anything that does not match is an error."""
    m = PAYLOAD.match(text)
    if not m:
        raise LabelError(f"not a companion label: {text[:40]!r}")
    body, check = text[:-1], text[-1]
    if check_character(body) != check:
        raise LabelError(f"label {text!r} fails its check character (a misread?)")
    edition, code, tag, copy = m.group(1), m.group(2), m.group(3), int(m.group(4))
    if copy == 0:
        raise LabelError(f"label {text!r} has copy 00")
    return Label(f"{edition}e", code.lower().replace(".", "_") if edition == "1" else code, tag, copy)


def new_tag() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(3))
