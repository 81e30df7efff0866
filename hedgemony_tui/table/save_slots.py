"""Which file a game saves itself to, and changing a save that someone else may be writing.

Every game in play has its own autosave: a game opened from a file saves back to that
file (with its ``.bak``), and a new game gets a name of its own,
``<game>-<date>-<time>-<short id>.autosave.toml``, never one another game is using.
The title's "Continue" lists the recent ones (:func:`recent_autosaves`).

A replay's bookmark changes a save that a game in play, or another replay, may be
writing at the same time. :func:`update_notes` therefore reads the file as it is now,
under a lock (:func:`locked`: ``fcntl.flock`` on a ``.<name>.lock`` file beside it,
which works between processes), checks that its journal still begins with the
decisions the viewer saw, and writes it back with the new notes. The app's autosave
takes the same lock, so a bookmark never writes back a journal older than the one on
disk.

A game is played in one window at a time: the window playing a file holds its claim
(:func:`claim`: ``fcntl.flock`` on a ``.<name>.claim`` file beside it, held until the game
is closed or replaced; the OS lets go of it when the process ends, however it ends).
Another window asking for the same file is refused (:class:`OpenElsewhere`); a replay
or the room view reads it without a claim. Without flock (Windows) there are no claims.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import re
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import SaveError

if TYPE_CHECKING:
    from .annotations import GameNotes
    from .saves import JournalEntry, SavedGame

# The saves module (and the codec, cattrs) is imported where it is used: the title lists
# the autosaves before its first paint, which must not wait for them.

AUTOSAVE_SUFFIX = ".autosave.toml"
LOCK_WAIT_SECONDS = 10.0
"""Another writer holds a save's lock for one write (milliseconds); this long is a stuck one."""


def new_autosave_path(saves_dir: str | os.PathLike[str], game_id: str, *, now: _dt.datetime | None = None) -> Path:
    """A new game's own autosave: the game, the date and time, and a short random id (so
    two games started in the same second differ); never a file that exists."""
    from .saves import autosave_path

    now = now or _dt.datetime.now()
    while True:
        # autosave_path checks the game id is a safe file name.
        path = autosave_path(saves_dir, f"{game_id}-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}")
        if not path.exists():
            return path


def autosave_game(path: Path, game_ids: Sequence[str]) -> str | None:
    """The game an autosave's name says it holds (the longest id its name starts with)."""
    name = path.name
    if not name.endswith(AUTOSAVE_SUFFIX):
        return None  # ``autosave.toml`` (the old single one) names no game
    stem = name.removesuffix(AUTOSAVE_SUFFIX)
    found = [g for g in game_ids if stem == g or stem.startswith(g + "-")]
    return max(found, key=len, default=None)


def recent_autosaves(saves_dir: str | os.PathLike[str], limit: int = 12) -> list[Path]:
    """The autosaves in ``saves_dir``, newest first (at most ``limit``); none if unreadable."""
    try:
        # Absolute: a relative name would be read against the saves folder again.
        found = []
        # ``autosave.toml``: the one autosave of the days before there were several games.
        for path in Path(saves_dir).resolve().glob("*autosave.toml"):
            if path.name != "autosave.toml" and not path.name.endswith(AUTOSAVE_SUFFIX):
                continue
            with contextlib.suppress(OSError):
                if path.is_file() and not path.name.startswith("."):
                    found.append((path.stat().st_mtime, path))
    except OSError:
        return []
    found.sort(key=lambda pair: pair[0], reverse=True)
    return [path for _, path in found[:limit]]


def describe_autosave(path: Path) -> str:
    """One line for the "Continue" list: the game, its turn and phase, and when it was
    last saved (or why it cannot be opened)."""
    from . import registry
    from .codec import peek_kind
    from .saves import read_save

    shown = path.name.removesuffix(AUTOSAVE_SUFFIX) if path.name != "autosave.toml" else path.name
    name = shown if shown.isprintable() else ascii(shown)  # nothing a terminal acts on
    try:
        when = time.strftime("%d %b %H:%M", time.localtime(path.stat().st_mtime))
    except OSError as exc:
        return f"{name}: cannot be read ({exc.strerror or exc})"
    try:
        # Only the state now, for the list: opening the game reads and checks it all.
        text = read_save(path)
        rules = registry.game_for_kind(peek_kind(text))
        if rules is None:
            raise SaveError("not a save of a game here")
        state = _state_now(text, rules)
        turn, phase = rules.turn_of(state)
        over = " (over)" if rules.pending(state).over and "over" not in phase else ""
        turn_word, phase = _turn_words(rules, state, phase)
        # One of ours (game, date, id): its id is enough beside the game and the time.
        ours = re.fullmatch(rf"{re.escape(rules.info.id)}-\d{{8}}-\d{{6}}-([0-9a-f]{{6}})", shown)
        if ours:
            name = f"#{ours.group(1)}"
    except Exception as exc:
        return f"{name} (saved {when}): cannot be opened: {ascii(str(getattr(exc, 'problem', exc)))[1:-1]}"
    return f"{rules.info.title} · {turn_word} {turn}, {phase}{over} · {_people(text)} · saved {when} · {name}"


def _turn_words(rules: Any, state: Any, phase: str) -> tuple[str, str]:
    """The game's word for a turn (its summary's: "cycle" where it counts cycles) and the
    phase as its screens name it (the front's optional ``phase_name(state)``, else the
    phase's id read as words)."""
    with contextlib.suppress(Exception):
        from .registry import get_front

        named = getattr(get_front(rules.info.id), "phase_name", None)
        if callable(named):
            phase = str(named(state)) or phase
    keys = ()
    with contextlib.suppress(Exception):
        keys = tuple(rules.summary(state))
    word = next((w for w in ("cycle", "round") if w in keys and "turn" not in keys), "turn")
    shown = re.sub(r"[-_]+", " ", phase).strip()
    return word, (shown if shown.isprintable() else ascii(shown))


def _people(text: str) -> str:
    """Who plays a save, to tell two games of one kind apart: the seats people play (with
    their names), from its ``[seats.*]`` tables; never the seed (it predicts the dice)."""
    people: list[str] = []
    seats: list[str] = []
    seat = kind = name = ""

    def done() -> None:
        if seat and kind != "none":  # "none": a control seat nobody plays
            seats.append(seat)
        if seat and kind == "human":
            people.append(f"{name} ({seat})" if name else seat)

    for line in text.split("\n"):
        if line.startswith("["):
            done()
            found = re.fullmatch(r"\[seats\.([A-Za-z0-9_-]+)\]\s*", line)
            seat, kind, name = (found.group(1) if found else ""), "", ""
        elif seat:
            pair = re.fullmatch(r'(kind|name)\s*=\s*"([^"\\]*)"\s*', line)
            if pair and pair.group(1) == "kind":
                kind = pair.group(2)
            elif pair:
                name = pair.group(2) if pair.group(2).isprintable() else ascii(pair.group(2))[1:-1]
    done()
    if not people:
        return "computers only"
    if len(people) == len(seats) and people == seats:
        return "every seat a person"
    return ("person: " if len(people) == 1 else "people: ") + ", ".join(people)


def _state_now(text: str, rules: Any) -> Any:
    """The state now of a save's ``text``: from its head and ``[data]`` alone when it is
    in the current format (a long game's journal is most of the file, and the list reads
    up to a dozen), else from the whole document, upgraded."""
    from . import tomlsafe
    from .codec import DATA_KEY, read_document, structure
    from .saves import file_kind

    kept: list[str] = []
    in_data = False
    for line in text.split("\n"):
        if line.startswith("["):
            table = line.strip().strip("[]").strip()
            if in_data and table != DATA_KEY and not table.startswith(DATA_KEY + "."):
                break  # the first table after [data]: the rest is start, journal, seats...
            in_data = in_data or table == DATA_KEY
        kept.append(line)
    with contextlib.suppress(Exception):
        head = tomlsafe.loads("\n".join(kept), what="this save")
        if head.get("schema_version") == rules.schema_version and DATA_KEY in head:
            return structure(head[DATA_KEY], rules.state_type, kind=rules.save_kind)
    document = read_document(text, file_kind(rules), allow_edited=True)
    return structure(document[DATA_KEY], rules.state_type, kind=rules.save_kind)


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], *, wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold the lock of the save at ``path`` (between processes too); SaveError when
    another writer keeps it longer than ``wait`` seconds."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): the atomic write still never leaves half a save
        yield
        return
    path = Path(path)
    lock = path.with_name(f".{path.name}.lock")
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError as exc:
        raise SaveError(
            f"cannot lock the save ({exc.strerror or exc})", file=str(path), hint="Check that its folder is writable."
        ) from None
    try:
        limit = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > limit:
                    raise SaveError(
                        "another program has been writing this save for too long",
                        file=str(path),
                        hint="Try again in a moment; nothing was changed.",
                    ) from None
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


class OpenElsewhere(SaveError):
    """The game in this file is being played in another window (another claim holds it)."""

    def __init__(self, path: Path) -> None:
        shown = str(path) if str(path).isprintable() else ascii(str(path))
        super().__init__(
            "it is open in another window (two windows playing one file overwrite each other's moves)",
            hint="Close it there first, or follow it here read-only with `hedgemony room` or "
            f"`hedgemony replay` and the file: {shown}",
        )
        self.file = shown


class Claim:
    """A window's hold on the save it plays (see the module docstring); ``release`` ends it."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = Path(os.path.realpath(path))  # as the Continue list names it (resolved)
        self._fd = fd

    def covers(self, path: str | os.PathLike[str]) -> bool:
        """Whether this is the claim on ``path``."""
        return self.path == Path(os.path.realpath(path))

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None


def claim_file(path: str | os.PathLike[str]) -> Path:
    """Where the claim on the save at ``path`` is kept (beside it, hidden)."""
    path = Path(path)
    return path.with_name(f".{path.name}.claim")


def claim(path: str | os.PathLike[str]) -> Claim:
    """Claim the save at ``path`` for play in this window; OpenElsewhere when another
    window (another claim, in this process or another) holds it. Without flock, or when
    the claim file cannot be made (a read-only folder), an empty claim: play as before."""
    path = Path(path)
    try:
        import fcntl
    except ImportError:
        return Claim(path, None)
    try:
        fd = os.open(claim_file(path), os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError:
        return Claim(path, None)  # the autosave will say what is wrong with the folder
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise OpenElsewhere(path) from None
    except OSError:
        os.close(fd)
        return Claim(path, None)  # a file system without flock: as before claims
    return Claim(path, fd)


def open_elsewhere(path: str | os.PathLike[str]) -> bool:
    """Whether another claim than ours holds the save at ``path`` now (for the Continue
    list; a claim this window holds counts too, so the caller leaves its own game out)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        fd = os.open(claim_file(path), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return False  # no claim file: never claimed
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def write_locked(path: Path, text: str) -> None:
    """:func:`~.saves.write_save` under the save's lock (the app's autosave)."""
    from .saves import write_save

    with locked(path):
        write_save(path, text)


def update_notes(
    path: str | os.PathLike[str],
    seen: Sequence[JournalEntry],
    change: Callable[[GameNotes], GameNotes],
    *,
    allow_edited: bool = False,
) -> SavedGame:
    """Change the notes (bookmarks) of the save at ``path`` as it is on disk now, under its
    lock: the file is read again, must still begin with the decisions ``seen`` (a journal
    that grew since keeps every new entry), and is written back with ``change(notes)``.
    The game as written; SaveError, the file untouched, when it cannot be done."""
    from .saves import SavedGame, game_text, read_game, write_save

    path = Path(path)
    with locked(path):
        saved = read_game(path, allow_edited=allow_edited)
        now = saved.journal
        if now[: len(seen)] != tuple(seen):
            differs = next(
                (i for i, (a, b) in enumerate(zip(now, seen, strict=False)) if a != b), min(len(now), len(seen))
            )
            raise SaveError(
                f"the game in this file changed since the replay opened (its decisions from {differs + 1} on "
                "are not the ones shown), so the bookmark would point elsewhere; nothing was written",
                file=str(path),
                hint="Close the replay and open the file again to bookmark it.",
            )
        notes = change(saved.notes)
        # Only a verified save keeps its origin: rewritten at today's format, an older or
        # edited game's start would no longer match it.
        origin = saved.origin if saved.verified else None
        text = game_text(
            saved.rules, saved.state, start=saved.start, journal=now, seats=saved.seats, notes=notes, origin=origin
        )
        write_save(path, text)
    return SavedGame(
        saved.rules, saved.state, saved.start, now, saved.seats, notes, saved.origin, saved.proof, saved.proof_note
    )
