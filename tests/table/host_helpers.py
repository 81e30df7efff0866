"""What the table host's tests share: a host on the tiny game of ``host_game.py`` with
each seat a person or a computer, and the steps a person takes (``tests/table/test_host*.py``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hedgemony_tui.table.feed import (
    KEEP,
    Applied,
    ComputerTurn,
    GameOver,
    PersonTurn,
    SeatFeed,
    ShowResults,
    Step,
)
from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.table.host_game import CONTROL, RULES, Move, Roll

QUIET = {CONTROL: "auto"}  # the automated umpire that never acts: the umpire is no person


def make(
    kinds: Mapping[str, str] | None = None,
    *,
    seed: int = 1,
    options: Mapping[str, object] | None = None,
    rules: Any = RULES,
    state: Any = None,
    **host_args: Any,
) -> TableHost:
    """A host on a new game: every seat a person unless ``kinds`` names a policy (the
    umpire is the quiet automated one unless ``kinds`` says otherwise)."""
    chosen = {**QUIET, **(kinds or {})}
    start = rules.setup(seed, options or {}) if state is None else state
    return TableHost(rules, Session(rules, start), Seats.of_specs(rules.seats(), chosen), **host_args)


def first(host: TableHost, seat: str) -> Any:
    return host.my_options(seat)[0]


def drive(
    host: TableHost,
    pick: Callable[[TableHost, str], Any] = first,
    *,
    until: Callable[[TableHost], bool] | None = None,
    limit: int = 400,
) -> list[Step]:
    """Play as a shell would: show owed results, let computers decide, hand the keyboard
    over, and let the person at it pick; the steps seen, in order."""
    steps: list[Step] = []
    for _ in range(limit):
        if until is not None and until(host):
            return steps
        step = host.next_step()
        steps.append(step)
        if isinstance(step, GameOver):
            return steps
        if isinstance(step, ShowResults):
            host.result_seen(step.seat)
        elif isinstance(step, ComputerTurn):
            assert host.play_computer(), step
        elif isinstance(step, PersonTurn):
            if step.how != KEEP:
                host.take_keyboard(step.seat)
            else:
                host.submit(step.seat, pick(host, step.seat))
        else:
            raise AssertionError(f"unexpected step {step!r}")
    raise AssertionError(f"no end after {limit} steps")


def person_takes(host: TableHost, seat: str, intent: Any) -> list[Any]:
    """``seat`` owes the decision now: it takes the keyboard (if it must) and ``intent``."""
    step = host.next_step()
    assert isinstance(step, PersonTurn) and step.seat == seat, step
    host.take_keyboard(seat)
    return host.submit(seat, intent)


def words(feed: SeatFeed) -> tuple[Any, ...]:
    """The strings of a feed a person reads."""
    return (
        feed.decision.prompt,
        feed.decision.kind,
        feed.decision.seats,
        tuple(o.describe() for o in feed.options),
        tuple(n.text for n in feed.notes),
        feed.turn,
        feed.phase,
    )


def computer_east_rolls(host: TableHost) -> tuple[Any, Any]:
    """N (a person at the keyboard) moves; the gambling computer E gambles and rolls.
    The states just before and after the roll."""
    person_takes(host, "N", Move("N", 1))
    assert host.next_step() == ComputerTurn(("E",))
    host.play_computer()  # E gambles
    before = host.state
    events = host.play_computer()  # E rolls
    assert isinstance(events[0], Applied) and events[0].intent == Roll("E") and events[0].reveals
    return before, host.state
