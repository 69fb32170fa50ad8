"""One rule the engine enforces: where it is written in each edition and whether breaking it is impossible.

Its own module so that ``citations`` and ``citations_round`` both build on it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.messages import catalogue


@dataclass(frozen=True, slots=True)
class Rule:
    citation_2e: str | None
    citation_1e: str | None
    #: The action names something that is not there (a card where it is not, more tokens than lie
    #: on a card): it cannot physically happen, so it is refused in every mode and records nothing.
    #: Other violations are illegal but possible: advisory games record them with a flag.
    impossible: bool = False
    id: str = ""  # its key in RULES, filled in by citations.py

    def template(self, lang: str = "en") -> str:
        """What the rule says, with its placeholders, from the message catalogue (``rule.<id>``)."""
        return catalogue(lang)[f"rule.{self.id}"]

    @property
    def en(self) -> str:
        return self.template("en")

    @property
    def de(self) -> str:
        return self.template("de")
