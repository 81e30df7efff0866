"""The coach's words: what a coached game says when the coach would have chosen
otherwise, and how its measure reads. Pure text; the table host adds the line to the
seat's private notes, the shell shows it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def fmt(value: float | None) -> str:
    """A measure as the coach prints it, as the worksheets print theirs: signed, one
    decimal, a whole number without it ("+1", "+0.5"); a dash when not measured."""
    if value is None:
        return "—"
    shown = round(value, 1)
    return f"{int(shown):+d}" if shown == int(shown) else f"{shown:+.1f}"


REASON = " Its reason: "
"""Where a remark's reason begins (:func:`remark_gist` stops there)."""


def remark_gist(text: str) -> str:
    """A remark's first sentence, what the coach would have done, in few words for a line
    with little room (the board's coach line); its reason and figures stay in the journal."""
    return text.split(REASON, 1)[0].replace("The coach would have chosen: ", "would have chosen ", 1)


def capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def coach_remark(advice: Any, intent: Any, label: Callable[[Any], str]) -> str:
    """What the coach would have done instead of ``intent``, its reason, and the
    difference by its measure (``label`` names an intent as the seat's menus do)."""
    try:
        theirs = label(advice.intent)
    except Exception:
        theirs = advice.intent.describe()
    mine, best = advice.value_of(intent), advice.value_of(advice.intent)
    measure = capital(advice.measure)
    text = f"The coach would have chosen: {theirs}.{REASON}{advice.reason}."
    if mine is not None and best is not None:
        gap = best - mine
        if abs(gap) < 0.05:
            text += f" {measure}: {fmt(best)} for both now; the difference lies in what each sets up."
        elif gap > 0:
            text += f" {measure}: {fmt(best)} for it against {fmt(mine)} for yours ({gap:.1f} more)."
        else:
            text += (
                f" {measure}: {fmt(best)} for it against {fmt(mine)} for yours: yours promises {-gap:.1f} more,"
                f" but the expert weighs more than this measure."
            )
    return text
