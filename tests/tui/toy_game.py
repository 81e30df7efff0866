"""A tiny open-information game for the shell's tests: two players take turns adding 1 or
2 to a counter; whoever reaches the target first wins. No hidden information, no control
seat, no dice: the shell must run it with nothing of Hedgemony's, and with a "next
player" notice instead of a hand-over. The module is the game's rules (``RULES``) and
its front (``FRONT``) at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Union

import attrs
from textual.widgets import Static

from hedgemony_tui.shell.front import BoardParts
from hedgemony_tui.table.codec import register_tagged_union
from hedgemony_tui.table.contract import (
    Choice,
    Decision,
    GameInfo,
    OptionSpec,
    Outcome,
    OutcomeKind,
    SeatResult,
    SeatSpec,
)
from hedgemony_tui.table.errors import IllegalIntent, RuleInputError

SEATS = ("A", "B")


@attrs.frozen
class Add:
    TAG: ClassVar[str] = "add"
    seat: str
    amount: int

    def describe(self) -> str:
        return f"{self.seat} adds {self.amount}"


@attrs.frozen
class Concede:
    """Never offered: it only makes the intents a union of two (a union of one class is
    that class, and the table's tagged-union codec then recurses on it)."""

    TAG: ClassVar[str] = "concede"
    seat: str

    def describe(self) -> str:
        return f"{self.seat} concedes"


Intent = Union[Add, Concede]


@attrs.frozen
class CountState:
    seed: int
    target: int
    total: int = 0
    turn: int = 1
    to_move: str = "A"
    winner: str = ""
    log: tuple[str, ...] = ()


class ToyRules:
    info = GameInfo(
        id="toy",
        title="Count to ten",
        summary="add 1 or 2; reach the target first",
        min_players=2,
        max_players=2,
        outcome=OutcomeKind.INDIVIDUAL,
        hidden_information=False,
    )
    state_type = CountState
    intent_types = (Add, Concede)
    intent_union = Intent
    open_intent_types: tuple[type, ...] = ()
    save_kind = "toy-save"
    schema_version = 1
    migrations: Mapping[int, Any] = {}

    def __init__(self) -> None:
        register_tagged_union(Intent, self.intent_types)

    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(s, f"Player {s}") for s in SEATS)

    def options(self) -> tuple[OptionSpec, ...]:
        return (OptionSpec("target", "Target", 10, "the number to reach", 3, 30),)

    def setup(self, seed: int, options: Mapping[str, object]) -> CountState:
        target = options.get("target", 10)
        problem = self.options()[0].problem(target)
        if problem:
            raise RuleInputError(problem)
        return CountState(seed, int(target))  # type: ignore[call-overload]

    def pending(self, state: CountState) -> Decision:
        if state.winner:
            return Decision(("A",), "over", "The game is over.")
        return Decision((state.to_move,), "add", f"{state.to_move}: add 1 or 2 (total {state.total})")

    def pending_for(self, state: CountState, seat: str) -> Decision:
        return self.pending(state)  # nothing is hidden in this game

    def legal(self, state: CountState) -> list[Add]:
        return [] if state.winner else [Add(state.to_move, 1), Add(state.to_move, 2)]

    def apply(self, state: CountState, intent: Add) -> CountState:
        if intent not in self.legal(state):
            raise IllegalIntent(f"{intent.describe()} is not allowed now: {self.pending(state).prompt}")
        total = state.total + intent.amount
        other = SEATS[1 - SEATS.index(intent.seat)]
        return attrs.evolve(
            state,
            total=total,
            turn=state.turn + (intent.seat == "B"),
            to_move=other,
            winner=intent.seat if total >= state.target else "",
            log=(*state.log, intent.describe()),
        )

    def seat_of(self, intent: Add) -> str:
        return intent.seat

    def view(self, state: CountState, seat: str) -> CountState:
        return state

    def outcome(self, state: CountState) -> Outcome | None:
        if not state.winner:
            return None
        return Outcome(
            tuple(SeatResult(s, "win" if s == state.winner else "lose") for s in SEATS),
            summary=f"Winner: {state.winner}",
        )

    def check(self, state: CountState) -> list[str]:
        return []

    def roll_faces(self, state: CountState) -> tuple[Any, ...]:
        return ()  # no dice in this game

    def concerns(self, before: CountState, after: CountState, intent: Add) -> tuple[str, ...]:
        return (intent.seat,)

    def reveals(self, before: CountState, after: CountState) -> bool:
        return False

    def turn_of(self, state: CountState) -> tuple[int, str]:
        return state.turn, "play"

    def summary(self, state: CountState) -> dict[str, Any]:
        return {"total": state.total}

    def policy_names(self) -> tuple[str, ...]:
        return ("first",)

    def policy(self, name: str) -> Any:
        return _First()

    def control_modes(self) -> tuple[str, ...]:
        return ()

    def control_bot(self, mode: str) -> None:
        return None

    def vary_secrets(self, state: CountState, seat: str, salt: int) -> CountState:
        return state


class _First:
    name = "first"

    def decide(self, view: Any, options: Sequence[Any]) -> Choice:
        return Choice(options[0], "the first option")


class Counter(Static):
    def refresh_view(self) -> None:
        table: Any = self.app
        self.update(f"Total: {table.seen_state().total}")


class ToyFront:
    title = "Count to ten"
    tagline = "a two-player toy"
    banner = "COUNT"
    min_size = (60, 20)
    css_paths: tuple[str, ...] = ()

    def keys(self) -> Sequence[Any]:
        return ()

    def board(self, table: Any) -> BoardParts:
        return BoardParts(main=Counter(id="counter"))

    def worksheets(self, table: Any, decision: Any, seat: str) -> Sequence[Any]:
        return ()

    def intent_label(self, table: Any, intent: Any) -> str:
        return intent.describe()

    def log_rows(self, seen: Any) -> Sequence[Any]:
        from hedgemony_tui.shell.notes import Row

        return [(n, Row(0, "play", "", "move", text, False)) for n, text in enumerate(seen.log, start=1)]

    def result_screen(self, *args: Any) -> None:
        return None

    def help(self, topic: str) -> str:
        return ""

    def default_kinds(self, rules: Any) -> Mapping[str, str]:
        return {}

    def guide(self) -> Any:
        # A one-page guide: the shell adds its own pages (keys, hand-over, saves, undo).
        from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection

        board = GuideSection(
            "board",
            "The counter",
            "Each player in turn adds 1 or 2 to the total; whoever brings it to the target wins.",
            terms=("Target",),
        )
        return Guide("Count to ten", (board,), (GlossaryEntry("Target", "The total that ends the game."),))


RULES = ToyRules()
FRONT = ToyFront()
