"""The Red briefing as rich renderables: each Red player's signalled cards, what each
costs and how it is read (table, odds, IP rows), and what waits on a cooldown.

Everything here draws a state the caller already filtered with ``view(state, seat)``:
before every Red player has laid its cards down the view holds no one else's signals,
and the briefing says who is still choosing instead. The card's own text and rows come
from the card data (``render.cards``); the cost and cooldowns from ``engine.play``.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...engine.cards import Card
from ...engine.content import Content
from ...engine.play import card_cost, cooldown_left
from ...engine.state import GameState, Phase
from ...render.card_words import TABLE_NAMES, column_words, faces
from ...render.cards import card_panel
from .palette import player_colour

FACES_ON_A_D10 = 10


def still_choosing(state: GameState) -> tuple[str, ...]:
    """Red players who have not yet laid their signals down (empty once all have)."""
    return tuple(state.queue) if state.phase is Phase.SIGNALING else ()


def signalled(state: GameState, content: Content) -> list[tuple[str, tuple[str, ...]]]:
    """Each Red player and the cards it signalled this turn, once all are down."""
    if still_choosing(state):
        return []
    return [(pid, tuple(state.signals.get(pid, ()))) for pid in content.scenario.red]


def player_line(state: GameState, content: Content, pid: str) -> Text:
    """``Russia (RU) · 12 RP · 4 IP · cooldown: RU-03 in 1``."""
    setup = content.scenario.player(pid)
    player = state.player(pid)
    text = Text(f"{setup.name} ({pid})", style=f"bold {player_colour(pid)}")
    text.append(f" · {player.rp} RP · {player.ip} IP")
    waits = cooldowns(state, content, pid)
    text.append(" · cooldown: " + (", ".join(waits) if waits else "none"), style="" if waits else "dim")
    return text


def cooldowns(state: GameState, content: Content, pid: str) -> list[str]:
    """``RU-03 (Title) in 2`` for each of the player's cards waiting on its cooldown."""
    return [f"{card.id} in {left}" for card in content.deck(pid) if (left := cooldown_left(state, pid, card))]


def reads_on(card: Card) -> str:
    """The table a card is read on, in short."""
    if card.contest is not None:
        return {"crt-a": "CRT A", "rt-b": "RT B"}.get(card.contest.table, "D10 rows")
    if card.bands or card.test_bands:
        return "D10 rows"
    if card.resolution in ("modernize", "procure"):  # no die: the price is read off a mat
        return "the modernization mat" if card.resolution == "modernize" else "the procurement mat"
    return "no roll"


def odds_line(card: Card) -> Text:
    """The odds as the card prints them: each band's faces out of ten, or for a contest
    what sets them (the forces committed) and how an unanswered card is read."""
    text = Text("Odds: ", style="bold")
    bands = card.test_bands or card.bands
    if card.contest is not None and card.contest.table in TABLE_NAMES and card.contest.table != "bands":
        contest = card.contest
        text.append(
            f"read on {TABLE_NAMES[contest.table]}; the column follows the forces both sides commit "
            "(see the commitment worksheet's what-if)."
        )
        if contest.unopposed_table == "none":
            text.append(" Unanswered: no roll.")
        elif contest.unopposed_table == "same":
            text.append(" Unanswered: rolled as if opposed.")
        else:
            name = {"crt-a": "CRT A", "rt-b": "RT B"}.get(contest.unopposed_table, contest.unopposed_table)
            text.append(f" Unanswered: {name}, {column_words(contest.unopposed_column)}.")
        return text
    if not bands:
        text.append("no die is rolled.")
        return text
    parts = []
    for index, band in enumerate(bands):
        low = 0 if index == 0 else band.low
        high = FACES_ON_A_D10 - 1 if index == len(bands) - 1 else band.high
        count = max(0, min(high, FACES_ON_A_D10 - 1) - max(low, 0) + 1)
        parts.append(f"{faces(band.low, band.high)}: {100 * count // FACES_ON_A_D10}%")
    text.append(" · ".join(parts) + " (before modifiers)")
    return text


def cost_words(state: GameState, content: Content, pid: str, card: Card) -> str:
    """What playing the card costs its player now: RPs, per unit, or the mat's price."""
    cost = card_cost(state, content, pid, card)
    if card.pay_to_play:
        return f"{cost} RP + mat" if cost else "mat price"
    if card.unit_cost:
        return f"{card.unit_cost} RP/unit"
    return f"{cost} RP"


def card_status(state: GameState, pid: str, card_id: str) -> str:
    if card_id in state.played.get(pid, ()):
        return "played"
    return ""


def card_row(state: GameState, content: Content, pid: str, card_id: str) -> RenderableType:
    """One entry of the list: id, title, cost now (the table it is read on is in the
    detail). The title wraps onto a second line rather than being cut: at 100 columns the
    list is narrow, and two cards differ only at their ends ("Out-of-area operation in
    AFRICOM" / "... SOUTHCOM")."""
    card = content.card(card_id)
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=max(12, 2 + len(card.id)), no_wrap=True)  # the id whole; most align
    grid.add_column(ratio=1)
    grid.add_column(justify="right", no_wrap=True)
    title = Text(card.title)
    status = card_status(state, pid, card_id)
    if status:
        title.append(f"  {status}", style="green")
    grid.add_row(Text(f"  {card.id}", style="bold"), title, Text(cost_words(state, content, pid, card), style="dim"))
    return grid


def card_detail(state: GameState, content: Content, pid: str, card_id: str) -> RenderableType:
    """The card in full with what it costs its player now and its odds."""
    card = content.card(card_id)
    head = Text(f"{card.title} ({card.id}) — signalled by {pid}; read on: {reads_on(card)}", style="bold")
    cost = Text(f"Cost to {pid} now: {cost_words(state, content, pid, card)} (it has {state.player(pid).rp} RP)")
    status = card_status(state, pid, card_id)
    lines: list[RenderableType] = [head, cost, odds_line(card)]
    if status:
        lines.append(Text(f"Already {status} this turn.", style="green"))
    left = cooldown_left(state, pid, card)
    if left:
        lines.append(Text(f"On cooldown: playable again in {left} turn{'s' if left > 1 else ''}.", style="yellow"))
    lines.append(card_panel(card))
    return Group(*lines)


def sealed_notice(state: GameState, content: Content) -> Text:
    names = ", ".join(content.scenario.player(p).name for p in still_choosing(state))
    return Text(
        f"The Red signals are still sealed: {names} still choosing. Every Red player's three cards "
        "show here once all of them are down (ch. 3).",
        style="italic",
    )


def briefing_intro(state: GameState) -> Text:
    return Text(
        f"Red intelligence briefing — turn {state.turn}. Each Red player laid three cards face up: "
        "the cards it may play in the Red phase. ↑↓ pick a card to read it in full."
    )
