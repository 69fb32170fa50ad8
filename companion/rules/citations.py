"""Every rule the engine enforces: stable id, where it is written in each edition, and what to say.

Citations for the 2nd edition use the Rules Reference glossary headings ("RR: …") and
FAQ v4.1 entries. For the 1st edition they use the headings of the King's Landing
Shadows insert ("1E Shadows insert › …") and, for rules outside that insert, the
1st-edition core rules ("1E Rules › …").

What a rule says is in the message catalogue (``companion/messages``), as ``rule.<id>`` in English
and German with named placeholders; what a note says is ``note.<kind>``. A verdict carries the id and
the placeholder values (card references among them), and every reader renders it in its own language.
"""

from __future__ import annotations

import dataclasses

from companion.messages import catalogue
from companion.rules.citations_round import RULES_ROUND
from companion.rules.rule import Rule

INSERT_1E = "1E Shadows insert"

RULES: dict[str, Rule] = {
    # -- shadows: entering ----------------------------------------------------
    "shadows.no-keyword": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        None,
    ),
    "shadows.marshal-phase": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        f"{INSERT_1E} › Playing a card into Shadows",
    ),
    "shadows.marshal-from-hand": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        f"{INSERT_1E} › Playing a card into Shadows",
        impossible=True,
    ),
    "shadows.no-crest": Rule(
        None,
        f"{INSERT_1E} › Playing a card into Shadows",
    ),
    "shadows.setup-no-keyword": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        None,
    ),
    # -- shadows: coming out --------------------------------------------------
    "shadows.not-in-shadows": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        impossible=True,
    ),
    "shadows.event-brought-out": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.not-an-event": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.put-into-play-event": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.cost-choice": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.x-needs-value": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.no-shadow-value": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.put-into-play-from": Rule(
        "RR: Put into Play",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        impossible=True,
    ),
    "shadows.gain-not-in-shadows": Rule(
        "RR: Shadows › The Shadow Keyword",
        f"{INSERT_1E} › While a card is in Shadows",
        impossible=True,
    ),
    "shadows.own-ability-phase": Rule(
        "RR: Actions",
        "1E Rules › Actions",
    ),
    "shadows.own-ability-none": Rule(
        None,
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.rearrange": Rule(
        "RR: Shadows › While a card is in shadows",
        None,
    ),
    "shadows.no-action-window": Rule(
        "RR: Action Windows",
        None,
    ),
    "shadows.unique-dead-pile": Rule(
        "RR: Shadows › Unique cards and shadows",
        f"{INSERT_1E} › Unique cards and Shadows",
    ),
    "shadows.unique-owned-not-controlled": Rule(
        "RR: Shadows › Unique cards and shadows",
        f"{INSERT_1E} › Unique cards and Shadows",
    ),
    "shadows.unique-controls-other": Rule(
        "RR: Shadows › Unique cards and shadows",
        f"{INSERT_1E} › Unique cards and Shadows",
    ),
    "shadows.timing-1e": Rule(
        None,
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.once-per-phase-1e": Rule(
        None,
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    "shadows.order-1e": Rule(
        None,
        f"{INSERT_1E} › Bringing a card out of Shadows",
    ),
    # -- lasting restrictions from card effects (e.g. No Surprises) ---------------
    "restriction.bring-out": Rule(
        "FAQ: No Surprises",
        "1E Rules › Lasting effects",
    ),
    "restriction.play-events": Rule(
        "RR: Lasting Effects",
        "1E Rules › Lasting effects",
    ),
    "restriction.no-defending": Rule(
        "RR: Lasting Effects",
        "1E Rules › Lasting effects",
    ),
    # -- marshaling and setup -------------------------------------------------
    "marshal.phase": Rule(
        "RR: Marshal",
        "1E Rules › Marshalling phase",
    ),
    "marshal.active-player": Rule(
        "RR: Appendix I › 3. Marshaling phase",
        "1E Rules › Marshalling phase",
    ),
    "marshal.from-hand": Rule(
        "RR: Marshal",
        "1E Rules › Marshalling phase",
        impossible=True,
    ),
    "marshal.event": Rule(
        "RR: Marshal",
        "1E Rules › Marshalling phase",
    ),
    "cost.dash": Rule(
        "RR: Shadows › Printed cost of shadows cards",
        None,
    ),
    "shadows.crest-marshal-1e": Rule(
        None,
        f"{INSERT_1E} › Playing a card into Shadows",
    ),
    "limited.once-per-round": Rule(
        "RR: Limited",
        "1E Rules › Limited",
    ),
    "setup.phase": Rule(
        "RR: Setup",
        "1E Rules › Setup",
    ),
    "setup.gold": Rule(
        "RR: Setup",
        f"{INSERT_1E} › Playing a card into Shadows",
    ),
    "setup.agenda-forbids": Rule("RR: Setup", "1E Rules › Setup"),
    "setup.cost-reduced": Rule("RR: Setup", "1E Rules › Setup"),
    "setup.limited": Rule(
        "RR: Setup",
        "1E Rules › Setup",
    ),
    "setup.type": Rule(
        "RR: Setup",
        "1E Rules › Setup",
    ),
    "setup.from-hand": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        impossible=True,
    ),
    "setup.revealed": Rule(
        "RR: Setup",
        "1E Rules › Setup",
    ),
    "setup.already-placed": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        impossible=True,
    ),
    # The setup hand is 7 cards; after the reveal each player draws back up to 7, no more.
    "setup.hand": Rule(
        "RR: Setup",
        "1E Rules › Setup",
    ),
    # The mulligan (RR: Setup: "draw 7, one optional mulligan in player order", then the setup cards are placed).
    # The 1st-edition texts held here have no mulligan: there every mulligan is flagged (setup.mulligan-1e), and
    # the other mulligan rules show the 2nd edition's text.
    "setup.mulligan-once": Rule(
        "RR: Setup",
        None,
    ),
    "setup.mulligan-placed": Rule(
        "RR: Setup",
        None,
    ),
    "setup.mulligan-phase": Rule(
        "RR: Setup",
        None,
    ),
    "setup.mulligan-hand": Rule(
        "RR: Setup",
        None,
    ),
    "setup.mulligan-1e": Rule(
        None,
        "1E Rules › Setup",
    ),
    # -- uniqueness ------------------------------------------------------------
    "unique.dead-pile": Rule(
        "RR: Dead Pile",
        "1E Rules › Dead pile",
    ),
    "unique.control-conflict": Rule(
        "RR: Unique Cards",
        "1E Rules › Unique cards",
    ),
    "unique.take-control": Rule(
        "RR: Unique Cards",
        "1E Rules › Unique cards",
    ),
    "unique.take-control-dead-pile": Rule(
        "RR: Unique Cards",
        "1E Rules › Unique cards",
    ),
    "unique.second-copy": Rule(
        "RR: Unique Cards",
        "1E Rules › Unique cards",
    ),
    "unique.opponents-card": Rule(
        "FAQ v4.1 (1.3) Unique cards in play and in the dead pile",
        "1E Rules › Unique cards",
    ),
    # -- attachments -----------------------------------------------------------
    "attach.target": Rule(
        "RR: Attachment Cards",
        "1E Rules › Attachments",
    ),
    # Keywords the catalog carries as facts: "No attachments", and "No attachments except <trait>" with its traits.
    "attach.one-per-card": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "attach.no-attachments": Rule(
        "RR: No Attachments",
        "1E Rules › No attachments",
    ),
    "attach.no-attachments-except": Rule(
        "RR: No Attachments",
        "1E Rules › No attachments",
    ),
    # The attachment's own printed restriction ("Unique [stark] character only."), a card fact where it was read.
    "attach.restriction": Rule(
        "RR: Attachment Cards",
        "1E Rules › Attachments",
    ),
    # -- playing events --------------------------------------------------------
    "event.from-hand": Rule(
        "RR: Event Cards",
        "1E Rules › Events",
        impossible=True,
    ),
    "event.not-an-event": Rule(
        "RR: Event Cards",
        "1E Rules › Events",
    ),
    # -- gold -----------------------------------------------------------------
    "gold.insufficient": Rule(
        "RR: Costs",
        "1E Rules › Gold",
    ),
    "gold.income-phase": Rule(
        "RR: Income",
        "1E Rules › Marshalling phase",
    ),
    "gold.taxation-phase": Rule(
        "RR: Appendix I › 7.2 Return unspent gold",
        "1E Rules › Taxation phase",
    ),
    # -- tokens ---------------------------------------------------------------
    "tokens.not-enough": Rule(
        "RR: Tokens, Running out of",
        "1E Rules › Tokens",
        impossible=True,
    ),
    "tokens.where": Rule(
        "RR: Shadows › While a card is in shadows",
        f"{INSERT_1E} › While a card is in Shadows",
        impossible=True,
    ),
    # -- leaving play, control --------------------------------------------------
    "kill.not-character": Rule(
        "RR: Kill",
        "1E Rules › Killed",
    ),
    # A log line naming what the table does not have (companion check; a phone cannot send one).
    "log.unknown-seat": Rule("RR: Setup", "1E Rules › Setup", impossible=True),
    "log.unknown-card": Rule("RR: Setup", "1E Rules › Setup", impossible=True),
    # A hand-written line that is no action (not JSON, an unknown type, a count of 0): docs/table-log.md's format.
    "log.unreadable-line": Rule("Table log", "Table log", impossible=True),
    "play.not-in-play": Rule(
        "RR: In Play and Out of Play",
        "1E Rules › In play",
        impossible=True,
    ),
    "control.same-player": Rule(
        "RR: Ownership and Control",
        "1E Rules › Control",
    ),
    "control.no-effect": Rule(
        "RR: Ownership and Control",
        "1E Rules › Control",
    ),
    "duplicate.save-not-duplicate": Rule(
        "RR: Duplicates",
        "1E Rules › Duplicates",
        impossible=True,  # there is no duplicate to discard
    ),
    "card.not-a-deck-card": Rule(
        "RR: Plot Deck",
        "1E Rules › Plot phase",
        impossible=True,
    ),
    "attach.target-gone": Rule(
        "RR: Attachment Cards",
        "1E Rules › Attachments",
        impossible=True,  # nothing in play to lie on
    ),
    "duplicate.save-controller": Rule(
        "RR: Duplicates",
        "1E Rules › Duplicates",
    ),
    "sacrifice.controller": Rule(
        "RR: Sacrifice",
        "1E Rules › Sacrifice",
    ),
    "sacrifice.saved": Rule(
        "RR: Sacrifice",
        "1E Rules › Sacrifice",
    ),
    "play.put-into-play-event": Rule(
        "RR: Put into Play",
        "1E Rules › Put into play",
    ),
    "play.put-into-play-from-hand": Rule(
        "RR: Put into Play",
        "1E Rules › Put into play",
        impossible=True,
    ),
    "play.put-into-play-target": Rule(
        "RR: Put into Play",
        "1E Rules › Put into play",
    ),
    "play.already-in-play": Rule(
        "RR: Put into Play",
        "1E Rules › Put into play",
        impossible=True,
    ),
    # -- flow -----------------------------------------------------------------
    "phase.sequence": Rule(
        "RR: Appendix I › Timing chart",
        "1E Rules › Game round",
    ),
    "zone.draw-from-deck": Rule(
        "RR: Draw",
        "1E Rules › Draw",
        impossible=True,
    ),
    # More cards drawn than the deck holds: they are not there to draw (issue 21: draws as counts).
    "draw.deck-short": Rule(
        "RR: Draw",
        "1E Rules › Draw",
        impossible=True,
    ),
}


# The round's own rules (plots, initiative, turns, income, power) live in their own module.
RULES.update(RULES_ROUND)
for _id, _rule in RULES.items():
    RULES[_id] = dataclasses.replace(_rule, id=_id)

#: The kinds of note a verdict may carry (legal but notable outcomes): ``note.<kind>`` in the catalogue.
NOTES: tuple[str, ...] = tuple(k.removeprefix("note.") for k in catalogue("en") if k.startswith("note."))
