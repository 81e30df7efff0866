"""The command palette's provider: the legal intents of the pending decision (when it is
the keyboard holder's), and the board's views and tools (the game's and the shell's)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

MAX_DISCOVERED = 60


class IntentCommands(Provider):
    def _entries(self) -> list[tuple[str, Callable[[], Any], str]]:
        app: Any = self.app
        entries: list[tuple[str, Callable[[], Any], str]] = []
        if getattr(app, "hand_over_showing", lambda: False)():
            return entries  # the keyboard is between two people: nothing may be looked up
        for intent, label in getattr(app, "my_options", lambda: [])():
            entries.append((label, partial(app.choose, intent), "decide"))
        if getattr(app, "session", None) is None or getattr(app, "front", None) is None:
            return entries
        if getattr(app, "_handing_over", False):
            return entries  # the keyboard is between two people: no view may open now
        from .front import SHELL_ACTIONS, Action, View
        from .screens.game import GameScreen

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

    async def discover(self) -> Hits:
        for label, callback, help_text in self._entries()[:MAX_DISCOVERED]:
            yield DiscoveryHit(label, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, callback, help_text in self._entries():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), callback, help=help_text)
