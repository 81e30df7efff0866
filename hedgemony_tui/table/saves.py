"""Save files on disk: atomic writes with one backup, careful reads, and load/save helpers.

The text format belongs to :mod:`hedgemony_tui.games.hedgemony.engine.codec`; this module only moves
that text to and from files, which is why it sits outside the (pure) engine.

Writing never leaves a half-written save where a good one was: the text goes to a
temporary file in the same folder, is flushed to disk, the current save is kept as
``<name>.bak`` (one previous version, no more), and only then does an atomic
``os.replace`` put the new file in place; temporary files that a killed write left
behind (ours by name, over a minute old) are removed by the next write. Reading a game
checks its checksum, its rules and its journal (:func:`read_game`). Every failure is a
:class:`~hedgemony_tui.table.errors.SaveError` naming the file.

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
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import attrs

from . import registry, tomlsafe
from .annotations import GameNotes, notes_from
from .codec import DATA_KEY, FileKind, converter, from_toml_text, peek_kind, read_document, structure, to_toml_text
from .contract import AnyRules
from .errors import IllegalIntent, SaveError
from .files import FileTooBig, read_regular
from .seats import Seats, read_sidecar

T = TypeVar("T")

MAX_SAVE_BYTES = tomlsafe.MAX_SAVE_BYTES
"""A real save is a few hundred kilobytes at most; anything far bigger is not one."""

STALE_TEMP_SECONDS = 60
"""A temporary file of ours older than this was left by a write that was killed."""
_OUR_TEMP = re.compile(r"\..+\.(?:[a-z0-9_]{8}|bak)\.tmp")
"""Our temporary names: ``.<name>.<8 random>.tmp`` (mkstemp) and ``.<name>.bak.tmp``."""


def _read_umask() -> int:
    # The only portable way to read the umask is to set it and put it back; done once,
    # at import, before a front end starts threads that might create files meanwhile.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_read_umask()
"""The mode an ordinary new file gets; mkstemp's owner-only default would differ."""


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where the previous version of ``path`` is kept: ``<name>.bak`` beside it."""
    path = Path(path)
    return path.with_name(path.name + ".bak")


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable. Not every system can open a folder (Windows
    # cannot); there the rename is as durable as the system makes it anyway.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _keep_backup(path: Path) -> None:
    """Make ``<name>.bak`` a copy of ``path`` without ever taking ``path`` away."""
    # A hard link costs nothing and the later os.replace of ``path`` leaves the link
    # holding the old content. Renaming ``path`` away instead would leave a moment
    # with no save under its own name; file systems without links get a copy.
    staging = path.with_name(f".{path.name}.bak.tmp")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(staging)
    try:
        os.link(path, staging)
    except OSError:
        shutil.copy2(path, staging)
    os.replace(staging, backup_path(path))


def clean_stale_temps(folder: str | os.PathLike[str], *, now: float | None = None) -> list[Path]:
    """Remove the temporary files a killed write left in ``folder`` (ours by their name,
    regular files, untouched for :data:`STALE_TEMP_SECONDS`); the ones removed.

    A younger one may belong to a write still under way in another process, so it stays.
    Nothing here may fail a save: any error just leaves the file where it is.
    """
    removed: list[Path] = []
    limit = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    try:
        names = [entry for entry in os.scandir(folder) if _OUR_TEMP.fullmatch(entry.name)]
    except OSError:
        return removed
    for entry in names:
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < limit:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def write_save(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically, keeping the previous file as ``<name>.bak``.

    On any failure the previous save (and its backup, unless it was already being
    replaced) is left as it was, and :class:`SaveError` says why.
    """
    path = Path(path)
    try:
        payload = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SaveError(
            f"the save text cannot be encoded as UTF-8 ({exc.reason})",
            file=str(path),
            hint="This is a bug in Hedgemony TUI; please report it. Nothing was written.",
        ) from exc
    if path.is_dir():
        raise SaveError("this is a folder, not a save file", file=str(path), hint="Choose a file name.")
    temp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        clean_stale_temps(path.parent)
        mode = path.stat().st_mode & 0o777 if path.exists() else _NEW_FILE_MODE
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, mode)
        if path.exists():
            _keep_backup(path)
        os.replace(temp, path)
        temp = None
    except OSError as exc:
        raise SaveError(
            f"could not write the save ({exc.strerror or exc})",
            file=str(path),
            hint="Check that the folder is writable and the disk is not full; the previous save, if any, is unchanged.",
        ) from exc
    finally:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    _fsync_folder(path.parent)


def read_save(path: str | os.PathLike[str], *, max_bytes: int = MAX_SAVE_BYTES) -> str:
    """The text of the save at ``path``, refusing what cannot be one (missing, huge, binary)."""
    path = Path(path)
    name = str(path)
    try:
        if not path.exists():
            raise SaveError("there is no file here", file=name, hint="Check the name and folder.")
        if path.is_dir():
            raise SaveError("this is a folder, not a save file", file=name, hint="Choose a file.")
        # The one bounded reader (table.files): a regular file only (a FIFO never blocks,
        # a device is refused), its size checked first, one byte past the cap at most.
        raw = read_regular(path, max_bytes)
    except FileTooBig:
        raw = None  # refused just below, in the words a big file gets
    except OSError as exc:
        raise SaveError(
            f"could not read the file ({exc.strerror or exc})",
            file=name,
            hint="Check that it exists and that you may read it.",
        ) from exc
    if raw is None or len(raw) > max_bytes:
        raise SaveError(
            f"the file is larger than {max_bytes:,} bytes, far too big for a save",
            file=name,
            hint="Choose a save file that Hedgemony TUI wrote.",
        )
    try:
        # utf-8-sig: some editors put a byte-order mark in front, which TOML refuses.
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(
            f"this is not a text file (byte {exc.start} is not UTF-8)",
            file=name,
            hint="Choose a save file that Hedgemony TUI wrote; restore the backup if this was one.",
        ) from exc


def load(path: str | os.PathLike[str], cls: type[T], *, kind: str | FileKind, allow_edited: bool = False) -> T:
    """Read the ``kind`` file at ``path`` as a ``cls``; errors mention ``<name>.bak`` if there is one.
    ``allow_edited`` accepts a file whose checksum no longer matches (edited on purpose)."""
    path = Path(path)
    try:
        return from_toml_text(read_save(path), cls, kind=kind, allow_edited=allow_edited)
    except SaveError as exc:
        backup = backup_path(path)
        hint = exc.hint
        if backup.is_file():
            hint = f"{hint} The previous version is kept in {backup}: rename it to {path.name} to use it."
        raise exc.for_file(str(path), hint=hint.strip()) from exc


def save(path: str | os.PathLike[str], obj: Any, *, kind: str | FileKind) -> None:
    """Write ``obj`` to ``path`` as a ``kind`` file, atomically, keeping one backup."""
    try:
        text = to_toml_text(obj, kind=kind)
    except SaveError as exc:
        raise exc.for_file(str(path)) from exc
    write_save(path, text)


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
