"""Issue 33: every rule that moves a number is said where it moves it.

Over a seeded all-computer game (random events on): every change of a seat's IP or RP
between consecutive states is carried by a journal line that names its cause; RT B
halving is said on the roll's line with who, why and the table; the forces' stay after
a contest is said. Then the smaller wordings: the unopposed line names the side that
answers, a refused intent lists what is allowed in words, "1 FF" in the singular, the
modifiers' total, an offer's terms before paying, the glossary's halving, the lesson.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from rich.console import Console

from hedgemony_tui.games.hedgemony.engine import names
from hedgemony_tui.games.hedgemony.engine.game import reduce
from hedgemony_tui.games.hedgemony.engine.intents import EndPhase, Pay
from hedgemony_tui.games.hedgemony.engine.state import GameState, Stage
from hedgemony_tui.games.hedgemony.front.guide import load_guide
from hedgemony_tui.games.hedgemony.front.lesson import lesson
from hedgemony_tui.games.hedgemony.front.render import resolution as draw
from hedgemony_tui.games.hedgemony.front.render.intent_paths import intent_path
from hedgemony_tui.games.hedgemony.front.render.intents import Names
from hedgemony_tui.games.hedgemony.render.cards import contest_section
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.games.hedgemony.sim import play
from hedgemony_tui.table.dice import Term
from hedgemony_tui.table.errors import IllegalIntent
from tests.hedgemony.turn_helpers import CONTENT, fresh

SEED = 5


def _played(seed: int = SEED) -> tuple[list[GameState], GameState]:
    """The states before each decision of a seeded all-computer game, and its last state."""
    seen: list[GameState] = []
    final = play(fresh(seed, random_events=True), 3, policy="basic", on_choice=lambda s, _seat, _c: seen.append(s))
    return seen, final


@pytest.fixture(scope="module")
def game() -> tuple[list[GameState], GameState]:
    return _played()


def _plain(renderable: object) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _points(state: GameState) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for p in state.players:
        counts[(p.id, "rp")], counts[(p.id, "ip")] = p.rp, p.ip
    return counts


def test_every_ip_or_rp_change_has_a_line_naming_its_cause(game):
    states, final = game
    states = [*states, final]
    cards = set(CONTENT.cards)
    for before, after in zip(states, states[1:]):
        new = after.log[len(before.log) :]
        moved: Counter[tuple[str, str]] = Counter()
        for entry in new:
            points = [c for c in entry.changes if c.what in ("ip", "rp")]
            for change in points:
                moved[(change.player, change.what)] += change.delta
            if points:
                cause = entry.text.rpartition(": ")[0]
                assert cause.strip(), f"a change with no cause: {entry.text!r}"
                words = cause.split()
                named_card = any(w.strip("():,") in cards for w in words)
                assert named_card or len(words) >= 2, f"cause too thin to name a rule: {entry.text!r}"
        now, then = _points(after), _points(before)
        for key in now:
            assert now[key] - then[key] == moved[key], (key, [e.text for e in new])


def test_rt_b_halving_is_said_on_the_roll_line_with_who_why_and_table(game):
    _, final = game
    halved = [e for e in final.log if e.roll is not None and e.roll.table == "rt-b" and "halved:" in e.roll.reason]
    assert halved, "the seeded game has an RT B roll with forces from out of area"
    for entry in halved:
        assert "RT B, ch. 12" in entry.text and "out of area" in entry.text
        assert "->" in entry.text  # the count before and after
        assert " on RT B " in entry.text and "rt-b" not in entry.text  # the table in words


def test_the_forces_staying_where_they_fought_is_said(game):
    _, final = game
    assert any(e.kind == "forces" and "stay in" in e.text and "posture move" in e.text for e in final.log)


def test_the_unopposed_line_names_the_side_that_answers_not_always_blue():
    card = next(
        c
        for c in CONTENT.cards.values()
        if c.contest is not None and c.contest.unopposed_ip and c.contest.responders == ("PRC",) and not c.lead
    )
    text = _plain(contest_section(card))
    assert "Unopposed (no forces from PRC)" in text and "Blue sends" not in text


def test_a_refused_intent_lists_what_is_allowed_in_words():
    state = fresh()
    with pytest.raises(IllegalIntent) as refused:
        reduce(state, EndPhase("RU"), CONTENT)  # RU owes its signals first
    message = str(refused.value)
    assert "allowed now:" in message
    assert "pay-readiness" not in message and "inject," not in message
    assert "signals" in message  # a Red signal, as the list says it


def test_force_counts_take_their_plural():
    assert names.plural(1, "FF") == "1 FF" and names.plural(3, "FF") == "3 FFs"


def test_the_modifiers_total_says_what_it_is():
    text = draw.terms_text([Term("Critical Capabilities", 1)]).plain
    assert "+1  added to the die in total" in text and "in all" not in text


def test_an_offer_shows_its_terms_before_anything_is_paid():
    states: list[GameState] = []
    play(fresh(7), 1, policy="basic", on_choice=lambda s, _seat, _c: states.append(s))  # EVT-INT-E11's offer
    asked = [s for s in states if s.run is not None and s.run.stage is Stage.OFFER]
    assert asked, "the seeded game asks someone to pay into an offer"
    state = asked[0]
    options = [i for i in RULES.legal(state) if isinstance(i, Pay)]
    assert options
    label = " ".join(intent_path(options[-1], Names(CONTENT, state)))
    assert " — " in label and ("each RP" in label or "paying nothing" in label or "roll per RP" in label)
    assert all(s.player(p.id).rp == p.rp for s in [state] for p in state.players)  # nothing paid yet


def test_the_result_screen_names_the_cause_of_each_change(game):
    _, final = game
    entries = [e for e in final.log if any(c.what == "ip" for c in e.changes)][:3]
    text = draw.change_causes(entries).plain
    for entry in entries:
        assert entry.text.rpartition(": ")[0] in text


def test_the_glossary_says_halving_on_both_tables():
    guide = load_guide()
    adjacent = guide.lookup("Adjacent theater")
    assert adjacent is not None and "RT B" in adjacent.meaning and "CRT A" in adjacent.meaning
    out = guide.lookup("halved")
    assert out is not None and "RT B" in out.meaning and "arrives" in out.meaning


def test_the_lesson_names_the_rival_and_the_purpose():
    taught = lesson()
    assert "NATO/EU" in taught.intro and "rival" in taught.intro
    assert "trade-offs" in taught.intro and "not won by piling up points" in taught.intro


def test_a_point_change_without_a_roll_gets_a_result_screen():
    """EVT-POL-21 answered by NATO alone changes the U.S.'s IP with no die: the U.S. is
    shown a result screen naming the cause (before, only rolls opened one)."""
    from hedgemony_tui.games.hedgemony.front.screens.resolution import ResultScreen, seen_point_changes, seen_rolls

    states: list[GameState] = []
    intents: list[Any] = []

    def heard(state: GameState, _seat: str, choice) -> None:
        states.append(state)
        intents.append(choice.intent)

    final = play(fresh(3, random_events=True), 2, policy="basic", on_choice=heard)
    states.append(final)
    found = [
        (states[k], states[k + 1], intent)
        for k, intent in enumerate(intents)
        if seen_point_changes(states[k], states[k + 1], "US", intent) and not seen_rolls(states[k], states[k + 1], "US")
    ]
    assert found, "the seeded game changes the U.S.'s points by another seat's decision, with no roll"
    before, after, intent = found[0]
    screen = ResultScreen(before, after, "US")
    title = screen._title([]).plain
    assert "Your points changed without a roll" in title
    causes = draw.change_causes(screen.entries).plain
    assert "unanswered" in causes and "US +1 IP" in causes


def test_a_free_play_proposal_shows_its_odds_before_it_is_chosen():
    from hedgemony_tui.games.hedgemony.engine.intents import ProposeAction
    from tests.hedgemony.turn_helpers import to_blue_actions

    state = to_blue_actions(fresh())
    proposals = [i for i in RULES.legal(state) if isinstance(i, ProposeAction)]
    kinds = {p.kind for p in proposals}
    assert {"show-of-force", "combat"} <= kinds  # not a single "Operations at" entry
    for proposal in proposals[:4]:
        label = intent_path(proposal, Names(CONTENT, state))[-1]
        table = "CRT A" if proposal.kind == "combat" else "RT B"
        assert f"if ruled as usual, {table}" in label and "Blue " in label and " IP" in label
    assert state.proposal is None  # nothing proposed or paid by drawing the list


def test_the_mats_say_one_ff_in_the_singular():
    from hedgemony_tui.games.hedgemony.engine.resolution import rt_b_column
    from hedgemony_tui.games.hedgemony.render.mats import column_choice

    text = _plain(column_choice(rt_b_column(1, 3), CONTENT.rules.resolution_table("rt-b")))
    assert "Blue 1 FF vs Red 3 FFs" in text


def test_the_random_events_option_says_the_white_cell_injects_events_when_it_is_off():
    option = next(o for o in RULES.options() if o.id == "random_events")
    assert "off: events still come from the White Cell" in option.help
