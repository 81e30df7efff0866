"""Private events (issue 19 item 13) and DPRK-E02's missile test (item 15), through
legal_intents and reduce. The rule each test enforces is given in our words, with its
chapter."""

from hedgemony_tui.games.hedgemony.engine.game import pending
from hedgemony_tui.games.hedgemony.engine.intents import DoneCommitting, InjectEvent, PlayCard, SeekLead
from hedgemony_tui.games.hedgemony.engine.view import view
from hedgemony_tui.games.hedgemony.rules import RULES
from tests.hedgemony.turn_helpers import CONTENT, act, commit, fresh, ips, pass_until, red_turn, roll

OTHERS = ("US", "NATO", "PRC", "DPRK", "IR")


def hidden_from(state, seat, card="EVT-RU-13"):
    """Nothing of ``card`` in ``seat``'s view: not in the journal, not among the White
    Cell's plays, not in play."""
    seen = view(state, seat)
    return (
        not any(card in e.text for e in seen.log)
        and card not in seen.played.get("WHITE", ())
        and f"WHITE:{card}" not in seen.last_played
        and (seen.run is None or seen.run.card != card)
    )


# --- item 13: private events (ch. 3) ------------------------------------------------------------


def test_a_private_event_stays_between_the_affected_player_and_the_white_cell():
    """Ch. 3: for a private event card, once its conditions hold, the event itself and its
    outcome stay a secret between the affected player and the White Cell. EVT-RU-13 keeps
    its outcome private on 0-3: until its privacy roll no one else learns of it, and on a
    private roll never."""
    state = act(fresh(), InjectEvent("EVT-RU-13"))
    decision = pending(state, CONTENT)
    assert decision.seat == "RU" and "EVT-RU-13" not in decision.prompt  # Russia rolls whether it stays private
    assert all(hidden_from(state, seat) for seat in OTHERS)
    assert not hidden_from(state, "RU") and not hidden_from(state, "WHITE")
    state = roll(state, 1)  # private
    assert all(hidden_from(state, seat) for seat in OTHERS)
    effect = next(e for e in state.effects if e.source == "EVT-RU-13")
    assert effect.private and effect not in view(state, "US").effects


def test_a_public_roll_announces_the_event_to_all():
    """Ch. 3: a public event and its outcome are shown to everyone (EVT-RU-13 rolls 4-9)."""
    before = act(fresh(), InjectEvent("EVT-RU-13"))
    state = roll(before, 6)
    assert not any(hidden_from(state, seat) for seat in OTHERS)
    assert RULES.reveals(before, state)


def test_a_private_event_becomes_known_when_its_result_is_used():
    """EVT-RU-13's card: a private result becomes public when used (Russia's next R&D
    roll): from then on the event shows among the White Cell's past plays."""
    state = roll(act(fresh(), InjectEvent("EVT-RU-13")), 1)
    state = red_turn("RU", ("RU-05", "RU-17", "RU-RD"), pass_until(state, lambda s: s.turn == 2), rp=20)
    assert hidden_from(state, "US")
    state = roll(act(state, PlayCard("RU", "RU-RD")), 5)  # +3 from the stolen research: used
    assert "WHITE:EVT-RU-13" in view(state, "US").last_played
    assert any("EVT-RU-13" in e.text and "public" in e.text for e in view(state, "US").log)


# --- item 15: DPRK-E02 follows chapter 8's missile-test pattern ----------------------------------


def dprk_e02(state=None):
    return act(red_turn("DPRK", ("DPRK-E02", "DPRK-RD", "DPRK-PROC"), state, rp=10), PlayCard("DPRK", "DPRK-E02"))


def test_dprk_e02_tests_first_and_a_failure_is_the_status_quo():
    """Ch. 8, missile tests: the Red player rolls its test first; a failed test is Status
    Quo and ends the card, with no change in Influence for anyone (the RPs are spent)."""
    state = dprk_e02()
    assert pending(state, CONTENT).kind == "roll" and state.roll_request.roller == "DPRK"
    assert state.run.leader == "" and not state.run.wants  # no roll-off before the test
    before = ips(state)
    state = roll(state, 3)
    assert ips(state) == before and state.run is None


def test_dprk_e02_only_a_success_opens_the_response():
    """Ch. 8 (as above): a successful test gains the initiator Influence; only then may the
    U.S. and the PRC roll off to lead the response, and the leader's roll is read on the
    card, lead-dependent."""
    state = dprk_e02()
    before = ips(state)
    state = roll(state, 6)
    assert ips(state)["DPRK"] == before["DPRK"] + 1
    assert pending(state, CONTENT).kind == "lead"
    state = act(act(state, SeekLead("US", True)), SeekLead("PRC", False))
    state = act(commit(state, "US", "korean-peninsula", 2), DoneCommitting("US"))
    assert state.roll_request.roller == "US"
    before = ips(state)
    state = roll(state, 6)  # 6 + 2 (one per FF the leader committed) = 8: U.S./PRC minor gain
    assert {p: ips(state)[p] - before[p] for p in ("DPRK", "US", "PRC")} == {"DPRK": -1, "US": 2, "PRC": -1}


def test_dprk_e02_unanswered_success_costs_the_us_and_prc_one_each():
    state = roll(dprk_e02(), 8)
    state = act(act(state, SeekLead("US", False)), SeekLead("PRC", False))
    assert state.run is None and state.roll_request is None
    assert ips(state)["US"] == 50 - 1 and ips(state)["PRC"] == 40 - 1


# --- issue 18: a private result stays out of the balances others see -------------------------------


def private_brisk_trade():
    """EVT-IR-E15 injected, kept private (privacy roll 1), and rolled 9: Iran +2 RP."""
    return roll(roll(act(fresh(), InjectEvent("EVT-IR-E15")), 1), 9)


def test_a_private_gain_is_not_in_the_balance_other_seats_see():
    """Ch. 3: a private event's outcome stays between the affected player and the White
    Cell, so Iran's +2 RP from a private EVT-IR-E15 shows in Iran's and the White Cell's
    balance only; everyone else sees Iran's RP as before the event."""
    before = fresh().player("IR").rp
    state = private_brisk_trade()
    assert state.player("IR").rp == before + 2
    assert view(state, "IR").player("IR").rp == before + 2
    assert view(state, "WHITE").player("IR").rp == before + 2
    for seat in ("US", "NATO", "RU", "PRC", "DPRK"):
        assert view(state, seat).player("IR").rp == before, seat


def test_later_public_lines_print_the_balance_without_the_private_gain():
    """The journal's balances must not give the private gain away either: a public
    change after it prints, to the other seats, the balance they can account for."""
    from hedgemony_tui.games.hedgemony.engine.ledger import adjust

    state = adjust(private_brisk_trade(), "WHITE", "a public grant", rp={"IR": 1})
    true_balance = state.player("IR").rp
    last = lambda seat: view(state, seat).log[-1].changes[0].balance  # noqa: E731
    assert last("IR") == last("WHITE") == true_balance
    assert last("US") == true_balance - 2 == view(state, "US").player("IR").rp


def test_disclosing_the_event_shows_the_gain_to_all_and_counts_as_a_reveal():
    """Once the private event is disclosed (its result used or revealed), its outcome is
    no secret: every seat sees the true balance, and undo may not take that back."""
    from hedgemony_tui.games.hedgemony.engine.ledger import disclose_event

    state = private_brisk_trade()
    shown = disclose_event(state, "EVT-IR-E15")
    assert view(shown, "US").player("IR").rp == state.player("IR").rp
    assert RULES.reveals(state, shown)
