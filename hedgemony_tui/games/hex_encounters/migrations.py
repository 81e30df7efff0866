"""Save migrations of Hex Encounters (``HexRules.migrations``).

Version 2 (issue 30) changed rules a version-1 journal may have been played under: the
column shifts stop at the table's ends before the dice (X-H6), a recce kept where it
stood no longer looks (R-H20), and a defender may set up on any hex behind its line
(X-H11; the old decisions keep their meaning). No state or intent changed shape, so
every version-1 save still reads; but a journal with a combat whose shifts ran past an
end, or a look by a recce that stayed put, would now lead elsewhere and the load would
be refused. So the journal is replayed under the new rules here: one that still leads
to the saved state is kept (undo and the proof of the seed intact); one that does not
restarts at the saved state, the game going on from it, as Hedgemony's migrations do."""

from __future__ import annotations

from typing import Any

from hedgemony_tui.table.codec import DATA_KEY, structure

from .engine import flow
from .engine.intents import Intent
from .engine.state import GameState

KIND = "hex-encounters-save"
JOURNAL_TABLES = ("start", "journal", "bookmarks", "branch")
"""The tables that count decisions of the journal: they go with it."""


def _replays(document: dict[str, Any]) -> bool:
    try:
        state = structure(document["start"], GameState, kind=KIND, table="start")
        for row in document["journal"]:
            state = flow.apply(state, structure(row["intent"], Intent, kind=KIND, table="journal"))
        return bool(state == structure(document[DATA_KEY], GameState, kind=KIND))
    except Exception:  # noqa: BLE001 - an old journal may fail in any way; it is then restarted
        return False


def column_ends_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    if "journal" not in document or _replays(document):
        return document
    return {key: value for key, value in document.items() if key not in JOURNAL_TABLES}


MIGRATIONS = {1: column_ends_v1_to_v2}
