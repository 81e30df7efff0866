"""The calculator's notations: force groups (``3xM2@80:conus``), ``+N``, counts, ``14@90``, ``4xM3``."""

from __future__ import annotations

import re

from hedgemony_tui.games.hedgemony.engine.combat_factors import ForceGroup
from hedgemony_tui.table.errors import RuleInputError
from hedgemony_tui.games.hedgemony.engine.terms import Source


GROUP_FORM = "<FFs>xM<mod>[@<readiness%>][:theater|:adjacent|:conus]"
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
        ffs=int(ffs),
        mod=int(mod),
        readiness=int(readiness) if readiness is not None else 100,
        source=Source(source) if source else Source.THEATER,
    )


def parse_plus(text: str, what: str) -> int:
    """Read ``+2`` (or ``2``) as a whole number."""
    cleaned = text.strip().removesuffix("%")
    if not re.fullmatch(r"\+?\d+", cleaned):
        raise RuleInputError(f"{what} must be written +N, e.g. +2 (got {text!r})")
    return int(cleaned)


def parse_count(text: str, what: str = "FFs") -> int:
    if not re.fullmatch(r"\d+", text.strip()):
        raise RuleInputError(f"{what} must be a whole number (got {text!r})")
    return int(text)


_FORCE_AT = re.compile(r"^(\d+)@(\d+)%?$")


def parse_ffs_at(text: str) -> tuple[int, int]:
    """Read ``14@90`` (FFs at a Readiness Level)."""
    match = _FORCE_AT.match(text.strip())
    if not match:
        raise RuleInputError(f"cannot read {text!r}: write <FFs>@<readiness%>, e.g. 14@90")
    return int(match.group(1)), int(match.group(2))


_PROCURE = re.compile(r"^(\d+)x[mM](\d+)$")


def parse_procure(text: str) -> tuple[int, int]:
    match = _PROCURE.match(text.strip())
    if not match:
        raise RuleInputError(f"cannot read {text!r}: write <FFs>xM<mod>, e.g. 4xM3")
    return int(match.group(1)), int(match.group(2))
