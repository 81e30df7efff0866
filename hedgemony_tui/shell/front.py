"""What a game brings to the shell: its ``Front``, the screens around its rules.

A game's front package (``games/<id>/front``) defines ``FRONT``, an object with the
members of :class:`Front`. The shell supplies everything common to every game — the
title and its game picker, the new-game form, the hand-over, the decision panel, the
journal, help, dialogs, undo, save and load — and asks the front only for what is the
game's own: its name and banner, its board, its views on keys, its worksheets per
decision kind, how its intents read in a menu, how its log reads in the journal, and
its help texts.

A front's screens and widgets read the game through the :class:`Table` the app offers
(``self.app`` in a widget): the state as the keyboard holder may see it, that seat's
options, and ``choose`` to send one back. No rule lives here or in a front: screens
show views and hand back legal intents.

This module is read before the title paints, so it imports nothing heavy: the types
below that name textual or the table core are for type checkers only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    from hedgemony_tui.table.contract import Decision, GameRules
    from hedgemony_tui.table.seats import Seats

    from .notes import Row


class Table(Protocol):
    """What the shell's app offers a front (its screens, widgets and hooks)."""

    rules: GameRules
    seats: Seats

    @property
    def state(self) -> Any:
        """The whole state: only for screens that show a seat no more than it may see."""
        ...

    def seen_state(self) -> Any:
        """The state as the seat at the keyboard may see it (``rules.view``)."""
        ...

    def viewer_seat(self) -> str:
        """The seat at the keyboard ("" before the first hand-over)."""
        ...

    def keyboard_label(self) -> str:
        """Who holds the keyboard, in words ("Keyboard: Ann (RU)")."""
        ...

    def my_options(self) -> list[tuple[Any, str]]:
        """The pending decision's intents and their labels, when it is the keyboard holder's."""
        ...

    def choose(self, intent: Any) -> None:
        """A person at the keyboard picked ``intent`` (None: nothing)."""
        ...


@dataclass(frozen=True)
class View:
    """A view of the game on a key of the board (Hedgemony: F2 the placemat).

    ``open`` makes its screen, or returns None after saying why it may not open now
    (the ground truth is the White Cell's alone)."""

    key: str
    name: str
    id: str
    open: Callable[[Table], Screen[Any] | None]
    help: str = ""


@dataclass(frozen=True)
class Action:
    """A game's own action on a key of the board (Hedgemony: F7 inject an event)."""

    key: str
    name: str
    id: str
    run: Callable[[Table], None]
    help: str = ""
    palette: bool = True
    """Offered in the command palette too (not for keys that only move the focus)."""


SHELL_ACTIONS: dict[str, tuple[str, str, str]] = {
    # name -> (default key, footer label, palette help); "to_control" only in games with a control seat
    "journal": ("f4", "Journal", "every decision, roll and lookup"),
    "worksheet": ("f6", "Worksheet", "the worksheet of the pending decision"),
    "to_control": ("f8", "", "pass the keyboard to the facilitators' seat"),
    "save": ("ctrl+s", "Save", "write the game to a file"),
    "load": ("ctrl+o", "Load", "open a saved game"),
    "undo": ("ctrl+z", "Undo", "take back the last decision, if nothing was revealed"),
}
"""The shell's own keys on the board, in their default footer order."""


@dataclass(frozen=True)
class ShellKey:
    """Where one of the shell's own keys (:data:`SHELL_ACTIONS`) sits among the game's in
    the footer, and optionally another key or label. The shell adds any it is not given
    after the game's keys."""

    action: str
    key: str = ""
    name: str = ""


Key = View | Action | ShellKey


@dataclass(frozen=True)
class Worksheet:
    """A screen that takes one kind of decision with the arithmetic shown; it returns a
    legal intent or None (``open(table, seat)`` makes it)."""

    name: str
    open: Callable[[Table, str], Screen[Any]]


@dataclass(frozen=True)
class BoardParts:
    """The game's board on the game screen: ``main`` fills the left, ``top`` (a status
    bar) sits above everything, ``side`` above the decision panel. A part with a
    ``refresh_view()`` method is redrawn after every change."""

    main: Widget
    top: Widget | None = None
    side: Widget | None = None


class Front(Protocol):
    """A game's screens, as the shell uses them (see the module docstring)."""

    title: str
    """The game's name (the picker, the window title)."""
    tagline: str
    """One line under the banner and beside the name in the picker."""
    banner: str
    """The title screen's banner (a few lines of text art, or the name)."""
    min_size: tuple[int, int]
    """The smallest terminal (columns, lines) the board fits in."""
    css_paths: tuple[str, ...]
    """Stylesheets of the board and the front's screens, loaded with the game screen."""

    def keys(self) -> Sequence[Key]:
        """The board's keys in footer order: the game's views and actions, and where the
        shell's own keys go among them."""
        ...

    def board(self, table: Table) -> BoardParts:
        """Fresh widgets for the game screen's board."""
        ...

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        """The worksheets ``seat`` may open for ``decision`` (none: the decision list does)."""
        ...

    def intent_label(self, table: Table, intent: Any) -> str:
        """An intent as a menu line."""
        ...

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        """The game's log in ``seen`` (a seat's view) as journal rows, each with the
        number of log entries up to and including it (the shell's notes go in between)."""
        ...

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        """A screen to show a person what their decision did (a roll's result), or None."""
        ...

    def help(self, topic: str) -> str:
        """Help text (Markdown) for ``board`` or ``new-game``; "" for the shell's own."""
        ...

    def default_kinds(self, rules: GameRules) -> Mapping[str, str]:
        """Who plays each seat on a fresh new-game form (``human`` or a policy or mode)."""
        ...
