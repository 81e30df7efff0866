"""The games on the table, by id: each loaded only when asked for.

The list itself is ``hedgemony_tui.games.GAMES`` (id -> the modules holding the game's
``RULES``, its screens' ``FRONT``, and its command-line part). The core names no
game: it reads that list by module path, so a game is added by a line there and a
package beside the others (see ``docs/adding-a-game.md``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import RuleInputError

if TYPE_CHECKING:
    # Imported when a game's rules are first loaded: the title screen lists the games
    # (game_ids, get_front) before it paints and needs none of the contract for that.
    from .contract import GameRules

GAMES_MODULE = "hedgemony_tui.games"
DEFAULT_GAME = "hedgemony"

_loaded: dict[str, GameRules] = {}


def _entries() -> dict[str, tuple[str, str, str]]:
    entries: dict[str, tuple[str, str, str]] = importlib.import_module(GAMES_MODULE).GAMES
    return entries


def game_ids() -> tuple[str, ...]:
    """Every registered game's id, in the order the title screen lists them."""
    return tuple(_entries())


def get_rules(game: str) -> GameRules:
    """The rules of game ``game``; RuleInputError naming the games there are otherwise."""
    entries = _entries()
    if game not in entries:
        raise RuleInputError(f"no game {game!r}: the games are {', '.join(entries)}")
    if game not in _loaded:
        module = entries[game][0]
        from .contract import GameRules

        rules = importlib.import_module(module).RULES
        if not isinstance(rules, GameRules):
            raise TypeError(f"{module}.RULES does not implement the table's GameRules contract")
        _loaded[game] = rules
    return _loaded[game]


def get_front(game: str) -> Any:
    """The screens of game ``game`` (a shell-side object; see ``hedgemony_tui.shell.front``).

    The rules are not loaded for it: the title screen lists every game by its front
    before it paints, and a game's rules (engine, bots) take longer to import than
    Textual takes to start."""
    entries = _entries()
    if game not in entries:
        raise RuleInputError(f"no game {game!r}: the games are {', '.join(entries)}")
    return importlib.import_module(entries[game][1]).FRONT


def get_cli(game: str) -> Any:
    """The command-line part of game ``game`` (its subcommands and placemats)."""
    get_rules(game)
    return importlib.import_module(_entries()[game][2])


def game_for_kind(kind: object) -> GameRules | None:
    """The game whose saves are of ``kind`` (a save's top-level ``kind``), if any."""
    for game in game_ids():
        rules = get_rules(game)
        if rules.save_kind == kind:
            return rules
    return None
