"""The game screen: trackers, the map, the selected place, and the decision panel."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..widgets.board import BoardMap
from ..widgets.decision import DecisionPanel
from ..widgets.trackers import Trackers


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("f2", "show_placemat", "Placemat", id="game.placemat"),
        Binding("f3", "show_hand", "Hand", id="game.hand"),
        Binding("f4", "show_journal", "Journal", id="game.journal"),
        Binding("f5", "show_ground_truth", "Ground truth", id="game.ground-truth"),
        Binding("f6", "worksheet", "Worksheet", id="game.worksheet"),
        Binding("f7", "inject", "Inject event", id="game.inject"),
        Binding("f8", "white_cell", "To White Cell", id="game.white-cell"),
        Binding("ctrl+s", "save", "Save", id="game.save"),
        Binding("ctrl+o", "load", "Load", id="game.load"),
        Binding("ctrl+z", "undo", "Undo", id="game.undo"),
        Binding("f9", "focus_map", "Map", id="game.map"),
    ]
    HELP = """# The board

The bar on top shows the turn, the phase (highlighted) and the Influence track, then who
holds the keyboard and the decision the game waits on.

**The decision panel** (right) lists every choice open to you now: type a few words to
filter (e.g. `end`, `RU-E07`, `commit`), move with the arrows, **Enter** picks. When
it is another seat's turn it says whom the game is waiting on.

**The map**: **F9** focuses it, arrows jump between places, or click a place. The panel
above the decisions lists the forces there (FFs × Mod Level, U.S. readiness, P pinned,
R reset) and the choices that concern them now.

**F2** placemat · **F3** hand (signal and play cards) · **F4** journal · **F5** ground
truth (White Cell) · **F6** the worksheet of the pending decision · **F7** inject an
event (White Cell) · **F8** pass the keyboard to the White Cell · **Ctrl+S** save ·
**Ctrl+O** load · **Ctrl+Z** undo (back to your last decision, if nothing was revealed)."""

    def compose(self) -> ComposeResult:
        yield Trackers(id="trackers")
        with Horizontal(id="game-body"):
            with Vertical(id="map-area"):
                yield BoardMap(self.app.content.scenario, id="board")
                yield Static(id="legend")
            with Vertical(id="side"):
                yield Static(id="place-info")
                yield OptionList(id="place-actions")
                yield DecisionPanel(id="decision")
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        from ..render.board import aor_legend

        self.place_options: list = []
        self.query_one("#legend", Static).update(aor_legend(self.app.content.scenario))
        self.refresh_state()
        self.query_one("#decision-filter").focus()

    def on_screen_resume(self) -> None:
        # Back from a dialog or worksheet: typing goes to the decision filter again.
        if getattr(self, "ready", False):
            self.query_one("#decision-filter").focus()
            if self.app._handover_waiting:
                self.app.call_later(self.app.advance)

    def refresh_state(self) -> None:
        from ...engine.game import pending

        app = self.app
        if app.session is None or not getattr(self, "ready", False):
            return
        seen = app.seen_state()
        decision = pending(app.state)
        viewer = app.viewer_seat()
        holder = app.seats.name(viewer) if viewer else "nobody yet"
        self.query_one(Trackers).show(seen, f"Keyboard: {holder}", decision.prompt)
        self.query_one(BoardMap).show(seen.stacks, seen.turn)
        options = app.my_options()
        waiting = ""
        if not options:
            if decision.kind == "over":
                winners = ", ".join(app.state.winners) or "no one"
                waiting = f"The game is over. Winners: {winners}."
            elif app._stopped:
                waiting = app._stopped
            elif not app.seats.human(decision.seat):
                waiting = f"Waiting on {app.seats.name(decision.seat)} (computer)…"
            else:
                waiting = f"Waiting on {app.seats.name(decision.seat)}."
        prompt = Text(decision.prompt, "bold")
        if options and decision.kind in _WORKSHEETS:
            prompt.append("\nF6 opens the worksheet for this decision.", "dim")
        self.query_one(DecisionPanel).set_decision(prompt, options, waiting)
        self.show_place()

    def show_place(self) -> None:
        from ..render.board import stack_words
        from ..render.intents import touches

        board = self.query_one(BoardMap)
        place = board.selected
        info = self.query_one("#place-info", Static)
        actions = self.query_one("#place-actions", OptionList)
        actions.clear_options()
        self.place_options = []
        if not place:
            info.update(Text("Select a place on the map (F9, then arrows, or a click).", "dim"))
            actions.display = False
            return
        app = self.app
        seen = app.seen_state()
        loc = app.content.scenario.board.location(place)
        text = Text(f"{loc.name}", "bold yellow")
        text.append(f"  {loc.aor}\n", "dim")
        here = [s for s in seen.stacks if s.location == place]
        for s in here:
            text.append(f"{s.owner} {stack_words(s, seen.turn)}  ", "bold")
            text.append(f"{s.id}, home {s.home}\n", "dim")
        if not here:
            text.append("no forces\n", "dim")
        ids = {s.id for s in here}
        self.place_options = [(i, label) for i, label in app.my_options() if touches(i, place, ids)]
        if self.place_options:
            text.append(f"{len(self.place_options)} choices here now:", "italic")
        info.update(text)
        actions.add_options([Option(label) for _, label in self.place_options])
        actions.display = bool(self.place_options)

    def on_board_map_selected(self, event: BoardMap.Selected) -> None:
        self.show_place()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "place-actions":
            event.stop()
            if 0 <= event.option_index < len(self.place_options):
                self.app.choose(self.place_options[event.option_index][0])

    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        self.app.choose(event.intent)

    # --- views and tools ---------------------------------------------------------------------

    def action_show_board(self) -> None:
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def action_show_placemat(self) -> None:
        from .placemat import PlacematScreen

        self.action_show_board()
        self.app.push_screen(PlacematScreen())

    def action_show_hand(self) -> None:
        from .hand import HandScreen

        self.action_show_board()
        self.app.push_screen(HandScreen())

    def action_show_journal(self) -> None:
        from .journal import JournalScreen

        self.action_show_board()
        self.app.push_screen(JournalScreen())

    def action_show_ground_truth(self) -> None:
        from .ground_truth import GroundTruthScreen

        if self.app.viewer_seat() != "WHITE":
            self.notify("the ground truth is for the White Cell only: pass it the keyboard (F8)", severity="warning")
            return
        self.action_show_board()
        self.app.push_screen(GroundTruthScreen())

    def action_worksheet(self) -> None:
        self.app.open_worksheet()

    def action_inject(self) -> None:
        self.app.inject_event()

    def action_white_cell(self) -> None:
        self.app.take_keyboard("WHITE")

    def action_focus_map(self) -> None:
        board = self.query_one(BoardMap)
        board.focus()
        if board.selected is None:
            board.action_move(1, 0)

    def action_undo(self) -> None:
        self.app.undo()

    def action_save(self) -> None:
        from .dialogs import PathScreen

        default = self.app.save_path if self.app.save_path and "autosave" not in self.app.save_path else \
            str(self.app.saves_dir / f"game-{self.app.state.seed}-turn{self.app.state.turn}.toml")

        def chosen(path: str | None) -> None:
            if path:
                self.app.save_to(path)

        self.app.push_screen(PathScreen("Save the game to:", default), chosen)

    def action_load(self) -> None:
        from .dialogs import PathScreen

        def chosen(path: str | None) -> None:
            if path:
                self.app.load_from(path)

        self.app.push_screen(PathScreen("Load which save?", str(self.app.saves_dir) + "/", self.app.saves_dir), chosen)


_WORKSHEETS = ("roll", "commit", "respond", "readiness", "blue", "red")
