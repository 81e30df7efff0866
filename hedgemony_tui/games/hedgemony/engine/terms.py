"""The shared vocabulary of the rules: outcomes, force sources, reliability grades, levels.

String enums, so that the same words appear in TOML files, JSON output and saves.
"""

from enum import StrEnum


class Outcome(StrEnum):
    """The five probability outcomes of CRT A and RT B (chapter 8), Red-most first."""

    RED_MAJOR = "red-major"
    RED_MINOR = "red-minor"
    STATUS_QUO = "status-quo"
    BLUE_MINOR = "blue-minor"
    BLUE_MAJOR = "blue-major"

    # ``title`` deliberately shadows ``str.title`` with the outcome's printed name (read by
    # the loader, the log and the renderers); a property cannot match a method's signature.
    @property
    def title(self) -> str:  # type: ignore[override]
        return {
            "red-major": "Red Major Gain",
            "red-minor": "Red Minor Gain",
            "status-quo": "Status Quo",
            "blue-minor": "Blue Minor Gain",
            "blue-major": "Blue Major Gain",
        }[self.value]

    @property
    def rank(self) -> int:
        """-2 (Red major) .. +2 (Blue major): higher favours Blue."""
        return list(Outcome).index(self) - 2


class Source(StrEnum):
    """Where a group of Force Factors comes from, for the Combat Factor procedure (ch. 10)."""

    THEATER = "theater"
    ADJACENT = "adjacent"
    CONUS = "conus"


class Reliability(StrEnum):
    """Assessed proxy reliability (ch. 15)."""

    CERTAIN = "certain"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


MOD_LEVELS = range(1, 8)
"""Mod Levels the mats print (1-7)."""

READINESS_LEVELS = (100, 90, 80, 70, 60, 50)
"""U.S. Readiness Levels the mats print, in percent. See rules/README.md, extension rule X4."""

D10_FACES = range(0, 10)
"""A fair D10 reads 0-9."""
