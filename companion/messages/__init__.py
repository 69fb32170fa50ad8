"""The one message catalogue: every text a player reads, in English and German, keyed by id.

Placeholders are named (``{player}``). Python reads it with ``text()``; the browser gets the same
files as generated JSON from ``/messages.json`` (see ``companion.web.pages``).
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "de")


@cache
def catalogue(lang: str) -> dict[str, str]:
    if lang not in LANGUAGES:
        raise KeyError(f"no messages in {lang!r}: use one of {', '.join(LANGUAGES)}")
    raw = resources.files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    return dict(json.loads(raw))


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def text(message_id: str, lang: str = "en", **params: Any) -> str:
    """A message in ``lang`` with its placeholders filled; a missing placeholder is an error."""
    template = catalogue(lang).get(message_id) or catalogue("en")[message_id]
    return template.format(**params)


def param_text(value: Any, lang: str = "en") -> str:
    """A verdict's placeholder value as text (see ``companion.rules.verdict``): a list is joined, a message
    ``{"msg": id, …}`` rendered, a card reference shows its name (and its instance id where the reader is
    the judge: the web layer leaves ``card`` in for the judge only)."""
    if isinstance(value, list):
        return ", ".join(param_text(v, lang) for v in value)
    if isinstance(value, dict):
        if "msg" in value:
            return text(value["msg"], lang, **{k: param_text(v, lang) for k, v in value.items() if k != "msg"})
        if "card" in value:
            return text("ref.judge", lang, name=value.get("name", "?"), card=value["card"])
        return str(value.get("name", "?"))
    return str(value)


def verdict_text(item: dict[str, Any], lang: str = "en") -> str:
    """A violation (``rule``) or note (``kind``) of a verdict as a sentence in ``lang``. Verdicts written
    before the catalogue held their rules carry their text in ``message`` / ``message_de``."""
    if "params" not in item:
        return str(item.get("message_de" if lang == "de" else "message") or item.get("message") or "")
    message_id = f"rule.{item['rule']}" if "rule" in item else f"note.{item['kind']}"
    return text(message_id, lang, **{k: param_text(v, lang) for k, v in item["params"].items()})


def citation(heading: str, lang: str = "en") -> str:
    """A rule citation ("RR: Shadows › Unique cards and shadows") with each heading in ``lang``."""
    book, sep, rest = heading.partition(": ")
    parts = [book, *rest.split(" › ")] if sep else heading.split(" › ")
    shown = [catalogue(lang).get(f"cite.{p}", p) for p in parts]
    return f"{shown[0]}: {' › '.join(shown[1:])}" if sep else " › ".join(shown)


def language(accept: str | None) -> str:
    """The first of our languages in an Accept-Language header (English when none)."""
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"
