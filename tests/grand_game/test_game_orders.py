"""Writing a season's order sheet through ``RULES.legal``/``RULES.apply``: place by place,
checked as it is written, handed in only when clean, and sealed from the other seats
(L144, L342, L365; the sheet's design in ``hedgemony_tui/games/grand_game/engine/game_orders.py``)."""

from __future__ import annotations

import pytest

from hedgemony_tui.games.grand_game.engine.game_intents import (
    Attack,
    ClearOrders,
    Embark,
    Focus,
    March,
    MoveRetreat,
    Permit,
    SealOrders,
)
from hedgemony_tui.games.grand_game.engine.game_orders import PERMITS
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.table.errors import IllegalIntent

from .game_helpers import act, allocate_all, arrange, mine, start, write


def spring():
    return allocate_all(start())


def test_a_sheet_is_written_place_by_place_and_each_line_returns_to_the_whole_sheet():
    state = spring()
    places = [i.place for i in mine(state, "lusk") if isinstance(i, Focus)]
    assert places == ["dykmar", "fenwy", "holt", "lusk", "marrin", PERMITS]
    assert SealOrders("lusk") in mine(state, "lusk")  # the default sheet may be handed in at once
    assert ClearOrders("lusk") not in mine(state, "lusk")  # nothing to start again from
    state = act(state, Focus("lusk", "marrin"))
    lines = mine(state, "lusk")
    assert Focus("lusk", "") in lines and SealOrders("lusk") not in lines
    assert {getattr(i, "frm", "marrin") for i in lines if not isinstance(i, Focus)} == {"marrin"}
    state = act(state, March("lusk", "marrin", "holt", "infantry", 1))
    assert state.sheet_of("lusk").focus == ""
    assert ClearOrders("lusk") in mine(state, "lusk")
    cleared = act(state, ClearOrders("lusk"))
    assert cleared.sheet_of("lusk").sheet == spring().sheet_of("lusk").sheet


def test_a_sheet_the_checker_refuses_cannot_be_handed_in():
    # L144: orders are written and handed in; ours are checked as written (the issue).
    state = write(spring(), "lusk", "holt", March("lusk", "holt", "wendt", "supplies", 1))
    assert SealOrders("lusk") not in mine(state, "lusk")
    with pytest.raises(IllegalIntent, match="not allowed now; lusk may"):
        RULES.apply(state, SealOrders("lusk"))


def test_a_seat_that_has_handed_in_its_orders_writes_no_more_and_others_wait_on_no_one_else():
    state = act(spring(), SealOrders("lusk"))
    assert not mine(state, "lusk")
    assert "lusk" not in RULES.pending(state).seats and state.phase == "spring"
    with pytest.raises(IllegalIntent, match="waits on"):
        RULES.apply(state, Focus("lusk", "holt"))


def test_scout_always_names_a_retreat():
    # L365: Scout "(you must have specified a retreat territory in advance)": the move takes
    # its start as retreat when it becomes a Scout, and cannot be left without one.
    state = write(spring(), "lusk", "marrin", March("lusk", "marrin", "ardun", "infantry", 1))
    state = write(state, "lusk", "marrin", Attack("lusk", "marrin", "ardun", "scout"))
    move = state.sheet_of("lusk").sheet.land_at("marrin").moves[0]
    assert (move.order, move.retreat) == ("scout", "marrin")
    state = act(state, Focus("lusk", "marrin"))
    assert MoveRetreat("lusk", "marrin", "ardun", "") not in mine(state, "lusk")


def test_a_permission_written_this_season_is_sealed_from_everyone_else():
    # L342 with L144: permissions are written on the order sheet, which is sealed until the
    # orders are carried out: neither the grantee's view nor what it may write changes.
    state = spring()
    given = write(state, "lusk", PERMITS, Permit("lusk", "kesterland", "presence"))
    assert given.sheet_of("lusk").sheet.permissions
    assert RULES.view(given, "kesterland") == RULES.view(state, "kesterland")
    assert mine(given, "kesterland") == mine(state, "kesterland")
    offered = act(given, Focus("lusk", PERMITS))
    assert Permit("lusk", "kesterland", "presence", False) in mine(offered, "lusk")  # it may be taken back


def test_a_march_offers_one_half_or_all_of_what_is_left():
    """A newcomer with eight supplies found only "1" and "8": half is offered from four on,
    and a line written again sends more, so any number can go."""
    state = arrange(spring(), {("holt", "lusk"): {"infantry": 1, "supplies": 8}})
    state = act(state, Focus("lusk", "holt"))
    sent = {i.count for i in mine(state, "lusk") if isinstance(i, March) and i.kind == "supplies" and i.to == "wendt"}
    assert sent == {1, 4, 8}
    state = act(state, March("lusk", "holt", "wendt", "supplies", 4))
    state = act(state, Focus("lusk", "holt"))
    sent = {i.count for i in mine(state, "lusk") if isinstance(i, March) and i.kind == "supplies" and i.to == "wendt"}
    assert sent == {1, 2, 4}  # four left


def test_a_place_whose_only_unit_is_going_aboard_is_not_offered():
    """Nothing can be written at a place whose only unit is loading aboard a fleet: it is not
    offered on the whole sheet. The random player once turned to such a place (Sorrel's Ostral,
    its armor aboard the East Sea fleet) and back for ever, nothing on the sheet having changed."""
    state = allocate_all(arrange(start(), {("ostral", "sorrel"): {"armor": 1}, ("east-sea", "sorrel"): {"light": 1}}))
    assert Focus("sorrel", "ostral") in mine(state, "sorrel")
    state = write(state, "sorrel", "east-sea", Embark("sorrel", "east-sea", "ostral", "armor", 1))
    options = mine(state, "sorrel")
    assert Focus("sorrel", "ostral") not in options and Focus("sorrel", "east-sea") in options
    for place in [o.place for o in options if isinstance(o, Focus) and o.place]:
        assert len(mine(act(state, Focus("sorrel", place)), "sorrel")) > 1, place


def test_the_record_of_a_handed_in_sheet_keeps_its_fallbacks():
    # A tester's "Marrin falls back to Ardun" was on the sheet but missing from the record of it.
    from hedgemony_tui.games.grand_game.engine.game import the_map
    from hedgemony_tui.games.grand_game.engine.game_intents import Fallback

    from .game_helpers import seal_orders, texts

    state = allocate_all(start())
    line = next(o for o in mine(act(state, Focus("arvenne", "vesne")), "arvenne") if isinstance(o, Fallback))
    state = seal_orders(write(state, "arvenne", "vesne", line))
    record = next(t for t in texts(state, seat="arvenne") if t.startswith("Your orders, handed in"))
    assert f"Vesne falls back to {the_map().lands[line.to].name}" in record
