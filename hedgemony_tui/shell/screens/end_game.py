"""The end of the game, for any game: who won and why (``rules.outcome``), the seed (kept
from the players until now, so the game can be replayed), the game's own sections
(``front.end_report``, optional) and charts of its figures by turn (``front.tracks``,
optional, sampled by replaying the session's journal from its start).

It opens by itself the first time the game is seen over, and again from the board
(Ctrl+R, or the palette). Everything on it is drawn from the view of the seat at the
keyboard. The seed is in its title bar, seen without scrolling.

A game lives in its own autosave, one of many named by the date; **K** keeps it under a
name of the players' choosing (``runner.save_to``: the game is played in that file from
then on), and the replay hint names that save once kept, never the autosave.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from hedgemony_tui.table.debrief_pack import write_pack
from hedgemony_tui.table.errors import HedgemonyError
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.replay import Timeline

from ..charts import chart, sample_tracks
from ..front import turn_word
from ..saving import default_save_name, kept_save
from ..widgets.footer import KeysFooter
from .dialogs import ConfirmScreen, PathScreen

if TYPE_CHECKING:
    from ..app import TableApp

HELP = """# The end of the game

Who won and why, then what the game reports of itself (for Hedgemony: each victory
condition with its numbers, the decisive rolls with the chance they had before the die,
and what each Red player signalled against what it played), and the game's figures by
turn as charts (each bar line runs from the lowest value to the highest). The seed is
shown: a new game with the same seed and the same decisions replays this one.

**K** keeps the game under a name: a save in the saves folder that lasts (the autosave
is one of many, named by the date). `hedgemony replay` on that save steps through the
game again, decision by decision. **D** writes the debrief pack, once asked (a report in Markdown and
HTML with charts, the figures and every roll's odds and luck as CSV and JSON) into the
saves folder.

**Esc** goes back to the board; **Ctrl+R** there opens this screen again; **F4** from the
board is the whole journal."""


class EndGameScreen(Screen[None]):
    CSS_PATH = str(Path(__file__).with_name("game.tcss"))
    HELP = HELP
    BINDINGS = [
        Binding("escape", "back", "Board", id="end.back"),
        Binding("home", "top", "Top", id="end.top", show=False),
        Binding("k", "keep", "Keep under a name", id="end.keep"),
        Binding("d", "debrief", "Debrief pack", id="end.debrief"),
    ]
    DEFAULT_CSS = """
    EndGameScreen #end-scroll { padding: 0 1; }
    EndGameScreen .end-section { margin-top: 1; }
    EndGameScreen #end-title { text-style: bold; background: $boost; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end-scroll"):
            yield Static(self._title(), id="end-title")
            yield Static(self._outcome(), id="end-outcome")
            yield Static(self._kept_line(), id="end-kept")
            for index, (title, body) in enumerate(self._sections()):
                yield Static(
                    Group(Text(title, style="bold underline"), body), id=f"end-section-{index}", classes="end-section"
                )
            charts = self._charts()
            if charts is not None:
                yield Static(charts, id="end-charts", classes="end-section")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#end-scroll").focus()

    def on_screen_resume(self) -> None:
        # Back from the save dialog (or its "replace?" question): say where it is kept.
        self.refresh_kept()

    def refresh_kept(self) -> None:
        self.query_one("#end-kept", Static).update(self._kept_line())

    # --- what it shows ------------------------------------------------------------------------

    @property
    def table_app(self) -> TableApp:
        return cast("TableApp", self.app)

    def _title(self) -> Text:
        outcome = self.table_app.feed.outcome
        summary = outcome.summary if outcome is not None and outcome.summary else ""
        text = Text()
        seed = getattr(self.table_app.session.start, "seed", None) if self.table_app.session is not None else None
        if seed is not None:
            # First, where no wrap splits it: the number to type for a replay.
            text.append(f"Seed {seed} · ", style="bold")
        text.append(f"The game is over. {summary}".strip())
        text.append("   ↑↓ scroll · Esc the board (Ctrl+R: back here)", style="dim")
        return text

    def _kept_line(self) -> Text:
        kept = kept_save(self.table_app.save_path)
        if kept is not None:
            return Text(f"Kept as {kept}: replay it with `hedgemony replay {kept}`.", style="italic")
        return Text(
            "Not kept under a name yet: K saves it in the saves folder under a name you choose, "
            "to replay it later with `hedgemony replay`.",
            style="italic",
        )

    def _outcome(self) -> RenderableType:
        app = self.table_app
        outcome = app.feed.outcome
        text = Text()
        if outcome is not None:
            if outcome.team:
                text.append(f"{outcome.team}\n", style="bold")
            for result in outcome.results:
                word = {"win": "WON", "lose": "lost", "draw": "drew"}.get(result.result, result.result)
                text.append(f"{app.seats.name(result.seat)}: ", style="bold")
                text.append(word, style="bold green" if result.result == "win" else "")
                if result.score is not None:
                    text.append(f" (score {outcome.score_text(result.score)})")
                if result.why:
                    text.append(f" — {result.why}")
                text.append("\n")
        seed = app.seed_line()
        if seed:
            text.append(seed, style="italic")
        return text

    def _sections(self) -> list[tuple[str, RenderableType]]:
        app = self.table_app
        report = getattr(app.front, "end_report", None)
        if report is None:
            return []
        try:
            return list(report(app.table))
        except Exception as exc:  # a game's report failing must not hide who won
            return [("Report", Text(f"the game's report could not be drawn: {exc}", style="italic"))]

    def _charts(self) -> RenderableType | None:
        app = self.table_app
        tracks = getattr(app.front, "tracks", None)
        session = app.session
        if tracks is None or session is None:
            return None
        viewer = app.viewer_seat() or PUBLIC
        try:
            samples = sample_tracks(app.rules, session.start, [e.intent for e in session.journal], viewer, tracks)
        except Exception as exc:
            return Text(f"The charts could not be drawn (the journal did not replay: {exc}).", style="italic")
        names: list[str] = []
        for _, figures in samples:
            names += [n for n in figures if n not in names]
        labels = {
            seat: app.seats.name(seat) for _, figures in samples for series in figures.values() for seat in series
        }
        word = turn_word(app.front).lower()  # the game's own word: "cycle", "year"
        parts: list[RenderableType] = [Text(f"The game by {word} (T1 is {word} 1)", style="bold underline")]
        parts += [chart(name, samples, labels) for name in names]
        return Group(*parts)

    # --- keys -------------------------------------------------------------------------------

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_debrief(self) -> None:
        """Write the debrief pack of the game in play (``hedgemony aar``'s files) into the
        saves folder, and say where, with how to replay the game."""
        app = self.table_app
        session = app.session
        if session is None:
            return
        stem = f"{app.rules.info.id}-debrief-{time.strftime('%Y%m%d-%H%M%S')}"
        name, out, count = stem, Path(app.saves_dir) / stem, 1
        while out.exists():  # D twice in a second (after K, say): a pack of its own, never a refusal
            count += 1
            name = f"{stem}-{count}"
            out = Path(app.saves_dir) / name

        def answered(yes: bool | None) -> None:
            if yes:
                self._write_debrief(name, out)

        # It writes a folder of files: say where before writing anything.
        self.app.push_screen(
            ConfirmScreen(f"Write the debrief pack (a report in Markdown and HTML, charts, CSV) into {out}?"),
            answered,
        )

    def _write_debrief(self, name: str, out: Path) -> None:
        app = self.table_app
        session = app.session
        assert session is not None
        try:
            timeline = Timeline(app.rules, session.start, session.journal, notes=session.notes, name=name)
            # A game opened from an unverified or edited save says so in its debrief.
            write_pack(timeline, out, title=f"{name} ({app.save_warning})" if app.save_warning else name)
        except (HedgemonyError, OSError) as exc:
            self.notify(f"The debrief pack could not be written: {exc}", severity="error", markup=False)
            return
        kept = kept_save(app.save_path)
        replay = (
            f" Replay it with: hedgemony replay {kept}"
            if kept
            else " To replay it later, keep the game under a name first (K)."
        )
        self.notify(f"Debrief pack written to {out}.{replay}", timeout=15, markup=False)

    def action_keep(self) -> None:
        """Keep the game under a name: the save dialog, with a name of the game, the date
        and the turn offered (the file the game is kept in already, if any)."""
        app = self.table_app
        if app.session is None or app.host is None:
            return
        default = kept_save(app.save_path) or default_save_name(app.rules.info.id, app.feed.turn)

        def chosen(path: str | None) -> None:
            if path and app.save_to(path):
                self.refresh_kept()

        app.push_screen(
            PathScreen(f"Keep the game under the name (a bare name goes in {app.saves_dir}):", default), chosen
        )

    def action_top(self) -> None:
        self.query_one("#end-scroll", VerticalScroll).scroll_home(animate=False)
