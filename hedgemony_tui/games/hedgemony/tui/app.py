"""The Textual app: one game session, its seats, and the flow of decisions between them.

``build_app`` is the factory the ``hedgemony`` command and the tests share. The app holds
the :class:`~hedgemony_tui.table.session.Session`; screens show ``view(state, viewer)`` — the
seat at the keyboard — and hand back intents chosen among ``legal_intents``, which the app
applies. Computer seats play through the bots; a decision that passes to another person
first shows a hand-over screen that reveals nothing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.app import App
from textual.binding import Binding

from .commands import IntentCommands
from .seats import WHITE, Seats

SPECIAL_SCREENS = {
    # stage -> (module, class name) pairs; each screen takes (state, seat) or (state) and
    # returns a legal intent or None. Several: the player picks which worksheet to open.
    "roll": (("resolution", "RollScreen"),),
    "commit": (("commit", "CommitScreen"),),
    "respond": (("commit", "CommitScreen"),),
    "readiness": (("worksheets", "ReadinessScreen"),),
    "emergency": (("worksheets", "ReadinessScreen"),),
    "blue": (("worksheets", "ReadinessScreen"), ("worksheets", "InvestScreen"), ("worksheets", "DeployScreen"),
             ("white_cell", "ProposeScreen")),
    "red": (("worksheets", "InvestScreen"), ("worksheets", "DeployScreen")),
    "ruling": (("white_cell", "RulingScreen"),),
}
US_ONLY_SCREENS = {"ReadinessScreen"}  # readiness tiers are the U.S.'s alone (ch. 14)
# These read the whole state and show only what the seat may see themselves.
REAL_STATE_SCREENS = {"RollScreen", "CommitScreen"}


class HedgemonyApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "Hedgemony"
    SUB_TITLE = "a game of strategic choices"
    COMMANDS = App.COMMANDS | {IntentCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        Binding("f1", "help", "Help", id="app.help"),
        Binding("question_mark", "help", "Help", id="app.help-question", show=False),
    ]
    MIN_SIZE = (100, 30)

    def __init__(self, *, state: Any = None, seats: Seats | None = None, saves_dir: str | os.PathLike[str] = "saves",
                 bot_delay: float = 0.4, save_path: str | None = None) -> None:
        super().__init__()
        self.saves_dir = Path(saves_dir)
        self.bot_delay = bot_delay
        self.initial = (state, seats)
        self.session = None
        self.seats: Seats | None = None
        self.viewer: str | None = None
        self.notes: list = []
        self.save_path = save_path
        self._bot_timer = None
        self._white_asked = None
        self._handing_over = False
        self._handover_waiting = False
        self._stopped = ""

    # --- start and stop ------------------------------------------------------------------

    def on_mount(self) -> None:
        state, seats = self.initial
        if state is not None:
            self.start_game(state, seats)
        else:
            from .screens.title import TitleScreen

            self.push_screen(TitleScreen())
        self.call_after_refresh(self.check_size)

    def on_resize(self, event) -> None:
        self.check_size(event.size)

    def check_size(self, size=None) -> None:
        """Below 100 x 30 a polite message covers the game until the terminal grows."""
        from .screens.too_small import TooSmallScreen

        size = size or self.size
        small = size.width < self.MIN_SIZE[0] or size.height < self.MIN_SIZE[1]
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    @property
    def autosave_path(self) -> Path:
        return self.saves_dir / "autosave.toml"

    def start_game(self, state, seats: Seats | None = None, *, note: str = "") -> None:
        """Play ``state`` from now on, with these seats (all human when not given)."""
        from ..engine.content import content_for
        from hedgemony_tui.table.session import Session
        from .render.journal import Note
        from .screens.game import GameScreen
        from .seats import write_seats

        content = content_for(state.scenario)
        self._base_content = content
        self.seats = seats or Seats.all_human(content.scenario.player_ids)
        self.session = Session(state, autosave=self.autosave_path)
        self.viewer = None
        self.notes = [Note(len(state.log), state.turn, state.phase.value, WHITE, "session", note)] if note else []
        self._stopped = ""
        try:
            self.saves_dir.mkdir(parents=True, exist_ok=True)
            write_seats(self.autosave_path, self.seats)
        except OSError as exc:
            self.notify(f"cannot write to {self.saves_dir}: {exc}", severity="warning")
        # The game screen replaces whatever led here (title, new game form).
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(GameScreen())
        self.call_after_refresh(self.advance)

    # --- who sees what -------------------------------------------------------------------

    @property
    def content(self):
        """The game's content, with the cards of its ruled free-play actions."""
        from ..engine.game import content_of

        return content_of(self.state, self._base_content)

    @property
    def state(self):
        return self.session.state

    def viewer_seat(self) -> str:
        if self.viewer is not None:
            return self.viewer
        humans = self.seats.humans() if self.seats else ()
        return humans[0] if len(humans) == 1 else WHITE if not humans else ""

    def player_to_show(self, wanted: str | None) -> str:
        """The player a placemat or hand opens on: the one asked for, else the seat at the keyboard."""
        players = self.content.scenario.player_ids
        if wanted in players:
            return wanted
        viewer = self.viewer_seat()
        return viewer if viewer in players else players[0]

    def seen_state(self):
        """The state as the seat at the keyboard may see it (before any hand-over: the public part only)."""
        from ..engine.view import view

        seat = self.viewer_seat()
        # Before the first hand-over nobody holds the keyboard: show what every player may see.
        return view(self.state, seat or "__nobody__")

    def my_options(self) -> list[tuple[Any, str]]:
        """The pending decision's intents, if it is the viewer's to take."""
        from ..engine.game import legal_intents, pending
        from ..engine.intents import seat_of
        from .render.intents import intent_label

        if self.session is None or self._handing_over:
            return []
        decision = pending(self.state)
        if decision.kind == "over" or decision.seat != self.viewer_seat() or not self.seats.human(decision.seat):
            return []
        return [(i, intent_label(i, self.content)) for i in legal_intents(self.state) if seat_of(i) == decision.seat]

    # --- the flow of decisions -------------------------------------------------------------

    def advance(self) -> None:
        """After every change: redraw, then let a computer seat play or hand the keyboard over."""
        from ..engine.game import legal_intents, pending
        from ..engine.state import Phase
        from .screens.handover import HandOverScreen
        from .seats import white_cell_decide

        if self.session is None:
            return
        state = self.state
        self.refresh_views()
        if state.phase is Phase.OVER or self._bot_timer is not None or self._stopped:
            return
        decision = pending(state)
        if not self.seats.human(WHITE) and decision.seat != WHITE and self._white_asked is not state:
            # The automated White Cell may inject an event before the player decides.
            self._white_asked = state
            try:
                choice = white_cell_decide(state, legal_intents(state))
            except Exception as exc:  # a bot's failure must not end the game at the table
                self._stop(f"the automated White Cell failed: {exc}")
                return
            if choice is not None:
                self._schedule(lambda: self.apply(choice.intent, reason=choice.reason, seat=WHITE))
                return
        if not self.seats.human(decision.seat):
            self._schedule(self._bot_step)
            return
        if decision.seat != self.viewer:
            if len(self.seats.humans()) > 1:
                from .screens.game import GameScreen

                if not isinstance(self.screen, GameScreen):
                    # A result, the hand or the journal of the present holder is open: it may
                    # show their secrets, so hand over only once they are back on the board.
                    self._handover_waiting = True
                    self.refresh_views()
                    return
                self._handover_waiting = False
                self._handing_over = True
                self.refresh_views()

                def taken(_: object = None, seat: str = decision.seat) -> None:
                    self._handing_over = False
                    self.viewer = seat
                    self.refresh_views()

                self.push_screen(HandOverScreen(self.seats.name(decision.seat)), taken)
            else:
                self.viewer = decision.seat
                self.refresh_views()

    def _schedule(self, step) -> None:
        def run() -> None:
            self._bot_timer = None
            step()

        if self.bot_delay <= 0:
            self._bot_timer = True
            self.call_later(run)
        else:
            self._bot_timer = self.set_timer(self.bot_delay, run)

    def _stop(self, message: str) -> None:
        self._stopped = message
        self.notify(message + " — computer play is paused; undo or load to go on", severity="error", timeout=10)

    def _bot_step(self) -> None:
        from ..engine.game import legal_intents, pending
        from ..engine.intents import seat_of
        from ..engine.view import view
        from .seats import decide, white_cell_decide

        state = self.state
        decision = pending(state)
        if self.seats.human(decision.seat) or decision.kind == "over":
            self.advance()
            return
        options = legal_intents(state)
        try:
            if decision.seat == WHITE:
                choice = white_cell_decide(state, options)
                if choice is None:
                    raise RuntimeError("the automated White Cell did not decide")
            else:
                mine = [o for o in options if seat_of(o) == decision.seat]
                choice = decide(self.seats.of(decision.seat).kind, view(state, decision.seat), mine)
        except Exception as exc:  # a bot's failure must not end the game at the table
            self._stop(f"the computer player {decision.seat} failed: {exc}")
            return
        self.apply(choice.intent, reason=choice.reason, seat=decision.seat)

    def apply(self, intent, *, reason: str = "", seat: str | None = None) -> bool:
        """Apply an intent through the session; an illegal one is explained and changes nothing."""
        from hedgemony_tui.table.errors import IllegalIntent
        from ..engine.intents import EnterRoll, RollDie, seat_of
        from .render.journal import Note

        if self.session is None:
            return False
        before = self.state
        try:
            after = self.session.apply(intent)
        except IllegalIntent as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return False
        except OSError as exc:  # the autosave could not be written; the decision stands
            after = self.state
            self.notify(f"autosave failed: {exc}", severity="warning")
        who = seat or seat_of(intent)
        kind = self.seats.of(who).kind
        text = f"{who} ({'person' if kind == 'human' else kind}): {intent.describe()}"
        if reason:
            text += f" — {reason}"
        self.notes.append(Note(len(before.log), before.turn, before.phase.value, who, "decision", text, (who,)))
        if self.seats.human(who) and isinstance(intent, (RollDie, EnterRoll)):
            self.show_result(before, after, who)
        self.advance()
        return True

    def choose(self, intent) -> None:
        """A person at the keyboard picked ``intent`` (from any list, the palette or a worksheet)."""
        if intent is not None:
            self.apply(intent)

    def show_result(self, before, after, seat: str) -> None:
        try:
            from .screens.resolution import ResultScreen
        except ImportError:
            new = [e for e in after.log[len(before.log):] if e.roll is not None and e.visible(seat)]
            if new:
                from .render.journal import roll_words

                self.notify(roll_words(new[-1].roll), title=new[-1].roll.reason)
            return
        from ..engine.view import view

        self.push_screen(ResultScreen(view(before, seat), view(after, seat), seat))

    def refresh_views(self) -> None:
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_state", None)
            if refresh is not None:
                refresh()

    # --- actions shared by every screen -----------------------------------------------------

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        self.push_screen(HelpScreen(getattr(self.screen, "HELP", None) or "", type(self.screen).__name__))

    def open_worksheet(self) -> None:
        """The specialised screen of the pending decision, when there is one."""
        import importlib

        from ..engine.game import pending

        decision = pending(self.state)
        if decision.seat != self.viewer_seat() or not self.seats.human(decision.seat):
            self.notify("it is not your decision now", severity="warning")
            return
        entries = [(m, c) for m, c in SPECIAL_SCREENS.get(decision.kind, ())
                   if c not in US_ONLY_SCREENS or decision.seat in ("US", WHITE)]
        if not entries:
            self.notify("this decision has no worksheet; pick from the decision list")
            return
        found = []
        for module_name, class_name in entries:
            try:
                module = importlib.import_module(f"{__package__}.screens.{module_name}")
            except ImportError:
                continue
            if hasattr(module, class_name):
                found.append(getattr(module, class_name))
        if not found:
            self.notify("that worksheet is not available in this version; pick from the decision list", severity="warning")
            return
        if len(found) > 1:
            from .screens.dialogs import PickScreen

            def picked(index: int | None) -> None:
                if index is not None:
                    self._push_special(found[index], decision.seat)

            self.push_screen(PickScreen("Which worksheet?", [c.__name__.removesuffix("Screen") for c in found]), picked)
            return
        self._push_special(found[0], decision.seat)

    def _push_special(self, screen_class, seat: str) -> None:
        import inspect

        from ..engine.view import view

        state = self.state if screen_class.__name__ in REAL_STATE_SCREENS else view(self.state, seat)
        try:
            takes_seat = "seat" in inspect.signature(screen_class).parameters
            screen = screen_class(state, seat) if takes_seat else screen_class(state)
        except Exception as exc:  # a screen refusing this state: keep playing from the list
            self.notify(f"the worksheet cannot open here: {exc}", severity="error")
            return
        self.push_screen(screen, self.choose)

    def inject_event(self) -> None:
        """The White Cell injects an event (only its own seat may)."""
        from ..engine.game import legal_intents
        from ..engine.intents import InjectEvent

        if self.viewer_seat() != WHITE:
            self.notify("only the White Cell injects events: pass it the keyboard (F8)", severity="warning")
            return
        options = [i for i in legal_intents(self.state) if isinstance(i, InjectEvent)]
        if not options:
            self.notify("no event may be injected now (first three phases, no card in play)")
            return
        try:
            from .screens.white_cell import InjectScreen
        except ImportError:
            from .render.intents import intent_label
            from .screens.dialogs import PickScreen

            labels = [intent_label(i, self.content) for i in options]
            self.push_screen(PickScreen("Inject an event", labels),
                             lambda index: self.choose(options[index]) if index is not None else None)
            return
        self.push_screen(InjectScreen(self.state), self.choose)

    def take_keyboard(self, seat: str) -> None:
        """Hand the keyboard to another person (e.g. the White Cell, to inject or see the ground truth)."""
        from .screens.handover import HandOverScreen

        if not self.seats.human(seat):
            self.notify(f"{self.seats.name(seat)} is played by the computer", severity="warning")
            return

        def taken(_: object = None) -> None:
            self.viewer = seat
            self.refresh_views()

        self.push_screen(HandOverScreen(self.seats.name(seat)), taken)

    def undo(self) -> None:
        """Take back the last decisions back to the last one a person took, where nothing was revealed."""
        if self.session is None or not self.session.can_undo:
            self.notify("nothing to undo: the last decision rolled a die or revealed information", severity="warning")
            return
        from ..engine.game import pending

        if self._bot_timer not in (None, True):
            self._bot_timer.stop()
        self._bot_timer = None
        self.session.undo()
        while self.session.can_undo and not self.seats.human(pending(self.state).seat):
            self.session.undo()
        self.notes = [n for n in self.notes if n.after <= len(self.state.log)]
        self._stopped = ""
        self._white_asked = self.state  # the White Cell already had its say here
        self.notify("decision taken back")
        self.advance()

    def save_to(self, path: str) -> None:
        from hedgemony_tui.table.errors import SaveError
        from hedgemony_tui.table.saves import save_game
        from .render.journal import Note
        from .seats import write_seats

        target = Path(path).expanduser()
        if target.suffix != ".toml":
            target = target.with_suffix(".toml")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            save_game(target, self.state)
            write_seats(target, self.seats)
        except (SaveError, OSError) as exc:
            self.notify(f"not saved: {exc}", severity="error")
            return
        self.save_path = str(target)
        state = self.state
        self.notes.append(Note(len(state.log), state.turn, state.phase.value, WHITE, "session", f"saved to {target}"))
        self.notify(f"saved to {target}")

    def load_from(self, path: str) -> bool:
        from hedgemony_tui.table.errors import SaveError
        from hedgemony_tui.table.saves import load_game
        from .seats import read_seats

        try:
            state = load_game(Path(path).expanduser())
            from ..engine.content import content_for

            players = content_for(state.scenario).scenario.player_ids
        except (SaveError, OSError, KeyError) as exc:
            self.notify(f"cannot load {path}: {exc}", severity="error")
            return False
        self.save_path = str(path)
        self.start_game(state, read_seats(path, players), note=f"loaded {path}")
        return True


def build_app(state: Any = None, *, seats: Seats | None = None, saves_dir: str | os.PathLike[str] = "saves",
              bot_delay: float = 0.4, save_path: str | None = None) -> HedgemonyApp:
    """The app: with a state it opens that game; without, the title screen."""
    return HedgemonyApp(state=state, seats=seats, saves_dir=saves_dir, bot_delay=bot_delay, save_path=save_path)
