"""Who plays each seat: a person at the keyboard or a computer policy, and their names.

A game's seats come from its rules (``GameRules.seats()``); the control seat (White
Cell, umpire) may be a person or the game's automated control bot. The seats are saved
inside the game's save file, so a game always resumes at the same table.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from . import tomlsafe
from .contract import SeatSpec
from .files import read_regular
from .text import inert

MAX_SIDECAR_BYTES = 64_000
"""An old save's seats file holds a few lines per seat; anything far bigger is not one."""
MAX_NAME = 200
"""The longest seat name kept from a file (characters): a name, not a paragraph."""

HUMAN = "human"
"""The kind of a seat played by a person (any other kind names a computer policy)."""


PACES = ("every", "mine", "none")
"""A person's pace (which results stop the game for them: :mod:`.feed`), kept with the seat."""


@attrs.frozen
class SeatSetup:
    """``kind`` is ``human`` or a computer policy's name (``random``, ``basic``, ...);
    ``pace`` a person's own pace ("" until they choose one: every roll)."""

    kind: str = HUMAN
    name: str = ""
    pace: str = ""

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


@attrs.frozen
class Seats:
    """Every seat's setup, in the game's seat order, and how each seat is called."""

    seats: Mapping[str, SeatSetup]
    labels: Mapping[str, str] = attrs.field(factory=dict)

    def of(self, seat: str) -> SeatSetup:
        return self.seats.get(seat, SeatSetup())

    def human(self, seat: str) -> bool:
        return self.of(seat).human

    def humans(self) -> tuple[str, ...]:
        return tuple(s for s, setup in self.seats.items() if setup.human)

    def name(self, seat: str) -> str:
        """The seat as a person reads it: the given name, then the seat's label. Made
        inert (:func:`~.text.inert`): a name is typed by a person, or read from a file
        anyone may edit, and every screen, status line and message draws it from here,
        so an escape sequence in it is shown as text and never drives a terminal."""
        label = self.labels.get(seat, seat)
        given = self.of(seat).name
        return inert(f"{given} ({label})" if given else label)

    @classmethod
    def of_specs(
        cls, specs: Iterable[SeatSpec], kinds: Mapping[str, str] | None = None, names: Mapping[str, str] | None = None
    ) -> Seats:
        """Seats for a game's specs: each a person unless ``kinds`` names a policy."""
        kinds, names = kinds or {}, names or {}
        specs = tuple(specs)
        return cls(
            {s.id: SeatSetup(kinds.get(s.id, HUMAN), names.get(s.id, "")) for s in specs},
            # a seat whose id is its name in lower case ("italy") reads as its name ("Italy")
            {s.id: s.name if s.control or s.name.lower().replace(" ", "") == s.id.lower() else s.id for s in specs},
        )

    def with_pace(self, seat: str, pace: str) -> Seats:
        """The same seats, ``seat`` with its own pace (saved with the game)."""
        return attrs.evolve(self, seats={**self.seats, seat: attrs.evolve(self.of(seat), pace=pace)})

    def to_dict(self) -> dict[str, Any]:
        return {
            seat: {"kind": s.kind, "name": s.name, **({"pace": s.pace} if s.pace else {})}
            for seat, s in self.seats.items()
        }

    @classmethod
    def from_dict(
        cls, specs: Iterable[SeatSpec], raw: object, policies: Iterable[str], control_modes: Iterable[str] = ()
    ) -> Seats:
        """Seats read back from a save's ``[seats]`` table: a player seat is a person or
        one of ``policies``, the control seat a person or one of ``control_modes``;
        anything unreadable or unknown is a person (never a silent computer player)."""
        specs = tuple(specs)
        control = {s.id for s in specs if s.control}
        players, modes = set(policies) | {HUMAN}, set(control_modes) | {HUMAN}
        kinds: dict[str, str] = {}
        names: dict[str, str] = {}
        paces: dict[str, str] = {}
        if isinstance(raw, dict):
            for seat, entry in raw.items():
                if isinstance(entry, dict):
                    kind, name, pace = entry.get("kind"), entry.get("name", ""), entry.get("pace", "")
                    if isinstance(kind, str) and kind in (modes if seat in control else players):
                        kinds[seat] = kind
                    if isinstance(name, str):
                        names[seat] = name[:MAX_NAME]
                    if pace in PACES:  # anything else: the default, never an error
                        paces[seat] = str(pace)
        made = cls.of_specs(specs, kinds, names)
        for seat, pace in paces.items():
            if seat in made.seats:
                made = made.with_pace(seat, pace)
        return made


def sidecar_path(save_path: str | Path) -> Path:
    """Where saves written before the seats moved into the save kept them."""
    path = Path(save_path)
    return path.with_name(path.stem + ".seats.toml")


def read_sidecar(save_path: str | Path) -> object:
    """The ``[seats]`` table of an older save's sidecar file, or None."""
    try:
        # Bounded, regular files only: the sidecar's name is derived from the save's, and
        # a FIFO or device planted under it must not hang or flood the reader.
        data = read_regular(sidecar_path(save_path), MAX_SIDECAR_BYTES)
        if len(data) > MAX_SIDECAR_BYTES:
            return None
        return tomlsafe.loads(data.decode("utf-8"), what="this seats file").get("seats")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
