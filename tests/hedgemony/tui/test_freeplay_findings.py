"""The newcomer's play-test findings on free play: a stale complaint on the proposal form
goes once its fields change (finding 11); the form says why every noncombat kind reads
the same table, and the ruling's words name the kind once (finding 4); the odds show
where the proposer accepts or withdraws, unopposed actions too (finding 3); each commit
option shows what moving its FFs costs (finding 5)."""

from __future__ import annotations

from textual.widgets import Input, Static

from hedgemony_tui.games.hedgemony.engine import ruling_text
from hedgemony_tui.games.hedgemony.engine.game import legal_intents, reduce
from hedgemony_tui.games.hedgemony.engine.intents import (
    AcceptRuling,
    CommitForces,
    EndInvestments,
    PayReadiness,
    ProposeAction,
    RuleAction,
)
from hedgemony_tui.games.hedgemony.engine.ruling_odds import odds_line, ruling_odds
from hedgemony_tui.games.hedgemony.front.render.intent_paths import PROPOSE_ENTRY, intent_path
from hedgemony_tui.games.hedgemony.front.render.intents import Names
from hedgemony_tui.games.hedgemony.front.screens.proposal import RulingAnswerScreen
from hedgemony_tui.games.hedgemony.front.screens.white_cell import ProposeScreen
from tests.hedgemony.turn_helpers import CONTENT, act, fresh, signal_all
from tests.tui.tui_helpers import ScreenHarness, shown_text

SIZE = (100, 30)


def blue_actions():
    state = act(signal_all(fresh()), PayReadiness("US"))
    return act(act(state, EndInvestments("US")), EndInvestments("NATO"))


def ruled(location: str, kind: str, opponent: str = ""):
    state = act(blue_actions(), ProposeAction("US", location, "Our action", kind))
    ruling = next(i for i in legal_intents(state, CONTENT) if isinstance(i, RuleAction) and i.opponent == opponent)
    return act(state, ruling)


async def test_the_old_complaint_goes_when_the_fields_change():
    app = ScreenHarness(lambda: ProposeScreen(blue_actions(), "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        message = screen.query_one("#message", Static)
        screen.query_one("#what", Input).focus()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert message.display and shown_text(message).strip()
        await pilot.press(*"Patrol")
        await pilot.pause()
        assert not message.display and not shown_text(message).strip()
    assert app.results == []


async def test_the_form_says_why_noncombat_kinds_share_a_table():
    app = ScreenHarness(lambda: ProposeScreen(blue_actions(), "US"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        note = shown_text(app.screen.query_one("#kind-note"), 300)
        assert "RT B" in note and "debrief" in note


def test_the_panel_leads_to_every_kind():
    offered = next(i for i in legal_intents(blue_actions(), CONTENT) if isinstance(i, ProposeAction))
    path = intent_path(offered, Names(CONTENT, blue_actions()))
    assert path[1] == PROPOSE_ENTRY and "F6" in PROPOSE_ENTRY and "every kind" in PROPOSE_ENTRY


def test_the_ruling_names_the_kind_once():
    state = ruled("korean-peninsula", "aid", "DPRK")
    first = ruling_text.lines(state, CONTENT, state.proposal.ruling)[0]
    assert first.startswith("US proposed an aid mission at Korean Peninsula, ruled on RT B"), first
    assert "against" not in first and first.count("aid mission") == 1


def test_the_odds_say_how_many_ffs_commit():
    state = ruled("korean-peninsula", "combat", "DPRK")
    labels = [case.label for case in ruling_odds(state, CONTENT)]
    assert labels and all("sends its" not in label for label in labels)
    assert "US commits all" in labels[0] and "of its FF in the" in labels[0]


async def test_an_unopposed_action_has_its_odds_too():
    state = ruled("venezuela", "exercise")
    assert ruling_odds(state, CONTENT), "no FF in the AOR: the odds of bringing some in"
    app = ScreenHarness(lambda: RulingAnswerScreen(state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        terms = shown_text(app.screen.query_one("#terms"), 100)
        assert "odds A" in terms and "no one answers" in terms and "%" in terms


def test_the_panel_shows_the_odds_where_the_proposer_accepts():
    for state in (ruled("venezuela", "exercise"), ruled("korean-peninsula", "combat", "DPRK")):
        entry = intent_path(AcceptRuling("US"), Names(CONTENT, state))[1]
        assert "odds" in entry and "Blue gain" in entry and "%" in entry, entry
        assert odds_line(state, CONTENT) in entry
    entry = intent_path(AcceptRuling("US"), Names(CONTENT, blue_actions()))[1]
    assert entry == "Accept the ruling and pay its cost"  # no ruling in the view: no odds


def test_each_commit_option_shows_its_move_price():
    state = reduce(ruled("venezuela", "exercise"), AcceptRuling("US"), CONTENT)
    commits = [i for i in legal_intents(state, CONTENT) if isinstance(i, CommitForces)]
    names = Names(CONTENT, state)
    last = [intent_path(c, names)[-1] for c in commits]
    assert all("RP)" in words or "no move cost" in words for words in last), last
    assert any("moving them:" in words for words in last)
