"""What a game's rules guide is made of: sections of Markdown and a glossary.

A front offers its guide through ``Front.guide()``; the shell's guide viewer
(:mod:`.screens.guide`) shows it beside the shell's own sections (keys, hand-over, saves,
undo). A screen names the section about itself with a ``GUIDE_TOPIC`` class attribute;
F1 opens the guide there.

Read before the title paints, so it imports nothing heavy.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class GuideSection:
    """One page of the guide: ``id`` is what a screen's ``GUIDE_TOPIC`` names."""

    id: str
    title: str
    body: str
    """Markdown, without the title (the viewer adds it)."""
    chapters: tuple[str, ...] = ()
    """Where the rulebook covers it ("ch. 12")."""
    terms: tuple[str, ...] = ()
    """Glossary terms the section is about (listed under it, each with its meaning)."""


@dataclass(frozen=True)
class GlossaryEntry:
    """A term of the game as the screens print it (``FF``, ``CRT A``), with what it means."""

    term: str
    meaning: str
    aliases: tuple[str, ...] = ()
    """Other spellings the screens use ("Force Factor", "FFs")."""
    section: str = ""
    """The section that explains it at more length ("" none)."""
    chapters: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        return (self.term, *self.aliases)


def term(name: str, meaning: str, section: str, *aliases: str) -> GlossaryEntry:
    """A glossary entry written in one line: the term, what it means, the guide's section
    that says more, then the other spellings the screens use."""
    return GlossaryEntry(name, meaning, aliases, section)


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


@dataclass(frozen=True)
class Guide:
    """A game's guide: its sections in reading order and its glossary."""

    title: str
    sections: tuple[GuideSection, ...] = ()
    glossary: tuple[GlossaryEntry, ...] = ()
    _by_id: dict[str, GuideSection] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_id.update((section.id, section) for section in self.sections)

    def section(self, section_id: str) -> GuideSection | None:
        return self._by_id.get(section_id)

    def lookup(self, term: str) -> GlossaryEntry | None:
        """The entry whose term or alias is ``term`` (case and spacing ignored)."""
        wanted = _fold(term)
        for entry in self.glossary:
            if any(_fold(name) == wanted for name in entry.names()):
                return entry
        return None

    def search(self, text: str) -> list[GlossaryEntry]:
        """Entries matching ``text``: exact names first, then names containing it, then
        meanings containing it; every entry for an empty search."""
        wanted = _fold(text)
        if not wanted:
            return sorted(self.glossary, key=lambda e: e.term.casefold())
        exact, named, meant = [], [], []
        for entry in self.glossary:
            names = [_fold(name) for name in entry.names()]
            if wanted in names:
                exact.append(entry)
            elif any(wanted in name for name in names):
                named.append(entry)
            elif wanted in _fold(entry.meaning):
                meant.append(entry)
        return exact + sorted(named, key=lambda e: e.term.casefold()) + sorted(meant, key=lambda e: e.term.casefold())
