"""The command line with --game rescue: games, simulate, show, balance, play's save
check, and the game's own check-map and need."""

from __future__ import annotations

import json

from tests.cli.cli_helpers import run


def test_games_lists_rescue(capsys):
    code, out, _ = run(capsys, "games", "--json")
    games = {g["id"]: g for g in json.loads(out)["games"]}
    assert code == 0 and games["rescue"]["title"] == "Gaming to the Rescue!"
    assert [s["id"] for s in games["rescue"]["seats"]] == ["USM", "HN", "HC"]
    assert {o["id"] for o in games["rescue"]["options"]} >= {
        "gp_scope",
        "transport_limit",
        "event_drawer",
        "no_winner_on_failure",
    }
    assert games["rescue"]["hidden_information"] is False and games["rescue"]["outcome"] == "cooperative"


def test_simulate_save_and_show_draw_the_map(capsys, tmp_path):
    save = tmp_path / "g.toml"
    code, out, _ = run(capsys, "simulate", "--game", "rescue", "--policy", "basic", "--seed", "3", "--save", str(save))
    assert code == 0 and "C-3" in out and "Crises: tokens each needs" in out and "result: Gameland" in out
    code, shown, _ = run(capsys, "show", str(save), "--json")
    payload = json.loads(shown)
    assert code == 0 and payload["game"] == "rescue" and payload["over"] is True
    assert payload["result"] in ("saved", "failed") and set(payload["players"]) == {"USM", "HN", "HC"}


def test_simulate_a_few_cycles_and_an_option(capsys):
    code, out, _ = run(capsys, "simulate", "--game", "rescue", "--turns", "2", "--option", "gp_scope=media", "--json")
    payload = json.loads(out)
    assert code == 0 and payload["cycle"] == 3 and not payload["over"]
    code, _, err = run(capsys, "simulate", "--game", "rescue", "--option", "gp_scope=never")
    assert code == 2 and "gp_scope" in err and "Traceback" not in err


def test_balance_plays_seeded_games(capsys):
    code, out, _ = run(capsys, "balance", "--game", "rescue", "--games", "3", "--json")
    payload = json.loads(out)
    assert code == 0 and payload["games"] == 3 and set(payload["players"]) == {"USM", "HN", "HC"}


def test_need_works_out_a_crisis_for_each_actor(capsys):
    code, out, _ = run(capsys, "--game", "rescue", "need", "red", "2", "--riot")
    assert code == 0
    assert "USM: face 2 + riot 6 = 8: 8 medical" in out and "HC: face 2 + riot 6 - discount 2 = 6: 6 medical" in out


def test_check_map_names_every_problem(capsys, tmp_path):
    code, out, _ = run(capsys, "--game", "rescue", "check-map")
    assert code == 0 and "no problems" in out
    bad = tmp_path / "map.toml"
    bad.write_text(
        'columns = "ABC"\nterrain = ["land land ocean", "land lava"]\n'
        '[places]\nport = "A-1"\nairport = "A-1"\ncity = "C-1"\nstaging = ["B-2"]\n'
        '[starts]\nUSM = "A-1"\nHN = "A-2"\n[crises]\n1 = "A-1"\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "--game", "rescue", "check-map", str(bad))
    assert code == 2
    for problem in (
        "terrain row 2 has 2 hexes",
        "'lava'",
        "city C-1 is ocean",
        "different hexes",
        "the start of HC",
        "Crisis 2",
    ):
        assert problem in out, problem
