"""What a game's save migration does when its rules changed: keep a journal that still
replays, restart one that no longer does.

A change of rules (not of the state's shape) leaves every old state readable, but an
old journal replayed under the new rules may lead elsewhere, and the load would then be
refused. :func:`keep_journal_if_it_replays` replays it while upgrading the document:
a journal that still reaches the saved state is kept (undo, the replay and the proof of
the seed intact); one that does not is dropped with the tables that count its
decisions (bookmarks, a branch's record), so the game goes on from the saved state,
its journal starting there. Such a save no longer shows it began from its seed, and
loads marked unverified (:mod:`.saves`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .codec import DATA_KEY, structure

JOURNAL_TABLES = ("start", "journal", "bookmarks", "branch", "origin")
"""The tables that count decisions of the journal, and the ``[origin]`` that proves its
start came from the seed: a restarted journal takes them along (a journal restarted at
the saved state no longer starts where the seed and options set up, and a load would
refuse the start that ``[origin]`` names)."""


def journal_replays(
    document: dict[str, Any], *, state_type: type, intent_type: Any, kind: str, reduce: Callable[[Any, Any], Any]
) -> bool:
    """Whether the document's journal, replayed from its ``[start]`` with ``reduce``,
    still leads to its ``[data]``; False for anything that fails on the way."""
    try:
        state = structure(document["start"], state_type, kind=kind, table="start")
        for row in document["journal"]:
            state = reduce(state, structure(row["intent"], intent_type, kind=kind, table="journal"))
        return bool(state == structure(document[DATA_KEY], state_type, kind=kind))
    except Exception:
        return False


def keep_journal_if_it_replays(
    document: dict[str, Any], *, state_type: type, intent_type: Any, kind: str, reduce: Callable[[Any, Any], Any]
) -> dict[str, Any]:
    """``document`` as it is if it has no journal or its journal still replays; else
    without the journal and the tables that count its decisions (module docstring)."""
    if "journal" not in document or journal_replays(
        document, state_type=state_type, intent_type=intent_type, kind=kind, reduce=reduce
    ):
        return document
    return {key: value for key, value in document.items() if key not in JOURNAL_TABLES}
