"""The title screen (new game, continue, load, quit) and the new-game form."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

BANNER = r"""
 _   _          _
| | | | ___  __| | __ _  ___ _ __ ___   ___  _ __  _   _
| |_| |/ _ \/ _` |/ _` |/ _ \ '_ ` _ \ / _ \| '_ \| | | |
|  _  |  __/ (_| | (_| |  __/ | | | | | (_) | | | | |_| |
|_| |_|\___|\__,_|\__, |\___|_| |_| |_|\___/|_| |_|\__, |
                  |___/                             |___/
"""


class TitleScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New game", id="title.new"),
        Binding("c", "continue", "Continue", id="title.continue"),
        Binding("l", "load", "Load", id="title.load"),
        Binding("q", "quit", "Quit", id="title.quit"),
    ]
    HELP = """# Title

Start a **new game** (choose who plays each seat), **continue** the last autosave, or
**load** a saved game. The game saves itself to `saves/autosave.toml` whenever a phase ends."""

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(BANNER, id="banner")
            with Center():
                yield Static("A game of strategic choices — a terminal edition of RAND's wargame", id="tagline")
            with Center():
                yield OptionList(id="title-menu")
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        menu.add_option(Option("New game", id="new"))
        if self.app.autosave_path.is_file():
            menu.add_option(Option("Continue the last game (autosave)", id="continue"))
        menu.add_option(Option("Load a saved game", id="load"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = 0
        menu.focus()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        await self.run_action(event.option.id or "new")

    def action_new(self) -> None:
        self.app.push_screen(NewGameScreen())

    def action_continue(self) -> None:
        if not self.app.autosave_path.is_file():
            self.notify("there is no autosave yet", severity="warning")
            return
        self.app.load_from(str(self.app.autosave_path))

    def action_load(self) -> None:
        from .dialogs import PathScreen

        def chosen(path: str | None) -> None:
            if path:
                self.app.load_from(path)

        self.app.push_screen(PathScreen("Load which save?", str(self.app.saves_dir / ""), self.app.saves_dir), chosen)

    def action_quit(self) -> None:
        self.app.exit()


class NewGameScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back", id="newgame.back"),
        Binding("ctrl+s", "start", "Start", id="newgame.start"),
    ]
    HELP = """# New game

For each of the six players and the White Cell, choose a **person** or a **computer**
policy, and optionally a name. People take turns at this keyboard (hot seat); a hand-over
screen comes between them. The **seed** fixes the dice; the scenario's optional rules can
be switched here. **Ctrl+S** or the Start button begins."""

    def compose(self) -> ComposeResult:
        from ...engine.content import content_for
        from ..seats import SEAT_ORDER, policy_names

        content = content_for("default")
        self.content = content
        scenario = content.scenario
        kinds = [("person", "human")] + [(f"computer: {name}", name) for name in policy_names()]
        options = scenario.options
        with VerticalScroll(id="new-game"):
            yield Static(f"New game — {scenario.name}", classes="dialog-title")
            yield Select([(scenario.name, scenario.id)], value=scenario.id, allow_blank=False, id="scenario")
            seats = [p for p in SEAT_ORDER if p in scenario.player_ids] + [p for p in scenario.player_ids if p not in SEAT_ORDER]
            for seat in [*seats, "WHITE"]:
                label = "White Cell" if seat == "WHITE" else f"{scenario.player(seat).name} ({seat})"
                default = "human" if seat == "US" else kinds[1][1] if len(kinds) > 1 else "human"
                with Horizontal(classes="seat-row"):
                    yield Label(label, classes="seat-label")
                    yield Select(kinds, value=default, allow_blank=False, id=f"kind-{seat}", classes="seat-kind")
                    yield Input(placeholder="name (optional)", id=f"name-{seat}", classes="seat-name")
            with Horizontal(classes="seat-row"):
                yield Label("Seed", classes="seat-label")
                yield Input("1", id="seed", type="integer", classes="seat-name")
                yield Label("Turns", classes="seat-label short")
                yield Input(str(scenario.turns), id="turns", type="integer", classes="seat-name")
            yield Checkbox("Activation markers (Red marks signaled cards face down)", options.activation_markers, id="activation_markers")
            yield Checkbox("Random events", options.random_events, id="random_events")
            yield Checkbox("Random Red order each turn", options.random_red_order, id="random_red_order")
            with Horizontal(classes="seat-row"):
                yield Label("Red extra card cost", classes="seat-label")
                yield Input(str(options.red_extra_card_cost), id="red_extra_card_cost", type="integer", classes="seat-name")
                yield Label("Event chance", classes="seat-label short")
                yield Input(str(options.random_event_chance), id="random_event_chance", type="integer", classes="seat-name")
            yield Button("Start the game", id="start", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def _int(self, widget_id: str, low: int, high: int, what: str) -> int | None:
        raw = self.query_one(f"#{widget_id}", Input).value.strip()
        try:
            value = int(raw)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            self.notify(f"{what} must be a whole number {low}-{high} (got {raw!r})", severity="error")
            return None
        return value

    def action_start(self) -> None:
        from hedgemony_tui.table.errors import RuleInputError
        from ...engine.setup import new_game, settings_for
        from ..seats import Seats

        seed = self._int("seed", 0, 2**63 - 1, "the seed")
        turns = self._int("turns", 1, 30, "the number of turns")
        extra = self._int("red_extra_card_cost", 0, 10, "the Red extra card cost")
        chance = self._int("random_event_chance", 0, 10, "the event chance")
        if None in (seed, turns, extra, chance):
            return
        players = self.content.scenario.player_ids
        kinds = {seat: str(self.query_one(f"#kind-{seat}", Select).value) for seat in (*players, "WHITE")}
        names = {seat: self.query_one(f"#name-{seat}", Input).value.strip() for seat in (*players, "WHITE")}
        flags = {name: self.query_one(f"#{name}", Checkbox).value
                 for name in ("activation_markers", "random_events", "random_red_order")}
        try:
            settings = settings_for(self.content, turns=turns, red_extra_card_cost=extra, random_event_chance=chance, **flags)
            state = new_game(self.content, seed, settings)
        except RuleInputError as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.start_game(state, Seats.from_kinds(players, kinds, names))

    def action_back(self) -> None:
        self.app.pop_screen()
