"""The rules of the round itself: plots, initiative, turns, income, power and winning.

Merged into ``RULES`` at the end of ``citations.py``; what each says is ``rule.<id>`` in the message
catalogue. 2nd-edition citations are Rules Reference glossary headings and Appendix I steps; 1st-edition
ones the 1st-edition core rules.
"""

from __future__ import annotations

from companion.rules.rule import Rule

PLOT_2E = "RR: Appendix I › 1. Plot phase"
PLOT_1E = "1E Rules › Plot phase"
CHALLENGES_2E = "RR: Appendix I › 4. Challenges phase"
CHALLENGES_1E = "1E Rules › Challenges phase"

#: The tournament regulations (FFG's organized-play document for the joust, as ThronesDB publishes it), cited by
#: their headings.
REGULATIONS = "Tournament Regulations › Time limits"
END_OF_ROUND = "Tournament Regulations › End of Round"
GOING_TO_TIME = "Tournament Regulations › Going to Time"
REVEAL_2E = "RR: Appendix I › 1.3 Reveal plots"
DRAW_2E = "RR: Appendix I › 2.2 Draw"
INITIATE_2E = "RR: Appendix I › 4.2 Active player may initiate a challenge"
DEFEND_2E = "RR: Appendix I › 4.2.1 Defending player declares defenders"
CLAIM_2E = "RR: Appendix I › 4.2.4 Apply claim result"
RESERVE_2E = "RR: Appendix I › 7.3 Check reserve"
WINNING_2E = "RR: Winning the Game"
NEXT_PLAYER_2E = "RR: Appendix I › 3.3 Next player becomes active player"
WINNING_1E = "1E Rules › Winning the game"
#: A revealed plot's printed restriction: the card's text is the rule, and the message names the plot.
PLOT_TEXT_2E = "RR: Golden Rule"
PLOT_TEXT_1E = "1E Rules › Golden rule"

RULES_ROUND: dict[str, Rule] = {
    "time.called": Rule(REGULATIONS, REGULATIONS),
    "dominance.phase": Rule("RR: Appendix I › 5. Dominance phase", "1E Rules › Dominance phase"),
    "plot.phase": Rule(
        PLOT_2E, PLOT_1E,
    ),
    "plot.once-per-round": Rule(
        PLOT_2E, PLOT_1E,
    ),
    "plot.not-in-plot-deck": Rule(
        "RR: Plot Deck", PLOT_1E,
        impossible=True,
    ),
    "plot.excluded-in-plot-phase": Rule("RR: Appendix I › 1.2 Choose plots", None),
    "plot.not-revealed": Rule(
        PLOT_2E, PLOT_1E,
    ),
    # The draw phase and everything after it read the revealed plots (income, initiative, claim): the round
    # cannot move on without them.
    "plot.reveal-first": Rule(
        PLOT_2E, PLOT_1E,
        impossible=True,
    ),
    "first-player.phase": Rule(
        "RR: First Player", "1E Rules › First player",
    ),
    "turn.phase": Rule(
        "RR: Appendix I › 3.3 Next player", "1E Rules › Marshalling phase",
    ),
    "turn.not-active": Rule(
        "RR: Appendix I › 3.3 Next player", "1E Rules › Marshalling phase",
    ),
    "marshal.before-income": Rule("RR: Appendix I › 3.2 Collect income", "1E Rules › Marshalling phase"),
    "gold.income-once": Rule(
        "RR: Income", "1E Rules › Marshalling phase",
    ),
    "gold.income-no-plot": Rule(
        "RR: Income", "1E Rules › Marshalling phase",
        impossible=True,
    ),
    # With a revealed plot the income is the plot's: ``amount`` names it only at a table without plots.
    "gold.income-amount": Rule(
        "RR: Income", "1E Rules › Marshalling phase",
    ),
    "gold.income-no-bonuses": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "power.not-enough": Rule(
        "RR: Power", "1E Rules › Power",
        impossible=True,
    ),
    # Challenges (issue 21): one entry each, and their follow-ups.
    "challenge.phase": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.active-player": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.once-per-type": Rule(CHALLENGES_2E, CHALLENGES_1E),
    # A revealed plot's printed restrictions for the round (card facts: ``plot_limits``), binding the player who
    # revealed it or, where it says so, each player.
    "plot.limits-challenges": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-challenge-type": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-challenge-unless-won": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-attackers": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-defenders": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.must-defend": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "stand.cannot": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "stand.limit": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.no-saves": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.no-abilities": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "event.no-action-window": Rule("RR: Action Windows", None),
    "event.play-if-control": Rule("RR: Event Cards", "1E Rules › Events"),
    "plot.faction-power": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "power.house-barred": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.power-kings-only": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.no-effect-entry": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.str-fixed": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "draw.source-not-in-play": Rule("RR: In Play and Out of Play", "1E Rules › In play"),
    "renown.source-not-in-play": Rule("RR: In Play and Out of Play", "1E Rules › In play"),
    "plot.limits-unique": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-marshal": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-event": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.gold-toll": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-limited": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-entering": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "phase.skipped": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-in-faction": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "plot.limits-challenge-unless-army": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    # A card's printed text that the round's checks read (RR: Golden Rule: card text overrides the rules).
    "challenge.stealth-immune": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "challenge.cannot-be-declared": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "challenge.defenders-alone": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "challenge.defenders-need-trait": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "challenge.defender-barred": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "kill.knelt": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "kill.crest": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "kill.knelt-trait": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "kill.printed-unkillable": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "immune.source": Rule("RR: Immune", "1E Rules › Immune"),
    # The printed words of the choice are the rule: "Choose a character with a Military icon." (Distraction).
    # The card's own condition: "Use this ability if there are at least 3 characters in your dead pile."
    "ability.dead-pile": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "save.cannot-be-saved": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "card.house-only": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "deck.restricted": Rule("Tournament Regulations › Restricted List", "1E Tournament Rules › Restricted list"),
    "marshal.cost-reduced": Rule("RR: Costs", "1E Rules › Marshalling phase"),
    "marshal.cost-raised": Rule("RR: Costs", "1E Rules › Marshalling phase"),
    "shadows.cost-reduced": Rule("RR: Shadows", "1E Shadows insert › Playing a card into Shadows"),
    "tokens.bestow": Rule("RR: Bestow", None),
    "event.play-during": Rule("RR: Event Cards", "1E Rules › Events"),
    "event.play-first": Rule("RR: Event Cards", "1E Rules › Events"),
    "event.play-phase": Rule("RR: Event Cards", "1E Rules › Events"),
    "ability.phase": Rule("RR: Actions", "1E Rules › Actions"),
    "event.play-max": Rule("RR: Event Cards", "1E Rules › Events"),
    "event.cost-reduced": Rule("RR: Costs", "1E Rules › Events"),
    "event.reaction-trigger": Rule("RR: Event Cards", "1E Rules › Events"),
    "ability.reaction-trigger": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.limit": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.then-trait": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.then-power": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.once-per-trigger": Rule("RR: Appendix I › 5.2 Determine dominance", "1E Rules › Dominance phase"),
    "draw.source": Rule("RR: Draw", "1E Rules › Draw"),
    "draw.insight": Rule("RR: Insight", "1E Rules › Insight"),
    "draw.insight-late": Rule("RR: Insight", "1E Rules › Insight"),
    "draw.setup-ability": Rule("RR: Setup", "1E Rules › Setup"),
    "draw.insight-count": Rule("RR: Insight", "1E Rules › Insight"),
    "draw.insight-before-claim": Rule("FAQ: Challenge Application Timing Sequence", "1E Rules › Insight"),
    "draw.when-revealed-once": Rule(REVEAL_2E, PLOT_1E),
    "draw.cap": Rule(None, "1E FAQ › Draw Cap"),
    "draw.when-revealed-count": Rule(REVEAL_2E, PLOT_1E),
    "draw.when-revealed-phase": Rule(REVEAL_2E, PLOT_1E),
    "draw.search-type": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "challenge.same-seat": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "challenge.winner": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "challenge.participant": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.duplicate": Rule("RR: Duplicates", "1E Rules › Duplicates"),
    "challenge.not-in-play": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    # … a card the phase's end took out of play that the table still has: illegal (it missed the lasting effect)
    "challenge.left-at-phase-end": Rule("RR: Lasting Effects", "1E Rules › Lasting effects"),
    "challenge.kneeling": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.unopposed": Rule("RR: Unopposed", "1E Rules › Unopposed challenges"),
    "challenge.power-claim": Rule("RR: Claim Value", "1E Rules › Claim"),
    "challenge.no-challenge": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "challenge.not-winner": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.reward-twice": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "power.not-in-play": Rule(
        "RR: Power", "1E Rules › Power",
    ),
    # The whole round checked (issue 33): the plot phase.
    "plot.chosen-once": Rule("RR: Appendix I › 1.2 Choose plots", PLOT_1E),
    "first-player.not-chosen": Rule(REVEAL_2E, "1E Rules › First player"),
    "first-player.once": Rule(REVEAL_2E, "1E Rules › First player"),
    "first-player.chooser": Rule("RR: First Player", "1E Rules › First player"),
    "first-player.opponent": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "initiative.random-first": Rule("RR: Initiative", "1E Rules › Initiative"),
    "initiative.not-tied": Rule("RR: Initiative", "1E Rules › Initiative"),
    "initiative.random-once": Rule("RR: Initiative", "1E Rules › Initiative"),
    # Draw, marshaling, turns.
    "draw.framework": Rule(DRAW_2E, "1E Rules › Draw phase"),
    "draw.once": Rule(DRAW_2E, "1E Rules › Draw phase"),
    "draw.count": Rule(DRAW_2E, "1E Rules › Draw phase"),
    "gold.income-active": Rule("RR: Income", "1E Rules › Marshalling phase"),
    "turn.not-finished": Rule(NEXT_PLAYER_2E, "1E Rules › Player order"),
    # Once every player has been the active player nobody is: no more marshaling, income or challenges this phase.
    "marshal.turns-over": Rule(NEXT_PLAYER_2E, "1E Rules › Marshalling phase"),
    "challenge.turns-over": Rule(CHALLENGES_2E, CHALLENGES_1E),
    # Challenges, step by step.
    "challenge.unfinished": Rule("RR: Appendix I › 4.2.6 Challenge ends", CHALLENGES_1E),
    "challenge.character": Rule(INITIATE_2E, CHALLENGES_1E),
    "challenge.icon": Rule("RR: Challenge Icons", CHALLENGES_1E),
    "challenge.no-attackers": Rule(INITIATE_2E, CHALLENGES_1E, impossible=True),  # no attacker: no challenge
    "challenge.stealth-target": Rule("RR: Stealth", "1E Rules › Stealth"),
    "challenge.stealth-count": Rule("RR: Stealth", "1E Rules › Stealth"),
    "challenge.bypassed": Rule("RR: Stealth", "1E Rules › Stealth"),
    "challenge.none": Rule(INITIATE_2E, CHALLENGES_1E, impossible=True),
    "challenge.defender": Rule(DEFEND_2E, CHALLENGES_1E),
    "challenge.defenders-once": Rule(DEFEND_2E, CHALLENGES_1E),
    # 4.2.1 before 4.2.2: the defending player's choice (none included) is its own step, not the result's guess.
    "challenge.result-before-defenders": Rule(DEFEND_2E, CHALLENGES_1E),
    "challenge.result-once": Rule("RR: Appendix I › 4.2.2 Compare STR to determine challenge winner", CHALLENGES_1E),
    "challenge.str": Rule("RR: Winning a Challenge", "1E Rules › Challenges phase"),
    "claim.no-challenge": Rule(CLAIM_2E, "1E Rules › Claim", impossible=True),
    "claim.not-won": Rule(CLAIM_2E, "1E Rules › Claim"),
    "claim.once": Rule(CLAIM_2E, "1E Rules › Claim"),
    "claim.defender": Rule(CLAIM_2E, "1E Rules › Claim"),
    "claim.not-applied": Rule(CLAIM_2E, "1E Rules › Claim"),
    "claim.count": Rule("RR: Claim or Claim Value", "1E Rules › Claim"),
    "claim.replaced": Rule("RR: Claim or Claim Value", "1E Rules › Claim"),
    "claim.military-card": Rule("RR: Military Claim", "1E Rules › Claim"),
    "claim.not-in-play": Rule("RR: Military Claim", "1E Rules › Claim", impossible=True),
    "claim.same-character": Rule("RR: Military Claim", "1E Rules › Claim", impossible=True),
    "claim.intrigue-card": Rule("RR: Intrigue Claim", "1E Rules › Claim", impossible=True),
    "renown.no-challenge": Rule("RR: Renown", "1E Rules › Renown"),
    "renown.winner": Rule("RR: Renown", "1E Rules › Renown"),
    "renown.once": Rule("FAQ: Processing Keywords", "1E Rules › Renown"),
    "renown.before-claim": Rule("FAQ: Challenge Application Timing Sequence", "1E Rules › Renown"),
    "renown.participant": Rule("RR: Renown", "1E Rules › Renown"),
    "renown.keyword": Rule("RR: Renown", "1E Rules › Renown"),
    "renown.source": Rule("RR: Renown", "1E Rules › Renown"),
    "renown.barred": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "pillage.won": Rule("RR: Pillage", None),
    "pillage.participating": Rule("RR: Pillage", None),
    "pillage.once": Rule("RR: Pillage", None),
    "pillage.keyword": Rule("RR: Pillage", None),
    "kneel.already": Rule("RR: Kneel, Kneeling, Knelt", "1E Rules › Kneeling"),
    "stand.already": Rule("RR: Stand, Standing", "1E Rules › Kneeling"),
    "faction.kneel-already": Rule("RR: Kneel, Kneeling, Knelt", "1E Rules › Kneeling"),
    "faction.stand-already": Rule("RR: Stand, Standing", "1E Rules › Kneeling"),
    "ambush.phase": Rule("RR: Ambush", "1E Rules › Ambush"),
    "ambush.keyword": Rule("RR: Ambush", "1E Rules › Ambush"),
    "save.attached-only": Rule("RR: Save, Cannot be Saved", "1E Rules › Attachments"),
    "save.target": Rule("RR: Save, Cannot be Saved", "1E Rules › Golden rule"),
    "return.from-pile": Rule("RR: Dead Pile", "1E Rules › Dead pile"),
    "save.printed-unsaveable": Rule("RR: Save, Cannot be Saved", "1E Rules › Golden rule"),
    "save.phase-end": Rule("RR: Save, Cannot be Saved", "1E Rules › Golden rule"),
    "save.gold-cost": Rule("RR: Costs", "1E Rules › Golden rule"),
    "discard.not-a-copy": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "ability.silenced": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "event.no-target": Rule("RR: Targeting", "1E Rules › Events"),
    "event.no-side-target": Rule("RR: Targeting", "1E Rules › Events"),
    "event.all-immune": Rule("RR: Immune", "1E Rules › Immune"),
    "ability.target": Rule("RR: Targeting", "1E Rules › Golden rule"),
    "ability.cost-target": Rule("RR: Costs", "1E Rules › Golden rule"),
    "ability.cost-unpayable": Rule("RR: Costs", "1E Rules › Kneeling"),
    "ability.pillage-trigger": Rule("RR: Pillage", None),
    "ability.gold-at-least": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "power.nth-challenge": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "deck.banner-loyal": Rule("RR: Loyal", None),
    "event.barred-during": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "name.barred": Rule("RR: Golden Rule", None),
    "name.challenge-barred": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.no-target": Rule("RR: Targeting", "1E Rules › Golden rule"),
    "draw.if-won": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "draw.kneel-cost": Rule("RR: Costs", "1E Rules › Kneeling"),
    "ability.kneel-cost": Rule("RR: Costs", "1E Rules › Kneeling"),
    "draw.if-none-drawn": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "draw.printed-count": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "power.most-standing": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "power.per-margin": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "power.if-standing": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.amount": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "save.while-standing": Rule("RR: Save, Cannot be Saved", "1E Rules › Golden rule"),
    "event.cap": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "kneel.printed-unkneelable": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "gold.cannot-gain": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "marshal.never": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "play.entry-barred": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "power.round-cap": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.then-more-cards": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.source-used-plot": Rule("RR: In Play and Out of Play", "1E Rules › In play"),
    "event.play-if-used": Rule("RR: Event Cards", None),
    "event.play-if-challenges": Rule("RR: Event Cards", None),
    "setup.never": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.reactions-barred": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.amount-if": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "power.if-discarded": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.killed-at-zero": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.first-player": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "dominance.str-expired": Rule("RR: Lasting Effects", "1E Rules › Lasting effects"),
    "event.faction-cost": Rule("RR: Costs", "1E Rules › Kneeling"),
    "challenge.additional-type": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.plot-needed": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "ability.plot-barred": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "draw.unless-lost": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "draw.unless-lost-any": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "gold.per-count": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "hand.no-further-cards": Rule("RR: Golden Rule", "1E Rules › Golden rule"),
    "event.cancel-no-event": Rule("RR: Cancel", "1E Rules › Events"),
    "event.cancelled": Rule("RR: Cancel", "1E Rules › Events"),
    "ability.cancelled": Rule("RR: Cancel", "1E Rules › Golden rule"),
    "intimidate.str": Rule("RR: Intimidate", "1E Rules › Intimidate"),
    "intimidate.won": Rule("RR: Intimidate", "1E Rules › Intimidate"),
    "intimidate.once": Rule("RR: Intimidate", "1E Rules › Intimidate"),
    "dead.character-only": Rule("RR: Dead Pile", "1E Rules › Dead pile"),
    "kill.not-in-play": Rule("RR: Kill, Killed", "1E Rules › Killed", impossible=True),
    "draw.when-revealed-player": Rule(REVEAL_2E, PLOT_1E),
    "card.already-there": Rule("RR: In Play and Out of Play", "1E Rules › In play", impossible=True),
    "reveal.not-own": Rule("RR: Reveal", "1E Rules › Reveal", impossible=True),
    "look.not-hidden": Rule("RR: Look", "1E Rules › Look", impossible=True),
    "modify.card": Rule("RR: Modifiers", "1E Rules › Lasting effects", impossible=True),
    # Dominance, taxation.
    "dominance.once": Rule("RR: Appendix I › 5.2 Determine dominance", "1E Rules › Dominance phase"),
    "dominance.totals": Rule("RR: Appendix I › 5.2 Determine dominance", "1E Rules › Dominance phase"),
    "reserve.not-checked": Rule(RESERVE_2E, None),
    "reserve.phase": Rule(RESERVE_2E, None),
    "reserve.once": Rule(RESERVE_2E, None),
    "reserve.under": Rule(RESERVE_2E, None),
    "reserve.count": Rule("RR: Reserve Value", None),
    "reserve.order": Rule(RESERVE_2E, None),
    "reserve.none": Rule("RR: Reserve Value", "1E Rules › Taxation phase"),
    "discard.not-most-cards": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "discard.below-count": Rule(PLOT_TEXT_2E, PLOT_TEXT_1E),
    "discard.taxation-no-effect": Rule(RESERVE_2E, "1E Rules › Taxation phase"),
    "reserve.from-hand": Rule(RESERVE_2E, None, impossible=True),
    # The end of the game.
    "game.over": Rule(WINNING_2E, WINNING_1E),
    "eliminate.already": Rule(WINNING_2E, WINNING_1E, impossible=True),
    "eliminate.deck-left": Rule(WINNING_2E, WINNING_1E),
    "winner.no-choice": Rule(WINNING_2E, WINNING_1E),
    "winner.chooser": Rule(WINNING_2E, WINNING_1E),
    "time.not-called": Rule(END_OF_ROUND, END_OF_ROUND),
    "time.round-not-finished": Rule(END_OF_ROUND, END_OF_ROUND),
}

