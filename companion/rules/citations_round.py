"""The rules of the round itself: plots, initiative, turns, income, power and winning.

Merged into ``RULES`` and ``NOTES`` at the end of ``citations.py``. 2nd-edition citations are Rules
Reference glossary headings and Appendix I steps; 1st-edition ones the 1st-edition core rules.
"""

from __future__ import annotations

from companion.rules.citations import Rule

PLOT_2E = "RR: Appendix I › 1. Plot phase"
PLOT_1E = "1E Rules › Plot phase"

RULES_ROUND: dict[str, Rule] = {
    "plot.phase": Rule(
        PLOT_2E, PLOT_1E,
        "Plots are revealed in the plot phase (now: {phase}).",
        "Intrigen werden in der Intrigenphase aufgedeckt (jetzt: {phase}).",
    ),
    "plot.once-per-round": Rule(
        PLOT_2E, PLOT_1E,
        "{player} has already revealed a plot this round.",
        "{player} hat in dieser Runde schon eine Intrige aufgedeckt.",
    ),
    "plot.not-in-plot-deck": Rule(
        "RR: Plot Deck", PLOT_1E,
        "{card} is not in {player}'s plot deck (it is in the {zone}).",
        "{card} liegt nicht im Intrigenstapel von {player} (sondern im Bereich {zone}).",
        impossible=True,
    ),
    "plot.not-revealed": Rule(
        PLOT_2E, PLOT_1E,
        "{player} has not revealed a plot this round yet.",
        "{player} hat in dieser Runde noch keine Intrige aufgedeckt.",
    ),
    "first-player.phase": Rule(
        "RR: First Player", "1E Rules › First player",
        "The first player is chosen in the plot phase, after the plots are revealed (now: {phase}).",
        "Der Startspieler wird in der Intrigenphase gewählt, nachdem die Intrigen aufgedeckt sind (jetzt: {phase}).",
    ),
    "turn.phase": Rule(
        "RR: Appendix I › 3.3 Next player", "1E Rules › Marshalling phase",
        "Turns pass only in the marshaling and challenges phases (now: {phase}).",
        "Der Zug geht nur in der Aufmarsch- und der Herausforderungsphase weiter (jetzt: {phase}).",
    ),
    "turn.not-active": Rule(
        "RR: Appendix I › 3.3 Next player", "1E Rules › Marshalling phase",
        "Only the active player ({active}) can hand the turn on, not {player}.",
        "Nur der aktive Spieler ({active}) kann den Zug weitergeben, nicht {player}.",
    ),
    "gold.income-once": Rule(
        "RR: Income", "1E Rules › Marshalling phase",
        "{player} has already collected income this round.",
        "{player} hat in dieser Runde schon Einkommen erhalten.",
    ),
    "gold.income-no-plot": Rule(
        "RR: Income", "1E Rules › Marshalling phase",
        "{player} has no revealed plot to take income from.",
        "{player} hat keine aufgedeckte Intrige, aus der das Einkommen käme.",
        impossible=True,
    ),
    "power.not-enough": Rule(
        "RR: Power", "1E Rules › Power",
        "{where} has only {have} power, not {amount}.",
        "{where} hat nur {have} Macht, nicht {amount}.",
        impossible=True,
    ),
    "power.not-in-play": Rule(
        "RR: Power", "1E Rules › Power",
        "Power is gained on the faction card or on cards in play; {card} is in the {zone}.",
        "Macht liegt auf der Fraktionskarte oder auf Karten im Spiel; {card} liegt im Bereich {zone}.",
    ),
}

NOTES_ROUND: dict[str, tuple[str, str]] = {
    "game-won": (
        "{player} has {power} power and wins the game.",
        "{player} hat {power} Macht und gewinnt das Spiel.",
    ),
    "gold-returned": (
        "Taxation: {gold} unspent gold returns to the treasury.",
        "Steuerphase: {gold} nicht ausgegebenes Gold geht zurück in die Bank.",
    ),
    "cards-stand": (
        "Standing phase: {count} kneeling cards stand.",
        "Auffrischungsphase: {count} gekniete Karten werden aufgerichtet.",
    ),
    "plots-recycled": (
        "{player} revealed the last plot: the used pile returns to the plot deck.",
        "{player} hat die letzte Intrige aufgedeckt: die benutzten Intrigen kommen zurück in den Intrigenstapel.",
    ),
    "income": (
        "{player} collects {amount} gold ({plot}: {income}, modifier {modifier}).",
        "{player} erhält {amount} Gold ({plot}: {income}, Modifikator {modifier}).",
    ),
    "initiative": (
        "{player} wins initiative and chooses the first player.",
        "{player} gewinnt die Initiative und wählt den Startspieler.",
    ),
    "all-passed": (
        "Every player has had their turn: the phase can end.",
        "Alle Spieler waren am Zug: die Phase kann enden.",
    ),
}
