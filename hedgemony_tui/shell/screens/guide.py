"""The guide viewer: the game's rules guide, its glossary, the shell's own pages and the
keys of the screen it was opened from, on F1 from any screen, worksheet or dialog.

Where it opens: the screen on top names its page with a ``GUIDE_TOPIC`` class attribute;
without one, the nearest screen below it that has one (a dialog over a worksheet opens at
the worksheet's page); the shell's own screens have theirs in :data:`SHELL_TOPICS`;
failing all, ``board``. A topic the game's guide lacks reads the shell's ``shell-<topic>``
page, else the page about the keys of the screen below.

The game's pages come from its front's optional ``guide()`` (:mod:`..guide_types`); the
shell's from :mod:`.help`. Other screens open the guide with :func:`open_guide`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.markdown import Markdown
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ..guide_types import GlossaryEntry, Guide, GuideSection
from .help import SHELL_SECTIONS

HERE = "here"
GLOSSARY = "glossary"
DEFAULT_TOPIC = "board"

SHELL_TOPICS = {
    # The shell's own screens (by class name, searched along each screen's MRO).
    "GameScreen": "board",
    "JournalScreen": "journal",
    "HandOverScreen": "handover",
}
"""Topics of the shell's screens, which do not declare a ``GUIDE_TOPIC`` of their own."""


NOISE = ("scroll_", "page_", "copy_text", "app.copy_text", "focus_previous", "app.focus_previous")
"""Keys every scrolling widget has: left out of the page about a screen's keys."""


@dataclass(frozen=True)
class ScreenKeys:
    """The screen the guide was opened over: its name, help text and keys."""

    name: str
    help: str
    keys: tuple[tuple[str, str, bool], ...]
    """(key, what it does, shown in the footer)"""


def topic_of(stack: list[Screen[Any]]) -> str:
    """The topic of the screen on top of ``stack``, or of the nearest one below it."""
    for screen in reversed(stack):
        topic = getattr(screen, "GUIDE_TOPIC", "")
        if not topic:
            topic = next((SHELL_TOPICS[c.__name__] for c in type(screen).__mro__ if c.__name__ in SHELL_TOPICS), "")
        if topic:
            return str(topic)
    return DEFAULT_TOPIC


def screen_keys(app: App[Any], screen: Screen[Any]) -> ScreenKeys:
    """What the guide's page *This screen* lists about ``screen``."""
    help_text = str(getattr(screen, "HELP", "") or "")
    first = help_text.strip().splitlines()[0] if help_text.strip() else ""
    name = first.lstrip("# ").strip() or type(screen).__name__.removesuffix("Screen")
    keys: list[tuple[str, str, bool]] = []
    try:
        active = list(screen.active_bindings.values())
    except Exception:  # a screen whose focus is gone mid-change: list no keys rather than fail
        active = []
    seen: set[str] = set()
    for found in active:
        binding = found.binding
        if not binding.description or binding.description in seen or binding.action.startswith(NOISE):
            continue
        seen.add(binding.description)
        keys.append((app.get_key_display(binding), binding.description, binding.show))
    keys.sort(key=lambda row: not row[2])  # the footer's keys first
    return ScreenKeys(name, help_text, tuple(keys))


def game_guide(app: App[Any], front: Any = None) -> tuple[Guide | None, str]:
    """The game's guide (None without one) and, when it could not be read, why."""
    front = front if front is not None else getattr(app, "front", None)
    make = getattr(front, "guide", None)
    if make is None:
        return None, ""
    try:
        return make(), ""
    except Exception as error:  # a broken guide file must not cost the game: say so and go on
        return None, f"The game's guide could not be read: {error}"


def open_guide(app: App[Any], topic: str | None = None, front: Any = None) -> None:
    """Open the guide at ``topic`` (default: the page about the screen on top). ``front``:
    a game's front other than the one in play (the title's picked game)."""
    if isinstance(app.screen, GuideScreen):
        if topic:
            app.screen.show(topic)
        return
    guide, problem = game_guide(app, front)
    here = screen_keys(app, app.screen)
    app.push_screen(GuideScreen(guide, topic or topic_of(list(app.screen_stack)), here, problem))


def toggle_guide(app: App[Any]) -> None:
    """F1: open the guide at the screen's page, or close it when it is on top."""
    if isinstance(app.screen, GuideScreen):
        app.screen.dismiss(None)
    else:
        open_guide(app)


def entry_line(entry: GlossaryEntry) -> str:
    """One glossary entry as a Markdown list item."""
    shown = ", ".join(entry.aliases[:4]) + (", …" if len(entry.aliases) > 4 else "")
    also = f" (also {shown})" if entry.aliases else ""
    refs = f" *({', '.join(entry.chapters)})*" if entry.chapters else ""
    return f"- **{entry.term}**{also}: {entry.meaning.strip()}{refs}"


class GuideScreen(ModalScreen[None]):
    """Contents on the left, the page on the right, a glossary search above them."""

    DEFAULT_CSS = """
    GuideScreen { align: center middle; }
    GuideScreen #guide-box {
        width: 100%; height: 100%; max-width: 140; max-height: 50;
        border: round $accent; background: $surface; padding: 0 1;
    }
    GuideScreen #guide-heading { height: 1; text-style: bold; }
    GuideScreen #guide-body { height: 1fr; }
    GuideScreen #guide-left { width: 34; height: 1fr; }
    GuideScreen #guide-search { height: 3; }
    GuideScreen #guide-contents { height: 1fr; }
    GuideScreen #guide-page { width: 1fr; height: 1fr; padding: 0 1; border: round $panel-lighten-2; }
    /* Which panel has the focus, plainly: a newcomer could not tell where the keys went. */
    GuideScreen #guide-contents { border: round $panel-lighten-2; }
    GuideScreen #guide-contents:focus, GuideScreen #guide-page:focus { border: heavy $accent; }
    GuideScreen #guide-search:focus { border: tall $accent; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close", id="guide.close"),
        Binding("slash", "search", "Search glossary", id="guide.search"),
        Binding("g", "page('glossary')", "Glossary", id="guide.glossary"),
        Binding("h", "page('here')", "This screen's keys", id="guide.here"),
        Binding("tab", "app.focus_next", "Next panel", id="guide.next"),
        Binding("shift+tab", "app.focus_previous", "Previous panel", id="guide.previous", show=False),
        # The page's text, wherever the focus is: PageDown on the topics list jumped to
        # its last topic instead of reading on.
        Binding("pagedown", "scroll_text(1)", "Page down", id="guide.page-down", show=False, priority=True),
        Binding("pageup", "scroll_text(-1)", "Page up", id="guide.page-up", show=False, priority=True),
    ]
    GUIDE_TOPIC = ""  # F1 here closes the guide

    def __init__(self, guide: Guide | None, topic: str, here: ScreenKeys, problem: str = "") -> None:
        super().__init__()
        self.guide = guide
        self.here = here
        self.problem = problem
        game = guide.sections if guide is not None else ()
        self.pages: dict[str, GuideSection] = {s.id: s for s in (*SHELL_SECTIONS, *game)}
        self.current = self.resolve(topic)

    # --- what is where ---------------------------------------------------------------------

    def resolve(self, topic: str) -> str:
        """The page to show for ``topic`` (see the module docstring)."""
        if topic in (HERE, GLOSSARY) or topic in self.pages:
            return topic
        if f"shell-{topic}" in self.pages:
            return f"shell-{topic}"
        return HERE

    def contents(self) -> list[Option | None]:
        rows: list[Option | None] = [Option(f"This screen: {self.here.name}", id=HERE)]
        if self.guide is not None:
            rows.append(None)
            rows += [Option(section.title, id=section.id) for section in self.guide.sections]
            rows.append(Option("Glossary", id=GLOSSARY))
        rows.append(None)
        rows += [Option(section.title, id=section.id) for section in SHELL_SECTIONS]
        return rows

    def page_text(self, page: str) -> str:
        """The Markdown of ``page``."""
        if page == HERE:
            return self.here_text()
        if page == GLOSSARY:
            return self.glossary_text("")
        section = self.pages[page]
        parts = [f"# {section.title}", section.body.strip()]
        if section.chapters:
            parts.append(f"*Rulebook: {', '.join(section.chapters)}.*")
        entries = [e for e in (self.guide.lookup(t) if self.guide else None for t in section.terms) if e]
        if entries:
            parts.append("## Terms on this page\n\n" + "\n".join(entry_line(e) for e in entries))
        return "\n\n".join(parts)

    def here_text(self) -> str:
        parts = [self.here.help.strip() or f"# {self.here.name}"]
        if self.here.keys:
            rows = [
                f"- **{key}** {what}" + ("" if shown else " *(not in the footer)*")
                for key, what, shown in self.here.keys
            ]
            parts.append("## Keys on this screen\n\n" + "\n".join(rows))
        if self.problem:
            parts.append(f"**{self.problem}**")
        return "\n\n".join(parts)

    def glossary_text(self, search: str) -> str:
        if self.guide is None:
            return "# Glossary\n\nThis game has no glossary."
        found = self.guide.search(search)
        title = f'# Glossary: "{search}"' if search else "# Glossary"
        if not found:
            return f"{title}\n\nNo term matches. Clear the search box to see them all."
        return title + "\n\n" + "\n".join(entry_line(entry) for entry in found)

    # --- the screen ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        name = self.guide.title if self.guide is not None else "the table"
        with Vertical(id="guide-box"):
            yield Static(f"Guide to {name}", id="guide-heading", markup=False)
            with Horizontal(id="guide-body"):
                with Vertical(id="guide-left"):
                    yield Input(placeholder="search the glossary (/)", id="guide-search")
                    topics = OptionList(*self.contents(), id="guide-contents")
                    topics.border_title = "Topics"
                    yield topics
                page = VerticalScroll(id="guide-page")
                page.border_title = "Page (PageDown/PageUp read on)"
                with page:
                    yield Static(id="guide-text")
            yield Footer()

    def on_mount(self) -> None:
        contents = self.query_one("#guide-contents", OptionList)
        contents.focus()
        self.show(self.current)

    def show(self, topic: str) -> None:
        """Show the page for ``topic`` and highlight it in the contents."""
        self.current = self.resolve(topic)
        self._show_text(self.page_text(self.current))
        contents = self.query_one("#guide-contents", OptionList)
        try:
            index = contents.get_option_index(self.current)
        except Exception:  # an id not in the contents (cannot happen after resolve): leave it
            return
        if contents.highlighted != index:
            contents.highlighted = index

    def _show_text(self, text: str) -> None:
        self.query_one("#guide-text", Static).update(Markdown(text))
        self.query_one("#guide-page", VerticalScroll).scroll_home(animate=False)

    @on(OptionList.OptionHighlighted, "#guide-contents")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        page = event.option.id
        if page and page != self.current:
            self.current = page
            self._show_text(self.page_text(page))

    @on(OptionList.OptionSelected, "#guide-contents")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#guide-page", VerticalScroll).focus()

    @on(Input.Changed, "#guide-search")
    def _searched(self, event: Input.Changed) -> None:
        self._show_text(self.glossary_text(event.value.strip()))

    @on(Input.Submitted, "#guide-search")
    def _search_done(self, event: Input.Submitted) -> None:
        self.query_one("#guide-page", VerticalScroll).focus()

    def action_scroll_text(self, way: int) -> None:
        page = self.query_one("#guide-page", VerticalScroll)
        if way > 0:
            page.scroll_page_down(animate=False)
        else:
            page.scroll_page_up(animate=False)

    def action_search(self) -> None:
        self.query_one("#guide-search", Input).focus()

    def action_page(self, page: str) -> None:
        self.show(page)

    def action_close(self) -> None:
        self.dismiss(None)
