"""The table host's coach, its automated umpire and its caching of views and feeds
(:mod:`hedgemony_tui.table.host`), headless, on the tiny game of ``host_game.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from hedgemony_tui.table.contract import Advice, AdviceRow, GameRules
from hedgemony_tui.table.errors import IllegalIntent
from hedgemony_tui.table.feed import (
    KEEP,
    Applied,
    CoachRemark,
    ComputerTurn,
    PersonTurn,
)
from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.players import _GuardedControl
from tests.table.host_game import CONTROL, PLAYERS, RULES, HostRules, Move
from tests.table.host_helpers import computer_east_rolls, drive, make

# --- the coach ---------------------------------------------------------------------------------------


class CoachedRules(HostRules):
    """The test game with a coach that always advises adding 2."""

    def coach(self, view: Any, seat: str, include: tuple[Any, ...] = ()) -> Advice | None:
        if view.phase != "move" or view.to_move != seat:
            return None
        rows = (AdviceRow(Move(seat, 2), "add 2", 2.0), AdviceRow(Move(seat, 1), "add 1", 1.0))
        return Advice(Move(seat, 2), "two is more than one", "points", rows)


def test_the_coach_remarks_privately_when_it_would_have_chosen_otherwise() -> None:
    rules = CoachedRules()
    assert isinstance(rules, GameRules)
    host = make({"E": "first", "S": "first"}, rules=rules, coached=True)
    with pytest.raises(IllegalIntent):
        host.submit("N", Move("N", 3))
    assert host.notes == []  # no remark on a decision that was not taken
    host.submit("N", Move("N", 1))
    host.undo("N")
    assert host.notes == []  # the remark went with its decision
    events = host.submit("N", Move("N", 1))
    remarks = [e for e in events if isinstance(e, CoachRemark)]
    assert len(remarks) == 1 and remarks[0].seat == "N" and "N adds 2" in remarks[0].text
    (note,) = [n for n in host.notes if n.kind == "coach"]
    assert note.visible_to == ("N",) and note.text == remarks[0].text and note.journal == 0
    assert note in host.feed("N").notes
    assert note not in host.feed("E").notes and note not in host.feed("S").notes
    # Agreeing with the coach, or an uncoached game: no remark.
    host.play_computer()
    host.play_computer()
    drive(
        host,
        lambda h, seat: Move(seat, 2) if h.decision().kind == "move" else h.my_options(seat)[0],
        until=lambda h: h.state.turn == 2 and h.decision().kind == "move" and h.decision().seat == "N",
    )
    assert not any(isinstance(e, CoachRemark) for e in host.submit("N", Move("N", 2)))
    plain = make({"E": "first", "S": "first"}, rules=rules)
    assert not any(isinstance(e, CoachRemark) for e in plain.submit("N", Move("N", 1)))
    assert not any(n.kind == "coach" for n in plain.notes)


# --- the automated umpire ------------------------------------------------------------------------------


class Counting:
    """Wraps a control bot and keeps every state it was asked about."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.asked: list[Any] = []

    def decide(self, state: Any, options: Any) -> Any:
        self.asked.append(state)
        return self.bot.decide(state, options)


def test_the_automated_umpire_is_asked_once_per_state_and_may_act_first() -> None:
    host = make({"E": "first", "S": "first", CONTROL: "injector"})
    guard = host.players.control
    assert isinstance(guard, _GuardedControl)  # the table wraps the game's bot, to name it when it fails
    counting = Counting(guard.bot)
    guard.bot = counting
    # N is the person: before its move, the umpire injects its bonus.
    assert host.next_step() == ComputerTurn((CONTROL,))
    assert host.next_step() == ComputerTurn((CONTROL,))  # asked once, remembered
    (applied,) = host.play_computer()
    assert isinstance(applied, Applied) and applied.seat == CONTROL and applied.by == "injector"
    assert host.next_step() == PersonTurn("N", KEEP)
    assert host.next_step() == PersonTurn("N", KEEP)

    def pick(h: TableHost, seat: str) -> Any:
        for s in PLAYERS + (CONTROL, "__nobody__"):
            h.feed(s)
        h.next_step()  # asked again and again: the umpire must not be
        return h.my_options(seat)[0]

    drive(host, pick)
    assert host.over
    asked = counting.asked
    assert all(a is not b for i, a in enumerate(asked) for b in asked[i + 1 :])
    assert len(asked) >= 12
    bonuses = [e for e in host.session.journal if e.seat == CONTROL]
    assert len(bonuses) == host.state.turns and {e.by for e in bonuses} == {"injector"}


# --- caching --------------------------------------------------------------------------------------------


class CountingViews(HostRules):
    def __init__(self) -> None:
        self.calls: dict[tuple[int, str], int] = {}
        self.kept: list[Any] = []  # the states stay alive: their ids stay theirs

    def view(self, state: Any, seat: str) -> Any:
        self.kept.append(state)
        key = (id(state), seat)
        self.calls[key] = self.calls.get(key, 0) + 1
        return super().view(state, seat)


def test_a_feed_is_the_same_object_until_something_changes() -> None:
    host = make({"E": "first", "S": "first"})
    feed = host.feed("N")
    assert host.feed("N") is feed and host.feed("") is host.feed("__nobody__")
    assert host.next_step() == PersonTurn("N", KEEP)
    assert host.feed("N") is feed
    host.take_keyboard("N")
    feed = host.feed("N")
    assert host.feed("N") is feed
    host.note("session", "a note for all")
    changed = host.feed("N")
    assert changed is not feed and changed.notes[-1].text == "a note for all"
    assert host.feed("N") is changed
    host.submit("N", Move("N", 1))
    after = host.feed("N")
    assert after is not changed and after.view.scores == (1, 0, 0)
    assert host.feed("N") is after


@pytest.mark.parametrize(
    "kinds",
    [
        pytest.param({}, id="people"),
        pytest.param({"E": "first", "S": "gambler"}, id="computers"),
    ],
)
def test_views_are_computed_once_per_state_and_seat(kinds: Mapping[str, str]) -> None:
    rules = CountingViews()
    host = make(kinds, rules=rules, options={"turns": 2})

    def pick(h: TableHost, seat: str) -> Any:
        for _ in range(2):
            for s in (*PLAYERS, CONTROL, ""):
                h.feed(s)
            h.next_step()
        options = h.my_options(seat)
        return options[len(h.session.journal) % len(options)]

    drive(host, pick)
    assert host.over
    twice = {key: n for key, n in rules.calls.items() if n > 1}
    assert not twice, sorted({seat for (_, seat) in twice})


def test_result_views_and_feeds_agree() -> None:
    host = make({"E": "gambler"})
    before, after = computer_east_rolls(host)
    (result,) = host.results("S")
    assert result.after == host.feed("S").view
    assert result.before == RULES.view(before, "S")
    assert host.feed(CONTROL).view is host.state  # the umpire's view is the whole game
