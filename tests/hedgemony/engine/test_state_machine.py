"""Random legal intents through whole games, with the engine's invariants after every step.

Hypothesis picks each decision from ``legal_intents`` (so failures shrink to short
games). After every step: no negative RP, no Mod Level above the Tech Level (and the
rest of ``integrity.problems``), FFs change only by journaled procurement and
retirement, the journal accounts for every RP and IP change, pinned forces never
move, no seat's view shows another seat's private results, and save -> load is the
identity.
"""

from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hedgemony_tui.games.hedgemony.engine.game import legal_intents, reduce
from hedgemony_tui.games.hedgemony.engine.integrity import problems
from hedgemony_tui.games.hedgemony.engine.state import WHITE, GameState, Phase
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.table.codec import from_toml_text, to_toml_text
from tests.hedgemony.turn_helpers import CONTENT, fresh

SEATS = CONTENT.scenario.player_ids


def totals(state: GameState) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for p in state.players:
        counts[(p.id, "rp")] = p.rp
        counts[(p.id, "ip")] = p.ip
        counts[(p.id, "ff")] = state.ffs_of(p.id)
    return counts


def journaled(entries) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for entry in entries:
        for change in entry.changes:
            counts[(change.player, change.what)] += change.delta
    return counts


def check_views(state: GameState) -> None:
    for seat in SEATS:
        seen = view(state, seat)
        assert all(entry.visible(seat) for entry in seen.log)
        assert seen.seed == 0 and seen.rng.draws == 0
        for p in seen.players:
            if p.id != seat:
                assert p.capabilities == state.player(p.id).shown_capabilities
        assert all(s.player == seat for s in seen.secrets)
        assert all(not e.private or e.player == seat for e in seen.effects)
        assert set(seen.activations) <= {seat}
        private = [e for e in state.log if e.visible_to and seat not in e.visible_to]
        assert not set(private) & set(seen.log)
    assert view(state, WHITE) == state


def pin_one(state: GameState) -> tuple[GameState, str]:
    korea = next(s for s in state.stacks_of("US") if s.location == "korean-peninsula")
    pinned = attrs.evolve(korea, pinned_through=99)
    return attrs.evolve(state, stacks=tuple(pinned if s.id == korea.id else s for s in state.stacks)), korea.location


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**32), markers=st.booleans(), red_roll_off=st.booleans(), data=st.data())
def test_random_games_keep_every_invariant(seed, markers, red_roll_off, data):
    chosen = dict(turns=3, activation_markers=markers, random_red_order=red_roll_off)
    state = attrs.evolve(fresh(seed), settings=attrs.evolve(fresh(seed).settings, **chosen))
    state, pinned_at = pin_one(state)
    steps = 0
    while state.phase is not Phase.OVER:
        options = legal_intents(state, CONTENT)
        assert options, f"dead end: nothing to do at {state.phase}"
        intent = data.draw(st.sampled_from(options))
        before = state
        state = reduce(state, intent, CONTENT)
        steps += 1
        assert problems(state, CONTENT) == []
        new_entries = state.log[len(before.log) :]
        assert before.log == state.log[: len(before.log)], "the journal only grows"
        after, prior, moved = totals(state), totals(before), journaled(new_entries)
        for key in after:
            assert after[key] - prior[key] == moved[key], (key, intent)
        # pinned U.S. forces in Korea never leave
        assert sum(s.ffs for s in state.stacks_of("US") if s.location == pinned_at and s.pinned(state.turn)) >= 1
        if steps % 25 == 0 or state.phase is not before.phase:
            check_views(state)
            assert from_toml_text(to_toml_text(state, kind="t"), GameState, kind="t") == state
        assert steps < 5000
    assert state.turn == 3


@pytest.mark.slow
def test_journal_accounts_for_every_point_in_a_full_game():
    from hedgemony_tui.games.hedgemony.sim import play

    start = fresh(11)
    end = play(start, None, "random")
    assert end.phase is Phase.OVER and end.turn == 8
    journal = journaled(end.log)
    for key, value in totals(end).items():
        assert value - totals(start)[key] == journal[key], key
