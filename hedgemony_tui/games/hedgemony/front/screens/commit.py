"""The commit screen: forces for the card in play, with a what-if on the odds.

For the ``commit`` and ``respond`` stages of ``state.run``: the forces committed so far
on each side, the seat's legal ``CommitForces``/``DoneCommitting``/``BuyBack`` intents,
and, for the highlighted one, how the roll that follows would go compared with
committing nothing more: this option, one FF more, one fewer, a readiness buy-back
first, or the same from another source (adjacent theater, CONUS). Every preview is
``engine.odds.preview_after`` on ``view(state, seat)``: the odds a seat sees never use
what it may not know. Returns the chosen intent, or None on Escape.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import contest as forces
from ...engine.content import Content
from ...engine.game import content_of, legal_intents, pending
from ...engine.intents import BuyBack, CommitForces, DoneCommitting, Intent
from ...engine.odds import RollPreview, preview_after
from ...engine.state import Commit, GameState
from ...engine.view import view
from ..render import resolution as draw

STAGES = ("commit", "respond")
OPTION_TYPES = (CommitForces, DoneCommitting, BuyBack)


class CommitScreen(ModalScreen[Intent | None]):
    """Choose forces for the card in play; the right-hand side shows the what-if."""

    DEFAULT_CSS = """
    CommitScreen { align: center middle; }
    CommitScreen > Vertical.dialog {
        width: 100%; max-width: 130; height: 100%; max-height: 44;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    CommitScreen .title { height: auto; text-style: bold; }
    CommitScreen .body { height: 1fr; }
    CommitScreen #commit-left { width: 34; height: 1fr; }
    CommitScreen #commit-forces { height: auto; max-height: 9; }
    CommitScreen #commit-options { height: 1fr; }
    CommitScreen #commit-whatif { width: 1fr; height: 1fr; padding-left: 1; }
    CommitScreen .message { height: auto; color: $warning; }
    """
    BINDINGS = [
        Binding("enter", "choose", "Take this option", id="commit.choose", show=True),
        Binding("d", "done", "Done / decline", id="commit.done"),
        Binding("escape", "cancel", "Back", id="commit.cancel"),
    ]

    def __init__(self, state: GameState, seat: str, content: Content | None = None) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.content = content_of(state, content)
        self.shown = view(state, seat)
        decision = pending(state, self.content)
        self.deciding = decision.seat == seat and decision.kind in STAGES
        self.prompt = decision.prompt
        self.options: list[Intent] = (
            [i for i in legal_intents(state, self.content) if isinstance(i, OPTION_TYPES) and i.player == seat]
            if self.deciding else []
        )
        self._previews: dict[tuple[Intent, ...], RollPreview | None] = {}

    # --- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self._title(), id="commit-title", classes="title")
            with Horizontal(classes="body"):
                with Vertical(id="commit-left"):
                    yield Static(self._committed(), id="commit-forces")
                    yield OptionList(*self._option_rows(), id="commit-options")
                with VerticalScroll(id="commit-whatif"):
                    yield Static("", id="commit-compare")
                    yield Static("", id="commit-odds")
            yield Static("", id="commit-message", classes="message")
            yield Footer()

    def _title(self) -> Text:
        run = self.state.run
        if run is None:
            return Text("No card is in play.")
        card = self.content.card(run.card)
        text = Text(f"{card.id}: {card.title}")
        if run.location:
            text.append(f" at {run.location}")
        if self.deciding:
            text.append(f"\n{self.prompt}  (↑↓ to compare, Enter to take, d when done)")
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
        return f"{stack.owner} {commit.ffs}×M{stack.mod}{readiness} from {commit.source}{arriving}"

    def _option_rows(self) -> list[Option | None]:
        """One group per stack (its commit sizes and buy-backs), then done."""
        rows: list[Option | None] = []
        by_stack: dict[str, list[int]] = {}
        for index, intent in enumerate(self.options):
            if isinstance(intent, (CommitForces, BuyBack)):
                by_stack.setdefault(intent.stack, []).append(index)
        for stack_id, indexes in by_stack.items():
            rows.append(Option(Text(self._stack_words(stack_id), style="bold"), disabled=True))
            for index in indexes:
                rows.append(Option(Text("  " + self._option_words(self.options[index])), id=f"option-{index}"))
        for index, intent in enumerate(self.options):
            if isinstance(intent, DoneCommitting):
                if rows:
                    rows.append(None)
                rows.append(Option(Text(self._option_words(intent)), id=f"option-{index}"))
        return rows

    def _stack_words(self, stack_id: str) -> str:
        stack = self.state.stack(stack_id)
        readiness = f" {stack.readiness}%" if stack.owner == "US" else ""
        source = self._source(stack_id) or "?"
        return f"{stack.id} {stack.ffs}×M{stack.mod}{readiness} {stack.location} ({source})"

    def _source(self, stack_id: str) -> str | None:
        stack = self.state.stack(stack_id)
        place = forces.target_of(self.state, self.content, self.seat)
        return forces.source_of(self.content, stack, self.content.scenario.board.aor_of(place))

    def _option_words(self, intent: Intent) -> str:
        if isinstance(intent, CommitForces):
            cost = forces.commit_cost(self.state, self.content, self.seat, self.state.stack(intent.stack), intent.ffs)
            return f"commit {intent.ffs} FF" + (f" — {cost} RP" if cost else " — no cost")
        if isinstance(intent, BuyBack):
            return f"buy back to {intent.to}% readiness"
        run = self.state.run
        sent = forces.committed_by(self.state, run, self.seat) if run is not None else 0
        return "Done: commit nothing more" if sent or (run and run.stage == "commit") else "Decline: send no forces"

    def on_mount(self) -> None:
        option_list = self.query_one("#commit-options", OptionList)
        option_list.focus()
        if not self.options:
            self._say("Nothing for " + self.seat + " to decide here now.")
            self._show_what_if(None)
            return
        first = next((i for i, option in enumerate(option_list.options) if not option.disabled), None)
        if first is not None:
            option_list.highlighted = first

    # --- the what-if ---------------------------------------------------------------------------

    def preview(self, intents: tuple[Intent, ...]) -> RollPreview | None:
        """The roll after ``intents`` with no one adding anything more (cached per screen)."""
        if intents not in self._previews:
            self._previews[intents] = preview_after(self.shown, list(intents), self.content)
        return self._previews[intents]

    def what_if_rows(self, intent: Intent | None) -> list[draw.WhatIf]:
        """The variants compared for the highlighted option."""
        done = (DoneCommitting(self.seat),)
        note = "no roll follows" if done[0] in self.options else "not allowed: commit forces first"
        rows = [draw.WhatIf("Nothing more (baseline)", self.preview(done), note)]
        if isinstance(intent, CommitForces):
            rows.append(draw.WhatIf(f"This: {intent.ffs} FF of {intent.stack}", self.preview((intent,))))
            for ffs, label in ((intent.ffs + 1, "One FF more"), (intent.ffs - 1, "One FF fewer")):
                other = CommitForces(self.seat, intent.stack, ffs)
                if other in self.options:
                    rows.append(draw.WhatIf(f"{label}: {ffs} FF", self.preview((other,))))
            buyback = self._best_buyback(intent.stack)
            if buyback is not None:
                rows.append(draw.WhatIf(f"Buy back to {buyback.to}% first", self.preview((buyback, intent)),
                                        "not possible after the buy-back"))
            rows += self._other_sources(intent)
        elif isinstance(intent, BuyBack):
            most = self._largest_commit(intent.stack)
            if most is not None:
                rows.append(draw.WhatIf(f"Commit {most.ffs} FF of {intent.stack} as it is", self.preview((most,))))
                rows.append(draw.WhatIf(f"Buy back to {intent.to}%, then commit {most.ffs}",
                                        self.preview((intent, most)), "not possible after the buy-back"))
        return rows

    def _best_buyback(self, stack_id: str) -> BuyBack | None:
        levels = [i for i in self.options if isinstance(i, BuyBack) and i.stack == stack_id]
        return max(levels, key=lambda i: i.to, default=None)

    def _largest_commit(self, stack_id: str) -> CommitForces | None:
        commits = [i for i in self.options if isinstance(i, CommitForces) and i.stack == stack_id]
        return max(commits, key=lambda i: i.ffs, default=None)

    def _other_sources(self, intent: CommitForces) -> list[draw.WhatIf]:
        """The same number of FFs (or as many as it has) from a stack of each other source."""
        mine = self._source(intent.stack)
        seen = {mine}
        rows = []
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
            rows.append(draw.WhatIf(f"From {source}: {ffs} FF of {option.stack}", self.preview((other,))))
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
        rows = self.what_if_rows(intent)
        baseline = rows[0].preview
        self.query_one("#commit-compare", Static).update(draw.what_if_table(rows, self.seat, baseline))
        focus = rows[1] if len(rows) > 1 else rows[0]
        self.query_one("#commit-odds", Static).update(self._focus_detail(focus))

    def _focus_detail(self, row: draw.WhatIf) -> RenderableType:
        if row.preview is None:
            return Text(f"{row.label}: {row.note or 'no roll follows'}.", style="italic")
        preview = row.preview
        head = Text(f"{row.label} — {draw.TABLE_NAMES.get(preview.table, preview.table)} column {preview.column}",
                    style="bold")
        return Group(head, draw.terms_text(preview.terms), draw.odds_table(preview), draw.expected_table(preview))

    # --- actions -------------------------------------------------------------------------------

    def _say(self, message: str) -> None:
        self.query_one("#commit-message", Static).update(Text(message))

    def _choose(self, intent: Intent | None) -> None:
        if intent is None:
            self._say("Highlight an option first (arrow keys), then Enter.")
            return
        if intent not in legal_intents(self.state, self.content):
            self._say(f"{intent.describe()} is not allowed now.")
            return
        self.dismiss(intent)

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
