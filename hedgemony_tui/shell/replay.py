"""The replay: step through a saved game, see it as any seat saw it, bookmark, branch.

``hedgemony replay SAVE`` opens the save's timeline (:class:`~hedgemony_tui.table.replay.Timeline`)
at its start. The keys move by decision, by phase and by turn (shown in the footer); the
viewpoint switches between each seat, the control seat (the White Cell sees all) and
the room (what every seat saw), so a debrief shows what each side knew when it decided.
A bookmark puts a note on the point shown; bookmarks are written into the save (its
``[[bookmarks]]``, atomically with a backup), so they survive save and load. **Branch
here** takes another legal decision at the point shown and writes a new save that plays
on from there (and records where it branched); every roll named the same in both
games shows the same face.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from hedgemony_tui.table.errors import IllegalIntent, SaveError
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.registry import get_front
from hedgemony_tui.table.replay import Timeline, branch
from hedgemony_tui.table.save_files import update_notes
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.text import inert

from .viewing import ViewingApp

REPLAY_CSS = """
#view-body { height: 1fr; }
#view-board { width: 2fr; }
#view-side { width: 1fr; min-width: 30; }
#view-events { height: 1fr; padding: 0 1; border-top: solid $primary-darken-2; }
#replay-status { height: auto; max-height: 4; padding: 0 1; background: $primary-darken-2; }
.dialog { width: 80%; max-width: 100; height: auto; max-height: 80%; padding: 1 2; border: thick $primary; background: $surface; }
.dialog-title { text-style: bold; margin-bottom: 1; }
ModalScreen { align: center middle; }
"""


class AskScreen(ModalScreen[str | None]):
    """Ask for a line of text (Enter confirms, Esc cancels)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="ask.cancel")]

    def __init__(self, question: str, value: str = "") -> None:
        super().__init__()
        self.question, self.value = question, value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")
            yield Input(value=self.value, id="ask-input")
            yield Static("Enter confirms · Esc cancels")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChooseScreen(ModalScreen[int | None]):
    """Choose one of a list of lines (shown as plain text); returns its index."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choose.cancel")]

    def __init__(self, title: str, labels: list[str]) -> None:
        super().__init__()
        self.title_text, self.labels = title, labels

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text), classes="dialog-title")
            yield OptionList(*(Option(Text(label)) for label in self.labels), id="choose-list")
            yield Static("↑↓ move · Enter chooses · Esc cancels")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayApp(ViewingApp):
    """A saved game's timeline on the board (see the module docstring)."""

    CSS = REPLAY_CSS
    BINDINGS = [
        # Not the arrows: the board may use them to move between places.
        Binding("comma", "move('back')", "Back", key_display="<", id="replay.back"),
        Binding("full_stop", "move('on')", "Forward", key_display=">", id="replay.on"),
        Binding("pageup", "move('phase_back')", "Phase back", id="replay.phase-back"),
        Binding("pagedown", "move('phase_on')", "Phase on", id="replay.phase-on"),
        Binding("home", "move('turn_back')", "Turn back", id="replay.turn-back"),
        Binding("end", "move('turn_on')", "Turn on", id="replay.turn-on"),
        Binding("g", "go_to_turn", "Go to turn", id="replay.goto"),
        Binding("v", "viewpoint", "Viewpoint", id="replay.viewpoint"),
        Binding("b", "bookmark", "Bookmark", id="replay.bookmark"),
        Binding("m", "next_bookmark", "Next mark", id="replay.next-mark"),
        Binding("f", "branch", "Branch here", id="replay.branch"),
        Binding("q", "quit", "Quit", id="replay.quit"),
    ]

    def __init__(self, path: str | os.PathLike[str], *, allow_edited: bool = False) -> None:
        self.path = Path(path)
        self.allow_edited = allow_edited
        self.saved = read_game(self.path, allow_edited=allow_edited)
        self.timeline = Timeline.of(self.saved, name=self.path.name)
        super().__init__(
            self.saved.rules, get_front(self.saved.rules.info.id), self.timeline.states[0], seats=self.saved.seats
        )
        self.index = 0
        self.viewpoints = self.timeline.viewpoints()
        self.viewpoint = PUBLIC

    # --- drawing ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="replay-status")
        yield from self.compose_board()
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"{self.rules.info.title} — replay of {self.path.name}"
        self.show(0)
        if self.saved.warning:
            self.notify(self.saved.warning, title="Not verified", severity="warning", timeout=15, markup=False)

    def show(self, index: int) -> None:
        self.index = max(0, min(self.timeline.last, index))
        self._state = self.timeline.state_at(self.index)
        self.redraw()
        self.query_one("#replay-status", Static).update(self.status_text())

    def status_text(self) -> Text:
        timeline, index = self.timeline, self.index
        turn, phase = timeline.when(index)
        text = Text(overflow="ellipsis")
        text.append(f"Decision {index} of {timeline.last}", style="bold")
        text.append(f" · turn {turn}, {phase} · seen as {self.viewpoint_name(self.viewpoint)}")
        if self.saved.warning:  # said on every step: the file proves less than a game of its seed
            text.append(" · " + self.saved.warning.split(" ", 1)[0], style="bold red")
        text.append("\n")
        if index < timeline.last:
            step = timeline.step(index + 1)
            text.append("Next: ", style="bold")
            own = self.viewpoint in (step.seat, self.rules.info.control_seat)
            if own or timeline.view_at(index, self.viewpoint) != timeline.view_at(index + 1, self.viewpoint):
                text.append(f"{step.seat} ({step.by}): {self.label(timeline.journal[index].intent, step.text)}")
            else:  # a decision this viewpoint did not see (a sealed signal, a private event)
                text.append(f"{step.seat} decides something this view did not see", style="italic")
            # A reason is its seat's and the facilitators' to read (as in the game's journal).
            if step.reason and own:
                text.append(f" — {step.reason}", style="italic")
        else:
            outcome = self.rules.outcome(self._state)
            text.append("The end of the save" + (f": {outcome.summary}" if outcome and outcome.summary else "."))
        for mark in timeline.notes.bookmarks:
            if mark.at == index:
                # A note is a person's text: inert, so an escape sequence in it is shown, not obeyed.
                text.append(f"\nBookmark: {inert(mark.note, multiline=True)}", style="bold yellow")
        return text

    def label(self, intent: Any, fallback: str) -> str:
        """The intent as the game's menus name it (names, not ids), from the view shown."""
        try:
            return self.front.intent_label(self, intent)
        except Exception:
            return fallback

    # --- moving ------------------------------------------------------------------------------

    def action_move(self, where: str) -> None:
        t, i = self.timeline, self.index
        target = {
            "back": i - 1,
            "on": i + 1,
            "phase_back": t.previous_phase(i),
            "phase_on": t.next_phase(i),
            "turn_back": t.previous_turn(i),
            "turn_on": t.next_turn(i),
        }[where]
        self.show(target)

    def action_go_to_turn(self) -> None:
        turns = [turn for turn, _ in self.timeline.turn_ends()]

        def chosen(value: str | None) -> None:
            if value is None:
                return
            try:
                turn = int(value.strip())
            except ValueError:
                self.notify(f"Type a turn number from {turns[0]} to {turns[-1]}.", severity="warning")
                return
            if turn not in turns:
                self.notify(f"There is no turn {turn} in this save: {turns[0]} to {turns[-1]}.", severity="warning")
                return
            self.show(self.timeline.turn_start(turn))

        self.push_screen(AskScreen(f"Go to the start of turn ({turns[0]}-{turns[-1]}):"), chosen)

    def action_viewpoint(self) -> None:
        position = self.viewpoints.index(self.viewpoint) if self.viewpoint in self.viewpoints else -1
        self.viewpoint = self.viewpoints[(position + 1) % len(self.viewpoints)]
        self.show(self.index)

    def action_next_bookmark(self) -> None:
        marks = self.timeline.notes.bookmarks
        if not marks:
            self.notify("No bookmarks yet: B puts one on the point shown.")
            return
        later = [m.at for m in marks if m.at > self.index]
        self.show(later[0] if later else marks[0].at)

    # --- bookmarks and branches ------------------------------------------------------------

    def action_bookmark(self) -> None:
        here = next((m.note for m in self.timeline.notes.bookmarks if m.at == self.index), "")

        def chosen(note: str | None) -> None:
            if note is None:
                return
            self.save_notes(self.timeline.notes.with_bookmark(self.index, note))

        self.push_screen(AskScreen(f"A note on decision {self.index} (empty: remove the bookmark):", here), chosen)

    def save_notes(self, notes: Any) -> None:
        """Write the bookmarks into the save as it is on disk now (the game itself
        unchanged): read again under its lock, so decisions saved since the replay opened
        are kept; refused when the file's journal no longer begins with the one shown."""
        shown = self.timeline.notes

        def change(now: Any) -> Any:
            # Only the bookmark just set or removed: other bookmarks written since stay.
            note = next((m.note for m in notes.bookmarks if m.at == self.index), "")
            return now.with_bookmark(self.index, note) if notes != shown else now

        try:
            written = update_notes(self.path, self.saved.journal, change, allow_edited=self.allow_edited)
        except (SaveError, OSError) as exc:
            self.notify(f"The bookmark could not be saved: {exc}", severity="error", markup=False)
            return
        notes = written.notes.within(self.timeline.last)
        self.timeline.notes = notes
        self.notify(f"Bookmarks saved in {self.path.name}.")
        self.show(self.index)

    def action_branch(self) -> None:
        state = self.timeline.state_at(self.index)
        if self.rules.pending(state).over:
            self.notify("The game is over here: there is no decision to take differently.", severity="warning")
            return
        taken = self.timeline.journal[self.index].intent if self.index < self.timeline.last else None
        options = [i for i in self.rules.legal(state) if i != taken]
        if not options:
            self.notify("No other decision was legal here.", severity="warning")
            return
        labels = [self.front.intent_label(self, i) for i in options][:500]

        def chosen(number: int | None) -> None:
            if number is None:
                return

            try:
                session = branch(self.timeline, self.index, options[number], parent=self.path.name)
            except IllegalIntent as exc:
                self.notify(str(exc), severity="error", markup=False)
                return
            target = branch_path(self.path, self.index)
            session.seats = self.saved.seats
            # The same start as the parent: a verified parent's origin proves the branch too.
            session.origin = self.saved.origin if self.saved.verified else None
            try:
                session.save(target)
            except OSError as exc:
                self.notify(f"The branch could not be saved: {exc}", severity="error", markup=False)
                return
            self.notify(f"Branch saved as {target}. Play it on with: hedgemony play {target}", timeout=12)

        self.push_screen(ChooseScreen(f"Branch at decision {self.index}: take instead…", labels), chosen)


def branch_path(path: Path, at: int) -> Path:
    """A new file beside ``path`` for a branch at decision ``at`` (never one that exists)."""
    stem = path.name.removesuffix(".toml")
    target = path.with_name(f"{stem}-branch-{at}.toml")
    number = 2
    while target.exists():
        target = path.with_name(f"{stem}-branch-{at}-{number}.toml")
        number += 1
    return target
