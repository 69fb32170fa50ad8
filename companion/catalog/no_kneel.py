"""The "does not kneel when declared as an attacker/defender" sentences about characters other than the card itself:
a plot's or a card's "Each [faction]/<Trait> character you control …", an attachment's "Attached character …", with the
challenge's type, "the first challenge you initiate …" and a condition before it (``Card.stands_declared``).

A condition the log cannot decide ("While The Blackfish has 4 or more power", "against an opponent who controls more
characters than you") is kept as "unread" and read leniently by the rules: the character does not kneel, since a
character left knelt by a misreading would flag its next legal declaration."""

from __future__ import annotations

import re

from companion.catalog.card import FACTIONS, fold

#: One entry: (role: "attacker"/"defender", who: "all", "attached", "chosen" (an event's "that character": the log
#: does not say which, so any of its player's), "[faction]" or traits "A|B" (with "+stealth": only those with
#: stealth), the challenge type or "", first: "" / "type" (the first challenge of that type its controller initiates
#: this round) / "any" (its controller's first challenge) / "anyone" (the first challenge anyone initiates this round)
#: / "next" (an event's "the next challenge you initiate this phase"), condition: "" / "not_first_player" /
#: "named:<title>" (the attached character's) / "anyone" (every player's characters: 1st edition You Swore an Oath)
#: / "unread").
Stand = tuple[str, str, str, str, str]

_ICON = r"\[?(?P<icon>military|intrigue|power)\]?"
#: What the sentence's subject says of whose characters: "each [stark] character you control", "each Army or House
#: Tarly character you control", 1st edition "your House Tully characters", "Dragon characters you control",
#: "characters you control", "Knight characters" (anyone's), "attached character".
_SUBJECT = re.compile(
    r"^(?:each (?:(?P<each>.+?) )?character you control(?P<stealth> with stealth)?|"
    r"your (?P<your>.+?) characters|(?:(?P<plural>.+?) )?characters you control|"
    r"(?P<chosen>that character|each chosen character)|"
    r"(?P<anyones>[A-Z][\w' ]*?) characters|(?P<attached>attached character|he))"
    r" (?:(?:gains?|gets?|loses?) .+?,? and )?(?:does|do) not kneel (?P<rest>.*)$", re.IGNORECASE)
_ROLE = re.compile(r"^(?:when declared as an? (attacker or defender|attacker|defender)|"
                   r"to (attack or defend|attack|defend))(?P<rest>.*)$", re.IGNORECASE)
#: The tail after the role: the challenge's type, which challenge, a condition about the opponent.
_TAIL = re.compile(
    r"^(?: (?:in|during) (?:an? |(?P<firsttype>the first ))?" + _ICON + r" challenges?(?P<mine> you initiate)?"
    r"(?: (?:during the challenges phase|each phase|each round|this phase))?)?"
    r"(?: (?:in|during) (?P<firstany>the (?:first|next) )challenge (?:(?P<own>you initiate)|initiated)"
    r" (?:during the challenges phase|each phase|each round|this phase))?"
    r"(?: (?:in|during) (?:challenges|a challenge) of that type)?(?: (?:in|during) challenges)?"
    r"(?P<against> against an opponent .+)?(?: this round)?(?:,? and .*)?$", re.IGNORECASE)
#: A condition before the subject: "While you are not the first player, …", "If attached character is Khal Drogo, …",
#: "During the first [power] challenge you initiate each round, …", "During [military] challenges, …".
_BEFORE = re.compile(r"^(?:(?:while|if) (?P<cond>[^,]+)|during (?P<first>the first )?(?:" + _ICON
                     + r" )?challenges?(?: you initiate)?(?: each (?:round|phase))?), (?P<rest>.+)$", re.IGNORECASE)
_NAMED = re.compile(r"^attached character is ([A-Z][\w' ]+)$")


def _who(words: str | None, stealth: bool) -> str:
    """The characters the subject names: "all", "[faction]" or "Trait|Trait"."""
    if not words:
        return "all" + ("+stealth" if stealth else "")
    words = re.sub(r"^in-House ", "", words.strip())
    if (bracket := re.fullmatch(r"\[(\w+)\]", words)) is not None:
        who = f"[{fold(bracket.group(1))}]"
    else:
        who = "|".join(w.strip() for w in re.split(r" or | and ", words))
    return who + ("+stealth" if stealth else "")


def stands_declared(sentence: str) -> tuple[Stand, ...]:
    """The sentence's "… does not kneel when declared as …" about characters other than the card's own (none when
    it is about the card itself or in another shape)."""
    condition = kind = first = ""
    sentence = re.sub(r"^until the end of the phase,? ", "", sentence, flags=re.IGNORECASE)  # an event's
    if (before := _BEFORE.match(sentence)) is not None:
        cond = before.group("cond")
        if cond is not None:
            named = _NAMED.match(cond)
            condition = (f"named:{named.group(1)}" if named else
                         "not_first_player" if fold(cond) == fold("you are not the first player") else "unread")
        else:
            kind = (before.group("icon") or "").lower()
            first = ("type" if kind else "any") if before.group("first") else ""
        sentence = before.group("rest")
    subject = _SUBJECT.match(sentence)
    if subject is None or (role := _ROLE.match(subject.group("rest"))) is None:
        return ()
    tail = _TAIL.match(role.group("rest"))
    if tail is None:
        return ()
    if subject.group("chosen"):
        who, condition = "chosen", "unread"
    elif subject.group("attached"):
        if fold(subject.group("attached")) == "he" and not condition.startswith("named:"):
            return ()
        who = "attached"
    else:
        words = subject.group("each") or subject.group("your") or subject.group("plural") or subject.group("anyones")
        if words and words.startswith("[") and fold(words.strip("[]")) not in FACTIONS:
            return ()  # a crest ("[Holy] characters you control …"): The Power of Faith's own fact
        who = _who(words, bool(subject.group("stealth")))
        if subject.group("anyones"):
            condition = condition or "anyone"
    if tail.group("icon"):
        kind = tail.group("icon").lower()
        first = ("type" if tail.group("mine") else "anyone") if tail.group("firsttype") else first
    if tail.group("firstany"):
        first = "next" if "next" in tail.group("firstany").lower() else "any" if tail.group("own") else "anyone"
    if tail.group("against"):
        condition = "unread"
    roles = (role.group(1) or role.group(2)).lower()
    return tuple((r, who, kind, first, condition) for r in ("attacker", "defender") if r[:6] in roles)


def event_stands(text: str | None) -> tuple[Stand, ...]:
    """An event's "does not kneel" for the phase, its ability's label aside ("Challenges Action: Each [martell]
    character you control does not kneel when declared as an attacker in the next challenge you initiate this
    phase.": To The Spears!; "Until the end of the phase, that character …": There Are No Men Like Me)."""
    plain = re.sub(r"<b>[^<]*</b>", "", text or "")
    plain = re.sub(r"^\s*[A-Z][\w ]*:\s*", "", re.sub(r"<[^>]+>", "", plain), flags=re.MULTILINE)  # 1st edition
    return tuple(stand for line in plain.split("\n") for sentence in line.split(".")
                 for stand in stands_declared(" ".join(sentence.split())))
