"""The calculator's notations: force groups (``3xM2@80:conus``), ``+N``, counts, ``14@90``, ``4xM3``."""

from __future__ import annotations

import argparse
import re

from hedgemony_tui.games.hedgemony.engine.combat_factors import ForceGroup
from hedgemony_tui.games.hedgemony.engine.terms import Source
from hedgemony_tui.table.errors import RuleInputError

GROUP_FORM = "<FFs>xM<mod>[@<readiness%>][:theater|:adjacent|:conus]"


MAX_DIGITS = 6
"""No figure on a mat reaches a million; a longer number is a typo (and Python refuses
to read one of over 4,300 digits at all)."""


def _whole(digits: str, text: str) -> int:
    """``digits`` (already matched as digits) as an int, refused when absurdly long."""
    digits = digits.lstrip("+")
    if len(digits.lstrip("0")) > MAX_DIGITS:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise RuleInputError(f"{shown!r}: numbers here have at most {MAX_DIGITS} digits")
    return int(digits)


_GROUP = re.compile(r"^(\d+)x[mM](\d+)(?:@(\d+)%?)?(?::([a-z]+))?$", re.IGNORECASE)


def parse_group(text: str, *, us: bool) -> ForceGroup:
    """Read ``3xM2``, ``2xM4@80``, ``4xM3@90:conus`` ... into a :class:`ForceGroup`."""
    match = _GROUP.match(text.strip())
    if not match:
        raise RuleInputError(f"cannot read the group {text!r}: write {GROUP_FORM}, e.g. 3xM2 or 2xM4@80:conus")
    ffs, mod, readiness, source = match.groups()
    if readiness is not None and not us:
        raise RuleInputError(f"readiness (@{readiness} in {text!r}) applies only to U.S. forces: add --us")
    if source is not None:
        source = source.lower()
        if source not in {s.value for s in Source}:
            raise RuleInputError(f"unknown source ':{source}' in {text!r}: use :theater, :adjacent or :conus")
        if source == Source.CONUS and not us:
            raise RuleInputError(f"CONUS-sourced reactive forces (:conus in {text!r}) are U.S.-only: add --us")
    return ForceGroup(
        ffs=_whole(ffs, text),
        mod=_whole(mod, text),
        readiness=_whole(readiness, text) if readiness is not None else 100,
        source=Source(source) if source else Source.THEATER,
    )


def parse_plus(text: str, what: str) -> int:
    """Read ``+2`` (or ``2``) as a whole number."""
    cleaned = text.strip().removesuffix("%")
    if not re.fullmatch(r"\+?\d+", cleaned):
        raise RuleInputError(f"{what} must be written +N, e.g. +2 (got {text!r})")
    return _whole(cleaned, text)


def parse_count(text: str, what: str = "FFs") -> int:
    if not re.fullmatch(r"\d+", text.strip()):
        raise RuleInputError(f"{what} must be a whole number (got {text!r})")
    return _whole(text.strip(), text)


_FORCE_AT = re.compile(r"^(\d+)@(\d+)%?$")


def parse_ffs_at(text: str) -> tuple[int, int]:
    """Read ``14@90`` (FFs at a Readiness Level)."""
    match = _FORCE_AT.match(text.strip())
    if not match:
        raise RuleInputError(f"cannot read {text!r}: write <FFs>@<readiness%>, e.g. 14@90")
    return _whole(match.group(1), text), _whole(match.group(2), text)


_PROCURE = re.compile(r"^(\d+)x[mM](\d+)$")


def parse_procure(text: str) -> tuple[int, int]:
    match = _PROCURE.match(text.strip())
    if not match:
        raise RuleInputError(f"cannot read {text!r}: write <FFs>xM<mod>, e.g. 4xM3")
    return _whole(match.group(1), text), _whole(match.group(2), text)


def int_argument(text: str) -> int:
    """An argparse ``type``: a whole number (negative allowed) of at most
    :data:`MAX_DIGITS` digits, so a mistyped figure is refused in one line rather than
    overflowing a ratio."""
    cleaned = text.strip()
    if not re.fullmatch(r"[+-]?\d+", cleaned):
        raise argparse.ArgumentTypeError(f"invalid int value: {text[:40]!r} (write a whole number)")
    if len(cleaned.lstrip("+-").lstrip("0")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"numbers here have at most {MAX_DIGITS} digits (got {text[:20]!r}...)")
    return int(cleaned)
