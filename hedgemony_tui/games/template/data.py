"""The template game's data: one value, the default target, read from ``game.toml``.

The file sits in the package itself and is read with :mod:`importlib.resources`, so it
travels with the package wherever it goes: this repository, a wheel of its own, a copy
in a temporary folder. (The games that came first keep theirs under the repository's
``data/<id>/``, found with ``hedgemony_tui.table.resources.data_dir``; both ways work in
this repository, only this one works for a game shipped on its own.)

Every problem is named with the file, the key and what is allowed, so a typo in the
file is one clear line, never a traceback from deep in the engine.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import attrs

FILE = "game.toml"
PACKAGE = __name__.rpartition(".")[0]
"""This package, whatever a copy of it is called."""

TARGET_RANGE = (3, 30)
"""The targets a game may be played to: below 3 the first player simply wins."""


class DataError(ValueError):
    """The game's data file is wrong: the message says where and what is allowed."""


@attrs.frozen
class GameData:
    """What ``game.toml`` holds."""

    target: int


def parse(text: str, where: str = FILE) -> GameData:
    """The data in ``text`` (a TOML document), or DataError naming every problem."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{where}: not valid TOML: {exc}") from None
    problems = [f"unknown key {key!r} (the keys are: target)" for key in table if key != "target"]
    low, high = TARGET_RANGE
    target = table.get("target")
    if target is None:
        problems.append("target is missing")
    elif isinstance(target, bool) or not isinstance(target, int) or not low <= target <= high:
        problems.append(f"target is a whole number from {low} to {high}, not {target!r}")
    if problems:
        raise DataError(f"{where}: " + "; ".join(problems))
    assert isinstance(target, int)  # checked above; tells the type checker
    return GameData(target=target)


@cache
def game_data() -> GameData:
    """The package's own ``game.toml``, read once."""
    source = resources.files(PACKAGE) / FILE
    return parse(source.read_text(encoding="utf-8"), f"{PACKAGE}/{FILE}")
