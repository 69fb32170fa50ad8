"""The Shadow Empire ("Schattenreich"): the 2-human Tapestry automa. Pure: no I/O.

A turn follows the German program:
1. When the decision deck is empty: change the favourite track if the Shadow Empire has reached
   its end or another marker is further on it (the new track by the science die), then reshuffle
   the 12 cards.
2. Draw a pair: the left card is the track card, the right card the tiebreaker card.
3. Advance one space on a track: the valid tracks by the left card's rule; ties broken by the right
   card's column read bottom to top, the heart meaning the favourite track. Landmarks (spaces 4, 7,
   10) and the end-of-track achievement (space 12) are taken when reached.
4. Discard the pair.

Every entry point takes explicit inputs (the two cards, the die's track, a new deck order), so the
same function serves the digital mode (the app draws and rolls from a seed) and the physical mode
(players type in what they drew and rolled), and a game replays exactly from its log.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from companion.tapestry.facts import (
    DECK,
    DIE_FACES,
    END_SPACE,
    FAV,
    INCOME_TURNS,
    LANDMARK_SPACES,
    LANDMARKS,
    RULE_NAMES,
    TIEBREAKER,
    TRACK_NAMES,
    TRACK_RULE,
    TRACKS,
    Track,
)

#: Who holds a landmark or an achievement: the Shadow Empire, or a human by name. The two are kept apart by
#: a prefix no name can fake, so a human called "shadow" is a human like any other.
SHADOW = "automa:"


def human_owner(name: str) -> str:
    return f"human:{name}"


def owner_dict(owner: str | None) -> dict[str, str] | None:
    """An owner as the API shows it: {"kind": "automa"} or {"kind": "human", "name": …}."""
    if owner is None:
        return None
    if owner == SHADOW:
        return {"kind": "automa"}
    return {"kind": "human", "name": owner.removeprefix("human:")}


class TapestryError(ValueError):
    """Input the Shadow Empire cannot take (a card already discarded, a number outside 1-12 …)."""

    def __init__(self, en: str, de: str) -> None:
        super().__init__(en)
        self.message, self.message_de = en, de


@dataclass(slots=True)
class Settings:
    # The German text lets the die pick the same track again; it says nothing of a track the
    # Shadow Empire has already finished. Re-rolling then is our default; players may turn it off.
    reroll_finished: bool = True


@dataclass(slots=True)
class Move:
    kind: str  # advance, none, manual
    track: Track | None
    space: int | None
    cards: tuple[int, int] | None
    valid: list[Track]
    reason: str
    reason_de: str
    landmark: str | None = None
    achievement: bool = False
    favourite_changed: Track | None = None
    reshuffled: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class ShadowEmpire:
    humans: list[str]
    favourite: Track
    deck: list[int]  # physical mode: the cards still in the deck, order unknown
    positions: dict[Track, int] = field(default_factory=lambda: dict.fromkeys(TRACKS, 0))
    discard: list[int] = field(default_factory=list)
    pair: tuple[int, int] | None = None
    landmarks: dict[str, str] = field(default_factory=dict)  # "track:space" -> who took it
    human_positions: dict[str, dict[Track, int]] = field(default_factory=dict)
    income_turns: dict[str, int] = field(default_factory=dict)
    achievements: list[str] = field(default_factory=list)  # end-of-track achievement slots, in order
    settings: Settings = field(default_factory=Settings)
    turns: int = 0
    reshuffles: int = 0
    moves: list[Move] = field(default_factory=list)

    def __post_init__(self) -> None:
        for h in self.humans:
            self.human_positions.setdefault(h, dict.fromkeys(TRACKS, 0))
            self.income_turns.setdefault(h, 0)

    @property
    def over(self) -> bool:
        """The game ends for the Shadow Empire when the last human finishes their last income turn."""
        return bool(self.humans) and all(self.income_turns[h] >= INCOME_TURNS for h in self.humans)

    def landmark_available(self, track: Track, space: int) -> bool:
        return f"{track}:{space}" not in self.landmarks

    def to_dict(self) -> dict[str, Any]:
        return {
            "humans": list(self.humans), "favourite": self.favourite, "positions": dict(self.positions),
            "deck_size": len(self.deck), "discard": list(self.discard), "pair": list(self.pair) if self.pair else None,
            "landmarks": [
                {"track": t, "space": s, "name": LANDMARKS[t][s],
                 "taken_by": owner_dict(self.landmarks.get(f"{t}:{s}"))}
                for t in TRACKS for s in LANDMARK_SPACES
            ],
            "human_positions": {h: dict(p) for h, p in self.human_positions.items()},
            "income_turns": dict(self.income_turns), "achievements": [owner_dict(a) for a in self.achievements],
            "settings": asdict(self.settings), "turns": self.turns, "reshuffles": self.reshuffles,
            "over": self.over, "moves": [m.to_dict() for m in self.moves],
        }


def track_name(track: Track, lang: int) -> str:
    return TRACK_NAMES[track][lang]


# -- the rules ------------------------------------------------------------------------------


def distance_to_target(se: ShadowEmpire, track: Track) -> int:
    """Spaces to the nearest available landmark ahead, or to the end of the track."""
    pos = se.positions[track]
    ahead = [s - pos for s in LANDMARK_SPACES if s > pos and se.landmark_available(track, s)]
    return min([END_SPACE - pos, *ahead])


def valid_tracks(se: ShadowEmpire, card: int) -> list[Track]:
    """The tracks the left card's rule allows, in board order."""
    open_tracks = [t for t in TRACKS if se.positions[t] < END_SPACE]
    if not open_tracks:
        return []
    rule = TRACK_RULE[card]
    if rule == "ALL":
        return open_tracks
    measure = distance_to_target if rule == "LANDMARK_OR_END" else (lambda s, t: END_SPACE - s.positions[t])
    best = min(measure(se, t) for t in open_tracks)
    return [t for t in open_tracks if measure(se, t) == best]


def break_tie(se: ShadowEmpire, card: int, valid: list[Track]) -> Track:
    """The first valid track in the right card's column, bottom to top; the heart is the favourite."""
    for icon in TIEBREAKER[card]:
        track = se.favourite if icon == FAV else icon
        if track in valid:
            return track
    raise AssertionError("every track appears in every tiebreaker column")


def needs_new_favourite(se: ShadowEmpire) -> bool:
    fav = se.favourite
    if se.positions[fav] >= END_SPACE:
        return True
    return any(p[fav] > se.positions[fav] for p in se.human_positions.values())


def _check_card(se: ShadowEmpire, card: Any, which: tuple[str, str]) -> int:
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= len(DECK):
        raise TapestryError(f"the {which[0]} card must be a number from 1 to 12, not {card!r}",
                            f"die {which[1]} Karte muss eine Zahl von 1 bis 12 sein, nicht {card!r}")
    if card in se.discard:
        raise TapestryError(f"card {card} is already in the discard pile", f"Karte {card} liegt schon im Ablagestapel")
    if card not in se.deck:
        raise TapestryError(f"card {card} is not in the decision deck",
                            f"Karte {card} ist nicht im Entscheidungsstapel")
    return card


def _reach(se: ShadowEmpire, track: Track, move: Move) -> None:
    """Advance one space; take a landmark or the achievement reached."""
    se.positions[track] += 1
    space = se.positions[track]
    move.track, move.space = track, space
    if space in LANDMARK_SPACES and se.landmark_available(track, space):
        se.landmarks[f"{track}:{space}"] = SHADOW
        move.landmark = LANDMARKS[track][space]
    if space == END_SPACE and SHADOW not in se.achievements:
        se.achievements.append(SHADOW)
        move.achievement = True


def start_of_turn(se: ShadowEmpire) -> dict[str, bool]:
    """What the turn needs before drawing: a favourite change (a die roll) and/or a reshuffle."""
    empty = not se.deck
    return {"reshuffle": empty, "die": empty and needs_new_favourite(se)}


def take_turn(
    se: ShadowEmpire, left: int, right: int, die: Track | None = None, new_deck: list[int] | None = None,
) -> Move:
    """One Shadow Empire turn with the given cards (and die result, when the deck was empty)."""
    if se.over:
        raise TapestryError("the game is over: every human has taken their last income turn",
                            "Das Spiel ist vorbei: alle Menschen haben ihren letzten Einkommenszug gemacht")
    favourite_changed = None
    reshuffled = False
    if not se.deck:
        if needs_new_favourite(se):
            if die not in TRACKS:
                raise TapestryError("the deck is empty and the favourite track must change: roll the science die",
                                    "Der Stapel ist leer und die bevorzugte Leiste wechselt: würfelt den "
                                    "Wissenschaftswürfel")
            if se.settings.reroll_finished and se.positions[die] >= END_SPACE:
                raise TapestryError(f"the Shadow Empire has finished {die}: roll again",
                                    f"Das Schattenreich hat {track_name(die, 1)} beendet: würfelt noch einmal")
            se.favourite = die
            favourite_changed = die
        order = list(new_deck) if new_deck is not None else list(DECK)
        if sorted(order) != list(DECK):
            raise TapestryError("a reshuffled deck holds cards 1 to 12 once each",
                                "Ein neu gemischter Stapel enthält die Karten 1 bis 12 je einmal")
        se.deck, se.discard = order, []
        se.reshuffles += 1
        reshuffled = True
    left = _check_card(se, left, ("left", "linke"))
    right = _check_card(se, right, ("right", "rechte"))
    if left == right:
        raise TapestryError("the two cards of a pair are different cards",
                            "Die zwei Karten eines Paars sind verschieden")
    se.deck.remove(left)
    se.deck.remove(right)
    se.pair = (left, right)
    valid = valid_tracks(se, left)
    move = Move("none", None, None, (left, right), valid, "", "", favourite_changed=favourite_changed,
                reshuffled=reshuffled)
    if not valid:
        move.reason = "all tracks finished: the Shadow Empire does not advance"
        move.reason_de = "alle Leisten beendet: das Schattenreich schreitet nicht voran"
    else:
        chosen = valid[0] if len(valid) == 1 else break_tie(se, right, valid)
        move.kind = "advance"
        move.reason, move.reason_de = _explain(se, left, right, valid, chosen)
        _reach(se, chosen, move)
    se.discard += [left, right]
    se.turns += 1
    se.moves.append(move)
    return move


def _target(se: ShadowEmpire, t: Track, lang: int) -> str:
    """ "1 space to a landmark" / "3 Felder bis zum Ende", measured now (before the advance)."""
    d = distance_to_target(se, t)
    to_end = d == END_SPACE - se.positions[t]
    if lang == 0:
        return f"{d} space{'s' if d != 1 else ''} to {'the end' if to_end else 'a landmark'}"
    return f"{d} {'Feld' if d == 1 else 'Felder'} bis {'zum Ende' if to_end else 'zu einem Wahrzeichen'}"


def _explain(se: ShadowEmpire, left: int, right: int, valid: list[Track], chosen: Track) -> tuple[str, str]:
    rule = TRACK_RULE[left]
    out = []
    for lang, (card_word, valid_word) in enumerate((("card", "valid"), ("Karte", "gültig"))):
        rule_text = RULE_NAMES[rule][lang]
        names = [
            track_name(t, lang) + (f" ({_target(se, t, lang)})" if rule == "LANDMARK_OR_END" else "") for t in valid
        ]
        if len(valid) == 1:
            tie = "only valid track" if lang == 0 else "einzige gültige Leiste"
        else:
            fav = ((" (favourite)" if lang == 0 else " (bevorzugt)") if chosen == se.favourite else "")
            tie = (f"tiebreaker card {right}: " if lang == 0 else f"Gleichstandkarte {right}: ") + \
                track_name(chosen, lang) + fav
        out.append(f"{card_word} {left}: {rule_text}; {valid_word}: {', '.join(names)}; {tie}")
    return out[0], out[1]


def advance_manually(se: ShadowEmpire, track: Track) -> Move:
    """An effect moves the Shadow Empire (e.g. the Age of Discovery tapestry)."""
    if track not in TRACKS:
        raise TapestryError(f"unknown track {track!r}", f"unbekannte Leiste {track!r}")
    move = Move("manual", None, None, None, [track], "", "")
    if se.positions[track] >= END_SPACE:
        move.kind = "none"
        move.reason = f"{track_name(track, 0)} is finished: nothing happens"
        move.reason_de = f"{track_name(track, 1)} ist beendet: nichts geschieht"
    else:
        _reach(se, track, move)
        move.reason = f"an effect advances the Shadow Empire on {track_name(track, 0)}"
        move.reason_de = f"ein Effekt lässt das Schattenreich auf {track_name(track, 1)} voranschreiten"
    se.moves.append(move)
    return move


def set_human_position(se: ShadowEmpire, human: str, track: Track, space: int) -> None:
    """A human's most advanced marker on a track (humans may regress, so it can go down)."""
    _human(se, human)
    if track not in TRACKS:
        raise TapestryError(f"unknown track {track!r}", f"unbekannte Leiste {track!r}")
    if isinstance(space, bool) or not isinstance(space, int) or not 0 <= space <= END_SPACE:
        raise TapestryError("a track space is a number from 0 to 12", "Ein Feld ist eine Zahl von 0 bis 12")
    se.human_positions[human][track] = space
    if space == END_SPACE and human_owner(human) not in se.achievements:
        se.achievements.append(human_owner(human))


def claim_landmark(se: ShadowEmpire, human: str, track: Track, space: int) -> None:
    _human(se, human)
    if track not in TRACKS or space not in LANDMARK_SPACES:
        raise TapestryError("landmarks are on spaces 4, 7 and 10 of the four tracks",
                            "Wahrzeichen liegen auf den Feldern 4, 7 und 10 der vier Leisten")
    owner = se.landmarks.get(f"{track}:{space}")
    if owner is not None:
        who = "the Shadow Empire" if owner == SHADOW else (owner or "").removeprefix("human:")
        raise TapestryError(f"{LANDMARKS[track][space]} was already taken by {who}",
                            f"{LANDMARKS[track][space]} hat schon {'das Schattenreich' if owner == SHADOW else who}")
    se.landmarks[f"{track}:{space}"] = human_owner(human)


def income_turn(se: ShadowEmpire, human: str) -> None:
    _human(se, human)
    if se.income_turns[human] >= INCOME_TURNS:
        raise TapestryError(f"{human} has already taken all {INCOME_TURNS} income turns",
                            f"{human} hat schon alle {INCOME_TURNS} Einkommenszüge gemacht")
    se.income_turns[human] += 1


def _human(se: ShadowEmpire, human: str) -> None:
    if human not in se.human_positions:
        raise TapestryError(f"no human player {human!r}", f"kein menschlicher Spieler {human!r}")


# -- the digital mode: the app draws and rolls, reproducibly from a seed -----------------------


def _rng(seed: str, purpose: str, n: int) -> random.Random:
    return random.Random(f"{seed}:{purpose}:{n}")


def roll_die(seed: str, n: int) -> Track:
    return _rng(seed, "die", n).choice(DIE_FACES)


def shuffled_deck(seed: str, n: int) -> list[int]:
    deck = list(DECK)
    _rng(seed, "shuffle", n).shuffle(deck)
    return deck


def new_game(humans: list[str], *, seed: str | None = None, favourite: Track | None = None,
             settings: Settings | None = None) -> tuple[ShadowEmpire, dict[str, Any]]:
    """Set up: a favourite track by the science die, and the 12 decision cards shuffled.

    Returns the state and the setup record to store (it replays the same game)."""
    if not humans or len(set(humans)) != len(humans):
        raise TapestryError("name the human players, each once", "Nenne die menschlichen Spieler, jeden einmal")
    if favourite is None:
        if seed is None:
            raise TapestryError("roll the science die for the favourite track", "Würfelt die bevorzugte Leiste aus")
        favourite = roll_die(seed, 0)
    if favourite not in TRACKS:
        raise TapestryError(f"unknown track {favourite!r}", f"unbekannte Leiste {favourite!r}")
    deck = shuffled_deck(seed, 0) if seed is not None else list(DECK)
    setup = {"humans": list(humans), "favourite": favourite, "deck": deck, "seed": seed,
             "settings": asdict(settings or Settings())}
    return from_setup(setup), setup


def from_setup(setup: dict[str, Any]) -> ShadowEmpire:
    return ShadowEmpire(humans=list(setup["humans"]), favourite=setup["favourite"], deck=list(setup["deck"]),
                        settings=Settings(**setup.get("settings", {})))


def digital_inputs(se: ShadowEmpire, seed: str) -> dict[str, Any]:
    """Draw and roll for the app: the inputs of the next turn, derived from the seed and the turn number."""
    need = start_of_turn(se)
    inputs: dict[str, Any] = {}
    deck = se.deck
    if need["reshuffle"]:
        if need["die"]:
            for attempt in range(100):
                die = roll_die(seed, se.turns * 100 + attempt + 1)
                if not (se.settings.reroll_finished and se.positions[die] >= END_SPACE):
                    break
            inputs["die"] = die
        deck = shuffled_deck(seed, se.reshuffles + 1)
        inputs["new_deck"] = deck
    inputs["left"], inputs["right"] = deck[0], deck[1]
    return inputs


# -- the log: one function applies every kind of entry ------------------------------------------------


def apply_entry(se: ShadowEmpire, entry: dict[str, Any]) -> dict[str, Any]:
    """Apply one stored entry; returns what happened (for the log and the page)."""
    kind = entry.get("type")
    if kind == "turn":
        move = take_turn(se, entry.get("left"), entry.get("right"), entry.get("die"),  # type: ignore[arg-type]
                         entry.get("new_deck"))
        return move.to_dict()
    if kind == "advance":
        return advance_manually(se, entry.get("track")).to_dict()  # type: ignore[arg-type]
    if kind == "human_position":
        set_human_position(se, str(entry.get("human")), entry.get("track"), entry.get("space"))  # type: ignore[arg-type]
        return {}
    if kind == "landmark":
        claim_landmark(se, str(entry.get("human")), entry.get("track"), entry.get("space"))  # type: ignore[arg-type]
        return {}
    if kind == "income_turn":
        income_turn(se, str(entry.get("human")))
        return {"over": se.over}
    raise TapestryError(f"unknown entry type {kind!r}", f"unbekannter Eintrag {kind!r}")
