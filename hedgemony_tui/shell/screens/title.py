"""The title screen: the game picker, then new game, continue, load or quit.

The picker lists every registered game by its front's name and tagline (a front is
cheap to import; a game's rules are loaded only when its new-game form opens), so the
title paints about as fast as Textual starts. The banner is the picked game's.

The game that New game, Learn to play and the rest are for is marked in the picker
(:data:`PICKED`, a mark that shows without colour, whichever list has the focus) and
named on the picker's frame, with why it is the one picked (the last one played, or the
one asked for), so that a newcomer never starts the wrong game unknowing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hedgemony_tui.table.registry import game_ids, get_front
from hedgemony_tui.table.save_slots import autosave_game, open_elsewhere

from ..widgets.footer import KeysFooter
from .dialogs import PathScreen, PickScreen

if TYPE_CHECKING:
    from ..app import TableApp

TABLE_BANNER = "Hedgemony TUI — a table for teaching wargames"

PICKED = "▶ "
"""Before the picked game in the picker; the others get as many spaces."""


class TitleScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new", "New game", id="title.new"),
        Binding("t", "learn", "Learn to play", id="title.learn"),
        Binding("c", "continue", "Continue", id="title.continue"),
        Binding("l", "load", "Load", id="title.load"),
        Binding("g", "pick", "Game", id="title.game"),
        Binding("q", "quit", "Quit", id="title.quit"),
    ]
    HELP = """# Title

**Game** (G): the games on this table; the arrows pick one. Then start a **new game**
of it (choose who plays each seat and the options), **learn to play** it in a short
guided game with the coach (T), **continue** a recent game (C lists the autosaves,
newest first, with the game, its turn and phase, who plays it and when it was saved; a
game open in another window is marked, and is played there only), or **load** a saved
game of any game. A game saves itself after every decision: a new game to an autosave of its
own in `saves/` (named by the game, the date and a short id), a game opened from a file
back to that file, the previous version kept beside it as `.bak`."""

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.wanted = game
        self.games: list[tuple[str, Any]] = []
        self.first = 0
        self.why = ""  # why the first game is the one picked ("last played"), for the frame
        self.shown: str | None = None
        # One game: it is picked already, so the menu takes the keys; several: choose
        # first. Focused as the screen first shows (a second focus change would redraw
        # the footer once more before the first paint).
        self.AUTO_FOCUS = "#title-menu" if len(game_ids()) == 1 else "#game-picker"  # type: ignore[misc]  # a ClassVar in Textual, set per screen

    def compose(self) -> ComposeResult:
        # The lists are filled here rather than after mounting: each later change would
        # lay the screen out (and redraw the footer) again before the first paint.
        self.games = [(game, get_front(game)) for game in game_ids()]
        menu = [Option("New game", id="new")]
        menu.append(Option("Learn to play: a short guided game", id="learn"))
        newest = self.app.newest_autosave()  # type: ignore[attr-defined]  # the shell's TableApp; self.app is typed App
        if newest is not None:
            menu.append(Option("Continue a recent game", id="continue"))
        menu += [Option("Load a saved game", id="load"), Option("Quit", id="quit")]
        ids = [game for game, _ in self.games]
        # The game asked for on the command line, else the one last played (its autosave
        # is the newest), else the first.
        last = self._game_id(newest) if newest is not None else None
        wanted = self.wanted if self.wanted in ids else last
        self.first = ids.index(wanted) if wanted in ids else 0
        self.why = "" if wanted not in ids else ("asked for" if wanted == self.wanted else "last played")
        front = self.games[self.first][1] if self.games else None
        self.shown = self.games[self.first][0] if self.games else None
        # Each line centred by its Center, the lines together by the screen (app.tcss).
        with Center():
            yield Static(front.banner if front is not None else TABLE_BANNER, id="banner")
        with Center():
            yield Static(front.tagline if front is not None else "", id="tagline")
        with Center():
            yield OptionList(
                *(Option(_marked(front.title, n == self.first), id=game) for n, (game, front) in enumerate(self.games)),
                id="game-picker",
            )
        with Center():
            yield OptionList(*menu, id="title-menu")
        yield KeysFooter()  # laid out once before the first paint, not three times

    def on_mount(self) -> None:
        picker = self.query_one("#game-picker", OptionList)
        picker.highlighted = self.first
        self._frame(self.games[self.first][1] if self.games else None, self.why)
        self.query_one("#title-menu", OptionList).highlighted = 0
        self._offer_lesson(self.games[self.first][1] if self.games else None)

    def _offer_lesson(self, front: Any) -> None:
        """ "Learn to play" is offered (not dimmed) only for a game whose front has a lesson."""
        menu = self.query_one("#title-menu", OptionList)
        if callable(getattr(front, "lesson", None)):
            menu.enable_option("learn")
        else:
            menu.disable_option("learn")

    def _frame(self, front: Any, why: str) -> None:
        """The picker's frame names the picked game (and why it is the one picked)."""
        picker = self.query_one("#game-picker", OptionList)
        picker.border_title = f"Game: {front.title}" if front is not None else "Game"
        picker.border_subtitle = f"{why} · G, ↑↓ to change" if why else "G, ↑↓ to change"

    def _game_id(self, path: Any) -> str | None:
        """The game an autosave's name says it holds (its name starts with the game's id)."""
        return autosave_game(path, [game for game, _ in self.games])

    def picked(self) -> str | None:
        picker = self.query_one("#game-picker", OptionList)
        index = picker.highlighted
        return self.games[index][0] if index is not None and 0 <= index < len(self.games) else None

    def show_game(self) -> None:
        game = self.picked()
        if game == self.shown:
            return  # drawn already (redrawing would lay the screen out again)
        self.shown = game
        front = dict(self.games).get(game) if game else None
        picker = self.query_one("#game-picker", OptionList)
        for n, (_, each) in enumerate(self.games):
            picker.replace_option_prompt_at_index(n, _marked(each.title, n == picker.highlighted))
        self._frame(front, self.why if game == self.games[self.first][0] else "")
        self.query_one("#banner", Static).update(front.banner if front is not None else TABLE_BANNER)
        self.query_one("#tagline", Static).update(front.tagline if front is not None else "")
        self._offer_lesson(front)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "game-picker":
            self.show_game()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "game-picker":
            menu = self.query_one("#title-menu", OptionList)
            menu.highlighted = 0
            menu.focus()
            return
        await self.run_action(event.option.id or "new")

    def action_pick(self) -> None:
        # G changes the game, as its footer label says: the next one in the list (round to
        # the first), and the picker takes the focus so the arrows go on from there.
        picker = self.query_one("#game-picker", OptionList)
        if self.games:
            index = picker.highlighted
            picker.highlighted = 0 if index is None else (index + 1) % len(self.games)
        picker.focus()

    def action_new(self) -> None:
        # lazy: the form reads the game's rules and the table core, loaded when it opens,
        # not before the title paints
        from .new_game import NewGameScreen

        game = self.picked()
        if game is None:
            self.notify("no game is registered on this table", severity="error")
            return
        self.app.push_screen(NewGameScreen(game))

    def action_learn(self) -> None:
        # "Learn to play": the picked game's lesson (its front's optional lesson(), shell/screens/lesson.py).
        # lazy: a lesson loads the game's rules and the table core, not before the title paints
        from .lesson import start_lesson

        game = self.picked()
        if game is None:
            self.notify("no game is registered on this table", severity="error")
            return
        start_lesson(cast("TableApp", self.app), game)

    def action_continue(self) -> None:
        """Pick one of the recent autosaves (newest first) and open it."""
        # lazy: describing an autosave reads its contents (the save format, cattrs), which
        # the title does not load before it paints
        from hedgemony_tui.table.save_files import describe_autosave

        app = cast("TableApp", self.app)
        found = app.recent_autosaves()
        if not found:
            self.notify("there is no autosave yet", severity="warning")
            return

        def picked(index: int | None) -> None:
            if index is not None:
                app.load_from(str(found[index]))

        # Names are shown as text, never read as markup (a file may be named anything).
        # A game another window is playing is marked: opening it here is refused (save_slots.claim).
        own = app.claimed_here()
        labels = [
            escape(
                describe_autosave(path) + (" (open in another window)" if path != own and open_elsewhere(path) else "")
            )
            for path in found
        ]
        self.app.push_screen(PickScreen("Continue which game? (newest first)", labels), picked)

    def action_load(self) -> None:
        app = cast("TableApp", self.app)

        def chosen(path: str | None) -> None:
            if path:
                app.load_from(path)

        self.app.push_screen(
            PathScreen(f"Load which save? (a bare name is in {app.saves_dir})", "", app.saves_dir), chosen
        )

    def action_quit(self) -> None:
        self.app.exit()


def _marked(title: str, picked: bool) -> str:
    """A game's line in the picker, marked when it is the picked one."""
    return f"{PICKED if picked else ' ' * len(PICKED)}{title}"
