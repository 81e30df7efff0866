"""Computer players: legal moves only, blind to other seats' secrets, a reason every time."""

from __future__ import annotations

import attrs
import pytest

from hedgemony_tui.games.hedgemony.bots import get_policy, white_cell
from hedgemony_tui.games.hedgemony.bots.random_policy import choose
from hedgemony_tui.games.hedgemony.bots.weighing import THRESHOLD
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, pending, reduce
from hedgemony_tui.games.hedgemony.engine.intents import (
    Choose,
    Continue,
    GrantEmergencyFunding,
    InjectEvent,
    ProposeAction,
    seat_of,
)
from hedgemony_tui.games.hedgemony.engine.setup import new_game, settings_for
from hedgemony_tui.games.hedgemony.engine.state import WHITE, Effect, GameState, LogEntry, Phase, Secret
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.sim import play
from hedgemony_tui.table.contract import Choice
from hedgemony_tui.table.errors import RuleInputError

CONTENT = content_for("default")


def game(seed: int, turns: int = 2) -> GameState:
    return new_game(CONTENT, seed, settings_for(CONTENT, turns=turns))


def checked_game(seed: int, turns: int, policy: str, seats=None, white=None):
    """Play a game, checking every decision is legal for the seat pending and has a reason."""
    seen: list[Choice] = []

    def check(state: GameState, seat: str, choice: Choice) -> None:
        options = legal_intents(state, CONTENT)
        assert choice.intent in options
        decider = pending(state, CONTENT).seat
        if isinstance(choice.intent, InjectEvent):
            assert seat == WHITE
        else:
            assert seat == decider and seat_of(choice.intent) in (decider, "US")  # WHITE grants the U.S. its funding
        assert choice.reason.strip() and "\n" not in choice.reason
        seen.append(choice)

    end = play(game(seed, turns), None, policy, seats, white, on_choice=check)
    return end, seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_basic_games_take_only_legal_intents_with_reasons(seed):
    end, seen = checked_game(seed, 2, "basic")
    assert end.phase is Phase.OVER and len(seen) == end.decisions


@pytest.mark.slow
def test_expert_and_mixed_seats_take_only_legal_intents():
    end, seen = checked_game(3, 1, "random", {"PRC": "expert", "US": "basic", "RU": "expert"}, "directed")
    assert end.phase is Phase.OVER
    reasons = " ".join(c.reason for c in seen)
    assert "PRC" in reasons and "White Cell closes turn 1" in reasons


def test_bots_are_handed_only_their_seats_view():
    handed: list[tuple[str, GameState]] = []

    def spy(name):
        bot = get_policy(name)

        class Spy:
            def decide(self, shown, options):
                seat = seat_of(options[0])
                handed.append((seat, shown))
                assert {seat_of(o) for o in options} == {seat}
                return bot.decide(shown, options)

        return Spy()

    play(game(4, 1), None, "basic", white="none", make_policy=spy)
    assert handed
    for seat, shown in handed:
        assert shown.seed == 0 and shown.rng.draws == 0
        assert all(s.player == seat for s in shown.secrets)
        assert all(e.visible(seat) for e in shown.log)


def mid_game(seed: int, stop) -> GameState:
    """Play basic bots from a new game until ``stop(state)`` holds."""
    state = game(seed, 3)
    bots = get_policy("basic")
    cell = white_cell("none")
    while not stop(state):
        options = legal_intents(state, CONTENT)
        seat = pending(state, CONTENT).seat
        choice = (
            cell.decide(state, options)
            if seat == WHITE
            else bots.decide(view(state, seat), [o for o in options if seat_of(o) == seat])
        )
        state = reduce(state, choice.intent, CONTENT)
    return state


def with_other_secrets(state: GameState, seat: str) -> GameState:
    """The same game with different private things for every seat but ``seat``."""
    others = [p for p in CONTENT.scenario.player_ids if p != seat]
    players = tuple(
        p if p.id == seat else attrs.evolve(p, capabilities={k: v + 1 for k, v in p.capabilities.items()})
        for p in state.players
    )
    effects = state.effects + tuple(
        Effect(900 + i, p, "roll", "gray-zone", 3, 1, 9, "test", private=True) for i, p in enumerate(others)
    )
    secrets = state.secrets + tuple(Secret(p, "C4ISR", 9, "test") for p in others)
    log = state.log + tuple(
        LogEntry(10_000 + i, state.turn, state.phase, p, "roll", f"{p} secret", visible_to=(p,))
        for i, p in enumerate(others)
    )
    return attrs.evolve(state, players=players, effects=effects, secrets=secrets, log=log)


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["basic", "expert"])
@pytest.mark.parametrize("stage", ["signal", "blue", "red"])
def test_choices_do_not_depend_on_other_seats_secrets(policy, stage):
    stops = {
        "signal": lambda s: s.phase is Phase.SIGNALING and s.turn == 2 and s.run is None and s.roll_request is None,
        "blue": lambda s: s.phase is Phase.BLUE and s.readiness_paid and s.run is None and s.roll_request is None,
        "red": lambda s: s.phase is Phase.RED and s.run is None and s.roll_request is None,
    }
    state = mid_game(5, stops[stage])
    seat = pending(state, CONTENT).seat
    other = with_other_secrets(state, seat)
    assert other != state
    bot = get_policy(policy)
    mine = [o for o in legal_intents(state, CONTENT) if seat_of(o) == seat]
    theirs = [o for o in legal_intents(other, CONTENT) if seat_of(o) == seat]
    first = bot.decide(view(state, seat), mine)
    second = bot.decide(view(other, seat), theirs)
    assert first == second


def test_the_random_policy_keeps_its_choice():
    state = game(9)
    options = legal_intents(state, CONTENT)
    choice = get_policy("random").decide(view(state, "RU"), options)
    assert choice.intent == choose(view(state, "RU"), options) and choice.reason


def test_an_unknown_policy_names_the_allowed_ones():
    with pytest.raises(RuleInputError, match="random, basic, expert"):
        get_policy("genius")
    with pytest.raises(RuleInputError, match="directed"):
        white_cell("whimsical")


def test_white_cell_rules_a_free_text_choice_by_a_stated_rule():
    state = reduce(game(2), InjectEvent("EVT-IR-10"), CONTENT)
    assert state.run is not None and state.run.stage == "choose" and pending(state, CONTENT).seat == WHITE
    choice = white_cell("none").decide(state, legal_intents(state, CONTENT))
    assert isinstance(choice.intent, Choose) and "rule" in choice.reason and "EVT-IR-10" in choice.reason


def test_white_cell_closes_the_turn_and_waits_when_nothing_to_do():
    state = mid_game(6, lambda s: s.phase is Phase.SUMMARY)
    choice = white_cell("directed").decide(state, legal_intents(state, CONTENT))
    assert choice.intent == Continue() and "closes turn" in choice.reason
    blue = mid_game(6, lambda s: s.phase is Phase.BLUE and s.run is None and s.roll_request is None)
    assert white_cell("none").decide(blue, legal_intents(blue, CONTENT)) is None


def test_directed_white_cell_checks_a_runaway_player():
    state = mid_game(7, lambda s: s.phase is Phase.RED and s.run is None and s.roll_request is None)
    ips = {"US": 95, "NATO": 20}  # the U.S. far ahead, NATO/EU behind Russia
    state = attrs.evolve(state, players=tuple(attrs.evolve(p, ip=ips.get(p.id, p.ip)) for p in state.players))
    choice = white_cell("directed").decide(state, legal_intents(state, CONTENT))
    assert choice is not None and isinstance(choice.intent, InjectEvent)
    assert "US is having too easy a time" in choice.reason
    after = reduce(state, choice.intent, CONTENT)
    while after.run is not None or after.roll_request is not None:  # at most one a turn
        after = reduce(after, legal_intents(after, CONTENT)[0], CONTENT)
    assert white_cell("directed").decide(after, legal_intents(after, CONTENT)) is None


def test_random_events_mode_follows_the_scenario_rate():
    cell = white_cell("random-events")
    hits = 0
    tries = 0
    for seed in range(1, 41):
        state = game(seed)
        options = legal_intents(state, CONTENT)
        choice = cell.decide(state, options)
        tries += 1
        hits += choice is not None
        if choice is not None:
            assert "below 3" in choice.reason
    assert 0.1 <= hits / tries <= 0.5  # the scenario's 3 in 10
    on = attrs.evolve(game(1), settings=attrs.evolve(game(1).settings, random_events=True))
    assert cell.decide(on, legal_intents(on, CONTENT)) is None  # the engine rolls its own die


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_the_us_keeps_next_turns_readiness_bill(seed):
    """Basic U.S. spending stops short of the bill, so no emergency funding is needed."""
    _, seen = checked_game(seed, 3, "basic", white="none")
    assert not [c for c in seen if isinstance(c.intent, GrantEmergencyFunding)]
    assert any(c.reason.startswith("U.S. sets") for c in seen)  # it lowers readiness where it can


def test_blue_proposes_free_play_when_the_odds_favour_it():
    from hedgemony_tui.games.hedgemony.bots.basic import BasicPolicy
    from hedgemony_tui.games.hedgemony.bots.judge import utility
    from hedgemony_tui.games.hedgemony.bots.lookahead import after_proposal

    # Free play is a Blue action: it comes once every Blue investment is made (ch. 3).
    state = mid_game(
        1,
        lambda s: (
            s.phase is Phase.BLUE
            and s.readiness_paid
            and s.run is None
            and not s.blue_to_act
            and s.roll_request is None
            and pending(s, CONTENT).seat == "US"
        ),
    )
    rich = attrs.evolve(state, players=tuple(attrs.evolve(p, rp=60) if p.id == "US" else p for p in state.players))
    options = [o for o in legal_intents(rich, CONTENT) if seat_of(o) == "US"]
    proposals = [o for o in options if isinstance(o, ProposeAction)]
    assert proposals
    shown = view(rich, "US")
    now = utility(CONTENT, shown, "US")
    judge = BasicPolicy()
    values = {o: judge.expected(after_proposal(shown, CONTENT, o, "US"), CONTENT, "US") - now for o in proposals}
    choice = BasicPolicy().proposal_step(shown, CONTENT, "US", options, now)
    best = max(values, key=lambda o: values[o])
    if values[best] > THRESHOLD:
        assert choice is not None and choice.intent in proposals and "proposes" in choice.reason
        assert values[choice.intent] == pytest.approx(values[best])
    else:
        assert choice is None
    after = reduce(rich, best, CONTENT)  # the White Cell then rules on it by its stated rule
    ruling = white_cell("none").decide(after, legal_intents(after, CONTENT))
    assert ruling is not None and "rule" in ruling.reason
