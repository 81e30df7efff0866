"""The decision panel's list: an option list whose highlighted line carries a mark, and
whose cursor stops at the ends.

The line Enter takes is marked by :data:`MARK` in its first columns as well as by
colour: with ``NO_COLOR`` (Textual then draws in monochrome) or a colour the eye misses,
the mark still says which line it is, whether the list or the search box has the focus.
The cursor never wraps: Down on the last line stays there (Down, Down, Enter once took
the first line again), and Up on the first line hands the focus back to the search box
(:class:`DecisionList.AtTop`), where typing goes anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import _widget_navigation
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▶ "
"""Before the highlighted line: the line Enter takes."""

BLANK = "  "
"""Before every other line that may be taken, so that the mark moves no text."""


class DecisionList(OptionList):
    """The lines of the decision panel (see the module docstring)."""

    class AtTop(Message):
        """Up was pressed on the first line: the panel gives the search box the focus."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._bases: list[Content | None] = []  # each line's own words (None: a heading, never taken)
        self._marked: int | None = None

    def fill(self, options: Sequence[Option], highlighted: int | None) -> None:
        """Show ``options`` (their prompts :class:`Content`), ``highlighted`` marked."""
        self.clear_options()
        self._bases, self._marked = [], None
        made = []
        for option in options:
            base = option.prompt if isinstance(option.prompt, Content) else Content(str(option.prompt))
            self._bases.append(None if option.disabled else base)
            prompt = base if option.disabled else Content.assemble(BLANK, base)
            made.append(Option(prompt, id=option.id, disabled=option.disabled))
        self.add_options(made)
        self.highlighted = highlighted
        self._mark(self.highlighted)

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self._mark(highlighted)

    def _mark(self, index: int | None) -> None:
        """Move the mark to line ``index``."""
        if index == self._marked:
            return
        for n, mark in ((self._marked, BLANK), (index, MARK)):
            if n is not None and 0 <= n < len(self._bases) and n < self.option_count:
                base = self._bases[n]
                if base is not None:
                    self.replace_option_prompt_at_index(n, Content.assemble((mark, "bold"), base))
        self._marked = index

    def action_cursor_down(self) -> None:
        """To the next line that may be taken; on the last one, stay."""
        found = _widget_navigation.find_next_enabled_no_wrap(self.options, anchor=self.highlighted, direction=1)
        if found is not None:
            self.highlighted = found

    def action_cursor_up(self) -> None:
        """To the line above; on the first one, back to the search box."""
        found = None
        if self.highlighted is not None:
            found = _widget_navigation.find_next_enabled_no_wrap(self.options, anchor=self.highlighted, direction=-1)
        if found is None:
            self.post_message(self.AtTop())
        else:
            self.highlighted = found
