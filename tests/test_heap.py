"""The cycle collector's pause: nested and overlapping pauses, errors, a collector switched off before."""

from __future__ import annotations

import gc
import threading

import pytest

from companion.heap import collector_paused


def test_pauses_nest_and_the_collector_runs_again_after_the_last() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pause still holds
    assert gc.isenabled()


def test_an_error_ends_the_pause() -> None:
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a save that does not parse")
    assert gc.isenabled()


def test_overlapping_pauses_from_two_threads() -> None:
    first_in, second_out = threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with collector_paused():
            first_in.set()
            second_out.wait(5)
            seen.append(gc.isenabled())  # the other thread's pause ended: still paused for this one

    t = threading.Thread(target=first)
    t.start()
    first_in.wait(5)
    with collector_paused():
        pass
    second_out.set()
    t.join()
    assert seen == [False] and gc.isenabled()


def test_a_collector_switched_off_before_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_startup_objects_are_kept_out_of_the_collectors_sight_but_garbage_is_collected_first() -> None:
    import weakref

    from companion.heap import keep_startup_objects

    class Node:
        other: object = None

    lost, kept = Node(), Node()
    lost.other = lost  # a cycle nothing refers to: garbage
    gone = weakref.ref(lost)
    del lost
    try:
        frozen = keep_startup_objects()
        # Frozen objects another thread lets go of since (a server's or a store's thread ending) leave the count.
        assert frozen > 0 and 0 < gc.get_freeze_count() <= frozen
        assert gone() is None  # collected, not frozen
        assert not gc.is_tracked(kept) or all(kept is not o for o in gc.get_objects())  # out of sight
    finally:
        gc.unfreeze()


def test_a_server_collects_the_first_generation_less_often_and_keeps_the_others() -> None:
    from companion.heap import SERVER_THRESHOLD, server_collector

    before = gc.get_threshold()
    try:
        assert server_collector() == (SERVER_THRESHOLD, before[1], before[2])
    finally:
        gc.set_threshold(*before)
