"""Computer players never end a game in a traceback (issue 18): the expert bot under
activation markers, and the rules' safety net for any bot that raises or cheats."""

from __future__ import annotations

from hedgemony_tui.games.hedgemony.bots.expert import ExpertPolicy, _fights_at, _forces_place
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.intents import PlayCard
from hedgemony_tui.games.hedgemony.engine.state import Phase
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table import match
from hedgemony_tui.table.match import SafePolicy


def _red_turn_of(seat: str):
    """A game with activation markers, played by basic bots up to ``seat``'s Red phase."""
    state = RULES.setup(3, {"activation_markers": True})
    policies = match.policies_for(RULES, {s.id: "basic" for s in RULES.seats() if not s.control})
    bot = RULES.control_bot("none")
    done = lambda s: s.phase is Phase.RED and RULES.pending(s).seats == (seat,)  # noqa: E731
    return match.play(RULES, state, policies, bot, until=done)


def test_expert_bound_to_a_fight_at_its_own_place_plays_it() -> None:
    # Reproduces the IndexError: DPRK's victory counts U.S. forces on the peninsula, so
    # the expert filters out fights there; bound by its activation markers to such a
    # card (no EndPhase offered), the filter emptied the options.
    content = content_for("default")
    place = _forces_place(content, "DPRK")
    assert place is not None
    fight = next(c for c in content.deck("DPRK") if _fights_at(content, c, place[1]))
    state = _red_turn_of("DPRK")
    options = [PlayCard("DPRK", fight.id)]
    made = ExpertPolicy().red_move(RULES.view(state, "DPRK"), content, "DPRK", list(options))
    assert made.intent == options[0]


class _Raises:
    def decide(self, view, options):
        raise IndexError("list index out of range")


class _Cheats:
    def decide(self, view, options):
        from hedgemony_tui.games.hedgemony.bots.choice import BotChoice

        return BotChoice(PlayCard("DPRK", "NO-SUCH-CARD"), "cheating")


def test_policy_falls_back_to_the_first_legal_option_when_the_bot_raises() -> None:
    state = RULES.setup(1, {})
    seat = RULES.pending(state).seats[0]
    options = [o for o in RULES.legal(state) if RULES.seat_of(o) == seat]
    policy = SafePolicy("basic", _Raises())  # the safety net every game's policy() wraps its bots in
    choice = policy.decide(RULES.view(state, seat), options)
    assert choice.intent == options[0]
    assert "failed (IndexError" in choice.reason and "first legal option" in choice.reason


def test_policy_falls_back_when_the_bot_picks_an_option_not_offered() -> None:
    state = RULES.setup(1, {})
    seat = RULES.pending(state).seats[0]
    options = [o for o in RULES.legal(state) if RULES.seat_of(o) == seat]
    policy = SafePolicy("basic", _Cheats())
    choice = policy.decide(RULES.view(state, seat), options)
    assert choice.intent == options[0]
    assert "not allowed" in choice.reason
