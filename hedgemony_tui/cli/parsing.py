"""Argument parsing that fails with one clear line, and the notations every game's
commands share (``SEAT=POLICY``, ``NAME=VALUE``)."""

from __future__ import annotations

import argparse
from typing import NoReturn


class UsageError(Exception):
    """A command line the program cannot act on; the message says what is allowed."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors become :class:`UsageError` instead of usage dumps."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def seat_assignment(text: str) -> tuple[str, str]:
    """Read ``PRC=expert`` (seat ids are upper case, policy names lower case); whether
    the seat and the policy exist is the game's to say."""
    seat, sep, name = text.partition("=")
    seat, name = seat.strip().upper(), name.strip().lower()
    if not sep or not seat or not name:
        raise argparse.ArgumentTypeError(f"write SEAT=POLICY, e.g. PRC=expert (got {text!r})")
    return seat, name


def option_assignment(text: str) -> tuple[str, str]:
    """Read ``turns=6`` or ``random_events=true`` for ``--option``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"write NAME=VALUE, e.g. turns=6 (got {text!r})")
    return name.strip(), value.strip()
