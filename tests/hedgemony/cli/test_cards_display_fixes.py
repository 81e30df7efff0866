"""What ``hedgemony cards`` shows of four cards the audit of issue 19 found drawn wrong:
a limit enforced but not shown (PRC-29), an offer's payer (EVT-POL-21), a stale note
(EVT-PRC-15) and a per-unit cost missing from the JSON (RU-18)."""

import json

import pytest

from hedgemony_tui.cli import main
from hedgemony_tui.games.hedgemony.engine.content import content_for


@pytest.fixture(autouse=True)
def wide_console(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")


def shown(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return " ".join(out.split())


def test_prc_29_shows_both_of_its_limits(capsys):
    """PRC-29 may be played once per AOR and every 3 turns; both are enforced, both shown."""
    out = shown(capsys, "cards", "show", "PRC-29")
    assert "Once per option chosen; may play every 3 turns" in out


def test_evt_pol_21_offers_name_who_gains(capsys):
    """EVT-POL-21's second offer is Russia's: each RP it pays is +1 IP to Russia and -1 to
    the U.S. and NATO/EU (not "US +1 IP")."""
    out = shown(capsys, "cards", "show", "EVT-POL-21")
    assert "RU in turn may pay up to 1 RP; per RP paid: RU +1 IP, US -1 IP, NATO -1 IP" in out
    assert "US, NATO in turn may pay up to 1 RP; per RP paid: the payer +1 IP" in out


def test_evt_prc_15_note_names_the_cards_of_its_family():
    """EVT-PRC-15 targets the family us-ally, which PRC-E01 and PRC-E02 carry."""
    content = content_for("default")
    carriers = sorted(c.id for c in content.cards.values() if "us-ally" in c.families)
    assert carriers == ["PRC-E01", "PRC-E02"]
    note = content.card("EVT-PRC-15").note
    assert "should carry when they are written" not in note and all(c in note for c in carriers)


def test_cards_json_gives_the_per_unit_cost(capsys):
    """RU-18 is played in units of 1 RP each (up to 3): the list says so, not just cost 0."""
    main(["cards", "--json"])
    out, _ = capsys.readouterr()
    ru18 = next(c for c in json.loads(out) if c["id"] == "RU-18")
    assert (ru18["cost"], ru18["unit_cost"], ru18["max_units"]) == (0, 1, 3)
