"""Small dialogs: pick one of a few things, ask for a save path, pick a save to load, ask
yes or no (also before a choice taken outside the decision panel that closes something
for good: :func:`choose_asking`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..confirm import closes
from ..decision_tree import choices_of
from ..widgets.footer import KeysFooter

LIST_HEIGHT = "40vh"
"""The most a dialog's list takes of the terminal's height: its key line under it must
show too (at 30 rows a long list of saves pushed it out of the dialog)."""


def _short(listing: OptionList) -> OptionList:
    """``listing`` held to :data:`LIST_HEIGHT` (inline: over the stylesheet's own bound)."""
    listing.styles.max_height = LIST_HEIGHT
    return listing


class PickScreen(ModalScreen[int | None]):
    """Choose one label; returns its index (None = cancelled)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="pick.cancel")]

    def __init__(self, title: str, labels: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.labels = labels

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield _short(OptionList(*(Option(label) for label in self.labels), id="pick-list"))
            yield Static("↑↓ move · Enter picks · Esc cancels", classes="dim")  # its keys, on the dialog itself
        yield KeysFooter()  # and in the footer, which stood empty under the list (issue 33)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


LISTED = 30
"""The newest saves a path dialog lists (each is read to describe it)."""


def _described(path: str) -> str:
    # lazy: describing a save reads it (the save format, cattrs), which the dialog needs
    # only when it lists saves
    from hedgemony_tui.table.save_files import describe_autosave

    return describe_autosave(Path(path))


class PathScreen(ModalScreen[str | None]):
    """Ask for a file path; with ``existing``, list the saves found in the folder to pick from."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="path.cancel")]

    def __init__(self, title: str, default: str, folder: Path | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.folder = folder
        self.found: list[str] = []

    def saves(self) -> list[str]:
        if self.folder is None or not self.folder.is_dir():
            return []
        found = []
        for p in self.folder.resolve().glob("*.toml"):
            try:  # a dangling link or a file gone meanwhile is no save to list
                if p.is_file() and not p.name.endswith(".seats.toml"):
                    found.append((p.stat().st_mtime, str(p)))
            except OSError:
                continue
        return [name for _, name in sorted(found, reverse=True)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Input(value=self.default, id="path-input")
            self.found = self.saves()[:LISTED]
            if self.found:
                yield Static("Saves found, newest first (Tab to the list, Enter picks one):", classes="dim")
                # Each says what it is (game, turn and phase, players, when), not only its file name;
                # shown as text, never read as markup (a file may be named anything).
                yield _short(OptionList(*(Option(Text(_described(p))) for p in self.found), id="path-list"))
            yield Static("Enter confirms · Esc cancels", classes="dim")
        yield KeysFooter()  # and in the footer, which stood empty under the list (issue 33)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        if not value:
            self.notify("type a file path", severity="warning")
            return
        self.dismiss(value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.found[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; returns True for yes (Esc and No: False).

    It asks the way the decision panel does: Enter gives the ``default`` answer, and the
    key line says which one that is (yes where the person has just asked for the thing,
    no where Enter could lose something: quitting, replacing a file); Y and N answer
    either way, Esc cancels."""

    BINDINGS = [
        Binding("enter", "answer_default", "Default", id="confirm.default", show=False),
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n", "answer(False)", "No", id="confirm.no"),
        Binding("escape", "answer(False)", "Cancel", id="confirm.cancel"),
    ]

    def __init__(self, question: str, default: bool = True) -> None:
        super().__init__()
        self.question = question
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-title")  # may hold a typed path: plain text
            yield Static(keys_line(self.default), id="confirm-keys", classes="dim")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_answer_default(self) -> None:
        self.dismiss(self.default)


def keys_line(default: bool) -> str:
    """The dialog's keys, the answer Enter gives first."""
    if default:
        return "Enter or Y: yes · N: no · Esc: cancel"
    return "Enter or N: no · Y: yes · Esc: cancel"


def choose_asking(app: Any, intent: Any) -> None:
    """Take ``intent`` for the keyboard holder from outside the decision panel (the command
    palette, the coach's dialog), asking first, as the panel does, when it closes something
    for good: a yes/no dialog instead of the panel's second Enter."""
    options = app.my_options()
    choice = next((c for c in choices_of(app.front, app.table, options) if c.intent == intent), None)
    sentence = closes(app, choice) if choice is not None else ""
    if not sentence:
        app.choose(intent)
        return
    feed = app.feed

    def answered(yes: bool | None) -> None:
        if yes and app.feed is feed:  # not if the game moved on while the question was open
            app.choose(intent)

    assert choice is not None
    app.push_screen(ConfirmScreen(f"{choice.label}: {sentence} Take it?"), answered)
