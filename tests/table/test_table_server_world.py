"""The world-system game on the multi-screen table (issue 32's deferred test, issue 34's
table): the moderator and a state played by people on their own screens, through the store
only; sealed ballots; the console; and a state's packet unmoved by another's secrets."""

from __future__ import annotations

from pathlib import Path

from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.public import PUBLIC
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.remote_feed import dump, load, packet_for
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from hedgemony_tui.table.store import CONSOLE, TableStore
from hedgemony_tui.table.table_server import TableServer

PEOPLE = ("moderator", "italy")


def _host(seed: int = 8, secret_salt: int | None = None) -> TableHost:
    rules = get_rules("world-system")
    state = rules.setup(seed, {})
    if secret_salt is not None:  # the same table with the others' secrets dealt otherwise
        state = rules.vary_secrets(state, "italy", secret_salt)
    kinds = {s.id: "basic" for s in rules.seats() if s.id not in PEOPLE}
    return TableHost(rules, Session(rules, state), Seats.of_specs(rules.seats(), kinds))


def _step_until_a_person_owes(server: TableServer) -> tuple[str, ...]:
    for _ in range(200):
        server.step()
        if not server.host.computer_owes():
            break
    decision = server.host.decision()
    return tuple(seat for seat in decision.seats if seat in PEOPLE) if decision is not None else ()


def test_the_moderator_and_a_state_play_through_the_store(tmp_path: Path) -> None:
    save = tmp_path / "world.toml"
    server = TableServer(_host(), TableStore.create(tmp_path / "w.sqlite", game="world-system"), save)
    screens = TableStore.open(tmp_path / "w.sqlite")  # the screens' connection
    clients = {seat: screens.attach(seat) for seat in PEOPLE}
    console = screens.attach(CONSOLE)
    answered = {seat: 0 for seat in PEOPLE}
    kinds: set[str] = set()
    for _ in range(400):
        owing = _step_until_a_person_owes(server)
        if not owing:
            break
        waiting = load(screens.packet(CONSOLE)[1]).waiting_on  # type: ignore[index]
        assert set(owing) <= set(waiting)  # the console names who owes, people and computers alike
        kinds.add(server.host.decision().kind)
        for seat in owing:
            packet = load(screens.packet(seat)[1])  # type: ignore[index]
            assert packet.feed.options, f"{seat} owes a decision its packet offers no option for"
            assert packet.commitments and len(packet.commitments) == len(packet.feed.options)
            sid = screens.submit(seat, clients[seat], "choose", screens.version(seat), {"option": 0})
            server.step()
            settled = screens.submission(sid)
            assert settled.status == "applied", settled.message
            answered[seat] += 1
    over = server.host.decision()
    assert over is not None and over.kind == "over", "the game did not reach its end through the store"
    assert answered["moderator"] >= 10 and answered["italy"] >= 10
    # Sealed ballots (every state at once, revealed together) were cast over the store.
    assert {"rogue-vote", "alliance-vote", "core-vote"} <= kinds
    # The console's packet says who is connected; the save in the store is the autosave.
    assert set(PEOPLE) <= set(load(screens.packet(CONSOLE)[1]).connected)  # type: ignore[index]
    assert screens.save_text() == save.read_text(encoding="utf-8")
    assert console  # the console held its place throughout


def test_a_states_packet_and_the_rooms_do_not_move_with_others_secrets() -> None:
    """The packet a state's screen reads is the same whoever else holds the terrorist card."""
    base = _host()
    for salt in (1, 2, 3):
        varied = _host(secret_salt=salt)
        assert base.session.state != varied.session.state  # the secrets did move
        for seat in ("italy", PUBLIC):
            assert dump(packet_for(base, seat)) == dump(packet_for(varied, seat)), (seat, salt)
