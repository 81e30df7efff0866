"""A border left empty beside an enemy's land units is named on the order worksheet (F6)
and on the side panel, as a warning: the sheet may still be handed in (a newcomer emptied a
border with no word of the risk). Built through ``RULES.apply`` and read from the seat's view."""

from __future__ import annotations

import io

from rich.console import Console

from hedgemony_tui.games.grand_game.engine.game import the_map
from hedgemony_tui.games.grand_game.engine.game_intents import March, SealOrders
from hedgemony_tui.games.grand_game.engine.orders_warnings import empty_border_notes, empty_borders
from hedgemony_tui.games.grand_game.front.words import seat_lines
from hedgemony_tui.games.grand_game.front.worksheets_draw import order_sheet
from hedgemony_tui.games.grand_game.rules import RULES

from .game_helpers import allocate_all, arrange, start, write

ME = "arvenne"


def text(renderable: object) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(renderable)
    return " ".join(console.export_text().split())


def sheet_notes(state) -> list[str]:
    view = RULES.view(state, ME)
    return empty_border_notes(the_map(), view.board(), ME, view.sheet_of(ME).sheet)


def test_emptying_a_border_beside_an_enemy_is_warned_and_the_sheet_may_still_be_handed_in() -> None:
    # Pesque's one infantry walks into Pellia's Lucre: Pesque, beside Pellian land units, is empty.
    state = allocate_all(start(1))
    assert sheet_notes(state) == []
    state = write(state, ME, "pesque", March(ME, "pesque", "lucre", "infantry", 1))
    notes = sheet_notes(state)
    assert len(notes) == 1 and notes[0].startswith("Pesque is left empty beside Pellia's land units")
    view = RULES.view(state, ME)
    assert "Borders left empty" in text(order_sheet(view, ME)) and notes[0] in text(order_sheet(view, ME))
    assert "Pesque left empty beside an enemy: F6" in text(seat_lines(view, ME, short=True)[-1])
    assert SealOrders(ME) in RULES.legal(state)


def test_no_warning_when_a_unit_stays_arrives_or_no_enemy_is_near() -> None:
    state = allocate_all(start(1))
    # Two infantry in Pesque, one leaves: one stays.
    two = arrange(state, {("pesque", ME): {"infantry": 2, "supplies": 2}})
    assert sheet_notes(write(two, ME, "pesque", March(ME, "pesque", "lucre", "infantry", 1))) == []
    # No Pellian unit beside Pesque any more: nothing to warn of.
    alone = arrange(state, {("lucre", "pellia"): {}})
    m = the_map()
    view = RULES.view(write(alone, ME, "pesque", March(ME, "pesque", "lucre", "infantry", 1)), ME)
    found = dict(empty_borders(m, view.board(), ME, view.sheet_of(ME).sheet))
    assert "pesque" not in found
