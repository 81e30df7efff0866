"""What one seat of the Grand Game may see (``RULES.view``): another seat's allocation draft
and order sheet are sealed (L138, L144, L342), the log's lines for another seat are not shown,
and the seed, which foretells every die, is hidden."""

from __future__ import annotations

from hedgemony_tui.games.grand_game.engine.game_intents import Buy, Focus, March, SetPolitics, Stance
from hedgemony_tui.games.grand_game.rules import RULES

from .game_helpers import SEATS, act, allocate, allocate_all, start, write


def test_a_seats_view_does_not_change_while_another_writes_its_allocation():
    # L138: "Allocations are private knowledge until the reconciliation phase".
    state = start()
    written = act(act(state, SetPolitics("arvenne", 20)), Buy("arvenne", "infantry", "arvel"))
    for seat in SEATS[1:]:
        assert RULES.view(written, seat) == RULES.view(state, seat)
    sealed = allocate(written, "arvenne")
    assert RULES.view(sealed, "lusk").draft_of("arvenne").sealed  # who has sealed is public
    assert RULES.view(sealed, "lusk").draft_of("arvenne").lines == ()


def test_a_seats_view_does_not_change_while_another_writes_its_orders():
    # L144: orders are written at once and read out together; until then each sheet is sealed.
    state = allocate_all(start())
    written = write(state, "arvenne", "vesne", Stance("arvenne", "vesne", "hold"))
    written = write(written, "arvenne", "vesne", March("arvenne", "vesne", "wendt", "infantry", 1))
    written = act(written, Focus("arvenne", "ardun"))  # where it is writing is its own business too
    for seat in SEATS[1:]:
        assert RULES.view(written, seat) == RULES.view(state, seat)
    assert RULES.view(written, "arvenne").sheet_of("arvenne").sheet.land


def test_log_lines_written_for_one_seat_are_shown_to_it_alone():
    state = start().logged("arvenne alone reads this", seat="arvenne")
    assert "arvenne alone reads this" in [ln.text for ln in RULES.view(state, "arvenne").log]
    for seat in SEATS[1:]:
        seen = RULES.view(state, seat)
        assert "arvenne alone reads this" not in [ln.text for ln in seen.log]
        assert seen.log == start().log


def test_the_seed_is_hidden_from_every_seat():
    state = start(seed=12345)
    assert {RULES.view(state, seat).seed for seat in SEATS} == {0}
