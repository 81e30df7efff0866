"""The journal: every decision, roll and table lookup of the session that the seat at
the keyboard may see, scrollable and searchable. The game's front reads its log as rows
(``front.log_rows``); the session's notes (computer players' reasons, saves, loads) go in
between.

Typing anywhere on the screen searches: a letter typed while the table has the focus
goes to the search box. A line matches by what its row shows (the turn, the phase and
the seat as named on screen, the kind, the entry), never by a hidden id: "United"
finds the U.S.'s lines where the column says so, and "US" finds them where it does."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from ..front import phase_label, turn_word
from ..notes import merge_rows
from ..seats import actor_name

if TYPE_CHECKING:
    from ..app import TableApp
    from ..notes import Row

HEADS = ("Turn", "Phase", "Who", "What")
KEYS = ("turn", "phase", "who", "kind")
MIN_ENTRY = 30
"""The narrowest the entry column gets (a very wide phase column leaves it this much)."""


class JournalScreen(Screen[None]):
    CSS_PATH = str(Path(__file__).with_name("game.tcss"))
    BINDINGS = [
        Binding("escape", "back", "Board", id="journal.back"),
        Binding("ctrl+f", "search", "Search", id="journal.search"),
        Binding("end", "last", "Latest", id="journal.last", show=False),
    ]
    HELP = """# Journal

Everything that happened in this session that you may see: the game's log (decisions,
rolls with their modifiers, the table, column and row read, point changes with the
balance after), and the session's own notes (computer players' reasons, saves, loads).
Private lines show only to their owner and the facilitators' seat (the White Cell).

Type to keep only the lines that show what you typed (the letters go to the search box
from anywhere; **Ctrl+F** goes there too); **Esc** back."""

    def compose(self) -> ComposeResult:
        # Not selecting its text on focus: the letter that moved the focus there is kept.
        yield Input(placeholder="type to search the journal", id="journal-search", select_on_focus=False)
        yield DataTable(id="journal-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="journal-detail")
        yield Static(id="journal-count")
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        self.refresh_state()
        self.query_one(DataTable).focus()

    def on_resize(self) -> None:
        # The entry column's width follows the screen's: wrap the rows again, cursor kept.
        self.refresh_state(keep_cursor=True)

    def rows(self) -> list[Row]:
        app = cast("TableApp", self.app)
        if app.front is None or app.host is None:
            return []
        feed = app.feed  # the keyboard holder's: its view's log and the notes it may read
        return merge_rows(app.front.log_rows(feed.view), feed.notes, feed.seat, app.control_seat)

    def refresh_state(self, keep_cursor: bool = False) -> None:
        if not getattr(self, "ready", False) or getattr(self.app, "host", None) is None:
            return
        needle = self.query_one("#journal-search", Input).value.strip().lower()
        rows = self.rows()
        shown = [r for r in rows if not needle or needle in self.shown_text(r).lower()]
        table = self.query_one(DataTable)
        cursor = table.cursor_row
        cells = [
            (
                str(row.turn),
                self._phase(row.phase),
                self._who(row.actor),
                row.kind,
                ("🔒 " if row.private else "") + row.text,
            )
            for row in shown
        ]
        heads = (turn_word(getattr(self.app, "front", None)), *HEADS[1:])
        width = self._entry_width(heads, cells)
        table.clear(columns=True)
        for head, key in zip(heads, KEYS, strict=True):
            table.add_column(head, key=key)
        # The entry column has a width (the rest of the screen's) so a long entry wraps onto
        # more lines of its row instead of being cut at the right edge (newcomers lost the
        # ends of the Grand Game's long lines).
        table.add_column("Entry", key="text", width=width)
        self.shown = shown
        console = self.app.console
        for turn, *short, text in cells:
            # Text cells: a DataTable reads plain strings as markup, and a journal line
            # may hold a player's own words (a proposal titled "[/]" crashed it).
            entry = Text(text, end="")
            # Most entries fit on one line: measuring is cheap, wrapping (for the height) is not.
            height = 1 if cell_len(text) <= width else max(1, len(entry.wrap(console, width)))
            table.add_row(turn, *(Text(cell, no_wrap=True, end="") for cell in short), entry, height=height)
        if shown:
            table.move_cursor(row=min(cursor, len(shown) - 1) if keep_cursor else len(shown) - 1)
        self.query_one("#journal-count", Static).update(f"{len(shown)} of {len(rows)} lines")

    def _entry_width(self, heads: tuple[str, ...], cells: list[tuple[str, str, str, str, str]]) -> int:
        """What the screen leaves the entry column once the others have their widest cell
        (each column has a cell of padding either side; the scrollbar takes two)."""
        others = sum(max([cell_len(h), *(cell_len(c[i]) for c in cells)]) + 2 for i, h in enumerate(heads))
        return max(MIN_ENTRY, (self.size.width or self.app.size.width) - others - 2 - 2)

    def shown_text(self, row: Row) -> str:
        """Every cell of ``row`` as the table shows it (what a search matches)."""
        return " ".join((str(row.turn), self._phase(row.phase), self._who(row.actor), row.kind, row.text))

    def on_key(self, event: events.Key) -> None:
        """A printable key typed outside the search box starts (or goes on with) a search."""
        search = self.query_one("#journal-search", Input)
        if search.has_focus or not event.is_printable or not event.character:
            return
        search.focus()
        search.insert_text_at_cursor(event.character)
        event.prevent_default()
        event.stop()

    def _phase(self, phase: str) -> str:
        return phase_label(getattr(self.app, "front", None), phase)

    def _who(self, actor: str) -> str:
        host = getattr(self.app, "host", None)
        return actor_name(host.seats.labels, actor) if host is not None and actor else actor

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The whole of the highlighted line (the table crops long entries)."""
        index = event.cursor_row
        rows = getattr(self, "shown", [])
        if 0 <= index < len(rows):
            row = rows[index]
            self.query_one("#journal-detail", Static).update(
                Text(
                    f"{turn_word(getattr(self.app, 'front', None))} {row.turn} · {self._phase(row.phase)} · "
                    f"{self._who(row.actor)}: {row.text}"
                )
            )

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refresh_state()

    def action_search(self) -> None:
        self.query_one("#journal-search", Input).focus()

    def action_last(self) -> None:
        table = self.query_one(DataTable)
        table.move_cursor(row=max(0, table.row_count - 1))

    def action_back(self) -> None:
        self.app.pop_screen()
