"""What ``simulate`` and ``balance`` share: the ``--game`` argument, a new game's
options from the command line, and the automated control seat's mode."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from typing import Any

from ..table.contract import AnyRules
from ..table.errors import RuleInputError
from ..table.registry import DEFAULT_GAME, game_ids


def add_game_argument(parser: argparse.ArgumentParser, default: str | None = DEFAULT_GAME) -> None:
    parser.add_argument(
        "--game",
        default=default,
        metavar="ID",
        help=f"which game (default {default or 'the save’s own'}; `hedgemony games` lists them)",
    )


def check_game(game: str | None) -> None:
    if game is not None and game not in game_ids():
        raise RuleInputError(f"no game {game!r}: the games are {', '.join(game_ids())}")


def _value(text: str, default: object) -> object:
    """A command-line option value read as the type of the option's default."""
    if isinstance(default, bool):
        if text.lower() in ("true", "yes", "on", "1"):
            return True
        if text.lower() in ("false", "no", "off", "0"):
            return False
        return text
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            return text
    return text


def add_scenario_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--scenario",
        metavar="DIR",
        default=None,
        help="play an edited scenario folder (the option scenario; `check-scenario DIR` checks it)",
    )


def options_from(
    rules: AnyRules, pairs: Sequence[tuple[str, str]], length: int | None, max_turns: int, scenario: str | None = None
) -> dict[str, object]:
    """A new game's options: ``--option NAME=VALUE`` pairs, ``--length`` (the option
    ``turns``) and ``--scenario`` (the option ``scenario``), each checked against the
    game's option specs."""
    specs = {o.id: o for o in rules.options()}
    chosen: dict[str, object] = {}
    for name, raw in pairs:
        if name not in specs:
            raise RuleInputError(f"no option {name!r} in {rules.info.id}: the options are {', '.join(specs)}")
        chosen[name] = _value(raw, specs[name].default)
    if length is not None:
        if "turns" not in specs:
            raise RuleInputError(f"{rules.info.id} has no length to set (no option turns)")
        if not 1 <= length <= max_turns:
            raise RuleInputError(f"--length must be 1-{max_turns} turns (got {length})")
        chosen["turns"] = length
    if scenario is not None:
        if "scenario" not in specs:
            raise RuleInputError(f"{rules.info.id} plays no scenario folders (no option scenario)")
        if not scenario.strip():
            raise RuleInputError("--scenario needs a folder name")
        chosen["scenario"] = scenario
    for name, value in chosen.items():
        problem = specs[name].problem(value)
        if problem:
            raise RuleInputError(problem)
    return chosen


def new_state(rules: AnyRules, seed: int, options: Mapping[str, object]) -> Any:
    if seed < 0:
        raise RuleInputError(f"--seed must be 0 or more (got {seed})")
    return rules.setup(seed, options)


def control_mode(rules: AnyRules, asked: str | None, names: Mapping[str, str]) -> str | None:
    """The automated control seat's mode: the one asked for (checked), else the game's
    default — its first mode, or ``random`` when every seat plays at random and the game
    has that mode (quick, plain games)."""
    modes = rules.control_modes()
    if not rules.info.control_seat or not modes:
        if asked is not None:
            raise RuleInputError(f"{rules.info.id} has no control seat to automate")
        return None
    if asked is not None:
        if asked not in modes:
            seat = next((s.name for s in rules.seats() if s.control), rules.info.control_seat)
            raise RuleInputError(f"no mode {asked!r} for {seat}: choose one of {', '.join(modes)}")
        return asked
    if set(names.values()) == {"random"} and "random" in modes:
        return "random"
    return modes[0]
