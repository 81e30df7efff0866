"""The command palette's provider: the legal intents of the pending decision (when it is the
keyboard holder's), and the views of the game."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

VIEWS = (
    ("Board", "show_board", "the map, trackers and decision panel"),
    ("Placemat", "show_placemat", "resources, tracks, signals, effects, victory"),
    ("Hand", "show_hand", "the deck: cards, why each can or cannot be played"),
    ("Journal", "show_journal", "every decision, roll and lookup"),
    ("Ground truth", "show_ground_truth", "the White Cell's worksheet"),
    ("Save game", "save", "write the game to a file"),
    ("Load game", "load", "open a saved game"),
    ("Undo", "undo", "take back the last decision, if nothing was revealed"),
)


class IntentCommands(Provider):
    def _entries(self):
        app = self.app
        entries = []
        for intent, label in getattr(app, "my_options", lambda: [])():
            entries.append((label, partial(app.choose, intent), "decide"))
        if getattr(app, "session", None) is not None:
            from .screens.game import GameScreen

            for screen in app.screen_stack:
                if isinstance(screen, GameScreen):
                    for name, action, help_text in VIEWS:
                        entries.append((name, partial(app.run_action, action, screen), help_text))
        return entries

    async def discover(self) -> Hits:
        for label, callback, help_text in self._entries()[:60]:
            yield DiscoveryHit(label, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, callback, help_text in self._entries():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), callback, help=help_text)
