"""Save migrations of Hex Encounters (``HexRules.migrations``).

Version 2 (issue 30) changed rules a version-1 journal may have been played under: the
column shifts stop at the table's ends before the dice (X-H6), a recce kept where it
stood no longer looks (R-H20), and a defender may set up on any hex behind its line
(X-H11; the old decisions keep their meaning). No state or intent changed shape, so
every version-1 save still reads; but a journal with a combat whose shifts ran past an
end, or a look by a recce that stayed put, would now lead elsewhere and the load would
be refused. So the journal is replayed under the new rules here: one that still leads
to the saved state is kept (undo and the proof of the seed intact); one that does not
restarts at the saved state, the game going on from it (:mod:`hedgemony_tui.table.upgrades`)."""

from __future__ import annotations

from typing import Any

from hedgemony_tui.table.upgrades import keep_journal_if_it_replays

from .engine import flow
from .engine.intents import Intent
from .engine.state import GameState


def column_ends_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    return keep_journal_if_it_replays(
        document, state_type=GameState, intent_type=Intent, kind="hex-encounters-save", reduce=flow.apply
    )


MIGRATIONS = {1: column_ends_v1_to_v2}
