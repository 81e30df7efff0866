"""Where the shipped rules and game data live, for any game on the table.

In a wheel, the repository's ``rules/`` and ``data/`` folders are packed inside the
package (``hedgemony_tui/rules``, ``hedgemony_tui/data``); in a checkout or an editable
install they sit at the top of the repository. Each game keeps a folder of its own in
both (``rules/<game>/``, ``data/<game>/``).
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[2]


def _shipped(name: str) -> Traversable:
    packed = resources.files("hedgemony_tui") / name
    if packed.is_dir():
        return packed
    return _CHECKOUT / name


def rules_dir(game: str) -> Traversable:
    """The folder of a game's printed tables (mats, CRTs) as TOML."""
    return _shipped("rules") / game


def data_dir(game: str) -> Traversable:
    """The folder of a game's scenario content (maps, cards, orders of battle)."""
    return _shipped("data") / game
