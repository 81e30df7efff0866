"""Hedgemony's shipped mats and default scenario, loaded and checked once per process.

The folders are ``rules/hedgemony/`` and ``data/hedgemony/`` (see
:mod:`hedgemony_tui.table.resources` for where those are in a wheel or a checkout).
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources.abc import Traversable

from hedgemony_tui.table import resources as shipped

from .scenario import Scenario, load_scenario
from .tables import RuleTables, load_rules

GAME = "hedgemony"


def rules_dir() -> Traversable:
    """The folder of the printed mats as TOML."""
    return shipped.rules_dir(GAME)


def data_dir() -> Traversable:
    """The folder of scenario content."""
    return shipped.data_dir(GAME)


@lru_cache(maxsize=1)
def default_rules() -> RuleTables:
    """The shipped mats, loaded and checked once per process."""
    return load_rules(rules_dir())


@lru_cache(maxsize=1)
def default_scenario() -> Scenario:
    """The shipped default scenario (rulebook appendix), loaded and checked once per process."""
    return load_scenario(data_dir() / "scenarios" / "default", shown_as="default")
