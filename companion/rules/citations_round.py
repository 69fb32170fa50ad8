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

#: The tournament regulations (FFG's organized-play document for the joust): not among our rule
#: sources, so cited by topic, as the 1st-edition core rules are.
REGULATIONS = "Tournament Regulations › Time limits"

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
    "gold.income-once": Rule(
        "RR: Income", "1E Rules › Marshalling phase",
    ),
    "gold.income-no-plot": Rule(
        "RR: Income", "1E Rules › Marshalling phase",
        impossible=True,
    ),
    "power.not-enough": Rule(
        "RR: Power", "1E Rules › Power",
        impossible=True,
    ),
    # Challenges (issue 21): one entry each, and their follow-ups.
    "challenge.phase": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.active-player": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.once-per-type": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.same-seat": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "challenge.winner": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "challenge.participant": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.kneeling": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.unopposed": Rule("RR: Unopposed", "1E Rules › Unopposed challenges"),
    "challenge.power-claim": Rule("RR: Claim Value", "1E Rules › Claim"),
    "challenge.no-challenge": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "challenge.not-winner": Rule(CHALLENGES_2E, CHALLENGES_1E),
    "challenge.reward-twice": Rule(CHALLENGES_2E, CHALLENGES_1E, impossible=True),
    "power.not-in-play": Rule(
        "RR: Power", "1E Rules › Power",
    ),
}

