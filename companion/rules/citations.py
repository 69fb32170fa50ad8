"""Every rule the engine enforces: stable id, where it is written in each edition, and what to say.

Citations for the 2nd edition use the Rules Reference glossary headings ("RR: …") and
FAQ v4.1 entries. For the 1st edition they use the headings of the King's Landing
Shadows insert ("1E Shadows insert › …") and, for rules outside that insert, the
1st-edition core rules ("1E Rules › …").

Messages are templates filled with the names of the cards involved, in English and German.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    citation_2e: str | None
    citation_1e: str | None
    en: str
    de: str
    #: The action names something that is not there (a card where it is not, more tokens than lie
    #: on a card): it cannot physically happen, so it is refused in every mode and records nothing.
    #: Other violations are illegal but possible: advisory games record them with a flag.
    impossible: bool = False


INSERT_1E = "1E Shadows insert"

RULES: dict[str, Rule] = {
    # -- shadows: entering ----------------------------------------------------
    "shadows.no-keyword": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        None,
        "{card} has no Shadow keyword, so it cannot be marshalled into shadows.",
        "{card} hat kein Schlüsselwort Schatten und kann daher nicht in die Schatten aufmarschieren.",
    ),
    "shadows.marshal-phase": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        f"{INSERT_1E} › Playing a card into Shadows",
        "Cards are marshalled into shadows only in the marshaling phase (now: {phase}).",
        "Karten marschieren nur in der Aufmarschphase in die Schatten auf (jetzt: {phase}).",
    ),
    "shadows.marshal-from-hand": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        f"{INSERT_1E} › Playing a card into Shadows",
        "{card} is marshalled into shadows from its owner's hand, but it is in {zone}.",
        "{card} marschiert von der Hand in die Schatten auf, liegt aber im Bereich {zone}.",
        impossible=True,
    ),
    "shadows.no-crest": Rule(
        None,
        f"{INSERT_1E} › Playing a card into Shadows",
        "{card} has no Shadow crest: cards without it cannot be marshalled or moved into Shadows.",
        "{card} hat kein Schatten-Wappen: solche Karten können nicht in die Schatten gelegt werden.",
    ),
    "shadows.setup-no-keyword": Rule(
        "RR: Shadows › Marshaling a card into shadows",
        None,
        "Only cards with the Shadow keyword may be placed in shadows during setup; {card} has none.",
        "Nur Karten mit dem Schlüsselwort Schatten dürfen beim Aufbau in die Schatten; {card} hat es nicht.",
    ),
    # -- shadows: coming out --------------------------------------------------
    "shadows.not-in-shadows": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} is not in {player}'s shadows area (it is in {zone}).",
        "{card} ist nicht im Schattenbereich von {player} (sondern im Bereich {zone}).",
        impossible=True,
    ),
    "shadows.event-brought-out": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} is an event: events are played from shadows, not brought into play.",
        "{card} ist ein Ereignis: Ereignisse werden aus den Schatten gespielt, nicht ins Spiel geholt.",
    ),
    "shadows.not-an-event": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} is not an event, so it cannot be played from shadows; bring it out instead.",
        "{card} ist kein Ereignis und kann nicht aus den Schatten gespielt werden; hole sie stattdessen heraus.",
    ),
    "shadows.put-into-play-event": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} is an event: events cannot be put into play from shadows.",
        "{card} ist ein Ereignis: Ereignisse können nicht aus den Schatten ins Spiel gebracht werden.",
    ),
    "shadows.cost-choice": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} has Shadow ({costs}); {chosen} is not one of its values.",
        "{card} hat Schatten ({costs}); {chosen} ist keiner ihrer Werte.",
    ),
    "shadows.x-needs-value": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} has Shadow (X): say what X is when paying.",
        "{card} hat Schatten (X): gib beim Bezahlen an, wie groß X ist.",
    ),
    "shadows.no-shadow-value": Rule(
        "RR: Shadows › Bringing a card out of shadows",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} has no Shadow value now, so it cannot be brought out by paying; it stays in shadows until an "
        "effect puts it into play or moves it.",
        "{card} hat jetzt keinen Schattenwert und kann daher nicht durch Bezahlen aus den Schatten geholt werden; "
        "sie bleibt dort, bis ein Effekt sie ins Spiel bringt oder bewegt.",
    ),
    "shadows.put-into-play-from": Rule(
        "RR: Put into Play",
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{card} is put into play from a shadows area, but it is in {zone}.",
        "{card} wird aus einem Schattenbereich ins Spiel gebracht, liegt aber im Bereich {zone}.",
        impossible=True,
    ),
    "shadows.gain-not-in-shadows": Rule(
        "RR: Shadows › The Shadow Keyword",
        f"{INSERT_1E} › While a card is in Shadows",
        "{card} can gain a Shadow value only while it is in shadows; it is in {zone}.",
        "{card} kann nur in den Schatten einen Schattenwert erhalten; sie liegt im Bereich {zone}.",
        impossible=True,
    ),
    "shadows.rearrange": Rule(
        "RR: Shadows › While a card is in shadows",
        None,
        "{player} may not shuffle or rearrange the cards in shadows to hide their identity; "
        "every card keeps its position.",
        "{player} darf die Karten in den Schatten nicht mischen oder neu anordnen, um ihre Identität zu "
        "verschleiern; jede Karte behält ihre Position.",
    ),
    "shadows.no-action-window": Rule(
        "RR: Action Windows",
        None,
        "Cards come out of shadows as an action, and setup has no action window.",
        "Karten kommen als Aktion aus den Schatten, und beim Spielaufbau gibt es kein Aktionsfenster.",
    ),
    "shadows.unique-dead-pile": Rule(
        "RR: Shadows › Unique cards and shadows",
        f"{INSERT_1E} › Unique cards and Shadows",
        "{card} cannot come out of shadows: a copy of it ({copy}) is in {owner}'s dead pile.",
        "{card} kann nicht aus den Schatten kommen: eine Kopie ({copy}) liegt in {owner}s Totenstapel.",
    ),
    "shadows.unique-owned-not-controlled": Rule(
        "RR: Shadows › Unique cards and shadows",
        f"{INSERT_1E} › Unique cards and Shadows",
        "{card} cannot come out of shadows: {owner} owns the copy {copy} in play, but {controller} controls it.",
        "{card} kann nicht aus den Schatten kommen: {owner} besitzt die Kopie {copy} im Spiel, "
        "aber {controller} kontrolliert sie.",
    ),
    "shadows.unique-controls-other": Rule(
        "RR: Shadows › Unique cards and shadows",
        f"{INSERT_1E} › Unique cards and Shadows",
        "{card} cannot come out of shadows: {player} controls {copy}, a copy that {owner} owns.",
        "{card} kann nicht aus den Schatten kommen: {player} kontrolliert {copy}, eine Kopie, die {owner} besitzt.",
    ),
    "shadows.timing-1e": Rule(
        None,
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "In the 1st edition cards come out of Shadows only at the beginning of a phase, "
        "before anything else happens in it.",
        "In der 1. Edition kommen Karten nur zu Beginn einer Phase aus den Schatten, bevor sonst etwas geschieht.",
    ),
    "shadows.once-per-phase-1e": Rule(
        None,
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "{player} already had their chance to bring a card out of Shadows this phase ({how}).",
        "{player} hatte in dieser Phase schon die Gelegenheit, eine Karte aus den Schatten zu holen ({how}).",
    ),
    "shadows.order-1e": Rule(
        None,
        f"{INSERT_1E} › Bringing a card out of Shadows",
        "Cards come out of Shadows one player at a time, from the first player clockwise: {earlier} has not "
        "yet used or passed their chance, so {player} must wait.",
        "Karten kommen reihum aus den Schatten, beginnend beim Startspieler im Uhrzeigersinn: {earlier} hat "
        "die Gelegenheit noch nicht genutzt oder verstreichen lassen, also muss {player} warten.",
    ),
    # -- lasting restrictions from card effects (e.g. No Surprises) ---------------
    "restriction.bring-out": Rule(
        "FAQ: No Surprises",
        "1E Rules › Lasting effects",
        "{player} cannot bring cards out of shadows until the end of the {until} ({source}); "
        "putting one into play from shadows counts too.",
        "{player} kann bis zum Ende der {until} keine Karten aus den Schatten holen ({source}); "
        "sie aus den Schatten ins Spiel zu bringen zählt auch.",
    ),
    "restriction.play-events": Rule(
        "RR: Lasting Effects",
        "1E Rules › Lasting effects",
        "{player} cannot play events until the end of the {until} ({source}), from hand or from shadows.",
        "{player} kann bis zum Ende der {until} keine Ereignisse spielen ({source}), weder von der Hand "
        "noch aus den Schatten.",
    ),
    # -- marshaling and setup -------------------------------------------------
    "marshal.phase": Rule(
        "RR: Marshal",
        "1E Rules › Marshalling phase",
        "Cards are marshalled only in the marshaling phase (now: {phase}).",
        "Karten marschieren nur in der Aufmarschphase auf (jetzt: {phase}).",
    ),
    "marshal.active-player": Rule(
        "RR: Appendix I › 3. Marshaling phase",
        "1E Rules › Marshalling phase",
        "Only the active player ({active}) may marshal; {player} is not.",
        "Nur der aktive Spieler ({active}) darf aufmarschieren lassen; {player} ist es nicht.",
    ),
    "marshal.from-hand": Rule(
        "RR: Marshal",
        "1E Rules › Marshalling phase",
        "{card} is marshalled from its owner's hand, but it is in {zone}.",
        "{card} marschiert von der Hand auf, liegt aber im Bereich {zone}.",
        impossible=True,
    ),
    "marshal.event": Rule(
        "RR: Marshal",
        "1E Rules › Marshalling phase",
        "{card} is an event: events are played, not marshalled.",
        "{card} ist ein Ereignis: Ereignisse werden gespielt, nicht aufmarschiert.",
    ),
    "cost.dash": Rule(
        "RR: Shadows › Printed cost of shadows cards",
        None,
        "{card} has no printed cost (\"-\"): it can only come out of shadows, never from hand.",
        "{card} hat keine aufgedruckten Kosten („-“): sie kommt nur aus den Schatten, nie von der Hand.",
    ),
    "shadows.crest-marshal-1e": Rule(
        None,
        f"{INSERT_1E} › Playing a card into Shadows",
        "{card} has the Shadow crest: it must go into Shadows first and cannot be marshalled or played directly.",
        "{card} hat das Schatten-Wappen: sie muss zuerst in die Schatten und kann nicht direkt "
        "aufmarschieren oder gespielt werden.",
    ),
    "limited.once-per-round": Rule(
        "RR: Limited",
        "1E Rules › Limited",
        "{player} already marshalled or played a Limited card this round; {card} is Limited.",
        "{player} hat in dieser Runde schon eine limitierte Karte ausgespielt; {card} ist limitiert.",
    ),
    "setup.phase": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        "Setup cards are placed only during setup (now: {phase}).",
        "Aufbaukarten werden nur beim Spielaufbau gelegt (jetzt: {phase}).",
    ),
    "setup.gold": Rule(
        "RR: Setup",
        f"{INSERT_1E} › Playing a card into Shadows",
        "{player} would spend {spent} of the {limit} setup gold.",
        "{player} würde {spent} vom Aufbaugold ({limit}) ausgeben.",
    ),
    "setup.limited": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        "At most one Limited card may be placed during setup; {player} already placed {other}.",
        "Beim Aufbau darf höchstens eine limitierte Karte gelegt werden; {player} hat schon {other} gelegt.",
    ),
    "setup.type": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        "{card} is a {type} card: only characters, locations and attachments are placed face up in setup.",
        "{card} ist vom Typ {type}: beim Aufbau werden nur Charaktere, Orte und Verstärkungen offen gelegt.",
    ),
    "setup.from-hand": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        "{card} is placed during setup from its owner's hand, but it is in {zone}.",
        "{card} wird beim Aufbau von der Hand gelegt, liegt aber im Bereich {zone}.",
        impossible=True,
    ),
    "setup.revealed": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        "The setup cards are already revealed: setup is over.",
        "Die Aufbaukarten sind schon aufgedeckt: der Spielaufbau ist vorbei.",
    ),
    "setup.already-placed": Rule(
        "RR: Setup",
        "1E Rules › Setup",
        "{card} already lies face down as a setup card.",
        "{card} liegt schon verdeckt als Aufbaukarte aus.",
        impossible=True,
    ),
    # -- uniqueness ------------------------------------------------------------
    "unique.dead-pile": Rule(
        "RR: Dead Pile",
        "1E Rules › Dead pile",
        "{card} is unique and a copy of it ({copy}) is in {player}'s dead pile.",
        "{card} ist einzigartig, und eine Kopie ({copy}) liegt in {player}s Totenstapel.",
    ),
    "unique.control-conflict": Rule(
        "RR: Unique Cards",
        "1E Rules › Unique cards",
        "{card} is unique and the copy {copy} in play is owned by {owner} but controlled by {controller}: "
        "neither may bring more copies into play.",
        "{card} ist einzigartig, und die Kopie {copy} im Spiel gehört {owner}, wird aber von {controller} "
        "kontrolliert: keiner von beiden darf weitere Kopien ins Spiel bringen.",
    ),
    "unique.take-control": Rule(
        "RR: Unique Cards",
        "1E Rules › Unique cards",
        "{player} cannot take control of {card}: {player} already owns or controls {copy} in play.",
        "{player} kann {card} nicht übernehmen: {player} besitzt oder kontrolliert schon {copy} im Spiel.",
    ),
    "unique.take-control-dead-pile": Rule(
        "RR: Unique Cards",
        "1E Rules › Unique cards",
        "{player} cannot take control of {card}: a copy ({copy}) is in {player}'s dead pile.",
        "{player} kann {card} nicht übernehmen: eine Kopie ({copy}) liegt in {player}s Totenstapel.",
    ),
    "unique.opponents-card": Rule(
        "FAQ v4.1 (1.3) Unique cards in play and in the dead pile",
        "1E Rules › Unique cards",
        "{card} belongs to {owner}: it cannot enter play under {player}'s control while a copy ({copy}) is in play.",
        "{card} gehört {owner}: sie kann nicht unter der Kontrolle von {player} ins Spiel kommen, solange eine "
        "Kopie ({copy}) im Spiel ist.",
    ),
    # -- attachments -----------------------------------------------------------
    "attach.target": Rule(
        "RR: Attachment Cards",
        "1E Rules › Attachments",
        "{card} cannot be attached to {target}: {reason}.",
        "{card} kann nicht an {target} angelegt werden: {reason}.",
    ),
    # -- playing events --------------------------------------------------------
    "event.from-hand": Rule(
        "RR: Event Cards",
        "1E Rules › Events",
        "{card} is played from its owner's hand, but it is in {zone}.",
        "{card} wird von der Hand gespielt, liegt aber im Bereich {zone}.",
        impossible=True,
    ),
    "event.not-an-event": Rule(
        "RR: Event Cards",
        "1E Rules › Events",
        "{card} is not an event card.",
        "{card} ist keine Ereigniskarte.",
    ),
    # -- gold -----------------------------------------------------------------
    "gold.insufficient": Rule(
        "RR: Costs",
        "1E Rules › Gold",
        "{player} needs {cost} gold but has {gold}.",
        "{player} braucht {cost} Gold, hat aber {gold}.",
    ),
    "gold.income-phase": Rule(
        "RR: Income",
        "1E Rules › Marshalling phase",
        "Income is collected when a player becomes active in the marshaling phase (now: {phase}).",
        "Einkommen erhält man, wenn man in der Aufmarschphase aktiv wird (jetzt: {phase}).",
    ),
    "gold.taxation-phase": Rule(
        "RR: Appendix I › 7.2 Return unspent gold",
        "1E Rules › Taxation phase",
        "Unspent gold is returned in the taxation phase (now: {phase}).",
        "Nicht ausgegebenes Gold wird in der Steuerphase zurückgegeben (jetzt: {phase}).",
    ),
    # -- tokens ---------------------------------------------------------------
    "tokens.not-enough": Rule(
        "RR: Tokens, Running out of",
        "1E Rules › Tokens",
        "There are only {have} {kind} token(s) on {where}, not {amount}.",
        "Auf {where} liegen nur {have} {kind}-Marker, nicht {amount}.",
        impossible=True,
    ),
    "tokens.where": Rule(
        "RR: Shadows › While a card is in shadows",
        f"{INSERT_1E} › While a card is in Shadows",
        "Tokens sit on cards in play or in shadows; {card} is in the {zone}.",
        "Marker liegen auf Karten im Spiel oder in den Schatten; {card} liegt im Bereich {zone}.",
        impossible=True,
    ),
    # -- leaving play, control --------------------------------------------------
    "kill.not-character": Rule(
        "RR: Kill",
        "1E Rules › Killed",
        "Only characters in play can be killed; {card} is a {type} in {zone}.",
        "Nur Charaktere im Spiel können getötet werden; {card} ist vom Typ {type} im Bereich {zone}.",
    ),
    "play.not-in-play": Rule(
        "RR: In Play and Out of Play",
        "1E Rules › In play",
        "{card} is not in play (it is in {zone}).",
        "{card} ist nicht im Spiel (sondern im Bereich {zone}).",
        impossible=True,
    ),
    "control.same-player": Rule(
        "RR: Ownership and Control",
        "1E Rules › Control",
        "{player} already controls {card}.",
        "{player} kontrolliert {card} bereits.",
    ),
    "control.no-effect": Rule(
        "RR: Ownership and Control",
        "1E Rules › Control",
        "No take-control effect is active on {card}; it is controlled by its owner.",
        "Auf {card} wirkt kein Übernahme-Effekt; ihr Besitzer kontrolliert sie.",
    ),
    "duplicate.save-not-duplicate": Rule(
        "RR: Duplicates",
        "1E Rules › Duplicates",
        "{card} is not a duplicate, so it cannot be discarded to save a card.",
        "{card} ist kein Duplikat und kann daher nicht abgelegt werden, um eine Karte zu retten.",
    ),
    "duplicate.save-controller": Rule(
        "RR: Duplicates",
        "1E Rules › Duplicates",
        "Only the duplicate's controller ({controller}) may discard {card} to save a card; {player} does not "
        "control it.",
        "Nur wer das Duplikat kontrolliert ({controller}), darf {card} ablegen, um eine Karte zu retten; "
        "{player} kontrolliert es nicht.",
    ),
    "play.put-into-play-event": Rule(
        "RR: Put into Play",
        "1E Rules › Put into play",
        "{card} is an event: events are played, never put into play.",
        "{card} ist ein Ereignis: Ereignisse werden gespielt, nie ins Spiel gebracht.",
    ),
    "play.already-in-play": Rule(
        "RR: Put into Play",
        "1E Rules › Put into play",
        "{card} is already in play.",
        "{card} ist bereits im Spiel.",
        impossible=True,
    ),
    # -- flow -----------------------------------------------------------------
    "phase.sequence": Rule(
        "RR: Appendix I › Timing chart",
        "1E Rules › Game round",
        "The {phase} phase does not follow the {current} phase.",
        "Die Phase {phase} folgt nicht auf die Phase {current}.",
    ),
    "zone.draw-from-deck": Rule(
        "RR: Draw",
        "1E Rules › Draw",
        "{card} is drawn from the draw deck, but it is in {zone}.",
        "{card} wird vom Zugstapel gezogen, liegt aber im Bereich {zone}.",
        impossible=True,
    ),
}

NOTES: dict[str, tuple[str, str]] = {
    "duplicate": (
        "{card} enters as a duplicate of {copy}.",
        "{card} kommt als Duplikat von {copy} ins Spiel.",
    ),
    "duplicate-free": (
        "{card} is marshalled as a duplicate of {copy}, for no cost.",
        "{card} marschiert als Duplikat von {copy} auf, ohne Kosten.",
    ),
    "tokens-discarded": (
        "The tokens on {card} ({tokens}) are discarded.",
        "Die Marker auf {card} ({tokens}) werden abgelegt.",
    ),
    "attachment-discarded": (
        "{card} has no legal card to attach to and is discarded without entering play.",
        "{card} hat keine gültige Karte zum Verstärken und wird abgelegt, ohne ins Spiel zu kommen.",
    ),
    "limited-ignored": (
        "{card} is Limited, but coming out of shadows is not marshalling: the Limited rule does not apply.",
        "{card} ist limitiert, aber aus den Schatten zu kommen ist kein Aufmarschieren: "
        "die Limitiert-Regel gilt nicht.",
    ),
    "shadows-unique-allowed": (
        "{card} is unique; it may still go into shadows although a copy is in play or in the dead pile.",
        "{card} ist einzigartig; sie darf trotzdem in die Schatten, obwohl eine Kopie im Spiel "
        "oder im Totenstapel ist.",
    ),
    "duplicate-discarded": (
        "{card} was a duplicate and is discarded.",
        "{card} war ein Duplikat und wird abgelegt.",
    ),
    "attachment-returned": (
        "{card} was attached and returns to {owner}'s hand.",
        "{card} war angelegt und kehrt auf die Hand von {owner} zurück.",
    ),
    "attachment-terminal": (
        "{card} was a Terminal attachment and is discarded.",
        "{card} war eine terminale Verstärkung und wird abgelegt.",
    ),
    "owner-area": (
        "{card} goes to its owner's ({owner}) {zone}, not {player}'s.",
        "{card} geht in den Bereich {zone} ihres Besitzers ({owner}), nicht von {player}.",
    ),
    "control-reverts": (
        "Control of {card} returns to {player}.",
        "Die Kontrolle über {card} geht an {player} zurück.",
    ),
    "cost-changed": (
        "{player} paid {paid} gold instead of {cost} (a cost modifier?).",
        "{player} zahlte {paid} Gold statt {cost} (ein Kostenmodifikator?).",
    ),
    "assumed-drawn": (
        "{card} was still in the draw deck; it is taken as drawn.",
        "{card} lag noch im Zugstapel; sie gilt als gezogen.",
    ),
    "out-of-house": (
        "{card} is out of {player}'s House: +{penalty} gold penalty.",
        "{card} gehört nicht zum Haus von {player}: +{penalty} Gold Aufschlag.",
    ),
    "new-round": (
        "Round {round} begins.",
        "Runde {round} beginnt.",
    ),
    "limited-event-counts": (
        "{card} is a Limited event: playing it from shadows counts as {player}'s Limited card this round.",
        "{card} ist ein limitiertes Ereignis: es aus den Schatten zu spielen zählt als limitierte Karte "
        "von {player} in dieser Runde.",
    ),
    "shadow-gained": (
        "{card} gains Shadow ({value}) while it is in shadows.",
        "{card} erhält Schatten ({value}), solange sie in den Schatten ist.",
    ),
    "restricted": (
        "{player} cannot {what} until the end of the {until}.",
        "{player} kann bis zum Ende der {until} nicht: {what}.",
    ),
    "saved-by-duplicate": (
        "{copy} is discarded to save {card} from leaving play.",
        "{copy} wird abgelegt, um {card} davor zu retten, das Spiel zu verlassen.",
    ),
    "duplicates-follow": (
        "{card}'s duplicates ({copies}) go with it to {player}.",
        "Die Duplikate von {card} ({copies}) gehen mit ihr an {player}.",
    ),
    "attachments-stay": (
        "{card}'s attachments ({copies}) stay under their controllers.",
        "Die Verstärkungen an {card} ({copies}) bleiben bei ihren Kontrolleuren.",
    ),
    "enters-under-control": (
        "{card} enters play under {player}'s control (owner: {owner}); control reverts when the effect ends.",
        "{card} kommt unter der Kontrolle von {player} ins Spiel (Besitzer: {owner}); die Kontrolle geht zurück, "
        "wenn der Effekt endet.",
    ),
    "setup-revealed": (
        "{player} reveals the setup cards: {names}.",
        "{player} deckt die Aufbaukarten auf: {names}.",
    ),
    "setup-gold-lost": (
        "{player} loses {gold} unspent setup gold; it does not go to the gold pool.",
        "{player} verliert {gold} nicht ausgegebenes Aufbaugold; es kommt nicht in den Goldvorrat.",
    ),
    "setup-face-down": (
        "{card} lies face down until the setup cards are revealed.",
        "{card} liegt verdeckt, bis die Aufbaukarten aufgedeckt werden.",
    ),
}

# The round's own rules (plots, initiative, turns, income, power) live in their own module.
from companion.rules.citations_round import NOTES_ROUND, RULES_ROUND  # noqa: E402

RULES.update(RULES_ROUND)
NOTES.update(NOTES_ROUND)
