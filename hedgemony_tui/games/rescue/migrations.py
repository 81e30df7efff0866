"""Save migrations of Gaming to the Rescue! (``RescueRules.migrations``).

Version 2 (issue 30) changed a rule a version-1 journal may have been played under: a
riot whose die shows 3 or less no longer costs GP (R11b). No state or intent changed
shape, so every version-1 save still reads; but a journal that crossed such a cycle's
end would now lead to another state, and the load would be refused. So a journal is
replayed under the new rules here: one that still leads to the saved state is kept
(undo and the proof of the seed intact); one that does not restarts at the saved state,
the game going on from it (:mod:`hedgemony_tui.table.upgrades`)."""

from __future__ import annotations

from typing import Any

from hedgemony_tui.table.upgrades import keep_journal_if_it_replays

from .engine import game
from .engine.intents import Intent
from .engine.state import RescueState


def riot_gp_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    return keep_journal_if_it_replays(
        document, state_type=RescueState, intent_type=Intent, kind="rescue-save", reduce=game.reduce
    )


MIGRATIONS = {1: riot_gp_v1_to_v2}
