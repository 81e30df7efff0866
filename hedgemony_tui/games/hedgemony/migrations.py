"""Save migrations of Hedgemony (``HedgemonyRules.migrations``): each turns a save of
one format version into the next. Every version's change is said where it is made; a
journal the newer rules would no longer replay to the saved state restarts there (the
game goes on from it), and one that still replays is kept (:mod:`hedgemony_tui.table.upgrades`)."""

from __future__ import annotations

from typing import Any

from hedgemony_tui.table.upgrades import keep_journal_if_it_replays

from .engine import game
from .engine.content import content_for
from .engine.intents import Intent
from .engine.state import GameState


def _add_end_mark(document: dict[str, Any]) -> dict[str, Any]:
    return {**document, "end": {"complete": True}}


def _add_journal(document: dict[str, Any]) -> dict[str, Any]:
    # Version 3 may hold a journal, its start state, the game's id and the seats; a
    # version-2 save holds none of them, which reads as a game whose journal starts now.
    return {**document, "game": "hedgemony"}


def _restart_journal(document: dict[str, Any]) -> dict[str, Any]:
    # Version 4 changed rules a version-3 journal was played under (RT B counters merged
    # by origin, proactive CONUS prices, EVT-US-01's rounding, EVT-POL-19 on commitments):
    # replayed now, it may no longer lead to the saved state, and the load would be
    # refused. The state itself still reads (every field added since has a default),
    # so the game goes on from it, its journal (and undo) starting at the saved state.
    return {key: value for key, value in document.items() if key not in ("start", "journal")}


def _add_checksum_version(document: dict[str, Any]) -> dict[str, Any]:
    # Version 5 puts a sha256 of the data in [end]; a version-4 save has none and keeps
    # loading (its data is checked by the rules as any save's is).
    return document


def _sequence_rules(document: dict[str, Any]) -> dict[str, Any]:
    # Version 6 plays the turn's sequence as chapter 3 prints it: sealed Red signals, every
    # Blue investment before any Blue action, Red's card mix, restored Red forces ready a
    # turn sooner. A version-5 journal was played under the old sequence and may not
    # replay: the game goes on from the saved state, its journal starting there. A save
    # made during a Blue phase in which no Blue action was played yet resumes in its
    # investments, with the Blue players still to act then; one with an action played
    # resumes in the actions (the old phase had no steps; every new field has a default).
    kept = {key: value for key, value in document.items() if key not in ("start", "journal")}
    data = kept.get("data")
    if isinstance(data, dict) and data.get("phase") == "blue-actions" and not _blue_acted(data):
        kept["data"] = {**data, "blue_to_act": list(data.get("queue", []))}
    return kept


def _blue_acted(data: dict[str, Any]) -> bool:
    """Whether a saved Blue phase already saw a Blue action (a card or a ruled free play)."""
    try:
        content = content_for(str(data.get("scenario", "default")))
    except KeyError:
        return False  # a scenario this program does not have: the load refuses it anyway
    played = data.get("played", {})
    cards = [c for p in content.scenario.blue for c in (played.get(p, []) if isinstance(played, dict) else [])]
    rulings = data.get("rulings", [])
    return any(c in content.cards and content.cards[c].kind.value == "action" for c in cards) or any(
        isinstance(r, dict) and r.get("turn") == data.get("turn") for r in rulings
    )


def _answer_rulings(document: dict[str, Any]) -> dict[str, Any]:
    # Version 7 shows a free-play ruling to the proposer before anything is paid: after
    # the White Cell's ``rule`` the proposer accepts or withdraws (README X9). A version-6
    # journal with a ruling in it lacks that answer and would not replay, so the game
    # goes on from the saved state, its journal starting there; a journal without one
    # replays as it was. (The state reads as it is: the new field has a default.)
    journal = document.get("journal", [])
    ruled = isinstance(journal, list) and any(
        isinstance(row, dict) and isinstance(row.get("intent"), dict) and row["intent"].get("type") == "rule"
        for row in journal
    )
    if not ruled:
        return document
    return {key: value for key, value in document.items() if key not in ("start", "journal")}


def _private_feeds(document: dict[str, Any]) -> dict[str, Any]:
    # Version 8 keeps a private event's random draw between its player and the White Cell
    # (with a public line saying only who got one), and prints the turn's summary with
    # the balances the table may know (without private results). A version-7 journal that
    # drew a private event at random, or saw a private result, may no longer replay to
    # the saved state: the game goes on from it, its journal starting there. Any other
    # journal replays as it was.
    data = document.get("data")
    log = data.get("log", []) if isinstance(data, dict) else []
    entries = [e for e in log if isinstance(e, dict)] if isinstance(log, list) else []
    private = {
        str(e.get("text", "")).removeprefix("White Cell injects ").partition(":")[0]
        for e in entries
        if str(e.get("text", "")).startswith("White Cell injects") and e.get("visible_to")
    }
    private_draw = any(
        str(e.get("text", "")).startswith("Drawn at random")
        and not e.get("visible_to")
        and str(e.get("text", "")).rpartition(": ")[2] in private
        for e in entries
    )
    private_result = any(e.get("kind") == "points" and e.get("visible_to") for e in entries)
    if not (private_draw or private_result):
        return document
    return {key: value for key, value in document.items() if key not in ("start", "journal")}


def _third_audit(document: dict[str, Any]) -> dict[str, Any]:
    # Version 9 follows the rulebook where the third audit found the engine did not
    # (issue 30; rules/hedgemony/README.md): contests run escalation rounds (ch. 8), an
    # out-of-area card's cost includes its movement (ch. 9), several events keep their
    # printed timing, a free-play proposal names its kind of operation (ch. 3, 7). The
    # state reads as it is (every new field has a default). A version-8 journal that
    # still replays to the saved state under these rules is kept; one that does not
    # (any contest in it now waits for the initiator's answer) restarts at the saved
    # state, its bookmarks and branch record with it, and the game goes on from there.
    # Either way a version-8 save records no [origin], so it loads marked unverified.
    return keep_journal_if_it_replays(
        document, state_type=GameState, intent_type=Intent, kind="hedgemony-save", reduce=game.reduce
    )


def _said_rules(document: dict[str, Any]) -> dict[str, Any]:
    # Version 10 says in the journal every rule that moves a number where it moves it
    # (issue 33): a roll's line names who was halved and why, the unopposed, stay-out and
    # reset lines name their rule, and a contest's close says where the forces stay. The
    # state reads as it is; a version-9 journal that holds such a line no longer replays
    # to the saved state's journal, so it restarts there; one that still replays is kept.
    # A restarted journal takes its [origin] along (the table's upgrades): it loads unverified.
    return keep_journal_if_it_replays(
        document, state_type=GameState, intent_type=Intent, kind="hedgemony-save", reduce=game.reduce
    )


MIGRATIONS = {
    1: _add_end_mark,
    2: _add_journal,
    3: _restart_journal,
    4: _add_checksum_version,
    5: _sequence_rules,
    6: _answer_rulings,
    7: _private_feeds,
    8: _third_audit,
    9: _said_rules,
}
"""From each version to the next (the rules' ``schema_version`` is the last's target)."""
