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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.screen import Screen
    from textual.widget import Widget

    from hedgemony_tui.table.contract import AnyRules, Decision
    from hedgemony_tui.table.seats import Seats

    from .guide_types import Guide
    from .notes import Row


class Table(Protocol):
    """The handle a front's screens and widgets get (:func:`table_of`): one seat's side
    of the table — its view, the pending decision as it may read it, its options — and
    the one action it may take, ``choose``. Never the whole state: the control seat's
    view is the whole game, every other seat's is what it may know."""

    @property
    def rules(self) -> AnyRules:
        """The game's rules (pure functions: what a front may ask of any state it is shown)."""
        ...

    @property
    def seats(self) -> Seats:
        """Who plays each seat (a person or a computer player), and their names."""
        ...

    @property
    def control_seat(self) -> str | None:
        """The facilitators' seat (White Cell, umpire), if the game has one."""
        ...

    def seen_state(self) -> Any:
        """The state as the seat at the keyboard may see it (its feed's view)."""
        ...

    def decision(self) -> Decision:
        """The pending decision in words the seat at the keyboard may read (``pending_for``)."""
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

    def hand_over_showing(self) -> bool:
        """The keyboard is between two people: draw nothing of anyone's."""
        ...


def table_of(node: Any) -> Table:
    """The table a screen or widget of a front draws from: its app, typed as :class:`Table`."""
    return cast(Table, node.app)


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
    control_only: bool = False
    """The facilitators' view: its key shows only while the control seat holds the keyboard."""


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
    control_only: bool = False
    """The facilitators' tool: its key shows only while the control seat holds the keyboard."""


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
    show: bool = True
    """In the footer; False keeps the key working (and in the palette) but leaves its
    label out, so that a game with many keys keeps Events and Quit in sight at 100 columns."""


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


@runtime_checkable
class Front(Protocol):
    """What every game's screens supply to the shell (see the module docstring).

    :class:`FrontBase` gives every member but the first five a default. What a game's
    front *may* add (its guide, its lesson, its end report and charts, its decision
    panel's groups, its phases' names) is each a protocol of its own below: the shell
    asks for it only when the front has it."""

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

    def board(self, table: Table) -> BoardParts:
        """Fresh widgets for the game screen's board."""
        ...

    def keys(self) -> Sequence[Key]:
        """The board's keys in footer order: the game's views and actions, and where the
        shell's own keys go among them."""
        ...

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        """The worksheets ``seat`` may open for ``decision`` (none: the decision list does)."""
        ...

    def intent_label(self, table: Table, intent: Any) -> str:
        """An intent as a menu line."""
        ...

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        """The game's log in ``seen`` (a seat's view) as journal rows, each with the
        number of log entries up to and including it (the shell's notes go in between):
        the numbers count over the whole of ``seen.log``, never restarting."""
        ...

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        """A screen to show a person what their decision did (a roll's result), or None.
        It is asked for every result a seat is owed (whom a result concerns is the rules'
        ``concerns``), with ``before``/``after`` that seat's own views."""
        ...

    def help(self, topic: str) -> str:
        """Help text (Markdown) for ``board`` or ``new-game``; "" for the shell's own."""
        ...

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        """Who plays each seat on a fresh new-game form (``human`` or a policy or mode)."""
        ...


class FrontBase:
    """The defaults of :class:`Front`: no keys of the game's own, no worksheets, intents
    labelled by their ``describe()``, the log's entries one row each (``str`` of an
    entry, or its ``text``), no result screens, no help of the game's own, and every
    seat a person on a fresh form. A game's front derives from it and sets ``title``,
    ``tagline``, ``banner``, ``min_size`` and writes ``board``."""

    title: str
    tagline: str
    banner: str
    min_size: tuple[int, int]
    css_paths: tuple[str, ...] = ()

    def board(self, table: Table) -> BoardParts:
        raise NotImplementedError(f"{type(self).__name__} must write board()")

    def keys(self) -> Sequence[Key]:
        return ()

    def worksheets(self, table: Table, decision: Decision, seat: str) -> Sequence[Worksheet]:
        return ()

    def intent_label(self, table: Table, intent: Any) -> str:
        return str(intent.describe())

    def log_rows(self, seen: Any) -> Sequence[tuple[int, Row]]:
        from .notes import Row  # lazy: this module is read before the title paints

        rows = []
        for number, entry in enumerate(seen.log, start=1):
            text = str(getattr(entry, "text", entry))
            turn = int(getattr(entry, "turn", 0) or 0)
            rows.append((number, Row(turn, str(getattr(entry, "phase", "")), "", "log", text, False)))
        return rows

    def result_screen(self, table: Table, intent: Any, before: Any, after: Any, seat: str) -> Screen[Any] | None:
        return None

    def help(self, topic: str) -> str:
        return ""

    def default_kinds(self, rules: AnyRules) -> Mapping[str, str]:
        return {}


# --- what a front may add (the shell looks each up with ``getattr`` and does without)


@runtime_checkable
class GuideFront(Protocol):
    """A rules guide for F1: without one the shell shows only its own sections (keys,
    hand-over, saves, undo)."""

    def guide(self) -> Guide:
        """The game's rules guide (sections, glossary; see :mod:`.guide_types`)."""
        ...


@runtime_checkable
class PathFront(Protocol):
    """A decision panel in groups: without it the menu is the labels, flat (the shell
    splits any level into pages of at most 30 entries either way)."""

    def intent_path(self, table: Table, intent: Any) -> tuple[str, ...]:
        """The intent's place in the decision panel's menu: a group, an entry, then the
        steps that tell it from the intents behind the same entry, e.g. ``("Investments",
        "Modernize FFs", "14 FF M3 in CONUS", "2 FF")``; the group ``PHASE_END_GROUP`` for
        intents that end a phase."""
        ...


@runtime_checkable
class EndReportFront(Protocol):
    """The end-of-game screen's own sections and charts: without them it shows who won
    and why, and the seed."""

    def end_report(self, table: Table) -> Sequence[tuple[str, RenderableType]]:
        """The game's sections (title, renderable), after who won: the victory conditions
        with their numbers, the decisive rolls, ...; from what every seat may see once the
        game is over."""
        ...

    def tracks(self, view: Any) -> Mapping[str, Mapping[str, float]]:
        """Figures to chart by turn (series name -> seat -> value) in ``view``; the shell
        samples them at each turn boundary by replaying the journal."""
        ...


@runtime_checkable
class PhaseNameFront(Protocol):
    """Phases in a player's words where the rules' ``turn_of`` names them for code
    ("blue-actions"): the Continue list and the journal use it."""

    def phase_name(self, state: Any) -> str: ...


@runtime_checkable
class TurnWordFront(Protocol):
    """The game's word for a turn where it is not "Turn" (the world-system game: "Cycle"):
    the events, the journal, the lesson and the Continue list use it."""

    turn_word: str


@runtime_checkable
class CommitFront(Protocol):
    """A game's own word on what a choice spends for good: the decision panel asks
    "Enter again to confirm" for any choice this names (besides those the host finds
    close a turn, a phase or a sealed answer, :mod:`.confirm`). Looked up with ``getattr``."""

    def irreversible(self, table: Table, intent: Any) -> str:
        """A short sentence on what ``intent`` spends that nothing gives back ("" none),
        from what the seat at the keyboard sees."""
        ...


def turn_word(front: Any) -> str:
    """The front's word for a turn, capitalised ("Turn" when it names none)."""
    word = str(getattr(front, "turn_word", "") or "Turn")
    return word[:1].upper() + word[1:]


def phase_label(front: Any, phase: str) -> str:
    """A phase as the journal shows it: the front's optional ``phase_words(phase)`` (the
    world-system's "declarations" reads "rivalry: goals"), else as ``turn_of`` names it."""
    words = getattr(front, "phase_words", None)
    return str(words(phase)) if callable(words) else phase


def turn_mark(front: Any, turn: int) -> str:
    """A turn in a narrow column: "T3", the front's own word's first letter ("C3"), or its
    optional ``turn_letters`` where that letter means something else on its screens
    (Gaming to the Rescue's "C3" is a crisis: its cycles read "Cy3")."""
    letters = str(getattr(front, "turn_letters", "") or turn_word(front)[:1])
    return f"{letters}{turn}"


PHASE_END_GROUP = "End of phase"
"""The group of the intents that end a phase or a turn (``Front.intent_path``): the
decision panel lists it first, open, whenever such an intent is legal."""


# --- coach and lesson


@dataclass(frozen=True)
class Lesson:
    """A short guided game for a newcomer ("Learn to play" on the title): the learner
    takes ``seat``, the other seats are played by ``kinds`` (a policy, or a control
    mode for the control seat), the game is ``turns`` long (set through the option
    ``length_option``), the coach is on, and each phase opens with its note.

    ``notes`` maps a phase's name (``rules.turn_of(state)[1]``) to a short text in
    Markdown: what happens now and what the choices mean; ``moments`` maps a decision's
    kind to a note shown the first time the learner owes one. ``guide`` maps a phase or
    kind to the guide's topic that F1 opens there. ``intro`` opens the lesson, ``closing``
    ends it."""

    title: str
    seat: str
    turns: int
    kinds: Mapping[str, str]
    notes: Mapping[str, str]
    intro: str = ""
    closing: str = ""
    moments: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, object] = field(default_factory=dict)
    length_option: str = "turns"
    guide: Mapping[str, str] = field(default_factory=dict)
    seed: int | None = None
    """A fixed seed (the same lesson every time), or None for a fresh one."""

    def game_options(self) -> dict[str, object]:
        """The rules options of the lesson's game: its own, and its length (none for a
        game of fixed length: ``length_option`` "")."""
        if not self.length_option:
            return dict(self.options)
        return {**self.options, self.length_option: self.turns}


@runtime_checkable
class LessonFront(Protocol):
    """The optional Front member of a game that teaches itself: ``lesson()`` (the title
    offers "Learn to play" when the picked game's front has it; the shell finds it with
    ``getattr``). The coach in play is the rules' own (``table.contract.coach_of``)."""

    def lesson(self) -> Lesson: ...
