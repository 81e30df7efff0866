"""The Grand Game's basic computer player (issue 35), through the public path: its choices on
crafted boards (a threatened city held, no attack at bad odds, an attack at good ones, a
clean allocation spending every point), determinism, privacy, no trading, and a short
game of six basic players that ends."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from hedgemony_tui.games.grand_game.bots import POLICIES
from hedgemony_tui.games.grand_game.bots.basic import BasicPolicy, plan_for
from hedgemony_tui.games.grand_game.bots.basic_read import BASIC, score_leader
from hedgemony_tui.games.grand_game.engine.game import legal_for, pending_seats, the_map
from hedgemony_tui.games.grand_game.engine.game_alloc import checked
from hedgemony_tui.games.grand_game.engine.game_intents import Bomb, Buy, DoneTrading, SealAllocation, SetPolitics
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.engine.orders import HOLD
from hedgemony_tui.games.grand_game.rules import RULES

from .game_helpers import SEATS, allocate_all, arrange, start


def walk(state: GrandState, seat: str, player: Any | None = None) -> GrandState:
    """``seat``'s basic player decides, step by step, until it owes nothing more this phase
    (or the phase is over); every choice must be one of the options it was given."""
    player = player or BasicPolicy()
    now = (state.turn, state.phase)
    for _ in range(2000):
        if seat not in pending_seats(state) or (state.turn, state.phase) != now:
            return state
        options = legal_for(state, seat)
        choice = player.decide(RULES.view(state, seat), options)
        assert choice.intent in options, f"{choice.intent} was not offered"
        state = RULES.apply(state, choice.intent)
    raise AssertionError(f"{seat} did not finish")


def test_basic_is_one_of_the_game_s_players() -> None:
    assert set(POLICIES) == {"random", "basic"}
    assert POLICIES["basic"]().name == "basic"


def test_it_seals_a_clean_allocation_that_spends_all_its_gdp() -> None:
    state = start(3)
    m = the_map()
    for seat in SEATS:
        state = walk(state, seat)
        draft = state.draft_of(seat)
        assert draft.sealed and draft.politics == 30  # politics: Francs are the score
        check = checked(m, state, seat)
        assert check.ok and check.left == 0, check.lines()
    assert state.phase == "spring"  # every allocation sealed: the seasons begin


def test_it_buys_infantry_for_a_threatened_border_and_develops_its_richest_zone() -> None:
    # Kesterland (GDP 13: 4 on politics, 9 left) faces six Arvenne armor in Vesne: it develops
    # its richer zone, the Canal Lands, by two points (2 + 3), then buys infantry from the rest.
    state = arrange(start(), {("vesne", "arvenne"): {"armor": 6, "supplies": 6}})
    state = walk(state, "kesterland")
    bought = {(ln.item, ln.place): ln.count for ln in state.draft_of("kesterland").lines}
    assert any(item == "infantry" for item, _ in bought)
    assert bought[("develop", "canal-lands")] == 2


def test_a_style_may_count_only_credible_threats() -> None:
    # One Arvenne infantry in Vesne is an enemy at Kesterland's border, but it could not take
    # Hallen or Wendt (each held, across the Rhune): the shipped style buys infantry against
    # it, a style that counts only threats a neighbour could carry out 7 times in 10 does not.
    state = arrange(start(), {("vesne", "arvenne"): {"infantry": 1}})
    shipped = walk(state, "kesterland")
    careful = walk(state, "kesterland", BasicPolicy(attrs.evolve(BASIC, threat_odds=Fraction(7, 10))))
    assert any(ln.item == "infantry" for ln in shipped.draft_of("kesterland").lines)
    assert not any(ln.item == "infantry" for ln in careful.draft_of("kesterland").lines)
    # Six armor across the same border are a credible threat to both.
    heavy = arrange(start(), {("vesne", "arvenne"): {"armor": 6, "supplies": 6}})
    careful = walk(heavy, "kesterland", BasicPolicy(attrs.evolve(BASIC, threat_odds=Fraction(7, 10))))
    assert any(ln.item == "infantry" for ln in careful.draft_of("kesterland").lines)


def test_a_style_may_develop_before_it_defends() -> None:
    # Pellia (GDP 6: 2 on politics, 4 left) faces six Arvenne armor in Belmar, beside Monta.
    # Defending first, its 4 buy one infantry and no point of growth; developing first (as
    # shipped), a point of the Pellian Coast (2) comes first and the 2 left buy no infantry.
    state = arrange(start(), {("belmar", "arvenne"): {"armor": 6, "supplies": 6}})

    def bought(develop_first: bool) -> set[str]:
        style = attrs.evolve(BASIC, develop_first=develop_first)
        return {ln.item for ln in walk(state, "pellia", BasicPolicy(style)).draft_of("pellia").lines}

    assert BASIC.develop_first
    assert "infantry" in bought(False) and "develop" not in bought(False)
    assert "develop" in bought(True) and "infantry" not in bought(True)


def test_it_holds_a_threatened_city() -> None:
    # Sorrel stands in Brenn next to Kester (a city); Kesterland's units there must Hold.
    state = arrange(
        start(), {("brenn", "sorrel"): {"infantry": 3, "supplies": 3}, ("brenn", "kesterland"): {}}, {"brenn": "sorrel"}
    )
    state = walk(allocate_all(state), "kesterland")
    sheet = state.sheet_of("kesterland")
    assert sheet.sealed
    assert sheet.sheet.land_at("kester").stance == HOLD


def _moves_into(state: GrandState, seat: str, target: str) -> list[Any]:
    return [mv for entry in state.sheet_of(seat).sheet.land for mv in entry.moves if mv.to == target]


def test_it_does_not_attack_at_bad_odds() -> None:
    # One infantry in Ostry against six Drovnian infantry in Lomsk: no attack.
    state = arrange(start(), {("ostry", "kesterland"): {"infantry": 1}, ("lomsk", "drovnia"): {"infantry": 6}})
    state = walk(allocate_all(state), "kesterland")
    assert state.sheet_of("kesterland").sealed
    assert not _moves_into(state, "kesterland", "lomsk")


def test_it_attacks_where_the_visible_odds_pay() -> None:
    # Six supplied armor in Ostry against three unsupplied infantry in Lomsk: it expects to
    # take Lomsk and to destroy more than it loses, so it advances, its retreat named.
    state = arrange(
        start(),
        {("ostry", "kesterland"): {"armor": 6, "supplies": 6}, ("lomsk", "drovnia"): {"infantry": 3}},
    )
    state = walk(allocate_all(state), "kesterland")
    moves = _moves_into(state, "kesterland", "lomsk")
    assert moves and sum(mv.armor for mv in moves) >= 1
    assert all(mv.order == "advance" and mv.retreat == "ostry" for mv in moves)


def _first_bombing() -> tuple[GrandState, str]:
    """A season of a game of six basic players in which a seat's plan bombs a zone."""
    state = start(1)
    for _ in range(20_000):
        seat = pending_seats(state)[0]
        view = RULES.view(state, seat)
        if state.phase in ("spring", "summer", "fall", "winter") and any(
            isinstance(i, Bomb) for i in plan_for(view, seat)[0]
        ):
            return state, seat
        state = RULES.apply(state, BasicPolicy().decide(view, legal_for(state, seat)).intent)
    raise AssertionError("no basic player bombed in the game's first years")


def test_a_style_may_bomb_only_the_leader_or_not_at_all() -> None:
    state, seat = _first_bombing()
    view = RULES.view(state, seat)
    assert not any(isinstance(i, Bomb) for i in plan_for(view, seat, attrs.evolve(BASIC, bombs=False))[0])
    plain = [i for i in plan_for(view, seat)[0] if isinstance(i, Bomb)]
    m = the_map()
    victim = next(s for s in view.seats if any(view.owners.get(t) == s for t in m.zones[plain[0].target].lands))
    by_leader = attrs.evolve(BASIC, bomb_leader=True)
    for leader, kept in ((victim, True), (next(s for s in view.seats if s not in (seat, victim)), False)):
        # The leader in score is the seat the board shows with the most Francs per starting GDP.
        leading = RULES.view(attrs.evolve(state, francs={**state.francs, leader: 50}), seat)
        assert score_leader(leading.francs, leading.start_gdp, leading.seats, seat) == leader
        bombs = [i for i in plan_for(leading, seat, by_leader)[0] if isinstance(i, Bomb)]
        assert bool(bombs) == kept, (leader, bombs)
        assert all(any(view.owners.get(t) == leader for t in m.zones[b.target].lands) for b in bombs)
    assert score_leader({"a": 10, "b": 9, "c": 0}, {"a": 10, "b": 6, "c": 1}, ("a", "b", "c"), "a") == "b"
    assert score_leader({}, {}, ("a", "b", "c"), "a") == ""  # all level: nobody is running away


def test_the_same_view_gives_the_same_choice_and_others_secrets_change_nothing() -> None:
    state = allocate_all(start(5))
    state = walk(state, "arvenne")  # another seat's sealed sheet is a secret from Drovnia
    for _ in range(4):  # a few steps into Drovnia's sheet
        options = legal_for(state, "drovnia")
        state = RULES.apply(state, BasicPolicy().decide(RULES.view(state, "drovnia"), options).intent)
    options = legal_for(state, "drovnia")
    first = BasicPolicy().decide(RULES.view(state, "drovnia"), options)
    again = BasicPolicy().decide(RULES.view(state, "drovnia"), options)
    varied = RULES.vary_secrets(state, "drovnia", 2)
    other = BasicPolicy().decide(RULES.view(varied, "drovnia"), options)
    assert first.intent == again.intent == other.intent
    assert first.reason == other.reason


def test_it_never_trades() -> None:
    state = start()
    for _ in range(4):  # the allocation (politics at 30%: Francs to pay with), three seasons
        for seat in SEATS:
            state = walk(state, seat)
    assert state.phase == "trade"
    for seat in SEATS:
        options = legal_for(state, seat)
        assert len(options) > 1  # it could pay: it has Francs from politics
        assert isinstance(BasicPolicy().decide(RULES.view(state, seat), options).intent, DoneTrading)


def test_six_basic_players_finish_a_two_year_game() -> None:
    state = RULES.setup(2, {"turns": 2})
    players = {seat: POLICIES["basic"]() for seat in SEATS}
    for _ in range(20000):
        if state.over:
            break
        owed = RULES.pending(state).seats
        seat = owed[0]
        options = [i for i in RULES.legal(state) if i.seat == seat]
        choice = players[seat].decide(RULES.view(state, seat), options)
        assert choice.intent in options
        state = RULES.apply(state, choice.intent)
    assert state.over and state.turn == 2
    outcome = RULES.outcome(state)
    assert outcome is not None and {r.seat for r in outcome.results} == set(SEATS)
    # Each seat sealed its allocation through the plan's last line, SealAllocation.
    assert all(f"{seat} seals its allocation." in [ln.text for ln in state.log] for seat in SEATS)
    assert SealAllocation("lusk").describe()


def test_an_allocation_written_by_another_hand_is_still_finished_and_sealed() -> None:
    # Someone else began Lusk's allocation (politics at 30%, one infantry): off its plan, the
    # basic player spends what is left and seals rather than going round in circles.
    state = start(4)
    for line in (SetPolitics("lusk", 30), Buy("lusk", "infantry", "lusk")):
        state = RULES.apply(state, line)
    state = walk(state, "lusk")
    assert state.draft_of("lusk").sealed and checked(the_map(), state, "lusk").left == 0
