"""The table host's sealed choices and eyes-closed rounds (:mod:`hedgemony_tui.table.host`,
:mod:`hedgemony_tui.table.rounds`), headless, on the game of ``host_game.py``: a sealed
vote hands the keyboard over between every voter and completes together; an eyes-closed
round gives every person the keyboard in turn, the same whoever (person or computer)
owes the secret decision, and undo neither crosses nor names it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from hedgemony_tui.table.errors import IllegalIntent, NothingToUndo
from hedgemony_tui.table.feed import (
    HANDOVER,
    KEEP,
    PASS,
    ComputerTurn,
    PersonTurn,
    SealedComplete,
    ShowResults,
)
from hedgemony_tui.table.host import TableHost
from tests.table.host_game import PLAYERS, Mark, Move, Vote
from tests.table.host_helpers import drive, make, person_takes

# --- the sealed vote ------------------------------------------------------------------------------------


def _to_the_vote(host: TableHost) -> None:
    drive(host, lambda h, seat: Move(seat, 1), until=lambda h: h.decision().kind == "vote")


def test_a_sealed_vote_hands_the_keyboard_over_between_every_voter() -> None:
    host = make({})
    _to_the_vote(host)
    assert host.keyboard == "S"
    turns: list[PersonTurn] = []
    for _seat in PLAYERS:
        step = host.next_step()
        assert isinstance(step, PersonTurn)
        turns.append(step)
        host.take_keyboard(step.seat)
        assert host.next_step() == PersonTurn(step.seat, KEEP)
        host.submit(step.seat, Vote(step.seat, "yes"))
    assert [(t.seat, t.how) for t in turns] == [(p, HANDOVER) for p in PLAYERS]
    assert host.state.revealed == ("yes", "yes", "yes")


def test_a_vote_stays_sealed_until_every_vote_is_in() -> None:
    host = make({})
    _to_the_vote(host)
    person_takes(host, "N", Vote("N", "no"))
    assert host.feed("E").view.votes == (None, None, None)
    assert host.feed("N").view.votes == ("no", None, None)
    assert all(host.results(p) == () for p in PLAYERS)  # nothing revealed yet


def test_the_last_sealed_vote_completes_the_vote() -> None:
    host = make({})
    _to_the_vote(host)
    events: list[Any] = []
    for seat in PLAYERS:
        events += person_takes(host, seat, Vote(seat, "yes"))
    sealed = [e for e in events if isinstance(e, SealedComplete)]
    assert len(sealed) == 1 and sealed[0].kind == "vote" and set(sealed[0].seats) == set(PLAYERS)


# --- the eyes-closed round ---------------------------------------------------------------------------


def _to_the_round(spy: str, kinds: Mapping[str, str] | None = None) -> TableHost:
    host = make(kinds or {}, options={"spy": spy})
    drive(host, lambda h, seat: h.my_options(seat)[0], until=lambda h: h.decision().kind == "eyes")
    return host


def _round_steps(host: TableHost) -> list[tuple[Any, ...]]:
    """Play the eyes-closed round (each person passes or marks its first option) and
    return what the table showed: results and person turns, until the first person turn
    of another kind of decision."""
    seen: list[tuple[Any, ...]] = []
    for _ in range(60):
        step = host.next_step()
        if isinstance(step, PersonTurn) and not step.round:
            return seen
        if isinstance(step, ShowResults):
            seen.append(("results", step.seat))
            host.result_seen(step.seat)
        elif isinstance(step, PersonTurn):
            seen.append(("turn", step.seat, step.how, step.waiting))
            if step.how != KEEP:
                host.take_keyboard(step.seat)
            else:
                host.submit(step.seat, host.my_options(step.seat)[0])
        elif isinstance(step, ComputerTurn):
            host.play_computer()
        else:
            raise AssertionError(step)
    raise AssertionError("the round never ended")


def test_the_eyes_closed_round_gives_every_person_the_keyboard() -> None:
    host = _to_the_round("S")
    assert host.next_step() == ShowResults("S")  # the last voter sees the vote first
    host.result_seen("S")
    for seat in PLAYERS:
        step = host.next_step()
        assert step == PersonTurn(seat, HANDOVER, 0, round=True)  # results wait for the end of the round
        host.take_keyboard(seat)
        while isinstance(host.next_step(), ShowResults):
            host.result_seen(seat)
        assert host.next_step() == PersonTurn(seat, KEEP, round=True)
        others = [p for p in PLAYERS if p != seat]
        assert all(host.my_options(p) == () for p in others)
        if seat == "S":
            assert host.my_options("S") == (Mark("S", "N"), Mark("S", "E"))
            with pytest.raises(IllegalIntent):
                host.submit("S", PASS)  # it owes a decision
            host.submit("S", Mark("S", "E"))
        else:
            assert host.feed(seat).options == (PASS,) and host.my_options(seat) == (PASS,)
            with pytest.raises(IllegalIntent):
                host.submit(others[-1], PASS)  # not its turn
            journal = len(host.session.journal)
            assert host.submit(seat, PASS) == []
            assert len(host.session.journal) == journal
    assert host.state.marks == ("E",) and host.decision().kind == "move"
    assert host.next_step() == PersonTurn("N", HANDOVER, len(host.results("N")))


def test_the_eyes_closed_round_is_the_same_whoever_owes_it() -> None:
    rounds = {spy: _round_steps(_to_the_round(spy)) for spy in PLAYERS}
    assert rounds["N"] == rounds["E"] == rounds["S"]
    assert [s[1] for s in rounds["S"] if s[0] == "turn" and s[2] == HANDOVER] == list(PLAYERS)


def test_the_eyes_closed_round_is_the_same_when_a_computer_owes_it() -> None:
    computer = _round_steps(_to_the_round("E", {"E": "first"}))
    person = _round_steps(_to_the_round("S", {"E": "first"}))
    assert computer == person
    assert [s[1] for s in person if s[0] == "turn" and s[2] == HANDOVER] == ["N", "S"]


def test_undo_after_an_eyes_closed_round_does_not_name_the_spy() -> None:
    said: dict[str, str] = {}
    for spy in ("E", "S"):
        host = _to_the_round(spy)
        _round_steps(host)
        step = host.next_step()
        assert isinstance(step, PersonTurn) and step.seat == "N" and not step.round
        host.take_keyboard("N")
        with pytest.raises(NothingToUndo) as refused:
            host.undo("N")
        said[spy] = str(refused.value)
    assert said["E"] == said["S"]


def test_undo_never_takes_back_an_eyes_closed_decision() -> None:
    host = _to_the_round("N")
    _round_steps(host)
    assert host.decision().kind == "move" and host.state.marks
    with pytest.raises(NothingToUndo):
        host.undo("N")
    assert host.decision().kind == "move"


def _screens_in_the_round(host: TableHost, seat: str) -> list[tuple[Any, ...]]:
    """What ``seat``'s screen is drawn from each time it holds the keyboard in the round
    (its feed's view, decision, turn and phase), the round played as in ``_round_steps``."""
    shown: list[tuple[Any, ...]] = []
    for _ in range(60):
        step = host.next_step()
        if isinstance(step, PersonTurn) and not step.round:
            return shown
        if isinstance(step, ShowResults):
            host.result_seen(step.seat)
        elif isinstance(step, PersonTurn):
            if step.how != KEEP:
                host.take_keyboard(step.seat)
                continue
            feed = host.feed(step.seat)
            if step.seat == seat:
                shown.append((feed.view, feed.decision, feed.turn, feed.phase))
            host.submit(step.seat, host.my_options(step.seat)[0])
        elif isinstance(step, ComputerTurn):
            host.play_computer()
    raise AssertionError("the round never ended")


def test_no_screen_in_the_round_tells_whether_the_secret_decision_was_taken() -> None:
    # E takes the keyboard after N and before S: had its screen shown the game as it is,
    # it would show the spy's decision taken when N is the spy, still pending when S is,
    # and taken by the computer before anyone when the computer plays the spy.
    after_the_spy = _screens_in_the_round(_to_the_round("N"), "E")
    before_the_spy = _screens_in_the_round(_to_the_round("S"), "E")
    assert after_the_spy == before_the_spy
    assert after_the_spy and after_the_spy[0][1].kind == "eyes"  # the round's own decision, to the end
    # With S a computer (it votes first, so the journal differs from the games above):
    computer_spy = _screens_in_the_round(_to_the_round("S", {"S": "first"}), "E")
    person_spy = _screens_in_the_round(_to_the_round("N", {"S": "first"}), "E")
    assert computer_spy == person_spy


def test_news_from_before_the_round_is_shown_at_the_seat_s_own_turn_in_it() -> None:
    # A person may hold the keyboard again only in the round (the world-system's annexed
    # state): what it was owed before the round opened is shown at its own turn; what the
    # round's decision does waits for the round's end.
    host = _to_the_round("S")
    assert host.next_step() == ShowResults("S")
    host.result_seen("S")
    for seat in ("N", "E"):
        assert host.next_step() == PersonTurn(seat, HANDOVER, 0, round=True)
        host.take_keyboard(seat)
        assert host.next_step() == ShowResults(seat)  # the vote, revealed before the round
        assert host.results(seat)[0].index < len(host.session.journal)
        host.result_seen(seat)
        assert host.next_step() == PersonTurn(seat, KEEP, round=True)
        host.submit(seat, PASS)
    assert host.next_step() == PersonTurn("S", HANDOVER, 0, round=True)
    host.take_keyboard("S")
    assert host.next_step() == PersonTurn("S", KEEP, round=True)
    host.submit("S", Mark("S", "E"))
    assert host.results("E") and not isinstance(host.next_step(), ShowResults)  # E's mark waits for the end
