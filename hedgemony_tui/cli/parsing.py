"""Argument parsing that fails with one clear line, and the notations every game's
commands share (``SEAT=POLICY``, ``NAME=VALUE``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from typing import NoReturn

from ..table.registry import DEFAULT_GAME
from ..table.text import inert

EXIT_USAGE = 2
EXIT_RULES = 3
GENERIC_COMMANDS = (
    "games",
    "simulate",
    "show",
    "balance",
    "aar",
    "replay",
    "room",
    "serve-room",
    "compare",
    "serve",
    "join",
    "host",
)
"""Commands of the table itself, for any game (``--game`` is theirs to read)."""


class UsageError(Exception):
    """A command line the program cannot act on; the message says what is allowed."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become :class:`UsageError` instead of usage dumps."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def seat_assignment(text: str) -> tuple[str, str]:
    """Read ``PRC=expert`` (policy names lower case; the seat as typed, matched to the
    game's own ids by :func:`seat_policies`); whether they exist is the game's to say."""
    seat, sep, name = text.partition("=")
    seat, name = seat.strip(), name.strip().lower()
    if not sep or not seat or not name:
        raise argparse.ArgumentTypeError(f"write SEAT=POLICY, e.g. PRC=expert (got {text!r})")
    return seat, name


def seat_policies(seat_ids: Iterable[str], pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``--seat`` pairs keyed by the game's own seat ids, matched whatever the case
    (Hedgemony's are PRC and US, the world-system's italy and spain); a seat that matches
    none is kept as typed, for the game to refuse it naming its seats."""
    ids = {seat.casefold(): seat for seat in seat_ids}
    return {ids.get(seat.casefold(), seat): name for seat, name in pairs}


def option_assignment(text: str) -> tuple[str, str]:
    """Read ``turns=6`` or ``random_events=true`` for ``--option``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"write NAME=VALUE, e.g. turns=6 (got {text!r})")
    return name.strip(), value.strip()


def say(message: str) -> None:
    """One line of refusal on stderr. Messages quote file names, seat names and the
    command line, all typed by people: made inert, so no escape sequence in them reaches
    the terminal (:func:`~hedgemony_tui.table.text.inert`)."""
    print(inert(message), file=sys.stderr)


def game_in(argv: Sequence[str]) -> str:
    """The ``--game`` named on the command line (its own subcommands are added for it)."""
    for index, arg in enumerate(argv):
        if arg == "--game" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--game="):
            return arg.partition("=")[2]
    return DEFAULT_GAME


def without_game(argv: Sequence[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--game":
            skip = True
        elif not arg.startswith("--game="):
            out.append(arg)
    return out
