"""Game saves: a game's state, journal, seats and origin in one file, and what reading one proves.

The file itself is written and read by :mod:`.save_io` (atomic, with one backup, bounded);
the text format is :mod:`.codec`'s. Reading a game checks its checksum, its rules and its
journal (:func:`read_game`). Every failure is a :class:`~hedgemony_tui.table.errors.SaveError`
naming the file.

**What a save proves.** A game save carries its origin (``[origin]``: the seed and the
options ``rules.setup`` was given), the state its journal starts from, the journal and
the state now. Reading it sets the game up again from the origin, requires that to be
the stored start, and replays the journal to the stored state: a number changed by
hand, or a journal dropped with the checksum recomputed, is refused. A save without an
origin (older formats, or a journal a migration restarted mid-game) still has its
journal replayed, but its start is taken on trust: it loads marked *unverified*. The
checksum itself only catches accidents (anyone can recompute a sha256).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from . import registry
from .annotations import GameNotes, notes_from
from .codec import DATA_KEY, FileKind, converter, peek_kind, read_document, structure, to_toml_text
from .contract import AnyRules
from .errors import IllegalIntent, SaveError
from .save_io import backup_path, read_save, write_save
from .seats import Seats, read_sidecar

# --- game saves ----------------------------------------------------------------------------

GAME_TABLES = frozenset({"game", "origin", "start", "journal", "seats", "bookmarks", "branch"})
"""A game save's tables beside ``[data]`` (the state now): the game's id, the seed and
options it was set up from, the state its journal starts from, the journal of
decisions, who plays each seat, and the facilitator's bookmarks and a branch's origin
(:mod:`.annotations`)."""

VERIFIED, UNVERIFIED, EDITED = "verified", "unverified", "edited"
"""How far a save read from a file is proven (:attr:`SavedGame.proof`)."""

_MAX_TOML_INT = 2**63 - 1  # TOML's integers are 64-bit: a bigger seed is written as digits


@attrs.frozen
class Origin:
    """What a game was set up from: ``rules.setup(seed, options)`` gives its start."""

    seed: int
    options: dict[str, object] = attrs.field(factory=dict)

    @classmethod
    def of(cls, rules: AnyRules, seed: int, options: Mapping[str, object]) -> Origin:
        """The origin of a new game: ``options`` as given to ``rules.setup``, except that a
        text option naming a file or folder that exists (a scenario folder) is kept as
        its absolute path, so the save sets up the same game from any working folder."""
        kinds = {spec.id: spec.kind for spec in rules.options()}
        kept: dict[str, object] = {}
        for name, value in options.items():
            if kinds.get(name) == "text" and isinstance(value, str) and value.strip():
                with contextlib.suppress(OSError, RuntimeError):
                    where = Path(value.strip()).expanduser()
                    if where.exists():
                        value = str(where.resolve())
            kept[name] = value
        return cls(seed, kept)

    def table(self, version: int) -> dict[str, Any]:
        """The ``[origin]`` table, with the format ``version`` the game was saved in."""
        seed: int | str = self.seed if 0 <= self.seed <= _MAX_TOML_INT else str(self.seed)
        return {"seed": seed, "version": version, "options": dict(self.options)}


def _origin_from(row: object) -> tuple[Origin, int]:
    """The origin of an ``[origin]`` table and the format it was written in; SaveError
    saying what is wrong otherwise."""
    if not isinstance(row, dict) or set(row) != {"seed", "version", "options"}:
        raise SaveError("[origin] must hold `seed`, `version` and `options` (the game's set-up)")
    seed, version, options = row["seed"], row["version"], row["options"]
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 40:
        seed = int(seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SaveError(f"[origin]: `seed` must be a whole number 0 or more, found {seed!r:.40}")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"[origin]: `version` must be a format number 1 or more, found {version!r:.40}")
    if (
        not isinstance(options, dict)
        or len(options) > 100
        or not all(isinstance(k, str) and isinstance(v, (bool, int, str)) for k, v in options.items())
    ):
        raise SaveError("[origin]: `options` must be a table of option names to switches, numbers or text")
    return Origin(seed, dict(options)), version


@attrs.frozen
class JournalEntry:
    """One decision as it was taken: the seat, the intent, who took it (``person`` or a
    computer policy's name), its one-line reason, and whether it rolled a die or showed
    something hidden (undo never goes back past such a step)."""

    seat: str
    intent: Any
    by: str = "person"
    reason: str = ""
    barrier: bool = False


@attrs.frozen
class SavedGame:
    """A game read from a file: its rules, the state now, the state its journal starts
    from, the journal, and its seats (None when the file names none); its origin (the
    seed and options it was set up from, None when unknown), and how far the file proved
    it (``proof``: :data:`VERIFIED`, :data:`UNVERIFIED` or :data:`EDITED`, with
    ``proof_note`` saying why it is not verified; "" for a game built in memory, which
    no file claims anything about)."""

    rules: AnyRules
    state: Any
    start: Any
    journal: tuple[JournalEntry, ...] = ()
    seats: Seats | None = None
    notes: GameNotes = GameNotes()
    origin: Origin | None = None
    proof: str = ""
    proof_note: str = ""

    @property
    def verified(self) -> bool:
        """Set up again from its origin and replayed to its state: a legal game of that seed."""
        return self.proof == VERIFIED

    @property
    def warning(self) -> str:
        """One line for a screen, a command's output or a debrief ("" when verified)."""
        if self.proof in (VERIFIED, ""):
            return ""
        what = "EDITED save" if self.proof == EDITED else "UNVERIFIED save"
        return f"{what}: {self.proof_note or 'its start could not be rebuilt from a seed'}"


def file_kind(rules: AnyRules) -> FileKind:
    """The kind of ``rules``' save files. A game that sets ``checksum_since`` (the first of
    its schema versions written with a checksum) has the checksum required from that
    version on; without it, a checksum is checked when present."""
    since = getattr(rules, "checksum_since", None)
    return FileKind(
        rules.save_kind, rules.schema_version, rules.migrations, GAME_TABLES, since if isinstance(since, int) else None
    )


def _journal_rows(rules: AnyRules, journal: tuple[JournalEntry, ...]) -> list[dict[str, Any]]:
    return [
        {
            "seat": e.seat,
            "by": e.by,
            "reason": e.reason,
            "barrier": e.barrier,
            "intent": converter.unstructure(e.intent, unstructure_as=rules.intent_union),
        }
        for e in journal
    ]


def game_text(
    rules: AnyRules,
    state: Any,
    *,
    start: Any = None,
    journal: tuple[JournalEntry, ...] = (),
    seats: Seats | None = None,
    notes: GameNotes | None = None,
    origin: Origin | None = None,
) -> str:
    """A game as the text of its save file (``origin``: the seed and options its start was
    set up from, when known; see the module docstring)."""
    tables: dict[str, Any] = {"game": rules.info.id}
    if origin is not None:
        tables["origin"] = origin.table(rules.schema_version)
    if journal:
        tables["start"] = start
        tables["journal"] = _journal_rows(rules, journal)
    if seats is not None:
        tables["seats"] = seats.to_dict()
    if notes is not None:
        tables.update(notes.tables())
    return to_toml_text(state, kind=file_kind(rules), tables=tables)


def save_game(
    path: str | os.PathLike[str],
    rules: AnyRules,
    state: Any,
    *,
    start: Any = None,
    journal: tuple[JournalEntry, ...] = (),
    seats: Seats | None = None,
    notes: GameNotes | None = None,
    origin: Origin | None = None,
) -> None:
    """Write a game atomically, keeping the previous save as ``<name>.bak``."""
    try:
        text = game_text(rules, state, start=start, journal=journal, seats=seats, notes=notes, origin=origin)
    except SaveError as exc:
        raise exc.for_file(str(path)) from exc
    write_save(path, text)


def _read_journal(rules: AnyRules, rows: object) -> tuple[JournalEntry, ...]:
    if not isinstance(rows, list):
        raise SaveError("the [[journal]] must be a list of decisions")
    entries = []
    for number, row in enumerate(rows):
        if (
            not isinstance(row, dict)
            or not {"seat", "intent"} <= set(row)
            or not set(row) <= {"seat", "intent", "by", "reason", "barrier"}
        ):
            raise SaveError(f"journal entry {number + 1} must have seat, intent, and may have by, reason, barrier")
        seat, by, reason, barrier = (
            row["seat"],
            row.get("by", "person"),
            row.get("reason", ""),
            row.get("barrier", False),
        )
        if not (
            isinstance(seat, str) and isinstance(by, str) and isinstance(reason, str) and isinstance(barrier, bool)
        ):
            raise SaveError(f"journal entry {number + 1}: seat, by and reason are text, barrier true or false")
        intent = structure(row["intent"], rules.intent_union, kind=rules.save_kind, table=f"journal entry {number + 1}")
        entries.append(JournalEntry(seat, intent, by, reason, barrier))
    return tuple(entries)


def _backup_hint(path: Path, hint: str) -> str:
    backup = backup_path(path)
    if backup.is_file() and backup != path:
        hint = f"{hint} The previous version is kept in {backup}: rename it to {path.name} to use it."
    return hint.strip()


def _rule_problems(rules: AnyRules, state: Any, table: str) -> list[str]:
    """The rules' own check of a state read from a file. A check that itself fails on
    data no game could reach is one more reason to refuse the file, never a traceback."""
    try:
        return list(rules.check(state))
    except Exception as exc:
        return [f"the [{table}] state cannot be checked ({type(exc).__name__}: {exc})"]


def replay(rules: AnyRules, start: Any, journal: tuple[JournalEntry, ...], state: Any, *, mark: int = 0) -> Any:
    """Refuse (SaveError) a journal that cannot be replayed from ``start`` or does not
    lead to ``state``: the saved state must be what its decisions made. The state after
    the first ``mark`` decisions (for a branch's record of where it left its parent)."""
    now = marked = start
    for number, entry in enumerate(journal, start=1):
        try:
            seat = rules.seat_of(entry.intent)
            now = rules.apply(now, entry.intent)
        except IllegalIntent as exc:
            raise SaveError(
                f"decision {number} of the journal cannot be replayed ({exc})",
                hint="Restore the backup, or a copy of the save.",
            ) from None
        except Exception as exc:
            raise SaveError(
                f"decision {number} of the journal cannot be replayed ({type(exc).__name__})",
                hint="Restore the backup, or a copy of the save.",
            ) from None
        if seat != entry.seat:
            raise SaveError(
                f"decision {number} of the journal names seat {entry.seat!r}, but it is {seat!r}'s",
                hint="Restore the backup, or a copy of the save.",
            )
        if number == mark:
            marked = now
    if now != state:
        raise SaveError(
            "the journal does not lead to the saved state: the file was changed or damaged",
            hint="Restore the backup, or a copy of the save. An edited save (--allow-edited) must"
            " drop its [start] and [[journal]] tables if its [data] was changed.",
        )
    return marked


def _rebuilt_start(rules: AnyRules, origin: Origin, start: Any) -> str:
    """Why ``start`` is not what ``origin`` sets up ("" when it is)."""
    try:
        rebuilt = rules.setup(origin.seed, origin.options)
    except Exception as exc:
        return f"the game's start cannot be set up again from the seed and options in its [origin] ({exc})"
    if rebuilt != start:
        return (
            "the game's start is not what the seed and options in its [origin] set up: "
            "the file was changed after it was written"
        )
    return ""


def _proof(
    rules: AnyRules, origin: Origin | None, version: int, start: Any, *, allow_edited: bool, checksum_ok: bool
) -> tuple[str, str]:
    """(proof, note) of a save whose journal replays from ``start`` (module docstring)."""
    edited = EDITED, "opened with --allow-edited; it is not proven to be a game the rules played"
    if not checksum_ok:
        return edited
    if origin is None:
        return UNVERIFIED, (
            "the file does not record the seed and options it was set up from"
            " (an older save, or a journal restarted by an upgrade)"
        )
    problem = _rebuilt_start(rules, origin, start)
    if problem and version < rules.schema_version:
        # Set up by an older version: its start may differ from today's set-up honestly.
        return UNVERIFIED, f"written in format {version}, whose start this version cannot set up again"
    if problem and not allow_edited:
        raise SaveError(
            problem,
            hint="Restore the backup, or a copy of the save; a facilitator may open an"
            " edited save with --allow-edited.",
        )
    return edited if problem else (VERIFIED, "")


def _check_branch(rules: AnyRules, notes: GameNotes, marked: Any) -> None:
    """A branch's record must say where its journal really left the parent."""
    branch = notes.branch
    if branch is not None and rules.turn_of(marked) != (branch.turn, branch.phase):
        turn, phase = rules.turn_of(marked)
        raise SaveError(
            f"[branch] says decision {branch.at} was taken in turn {branch.turn}, {branch.phase!r}, "
            f"but the journal puts it in turn {turn}, {phase!r}",
            hint="Restore the backup, or a copy of the save.",
        )


def read_game(
    path: str | os.PathLike[str], game: str | None = None, *, allow_edited: bool = False, verify_journal: bool = True
) -> SavedGame:
    """Read a save of any game on the table (chosen by its ``kind``), checked against that
    game's rules; :class:`SaveError` with the reason otherwise. Every command and screen
    that opens a game reads it here.

    The file's checksum must match (``allow_edited`` skips that check, for a save edited
    on purpose); the state now and the journal's start must obey the rules' ``check``;
    the start must be what the save's ``[origin]`` sets up; the journal, replayed from its
    start, must lead to the state now with each decision at its own seat; bookmarks and a
    branch's record must point into it. What was proven is in the result's ``proof``.

    ``verify_journal=False`` skips the replay, for the room view's reloads only (it shows
    the state now, on the screens' thread, at every write of a long game); the result is
    then never :data:`VERIFIED`. Every command reads with the replay: ``aar`` skipping it
    once let a decision moved to another seat through.
    """
    path = Path(path)
    try:
        text = read_save(path)
        kind = peek_kind(text)
        rules = registry.get_rules(game) if game is not None else registry.game_for_kind(kind)
        if rules is None:
            known = ", ".join(registry.get_rules(g).save_kind for g in registry.game_ids())
            raise SaveError(
                f"this is not a save of any game here (its kind is {kind!r}; the kinds are {known})",
                hint="Choose a save file that Hedgemony TUI wrote.",
            )
        spec = file_kind(rules)
        document = read_document(text, spec, allow_edited=allow_edited)
        checksum_ok = True
        if allow_edited:
            try:
                read_document(text, spec)
            except SaveError:
                checksum_ok = False
        state = structure(document[DATA_KEY], rules.state_type, kind=rules.save_kind)
        journal = _read_journal(rules, document.get("journal", []))
        if journal and "start" not in document:
            raise SaveError("the save has a journal but no [start] state to replay it from")
        start = (
            structure(document["start"], rules.state_type, kind=rules.save_kind, table="start") if journal else state
        )
        origin, version = _origin_from(document["origin"]) if "origin" in document else (None, 0)
        notes = notes_from(document, len(journal))
        raw_seats = document["seats"] if "seats" in document else read_sidecar(path)
        seats = (
            None
            if raw_seats is None
            else Seats.from_dict(rules.seats(), raw_seats, rules.policy_names(), rules.control_modes())
        )
        found = _rule_problems(rules, state, DATA_KEY)
        if journal and not found:
            found = [f"[start]: {problem}" for problem in _rule_problems(rules, start, "start")]
        if found:
            more = f"; and {len(found) - 3} more" if len(found) > 3 else ""
            raise SaveError(
                "the saved game breaks the rules: " + "; ".join(found[:3]) + more,
                hint="A save must hold a game the rules could reach.",
            )
        proof, note = _proof(rules, origin, version, start, allow_edited=allow_edited, checksum_ok=checksum_ok)
        if verify_journal:
            marked = replay(rules, start, journal, state, mark=notes.branch.at if notes.branch is not None else 0)
            _check_branch(rules, notes, marked)
        elif proof == VERIFIED:
            proof, note = UNVERIFIED, "its journal was not replayed"
    except SaveError as exc:
        raise exc.for_file(str(path), hint=_backup_hint(path, exc.hint)) from exc
    return SavedGame(rules, state, start, journal, seats, notes, origin, proof, note)


def load_game(path: str | os.PathLike[str], game: str | None = None, *, allow_edited: bool = False) -> Any:
    """The state of the game saved at ``path`` (see :func:`read_game`)."""
    return read_game(path, game, allow_edited=allow_edited).state
