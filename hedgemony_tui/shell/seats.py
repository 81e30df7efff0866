"""Seats on the screens: what each seat may be on the new-game form.

Who plays each seat is the table's :class:`~hedgemony_tui.table.seats.Seats` (saved in
the game's file); what plays them, the computer players, is the table host's
(:mod:`hedgemony_tui.table.players`, re-exported here).
"""

from __future__ import annotations

from collections.abc import Mapping

from hedgemony_tui.table.contract import AnyRules, SeatSpec
from hedgemony_tui.table.players import PERSON, ComputerPlayerFailed, Players
from hedgemony_tui.table.seats import HUMAN

__all__ = ["PERSON", "ComputerPlayerFailed", "Players", "actor_name", "default_kinds", "kind_choices", "seat_label"]


def actor_name(labels: Mapping[str, str], actor: str) -> str:
    """A journal row's seat as its column shows it: the seat's label when it is only the
    id in other case ("italy" -> "Italy"), else the id, short ("US", "WHITE")."""
    label = labels.get(actor, actor)
    return label if label.lower() == actor.lower() else actor


def kind_choices(rules: AnyRules, spec: SeatSpec) -> list[tuple[str, str]]:
    """The new-game form's choices for a seat, as (label, kind): a person, or each
    computer policy (for the control seat: each automated mode)."""
    names = rules.control_modes() if spec.control else rules.policy_names()
    return [(PERSON, HUMAN)] + [(f"computer: {name}", name) for name in names]


def default_kinds(rules: AnyRules, wanted: Mapping[str, str]) -> dict[str, str]:
    """Each seat's kind on a fresh form: the front's wish when the game offers it, else
    the first player a person, the other players the first policy, and the control
    seat its first mode (the game lists its default first)."""
    kinds: dict[str, str] = {}
    first = True
    for spec in rules.seats():
        offered = [kind for _, kind in kind_choices(rules, spec)]
        if wanted.get(spec.id) in offered:
            kinds[spec.id] = wanted[spec.id]
        elif spec.control:
            kinds[spec.id] = offered[1] if len(offered) > 1 else HUMAN
        else:
            kinds[spec.id] = HUMAN if first or len(offered) == 1 else offered[1]
        first = first and spec.control
    return kinds


def seat_label(spec: SeatSpec) -> str:
    """A seat as the form lists it: "Russia (RU)", "The White Cell"."""
    if spec.control:
        return spec.name[:1].upper() + spec.name[1:]
    # A seat whose id is only its name in lower case ("italy") reads as the name alone.
    if spec.name.lower().replace(" ", "") == spec.id.lower():
        return spec.name
    return f"{spec.name} ({spec.id})"
