"""``hedgemony cards`` and ``hedgemony cards show``: the JSON list, filters, one card as printed.

Other people add cards to the default scenario all the time: nothing here counts them.
Features the shipped cards may not (yet) use are drawn from two made-up events added to
a copy of the default scenario.
"""

import io
import json
import shutil
from pathlib import Path

import pytest
from rich.console import Console

from hedgemony_tui.games.hedgemony.engine.cards import CardKind
from hedgemony_tui.games.hedgemony.engine.content import content_for
from hedgemony_tui.games.hedgemony.engine.resources import data_dir
from hedgemony_tui.games.hedgemony.render.cards import card_panel
from tests.cli.cli_helpers import run

DEFAULT = Path(str(data_dir())) / "scenarios" / "default"
REQUIRED = {"id", "player", "kind", "title", "cost", "every", "source", "families", "aor", "resolution", "figure"}
KINDS = {k.value for k in CardKind}

EXTRA_CARDS = """
[[card]]
id = "TEST-EVT-INTL"
player = "WHITE"
kind = "international"
resolution = "contest"
title = "Test crisis at sea"
text = "A made-up crisis [for the tests], with brackets that are not markup."
every = 2
players = ["DPRK", "US", "PRC"]
aor = "INDOPACOM"
privacy = "0-2"
lead = ["US", "PRC"]
bands = [
    { rolls = "0-4", label = "Red gains", ip = { DPRK = 2 } },
    { rolls = "5-9", label = "Blue gains", lead_ip = { US = { US = 2, PRC = -1 }, PRC = { US = 1, PRC = 2 } } },
]

[card.contest]
table = "bands"
responders = ["US", "PRC"]
initiator_forces = false
roller = "leader"
third_party = { blue = 2 }
roll_per_ff = { leader = 1 }

[card.contest.limits.US]
max_ffs = 3
min_readiness = 80

[[card.offers]]
players = ["NATO"]
rp_max = 2
ip_per_rp = { NATO = 1 }

[[card]]
id = "TEST-EVT-DOM"
player = "WHITE"
kind = "domestic"
resolution = "none"
title = "Test vote at home"
text = "A made-up vote."
players = ["US"]

[card.vote]
voters = ["US", "NATO"]
cost_yes = 1
all = { US = 2, NATO = 1 }
none = { US = -1 }

[card.result]
label = "Vote held"
effects = [{ player = "US", kind = "roll", family = "tech", value = 1, turns = 2, starts = "next" }]
"""


@pytest.fixture(autouse=True)
def wide_console(monkeypatch):
    monkeypatch.setenv("COLUMNS", "110")


def listed(capsys, *argv):
    code, out, err = run(capsys, "cards", *argv, "--json")
    assert code == 0, err
    cards = json.loads(out)
    assert isinstance(cards, list)
    return cards


@pytest.fixture
def extra(tmp_path) -> Path:
    """A copy of the default scenario with the two made-up events added."""
    folder = tmp_path / "extra"
    shutil.copytree(DEFAULT, folder)
    (folder / "cards" / "zz-test-events.toml").write_text(EXTRA_CARDS, encoding="utf-8")
    return folder


# --- the list ------------------------------------------------------------------------------


def test_json_has_the_required_keys_for_every_card(capsys):
    cards = listed(capsys)
    assert cards and len({c["id"] for c in cards}) == len(cards)
    for card in cards:
        assert REQUIRED <= set(card), card["id"]
        assert card["kind"] in KINDS
        assert isinstance(card["cost"], int) and card["cost"] >= 0
        assert isinstance(card["every"], int) and card["every"] >= 0
        assert isinstance(card["families"], list)
    assert {c["id"] for c in cards} == set(content_for("default").cards)


def test_player_filter(capsys):
    cards = listed(capsys, "--player", "PRC")
    assert cards and {c["player"] for c in cards} == {"PRC"}
    assert "PRC-03" in {c["id"] for c in cards}
    assert listed(capsys, "--player", "prc") == cards  # any letter case


def test_kind_filter(capsys):
    cards = listed(capsys, "--kind", "investment")
    assert cards and {c["kind"] for c in cards} == {"investment"}
    both = listed(capsys, "--player", "PRC", "--kind", "action")
    assert both and all(c["player"] == "PRC" and c["kind"] == "action" for c in both)


def test_events_have_every_0_and_cost_0(capsys, extra):
    cards = listed(capsys, "--scenario", str(extra))
    events = [c for c in cards if c["kind"] in ("domestic", "international")]
    assert {"TEST-EVT-INTL", "TEST-EVT-DOM"} <= {c["id"] for c in events}
    assert all(c["every"] == 0 and c["cost"] == 0 and c["player"] == "WHITE" for c in events)
    white = listed(capsys, "--scenario", str(extra), "--player", "WHITE")
    assert {c["id"] for c in white} == {c["id"] for c in events}


def test_pay_to_play_cards_cost_0(capsys):
    cards = listed(capsys)
    paid = [c for c in cards if c["resolution"] in ("modernize", "procure")]
    assert paid, "the default decks have modernize and procure cards"
    assert all(c["cost"] == 0 and c["pay_to_play"] for c in paid)
    assert all(not c["pay_to_play"] for c in cards if c not in paid)


def test_the_table(capsys):
    code, out, _ = run(capsys, "cards", "--player", "PRC")
    assert code == 0
    for header in ("ID", "Player", "Kind", "Title", "Cost", "Every", "Source"):
        assert header in out
    assert "PRC-03" in out and "pay" in out and "US-" not in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--player", "XX"], "--player must be one of"),
        (["--kind", "event"], "invalid choice"),
        (["--scenario", "no/such/folder"], "no such folder"),
    ],
)
def test_bad_options_exit_2_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, "cards", *argv)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_broken_scenario_is_a_data_error(capsys, extra):
    cards = extra / "cards" / "zz-test-events.toml"
    cards.write_text(EXTRA_CARDS.replace('kind = "domestic"', 'kind = "home"'), encoding="utf-8")
    code, _, err = run(capsys, "cards", "--scenario", str(extra))
    assert code == 3 and "TEST-EVT-DOM" in err and "check-scenario" in err


# --- one card --------------------------------------------------------------------------------


def test_show_prc_03_as_printed(capsys):
    code, out, err = run(capsys, "cards", "show", "PRC-03")
    assert code == 0, err
    assert "Action: PRC" in out and "Incursion" in out and "AOR: INDOPACOM" in out
    assert "CRT A" in out
    assert "Critical Capabilities: Red C4ISR, LRF; Blue C4ISR, IAMD" in out
    red_major = next(line for line in out.splitlines() if "Red Major Gain" in line)
    assert "+3" in red_major and "-3" in red_major
    blue_major = next(line for line in out.splitlines() if "Blue Major Gain" in line)
    assert "-2" in blue_major and "+2" in blue_major
    assert "US -2 IP" in out  # unopposed
    assert "Reset rules apply" in out
    assert "May play every turn" in out
    assert "4 RPs to play" in out
    lines = out.rstrip().splitlines()
    assert "PRC-03" in lines[-1]  # the id in the bottom corner
    assert "Source: rulebook, Figure 8.6" in out


def test_show_json_is_the_whole_card(capsys):
    code, out, _ = run(capsys, "cards", "show", "prc-03", "--json")
    assert code == 0
    card = json.loads(out)
    assert REQUIRED <= set(card)
    assert card["id"] == "PRC-03" and card["cost"] == 4
    assert card["contest"]["table"] == "crt-a"
    assert card["contest"]["outcomes"]["red-major"]["ip"] == {"PRC": 3, "US": -3}
    code, out, _ = run(capsys, "cards", "--json", "show", "PRC-03")  # --json before show
    assert code == 0 and json.loads(out)["id"] == "PRC-03"


def test_pay_to_play_and_privacy_lines(capsys):
    pay = next(c for c in content_for("default").cards.values() if c.resolution == "procure")
    code, out, _ = run(capsys, "cards", "show", pay.id)
    assert code == 0 and "Pay to play" in out and "Procurement mat" in out
    private = next(c for c in content_for("default").cards.values() if c.private_on == (0, 2) and not c.is_event)
    code, out, _ = run(capsys, "cards", "show", private.id)
    assert code == 0 and "Roll D10: 0-2 = Private, 3-9 = Public" in out
    assert f"May play every {private.every} turn" in out


def test_show_events_with_lead_slash_columns_vote_and_offers(capsys, extra):
    code, out, err = run(capsys, "cards", "show", "TEST-EVT-INTL", "--scenario", str(extra))
    assert code == 0, err
    assert "Conflict/International Event" in out and "[for the tests]" in out
    assert "D10" in out and "Result" in out and "IP/RP per player" in out
    assert "US +2/+1" in out and "PRC -1/+2" in out  # the book's slash columns, US leads / PRC leads
    assert "US, PRC roll off to lead" in out
    assert "US at most 3 FFs, at 80% readiness or better" in out
    assert "Blue 2 CFs" in out and "+1 per FF committed by the leader" in out
    assert "NATO in turn may pay up to 2 RPs" in out
    assert "Roll D10: 0-2 = Private, 3-9 = Public" in out
    assert "Once per game" in out and "May play every" not in out
    code, out, err = run(capsys, "cards", "show", "TEST-EVT-DOM", "--scenario", str(extra))
    assert code == 0, err
    assert "Domestic Event: US" in out and "Voters: US, NATO" in out and "A yes vote costs 1 RP" in out
    assert "All say yes: US +2 IP, NATO +1 IP" in out
    assert "US +1 on rolls of tech cards, for 2 turns, from next turn" in out


def test_every_shipped_card_draws(capsys):
    console = Console(width=90, record=True, file=io.StringIO())
    for card in content_for("default").cards.values():
        console.print(card_panel(card))
        text = console.export_text()
        assert card.id in text and card.title.split()[0] in text


@pytest.mark.parametrize("wrong, suggested", [("PRC-3", "PRC-03"), ("PRC_03", "PRC-03"), ("PCR-03", "PRC-03")])
def test_unknown_id_suggests_close_ids(capsys, wrong, suggested):
    code, out, err = run(capsys, "cards", "show", wrong)
    assert code == 2 and out == ""
    assert err.startswith(f"hedgemony: no card '{wrong}'; did you mean ")
    assert suggested in err and len(err.strip().splitlines()) == 1


def test_unknown_id_without_close_ids(capsys):
    code, _, err = run(capsys, "cards", "show", "XYZ")
    assert code == 2 and err.startswith("hedgemony: no card 'XYZ'; ") and "hedgemony cards" in err
