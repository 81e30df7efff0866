"""Save files read and written beside their slots (:mod:`.save_slots`): the line the
title's "Continue" list shows for an autosave, the app's autosave written under the
save's lock, and a replay's bookmarks written back into a save as it is on disk now.

Apart from :mod:`.save_slots` because these read the save format (the codec, cattrs):
the title lists the autosaves before it paints and reads them only when they are shown.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import registry, tomlsafe
from .annotations import GameNotes
from .codec import DATA_KEY, peek_kind, read_document, structure
from .errors import SaveError
from .registry import get_front, turn_word
from .save_io import read_save, write_save
from .save_slots import AUTOSAVE_SUFFIX, locked
from .saves import JournalEntry, SavedGame, file_kind, game_text, read_game


def describe_autosave(path: Path) -> str:
    """One line for the "Continue" list: the game, its turn and phase, and when it was
    last saved (or why it cannot be opened)."""
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
    names = {}
    with contextlib.suppress(Exception):
        names = {spec.id: spec.name for spec in rules.seats()}
    return f"{rules.info.title} · {turn_word} {turn}, {phase}{over} · {_people(text, names)} · saved {when} · {name}"


def _turn_words(rules: Any, state: Any, phase: str) -> tuple[str, str]:
    """The game's word for a turn (its summary's: "cycle" where it counts cycles) and the
    phase as its screens name it (the front's optional ``phase_name(state)``, else the
    phase's id read as words)."""
    with contextlib.suppress(Exception):
        named = getattr(get_front(rules.info.id), "phase_name", None)
        if callable(named):
            phase = str(named(state)) or phase
    keys = ()
    with contextlib.suppress(Exception):
        keys = tuple(rules.summary(state))
    word = next((w for w in ("cycle", "round") if w in keys and "turn" not in keys), "turn")
    word = turn_word(rules.info.id) or word  # the front's own word
    shown = re.sub(r"[-_]+", " ", phase).strip()
    return word, (shown if shown.isprintable() else ascii(shown))


def _people(text: str, names: Mapping[str, str] | None = None) -> str:
    """Who plays a save, to tell two games of one kind apart: the seats people play (with
    their names), from its ``[seats.*]`` tables; never the seed (it predicts the dice).
    ``names``: each seat's name in the game ("Arvenne" for the id ``arvenne``)."""
    people: list[str] = []
    humans: list[str] = []  # the seats people play, "" where the person gave a name
    seats: list[str] = []
    seat = kind = name = ""

    def done() -> None:
        if seat and kind != "none":  # "none": a control seat nobody plays
            seats.append(seat)
        if seat and kind == "human":
            called = (names or {}).get(seat, seat)
            people.append(f"{name} ({called})" if name else called)
            humans.append("" if name else seat)

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
    if humans == seats:
        return "every seat a person"
    return ("person: " if len(people) == 1 else "people: ") + ", ".join(people)


def _state_now(text: str, rules: Any) -> Any:
    """The state now of a save's ``text``: from its head and ``[data]`` alone when it is
    in the current format (a long game's journal is most of the file, and the list reads
    up to a dozen), else from the whole document, upgraded."""
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


def write_locked(path: Path, text: str) -> None:
    """:func:`~.save_io.write_save` under the save's lock (the app's autosave)."""
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
