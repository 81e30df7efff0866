"""Save migrations of Hex Encounters (``HexRules.migrations``).

Version 2 (issue 30) changed rules a version-1 journal may have been played under: the
column shifts stop at the table's ends before the dice (X-H6), a recce kept where it
stood no longer looks (R-H20), and a defender may set up on any hex behind its line
(X-H11; the old decisions keep their meaning). No state or intent changed shape, so
every version-1 save still reads; but a journal with a combat whose shifts ran past an
end, or a look by a recce that stayed put, would now lead elsewhere and the load would
be refused. So the journal is replayed under the new rules here: one that still leads
to the saved state is kept (undo and the proof of the seed intact); one that does not
restarts at the saved state, the game going on from it (:mod:`hedgemony_tui.table.upgrades`).

Version 3 (issue 31) numbers each log line in the whole log (``LogLine.seq``), so that a
seat whose view drops others' lines still reads the table's notes in their place. A
version-2 log's lines are numbered by their position, in the state now and in the
state its journal starts from: the journal then replays to the saved state as before."""

from __future__ import annotations

from typing import Any

from hedgemony_tui.table.upgrades import keep_journal_if_it_replays

from .engine import flow
from .engine.intents import Intent
from .engine.state import GameState


def column_ends_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    # The journal is replayed by today's rules, which number the log's lines: number the
    # saved lines first (as version 3 does), or every replay would differ from the save.
    return keep_journal_if_it_replays(
        log_numbers_v2_to_v3(document),
        state_type=GameState,
        intent_type=Intent,
        kind="hex-encounters-save",
        reduce=flow.apply,
    )


def log_numbers_v2_to_v3(document: dict[str, Any]) -> dict[str, Any]:
    return {key: _numbered(value) if key in ("data", "start") else value for key, value in document.items()}


def _numbered(state: object) -> object:
    """A saved state's log with each line's ``seq`` its position (1 for the first)."""
    if not isinstance(state, dict) or not isinstance(state.get("log"), list):
        return state  # not a state this program reads: the load refuses it with its own message
    lines = [{**line, "seq": n} if isinstance(line, dict) else line for n, line in enumerate(state["log"], start=1)]
    return {**state, "log": lines}


MIGRATIONS = {1: column_ends_v1_to_v2, 2: log_numbers_v2_to_v3}
