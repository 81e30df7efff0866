"""The facilitator switches a seat between a person and a computer in the middle of a hosted
game (issue 34): a ``console`` submission the table server settles. A person's seat handed to
a computer is played by the host's computer player and its code stops working; a computer's
seat handed back to a person waits for a new code; the save (the autosave and the store's)
names who plays what, so ``host --resume`` keeps the switch."""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import pytest

from hedgemony_tui.table.remote_feed import load
from hedgemony_tui.table.saves import read_game
from hedgemony_tui.table.store import CONSOLE, PLAYED_BY, TableStore
from hedgemony_tui.table.table_server import TO_COMPUTER, TableServer, switch_policy
from tests.cli.cli_helpers import run
from tests.table.test_table_server import _choose, _settle, _table


def _switch(client: TableStore, seat: str, to: str) -> int:
    console = client.owner(CONSOLE) or client.attach(CONSOLE)
    return client.submit(CONSOLE, console, "console", 0, {"action": "switch", "seat": seat, "to": to})


def _humans(client: TableStore) -> tuple[str, ...]:
    return load(client.packet(CONSOLE)[1]).humans  # type: ignore[index]


def test_a_persons_seat_given_to_a_computer_is_played_and_its_code_stops(tmp_path: Path) -> None:
    server, client, save = _table(tmp_path)
    _settle(server)
    assert server.host.decision().seats == ("PRC",)  # the person at PRC owes the decision
    code = client.new_code("PRC")
    old_screen = client.attach("PRC")
    taken = len(server.host.session.journal)
    sid = _switch(client, "PRC", "computer")
    server.step()  # settles the switch, then the computer (no delay set) takes PRC's decision
    assert client.submission(sid).status == "applied"
    journal = server.host.session.journal
    assert len(journal) > taken and journal[taken].seat == "PRC" and journal[taken].by == "basic"
    assert "PRC" not in _humans(client) and "US" in _humans(client)
    # The person's code and screen are gone, and the screen can learn why.
    assert client.code_seat(code) is None and client.owner("PRC") is None
    assert client.meta(PLAYED_BY + "PRC") == "computer"
    sid = client.submit("PRC", old_screen, "choose", client.version("PRC"), {"option": 0})
    server.step()
    assert (client.submission(sid).status, client.submission(sid).message) == ("refused", TO_COMPUTER)
    # The autosave and the store's save both name the computer at PRC.
    assert client.save_text() == save.read_text(encoding="utf-8")
    saved = read_game(save)
    assert saved.seats is not None and saved.seats.of("PRC").kind == "basic"


def test_a_computers_seat_given_to_a_person_waits_for_that_person(tmp_path: Path) -> None:
    server, client, save = _table(tmp_path)
    assert not server.host.seats.human("RU")
    sid = _switch(client, "RU", "person")  # before the computers take their sealed signals
    server.step()
    assert client.submission(sid).status == "applied"
    assert "RU" in _humans(client) and client.meta(PLAYED_BY + "RU") == "person"
    _settle(server)
    assert set(server.host.decision().seats) == {"PRC", "RU"}  # no computer took RU's part
    taken = len(server.host.session.journal)
    sid = _choose(client, "RU")
    server.step()
    assert client.submission(sid).status == "applied"
    assert (server.host.session.journal[taken].seat, server.host.session.journal[taken].by) == ("RU", "person")
    saved = read_game(save)
    assert saved.seats is not None and saved.seats.human("RU")


def test_a_seat_switched_away_and_back_opens_with_its_new_code_only(tmp_path: Path) -> None:
    server, client, _ = _table(tmp_path)
    old = client.new_code("PRC")
    _switch(client, "PRC", "computer")
    server.step()
    sid = _switch(client, "PRC", "person")
    server.step()
    assert client.submission(sid).status == "applied" and "PRC" in _humans(client)
    # As the console does after the switch: one new code; the old one stays refused.
    new = client.new_code("PRC")
    assert client.code_seat(new) == ("PRC", "seat") and client.code_seat(old) is None


@pytest.mark.parametrize(
    ("seat", "to", "says"),
    [
        ("WHITE", "computer", "the control seat (the White Cell)"),
        ("PRC", "person", "already played by a person"),
        ("RU", "computer", "already played by a computer"),
        ("PRC", "robot", "'person' or 'computer'"),
        ("XX", "computer", "no seat 'XX'"),
    ],
)
def test_a_switch_that_cannot_be_made_is_one_line_and_changes_nothing(
    tmp_path: Path, seat: str, to: str, says: str
) -> None:
    server, client, _ = _table(tmp_path)
    server.step()
    before = dict(server.host.seats.seats)
    sid = _switch(client, seat, to)
    server.step()
    done = client.submission(sid)
    assert done.status == "refused" and says in done.message and "\n" not in done.message
    assert dict(server.host.seats.seats) == before


def test_the_switched_seat_gets_basic_where_the_game_has_it() -> None:
    assert switch_policy(("random", "basic", "expert")) == "basic"
    assert switch_policy(("expert", "random")) == "random"
    assert switch_policy(("expert",)) == "expert"


def _host_briefly(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``hedgemony host`` until it has served a moment, then stop it as Ctrl+C would."""
    timer = threading.Timer(1.0, lambda: signal.raise_signal(signal.SIGINT))
    timer.start()
    try:
        return run(capsys, "host", *argv)
    finally:
        timer.cancel()


def test_resume_keeps_the_switch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, _ = _host_briefly(capsys, "--person", "US", "--person", "PRC", "--store", "t.sqlite")
    assert code == 0
    store = TableStore.open(tmp_path / "t.sqlite")
    save = Path(store.meta("save_path"))
    saved = read_game(save)
    assert saved.seats is not None and saved.seats.human("PRC")
    # A host on the store switches PRC to a computer, as the running host would.
    from hedgemony_tui.table.host import TableHost
    from hedgemony_tui.table.session import Session

    server = TableServer(TableHost(saved.rules, Session.resume(saved), saved.seats), store, save)
    _switch(store, "PRC", "computer")
    server.step()
    assert store.meta(PLAYED_BY + "PRC") == "computer"
    # --resume reads the seats back from the store: a computer plays PRC ...
    code, _, err = _host_briefly(capsys, "--resume", "t.sqlite")
    assert code == 0, err
    assert "PRC" not in _humans(store) and "US" in _humans(store)
    resumed = read_game(save)
    assert resumed.seats is not None and resumed.seats.of("PRC").kind == "basic"
    # ... and PRC is no person's seat, to be given a code; the refusal lets go of the host
    # lock at once, so the table can be resumed again in the same process.
    code, _, err = run(capsys, "host", "--resume", "t.sqlite", "--new-code", "PRC")
    assert code == 2 and "'PRC' is no person's seat" in err
    code, _, err = _host_briefly(capsys, "--resume", "t.sqlite")
    assert code == 0, err
    store.close()
