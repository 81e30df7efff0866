"""The conformance suite's playouts, each played once per worker process and shared by
every module that reads it (a playout is a record of immutable states, so sharing is
safe). The suite's modules ask for the same games (seeds 1-3 at the short options, and
the computer players' game of seed 1): played once, the suite takes half the time."""

from __future__ import annotations

from hedgemony_tui.table import conformance as cf
from hedgemony_tui.table.contract import AnyRules

_PLAYOUTS: dict[tuple[str, int, str], cf.Playout] = {}


def random_playout(rules: AnyRules, seed: int, *, flip_switches: bool = False) -> cf.Playout:
    """``cf.random_playout`` with the short options, played once per worker: a playout is
    a record of immutable states, so the modules that read it share it safely."""
    key = (rules.info.id, seed, "random, switches flipped" if flip_switches else "random")
    if key not in _PLAYOUTS:
        _PLAYOUTS[key] = cf.random_playout(rules, seed, cf.short_options(rules, flip_switches=flip_switches))
    return _PLAYOUTS[key]


def policy_playout(rules: AnyRules, seed: int, policy: str) -> cf.Playout:
    """``cf.policy_playout`` with the short options, played once per worker."""
    key = (rules.info.id, seed, f"policy {policy}")
    if key not in _PLAYOUTS:
        _PLAYOUTS[key] = cf.policy_playout(rules, seed, cf.short_options(rules), policy)
    return _PLAYOUTS[key]
