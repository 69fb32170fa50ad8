"""Read card dumps in the three formats the companion knows, keeping facts only.

* throneteki-json-data pack files (2nd edition): ``{"code", "name", "cards": [...]}``
* ThronesDB public API cards (2nd edition): a list of ``{"code", "type_code", ...}``
* agot-lcg-search ``cards.json`` (1st edition): a list of ``{"id", "card_type", "crest", ...}``
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, TypedDict

from companion.catalog import no_kneel
from companion.catalog.attach_only import parse_restriction, put_targets
from companion.catalog.card import (
    CARD_TYPES,
    FACTIONS,
    ICONS,
    KEYWORDS,
    NAMED_TRAIT,
    PLOT_STATS,
    TEXT_FACTS,
    X_PAID,
    AttachOnly,
    Card,
    Cost,
    PlotValue,
    fold,
)
from companion.catalog.no_kneel import Stand
from companion.catalog.plot_limits import parse_plot_limits

#: A card's own title in its text, as one word the patterns below name (``own_title``). Patterns built with each
#: card's title were compiled anew for every card (ten a card) and pushed the re module's 512 cached patterns out,
#: so the shared ones were compiled again and again too: four fifths of a catalogue's build went to compiling.
SELF = "SELFTITLE"


def own_title(text: str, name: str | None) -> str:
    """``text`` with each occurrence of the card's title ``name`` (in any case) written as ``SELF``."""
    if not name:
        return text
    low, key = text.lower(), name.lower()
    if len(low) != len(text):  # a letter whose lower case is longer: let the re module find the title
        return re.sub(re.escape(name), SELF, text, flags=re.IGNORECASE)
    parts, at = [], 0
    while (found := low.find(key, at)) >= 0:
        parts += [text[at:found], SELF]
        at = found + len(key)
    return "".join(parts) + text[at:]


_TAG = re.compile(r"<[^>]+>")
_SHADOW = re.compile(r"^shadow\s*\(\s*(\d+|x)\s*\)$", re.IGNORECASE)
#: A printed plot value modifier on its own line: "+1 Income.", "-1 Initiative.", "[+1 Income]" (1st edition).
_MODIFIER = re.compile(r"^\[?\s*([+-]\d+)\s+(income|initiative|reserve)\s*\]?$", re.IGNORECASE)
#: A keyword with a value ("Ambush (3)", "Bestow (2)", "Prized 1"): the keyword is its name.
#: "Sansa Stark enters play knelt." (1st edition "River Row comes into play knelt."): only when it names the card.
_ENTERS_KNELT = re.compile(r"^(.+?) (?:enters play|comes into play) knelt$", re.IGNORECASE)
#: "Ser Jaime Lannister does not kneel when declared as an attacker in a [military] challenge(, and …)": only when it
#: names the card; a condition after it the log does not decide ("against an opponent with more cards in their hand
#: than you", "while it has at least 1 attachment") is kept as ``no_kneel_while`` ("unread", ""), read leniently.
_NO_KNEEL = re.compile(r"^(.+?) does not kneel (?:when declared as an? (attacker or defender|attacker|defender)|"
                       r"to (attack or defend|attack|defend))"
                       r"(?: (?:in|during) (?:an? )?\[?(military|intrigue|power)\]? challenges?)?"
                       r"(?: against an opponent who does not control an? (\w+) character|"
                       r"(?P<unread> against an opponent .+| an opponent .+| while .+)|"
                       r"(?P<first> (?:in|during) the first challenge initiated each (?:phase|round)))?(?:, and .*)?$",
                       re.IGNORECASE)
#: "While a player has a War plot revealed, Vanguard of the North does not kneel …" (Core), "While you control Right,
#: Left gets +1 STR, gains a [power] icon, and does not kneel when declared as a defender.": the condition read, the
#: sentence kept as "<name> does not kneel …"; another condition ("While you control a King character or Catelyn
#: Stark", 1st edition "If it is Winter") is kept as ("unread", "").
_WHILE_NO_KNEEL = re.compile(r"^(?:while|if) (?:a player has an? (\w+) plot revealed|you control (?!an? |no |\d)"
                             r"([^,]+?)|[^,]+?), (.+?)(?:,? and)? (does not kneel .*)$", re.IGNORECASE)
#: "Wex Pyke cannot be declared as a defender." (1st edition Hodor: "… as an attacker."): only when it names the card,
#: with no condition after it.
_NEVER_DECLARED = re.compile(r"^(.+?) cannot be declared as an? (attacker or defender|attacker|defender)$",
                             re.IGNORECASE)
#: 1st edition "House Tully Septon cannot attack, and does not kneel to defend.", "Black Hatchling cannot defend.":
#: "cannot attack" is "cannot be declared as an attacker"; a "does not kneel" after it is read on as its own sentence.
_CANNOT_SIDE = re.compile(r"^(.+?) cannot (attack or defend|attack|defend)(?:,? and (does not kneel .+))?$",
                          re.IGNORECASE)
#: An attachment's "Attached character cannot be declared as an attacker (or defender) (in [intrigue] challenges)."
#: (Craven, Fishing Net, Honor-Bound; "… in challenges against you": Secret Pact; 1st edition Fishing Net "…, and
#: does not count its STR for dominance.", whose dominance half is not read).
_ATTACHED_NEVER = re.compile(r"^attached character cannot be declared as an? (attacker or defender|attacker|defender)"
                             r"(?: in \[?(military|intrigue|power)\]? challenges| in challenges (against you))?"
                             r"(?:, and does not count its str for dominance)?$", re.IGNORECASE)
#: "Attached character does not contribute its STR to [power] challenges or to its controller's total for dominance."
#: (Traitor to the Crown): the character it is on counts no STR for dominance. 1st edition Fishing Net's "…, and does
#: not count its STR for dominance." is left to the table: a held-out 1st-edition log (aside14 40) counts it.
_ATTACHED_NO_DOMINANCE = re.compile(r"\battached character\b[^.]*?\bdoes not contribute its STR\b[^.]*?"
                                    r"\btotal for dominance\b", re.IGNORECASE)
#: "Non-unique characters cannot be declared as attackers or defenders in [intrigue] challenges." (Olenna's Study): a
#: card in play that binds every player.
_UNIQUE_ONLY_IN = re.compile(r"^non-unique characters cannot be declared as (attackers or defenders|attackers|"
                             r"defenders) in \[?(military|intrigue|power)\]? challenges$", re.IGNORECASE)
#: "<Name> cannot be declared …" under a condition: "… unless you control Bran Stark" (Hodor), "While there is a card
#: in shadows, …" (Naive Scout), "While there is a Winter plot card revealed, …" (King Renly's Host), "While there are
#: more Summer plot cards than Winter plot cards revealed, …" (Wintertime Marauders), "… in the first challenge each
#: player initiates each round" (Ser Robar Royce).
_SIDES = r"(attacker or defender|attacker|defender)"
_NEVER_UNLESS = re.compile(rf"^(.+?) cannot be declared as an? {_SIDES} unless you control (.+)$", re.IGNORECASE)
_NEVER_FIRST = re.compile(rf"^(.+?) cannot be declared as an? {_SIDES} in the first challenge each player initiates "
                          r"each round$", re.IGNORECASE)
_NEVER_WHILE = re.compile(rf"^while there (?:is an? (summer|winter) plot card revealed|is a card in shadows|are more "
                          rf"(summer|winter) plot cards than (?:summer|winter) plot cards revealed), (.+?) cannot be "
                          rf"declared as an? {_SIDES}$", re.IGNORECASE)
#: "Benjen Stark cannot be bypassed by stealth." (1st edition "… with stealth."): only when it names the card.
_NO_BYPASS = re.compile(r"^(.+?) cannot be bypassed (?:by|with) stealth$", re.IGNORECASE)
#: "Each Ranger character you control cannot be bypassed by stealth." (Benjen Stark); "Attached character cannot be
#: bypassed by stealth." (Candle in the Dark).
_TRAIT_NO_BYPASS = re.compile(r"^[Ee]ach ([A-Z][\w' ]*?) character you control cannot be bypassed (?:by|with) stealth$")
#: "Ser Jaime Lannister gains renown while participating in a [military] challenge." (1st edition "House Florent
#: Scouts gains vigilant and renown during the first challenge initiated each round."): only when it names the card.
_RENOWN_DURING = re.compile(r"^(.+?) (?:does not kneel [^,]*, and )?gains (?:\w+ and )?renown (?:while "
                            r"(?:participating|attacking|defending) in an? \[?(military|intrigue|power)\]? challenge|"
                            r"during the (first) challenge initiated each round)$", re.IGNORECASE)
#: "While Ser Denys Mallister is defending, he gains renown.": its role in any challenge ("attacking", "defending").
_RENOWN_WHILE_ROLE = re.compile(r"^while (.+?) is (attacking|defending), (?:he|she|it) gains renown$", re.IGNORECASE)
_ATTACHED_NO_BYPASS = re.compile(r"^attached character cannot be bypassed (?:by|with) stealth$", re.IGNORECASE)
#: "While The Knight of Flowers is attacking alone, the defending player cannot declare more than 1 character as a
#: defender.": only when it names the card.
_ALONE_DEFENDERS = re.compile(r"^while (.+?) is attacking alone, the defending player cannot declare more than (\d+) "
                              r"characters? as (?:a )?defenders?$", re.IGNORECASE)
#: 1st edition Stannis Baratheon: "While Stannis Baratheon is attacking and the defending player controls no Lord
#: characters, that player cannot declare defenders.": only when it names the card.
_DEFENDERS_NEED = re.compile(r"^while (.+?) is attacking and the defending player controls no (\w+) characters, that "
                             r"player cannot declare defenders$", re.IGNORECASE)
#: The Tickler: "Kneel The Tickler to discard the top card of an opponent's deck. Then, you may choose 1 copy of that
#: card, and discard it from play."
_DISCARDS_COPY = re.compile(r"\bdiscard the top card of an opponent's deck\. then, you may choose 1 copy of that card, "
                            r"and discard it from play\b", re.IGNORECASE)
#: 1st edition Doran Martell: "If a player loses a challenge as the attacker, that player must fulfill the claim of that
#: challenge, using the Claim value on the defending player's plot card."
_LOSING_ATTACKER_CLAIMS = re.compile(r"\bif a player loses a challenge as the attacker, that player must fulfill the "
                                     r"claim of that challenge\b", re.IGNORECASE)
#: The Lord of the Crossing: "During the first challenge you initiate each phase, each of your participating characters
#: gets -1 STR." ("… the third … +2 STR"): (1, -1), (3, 2).
_STR_NTH_CHALLENGE = re.compile(r"^during the (first|second|third) challenge you initiate each phase, each of your "
                                r"participating characters gets ([+-]\d+) STR$", re.IGNORECASE)
#: The Lord of the Crossing, after its third challenge's sentence: "If you win this challenge, gain 1 power for your
#: faction.": the power only for the challenge the sentence before names.
_WIN_POWER_THIS = re.compile(r"^if you win this challenge, gain \d+ power for your faction$", re.IGNORECASE)
#: "The Red Keep contributes 2 STR to your side during any [power] challenge in which you control a participating
#: character." (Grey Galley: "… any challenge in which you control a defending character"): only when it names the card.
_SIDE_STR = re.compile(r"^(.+?) contributes (\d+) STR to your side during any (?:\[?(military|intrigue|power)\]? )?"
                       r"challenge in which you control an? (participating|defending) character$", re.IGNORECASE)
#: 1st edition Wex Pyke: "While Wex Pyke is attacking, characters without crests cannot be declared as defenders."
#: ("no_crest"); 2nd edition River Runner "… each character with power …" ("power"); 1st edition Ser Amory Lorch
#: "… characters that have a Trait in common with Ser Amory Lorch …" ("shared_trait"); 1st edition Lord Tywin's Man
#: "While Lord Tywin's Man is attacking, House Lannister characters cannot defend." ("house:lannister", the House's
#: faction): only when it names the card.
_DEFENDERS_BARRED = re.compile(r"^while (.+?) is attacking, (characters without crests|each character with power|"
                               r"characters that have a trait in common with .+?|house (\w+) characters|characters "
                               r"with printed cost lower than the number of attacking house (\w+) characters) cannot "
                               r"(?:be declared as (?:a )?defenders?|defend)$", re.IGNORECASE)
#: 2nd edition The Drumm: "While The Drumm is attacking in a [military] or [power] challenge, each character with an
#: [intrigue] icon cannot be declared as a defender." ("icon:intrigue|military,power": what it bars, then when);
#: Rattleshirt: "While Rattleshirt is attacking alone, each character without attachments cannot be declared as a
#: defender." ("no_attachments|alone"): only when it names the card.
_DEFENDERS_BARRED_WHEN = re.compile(r"^while (.+?) is attacking( alone| in an? \[?(?:military|intrigue|power)\]?"
                                    r"(?: or \[?(?:military|intrigue|power)\]?)? challenge)?, each character "
                                    r"(with an? \[?(military|intrigue|power)\]? icon|without attachments) cannot be "
                                    r"declared as a defender$", re.IGNORECASE)
#: 1st edition The Fox's Teeth: "While The Fox's Teeth is attacking, only knelt characters may be declared as
#: defenders." ("standing" characters are barred; knelt ones may be declared: its sentence before says so).
_ONLY_KNELT_DEFEND = re.compile(r"^while (.+?) is attacking, only knelt characters may be declared as defenders$",
                                re.IGNORECASE)
#: 1st edition Balon Greyjoy: "If Balon Greyjoy is the only King character in play, characters with lower STR than his
#: cannot be declared as defenders while he is attacking." ("lower_str_only_king"): only when it names the card.
_DEFENDERS_LOWER = re.compile(r"^if (.+?) is the only king character in play, characters with lower str than "
                              r"(?:his|her|its) cannot be declared as defenders while (?:he|she|it) is attacking$",
                              re.IGNORECASE)
#: "Increase the cost for each opponent to marshal each of his or her characters by 1." (Famine)
_OPPONENT_COST = re.compile(r"^increase the cost for each opponent to marshal each of (?:his or her|their) "
                            r"(characters|locations|attachments) by (\d+)$", re.IGNORECASE)
#: "Increase the cost of each character you marshal by 1." (Kingdom of Shadows): its own player's.
_OWN_COST = re.compile(r"^increase the cost of each (character|location|attachment) you marshal by (\d+)$",
                       re.IGNORECASE)
#: "You cannot play events during [intrigue] or [power] challenges." (Sea of Blood): the challenge types.
_NO_EVENTS_DURING = re.compile(r"^you cannot play events during ((?:\[?(?:military|intrigue|power)\]?(?:,? or |, )?)+) "
                               r"challenges$", re.IGNORECASE)
#: "You may include non-loyal [stark] cards in your deck." (the Banners, 8 printings): the faction.
_NON_LOYAL_OF = re.compile(r"^you may include non-loyal \[(\w+)\] cards in your deck$", re.IGNORECASE)
#: "During the plot phase, Scheme cards are not considered to be in your plot deck." ("The Rains of Castamere"): the
#: Trait.
_PLOT_DECK_EXCLUDES = re.compile(r"^during the plot phase, ([A-Z][\w']*) cards are not considered to be in your plot "
                                 r"deck$", re.IGNORECASE)
#: "Attached character gains an [intrigue] icon and the Steward trait." / "… gains stealth and renown." / 1st edition
#: "Attached character gains an Intrigue icon.": what an attachment gives the card it is on, each item known or the
#: sentence is not read ("… gains renown during [power] challenges" is not).
_ATTACHED_GAINS = re.compile(r"^attached character gains (.+)$", re.IGNORECASE)
#: An icon gained under a condition the table shows: "While Arya Stark has a duplicate, she gains a [military] icon.",
#: "While you control Rickon Stark, he gets +2 STR and gains a [military] icon.", "While you control a Lord or Lady
#: character, …", "While Merchant Prince has an attachment, …", "While you are not the first player, …", "While an
#: opponent controls a King character, …", 1st edition "While there is no other card named King's Champion in play,
#: it gains a Power icon …", "During a challenge in which you are the defending player, Bronn gains a [military], an
#: [intrigue], and a [power] icon.", and an attachment's "If attached character is Joffrey Baratheon, he gains a
#: [military] icon.": (icon, condition, argument); the STR in such a sentence is ``self_while``'s.
_ICON_WHILE = re.compile(r"^(?:if attached character is (?P<named>.+?)|(?:while|if|during a challenge in which) "
                         r"(?P<when>.+?)), (.+?) (?:gets [+-]\d+ str,? (?:and )?)?gains an? "
                         r"\[?(military|intrigue|power)\]?"
                         r"(?P<also>(?:,? (?:and )?an? \[?(?:military|intrigue|power)\]?)*) icons?\b",
                         re.IGNORECASE)
_ICON_CONDITIONS = (
    (re.compile(r"^(.+?) has a duplicate$", re.IGNORECASE), "duplicate"),
    (re.compile(r"^(.+?) has an attachment$", re.IGNORECASE), "attachment"),
    (re.compile(r"^there is no other card named (.+?) in play$", re.IGNORECASE), "no_other_named"),
    (re.compile(r"^you are not the first player$", re.IGNORECASE), "not_first"),
    (re.compile(r"^you are the (attacking|defending) player$", re.IGNORECASE), "side"),
    (re.compile(r"^you (?:control|have) more cards in shadows than each opponent$", re.IGNORECASE), "more_shadows"),
    (re.compile(r"^an opponent controls an? (\w+) character$", re.IGNORECASE), "opponent_trait"),
    (re.compile(r"^you control (?:(another)|an?) ([A-Z][\w']*(?: [A-Z][\w']*)*(?: or [A-Z][\w']*)?) "
                r"(character|location)$"),
     "control_trait"),
    (re.compile(r"^you control ([A-Z][^,]*)$"), "control"),
    (re.compile(r"^there are fewer than (\d+) plots? (?:cards? )?in your used pile$", re.IGNORECASE), "used_fewer"),
    (re.compile(r"^there is an? (Winter|Summer) plot card revealed$", re.IGNORECASE), "plot_a"),
    (re.compile(r"^there are no (Winter|Summer) plot cards revealed$", re.IGNORECASE), "plot_no"),
    (re.compile(r"^there are no cards in shadows$", re.IGNORECASE), "no_shadows"),
    (re.compile(r"^you control no loyal characters$", re.IGNORECASE), "no_loyal"),
    # "While each character you control has the [stark] affiliation, …" (Alysane Mormont)
    (re.compile(r"^each character you control has the \[(\w+)\] affiliation$", re.IGNORECASE), "all_faction"),
    # 1st edition Dacey Mormont: "While there is at least 1 Military Battle plot card revealed, …" (anyone's plot)
    (re.compile(r"^there is (?:at least 1|an?) ([A-Z][\w']*(?: [A-Z][\w']*)*) plot card revealed$"), "plot_trait"),
    # "While The Knight is attacking alone, he gains stealth and renown.": the card itself, the only one on its side
    (re.compile(r"^(.+?) is (attacking|defending|attacking or defending) alone$", re.IGNORECASE), "alone"),
)


#: An attachment's "If attached character is Bran Stark, he gains stealth." (1st edition Summer), "… she also gets +1
#: STR and gains stealth" (Nymeria), "… he gains a [power] icon and intimidate" (Grey Worm's Spear): the keywords among
#: what it gains, for the card it is on when that card has the name.
_KEYWORDS_IF_NAMED = re.compile(r"^if attached character is (?P<named>[^,]+), (?:he|she|it) (?:also )?"
                                r"(?:gets [+-]\d+ str,? (?:and )?)?gains (?P<items>.+)$", re.IGNORECASE)
#: Renown or keywords named beside the bare keyword ("Renown." alone is the card's own keyword).
_NAMES_RENOWN = re.compile(r"\b(renown|keywords?)\b", re.IGNORECASE)


def keywords_while(sentence: str) -> list[tuple[str, str, str]]:
    """The keywords an attachment's "If attached character is <name>, he gains …" gives that card
    (``keywords_while``)."""
    m = _KEYWORDS_IF_NAMED.match(sentence)
    if m is None:
        return []
    items = [i.strip().lower() for i in re.split(r",? and |, ", m.group("items"))]
    return [(item, "attached_is", m.group("named").strip()) for item in items if item in KEYWORDS]


def gives_renown(text: str | None) -> bool:
    """Some sentence of the text names renown or keywords, the bare "Renown." keyword aside (``Card.gives_renown``),
    and one read as ``each_gains`` aside (the characters it gives renown to are known: "Your [Baratheon] characters
    with printed cost 2 or higher gain renown.")."""
    sentences = [" ".join(s.split()) for s in re.split(r"[.\n]", _TAG.sub("", text or ""))]
    return any(_NAMES_RENOWN.search(s) for s in sentences if s.lower() != "renown" and not (
        (gains := each_gains(s)) is not None and "renown" in gains[2]))


def icon_while(sentence: str, name: str | None) -> tuple[str, str, str] | None:
    """A conditional icon's (icon, condition, argument) in a sentence of the card ``name``, or None. The subject is the
    card itself (its name; "she" when the condition names it), or another card: "While you control Rickon Stark, he
    gains …" (Shaggydog, which prints the icon already: "he" is Rickon) gives it to the card named there
    ("control_gives"), and an attachment's "If attached character is Joffrey Baratheon, he gains …" to the card it is
    on when it has that name ("attached_is")."""
    m = _ICON_WHILE.match(sentence)
    if m is None or name is None:
        return None
    icon = m.group(4).lower()
    if m.group("named") is not None:
        return (icon, "attached_is", m.group("named"))
    cond = condition_of(m.group("when"), name, fold(m.group(3)) == fold(name), fold(m.group(3)) in {"he", "she", "it"})
    return None if cond is None else (icon, *cond)


def condition_of(when: str, name: str, itself: bool, pronoun: bool) -> tuple[str, str] | None:
    """(condition, argument) of one of ``_ICON_CONDITIONS`` in a sentence of the card ``name`` whose subject is the
    card (``itself``) or a pronoun (``pronoun``: "While you control Rickon Stark, he …" is Rickon's)."""
    for pattern, kind in _ICON_CONDITIONS:
        if (c := pattern.match(when)) is None:
            continue
        if kind in {"duplicate", "attachment", "no_other_named"}:
            return (kind, "") if fold(c.group(1)) == fold(name) and (itself or pronoun) else None
        if kind == "alone":  # the side it is alone on
            return (kind, c.group(2).lower()) if fold(c.group(1)) == fold(name) and (itself or pronoun) else None
        if kind == "control":
            return ("control", c.group(1)) if itself else (("control_gives", c.group(1)) if pronoun else None)
        if not itself:
            return None
        if kind == "control_trait":
            other = "other_" if c.group(1) else ""
            return (f"control_{other}{c.group(3)}", c.group(2).replace(" or ", "|"))
        return (kind, c.group(1) if c.groups() else "")
    return None


#: A card's own STR under a condition the table shows: "While there are fewer than 3 plots in your used pile,
#: Greatjon's Vanguard gets +2 STR and gains renown.", "While there is a Winter plot card revealed, House Manderly
#: Knight gets +2 STR.", "While you control another Knight character, Hedge Knight gets +1 STR …", 1st edition "If there
#: are no cards in Shadows, Sansa Stark gets +2 STR, …": the condition (one of ``_ICON_CONDITIONS``), its argument,
#: the STR. A count ("+1 STR for each …") is not this shape.
_STR_SELF_WHILE = re.compile(r"^(?:while|if) (?P<when>.+?), (?P<who>.+?) gets ([+-]\d+) STR(?:,? and .*|, .*)?$",
                             re.IGNORECASE)


def self_while(sentence: str, name: str | None) -> tuple[str, str, int, tuple[str, ...]] | None:
    """(condition, argument, STR, the keywords it gains beside: "… and gains renown") of a ``_STR_SELF_WHILE``
    sentence whose subject is the card ``name`` itself."""
    m = _STR_SELF_WHILE.match(sentence)
    if m is None or name is None or fold(m.group("who")) != fold(name):
        return None
    when, amount = m.group("when"), int(m.group(3))
    gained = tuple(k for k in KEYWORDS if re.search(rf"\b{k}\b", m.group(0)[m.end(3):], re.IGNORECASE))
    cond = condition_of(when, name, True, False)
    return None if cond is None else (*cond, amount, gained)
#: A keyword the card (or the card its condition names) gains on a condition the table shows: "While you control more
#: cards in shadows than each opponent, Penny gains an [intrigue] icon and stealth.", "While you are not the first
#: player, Quentyn Martell gets +1 STR and gains stealth.", "While you control Balon Greyjoy, he gains stealth."
_GAINS_WHILE = re.compile(r"^while (?P<when>.+?), (?P<who>.+?) (?:gets [+-]\d+ str,? (?:and )?)?gains (?P<items>.+)$",
                          re.IGNORECASE)


def while_condition(when: str, subject: str, name: str) -> tuple[str, str] | None:
    """The (condition, argument) of "While <when>, <subject> gains …" on the card ``name`` (``condition_of``), or
    None: a condition in other words, or a subject that is neither the card nor a pronoun for it."""
    return condition_of(when, name, fold(subject) == fold(name), fold(subject) in {"he", "she", "it"})


def own_keywords_while(sentence: str, name: str | None) -> list[tuple[str, str, str]]:
    """The keywords of ``_GAINS_WHILE`` as (keyword, condition, argument), the condition read as an icon's is
    (``while_condition``)."""
    m = _GAINS_WHILE.match(sentence)
    if m is None or name is None or (condition := while_condition(m.group("when"), m.group("who"), name)) is None:
        return []
    items = [i.strip().lower() for i in re.split(r",? and |, ", m.group("items"))]
    found = [(item, *condition) for item in items if item in KEYWORDS]
    # "… Alysane Mormont gains stealth during [military] challenges and …": the challenge type joins the condition
    for item in items:
        if (during := _DURING_KIND.match(item)) is not None and during.group(1) in KEYWORDS:
            found.append((during.group(1), f"{condition[0]}@{during.group(2)}", condition[1]))
    return found


_DURING_KIND = re.compile(r"^(\w+) during \[?(military|intrigue|power)\]? challenges\b")


#: STR while the card (or the character it is attached to) takes part on a side: 1st edition "Ser Rodrik Cassel gets +2
#: STR while defending.", "Attached character gets -4 STR while participating in a challenge." (Stinking Drunk),
#: "While participating in a challenge, attached character gets +6 STR …"; 2nd edition "While Defender of the Wall is
#: defending, it gets +2 STR.", "While attached character is participating in a challenge, it gets +2 STR …"
#: (Dragonglass Dagger). A sentence with a count or a condition more ("for each", "an opponent with …") is not read.
_SIDES_WORD = r"(attacking|defending|participating(?: in a challenge)?)"
_STR_WHILE = (
    # 1st edition Acolyte of the Flame: "… gets +1 STR while it is standing." ("standing": wherever its STR counts)
    re.compile(rf"^(.+?) gets? ([+-]\d+) STR while (?:it is )?({_SIDES_WORD[1:-1]}|standing)$", re.IGNORECASE),
    re.compile(rf"^while (.+?) is {_SIDES_WORD}, (?:it|he|she|\1) gets? ([+-]\d+) STR(?: and .*)?$",
               re.IGNORECASE),
    re.compile(rf"^while {_SIDES_WORD}, (attached character) gets? ([+-]\d+) STR(?: and .*)?$", re.IGNORECASE),
    re.compile(r"^during the (dominance) phase, (.+?) gets? ([+-]\d+) STR$", re.IGNORECASE),
    # "During [power] challenges, Ser Colen of Greenpools gets +3 STR." (Honor-Bound: "…, attached character …"),
    # 1st edition "Ancient Mariner gets -3 STR during Military challenges.": the challenge type as the side.
    # "During [intrigue] challenges, attached character gets +2 STR and gains stealth." (Valyrian Steel Dagger; The
    # Viper's Spear, 1st edition Ser Cortnay Penrose): what follows "and" is not STR.
    re.compile(r"^during \[?(military|intrigue|power)\]? challenges, (.+?) gets? ([+-]\d+) STR(?: and .*)?$",
               re.IGNORECASE),
    re.compile(r"^(.+?) gets? ([+-]\d+) STR during \[?(military|intrigue|power)\]? challenges$", re.IGNORECASE),
    # 1st edition Lord Tyrion's Host: "… gets +3 STR while you have more gold in your gold pool than each opponent.";
    # Disputed Claim: "While you have more power on your faction card than each opponent, attached character gets +2
    # STR and gains renown.": "more_gold", "more_power", whenever its STR counts.
    re.compile(r"^(.+?) gets? ([+-]\d+) STR while you have more (gold) in your gold pool than each opponent$",
               re.IGNORECASE),
    re.compile(r"^while you have more (power) on your faction card than each opponent, (attached character) gets? "
               r"([+-]\d+) STR(?: and .*)?$", re.IGNORECASE),
)
#: "Each Knight character you control gets +1 STR." (Ser Bryce Caron), 1st edition "Each of your Knight characters
#: gets +1 STR …" (Tourney for the Hand), "Each of your House Stark characters gets +1 STR." (Winterfell Castle), a
#: faction's or crest's symbol ("Each [thenightswatch] character you control gets +1 STR.": The Wall; 1st edition
#: "[War] characters you control get +2 STR.": The Power of Arms; "War characters you control get +1 STR.": Randyll
#: Tarly; "Wildling characters …", "Night's Watch characters …", "Targaryen characters …"): the trait, crest or House
#: (or "House Stark", or the symbol in its brackets) and the STR, for each such character its controller controls.
#: 1st edition King's Pavillion: "Each character gets +3 STR while it is standing." (anyone's): the STR.
_STR_STANDING = re.compile(r"^each character gets \+(\d+) STR while it is standing$", re.IGNORECASE)
#: 1st edition The Giant's Lance "Kneeling characters get -1 STR."; Lyanna Stark "Non-unique characters get -1 STR
#: while knelt." (anyone's): the STR, and whether only non-unique ones (``str_kneeling``).
_STR_KNEELING = re.compile(r"^(?:kneeling characters get ([+-]\d+) STR|(non-unique )?characters get ([+-]\d+) STR "
                           r"while (?:knelt|kneeling))$", re.IGNORECASE)
_STR_EACH = re.compile(r"^(?:[Ee]ach (?:of your )?((?:House )?[A-Z][\w']*(?: [A-Z][\w']*)*|\[\w+\]) characters? "
                       r"(?:you control )?gets?|(\[\w+\]|(?!House )[A-Z][\w']*(?: [A-Z][\w']*)?) characters you "
                       r"control get) ([+-]\d+) STR"
                       r"(?: and is immune to [\w' ]+)?$")

#: "While there are no Winter plot cards revealed, each character you control gets +1 STR." (A Song of Summer), and
#: the same under "While there is a Summer (Winter) plot card revealed, …" or for "each <Trait> character": the
#: condition on the revealed plots' traits ("no" or "a", the trait), the characters' trait ("" for every one) and
#: the STR. 1st edition "While it is Summer, …" is not this shape (when it is Summer is not in the rule texts).
_STR_EACH_WHILE = re.compile(r"^[Ww]hile there (?:are (no) (Winter|Summer) plot cards|is (a) (Winter|Summer) plot "
                             r"card) revealed, each ((?:[A-Z][\w']* )*)character you control gets ([+-]\d+) STR$")
#: The same under a condition the table shows: "While there are no cards in shadows, …" (Enemies in Every Shadow),
#: "While you control fewer characters than each opponent, …" (Holding the Trident; 1st edition "… than any
#: opponent"), "While you control no loyal characters, …" (Ghost of High Heart).
_EACH_CONDITION = (r"(there are no cards in shadows|you control fewer characters than (?:each|any) opponent|"
                   r"you control no loyal characters)")
_STR_EACH_WHEN = re.compile(rf"^[Ww]hile {_EACH_CONDITION}, each ((?:[A-Z][\w']* )*)character you control gets "
                            r"([+-]\d+) STR$")
#: The same condition after the STR: 1st edition The Gatehouse Tower "Your characters get +1 STR if you control fewer
#: characters than each opponent." (the condition, the characters' trait, the STR).
_STR_EACH_IF = re.compile(rf"^[Yy]our ((?:[A-Z][\w']* )*)characters get ([+-]\d+) STR (?:if|while) {_EACH_CONDITION}$")
#: The same while the card itself stands: "While Sentinel Stand is standing, each character you control with 1 or fewer
#: challenge icons gets +2 STR." (the card's name, the characters' trait, their icons, the STR).
_STR_EACH_STANDING = re.compile(r"^[Ww]hile (.+?) is standing, each ((?:[A-Z][\w']* )*)character you control"
                                r"(?: with (1 or fewer|fewer than 2|no) challenge icons)? gets ([+-]\d+) STR$")
_EACH_WHEN = {"there are no cards in shadows": "no_shadows", "you control no loyal characters": "no_loyal",
              "you control fewer characters than any opponent": "fewer_than_any"}
#: 1st edition "While it is Summer, your characters get +1 STR." (A Song of Summer), "While it is Winter, opponent's
#: characters get -1 STR." (The Winds of Winter): whose characters and the STR. When it is Summer or Winter is not
#: in the rule texts at hand, so the condition is not decided: a result either way stands (``str_unread``).
_STR_SEASON = re.compile(r"^(?:while|if) it is (?:not )?(?:summer|winter), (your|opponent's|opponents') characters "
                         r"get ([+-]\d+) STR$", re.IGNORECASE)

#: "While Wildling Bandit is attacking an opponent with more gold in his or her gold pool than you, it gets +2 STR.":
#: "richer_defender".
_STR_WHILE_RICHER = re.compile(r"^while (.+?) is attacking an opponent with more gold in his or her gold pool "
                               r"than you, (?:it|he|she) gets ([+-]\d+) STR$", re.IGNORECASE)


def str_while(sentence: str, name: str | None) -> tuple[str, int] | None:
    """(side, STR) of a ``_STR_WHILE`` sentence about the card ``name`` itself or its attached character: side is
    "attacking", "defending", "participating" or "dominance" (1st edition Lordship: "During the dominance phase,
    attached character gets +4 STR."; Flea Bottom Bastard), a challenge type (Ser Colen: in that type's challenges, on
    either side), "more_gold" or "more_power" (its controller has more than each opponent), "richer_defender" (it
    attacks a player with more gold than its controller)."""
    if (richer := _STR_WHILE_RICHER.match(sentence)) is not None and fold(richer.group(1)) == fold(name or ""):
        return "richer_defender", int(richer.group(2))
    for i, pattern in enumerate(_STR_WHILE):
        if (m := pattern.match(sentence)) is None:
            continue
        subject, side, amount = (m.group(1), m.group(3), m.group(2)) if i in (0, 5, 6) else (
            (m.group(1), m.group(2), m.group(3)) if i == 1 else (m.group(2), m.group(1), m.group(3)))  # i 2, 3, 4, 7
        if fold(subject) not in {fold(name or ""), "attached character"}:
            return None
        return ("more_" if i >= 6 else "") + side.split()[0].lower(), int(amount)
    return None


#: A plot's gold toll (1st edition Uneasy Truce: "In order to initiate a Military challenge, an attacker must give the
#: defender 2 gold tokens from his or her gold pool."; Calm Over Westeros: "In order to play an event card, a player
#: must give an opponent one gold token from his or her gold pool."): what it is paid for, to whom, how much.
_GOLD_TOLL = re.compile(r"^in order to (?:initiate an? (military|intrigue|power) challenge|(play an event)(?: card)?), "
                        r"an? (?:attacker|player) must give (the defender|an opponent) (\d+|one|two|three) "
                        r"gold tokens? from his or her gold pool$", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def gold_toll(sentence: str) -> tuple[str, str, int] | None:
    """(what: the challenge type or "event", to: "defender" | "opponent", gold) of a ``_GOLD_TOLL`` sentence."""
    m = _GOLD_TOLL.match(sentence)
    if m is None:
        return None
    amount = int(m.group(4)) if m.group(4).isdigit() else _NUMBER_WORDS[m.group(4).lower()]
    return ((m.group(1) or "event").lower(), "defender" if m.group(3).lower() == "the defender" else "opponent",
            amount)


#: Gold on a card spent as the pool's: 1st edition Tywin Lannister "You may spend gold tokens on Tywin Lannister as if
#: they are in your gold pool."; Old Bill Bone "… on [Martell] Characters you control …"; 2nd edition Sweet Cersei
#: "During the challenges phase, you may spend gold on Sweet Cersei as if it were in your gold pool.".
_SPEND_ON = re.compile(r"^(?:during the (\w+) phase, )?you may spend gold(?: tokens)? on (.+?) as if (?:they are|they "
                       r"were|it were|it is) in your gold pool(?: during the (\w+) phase)?$", re.IGNORECASE)
_SPEND_ON_FACTION = re.compile(r"^\[(\w+)\] (characters?|cards?) you control$", re.IGNORECASE)


#: A permission to marshal from a pile: "You may marshal non-unique Drowned God characters from your dead pile as if
#: they were in your hand." (Tarle the Thrice-Drowned), "… you may marshal House Dayne Escort from your discard pile as
#: if it were in your hand.", "Once per marshaling phase, you may marshal a location from your discard pile …" (King's
#: Landing), "You may marshal Stormcrows into shadows from your discard pile …".
_MARSHAL_FROM_PILE = re.compile(r"^(?:.*?, )?you may marshal (non-unique )?(.+?) (into shadows )?from your "
                                r"(dead|discard) pile as if (?:it|he|she|they) (?:were|are) in your hand$",
                                re.IGNORECASE)
_PILE_SUBJECT = re.compile(r"^(?:an? )?(?:(.+?) )?(character|location|attachment)s?$", re.IGNORECASE)


#: "Sacrifice Jeyne Poole to return a Lady character from your discard pile to your hand.": the pile it returns from.
_RETURNS_FROM = re.compile(r"\breturn [^.]*? from your (discard|dead) pile to your hand\b", re.IGNORECASE)


def returns_from(plain: str) -> str | None:
    """The one pile ("discard" or "dead") a ``_RETURNS_FROM`` text returns a card from to its owner's hand; None where
    its text names both piles ("from your discard pile or dead pile": Lost Captain) or neither."""
    m = _RETURNS_FROM.search(plain)
    piles = {x.lower() for x in re.findall(r"\b(discard|dead) pile", plain, re.IGNORECASE)}
    return m.group(1).lower() if m is not None and piles == {m.group(1).lower()} else None


def marshal_from_pile(plain: str, name: str | None) -> tuple[str, str, str, bool, bool] | None:
    """(the pile, "dead" or "discard"; what may come from it: "self" or a card type; the Trait it needs or "";
    non-unique only; into shadows) of a ``_MARSHAL_FROM_PILE`` sentence. Its conditions ("While there are 3 or more
    plot cards in your used pile", "Once per marshaling phase") are not read: the permission is taken as given."""
    for sentence in re.split(r"[.\n]", plain):
        m = _MARSHAL_FROM_PILE.match(" ".join(sentence.split()))
        if m is None:
            continue
        pile, shadows, non_unique = m.group(4).lower(), m.group(3) is not None, m.group(1) is not None
        if name is not None and fold(m.group(2)) == fold(name):
            return (pile, "self", "", non_unique, shadows)
        if (what := _PILE_SUBJECT.match(m.group(2))) is not None:
            return (pile, what.group(2).lower(), what.group(1) or "", non_unique, shadows)
    return None


def gold_spendable(plain: str, name: str | None) -> tuple[str, str] | None:
    """(whose gold: "self", or "<faction>:<type>" / "<faction>:card" for the cards of a faction its controller
    controls; the phase it may be spent in, or "") of a ``_SPEND_ON`` sentence. None: none, or one that asks more
    ("While Casterly Rock is standing, …")."""
    for sentence in re.split(r"[.\n]", plain):
        m = _SPEND_ON.match(" ".join(sentence.split()))
        if m is None:
            continue
        phase = (m.group(1) or m.group(3) or "").lower().replace("marshalling", "marshaling")
        if name is not None and fold(m.group(2)) == fold(name):
            return ("self", phase)
        if (whose := _SPEND_ON_FACTION.match(m.group(2))) is not None:
            kind = whose.group(2).lower().rstrip("s")
            return (f"{whose.group(1).lower()}:{kind}", phase)
    return None


#: A card effect that reveals a new plot card (RR: Golden Rule beats "one plot a round"): 1st edition Bran Stark "Kneel
#: Bran Stark to choose and reveal a new plot card." ("self": its controller's), Margaery Tyrell "That opponent must
#: choose and reveal a new plot card.", Lords of the Narrow Sea "… to force an opponent to reveal a new plot card."
#: ("other": another player's). "Until you reveal a new plot card" and "cannot reveal a new plot card" are not such.
_NEW_PLOT_OTHER = re.compile(r"\b(?:force an opponent to|(?:that|each) (?:opponent|player) (?:must|may) "
                             r"(?:choose and )?(?:[^.]*? and )?)reveal a new plot card\b", re.IGNORECASE)
#: "… kneel your faction card to reveal a Scheme plot." ("The Rains of Castamere"; Nymeria of Ny Sar "… to reveal a
#: [martell] or Summer plot.") is "self" too.
_NEW_PLOT_SELF = re.compile(r"(?<!must )(?<!may )\bchoose and reveal a new plot card\b|\bpay 1 gold to reveal a new "
                            r"plot card\b|\bto reveal an? (?!new )(?:\[\w+\] or )?[A-Z]\w* plot\b", re.IGNORECASE)


def reveals_new_plot(plain: str) -> str | None:
    """"self" or "other": whose new plot card the card's effect reveals (``_NEW_PLOT_SELF``, ``_NEW_PLOT_OTHER``)."""
    if _NEW_PLOT_OTHER.search(plain):
        return "other"
    return "self" if _NEW_PLOT_SELF.search(plain) else None


#: Printed immunity, a sentence of its own read in every word or not at all (RR: Immune; 1st edition Immune): "Immune to
#: events." (2nd edition Small Council Chamber), "Immune to character abilities." (1st edition Ser Jacelyn Bywater),
#: "Immune to opponents' events.", "Immune to opponent's character abilities.", "Immune to events and character
#: abilities.", "Immune to location abilities.", "Immune to opponent's location effects.", "Immune to plot card
#: effects.", "Immune to card effects.". Not read: a trait's ("Immune to Omen card effects"), "triggered effects",
#: "non-Raven cards", and immunity a sentence grants or makes conditional ("… gains 'immune to events'", "While …").
_IMMUNE = re.compile(r"^immune to (?:(opponents?['’]s?) )?(events and character abilities|events|character abilities|"
                     r"location abilities|location effects|plot card effects|plot effects|card effects)$",
                     re.IGNORECASE)
_IMMUNE_KINDS = {"events and character abilities": ("event", "character"), "events": ("event",),
                 "character abilities": ("character",), "location abilities": ("location",),
                 "location effects": ("location",), "plot card effects": ("plot",), "plot effects": ("plot",),
                 "card effects": ("card",)}


def immune_to(sentence: str) -> tuple[str, tuple[str, ...]] | None:
    """("any" or "opponents", the kinds of card whose effects it is immune to: "event", "character", "location",
    "plot", or "card" for every card) from one printed sentence (``_IMMUNE``)."""
    m = _IMMUNE.match(sentence)
    if m is None:
        return None
    return ("opponents" if m.group(1) else "any", _IMMUNE_KINDS[m.group(2).lower()])


#: Its own immunity while its controller controls a character of a kind: 1st edition Shaggydog "While you control at
#: least 1 House Stark Lord character, Shaggydog gets +3 STR and is immune to events.": (the House or "", the Trait).
_IMMUNE_WHILE = re.compile(r"^(?i:while you control at least (?:1|one|an?)) (?:House (\w+) )?([A-Z][\w']*) "
                           r"characters?, (.+?) (?:gets? [+-]\d+ STR and )?is (immune to .+)$")


def immune_while(sentence: str, name: str | None) -> tuple[str, tuple[str, ...], str, str] | None:
    """(whose, kinds, as ``immune_to``; the House or "", the Trait) of an ``_IMMUNE_WHILE`` sentence about the card
    ``name`` itself."""
    m = _IMMUNE_WHILE.match(sentence)
    if m is None or name is None or fold(m.group(3)) != fold(name) or (immunity := immune_to(m.group(4))) is None:
        return None
    return (*immunity, (m.group(1) or "").lower(), m.group(2))


#: What a card gives each character (and location) of a kind while its text counts: "Each Knight character you control
#: gains renown and \"immune to opponents' events.\"" (A Tourney for the King), "Each Stormborn character you control
#: gains renown." (Drogon), 1st edition "Characters and locations are immune to events this round." (Calm Before the
#: Storm: anyone's), "Your Night's Watch characters gain \"immune to events.\"" (Jon Snow), "Noble characters you
#: control are immune to opponent's events." (Formal Escort), "Each of your Knight characters gets +1 STR and is
#: immune to opponent's character abilities." (Tourney for the Hand: its STR is ``str_each``); icons as well: "Each
#: [stark] Army character you control gains an [intrigue] icon." (The Blackfish), "Each other Ranger character …"
#: (Ser Jaremy Rykker), "… you control with 1 or more gold gains …" (Milk Snakes), "While you are the defending
#: player, each [thenightswatch] character …" (Ser Alliser Thorne), 1st edition "Each Maester character in play
#: gains a Military icon." (Maester of War). Another condition before it, "unique", "non-…" or any other word in the
#: list: not read.
_EACH_GAINS = re.compile(r"^(?:while you are the (?P<side>defending|attacking) player, )?"
                         r"(?P<each>each (?:of your )?|your )?(?P<other>other )?"
                         r"(?P<trait>(?:\[\w+\] )?(?:[A-Z][\w']*(?: [A-Z][\w']*)* )?)characters?"
                         r"(?P<locations> and locations)? (?P<whose>you control |in play )?"
                         r"(?:with printed cost (?P<cost>\d+) or (?P<bound>higher|lower) )?"
                         r"(?P<gold>with 1 or more gold )?"
                         r"(?:gains?|are|is|gets? [+-]\d+ STR and is) (?P<gains>.+?)(?: this round)?$",
                         re.IGNORECASE)
_GAINED_KEYWORDS = ("renown", "stealth", "insight", "intimidate", "pillage", "deadly", "vigilant", "vengeful")
_GAINED_ICON = re.compile(r"^an? \[?(military|intrigue|power)\]? icon$", re.IGNORECASE)


def each_gains(sentence: str) -> tuple[str, str, tuple[str, ...], tuple[str, tuple[str, ...]] | None] | None:
    """(whose: "yours" or "all", with "+locations" where locations gain it too; the trait or 1st-edition crest, ""
    for every character, with its conditions after ";"; the keywords and icons gained; the immunity, as
    ``immune_to``) of an ``_EACH_GAINS`` sentence."""
    m = _EACH_GAINS.match(sentence)
    trait = m.group("trait").strip() if m is not None else ""
    if m is None or not all(word[0].isupper() or re.fullmatch(r"\[\w+\]", word) for word in trait.split()) \
            or trait.startswith(("Attached", "House ")):
        return None  # an attachment's "Attached character gains …" is ``grants_keywords``; a House beside a trait
    if trait.startswith("["):  # 1st edition A Noble Cause: "Your [Baratheon] characters …": the House, "[baratheon]"
        symbol, _, rest = trait.partition("] ")  # "[stark] Army": the faction's code folded, the trait as printed
        trait = symbol.lower() + (f"] {rest}" if rest else "")
    # "[baratheon];cost>=2" ("… with printed cost 2 or higher …"), ";gold" ("… with 1 or more gold …"), ";other",
    # ";defending" ("While you are the defending player, …")
    trait += "".join(f";{q}" for q in (
        f"cost{'>=' if (m.group('bound') or '').lower() == 'higher' else '<='}{m.group('cost')}" if m.group("cost")
        else "", "gold" if m.group("gold") else "", "other" if m.group("other") else "",
        (m.group("side") or "").lower()) if q)
    keywords: list[str] = []
    immunity = None
    for item in re.split(r",? and |, ", m.group("gains")):
        item = item.strip().strip('"“”').strip()
        if item.lower() in _GAINED_KEYWORDS:
            keywords.append(item.lower())
        elif (icon := _GAINED_ICON.match(item)) is not None:
            keywords.append(icon.group(1).lower())
        elif immunity is None and (immunity := immune_to(item)) is not None:
            continue
        else:
            return None  # a word this shape does not read
    if not keywords and immunity is None:
        return None
    yours = (m.group("whose") or "").lower() == "you control " or (m.group("each") or "").lower().startswith(
        ("your", "each of your"))
    return ("yours" if yours else "all") + ("+locations" if m.group("locations") else ""), trait, tuple(keywords), \
        immunity


#: 1st edition The Siege of Winterfell: "You cannot claim power for your House except during a [Military] challenge.":
#: the challenge type in which alone its controller gains power for the House.
_HOUSE_POWER_ONLY_IN = re.compile(r"^you cannot (?:claim|gain) power for your (?:house|faction) except during an? "
                                  r"\[?(military|intrigue|power)\]? challenge$", re.IGNORECASE)
#: 1st edition Jhalabar Xho: "Opponent's characters cannot claim power for renown."; Tower of the Sun: "Characters
#: without a Power icon cannot claim power for renown.": whose characters ("opponents" or "any") and the icon they
#: lack ("" for none).
#: The Faith Militant: "Non-The Seven characters and locations you control cannot gain power.": the Trait they lack.
_POWER_ONLY_TRAIT = re.compile(r"^non-(.+?) characters(?: and locations)? you control cannot gain power$",
                               re.IGNORECASE)
_RENOWN_BARRED = re.compile(r"^(opponent's |opponents' )?characters(?: without an? \[?(military|intrigue|power)\]? "
                            r"icon)? cannot claim power for renown$", re.IGNORECASE)


#: "Characters without an Intrigue icon get -1 STR." (1st edition Hear Me Roar; The Spear Tower): every character in
#: play that lacks the icon, anyone's, while the card's text counts.
_STR_WITHOUT_ICON = re.compile(r"^characters without an? \[?(military|intrigue|power)\]? icon gets? ([+-]\d+) STR$",
                               re.IGNORECASE)
#: "Each character you control gets +1 STR for each attachment on it." (1st edition Power and Wealth).
_STR_EACH_ATTACHMENT = re.compile(r"^each character you control gets \+(\d+) STR for each attachment on it$",
                                  re.IGNORECASE)


#: Where a killed character goes instead of its dead pile (1st edition The Hound: "If The Hound is killed, place him in
#: your discard pile instead of your dead pile."; Arya Stark: "… put her into Shadows instead …"; Drowned Disciple: "If
#: Drowned Disciple would be killed, instead put it on the bottom of your deck."; the later Hound: "… instead shuffle
#: him back into your deck."): only when it names the card.
_KILLED_TO = re.compile(r"^if (.+?) (?:is|would be) killed, (?:instead )?"
                        r"(?:place (?:him|her|it) in your (discard) pile|put (?:him|her|it) into (shadows)|"
                        r"put (?:him|her|it) on the bottom of your (deck)|"
                        r"shuffle (?:him|her|it) back into your (deck))(?: instead of your dead pile)?$", re.IGNORECASE)


def killed_to(sentence: str, name: str | None) -> str | None:
    """"discard", "shadows" or "deck": where ``_KILLED_TO`` sends the card ``name`` when it is killed."""
    m = _KILLED_TO.match(sentence)
    if m is None or name is None or fold(m.group(1)) != fold(name):
        return None
    return next(g.lower() for g in m.groups()[1:] if g)


#: "Attached character gets +2 STR (and gains a Military icon)." (1st edition Summer): the STR, and what it gains;
#: the STR too where the sentence goes on with what no STR total needs ("… -4 STR and is killed if its STR is 0.":
#: Crown of Gold; "… and cannot be bypassed by stealth.", "… and is immune to …").
_ATTACHED_GETS = re.compile(r"^attached character gets ([+-]\d+) str(?: and gains (.+)| and is killed if its str is 0"
                            r"| and cannot be bypassed by stealth| and is immune to [^.]+)?$", re.IGNORECASE)
#: "Increase the number of cards each player draws in the draw phase by 1." (Time of Plenty), "Reduce the number of
#: cards you draw …" : whose draw-phase draw, and by how much.
_DRAW_PHASE = re.compile(r"^(increase|reduce) the number of cards (you draw|each player draws) in the draw phase "
                         r"by (\d+)$", re.IGNORECASE)
#: "You need 2 additional power to win the game." (1st edition The Rangers); "You need 2 fewer power in order to win
#: the game."; "Each opponent without a Treaty agenda needs 5 fewer power (to a minimum of 10) to win the game."
_WIN_POWER = re.compile(r"^(you need|each opponent without an? (\w+) agenda needs) (\d+) (additional|fewer) power "
                        r"(?:\(to a minimum of (\d+)\) )?(?:in order )?to win the game$", re.IGNORECASE)
#: 1st edition Treaty with the North: "Ignore the out of House gold penalty on all [Stark] cards." (or "House Martell")
_PENALTY_WAIVED = re.compile(r"^ignore the out of house gold penalty on all (?:\[(\w+)\]|house (\w+)) cards$",
                             re.IGNORECASE)
#: 1st edition Alliance: "Before drawing your setup hand, name a House. Ignore the out-of-House gold penalty to place
#: or play cards from that House." (Conquest: "… when playing cards or placing setup cards with that affiliation"):
#: the House named is not recorded ("named").
_PENALTY_WAIVED_NAMED = re.compile(r"^ignore the out-of-house gold penalty (?:to place or play cards from that house|"
                                   r"when playing cards or placing setup cards with that affiliation)$", re.IGNORECASE)
#: 1st edition plot Alliance: "You may play cards from other Houses without paying a gold penalty." ("all").
_PENALTY_WAIVED_ALL = re.compile(r"^you may play cards from other houses without paying a gold penalty$",
                                 re.IGNORECASE)
#: Knights of the Hollow Hill: "You cannot place cards during setup." (1st edition "… during the setup phase.")
_NO_SETUP_CARDS = re.compile(r"^you cannot place cards during (?:the )?setup(?: phase)?$", re.IGNORECASE)
#: "You cannot spend more than 4 gold during setup." (The House With the Red Door; 1st edition House of Dreams: 3;
#: Desperate Hope: 6): the most setup gold its player may spend.
_SETUP_GOLD_MAX = re.compile(r"^you cannot spend more than (\d+) gold during (?:the )?setup(?: phase)?$", re.IGNORECASE)
#: Its "Your other cards do not provide a gold bonus." (1st edition "Other cards you control do not provide …")
_SOLE_GOLD_BONUS = re.compile(r"^(?:your other cards|other cards you control) do not provide a gold bonus$",
                              re.IGNORECASE)
#: 1st edition The Long Voyage: "When you draw during the draw phase, draw 1 additional card."
#: 1st edition Knights of the Realm: "While you control more Knight characters than each other player, draw 1
#: additional card in the draw phase. While you control fewer …, draw 1 fewer card …": ("more:Knight", 1).
#: 2nd edition: "… than each other player, increase (reduce) the number of cards you draw in the draw phase by 1."
_DRAW_PHASE_WHILE = re.compile(r"^while you control (more|fewer) ([A-Z][\w']*) characters than each other player, "
                               r"(?:draw (\d+) (additional|fewer) cards? in the draw phase|(increase|reduce) the "
                               r"number of cards you draw in the draw phase by (\d+))$", re.IGNORECASE)
#: 1st edition A Noble Cause: "You draw 1 less card during the draw phase (to a minimum of 1)."
_DRAW_PHASE_MORE = re.compile(r"^(?:when you draw during the draw phase, draw (\d+) additional cards?|you draw (\d+) "
                              r"(less|fewer|additional) cards? during the draw phase(?: \(to a minimum of 1\))?)$",
                              re.IGNORECASE)
#: "Reduce the cost of the first Lord or Lady character you marshal this round by 2." (A Noble Cause; "… the next
#: R'hllor character …": Dragonstone Faithful; 1st edition "lower the cost of the next …": House Tully Recruiter):
#: which cards (the words before the type, "or" between them; an icon it needs as "icon:military": 1st edition Street of
#: Steel "the next character with a Military icon you play"), which types, by how much. Any other sentence that
#: lowers a cost ("Reduce the cost to marshal <Name> by 1 for each …", "costs 1 less") is kept as unread: with it, a
#: lower cost paid is never flagged.
_REDUCER = re.compile(r"(?:reduce|lower) the cost of the (?:first|next) (.*?)"
                      r"\b(cards?|characters?|locations?|attachments?|events?)"
                      r"(?: or (characters?|locations?|attachments?|events?))?"
                      r"(?: with an? \[?(military|intrigue|power)\]? icon)?"
                      r"(?: with printed cost (\d+) or (higher|lower))? your? "
                      r"((?:marshal|play|ambush|bring out of shadows)(?:,? (?:or )?(?:marshal|play|ambush|bring out of "
                      r"shadows))*)\b[^.]*? by (\d+)$", re.IGNORECASE)
_LOWERS_COST = re.compile(r"(?:reduce|lower) the (?:gold )?cost|costs? \d+ less|without paying|for 0 gold|cost of 0",
                          re.IGNORECASE)
#: "Increase the cost of each character you marshal by 1." (Kingdom of Shadows), 1st edition "Increase the cost to
#: play the first character played each round by 2." (Iron King's Guard): a cost may be above the printed one.
_RAISES_COST = re.compile(r"increase the (?:gold )?cost|costs? (?:\d+|X) (?:more|additional)"
                          r"|more (?:gold )?to (?:marshal|play)", re.IGNORECASE)
#: 1st edition "House Lannister only.": only a player of that House plays or marshals it.
_HOUSE_ONLY = re.compile(r"^house (\w+) only$", re.IGNORECASE)
#: "… kill each character not chosen (cannot be saved)." (Wildfire Assault): its kills cannot be saved.
_UNSAVEABLE = re.compile(r"\(cannot be saved\)", re.IGNORECASE)
_GAINED_ICON = re.compile(r"^an? \[?(military|intrigue|power)\]? icon$", re.IGNORECASE)
#: An attachment's "Attached character loses a [power] icon." (Condemned, Imprisoned, Attainted): the icon.
_ATTACHED_LOSES = re.compile(r"^attached character loses an? \[?(military|intrigue|power)\]? icon$", re.IGNORECASE)
_GAINED_TRAITS = re.compile(r"^the ([A-Z][\w' ]*?(?: and [A-Z][\w' ]*?)?) traits?$")
#: 1st edition Noose and Swordpoint: "Characters with STR 2 or lower cannot stand during the standing phase."
#: "Reduce the number of unspent gold you return to the treasury during the taxation phase by 1." (King's Landing
#: Dromond): that many gold kept.
#: A plot value changed by a card's text: "Increase the reserve value on each player's revealed plot card by 1." (Kings
#: of Summer), "While you have a Winter plot card revealed, reduce the gold value on each opponent's non-Summer plot
#: card by 1." (Kings of Winter), "While there is a Kingdom plot card revealed, increase the gold value on your revealed
#: plot card by 1." (The Stone Drum), "Reduce the reserve value on each opponent's revealed plot card by 2 (to a minimum
#: of 2)." (Wraiths in Their Midst), "While you are the first player, reduce …" (Alannys Greyjoy), "While Ten Towers
#: Galley is standing, reduce … on each opponent's revealed plot by 1.", "While there is a Winter plot card revealed,
#: reduce the income and reserve values on each opponent's revealed plot card by 1." (Ralf Kenning: one fact for each
#: value), 1st edition "Lower the income and initiative on each opponent's revealed plot card by 1." (The Sparr; "raise"
#: and "lower" are the 1st edition's words): ``plot_value_facts``.
_PLOT_VALUE = re.compile(r"^(?:while (?:(there are no|there is an?|you have an?|there are more) ([A-Z][\w']*) "
                         r"plot cards? (?:than ([A-Z][\w']*) plot cards )?revealed|"
                         r"(you are the first player)|(.+?) is (standing|in your used pile)), )?"
                         r"(increase|reduce|raise|lower) the ((?:gold|income|reserve|initiative)(?: and (?:gold|income|"
                         r"reserve|initiative))?) (?:values? )?on "
                         r"(each player's|each opponent's|your) (?:revealed )?(non-)?(?:([A-Z][\w']*) )?"
                         r"plot(?: card)? by (\d+)(?: \(to a minimum of (\d+)\))?$", re.IGNORECASE)
#: An event's keyword for the phase: "Until the end of the phase, either: each [greyjoy] character you control gains
#: stealth, …" (Ours is the Old Way) or "Choose a unique character … Until the end of the phase, that character gains
#: stealth." (Quiet as a Shadow): (the keyword, the faction its characters share, or "chosen").
_PHASE_GRANTS = re.compile(r"until the end of the phase,? (?:either: )?(?:each \[(\w+)\] character you control|"
                           r"that character|it) gains (stealth|renown|insight|intimidate|pillage)\b", re.IGNORECASE)
#: A plot's own when-revealed ability, a sentence that begins "When Revealed:" (1st edition "When revealed, …"); not
#: one that names another's ("Initiate the when revealed ability on …").
_WHEN_REVEALED = re.compile(r"(?:^|[.\n]\s*)when revealed\s*[:,]", re.IGNORECASE)
#: "When Revealed: Draw 2 cards." (You Win Or You Die): a plot's when-revealed ability draws (how many: ``draw_count``).
_WHEN_REVEALED_DRAWS = re.compile(r"when revealed:[^.]*\bdraws? \d+ cards?", re.IGNORECASE)
#: "… if there is a Summer or Winter plot card revealed, gain 1 power for your faction." (White Raven), "… if there are
#: no Summer plot cards revealed, gain 2 power …" (Winter Festival), "… that character gains 1 power." (Jory Cassel),
#: "… choose and stand a Bloodrider character." (Aggo, Tower of the Hand), "… if there are no Winter plot cards in play,
#: draw 1 card." (Close Call): ``if_plots``.
_IF_PLOTS = re.compile(r"\bif there (?:is an? ((?:summer|winter)(?: or (?:summer|winter))?) plot card|"
                       r"are no (summer|winter) plot cards) (?:revealed|in play), "
                       r"(?:(gain \d+ power|that character gains \d+ power)|"
                       r"(?:choose and )?(stand)\b|(draw) \d+ cards?)", re.IGNORECASE)


def if_plots(plain: str) -> tuple[str, tuple[str, ...], str] | None:
    """("a" or "no", the plot traits, the action it governs) of an ``_IF_PLOTS`` sentence: its effect resolves only
    while a revealed plot has one of the traits ("a"), or none has it ("no")."""
    if (m := _IF_PLOTS.search(plain)) is None:
        return None
    traits = tuple(w.capitalize() for w in re.findall(r"summer|winter", m.group(1) or m.group(2), re.IGNORECASE))
    action = "gain_power" if m.group(3) else ("stand" if m.group(4) else "draw_cards")
    return ("a" if m.group(1) else "no", traits, action)


#: "Esgred may bypass an additional character using stealth.": one character more by its stealth (``extra_bypass``).
_EXTRA_BYPASS = re.compile(r"\bmay bypass an additional character using stealth\b", re.IGNORECASE)
#: Summer Harvest (gold "X"): "When Revealed: Choose an opponent. X is 2 higher than the printed gold value on that
#: player's revealed plot card.": 2 (``income_x``).
_INCOME_X = re.compile(r"\bX is (\d+) higher than the printed gold value on that player's revealed plot card\b",
                       re.IGNORECASE)
#: A draw of a printed number of cards ("draw 1 card", "draws 2 cards", "draw a card"); any other draw ("draw X
#: cards", "draw 1 card for each …", "draw cards until …") leaves the count unread.
_DRAW_NUMBER = re.compile(r"\bdraws? (\d+|an?|one|two|three) cards?\b(?! for each)", re.IGNORECASE)
_DRAW_ANY = re.compile(r"\bdraws? (?!\d+ cards?\b(?! for each)|an? cards?\b|one cards?\b|two cards\b|three cards\b"
                       r"|phase\b|deck\b|cap\b)"
                       r"|\bdraws? (?:\d+|an?|one|two|three) cards? for each\b", re.IGNORECASE)
#: A number instead: "(Draw 3 cards instead if you control 3 or more Kingsguard characters.)" (1st edition Ser Jaime
#: Lannister), "draw 2 cards. (4 cards instead if …)" (Insidious Scheme).
_DRAW_NUMBER_INSTEAD = re.compile(r"\b(\d+|one|two|three) cards? instead\b", re.IGNORECASE)
#: Starfall Cavalry: "draw 1 card. (3 cards instead if there are 3 or more plot cards in your used pile.)"; City Fair:
#: "Draw 1 card. (2 cards instead if there is a City plot card in your used pile.)"
_DRAW_INSTEAD = re.compile(r"\((\d+) cards? instead if ([^)]*)\)", re.IGNORECASE)
_USED_PILE = re.compile(r"^there (?:are (\d+) or more|is an?) (?:([A-Z][\w']*) )?plot cards? in your used pile\.?$",
                        re.IGNORECASE)


def plot_value_facts(m: re.Match[str], name: str | None) -> list[PlotValue]:
    """``_PLOT_VALUE``'s sentence as (stat, whose: "you"/"opponents"/"each", signed amount, the plot's trait it needs
    ("Summer", "non:Summer", ""), its condition ("none:Winter", "any:Kingdom", "yours:Winter", "more:Winter:Summer":
    more revealed plots have the first trait than the second (Moat Cailin), "first_player", "standing", "used": the
    card lies in its owner's used pile, ""), the least it leaves: 0 where it prints no minimum), one for each value it
    names ("the income and reserve values"). Nothing where "… is standing" or "… is in your used pile" names another
    card than the card itself."""
    if m.group(5) is not None and (name is None or fold(m.group(5)) != fold(name)):
        return []
    condition = {"there are no": "none", "you have a": "yours", "you have an": "yours",
                 "there are more": "more"}.get((m.group(1) or "").lower(), "any")
    whose = {"each player's": "each", "each opponent's": "opponents"}.get(m.group(9).lower(), "you")
    trait = ("non:" if m.group(10) else "") + (m.group(11) or "")
    sign = 1 if m.group(7).lower() in ("increase", "raise") else -1
    while_ = (f"{condition}:{m.group(2)}" + (f":{m.group(3)}" if m.group(3) else "") if m.group(2)
              else "first_player" if m.group(4)
              else "" if not m.group(5) else "standing" if m.group(6).lower() == "standing" else "used")
    return [("income" if stat in ("gold", "income") else stat, whose, sign * int(m.group(12)), trait, while_,
             int(m.group(13) or 0)) for stat in m.group(8).lower().split(" and ")]


#: One sentence changing two plot values by different amounts: "…, reduce the initiative value on each opponent's
#: revealed plot card by 3, and the reserve value on each opponent's revealed plot card by 1." (Moat Cailin, The
#: Maiden): read as two sentences with the same condition (``plot_value_sentences``).
_PLOT_VALUE_AND = re.compile(r"^(.*?\b(increase|reduce|raise|lower) )(the \w+ value on .+? by \d+), and (the \w+ value "
                             r"on .+? by \d+)$", re.IGNORECASE)


def plot_value_sentences(sentence: str) -> list[str]:
    """The sentence as ``_PLOT_VALUE`` reads it: two where it changes two values by two amounts, "the gold value and
    reserve value" as "the gold and reserve values" (Winter Reserves)."""
    sentence = re.sub(r"\bthe (\w+) value and (\w+) value\b", r"the \1 and \2 values", sentence, flags=re.IGNORECASE)
    if (both := _PLOT_VALUE_AND.match(sentence)) is None:
        return [sentence]
    return [both.group(1) + both.group(3), both.group(1) + both.group(4)]


def draw_count(plain: str) -> tuple[tuple[int, ...], int, str] | None:
    """How many cards one draw of its text takes (``Card.draw_count``): (the numbers its draws print, numbers instead
    too, in order; the plot cards its used pile needs for the highest, a number instead: 0 when that holds on a
    condition not read, which allows it; the Trait those plots need, or ""). "Response: After a card comes out of
    shadows, draw 1 card. (Draw 3 cards instead if you control 3 or more Kingsguard characters.)": ((1, 3), 0, "");
    Starfall Cavalry "draw 1 card. (3 cards instead if there are 3 or more plot cards in your used pile.)": ((1, 3),
    3, ""); City Fair "(2 cards instead if there is a City plot card in your used pile.)": ((1, 2), 1, "City"). None
    where a draw's count is not printed as a number ("draw X cards", "for each", "until")."""
    text = " ".join(plain.split())
    numbers = {_number(m.group(1)) for m in _DRAW_NUMBER.finditer(text)}
    if not numbers or _DRAW_ANY.search(text):
        return None
    numbers |= {_number(n) for n in _DRAW_NUMBER_INSTEAD.findall(text)}
    used, trait = 0, ""
    for m in _DRAW_INSTEAD.finditer(text):
        if (pile := _USED_PILE.match(m.group(2).strip())) is not None and int(m.group(1)) == max(numbers):
            used, trait = int(pile.group(1) or 1), pile.group(2) or ""
    return tuple(sorted(numbers)), used, trait


def _number(word: str) -> int:
    """A printed count: "3", "three", "a"."""
    return 1 if word.lower() in ("a", "an") else _NUMBER_WORDS.get(word.lower()) or int(word)


#: Knight of Summer: "While there are more Summer plot cards than Winter plot cards revealed, Knight of Summer gets +2
#: STR and gains renown.": "Summer" (``renown_more_plots``).
_RENOWN_MORE_PLOTS = re.compile(r"\bwhile there are more (summer|winter) plot cards than (?:summer|winter) plot cards "
                                r"revealed, (.+?) (?:gets [+-]\d+ STR and )?gains renown\b", re.IGNORECASE)


def renown_more_plots(plain: str, name: str | None) -> str | None:
    """The plot Trait that must outnumber the other season's among the revealed plots for the card itself to gain
    renown (``_RENOWN_MORE_PLOTS``), if it prints that."""
    m = _RENOWN_MORE_PLOTS.search(" ".join(plain.split()))
    return m.group(1).capitalize() if m is not None and name is not None and fold(m.group(2)) == fold(name) else None


#: 1st edition Salladhor Saan: "At the end of the standing phase, the player who controls the most standing characters
#: claims 2 power for his or her House.": 2 (``most_standing_power``).
#: Power on the kind of card an ability discarded: "Discard 1 card at random from that player's hand. If that card is a
#: character, gain 2 power for your faction …" (Heads on Spikes); 1st edition "discard the top card of the losing
#: opponent's deck. If that card is an attachment or an event card, Seaside Urchin claims 1 power." (Harbor Thug,
#: Apostle of The Drowned God).
_POWER_IF_DISCARDED = re.compile(r"\bdiscard[^.]*\. If that card is an? (character|location|attachment|event)(?: card)?"
                                 r"(?: or an? (character|location|attachment|event)(?: card)?)?, [^.]*?\b(?:gains?|"
                                 r"claims?) \d+ power\b", re.IGNORECASE)


def power_if_discarded(plain: str) -> tuple[str, ...]:
    """The card types whose discard by the ability gives its power (``_POWER_IF_DISCARDED``); () where not printed."""
    m = _POWER_IF_DISCARDED.search(" ".join(plain.split()))
    return tuple(k.lower() for k in m.groups() if k) if m else ()


#: An ability that initiates another plot's: "Initiate the when revealed ability on a revealed non-Riddle plot card as
#: if you had just revealed it." (Varys's Riddle; City of Spiders, Pulling the Strings, Tyrion's Chain, …); 1st edition
#: "copy the "when revealed" ability of an opponent's revealed plot card" (Good for the Gander), "trigger the "when
#: revealed" effect of the top River plot card in your used pile" (the River plots): ``copies_when_revealed``.
_COPIES_WHEN_REVEALED = re.compile(r"\b(?:initiate|copy|trigger|resolve) the \W?when revealed\W? (?:ability|effect)\b",
                                   re.IGNORECASE)
_MOST_STANDING_POWER = re.compile(r"\bthe player who controls the most standing characters claims (\d+) power\b",
                                  re.IGNORECASE)
#: One gain or draw with a higher amount under a condition: "Kneel Underground Vault to gain 1 gold. (2 gold instead
#: if the gold value on an opponent's revealed plot card is 5 or higher.)" (``amount_instead``).
_AMOUNT_INSTEAD = re.compile(r"\b(?:gain|draw|move)s? (\d+) (gold|power|cards?)\b[^.()]*\.?\s*\((\d+) "
                             r"(gold|power|cards?) instead if ([^)]+?)\.?\)", re.IGNORECASE)
#: "Each player that does not control a Kingsguard character cannot play more than 1 event each phase." (White Sword
#: Tower); "You cannot play more than 3 events this round." (The Minstrel's Muse) (``events_cap``).
_EVENTS_CAP = re.compile(r"\b(each player(?: that does not control an? ((?-i:[A-Z][\w']*)) character)?|you) cannot "
                         r"play more than (\d+) events? (?:each|this) (phase|round)\b", re.IGNORECASE)


def events_cap(plain: str) -> tuple[str, str, int, str] | None:
    """(whom it binds: "each" | "you", the Trait of a character that frees a player of it or "", the most events,
    "phase" | "round") of ``_EVENTS_CAP``, or None."""
    m = _EVENTS_CAP.search(" ".join(plain.split()))
    if m is None:
        return None
    return ("you" if m.group(1).lower() == "you" else "each", m.group(2) or "", int(m.group(3)), m.group(4).lower())


#: "… gain X power for your faction (to a maximum of 5). X is the number of plot cards in your used pile." (Doran's
#: Game; In Doran's Name's gold, Secret Schemes' draw): ("power", 5) (``x_used_plots``; -1: no maximum).
_X_USED_PLOTS = re.compile(r"\b(?:gain|draw)s? X (power|gold|cards?)\b(?: for your faction)?(?: \(to a maximum of "
                           r"(\d+)(?: cards?)?\))?[^.]*\.\s*X is the number of plot cards in your used pile\.",
                           re.IGNORECASE)


def x_used_plots(plain: str) -> tuple[str, int] | None:
    """(what: "power" | "gold" | "cards", the most or -1) of ``_X_USED_PLOTS``, or None."""
    m = _X_USED_PLOTS.search(" ".join(plain.split()))
    if m is None:
        return None
    return ("cards" if m.group(1).lower().startswith("card") else m.group(1).lower(),
            int(m.group(2)) if m.group(2) else -1)


#: The conditions of ``_AMOUNT_INSTEAD`` the table can tell, as keys (``rules.values.instead_holds``).
_INSTEAD_IF: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^you are not the first player$", re.I), lambda m: "not-first"),
    (re.compile(r"^you are the first player$", re.I), lambda m: "first"),
    (re.compile(r"^there are more (\w+) plot cards than (\w+) plot cards revealed$", re.I),
     lambda m: f"more:{m.group(1)}:{m.group(2)}"),
    (re.compile(r"^an opponent has (\d+) or more characters in his or her dead pile$", re.I),
     lambda m: f"opp-dead:{m.group(1)}"),
    (re.compile(r"^an opponent has (\d+) or more cards in his or her discard pile$", re.I),
     lambda m: f"opp-discard:{m.group(1)}"),
    (re.compile(r"^the gold value on an opponent's revealed plot card is (\d+) or higher$", re.I),
     lambda m: f"opp-plot-gold:{m.group(1)}"),
    (re.compile(r"^there is an? (\w+) plot card revealed$", re.I), lambda m: f"revealed:{m.group(1)}"),
    (re.compile(r"^there (?:is an?|are (\d+) or more) (\w+ )?plot cards? in your used pile$", re.I),
     lambda m: f"used:{(m.group(2) or '').strip()}:{m.group(1) or 1}"),
    (re.compile(r"^an opponent has no cards in his or her hand$", re.I), lambda m: "opp-empty-hand"),
)


def amount_instead(plain: str) -> tuple[str, int, int, str] | None:
    """(what: "gold" | "power" | "cards", the amount, the amount instead, its condition's key or "" where the table
    cannot tell it) of the text's one gain or draw of that kind with an "(N … instead if …)"; None: no such words, or
    more than one gain or draw of that kind (which one the line is is not known)."""
    text = " ".join(plain.split())
    m = _AMOUNT_INSTEAD.search(text)
    if m is None or m.group(2)[:4].lower() != m.group(4)[:4].lower():
        return None
    unit = "cards" if m.group(2).lower().startswith("card") else m.group(2).lower()
    word = r"cards?" if unit == "cards" else unit
    # King Robb's Host: "move 1 power from the losing opponent's faction card to an attacking character. (2 power
    # instead if there is a War plot card revealed.)": a move is written as its gain
    if len(re.findall(rf"\b(?:gain|draw|move)s? (?:\d+|an?) {word}\b", text, re.IGNORECASE)) != 1:
        return None
    when = next((key(c) for form, key in _INSTEAD_IF if (c := form.match(m.group(5).strip()))), "")
    return unit, int(m.group(1)), int(m.group(3)), when


#: 1st edition Knight of Flowers: "At the beginning of the dominance phase, Knight of Flowers claims 1 power if he is
#: standing." (``power_if_standing``; its own name, or he/she/it).
_POWER_IF_STANDING = re.compile(rf"\b(?:{SELF}|he|she|it) claims \d+ power if (?:he|she|it|{SELF}) is standing\b",
                                re.IGNORECASE)
#: The Red Viper: "… he gains 1 power for every 5 STR by which you won the challenge.": (1, 5) (``power_per_margin``).
_POWER_PER_MARGIN = re.compile(r"\bgains? (\d+) power for every (\d+) STR by which you won the challenge\b",
                               re.IGNORECASE)
#: "… that character gets -2 STR and is killed if its STR is 0." (King's Landing Assassin, Dracarys!; 1st edition
#: Magister Illyrio "… if STR is 0"; Field of Fire "each of those characters …"): the chosen character's loss, where
#: the text kills no other way (``kills_at_zero``); a plot's "Each non-Dragon character gets -1 STR and is killed if its
#: STR is 0." (Blood of the Dragon): each one's; an attachment's "Attached character gets -4 STR and is killed if its
#: STR is 0." (Crown of Gold; 1st edition Dragon Skull, Flame-Kissed): the character it is on.
_KILLED_AT_ZERO = re.compile(r"\b(?:that character|each of those characters|attached character|each (?:non-[\w']+ )?"
                             r"character) gets? -(\d+|X) STR and (?:is|are) killed if (?:its |their )?STR is 0\b",
                             re.IGNORECASE)


def kills_at_zero(plain: str) -> int:
    """The STR the chosen character loses before it is killed at 0 (``_KILLED_AT_ZERO``; -1: X), 0 where not printed
    or where the text kills another way too."""
    text = " ".join(plain.split())
    m = _KILLED_AT_ZERO.search(text)
    if m is None or len(re.findall(r"\bkill", text, re.IGNORECASE)) != 1:
        return 0
    return -1 if m.group(1).upper() == "X" else int(m.group(1))


#: A card chosen by the gold paid (``x_cost``): "pay X gold to choose another character with printed cost X or lower and
#: return it to its owner's hand" (Catspaw), "Pay X gold to put a character with printed cost X or lower into play
#: from your discard pile" (The Shavepate), "pay X gold to put an attachment with printed cost X into play" (Valyrian
#: Steel, Armed to the Teeth).
_PAYS_X = re.compile(r"\bpay X gold to (?:choose (?:another |an? )(?:character|card) with printed cost X or lower and "
                     r"(return) it\b|(put) an? (?:character|attachment|card) with printed cost X( or lower)? into "
                     r"play\b)", re.IGNORECASE)


#: A card chosen with printed cost X or lower, X said by a sentence of its own (``x_bound``): "choose and kill a
#: character with printed cost X or lower. X is the number of Clansman characters you control." (Timett Son of Timett),
#: "put a non-[baratheon] character with printed cost X or lower into play from your hand. X is Renly Baratheon's
#: STR.", "… X is the number of gold on Ashemark." (Ashemark, Planky Town Trader).
_X_BOUND = re.compile(r"\b(kill|put|return)\b[^.]*?\bwith printed cost X or lower\b[^.]*\.\s*X is (?:the number of "
                      r"([A-Z][\w']*) characters you control|the number of gold on (.+?)|(.+?)'s STR)\.", re.IGNORECASE)


def x_bound(plain: str, name: str | None) -> tuple[str, str, str] | None:
    """(the action, what X counts: "trait_characters" with the Trait, "own_gold", "own_str"; "") of an ``_X_BOUND``
    text; None where it names another card than itself."""
    m = _X_BOUND.search(" ".join(plain.split()))
    if m is None or ((other := m.group(3) or m.group(4)) is not None and fold(other) != fold(name or "")):
        return None
    action = {"kill": "kill", "put": "put_into_play", "return": "return_to_hand"}[m.group(1).lower()]
    return (action, "trait_characters", m.group(2)) if m.group(2) else (
        action, "own_gold" if m.group(3) else "own_str", "")


#: A cost that names a card, then an effect on a card "with (a) lower printed cost" than it: "kneel that character and
#: your faction card to choose and kill a non-King character with a lower printed cost" (Joffrey Baratheon), "Return a
#: Sand Snake character to your hand to put a [martell] character with lower printed cost into play" (Obara Sand).
_LOWER_THAN_COST = re.compile(r"\b(kneel|return|sacrifice) (?!your faction card\b)[^.]*? to (?:[^.]*?)\bwith (?:a )?"
                              r"lower printed cost\b(?! than)", re.IGNORECASE)


def lower_than_cost(plain: str) -> str:
    """The cost's action ("kneel", "return_to_hand", "sacrifice") of an ``_LOWER_THAN_COST`` text, or ""."""
    m = _LOWER_THAN_COST.search(" ".join(plain.split()))
    return "" if m is None else {"return": "return_to_hand"}.get(m.group(1).lower(), m.group(1).lower())


def x_cost(plain: str) -> tuple[str, bool] | None:
    """The action whose card's printed cost is the X paid, and whether lower fits too (``_PAYS_X``)."""
    m = _PAYS_X.search(" ".join(plain.split()))
    if m is None:
        return None
    return ("return_to_hand", True) if m.group(1) else ("put_into_play", bool(m.group(3)))


#: A sentence of its own that says what "X" is, the one X of the text (``str_x``): on a character, its printed STR
#: "X" (2nd edition; the 1st edition's data prints 0 for Pirates of Orkmont's).
_X_IS = re.compile(r"(?:^|[.\n]\s*)X is ([^.]+)\.", re.IGNORECASE)
#: What such an X counts: (pattern, kind); a pattern's group is the token or the faction it names.
_X_COUNTS = (
    (re.compile(r"^your reserve value$", re.IGNORECASE), "reserve"),  # Protectors of the Realm
    (re.compile(r"^the number of (gold|power|\w+ tokens?) (?:he|she|it|(?P<name>.+)) has$", re.IGNORECASE), "own"),
    (re.compile(r"^the number of \[(\w+)\] characters you control$", re.IGNORECASE), "faction_characters"),
    (re.compile(r"^the number of cards with 1 or more gold$", re.IGNORECASE), "cards_with_gold"),
    (re.compile(r"^the number of cards you control with initiative modifiers$", re.IGNORECASE), "initiative_cards"),
    (re.compile(r"^the highest gold value on an opponent's revealed plot card$", re.IGNORECASE),
     "opponent_plot_gold"),  # 1st edition Pirates of Orkmont
)


def str_x(plain: str, name: str | None) -> tuple[str, str | None] | None:
    """What the text's one X counts, where a sentence of its own says so and no other part of the text uses it
    (``Card.str_x``); None when there is no such sentence or it is not read."""
    text = " ".join(plain.replace("\n", ". ").split())
    m = _X_IS.search(text)
    if m is None or len(re.findall(r"\bX\b", text)) != 1:
        return None
    what = " ".join(m.group(1).split())
    for pattern, kind in _X_COUNTS:
        if (counted := pattern.match(what)) is None:
            continue
        if kind != "own":
            return kind, (counted.group(1).lower() if counted.groups() else None)
        if counted.group("name") is not None and fold(counted.group("name")) != fold(name or ""):
            return None
        token = counted.group(1).lower().removesuffix("s").removesuffix(" token")
        return ("own_gold", None) if token == "gold" else ("own_power", None) if token == "power" \
            else ("own_tokens", token)
    return None


#: A cost that kneels its player's faction card: "Action: Kneel your faction card to draw X cards." (Secret Schemes),
#: "Kneel your faction card and pay X gold to …" (``faction_cost``).
_FACTION_COST = re.compile(r"(?:^|: )kneel your faction card (?:and [^.]*? )?to\b", re.IGNORECASE)
#: Coordinated Attack: "… choose a different challenge type. You may initiate an additional challenge of the chosen
#: type this phase." (``additional_other_type``)
_OTHER_TYPE = re.compile(r"\bchoose a different challenge type\. you may initiate an additional challenge of the "
                         r"chosen type\b", re.IGNORECASE)
#: A title named and barred for the phase: "… name a card. Until the end of the phase, that card cannot be marshaled,
#: played, or put into play." (The Iron Throne, Varys), "Name an event. Until the end of the phase, events with that
#: title cannot be played." (Dragonstone Convert).
_NAMES_BARRED = re.compile(r"\bname an? (?:card|event)\. until the end of the phase, (?:that card|events with that "
                           r"title) cannot be ((?:marshaled|played|put into play)(?:(?:,|,? or) (?:marshaled|played|"
                           r"put into play))*)\.", re.IGNORECASE)


def names_barred(plain: str) -> tuple[str, ...]:
    """What no player does this phase with a card of the title named (``_NAMES_BARRED``): "marshal", "play", "put"."""
    m = _NAMES_BARRED.search(" ".join(plain.split()))
    words = {"marshaled": "marshal", "played": "play", "put into play": "put"}
    return () if m is None else tuple(v for k, v in words.items() if k in m.group(1).lower())


#: A challenge type named and barred: "Name a challenge type. Until you reveal a new plot card, challenges of that type
#: cannot be initiated." (Parley at Storm's End), "… name a challenge type. Until the end of the phase, the winner of
#: the challenge (the losing opponent) cannot initiate challenges of that type (against you)." (Unbowed, Unbent,
#: Unbroken; Benjen Stark).
_NAMES_KIND_BARRED = re.compile(r"\bname a challenge type\. until (the end of the phase|you reveal a new plot card), "
                                r"(challenges of that type cannot be initiated|(?:the winner of the challenge|the "
                                r"losing opponent) cannot initiate challenges of that type(?: against you)?)\.",
                                re.IGNORECASE)
#: 1st edition: "… choose a challenge type. Until the end of the phase, the losing opponent cannot attack or defend
#: during that challenge type." (Wars Are Won with Quills), "… name a challenge type. That player cannot declare
#: attackers or defenders during that challenge type until the end of the phase." (Alleras): the opponent initiates
#: none in the phase (the defending half is not read).
_NAMES_KIND_NO_ATTACK = re.compile(r"\b(?:name|choose) a challenge type\. (?:until the end of the phase, )?"
                                   r"(?:the losing opponent|that player) cannot (?:attack|declare attackers)(?: or "
                                   r"(?:defend|defenders))? during that challenge type(?: until the end of the "
                                   r"phase)?\.", re.IGNORECASE)
#: 1st edition Heir to the Iron Throne (an agenda): "Before drawing your setup hand, name Military or Intrigue
#: challenge. You cannot initiate challenges of that type.": its own player, the whole game.
_NAMES_KIND_OWN = re.compile(r"\bname (?:military or intrigue|a) challenge(?: type)?\. you cannot initiate challenges "
                             r"of that type\.", re.IGNORECASE)


def names_kind_barred(plain: str) -> tuple[str, str] | None:
    """(who: "any" | "opponent" | "self", until: "phase" | "plot" | "game") of a ``_NAMES_KIND_BARRED`` sentence."""
    text = " ".join(plain.split())
    m = _NAMES_KIND_BARRED.search(text)
    if m is None and _NAMES_KIND_OWN.search(text):
        return ("self", "game")
    if m is None:
        return ("opponent", "phase") if _NAMES_KIND_NO_ATTACK.search(text) else None
    return ("any" if m.group(2).lower().startswith("challenges") else "opponent",
            "phase" if m.group(1).lower().startswith("the end") else "plot")


#: A card put into play by its printed cost (``put_cost_max``).
_PUT_COST = re.compile(r"\bput (?:an?|1) [^.]*?with printed cost (\d+) or lower into play\b|\bprinted cost is (\d+) or "
                       r"lower, (?:you may )?put it into play\b", re.IGNORECASE)


def put_cost_max(plain: str) -> int:
    """The highest printed cost of a card the text puts into play, where each "into play" of it is so bounded; the
    higher value of a bracketed "(Printed cost 6 or lower instead if …)" (Manning the City Walls). -1: not bounded."""
    text = " ".join(plain.split())
    found = [int(m.group(1) or m.group(2)) for m in _PUT_COST.finditer(text)]
    if not found or len(found) != len(re.findall(r"\binto play\b", text, re.IGNORECASE)):
        return -1
    return max(found + [int(n) for n in re.findall(r"\(printed cost (\d+) or lower instead\b", text, re.IGNORECASE)])


#: A character's STR in a challenge where it is alone on its side (``str_alone``).
_STR_ALONE_NEVER = re.compile(r"\beach character that is attacking or defending alone does not contribute its STR to "
                              r"the challenge\b", re.IGNORECASE)


_STR_ONLY_ALONE = re.compile(rf"\b{SELF} does not contribute its STR to a challenge unless it is attacking or "
                             r"defending alone\b", re.IGNORECASE)


#: A card that gives STR to a character of its controller's that is alone on its side: "Each Knight character you
#: control gets +1 STR while attacking or defending alone." (Jousting Pavilion), "While The Tower of Joy is standing
#: and a unique character you control is attacking or defending alone, it gets +2 STR."; 1st edition Raventree Hall
#: "While a character you control is defending alone, it gets +1 STR and gains renown." (``str_alone_each``).
_STR_ALONE_EACH = re.compile(r"^[Ee]ach ((?:[A-Z][\w']* )*)character you control gets ([+-]\d+) STR while "
                             r"(attacking or defending|attacking|defending) alone$")
_STR_ALONE_IT = re.compile(r"^[Ww]hile (?:(.+?) is standing and )?an? (unique )?character you control is "
                           r"(attacking or defending|attacking|defending) alone, it gets ([+-]\d+) STR(?: and .*)?$")


#: "While Horselord is attacking, it gets +1 STR for each other attacking Dothraki character you control."; "While
#: Arrogant Contender is participating in a challenge, it gets +1 STR for each participating character an opponent
#: controls."; "While attached character is attacking, it gets +1 STR for each defending character." (Sword of the
#: Morning) (``str_per_participant``).
_STR_PER_PARTICIPANT = re.compile(
    r"^[Ww]hile (.+?) is (attacking|defending|participating)(?: in a challenge)?, it gets \+1 STR for each "
    r"(?:other )?(attacking|defending|participating) ((?:[A-Z][\w']* )*)character(?: (you control|an opponent "
    r"controls))?$")


def str_per_participant(sentence: str, name: str | None) -> tuple[str, str, str, str] | None:
    """(the card's own side, the side counted, the Trait or "", whose: "you", "opponent" or "") of a
    ``_STR_PER_PARTICIPANT`` sentence about the card itself or its attached character; the card itself is not
    counted."""
    m = _STR_PER_PARTICIPANT.match(sentence)
    if m is None or fold(m.group(1)) not in {fold(name or ""), "attached character"}:
        return None
    whose = {"you control": "you", "an opponent controls": "opponent"}.get(m.group(5) or "", "")
    return m.group(2), m.group(3), m.group(4).strip(), whose


def str_alone_each(sentence: str, name: str | None) -> tuple[str, str, int, bool] | None:
    """(the sides "attacking", "defending" or "attacking or defending"; the characters: a Trait, "unique" or "" for
    any; the STR; whether the giver must be standing) of a ``_STR_ALONE_EACH`` or ``_STR_ALONE_IT`` sentence."""
    if (m := _STR_ALONE_EACH.match(sentence)) is not None:
        return m.group(3), m.group(1).strip(), int(m.group(2)), False
    m = _STR_ALONE_IT.match(sentence)
    if m is None or (m.group(1) is not None and fold(m.group(1)) != fold(name or "")):
        return None
    return m.group(3), "unique" if m.group(2) else "", int(m.group(4)), m.group(1) is not None


#: "While you control exactly 1 unique [tyrell] Knight character, Red-Apple Knight gets +X STR. X is that character's
#: STR." (Ser Lancel Lannister: "… exactly 1 other [lannister] Lord or Lady character …") (``str_of_only``).
_STR_OF_ONLY = re.compile(r"\bWhile you control exactly 1 (other )?(unique )?\[(\w+)\] "
                          r"([A-Z][\w']*(?: or [A-Z][\w']*)*) character, (.+?) gets \+X STR\. "
                          r"X is that character's STR\b")


def str_of_only(plain: str, name: str | None) -> tuple[str, tuple[str, ...], bool] | None:
    """(the faction, the Traits it has one of, whether it is unique) of the one other character a ``_STR_OF_ONLY``
    card's controller controls whose STR the card gets."""
    m = _STR_OF_ONLY.search(" ".join(plain.split()))
    if m is None or name is None or fold(m.group(5)) != fold(name):
        return None
    return m.group(3).lower(), tuple(m.group(4).split(" or ")), bool(m.group(2))


#: "While Theon Greyjoy is attacking alone, each character with a higher STR than his does not contribute its STR to
#: the challenge."
_STR_HIGHER_ALONE = re.compile(rf"\bWhile {SELF} is attacking alone, each character with a higher STR than (?:his|hers|"
                               r"its) does not contribute its STR to the challenge\b", re.IGNORECASE)


def str_alone(plain: str, name: str | None) -> str | None:
    """"only": "<its name> does not contribute its STR to a challenge unless it is attacking or defending alone."
    (Jousting Knight); "never": "Each character that is attacking or defending alone does not contribute its STR to
    the challenge." (Grand Melee); "higher": "While Theon Greyjoy is attacking alone, each character with a higher STR
    than his does not contribute its STR …"; else None."""
    text = " ".join(plain.split())
    if name and _STR_ONLY_ALONE.search(own_title(text, name)):
        return "only"
    if name and _STR_HIGHER_ALONE.search(own_title(text, name)):
        return "higher"
    return "never" if _STR_ALONE_NEVER.search(text) else None


#: Stannis Baratheon: "Each player cannot stand more than 2 characters during the standing phase."
_STANDING_LIMIT = re.compile(r"each player cannot stand more than (\d+) characters during the standing phase",
                             re.IGNORECASE)
#: Supporting the Faith: "After the challenges phase begins, each player returns all gold in his or her gold pool to
#: the treasury." (a forced reaction: it happens by itself)
_GOLD_RETURNED = re.compile(r"forced reaction:\s*after the (\w+) phase begins, each player returns all gold in his "
                            r"or her gold pool to the treasury", re.IGNORECASE)
#: A card's own ability that brings it out of shadows ("Challenges: Bring Ser Mandon Moore out of Shadows and into play
#: by paying the rest of his gold cost."; "Response: … bring Knight of Flowers out of Shadows …"): its label, and whom.
_OWN_WAY_OUT = re.compile(r"(?:^|[.\n]\s*)((?:Limited )?(?:Plot|Draw|Marshall?ing|Challenges|Dominance|Standing|"
                          r"Taxation|Any Phase|Response|Interrupt|Reaction|Action)(?: Action)?)\s*:[^\n]*?\bbring "
                          r"(.+?) out of shadows\b", re.IGNORECASE)
_KEPT_GOLD = re.compile(r"^reduce the number of unspent gold you return to the treasury during the taxation phase "
                        r"by (\d+)$", re.IGNORECASE)
#: "Skip the taxation phase this round." (1st edition Planning Ahead), "All players skip the standing phase this
#: round." (The Withering Cold, both editions): that phase does not happen this round.
_SKIPS_PHASE = re.compile(r"^(?:all players )?skip the (plot|draw|marshaling|challenges|dominance|standing|taxation) "
                          r"phase this round$", re.IGNORECASE)
#: "Erik Anvil-Breaker cannot stand during the standing phase." (its own name); "Attached character cannot stand."
#: (Hunting Accident: never) or "… does not stand during the standing phase." (that phase only).
#: "Northern Encampment cannot stand during the standing phase unless you have won dominance this round.": unless.
_OWN_NO_STAND = re.compile(r"^(.+?) (?:cannot|does not) stand( during the standing phase)?"
                           r"( unless you have won dominance this round)?$", re.IGNORECASE)
_ATTACHED_NO_STAND = re.compile(r"^attached (?:character|location) (?:cannot|does not) stand"
                                r"( during the standing phase)?$", re.IGNORECASE)
#: "Kneel that character if it is standing. That character does not stand during the standing phase this round."
#: (1st edition Cersei Lannister): the character its ability knelt (or the one it is attached to) stays knelt.
_KNELT_STAYS_KNELT = re.compile(r"\b(that|attached) character (?:cannot|does not) stand during the standing phase "
                                r"this round\b", re.IGNORECASE)
_NO_STAND = re.compile(r"^characters with str (\d+) or lower cannot stand during the standing phase$", re.IGNORECASE)
#: Who cannot stand, ever or in one phase, by a plot's or a card in play's text (``Card.stand_barred``): Frozen Expanse
#: "Each character with STR 2 or lower cannot stand." ("", "str:2"); Delena Florent "During the challenges phase,
#: non-Bastard characters cannot stand." ("challenges", "non:Bastard"); Storm's End "During the challenges phase,
#: characters without a [power] icon cannot stand." ("challenges", "noicon:power").
_STAND_BARRED = re.compile(r"^(?:during the (plot|draw|marshaling|challenges|dominance|standing|taxation) phase, )?"
                           r"(?:each character with str (\d+) or lower|non-([A-Z][\w']*) characters|characters without "
                           r"an? \[?(military|intrigue|power)\]? icon) cannot stand$", re.IGNORECASE)
#: "Obara Sand may be declared as a defender during [power] challenges in which you are the defending player, even while
#: kneeling.": declared without the icon and while kneeling, in those challenges (throneteki reads it the same).
_DEFENDS_KNEELING = re.compile(r"^(.+?) may be declared as a defender during \[?(military|intrigue|power)\]? challenges"
                               r"(?: in which you are the defending player)?, even while kneeling$", re.IGNORECASE)
#: 1st edition Timett Son of Timett: "Knelt Clansman characters you control cannot be killed.": the trait ("" for
#: every character) of its controller's knelt characters that cannot be killed (Stoic Resolve's is every player's).
_KNELT_UNKILLABLE_OWN = re.compile(r"^knelt ((?:[A-Z][\w']* )*)characters you control cannot be killed$", re.IGNORECASE)
#: 1st edition Shagga Son of Dolf: "Knelt Clansman characters you control can be declared as defenders during Military
#: challenges.": the trait ("" for every character) and the challenge type; its icon is still needed.
_KNELT_DEFENDERS = re.compile(r"^knelt ((?:[A-Z][\w']* )*)characters you control (?:can|may) be declared as defenders "
                              r"during \[?(military|intrigue|power)\]? challenges$", re.IGNORECASE)
#: "Tywin Lannister gets +1 STR for each gold in your gold pool.": what it counts, when the table holds it (the
#: sentence names the card and sets no condition before it); "+2" (Bronn) and "-1" (Sansa Stark) alike.
_STR_PER = re.compile(r"^(.+?) gets ([+-]\d) STR for each (.+)$", re.IGNORECASE)
#: A constant sentence that changes STR ("Each [thenightswatch] character you control gets +1 STR."; "contributes 2
#: STR to your side"; 1st edition "+2 STR while defending"): read as ``str_unread`` unless another fact reads it.
_OWN_SUBJECT = re.compile(r"^(?:while [^,]+, |if [^,]+, )", re.IGNORECASE)
_STR_CHANGE = re.compile(r"(?:[+-]\s?\d+|\bX) STR\b|\bcontributes? \d+ STR\b", re.IGNORECASE)
_STR_COUNTS = (
    (re.compile(r"^gold(?: token)? in your gold pool$", re.IGNORECASE), "pool_gold"),  # 1st edition: "gold token"
    # 1st edition Devious Intentions "power on it", Former Champion "power on him"
    (re.compile(r"^power (?:he|she|it) has$|^power on (?:him|her|it)$", re.IGNORECASE), "own_power"),
    # 1st edition Strong Belwas "gold token on him"
    (re.compile(r"^gold (?:he|she|it) has$|^gold token on (?:him|her|it)$", re.IGNORECASE), "own_gold"),
    (re.compile(r"^attachment (?:he|she|it) has$", re.IGNORECASE), "own_attachments"),  # Brienne of Tarth
    (re.compile(r"^other kneeling character in play$", re.IGNORECASE), "kneeling_others"),
    (re.compile(r"^character in your dead pile$", re.IGNORECASE), "dead_characters"),
    (re.compile(r"^(\[\w+\]) character in your dead pile$", re.IGNORECASE), "dead_characters"),  # Sansa Stark
    (re.compile(r"^card in your hand$", re.IGNORECASE), "hand_cards"),  # Dothraki Honor Guard
    (re.compile(r"^card in shadows$", re.IGNORECASE), "shadows_cards"),  # 1st edition The Hound, anyone's
    (re.compile(r"^plot card in your used pile$", re.IGNORECASE), "used_plots"),
    (re.compile(r"^other ([A-Z][\w' ]*?) (card|character) you control$"), "other_trait"),
    (re.compile(r"^([A-Z][\w' ]*?) location you control$"), "trait_location"),
    (re.compile(r"^([A-Z][\w']*?)(?: card| character)? in play$"), "trait_in_play"),  # 1e Kennel Master: "Direwolf"
)


def str_per(what: str) -> tuple[str, str | None] | None:
    """What "+1 STR for each …" counts: a kind and, for a trait count, the trait (None: a sentence not read)."""
    for pattern, kind in _STR_COUNTS:
        if (m := pattern.match(what)) is not None:
            return kind, (m.group(1) if m.groups() else None)
    return None


#: 1st edition The Power of Blood: "[Noble] characters cannot be killed.": the crest.
_UNKILLABLE_CREST = re.compile(r"^\[(Noble|War|Learned|Holy|Shadow)\] characters cannot be killed$")

#: 1st edition The Power of Faith: "[Holy] characters you control gain a [Military] icon and do not kneel to attack.";
#: Longship Golden Storm: "Your [Holy] characters gain a [Military] icon.": (the crest, the icon, whether they attack
#: without kneeling).
_CRESTS = r"(Noble|War|Learned|Holy|Shadow)"
_CREST_GRANTS = re.compile(rf"^(?:\[{_CRESTS}\] characters you control|your \[{_CRESTS}\] characters) gain an? "
                           r"\[(military|intrigue|power)\] icon( and do not kneel to attack)?$", re.IGNORECASE)

#: "Power on opponents' characters does not count towards their total power." (1st edition Melisandre), "Power on Lord
#: or Lady characters does not count towards their controllers' power total." (Ser Lancel Lannister).
_POWER_UNCOUNTED = re.compile(r"^power on (opponents'|[A-Z][\w']*(?: or [A-Z][\w']*)*) characters does not count "
                              r"towards? (?:their|their controllers'|his or her) (?:total power|power total)$",
                              re.IGNORECASE)

#: "… place the top card of your deck on her facedown as a duplicate." (Arya Stark), "… on Baelor Brightsmile
#: facedown as a duplicate", 1st edition "… attach the top card of your deck to him, face down, as a duplicate."
_FACEDOWN_DUPLICATE = re.compile(r"\b(?:on|to) ([\w' ]+?),? face[- ]?down,? as a duplicate\b", re.IGNORECASE)


def takes_facedown_duplicate(text: str | None, name: str | None) -> bool:
    """Its ability places a card face down on itself as a duplicate (``Card.takes_facedown_duplicate``)."""
    return any(fold(m.group(1)) in {"him", "her", "it", fold(name or "")}
               for m in _FACEDOWN_DUPLICATE.finditer(_TAG.sub("", text or "")))


#: Whole sentences read as a yes/no fact of the card, word for word (lower case, no final stop).
_FLAG_SENTENCES = {
    "you do not return unspent gold to the treasury during the taxation phase": "keeps_gold",  # The Long Plan
    # 1st edition Rains of Autumn, Blockade and Stoic Resolve:
    "characters, locations, and attachments do not provide income bonuses this round": "no_income_bonuses",
    "the income on each opponent's revealed plot card is reduced to 0": "opponents_income_zero",
    # 2nd edition Rains of Autumn: the "+N Income" of characters and locations (attachments' and agendas' still count)
    "characters and locations do not provide positive gold modifiers": "no_positive_gold_modifiers",
    "knelt characters cannot be killed": "knelt_unkillable",
    "limit 1 per character": "one_per_card",  # 1st edition Lordship: one copy on a character
    "limit 1 copy per character": "one_per_card",  # Dothraki Steed
    "at least one character must be declared as a defender in each challenge, if able": "must_defend",  # Besieged
    "characters cannot be saved": "no_saves",  # The Bloody Flux
    # 1st edition Feast or Famine: "When revealed, you may choose to add +6 gold to your income this marshalling phase.
    # If you do, you cannot initiate challenges this round." (the gold written as the income's modifier)
    "if you do, you cannot initiate challenges this round": "no_challenges_if_gold",
    # 1st edition Burning Bridges: no triggered ability of a card in play (the plots' and events' aside)
    "players cannot trigger abilities on character, location, and attachment cards in play": "no_card_abilities",
    "players cannot trigger reactions to winning or losing challenges": "no_challenge_reactions",  # Rationing
    "characters and locations cannot be saved": "no_saves",  # 1st edition Assault on King's Landing (its characters')
    # Uneasy Truce; Your King Commands It:
    "each player cannot gain power for his or her faction except during challenges": "faction_power_in_challenges",
    "each non-king, non-queen character cannot gain power": "power_kings_only",
    "card abilities cannot cause characters to enter play": "no_effect_entry",  # Barring the Gates
    # 1st edition City of Shadows (an agenda): a Shadow-crest card of another House is played, and brought out of
    # Shadows for 1 gold more ("Whenever you bring any card with a 'House X only' restriction that does not match
    # your House card out of Shadows, pay 1 additional gold.").
    'you may ignore the "house x only" deckbuilding restriction on any card with the shadow crest':
        "house_only_shadow_waived",
    "each character's str cannot be increased or reduced by card effects": "str_fixed",  # Striking at Dawn
    # Fortified Position: every character's printed text box counts as blank, its traits aside.
    "treat each character as if its printed text box were blank (except for traits)": "blanks_characters",
    "treat all characters in play as though their printed text boxes were blank (except for traits)":
        "blanks_characters",  # 1st edition Fortified Position
    # Forgotten Plans: outside the plot phase every other revealed plot's text box counts as blank, Schemes aside.
    "while it is not the plot phase, treat the text box of each revealed non-scheme plot card as if it were blank "
    "(except for traits)": "blanks_plots",
}


#: Whom an ability chooses: "Choose a unique character with printed cost 3 or lower." (Quiet as a Shadow).
_CHOSEN = re.compile(r"choose an? (unique )?(?:non-unique )?character(?: with printed cost (\d+) or lower)?",
                     re.IGNORECASE)


#: "Play only if you control a standing King character." / "… a [lannister] Lord or Lady character." / "… a unique
#: [lannister] character." / "… a The Seven character or location.": the card the player must control in play.
_PLAY_IF_CONTROL = re.compile(r"play only if you control an? (standing )?(unique )?(?:\[(\w+)\] )?(.*?)\b"
                              r"(characters?|locations?)(?: or (characters?|locations?))?\.", re.IGNORECASE)


def play_if_control(text: str | None) -> tuple[str, bool, bool, tuple[str, ...], tuple[str, ...]] | None:
    """An event's "Play only if you control …": (its faction or "", standing, unique, the traits any of which it has,
    the card types)."""
    m = _PLAY_IF_CONTROL.search(_TAG.sub("", text or ""))
    if m is None:
        return None
    traits = tuple(w.strip() for w in re.split(r" or |, ", m.group(4)) if w.strip())
    types = tuple(x.lower().rstrip("s") for x in (m.group(5), m.group(6)) if x)
    return ((m.group(3) or "").lower(), bool(m.group(1)), bool(m.group(2)), traits, types)


def action_only(text: str | None) -> bool:
    """Every triggered ability the text prints is an action ("<b>Action:</b>", "<b>Challenges Action:</b>"): played
    only in an action window, with no trigger of its own (RR: Action Windows)."""
    labels = re.findall(r"<b>([^<]*?):</b>", text or "")
    return bool(labels) and all(label.strip().endswith("Action") for label in labels)


#: An event's one triggered ability answers a challenge's or dominance's result: 2nd edition "<b>Reaction:</b> After you
#: win an [intrigue] challenge by 5 or more STR as the attacking player, …", 1st edition "Response: After you win a
#: Military challenge by 4 or more total STR, …" / "Response: Play after you win dominance. …".
#: Whose result: "After a player wins an Intrigue challenge" (1st edition Maester Creylen: anyone's), "After an
#: opponent wins a Military challenge against you" (1st edition Winterfell Rookery: the player's loss as the defender).
_REACTS_TO = re.compile(r"^(?:limited )?(?:reaction|interrupt|response)\s*:\s*(?:play )?after (you|a player|an "
                        r"opponent) (win|lose)s? "
                        r"(?:(dominance)|an? (unopposed )?(?:\[?(military|intrigue|power)\]? )?challenge( against you)?"
                        r"(?: as the (attacking player|defending player|attacker|defender))?"  # either order: 1st
                        r"(?: by (\d+) or more (?:total )?STR)?"  # edition Edric Storm "… as the attacker by 4 or more"
                        r"(?: as the (attacking player|defending player|attacker|defender))?)[ ,.]", re.IGNORECASE)


#: The side a reaction's challenge is won on, said by its card's part in it: "After you win a challenge in which The Red
#: Viper is participating as an attacker, …" (the words right after the challenge ``_REACTS_TO`` read).
_PARTICIPATING_AS = re.compile(r"^ in which [^,.]*? is participating as an? (attacker|defender)\b", re.IGNORECASE)
#: "Response: After Catelyn Stark is declared as a defender, …" (its own name: ``reacts_to`` compares it).
_DECLARED_SELF = re.compile(r"^(?:reaction|response)\s*:\s*after (.+?) is declared as an? (attacker|defender)[,.]",
                            re.IGNORECASE)
#: "Response: After Cersei Lannister or Cersei's Attendant is killed, …": titles only (each word capitalised), so "a
#: Lord or Lady character" is not read.
_KILLED_NAMED = re.compile(r"^(?i:reaction|response)\s*:\s*(?i:after) ((?:[A-Z][\w'’-]*)(?: (?:[A-Z][\w'’-]*|of|the))*"
                           r"(?: or (?:[A-Z][\w'’-]*)(?: (?:[A-Z][\w'’-]*|of|the))*)*) is killed[,.]")

#: A reaction to a kind of character killed: 1st edition Retreat "Response: After one of your unique characters is
#: killed, …", Arya Stark "After a Unique [Stark] character is killed", Funeral Pyre "After a Lord or Lady character is
#: killed", "After a character you control is killed" (The North Remembers).
_KILLED_SUCH = re.compile(r"^(?i:reaction|response)\s*:\s*(?i:after) (?:(?P<mine>one of your )|an? )"
                          r"(?P<unique>(?i:unique) )?(?:\[(?P<fac>\w+)\] |House (?P<house>[A-Z]\w+) )?"
                          r"(?P<traits>[A-Z][\w']*(?: [A-Z][\w']*)*(?: or [A-Z][\w']*(?: [A-Z][\w']*)*)? )?"
                          r"characters? (?P<yours>you control )?is killed[,.]")


#: "After a card comes out of shadows" (1st edition Ser Arys Oakheart), "After a card you control comes out of shadows
#: during the challenges phase" (Cersei Lannister), "After a card comes out of shadows under your control".
_OUT_OF_SHADOWS_ANY = re.compile(r"^(?:reaction|response)\s*:\s*after an? (?:non-event )?(?:card|character) "
                                 r"(?P<own>you control )?comes out of shadows(?P<own2> under your control)?"
                                 r"(?: during the (?P<phase>challenges|marshaling|dominance) phase)?[,.]",
                                 re.IGNORECASE)


#: "After a challenge is initiated against you" (Eddard Stark), "After a [military] or [power] challenge is initiated
#: against you" (The King's Peace), "After an opponent initiates a [military] challenge against you" (The Bastard's
#: Letter), 1st edition "After a player declares a challenge against you" (The Vaith).
_CHALLENGE_AGAINST = re.compile(
    r"^(?:reaction|response)\s*:\s*after (?:an? (?P<kinds>(?:\[\w+\] or )?\[\w+\] )?challenge is (?:declared|initiated)"
    r"|(?:an opponent|a player) (?:initiates|declares) an? (?:\[?(?P<kind>military|intrigue|power)\]? )?challenge) "
    r"against you[,.]", re.IGNORECASE)
#: A challenge just initiated by anyone ("After an [intrigue] challenge is initiated": Tyrion Lannister, Winterfell;
#: "… is initiated by or against you": Storm's End), by its player ("After you initiate a [military] or [intrigue]
#: challenge": Dreadfort Maester, Frey Lordling, Old Wyk; 1st edition "After you declare attackers during a Power
#: challenge": Kingswood Trail) or by an opponent (1st edition Varys "After an opponent declares a challenge").
_CHALLENGE_INITIATED = re.compile(
    r"^(?:reaction|response)\s*:\s*after (?:an? (?P<kinds>(?:\[\w+\] or )?\[\w+\] )?challenge is initiated"
    r"(?: by or against you)?|(?P<own>you) (?:initiate an? (?:(?P<kinds_own>(?:\[\w+\] or )?\[\w+\] ))?"
    r"challenge|declare attackers during an? (?P<kind>military|intrigue|power) challenge)"
    r"|(?P<opp>an opponent) (?:declares|initiates) an? challenge)[,.]", re.IGNORECASE)


def challenge_kinds(words: str | None) -> str:
    """The challenge types a trigger names ("[military] or [intrigue] ", "Power"), joined by "|"; "" for any."""
    return "|".join(w.lower() for w in re.findall(r"military|intrigue|power", words or "", re.IGNORECASE))


#: ``reacts_to``'s triggers on the card itself (its title as ``SELF``): Littlefinger "Reaction: After you marshal
#: Littlefinger, …"; 1st edition Sansa Stark "… plays an attachment on Sansa Stark, …"; Shadow Priestess "… After
#: Shadow Priestess comes out of shadows, …"; Randyll Tarly "… After Randyll Tarly's STR is increased by a card effect".
_MARSHAL_SELF = re.compile(rf"^(?:reaction|response)\s*:\s*after you marshal {SELF}[ ,.]", re.IGNORECASE)
_ATTACHED_SELF = re.compile(rf"^(?:reaction|response)\s*:\s*after (?:a player|you) (?:plays?|marshals?) an "
                            rf"attachment on {SELF}[ ,.]", re.IGNORECASE)
_OUT_OF_SHADOWS_SELF = re.compile(rf"^(?:reaction|response)\s*:\s*after {SELF} comes out of shadows[,.]", re.IGNORECASE)
#: Power gained or moved: Robert Baratheon "Reaction: After Robert Baratheon gains power, …" (Eddard Stark "… gains
#: power using renown, …"); Ser Justin Massey "After a [baratheon] character gains power, …", Host of the Riverlands
#: "After a House Tully character you control gains power, …"; Antler Men "After power is moved to your faction card".
_POWER_GAINED_SELF = re.compile(rf"^(?:reaction|response)\s*:\s*after {SELF} gains (?:\d+ )?power(?: using renown)?"
                                r"[,.]", re.IGNORECASE)
_POWER_GAINED_SUCH = re.compile(r"^(?i:reaction|response)\s*:\s*(?i:after) an? (?:\[(?P<fac>\w+)\] )?"
                                r"(?P<traits>[A-Z][\w']*(?: [A-Z][\w']*)*(?: or [A-Z][\w']*(?: [A-Z][\w']*)*)? )?"
                                r"character (?P<yours>you control )?gains (?:\d+ )?power[,.]")
_POWER_MOVED_FACTION = re.compile(r"^(?:reaction|response)\s*:\s*after power is moved to your faction card[,.]",
                                  re.IGNORECASE)
_STR_RAISED_SELF = re.compile(rf"^(?:reaction|response)\s*:\s*after {SELF}['’]s STR is increased by a card effect[,.]",
                              re.IGNORECASE)


def reacts_to(text: str | None, name: str | None = None) -> tuple[str, str, int, str] | None:
    """The result an event's only triggered ability waits for: ("win_challenge" | "lose_challenge" | "unopposed" |
    "win_dominance" | "lose_dominance", the challenge type or "", the STR it is won by at least, "attacker" |
    "defender" | ""); a card's "Reaction: After you marshal <its name>, …" ("marshal_self", "", 0, ""), "Response:
    After a player plays an attachment on <its name>, …" ("attached_self", …), "… After a challenge is declared
    against you, …" ("challenge_against", …), "Each time you reveal a plot card, …" / "… After you reveal a plot
    card, …" ("reveal_plot", …), "Reaction: After an opponent collects income, …" ("opponent_income", …); "After an
    opponent initiates a [military] challenge against you" ("challenge_against", "military", …); "After you become the
    first player" ("first_player", …); "After you play a Song event" ("event_played", "Song", …); "After a character
    is killed to satisfy claim during a challenge you initiated" ("claim_killed", "", 0, "attacker"); "After <its name>
    comes out of shadows" ("out_of_shadows_self", …). None when
    it prints another ability or another trigger (RR: Triggered Abilities). "After <its name> is declared as a
    defender" ("declared_self_defender", …); "After <its name>'s STR is increased by a card effect" ("str_raised_self",
    …); "After <a title> or <a title> is killed" ("killed_named", the titles
    joined by "|", 0, ""); "After the dominance phase begins" ("phase_begins", "dominance", 0, ""); "After one of your
    unique characters is killed" ("killed_such", "unique;<faction>;<Trait>|<Trait>", 0, "own" | ""); "After <its name>
    gains power" ("power_gained_self", …); "After a [baratheon] character gains power" ("power_gained_such",
    "<faction>;<Trait>|<Trait>", 0, "own" | ""); "After power is moved to your faction card" ("power_moved_faction",
    …); "After claim is applied for an [intrigue] challenge you won by 5 or more STR" ("win_challenge", "intrigue", 5,
    "": the challenge won, its claim applied or not)."""
    plain = " ".join(_TAG.sub("", text or "").split())
    if "<b>" in (text or ""):
        labels = re.findall(r"<b>\s*([^<]*?)\s*:?\s*</b>", text or "")
    else:
        labels = [m.group(1) for m in _TRIGGER_1E.finditer(plain)]
    if not labels and re.match(r"^each time you reveal a plot card, ", plain, re.IGNORECASE):
        return ("reveal_plot", "", 0, "")  # 1st edition Golden Tooth Mines: "…, draw a card."
    if not labels and re.search(r"\beach time you successfully defend a challenge\b", plain, re.IGNORECASE):
        return ("win_challenge", "", 0, "defender")  # 1st edition The White Book: "… claim 1 power for your House …"
    if len(labels) != 1:
        return None
    start = plain.lower().find(labels[0].strip().lower() + ":")
    mine = own_title(plain[start:], name) if start >= 0 else ""
    if start >= 0 and name and _MARSHAL_SELF.match(mine):
        return ("marshal_self", "", 0, "")  # Littlefinger: "Reaction: After you marshal Littlefinger, draw 2 cards."
    if start >= 0 and name and _ATTACHED_SELF.match(mine):
        return ("attached_self", "", 0, "")  # 1st edition Sansa Stark: "… that player may draw a card."
    against = _CHALLENGE_AGAINST.match(plain[start:]) if start >= 0 else None
    if against is not None:  # 1st edition Moat Cailin: "… bring Moat Cailin out of shadows."; Levies at the Rock "After
        # a player initiates …"; The Bastard's Letter: "… initiates a [military] challenge …"
        return ("challenge_against", challenge_kinds(against.group("kinds") or against.group("kind")), 0, "")
    initiated = _CHALLENGE_INITIATED.match(plain[start:]) if start >= 0 else None
    if initiated is not None:  # Tyrion Lannister "After an [intrigue] challenge is initiated, gain 2 gold."
        side = "attacker" if initiated.group("own") is not None else "defender" if initiated.group("opp") else ""
        return ("challenge_initiated", challenge_kinds(initiated.group("kinds") or initiated.group("kinds_own")
                                                      or initiated.group("kind")), 0, side)
    if start >= 0 and name and _OUT_OF_SHADOWS_SELF.match(mine):
        return ("out_of_shadows_self", "", 0, "")  # Shadow Priestess: "…, choose and kneel a character …"
    out = _OUT_OF_SHADOWS_ANY.match(plain[start:]) if start >= 0 else None
    if out is not None:  # 1st edition Ser Arys Oakheart: "Response: After a card comes out of shadows, choose and …"
        return ("out_of_shadows_any", (out.group("phase") or "").lower(), 0,
                "own" if out.group("own") or out.group("own2") else "")
    if start >= 0 and re.match(r"^(?:reaction|response)\s*:\s*after you reveal a plot card[,.]", plain[start:],
                               re.IGNORECASE):
        return ("reveal_plot", "", 0, "")  # Frostfang Peaks: "Response: After you reveal a plot card, discard …"
    if start >= 0 and re.match(r"^(?:reaction|response)\s*:\s*after an opponent collects income[,.]", plain[start:],
                               re.IGNORECASE):
        return ("opponent_income", "", 0, "")  # A Meager Contribution: "… move 1 gold from that player's gold pool …"
    played = re.match(r"^(?:reaction|response)\s*:\s*after you play an? (?:([A-Z][\w']*) )?event(?: card)?[,.]",
                      plain[start:], re.IGNORECASE) if start >= 0 else None
    if played is not None:  # Dark Wings, Dark Words: "Reaction: After you play an event, draw 1 card."; Highgarden
        return ("event_played", played.group(1) or "", 0, "")  # Minstrel "… a Song event, …" (its Trait)
    if start >= 0 and re.match(r"^(?:reaction|response)\s*:\s*after you become the first player[,.]", plain[start:],
                               re.IGNORECASE):
        return ("first_player", "", 0, "")  # Cersei's Wheelhouse: "…, either: gain 1 gold, or draw 1 card."
    claim = re.match(r"^(?:reaction|response)\s*:\s*after a character is killed to satisfy claim( during a challenge "
                     r"you initiated)?[,.]", plain[start:], re.IGNORECASE) if start >= 0 else None
    if claim is not None:  # Rakharo: "…, Rakharo gains 1 power."
        return ("claim_killed", "", 0, "attacker" if claim.group(1) else "")
    begins = re.match(r"^(?:reaction|response)\s*:\s*after the (plot|draw|marshaling|challenges|dominance|standing|"
                      r"taxation) phase begins[,.]", plain[start:], re.IGNORECASE) if start >= 0 else None
    if begins is not None:
        return ("phase_begins", begins.group(1).lower(), 0, "")  # Fiery Followers: "…, stand Fiery Followers."
    if start >= 0 and name and _POWER_GAINED_SELF.match(mine):
        return ("power_gained_self", "", 0, "")  # Robert Baratheon: "…, gain 1 power for your faction."
    gained = _POWER_GAINED_SUCH.match(plain[start:]) if start >= 0 else None
    if gained is not None:  # (faction, Traits) as "baratheon;House Tully"; "own": one the player controls
        traits = "|".join(x.strip() for x in (gained.group("traits") or "").split(" or ") if x.strip())
        return ("power_gained_such", f"{(gained.group('fac') or '').lower()};{traits}", 0,
                "own" if gained.group("yours") else "")
    if start >= 0 and _POWER_MOVED_FACTION.match(plain[start:]):
        return ("power_moved_faction", "", 0, "")  # Antler Men: "…, gain 1 gold."
    if start >= 0 and name and _STR_RAISED_SELF.match(mine):
        return ("str_raised_self", "", 0, "")  # Randyll Tarly: "…, stand him. (Limit twice per phase.)"
    own = _DECLARED_SELF.match(plain[start:]) if start >= 0 and name else None
    if own is not None and name is not None and fold(own.group(1)) == fold(name):
        return (f"declared_self_{own.group(2).lower()}", "", 0, "")  # 1st edition Catelyn Stark
    named = _KILLED_NAMED.match(plain[start:]) if start >= 0 else None
    if named is not None:  # 1st edition Cersei's Attendant: "After Cersei Lannister or Cersei's Attendant is killed, …"
        return ("killed_named", "|".join(n.strip() for n in named.group(1).split(" or ")), 0, "")
    such = _KILLED_SUCH.match(plain[start:]) if start >= 0 else None
    if such is not None:  # (unique, faction, Traits) as "unique;stark;Lord|Lady"; "own": one the player controls
        traits = "|".join(x.strip() for x in (such.group("traits") or "").split(" or ") if x.strip())
        return ("killed_such", f"{'unique' if such.group('unique') else ''};"
                f"{(such.group('fac') or such.group('house') or '').lower()};{traits}", 0,
                "own" if such.group("mine") or such.group("yours") else "")
    applied = re.match(r"^(?:reaction|response)\s*:\s*after claim is applied for an? "
                       r"(?:\[?(military|intrigue|power)\]? )?challenge you won(?: by (\d+) or more STR)?[,.]",
                       plain[start:], re.IGNORECASE) \
        if start >= 0 else None
    if applied is not None:  # Insidious Scheme: "… for an [intrigue] challenge you won by 5 or more STR, draw 2 cards."
        return ("win_challenge", (applied.group(1) or "").lower(), int(applied.group(2) or 0), "")
    m = _REACTS_TO.match(plain[start:]) if start >= 0 else None
    if m is None:
        return None
    who, won, dominance, unopposed, kind, vs_you, side_first, by, side = m.groups()
    side = side or side_first
    anyone = who.lower() == "a player"
    if who.lower() != "you":
        if side or (dominance and anyone) or not (vs_you or dominance or anyone):
            return None  # "After an opponent wins a challenge": with more players than two not the player's loss
        if vs_you or dominance:  # an opponent's win against you (of dominance) is your loss
            won, side = ("lose" if won.lower() == "win" else "win"), ("defender" if vs_you else "")
        else:  # "a player": whoever it is
            side = "any"
    if not side and (joined := _PARTICIPATING_AS.match(plain[start + m.end() - 1:])) is not None:
        side = joined.group(1)  # The Red Viper: "… a challenge in which The Red Viper is participating as an attacker"
    if dominance:
        return (f"{won.lower()}_dominance", "", 0, "")
    # Burning on the Sand: "After you lose an unopposed challenge, …" waits for the loss, not the win
    event = ("lose_unopposed" if won.lower() == "lose" else "unopposed") if unopposed else f"{won.lower()}_challenge"
    return (event, (kind or "").lower(), int(by or 0), side if side in ("any", "defender")
            else "attacker" if side and side.lower().startswith("attack") else "defender" if side else "")


#: A reaction that places tokens on the card itself: "Reaction: After you lose a challenge, place 1 vengeance token on
#: The Boneway." / "Forced Reaction: After you win a challenge in which Ser Jorah Mormont is participating, place 1
#: betrayal token on him.".
_TOKEN_REACTION = re.compile(r"\b(?:forced )?(reaction|response)\s*:\s*(after [^.]*?), place (?:an?|\d+) (\w+) tokens? "
                             r"on ([^.]+?)\.", re.IGNORECASE)


def token_reacts_to(plain: str, name: str | None) -> tuple[str, str, str, int, str] | None:
    """The token kind and the trigger (as ``reacts_to`` reads it) of a reaction placing tokens on the card itself,
    whatever else the card prints: ("vengeance", "lose_challenge", "", 0, "") for The Boneway. None: no such
    reaction, or a trigger not read."""
    if not name:
        return None
    for m in _TOKEN_REACTION.finditer(" ".join(plain.split())):
        if fold(m.group(4)) in {fold(name), "him", "her", "it"}:
            trigger = reacts_to(f"<b>{m.group(1)}:</b> {m.group(2)}, place.", name)
            return None if trigger is None else (m.group(3).lower(), *trigger)
    return None


#: A claim of another type applied instead: "Forced Interrupt: When claim is applied for a [military] challenge, apply
#: [power] claim instead." (The Hand's Tourney), "Interrupt: When claim is applied for an [intrigue] challenge, apply
#: [military] claim instead." (Trial by Combat), "… kneel Mya Stone to apply [power] claim instead".
_CLAIM_INSTEAD = re.compile(r"\b(forced )?interrupt\s*:\s*when claim is applied for an? \[(military|intrigue|power)\]"
                            r"(?: or \[(military|intrigue|power)\])? challenge[^.]*?, ([^.]*?)apply \["
                            r"(military|intrigue|power)\] claim instead\b", re.IGNORECASE)


def claim_instead(plain: str) -> tuple[tuple[str, ...], str, bool] | None:
    """(the challenge types whose claim it replaces, the type applied instead, whether it is forced: a forced
    interrupt that leaves no choice, "may" not printed before it)."""
    m = _CLAIM_INSTEAD.search(" ".join(plain.split()))
    if m is None:
        return None
    kinds = tuple(k.lower() for k in (m.group(2), m.group(3)) if k)
    return kinds, m.group(5).lower(), bool(m.group(1)) and not re.search(r"\bmay\b", m.group(4), re.IGNORECASE)


#: A response that asks for gold in its player's pool: 1st edition Tywin Lannister "Response: After you win dominance,
#: if you have 4 or more gold in your gold pool Tywin Lannister claims 3 power."
_GOLD_AT_LEAST = re.compile(r"\b(?:reaction|response)\s*:\s*after [^.]*?, if you have (\d+) or more gold in your gold "
                            r"pool\b", re.IGNORECASE)


#: A reaction to its own pillage discarding a kind of card: "Reaction: After Ser Gregor's Marauders discards an event
#: using pillage, stand Ser Gregor's Marauders." (Polliver, Raff the Sweetling: "a character"; Euron Crow's Eye: "a
#: non-character card" by any character you control is not read).
_PILLAGE_REACTS = re.compile(r"\bafter (.+?) discards an? (event|character|location|attachment)s? (?:card )?using "
                             r"pillage\b", re.IGNORECASE)


def pillage_reacts(plain: str, name: str | None) -> str | None:
    """The card type its own pillage discards that its reaction waits for (None: no such reaction)."""
    m = _PILLAGE_REACTS.search(" ".join(plain.split()))
    return m.group(2).lower() if m is not None and name is not None and fold(m.group(1)) == fold(name) else None


#: A plot that sets every character's STR: "Set each character's STR to 3." (At the Palace of Sorrows), a whole
#: sentence.
_STR_SET = re.compile(r"(?:^|[.\n]\s*)Set each character's STR to (\d+)\.", re.IGNORECASE)
#: An attachment's "While attached character is participating in a challenge, set its STR to 1." (Strangler).
_ATTACHED_STR_SET = re.compile(r"\bWhile attached character is participating in a challenge, set its STR to (\d+)\.",
                               re.IGNORECASE)


#: A won challenge's reaction that asks for one of the player's characters in it: "After you win a challenge in which
#: you control an attacking Bastard character" (The Red Viper), "… a participating Lord or Lady character" (Street of
#: Silk), "… a participating [thenightswatch] character" (Lord Commander).
_WON_WITH = re.compile(r"\bafter you win an? (?:unopposed )?(?:\[?(?:military|intrigue|power)\]? )?challenge in "
                       r"which you control an? (attacking|participating) (?:\[(\w+)\] )?"
                       r"((?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*)*(?:,? or [A-Z][\w'-]*(?: [A-Z][\w'-]*)*)*) )?character\b",
                       re.IGNORECASE)


#: A reaction's condition on what its player controls: 1st edition Victarion Greyjoy "Response: After you reveal a plot
#: card, Victarion Greyjoy claims 1 power if you control a Warship location."; "…, if you control a King character, …".
_REACT_IF_CONTROL = re.compile(r"(?i:reaction|response)\s*:\s*(?i:after) [^.]*?\bif you control an? (standing )?"
                               r"(unique )?(?:\[(\w+)\] )?([A-Z][\w']*(?: or [A-Z][\w']*)?) (characters?|locations?)\b")
#: An effect done only "if you have more cards in hand than" the other player: Red Keep Spy "… If you have more cards
#: in hand than that character's controller, return it to its owner's hand.", The Queen's Assassin "… than that
#: player, he or she must choose and kill …", Ser Daven Lannister "Then, if you have more cards in hand than each
#: opponent, draw 1 card." (``then_if_more_cards``).
_THEN_IF_MORE_CARDS = re.compile(r"\bif you have more cards in hand than (?:that character's controller|that "
                                 r"player|each opponent), (?:return|he or she must choose and kill|draw)\b",
                                 re.IGNORECASE)
#: Ser Barristan Selmy "Reaction: After you win a challenge …, if you have fewer cards in hand than the losing
#: opponent, stand him." (Hero).
_REACT_IF_FEWER_CARDS = re.compile(r"\b(?:reaction|response)\s*:\s*after you win a [^.]*?\bif you have fewer cards in "
                                   r"hand than the losing opponent\b", re.IGNORECASE)


def react_if_control(plain: str) -> tuple[str, bool, bool, tuple[str, ...], tuple[str, ...]] | None:
    """A reaction's "if you control a <Trait> character/location" (``_REACT_IF_CONTROL``), as ``play_if_control``
    reads an event's: (its faction or "", standing, unique, the Traits any of which it has, the card types)."""
    m = _REACT_IF_CONTROL.search(" ".join(plain.split()))
    if m is None:
        return None
    return ((m.group(3) or "").lower(), bool(m.group(1)), bool(m.group(2)),
            tuple(w.strip() for w in m.group(4).split(" or ")), (m.group(5).lower().rstrip("s"),))


#: A "Then" that stands (kneels) the card itself only if the character its ability chose has a Trait: "… kneel Maiden's
#: Bane to choose and stand an attacking character. Then, if that character is a Captain, stand Maiden's Bane.";
#: Rhaegal "Then, if that character has the Dragon or Stormborn trait, stand Rhaegal.".
_THEN_SELF_IF_TRAIT = re.compile(rf"\bThen, if that character (?:is an? ([A-Z][\w']*)|has the ([A-Z][\w']*(?: or "
                                 rf"[A-Z][\w']*)*) traits?), (stand|kneel) {SELF}\.")


#: A "Then" on the chosen character that asks the card's power over its STR: 1st edition Ser Jaime Lannister "… choose
#: and kneel 1 non-Army character controlled by an opponent. Then, if Ser Jaime Lannister has more power on him than
#: that character has STR, discard that character from play.".
_THEN_IF_POWER_OVER_STR = re.compile(rf"\bThen, if {SELF} has more power on (?:him|her|it) than that character has "
                                     r"STR, (discard|kill|kneel|return) that character\b", re.IGNORECASE)


def then_self_if_trait(plain: str, name: str | None) -> tuple[str, str] | None:
    """(the action on the card itself, the Traits "|"-joined) of ``_THEN_SELF_IF_TRAIT``; None: no such words."""
    m = _THEN_SELF_IF_TRAIT.search(own_title(" ".join(plain.split()), name)) if name else None
    if m is None:
        return None
    return m.group(3), "|".join(w.strip() for w in (m.group(1) or m.group(2)).split(" or "))


#: A won challenge's reaction that names the characters one of which took part: 1st edition Jon Snow "Response: After
#: you win a challenge in which Jon Snow or Ghost participated, Jon Snow claims 1 power."; "… in which Theon Greyjoy is
#: participating, …".
_WON_WITH_NAMED = re.compile(r"\bafter you win an? (?:unopposed )?(?:\[?(?:military|intrigue|power)\]? )?challenge in "
                             r"which ((?-i:[A-Z][\w'-]*(?: [A-Z][\w'-]*)*(?: or [A-Z][\w'-]*(?: [A-Z][\w'-]*)*)*)) "
                             r"(?:participated|participates|is participating)(?! as\b)[,.]", re.IGNORECASE)


def won_with(plain: str) -> tuple[str, str, str] | None:
    """Such a reaction's character: ("attacking" | "participating", the faction or "", the Traits one of which it has,
    "|"-joined, or ""; or the titles named, each "name:<title>"). None: no such words, or words not read ("a
    participating unique [lannister] character", "in-faction")."""
    m = _WON_WITH.search(" ".join(plain.split()))
    named = _WON_WITH_NAMED.search(" ".join(plain.split())) if m is None else None
    if named is not None:
        return "participating", "", "|".join(f"name:{fold(x)}" for x in named.group(1).split(" or "))
    if m is None or not (m.group(2) or m.group(3)):
        return None
    traits = "|".join(x.strip() for x in re.split(r",? or |, ", m.group(3) or "") if x.strip())
    return m.group(1).lower(), (m.group(2) or "").lower(), traits


#: An attachment's save of the card it is attached to, and of no other: "Interrupt: When attached character would be
#: killed or discarded from play, sacrifice Bodyguard to save that character."; 1st edition "Response: Kneel Nymeria to
#: save attached character from being killed."
_SAVES_ATTACHED = re.compile(r"when attached (?:character|location) would [^.]*?\bto save (?:it|that character|that "
                             r"location)\b|\bto save attached (?:character|location)\b", re.IGNORECASE)

#: A save's trigger names what it saves: "When another Direwolf card or Sansa Stark would leave play, kill Lady to save
#: that card.", "When a Lady character would be killed or discarded from play, stand Ser Dontos Hollard to save that
#: character.", "When another character would be killed, kill Maester Kerwin to save that character.".
_SAVES_WHEN = re.compile(r"^(?:\w+: )?when (another |an? )?(.+?) would (?:be killed|leave play|be discarded)[^,]*, "
                         r"[^.]*?\bto save (?:that|it|him|her|them)\b", re.IGNORECASE)
_SAVED_SUBJECT = re.compile(r"^(unique )?(?:non-([A-Z][\w' ]*?) )?(?:\[(\w+)\] )?(?:(.+?) )?"
                            r"(character|card|location|attachment)(?: or (.+))?$")
_NAME = re.compile(r"^[A-Z][\w'-]*(?: (?:of |the )?[A-Z][\w'-]*)*$")


def saves_only(plain: str) -> tuple[bool, tuple[str, ...], tuple[str, ...], str, str, bool, str, bool] | None:
    """What a ``_SAVES_WHEN`` save may save: (not the card itself ("another"), the titles it names, the Traits one of
    which it needs, its type ("" for "card"), its faction, unique only, the Trait it must lack ("non-Army"), controlled
    by the save's player ("you control")). None: no such sentence, or words not read ("non-loyal", "attached
    character": ``_SAVES_ATTACHED``)."""
    for sentence in re.split(r"[.\n]", plain):
        m = _SAVES_WHEN.match(" ".join(sentence.split()))
        if m is None:
            continue
        subject, own = m.group(2), m.group(2).endswith(" you control")
        subject = subject.removesuffix(" you control")
        if (what := _SAVED_SUBJECT.match(subject)) is not None:
            traits = tuple(what.group(4).split(" or ")) if what.group(4) else ()
            names = tuple(what.group(6).split(" or ")) if what.group(6) else ()
            if not all(_NAME.match(x) for x in (*traits, *names)):
                return None
            return (m.group(1) is not None and m.group(1).lower() == "another ", names, traits,
                    "" if what.group(5) == "card" else what.group(5), what.group(3) or "", what.group(1) is not None,
                    what.group(2) or "", own)
        if _NAME.match(subject):  # "When Jon Snow would be killed, …" (Ghost)
            return (m.group(1) is not None and m.group(1).lower() == "another ", (subject,), (), "", "", False, "",
                    own)
        return None
    return None


#: A save whose cost is gold: 1st edition Gilded Plate "Response: Pay 1 gold and discard Gilded Plate from play (cannot
#: be saved) to save attached character …", Strong Belwas "Pay 2 gold to save a Noble character …", 2nd edition
#: Podrick Payne "… pay 2 gold and put Podrick Payne into play from your hand to save it".
_SAVE_GOLD = re.compile(r"\bpay (\d+) gold\b[^.]*?\bto save\b", re.IGNORECASE)
#: "Asha Greyjoy cannot be saved." (1st edition; Jon Arryn, Coldhands in both editions), "Attached character cannot be
#: saved." (1st edition Scurvy, Sun Stroke): a whole sentence, no condition before it.
_NEVER_SAVED = re.compile(r"(?:^|[.\n])\s*([^.\n]+?) cannot be saved\.", re.IGNORECASE)
#: "Wharf Rats cannot be killed." (1st edition; Drogon, Rhaegal, Viserion, Balerion, Living Shadow, Ser Davos
#: Seaworth, Coldhands), "Attached character cannot be killed.": the same shape as ``_NEVER_SAVED``.
_NEVER_KILLED = re.compile(r"(?:^|[.\n])\s*([^.\n]+?) cannot be killed\.", re.IGNORECASE)
#: Arya Stark (08081): "While Arya Stark is standing, characters cannot be saved." (its own name:
#: ``no_saves_standing``).
_NO_SAVES_STANDING = re.compile(rf"(?:^|[.\n])\s*while {SELF} is standing, characters cannot be saved\.",
                                re.IGNORECASE)
#: "Ygritte cannot be knelt by card effects.": the same shape as ``_NEVER_SAVED``.
_NEVER_KNELT = re.compile(r"(?:^|[.\n])\s*([^.\n]+?) cannot be knelt by card effects\.", re.IGNORECASE)
#: Edric Storm: "Each player cannot gain more than 3 power each round (among all cards they control)."
#: (``power_cap_round``)
_POWER_CAP_ROUND = re.compile(r"\beach player cannot gain more than (\d+) power each round\b", re.IGNORECASE)
#: Iron Emmett: "While Iron Emmett is kneeling, characters with a [military] icon cannot enter play during the
#: challenges phase." (its own name: ``entry_barred_kneeling``).
_ENTRY_BARRED_KNEELING = re.compile(rf"(?:^|[.\n])\s*while {SELF} is kneeling, characters with an? "
                                    r"\[?(military|intrigue|power)\]? icon cannot enter play during the (\w+) phase\.",
                                    re.IGNORECASE)
#: War Elephants: "War Elephants cannot be marshaled or placed during setup." (its own name: ``never_marshaled``).
_NEVER_MARSHALED = re.compile(rf"(?:^|[.\n])\s*{SELF} cannot be marshaled or placed during setup\.", re.IGNORECASE)
#: An event played only after challenges its player won or lost this phase (``play_if_challenges``): "Play only if you
#: have lost a challenge as the defending player this phase." (Serve. Obey. Protect.), "Challenges Action: Choose an
#: opponent who has won a challenge against you this phase. …" (A Lannister Always Pays His Debts: the choice is its
#: condition); 1st edition "Play only if you have won an Intrigue and a Power challenge as the attacker this phase."
#: (Wedding Feast), "Play only if you have won 2 or more unopposed challenges this phase." (Salt and Iron).
_PLAY_IF_LOST_DEFENDING = re.compile(r"\b(?:play only if you have lost a challenge as the defending player|choose an "
                                     r"opponent who has won a challenge against you) this phase\b", re.IGNORECASE)
_PLAY_IF_WON = re.compile(r"\bplay only if you have won an? \[?(military|intrigue|power)\]?(?: and an? \[?(military|"
                          r"intrigue|power)\]?)? challenges? as the (attacker|defender) this phase\b", re.IGNORECASE)
_PLAY_IF_UNOPPOSED = re.compile(r"\bplay only if you have won (\d+) or more unopposed challenges this phase\b",
                                re.IGNORECASE)


def play_if_challenges(plain: str) -> tuple[str, ...]:
    """The challenges of this phase an event's play asks for, each "lost:<type or any>:<side>", "won:<type>:<side>"
    or "won_unopposed:<count>" (all of them)."""
    if _PLAY_IF_LOST_DEFENDING.search(plain):
        return ("lost:any:defender",)
    if m := _PLAY_IF_WON.search(plain):
        return tuple(f"won:{kind.lower()}:{m.group(3).lower()}" for kind in m.groups()[:2] if kind)
    if m := _PLAY_IF_UNOPPOSED.search(plain):
        return (f"won_unopposed:{m.group(1)}",)
    return ()


#: An event's "Play only if there is a Winter plot card in your used pile." (As Hard as Winter: ("Winter", 1)), "Play
#: only if there are 3 or more plot cards in your used pile." (To The Spears!: ("", 3)) (``play_if_used``).
_PLAY_IF_USED = re.compile(r"\bplay only if there (?:is an?|are (\d+) or more) (?:([A-Z][\w']*) )?plot cards? in "
                           r"your used pile\b", re.IGNORECASE)
#: Lonely Light: "While Lonely Light is standing, increase the cost for each player to bring cards out of shadows by
#: 1." (its own name: ``shadow_cost_up``).
_SHADOW_COST_UP = re.compile(rf"\bwhile {SELF} is standing, increase the cost for each player to bring cards out of "
                             r"shadows by (\d+)\b", re.IGNORECASE)
#: Devout Freerider: "During the challenges phase, each player cannot gain gold.": the phase (``no_gold_in``).
_NO_GOLD_IN = re.compile(r"\bduring the (plot|draw|marshaling|challenges|dominance|standing|taxation) phase, each "
                         r"player cannot gain gold\b", re.IGNORECASE)


def cannot_be(plain: str, name: str | None, pattern: re.Pattern[str]) -> str:
    """Which card its text says cannot be saved (``_NEVER_SAVED``) or killed (``_NEVER_KILLED``): "self" (its own
    name), "attached" (the character it is attached to) or "" (none, or under a condition: "While an opponent controls
    a King character, Renly Baratheon …")."""
    for m in pattern.finditer(plain):
        who = m.group(1).strip()
        if name is not None and fold(who) == fold(name):
            return "self"
        if who.lower() == "attached character":
            return "attached"
    return ""


#: Catelyn Stark: "While Catelyn Stark is participating in a challenge, your opponents cannot trigger card abilities."
_SILENCES_OPPONENTS = re.compile(r"while [^.]+? is participating in a challenge, your opponents cannot trigger card "
                                 r"abilities", re.IGNORECASE)

#: An ability's target among the participating characters: "Choose a participating [stark] character." (For the
#: North!), "choose a participating character you control" (One, Two, Three).
_CHOOSES_PARTICIPATING = re.compile(r"\bchoose an? participating (?:\[(\w+)\] )?character\b( you control)?",
                                    re.IGNORECASE)


#: An event that raises the claim for the challenge under way: "Until the end of the challenge, raise the claim value on
#: your revealed plot card by 1." (Winter Is Coming), 1st edition "Raise the Claim value on each House Stark player's
#: revealed plot card by 1 for the duration of the challenge.": (whose plot: "you" or "house:<faction>", by how much).
_RAISES_CLAIM = re.compile(r"\braise the claim value on (your|each House (\w+) player's) revealed plot card by (\d+)"
                           r"(?: until the end of the challenge| for the duration of the challenge)?$", re.IGNORECASE)


#: "Interrupt: When the effects of an opponent's event would initiate, cancel those effects." (The Hand's Judgment; "…
#: event or when revealed ability …": Someone Always Tells). A choice ("unless", "either") is not read.
_CANCELS_EVENTS = re.compile(r"\bwhen the effects of (?:an opponent's|an?) event\b[^.]*? would initiate, "
                             r"(?:[^.]*? to )?cancel those effects$"
                             r"|\bcancel the effects of (?:an|any) event card (?:that has )?just (?:been )?played$",
                             re.IGNORECASE)


#: What an interrupt cancels as it would initiate: "When the effects of an opponent's event would initiate, cancel those
#: effects." (The Hand's Judgment); "… of a triggered character, location, or attachment ability …" (Treachery).
_CANCELS = re.compile(r"\bwhen the effects of (an opponent's|an?) (event|triggered (?:character|location|attachment)"
                      r"(?:(?:,| or|, or) (?:character|location|attachment))* ability) would initiate, (?:[^.]*? to )?"
                      r"cancel those effects\b", re.IGNORECASE)


def cancels(plain: str) -> tuple[str, tuple[str, ...]] | None:
    """What its interrupt cancels: ("opponent" | "any", the kinds: "event", "character", "location", "attachment").
    None: no such sentence, or one in other words ("an opponent's event or when revealed ability", "a non-plot …")."""
    m = _CANCELS.search(" ".join(plain.split()))
    if m is None:
        return None
    kinds = ("event",) if m.group(2).lower() == "event" else tuple(
        k for k in ("character", "location", "attachment") if k in m.group(2).lower())
    return ("opponent" if "opponent" in m.group(1).lower() else "any"), kinds


def cancels_events(plain: str) -> bool:
    """Its ability cancels the effects of an event as they would initiate (``_CANCELS_EVENTS``)."""
    return any(_CANCELS_EVENTS.search(" ".join(s.split())) for s in re.split(r"[.\n]", plain))


def raises_claim(plain: str) -> tuple[str, int] | None:
    """A raise of the claim in the challenge under way (``_RAISES_CLAIM``; the rules read it for events played)."""
    for sentence in re.split(r"[.\n]", plain):
        if (m := _RAISES_CLAIM.search(" ".join(sentence.split()))) is not None:
            return ("you" if m.group(2) is None else f"house:{m.group(2).lower()}"), int(m.group(3))
    return None


#: A card put into play for the phase: "Put a [lannister] character into play from your hand. At the end of the phase,
#: if that card is still in play, discard it from play (cannot be saved)." (Hear Me Roar!); or saved for it: "…, save
#: it, stand it, and set its STR to 1 until the end of the phase. At the end of the phase, if that character is still
#: in play, kill it (cannot be saved)." (Fight to the Last).
_PHASE_END_FATE = re.compile(r"\b(?:into play|save it)\b.*?\bat the end of the phase, if "
                             r"(?:that card|that character|it) is still in play, "
                             r"(discard it from play|return it to (?:your|its owner's) hand|kill it)\b",
                             re.IGNORECASE | re.DOTALL)


def phase_end_fate(plain: str) -> str | None:
    """Where a card the ability put into play (or saved) goes as the phase ends: "discard", "hand" or "dead" (None: no
    such sentence, or another fate not read)."""
    m = _PHASE_END_FATE.search(plain)
    if m is None:
        return None
    words = m.group(1).lower()
    return "discard" if words.startswith("discard") else "dead" if words.startswith("kill") else "hand"


def chooses_participating(plain: str) -> tuple[str, bool] | None:
    """Whom an ability chooses among the participating characters: (the faction or "", whether it is one the player
    controls). None: it chooses no participating character, or one with words not read (a trait, "without …" is
    read as any participating character: a lighter condition)."""
    m = _CHOOSES_PARTICIPATING.search(plain)
    return None if m is None else ((m.group(1) or "").lower(), bool(m.group(2)))


#: An ability that chooses a character by its side in the challenge: "Choose an attacking [targaryen] character you
#: control." (Deadly Khalasar), "Choose a defending character …" (The Kraken's Grasp), 1st edition "Choose an attacking
#: House Lannister character." (Insidious Ways), "Choose a [stark] character that is attacking alone." (Wolf in the
#: Night). "Up to 2" and "attacking or defending alone" are not read.
_CHOOSES_SIDE = re.compile(r"\bchoose an? (attacking|defending) (?:\[(\w+)\] |house (\w+) )?character( you control)?\b"
                           r"|\bchoose an? (?:\[(\w+)\] )?character that is (attacking|defending) alone\b",
                           re.IGNORECASE)


#: One target an ability chooses (or places on), and the action that affects it: "Choose and kneel a character."
#: (Filthy Accusations), "Choose an attachment, and discard it from play." (Confiscation), "choose and kill a character
#: with STR 1 or lower" (Grey Wind), "choose and kill an attacking character" (Like Warm Rain), "place a poison token on
#: a character without an [intrigue] icon" (Tears of Lys), "Choose up to 3 cards in your discard pile, and shuffle them
#: into your deck." (Rebuilding), "Choose a participating [stark] character. Until the end of the challenge, that
#: character gets +2 STR." (For the North!), "Choose a character that is attacking or defending alone. …" (Brienne
#: the Blue: the side "attacking or defending alone").
_TARGET_DESC = (r"(?P<another>another )?"
                r"(?P<state>kneeling |standing |non-unique |unique |non-limited |non-loyal "
                r"|non-(?!House |The )(?-i:[A-Z][a-z]+) )?"
                r"(?P<side>participating |attacking |defending )?(?:\[(?P<facor>\w+)\] or (?=(?-i:[A-Z]))"
                r"|\[(?P<fac>\w+)\] |House (?P<house>\w+) "
                r"|(?P<neutral>neutral) )?"
                r"(?P<trait>(?-i:[A-Z][a-z]+(?:'s [A-Z][a-z]+)?)(?:(?:, |,? or )(?-i:[A-Z][a-z]+))* )?"
                r"(?P<kind>location or attachment|attachment or location|character or location|character|attachment"
                r"|location|card)s?"
                r"(?: (?:with STR (?P<str>\d+) or lower"
                r"|with printed cost (?P<cost>\d+|X) or lower|without an? \[?(?P<icon>military|intrigue|power)\]? icon"
                r"|with (?P<icons>fewer than 2|1 or fewer|no) challenge icons"
                r"|(?P<bare>without attachments(?P<bare_power> or power)?|with no attachments)"
                r"|with an? \[(?P<has_icon>military|intrigue|power)\] icon"
                r"|that is (?P<alone>attacking or defending|attacking|defending) alone"
                r"|(?:with|that has) (?P<named_has>that Trait)|that does not have (?P<named_not>that Trait)"
                r"|(?P<with_shadow>with shadow)"
                r"|(?P<whose>controlled by the losing (?:player|opponent)|you control|an opponent controls"
                r"|the defending player controls"
                r"|he or she does not control|(?P<chooser>he or she controls|they control)"
                r"|controlled by an opponent|controlled by a player with more power than you)|in your discard pile))*"
                r"(?=[.,;]|$| and | to | \(| from play\b| from being killed\b| from being discarded\b| would\b)")
#: "… with fewer than 2 challenge icons" (Maiden of Poisons), "… with no challenge icons" (Trystane Martell): kept
#: in the target's icon part as "icons<N" (fewer than N icons); "… without attachments" (The Hound) as "attachments<1".
_ICONS_AT_MOST = {"fewer than 2": "icons<2", "1 or fewer": "icons<2", "no": "icons<1"}
#: "any number of" (The Bastard's Letter "stand any number of characters you control with a [military] icon"): as many
#: as fit, like "each".
_TARGET_COUNT = (r"(?:up to (?P<upto>\d+|two|three|four|five) |(?P<one>an?|one) |(?P<n>\d+) |(?P<any>any number of )"
                 r"|(?=another ))")
_TARGET_FORMS = (
    re.compile(r"\bchoose and (?P<verb>kill|kneel|stand|discard|return) " + _TARGET_COUNT + _TARGET_DESC,
               re.IGNORECASE),
    # Each player's own choice: "Each player chooses a character he or she controls (if able), and discards it from
    # play" (Marched to the Wall; Shadow of the Isles, Spotted Sylva, Wick Whittlestick, Burning the Books): whose
    # card it is stays unjudged (the line does not say who chose), its kind is.
    re.compile(r"\b(?:choose|(?<!must )chooses) " + _TARGET_COUNT + _TARGET_DESC + r"(?: \(if able\)|,? if able)?,? "
               r"and (?P<verb>kill|kneel|stand|discard|shuffle|return)s? (?:it|them|that (?:character|attachment|"
               r"location|card))\b", re.IGNORECASE),
    re.compile(r"\b(?P<verb>place) (?P<one>an?|1) \w+ token on (?:an? )?" + _TARGET_DESC, re.IGNORECASE),
    # A cost that kneels a card of a kind, leading its ability: "Marshaling Action: Kneel a character with an
    # [intrigue] icon to gain 1 gold." (Chataya's Brothel), "Kneel a Steward character to gain 1 gold." (The New Gift)
    re.compile(r"(?:^|: )(?P<verb>kneel) " + _TARGET_COUNT + _TARGET_DESC + r" to\b", re.IGNORECASE),
    # A card returned from a pile: "Kneel 1 influence to return a Targaryen character from your dead pile to your
    # hand." (1st edition Maegi's Promise), "Sacrifice Jeyne Poole to return a Lady character from your discard pile to
    # your hand."
    re.compile(r"\bto (?P<verb>return) " + _TARGET_COUNT + _TARGET_DESC.replace(
        "(?=[.,;]|$|", "(?=[.,;]|$| from your (?:discard|dead) pile\\b|") + r" from your (?:discard|dead) pile to your "
               r"hand\b", re.IGNORECASE),
    # 1st edition Strong Belwas: "Response: Pay 2 gold to save a Noble character from being killed."
    # 1st edition Ghost: "… to save a Night's Watch character from being killed or discarded from play."
    re.compile(r"\bto (?P<verb>save) " + _TARGET_COUNT + _TARGET_DESC + r" from being (?:killed|discarded)\b",
               re.IGNORECASE),
    # 2nd edition Maester Aemon: "Interrupt: When a [thenightswatch] character would be killed, kneel Maester Aemon to
    # save it."; Calm as Still Water "When a character with printed cost 3 or lower would be killed, save it …"
    re.compile(r"\bwhen " + _TARGET_COUNT + _TARGET_DESC + r" would (?:be killed|be discarded|leave play)\b[^.]*?\b"
               r"(?:to )?(?P<verb>save) (?:it|him|her|that character|that card|that location)\b", re.IGNORECASE),
    # "Choose a non-unique character controlled by the losing opponent. Take control of that character." (1st edition
    # Seductive Promise)
    re.compile(r"\bchoose " + _TARGET_COUNT + _TARGET_DESC + r"\. (?P<verb>take) control of (?:that character|it)\b",
               re.IGNORECASE),
    # Every card of a kind at once: "kill each character the defending player controls with STR 1 or lower" (Drogon),
    # "Return each character with printed cost 3 or lower to its owner's hand." (The First Snow of Winter), "Kill each
    # character." (Valar Morghulis), "stand each character you control". (Not an effect put off to the challenge's
    # end: "If you win the challenge, kill each attacking character.")
    re.compile(r"(?<!win the challenge, )\b(?P<verb>kill|kneel|stand|discard|return) (?:(?P<each>each)|(?P<any>any "
               r"number of)) " + _TARGET_DESC, re.IGNORECASE),
    # A STR on each character that has the Trait the ability named (1st edition Robb Stark: "Name a Trait. Until the
    # end of the phase, each character you control that has that Trait gets +1 STR"): read only so (``targets``).
    re.compile(r"\b(?P<each>each) " + _TARGET_DESC.replace("(?=[.,;]|$|", "(?=[.,;]|$| gets |")
               + r" (?P<verb>gets) [+-]\d+ STR\b", re.IGNORECASE),
    # Power on the chosen character: "choose another participating character you control. That character gains 1
    # power." (Eddard Stark; Riverrun Minstrel "choose a House Tully character. …").
    re.compile(r"\bchoose " + _TARGET_COUNT + _TARGET_DESC + r"\. that character (?P<verb>gains) (?:\d+|an?) power\b",
               re.IGNORECASE),
    # "Each player chooses a character without attachments or power. Return each of those characters to its owner's
    # hand." (Unexpected Delay): one a player
    re.compile(r"\b(?:choose|(?<!must )chooses) " + _TARGET_COUNT + _TARGET_DESC + r"\. (?P<verb>return) each of those "
               r"(?:characters|cards) to (?:its|their) owner's hand\b", re.IGNORECASE),
    # Cards returned to shadows: "Kneel your faction card to choose any number of cards you control with shadow.
    # Return each of those cards to shadows." (Clever Feint)
    re.compile(r"\bchoose " + _TARGET_COUNT + _TARGET_DESC + r"\. (?P<shadows_verb>return) (?:each of those cards|them|"
               r"it|that card) to shadows\b", re.IGNORECASE),
    # "Choose a character. Kneel that character if it is standing." (1st edition Cersei Lannister)
    re.compile(r"\bchoose " + _TARGET_COUNT + _TARGET_DESC + r"\. (?P<verb>kill|kneel|stand|discard|return) "
               r"(?:that (?:character|attachment|location|card)|it)\b", re.IGNORECASE),
    # A STR or icon modifier: "… that character gets -4 STR" (Dracarys!), "… each of the chosen characters gets +2 STR"
    # (Growing Strong), "… that character gains an [intrigue] icon" (Selyse Baratheon).
    # A keyword gained: "… that character gains stealth." (Pyke), "… it gains renown." (Beneath the Gold, the Bitter
    # Steel), "… that character gains (choose one): insight, intimidate, renown, or stealth." (The Brotherhood Without
    # Banners).
    re.compile(r"\bchoose " + _TARGET_COUNT + _TARGET_DESC + r"\. (?:until the end of the (?:challenge|phase), |for "
               r"the duration of the challenge, )?(?:that character|each of the chosen characters|it) "
               r"(?:(?P<verb>gets) [+-]\d+ STR\b|(?P<icon_verb>gains|loses) an? "
               r"\[(?P<gained>military|intrigue|power)\] icon\b|"
               r"(?P<keyword_verb>gains) (?:\(choose one\): )?(?:insight|intimidate|renown|stealth|pillage)\b)",
               re.IGNORECASE),
    # A STR modifier given to a kind of character: "Kneel Last Hearth to give a participating [stark] character +2 STR
    # until the end of the challenge."; 1st edition "… to give a House Martell character +2 STR …" (The Bastard of
    # Godsgrace), "… to give a Holy character +1 STR …" (Priest of the Drowned God); X of them, +X STR: "Pay X gold
    # from your gold pool to give X participating [Lannister] characters +X STR …" (1st edition The Lion's Cunning, as
    # many as fit), "Kneel The Valyrian to give an attacking character +X STR …".
    re.compile(r"\b(?P<verb>give) " + _TARGET_COUNT.replace("(?P<any>any number of )", "(?P<any>any number of |X )")
               + _TARGET_DESC.replace("(?=[.,;]|$|", "(?=[.,;]|$| [+-](?:\\d|X)|") + r" [+-](?:\d+|X) STR\b",
               re.IGNORECASE),
)
#: How many "each" affects: as many as fit (no count of lines is judged).
EACH = 99
#: "Each player chooses …" (Marched to the Wall), "each player who has not won a Military challenge must choose and
#: kill …" (1st edition Battle of Oxcross): one choice a player.
_EACH_CHOOSES = re.compile(r"\beach (?:player|opponent)\b[^.:]*$", re.IGNORECASE)
_TARGET_VERBS = {"kill": "kill", "kneel": "kneel", "stand": "stand", "discard": "discard", "return": "return_to_hand",
                 "shuffle": "shuffle_into_deck", "place": "place_tokens", "gets": "modify",
                 "take": "take_control", "save": "save", "gains": "gain_power",
                 "give": "modify"}
#: "that character gets +2 STR (+4 STR instead if that character has the Kingsguard trait)" (1st edition Ser Osmund
#: Kettleblack): the higher value in brackets is the same modifier's.
_STR_INSTEAD = re.compile(r"\([+-]\d+ STR instead[^)]*\)", re.IGNORECASE)
#: "that character gets +3 STR and gains renown" ("Wolf in the Night"; 1st edition Heart of the Stag, Smuggler's Cove):
#: the keyword or icon goes to the character the STR goes to.
_STR_AND_GAINS = re.compile(r"([+-]\d+ STR) and gains (?:an? \[\w+\] icon|renown|stealth|insight|intimidate|pillage)\b",
                            re.IGNORECASE)
#: "(STR 2 or lower instead if you control Robb Stark)." (Grey Wind)
_TARGET_STR_ALT = re.compile(r"\(STR (\d+) or lower instead if you control ([^)]+?)\)", re.IGNORECASE)
#: A phrase that chooses or places on a card, read or not: a card with one not read keeps no target. The opponent
#: who then chooses (Condemned by the Realm) is no card chosen.
_TARGET_ANY = re.compile(r"\bchoose\b(?! an opponent\. then, that opponent must choose\b)(?! (?:a|1) trait\b)"
                         r"|\btokens? on\b", re.IGNORECASE)
#: The Trait an ability names or chooses, which "that Trait" then means (``NAMED_TRAIT``).
_NAMES_TRAIT = re.compile(r"\b(?:name|choose) (?:a|1) trait\b", re.IGNORECASE)


#: A kind of card joined to the one read ("Choose and stand any number of Direwolf characters and characters with a
#: Direwolf attachment.": At Night They Howl): the choice is wider than the words read.
_TARGET_UNION = re.compile(r",? (?:and|or) (?:an? |each |any )?(?:[\w\[\]'-]+ )?(?:characters?|attachments?|locations?"
                           r"|cards?)\b", re.IGNORECASE)


#: Power or gold discarded as a cost ("Kneel Pyromancers and discard 1 power from your faction card to choose …"): no
#: card's discard.
_TOKEN_COST = re.compile(r"\bdiscard (?:\d+|an?) (?:power|gold)(?: tokens?)? from\b", re.IGNORECASE)


def _target_state(state: str) -> str:
    """"kneeling", "standing", "non-unique", "non-limited" (Newly-Made Lord, Pyromancers: "a non-limited location"), or
    "non-<Trait>" in the Trait's own case (1st edition You've Killed the Wrong Dwarf!: "a non-Noble character")."""
    state = state.strip()
    return state if state.startswith("non-") and state.lower() not in ("non-unique", "non-limited", "non-loyal") \
        else state.lower()


_RETURN_SELF = re.compile(rf"\breturn (?:{SELF}|him|her) to (?:your|its owner's|his or her|their) hand\b",
                          re.IGNORECASE)
_TAKE_SELF = re.compile(rf"\btake control of {SELF}\b", re.IGNORECASE)
_STR_SELF = re.compile(rf"\b(?:give {SELF} |{SELF} gets )[+-]\d+ STR\b[^.]*?\buntil the end of the\b", re.IGNORECASE)
#: An icon it gives itself for a while: 1st edition Skinchanger "Challenges: Skinchanger gains an icon of your choice
#: until the end of the phase."; Unsworn Apprentice "… gains a challenge icon of your choice …"; "… a [Power] icon …".
_ICON_SELF = re.compile(rf"\b{SELF} gains an? (?:\[?(?:military|intrigue|power)\]? |challenge )?icon\b[^.]*?"
                        r"\buntil the end of the\b", re.IGNORECASE)
_ICON_GAINED = re.compile(r"\bgains? an? (?:\[?(?:military|intrigue|power)\]? |challenge )?icon\b", re.IGNORECASE)


def self_only(plain: str, name: str | None) -> tuple[str, ...]:
    """The actions the text does to the card itself only: ("return_to_hand",) where each "return" of it returns the
    card by its title or "him"/"her" to a hand ("return him to your hand": Ser Davos Seaworth; "Return Arry to your
    hand to draw 1 card."). "it" is not read (it names the card chosen as often as the card itself). ("take_control",)
    where each take of control takes the card by its title (Bronn: "Marshaling Action: Pay 1 gold to take control of
    Bronn."; 1st edition Steelshanks Walton, the Honor Guards). ("modify",) where each STR and each icon it gives is
    its own until the end of a phase or challenge (1st edition Skinchanger "… gains an icon of your choice …")."""
    if not name:
        return ()
    text = " ".join(plain.split())
    marked = own_title(text, name)
    own = _RETURN_SELF.findall(marked)
    returns = own and len(own) == len(re.findall(r"\breturns?\b", text, re.IGNORECASE))
    taken = _TAKE_SELF.findall(marked)
    takes = taken and len(taken) == len(re.findall(r"\btake control\b", text, re.IGNORECASE))
    # 1st edition Nute the Barber "… to give Nute the Barber +1 STR until the end of the phase.", Corrupt Contender
    # "Challenges: Corrupt Contender gets +10 STR until the end of the challenge.": every STR it gives is its own
    mine = _STR_SELF.findall(marked)
    strs = len(re.findall(r"[+-]\d+ STR\b", text, re.IGNORECASE))
    icons = _ICON_SELF.findall(marked)  # and every icon it gives is its own too
    strengthens = (mine or icons) and len(mine) == strs and len(icons) == len(_ICON_GAINED.findall(text))
    return ("return_to_hand",) * bool(returns) + ("take_control",) * bool(takes) + ("modify",) * bool(strengthens)


def _target_entry(verb: str, g: dict[str, str | None], after: str
                  ) -> tuple[str, str, str, str, int, int, str, str, str, int, str, str, int]:
    """One ``targets`` entry from a ``_TARGET_DESC`` match's groups; ``after``: the words that follow it (Grey Wind's
    "(STR 2 or lower instead if you control Robb Stark)")."""
    whose = (g["whose"] or "").lower()
    alt = _TARGET_STR_ALT.search(after) if g["str"] else None
    # "a non-limited location or attachment" (Lay Waste): either type, "location|attachment"
    return (verb, "|".join(sorted((g["kind"] or "").lower().split(" or "), reverse=True)),
            f"{alone.lower()} alone" if (alone := g.get("alone")) else (g["side"] or "").strip().lower(),
            (g["fac"] or g["house"] or g["neutral"] or "").lower(), int(g["str"]) if g["str"] else -1,
            int(alt.group(1)) if alt else -1, alt.group(2) if alt else "",
            (g["icon"] or "").lower() or _ICONS_AT_MOST.get((g.get("icons") or "").lower(), "")
            or (("attachments<1,power<1" if g.get("bare_power") else "attachments<1") if g.get("bare") else ""),
            "loser" if "losing" in whose else "own" if whose == "you control" else
            "defender" if "defending player" in whose else
            "more_power" if "more power" in whose else "not_chooser" if "not control" in whose
            else "opponent" if whose and not g.get("chooser") else "",
            EACH if g.get("each") or g.get("any") else
            int(_NUMBER_WORDS.get((g.get("upto") or "").lower()) or g.get("upto") or g.get("n") or 1),
            NAMED_TRAIT if g.get("named_has") else "|".join(
                # "another [thenightswatch] or Lord character" (Old Bear Mormont): the faction is one of the marks
                ([f"[{facor.lower()}]"] if (facor := g.get("facor")) else [])
                + re.split(r",? or |, ", g["trait"].strip()))
            if g["trait"] else "",
            f"non-{NAMED_TRAIT}" if g.get("named_not") else _target_state(g["state"] or "")
            or (f"with-{icon.lower()}" if (icon := g.get("has_icon")) else "")
            or ("with-shadow" if g.get("with_shadow") else ""),
            X_PAID if g["cost"] == "X" else int(g["cost"]) if g["cost"] else -1)


#: A cost paid with a card of a kind: "Kneel a Steward character to draw 1 card." (The New Gift), "return an attacking
#: Clansman character to your hand to …" (Tyrion Lannister), "sacrifice a [thenightswatch] character to …", "Discard
#: another [targaryen] card from your hand to …" (Consuming Flames; "Discard 1 card from your hand to …": any).
_COST_FORM = re.compile(r"\b(?P<verb>kneel|sacrifice|return|discard) " + _TARGET_COUNT
                        + _TARGET_DESC.replace("(?=[.,;]|$|", "(?=[.,;]|$| from your hand to\\b|")
                        + r"(?: to (?:your|its owner's) hand| (?P<hand>from your hand))? to\b", re.IGNORECASE)
#: A kneel cost a named card pays too: "Kneel a Dragon character or Daenerys Targaryen to" (Dracarys!).
_COST_OR_NAMED = re.compile(r"\bkneel an? (?-i:[A-Z][a-z]+) character( or (?-i:((?:[A-Z][a-z']+ ?)+)))(?<! ) to\b",
                            re.IGNORECASE)
_COST_VERBS = {"kneel": "kneel", "sacrifice": "sacrifice", "return": "return_to_hand", "discard": "discard"}


def cost_targets(plain: str) -> tuple[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int], ...]:
    """The cards a cost is paid with, in ``targets``' entries, one a verb: kept where each use of the verb in the
    text is such a cost, alike (The New Gift's two "Kneel a Steward character to …"); a verb also printed as an
    effect ("kneel a Direwolf character to kneel …") keeps none: which the line pays is not known."""
    text = " ".join(plain.split())
    # "Kneel a Dragon character or Daenerys Targaryen to …" (Dracarys!): the named card pays too; it is kept where a
    # ``targets`` entry keeps the name of its STR alternative, with no STR (``str_alt`` -1)
    named = _COST_OR_NAMED.search(text)
    text = text[:named.start(1)] + text[named.end(1):] if named else text
    out: list[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int]] = []
    for word, verb in _COST_VERBS.items():
        # a discard from the hand only ("discard a location to …" is no such cost)
        costs = [m for m in _COST_FORM.finditer(text) if m.group("verb").lower() == word
                 and (word != "discard") == (m.group("hand") is None)]
        found = {_target_entry(verb, m.groupdict(), "") for m in costs
                 if not (m.group("named_has") or m.group("named_not"))}
        uses = len(re.findall(rf"\b{word}\b", text, re.IGNORECASE))
        if len(found) == 1 and uses == len(costs):
            out += [(*f[:6], named.group(2), *f[7:]) if named and f[0] == "kneel" else f for f in found]
    return tuple(out)


#: "… stand each defending Kingsguard character you control. (Each participating Kingsguard character you control
#: instead if you control a King or Queen character.)" (The White Book): the side widened, its condition not judged.
_SIDE_INSTEAD = re.compile(r"\.? ?\(each participating [^)]*\binstead if\b", re.IGNORECASE)
_STAND_SELF = re.compile(rf"\bstand {SELF}\b", re.IGNORECASE)
_KNEEL_SELF_COST = re.compile(rf"\bkneel {SELF}(?: and pay \d+ gold)? to\b", re.IGNORECASE)


def targets(plain: str, name: str | None = None
            ) -> tuple[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int], ...]:
    """What an ability chooses, one entry an action (``_TARGET_FORMS``): (the action, the card type or "card", the side
    in the challenge: "participating" | "attacking" | "defending" | "attacking alone" | "defending alone" |
    "attacking or defending alone" | "", the faction, the STR at most or -1, the STR at
    most instead while its controller controls the card named (-1: none), that name, the icon it is without, whose:
    "loser" | "own" | "opponent" | "more_power" (1st edition Shae: "controlled by a player with more power than you") |
    "", how many at most (``EACH``: "each"), the Traits or crests it has one of ("|"-joined: "a Holy, Learned, Noble, or
    War character"), "kneeling" | "standing" | "unique" | "non-unique" | "non-limited" | "non-<Trait>" (1st edition "a
    non-Noble character") | "", the printed cost at most or -1 (Take the Black: "Choose a non-unique character with
    printed cost 6 or lower."). Nothing is kept when a phrase choosing or placing on a card is not read in every word,
    or when the action's word is printed outside the phrase (a cost: "kneel a Direwolf character to choose and kneel
    …"): the line naming the card may then be another part of its text. Kneeling the card itself as the cost ("Kneel
    Shae to choose and kneel …") is not another target: a line's effect on its own source is not judged as a choice."""
    text = " ".join(plain.split())
    found: list[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int]] = []
    spans: list[tuple[int, int]] = []
    for form in _TARGET_FORMS:
        for m in form.finditer(text):
            if _TARGET_UNION.match(text, m.end()):
                return ()  # At Night They Howl: "… any number of Direwolf characters and characters with a …"
            g = m.groupdict()
            if g.get("fac") and g["fac"].lower() not in FACTIONS:
                return ()  # 1st edition "a [Noble] character": a crest in brackets, no faction (not read here)
            if (g.get("verb") or "").lower() == "gets" and g.get("each") and not g.get("named_has"):
                continue  # "each … gets +1 STR" is read for a named Trait only (others: constant STR facts)
            if (g.get("named_has") or g.get("named_not")) and not _NAMES_TRAIT.search(text):
                return ()  # 1st edition A House Divided: "that Trait" is one a played character has, no name
            verb = "modify" if g.get("icon_verb") or g.get("keyword_verb") else "put_into_shadows" \
                if g.get("shadows_verb") else _TARGET_VERBS[g["verb"].lower()]
            if verb == "return_to_hand" and re.match(r"\s*to shadows\b", text[m.end():], re.IGNORECASE):
                verb = "put_into_shadows"  # "choose a card you control with shadow and return it to shadows" (Ralf)
            entry = _target_entry(verb, g, text[m.end():m.end() + 80])
            if entry[2] in ("attacking", "defending") and _SIDE_INSTEAD.match(text, m.end()):
                entry = (*entry[:2], "participating", *entry[3:])  # The White Book: the wider choice "instead if …"
            if _EACH_CHOOSES.search(text, 0, m.start()):
                entry = (*entry[:9], EACH, *entry[10:])  # one a player: as many as there are players
            found.append(entry)
            spans.append(m.span())
    phrases = [m.start() for m in _TARGET_ANY.finditer(text)]
    if not found or any(not any(a <= p < b for a, b in spans) for p in phrases):
        return ()
    verbs = {f[0] for f in found}
    if len(verbs) != len(found):
        return ()  # two phrases with one action: which the line means is not known
    words = {"kill": r"\bkill", "kneel": r"\bkneel", "stand": r"\bstand", "discard": r"\bdiscard",
             "return_to_hand": r"\breturn", "shuffle_into_deck": r"\bshuffle", "place_tokens": r"\btokens? on\b",
             "take_control": r"\btake control\b", "save": r"\bsave\b", "put_into_shadows": r"\bto shadows\b",
             "gain_power": r"\bgains? (?:\d+|an?) power\b",
             "modify": r"[+-]\d+ STR\b|\b(?:gains|loses) an? \[\w+\] icon\b|\bgains (?:\(choose one\): )?(?:insight|"
                       r"intimidate|renown|stealth|pillage)\b"}
    # Kneeling the card itself as the cost ("Kneel Shae to …") is not one of its actions
    counted = _KNEEL_SELF_COST.sub("", own_title(text, name)) if name else text
    # "Reaction: After a character you control is killed, stand Old Bear Mormont.": the card's effect on itself is no
    # choice (a line's effect on its own source is not judged as one)
    counted = _STAND_SELF.sub("", counted)
    counted = _STR_INSTEAD.sub("", counted)  # "+2 STR (+4 STR instead if …)" is one modifier of one choice
    counted = _STR_AND_GAINS.sub(r"\1", counted)  # "gets +3 STR and gains renown": one choice, one effect line each
    counted = _TOKEN_COST.sub("", counted)  # "discard 1 power from your faction card to …" (Pyromancers): a cost
    # "Mad King Aerys cannot be killed unless …": what may not be done to it is none of its actions
    counted = re.sub(r"\bcannot be (?:killed|knelt|discarded|returned)\b[^.]*", "", counted, flags=re.IGNORECASE)
    if any(len(re.findall(words[f[0]], counted, re.IGNORECASE)) > 1
           for f in found):
        return ()
    return tuple(found)


#: An ability's draw on a condition: "If you win the challenge, draw 1 card." (For the North!; 1st edition Insidious
#: Ways "… draw 2 cards").
#: 1st edition Mammoth Riders: "After you play Mammoth Riders, you cannot play any further cards from your hand this
#: round.": only when it names the card.
_LAST_FROM_HAND = re.compile(r"\bafter you play (.+?), you cannot play any further cards from your hand this round\b",
                             re.IGNORECASE)
#: 1st edition Guard at Riverrun: "At the end of the challenge phase, if no opponent has won a Military challenge
#: against you this round, draw a card.": the challenge type.
_DRAWS_UNLESS_LOST = re.compile(r"\bif no opponent has won an? \[?(military|intrigue|power)\]? challenge against you "
                                r"this round, draw\b", re.IGNORECASE)
#: The Red Keep: "Interrupt: When the challenges phase ends, if you have not lost a [power] challenge this round, kneel
#: The Red Keep to draw 2 cards.": any challenge of that type lost, as the attacker or the defender ("any:power").
_DRAWS_UNLESS_ANY_LOST = re.compile(r"\bif you have not lost an? \[?(military|intrigue|power)\]? challenge this "
                                    r"(?:round|phase), (?:kneel [^,.]+? to )?draw\b", re.IGNORECASE)
#: Calling the Banners: "When Revealed: Choose an opponent. Gain 1 gold for each character that player controls."
#: (Bay of Ice: "… each location that player controls"): the kind counted, on the chosen opponent's side.
_GOLD_PER_OPPONENTS = re.compile(r"\bchoose (an opponent|a player)\. gain 1 gold for each (character|location) that "
                                 r"player controls\.", re.IGNORECASE)
_DRAWS_IF_WON = re.compile(r"\bif you win (?:the|this) challenge, draw (?:an?|\d+) cards?\b", re.IGNORECASE)
#: "… if you have not yet drawn any cards this phase, draw 3 cards." (Pleasure Barge).
_DRAWS_IF_NONE_DRAWN = re.compile(r"\bif you have not (?:yet )?drawn any cards this phase, draw (?:an?|\d+) cards?\b",
                                  re.IGNORECASE)


def trigger_only(text: str | None, name: str | None) -> bool:
    """The card's whole text is the one triggered ability ``reacts_to`` reads ("Response: After Catelyn Stark is
    declared as a defender, choose a participating character. …"): every line naming the card as its source is
    that ability's."""
    plain = _TAG.sub("", text or "").strip()
    return reacts_to(text, name) is not None and "\n" not in plain and bool(
        re.match(r"^(?:reaction|response|interrupt)\s*:", plain, re.IGNORECASE))


#: A reaction (1st edition response) or interrupt to dominance's result: "Reaction: After you win dominance, …", "Forced
#: Reaction: After an opponent wins dominance, …", "Response: After you lose dominance, …".
_DOMINANCE_TRIGGER = re.compile(r"^(?:forced )?(?:reaction|interrupt|response)\s*:\s*(?:play )?(?:after|when) "
                                r"(?:you|an opponent|a player|each player) (?:wins?|loses?) dominance[,.]",
                                re.IGNORECASE)


def dominance_reactions(text: str | None, plain: str) -> bool:
    """Every triggered ability the card prints answers dominance's result (``_DOMINANCE_TRIGGER``): Gendry, Tobho
    Mott's Armory; 1st edition Tywin Lannister. None printed: False (an event's plays are counted as events)."""
    flat = " ".join(plain.split())
    if "<b>" in (text or ""):
        labels = [m.start() for m in re.finditer(r"<b>", text or "")]
        starts = [m.start() for m in re.finditer(r"(?:Forced )?(?:Reaction|Interrupt|Response|[\w ]*Action|When "
                                                  r"Revealed)\s*:", flat)]
        if not labels or len(starts) != len(labels):
            return False
    else:
        starts = [m.start(1) for m in _TRIGGER_1E.finditer(flat)]
    return bool(starts) and all(_DOMINANCE_TRIGGER.match(flat[at:]) for at in starts)


def chooses_side(plain: str) -> tuple[str, str, bool] | None:
    """Whom an ability chooses by its side in the challenge: ("attacking" | "defending" | "attacking alone" |
    "defending alone", the faction or "", whether one the player controls). None: no such choice read (other words
    around it, "with STR 5 or lower", are a narrower choice: this reads the lighter condition)."""
    m = _CHOOSES_SIDE.search(plain)
    if m is None:
        return None
    if m.group(1):
        return m.group(1).lower(), (m.group(2) or m.group(3) or "").lower(), bool(m.group(4))
    return f"{m.group(6).lower()} alone", (m.group(5) or "").lower(), False


#: What a search into the hand finds: "Search the top 10 cards of your deck for a character, reveal it, and add it to
#: your hand." (Summons); "… for up to 2 <Direwolf> cards …".
_SEARCH_FOR = re.compile(r"\bsearch\b.*?\bfor (an?|1|up to (\d+)|(\d+)) ([^,.]*?)(?:,| and (?:reveal|add|put))",
                         re.IGNORECASE | re.DOTALL)


#: An ability that chooses a character by a printed or current value: "Choose a character with a Military icon."
#: (1st edition Distraction), "choose and kneel a character with STR 3 or lower" (Saving the Kingdom), "choose a
#: character with printed cost 3 or lower", "… without an [intrigue] icon", "… without attachments".
#: "… with the lowest printed cost" (Bolton Flayer: among every character in play), "… with the lowest STR in play"
#: (House Florent Knight), "… among characters they control" (A Lannister's Honor: the chosen one's controller's),
#: "… among participating characters" (Maester Ballabar), 1st edition "Choose and stand or kneel 1 character with at
#: least 1 power." (Obey the King).
_CHOOSES_WITH = re.compile(r"\bchoose (?:and (?:kneel|kill|stand|discard|return)(?: or (?:kneel|stand))? )?(?:an?|1) "
                           r"(?:[\w\[\]'-]+ )*?"
                           r"character (?:(with|without) an? \[?(military|intrigue|power)\]? icon\b"
                           r"|with (?:a )?(printed cost|printed STR|STR) (\d+) or lower\b|with (\d+) STR or lower\b"
                           r"|(without attachments)\b|with at least (\d+) power\b"
                           r"|with the lowest (printed cost|STR)(?: (in play|among characters they control"
                           r"|among participating characters))?(?= \(|[.,]))", re.IGNORECASE)
#: Any ability choosing a character: a text with two such choices is not read (which one a line names is unknown).
_CHOOSES_CHARACTER = re.compile(r"\bchoose (?:and \w+(?: or (?:kneel|stand))? )?(?:an?|1|up to \w+) "
                                r"(?:[\w\[\]'-]+ )*?characters?\b",
                                re.IGNORECASE)

#: 1st edition Trident Reinforcements: "Dominance: Return Trident Reinforcements from your dead pile to your hand. Use
#: this ability if there are at least 3 characters in your dead pile." (Thrall, Blue-Lipped Warlock: "… only if …").
_RETURNS_FROM_DEAD = re.compile(r"\breturn (.+?) from your dead pile to your hand\. use this ability (?:only )?if "
                                r"there are at least (\d+) characters in your dead pile", re.IGNORECASE)


def returns_from_dead(plain: str, name: str | None) -> int | None:
    """The characters its owner's dead pile must hold for the card to return itself from there to hand."""
    m = _RETURNS_FROM_DEAD.search(plain)
    return int(m.group(2)) if m is not None and name is not None and fold(m.group(1)) == fold(name) else None


_KNEEL_SELF_DRAWS = re.compile(rf"\bkneel {SELF} to draw (\d+|an?|one) cards?(?:\.| and\b)", re.IGNORECASE)


def kneel_draws(plain: str, name: str | None) -> bool:
    """Its one draw is paid by kneeling the card itself: "Reaction: After you win dominance, kneel Tobho Mott's Armory
    to draw 1 card." (how many: ``draw_count``). False: no such sentence, another draw beside it, or a count that may
    change: "… draw 3 cards instead"."""
    text = " ".join(plain.split())
    m = _KNEEL_SELF_DRAWS.search(own_title(text, name)) if name else None
    return m is not None and "instead" not in text.lower() and len(re.findall(r"\bdraws?\b", text, re.IGNORECASE)) == 1


#: A response that kills after its controller wins a challenge it took part in: 1st edition Robb Stark "Response:
#: after you win a Military challenge in which Robb Stark participates, choose and kill a character controlled by the
#: losing player."; "… in which attached character is participating, sacrifice Ice to choose and kill …" (20 cards).
_KILLS_AFTER_WIN = re.compile(r"(?:reaction|response)\s*:\s*after you win an? (?:\[?(military|intrigue|power)\]? )?"
                              r"challenge in which ([^,.]+?) (?:is participating|participates|participated|is "
                              r"attacking|attacks|is defending)[^.]*?,[^.]*?\bkill\b", re.IGNORECASE)


def kills_after_win(plain: str) -> tuple[str, str] | None:
    """Such a response: (the challenge type or "" for any, "attached" when the attached character takes part, else
    "self")."""
    m = _KILLS_AFTER_WIN.search(plain)
    if m is None:
        return None
    return ((m.group(1) or "").lower(), "attached" if m.group(2).lower() == "attached character" else "self")


#: A reaction to a won challenge its card took part in alone: "Response: After you win a challenge in which Knight of
#: Flowers attacked or defended alone, he claims 2 power." (1st edition; 2nd edition "… in which Jaqen H'ghar is
#: attacking alone, …").
_WON_ALONE = re.compile(rf"\b(?:reaction|response)\s*:\s*after you win an? (?:\[?(?:military|intrigue|power)\]? )?"
                        rf"challenge in which {SELF} (?:attacked|is attacking)"
                        r"( or (?:defended|is defending|defending))? alone\b", re.IGNORECASE)


def won_alone(plain: str, name: str | None) -> str | None:
    """The side its card took part in alone for such a reaction: "attacking" or "attacking or defending"; None: no
    such words."""
    m = _WON_ALONE.search(own_title(" ".join(plain.split()), name)) if name else None
    if m is None:
        return None
    return "attacking or defending" if m.group(1) else "attacking"


#: A discard from a hand: "Discard 1 card at random from that player's hand." (Heads on Spikes), "… discards 2 cards
#: from his or her hand", "discard a card from your hand" (124 cards; none of them also discards from a deck).
_DISCARDS_FROM_HAND = re.compile(r"\bdiscards? (?:[^.]*? )?cards? (?:at random )?from (?:(?:his|her|your|that "
                                 r"player's|their|each opponent's|an opponent's|the losing opponent's|each player's|or|"
                                 r"its controller's|the defending player's|that opponent's)\s+)+hand", re.IGNORECASE)
#: "When revealed, the player with the most cards in hand chooses and discards cards from his hand until he has 4 cards
#: in hand." (1st edition Rule by Decree; the 2nd edition's "Each player with the most cards in hand …"): the count.
_MOST_DISCARD = re.compile(r"\b(?:the|each) player with the most cards in hand chooses and discards cards from "
                           r"(?:his|his or her|their) hand until (?:he|he or she|they) (?:has|have) (\d+) cards "
                           r"in hand",
                           re.IGNORECASE)
#: "(STR 2 or lower instead if you control …)" (Grey Wind): the value read would be too narrow.
_CHOICE_WIDENED = re.compile(r"\((?:STR|printed cost|printed STR) \d+ or lower\b", re.IGNORECASE)
#: A cost that kneels or stands another character ("kneel a character you control to choose …": Volantis Inn): its
#: line may name the card as its source too, and that character is not the one chosen.
_COST_CHOSEN = re.compile(r"\b(?:kneel|stand|sacrifice|kill) (?:an?|\d) [^.:]*?characters?[^.:]*? to choose\b",
                          re.IGNORECASE)


#: "Choose and kneel up to 4 total STR worth of characters controlled by the same player." (Consolidation of Power);
#: "… choose and kneel up to X total STR worth of characters, where X is attached character's STR" (King Robert's
#: Warhammer: -1). Roose Bolton's X (his own STR, and he is sacrificed to kill them) is not read.
_CHOOSES_TOTAL_STR = re.compile(r"\bchoose and kneel up to (?:(\d+)|(X)) total STR worth of characters\b"
                                r"(?(2), where X is attached character['’]s STR)", re.IGNORECASE)


#: 1st edition "Stand any number of characters with combined printed cost 3 or lower." (Forced March; Harry the
#: Riverlands kneels characters, Storming the Shore "choose and kneel" locations): the verb and the most.
_CHOOSES_TOTAL_COST = re.compile(r"\b(?:choose and )?(stand|kneel) any number of (?:characters|locations) with "
                                 r"combined printed cost (\d+) or lower\b", re.IGNORECASE)


def chooses_with(plain: str) -> tuple[str, str, int] | None:
    """The one character an ability chooses, by a value: ("icon", the icon, 1 with it / 0 without it), ("cost" |
    "printed_str" | "str", "", the highest value), ("attachments", "", 0), ("lowest_cost" | "lowest_str", among whose:
    "" every character in play, "controller" the chosen one's controller's, "participating", 0). None: no such
    choice, or more than one choice of a character in the text."""
    if len(_CHOOSES_CHARACTER.findall(plain)) != 1 or (m := _CHOOSES_WITH.search(plain)) is None \
            or _CHOICE_WIDENED.search(plain) or _COST_CHOSEN.search(plain):
        return None
    if m.group(2):
        return ("icon", m.group(2).lower(), int(m.group(1).lower() == "with"))
    if m.group(3):
        return ({"printed cost": "cost", "printed str": "printed_str", "str": "str"}[m.group(3).lower()], "",
                int(m.group(4)))
    if m.group(5):
        return ("str", "", int(m.group(5)))
    if m.group(7):
        return ("power", "", int(m.group(7)))
    if m.group(8):
        scope = (m.group(9) or "").lower()
        return ("lowest_" + ("cost" if m.group(8).lower() == "printed cost" else "str"),
                "controller" if "they control" in scope else "participating" if "participating" in scope else "", 0)
    return ("attachments", "", 0)


def search_finds(plain: str) -> tuple[tuple[str, ...], int] | None:
    """A search into the hand: (the card types it may find, none: any; how many at most). A type is read only where
    the words name no "card" (an "attachment or Dragon card" may be a character)."""
    if not _SEARCHES_HAND.search(plain) or (m := _SEARCH_FOR.search(plain)) is None:
        return None
    words = m.group(4).lower()
    types = () if re.search(r"\bcards?\b", words) else tuple(
        x for x in ("character", "location", "attachment", "event") if re.search(rf"\b{x}s?\b", words))
    return types, int(m.group(2) or m.group(3) or 1)


def phase_grants(text: str | None) -> tuple[str, str, bool, int] | None:
    """An event's "Until the end of the phase, … gains stealth": (the keyword, the faction or "chosen", whether the
    chosen character must be unique, the highest printed cost it may have: 99 for any)."""
    plain = _TAG.sub("", text or "")
    m = _PHASE_GRANTS.search(plain)
    if m is None:
        return None
    chosen = _CHOSEN.search(plain) if m.group(1) is None else None
    unique = bool(chosen and chosen.group(1))
    most = int(chosen.group(2)) if chosen and chosen.group(2) else 99
    return (m.group(2).lower(), (m.group(1) or "chosen").lower(), unique, most)


#: "… loses all keywords." for a phase (an event), while the card defends or while it participates (see
#: ``Card.strips_keywords``).
_STRIPS_KEYWORDS = re.compile(r"(?:(until the end of the phase)|while .+? is (defending|participating) in a "
                              r"challenge|while .+? is (defending)), each (non-)?(?:(\w+) )?(attacking )?character"
                              r"(?: an opponent controls)? loses all keywords\b", re.IGNORECASE)


def strips_keywords(plain: str) -> tuple[str, str, str] | None:
    """A card's "… each attacking character loses all keywords" (``Card.strips_keywords``)."""
    m = _STRIPS_KEYWORDS.search(" ".join(plain.split()))
    if m is None:
        return None
    when = "phase" if m.group(1) else (m.group(2) or m.group(3)).lower()
    trait = m.group(5) or ""
    if trait.lower() == "attacking":
        trait = ""
    whose = "attacking" if m.group(6) or (m.group(5) or "").lower() == "attacking" else "opponent"
    return when, whose, ("-" if m.group(4) else "") + trait


_PILLAGE_MORE = re.compile(r"\b(?:additional cards? using pillage|using pillage\b[^.]*\bdiscard \d+ cards instead)",
                           re.IGNORECASE)


#: A sentence that discards from a deck ("discard the top card of your deck": Chiswyck; "… is discarded from an
#: opponent's deck": Ralf the Limper; "When exactly 1 card is discarded from a player's deck": Tywin Lannister).
_DECK_DISCARD = re.compile(r"\bdiscard[^.]*\b(?:deck|top cards?)\b", re.IGNORECASE)


def discards_beside_pillage(text: str | None) -> bool:
    """Some sentence of the text discards from a deck, the Pillage keyword's own sentence ("Pillage.") aside."""
    sentences = re.split(r"[.\n]", _TAG.sub("", text or ""))
    return bool(_DECK_DISCARD.search(". ".join(s for s in sentences if s.strip().lower() != "pillage")))


_KNEEL_TO_REDUCE = re.compile(rf"\bkneel(?: {SELF})? to (?:reduce|lower) the (?:gold )?cost\b", re.IGNORECASE)


#: An ability whose cost kneels the card itself, and what it does to a character: "Kneel Marya Seaworth to choose and
#: stand 1 character." (1st edition; Massey's Hook "… stand 1 character with stealth"; "Kneel X to choose and kill …";
#: Northern Encampment "Kneel Northern Encampment to gain 2 gold.").
_KNEEL_SELF_TO = re.compile(rf"\bkneel {SELF} to (?:choose and |choose (?:a|an|1) [^.]*?(?:character|card)[^.]*?\. )?"
                            r"(stand|kneel|kill|gain)\b", re.IGNORECASE)


def kneel_self_to(plain: str, name: str | None) -> tuple[str, ...]:
    """What the card's kneel-itself abilities do ("stand", "kneel", "kill"), each once, in order (``_KNEEL_SELF_TO``);
    a card that also does it without that cost (a sentence of the verb without "Kneel <its name> to") reads none."""
    text = own_title(plain, name)
    verbs = tuple(dict.fromkeys(m.group(1).lower() for m in _KNEEL_SELF_TO.finditer(text)))
    return tuple(verb for verb in verbs
                 if len(re.findall(rf"\b{verb}\b", text, re.IGNORECASE)) == len(
                     [m for m in _KNEEL_SELF_TO.finditer(text) if m.group(1).lower() == verb]))


def reduces_by_kneeling(plain: str, name: str | None) -> bool:
    """The card's cost reduction is paid by kneeling the card itself ("Marshaling Action: Kneel Illyrio's Estate to
    reduce the cost of the next [targaryen] card you marshal this phase by 1."; Lannisport Merchant)."""
    # 1st edition House Tully Recruiter: "Marshalling: Kneel to lower the cost of the next House Stark character you
    # play this phase by 1." (the card itself, unnamed)
    return _KNEEL_TO_REDUCE.search(own_title(plain, name)) is not None


#: A cost that kneels the player's faction card (1st edition: House card), and the first word of what it pays for:
#: "Kneel your faction card and pay X gold to put an attachment …" (Valyrian Steel), "… kneel your faction card to draw
#: 1 card." (The Long Voyage).
_FACTION_KNEEL_TO = re.compile(r"\bkneel your (?:faction|House) card(?: and [^.]*?)? to (\w+)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.)])\s+")


def faction_kneel_to(plain: str) -> tuple[str, ...]:
    """The verbs of the card's abilities paid by kneeling its player's faction card ("draw", "put", "reveal", …), each
    only where no other sentence of the card uses the word: a line of that kind naming the card is then that
    ability's use (Valyrian Steel's reaction draws without the kneel; its put into play needs it)."""
    sentences = _SENTENCE_END.split(plain)
    verbs: list[str] = []
    for i, sentence in enumerate(sentences):
        for m in _FACTION_KNEEL_TO.finditer(sentence):
            verb = m.group(1).lower()
            others = " ".join(s for j, s in enumerate(sentences) if j != i)
            if verb not in verbs and re.search(rf"\b{verb}\b", others, re.IGNORECASE) is None:
                verbs.append(verb)
    return tuple(verbs)


#: 1st edition Grey Wind: "If Robb Stark is in play, lower the cost to play Grey Wind by 2." (Lady, Summer).
_CHEAPER_IF = re.compile(r"^\W*if (.+?) is in play, lower the cost to play (.+?) by (\d+)$", re.IGNORECASE)
#: 1st edition "Lower the cost to play King Robb's Host by 4 if you control a King or Queen character." (6 cards of
#: the War of Five Kings packs): the Traits after "trait:", "|"-joined.
_CHEAPER_IF_TRAIT = re.compile(r"^\W*lower the cost to play (.+?) by (\d+) if you control an? "
                               r"((?-i:[A-Z][a-z]+)(?: or (?-i:[A-Z][a-z]+))*) character$", re.IGNORECASE)


def cheaper_if(plain: str, name: str | None) -> tuple[str, int] | None:
    """(the title, or "trait:" and the Traits, the amount) of a card's own ``_CHEAPER_IF`` (``_CHEAPER_IF_TRAIT``)
    sentence."""
    for sentence in re.split(r"[.\n]", plain):
        m = _CHEAPER_IF.match(" ".join(sentence.split()))
        if m is not None and name is not None and fold(m.group(2)) == fold(name):
            return m.group(1), int(m.group(3))
        m = _CHEAPER_IF_TRAIT.match(" ".join(sentence.split()))
        if m is not None and name is not None and fold(m.group(1)) == fold(name):
            return "trait:" + "|".join(m.group(3).split(" or ")), int(m.group(2))
    return None


#: A card's own cost lowered by 1 for each card its text counts: "Reduce the cost to marshal Grizzled Miner by 1 for
#: each [thenightswatch] attachment and location you control (to a minimum of 1).", "… Dothraki Outriders by 1 for each
#: Dothraki character you control.", "… Gulltown City Guard by 1 for each City plot card in your used pile …", "Reduce
#: the cost to play "A Lion Still Has Claws" by 1 for each Scheme plot card revealed.", "Reduce the cost to ambush Areo
#: Hotah by 1 for each plot in your used pile." (``cheaper_per``).
_CHEAPER_PER = re.compile(r"^reduce the cost to (marshal|play|ambush) (.+?) by 1 for each (.+?)"
                          r"(?: \(to a minimum of (\d+)\))?$", re.IGNORECASE)
_PER_CONTROLLED = re.compile(r"^(?:\[(\w+)\] )?((?:[A-Z][\w']*)(?: [A-Z][\w']*)* )?(character|location|attachment)s?"
                             r"(?: and (character|location|attachment)s?)? you control$")
_PER_USED = re.compile(r"^(?:([A-Z][\w']*) )?plot(?: card)?s? in your used pile$")
_PER_REVEALED = re.compile(r"^(?:([A-Z][\w']*) )?plot cards? revealed$")


def cheaper_per(plain: str, name: str | None) -> tuple[str, str, int] | None:
    """(the way: "marshal" (a play too) or "ambush"; what it counts: "control;<faction>;<Trait>;<types>" among the
    cards its player controls, "used;<Trait>" in its player's used pile, "revealed;<Trait>" among every revealed plot;
    the lowest cost it leaves, 0 for none) of a card's own ``_CHEAPER_PER`` sentence."""
    for sentence in re.split(r"\.(?=\s|$)|\n", plain):
        m = _CHEAPER_PER.match(" ".join(sentence.split()).strip('"“”'))
        if m is None or name is None or fold(m.group(2).strip('"“”')) != fold(name.strip('"“”')):
            continue
        what = m.group(3)
        if c := _PER_CONTROLLED.match(what):
            counted = f"control;{(c.group(1) or '').lower()};{(c.group(2) or '').strip()};" \
                      + "|".join(x.lower() for x in (c.group(3), c.group(4)) if x)
        elif u := _PER_USED.match(what):
            counted = f"used;{u.group(1) or ''}"
        elif r := _PER_REVEALED.match(what):
            counted = f"revealed;{r.group(1) or ''}"
        else:
            return None
        return "ambush" if m.group(1).lower() == "ambush" else "marshal", counted, int(m.group(4) or 0)
    return None


#: Varys: "Reduce the cost to bring Varys out of shadows by 1 for each other card in shadows.": its own shadow cost,
#: lowered by how many other cards lie in shadows (every player's): ``own_shadow_less``.
_OWN_SHADOW_LESS = re.compile(r"^reduce the cost to bring (.+?) out of shadows by (\d+) for each other card in "
                              r"shadows$", re.IGNORECASE)


def own_shadow_less(plain: str, name: str | None) -> int:
    """``_OWN_SHADOW_LESS``'s amount for a card naming itself; 0 for none."""
    for sentence in re.split(r"[.\n]", plain):
        m = _OWN_SHADOW_LESS.match(" ".join(sentence.split()))
        if m is not None and name is not None and fold(m.group(1)) == fold(name):
            return int(m.group(2))
    return 0


def cost_reducers(text: str | None, name: str | None = None
                  ) -> tuple[tuple[tuple[tuple[str, ...], tuple[str, ...], int], ...], bool]:
    """The cost reductions a card's text prints (``_REDUCER``: its words, the cards' types, the amount), and whether
    any sentence lowering a cost was not read (its own ``cheaper_if`` is read)."""
    read: list[tuple[tuple[str, ...], tuple[str, ...], int]] = []
    unread = False
    for sentence in re.split(r"[.\n]", _TAG.sub("", text or "")):
        sentence = " ".join(sentence.split())
        if not _LOWERS_COST.search(sentence) or cheaper_if(sentence, name) is not None \
                or cheaper_per(sentence, name) is not None \
                or _PENALTY_WAIVED_ALL.match(sentence) or own_shadow_less(sentence, name):
            continue
        # "Reduce the cost of the first character you marshal this round by 3, the first location … by 2, and the
        # first attachment … by 1." (Peace and Prosperity): each clause a reducer of its own.
        head, *more = re.split(r",\s*(?:and\s+)?(?=the (?:first|next) )", sentence)
        for clause in [head, *(f"reduce the cost of {c}" for c in more)]:
            m = _REDUCER.search(clause)
            if m is None:
                unread = True
                continue
            words = tuple(w.strip() for w in re.split(r",? or |, ", m.group(1).strip()) if w.strip())
            # 1st edition Street of Steel "… the next character with a Military icon you play …": an icon it needs
            words += (f"icon:{m.group(4).lower()}",) if m.group(4) else ()
            # "… the first character with printed cost 6 or higher …" (Aloof and Apart): "cost>=6" among the words
            words += (f"cost{'>=' if m.group(6).lower() == 'higher' else '<='}{m.group(5)}",) if m.group(5) else ()
            # "… you bring out of shadows …" (Kingdom of Shadows, Howland Reed), "… you ambush …": not for a card
            # marshalled or played; kept as "only:shadows" / "only:ambush" among the words
            verbs = m.group(7).lower()
            if "marshal" not in verbs and "play" not in verbs:
                words += tuple(f"only:{w}" for w in ("shadows", "ambush") if w in verbs)
            types = tuple(t.lower().rstrip("s") for t in (m.group(2), m.group(3)) if t)
            read.append((words, types, int(m.group(8))))
    return tuple(read), unread


def _roles(words: str) -> list[str]:
    """"attacker or defender" as the sides it names."""
    return [r for r in ("attacker", "defender") if r in words.lower()]


def attached_gains(items: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] | None:
    """The icons, traits and keywords of "Attached character gains …", or None if any item is not one of those."""
    icons: list[str] = []
    traits: list[str] = []
    keywords: list[str] = []
    for item in re.split(r", and |, | and (?=an? |the |[a-z]+$)", items):
        item = item.strip()
        if (icon := _GAINED_ICON.match(item)) is not None:
            icons.append(icon.group(1).lower())
        elif (named := _GAINED_TRAITS.match(item)) is not None:
            traits += [x.strip() for x in named.group(1).split(" and ")]
        elif item.lower() in KEYWORDS:
            keywords.append(item.lower())
        else:
            return None
    return tuple(icons), tuple(traits), tuple(keywords)
#: An event's "Play only during a [military] challenge." / "… a challenge in which you are the defending player." /
#: "… a challenge you initiated." / "Play only if you are (not) the first player.": when it may be played.
_PLAY_DURING = re.compile(r"^play only during an? (?:\[?(military|intrigue|power)\]? )?challenge"
                          r"(?: (in which you are the defending player|you initiated))?$", re.IGNORECASE)
#: The one triggered ability of a card whose effect begins with the challenge it waits for: 1st edition Lethal
#: Counterattack "Challenges: During a Military challenge, kneel 2 …", No Song So Sweet "<b>Action:</b> During a
#: [power] challenge, choose …" (not "During a challenge in which …": a condition not read).
_LEADS_DURING = re.compile(r"^(?:limited )?(?:[a-z]+ )?(?:action|challenges|any phase)\s*:\s*during an? "
                           r"(?:\[?(military|intrigue|power)\]? )?challenge,", re.IGNORECASE | re.MULTILINE)
_PLAY_FIRST = re.compile(r"^play only if you are (not )?the first player$", re.IGNORECASE)
#: A card's one action that begins with the condition: "Challenges Action: If you are the first player, kneel Raiding
#: Longship to …" (Iron Gate: "… sacrifice Iron Gate to draw 2 cards."): used only by the first player (or not).
_LEADS_FIRST = re.compile(r"^(?:[a-z]+ )?action\s*:\s*if you are (not )?the first player,",
                          re.IGNORECASE | re.MULTILINE)
#: "Search the top 10 cards of your deck for a character, reveal it, and add it to your hand." (Summons; 1st edition
#: Summoning Season "… and put it into your hands"): a card named from the deck into the hand, not a draw.
#: A look at the deck's top cards that adds one to the hand (Dorne: "look at the top 2 cards of your deck. Add 1 to your
#: hand"; 1st edition Shade of the Evening: "look at the top 3 cards of your deck …, put 1 into your hand") takes
#: that card from the deck the same way: not a draw.
_SEARCHES_HAND = re.compile(r"(?:\bsearch\b.*?|\blook at the top \w+ cards? of your deck\b[^.]*?(?:\.\s*)?[^.]*?)"
                            r"\b(?:add|put) (?:up to )?(?:it|them|1|that card|those cards|each|\w+ of those cards)\b"
                            r"[^.]*?\b(?:in)?to (?:your|his or her) hands?\b", re.IGNORECASE | re.DOTALL)
#: "… add the bottom card of your deck to your hand." (Lordsport Fisherman; The Lost Message "adds the top X cards of
#: his or her deck …"), 1st edition "… reveal the top card of your deck and put it into your hand." (Shores of Ny Sar,
#: Marbrand Outrider, …): a known card from the deck into the hand, not a draw, read as a search is.
_TAKES_FROM_DECK = re.compile(r"\badds? the (?:top|bottom) (?:\w+ )?cards? of (?:your|his or her) deck to "
                              r"(?:your|his or her) hand\b|\b(?:reveal|look at) the top (?:\w+ )?cards? of your deck\b"
                              r"[^.]*?\b(?:add|put) (?:it|them|1)\b[^.]*?\b(?:in)?to your hand\b", re.IGNORECASE)
#: A triggered ability's label: 2nd edition "<b>Challenges Action:</b>", "<b>Reaction:</b>"; 1st edition "Challenges:",
#: "Any Phase:", "Response:" at the start of a sentence.
_TRIGGER_2E = re.compile(r"<b>\s*((?:(?:Plot|Draw|Marshaling|Challenges?|Dominance|Standing|Taxation) )?Action|"
                         r"Reaction|Interrupt|Forced Reaction|Forced Interrupt|When Revealed)\s*:?\s*</b>",
                         re.IGNORECASE)
_TRIGGER_1E = re.compile(r"(?:^|[.\n]\s*)((?:Limited )?(?:Plot|Draw|Marshalling|Challenges|Dominance|Standing|Taxation|"
                         r"Any Phase|Response|Interrupt|Lasting Effect))\s*:", re.IGNORECASE)
_PHASES = {"plot": "plot", "draw": "draw", "marshaling": "marshaling", "marshalling": "marshaling",
           "challenge": "challenges", "challenges": "challenges", "dominance": "dominance", "standing": "standing",
           "taxation": "taxation"}


def play_phase(text: str | None) -> str | None:
    """The one phase a card's every triggered ability names ("Challenges Action:"; 1st edition "Challenges:"): an
    event with it may be played only then (RR: Actions; 1E Rules › Actions). None: any other ability, or none."""
    labels = [m.group(1) for m in _TRIGGER_2E.finditer(text or "")] or [m.group(1)
                                                                       for m in _TRIGGER_1E.finditer(text or "")]
    phases = {_PHASES.get(label.lower().removeprefix("limited ").removesuffix(" action").strip()) for label in labels}
    return phases.pop() if len(phases) == 1 and None not in phases else None


#: A card's draw: "draw 1 card", "draws 2 cards", "Draw 1 card for each …", "Draw cards until …" (Siege
#: Preparations; 1st edition Gunthor Son of Gurn "draw cards, ignoring the draw cap, until …"), a card revealed: "draw
#: it" (Oldtown), 1st edition "draws that card" (Satin), "Reveal and draw the top card of your deck." (Val), "draw that
#: many cards" (Oldtown Scholar), 1st edition "draw 1 additional card" (The Long Voyage); not insight.
_DRAW_CARDS = re.compile(r"\bdraws? (?:(?:\d+|a|an|one|two|three|x|up to \d+)\b(?: more| additional)? cards?\b|it\b"
                         r"|that card\b|the top card\b|that (?:many|number of) cards\b|cards(?:, [^,.]*,)? until\b)",
                         re.IGNORECASE)
#: A trigger's moment up to its comma: "After an opponent draws 1 or more cards, …" (Oldtown Scholar), "When attached
#: character's controller would draw 1 or more cards, …" (Sky Cell): it names a draw, it does not draw.
_MOMENT = re.compile(r"\b(?:after|when)\b[^,.:;]*,", re.IGNORECASE)
#: Text that gives insight to a character, its own or another's ("Attached character gains insight.", "While you
#: control Bran Stark, he gains insight.", Varamyr Sixskins "gains (choose one): … - the Eagle trait, an [intrigue]
#: icon, and insight."): any of the player's characters may then draw by it.
_GRANTS_INSIGHT = re.compile(r"\bgains?\b(?:[^.]|\.\n-)*\binsight\b", re.IGNORECASE)


def draws_cards(plain: str) -> bool:
    """An effect of the text draws cards (``_DRAW_CARDS``); a trigger's moment that names a draw does not ("Reaction:
    After you draw …"; 1st edition The Iron Throne "Response: After an opponent draws a card outside of the draw
    phase, …")."""
    return _DRAW_CARDS.search(_MOMENT.sub(" ", plain)) is not None


def draw_sources(plain: str, insight: bool, draw_phase: list[tuple[str, int]]) -> tuple[bool, bool, bool]:
    """The one reading of what lets a draw name the card as its source: (its effect draws, it has insight (the
    keyword: ``insight``), it gives insight or it changes the draw phase's number (Time of Plenty, Early Frost: a
    draw-phase draw is recorded naming it): ``Card.draws``; it gives a character insight: ``Card.grants_insight``;
    its only draw is its Insight keyword's: ``Card.draws_by_insight``)."""
    effect = draws_cards(plain)
    grants = _GRANTS_INSIGHT.search(plain) is not None
    return effect or insight or grants or bool(draw_phase), grants, insight and not effect


#: A reaction's or interrupt's moment that names a phase: "After the dominance phase begins", "When the taxation phase
#: ends" (still that phase).
_PHASE_MOMENT = re.compile(r"^\s*(?:when|after) the (\w+) phase (?:begins|ends)\b", re.IGNORECASE)


def draws_in_phase(text: str | None) -> str | None:
    """The one phase in which every ability of a card that draws may be used: its label names it ("Challenges Action:
    Kneel a Steward character to draw 1 card.": The New Gift; 1st edition "Dominance: Kneel Meraxes to draw 1 card.")
    or its moment does ("Interrupt: When the taxation phase ends, either: draw 2 cards or gain 3 gold.": Ranger's
    Cache). None: a draw under another label or none, or the phases differ. The one reading of the phase a card's
    draw is taken in: the draw's check judges it (``flow.check_draw_source``), and a draw naming a card whose every
    triggered ability names that phase is a use of it (``common.phase_drawer``)."""
    text = text or ""
    labels = list(_TRIGGER_2E.finditer(text)) or list(_TRIGGER_1E.finditer(text))
    if not labels or draws_cards(_TAG.sub("", text[:labels[0].start()])):
        return None
    phases: set[str | None] = set()
    for m, end in zip(labels, [*(x.start() for x in labels[1:]), len(text)], strict=True):
        body = _TAG.sub("", text[m.end():end])
        if not draws_cards(body):
            continue
        label = m.group(1).lower().removeprefix("limited ").strip()
        moment = _PHASE_MOMENT.match(body)
        if moment is not None and label in ("reaction", "interrupt", "forced reaction", "forced interrupt", "response"):
            phases.add(_PHASES.get(moment.group(1).lower()))
        elif label.endswith("action") or label in _PHASES:
            phases.add(_PHASES.get(label.removesuffix(" action").strip()))
        else:
            return None
    return phases.pop() if len(phases) == 1 and None not in phases else None


#: How often an event may be played: 2nd edition "(Max 1 per challenge.)", 1st edition "Limit 1 per phase."; on another
#: card how often its ability may be used: "(Limit twice per round.)", 1st edition "(Limit 3 times per round.)".
#: 1st edition "(Limit 1 Limited Response per round.)" (Castellan of the Rock and 42 other cards): its one Limited
#: Response is used at most once a round, as any such limit.
_PLAY_MAX = re.compile(r"\b(?:max|limit) (\d+|one|once|twice) (?:times? |limited (?:responses?|actions?) )?"
                       r"per (round|phase|challenge)\b", re.IGNORECASE)
_TIMES = {"one": 1, "once": 1, "twice": 2}


#: A limited ability that acts on several cards: "stand each character you control" (Robb Stark), "each player
#: sacrifice" (Rickard Karstark), "discard the top 3 cards from each opponent's deck" (The Reader); not "each round".
_EACH = re.compile(r"\b(?:each|all)\b(?! (?:round|phase|challenge)\b)", re.IGNORECASE)


def limit_each(text: str | None) -> bool:
    """The line holding the card's "(Limit once per round.)" acts on "each" or "all" of some cards."""
    return any(_PLAY_MAX.search(line) and _EACH.search(_PLAY_MAX.split(line)[0])
               for line in _TAG.sub("", text or "").split("\n"))


def play_max(text: str | None) -> tuple[int | None, str | None]:
    """How many times per round, phase or challenge the card's text lets it be played (its ability be used), if it
    says."""
    m = _PLAY_MAX.search(_TAG.sub("", text or ""))
    if m is None:
        return None, None
    return _TIMES.get(m.group(1).lower()) or int(m.group(1)), m.group(2).lower()


#: "You may initiate an additional [military] challenge during the challenges phase." (A Storm of Swords, Khal Drogo,
#: Casterly Rock, …; 1st edition Heir to the Iron Throne "You may initiate 2 Power challenges each challenge phase.";
#: The Power Behind the Throne "You may initiate and additional Intrigue challenge during each challenges phase."):
#: a constant grant of one more challenge of that type for the card's controller.
_EXTRA_CHALLENGE = re.compile(r"^(you|each player) may initiate (?:an additional|and additional|2) "
                              r"\[?(military|intrigue|power)\]? "
                              r"challenges? (?:during (?:the|each) challenges? phase|this round|each round|each "
                              r"challenges? phase)"
                              r"(?:, against a different opponent)?$",
                              re.IGNORECASE)
#: "While Cersei Lannister is attacking during an [intrigue] challenge, raise the claim value on your revealed plot
#: card by 1.": only when it names the card.
_CLAIM_RAISE = re.compile(r"^while (.+?) is attacking(?: during an? \[?(military|intrigue|power)\]? challenge)?, "
                          r"(?:if (?P<if>the defending player controls a card in shadows|you control (?:another|an) "
                          r"attacking (?P<trait>[A-Z][\w ]*?) character), )?"
                          r"raise the claim value on your revealed plot card by 1$", re.IGNORECASE)
#: "Treat attached character's printed text box as if it were blank (except for Traits)." (Milk of the Poppy)
_BLANKS = re.compile(r"^treat attached (?:character|location)(?:'s printed text box as if it were| as if its printed "
                     r"text box were| as though its (?:printed )?text box were) blank(?: \(except for traits\))?$",
                     re.IGNORECASE)  # 1st edition Milk of the Poppy: "… as though its text box were blank …"
#: "Treat the base gold value on each revealed Kingdom and each revealed Edict plot card as if it were 0." (Naval
#: Superiority), "Treat the base initiative value on each revealed plot card as if it were 0." (Snowed Under).
_ZERO_BASE = re.compile(r"^treat the base (gold|initiative) value on each revealed (.*?)plot card as if it were 0$",
                        re.IGNORECASE)
#: "If you win initiative, you must choose an opponent to be the first player." (the plot Retaliation)
_OPPONENT_FIRST = re.compile(r"^if you win initiative, you must choose an opponent (?:to be|as) the first player$",
                             re.IGNORECASE)
#: "You may marshal or play 1 additional limited card this round." (Taxation; "… each round": Elinor Tyrell).
_EXTRA_LIMITED = re.compile(r"^you may marshal or play (\d+) additional limited cards? (?:this|each) round$",
                            re.IGNORECASE)
_VALUED = re.compile(r"^(ambush|bestow|prized)\s*\(?\s*(\d+|x)?\s*\)?$", re.IGNORECASE)
#: "No attachments except <i>Weapon</i>." (2nd edition), "No attachments except Weapon or Boon." (1st edition): the
#: keyword with the traits it lets through ("a single Weapon" reads as Weapon: how many is ability text).
_EXCEPT = re.compile(r"^no attachments except (?:a single )?([A-Z][\w' ]*(?:(?: or |, )[A-Z][\w' ]*)*)$", re.IGNORECASE)
#: A card's own printed STR for dominance: "<its name> contributes 8 STR to your total for dominance." (2nd edition),
#: "<its name> counts as 4 STR during the dominance phase." (1st edition); "Hodor does not contribute his STR to your
#: total for dominance." (0). Only when the sentence names the card.
_DOMINANCE = re.compile(r"^(.+?) (?:contributes (\d+) STR to your total for dominance|"
                        r"counts as (\d+) STR during the dominance phase|"
                        r"does not contribute (?:his|her|its) STR to your total for (dominance))$", re.IGNORECASE)
#: The claim the attacking player's plot raised for its controller's side (Desperate Attack: "While you are the
#: defending player, raise the claim value on the attacking player's revealed plot card by 1."; Cape Wrath: "During
#: [power] challenges in which you are the attacking or defending player, …"): the sides, the types and the raise.
_CLAIM_AS = re.compile(r"^(?:while you are the (defending) player|during \[?(military|intrigue|power)\]? challenges in "
                       r"which you are the (attacking or defending) player), raise the claim value on the attacking "
                       r"player's revealed plot card by (\d+)$", re.IGNORECASE)
#: A raise while its controller attacks with a character of a trait (Muster the Realm: "During a challenge in which
#: you control an attacking Army character, raise the claim value on Muster the Realm by 1."; 1st edition Ser Emmon
#: Cuy: "During [Power] challenges in which you control at least 1 attacking Rainbow Guard character, raise the Claim
#: value on your revealed plot card by 1."): the type (none: any), the trait, the card it raises (its own name or
#: "your revealed plot card"), the raise.
_CLAIM_TRAIT = re.compile(r"^during (?:an? challenge|\[?(military|intrigue|power)\]? challenges) in which you control "
                          r"(?:an|at least 1) attacking ([A-Z][\w' ]*?) character, raise the claim value on (.+?) by "
                          r"(\d+)$", re.IGNORECASE)
#: 1st edition Loyalty Money Can Buy: "The claim value on each opponents' revealed plot card is lowered by 1 while that
#: opponent is attacking you." (``claim_as`` ("defending", every type, -1)); Eddard Stark: "While Eddard Stark is
#: defending, lower the attacking player's claim to 0." (("self_defending", every type, 0): when it names the card).
_CLAIM_LOWERED = re.compile(r"^the claim value on each opponents?'?s?'? revealed plot card is lowered by (\d+) while "
                            r"that opponent is attacking you$", re.IGNORECASE)
_CLAIM_ZERO = re.compile(r"^while (.+?) is defending, lower the attacking player's claim to 0$", re.IGNORECASE)
#: Calm Over Westeros: "When Revealed: Name a challenge type. Until you reveal a new plot card, reduce the claim value
#: on the attacking player's revealed plot card by 1 during challenges of that type in which you are the defending
#: player." (``claim_as`` ("defending", ("named",), -1): of the type the log's ``name_choice`` names).
_CLAIM_NAMED = re.compile(r"name a challenge type\. until you reveal a new plot card, reduce the claim value on the "
                          r"attacking player's revealed plot card by (\d+) during challenges of that type in which you "
                          r"are the defending player", re.IGNORECASE)


class CatalogError(ValueError):
    """A card file could not be read. Names the file and, where known, the record."""

    def __init__(self, source: str, message: str, record: str | None = None) -> None:
        self.source = source
        self.record = record
        where = f"{source}, record {record}" if record else source
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True, slots=True)
class Keywords:
    shadow_costs: tuple[Cost, ...] = ()
    limited: bool = False
    terminal: bool = False
    attaches_to: str | None = None
    keywords: tuple[str, ...] = ()  # the others, by name (renown, stealth, ...), in KEYWORDS' order
    modifiers: tuple[tuple[str, int], ...] = ()  # printed plot value modifiers: ("income", 1)
    dominance: int | None = None  # STR the card itself contributes for dominance, as printed
    attachments_except: tuple[str, ...] = ()  # "No attachments except <Weapon>": the traits let through
    extra_limited: int = 0  # Limited cards a round beyond the one the rules allow, as printed
    enters_knelt: bool = False  # "<its name> enters play knelt."
    opponent_first: bool = False  # "If you win initiative, you must choose an opponent to be the first player."
    stands_attacking: tuple[str, ...] = ()  # challenge types in which it does not kneel when declared as an attacker
    extra_challenges: tuple[str, ...] = ()  # one type a grant: "You may initiate an additional [power] challenge …"
    claim_attacking: tuple[str, ...] = ()  # types in which its attacking raises its controller's claim by 1
    claim_attacking_if: str = ""  # Red Ronnet: "shadows"; Elia Sand: "attacking:Sand Snake"
    claim_as: tuple[str, tuple[str, ...], int] | None = None  # Desperate Attack: ("defending", ICONS, 1): ``_CLAIM_AS``
    claim_trait: tuple[str, tuple[str, ...], int] | None = None  # Muster the Realm: ("Army", ICONS, 1)
    blanks_attached: bool = False  # an attachment that blanks the printed text box of the card it is on
    zero_base: tuple[str, ...] = ()  # a plot's "Treat the base gold value on each revealed … plot card as if it were 0"
    zero_base_traits: tuple[str, ...] = ()  # … of plots with these traits only (none: every plot)
    stands_defending: tuple[str, ...] = ()  # challenge types in which it does not kneel when declared as a defender
    never_declared: tuple[str, ...] = ()  # "attacker", "defender": it cannot be declared as one
    no_bypass: bool = False  # "<its name> cannot be bypassed by stealth."
    alone_defenders: int | None = None  # while it attacks alone, the defending player declares at most this many
    keeps_gold: bool = False  # "You do not return unspent gold to the treasury during the taxation phase."
    opponent_cost: tuple[tuple[str, int], ...] = ()  # ("character", 1): each opponent marshals those for that more
    own_cost: tuple[tuple[str, int], ...] = ()  # ("character", 1): its player marshals those for that more
    no_events_during: tuple[str, ...] = ()  # ("intrigue", "power"): ``_NO_EVENTS_DURING``
    plot_deck_excludes: str | None = None  # "Scheme": ``_PLOT_DECK_EXCLUDES``
    non_loyal_of: str | None = None  # "stark": ``_NON_LOYAL_OF``
    no_income_bonuses: bool = False  # no card provides an income bonus this round (1st edition Rains of Autumn)
    no_positive_gold_modifiers: bool = False  # characters and locations give no "+N Income" (Rains of Autumn)
    opponents_income_zero: bool = False  # each opponent's revealed plot's income is 0 (1st edition Blockade)
    knelt_unkillable: bool = False  # "Knelt characters cannot be killed." (1st edition Stoic Resolve)
    no_challenges_if_gold: bool = False  # 1st edition Feast or Famine: no challenge once its gold was added
    no_card_abilities: bool = False  # 1st edition Burning Bridges: no ability of a card in play is triggered
    no_challenge_reactions: bool = False  # Rationing
    unkillable_crest: str | None = None  # "[Noble] characters cannot be killed." (1st edition The Power of Blood)
    crest_grants: tuple[str, str, bool] | None = None  # ("Holy", "military", True): ``_CREST_GRANTS``
    power_uncounted: tuple[str, str] | None = None  # ("opponents", ""): Melisandre; ("any", "Lord|Lady"): Ser Lancel
    takes_facedown_duplicate: bool = False  # "place the top card of your deck on her facedown as a duplicate"
    play_during: str | None = None  # an event: "challenge", or the challenge type, during which it may be played
    play_side: str | None = None  # … and only as the "defender" or the "attacker" of it
    play_first: bool | None = None  # an event: only if you are (True) or are not (False) the first player
    draws: bool = False  # its text draws cards or gives insight
    grants_insight: bool = False  # its text gives a character insight
    grants_each: bool = False  # its additional challenges are each player's ("Each player may initiate …")
    play_phase: str | None = None  # the one phase its every triggered ability names ("Challenges Action:")
    draws_in_phase: str | None = None  # the one phase its every ability that draws names (``draws_in_phase``)
    blanks_characters: bool = False  # every character's printed text box counts as blank (Fortified Position)
    grants_icons: tuple[str, ...] = ()  # an attachment's "Attached character gains an [intrigue] icon."
    grants_traits: tuple[str, ...] = ()  # … "the King trait"
    grants_keywords: tuple[str, ...] = ()  # … "stealth"
    loses_icons: tuple[str, ...] = ()  # an attachment's "Attached character loses a [power] icon."
    no_stand_str: int | None = None  # characters with this STR or lower do not stand (Noose and Swordpoint)
    stand_barred: tuple[str, str] | None = None  # (the phase or "", who): ``_STAND_BARRED``
    one_per_card: bool = False  # an attachment's "Limit 1 per character."
    play_max: int | None = None  # an event's "(Max 1 per round.)": that many …
    play_max_per: str | None = None  # … per "round", "phase" or "challenge"
    limit_each: bool = False  # the limited ability acts on "each" or "all" of some cards (Robb Stark)
    str_per: tuple[str, str | None] | None = None  # "+1 STR for each gold in your gold pool": ("pool_gold", None)
    str_per_each: int = 1  # … and what each counts: +1, "+2 STR for each …" 2, "-1 STR for each …" -1
    defends_kneeling: tuple[str, ...] = ()  # challenge types it defends in without the icon and while kneeling
    kneel_self_to: tuple[str, ...] = ()  # Marya Seaworth: ("stand",): ``kneel_self_to``
    knelt_unkillable_own: str | None = None  # Timett: "Clansman": ``_KNELT_UNKILLABLE_OWN``
    knelt_defenders: tuple[str, str] | None = None  # Shagga: ("Clansman", "military"): ``_KNELT_DEFENDERS``
    blanks_plots: bool = False  # outside the plot phase other revealed non-Scheme plots' text is blank
    kept_gold: int = 0  # unspent gold its controller does not return in taxation (King's Landing Dromond)
    grants_str: int = 0  # an attachment's "Attached character gets +2 STR."
    house_only: str | None = None  # 1st edition "House Lannister only.": that House alone plays or marshals it
    unsaveable: bool = False  # its kills "(cannot be saved)" (Wildfire Assault)
    draw_phase: tuple[tuple[str, int], ...] = ()  # ("each", 1): the draw phase's draw changed (Time of Plenty);
    # ("more:Knight", 1): while its controller controls more Knight characters than each other player
    attached_never: tuple[tuple[str, str | None], ...] = ()  # ("attacker", None): what the attached cannot be declared
    never_when: tuple[tuple[str, str, str], ...] = ()  # (side, condition, argument): it cannot be declared so when …
    reduces_cost: tuple[tuple[tuple[str, ...], tuple[str, ...], int], ...] = ()  # (words, types, amount)
    reduces_unread: bool = False  # a sentence that lowers a cost was not read
    reduces_by_kneeling: bool = False  # "Kneel Illyrio's Estate to reduce the cost …": ``reduces_by_kneeling``
    faction_kneel_to: tuple[str, ...] = ()  # "kneel your faction card to draw …": ``faction_kneel_to``
    raises_cost: bool = False  # a sentence raises a cost ("Increase the cost of …", "costs 1 more")
    bestow: int | None = None  # "Bestow (3).": the most gold placed on it as it enters play (None: no number)
    unique_only_in: tuple[tuple[str, str], ...] = ()  # ("attacker", "intrigue"): only unique characters so, anyone's
    draws_by_insight: bool = False  # it draws by its insight keyword alone (no other sentence of it draws)
    discards_by_pillage: bool = False  # it discards from a deck by its pillage keyword alone
    self_only: tuple[str, ...] = ()  # Ser Davos Seaworth: ("return_to_hand",): ``self_only``
    skips_phase: str | None = None  # a plot's "Skip the taxation phase this round."
    must_defend: bool = False  # Besieged
    #: "Each [thenightswatch] character you control does not kneel when declared as a defender." (The Fire That
    #: Burns), "Attached character does not kneel …" and the like (``companion/catalog/no_kneel.py``)
    stands_declared: tuple[Stand, ...] = ()
    plot_values: tuple[PlotValue, ...] = ()  # ``_PLOT_VALUE``: ``Card.plot_values``
    no_saves: bool = False  # The Bloody Flux
    no_effect_entry: bool = False  # Barring the Gates
    str_fixed: bool = False  # Striking at Dawn
    str_set: int = -1  # "Set each character's STR to 3." (At the Palace of Sorrows): ``_STR_SET``
    attached_str_set: int = -1  # Strangler: "… participating in a challenge, set its STR to 1.": ``_ATTACHED_STR_SET``
    strips_keywords: tuple[str, str, str] | None = None  # "… each attacking character loses all keywords"
    pillage_more: bool = False  # "… discards an additional card using pillage"
    own_entry: bool = False  # its text says "into play" or "ambush"
    grants_ambush: bool = False  # "… in your hand gains ambush (X)"
    pillage_reacts: str | None = None  # "After Ser Gregor's Marauders discards an event using pillage": "event"
    gold_at_least: int = 0  # Tywin Lannister's "if you have 4 or more gold in your gold pool": ``_GOLD_AT_LEAST``
    claim_instead: tuple[tuple[str, ...], str, bool] | None = None  # The Hand's Tourney: ``claim_instead``
    faction_power_in_challenges: bool = False  # Uneasy Truce
    power_kings_only: bool = False  # Your King Commands It
    stays_knelt: str | None = None  # "<its name> cannot stand during the standing phase.": "standing"; "… cannot
    # stand.": "always"; "… unless you have won dominance this round": "standing-unless-dominance"
    attached_stays_knelt: str | None = None  # "Attached character cannot stand.": "always"
    phase_grants: tuple[str, str, bool, int] | None = None  # an event's keyword until the end of the phase
    action_only: bool = False  # every triggered ability it prints is an action
    play_if_control: tuple[str, bool, bool, tuple[str, ...], tuple[str, ...]] | None = None  # "Play only if you …"
    no_bypass_trait: str | None = None  # "Each Ranger character you control cannot be bypassed …"; "*attached"
    renown_during: str | None = None  # "<its name> gains renown while participating in a [military] challenge"
    kneels_if_opponent_has: str | None = None  # its "does not kneel … against an opponent who does not control a King"
    when_revealed_draws: bool = False  # "When Revealed: Draw 2 cards." (how many: ``draw_count``)
    when_revealed: bool = False  # its own when-revealed ability (a plot's): ``_WHEN_REVEALED``
    no_kneel_while: tuple[str, str] | None = None  # ("plot_trait", "War") / ("control", "Right") / ("unread", "")
    standing_limit: int = 0  # "Each player cannot stand more than 2 characters during the standing phase.": 2
    if_plots: tuple[str, tuple[str, ...], str] | None = None  # ("a", ("Summer", "Winter"), "gain_power"): ``if_plots``
    extra_bypass: int = 0  # "Esgred may bypass an additional character using stealth.": 1
    income_x: int | None = None  # a plot's gold "X": this much over the chosen opponent's printed gold (Summer Harvest)
    draw_count: tuple[tuple[int, ...], int, str] | None = None  # ((1, 3), 3, ""): ``draw_count``
    renown_more_plots: str | None = None  # "Summer": ``renown_more_plots``
    most_standing_power: int = 0  # Salladhor Saan's 2 power for the player with the most standing characters
    power_per_margin: tuple[int, int] | None = None  # The Red Viper's (1, 5): ``_POWER_PER_MARGIN``
    power_if_standing: bool = False  # Knight of Flowers (1st edition): ``_POWER_IF_STANDING``
    amount_instead: tuple[str, int, int, str] | None = None  # Underground Vault: ``amount_instead``
    x_used_plots: tuple[str, int] | None = None  # Doran's Game: ``x_used_plots``
    x_bound: tuple[str, str, str] | None = None  # Timett Son of Timett: ``x_bound``
    lower_than_cost: str = ""  # Joffrey Baratheon: "kneel": ``lower_than_cost``
    events_cap: tuple[str, str, int, str] | None = None  # White Sword Tower: ``events_cap``
    power_if_discarded: tuple[str, ...] = ()  # ("character",): ``power_if_discarded`` (Heads on Spikes)
    copies_when_revealed: bool = False  # it initiates another plot's when revealed ability (Varys's Riddle)
    kills_at_zero: int = 0  # "that character gets -2 STR and is killed if its STR is 0": 2 (X: -1)
    str_alone: str | None = None  # "only" (Jousting Knight) / "never" (Grand Melee): ``str_alone``
    str_alone_each: tuple[str, str, int, bool] | None = None  # ("attacking or defending", "Knight", 1, False)
    str_per_participant: tuple[str, str, str, str] | None = None  # ("attacking", "attacking", "Dothraki", "you")
    str_of_only: tuple[str, tuple[str, ...], bool] | None = None  # ("tyrell", ("Knight",), True): ``str_of_only``
    x_cost: tuple[str, bool] | None = None  # ("return_to_hand", True): ``x_cost``
    str_x: tuple[str, str | None] | None = None  # "X is your reserve value.": ("reserve", None): ``str_x``
    names_dominance: bool = False  # its text says "dominance"
    attached_no_dominance: bool = False  # "Attached character does not contribute its STR to … dominance."
    faction_cost: bool = False  # "Kneel your faction card to …": ``_FACTION_COST``
    additional_other_type: bool = False  # Coordinated Attack: "… choose a different challenge type. …"
    put_cost_max: int = -1  # "put a … with printed cost 3 or lower into play": 3 (``put_cost_max``)
    gold_returned_in: str | None = None  # "After the challenges phase begins, each player returns all gold …"
    comes_out_by: str | None = None  # its own "Challenges: Bring <its name> out of Shadows …": "challenges"; "any"
    shadow_unpriced: bool = False  # 1st edition: no number after its "s": it comes out by its own ability only
    win_power: tuple[str, int, int] | None = None  # "You need 2 additional power to win the game.": ("you", 2, 0)
    penalty_waived: str | None = None  # "Ignore the out of House gold penalty on all [Stark] cards.": "stark"
    searches_hand: bool = False  # "Search … your deck for a character, reveal it, and add it to your hand."
    no_setup_cards: bool = False  # "You cannot place cards during setup." (Knights of the Hollow Hill)
    setup_gold_max: int | None = None  # "You cannot spend more than 4 gold during setup.": ``_SETUP_GOLD_MAX``
    sole_gold_bonus: bool = False  # "Your other cards do not provide a gold bonus."
    defenders_need: str | None = None  # while it attacks, a defender who controls no "Lord" character declares none
    defenders_barred: str | None = None  # "no_crest" / "power" / "shared_trait" / "standing" / "cost_below:lannister"
    # / "icon:intrigue|military,power" / "no_attachments|alone"
    side_str: tuple[str, str, int] | None = None  # ("power", "participating", 2): ``_SIDE_STR``
    str_nth_challenge: tuple[tuple[int, int], ...] = ()  # ((1, -1), (3, 2)): ``_STR_NTH_CHALLENGE``
    power_nth_challenge: int | None = None  # 3: ``_WIN_POWER_THIS`` after the third challenge's sentence
    losing_attacker_claims: bool = False  # ``_LOSING_ATTACKER_CLAIMS``
    discards_copy: bool = False  # ``_DISCARDS_COPY``
    reacts_to: tuple[str, str, int, str] | None = None  # the result an event's only reaction waits for
    won_with: tuple[str, str, str] | None = None  # "… in which you control an attacking Bastard character"
    react_if_control: tuple[str, bool, bool, tuple[str, ...], tuple[str, ...]] | None = None  # ``react_if_control``
    react_if_fewer_cards: bool = False  # "… if you have fewer cards in hand than the losing opponent, …"
    then_if_more_cards: bool = False  # Red Keep Spy: ``_THEN_IF_MORE_CARDS``
    then_self_if_trait: tuple[str, str] | None = None  # Maiden's Bane: ("stand", "Captain"): ``then_self_if_trait``
    then_if_power_over_str: str | None = None  # Ser Jaime (1st edition): "discard": ``_THEN_IF_POWER_OVER_STR``
    search_finds: tuple[tuple[str, ...], int] | None = None  # a search into the hand: the types, how many
    str_unread: bool = False  # a constant sentence of it changes STR in a shape no fact reads
    icons_while: tuple[tuple[str, str, str], ...] = ()  # (icon, condition, argument): ``icon_while``
    self_while: tuple[str, str, int, tuple[str, ...]] | None = None  # (condition, argument, STR, keywords)
    str_while: tuple[str, int] | None = None  # ("defending", 2): ``str_while``
    str_standing: int = 0  # 1st edition King's Pavillion: "Each character gets +3 STR while it is standing."
    str_kneeling: tuple[int, bool] | None = None  # 1st edition The Giant's Lance: (-1, False): ``_STR_KNEELING``
    str_each: tuple[str, int] | None = None  # ("Knight", 1): ``_STR_EACH``
    str_each_while: tuple[str, str, str, int] | None = None  # ("no", "Winter", "", 1): ``_STR_EACH_WHILE``
    str_season: tuple[str, int] | None = None  # 1st edition A Song of Summer: ("yours", 1): ``_STR_SEASON``
    each_gains: tuple[str, str, tuple[str, ...], tuple[str, tuple[str, ...]] | None] | None = None  # ``each_gains``
    killed_to: str | None = None  # "discard" / "shadows" / "deck": ``killed_to``
    gives_renown: bool = False  # a sentence names renown or keywords beside its own "Renown."
    keywords_while: tuple[tuple[str, str, str], ...] = ()  # ("stealth", "attached_is", "Bran Stark")
    saves_attached: bool = False  # "When attached character would be killed …, sacrifice Bodyguard to save it."
    saves_only: tuple[bool, tuple[str, ...], tuple[str, ...], str, str, bool, str, bool] | None = None  # Lady
    never_saved: str = ""  # "self" / "attached": ``cannot_be``
    never_killed: str = ""  # "self" / "attached": ``cannot_be``
    never_knelt: str = ""  # "self" / "attached": ``cannot_be`` (by card effects)
    no_saves_standing: bool = False  # Arya Stark: ``_NO_SAVES_STANDING``
    no_gold_in: str = ""  # Devout Freerider: "challenges": ``_NO_GOLD_IN``
    never_marshaled: bool = False  # War Elephants: ``_NEVER_MARSHALED``
    entry_barred_kneeling: tuple[str, str] | None = None  # Iron Emmett: ``_ENTRY_BARRED_KNEELING``
    power_cap_round: int = 0  # Edric Storm: 3: ``_POWER_CAP_ROUND``
    play_if_used: tuple[str, int] | None = None  # As Hard as Winter: ("Winter", 1): ``_PLAY_IF_USED``
    play_if_challenges: tuple[str, ...] = ()  # Serve. Obey. Protect.: ("lost:any:defender",): ``play_if_challenges``
    shadow_cost_up: int = 0  # Lonely Light: 1: ``_SHADOW_COST_UP``
    own_shadow_less: int = 0  # Varys: 1 off his shadow cost for each other card in shadows (``own_shadow_less``)
    save_gold: int = 0  # "Pay 1 gold and discard Gilded Plate from play … to save …": ``_SAVE_GOLD``
    cheaper_if: tuple[str, int] | None = None  # ("Robb Stark", 2): ``cheaper_if``
    cheaper_per: tuple[str, str, int] | None = None  # Grizzled Miner: ``cheaper_per``
    silences_opponents: bool = False  # "While <it> is participating in a challenge, your opponents cannot trigger …"
    chooses_participating: tuple[str, bool] | None = None  # "Choose a participating [stark] character": ("stark", …)
    chooses_side: tuple[str, str, bool] | None = None  # "Choose an attacking [greyjoy] character": ``chooses_side``
    raises_claim: tuple[str, int] | None = None  # Winter Is Coming: ("you", 1): ``raises_claim``
    cancels_events: bool = False  # The Hand's Judgment: ``cancels_events``
    phase_end_fate: str | None = None  # Hear Me Roar!: what the card it put into play does at the phase's end
    targets: tuple[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int], ...] = ()  # ``targets``
    cost_targets: tuple[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int], ...] = ()
    trigger_only: bool = False  # its whole text is its one triggered ability: ``trigger_only``
    draws_if_won: bool = False  # "If you win the challenge, draw 1 card.": ``_DRAWS_IF_WON``
    dominance_reactions: bool = False  # Gendry: every triggered ability answers dominance: ``dominance_reactions``
    gold_per_opponents: str | None = None  # "Gain 1 gold for each character that player controls.": "character"
    draws_unless_lost: str | None = None  # the challenge type an opponent's win against it stops its draw ("any:…":
    #                                        any loss of that type, attacking too: The Red Keep)
    last_from_hand: bool = False  # "After you play Mammoth Riders, you cannot play any further cards from your hand …"
    cancels: tuple[str, tuple[str, ...]] | None = None  # The Hand's Judgment: ("opponent", ("event",)): ``cancels``
    gold_toll: tuple[str, str, int] | None = None  # Uneasy Truce: ("military", "defender", 2): ``gold_toll``
    str_without_icon: tuple[str, int] | None = None  # Hear Me Roar: ("intrigue", -1): ``_STR_WITHOUT_ICON``
    str_each_attachment: int | None = None  # Power and Wealth: 1: ``_STR_EACH_ATTACHMENT``
    gold_spendable: tuple[str, str] | None = None  # Tywin Lannister: ("self", ""): ``gold_spendable``
    marshal_from_pile: tuple[str, str, str, bool, bool] | None = None  # Tarle: ``marshal_from_pile``
    returns_from: str | None = None  # Jeyne Poole: "discard": ``returns_from``
    house_power_only_in: str | None = None  # The Siege of Winterfell: "military": ``_HOUSE_POWER_ONLY_IN``
    renown_barred: tuple[str, str] | None = None  # Jhalabar Xho: ("opponents", ""): ``_RENOWN_BARRED``
    power_only_trait: str | None = None  # The Faith Militant: "The Seven": ``_POWER_ONLY_TRAIT``
    house_only_shadow_waived: bool = False  # City of Shadows
    reveals_new_plot: str | None = None  # Bran Stark: "self": ``reveals_new_plot``
    immune_while: tuple[str, tuple[str, ...], str, str] | None = None  # 1st edition Shaggydog: ``immune_while``
    immune_to: tuple[str, tuple[str, ...]] | None = None  # Ser Jacelyn Bywater: ("any", ("character",)): ``immune_to``
    knelt_stays_knelt: str | None = None  # 1st edition Cersei Lannister: "chosen": ``_KNELT_STAYS_KNELT``
    chooses_with: tuple[str, str, int] | None = None  # 1st edition Distraction: ("icon", "military", 1)
    chooses_total_str: int | None = None  # Consolidation of Power: 4 (-1: attached's STR): ``_CHOOSES_TOTAL_STR``
    chooses_total_cost: tuple[str, int] | None = None  # Forced March: ("stand", 3): ``_CHOOSES_TOTAL_COST``
    discards_from_hand: bool = False  # Heads on Spikes: ``_DISCARDS_FROM_HAND``
    most_discard_to: int | None = None  # Rule by Decree: 4: ``_MOST_DISCARD``
    kills_after_win: tuple[str, str] | None = None  # 1st edition Robb Stark: ("military", "self")
    returns_from_dead: int | None = None  # 1st edition Trident Reinforcements: 3
    kneel_draws: bool = False  # Tobho Mott's Armory: ``kneel_draws``
    token_reacts_to: tuple[str, str, str, int, str] | None = None  # The Boneway: ``token_reacts_to``
    draws_if_none_drawn: bool = False  # Pleasure Barge: ``_DRAWS_IF_NONE_DRAWN``
    names_barred: tuple[str, ...] = ()  # The Iron Throne: ("marshal", "play", "put"): ``names_barred``
    names_kind_barred: tuple[str, str] | None = None  # Parley at Storm's End: ("any", "plot")
    won_alone: str | None = None  # 1st edition Knight of Flowers: "attacking or defending": ``won_alone``


def parse_keywords(text: str | None, name: str | None = None) -> Keywords:
    """Find keywords the way the rules define them.

    Keywords stand on lines of their own, as sentences ("Ambush (5). Shadow (3).").
    Lines with a bold trigger ("<b>Reaction:</b>") are abilities, and abilities that
    *grant* Shadow ("it gains shadow (X)") are not the keyword, so only whole
    sentences on non-bold lines count. Several Shadow instances are all kept. A sentence giving the
    card ``name`` a number of STR for dominance is kept as that number (a constant contribution of its own).
    """
    shadow: list[Cost] = []
    limited = terminal = False
    attaches_to: str | None = None
    found: set[str] = set()
    bestow: int | None = None
    modifiers: dict[str, int] = {}
    dominance: int | None = None
    excepted: list[str] = []
    extra_limited = 0
    enters_knelt = opponent_first = False
    stands_attacking: tuple[str, ...] = ()
    extra_challenges: list[str] = []
    claim_attacking: tuple[str, ...] = ()
    claim_attacking_if = ""
    claim_as: tuple[str, tuple[str, ...], int] | None = None
    claim_trait: tuple[str, tuple[str, ...], int] | None = None
    blanks_attached = False
    zero_base: list[str] = []
    zero_traits: list[str] = []
    stands_defending: tuple[str, ...] = ()
    never_declared: tuple[str, ...] = ()
    no_bypass = grants_each = False
    flags: set[str] = set()  # _FLAG_SENTENCES read
    granted: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]] = ((), (), ())
    loses_icons: tuple[str, ...] = ()
    no_stand_str: int | None = None
    stand_barred: tuple[str, str] | None = None
    kept_gold = grants_str = 0
    stands_declared: list[Stand] = []
    plot_values: list[PlotValue] = []
    stays_knelt: str | None = None
    attached_stays_knelt: str | None = None
    no_bypass_trait: str | None = None
    renown_during: str | None = None
    kneels_if_opponent_has: str | None = None
    no_kneel_while: tuple[str, str] | None = None
    house_only: str | None = None
    draw_phase: list[tuple[str, int]] = []
    win_power: tuple[str, int, int] | None = None
    penalty_waived: str | None = None
    no_setup_cards = sole_gold_bonus = False
    setup_gold_max: int | None = None
    defenders_need: str | None = None
    defenders_barred: str | None = None
    side_contrib: tuple[str, str, int] | None = None
    nth_challenge: list[tuple[int, int]] = []
    power_nth: int | None = None
    str_unread = False
    icons_while: list[tuple[str, str, str]] = []
    own_while: tuple[str, str, int, tuple[str, ...]] | None = None
    named_keywords: list[tuple[str, str, str]] = []
    unkillable_crest: str | None = None
    crest_grants: tuple[str, str, bool] | None = None
    power_uncounted: tuple[str, str] | None = None
    strength_while: tuple[str, int] | None = None
    strength_each: tuple[str, int] | None = None
    str_standing = 0
    alone_each: tuple[str, str, int, bool] | None = None
    kneeling_str: tuple[int, bool] | None = None
    per_participant: tuple[str, str, str, str] | None = None
    strength_each_while: tuple[str, str, str, int] | None = None
    strength_season: tuple[str, int] | None = None
    gains_each: tuple[str, str, tuple[str, ...], tuple[str, tuple[str, ...]] | None] | None = None
    killed_zone: str | None = None
    immune: tuple[str, tuple[str, ...]] | None = None
    immune_if: tuple[str, tuple[str, ...], str, str] | None = None
    toll: tuple[str, str, int] | None = None
    power_only_in: str | None = None
    renown_barred: tuple[str, str] | None = None
    power_only_trait: str | None = None
    without_icon: tuple[str, int] | None = None
    each_attachment: int | None = None
    attached_never: list[tuple[str, str | None]] = []
    never_when: list[tuple[str, str, str]] = []
    unique_only_in: list[tuple[str, str]] = []
    skips_phase: str | None = None
    strength_per: tuple[str, str | None] | None = None
    str_per_each = 1
    defends_kneeling: tuple[str, ...] = ()
    knelt_defenders: tuple[str, str] | None = None
    knelt_unkillable_own: str | None = None
    alone_defenders: int | None = None
    opponent_cost: list[tuple[str, int]] = []
    own_cost: list[tuple[str, int]] = []
    no_events_during: tuple[str, ...] = ()
    plot_deck_excludes: str | None = None
    non_loyal_of: str | None = None
    play_during: str | None = None
    play_side: str | None = None
    play_first: bool | None = None

    def named(m: re.Match[str] | None) -> bool:
        """The sentence's subject is this card's own name."""
        return m is not None and name is not None and fold(m.group(1)) == fold(name)

    for line in (text or "").split("\n"):
        if "<b>" in line:  # an ability ("<b>Reaction:</b> ..."), not a keyword
            continue
        if ":" in line:  # the sentences before an ability on its line (1st edition "… an Intrigue icon. Response: …")
            before = line.split(":", 1)[0]
            line = before.rsplit(".", 1)[0] if "." in before else ""
        for sentence in _TAG.sub("", line).split("."):
            sentence = " ".join(sentence.split())
            word = sentence.lower()
            stands_declared += no_kneel.stands_declared(sentence)  # read on: it may grant an icon as well
            if (immunity := immune_to(sentence)) is not None:
                immune = immunity
                continue
            if (conditional_immunity := immune_while(sentence, name)) is not None:
                immune_if = conditional_immunity  # read on: the sentence gives STR as well
            if (instead := killed_to(sentence, name)) is not None:
                killed_zone = instead
                continue
            if (paid := gold_toll(sentence)) is not None:
                toll = paid
                continue
            if (only_in := _HOUSE_POWER_ONLY_IN.match(sentence)) is not None:
                power_only_in = only_in.group(1).lower()
                continue
            if (only_trait := _POWER_ONLY_TRAIT.match(sentence)) is not None:
                power_only_trait = only_trait.group(1)
                continue
            if (barred := _RENOWN_BARRED.match(sentence)) is not None:
                renown_barred = ("opponents" if barred.group(1) else "any", (barred.group(2) or "").lower())
                continue
            if (per_attachment := _STR_EACH_ATTACHMENT.match(sentence)) is not None:
                each_attachment = int(per_attachment.group(1))
                continue
            if (lacking := _STR_WITHOUT_ICON.match(sentence)) is not None:
                without_icon = (lacking.group(1).lower(), int(lacking.group(2)))
                continue
            if (side_str := str_while(sentence, name)) is not None:
                strength_while = side_str
                continue
            if (each_kind := each_gains(sentence)) is not None:  # read on: Tourney for the Hand's STR is ``str_each``
                gains_each = each_kind
            if (season := _STR_SEASON.match(sentence)) is not None:
                strength_season = ("yours" if season.group(1).lower() == "your" else "opponents", int(season.group(2)))
            if (each_while := _STR_EACH_WHILE.match(sentence)) is not None:
                strength_each_while = (each_while.group(1) or each_while.group(3),
                                       each_while.group(2) or each_while.group(4), each_while.group(5).strip(),
                                       int(each_while.group(6)))
                continue
            if (each_when := _STR_EACH_WHEN.match(sentence)) is not None:
                strength_each_while = (_EACH_WHEN.get(each_when.group(1), "fewer_characters"), "",
                                       each_when.group(2).strip(), int(each_when.group(3)))
                continue
            if (each_standing := _STR_EACH_STANDING.match(sentence)) is not None and named(each_standing):
                fewer = _ICONS_AT_MOST.get((each_standing.group(3) or "").lower(), "")
                strength_each_while = ("self_standing", "", fewer or each_standing.group(2).strip(),
                                       int(each_standing.group(4)))
                continue
            if (counting := str_per_participant(sentence, name)) is not None:
                per_participant = counting
                continue
            if (alone_str := str_alone_each(sentence, name)) is not None:
                alone_each = alone_str  # its "and gains renown" (Raventree Hall) is not read
                continue
            if (knelt_str := _STR_KNEELING.match(sentence)) is not None:
                kneeling_str = (int(knelt_str.group(1) or knelt_str.group(3)), bool(knelt_str.group(2)))
                continue
            if (standing := _STR_STANDING.match(sentence)) is not None:
                str_standing = int(standing.group(1))
                continue
            if (each_if := _STR_EACH_IF.match(sentence)) is not None:
                strength_each_while = (_EACH_WHEN.get(each_if.group(3), "fewer_characters"), "",
                                       each_if.group(1).strip(), int(each_if.group(2)))
                continue
            if (each := _STR_EACH.match(sentence)) is not None:
                strength_each = (each.group(1) or each.group(2), int(each.group(3)))
                continue
            read_here = _STR_NTH_CHALLENGE.match(sentence) or named(_SIDE_STR.match(sentence))  # read below
            if _STR_CHANGE.search(sentence) and not _ATTACHED_GETS.match(sentence) and " for each " not in word \
                    and not read_here \
                    and not (name is not None and fold(_OWN_SUBJECT.sub("", sentence)).startswith(fold(name))
                             and "contribut" not in word):
                str_unread = True  # its own STR ("While you control Right, Left gets +1 STR") is a recorded modify
            named_keywords += keywords_while(sentence) + own_keywords_while(sentence, name)
            own_while = self_while(sentence, name) or own_while  # read on: the sentence may say more
            if (crest := _UNKILLABLE_CREST.match(sentence)) is not None:
                unkillable_crest = crest.group(1)
            if (granted_crest := _CREST_GRANTS.match(sentence)) is not None:
                crest_grants = ((granted_crest.group(1) or granted_crest.group(2)).capitalize(),
                                granted_crest.group(3).lower(), bool(granted_crest.group(4)))
            if (uncounted := _POWER_UNCOUNTED.match(sentence)) is not None:
                whose = uncounted.group(1)
                power_uncounted = ("opponents", "") if whose.lower() == "opponents'" else (
                    "any", "|".join(w.strip() for w in whose.split(" or ")))
            if (conditional := icon_while(sentence, name)) is not None:
                icons_while.append(conditional)  # read on: the sentence may say more (Left: "does not kneel")
                if (also := _ICON_WHILE.match(sentence)) is not None:
                    # "… gains a [military] and a [power] icon." (Cunning Steward), "… a [military], an [intrigue],
                    # and a [power] icon" (Bronn): each, on one condition
                    icons_while += [(icon.lower(), *conditional[1:])
                                    for icon in re.findall(r"military|intrigue|power", also.group("also"), re.I)]
            if (by_trait := _CLAIM_TRAIT.match(sentence)) is not None and (
                    by_trait.group(3).lower() == "your revealed plot card"
                    or (name is not None and fold(by_trait.group(3)) == fold(name))):
                claim_trait = (by_trait.group(2), (by_trait.group(1).lower(),) if by_trait.group(1) else ICONS,
                               int(by_trait.group(4)))
                continue
            m = _SHADOW.match(sentence)
            modifier = _MODIFIER.match(sentence)
            valued = _VALUED.match(sentence)
            own = _DOMINANCE.match(sentence)
            but = _EXCEPT.match(sentence)
            more = _EXTRA_LIMITED.match(sentence)
            knelt = _ENTERS_KNELT.match(sentence)
            if name is not None and (whilst := _WHILE_NO_KNEEL.match(sentence)) is not None \
                    and fold(whilst.group(3)).startswith(fold(name)):
                title = whilst.group(2) if whilst.group(2) and whilst.group(2)[0].isupper() \
                    and " or " not in whilst.group(2) else None  # a card's title, not "fewer characters than …"
                no_kneel_while = ("plot_trait", whilst.group(1)) if whilst.group(1) else (
                    ("control", title) if title else ("unread", ""))
                sentence = f"{name} {whilst.group(4)}"
            if named(cannot := _CANNOT_SIDE.match(sentence)):
                never_declared += tuple(r for r in ("attacker", "defender")
                                        if r[:6] in cannot.group(2).lower())  # type: ignore[union-attr]
                if cannot.group(3) is None:  # type: ignore[union-attr]
                    continue
                sentence = f"{name} {cannot.group(3)}"  # type: ignore[union-attr]
            unkneeling = _NO_KNEEL.match(sentence)
            grant = _EXTRA_CHALLENGE.match(sentence)
            raise_ = _CLAIM_RAISE.match(sentence)
            zero = _ZERO_BASE.match(sentence)
            if (during := _PLAY_DURING.match(sentence)) is not None:
                play_during = (during.group(1) or "challenge").lower()
                play_side = {None: None, "you initiated": "attacker"}.get(during.group(2), "defender")
                continue
            if (first := _PLAY_FIRST.match(sentence)) is not None:
                play_first = first.group(1) is None
                continue
            if (held := _ATTACHED_NEVER.match(sentence)) is not None:
                roles = held.group(1).lower()
                kind = held.group(2).lower() if held.group(2) else ("against_you" if held.group(3) else None)
                attached_never += [(r, kind) for r in ("attacker", "defender") if r in roles]
                continue
            if (only := _UNIQUE_ONLY_IN.match(sentence)) is not None:
                unique_only_in += [(r, only.group(2).lower()) for r in _roles(only.group(1))]
                continue
            if named(unless := _NEVER_UNLESS.match(sentence)):
                never_when += [(r, "unless_control", unless.group(3))  # type: ignore[union-attr]
                               for r in _roles(unless.group(2))]  # type: ignore[union-attr]
                continue
            if named(first := _NEVER_FIRST.match(sentence)):
                never_when += [(r, "first_challenge", "") for r in _roles(first.group(2))]  # type: ignore[union-attr]
                continue
            when = _NEVER_WHILE.match(sentence)
            if when is not None and name is not None and fold(when.group(3)) == fold(name):
                cond = ("plot_trait", when.group(1).capitalize()) if when.group(1) else (
                    ("more_plots", when.group(2).capitalize()) if when.group(2) else ("shadows", ""))
                never_when += [(r, *cond) for r in _roles(when.group(4))]
                continue
            if named(never := _NEVER_DECLARED.match(sentence)):
                roles = never.group(2).lower()  # type: ignore[union-attr]
                never_declared += tuple(r for r in ("attacker", "defender") if r in roles)
                continue
            if named(_NO_BYPASS.match(sentence)):
                no_bypass = True
                continue
            if named(during := _RENOWN_DURING.match(sentence)):  # read on: the sentence may say more (Ser Jaime)
                renown_during = (during.group(2) or during.group(3)).lower()  # type: ignore[union-attr]
            if named(role := _RENOWN_WHILE_ROLE.match(sentence)):
                renown_during = role.group(2).lower()  # type: ignore[union-attr]
                continue
            if (guarded := _TRAIT_NO_BYPASS.match(sentence)) is not None:
                no_bypass_trait = guarded.group(1)
                continue
            if _ATTACHED_NO_BYPASS.match(sentence):
                no_bypass_trait = "*attached"
                continue
            if named(need := _DEFENDERS_NEED.match(sentence)):
                defenders_need = need.group(2)  # type: ignore[union-attr]
                continue
            if (nth := _STR_NTH_CHALLENGE.match(sentence)) is not None:
                nth_challenge.append((("first", "second", "third").index(nth.group(1).lower()) + 1,
                                      int(nth.group(2))))
                continue
            if nth_challenge and _WIN_POWER_THIS.match(sentence):
                power_nth = nth_challenge[-1][0]
                continue
            if named(side := _SIDE_STR.match(sentence)):
                side_contrib = ((side.group(3) or "").lower(), side.group(4).lower(),  # type: ignore[union-attr]
                            int(side.group(2)))  # type: ignore[union-attr]
                continue
            if named(barred := _DEFENDERS_BARRED.match(sentence)):
                words = barred.group(2).lower()  # type: ignore[union-attr]
                defenders_barred = "no_crest" if "crests" in words else "power" if "power" in words else (
                    f"house:{fold(house)}" if (house := barred.group(3)) else  # type: ignore[union-attr]
                    f"cost_below:{below.lower()}" if (below := barred.group(4)) else  # type: ignore[union-attr]
                    "shared_trait")
                continue
            if named(barred_when := _DEFENDERS_BARRED_WHEN.match(sentence)):
                barred_in = (barred_when.group(2) or "").strip().lower()  # type: ignore[union-attr]
                defenders_barred = ("no_attachments" if barred_when.group(4) is None  # type: ignore[union-attr]
                                    else f"icon:{barred_when.group(4).lower()}")  # type: ignore[union-attr]
                defenders_barred += "|" + ("alone" if barred_in == "alone" else ",".join(
                    re.findall(r"military|intrigue|power", barred_in)))
                continue
            if named(_ONLY_KNELT_DEFEND.match(sentence)):
                defenders_barred = "standing"
            if named(_DEFENDERS_LOWER.match(sentence)):
                defenders_barred = "lower_str_only_king"
                continue
            if named(alone := _ALONE_DEFENDERS.match(sentence)):
                alone_defenders = int(alone.group(2))  # type: ignore[union-attr]
                continue
            if (dearer := _OPPONENT_COST.match(sentence)) is not None:
                opponent_cost.append((dearer.group(1).lower().rstrip("s"), int(dearer.group(2))))
                continue
            if (banner := _NON_LOYAL_OF.match(sentence)) is not None:
                non_loyal_of = banner.group(1).lower()
                continue
            if (excluded := _PLOT_DECK_EXCLUDES.match(sentence)) is not None:
                plot_deck_excludes = excluded.group(1)
                continue
            if (barred := _NO_EVENTS_DURING.match(sentence)) is not None:
                no_events_during = tuple(re.findall(r"military|intrigue|power", barred.group(1).lower()))
                continue
            if (dearer := _OWN_COST.match(sentence)) is not None:
                own_cost.append((dearer.group(1).lower(), int(dearer.group(2))))
                continue
            if word in _FLAG_SENTENCES:
                flags.add(_FLAG_SENTENCES[word])
                continue
            if (gains := _ATTACHED_GAINS.match(sentence)) is not None:
                granted = attached_gains(gains.group(1)) or granted
                continue
            if (loses := _ATTACHED_LOSES.match(sentence)) is not None:
                loses_icons += (loses.group(1).lower(),)
                continue
            if (gets := _ATTACHED_GETS.match(sentence)) is not None:
                grants_str = int(gets.group(1))
                if gets.group(2):
                    granted = attached_gains(gets.group(2)) or granted
                continue
            if (drawn := _DRAW_PHASE.match(sentence)) is not None:
                sign = 1 if drawn.group(1).lower() == "increase" else -1
                whose = "you" if drawn.group(2).lower() == "you draw" else "each"
                draw_phase.append((whose, sign * int(drawn.group(3))))
                continue
            if _NO_SETUP_CARDS.match(sentence):
                no_setup_cards = True
                continue
            if (gold_most := _SETUP_GOLD_MAX.match(sentence)) is not None:
                setup_gold_max = int(gold_most.group(1))
                continue
            if _SOLE_GOLD_BONUS.match(sentence):
                sole_gold_bonus = True
                continue
            if (waived := _PENALTY_WAIVED.match(sentence)) is not None:
                penalty_waived = (waived.group(1) or waived.group(2)).lower()
                continue
            if _PENALTY_WAIVED_NAMED.match(sentence):
                penalty_waived = "named"
                continue
            if _PENALTY_WAIVED_ALL.match(sentence):
                penalty_waived = "all"
                continue
            if (needs := _WIN_POWER.match(sentence)) is not None:
                amount = int(needs.group(3)) * (1 if needs.group(4).lower() == "additional" else -1)
                win_power = ("you" if needs.group(2) is None else f"opponents:{needs.group(2)}", amount,
                             int(needs.group(5) or 0))
                continue
            if (drawn_while := _DRAW_PHASE_WHILE.match(sentence)) is not None:
                sign = 1 if (drawn_while.group(4) or drawn_while.group(5)).lower() in ("additional", "increase") else -1
                draw_phase.append((f"{drawn_while.group(1).lower()}:{drawn_while.group(2)}",
                                   sign * int(drawn_while.group(3) or drawn_while.group(6))))
                continue
            if (more_drawn := _DRAW_PHASE_MORE.match(sentence)) is not None:
                sign = -1 if (more_drawn.group(3) or "additional").lower() in ("less", "fewer") else 1
                draw_phase.append(("you", sign * int(more_drawn.group(1) or more_drawn.group(2))))
                continue
            if (house := _HOUSE_ONLY.match(sentence)) is not None:
                house_only = house.group(1).lower()
                continue
            per = _STR_PER.match(sentence)  # its own, or an attachment's for the card it is on (Dawn)
            if per is not None and (named(per) or fold(per.group(1)) == "attached character") \
                    and (counted := str_per(per.group(3))) is not None:
                strength_per, str_per_each = counted, int(per.group(2))
                continue
            if named(kneeling := _DEFENDS_KNEELING.match(sentence)):
                defends_kneeling = (kneeling.group(2).lower(),)  # type: ignore[union-attr]
                continue
            if (knelt_own := _KNELT_UNKILLABLE_OWN.match(sentence)) is not None:
                knelt_unkillable_own = knelt_own.group(1).strip()
                continue
            if (knelt_defend := _KNELT_DEFENDERS.match(sentence)) is not None:
                knelt_defenders = (knelt_defend.group(1).strip(), knelt_defend.group(2).lower())
                continue
            valued_facts = [fact for part in plot_value_sentences(sentence)
                            if (plot_valued := _PLOT_VALUE.match(part)) is not None
                            for fact in plot_value_facts(plot_valued, name)]
            if valued_facts:
                plot_values.extend(valued_facts)
                continue
            if (kept := _KEPT_GOLD.match(sentence)) is not None:
                kept_gold = int(kept.group(1))
                continue
            if (skipped := _SKIPS_PHASE.match(sentence)) is not None:
                skips_phase = skipped.group(1).lower()
                continue
            if named(own_held := _OWN_NO_STAND.match(sentence)):  # "Northern Armory cannot stand.": ever
                stays_knelt = ("standing-unless-dominance" if own_held.group(3)  # type: ignore[union-attr]
                               else "standing" if own_held.group(2) else "always")  # type: ignore[union-attr]
                continue
            if (held := _ATTACHED_NO_STAND.match(sentence)) is not None:
                attached_stays_knelt = "standing" if held.group(1) else "always"
                continue
            if (noose := _NO_STAND.match(sentence)) is not None:
                no_stand_str = int(noose.group(1))
                continue
            if (barred_stand := _STAND_BARRED.match(sentence)) is not None:
                phase, most, trait, icon = barred_stand.groups()
                stand_barred = ((phase or "").lower(), f"str:{most}" if most else f"non:{trait}" if trait
                                else f"noicon:{icon.lower()}")
                continue
            if zero:
                zero_base.append("income" if zero.group(1).lower() == "gold" else "initiative")
                zero_traits += [w.strip() for w in re.split(r"\band each revealed\b", zero.group(2)) if w.strip()]
            elif _BLANKS.match(sentence):
                blanks_attached = True
            elif (lowered := _CLAIM_LOWERED.match(sentence)) is not None:
                claim_as = ("defending", ICONS, -int(lowered.group(1)))
            elif named(_CLAIM_ZERO.match(sentence)):
                claim_as = ("self_defending", ICONS, 0)
            elif (side_raise := _CLAIM_AS.match(" ".join(sentence.split()))) is not None:
                claim_as = ("defending" if side_raise.group(1) else "either",
                            (side_raise.group(2).lower(),) if side_raise.group(2) else ICONS, int(side_raise.group(4)))
            elif raise_ and name is not None and fold(raise_.group(1)) == fold(name):
                claim_attacking = (raise_.group(2).lower(),) if raise_.group(2) else ICONS
                claim_attacking_if = "" if raise_.group("if") is None else (
                    "shadows" if raise_.group("trait") is None else f"attacking:{raise_.group('trait')}")
            elif grant:
                extra_challenges.append(grant.group(2).lower())
                grants_each = grants_each or grant.group(1).lower() == "each player"
            elif unkneeling and name is not None and fold(unkneeling.group(1)) == fold(name):
                roles = (unkneeling.group(2) or unkneeling.group(3)).lower()
                types = (unkneeling.group(4).lower(),) if unkneeling.group(4) else ICONS
                if unkneeling.group("unread"):  # "… against an opponent with more cards …": read leniently
                    no_kneel_while = ("unread", "")
                elif unkneeling.group("first"):  # 1st edition Vanguard Scouts: the round's first challenge, anyone's
                    no_kneel_while = ("first_challenge", "")
                if "attack" in roles:
                    stands_attacking = types
                    kneels_if_opponent_has = unkneeling.group(5)  # Balon Greyjoy: "… who does not control a King"
                if "defend" in roles:
                    stands_defending = types
            elif _OPPONENT_FIRST.match(sentence):
                opponent_first = True
            elif knelt and name is not None and fold(knelt.group(1)) == fold(name):
                enters_knelt = True
            elif more:
                extra_limited += int(more.group(1))
            elif but:
                excepted += [trait.strip() for trait in re.split(r" or |, ", but.group(1)) if trait.strip()]
            elif own and name is not None and fold(own.group(1)) == fold(name):
                dominance = int(own.group(2) or own.group(3) or 0)
            elif m:
                value = m.group(1)
                shadow.append("X" if value.upper() == "X" else int(value))
            elif word == "limited":
                limited = True
            elif word == "terminal":
                terminal = True
            elif word == "location only":
                attaches_to = "location"
            elif modifier:
                stat = modifier.group(2).lower()
                modifiers[stat] = modifiers.get(stat, 0) + int(modifier.group(1))
            elif valued:
                found.add(valued.group(1).lower())
                if valued.group(1).lower() == "bestow" and (valued.group(2) or "").isdigit():
                    bestow = int(valued.group(2))
            elif word in KEYWORDS:
                found.add(word)
    plain = _TAG.sub("", text or "")  # the text without its markup, read by several facts below
    if claim_as is None and (calm := _CLAIM_NAMED.search(" ".join(plain.split()))) is not None:
        claim_as = ("defending", ("named",), -int(calm.group(1)))
    grants_icons, grants_traits, grants_keywords = granted
    labels = len(_TRIGGER_2E.findall(text or "")) or len(_TRIGGER_1E.findall(text or ""))
    if play_during is None and labels == 1 and (leads := _LEADS_DURING.search(plain.strip())) is not None:
        play_during = (leads.group(1) or "challenge").lower()  # judged as an event is played (``event.play-during``)
    if play_first is None and labels == 1 and (first := _LEADS_FIRST.search(plain)) is not None:
        play_first = first.group(1) is None  # its one ability's condition (``ability.first-player``)
    most, most_per = play_max(text)
    reducers, reducers_unread = cost_reducers(text, name)
    draws, grants_insight, draws_by_insight = draw_sources(plain, "insight" in found, draw_phase)
    return Keywords(
        shadow_costs=tuple(shadow), limited=limited, terminal=terminal, attaches_to=attaches_to,
        keywords=tuple(k for k in KEYWORDS if k in found), modifiers=tuple(sorted(modifiers.items())),
        dominance=dominance, attachments_except=tuple(excepted), extra_limited=extra_limited,
        enters_knelt=enters_knelt, opponent_first=opponent_first, stands_attacking=stands_attacking,
        extra_challenges=tuple(extra_challenges), claim_attacking=claim_attacking,
        claim_attacking_if=claim_attacking_if, claim_as=claim_as, claim_trait=claim_trait,
        blanks_attached=blanks_attached,
        zero_base=tuple(zero_base), zero_base_traits=tuple(zero_traits), stands_defending=stands_defending,
        never_declared=never_declared, no_bypass=no_bypass, alone_defenders=alone_defenders,
        keeps_gold="keeps_gold" in flags, opponent_cost=tuple(opponent_cost),
        own_cost=tuple(own_cost), no_events_during=no_events_during,
        plot_deck_excludes=plot_deck_excludes, non_loyal_of=non_loyal_of,
        no_income_bonuses="no_income_bonuses" in flags, opponents_income_zero="opponents_income_zero" in flags,
        no_positive_gold_modifiers="no_positive_gold_modifiers" in flags,
        knelt_unkillable="knelt_unkillable" in flags, unkillable_crest=unkillable_crest, crest_grants=crest_grants,
        play_during=play_during,
        power_uncounted=power_uncounted, takes_facedown_duplicate=takes_facedown_duplicate(text, name),
        play_side=play_side,
        play_first=play_first, draws=draws, grants_insight=grants_insight,
        grants_each=grants_each, play_phase=play_phase(text), draws_in_phase=draws_in_phase(text),
        blanks_characters="blanks_characters" in flags,
        grants_icons=grants_icons, grants_traits=grants_traits, grants_keywords=grants_keywords,
        loses_icons=loses_icons,
        no_stand_str=no_stand_str, stand_barred=stand_barred, one_per_card="one_per_card" in flags, play_max=most,
        play_max_per=most_per,
        limit_each=limit_each(text),
        str_per=strength_per, str_per_each=str_per_each, defends_kneeling=defends_kneeling,
        knelt_defenders=knelt_defenders,
        knelt_unkillable_own=knelt_unkillable_own,
        blanks_plots="blanks_plots" in flags,
        kept_gold=kept_gold, grants_str=grants_str, house_only=house_only,
        unsaveable=bool(_UNSAVEABLE.search(plain)), draw_phase=tuple(draw_phase),
        attached_never=tuple(attached_never), never_when=tuple(never_when), reduces_cost=reducers,
        reduces_unread=reducers_unread, reduces_by_kneeling=reduces_by_kneeling(plain, name),
        kneel_self_to=kneel_self_to(plain, name),
        faction_kneel_to=faction_kneel_to(plain),
        raises_cost=bool(_RAISES_COST.search(plain)), bestow=bestow,
        unique_only_in=tuple(unique_only_in),
        draws_by_insight=draws_by_insight,
        discards_by_pillage="pillage" in found and not discards_beside_pillage(text), skips_phase=skips_phase,
        must_defend="must_defend" in flags, stands_declared=tuple(stands_declared),
        plot_values=tuple(plot_values),
        no_saves="no_saves" in flags, no_challenges_if_gold="no_challenges_if_gold" in flags,
        no_card_abilities="no_card_abilities" in flags, no_challenge_reactions="no_challenge_reactions" in flags,
        no_effect_entry="no_effect_entry" in flags, str_fixed="str_fixed" in flags,
        str_set=int(m.group(1)) if (m := _STR_SET.search(plain)) else -1,
        attached_str_set=int(m.group(1)) if (m := _ATTACHED_STR_SET.search(plain)) else -1,
        pillage_reacts=pillage_reacts(plain, name), strips_keywords=strips_keywords(plain),
        pillage_more=_PILLAGE_MORE.search(" ".join(plain.split())) is not None,
        own_entry=re.search(r"\binto play\b|\bambush\b", plain, re.IGNORECASE) is not None,
        grants_ambush=re.search(r"\bgains? ambush\b", plain, re.IGNORECASE) is not None,
        gold_at_least=int(m.group(1)) if (m := _GOLD_AT_LEAST.search(" ".join(plain.split()))) else 0,
        claim_instead=claim_instead(plain),
        faction_power_in_challenges="faction_power_in_challenges" in flags,
        power_kings_only="power_kings_only" in flags, stays_knelt=stays_knelt,
        attached_stays_knelt=attached_stays_knelt, phase_grants=phase_grants(text), action_only=action_only(text),
        play_if_control=play_if_control(text), no_bypass_trait=no_bypass_trait, renown_during=renown_during,
        kneels_if_opponent_has=kneels_if_opponent_has,
        when_revealed_draws=bool(_WHEN_REVEALED_DRAWS.search(plain)),
        when_revealed=bool(_WHEN_REVEALED.search(plain)),
        if_plots=if_plots(plain), extra_bypass=int(bool(_EXTRA_BYPASS.search(plain))),
        income_x=int(m.group(1)) if (m := _INCOME_X.search(plain)) else None, draw_count=draw_count(plain),
        renown_more_plots=renown_more_plots(plain, name),
        most_standing_power=int(m.group(1)) if (m := _MOST_STANDING_POWER.search(plain)) else 0,
        power_per_margin=(int(m.group(1)), int(m.group(2))) if (m := _POWER_PER_MARGIN.search(plain)) else None,
        power_if_discarded=power_if_discarded(plain),
        amount_instead=amount_instead(plain), x_used_plots=x_used_plots(plain),
        x_bound=x_bound(plain, name), lower_than_cost=lower_than_cost(plain), events_cap=events_cap(plain),
        power_if_standing=bool(_POWER_IF_STANDING.search(own_title(plain, name))) if name else False,
        copies_when_revealed=bool(_COPIES_WHEN_REVEALED.search(plain)),
        kills_at_zero=kills_at_zero(plain), str_alone=str_alone(plain, name), str_alone_each=alone_each,
        str_per_participant=per_participant, str_of_only=str_of_only(plain, name),
        x_cost=x_cost(plain), str_x=str_x(plain, name),
        names_dominance=bool(re.search(r"\bdominance\b", plain, re.IGNORECASE)),
        attached_no_dominance=bool(_ATTACHED_NO_DOMINANCE.search(plain)),
        faction_cost=bool(_FACTION_COST.search(" ".join(plain.split()))),
        additional_other_type=bool(_OTHER_TYPE.search(" ".join(plain.split()))), put_cost_max=put_cost_max(plain),
        no_kneel_while=no_kneel_while, standing_limit=int(m.group(1)) if (m := _STANDING_LIMIT.search(plain)) else 0,
        gold_returned_in=m.group(1).lower() if (m := _GOLD_RETURNED.search(plain)) else None,
        comes_out_by=comes_out_by(text, name), shadow_unpriced=False, win_power=win_power,
        penalty_waived=penalty_waived,
        searches_hand=bool(_SEARCHES_HAND.search(plain) or _TAKES_FROM_DECK.search(plain)),
        no_setup_cards=no_setup_cards, setup_gold_max=setup_gold_max, sole_gold_bonus=sole_gold_bonus,
        defenders_need=defenders_need,
        defenders_barred=defenders_barred, side_str=side_contrib, str_nth_challenge=tuple(nth_challenge),
        power_nth_challenge=power_nth,
        losing_attacker_claims=bool(_LOSING_ATTACKER_CLAIMS.search(plain)),
        discards_copy=bool(_DISCARDS_COPY.search(" ".join(plain.split()))),
        reacts_to=reacts_to(text, name), won_with=won_with(plain), search_finds=search_finds(plain),
        react_if_control=react_if_control(plain), react_if_fewer_cards=bool(_REACT_IF_FEWER_CARDS.search(plain)),
        then_if_more_cards=bool(_THEN_IF_MORE_CARDS.search(" ".join(plain.split()))),
        then_self_if_trait=then_self_if_trait(plain, name),
        then_if_power_over_str=(m.group(1).lower() if name and (m := _THEN_IF_POWER_OVER_STR.search(
            own_title(" ".join(plain.split()), name))) else None),
        str_unread=str_unread,
        saves_attached=bool(_SAVES_ATTACHED.search(plain)), never_saved=cannot_be(plain, name, _NEVER_SAVED),
        never_killed=cannot_be(plain, name, _NEVER_KILLED),
        never_knelt=cannot_be(plain, name, _NEVER_KNELT),
        no_saves_standing=bool(name and _NO_SAVES_STANDING.search(own_title(plain, name))),
        no_gold_in=m.group(1).lower() if (m := _NO_GOLD_IN.search(plain)) else "",
        never_marshaled=bool(name and _NEVER_MARSHALED.search(own_title(plain, name))),
        power_cap_round=int(m.group(1)) if (m := _POWER_CAP_ROUND.search(plain)) else 0,
        entry_barred_kneeling=((m.group(2).lower(), m.group(1).lower()) if name and (
            m := _ENTRY_BARRED_KNEELING.search(own_title(plain, name))) else None),
        play_if_used=((m.group(2) or "", int(m.group(1) or 1)) if (m := _PLAY_IF_USED.search(plain)) else None),
        play_if_challenges=play_if_challenges(plain),
        shadow_cost_up=int(m.group(1)) if name and (m := _SHADOW_COST_UP.search(own_title(plain, name))) else 0,
        own_shadow_less=own_shadow_less(plain, name),
        saves_only=saves_only(plain),
        save_gold=int(m.group(1)) if (m := _SAVE_GOLD.search(plain)) else 0,
        cheaper_if=cheaper_if(plain, name), cheaper_per=cheaper_per(plain, name),
        silences_opponents=bool(_SILENCES_OPPONENTS.search(plain)),
        chooses_participating=chooses_participating(plain), chooses_side=chooses_side(plain),
        raises_claim=raises_claim(plain), cancels_events=cancels_events(plain),
        phase_end_fate=phase_end_fate(plain), targets=targets(plain, name),
        cost_targets=cost_targets(plain), self_only=self_only(plain, name),
        trigger_only=trigger_only(text, name),
        draws_if_won=bool(_DRAWS_IF_WON.search(plain)), cancels=cancels(plain),
        dominance_reactions=dominance_reactions(text, plain),
        gold_per_opponents=(("" if "opponent" in m.group(1) else "any:") + m.group(2).lower()
                            if (m := _GOLD_PER_OPPONENTS.search(" ".join(plain.split()))) else None),
        draws_unless_lost=(m.group(1).lower() if (m := _DRAWS_UNLESS_LOST.search(plain)) else
                           f"any:{m.group(1).lower()}" if (m := _DRAWS_UNLESS_ANY_LOST.search(plain)) else None),
        last_from_hand=bool((m := _LAST_FROM_HAND.search(plain)) and name and fold(m.group(1)) == fold(name)),
        icons_while=tuple(icons_while), self_while=own_while,
        str_while=strength_while, str_each=strength_each, str_standing=str_standing, str_kneeling=kneeling_str,
        str_each_while=strength_each_while, str_season=strength_season, each_gains=gains_each, killed_to=killed_zone,
        gives_renown=gives_renown(text), keywords_while=tuple(named_keywords),
        gold_toll=toll, str_without_icon=without_icon, str_each_attachment=each_attachment,
        gold_spendable=gold_spendable(plain, name), marshal_from_pile=marshal_from_pile(plain, name),
        returns_from=returns_from(plain),
        house_power_only_in=power_only_in, renown_barred=renown_barred, power_only_trait=power_only_trait,
        house_only_shadow_waived="house_only_shadow_waived" in flags,
        reveals_new_plot=reveals_new_plot(plain), immune_to=immune, immune_while=immune_if,
        knelt_stays_knelt={"that": "chosen", "attached": "attached"}[m.group(1).lower()]
        if (m := _KNELT_STAYS_KNELT.search(plain)) else None,
        chooses_with=chooses_with(" ".join(plain.split())),
        chooses_total_str=(-1 if m.group(2) else int(m.group(1)))
        if (m := _CHOOSES_TOTAL_STR.search(" ".join(plain.split()))) else None,
        chooses_total_cost=(m.group(1).lower(), int(m.group(2)))
        if (m := _CHOOSES_TOTAL_COST.search(" ".join(plain.split()))) else None,
        discards_from_hand=bool(_DISCARDS_FROM_HAND.search(" ".join(plain.split()))),
        most_discard_to=int(m.group(1)) if (m := _MOST_DISCARD.search(" ".join(plain.split()))) else None,
        kills_after_win=kills_after_win(" ".join(plain.split())),
        returns_from_dead=returns_from_dead(" ".join(plain.split()), name),
        kneel_draws=kneel_draws(plain, name),
        token_reacts_to=token_reacts_to(plain, name),
        draws_if_none_drawn=bool(_DRAWS_IF_NONE_DRAWN.search(" ".join(plain.split()))),
        names_barred=names_barred(plain),
        names_kind_barred=names_kind_barred(plain),
        won_alone=won_alone(plain, name),
    )


def comes_out_by(text: str | None, name: str | None) -> str | None:
    """When the card's own ability brings it out of shadows: the phase its label names, or "any" (a response,
    an interrupt, an action of any phase). None: it has no such ability."""
    for m in _OWN_WAY_OUT.finditer(_TAG.sub("", text or "")):
        if name is not None and fold(m.group(2)) in (fold(name), "this card"):
            label = m.group(1).lower().removeprefix("limited ").removesuffix(" action").strip()
            return _PHASES.get(label, "any")
    return None


def _cost(value: Any, source: str, record: str) -> Cost | None:
    if value is None or value == "-" or value == "":
        return None
    if isinstance(value, str) and value.upper() == "X":
        return "X"
    if isinstance(value, bool):
        raise CatalogError(source, f"cost {value!r} is not a number, 'X' or '-'", record)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise CatalogError(source, f"cost {value!r} is not a number, 'X' or '-'", record) from None
    if number < 0:
        raise CatalogError(source, f"cost {number} is negative", record)
    return number


def _require(rec: Any, keys: Iterable[str], source: str, index: int) -> str:
    if not isinstance(rec, dict):
        raise CatalogError(source, f"entry {index} is {type(rec).__name__}, not an object")
    label = str(rec.get("code") or rec.get("id") or rec.get("name") or f"#{index}")
    missing = [k for k in keys if k not in rec or rec[k] is None]
    if missing:
        raise CatalogError(source, f"missing field(s) {', '.join(missing)}", label)
    return label


def _type(value: Any, source: str, record: str) -> str:
    t = str(value).strip().lower()
    if t not in CARD_TYPES:
        raise CatalogError(source, f"unknown card type {value!r}", record)
    return t


def _int(value: Any, default: int, source: str, record: str, name: str) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise CatalogError(source, f"{name} {value!r} is not a whole number", record)
    try:
        return int(value)
    except ValueError:
        raise CatalogError(source, f"{name} {value!r} is not a whole number", record) from None


class PlotStats(TypedDict, total=False):
    """The plot facts as ``Card`` keywords (so ``Card(**stats)`` is checked field by field)."""

    income: int | None
    initiative: int | None
    claim: int | None
    reserve: int | None


def _plot_stats(stats: Any, card_type: str, source: str, record: str) -> PlotStats:
    """Income, initiative, claim and reserve of a plot (numbers only; a printed "X" is left out)."""
    if card_type != "plot" or not isinstance(stats, dict):
        return {}
    out: dict[str, int | None] = {}
    for name in PLOT_STATS:
        value = stats.get(name)
        if isinstance(value, int | str) and not isinstance(value, bool) and str(value).lstrip("-").isdigit():
            out[name] = _int(value, 0, source, record, name)
    return PlotStats(income=out.get("income"), initiative=out.get("initiative"), claim=out.get("claim"),
                     reserve=out.get("reserve"))


def _strength(value: Any) -> int | None:
    """Printed STR: a whole number, or None ("X", or none printed)."""
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).isdigit():
        return None
    return int(value)


def _icons(value: Any) -> tuple[str, ...]:
    """Challenge icons from ``{"military": true, ...}`` (2nd edition) or ``["Military (Naval)", ...]`` (1st)."""
    if isinstance(value, dict):
        have = {k for k, v in value.items() if v}
    elif isinstance(value, list):
        have = {str(v).split("(")[0].strip().lower() for v in value}
    else:
        have = set()
    return tuple(i for i in ICONS if i in have)


def _character(rec: dict[str, Any], card_type: str, kw: Keywords, icons: Any) -> dict[str, Any]:
    """STR, icons and keywords of a card; a non-plot card's printed plot value modifiers in the plot fields."""
    out: dict[str, Any] = {"keywords": kw.keywords, **{name: getattr(kw, name) for name in TEXT_FACTS}}
    if card_type == "event":  # its ability lines hold its "does not kneel" for the phase
        out["stands_declared"] = no_kneel.event_stands(rec.get("text") or rec.get("rules_text"))
    if card_type == "character":
        out.update(strength=_strength(rec.get("strength")), icons=_icons(icons))
    else:  # an event's or a plot's "X is …" is no STR (Seize the Initiative, Common Cause)
        out["str_x"] = None
    if card_type != "plot":
        out.update(dict(kw.modifiers), dominance=kw.dominance, attachments_except=kw.attachments_except)
    return out


def _plot_limits(card_type: str, text: Any) -> dict[str, Any]:
    """A plot's printed restrictions for the round, as far as they are read (``plot_limits``); another card's in the
    same words, its controller's while it is in play ("You cannot initiate [intrigue] challenges.": The Crag), or its
    opponents' ("While The Queen of Thorns is standing, opponents cannot initiate [intrigue] challenges against
    you.")."""
    limits = parse_plot_limits(text if isinstance(text, str) else None).limits
    if card_type != "plot":  # its controller's, or its opponents' (The Queen of Thorns)
        limits = tuple(limit for limit in limits if limit.binds in ("you", "opponents"))
        return {"plot_limits": limits} if limits else {}
    return {"plot_limits": limits}


#: 1st edition "Attach to your House card." / "Attach to an opponent's House card." (Formal Petition, the Prized
#: titles, the multiplayer Conditions): it lies on a House card, which the log does not name as a host.
_ATTACH_TO_HOUSE = re.compile(r"^attach to (?:your|an opponent's) house card\.", re.IGNORECASE | re.MULTILINE)


def _attaches(card_type: str, kw: Keywords, text: Any, edition: str) -> dict[str, Any]:
    """An attachment's kind of card to go on ("Location only."; a restriction of locations alone, as "Non-limited
    location only." or the 1st edition's "Attach to a location.") and its printed restriction (RR: Attachment
    Cards); a restriction that asks only for the kind is the kind alone. Any card: what its ability may put into
    play, read in the same words."""
    puts = put_targets(text if isinstance(text, str) else None, edition)
    if card_type != "attachment":
        return {"attaches_to": None, "puts_into_play": puts}
    if isinstance(text, str) and _ATTACH_TO_HOUSE.search(_TAG.sub("", text)):  # no card in play takes it
        return {"attaches_to": "house", "attach_only": (), "attach_only_unread": False, "puts_into_play": puts}
    only = parse_restriction(text if isinstance(text, str) else None, edition)
    kinds = {a.type for a in only.alternatives}
    attaches_to = kw.attaches_to or (kinds.pop() if len(kinds) == 1 else "character")
    alternatives = only.alternatives
    if all(a == AttachOnly(type=attaches_to) for a in alternatives):
        alternatives = ()
    return {"attaches_to": attaches_to, "attach_only": alternatives, "attach_only_unread": only.unread,
            "puts_into_play": puts}


#: FFG's card image CDN, named by ThronesDB's pack id (throneteki's ``cgdbId``) and the card's number:
#: GT01_1.jpg is 01001. ThronesDB's own image importer builds the same name.
FFG_IMAGE = "https://lcg-cdn.fantasyflightgames.com/got2nd/GT{pack:02d}_{number}.jpg"


def image_url(rec: dict[str, Any], code: str, cgdb_id: Any) -> str:
    """The image URL the card data carries (throneteki's ``imageUrl``), else FFG's CDN for FFG-era packs."""
    url = rec.get("imageUrl") or rec.get("image_url")
    if isinstance(url, str) and url.startswith(("https://", "http://")):
        return url
    if isinstance(cgdb_id, int) and not isinstance(cgdb_id, bool) and code[2:].isdigit():
        return FFG_IMAGE.format(pack=cgdb_id, number=int(code[2:]))
    return ""


#: A line naming the formats a card is played in ("<b>Draft format only.</b>", "<b>Melee format only.</b>"): no
#: ability, so not a triggered ability's label either (Compelled by the King's one reaction stays its only one).
_FORMAT_NOTE = re.compile(r"\s*<b>[^<:]*\bformats? only\.</b>", re.IGNORECASE)


def without_format_notes(rec: dict[str, Any]) -> dict[str, Any]:
    """The record with its text's format notes (``_FORMAT_NOTE``) left out."""
    text = rec.get("text")
    return {**rec, "text": _FORMAT_NOTE.sub("", text)} if isinstance(text, str) and _FORMAT_NOTE.search(text) else rec


def _from_throneteki(rec: dict[str, Any], pack: tuple[str, str, Any], source: str, index: int) -> Card:
    label = _require(rec, ("code", "name", "type", "faction"), source, index)
    rec = without_format_notes(rec)
    card_type = _type(rec["type"], source, label)
    kw = parse_keywords(rec.get("text"), str(rec["name"]))
    traits = rec.get("traits") or []
    if not isinstance(traits, list):
        raise CatalogError(source, "traits is not a list", label)
    return Card(
        code=str(rec["code"]),
        edition="2e",
        name=str(rec["name"]),
        type=card_type,
        faction=str(rec["faction"]).lower(),
        cost=_cost(rec.get("cost"), source, label),
        shadow_costs=kw.shadow_costs,
        unique=bool(rec.get("unique", False)),
        loyal=bool(rec.get("loyal", False)),
        limited=kw.limited,
        terminal=kw.terminal,
        traits=tuple(str(t) for t in traits),
        pack=pack[0],
        pack_name=pack[1],
        quantity=_int(rec.get("quantity"), 1, source, label, "quantity"),
        deck_limit=_int(rec.get("deckLimit"), 3, source, label, "deckLimit"),
        image_url=image_url(rec, str(rec["code"]), pack[2]),
        **_attaches(card_type, kw, rec.get("text"), "2e"),
        **_plot_limits(card_type, rec.get("text")),
        **_plot_stats(rec.get("plotStats"), card_type, source, label),
        **_character(rec, card_type, kw, rec.get("icons")),
    )


def _from_thronesdb(rec: dict[str, Any], source: str, index: int) -> Card:
    label = _require(rec, ("code", "name", "type_code", "faction_code"), source, index)
    rec = without_format_notes(rec)
    card_type = _type(rec["type_code"], source, label)
    kw = parse_keywords(rec.get("text"), str(rec["name"]))
    traits = rec.get("traits") or ""
    if isinstance(traits, list):
        trait_list = [str(t) for t in traits]
    else:
        trait_list = [t.strip() for t in str(traits).split(".") if t.strip()]
    return Card(
        code=str(rec["code"]),
        edition="2e",
        name=str(rec["name"]),
        type=card_type,
        faction=str(rec["faction_code"]).lower(),
        cost=_cost(rec.get("cost"), source, label),
        shadow_costs=kw.shadow_costs,
        unique=bool(rec.get("is_unique", False)),
        loyal=bool(rec.get("is_loyal", False)),
        limited=kw.limited,
        terminal=kw.terminal,
        traits=tuple(trait_list),
        pack=str(rec.get("pack_code") or ""),
        pack_name=str(rec.get("pack_name") or rec.get("pack_code") or ""),
        quantity=_int(rec.get("quantity"), 1, source, label, "quantity"),
        deck_limit=_int(rec.get("deck_limit"), 3, source, label, "deck_limit"),
        image_url=image_url(rec, str(rec["code"]), None),
        **_attaches(card_type, kw, rec.get("text"), "2e"),
        **_plot_limits(card_type, rec.get("text")),
        **_plot_stats(rec, card_type, source, label),
        **_character(rec, card_type, kw, {i: rec.get(f"is_{i}") for i in ICONS}),
    )


def _from_agot1(rec: dict[str, Any], source: str, index: int) -> Card:
    label = _require(rec, ("id", "name", "card_type"), source, index)
    card_type = _type(rec["card_type"], source, label)
    kw = parse_keywords(rec.get("rules_text"), str(rec["name"]))
    crests = rec.get("crest") or []
    houses = [str(h).lower() for h in (rec.get("house") or [])] or ["neutral"]
    printed = _cost(rec.get("cost"), source, label)
    shadow: tuple[Cost, ...] = ()
    if "Shadow" in crests:
        # 1st edition prints "s3": 2 gold into Shadows, then 3 to come out. The
        # card has no ordinary printed cost (it cannot be marshalled directly).
        shadow = (printed if printed is not None else 0,)
        # No number after the "s" (Knight of Flowers): only its own ability brings it out.
        kw = replace(kw, shadow_unpriced=printed is None)
        printed = None
    return Card(
        code=str(rec["id"]),
        edition="1e",
        name=str(rec["name"]),
        type=card_type,
        faction=houses[0],
        other_factions=tuple(houses[1:]),
        crests=tuple(str(c) for c in crests),
        cost=printed,
        shadow_costs=shadow,
        unique=bool(rec.get("unique", False)),
        loyal=False,
        limited=kw.limited,
        terminal=kw.terminal,
        traits=tuple(str(t) for t in (rec.get("traits") or [])),
        pack=str(rec.get("set") or ""),
        pack_name=str(rec.get("set") or ""),
        quantity=_int(rec.get("quantity"), 1, source, label, "quantity"),
        deck_limit=_int(rec.get("limit"), 3, source, label, "limit"),
        **_attaches(card_type, kw, rec.get("rules_text"), "1e"),
        **_plot_limits(card_type, rec.get("rules_text")),
        **_plot_stats(rec, card_type, source, label),
        **_character(rec, card_type, kw, rec.get("icons")),
    )


def detect_format(data: Any) -> str:
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        return "throneteki"
    if isinstance(data, list) and data and isinstance(data[0], dict):
        first = data[0]
        if "type_code" in first:
            return "thronesdb"
        if "card_type" in first and "id" in first:
            return "agot1"
    return "unknown"


def parse_cards(source: str, text: str | bytes) -> list[Card]:
    """Parse one card file. ``source`` names it in error messages."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CatalogError(source, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not text.strip():
        raise CatalogError(source, "the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(source, f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    fmt = detect_format(data)
    if fmt == "throneteki":
        pack = (str(data.get("code") or ""), str(data.get("name") or data.get("code") or ""), data.get("cgdbId"))
        cards = [_from_throneteki(r, pack, source, i) for i, r in enumerate(data["cards"])]
    elif fmt == "thronesdb":
        cards = [_from_thronesdb(r, source, i) for i, r in enumerate(data)]
    elif fmt == "agot1":
        cards = [_from_agot1(r, source, i) for i, r in enumerate(data)]
    else:
        raise CatalogError(
            source,
            "unknown format: expected a throneteki pack ({\"cards\": [...]}), a ThronesDB card list "
            "(records with \"type_code\") or a 1st-edition card list (records with \"card_type\" and \"id\")",
        )
    if not cards:
        raise CatalogError(source, "the file holds no cards")
    check_unique_codes(cards, source)
    return cards


def check_unique_codes(cards: Iterable[Card], source: str) -> None:
    seen: set[str] = set()
    for card in cards:
        if card.code in seen:
            raise CatalogError(source, "duplicate card code", card.code)
        seen.add(card.code)
