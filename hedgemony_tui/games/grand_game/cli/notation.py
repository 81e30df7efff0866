"""How the calculator reads what a facilitator types: counts with a ceiling, forces such
as ``3inf,1armor`` or ``2heavy,1light``, terrain marks, and a multi-way side
``red=advance:3armor,1inf``. Every refusal is one line saying what was typed, what is
wrong and what is allowed (argparse puts it after the option's name)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping

MAX_UNITS = 99
"""The most units, aircraft or air points the calculator takes in one place: more than the
whole map holds, and it keeps every count quick."""

MAX_SUPPLIES = 999
MAX_SEED = 2**63 - 1

LAND_KINDS: Mapping[str, str] = {
    "i": "infantry",
    "inf": "infantry",
    "infantry": "infantry",
    "a": "armor",
    "arm": "armor",
    "armor": "armor",
    "armour": "armor",
}
SEA_KINDS: Mapping[str, str] = {
    "l": "light",
    "light": "light",
    "ld": "loaded",
    "loaded": "loaded",
    "h": "heavy",
    "heavy": "heavy",
}
TERRAIN_MARKS = ("city", "port", "mountain")

_PART = re.compile(r"^(\d{1,6})\s*([a-z]+)$")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def whole(text: str, least: int, most: int, what: str) -> int:
    """``text`` as a whole number from ``least`` to ``most``, or a refusal naming the range."""
    stripped = text.strip()
    if not re.fullmatch(r"[+-]?\d{1,20}", stripped):
        raise argparse.ArgumentTypeError(f"{what} is a whole number from {least} to {most}, not {_shown(text)}")
    value = int(stripped)
    if not least <= value <= most:
        raise argparse.ArgumentTypeError(f"{what} is a whole number from {least} to {most}, not {_shown(text)}")
    return value


def name(text: str) -> str:
    """A side's or a place's name: shown in the answer and part of a keyed draw's name."""
    cleaned = text.strip()
    if not cleaned or len(cleaned) > 40 or not cleaned.isprintable() or any(c in cleaned for c in "/=:"):
        raise argparse.ArgumentTypeError(f"a name is 1 to 40 printable characters without / = or :, not {_shown(text)}")
    return cleaned


def units(text: str) -> int:
    return whole(text, 0, MAX_UNITS, "a count of units or air points")


def dice(text: str) -> int:
    return whole(text, 1, MAX_UNITS, "the number of bombing dice")


def supplies(text: str) -> int:
    return whole(text, 0, MAX_SUPPLIES, "supplies")


def seed(text: str) -> int:
    return whole(text, 0, MAX_SEED, "the seed")


def turn(text: str) -> int:
    return whole(text, 1, 999, "the turn")


def samples(text: str) -> int:
    return whole(text, 100, 200_000, "the number of samples")


def force(text: str, kinds: Mapping[str, str], example: str) -> dict[str, int]:
    """``3inf,1armor`` as counts by kind (every kind of ``kinds`` present, 0 if not named);
    ``none`` or an empty text is no unit at all."""
    counts = dict.fromkeys(dict.fromkeys(kinds.values()), 0)
    cleaned = text.strip().lower()
    if cleaned in ("", "none", "0"):
        return counts
    allowed = ", ".join(dict.fromkeys(kinds.values()))
    for part in cleaned.split(","):
        match = _PART.match(part.strip())
        if not match or match.group(2) not in kinds:
            where = "" if part.strip() == text.strip() else f" in {_shown(text)}"
            raise argparse.ArgumentTypeError(
                f"cannot read {_shown(part.strip())}{where}: write COUNT then KIND, "
                f"comma-separated, e.g. {example} (kinds: {allowed})"
            )
        kind = kinds[match.group(2)]
        counts[kind] += int(match.group(1))
        if counts[kind] > MAX_UNITS:
            raise argparse.ArgumentTypeError(f"{_shown(text)}: at most {MAX_UNITS} {kind} in one place")
    return counts


def land_force(text: str) -> dict[str, int]:
    return force(text, LAND_KINDS, "3inf,1armor")


def sea_force(text: str) -> dict[str, int]:
    return force(text, SEA_KINDS, "2heavy,1light,1loaded")


def terrain(text: str) -> tuple[str, ...]:
    """``mountain`` or ``city,mountain``: the territory's marks (L327)."""
    marks = tuple(word.strip().lower() for word in text.split(",") if word.strip())
    wrong = [mark for mark in marks if mark not in TERRAIN_MARKS]
    if wrong or not marks:
        raise argparse.ArgumentTypeError(
            f"{_shown(text)} is not terrain: write one or more of {', '.join(TERRAIN_MARKS)}, comma-separated "
            "(open ground is the default; winter is --winter, rivers --river)"
        )
    return marks
