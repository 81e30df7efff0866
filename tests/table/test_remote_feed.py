"""A seat's packet for a screen in another process (``table/remote_feed.py``, issue 34):
every game's packets survive the store's bytes, a seat's packet holds only its own share,
and a damaged body is one clear error."""

from __future__ import annotations

import pickle

import pytest

from hedgemony_tui.table.feed import PUBLIC
from hedgemony_tui.table.host import TableHost
from hedgemony_tui.table.registry import get_rules
from hedgemony_tui.table.remote_feed import CONSOLE, PacketError, SeatPacket, dump, load, packet_for
from hedgemony_tui.table.seats import Seats
from hedgemony_tui.table.session import Session
from tests.table.host_helpers import make


def _host(game: str) -> TableHost:
    rules = get_rules(game)
    return TableHost(rules, Session(rules, rules.setup(3, {})), Seats.of_specs(rules.seats()))


@pytest.mark.parametrize("game", ["hedgemony", "rescue", "hex-encounters", "world-system"])
def test_every_games_packets_round_trip_for_every_seat_the_room_and_the_console(game):
    host = _host(game)
    for seat in (*host.seats.seats, PUBLIC, CONSOLE):
        packet = packet_for(host, seat, paused=False, message="", connected={"x": 1.0})
        again = load(dump(packet))
        assert again.seat == seat and again.feed.turn == packet.feed.turn
        assert len(again.feed.options) == len(packet.feed.options) == len(again.commitments or again.feed.options)
        # The same table gives the same bytes: the store bumps a version only on a change.
        assert dump(packet_for(host, seat, paused=False, message="", connected={"x": 1.0})) == dump(packet)


def test_only_the_console_hears_who_is_connected_and_who_owes_the_decision():
    host = make()
    seat = host.humans()[0]
    mine = packet_for(host, seat, paused=True, message="m", connected={seat: 5.0})
    console = packet_for(host, CONSOLE, paused=True, message="m", connected={seat: 5.0})
    assert mine.connected == {} and mine.waiting_on == ()
    assert console.connected == {seat: 5.0} and console.waiting_on == tuple(host.decision().seats)
    assert console.feed.seat == host.control
    room = packet_for(host, PUBLIC)
    assert room.results == () and room.commitments == () and room.feed.options == ()


def test_a_seat_owing_the_decision_gets_each_options_commitment():
    host = make()
    seat = host.decision().seats[0]
    packet = packet_for(host, seat)
    assert packet.feed.options and len(packet.commitments) == len(packet.feed.options)


@pytest.mark.parametrize("body", [b"", b"not a pickle", pickle.dumps({"seat": "N"})])
def test_a_body_that_is_no_packet_is_one_clear_error(body):
    with pytest.raises(PacketError, match="^This table"):
        load(body)


def test_a_packet_of_another_format_is_refused_with_both_versions():
    packet = packet_for(make(), PUBLIC)
    other = SeatPacket(**{**{a.name: getattr(packet, a.name) for a in packet.__attrs_attrs__}, "format": 99})
    with pytest.raises(PacketError, match="format 99"):
        load(dump(other))
