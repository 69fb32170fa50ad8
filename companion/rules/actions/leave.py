"""Cards leaving where they are: killed, discarded, returned to hand, shuffled back or removed."""

from __future__ import annotations

from dataclasses import dataclass

from companion.catalog.card import fold
from companion.declare import Text
from companion.rules.actions.base import Action, CardRef, Confirm, Offer, Phone, Recorder, SeatRef, Where, Whose, action
from companion.rules.actions.common import (
    check_immune,
    check_killable,
    check_killed_at_zero,
    check_kneel_cost,
    killed,
    leave_to,
    note_kneel_cost,
    note_leaving_play,
    note_owner_area,
    place_name,
    take_from_hand,
    took_part_alone,
)
from companion.rules.actions.shadows import PHASE_END_ZONES
from companion.rules.check import Checker, type_name
from companion.rules.editions import Table
from companion.rules.state import ActionError, ChallengeRecord, Phase, Stage, Zone, count_this_round, counted_this_round
from companion.rules.values import hand_count, has_keyword, printed, printed_cannot_be, revealed_plots_that, traits_of


@action("kill", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Kill(Action):
    """A character in play is killed: it goes to its owner's dead pile."""

    phone = Phone(
        offered=(Offer((Where.PLAY,), types=("character",), duplicate=False),),
        usual_in=(Phase.CHALLENGES,),
        rank=12,
        confirm=Confirm("confirmKill"),
    )
    affects_card = True
    player: SeatRef
    card: CardRef
    source: CardRef | None = None  # the card effect that kills it (a character's ability, an event): not a claim

    def killer(self, t: Table) -> str | None:
        """The card whose effect kills: the ``source`` named, or, for a kill after a won challenge that names none,
        the one card in play that kills that way (``killer_after_win``)."""
        return self.source or killer_after_win(t, self.player, self.card)

    def chosen_target(self, t: Table) -> tuple[str, str] | None:
        source = self.killer(t)
        return None if source is None else (self.card, source)

    def check(self, t: Table, v: Checker) -> None:
        c = t.card(self.card)
        source = self.killer(t)
        check_immune(t, v, self.card, source)
        check_kneel_cost(t, v, self.source, "kill")
        if t.zone_of(self.card) is Zone.DEAD and self.card in t.moved_at_phase_end:
            return  # the phase's end killed it ("The Last of the Giants"): the line says what happened
        if t.zone_of(self.card) is not Zone.PLAY:  # a card out of play cannot be killed: impossible (RR: Kill)
            v.violate("kill.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
            return
        if c.type != "character" or t.in_play[self.card].duplicate_of:
            v.violate("kill.not-character", (self.card,), card=t.ref(self.card), type=type_name(c.type),
                      zone=place_name(t, self.card))
        check_killable(t, v, self.card)
        if source is not None:
            check_killed_at_zero(t, v, self.card, source)
        note_leaving_play(t, v, self.card)

    def apply(self, t: Table) -> None:
        note_kneel_cost(t, self.source, "kill")
        if not (t.zone_of(self.card) is Zone.DEAD and self.card in t.moved_at_phase_end):
            killed(t, self.card)


def killer_after_win(t: Table, player: str, card: str) -> str | None:
    """The card whose response a kill naming no source is, when the log leaves no doubt: right after ``player`` won
    this round's last challenge, a character the losing player controls, and on the winning side exactly one card
    that kills after such a win (1st edition Robb Stark: "Response: after you win a Military challenge in which Robb
    Stark participates, choose and kill a character controlled by the losing player."; Ice on its character; one that
    asks to have attacked alone only so)."""
    last = t.challenges[-1] if t.challenges else None
    if last is None or last.round != t.round or last.winner != player or t.phase is not Phase.CHALLENGES \
            or card not in t.in_play:
        return None
    loser = last.defender if player == last.attacker else last.attacker
    side = last.attackers if player == last.attacker else last.defenders
    if t.in_play[card].controller != loser:
        return None
    found = []
    for cid in side:
        if cid not in t.in_play:
            continue
        for k in (cid, *(a for a in t.dependents(cid) if t.in_play[a].attached_to == cid)):
            facts = printed(t, k)
            fact = facts.kills_after_win if facts is not None else None
            if fact and fact[0] in ("", last.kind) and fact[1] == ("self" if k == cid else "attached") and (
                    facts is None or facts.won_alone is None or took_part_alone(t, player, k, facts.won_alone)):
                found.append(k)  # Jaqen H'ghar's "… in which Jaqen H'ghar is attacking alone": not with company
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True, slots=True)
class _MoveTo(Action):
    affects_card = True
    player: SeatRef
    card: CardRef
    source: CardRef | None = None  # the card effect that moves it (a hand's or deck's discard in the taxation phase)
    destination = Zone.DISCARD

    def check(self, t: Table, v: Checker) -> None:
        check_immune(t, v, self.card, self.source)
        if t.zone_of(self.card) is self.destination and self.card in t.moved_at_phase_end:
            return  # the phase's end moved it there (Hear Me Roar!): the line says what happened
        if t.zone_of(self.card) is self.destination:  # a card in a discard pile is not discarded (sacrificed) again
            v.violate("card.already-there", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
        note_leaving_play(t, v, self.card)
        note_owner_area(t, v, self.card, self.destination)

    def apply(self, t: Table) -> None:
        if not (t.zone_of(self.card) is self.destination and self.card in t.moved_at_phase_end):
            leave_to(t, self.card, self.destination)


@action("discard", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Discard(_MoveTo):
    """A card is discarded from anywhere (play, hand, deck, shadows) to its owner's discard pile."""

    phone = Phone(
        offered=(Offer((Where.HAND, Where.DECK), Whose.OWN), Offer((Where.SHADOWS,), face_down=True),
    Offer((Where.PLAY,))),
        rank=80,
        confirm=Confirm("confirmDiscard", "confirmDiscardShadows"),
    )
    destination = Zone.DISCARD

    def apply(self, t: Table) -> None:
        if (c := pillage_challenge(t, self.card, self.source)) is not None and self.source is not None:
            c.pillaged.append(self.source)
        copies = self.source is not None and self.source in t.instances and t.card(self.source).discards_copy
        if copies and self.source is not None and t.zone_of(self.card) is Zone.DECK:
            t.milled = (self.source, self.card, t.version)
        if self.source is not None:
            t.discarded_by = (self.source, self.card, t.version)
        # "Discard 1 card at random from that player's hand." (Heads on Spikes): a card the log had not named in that
        # hand is one of the cards drawn, not the deck's.
        if self.source is not None and self.source in t.instances and t.card(self.source).discards_from_hand:
            if t.card(self.source).most_discard_to is not None and t.zone_of(self.card) in (Zone.HAND, Zone.DECK):
                owner = t.players[t.instance(self.card).owner]
                count_this_round(t.round, owner, f"{MOST_DISCARD}:{self.source}")
            take_from_hand(t, t.instance(self.card).owner, self.card)
        super(Discard, self).apply(t)

    def check(self, t: Table, v: Checker) -> None:
        super(Discard, self).check(t, v)
        seat, zone = t.where[self.card]
        if t.phase is Phase.TAXATION and self.source is None and zone in (Zone.HAND, Zone.DECK):
            # The taxation phase discards from hand only to the reserve (RR: Appendix I › 7.3; 1st edition: none):
            # any other discard from a hand or deck is a card effect's, and names it.
            v.violate("discard.taxation-no-effect", (self.card,), card=t.ref(self.card), player=t.players[seat].name)
        check_pillage(t, v, self.card, self.source)
        check_most_discard(t, v, self.card, self.source)
        milled = t.milled
        if milled is not None and milled[0] == self.source and milled[2] + 1 == t.version and zone is Zone.PLAY \
                and t.card(self.card).title_key != t.card(milled[1]).title_key:
            # The Tickler: "Then, you may choose 1 copy of that card, and discard it from play." (RR: Then)
            v.violate("discard.not-a-copy", (self.card, self.source), card=t.ref(self.card),
                      source=t.ref(self.source), milled=t.ref(milled[1]))


def pillage_challenge(t: Table, card: str, source: str | None) -> ChallengeRecord | None:
    """The challenge just resolved that an opponent's deck card discarded naming ``source`` is the pillage of: its
    controller won it with ``source`` taking part."""
    if source is None or source not in t.in_play or card not in t.where or t.zone_of(card) is not Zone.DECK \
            or not t.challenges:
        return None
    c, controller = t.challenges[-1], t.in_play[source].controller
    if c.round != t.round or c.stage is not Stage.RESOLVED or t.instance(card).owner == controller \
            or c.winner != controller or source not in (*c.attackers, *c.defenders):
        return None
    return c


def pillages_more(t: Table, seat: str) -> bool:
    """A card of the seat's in play or in its discard pile lets a pillage discard more than one card
    (``Card.pillage_more``: Torrhen's Square, Scouting Vessel, sacrificed as it does so)."""
    return any(t.card(x).pillage_more for x in (*t.in_play, *t.players[seat].zones[Zone.DISCARD])
               if x not in t.in_play or t.in_play[x].controller == seat)


def check_pillage(t: Table, v: Checker, card: str, source: str | None) -> None:
    """RR: Pillage: after a character with pillage *wins* a challenge in which it participates, its controller
    discards the top card of the losing opponent's deck. Judged where the log holds it: an opponent's deck card
    discarded naming as source a pillage character that took part in the challenge just resolved on the losing side
    (its other abilities that discard from a deck, Tywin's interrupt or The Iron Fleet's reaction, do not come then).
    A source whose only discard from a deck is its pillage (``Card.discards_by_pillage``: Black Wind's Crew) that did
    not take part in that challenge is flagged too, where the challenge's participants are recorded."""
    if source is None or source not in t.in_play or t.zone_of(card) is not Zone.DECK or not t.challenges:
        return
    c, controller = t.challenges[-1], t.in_play[source].controller
    if c.round != t.round or c.stage is not Stage.RESOLVED or t.instance(card).owner == controller:
        return
    if not has_keyword(t, source, "pillage"):
        if t.card(source).discards_by_pillage and c.winner == controller and source in (*c.attackers, *c.defenders):
            # "Pillage." is its only discard from a deck, and it has no pillage now: its text counts as blank, or
            # "… loses all keywords." holds (You Know Nothing, Sweet Donnel Hill)
            v.violate("pillage.keyword", (source,), card=t.ref(source))
        return
    if source not in (*c.attackers, *c.defenders):
        if c.attackers and t.card(source).discards_by_pillage:
            v.violate("pillage.participating", (source,), card=t.ref(source))
        return
    if c.winner != controller:
        v.violate("pillage.won", (source,), card=t.ref(source), player=t.players[controller].name)
    elif source in c.pillaged and t.card(source).discards_by_pillage and not pillages_more(t, controller):
        # RR: Pillage: "… discards 1 card from the top of the losing opponent's deck", once a challenge
        v.violate("pillage.once", (source,), card=t.ref(source))


#: The round's count of a player's discards by a "the player with the most cards in hand discards" plot, by its id.
MOST_DISCARD = "most_discard"


def check_most_discard(t: Table, v: Checker, card: str, source: str | None) -> None:
    """"When revealed, the player with the most cards in hand chooses and discards cards from his hand until he has 4
    cards in hand." (Rule by Decree, ``Card.most_discard_to``): a discard from a hand naming it as ``source`` is the
    card owner's only while that player held the most cards when the plot's effect began (its hand now plus what it
    discarded by the plot this round; a tie: each of them) and still holds more than that count. Judged only while
    every player's hand is counted."""
    if source is None or source not in t.instances or t.card(source).most_discard_to is None:
        return
    if t.zone_of(card) not in (Zone.HAND, Zone.DECK) or not all(p.counts_known for p in t.players.values()):
        return
    down_to = t.card(source).most_discard_to or 0
    held = {seat: hand_count(t, seat) + counted_this_round(t.round, p, f"{MOST_DISCARD}:{source}")
            for seat, p in t.players.items() if not p.eliminated}
    owner = t.instance(card).owner
    if held.get(owner, 0) < max(held.values()):
        v.violate("discard.not-most-cards", (card, source), player=t.players[owner].name, source=t.ref(source),
                  held=held.get(owner, 0), most=max(held.values()))
    elif hand_count(t, owner) <= down_to:
        v.violate("discard.below-count", (card, source), player=t.players[owner].name, source=t.ref(source),
                  count=down_to)


@action("sacrifice", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class Sacrifice(Action):
    """A player sacrifices a card it controls in play: it goes to its owner's discard pile and cannot be saved (RR:
    Sacrifice; Ice: "sacrifice Ice to choose and kill a character"). Not a kill: a character sacrificed goes to the
    discard pile, and what keeps characters from being killed does not keep it. A save recorded just before (a
    duplicate discarded to save it) does not hold."""

    phone = Phone(offered=(Offer((Where.PLAY,), Whose.OWN, duplicate=False),), rank=82, by_effect=True)
    player: SeatRef  # who sacrifices: the card's controller
    card: CardRef

    def check(self, t: Table, v: Checker) -> None:
        if t.zone_of(self.card) is not Zone.PLAY:  # only a card in play is sacrificed: impossible otherwise
            v.violate("play.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
            return
        controller = t.in_play[self.card].controller
        if controller != self.player:
            v.violate("sacrifice.controller", (self.card,), card=t.ref(self.card), player=t.players[self.player].name,
                      controller=t.players[controller].name)
        if t.saving.get(self.card) == t.version:
            v.violate("sacrifice.saved", (self.card,), card=t.ref(self.card))
        note_leaving_play(t, v, self.card)
        note_owner_area(t, v, self.card, Zone.DISCARD)

    def apply(self, t: Table) -> None:
        t.saving.pop(self.card, None)  # a sacrificed card cannot be saved
        leave_to(t, self.card, Zone.DISCARD)


@action("return_to_hand", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class ReturnToHand(_MoveTo):
    """A card returns to its owner's hand (from play, from shadows, from the discard pile …)."""

    deck_cards_only = True

    phone = Phone(offered=(Offer((Where.SHADOWS, Where.PLAY, Where.DISCARD, Where.DEAD)),), rank=85, by_effect=True)
    destination = Zone.HAND

    def check(self, t: Table, v: Checker) -> None:
        super(ReturnToHand, self).check(t, v)
        need = t.card(self.card).returns_from_dead
        seat, zone = t.where[self.card]
        src = self.source
        pile = t.card(src).returns_from if src is not None and src in t.where else None
        if src is not None and pile is not None and zone in (Zone.DEAD, Zone.DISCARD) and zone.value != pile:
            # Jeyne Poole "… return a Lady character from your discard pile to your hand.": not from the dead pile
            v.violate("return.from-pile", (self.card, src), card=t.ref(self.card), source=t.ref(src),
                      zone=place_name(t, self.card))
        if need is not None and zone is Zone.DEAD and self.source in (None, self.card):
            # Its own "Use this ability if there are at least 3 characters in your dead pile." (Trident Reinforcements)
            dead = sum(t.card(c).type == "character" for c in t.players[seat].zones[Zone.DEAD])
            if dead < need:
                v.violate("ability.dead-pile", (self.card,), card=t.ref(self.card), player=t.players[seat].name,
                          need=need, count=dead)


@action("place_in_dead_pile", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class PlaceInDeadPile(_MoveTo):
    """A card effect places a card in its owner's dead pile without killing it (Heads on Spikes: "place the
    discarded character in its owner's dead pile"); a character killed in play is ``kill``."""

    deck_cards_only = True

    phone = Phone(offered=(Offer((Where.DISCARD, Where.HAND)),), rank=87, by_effect=True)
    destination = Zone.DEAD

    def check(self, t: Table, v: Checker) -> None:
        super(PlaceInDeadPile, self).check(t, v)
        c = t.card(self.card)
        if c.type != "character":
            # RR: Dead Pile: the pile of killed characters; every card that places a card there places a character
            # (Heads on Spikes: "If that card is a character, … place the discarded character in its owner's dead
            # pile"): a location discarded at random stays in the discard pile.
            v.violate("dead.character-only", (self.card,), card=t.ref(self.card), type=type_name(c.type))


@action("shuffle_into_deck", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class ShuffleIntoDeck(_MoveTo):
    """A card effect shuffles a card into its owner's draw deck from its dead pile, discard pile or hand (Benjen
    Stark: "shuffle him back into your deck instead of placing him in your dead pile": written after the line that
    killed him); a card in play that goes to the deck is ``leave_play``."""

    deck_cards_only = True

    phone = Phone(offered=(Offer((Where.DEAD, Where.DISCARD)),), rank=88, by_effect=True)
    destination = Zone.DECK


@action("leave_play", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class LeavePlay(Action):
    """A card in play leaves play to its owner's draw deck or out of the game."""

    player: SeatRef
    card: CardRef
    to: Text = "deck"

    def validate(self, table: Table) -> None:
        Action.validate(self, table)
        if self.to not in ("deck", "removed"):
            raise ActionError(
                "leave_play: 'to' must be 'deck' or 'removed' (use kill, discard, return_to_hand or "
                "put_into_shadows for the other places)"
            )

    def check(self, t: Table, v: Checker) -> None:
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
        note_leaving_play(t, v, self.card)

    def apply(self, t: Table) -> None:
        leave_to(t, self.card, Zone.DECK if self.to == "deck" else Zone.REMOVED)


@action("save_with_duplicate", records=Recorder.PLAYER)
@dataclass(frozen=True, slots=True)
class SaveWithDuplicate(Action):
    """The duplicate's interrupt: when the card it lies under would leave play, its controller discards the
    duplicate to save the card (RR: Duplicates; RR: Save). The card stays in play: record nothing else, or, when
    the save interrupts a line the log records (a military claim naming the card, a kill), record the save just
    before that line: the card named there then stays in play."""

    phone = Phone(offered=(Offer((Where.PLAY,), Whose.OWN, duplicate=True),), rank=8)
    player: SeatRef  # the duplicate's controller
    card: CardRef  # the duplicate

    def check(self, t: Table, v: Checker) -> None:
        name = t.ref(self.card)
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=name, zone=place_name(t, self.card))
            return
        ip = t.in_play[self.card]
        if ip.duplicate_of is None:
            v.violate("duplicate.save-not-duplicate", (self.card,), card=name)
            return
        if ip.controller != self.player:
            v.violate("duplicate.save-controller", (self.card,), card=name, player=self.player,
                      controller=ip.controller)
        check_saveable(t, v, ip.duplicate_of, self.card)
        v.note("saved-by-duplicate", (self.card, ip.duplicate_of), copy=name, card=t.ref(ip.duplicate_of))

    def apply(self, t: Table) -> None:
        saved = t.in_play[self.card].duplicate_of
        leave_to(t, self.card, Zone.DISCARD)
        if saved is not None:
            t.saving = {saved: t.version + 1}  # the next line's version: the save holds for it alone


def check_saveable(t: Table, v: Checker, saved: str, by: str) -> None:
    """A card a save keeps in play may be saved: not from a plot's kill "(cannot be saved)" as it is revealed
    (Wildfire Assault), not a character while "Characters cannot be saved." (The Bloody Flux), not one whose own
    text or whose attachment's says it cannot be saved, not one the phase's end removes "(cannot be saved)" once every
    player has passed (RR: Save, Cannot be Saved)."""
    if t.phase is Phase.PLOT:
        for plot in revealed_plots_that(t, "unsaveable"):
            if t.players[t.area_of(plot)].revealed_round == t.round:
                v.violate("save.cannot-be-saved", (by, plot), card=t.ref(saved), plot=t.ref(plot))
    # "Asha Greyjoy cannot be saved." / "Attached character cannot be saved." (1st edition Scurvy); blank text aside.
    if (card := printed_cannot_be(t, saved, "never_saved")) is not None:
        v.violate("save.printed-unsaveable", (by, card), card=t.ref(saved), text=t.ref(card))
    if t.turns_over and saved in t.phase_end_fate and t.zone_of(saved) is Zone.PLAY:
        # Every player has passed: what comes to it now is the phase's end, whose "… kill it (cannot be saved)" (Fight
        # to the Last; Hear Me Roar!'s discard) waits on it (RR: Save, Cannot be Saved).
        v.violate("save.phase-end", (by, saved), card=t.ref(saved))
    if t.card(saved).type == "character":
        for plot in revealed_plots_that(t, "no_saves"):
            v.violate("plot.no-saves", (by, plot), card=t.ref(saved), plot=t.ref(plot))
        # Arya Stark: "While Arya Stark is standing, characters cannot be saved." (aside76 05)
        for cid, ip in t.in_play.items():
            if not ip.kneeling and ip.duplicate_of is None and (f := printed(t, cid)) is not None \
                    and f.no_saves_standing:
                v.violate("save.while-standing", (by, cid), card=t.ref(saved), source=t.ref(cid))


def save_fits(t: Table, card: str, player: str, source: str,
              only: tuple[bool, tuple[str, ...], tuple[str, ...], str, str, bool, str, bool]) -> bool:
    """The card is one the save's trigger names (``Card.saves_only``): not the saving card where it says "another",
    one of its titles, or of its type, faction, uniqueness and one of its Traits (without the Trait it excludes),
    controlled by the save's player where it says "you control"."""
    another, names, traits, kind, faction, unique, lacks, own = only
    c = t.card(card)
    if (another and card == source) or (own and t.controller(card) != player):
        return False
    if any(fold(n) == fold(c.name) for n in names):
        return True
    has = traits_of(t, card)
    return bool(traits or kind or faction or unique or lacks) and (not kind or c.type == kind) \
        and (not faction or c.faction == faction) and (not unique or c.unique) \
        and (not traits or any(x in has for x in traits)) and not (lacks and lacks in has)


@action("save", records=Recorder.EFFECT)
@dataclass(frozen=True, slots=True)
class Save(Action):
    """A card effect saves a card that would leave play (RR: Save: "it does not leave play"): Bodyguard sacrificed,
    The Sword in the Darkness, Maester Aemon. Written just before the line it interrupts (a military claim choosing the
    card, a kill), that line leaves the card in play, as with a duplicate's save; the effect's own cost (a sacrifice,
    a kneel) is recorded as its own line. ``source`` names the card whose effect saves it."""

    phone = Phone(offered=(Offer((Where.PLAY,), Whose.OWN),), rank=9, by_effect=True)
    player: SeatRef  # whose effect it is
    card: CardRef  # the card saved
    source: CardRef | None = None

    def check(self, t: Table, v: Checker) -> None:
        if t.zone_of(self.card) is not Zone.PLAY:
            v.violate("play.not-in-play", (self.card,), card=t.ref(self.card), zone=place_name(t, self.card))
            return
        check_saveable(t, v, self.card, self.source or self.card)
        src = self.source
        host = t.in_play[src].attached_to if src is not None and src in t.in_play else None
        if src is not None and host is not None and host != self.card and t.card(src).saves_attached:
            # Bodyguard: "When attached character would be killed or discarded from play, sacrifice Bodyguard to save
            # that character." (RR: Save, Cannot be Saved: an ability saves what its text names).
            v.violate("save.attached-only", (self.card, src), card=t.ref(self.card), source=t.ref(src),
                      attached=t.ref(host))
        facts = (printed(t, src) if src in t.in_play else t.card(src)) if src is not None and src in t.where else None
        if src is not None and facts is not None and facts.saves_only is not None \
                and not any(x[0] == "save" for x in facts.targets) \
                and not save_fits(t, self.card, self.player, src, facts.saves_only):
            # Lady: "When another Direwolf card or Sansa Stark would leave play, kill Lady to save that card." (where
            # its choice is not read as a target already: ``ability.target``)
            v.violate("save.target", (self.card, src), card=t.ref(self.card), source=t.ref(src))
        cost = facts.save_gold if facts is not None else 0
        spent = t.gold_spent
        gold = t.players[self.player].gold
        if src is not None and cost and gold < cost and not (
                spent is not None and spent[0] == self.player and spent[1] >= cost and t.version - spent[2] <= 3):
            # RR: Costs: "Pay 1 gold … to save …" (Gilded Plate) with less gold in the pool, none spent just before.
            v.violate("save.gold-cost", (self.card, src), source=t.ref(src), player=self.player, cost=cost, gold=gold)

    def apply(self, t: Table) -> None:
        t.saving = {self.card: t.version + 1}  # the next line's version: the save holds for it alone
        fate = t.card(self.source).phase_end_fate if self.source is not None and self.source in t.where else None
        if fate is not None:  # Fight to the Last: "At the end of the phase, if that character is still in play, …"
            t.phase_end_fate[self.card] = PHASE_END_ZONES[fate]
