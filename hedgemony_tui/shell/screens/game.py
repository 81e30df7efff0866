"""The game screen: the game's board (from its front), and beside it the decision panel.

The board's parts come from ``front.board``; the keys are the game's views and actions
(``front.keys``) with the shell's own among them (journal, worksheet, the keyboard to the
control seat, save, load, undo), shown in the footer in the order the front gives. The
decision panel lists the keyboard holder's legal intents; when it is someone else's
decision it says whom the game waits on.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from hedgemony_tui.table.contract import coach_of

from ..front import SHELL_ACTIONS, Action, ShellKey, View
from ..saving import default_save_name
from ..widgets.decision import DecisionPanel
from ..widgets.events import EventPane
from ..widgets.footer import KeysFooter
from .coach import HINT_KEY, CoachCommands, open_hint
from .dialogs import PathScreen
from .journal import JournalScreen

if TYPE_CHECKING:
    from hedgemony_tui.table.contract import AnyRules

    from ..app import TableApp
    from ..front import BoardParts, Front

HELP = """# The board

The board of the game is on the left; **the decision panel** (right) lists every choice
open to you now: type a few words to filter (only the words a line shows count), move
with the arrows, **Enter** takes the line marked **▶**. A choice that ends your turn, a
phase or the game, or seals your answer, asks once more: Enter again takes it, Esc
chooses again. A line that spends says what it costs ("costs 2 RP"), and while you type
the line under the list names what Enter will take; a spend is taken at once, and
**Ctrl+Z** takes it back. When it is another seat's turn it says whom the game is waiting on.

**F4** journal · **F6** the worksheet of the pending decision · **Ctrl+S** save ·
**Ctrl+O** load · **Ctrl+Z** undo: takes back your last decision and the computer
players' decisions after it, if no die was rolled and nothing revealed since.

Under the board **the event pane** shows the latest lines of the journal (**Ctrl+L**
hides it). Every roll is shown as it is made, to every seat it concerns (a player who
was away sees it after their hand-over); **Ctrl+T** sets how often the game stops for
you (every roll you may see, only rolls that concern your seat, or only your own: each
person's own setting). When the game is over, **Ctrl+R** opens the end-of-game report
again."""

WATCH_BINDINGS = [
    # The shell's own keys for watching play, after the game's (Ctrl: typing goes to the filter).
    Binding("ctrl+t", "pace", "Pace", id="game.pace"),
    Binding("ctrl+l", "toggle_events", "Events", id="game.events"),
    Binding("ctrl+r", "end_report", "End report", id="game.end-report"),
]


class GameScreen(Screen[None]):
    """The board and the decision panel; each game's keys are bound on a subclass made
    by :func:`game_screen` (one per front, as Textual binds keys per class)."""

    CSS_PATH = str(Path(__file__).with_name("game.tcss"))
    BINDINGS = [
        # The guide first: at 100 columns the footer is cut before the app's own F1.
        Binding("f1", "app.help", "Guide", id="game.guide"),
        Binding(HINT_KEY, "hint", "Hint", id="game.hint"),  # the coach (screens/coach.py), every game
        # Only in a lesson (check_action): the decision panel's own Esc (out of a search, a
        # confirmation, a step) comes first, as the focus is there.
        Binding("escape", "leave_lesson", "Leave lesson", id="game.leave-lesson"),
    ]
    COMMANDS = Screen.COMMANDS | {CoachCommands}
    HELP = HELP
    WORKSHEET_KEY = "F6"

    def __init__(self, front: Front) -> None:
        super().__init__()
        self.front = front
        # The board's stylesheets load with the first game screen shown.
        self.css_path = [*self.css_path, *(Path(p) for p in front.css_paths)]
        self.HELP = front.help("board") or HELP  # type: ignore[misc] # the game's own words for its board
        self.parts: BoardParts | None = None
        self.ready = False
        self._over_shown = False
        self._viewer_shown: str | None = None

    @property
    def GUIDE_TOPIC(self) -> str:  # the name the guide reads on every screen
        """F1 on the board: the guide's page on the decision or phase under way, as the
        game's lesson maps them (its ``guide``); "" (the board's page) when none does."""
        app = self.table_app
        try:
            lesson = app.lesson.lesson if app.lesson is not None else None
            make = getattr(self.front, "lesson", None)
            if lesson is None and callable(make):
                lesson = make()
            if lesson is None or app.host is None:
                return ""
            feed = app.host.feed(app.viewer_seat())
            keys = (str(feed.decision.kind), str(feed.phase))
        except Exception:  # between games, or a front whose lesson fails: the board's page
            return ""
        return next((lesson.guide[key] for key in keys if lesson.guide.get(key)), "")

    @property
    def table_app(self) -> TableApp:
        """The app, typed: the game screen is the shell's own and uses its services."""
        return cast("TableApp", self.app)

    def compose(self) -> ComposeResult:
        self.parts = parts = self.front.board(self.table_app.table)
        if parts.top is not None:
            yield parts.top
        with Horizontal(id="game-body"):
            with Vertical(id="board-column"):
                yield parts.main
                yield EventPane(id="events")
            with Vertical(id="side"):
                if parts.side is not None:
                    yield parts.side
                yield DecisionPanel(id="decision")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A hand-over over this screen: none of the board's views or tools may run
        # (the palette calls them on this screen directly).
        app = self.table_app
        if app.hand_over_showing():
            return False
        if action in ("save", "load", "to_control") and getattr(app, "remote", False):
            # A seat on its own screen: the table's host saves the game, and there is no
            # shared keyboard to pass (shell/remote_app.py).
            return False
        if action == "end_report":  # shown once the game is over
            return app.host is not None and app.host.over
        if action == "leave_lesson":
            return app.lesson is not None
        if action == "hint":  # only in a game that has a coach (the key would only say it has none)
            return app.host is not None and coach_of(app.rules) is not None
        if action in ("view", "front") and parameters and parameters[0] in self._control_only():
            # The facilitators' views and tools: in the footer only for the control seat
            # (the views refuse anyone else anyway; hiding them leaves room for the rest).
            return app.viewer_seat() == app.control_seat
        return super().check_action(action, parameters)

    def _control_only(self) -> set[str]:
        return {k.id for k in self.front.keys() if isinstance(k, (View, Action)) and k.control_only}

    def on_mount(self) -> None:
        self.ready = True
        self.refresh_state()
        self.query_one("#decision-filter").focus()

    def on_screen_resume(self) -> None:
        # Back from a dialog or worksheet: typing goes to the decision filter again.
        if self.ready:
            self.query_one("#decision-filter").focus()
            self.table_app.resume_after_view()

    def refresh_state(self) -> None:
        app = self.table_app
        if app.host is None or not self.ready or self.parts is None:
            return
        rules = app.rules
        decision = app.decision()
        viewer = app.viewer_seat()
        if viewer != self._viewer_shown:
            # The keyboard changed hands: the facilitators' keys show or hide.
            self._viewer_shown = viewer
            self.refresh_bindings()
        if decision.over != self._over_shown:
            # The end report's key shows once the game is over (the footer is redrawn
            # only then: redrawing it at every change is costly).
            self._over_shown = decision.over
            self.refresh_bindings()
        events = self.query(EventPane)
        if not events:
            # The screen is being taken down (a remote redraw can arrive meanwhile).
            return
        for part in (self.parts.top, self.parts.main, self.parts.side, events.first()):
            refresh = getattr(part, "refresh_view", None)
            if refresh is not None:
                refresh()
        options = app.my_options()
        waiting = "" if options else app.waiting_line()
        prompt = Text(decision.prompt, "bold")
        if app.handing_over:
            prompt, waiting = Text("The keyboard passes to another player.", "bold"), ""
        elif decision.over:
            # Once the end screen is closed, the board must still say how to reopen it (a
            # newcomer did not find Ctrl+R, which the footer may cut at 100 columns).
            prompt.append("\nThe game is over: Ctrl+R opens the end report again.", "dim")
        elif options and self.front.worksheets(app.table, decision, viewer):
            prompt.append(f"\n{self.WORKSHEET_KEY} opens the worksheet for this decision.", "dim")
        if options and not rules.info.hidden_information and len(app.seats.humans()) > 1:
            # Open information: no hand-over, so say plainly whose turn it is.
            prompt = Text.assemble(Text(f"Next player: {app.player_name(viewer)}\n", "bold reverse"), prompt)
        self.query_one(DecisionPanel).set_decision(prompt, options, waiting)

    def on_decision_panel_chosen(self, event: DecisionPanel.Chosen) -> None:
        self.table_app.choose(event.intent)

    # --- views and tools ---------------------------------------------------------------------

    def action_show_board(self) -> None:
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()

    def action_view(self, view_id: str) -> None:
        view = next((k for k in self.front.keys() if isinstance(k, View) and k.id == view_id), None)
        if view is None:
            return
        screen = view.open(self.table_app.table)
        if screen is None:  # refused here (it said why)
            return
        self.action_show_board()
        self.app.push_screen(screen)

    def action_front(self, action_id: str) -> None:
        action = next((k for k in self.front.keys() if isinstance(k, Action) and k.id == action_id), None)
        if action is not None:
            action.run(self.table_app.table)

    def action_journal(self) -> None:
        self.action_show_board()
        self.app.push_screen(JournalScreen())

    def action_pace(self) -> None:
        self.table_app.action_pace()

    def action_toggle_events(self) -> None:
        self.query_one(EventPane).toggle()

    def action_end_report(self) -> None:
        self.table_app.show_end_report()

    def action_leave_lesson(self) -> None:
        lesson = self.table_app.lesson
        if lesson is not None:
            lesson.leave(self.table_app)

    def action_hint(self) -> None:
        open_hint(self.app)

    def action_worksheet(self) -> None:
        self.table_app.open_worksheet()

    def action_to_control(self) -> None:
        app = self.table_app
        if app.control_seat:
            app.take_keyboard(app.control_seat)

    def action_undo(self) -> None:
        panel = self.query(DecisionPanel)
        if panel and panel.first().asking is not None:
            # Nothing was taken yet: Ctrl+Z drops the question, it does not undo the move before.
            panel.first().action_back()
            self.app.notify("Not taken: the confirmation was cancelled", markup=False)
            return
        self.table_app.undo()

    def action_save(self) -> None:
        app = self.table_app

        if app.save_path and "autosave" not in app.save_path:
            default = app.save_path
        else:
            # Game, date-time and turn: unique, and nothing that predicts the dice.
            turn = app.feed.turn
            default = default_save_name(app.rules.info.id, turn)

        def chosen(path: str | None) -> None:
            if path:
                app.save_to(path)

        self.app.push_screen(PathScreen(f"Save the game to (a bare name goes in {app.saves_dir}):", default), chosen)

    def action_load(self) -> None:
        app = self.table_app

        def chosen(path: str | None) -> None:
            if path:
                app.load_from(path)

        self.app.push_screen(
            PathScreen(f"Load which save? (a bare name is in {app.saves_dir})", "", app.saves_dir), chosen
        )


def key_bindings(front: Front, control: str | None) -> list[Binding]:
    """The board's keys in footer order: the front's, then any shell key it did not place."""
    keys = list(front.keys())
    placed = {k.action for k in keys if isinstance(k, ShellKey)}
    keys += [ShellKey(name) for name in SHELL_ACTIONS if name not in placed]
    bindings = []
    for key in keys:
        if isinstance(key, View):
            bindings.append(Binding(key.key, f"view({key.id!r})", key.name, id=key.id))
        elif isinstance(key, Action):
            bindings.append(Binding(key.key, f"front({key.id!r})", key.name, id=key.id))
        else:
            if key.action == "to_control" and not control:
                continue
            default_key, label, _ = SHELL_ACTIONS[key.action]
            label = key.name or label or f"To {control}"
            bindings.append(
                Binding(
                    key.key or default_key,
                    key.action,
                    label,
                    show=key.show,
                    id=f"game.{key.action.replace('_', '-')}",
                )
            )
    return bindings + WATCH_BINDINGS


_SCREENS: dict[tuple[int, str | None], type[GameScreen]] = {}


def game_screen(front: Front, rules: AnyRules) -> GameScreen:
    """A game screen for ``front``, with its keys."""
    control = next((s.name for s in rules.seats() if s.control), None)
    made = _SCREENS.get((id(front), control))
    if made is None:
        bindings = key_bindings(front, control)
        worksheet = next((b.key for b in bindings if b.action == "worksheet"), "f6")
        made = type(
            "GameScreen",
            (GameScreen,),
            {"BINDINGS": bindings, "WORKSHEET_KEY": worksheet.upper(), "__module__": __name__},
        )
        _SCREENS[(id(front), control)] = made
    return made(front)
