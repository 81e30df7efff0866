"""The Textual shell every game on the table runs in: the title and its game picker, the
new-game form built from a game's seats and options, the game screen (the game's board
beside the decision panel), hand-over, journal, help, dialogs and the too-small screen.

It reaches games only through the registry (``hedgemony_tui.table.registry``): a game's
rules and its ``FRONT`` (:mod:`.front`). ``build_app`` (from :mod:`.app`) builds the app;
the app's module keeps what a game needs out of the title's first paint.
"""

from __future__ import annotations

from .app import TableApp, build_app

__all__ = ["TableApp", "build_app"]
