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
from typing import Any, Literal

from companion.messages import param_text
from companion.rules.verdict import msg
from companion.tapestry.facts import (
    DECK,
    DIE_FACES,
    END_SPACE,
    FAV,
    INCOME_TURNS,
    LANDMARK_SPACES,
    LANDMARKS,
    TIEBREAKER,
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


#: A text for the page: a message id of the catalogue (``companion/messages``) with its named placeholder
#: values, some of them messages themselves: ``{"msg": "tapestry.reason.manual", "track": {"msg": …}}``.
Message = dict[str, Any]


def track_msg(t: Track) -> Message:
    """A track's name, in each reader's language."""
    return msg(f"track.{t}")


def landmark_msg(t: Track, space: int) -> Message:
    """A landmark's name, in each reader's language (``LANDMARKS`` keeps the English one, as the API shows it)."""
    return msg(f"tapestry.landmark.{t}.{space}")


class TapestryError(ValueError):
    """Input the Shadow Empire cannot take (a card already discarded, a landmark already taken …).

    ``reason`` is the message (``tapestry.error.<id>``); the exception's text is its English rendering."""

    def __init__(self, error: str, **params: Any) -> None:
        self.reason: Message = msg(f"tapestry.error.{error}", **params)
        super().__init__(param_text(self.reason))


#: How the Shadow Empire's cards are drawn: "digital", the app shuffles and rolls from the game's seed;
#: "physical", the players draw and roll and type in what they got.
Draw = Literal["digital", "physical"]
DRAWS: tuple[Draw, ...] = ("digital", "physical")


@dataclass(slots=True)
class Settings:
    # The German text lets the die pick the same track again; it says nothing of a track the
    # Shadow Empire has already finished. Re-rolling then is our default; players may turn it off.
    reroll_finished: bool = True
    draw: Draw = "digital"


@dataclass(slots=True)
class Move:
    kind: str  # advance, none, manual
    track: Track | None
    space: int | None
    cards: tuple[int, int] | None
    valid: list[Track]
    reason: Message
    landmark: str | None = None
    landmark_label: Message | None = None
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
    #: Every entry in force, in order, as the table's log reads it: a turn's or an effect's reason, or what a
    #: human recorded (the humans' records are no moves of the Shadow Empire, but undo takes them back too).
    history: list[Message] = field(default_factory=list)

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
                {"track": t, "space": s, "name": LANDMARKS[t][s], "label": landmark_msg(t, s),
                 "taken_by": owner_dict(self.landmarks.get(f"{t}:{s}"))}
                for t in TRACKS for s in LANDMARK_SPACES
            ],
            "human_positions": {h: dict(p) for h, p in self.human_positions.items()},
            "income_turns": dict(self.income_turns), "achievements": [owner_dict(a) for a in self.achievements],
            "settings": asdict(self.settings), "turns": self.turns, "reshuffles": self.reshuffles,
            "over": self.over, "moves": [m.to_dict() for m in self.moves], "history": list(self.history),
        }


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


def _check_card(se: ShadowEmpire, card: int) -> int:
    """A card the players drew must still be in the deck (its number's range is the entry's declaration)."""
    if card in se.discard:
        raise TapestryError("discarded", card=card)
    if card not in se.deck:
        raise TapestryError("not_in_deck", card=card)
    return card


def _reach(se: ShadowEmpire, track: Track, move: Move) -> None:
    """Advance one space; take a landmark or the achievement reached."""
    se.positions[track] += 1
    space = se.positions[track]
    move.track, move.space = track, space
    if space in LANDMARK_SPACES and se.landmark_available(track, space):
        se.landmarks[f"{track}:{space}"] = SHADOW
        move.landmark, move.landmark_label = LANDMARKS[track][space], landmark_msg(track, space)
    if space == END_SPACE and SHADOW not in se.achievements:
        se.achievements.append(SHADOW)
        move.achievement = True


#: What a page needs to know of the game and must not copy: the tracks in board order, their length, the
#: landmark spaces, the decision cards, the income turns.
LIMITS: dict[str, Any] = {"tracks": list(TRACKS), "end_space": END_SPACE, "landmark_spaces": list(LANDMARK_SPACES),
                          "cards": list(DECK), "income_turns": INCOME_TURNS}


def die_results(se: ShadowEmpire) -> list[Track]:
    """The tracks a roll of the science die may give now (a finished one is rolled again, if so set)."""
    return [t for t in TRACKS if not (se.settings.reroll_finished and se.positions[t] >= END_SPACE)]


def table_view(se: ShadowEmpire) -> dict[str, Any]:
    """The Shadow Empire as the page shows it: the state, what the next turn needs, the game's limits, and
    the choices open now."""
    return {"state": se.to_dict(), "next": start_of_turn(se), "limits": LIMITS, "choices": {"die": die_results(se)}}


def start_of_turn(se: ShadowEmpire) -> dict[str, bool]:
    """What the turn needs before drawing: a favourite change (a die roll) and/or a reshuffle."""
    empty = not se.deck
    return {"reshuffle": empty, "die": empty and needs_new_favourite(se)}


def take_turn(
    se: ShadowEmpire, left: int, right: int, die: Track | None = None, new_deck: list[int] | None = None,
) -> Move:
    """One Shadow Empire turn with the given cards (and die result, when the deck was empty)."""
    if se.over:
        raise TapestryError("over")
    favourite_changed = None
    reshuffled = False
    if not se.deck:
        if needs_new_favourite(se):
            if die is None:
                raise TapestryError("roll")
            if die not in die_results(se):
                raise TapestryError("reroll", track=track_msg(die))
            se.favourite = die
            favourite_changed = die
        order = list(new_deck) if new_deck is not None else list(DECK)
        if sorted(order) != list(DECK):
            raise TapestryError("new_deck")
        se.deck, se.discard = order, []
        se.reshuffles += 1
        reshuffled = True
    left = _check_card(se, left)
    right = _check_card(se, right)
    if left == right:
        raise TapestryError("same_cards")
    se.deck.remove(left)
    se.deck.remove(right)
    se.pair = (left, right)
    valid = valid_tracks(se, left)
    move = Move("none", None, None, (left, right), valid, msg("tapestry.reason.all_finished"),
                favourite_changed=favourite_changed, reshuffled=reshuffled)
    if valid:
        chosen = valid[0] if len(valid) == 1 else break_tie(se, right, valid)
        move.kind = "advance"
        move.reason = _explain(se, left, right, valid, chosen)
        _reach(se, chosen, move)
    se.discard += [left, right]
    se.turns += 1
    se.moves.append(move)
    se.history.append(move.reason)
    return move


def _target(se: ShadowEmpire, t: Track) -> Message:
    """ "exploration (1 space to a landmark)", measured now (before the advance)."""
    d = distance_to_target(se, t)
    goal = "end" if d == END_SPACE - se.positions[t] else "landmark"
    return msg(f"tapestry.valid.{goal}.{'one' if d == 1 else 'other'}", track=track_msg(t), n=d)


def _explain(se: ShadowEmpire, left: int, right: int, valid: list[Track], chosen: Track) -> Message:
    rule = TRACK_RULE[left]
    names = [_target(se, t) if rule == "LANDMARK_OR_END" else track_msg(t) for t in valid]
    if len(valid) == 1:
        tie = msg("tapestry.tie.only")
    else:
        tie = msg("tapestry.tie.favourite" if chosen == se.favourite else "tapestry.tie.card", card=right,
                  track=track_msg(chosen))
    return msg("tapestry.reason.turn", card=left, rule=msg(f"tapestry.rule.{rule}"), valid=names, tie=tie)


def advance_manually(se: ShadowEmpire, t: Track) -> Move:
    """An effect moves the Shadow Empire (e.g. the Age of Discovery tapestry)."""
    move = Move("manual", None, None, None, [t], msg("tapestry.reason.manual", track=track_msg(t)))
    if se.positions[t] >= END_SPACE:
        move.kind = "none"
        move.reason = msg("tapestry.reason.manual_finished", track=track_msg(t))
    else:
        _reach(se, t, move)
    se.moves.append(move)
    se.history.append(move.reason)
    return move


def set_human_position(se: ShadowEmpire, human: str, t: Track, space: int) -> None:
    """A human's most advanced marker on a track (humans may regress, so it can go down)."""
    _human(se, human)
    se.human_positions[human][t] = space
    if space == END_SPACE and human_owner(human) not in se.achievements:
        se.achievements.append(human_owner(human))
    se.history.append(msg("tapestry.log.human_position", human=human, track=track_msg(t), space=space))


def claim_landmark(se: ShadowEmpire, human: str, t: Track, space: int) -> None:
    _human(se, human)
    if space not in LANDMARK_SPACES:
        raise TapestryError("landmark_space", spaces=list(LANDMARK_SPACES))
    owner = se.landmarks.get(f"{t}:{space}")
    if owner is not None:
        who: Message | str = msg("tapestry.shadow_empire") if owner == SHADOW else owner.removeprefix("human:")
        raise TapestryError("landmark_taken", landmark=landmark_msg(t, space), who=who)
    se.landmarks[f"{t}:{space}"] = human_owner(human)
    se.history.append(msg("tapestry.log.landmark", human=human, landmark=landmark_msg(t, space)))


def income_turn(se: ShadowEmpire, human: str) -> None:
    _human(se, human)
    if se.income_turns[human] >= INCOME_TURNS:
        raise TapestryError("income_done", human=human, n=INCOME_TURNS)
    se.income_turns[human] += 1
    se.history.append(msg("tapestry.log.income_turn", human=human, n=se.income_turns[human], of=INCOME_TURNS))


def _human(se: ShadowEmpire, human: str) -> None:
    if human not in se.human_positions:
        raise TapestryError("no_human", human=human)


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

    A digital game (``settings.draw``) draws and rolls from ``seed``; a physical one takes the players'
    ``favourite`` and has no seed. Returns the state and the setup record to store (it replays the same game)."""
    settings = settings or Settings()
    if settings.draw == "physical":
        seed = None
    elif seed is None:
        raise TapestryError("seed")
    if not humans or len(set(humans)) != len(humans):
        raise TapestryError("humans")
    if favourite is None:
        if seed is None:
            raise TapestryError("favourite")
        favourite = roll_die(seed, 0)
    deck = shuffled_deck(seed, 0) if seed is not None else list(DECK)
    setup = {"humans": list(humans), "favourite": favourite, "deck": deck, "seed": seed,
             "settings": asdict(settings)}
    return from_setup(setup), setup


def from_setup(setup: dict[str, Any]) -> ShadowEmpire:
    settings = dict(setup.get("settings", {}))
    # Games set up before the draw was a setting of its own kept it in the store's rules mode; their setup
    # tells it just as well: only a digital game has a seed.
    settings.setdefault("draw", "digital" if setup.get("seed") is not None else "physical")
    return ShadowEmpire(humans=list(setup["humans"]), favourite=setup["favourite"], deck=list(setup["deck"]),
                        settings=Settings(**settings))


def digital_inputs(se: ShadowEmpire, seed: str) -> dict[str, Any]:
    """Draw and roll for the app: the inputs of the next turn, derived from the seed and the turn number."""
    need = start_of_turn(se)
    inputs: dict[str, Any] = {}
    deck = se.deck
    if need["reshuffle"]:
        if need["die"]:
            for attempt in range(100):
                die = roll_die(seed, se.turns * 100 + attempt + 1)
                if die in die_results(se):
                    break
            inputs["die"] = die
        deck = shuffled_deck(seed, se.reshuffles + 1)
        inputs["new_deck"] = deck
    inputs["left"], inputs["right"] = deck[0], deck[1]
    return inputs
