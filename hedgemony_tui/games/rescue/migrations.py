"""Save migrations of Gaming to the Rescue! (``RescueRules.migrations``).

Version 2 (issue 30) changed a rule a version-1 journal may have been played under: a
riot whose die shows 3 or less no longer costs GP (R11b). No state or intent changed
shape, so every version-1 save still reads; but a journal that crossed such a cycle's
end would now lead to another state, and the load would be refused. So a journal is
replayed under the new rules here: one that still leads to the saved state is kept
(undo and the proof of the seed intact); one that does not restarts at the saved state,
the game going on from it, as Hedgemony's migrations do."""

from __future__ import annotations

from typing import Any

from hedgemony_tui.table.codec import DATA_KEY, structure

from .engine import game
from .engine.intents import Intent
from .engine.state import RescueState

KIND = "rescue-save"
JOURNAL_TABLES = ("start", "journal", "bookmarks", "branch")
"""The tables that count decisions of the journal: they go with it."""


def _replays(document: dict[str, Any]) -> bool:
    try:
        state = structure(document["start"], RescueState, kind=KIND, table="start")
        for row in document["journal"]:
            state = game.reduce(state, structure(row["intent"], Intent, kind=KIND, table="journal"))
        return bool(state == structure(document[DATA_KEY], RescueState, kind=KIND))
    except Exception:  # noqa: BLE001 - an old journal may fail in any way; it is then restarted
        return False


def riot_gp_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    if "journal" not in document or _replays(document):
        return document
    return {key: value for key, value in document.items() if key not in JOURNAL_TABLES}


MIGRATIONS = {1: riot_gp_v1_to_v2}
