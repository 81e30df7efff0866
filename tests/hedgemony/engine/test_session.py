"""Undo of decisions that revealed nothing, and autosave at every phase change."""

import pytest

from hedgemony_tui.games.hedgemony.engine.intents import EndPhase, PayReadiness, PlayCard, RollDie, SignalCards
from hedgemony_tui.games.hedgemony.rules import RULES
from hedgemony_tui.table.saves import load_game
from hedgemony_tui.table.session import Session
from tests.hedgemony.turn_helpers import SIGNALS, fresh


def test_undo_takes_back_quiet_decisions(tmp_path):
    session = Session(RULES, fresh())
    start = session.state
    session.apply(SignalCards("RU", SIGNALS["RU"]))
    assert session.can_undo
    taken = session.undo()
    assert session.state == start and taken.intent == SignalCards("RU", SIGNALS["RU"]) and taken.seat == "RU"
    assert not session.can_undo


def test_a_roll_cannot_be_undone(tmp_path):
    session = Session(RULES, fresh())
    for player in ("RU", "PRC", "DPRK", "IR"):
        session.apply(SignalCards(player, SIGNALS[player]))
    session.apply(PayReadiness("US"))
    session.apply(PlayCard("US", "US-RD"))
    assert session.can_undo
    session.apply(RollDie("US"))
    assert not session.can_undo
    with pytest.raises(IndexError, match="rolled a die"):
        session.undo()


def test_autosave_at_every_phase_change(tmp_path):
    path = tmp_path / "auto.toml"
    session = Session(RULES, fresh(), autosave=path)
    session.apply(SignalCards("RU", SIGNALS["RU"]))
    assert not path.exists()  # same phase
    for player in ("PRC", "DPRK", "IR"):
        session.apply(SignalCards(player, SIGNALS[player]))
    assert load_game(path) == session.state  # Blue phase began: saved
    session.apply(PayReadiness("US"))
    session.apply(EndPhase("US"))
    session.apply(EndPhase("NATO"))
    assert load_game(path).phase.value == "red-actions"
    assert (tmp_path / "auto.toml.bak").exists()
