"""Where the shipped rules and scenario data live.

In a wheel, ``rules/`` and ``data/`` are packed inside the package
(``hedgemony_tui/rules``); in a checkout or an editable install they sit at the top of
the repository. :func:`rules_dir` and :func:`data_dir` find whichever is there.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .engine.scenario import Scenario, load_scenario
from .engine.tables import RuleTables, load_rules

_CHECKOUT = Path(__file__).resolve().parent.parent


def _shipped(name: str) -> Traversable:
    packed = resources.files("hedgemony_tui") / name
    if packed.is_dir():
        return packed
    return _CHECKOUT / name


def rules_dir() -> Traversable:
    """The folder of the printed mats as TOML."""
    return _shipped("rules")


def data_dir() -> Traversable:
    """The folder of scenario content."""
    return _shipped("data")


@lru_cache(maxsize=1)
def default_rules() -> RuleTables:
    """The shipped mats, loaded and checked once per process."""
    return load_rules(rules_dir())


@lru_cache(maxsize=1)
def default_scenario() -> Scenario:
    """The shipped default scenario (rulebook appendix), loaded and checked once per process."""
    return load_scenario(data_dir() / "scenarios" / "default", shown_as="default")
