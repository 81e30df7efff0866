"""Hedgemony's rules guide, read from ``rules/hedgemony/guide/``.

``index.toml`` lists the sections in reading order (id, title, the Markdown file of its
text, the rulebook chapters, the glossary terms it is about); ``glossary.toml`` holds the
terms as the screens print them, each with its other spellings, meaning, section and
chapters. The text is ours, written from the rulebook's facts, never its sentences.

:func:`load_guide` checks the folder as it reads it (every file present, every term a
section names defined, every section a term points to present); :func:`screen_topics`
and :func:`missing_topics` check that every Hedgemony screen's ``GUIDE_TOPIC`` is a
section. Imports nothing of textual: the shell's guide types are plain dataclasses.
"""

from __future__ import annotations

import importlib
import pkgutil
import tomllib
from functools import lru_cache
from importlib.resources.abc import Traversable
from typing import Any

from textual.screen import Screen

from hedgemony_tui.shell.guide_types import GlossaryEntry, Guide, GuideSection

from ..engine.resources import rules_dir
from . import screens


class GuideDataError(ValueError):
    """The guide folder is not as :func:`load_guide` expects; the message says where."""


def guide_dir() -> Traversable:
    return rules_dir() / "guide"


def _strings(raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise GuideDataError(f"{where}: expected a list of strings")
    return tuple(raw)


def _text(table: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or (default is None and not value.strip()):
        raise GuideDataError(f"{where}: '{key}' must be a non-empty string")
    return value


def read_guide(folder: Traversable) -> Guide:
    """The guide in ``folder`` (see the module docstring), checked."""
    try:
        index = tomllib.loads((folder / "index.toml").read_text(encoding="utf-8"))
        terms = tomllib.loads((folder / "glossary.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise GuideDataError(f"guide index or glossary unreadable: {error}") from error
    sections: list[GuideSection] = []
    for number, raw in enumerate(index.get("section", []), 1):
        where = f"index.toml section {number}"
        file = _text(raw, "file", where)
        try:
            body = (folder / file).read_text(encoding="utf-8")
        except OSError as error:
            raise GuideDataError(f"{where}: cannot read {file}: {error}") from error
        sections.append(
            GuideSection(
                id=_text(raw, "id", where),
                title=_text(raw, "title", where),
                body=body,
                chapters=_strings(raw.get("chapters", []), f"{where} chapters"),
                terms=_strings(raw.get("terms", []), f"{where} terms"),
            )
        )
    glossary = []
    for number, raw in enumerate(terms.get("term", []), 1):
        where = f"glossary.toml term {number}"
        glossary.append(
            GlossaryEntry(
                term=_text(raw, "term", where),
                meaning=" ".join(_text(raw, "meaning", where).split()),
                aliases=_strings(raw.get("aliases", []), f"{where} aliases"),
                section=_text(raw, "section", where, ""),
                chapters=_strings(raw.get("chapters", []), f"{where} chapters"),
            )
        )
    guide = Guide(_text(index, "title", "index.toml"), tuple(sections), tuple(glossary))
    problems = guide_problems(guide)
    if problems:
        raise GuideDataError("; ".join(problems))
    return guide


def guide_problems(guide: Guide) -> list[str]:
    """What does not hold together: doubled ids or names, unknown terms and sections."""
    problems: list[str] = []
    ids = [section.id for section in guide.sections]
    problems += [f"section id {i!r} used twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    names = [name.casefold() for entry in guide.glossary for name in entry.names()]
    problems += [f"glossary name {n!r} used twice" for n in sorted({n for n in names if names.count(n) > 1})]
    for section in guide.sections:
        problems += [
            f"section {section.id!r} names {t!r}, which the glossary lacks"
            for t in section.terms
            if guide.lookup(t) is None
        ]
    problems += [
        f"term {e.term!r} points to section {e.section!r}, which does not exist"
        for e in guide.glossary
        if e.section and guide.section(e.section) is None
    ]
    return problems


@lru_cache(maxsize=1)
def load_guide() -> Guide:
    """The shipped guide, read and checked once per process."""
    return read_guide(guide_dir())


def screen_topics() -> dict[str, str]:
    """Every Hedgemony screen class (``module.Class`` under ``front.screens``) and the
    guide section it names (``GUIDE_TOPIC``)."""
    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Screen) and value.__module__ == module.__name__:
                found[f"{info.name}.{value.__name__}"] = getattr(value, "GUIDE_TOPIC", "")
    return found


def missing_topics(guide: Guide | None = None) -> list[str]:
    """Screens with no ``GUIDE_TOPIC``, or naming a section the guide lacks."""
    guide = guide or load_guide()
    return [
        f"{screen}: {topic!r}"
        for screen, topic in sorted(screen_topics().items())
        if not topic or guide.section(topic) is None
    ]
