"""Every roll shown at the table: how often the game stops to show a result, and the
base of a game's result screens.

After each decision that rolled a die the flow asks the game's front for its result
screen (``front.result_screen``) built from the views of the seat at the keyboard, and
waits while it shows: computer play goes on only once it is closed (**n**, Enter or
Esc). The *pace* says when to stop for the computer players' rolls: at every roll, only
at rolls that involve the keyboard's seat (``front.roll_involves``), or never. A
person's own rolls always show.

:class:`ResultPause` is the base a front's result screen may take: the Next key, the
pace key (**p**) and a footer line saying that play waits.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.screen import ModalScreen

EVERY = "every"
MINE = "mine"
NEVER = "none"
PACES: dict[str, str] = {
    EVERY: "stop at every roll",
    MINE: "stop only at rolls that involve my seat",
    NEVER: "don't stop (rolls go to the journal and the event pane)",
}
"""The pace settings and how they read on the form, in the picker and in the footer."""
SHORT: dict[str, str] = {EVERY: "every roll", MINE: "my seat's rolls", NEVER: "no stops"}


def default_pace(people: int) -> str:
    """A lone learner sees every roll; several people at one keyboard only their own."""
    return EVERY if people == 1 else MINE


def pace_options() -> list[tuple[str, str]]:
    """(label, value) pairs for a Select."""
    return [(label, value) for value, label in PACES.items()]


def pick_pace(app: Any, then: Any = None) -> None:
    """Ask how often the game stops for rolls; set ``app.pace`` and tell it."""
    from .dialogs import PickScreen

    values = list(PACES)

    def picked(index: int | None) -> None:
        if index is not None:
            app.pace = values[index]
            app.notify(f"Rolls: {PACES[app.pace]}", title="Pace", markup=False)
        if then is not None:
            then()

    app.push_screen(PickScreen(f"How often should the game stop to show a roll? (now: {SHORT.get(app.pace, app.pace)})",
                               [PACES[v] for v in values]), picked)


class ResultPause(ModalScreen[None]):
    """A result screen the game waits on: **n**/Enter/Esc goes on, **p** sets the pace.

    A front's result screen subclasses it (adding its own body); the flow resumes
    computer play when it is dismissed."""

    BINDINGS = [
        Binding("n", "next", "Next", id="result.next"),
        Binding("enter", "next", "Next", id="result.ok", show=False),
        Binding("escape", "next", "Next", id="result.close", show=False),
        Binding("p", "pace", "Pace", id="result.pace"),
    ]

    def pause_line(self) -> str:
        """What the screen waits for, in words (for the screen's own footer line)."""
        app: Any = self.app
        pace = getattr(app, "pace", EVERY)
        return f"Play waits: n or Enter for the next · p: how often to stop (now: {SHORT.get(pace, pace)})"

    def action_next(self) -> None:
        self.dismiss(None)

    def action_pace(self) -> None:
        app: Any = self.app

        def after() -> None:
            if getattr(app, "pace", EVERY) == NEVER and app.screen is self:
                self.dismiss(None)  # no more stops: this one ends too

        pick_pace(app, after)
