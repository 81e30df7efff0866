"""The games on the table, by id: found by entry point, each loaded only when asked for.

A game is a package that holds three modules by convention: ``<package>.rules`` with
``RULES`` (pure: no screens), ``<package>.front`` with ``FRONT`` (its screens), and
optionally ``<package>.cli`` (its own subcommands and placemats). An installed
distribution announces it with one entry point in the group :data:`GROUP`, whose name
is the game's id and whose value is the package::

    [project.entry-points."hedgemony_tui.games"]
    hedgemony = "hedgemony_tui.games.hedgemony"

so a game can come in a wheel of its own. The core names no game: adding one edits no
shared file but that line (and reinstalling, which ``make`` does when pyproject.toml
changes). :func:`add` registers a package that is not installed (a test, a game
being written).
"""

from __future__ import annotations

import importlib
import importlib.util
from importlib.metadata import entry_points
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .errors import RuleInputError

if TYPE_CHECKING:
    # Imported when a game's rules are first loaded: the title screen lists the games
    # (game_ids, get_front) before it paints and needs none of the contract for that.
    from .contract import AnyRules

GROUP = "hedgemony_tui.games"
DEFAULT_GAME = "hedgemony"
"""Listed first, and the game of a command that names none."""

_added: dict[str, str] = {}
_found: dict[str, str] | None = None
_loaded: dict[str, AnyRules] = {}


def _entries() -> dict[str, str]:
    """Every game's id and package: the installed entry points, then :func:`add`'s."""
    global _found
    if _found is None:
        found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
        # The default game first, then by id: the entry points' own order is the order
        # distributions happen to be found in, which varies by machine.
        _found = dict(sorted(found.items(), key=lambda item: (item[0] != DEFAULT_GAME, item[0])))
    return {**_found, **_added}


def add(game: str, package: str) -> None:
    """Put the game in ``package`` on the table as ``game`` without installing it."""
    _added[game] = package
    _loaded.pop(game, None)


def forget(game: str) -> None:
    """Take a game :func:`add` put on the table off it again."""
    _added.pop(game, None)
    _loaded.pop(game, None)


def refresh() -> None:
    """Read the entry points again (after a distribution was installed while running)."""
    global _found
    _found = None
    _loaded.clear()


def game_ids() -> tuple[str, ...]:
    """Every registered game's id, in the order the title screen lists them."""
    return tuple(_entries())


def package_of(game: str) -> str:
    """The package of game ``game``; RuleInputError naming the games there are otherwise."""
    entries = _entries()
    if game not in entries:
        there = ", ".join(entries) or f"none (is the program installed? its entry points group {GROUP!r} is empty)"
        raise RuleInputError(f"no game {game!r}: the games are {there}")
    return entries[game]


def get_rules(game: str) -> AnyRules:
    """The rules of game ``game`` (its package's ``rules.RULES``)."""
    if game not in _loaded:
        module = f"{package_of(game)}.rules"
        from .contract import GameRules  # lazy: the title lists the games before any contract is needed

        rules = importlib.import_module(module).RULES
        if not isinstance(rules, GameRules):
            raise TypeError(f"{module}.RULES does not implement the table's GameRules contract")
        if rules.info.id != game:
            raise TypeError(f"{module}.RULES calls itself {rules.info.id!r} but is registered as {game!r}")
        _loaded[game] = rules
    return _loaded[game]


def get_front(game: str) -> Any:
    """The screens of game ``game`` (its package's ``front.FRONT``; see ``hedgemony_tui.shell.front``).

    The rules are not loaded for it: the title screen lists every game by its front
    before it paints, and a game's rules (engine, bots) take longer to import than
    Textual takes to start."""
    return importlib.import_module(f"{package_of(game)}.front").FRONT


def turn_word(game: str) -> str:
    """The game's own word for a turn in lower case ("year", "cycle": its front's
    ``turn_word``), or "" when its front names none or cannot be loaded."""
    try:
        return str(getattr(get_front(game), "turn_word", "") or "").lower()
    except Exception:  # no front (a test's game), or one that fails to import: no word of its own
        return ""


def get_cli(game: str) -> ModuleType | None:
    """The command-line part of game ``game`` (its package's ``cli``), or None when the
    game has none (the generic commands then do without: ``show`` prints its summary)."""
    get_rules(game)
    name = f"{package_of(game)}.cli"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def game_for_kind(kind: object) -> AnyRules | None:
    """The game whose saves are of ``kind`` (a save's top-level ``kind``), if any."""
    for game in game_ids():
        rules = get_rules(game)
        if rules.save_kind == kind:
            return rules
    return None
