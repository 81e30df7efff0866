"""Who plays each seat: a person at the keyboard or a computer policy, and their names.

The seats of a game are the scenario's six players and the White Cell. A computer seat
decides through the bots package (``get_policy`` when it exists, else the ``random``
policy), always from ``view(state, seat)`` and the legal intents of its own seat; its
one-line reason goes into the session journal.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

HUMAN = "human"
WHITE = "WHITE"
SEAT_ORDER = ("US", "NATO", "RU", "PRC", "DPRK", "IR", WHITE)


@attrs.frozen
class SeatSetup:
    """``kind`` is ``human`` or a policy name (``random``, ``basic``, ...)."""

    kind: str = HUMAN
    name: str = ""

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@attrs.frozen
class Seats:
    seats: Mapping[str, SeatSetup]

    def of(self, seat: str) -> SeatSetup:
        return self.seats.get(seat, SeatSetup())

    def human(self, seat: str) -> bool:
        return self.of(seat).human

    def humans(self) -> tuple[str, ...]:
        return tuple(s for s, setup in self.seats.items() if setup.human)

    def name(self, seat: str) -> str:
        label = "the White Cell" if seat == WHITE else seat
        given = self.of(seat).name
        return f"{given} ({label})" if given else label

    @classmethod
    def all_human(cls, players: Sequence[str]) -> Seats:
        return cls({p: SeatSetup() for p in (*players, WHITE)})

    @classmethod
    def from_kinds(cls, players: Sequence[str], kinds: Mapping[str, str], names: Mapping[str, str] | None = None) -> Seats:
        names = names or {}
        return cls({p: SeatSetup(kinds.get(p, HUMAN), names.get(p, "")) for p in (*players, WHITE)})

    def to_dict(self) -> dict[str, Any]:
        return {seat: {"kind": s.kind, "name": s.name} for seat, s in self.seats.items()}


def sidecar_path(save_path: str | Path) -> Path:
    """Seats are not part of the game state; the app keeps them beside the save."""
    path = Path(save_path)
    return path.with_name(path.stem + ".seats.toml")


def write_seats(save_path: str | Path, seats: Seats) -> None:
    import tomli_w

    from hedgemony_tui.table.saves import write_save

    write_save(sidecar_path(save_path), tomli_w.dumps({"seats": seats.to_dict()}))


def read_seats(save_path: str | Path, players: Sequence[str]) -> Seats:
    """The seats saved beside a game, or every seat human when there are none (or they are unreadable)."""
    path = sidecar_path(save_path)
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        raw = doc["seats"]
        kinds = {seat: str(raw[seat]["kind"]) for seat in raw if seat in (*players, WHITE)}
        names = {seat: str(raw[seat].get("name", "")) for seat in raw if seat in (*players, WHITE)}
    except (OSError, tomllib.TOMLDecodeError, KeyError, TypeError, AttributeError):
        return Seats.all_human(players)
    known = set(policy_names()) | {HUMAN}
    kinds = {seat: kind if kind in known else HUMAN for seat, kind in kinds.items()}
    return Seats.from_kinds(players, kinds, names)


# --- computer players -------------------------------------------------------------------


@attrs.frozen
class Choice:
    intent: Any
    reason: str


def policy_names() -> tuple[str, ...]:
    """The computer policies on offer: the bots package's, or ``random`` alone."""
    try:
        from ..bots import get_policy  # type: ignore[attr-defined]
    except ImportError:
        return ("random",)
    names = []
    for name in ("basic", "expert", "random"):
        try:
            get_policy(name)
        except Exception:  # an unknown name: the bots package says which exist
            continue
        names.append(name)
    return tuple(names) or ("random",)


def decide(policy_name: str, seen: Any, options: Sequence[Any]) -> Choice:
    """A computer seat's choice among ``options`` (its own seat's), with a one-line reason."""
    try:
        from ..bots import get_policy  # type: ignore[attr-defined]

        policy = get_policy(policy_name)
    except Exception:
        policy = None
    if policy is not None:
        made = policy.decide(seen, options)
        return Choice(made.intent, made.reason)
    from ..bots.random_policy import choose

    return Choice(choose(seen, options), f"random pick among {len(options)} options")


def white_cell_decide(state: Any, options: Sequence[Any]) -> Choice | None:
    """The automated White Cell: the bots package's when it exists, else a plain fallback that
    takes the White Cell's own decisions at random and never injects events."""
    try:
        from ..bots import white_cell  # type: ignore[attr-defined]

        bot = white_cell()
    except Exception:
        bot = None
    if bot is not None:
        made = bot.decide(state, options)
        return None if made is None else Choice(made.intent, made.reason)
    from ..engine.game import pending
    from ..engine.intents import InjectEvent, seat_of

    if pending(state).seat != WHITE:
        return None
    mine = [o for o in options if seat_of(o) == WHITE and not isinstance(o, InjectEvent)]
    if not mine:
        return None
    from ..bots.random_policy import choose

    return Choice(choose(state, mine), "automated White Cell")
