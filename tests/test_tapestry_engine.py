"""The Shadow Empire: every rule and tiebreak path, favourite changes, landmarks, the end, invariants."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.messages import param_text
from companion.tapestry.engine import (
    SHADOW,
    Move,
    Settings,
    ShadowEmpire,
    TapestryError,
    claim_landmark,
    digital_inputs,
    from_setup,
    income_turn,
    landmark_msg,
    new_game,
    set_human_position,
    take_turn,
    valid_tracks,
)
from companion.tapestry.entries import EntryError, apply_entry
from companion.tapestry.facts import DECK, LANDMARKS, TIEBREAKER, TRACK_RULE, TRACKS, Track
from tests.shared import DATA, need_shared


def se(favourite: Track = "science", **positions: int) -> ShadowEmpire:
    state = ShadowEmpire(humans=["Ann", "Ben"], favourite=favourite, deck=list(DECK))
    state.positions.update(positions)
    return state


def en(move: Move) -> str:
    return param_text(move.reason, "en")


def de(move: Move) -> str:
    return param_text(move.reason, "de")


def test_facts_match_the_shared_decision_cards() -> None:
    need_shared()
    data = json.loads((DATA / "tapestry" / "decision_cards.json").read_text())
    names = {"EXP": "exploration", "SCI": "science", "MIL": "military", "TEC": "technology", "FAV": "FAV"}
    cards = [c for c in data["cards"] if c["in_shadow_empire_2p_deck"]]
    assert [c["id"] for c in cards] == list(DECK)
    for c in cards:
        assert TRACK_RULE[c["id"]] == c["shadow_track_rule"]
        assert TIEBREAKER[c["id"]] == tuple(names[x] for x in c["shadow_tiebreaker_order"])
        assert list(reversed(c["tiebreaker_top_to_bottom"])) == c["shadow_tiebreaker_order"]


def test_landmark_names_match_the_shared_tracks_and_the_catalogue_in_both_languages() -> None:
    need_shared()
    data = json.loads((DATA / "tapestry" / "tracks.json").read_text())
    for track in TRACKS:
        assert {int(s): n for s, n in data["tracks"][track]["landmarks"].items()} == LANDMARKS[track]
        for space, name in LANDMARKS[track].items():
            label = landmark_msg(track, space)
            assert param_text(label, "en") == name  # the English name the API's "name" carries
            assert param_text(label, "de") and param_text(label, "de") != label["msg"]


# -- valid tracks --------------------------------------------------------------------------------


def test_rule_all_is_every_unfinished_track() -> None:
    s = se(military=12)
    assert valid_tracks(s, 1) == ["exploration", "science", "technology"]


def test_rule_landmark_or_end_counts_only_available_landmarks() -> None:
    s = se(exploration=3, science=2, military=11)
    # card 2 = LANDMARK_OR_END: exploration 1 to space 4, science 2, military 1 to the end
    assert valid_tracks(s, 2) == ["exploration", "military"]
    claim_landmark(s, "Ann", "exploration", 4)
    assert valid_tracks(s, 2) == ["military"]  # exploration now 4 to space 7


def test_rule_end_is_the_most_advanced_unfinished_track() -> None:
    s = se(exploration=9, science=9, military=12, technology=2)
    assert valid_tracks(s, 3) == ["exploration", "science"]  # card 3 = END


def test_all_tracks_finished_means_no_move() -> None:
    s = se(exploration=12, science=12, military=12, technology=12)
    move = take_turn(s, 1, 2)
    assert move.kind == "none" and s.positions == dict.fromkeys(TRACKS, 12)
    assert "all tracks finished" in en(move)


# -- tiebreaks -------------------------------------------------------------------------------------


def test_tiebreak_reads_the_right_card_bottom_to_top() -> None:
    s = se(favourite="military")
    move = take_turn(s, 1, 4)  # card 1: ALL; card 4 bottom->top: EXP MIL FAV SCI TEC
    assert move.track == "exploration"
    assert en(move) == "card 1: all unfinished tracks; valid: exploration, science, military, technology; " \
                       "tiebreaker card 4: exploration"
    assert "gültig" in de(move) and "Erkundung" in de(move)


def test_the_heart_means_the_favourite_track() -> None:
    s = se(favourite="military")
    move = take_turn(s, 1, 3)  # card 3 bottom->top: FAV EXP MIL TEC SCI
    assert move.track == "military" and "(favourite)" in en(move)


def test_the_heart_is_skipped_when_the_favourite_is_not_valid() -> None:
    s = se(favourite="military", military=12)
    move = take_turn(s, 1, 3)
    assert move.track == "exploration"


def test_a_single_valid_track_needs_no_tiebreak() -> None:
    s = se(exploration=3)
    move = take_turn(s, 2, 12)  # LANDMARK_OR_END: exploration is 1 from the Lighthouse
    assert move.track == "exploration" and move.landmark == "Lighthouse"
    assert "exploration (1 space to a landmark); only valid track" in en(move)
    assert "Erkundung (1 Feld bis zu einem Wahrzeichen)" in de(move)


# -- landmarks and the end ------------------------------------------------------------------------------


def test_landmarks_go_to_whoever_reaches_them_first() -> None:
    s = se(science=3, technology=3)
    claim_landmark(s, "Ben", "technology", 4)
    take_turn(s, 7, 1)  # card 7: ALL; card 1 bottom->top starts with SCI
    assert s.landmarks == {"technology:4": "human:Ben", "science:4": SHADOW}
    with pytest.raises(TapestryError, match="already taken by the Shadow Empire"):
        claim_landmark(s, "Ann", "science", 4)
    s.positions["technology"] = 3
    move = take_turn(s, 6, 11)  # ALL; card 11 bottom->top: TEC …
    assert move.track == "technology" and move.landmark is None  # Ben has the Forge


def test_reaching_the_end_takes_the_achievement_once() -> None:
    s = se(science=11, technology=11)
    take_turn(s, 3, 1)  # END: science and technology tie; card 1 starts with SCI
    assert s.positions["science"] == 12 and s.achievements == [SHADOW]
    take_turn(s, 4, 2)  # ALL; card 2 bottom->top: TEC …
    assert s.positions["technology"] == 12 and s.achievements == [SHADOW]
    set_human_position(s, "Ann", "military", 12)
    assert s.achievements == [SHADOW, "human:Ann"]


# -- the empty deck: favourite change and reshuffle -----------------------------------------------------


def empty_deck(s: ShadowEmpire) -> None:
    s.discard, s.deck = list(s.deck), []


def test_reshuffle_when_the_deck_is_empty_and_no_favourite_change() -> None:
    s = se(favourite="science", science=2)
    empty_deck(s)
    move = take_turn(s, 5, 7, new_deck=list(reversed(DECK)))
    assert move.reshuffled and move.favourite_changed is None
    assert sorted(s.deck + s.discard) == list(DECK) and s.reshuffles == 1


def test_favourite_changes_when_a_human_is_further_on_it() -> None:
    s = se(favourite="science", science=2)
    set_human_position(s, "Ben", "science", 5)
    empty_deck(s)
    with pytest.raises(TapestryError, match="roll the science die"):
        take_turn(s, 5, 7)
    move = take_turn(s, 5, 7, die="military")
    assert s.favourite == "military" and move.favourite_changed == "military"


def test_favourite_changes_when_the_shadow_empire_finished_it_and_rerolls_finished_tracks() -> None:
    s = se(favourite="science", science=12, military=12)
    empty_deck(s)
    with pytest.raises(TapestryError, match="roll again"):
        take_turn(s, 1, 2, die="military")
    take_turn(s, 1, 2, die="technology")
    assert s.favourite == "technology"


def test_the_reroll_setting_can_be_turned_off() -> None:
    s = se(favourite="science", science=12, military=12)
    s.settings = Settings(reroll_finished=False)
    empty_deck(s)
    take_turn(s, 1, 2, die="military")
    assert s.favourite == "military"


def test_the_same_track_may_come_up_again() -> None:
    s = se(favourite="science", science=2)
    set_human_position(s, "Ann", "science", 3)
    empty_deck(s)
    take_turn(s, 1, 2, die="science")
    assert s.favourite == "science"


# -- physical mode input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "right", "error", "message"),
    [(0, 2, EntryError, "from 1 to 12"), (13, 2, EntryError, "from 1 to 12"), (1, 1, TapestryError, "different"),
     (1, "2", EntryError, "from 1 to 12"), (True, 2, EntryError, "from 1 to 12")],
)
def test_bad_card_numbers_are_refused(left: object, right: object, error: type[Exception], message: str) -> None:
    s = se()
    with pytest.raises(error, match=message):
        apply_entry(s, {"type": "turn", "left": left, "right": right})
    assert s.turns == 0 and len(s.deck) == 12


def test_a_card_already_in_the_discard_is_refused() -> None:
    s = se()
    take_turn(s, 1, 2)
    with pytest.raises(TapestryError, match="already in the discard") as info:
        take_turn(s, 2, 3)
    assert "Ablagestapel" in param_text(info.value.reason, "de")


def test_the_game_ends_after_the_last_human_income_turn() -> None:
    s = se()
    for _ in range(5):
        income_turn(s, "Ann")
    assert not s.over
    for _ in range(5):
        income_turn(s, "Ben")
    assert s.over
    with pytest.raises(TapestryError, match="game is over"):
        take_turn(s, 1, 2)
    with pytest.raises(TapestryError, match="all 5 income turns"):
        income_turn(s, "Ann")


# -- properties -----------------------------------------------------------------------------------------------

EVENTS = st.lists(st.one_of(
    st.tuples(st.just("turn")),
    st.tuples(st.just("human"), st.sampled_from(["Ann", "Ben"]), st.sampled_from(TRACKS), st.integers(0, 12)),
    st.tuples(st.just("landmark"), st.sampled_from(["Ann", "Ben"]), st.sampled_from(TRACKS),
              st.sampled_from([4, 7, 10])),
), max_size=120)


@settings(max_examples=150, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), events=EVENTS, reroll=st.booleans())
def test_invariants(seed: str, events: list[tuple], reroll: bool) -> None:
    state, _ = new_game(["Ann", "Ben"], seed=seed, settings=Settings(reroll_finished=reroll))
    for ev in events:
        before = dict(state.positions)
        try:
            if ev[0] == "turn":
                move = take_turn(state, **digital_inputs(state, seed))
                if move.track is not None:
                    assert before[move.track] < 12, "never advances on a finished track"
                    assert state.positions[move.track] == before[move.track] + 1
            elif ev[0] == "human":
                set_human_position(state, ev[1], ev[2], ev[3])
            else:
                claim_landmark(state, ev[1], ev[2], ev[3])
        except TapestryError:
            pass
        assert all(0 <= p <= 12 for p in state.positions.values()), "never passes space 12"
        assert sorted(state.deck + state.discard) == list(DECK), "deck and discard always hold the 12 cards"
        assert state.achievements.count(SHADOW) <= 1


@settings(max_examples=50, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), turns=st.integers(1, 40))
def test_a_seed_reproduces_a_game(seed: str, turns: int) -> None:
    def play() -> list[dict]:
        state, setup = new_game(["Ann", "Ben"], seed=seed)
        entries = []
        for _ in range(turns):
            inputs = digital_inputs(state, seed)
            take_turn(state, **inputs)
            entries.append({"type": "turn", **inputs})
        replayed = from_setup(setup)
        for e in entries:
            apply_entry(replayed, e)
        assert replayed.to_dict() == state.to_dict(), "the log replays the same game"
        return [m.to_dict() for m in state.moves]

    assert play() == play()


def test_a_human_called_shadow_is_a_human_and_never_the_shadow_empire() -> None:
    s = ShadowEmpire(humans=["shadow", "automa:"], favourite="science", deck=list(DECK))
    s.positions.update(science=11, technology=11)
    set_human_position(s, "shadow", "military", 12)
    claim_landmark(s, "shadow", "exploration", 4)
    take_turn(s, 3, 1)  # the Shadow Empire reaches the end of science: its own achievement
    state = s.to_dict()
    assert state["achievements"] == [{"kind": "human", "name": "shadow"}, {"kind": "automa"}]
    taken = {f"{lm['track']}:{lm['space']}": lm["taken_by"] for lm in state["landmarks"] if lm["taken_by"]}
    assert taken["exploration:4"] == {"kind": "human", "name": "shadow"}
    # A landmark the human "shadow" holds is not the Shadow Empire's: the automa may not take it, nor the
    # other way round.
    with pytest.raises(TapestryError, match="already taken by shadow"):
        claim_landmark(s, "automa:", "exploration", 4)
