"""The decision panel's menu, as data: the pending options grouped into a tree by their
menu paths, and the search that the panel's filter and the command palette share.

A front may give each intent a menu path (``Front.intent_path``): a group, an entry, then
the steps that tell apart the intents behind that entry (a number, a target...), e.g.
``("Investments", "Modernize", "14 FF M3 in CONUS", "2 FF")``. The tree's top level
lists the groups as headings with their entries under them; an entry that stands for
several intents opens the next step. A front without paths gets the same tree from its
labels alone: one flat level. Whatever the paths, **no level lists more than**
:data:`MAX_ENTRIES` entries: a longer level is split into ranges ("1 FF … 16 FF"), and
when the top level would be too long, its groups fold into one entry each. The group
named :data:`~.front.PHASE_END_GROUP` comes first, and stays open whenever it fits.

Pure functions of the options (no textual here), so that tests can walk every decision
of a whole game headless.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .front import PHASE_END_GROUP

MAX_ENTRIES = 30
"""The most entries any level of the tree, or any search, lists."""

SEP = " › "
"""Between the components of a path, where a single intent folds several into one line."""

SHORT = 20
"""How much of an entry's text a range's name quotes ("Afghanistan … Korean Pen…")."""


@dataclass(frozen=True)
class Choice:
    """One pending option: the intent, its menu line and its menu path."""

    intent: Any
    label: str
    path: tuple[str, ...]
    tag: str = ""
    shown: str = field(init=False, repr=False, compare=False)
    """The choice's line among search results: the menu's words for it (its path but the
    group, which is a heading in the menu and no part of any line), then its label when
    that says more."""
    text: str = field(init=False, repr=False, compare=False)
    """What a search reads: exactly :attr:`shown`, lower case. Never the group, the tag or
    anything else the line does not show: typing "pay" must not find "US declines the
    offer" (its tag is "pay"), nor "investments" a card filed under that group."""

    def __post_init__(self) -> None:
        words = SEP.join(self.path[1:] if len(self.path) > 1 else self.path)
        shown = words if not self.label or self.label.lower() in words.lower() else f"{words} — {self.label}"
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "text", shown.lower())


@dataclass(frozen=True)
class Heading:
    """A group's name over its entries (top level only; not an entry, never chosen)."""

    text: str


@dataclass(frozen=True)
class Entry:
    """A line of the menu: ``choice`` when it takes one intent, else ``children``, the
    next step (the entries of the ``count`` intents it stands for)."""

    text: str
    choice: Choice | None = None
    children: tuple[Entry | Heading, ...] = ()
    count: int = 1
    pinned: bool = False

    @property
    def is_step(self) -> bool:
        return self.choice is None


Row = Entry | Heading


def choices_of(front: Any, table: Any, options: Sequence[tuple[Any, str]]) -> list[Choice]:
    """The options (intent, label) of the pending seat with their paths from ``front``
    (``intent_path`` when it has one, else the label alone)."""
    path_of = getattr(front, "intent_path", None)
    made = []
    for intent, label in options:
        path = tuple(path_of(table, intent)) if path_of is not None else ()
        made.append(Choice(intent, label, path or (label,), str(getattr(intent, "TAG", ""))))
    return made


# --- the tree --------------------------------------------------------------------------------


def build_tree(choices: Sequence[Choice], pinned: str = PHASE_END_GROUP) -> tuple[Row, ...]:
    """The top level of the menu of ``choices`` (see the module docstring)."""
    groups: dict[str, list[tuple[tuple[str, ...], Choice]]] = {}
    loose: list[tuple[tuple[str, ...], Choice]] = []  # a one-part path: an entry of its own
    for choice in choices:
        if len(choice.path) > 1:
            groups.setdefault(choice.path[0], []).append((choice.path[1:], choice))
        else:
            loose.append((choice.path, choice))
    names = sorted(groups, key=lambda name: name != pinned)  # stable: the phase's end first
    sections = {name: _entries(groups[name], name == pinned) for name in names}
    flat = _entries(loose, False) if loose else ()
    # Open the groups, the phase's end first, while the top level stays within bounds; a
    # group left closed is one entry (``room`` keeps a line for each one not yet placed).
    room = MAX_ENTRIES - (1 if flat else 0)
    opened: set[str] = set()
    for n, name in enumerate(names):
        later = len(names) - n - 1
        # The others need a line each; after the phase's end, one will do (they can fold
        # into ranges), so that it stays open.
        if len(sections[name]) <= room - (min(later, 1) if name == pinned else later):
            opened.add(name)
            room -= len(sections[name])
        else:
            room -= 1
    rows: list[Row] = []
    for name in names:
        if name in opened:
            rows += [Heading(name), *sections[name]]
    used = entry_count(rows)
    closed = [_fold(name, sections[name], name == pinned) for name in names if name not in opened]
    if closed:
        # The phase's end, if closed, stays an entry of its own, never inside a range.
        first = [entry for entry in closed if entry.pinned]
        rest = [entry for entry in closed if not entry.pinned]
        shown = [*first, *_cap(rest, max(1, MAX_ENTRIES - used - len(first) - (1 if flat else 0)))]
        rows += [Heading("More choices" if rows else "Choices"), *shown]
        used += len(shown)
    if flat and rows:
        rows.append(Heading("Other"))
        rows += flat if used + len(flat) <= MAX_ENTRIES else [_fold("Other choices", flat, False)]
    elif flat:
        rows += flat
    return tuple(rows)


def _fold(name: str, entries: Sequence[Row], pinned: bool) -> Entry:
    """A whole group as one entry that opens it."""
    if len(entries) == 1 and isinstance(entries[0], Entry) and not entries[0].is_step:
        only = entries[0]
        return Entry(f"{name}{SEP}{only.text}", only.choice, pinned=pinned)
    return Entry(name, children=_cap(entries), count=_count(entries), pinned=pinned)


def _entries(items: Sequence[tuple[tuple[str, ...], Choice]], pinned: bool) -> tuple[Row, ...]:
    """One level: an entry per distinct first component of the (remaining) paths, split
    into ranges when there are too many."""
    by_part: dict[str, list[tuple[tuple[str, ...], Choice]]] = {}
    for rest, choice in items:
        by_part.setdefault(rest[0], []).append((rest[1:], choice))
    entries: list[Row] = []
    for part, under in by_part.items():
        ends = [choice for rest, choice in under if not rest]
        deeper = [(rest, choice) for rest, choice in under if rest]
        if len(under) == 1 and deeper:
            # One intent behind it: the entry takes it at once, its steps named in one line.
            rest, choice = deeper[0]
            entries.append(Entry(SEP.join((part, *rest)), choice, pinned=pinned))
            continue
        # Intents whose paths end here are taken at once (numbered when a path repeats).
        for n, choice in enumerate(ends, start=1):
            entries.append(Entry(part if n == 1 else f"{part} ({n})", choice, pinned=pinned))
        if deeper:
            children = _entries(deeper, pinned)
            if len(children) == 1 and isinstance(children[0], Entry) and children[0].is_step:
                # A step with a single entry is no choice: name both in one line.
                only = children[0]
                entries.append(
                    Entry(f"{part}{SEP}{only.text}", children=only.children, count=only.count, pinned=pinned)
                )
            else:
                entries.append(Entry(part, children=children, count=len(deeper), pinned=pinned))
    return _cap(entries)


def _cap(entries: Sequence[Row], limit: int = MAX_ENTRIES) -> tuple[Row, ...]:
    """``entries`` as they are when at most ``limit``, else split into ranges of about
    equal size (ranges of ranges when even those are too many)."""
    if len(entries) <= limit:
        return tuple(entries)
    # As few ranges as keep each within bounds, or ``limit`` of them and each split again.
    pages = max(1, min(limit, math.ceil(len(entries) / MAX_ENTRIES)))
    size = math.ceil(len(entries) / pages)
    ranges = []
    for start in range(0, len(entries), size):
        part = entries[start : start + size]
        name = f"{_short(part[0].text)} … {_short(part[-1].text)}"
        pinned = any(isinstance(row, Entry) and row.pinned for row in part)
        ranges.append(Entry(name, children=_cap(part), count=_count(part), pinned=pinned))
    return tuple(ranges)


def _short(text: str) -> str:
    return text if len(text) <= SHORT else text[: SHORT - 1].rstrip() + "…"


def _count(rows: Sequence[Row]) -> int:
    return sum(row.count for row in rows if isinstance(row, Entry))


# --- walking the tree --------------------------------------------------------------------------


def levels(rows: Sequence[Row], trail: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Sequence[Row]]]:
    """Every level of the tree (the top one first), with the entries that lead to it."""
    yield trail, rows
    for row in rows:
        if isinstance(row, Entry) and row.is_step:
            yield from levels(row.children, (*trail, row.text))


def entry_count(rows: Sequence[Row]) -> int:
    """The entries of one level (headings are not entries)."""
    return sum(1 for row in rows if isinstance(row, Entry))


def leaves(rows: Sequence[Row]) -> Iterator[Entry]:
    """Every entry that takes an intent, at any depth."""
    for row in rows:
        if isinstance(row, Entry):
            if row.is_step:
                yield from leaves(row.children)
            else:
                yield row


# --- search ------------------------------------------------------------------------------------


def search(choices: Sequence[Choice], needle: str, limit: int = MAX_ENTRIES) -> tuple[list[Choice], int]:
    """The choices whose shown line (:attr:`Choice.shown`) holds every word of ``needle``
    (those whose tag is one of the words first: "end" finds the end of the phase first),
    at most ``limit`` of them, and how many matched in all."""
    # Each word at the start of a word of the line: "end" finds "End the attacks", not the
    # "end" inside "defender"; "port" finds "port", not "airport" (a newcomer's misfires).
    words = needle.lower().split()
    starts = [re.compile(r"(?<![^\W_])" + re.escape(word)) for word in words]
    matched = [choice for choice in choices if all(start.search(choice.text) for start in starts)]
    matched.sort(key=lambda choice: choice.tag not in words)
    return matched[:limit], len(matched)


def more_line(shown: int, total: int) -> str:
    """The line under capped search results ("" when all are shown)."""
    if total <= shown:
        return ""
    return f"{total - shown} more match — type more words to narrow"
