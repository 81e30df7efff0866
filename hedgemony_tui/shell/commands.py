"""The command palette's provider: the legal intents of the pending decision (when it is
the keyboard holder's), and the board's views and tools (the game's and the shell's).

The intents are searched as the decision panel's filter searches them (every component
of their menu path, the label and the tag: :func:`.decision_tree.search`), so the two
find the same things; at most 30 are listed, with a line saying how many more match."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from .decision_tree import MAX_ENTRIES, SEP, Choice, choices_of, more_line
from .decision_tree import search as search_choices
from .front import PHASE_END_GROUP, SHELL_ACTIONS, Action, View
from .screens.dialogs import choose_asking
from .screens.game import GameScreen

if TYPE_CHECKING:
    from .app import TableApp

MAX_DISCOVERED = 60


class IntentCommands(Provider):
    def _entries(self) -> list[tuple[str, Callable[[], Any], str]]:
        app = cast("TableApp", self.app)
        entries: list[tuple[str, Callable[[], Any], str]] = []
        if getattr(app, "host", None) is None or app.front is None:
            return entries
        if app.hand_over_showing() or app.handing_over:
            return entries  # the keyboard is between two people: nothing may be looked up

        for screen in app.screen_stack:
            if not isinstance(screen, GameScreen):
                continue
            tools: list[tuple[str, str, str]] = [("Board", "show_board", "the board and the decision panel")]
            for key in app.front.keys():
                if isinstance(key, View):
                    tools.append((key.name, f"view({key.id!r})", key.help))
                elif isinstance(key, Action) and key.palette:
                    tools.append((key.name, f"front({key.id!r})", key.help))
            for name, label in (("journal", "Journal"), ("save", "Save game"), ("load", "Load game"), ("undo", "Undo")):
                tools.append((label, name, SHELL_ACTIONS[name][2]))
            for name, action, help_text in tools:
                entries.append((name, partial(app.run_action, action, screen), help_text))
        return entries

    _options: list[Choice] | None = None

    async def startup(self) -> None:
        # The options stay as they are while the palette is open: read them once, not per key.
        self._options = self._choices()

    def _choices(self) -> list[Choice]:
        """The keyboard holder's options, as the decision panel has them."""
        if self._options is not None:
            return self._options
        app = cast("TableApp", self.app)
        if getattr(app, "host", None) is None or app.hand_over_showing():
            return []  # no game, or the keyboard is between two people: nothing may be decided
        options = app.my_options()
        return choices_of(app.front, app.table, options) if options else []

    def _decisions(self, matched: list[Choice], total: int) -> list[tuple[Content, Callable[[], Any], str]]:
        """Palette lines for ``matched`` intents, and one saying how many more match."""
        app = cast("TableApp", self.app)
        lines: list[tuple[Content, Callable[[], Any], str]] = [
            (Content(choice.label), partial(choose_asking, app, choice.intent), SEP.join(choice.path))
            for choice in matched
        ]
        more = more_line(len(matched), total)
        if more:
            lines.append((Content.styled(f"… {more}", "dim"), _nothing, "the decision panel lists them too"))
        return lines

    async def discover(self) -> Hits:
        choices = self._choices()
        # The end of the phase first, as in the decision panel.
        ordered = sorted(choices, key=lambda choice: choice.path[0] != PHASE_END_GROUP)
        for display, callback, help_text in self._decisions(ordered[:MAX_ENTRIES], len(ordered)):
            yield DiscoveryHit(display, callback, help=help_text)
        for label, callback, help_text in self._entries()[:MAX_DISCOVERED]:
            yield DiscoveryHit(label, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matched, total = search_choices(self._choices(), query)
        decisions = self._decisions(matched, total)
        for n, (display, callback, help_text) in enumerate(decisions):
            # Above every tool, in the panel's order (the palette sorts by score).
            yield Hit(2.0 - n / (len(decisions) + 1), display, callback, help=help_text)
        matcher = self.matcher(query)
        for label, callback, help_text in self._entries():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), callback, help=help_text)


def _nothing() -> None:
    """The "more match" line does nothing when picked: the palette closes."""
