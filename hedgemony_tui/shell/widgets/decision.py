"""The generic decision panel: the pending prompt and the seat's legal intents as a menu.

With nothing typed it shows the menu of :mod:`..decision_tree`: groups with their
entries, an entry with "›" opening the next step (a number, a target...), Esc or the
"‹ Back" line going back up; no level lists more than 30 entries. Typing searches what
each option's line shows and nothing else (:attr:`~..decision_tree.Choice.shown`; the
command palette searches the same text), at most 30 shown, the first one highlighted.

Enter takes the highlighted line, marked "▶" as well as by colour (:mod:`.decision_list`),
from the list or from the search box alike; the list does not wrap. A choice that closes
something for good (a turn, a phase, a sealed answer: :mod:`..confirm`) asks once more
in a line under the list: Enter again takes it, Esc (or moving on) chooses again. It
holds no rule: the app fills it with the legal intents of the pending seat and is told
which one was picked.

No spend is taken unseen: a front may say what a line costs at once (its optional
``intent_cost(table, intent)``, e.g. "costs 2 RP"), and every line that takes a choice
shows it; while the search box has the focus, the line under the list names the line
Enter will take ("Enter: …"). A spend asks no second Enter, since Ctrl+Z takes it back;
after one, a line says what was paid and that Ctrl+Z undoes it, as long as the seat is
still deciding and nothing has been taken back.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, cast

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..confirm import CONFIRM, closes
from ..decision_tree import SEP, Choice, Entry, Heading, Row, build_tree, choices_of, more_line, search
from .decision_list import DecisionList

if TYPE_CHECKING:
    from ..app import TableApp

BACK = "back"
"""The id of the "‹ Back" line of a step."""


class DecisionPanel(Vertical):
    DEFAULT_CSS = """
    DecisionPanel #decision-path {
        height: auto;
        padding: 0 1;
        color: $text-accent;
        display: none;
    }
    DecisionPanel #decision-path.drilled {
        display: block;
    }
    DecisionPanel #decision-enter {
        height: auto;
        padding: 0 1;
        text-style: bold;
    }
    DecisionPanel #decision-spent {
        height: auto;
        padding: 0 1;
        color: $text-warning;
        display: none;
    }
    DecisionPanel #decision-spent.shown {
        display: block;
    }
    DecisionPanel #decision-confirm {
        height: auto;
        padding: 0 1;
        text-style: bold;
        display: none;
    }
    DecisionPanel #decision-confirm.asking {
        display: block;
        /* Hard to miss: a newcomer took a quiet line for an Enter that did nothing. */
        background: $warning 30%;
        border-left: thick $warning;
    }
    """
    BINDINGS = [
        Binding("down", "to_list", "Options", id="decision.to-list", show=False),
        Binding("up", "to_list_up", "Options", id="decision.to-list-up", show=False),
        Binding("escape", "back", "Back", id="decision.back"),
        Binding("backspace,left", "back", "Back", id="decision.back-list", show=False),
        # From the search box too (the list's own keys page it once it has the focus).
        Binding("pagedown", "page(1)", "Page down", id="decision.page-down", show=False),
        Binding("pageup", "page(-1)", "Page up", id="decision.page-up", show=False),
    ]

    class Chosen(Message):
        def __init__(self, intent: Any) -> None:
            super().__init__()
            self.intent = intent

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.options: list[tuple[object, str]] = []
        self.choices: list[Choice] = []
        self.root: tuple[Row, ...] = ()
        self.trail: list[tuple[str, tuple[Row, ...]]] = []  # the steps opened, each with its entries
        self.lines: list[Entry | Choice | str | None] = []  # what each line of the list stands for
        self.waiting = ""
        self.cleared_at_pick = False  # the search was cleared by a pick, before the next decision came
        self.asking: Choice | None = None  # the choice waiting for its second Enter
        self.costs: dict[int, str] = {}  # what each choice spends (by id), for this decision
        # The last spend taken, the journal's length before it and the kind of decision it was
        # taken in: its line shows while that decision goes on (an undo shortens the journal).
        self.spent: tuple[str, int, str, Any] | None = None

    @property
    def shown(self) -> list[object]:
        """The intents the list shows now, in order (a step's own entries excluded)."""
        intents: list[object] = []
        for line in self.lines:
            if isinstance(line, Choice):
                intents.append(line.intent)
            elif isinstance(line, Entry) and line.choice is not None:
                intents.append(line.choice.intent)
        return intents

    def compose(self) -> ComposeResult:
        yield Static("", id="decision-prompt")
        yield SearchBox(placeholder="type to search, Enter picks", id="decision-filter", select_on_focus=False)
        yield Static("", id="decision-path")
        yield DecisionList(id="decision-options")
        yield Static("", id="decision-confirm")
        yield Static("", id="decision-spent")
        yield Static("", id="decision-enter")
        yield Static("", id="decision-count")

    def set_decision(self, prompt: RenderableType, options: list[tuple[object, str]], waiting: str = "") -> None:
        """``options``: (intent, label) pairs of the pending seat; empty while someone else decides."""
        same = options == self.options  # a redraw of the same decision: stay where the player is
        self.options = options
        # Kept: clearing the filter below fills the list again, and must not lose it.
        self.waiting = waiting
        self.query_one("#decision-prompt", Static).update(prompt)
        self.costs = {}  # the state moved on: prices are read again
        if not same or not options:
            self._cancel()  # a confirmation belongs to the decision it was asked in
            app = cast("TableApp", self.app)
            self.choices = choices_of(app.front, app.table, options)
            self.root = build_tree(self.choices)
            self.trail = []
            filt = self.query_one("#decision-filter", Input)
            if filt.value and not self.cleared_at_pick:
                filt.value = ""  # a new decision: the old filter means nothing
        self.cleared_at_pick = False  # what the box holds now was typed for this decision
        self._fill(self.query_one("#decision-filter", Input).value, waiting, keep=same and bool(options))

    # --- filling the list ------------------------------------------------------------------------

    def _fill(self, needle: str, waiting: str = "", keep: bool = False) -> None:
        """The list for ``needle`` (the menu when empty); ``keep``: a redraw of the same
        decision, which leaves the highlight, and any confirmation, where they are."""
        listing = self.query_one("#decision-options", DecisionList)
        count = self.query_one("#decision-count", Static)
        where = self.query_one("#decision-path", Static)
        was, highlighted = self.lines, listing.highlighted
        if not keep:
            self._cancel()
        made: list[Option] = []
        self.lines = []
        waiting = waiting or (self.waiting if not self.options else "")
        count.set_class(False, "nomatch")
        if needle.strip():
            matched, total = search(self.choices, needle)
            self.lines = list(matched)
            # Text: labels and names hold players' own words, never markup. The line shows
            # exactly what the search read in it.
            made = [Option(Content.assemble(choice.shown, self._cost_part(choice))) for choice in matched]
            where.set_class(False, "drilled")
            if matched:
                count.update(more_line(len(matched), total) or f"{total} of {len(self.choices)} match · Esc clears")
            else:
                count.update(Text(no_match(needle)))
                count.set_class(True, "nomatch")
        else:
            rows = self.trail[-1][1] if self.trail else self.root
            if self.trail:
                self.lines.append(BACK)
                made.append(Option(Content.from_markup("[dim]‹ Back (Esc)[/]"), id=BACK))
            indent = "  " if any(isinstance(row, Heading) for row in rows) else ""
            for row in rows:
                self.lines.append(row if isinstance(row, Entry) else None)
                made.append(_option(row, indent, self._cost_part(row.choice) if isinstance(row, Entry) else ""))
            where.update(Text(SEP.join(name for name, _ in self.trail)))
            where.set_class(bool(self.trail), "drilled")
            if self.trail:
                count.update("↑↓ Enter picks/opens › · Esc back")
            elif self.options:
                many = f"{len(self.options)} options" if len(self.options) > 1 else "1 option"
                count.update(f"{many} · ↑↓ Enter picks/opens ›")
            else:
                count.update("")
        # The first line that takes or opens something is highlighted (and marked) at once:
        # Enter in the search box takes it, and the mark says so before Enter is pressed.
        first = next((n for n, line in enumerate(self.lines) if line is not None and line != BACK), None)
        if keep and self.lines == was and highlighted is not None:
            first = highlighted  # the same lines: Enter must still take the line marked
        listing.fill(made, first if first is not None else (0 if self.lines else None))
        if waiting:
            count.update(Text(waiting))
        self._show_spent()
        self._show_enter()
        self.refresh_bindings()

    # --- what a line costs, and what Enter takes ---------------------------------------------------

    def cost(self, choice: Choice | None) -> str:
        """What ``choice`` spends at once, in the front's words ("" nothing, or no front word)."""
        if choice is None:
            return ""
        key = id(choice)
        if key not in self.costs:
            app = cast("TableApp", self.app)
            priced = getattr(app.front, "intent_cost", None)
            try:
                self.costs[key] = str(priced(app.table, choice.intent) or "") if callable(priced) else ""
            except Exception:  # a front's price must never stop a decision
                self.costs[key] = ""
        return self.costs[key]

    def _cost_part(self, choice: Choice | None) -> tuple[str, str] | str:
        said = self.cost(choice)
        return (f"  · {said}", "bold $text-warning") if said else ""

    def enter_line(self) -> str:
        """What Enter takes now, in words ("" when the highlight takes nothing)."""
        index = self.query_one("#decision-options", DecisionList).highlighted
        line = self.lines[index] if index is not None and 0 <= index < len(self.lines) else None
        if isinstance(line, Entry) and line.is_step:
            return f"Enter opens: {line.text} ›"
        choice = self._line_choice(index)
        if choice is None:
            return ""
        said = self.cost(choice)
        return f"Enter: {choice.label or choice.shown}" + (f" · {said}" if said else "")

    def _show_enter(self) -> None:
        """Name the line Enter takes while the typing is in the search box (the list's own
        mark says it once the list has the focus)."""
        found = self.query("#decision-enter")
        if not found:
            return
        filt = self.query_one("#decision-filter", Input)
        words = self.enter_line() if filt.has_focus else ""
        found.first(Static).update(Text(words))
        found.first(Static).display = bool(words)

    def _show_spent(self) -> None:
        found = self.query("#decision-spent")
        if not found:
            return
        line = found.first(Static)
        session = getattr(self.app, "session", None)
        length = len(getattr(session, "journal", ()))
        journal: Any = getattr(session, "journal", ())
        # Only while the spend is the last decision taken: after an undo, or another
        # decision since (even one taken on a worksheet), the line would name a stale spend.
        shown = (
            self.spent is not None
            and bool(self.options)
            and length == self.spent[1] + 1
            and getattr(journal[-1], "intent", None) == self.spent[3]
            and self._kind() == self.spent[2]
        )
        if shown and self.spent is not None:
            line.update(Text(self.spent[0]))
        line.set_class(shown, "shown")

    def told_spilled(self, again: bool) -> None:
        """Say why an n did not reach the search box (a word starting with n, typed just
        after the result screens, would otherwise lose its first letter unexplained):
        nothing was typed, and (``again``) whether the next n will be."""
        found = self.query("#decision-count")
        if found:
            # Short: the line under the list is as narrow as the side panel.
            words = "n: no result to page; n again types it" if again else "n: no result to page, nothing typed"
            found.first(Static).update(Text(words))

    def _kind(self) -> str:
        """The kind of the decision pending now ("" when there is none to read)."""
        decision = getattr(self.app, "decision", None)
        try:
            return str(decision().kind) if callable(decision) else ""
        except Exception:  # between games: no decision
            return ""

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._show_enter()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._show_enter()

    # --- acting on a line --------------------------------------------------------------------------

    def _act(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.lines):
            return
        line = self.lines[index]
        if line == BACK:
            self.action_back()
        elif isinstance(line, Choice):
            self._take(line)
        elif isinstance(line, Entry):
            if line.is_step:
                self.trail.append((line.text, line.children))
                self._fill("")
            elif line.choice is not None:
                self._take(line.choice)

    def _take(self, choice: Choice) -> None:
        """Send ``choice`` to the app, or first ask once when it closes something for good."""
        if self.asking is not None and self.asking == choice:
            self._cancel()
            self._chosen(choice)
            return
        said = closes(self.app, choice)
        if not said:
            self._cancel()
            self._chosen(choice)
            return
        self.asking = choice
        line = self.query_one("#decision-confirm", Static)
        # The line it asks about is named: taking it may close more than its words say
        # (the last restore of a reinforcement also ends the turn).
        line.update(Text(f"“{choice.shown}”: {said} {CONFIRM}"))
        line.set_class(True, "asking")
        self.refresh_bindings()

    def _chosen(self, choice: Choice) -> None:
        """Send ``choice`` to the app; a spend leaves a line saying what it cost and how to
        take it back (it asked no second Enter: undo is the way back)."""
        cost = self.cost(choice)
        session = getattr(self.app, "session", None)
        length = len(getattr(session, "journal", ()))
        done = f"Done: {choice.label or choice.shown}, {cost}. Ctrl+Z takes it back."
        self.spent = (done, length, self._kind(), choice.intent) if cost else None
        # The search is done with once a line is taken: cleared now, not when the next
        # decision arrives, which on a slow table wiped letters typed meanwhile for it.
        filt = self.query_one("#decision-filter", Input)
        if filt.value:
            with filt.prevent(Input.Changed):
                filt.value = ""
            self.cleared_at_pick = True
        self.post_message(self.Chosen(choice.intent))

    def _cancel(self) -> None:
        """Forget a confirmation asked for (Esc, another line, a new decision)."""
        if self.asking is None:
            return
        self.asking = None
        found = self.query("#decision-confirm")
        if found:
            found.first(Static).set_class(False, "asking")
        self.refresh_bindings()

    def _line_choice(self, index: int | None) -> Choice | None:
        line = self.lines[index] if index is not None and 0 <= index < len(self.lines) else None
        if isinstance(line, Entry):
            return line.choice
        return line if isinstance(line, Choice) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # Moving to another line chooses again: the next Enter there asks anew.
        event.stop()
        if self.asking is not None and self._line_choice(event.option_index) != self.asking:
            self._cancel()
        self._show_enter()

    def on_decision_list_at_top(self, event: DecisionList.AtTop) -> None:
        event.stop()
        self.query_one("#decision-filter", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._cancel()
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self._searching() and not self.lines:
            # Enter on a search that found nothing: said in words, not a silent no-op.
            count = self.query_one("#decision-count", Static)
            count.update(Text("Enter took nothing. " + no_match(event.value)))
            count.set_class(True, "nomatch")
            self.app.bell()
            return
        self._act(self.query_one("#decision-options", DecisionList).highlighted)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._act(event.option_index)

    def _searching(self) -> bool:
        found = self.query("#decision-filter")
        return bool(found) and bool(found.first(Input).value)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":  # shown in the footer only when there is somewhere to go back to
            return self.asking is not None or bool(self.trail) or self._searching()
        return True

    def action_back(self) -> None:
        """Out of a confirmation first (nothing taken), then out of a search (back to the
        menu where it was), else up one step."""
        if self.asking is not None:
            self._cancel()
        elif self._searching():
            self.query_one("#decision-filter", Input).value = ""
        elif self.trail:
            self.trail.pop()
            self._fill("")

    def action_page(self, way: int) -> None:
        """PageDown/PageUp from the search box: the list takes the focus and pages (a
        45-line list was only reachable line by line)."""
        options = self.query_one("#decision-options", DecisionList)
        options.focus()
        if way > 0:
            options.action_page_down()  # type: ignore[no-untyped-call]  # Textual's, untyped
        else:
            options.action_page_up()  # type: ignore[no-untyped-call]  # Textual's, untyped

    def action_to_list(self) -> None:
        # The list shows its highlight while the search box has the focus, so ↓ from the
        # box moves it on, as it looks it will (the first ↓ used to stay put, and Enter
        # then took the line above the one meant).
        options = self.query_one("#decision-options", DecisionList)
        options.focus()
        options.action_cursor_down()

    def action_to_list_up(self) -> None:
        # Back from a view (F4, F6) the search box has the focus: ↑ was dead there until Tab.
        options = self.query_one("#decision-options", DecisionList)
        options.focus()
        options.action_cursor_up()

    def on_key(self, event: events.Key) -> None:
        """Typing while the list has the focus goes to the search box, as its placeholder says."""
        options = self.query_one("#decision-options", OptionList)
        typed = self.query_one("#decision-filter", Input).value
        if spilled(self.app, event, typed):
            self.told_spilled(getattr(self.app, "spill_guard", None) is None)
            return
        # A space goes too once a word is under way: the box takes the focus only after the
        # keys already queued (Textual moves it later), so "Develop 1 at" typed fast arrived
        # as "Develop1at" with the spaces dropped by the list.
        space_in_word = event.character == " " and bool(typed)
        if options.has_focus and event.is_printable and event.character and (event.character != " " or space_in_word):
            search = self.query_one("#decision-filter", Input)
            search.focus()
            search.insert_text_at_cursor(event.character)
            event.stop()
            event.prevent_default()


def no_match(needle: str) -> str:
    """The line under the list when the search finds nothing, with the way out."""
    return f"No line matches “{needle.strip()}”: Backspace or Esc clears the search."


def spilled(app: Any, event: events.Key, typed: str = "") -> bool:
    """The key that paged the result screens (n), pressed once too often after the last
    one closed: swallowed, so it does not land in the search box (``typed``: what the box
    holds). Each one swallowed holds the guard a while longer (``result_pause.SPILL``): a
    burst of n's was swallowed only for its first 0.6 s, and a slow computer step between
    two result screens let the rest of it through. Later, until another key is pressed,
    one more n into an empty box is swallowed once (and the guard ends): a newcomer
    pressed n for a next result that was not there, and the lone n filtered the list so
    that another line was marked, which the next Enter took."""
    guard = getattr(app, "spill_guard", None)
    if not guard:
        return False
    if event.character != guard[0]:
        # Any other key means the person is typing now: later n's are letters of a word.
        app.spill_guard = None
        return False
    if time.monotonic() >= guard[1]:
        app.spill_guard = None  # the next n is a letter, whatever the box holds
        if typed:
            return False
        event.stop()
        event.prevent_default()
        return True
    window = guard[2] if len(guard) > 2 else 0.0  # the result screen says how long a guard holds
    app.spill_guard = guard[0], time.monotonic() + window, window
    event.stop()
    event.prevent_default()
    return True


class SearchBox(Input):
    """The decision list's search box, which ignores a paging key pressed once too often."""

    async def _on_key(self, event: events.Key) -> None:
        if spilled(self.app, event, self.value):
            for panel in self.ancestors:
                if isinstance(panel, DecisionPanel):
                    panel.told_spilled(getattr(self.app, "spill_guard", None) is None)
            return
        await super()._on_key(event)


def _option(row: Row, indent: str, cost: tuple[str, str] | str = "") -> Option:
    """A line of the menu: a heading (never chosen), an entry (with its ``cost`` when it
    spends), or a step with the number of options behind it; entries under headings
    indented."""
    if isinstance(row, Heading):
        return Option(Content.styled(f"── {row.text} ──", "bold $text-primary"), disabled=True)
    if row.is_step:
        return Option(Content.assemble(indent, row.text, (f"  ({row.count}) ›", "$text-accent")))
    return Option(Content.assemble(indent, row.text, cost))
