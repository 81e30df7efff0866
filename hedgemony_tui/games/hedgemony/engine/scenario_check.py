"""Every problem in ``board.toml`` and ``scenario.toml``, not only the first.

:func:`~.scenario.load_scenario` stops at the first problem (a game cannot start on a
broken file). ``hedgemony check-scenario`` wants them all, so that whoever edits a
scenario fixes it in one pass: this module reads the files section by section with the
loader's own parts — the board, each top-level field, each player, the laydown, the
options and each player's victory conditions — and goes on after a section fails.
Sections that need an earlier one (the laydown needs the players) are read only when
it read cleanly, so one mistake is not reported again as many.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from hedgemony_tui.table.errors import ScenarioError

from . import scenario as loader

T = TypeVar("T")


class _Failed:
    """What :func:`scenario_problems`' ``attempt`` returns for a section that failed."""


FAILED = _Failed()


def scenario_problems(directory: Any, shown_as: str | None = None) -> list[str]:
    """Each problem of the folder's board and scenario files, in file order; empty if
    :func:`~.scenario.load_scenario` would read them."""
    if isinstance(directory, str):
        directory = Path(directory)
    shown_as = shown_as or directory.name
    problems: list[str] = []

    def attempt(read: Callable[[], T]) -> T | _Failed:
        try:
            return read()
        except ScenarioError as exc:
            problems.append(str(exc))
            return FAILED

    board = attempt(lambda: loader._load_board(loader._File(directory, shown_as, "board.toml")))
    file = attempt(lambda: loader._File(directory, shown_as, "scenario.toml"))
    if isinstance(file, _Failed):
        return problems
    doc = file.doc
    attempt(
        lambda: file.keys(
            doc, "", ("id", "name", "description", "turns", "players", "laydown", "victory"), ("options",)
        )
    )
    if "id" in doc:
        attempt(lambda: _check_id(file, doc))
    for name in ("name", "description"):
        if name in doc:
            attempt(lambda: file.text(doc, "", name))
    if "turns" in doc:
        attempt(lambda: file.whole(doc, "", "turns", 1, 30))
    players_raw = attempt(lambda: file.table(doc["players"], "players")) if "players" in doc else FAILED
    if isinstance(board, _Failed) or isinstance(players_raw, _Failed):
        return problems
    players = {}
    for pid, raw in players_raw.items():
        player = attempt(lambda: loader._load_player(file, board, pid, raw))
        if not isinstance(player, _Failed):
            players[pid] = player
    if len(players) != len(players_raw):
        return problems  # the laydown, options and victory all name the players
    if {p.side for p in players.values()} != set(loader.SIDES):
        problems.append(str(file.fail("players", "the scenario needs at least one blue and one red player")))
        return problems
    if "laydown" in doc:
        attempt(lambda: loader._load_laydown(file, board, players))
    red = tuple(p.id for p in players.values() if p.side == "red")
    attempt(lambda: loader._load_options(file, red))
    if "victory" in doc:
        _victory_problems(file, board, tuple(players), attempt)
    return problems


def _check_id(file: Any, doc: dict[str, Any]) -> None:
    scenario_id = file.text(doc, "", "id")
    if not loader._SLUG.match(scenario_id):
        raise file.fail("id", f"must be lower-case words joined by hyphens, found {loader._show(scenario_id)}")


def _victory_problems(
    file: Any, board: Any, players: tuple[str, ...], attempt: Callable[[Callable[[], Any]], Any]
) -> None:
    """Each player's victory entry on its own; then, if all read, the loader's whole
    check (a loop of conditions that depend on each other)."""
    raw = attempt(lambda: file.table(file.doc["victory"], "victory"))
    if isinstance(raw, _Failed):
        return
    clean = True
    for player_id in raw:
        if isinstance(attempt(lambda: file.one_of(player_id, f"victory.{player_id}", players, "player")), _Failed):
            clean = False
    for player_id in players:
        key = f"victory.{player_id}"
        if player_id not in raw:
            attempt(
                lambda: _raise(
                    file.fail(
                        "victory", f"no conditions for {player_id}; every player needs a [victory.{player_id}] table"
                    )
                )
            )
            clean = False
            continue
        entry = attempt(lambda: file.table(raw[player_id], key))
        if isinstance(entry, _Failed):
            clean = False
            continue
        if isinstance(attempt(lambda: file.keys(entry, key, ("win",), ("lose",))), _Failed):
            clean = False
        for part in ("win", "lose"):
            if part in entry and isinstance(
                attempt(lambda: loader._condition(file, entry[part], f"{key}.{part}", player_id, players, board)),
                _Failed,
            ):
                clean = False
    if clean:
        attempt(lambda: loader._load_victory(file, board, players))


def _raise(error: ScenarioError) -> None:
    raise error
