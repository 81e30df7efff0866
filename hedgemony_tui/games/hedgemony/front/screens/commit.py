"""The commit screen: forces for the card in play, with a what-if on the odds.

For the ``commit`` and ``respond`` stages of ``state.run``: the forces committed so far
on each side, the seat's legal ``CommitForces``/``DoneCommitting``/``BuyBack`` intents,
and, for the highlighted one, how the roll that follows would go compared with
committing nothing more: this option, one FF more, one fewer, a readiness buy-back
first, or the same from another source (adjacent theater, CONUS). Every preview is
``engine.expectation.preview`` (the engine's what-if) on ``view(state, seat)``: the odds
a seat sees never use what it may not know. The highlighted option's own row ("This")
plays ``engine.expectation.option_plan``: its expected IP is the coach's figure for it. Beside the odds, each variant's costs besides IP
(``engine.side_costs``): RPs paid now, FFs a reset would send home, U.S. readiness lost,
next turn's readiness bill. Above them, the contest round by round (``render.rounds``):
what each side added in each round and the odds had it stopped there; in a round after
the first, the title tells the seat it may escalate (or answer the escalation) or stop,
and which keys do which (ch. 8). Each variant also shows the two totals the column is
read from, and the highlighted one the engine's own sentence for them
(``contest.read_table``, as the roll reads it, halving included) over the worksheet that
works them out (``render.worksheet``: FFs by the printed factors, halving, readiness).
At 30 rows the right side is taller than the screen: PgDn/PgUp scroll it, and the title
says so.

The sources are listed nearest and cheapest first (in theater, adjacent, CONUS). In the
game the screen stays open while the seat commits (each commit or buy-back goes to the
table at once) and closes with Done; an appeal for emergency funding closes it too.
Alone (no table behind it) it returns the chosen intent, or None on Escape.
"""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from hedgemony_tui.shell.front import table_of

from ...engine import contest as forces
from ...engine import escalation, expectation
from ...engine.content import Content
from ...engine.game import content_of, legal_intents, pending
from ...engine.intents import AppealForFunding, BuyBack, CommitForces, DoneCommitting, Intent
from ...engine.names import place as place_name
from ...engine.odds import RollPreview, state_at_roll
from ...engine.side_costs import SideCosts, side_costs, source_rank
from ...engine.state import Commit, GameState
from ...engine.terms import Source
from ...engine.view import view
from ..render import resolution as draw
from ..render import rounds
from ..render.intents import intent_label
from ..render.side_costs import costs_table
from ..render.worksheet import contest_sheet, worksheet

STAGES = ("commit", "respond")
OPTION_TYPES = (CommitForces, DoneCommitting, BuyBack, AppealForFunding)
SOURCE_WORDS = {
    Source.THEATER.value: "in theater",
    Source.ADJACENT.value: "adjacent AOR",
    Source.CONUS.value: "from CONUS",
}


class CommitScreen(ModalScreen[Intent | None]):
    """Choose forces for the card in play; the right-hand side shows the what-if."""

    GUIDE_TOPIC = "commitment"  # F1: the rules guide opens at this section

    DEFAULT_CSS = """
    CommitScreen { align: center middle; }
    CommitScreen > Vertical.dialog {
        width: 100%; max-width: 130; height: 100%; max-height: 44;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    CommitScreen .title { height: auto; text-style: bold; }
    CommitScreen .body { height: 1fr; }
    CommitScreen #commit-left { width: 36; height: 1fr; }
    CommitScreen #commit-forces { height: auto; max-height: 9; }
    CommitScreen #commit-options { height: 1fr; }
    CommitScreen #commit-whatif { width: 1fr; height: 1fr; padding-left: 1; }
    CommitScreen .message { height: auto; color: $warning; }
    """
    BINDINGS = [
        Binding("enter", "choose", "Take it", id="commit.choose", show=True, priority=True),
        Binding("d", "done", "Done / stop / decline", id="commit.done"),
        Binding("escape", "cancel", "Back (commits stay)", id="commit.cancel"),
        Binding("tab", "app.focus_next", "Next panel", id="commit.next"),
        Binding("f1", "app.help", "Help", id="commit.help"),  # the app's F1, shown in this footer
        # The what-if side is taller than a 30-row terminal: these scroll it from the list
        # (the list itself moves with the arrows, Home and End).
        Binding("pagedown", "scroll_whatif(1)", "More", id="commit.more", priority=True),
        Binding("pageup", "scroll_whatif(-1)", "Back up", id="commit.back-up", show=False, priority=True),
    ]

    def __init__(self, state: GameState, seat: str, content: Content | None = None) -> None:
        super().__init__()
        self.seat = seat
        self._given = content
        self._said = ""  # the message line's words (a coach's remark joins them)
        self.load(state)

    def load(self, state: GameState) -> None:
        """Read the decision, the options and their order off ``state``."""
        self.state = state
        self.content = content_of(state, self._given)
        self.shown = view(state, self.seat)
        decision = pending(state, self.content)
        self.deciding = decision.seat == self.seat and decision.kind in STAGES
        self.prompt = decision.prompt
        options = (
            [i for i in legal_intents(state, self.content) if isinstance(i, OPTION_TYPES) and i.player == self.seat]
            if self.deciding
            else []
        )
        # Nearest and cheapest sources first; the list order stays the engine's within a stack.
        ranks = {s: self._rank(s) for s in {getattr(i, "stack", "") for i in options} - {""}}
        self.options = sorted(options, key=lambda i: ranks.get(getattr(i, "stack", ""), (9, 0)))
        self._previews: dict[tuple[Intent, ...], RollPreview | None] = {}
        self._costs: dict[tuple[Intent, ...], SideCosts | None] = {}
        self._readings: dict[tuple[Intent, ...], tuple[str, RenderableType | None] | None] = {}

    def _rank(self, stack_id: str) -> tuple[int, int]:
        if self.state.run is None:
            return (9, 0)
        return source_rank(self.state, self.content, self.seat, self.state.stack(stack_id))

    # --- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self._title(), id="commit-title", classes="title")
            with Horizontal(classes="body"):
                with Vertical(id="commit-left"):
                    yield Static(self._committed(), id="commit-forces")
                    yield OptionList(*self._option_rows(), id="commit-options")
                with VerticalScroll(id="commit-whatif"):
                    yield Static("", id="commit-rounds")  # the contest round by round (ch. 8)
                    yield Static("", id="commit-compare")
                    yield Static("", id="commit-odds")
            yield Static("", id="commit-message", classes="message")
            yield Footer()

    def _title(self) -> Text:
        run = self.state.run
        if run is None:
            return Text("No card is in play.")
        card = self.content.card(run.card)
        text = Text(f"{card.title} ({card.id})")
        if run.location:
            text.append(f" at {self.place(run.location)}")
        turn = rounds.turn_words(self.state) if self.deciding else None
        if turn is not None:  # a round after the first: escalate or stop, and the keys
            text.append(f"\n{self.prompt}\n")
            text.append_text(turn)
        elif self.deciding:
            text.append(
                f"\n{self.prompt}  (↑↓ to compare, Enter to take — the sheet stays open — d when done; "
                "PgDn/PgUp scroll the right side: odds, costs, how the forces are counted)"
            )
        else:
            text.append(f"\nWaiting: {self.prompt}", style="italic")
        return text

    def _committed(self) -> RenderableType:
        run = self.state.run
        if run is None:
            return Text("")
        text = Text("Committed so far", style="bold")
        for side, commits in (("Red", run.red), ("Blue", run.blue)):
            style = "red" if side == "Red" else "cyan"
            text.append(f"\n{side}: ", style=f"bold {style}")
            text.append(f"{sum(c.ffs for c in commits)} FF" if commits else "nothing")
            for commit in commits:
                text.append("\n  " + self._commit_words(commit))
        return text

    def _commit_words(self, commit: Commit) -> str:
        try:
            stack = self.state.stack(commit.stack)
        except KeyError:
            return f"{commit.ffs} FF ({commit.source})"
        readiness = f" at {stack.readiness}%" if stack.owner == "US" and stack.readiness < 100 else ""
        arriving = ", arriving" if commit.arriving else ""
        source = SOURCE_WORDS.get(commit.source, commit.source)
        return f"{stack.owner} {commit.ffs} FF M{stack.mod}{readiness} {source}{arriving}"

    def place(self, location: str) -> str:
        """A place (or an AOR, or CONUS) by its name."""
        return place_name(self.content, location)

    def _forces(self, stack_id: str, ffs: int) -> str:
        """``ffs`` FFs of a stack in words: "2 FF M3 from Baltic States"."""
        stack = self.state.stack(stack_id)
        return f"{ffs} FF M{stack.mod} from {self.place(stack.location)}"

    def _from(self, stack_id: str, ffs: int) -> str:
        """A variant from another source: "From Japan (adjacent AOR): 1 FF M3"."""
        stack = self.state.stack(stack_id)
        kind = {Source.THEATER.value: " (in theater)", Source.ADJACENT.value: " (adjacent AOR)"}.get(
            self._source(stack_id) or "", ""
        )
        return f"From {self.place(stack.location)}{kind}: {ffs} FF M{stack.mod}"

    def _option_rows(self) -> list[Option | None]:
        """By source (in theater, adjacent, CONUS), one group per stack (its commit sizes
        and buy-backs), then done and any appeal."""
        rows: list[Option | None] = []
        by_stack: dict[str, list[int]] = {}
        for index, intent in enumerate(self.options):
            if isinstance(intent, (CommitForces, BuyBack)):
                by_stack.setdefault(intent.stack, []).append(index)
        source = None
        for stack_id, indexes in by_stack.items():
            here = self._source(stack_id)
            if here != source:
                source = here
                words = SOURCE_WORDS.get(source or "", "elsewhere")
                rows.append(Option(Text(f"── {words[0].upper()}{words[1:]} ──", style="bold"), disabled=True))
            rows.append(Option(Text(self._stack_words(stack_id), style="bold"), disabled=True))
            for index in indexes:
                rows.append(Option(Text("  " + self._option_words(self.options[index])), id=f"option-{index}"))
        for index, intent in enumerate(self.options):
            if isinstance(intent, (DoneCommitting, AppealForFunding)):
                if rows and rows[-1] is not None:
                    rows.append(None)
                rows.append(Option(Text(self._option_words(intent)), id=f"option-{index}"))
        return rows

    def _stack_words(self, stack_id: str) -> str:
        stack = self.state.stack(stack_id)
        readiness = f" {stack.readiness}%" if stack.owner == "US" else ""
        return f"{self.place(stack.location)}: {stack.ffs} FF M{stack.mod}{readiness}"

    def _source(self, stack_id: str) -> str | None:
        stack = self.state.stack(stack_id)
        place = forces.target_of(self.state, self.content, self.seat)
        return forces.source_of(self.content, stack, self.content.scenario.board.aor_of(place))

    def _option_words(self, intent: Intent) -> str:
        if isinstance(intent, CommitForces):
            cost = forces.commit_cost(self.state, self.content, self.seat, self.state.stack(intent.stack), intent.ffs)
            return f"commit {intent.ffs} FF" + (f" — {cost} RP" if cost else " — no cost")
        if isinstance(intent, BuyBack):
            what = f"{intent.ffs} FF" if intent.ffs else "all"
            return f"buy back {what} to {intent.to}% readiness"
        if isinstance(intent, AppealForFunding):
            return f"Appeal to the White Cell for {intent.amount} RP"
        run = self.state.run
        sent = forces.committed_by(self.state, run, self.seat) if run is not None else 0
        if run is not None and run.round > 1:
            return "Stop: add nothing, the die decides" if run.stage == "commit" else "Stop: add nothing more"
        return "Done: commit nothing more" if sent or (run and run.stage == "commit") else "Decline: send no forces"

    def on_mount(self) -> None:
        self.query_one("#commit-options", OptionList).focus()
        self.query_one("#commit-rounds", Static).update(self._rounds())
        self._fill()

    def _fill(self, keep: Intent | None = None) -> None:
        """Show the options; highlight ``keep`` if it is still offered, else the first."""
        option_list = self.query_one("#commit-options", OptionList)
        option_list.clear_options()
        option_list.add_options(self._option_rows())
        if not self.options:
            self._say("Nothing for " + self.seat + " to decide here now.")
            self._show_what_if(None)
            return
        wanted = f"option-{self.options.index(keep)}" if keep in self.options else None
        enabled = [i for i, option in enumerate(option_list.options) if not option.disabled]
        chosen = next((i for i in enabled if option_list.options[i].id == wanted), enabled[0] if enabled else None)
        if chosen is not None:
            option_list.highlighted = chosen

    def refresh_state(self) -> None:
        """The table changed (a commit of ours went through): show the card as it is now,
        or close when the decision has moved on to someone else."""
        # Alone (no game in play behind it: ``session`` is the shell's), nothing changes.
        if getattr(self.app, "session", None) is None or not self.is_mounted:
            return
        table = table_of(self)
        state = table.seen_state()  # the seat's own view: it holds the keyboard
        if table.viewer_seat() != self.seat:
            if table.viewer_seat() != table.control_seat:
                self.dismiss(None)  # the keyboard went to someone else: nothing of this seat's stays up
                return
            state = table.rules.view(state, self.seat)  # the control seat's view is the whole state
        if state is self.state:
            return
        keep = self.highlighted_intent()
        self.load(state)
        if not self.deciding:
            self.dismiss(None)
            return
        self.query_one("#commit-title", Static).update(self._title())
        self.query_one("#commit-forces", Static).update(self._committed())
        self.query_one("#commit-rounds", Static).update(self._rounds())
        self._fill(keep)

    def _rounds(self) -> RenderableType:
        """The contest round by round, once there are two steps to compare: a single step
        is the baseline row of the what-if below, and the space is needed at 30 rows."""
        if sum(1 for step in escalation.steps(self.shown) if step.total) < 2:
            return Text("")
        return rounds.rounds_block(self.shown, self.content, self.seat)

    # --- the what-if ---------------------------------------------------------------------------

    def preview(self, intents: tuple[Intent, ...]) -> RollPreview | None:
        """The roll after ``intents`` with no one adding anything more (cached per screen)."""
        if intents not in self._previews:
            self._previews[intents] = expectation.preview(self.shown, intents, self.content)
        return self._previews[intents]

    def side_costs(self, intents: tuple[Intent, ...]) -> SideCosts | None:
        """Costs besides IP of ``intents`` (the engine's, on the seat's own view; cached)."""
        if intents not in self._costs:
            self._costs[intents] = side_costs(self.shown, list(intents), self.seat, self.content)
        return self._costs[intents]

    def reading(self, intents: tuple[Intent, ...]) -> tuple[str, RenderableType | None] | None:
        """How the column of the roll after ``intents`` is found: the engine's own words
        (``contest.read_table``, the function the roll itself reads: "Blue 4 CFs vs Red 6
        CFs: ratio ...", halving included) and the worksheet behind them (FF × the printed
        factors, halving, readiness), or None when no forces table is read (no roll, a
        card's own bands, an unopposed column). Cached per screen."""
        if intents in self._readings:
            return self._readings[intents]
        found: tuple[str, RenderableType | None] | None = None
        preview = self.preview(intents)
        at = state_at_roll(self.shown, intents, self.content) if preview is not None else None
        if preview is not None and at is not None and at.run is not None and preview.table in draw.TABLES:
            column, why, _, _ = forces.read_table(at, self.content, preview.table)
            if column == preview.column:  # else the card's unopposed column was read, not the forces
                sheet = contest_sheet(at, self.content, preview.table)
                shown = worksheet(sheet) if sheet is not None and sheet.choice.label == column else None
                found = (why, shown)
        self._readings[intents] = found
        return found

    def variants(self, intent: Intent | None) -> list[tuple[str, tuple[Intent, ...], str]]:
        """The variants compared for the highlighted option: label, decisions, note."""
        done: tuple[Intent, ...] = (DoneCommitting(self.seat),)
        note = "no roll follows" if done[0] in self.options else "not allowed: commit forces first"
        rows: list[tuple[str, tuple[Intent, ...], str]] = [("Nothing more (baseline)", done, note)]
        # The option's own row is the coach's figure for it too (``engine.expectation``).
        plan = expectation.option_plan(self.shown, intent, self.options) if intent is not None else None
        if isinstance(intent, CommitForces) and plan is not None:
            rows.append((f"This: {self._forces(intent.stack, intent.ffs)}", plan, ""))
            for ffs, label in ((intent.ffs + 1, "One FF more"), (intent.ffs - 1, "One FF fewer")):
                other = CommitForces(self.seat, intent.stack, ffs)
                if other in self.options:
                    rows.append((f"{label}: {ffs} FF", (other,), ""))
            buyback = self._best_buyback(intent.stack)
            if buyback is not None:
                rows.append((f"Buy back to {buyback.to}% first", (buyback, intent), "not possible after the buy-back"))
            rows += self._other_sources(intent)
        elif isinstance(intent, BuyBack) and plan is not None:
            most = plan[-1]
            assert isinstance(most, CommitForces)  # the buy-back's plan ends with the stack's biggest commitment
            rows.append(
                (f"This: buy back to {intent.to}%, then commit {most.ffs}", plan, "not possible after the buy-back")
            )
            rows.append((f"Commit {self._forces(intent.stack, most.ffs)} as it is", (most,), ""))
        return rows

    def what_if_rows(self, intent: Intent | None) -> list[draw.WhatIf]:
        """The variants compared for the highlighted option, each with its roll."""
        return [draw.WhatIf(label, self.preview(intents), note) for label, intents, note in self.variants(intent)]

    def _best_buyback(self, stack_id: str) -> BuyBack | None:
        levels = [i for i in self.options if isinstance(i, BuyBack) and i.stack == stack_id and not i.ffs]
        return max(levels, key=lambda i: i.to, default=None)

    def _other_sources(self, intent: CommitForces) -> list[tuple[str, tuple[Intent, ...], str]]:
        """The same number of FFs (or as many as it has) from a stack of each other source."""
        mine = self._source(intent.stack)
        seen = {mine}
        rows: list[tuple[str, tuple[Intent, ...], str]] = []
        for option in self.options:
            if not isinstance(option, CommitForces) or option.stack == intent.stack:
                continue
            source = self._source(option.stack)
            if source in seen:
                continue
            seen.add(source)
            sizes = [o.ffs for o in self.options if isinstance(o, CommitForces) and o.stack == option.stack]
            ffs = intent.ffs if intent.ffs in sizes else max(sizes)
            other = CommitForces(self.seat, option.stack, ffs)
            rows.append((self._from(option.stack, ffs), (other,), ""))
        return rows

    def highlighted_intent(self) -> Intent | None:
        option_list = self.query_one("#commit-options", OptionList)
        option = option_list.highlighted_option
        if option is None or option.id is None:
            return None
        return self.options[int(option.id.removeprefix("option-"))]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_what_if(self.highlighted_intent())

    def _show_what_if(self, intent: Intent | None) -> None:
        variants = self.variants(intent)
        rows = [
            draw.WhatIf(label, self.preview(intents), note, self._totals(intents)) for label, intents, note in variants
        ]
        baseline = rows[0].preview
        costs = [(label, self.side_costs(intents)) for label, intents, _ in variants]
        self.query_one("#commit-compare", Static).update(
            Group(draw.what_if_table(rows, self.seat, baseline), Text(""), costs_table(costs, self.seat == "US"))
        )
        at = 1 if len(rows) > 1 else 0
        self.query_one("#commit-odds", Static).update(self._focus_detail(rows[at], variants[at][1]))

    def _totals(self, intents: tuple[Intent, ...]) -> str:
        """The variant's two totals, as the engine words them ("Blue 4 CFs vs Red 6 CFs")."""
        found = self.reading(intents)
        if found is None:
            return ""
        # "Blue 4 CFs vs Red 6 CFs: ..." -> "4 v 6 CFs" (the engine's numbers, shortened to fit a cell).
        match = re.match(r"Blue (\d+) (\w+)(?: \(incl\. [^)]*\))? vs Red (\d+) (\w+)", found[0])
        return f"{match[1]} v {match[3]} {match[4]}" if match else found[0].split(": ", 1)[0]

    def _focus_detail(self, row: draw.WhatIf, intents: tuple[Intent, ...]) -> RenderableType:
        if row.preview is None:
            return Text(f"{row.label}: {row.note or 'no roll follows'}.", style="italic")
        preview = row.preview
        head = Text(
            f"{row.label} — {draw.TABLE_NAMES.get(preview.table, preview.table)} column {preview.column}", style="bold"
        )
        parts: list[RenderableType] = [head]
        found = self.reading(intents)
        if found is not None:  # the forces before the roll and how they are counted
            why, sheet = found
            parts.append(Text(f"Before the roll: {why}", style="bold"))
            if sheet is not None:
                parts.append(sheet)
        parts += [draw.terms_text(preview.terms), draw.odds_table(preview), draw.expected_table(preview)]
        return Group(*parts)

    # --- actions -------------------------------------------------------------------------------

    def _say(self, message: str) -> None:
        self._said = message
        self.query_one("#commit-message", Static).update(Text(message))

    def coach_remark(self, text: str) -> None:
        """A coached game's remark on the commitment just taken (``shell.screens.coach``):
        in the sheet's own message line, under the odds, never over them."""
        said = self._said
        self._say(f"{said}\nCoach: {text}" if said else f"Coach: {text}")

    def _choose(self, intent: Intent | None) -> None:
        if intent is None:
            self._say("Highlight an option first (arrow keys), then Enter.")
            return
        if intent not in legal_intents(self.state, self.content):
            self._say(f"{self._words(intent)} is not allowed now.")
            return
        if isinstance(intent, (DoneCommitting, AppealForFunding)) or getattr(self.app, "session", None) is None:
            self.dismiss(intent)
            return
        # In the game: the commit goes to the table now and the sheet stays open for more.
        self._say(f"Done: {self._words(intent)}. Commit more, or d when done.")
        table_of(self).choose(intent)

    def _words(self, intent: Intent) -> str:
        """A decision in menu words, named from the seat's own view."""
        return intent_label(intent, self.content, self.shown)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._choose(self.highlighted_intent())

    def action_choose(self) -> None:
        self._choose(self.highlighted_intent())

    def action_done(self) -> None:
        done = DoneCommitting(self.seat)
        if done not in self.options:
            self._say("You cannot finish yet: " + self.prompt)
            return
        self._choose(done)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_scroll_whatif(self, pages: int) -> None:
        panel = self.query_one("#commit-whatif", VerticalScroll)
        (panel.scroll_page_down if pages > 0 else panel.scroll_page_up)(animate=False)
