"""The resolution view: the die before it is rolled (``RollScreen``) and what it did
(``ResultScreen``).

``RollScreen`` shows what is rolled and by whom, the table or the card's bands with the
column the engine reads, the worksheet that chose that column, each modifier, the
exact odds of every result (``engine.odds.roll_preview``) and the expected IP/RP change
per player, and returns the legal ``RollDie`` (or, with physical dice, ``EnterRoll``).
``ResultScreen`` shows the rolls logged between two states — any seat's, a person's
own or a computer player's — with the odds as they stood before the roll, the table,
column and why, each modifier, the row read, and the IP/RP changes; the game waits on
it (the shell's :class:`~hedgemony_tui.shell.screens.result_pause.ResultPause`).

Both draw only what ``seat`` may see: the preview is taken on ``view(state, seat)``, the
log is filtered by ``LogEntry.visible``, and a private roll shows nothing to other seats.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from hedgemony_tui.shell.screens.result_pause import ResultPause

from ...engine.cards import Band, Card
from ...engine.concerns import roll_concerns
from ...engine.content import Content
from ...engine.game import content_of, legal_intents, pending
from ...engine.intents import EnterRoll, Intent, RollDie, seat_of
from ...engine.odds import RollPreview, roll_preview
from ...engine.state import WHITE, GameState, LogEntry, RollRequest
from ...engine.view import view
from ..render import resolution as draw
from ..render import rounds
from ..render.worksheet import contest_sheet, worksheet

PRIVACY_PURPOSES = ("privacy", "run-privacy")

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical.dialog {{
    width: 100%; max-width: 120; height: 100%; max-height: 44;
    border: thick $accent; background: $surface; padding: 0 1;
}}
{name} .title {{ height: auto; text-style: bold; }}
{name} .body {{ height: 1fr; }}
{name} .detail {{ width: 1fr; height: 1fr; }}
{name} .side {{ width: 40%; min-width: 40; max-width: 48; height: 1fr; padding-left: 1; }}
{name} .message {{ height: auto; color: $warning; }}
"""


def is_secret(state: GameState, request: RollRequest, seat: str) -> bool:
    """A private roll (or a roll in a private card, or the privacy roll itself) is seen
    only by its roller and the White Cell."""
    if seat in (WHITE, request.roller):
        return False
    in_private_run = state.run is not None and state.run.private and request.purpose.startswith("run-")
    return request.private or in_private_run or request.purpose in PRIVACY_PURPOSES


def card_bands(card: Card, state: GameState, preview: RollPreview) -> tuple[Band, ...]:
    """The bands a card roll reads: the column the engine logged names the choice, or the
    tech card's leading/following bands."""
    if preview.column == "leading":
        return card.lead_bands
    if preview.column == "following":
        return card.follow_bands
    if preview.column == "privacy":
        return ()
    choice = state.run.choice if state.run is not None else ""
    return card.bands_for(choice or preview.column)


class RollScreen(ModalScreen[Intent | None]):
    """Before the die: the table, the worksheet, the modifiers and the odds. Returns the
    legal roll intent, or None on Escape."""

    GUIDE_TOPIC = "roll"  # F1: the rules guide opens at this section

    DEFAULT_CSS = DIALOG_CSS.format(name="RollScreen")
    BINDINGS = [
        Binding("r", "roll", "Roll the die", id="roll.roll"),
        Binding("escape", "cancel", "Back", id="roll.cancel"),
        Binding("f1", "app.help", "Help", id="roll.help"),  # the app's F1, shown in this footer
    ]

    def __init__(self, state: GameState, seat: str, content: Content | None = None) -> None:
        super().__init__()
        self.state = state
        self.seat = seat
        self.content = content_of(state, content)
        self.request = state.roll_request
        self.secret = self.request is not None and is_secret(state, self.request, seat)
        # The preview is taken on what the seat can see, so odds never leak a hidden
        # capability or effect of another player.
        self.preview = None if self.request is None or self.secret else roll_preview(view(state, seat), self.content)
        self.physical = state.settings.physical_dice

    # --- layout --------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self._title(), id="roll-title", classes="title")
            with Horizontal(classes="body"):
                with VerticalScroll(id="roll-detail", classes="detail"):
                    yield Static(self._detail(), id="roll-table")
                with VerticalScroll(id="roll-side", classes="side"):
                    yield Static(self._odds(), id="roll-odds")
                    yield Static(self._expected(), id="roll-expected")
                    yield from self._action()
                    yield Static("", id="roll-message", classes="message")
            yield Footer()

    def _title(self) -> Text:
        request = self.request
        if request is None:
            return Text("No die is waiting to be rolled.")
        text = Text(f"{request.roller} rolls a D10: {request.reason}")
        if self.physical:
            text.append("  (physical dice: the White Cell types the face)", style="italic")
        if self.preview is not None and self.preview.table in draw.TABLES:
            text.append(f"\n{draw.TABLE_NAMES[self.preview.table]}, column {self.preview.column}", style="bold yellow")
            sheet = contest_sheet(self.state, self.content, self.preview.table)
            if sheet is not None and sheet.choice.label == self.preview.column:
                text.append(f" — {sheet.choice.reason}")
        if self.seat not in (WHITE, request.roller) and not self.secret:
            text.append(f"\nOdds from what {self.seat} can see.", style="dim")
        return text

    def _detail(self) -> RenderableType:
        request, preview = self.request, self.preview
        if request is None:
            return Text("")
        if self.secret:
            return Text(
                f"{request.roller} rolls in private. Only {request.roller} and the White Cell "
                "see the odds and the result.",
                style="italic",
            )
        assert preview is not None
        parts: list[RenderableType] = []
        if preview.table in draw.TABLES:
            table = self.content.rules.resolution_table(preview.table)
            parts.append(draw.mat(table, preview.column, draw.faces_by_row(table, preview)))
            sheet = contest_sheet(self.state, self.content, preview.table)
            if sheet is not None and sheet.choice.label == preview.column:
                parts.append(worksheet(sheet))
                # How the forces got there, round by round (ch. 8), from what the seat sees.
                parts.append(rounds.rounds_block(view(self.state, self.seat), self.content, self.seat))
            elif self.state.run is not None:
                # The engine read another column than the forces give: no one answered.
                parts.append(
                    Text(
                        f"No one answered with forces: the card reads {draw.TABLE_NAMES[preview.table]} "
                        f"column {preview.column} (unopposed).",
                        style="bold",
                    )
                )
            card = self._card()
            if card is not None:
                rows = draw.outcome_rows(card)
                if rows is not None:
                    parts.append(rows)
        elif preview.table == "card" and self._card() is not None:
            card = self._card()
            assert card is not None
            bands = card_bands(card, self.state, preview)
            if bands:
                parts.append(draw.bands_with_odds(card, bands, preview))
        parts.append(draw.terms_text(preview.terms))
        if preview.table in draw.TABLES:  # a card's bands already list their faces
            parts.append(Text("The ten faces of the die", style="bold"))
            parts.append(draw.faces_strip(preview))
        return Group(*parts)

    def _card(self) -> Card | None:
        card_id = self.request.card if self.request is not None else ""
        if not card_id and self.state.run is not None:
            card_id = self.state.run.card
        return self.content.card(card_id) if card_id in self.content.cards else None

    def _odds(self) -> RenderableType:
        return draw.odds_table(self.preview) if self.preview is not None else Text("")

    def _expected(self) -> RenderableType:
        return draw.expected_table(self.preview) if self.preview is not None else Text("")

    def _action(self) -> ComposeResult:
        if self.request is None:
            return
        if self.physical:
            if self.seat == WHITE:
                yield Static("Face of the real D10 (0-9), then Enter:")
                yield Input(placeholder="0-9", restrict=r"[0-9]?", max_length=1, id="roll-face")
            else:
                yield Static(Text("The White Cell rolls a real die and types the face.", style="italic"))
        elif self._may_roll():
            yield Button(f"Roll the D10 for {self.request.roller}  (r)", id="roll-button", variant="primary")
        else:
            yield Static(Text(f"Waiting for {self.request.roller} to roll.", style="italic"))

    def _may_roll(self) -> bool:
        return self.seat in (pending(self.state, self.content).seat, WHITE)

    def on_mount(self) -> None:
        for widget in self.query("#roll-face, #roll-button"):
            widget.focus()
            break

    # --- actions -------------------------------------------------------------------------------

    def _choose(self, intent: Intent) -> None:
        if intent not in legal_intents(self.state, self.content):
            self._say(f"{intent.describe()} is not allowed now: {pending(self.state, self.content).prompt}")
            return
        self.dismiss(intent)

    def _say(self, message: str) -> None:
        self.query_one("#roll-message", Static).update(Text(message))

    def action_roll(self) -> None:
        if self.request is None:
            return
        if self.physical:
            if self.seat == WHITE:
                self._enter(self.query_one("#roll-face", Input).value)
            else:
                self._say("With physical dice the White Cell types the face.")
            return
        if not self._may_roll():
            self._say(f"It is {self.request.roller}'s roll, not {self.seat}'s.")
            return
        self._choose(RollDie(self.request.roller))

    def _enter(self, value: str) -> None:
        value = value.strip()
        if len(value) != 1 or not value.isdigit():
            self._say("Type the one digit the die shows, 0 to 9.")
            return
        self._choose(EnterRoll(int(value)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "roll" and (self.request is None or (self.physical and self.seat != WHITE)):
            return None  # shown greyed out: nothing to roll from this seat
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "roll-button":
            event.stop()
            self.action_roll()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._enter(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def new_entries(before: GameState, after: GameState, seat: str) -> list[LogEntry]:
    """The journal lines written between two states that ``seat`` may see."""
    return [entry for entry in after.log[len(before.log) :] if entry.visible(seat)]


def seen_rolls(before: GameState, after: GameState, seat: str) -> list[LogEntry]:
    """The rolls ``seat`` may see among the entries logged between two states."""
    return [e for e in new_entries(before, after, seat) if e.roll is not None]


def seen_point_changes(before: GameState, after: GameState, seat: str, intent: Intent) -> list[LogEntry]:
    """Lines ``seat`` may see that a card or event wrote, changing its own IPs or RPs, in a
    step another seat (or the White Cell) decided: an injected event's cost shows on a
    result screen even when no die was rolled. Routine book-keeping (the annual
    allocation) stays in the journal and the event pane, where it is named too."""
    if seat_of(intent) == seat:
        return []
    cards = content_of(after).cards
    return [
        e
        for e in new_entries(before, after, seat)
        if any(c.player == seat and c.what in ("ip", "rp") for c in e.changes)
        and e.text.split(" ", 1)[0].rstrip(":") in cards
    ]


def roll_involves(before: GameState, after: GameState, seat: str) -> bool:
    """Whether the rolls between two of ``seat``'s views concern it: it rolled, it is the
    card's player, it committed forces to the card, or its points changed (the rules'
    ``engine.concerns.roll_concerns``)."""
    return roll_concerns(before, after, seat)


class ResultScreen(ResultPause):
    """After the die: each roll logged between ``before`` and ``after`` (face, terms, table,
    column and why, row, result), the odds before the roll, the table with the row read
    highlighted, the card's row, and the IP/RP changes, as far as ``seat`` may see them
    (``before`` and ``after`` are, or are narrowed to, ``seat``'s views)."""

    GUIDE_TOPIC = "result"  # F1: the rules guide opens at this section

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="ResultScreen")
        + """
ResultScreen .pause { height: 1; color: $text-muted; }
"""
    )

    def __init__(self, before: GameState, after: GameState, seat: str, content: Content | None = None) -> None:
        super().__init__()
        self.before = view(before, seat)
        self.after = view(after, seat)
        self.seat = seat
        self.content = content_of(after, content)
        self.entries = new_entries(self.before, self.after, seat)
        request = self.before.roll_request
        # The odds as they stood before the die, from what this seat saw then.
        self.preview = None
        if (
            request is not None
            and not is_secret(self.before, request, seat)
            and seen_rolls(self.before, self.after, seat)
        ):
            self.preview = roll_preview(self.before, self.content)

    def compose(self) -> ComposeResult:
        rolls = [e for e in self.entries if e.roll is not None]
        with Vertical(classes="dialog"):
            yield Static(self._title(rolls), id="result-title", classes="title")
            with Horizontal(classes="body"):
                with VerticalScroll(id="result-detail", classes="detail"):
                    yield Static(self._detail(rolls), id="result-rolls")
                with VerticalScroll(id="result-side", classes="side"):
                    changes = [c for e in self.entries for c in e.changes]
                    yield Static(draw.changes_table(changes), id="result-changes")
                    if changes:
                        yield Static(draw.change_causes(self.entries), id="result-causes")
                    if self.preview is not None:
                        yield Static(draw.odds_table(self.preview), id="result-odds")
                    yield Static(self._journal(), id="result-journal")
                    yield Button("Next  (n)", id="result-close", variant="primary")
            yield Static(Text(self.pause_line()), classes="pause")
            yield Footer()

    def _title(self, rolls: list[LogEntry]) -> Text:
        if not rolls:
            request = self.before.roll_request
            if request is not None and self.seat not in (WHITE, request.roller):
                return Text(
                    f"{request.roller} rolled in private: only {request.roller} and the White Cell see the result."
                )
            points = [c for e in self.entries for c in e.changes if c.player == self.seat and c.what in ("ip", "rp")]
            if points:
                moved = ", ".join(f"{c.delta:+d} {c.what.upper()}" for c in points)
                return Text(f"Your points changed without a roll ({self.seat} {moved}): the causes are on the right.")
            return Text("No roll you may see was made.")
        last = rolls[-1].roll
        assert last is not None
        if draw.is_draw(last):
            # A card drawn among those left is no die: say it as the draw it is.
            drawn = self.content.cards.get(last.result)
            name = f"{last.result}: {drawn.title}" if drawn is not None else last.result
            who = "The White Cell" if last.roller == WHITE else last.roller
            return Text(f"{who} drew {name} — {last.reason}", style="bold")
        text = Text(f"{last.roller} rolled {last.raw}" + (f", total {last.total}" if last.modifiers else "") + ": ")
        text.append_text(draw.result_text(last.result))
        card = self._card()
        if card is not None:
            text.append(f"  — {card.id}: {card.title}", style="bold")
        if last.table in draw.TABLES:
            text.append(f"\n{draw.TABLE_NAMES[last.table]}, column {last.column}", style="bold yellow")
            sheet = contest_sheet(self.before, self.content, last.table)
            if sheet is not None and sheet.choice.label == last.column:
                text.append(f" — {sheet.choice.reason}")
            elif self.before.run is not None:
                text.append(" — no one answered with forces (unopposed)")
        return text

    def _card(self) -> Card | None:
        """The card the roll was for: the one the roll request or the card in play names."""
        before = self.before
        card_id = before.roll_request.card if before.roll_request is not None else ""
        if not card_id and before.run is not None:
            card_id = before.run.card
        return self.content.card(card_id) if card_id in self.content.cards else None

    def _detail(self, rolls: list[LogEntry]) -> RenderableType:
        parts: list[RenderableType] = []
        card = self._card()
        for entry in rolls:
            record = entry.roll
            assert record is not None
            parts.append(draw.roll_record(record))
            if record.table in draw.TABLES:
                table = self.content.rules.resolution_table(record.table)
                reading = table.read(record.column, record.total)
                preview = self.preview if self._previewed(record) else None
                faces = draw.faces_by_row(table, preview) if preview is not None else None
                parts.append(draw.mat(table, record.column, faces, read_row=reading.row_label))
                sheet = contest_sheet(self.before, self.content, record.table)
                if sheet is not None and sheet.choice.label == record.column:
                    parts.append(worksheet(sheet))  # why this column
                if card is not None:
                    rows = draw.outcome_rows(card, highlight=record.result)
                    if rows is not None:
                        parts.append(rows)
            elif record.table == "card" and card is not None and record.column != "privacy":
                bands = self._bands(card, record.column)
                landed = card.band_for(record.total, bands) if bands else None
                if bands:
                    parts.append(
                        draw.bands_with_odds(card, bands, self.preview if self._previewed(record) else None, landed)
                    )
        return Group(*parts) if parts else Text("")

    def _previewed(self, record: object) -> bool:
        """The odds before the roll are those of this roll (same table and column)."""
        preview = self.preview
        return (
            preview is not None
            and preview.table == getattr(record, "table", None)
            and preview.column == getattr(record, "column", None)
        )

    def _bands(self, card: Card, column: str) -> tuple[Band, ...]:
        if column == "leading":
            return card.lead_bands
        if column == "following":
            return card.follow_bands
        choice = self.before.run.choice if self.before.run is not None else column
        return card.bands_for(choice)

    def _journal(self) -> RenderableType:
        text = Text("Journal", style="bold")
        for entry in self.entries:
            text.append(f"\n• {entry.text}")
        return text

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "result-close":
            event.stop()
            self.dismiss(None)
