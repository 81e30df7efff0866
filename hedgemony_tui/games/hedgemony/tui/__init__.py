"""The Textual front end: ``build_app`` makes the app the ``hedgemony`` command and the tests run.

Imports stay lazy here so that starting the app costs little more than starting Textual.
"""

from __future__ import annotations

from typing import Any


def build_app(*args: Any, **kwargs: Any):
    """See :func:`hedgemony_tui.games.hedgemony.tui.app.build_app`."""
    from .app import build_app as _build

    return _build(*args, **kwargs)
