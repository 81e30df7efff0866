"""The Textual shell every game on the table runs in: the title and its game picker, the
new-game form built from a game's seats and options, the game screen (the game's board
beside the decision panel), hand-over, journal, help, dialogs and the too-small screen.

It reaches games only through the registry (``hedgemony_tui.table.registry``): a game's
rules and its ``FRONT`` (:mod:`.front`). ``build_app`` is imported lazily so that
importing this package costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import TableApp


def build_app(*args: Any, **kwargs: Any) -> TableApp:
    """See :func:`hedgemony_tui.shell.app.build_app`."""
    from .app import build_app as _build

    return _build(*args, **kwargs)
