"""Every roll shown at the table: how often the game stops to show a result, and the
base of a game's result screens.

After each decision that rolled a die the table host owes its result to every seat it
concerns (``rules.concerns``) and to every seat whose pace asks for every roll; the
flow shows the keyboard holder its own at once (the front's ``result_screen`` from the
seat's views) and waits while it shows: computer play goes on only once it is closed
(**n**, Enter or Esc). Each person's *pace* is theirs: every roll they may see, only
rolls that concern their seat, or only their own. A person's own rolls always show.

:class:`ResultPause` is the base a front's result screen may take: the Next key, the
pace key (**p**) and a footer line saying that play waits.
"""

from __future__ import annotations

import time
from typing import Any

from textual import events
from textual._time import get_time  # the clock Textual stamps each key event with
from textual.binding import Binding
from textual.screen import ModalScreen

from hedgemony_tui.table.feed import EVERY, MINE, NEVER, PACES

from .dialogs import PickScreen

SHORT: dict[str, str] = {EVERY: "every roll", MINE: "my seat's rolls", NEVER: "my own rolls"}


def default_pace() -> str:
    """Every person starts by seeing every roll they may see; each sets their own pace
    (Ctrl+T), and it never changes by itself when seats change."""
    return EVERY


def pace_options() -> list[tuple[str, str]]:
    """(label, value) pairs for a Select."""
    return [(label, value) for value, label in PACES.items()]


def dice_game(app: Any) -> bool:
    """The game being played rolls dice (True too when none is open): a game without
    dice stops instead for a step's result (what it did to a seat's own pieces)."""
    try:
        return bool(app.rules.info.dice)
    except Exception:
        return True


def hidden_draws(app: Any) -> bool:
    """The game draws cards or rolls inside a step's resolution without offering odds as
    a roll of its own (its front says so with ``draws_in_results``): its stops show what a
    step did, draws and dice included."""
    return bool(getattr(getattr(app, "front", None), "draws_in_results", False))


def pace_words(app: Any, text: str) -> str:
    """``text`` about rolls, in a game without dice about results."""
    if dice_game(app):
        return text
    return text.replace("rolls", "results").replace("roll", "result")


def pick_pace(app: Any, then: Any = None) -> None:
    """Ask the keyboard holder how often the game stops for rolls (results in a game
    without dice); set their own pace."""
    values = list(PACES)

    def picked(index: int | None) -> None:
        if index is not None:
            app.set_pace(values[index])
            app.notify(
                pace_words(app, f"Rolls for {app.keyboard_label().removeprefix('Keyboard: ')}: {PACES[app.pace]}"),
                title="Pace",
                markup=False,
            )
        if then is not None:
            then()

    question = f"How often should the game stop to show a roll? (now: {SHORT.get(app.pace, app.pace)})"
    if not dice_game(app) and hidden_draws(app):
        question = (
            "This game stops to show what a step did: the cards drawn and dice rolled as it was "
            f"carried out. How often? (now: {pace_words(app, SHORT.get(app.pace, app.pace))})"
        )
    elif not dice_game(app):
        question = (
            "This game has no dice: it stops to show what a step did to a seat. "
            f"How often? (now: {pace_words(app, SHORT.get(app.pace, app.pace))})"
        )
    app.push_screen(PickScreen(question, [pace_words(app, PACES[v]) for v in values]), picked)


SPILL = 2.5
"""Seconds after n closes a result screen during which a further n is taken as the same
paging, not as typing into the decision list's search. Each n swallowed so starts the
count again, so a burst of n's is swallowed however long the computers take between
result screens; any other key ends it (the person is typing)."""


class ResultPause(ModalScreen[None]):
    """A result screen the game waits on: **n**/Enter/Esc goes on, **p** sets the pace.

    A front's result screen subclasses it (adding its own body); the flow resumes
    computer play when it is dismissed."""

    BINDINGS = [
        Binding("n", "next_by_n", "Next", id="result.next"),
        Binding("enter", "next", "Next", id="result.ok", show=False),
        Binding("escape", "next", "Next", id="result.close", show=False),
        Binding("p", "pace", "Pace", id="result.pace"),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.shown_at = get_time()
        """When the result was ready: a key typed before it (while the step was carried
        out, e.g. a season's resolution) was not meant for this screen."""

    def on_key(self, event: events.Key) -> None:
        # Keys typed while the step was still being carried out wait in the queue and would
        # close this screen unread, or land in the next decision list: swallowed.
        if event.time < getattr(self, "shown_at", 0.0):
            event.stop()
            event.prevent_default()

    def pause_line(self) -> str:
        """What the screen waits for, in words (for the screen's own footer line); after a
        hand-over, that the result is from while the seat was away."""
        app = self.app
        pace = getattr(app, "pace", EVERY)
        line = f"Play waits: n or Enter for the next · p: how often to stop (now: {SHORT.get(pace, pace)})"
        line = pace_words(app, line)
        context = getattr(app, "result_context", None)
        away = context() if context is not None else ""
        return f"{away} · {line}" if away else line

    def action_next(self) -> None:
        self.dismiss(None)

    def action_next_by_n(self) -> None:
        # An n pressed once too often (paging through several results) must not land in the
        # decision list's search box: the panel swallows n for a moment (``SPILL``).
        app: Any = self.app  # any app of the shell: the panel reads it with getattr
        app.spill_guard = "n", time.monotonic() + SPILL, SPILL  # the key, until when, and for how long again
        self.dismiss(None)

    def action_pace(self) -> None:
        app = self.app

        def after() -> None:
            if getattr(app, "pace", EVERY) == NEVER and app.screen is self:
                self.dismiss(None)  # no more stops: this one ends too

        pick_pace(app, after)
