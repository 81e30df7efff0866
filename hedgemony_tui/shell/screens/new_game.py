"""The new-game form, built from the game's rules: a row per seat (``rules.seats()``)
and an input per option (``rules.options()``), then the seed.

Each seat is a person or a computer: for a player seat one of the game's policies, for
the control seat (White Cell, umpire) one of its automated modes; a name is optional.
Options are a checkbox (on/off), a whole number checked against its bounds, or a choice
among named values. Nothing starts until every value is allowed; the message says what
is wrong and what is allowed.

The form is longer than a small terminal: moving the focus (Tab, Shift+Tab, the arrows)
scrolls the focused row into view, and a line above the keys gives that row's help in
full. A checkbox says "[x] on" or "[ ] off" in words, so it reads without colour. The
coach starts on when a person plays a seat (the lesson asks for it); changing every seat
to the computer turns it off again, unless the box was set by hand.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from hedgemony_tui.table.contract import coach_of
from hedgemony_tui.table.registry import get_front, get_rules
from hedgemony_tui.table.seats import HUMAN

from ..seats import default_kinds, kind_choices, seat_label
from .result_pause import default_pace, pace_options

if TYPE_CHECKING:
    from hedgemony_tui.table.contract import OptionSpec

    from ..app import TableApp

HELP = """# New game

For each seat, choose a **person** or a **computer** player, and optionally a name.
People take turns at this keyboard (hot seat); where the seats keep secrets from each
other a hand-over screen comes between them. A facilitators' seat (the White Cell) may be
a person or play by itself in one of its modes. The **seed** fixes the dice: left empty, a random one
is drawn, kept from the players while the game runs and shown to all at its end, so the
game can be replayed; a small seed typed here could be guessed. **Rolls shown** says when
the computer players' rolls stop the game to show their result: at every roll (the
default for one person), only at rolls that involve your seat (several people), or
never (Ctrl+T changes it during play). The game's options follow; a box reads **[x] on** or
**[ ] off**. Where the game has a coach, **Coach** starts on while a person plays a seat.
**Tab**, **Shift+Tab** and the **arrows** move between rows, and the line above the keys
explains the row you are on. **Ctrl+S** or the Start button begins; **Esc** goes back."""

MAX_SEED = 2**63 - 1
GUESSABLE_SEED = 2**48
"""Below this a seed can be found by trying them all (the computer players' own seed is
derived from it, and they may be watched): the form warns that the players could guess it."""
SEED_HINT = "empty: a random one, kept from the players until the game is over (for a replay)"
SMALL_SEED_HINT = "a small seed: the players could guess it and predict every die"


COACH_LABEL = "Coach"
COACH_HELP = (
    "after each of your decisions, say when the coach would have chosen otherwise "
    "(Ctrl+G shows a hint at any time); on by default while a person plays a seat"
)
SEAT_HELP = (
    "a person at this keyboard, or a computer player (for the facilitators' seat: one of its "
    "automated modes); Enter or Space opens the list, the arrows move in it"
)
NAME_HELP = "a name for the person or computer at this seat (optional: the seat's own name otherwise)"
ROW_HELP_ID = "form-help"


def random_seed() -> int:
    """A fresh 63-bit seed nobody at the table can guess."""
    return secrets.randbits(63)


class OnOff(Checkbox):
    """A checkbox that says its value in words ("[x] on" / "[ ] off"): Textual's own box
    draws the same mark either way and tells on from off by colour alone (NO_COLOR)."""

    @property
    def _button(self) -> Content:
        style = self.get_visual_style("toggle--button")
        return Content.styled("[x] on " if self.value else "[ ] off", style)


class FormScroll(VerticalScroll):
    """The form's rows. Up and Down move the focus between them (a scroll container would
    scroll instead, leaving the focus behind), where the focused widget has no use for
    them: a closed seat list opens on them, as Textual's Select does."""

    BINDINGS = [
        Binding("down", "app.focus_next", "Next row", id="newgame.next", show=False),
        Binding("up", "app.focus_previous", "Previous row", id="newgame.previous", show=False),
    ]


def row_of(widget: Widget) -> Widget:
    """The form's row a widget stands in (a seat or option row), or the widget itself."""
    parent = widget.parent
    return parent if isinstance(parent, Horizontal) and parent.has_class("seat-row") else widget


class NewGameScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back", id="newgame.back"),
        Binding("ctrl+s", "start", "Start", id="newgame.start"),
    ]
    DEFAULT_CSS = """
    NewGameScreen #form-help { height: auto; max-height: 3; padding: 0 2; background: $boost; }
    NewGameScreen .option-check { width: 32; }
    """

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.rules = get_rules(game)
        self.front = get_front(game)
        extra = self.front.help("new-game")
        self.HELP = HELP + (f"\n\n{extra}" if extra else "")  # type: ignore[misc] # the game adds its seats' story
        self.row_help: dict[str, str] = {}
        """Each focusable widget's help, by id, for the line above the keys."""
        self.coach_set_by_hand = False

    def compose(self) -> ComposeResult:
        rules = self.rules
        kinds = default_kinds(rules, self.front.default_kinds(rules))
        with FormScroll(id="new-game"):
            yield Static(f"New game — {rules.info.title}", classes="dialog-title")
            yield Static(rules.info.summary, classes="dim")
            for spec in rules.seats():
                with Horizontal(classes="seat-row"):
                    yield Label(seat_label(spec), classes="seat-label")
                    yield Select(
                        kind_choices(rules, spec),
                        value=kinds[spec.id],
                        allow_blank=False,
                        id=f"kind-{spec.id}",
                        classes="seat-kind",
                    )
                    yield Input(placeholder="name (optional)", id=f"name-{spec.id}", classes="seat-name")
                self.row_help[f"kind-{spec.id}"] = f"{seat_label(spec)}: {SEAT_HELP}"
                self.row_help[f"name-{spec.id}"] = f"{seat_label(spec)}: {NAME_HELP}"
            with Horizontal(classes="seat-row"):
                yield Label("Seed", classes="seat-label")
                # Empty: a random seed is drawn at the start, seen by nobody until the end.
                yield Input("", placeholder="random", id="seed", type="integer", classes="seat-name")
                yield Static(SEED_HINT, id="seed-hint", classes="option-help dim")
            self.row_help["seed"] = (
                "Seed: a whole number that fixes every die, so the game can be replayed; " + SEED_HINT
            )
            if rules.info.dice:
                with Horizontal(classes="seat-row"):
                    # How often the computer players' rolls stop the game (a shell setting for
                    # every game with dice; it follows the number of people until chosen here).
                    yield Label("Rolls shown", classes="seat-label")
                    yield Select(
                        pace_options(), value=default_pace(), allow_blank=False, id="pace", classes="seat-kind"
                    )
                self.row_help["pace"] = (
                    "Rolls shown: when a computer player's roll stops the game to show its result "
                    "(Ctrl+T changes it during play)"
                )
            for option in rules.options():
                yield from self._option_row(option)
            # The coached game (screens/coach.py): a shell setting, not one of the game's
            # options, offered only for a game that has a coach.
            if coach_of(rules) is not None:
                with Horizontal(classes="seat-row"):
                    yield Label(COACH_LABEL, classes="seat-label")
                    yield OnOff("", HUMAN in kinds.values(), id="coached", classes="option-check")
                    yield Static(COACH_HELP, classes="option-help dim")
                self.row_help["coached"] = f"{COACH_LABEL}: {COACH_HELP}"
            yield Button("Start the game", id="start", variant="primary")
            self.row_help["start"] = "Start the game with these seats and options (Ctrl+S from any row)"
        # Under the form, above the keys: the focused row's help in full (a row's own hint
        # is cut to two lines at 100 columns).
        yield Static("", id=ROW_HELP_ID)
        yield Footer()

    def _option_row(self, option: OptionSpec) -> ComposeResult:
        widget_id = f"option-{option.id}"
        hint = self._option_hint(option)
        self.row_help[widget_id] = f"{option.label}: {hint}" if hint else option.label
        with Horizontal(classes="seat-row"):
            yield Label(option.label, classes="seat-label")
            if option.kind == "bool":
                yield OnOff("", bool(option.default), id=widget_id, classes="option-check")
            elif option.kind == "choice":
                yield Select(
                    [(c, c) for c in option.choices],
                    value=option.default,
                    allow_blank=False,
                    id=widget_id,
                    classes="seat-kind",
                )
            elif option.kind == "int":
                yield Input(str(option.default), id=widget_id, type="integer", classes="seat-name")
            else:
                # A text option (Hedgemony: the scenario folder) may come filled in from
                # the command line (``hedgemony play --scenario DIR``).
                given = getattr(self.app, "option_defaults", {}).get(option.id, option.default)
                yield Input(str(given), id=widget_id, placeholder=option.help, classes="seat-name")
            yield Static(hint, classes="option-help dim")

    @staticmethod
    def _option_hint(option: OptionSpec) -> str:
        bounds = ""
        if option.kind == "int" and (option.minimum is not None or option.maximum is not None):
            low = option.minimum if option.minimum is not None else "…"
            high = option.maximum if option.maximum is not None else "…"
            bounds = f"{low}-{high}"
        return "; ".join(part for part in (bounds, option.help) if part)

    def _kinds(self) -> dict[str, str]:
        return {spec.id: str(self.query_one(f"#kind-{spec.id}", Select).value) for spec in self.rules.seats()}

    # --- the focused row: in view, and its help said -----------------------------------------

    def on_mount(self) -> None:
        self.call_after_refresh(lambda: self._show_help(self.focused))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        widget = event.widget
        # The whole row (its label and hint too), not only the widget; after the layout
        # settles, as a focus moved before the first paint has no place yet.
        self.call_after_refresh(self._bring_into_view, widget)
        self._show_help(widget)

    def _bring_into_view(self, widget: Widget) -> None:
        if self.focused is widget:
            self.query_one("#new-game", VerticalScroll).scroll_to_widget(row_of(widget), animate=False)

    def _show_help(self, widget: Widget | None) -> None:
        text = self.row_help.get(widget.id or "", "") if widget is not None else ""
        self.query_one(f"#{ROW_HELP_ID}", Static).update(Text(text))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        if event.checkbox.id == "coached" and event.checkbox.has_focus:
            self.coach_set_by_hand = True

    def on_select_changed(self, event: Select.Changed) -> None:
        # The coach follows whether a person plays until the box is set by hand.
        found = self.query("#coached")
        if not found or self.coach_set_by_hand or not (event.select.id or "").startswith("kind-"):
            return
        found.first(Checkbox).value = HUMAN in self._kinds().values()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "seed":
            self.query_one("#seed-hint", Static).update(SMALL_SEED_HINT if self.guessable() else SEED_HINT)

    def guessable(self) -> bool:
        """The typed seed is small enough for a player to find by trying every one."""
        try:
            return 0 <= int(self.query_one("#seed", Input).value.strip()) < GUESSABLE_SEED
        except ValueError:
            return False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def values(self) -> tuple[int, dict[str, Any], dict[str, str], dict[str, str]] | None:
        """The seed, options, seat kinds and names on the form; None (and a message) if
        a value is not allowed."""
        raw = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(raw) if raw else random_seed()
        except ValueError:
            seed = -1
        if not 0 <= seed <= MAX_SEED:
            self.notify(f"the seed must be a whole number 0-{MAX_SEED} (got {raw!r})", severity="error", markup=False)
            return None
        options: dict[str, Any] = {}
        for option in self.rules.options():
            value = self._option_value(option)
            problem = option.problem(value)
            if problem:
                self.notify(problem, severity="error", markup=False)
                return None
            options[option.id] = value
        seats = [spec.id for spec in self.rules.seats()]
        kinds = {seat: str(self.query_one(f"#kind-{seat}", Select).value) for seat in seats}
        names = {seat: self.query_one(f"#name-{seat}", Input).value.strip() for seat in seats}
        return seed, options, kinds, names

    def _option_value(self, option: OptionSpec) -> Any:
        widget_id = f"#option-{option.id}"
        if option.kind == "bool":
            return self.query_one(widget_id, Checkbox).value
        if option.kind == "choice":
            return self.query_one(widget_id, Select).value
        raw = self.query_one(widget_id, Input).value.strip()
        if option.kind == "int":
            try:
                return int(raw)
            except ValueError:
                return raw  # not a number: OptionSpec.problem says so in the player's words
        return raw

    def action_start(self) -> None:
        found = self.values()
        if found is None:
            return
        seed, options, kinds, names = found
        if self.guessable():
            self.notify(SMALL_SEED_HINT, severity="warning", timeout=8)
        found_coached = self.query("#coached")
        coached = bool(found_coached) and found_coached.first(Checkbox).value
        chosen = self.query("#pace")  # only a game with dice asks
        pace = str(chosen.first(Select).value) if chosen else default_pace()
        app = cast("TableApp", self.app)
        app.new_game(self.game, seed, options, kinds, names, pace=pace, coached=coached)

    def action_back(self) -> None:
        self.app.pop_screen()
