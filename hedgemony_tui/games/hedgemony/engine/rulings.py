"""Blue free play through a White Cell ruling (chapters 3 and 7).

Blue's actions are meant to be mostly free play: a Blue player says what it wants its
forces to do, and the White Cell translates that into the game's terms — which table
resolves it, who may answer with forces, which Critical Capabilities each side may
use, what it costs and what each outcome row is worth. Here that is three decisions:

1. ``ProposeAction(player, location, title, kind)`` by the U.S. or NATO in its Blue
   phase: the kind of operation it intends (:data:`KINDS`) and its own words for it
   (ch. 3: Blue "need only articulate their intentions");
2. ``RuleAction(...)`` (or ``RefuseAction``) by the White Cell, on the table the kind
   calls for (ch. 8 and 10: CRT A for combat, RT B for everything short of it): nothing
   is paid yet, the ruling waits in ``state.proposal.ruling`` and is shown to the
   proposer in full, with the odds of every outcome (``ruling_odds``);
3. ``AcceptRuling`` (the cost is paid, the action is played) or ``WithdrawProposal``
   (nothing paid, the proposal ends) by the proposer.

A ruled action becomes a card that exists only in this game (``FP-<n>``, kept in
``state.rulings`` and rebuilt by :func:`ruling_card`), played through the same stages
as any printed card: the proposer commits forces, the opponent may respond, the die is
rolled on the named table. ``legal_intents`` offers a few standard proposals and
rulings (so bots and tests can pick from a list), which depend on the Red forces in the
place's AOR; any other proposal or ruling is accepted if :func:`proposal_problems` /
:func:`ruling_problems` find nothing wrong.
Edition choices (limits, standard rulings) are written down in rules/hedgemony/README.md (X9).
"""

from __future__ import annotations

import attrs

from . import names, ruling_text, runs
from .cards import CAPABILITIES, Band, Card, CardKind, ContestSpec
from .content import Content
from .intents import AcceptRuling, Intent, ProposeAction, RefuseAction, RuleAction, RulingRow, WithdrawProposal
from .ledger import log
from .op_kinds import BASE, KINDS, PROPOSAL_KINDS, TABLE_NAMES, a_kind, kind_words, table_for
from .state import CONUS_LOCATION, WHITE, GameState, Phase, Proposal, Ruling
from .terms import Outcome

TABLES = ("crt-a", "rt-b", "d10")
MAX_TITLE = 80
MAX_COST = 10
MAX_IP = 5
FAMILY = "free-play"


# --- the card a ruling makes -------------------------------------------------------------------


def _row_label(player: str, opponent: str, row: RulingRow) -> str:
    parts = [f"{player} {row.blue_ip:+d} IP"] if row.blue_ip else []
    if opponent and row.opponent_ip:
        parts.append(f"{opponent} {row.opponent_ip:+d} IP")
    return ", ".join(parts) or "no change"


def _ips(ruling: Ruling, row: RulingRow) -> dict[str, int]:
    ip = {ruling.player: row.blue_ip} if row.blue_ip else {}
    if ruling.opponent and row.opponent_ip:
        ip[ruling.opponent] = row.opponent_ip
    return ip


def ruling_card(ruling: Ruling, aor: str) -> Card:
    """The card a ruling is played as."""
    kind = f" ({kind_words(ruling.kind)})" if ruling.kind else ""
    text = f"White Cell ruling on {ruling.player}'s proposal{kind}: {ruling.title}."
    card = Card(
        id=ruling.card,
        player=ruling.player,
        kind=CardKind.ACTION,
        title=ruling.title,
        text=text,
        resolution="d10",
        cost=ruling.cost,
        every=0,
        families=(FAMILY,),
        aor=aor,
        source="ruling",
        note=ruling.name,
    )
    if ruling.table == "d10":
        bands = []
        for row in ruling.rows:
            low, high = (int(x) for x in row.key.split("-"))
            bands.append(Band(low, high, _row_label(ruling.player, ruling.opponent, row), ip=_ips(ruling, row)))
        return attrs.evolve(card, bands=tuple(bands))
    outcomes = {
        Outcome(row.key): Band(0, 9, Outcome(row.key).title, outcome=row.key, ip=_ips(ruling, row))
        for row in ruling.rows
    }
    contest = ContestSpec(
        table=ruling.table,
        responders=(ruling.opponent,) if ruling.opponent else (),  # none: read unanswered
        red_capabilities=ruling.red_capabilities,
        blue_capabilities=ruling.blue_capabilities,
        outcomes=outcomes,
        unopposed_ip={ruling.opponent: ruling.unopposed_ip} if ruling.unopposed_ip else {},
        unopposed_table="rt-b",
        unopposed_column="blue-advantage",
        locations=(ruling.location,),
    )
    return attrs.evolve(card, resolution="contest", contest=contest)


def with_rulings(content: Content, state: GameState) -> Content:
    """``content`` plus the cards of this game's rulings (the same object if none).

    The same rulings are asked for at every decision of a game: the base content keeps
    its last extension (``Content.rulings_memo``), so each decision gets the same object
    (and with it that content's own memos)."""
    content = content.base or content
    # A ruling waiting for the proposer's answer has its card too (not played yet): a
    # look-ahead that accepts it finds the card in the content it already has.
    proposal = state.proposal
    ruled = state.rulings + ((proposal.ruling,) if proposal is not None and proposal.ruling is not None else ())
    if not ruled:
        return content
    extended = content.rulings_memo.get(ruled)
    if extended is not None:
        return extended
    board = content.scenario.board
    extra = {r.card: ruling_card(r, board.aor_of(r.location)) for r in ruled}
    return content.rulings_memo.put(ruled, attrs.evolve(content, cards={**content.cards, **extra}, base=content))


# --- proposals -------------------------------------------------------------------------------------


def _proposed_key(player: str, location: str) -> str:
    return f"{player}:propose:{location}"


def may_propose(state: GameState, player: str) -> bool:
    """The Blue player whose turn it is in the Blue actions may propose once the readiness
    bill is paid, every Blue investment is made (ch. 3: actions come after them) and
    nothing else is in play."""
    return (
        state.phase is Phase.BLUE
        and state.queue[:1] == (player,)
        and state.readiness_paid
        and not state.blue_to_act
        and state.run is None
        and state.roll_request is None
        and state.proposal is None
    )


def proposal_problems(state: GameState, content: Content, intent: ProposeAction) -> list[str]:
    problems = []
    if not may_propose(state, intent.player):
        problems.append(
            f"{intent.player} may propose a free-play action only in its own turn of the Blue "
            "actions, after the readiness bill and every Blue investment, with nothing else in play"
        )
    board = content.scenario.board
    if intent.location not in {loc.id for loc in board.locations}:
        problems.append(f"there is no location {intent.location!r} on the board")
    if intent.kind not in PROPOSAL_KINDS:
        problems.append(
            f"say what kind of operation it is: one of {', '.join(KINDS)}, or a U.S. {BASE} "
            f"(got {intent.kind or 'none'})"
        )
    elif intent.kind == BASE and (intent.player != "US" or intent.location == CONUS_LOCATION):
        problems.append("a base is a U.S. proposal, at a place outside CONUS (ch. 9)")
    title = intent.title.strip()
    if not title or len(title) > MAX_TITLE or not title.isprintable():
        problems.append(f"say what the action is in 1-{MAX_TITLE} printable characters")
    if state.last_played.get(_proposed_key(intent.player, intent.location)) == state.turn:
        problems.append(
            f"{intent.player} has already proposed an action at {names.place(content, intent.location)} this turn"
        )
    return problems


def standard_kinds(state: GameState, content: Content, location: str) -> tuple[str, ...]:
    """The kinds of operation the list offers at a place (any other is accepted): a
    combat operation where a Red player has forces in the AOR, a show of force where a
    Red player has a stake (home or forces), else a presence operation."""
    stakes = opponents(state, content, location)
    if any(forces_in_aor(state, content, red, location) for red in stakes):
        return ("show-of-force", "combat")
    return ("show-of-force",) if stakes else ("presence",)


def standard_proposals(state: GameState, content: Content, player: str) -> list[Intent]:
    """The usual proposals at each place outside CONUS where ``player`` has forces and
    has not proposed this turn, one per kind of :func:`standard_kinds`."""
    if not may_propose(state, player):
        return []
    board = content.scenario.board
    places = sorted(
        {s.location for s in state.stacks_of(player) if s.ffs > 0 and s.available(state.turn)},
        key=lambda loc: [x.id for x in board.locations].index(loc),
    )
    return [
        ProposeAction(player, place, f"{kind_words(kind).capitalize()} at {board.location(place).name}", kind)
        for place in places
        if place != CONUS_LOCATION and state.last_played.get(_proposed_key(player, place)) != state.turn
        for kind in standard_kinds(state, content, place)
    ]


def propose(state: GameState, content: Content, intent: ProposeAction) -> GameState:
    proposal = Proposal(intent.player, intent.location, intent.title.strip(), kind=intent.kind)
    state = attrs.evolve(
        state,
        proposal=proposal,
        last_played={**state.last_played, _proposed_key(intent.player, intent.location): state.turn},
    )
    return log(
        state,
        intent.player,
        "propose",
        f"{intent.player} proposes {a_kind(intent.kind)} at {names.place(content, intent.location)}: {proposal.title}",
    )


# --- rulings ---------------------------------------------------------------------------------------


STANDARD_ROWS = {
    # (blue_ip, opponent_ip) per outcome, the scale of the printed Blue and Red contest cards
    # (US-E01, PRC-01: +-2 for a major, +-1 for a minor result).
    "rt-b": ((-2, 2), (-1, 1), (0, 0), (1, -1), (2, -2)),
    # Combat on CRT A is riskier: a major result swings 3, as the top of PRC-03's rows.
    "crt-a": ((-3, 3), (-1, 1), (0, 0), (1, -1), (3, -3)),
}


def opponents(state: GameState, content: Content, location: str) -> list[str]:
    """Red players with a stake where the action happens: home in its AOR or forces there."""
    board = content.scenario.board
    aor = board.aor_of(location)
    found = []
    for pid in content.scenario.red:
        home = board.aor_of(content.scenario.player(pid).home_location)
        if home == aor or any(board.aor_of(s.location) == aor and s.ffs for s in state.stacks_of(pid)):
            found.append(pid)
    return found


def forces_in_aor(state: GameState, content: Content, player: str, location: str) -> int:
    """The FFs ``player`` has in the AOR of ``location`` (the forces "at the place")."""
    board = content.scenario.board
    aor = board.aor_of(location)
    return sum(s.ffs for s in state.stacks_of(player) if s.ffs and board.aor_of(s.location) == aor)


def _rows(table: str) -> tuple[RulingRow, ...]:
    return tuple(RulingRow(o.value, b, r) for o, (b, r) in zip(Outcome, STANDARD_ROWS[table]))


def _capabilities(state: GameState, player: str) -> tuple[str, ...]:
    return tuple(c for c, level in state.player(player).capabilities.items() if level > 0)


def standard_rulings(state: GameState, content: Content) -> list[Intent]:
    """The White Cell's usual translations of a proposal, affordable to the proposer.

    The kind of operation names the table (README X9; ch. 8): a combat operation on
    CRT A (the CFs both commit, with every Critical Capability each side has), anything
    short of combat on RT B (the FFs both commit, no capability). One ruling against
    each Red player with a stake in the place's AOR (home or forces there), who may
    answer with forces; where no Red player has a stake, the operation no one answers,
    read on RT B's Blue Advantage column like any unanswered Blue contest."""
    proposal = state.proposal
    assert proposal is not None
    if proposal.kind == BASE:
        return [RefuseAction("")]  # a base's terms are the White Cell's own (discretion.BuildBase)
    if proposal.kind not in KINDS:
        return _rulings_before_kinds(state, content)
    rp = state.player(proposal.player).rp
    words, table = KINDS[proposal.kind]
    stakes = opponents(state, content, proposal.location)
    combat = table == "crt-a"
    cost, unopposed = (2, -2) if combat else (1, -1)
    options: list[RuleAction] = []
    for red in stakes:
        mine, theirs = (_capabilities(state, proposal.player), _capabilities(state, red)) if combat else ((), ())
        options.append(
            RuleAction(table, red, cost, mine, theirs, _rows(table), unopposed, f"{words}, {red} may answer")
        )
    if not stakes:
        rows = tuple(RulingRow(o.value, b, 0) for o, (b, _) in zip(Outcome, STANDARD_ROWS[table]))
        options.append(RuleAction(table, "", cost, rows=rows, title=f"{words} no one contests"))
    return [*(o for o in options if o.cost <= rp), RefuseAction("")]


def _rulings_before_kinds(state: GameState, content: Content) -> list[Intent]:
    """The standard rulings of a proposal saved before it said its kind: a show of force
    on RT B against each Red player with a stake, a combat operation on CRT A against
    each with forces there, else the operation no one contests."""
    proposal = state.proposal
    assert proposal is not None
    rp = state.player(proposal.player).rp
    mine = _capabilities(state, proposal.player)
    options: list[RuleAction] = []
    stakes = opponents(state, content, proposal.location)
    for red in stakes:
        options.append(RuleAction("rt-b", red, 1, rows=_rows("rt-b"), unopposed_ip=-1, title="show of force"))
        if forces_in_aor(state, content, red, proposal.location):
            options.append(
                RuleAction("crt-a", red, 2, mine, _capabilities(state, red), _rows("crt-a"), -2, "combat operation")
            )
    if not stakes:
        rows = tuple(RulingRow(o.value, b, 0) for o, (b, _) in zip(Outcome, STANDARD_ROWS["rt-b"]))
        options.append(RuleAction("rt-b", "", 1, rows=rows, title="operation no one contests"))
    return [*(o for o in options if o.cost <= rp), RefuseAction("")]


def answers(state: GameState) -> list[Intent]:
    """The proposer's answer to a ruling it has seen: accept it (if it can pay) or withdraw."""
    proposal = state.proposal
    assert proposal is not None and proposal.ruling is not None
    accept: list[Intent] = (
        [AcceptRuling(proposal.player)] if proposal.ruling.cost <= state.player(proposal.player).rp else []
    )
    return [*accept, WithdrawProposal(proposal.player)]


def ruling_problems(state: GameState, content: Content, intent: RuleAction) -> list[str]:
    """Everything wrong with a ruling (empty if the White Cell may make it now)."""
    proposal = state.proposal
    if proposal is None:
        return ["there is no proposal to rule on"]
    if proposal.ruling is not None:
        return [f"the White Cell has ruled already; {proposal.player} accepts or withdraws"]
    problems = []
    red = content.scenario.red
    wanted = table_for(proposal.kind)
    if proposal.kind == BASE:
        return [
            f"{proposal.player} proposed a base: the White Cell rules its cost, saving and host (ch. 9), or refuses it"
        ]
    if intent.table not in TABLES:
        problems.append(f"table must be one of {', '.join(TABLES)} (got {intent.table!r})")
    elif wanted and intent.table != wanted:
        # Ch. 8: combat is read on CRT A, every interaction short of it on RT B.
        problems.append(
            f"{a_kind(proposal.kind)} is resolved on {TABLE_NAMES[wanted]} (ch. 8: CRT A for "
            f"combat, RT B for noncombat), not {TABLE_NAMES[intent.table]}"
        )
    if wanted == "rt-b" and (intent.blue_capabilities or intent.red_capabilities):
        problems.append("RT B reads only the ratio of the FFs committed: no Critical Capabilities (ch. 8)")
    if not wanted and intent.table == "crt-a" and intent.opponent not in red:
        problems.append(f"a contest needs an opponent among {', '.join(red)} (got {intent.opponent or 'none'})")
    if (wanted or intent.table in ("d10", "rt-b")) and intent.opponent and intent.opponent not in red:
        problems.append(f"the opponent must be one of {', '.join(red)} or none")
    if not 0 <= intent.cost <= MAX_COST:
        problems.append(f"cost must be 0-{MAX_COST} RP (got {intent.cost})")
    elif intent.cost > state.player(proposal.player).rp:
        problems.append(
            f"{proposal.player} has {state.player(proposal.player).rp} RP, less than the cost {intent.cost}"
        )
    for side, caps in (("Blue", intent.blue_capabilities), ("Red", intent.red_capabilities)):
        unknown = [c for c in caps if c not in CAPABILITIES]
        if unknown or len(set(caps)) != len(caps):
            problems.append(f"{side} Critical Capabilities must be distinct, from {', '.join(CAPABILITIES)}")
    if intent.table == "d10" and (intent.blue_capabilities or intent.red_capabilities):
        problems.append("a plain D10 roll uses no Critical Capabilities")
    for row in intent.rows:
        if not (-MAX_IP <= row.blue_ip <= MAX_IP and -MAX_IP <= row.opponent_ip <= MAX_IP):
            problems.append(f"row {row.key}: IPs must be within -{MAX_IP}..+{MAX_IP}")
    if not -MAX_IP <= intent.unopposed_ip <= MAX_IP:
        problems.append(f"the unopposed IP must be within -{MAX_IP}..+{MAX_IP}")
    if intent.table in ("crt-a", "rt-b"):
        keys = [row.key for row in intent.rows]
        outcomes = [o.value for o in Outcome]
        if sorted(keys, key=lambda k: outcomes.index(k) if k in outcomes else -1) != outcomes:
            problems.append(f"a table ruling needs one row for each outcome: {', '.join(outcomes)}")
    elif intent.table == "d10":
        problems += band_problems(intent.rows)
    if len(intent.title) > MAX_TITLE:
        problems.append(f"the ruling's name is longer than {MAX_TITLE} characters")
    return problems


def band_problems(rows: tuple[RulingRow, ...]) -> list[str]:
    expected = 0
    for row in rows:
        try:
            low, high = (int(x) for x in row.key.split("-"))
        except ValueError:
            return [f"a D10 row is a band of faces like 0-3 (got {row.key!r})"]
        if low != expected or high < low or high > 9:
            return ["the D10 bands must cover the faces 0-9 in order, without gaps or overlaps"]
        expected = high + 1
    if expected != 10:
        return ["the D10 bands must cover the faces 0-9 in order, without gaps or overlaps"]
    return []


def rule(state: GameState, content: Content, intent: RuleAction) -> GameState:
    """The White Cell's ruling waits for the proposer's answer: nothing is paid yet."""
    proposal = state.proposal
    assert proposal is not None
    ruling = Ruling(
        card=f"FP-{state.next_id}",
        turn=state.turn,
        player=proposal.player,
        location=proposal.location,
        title=proposal.title,
        table=intent.table,
        opponent=intent.opponent,
        cost=intent.cost,
        blue_capabilities=intent.blue_capabilities,
        red_capabilities=intent.red_capabilities,
        rows=intent.rows,
        unopposed_ip=intent.unopposed_ip,
        name=intent.title,
        kind=proposal.kind,
    )
    state = attrs.evolve(state, proposal=attrs.evolve(proposal, ruling=ruling))
    return log(
        state,
        WHITE,
        "ruling",
        f"White Cell rules {proposal.player}'s '{proposal.title}': "
        f"{ruling_text.summary(state, content, ruling)}; {proposal.player} may accept or withdraw",
    )


def accept(state: GameState, content: Content, intent: AcceptRuling) -> GameState:
    """The proposer accepts: the ruling becomes card FP-<n>, paid and played."""
    proposal = state.proposal
    assert proposal is not None and proposal.ruling is not None
    ruling = proposal.ruling
    state = attrs.evolve(state, proposal=None, rulings=state.rulings + (ruling,), next_id=state.next_id + 1)
    state = log(
        state,
        intent.player,
        "ruling",
        f"{intent.player} accepts the ruling on '{ruling.title}', played as {ruling.card}",
    )
    content = with_rulings(content, state)
    return runs.start(state, content, proposal.player, content.card(ruling.card))


def withdraw(state: GameState, content: Content, intent: WithdrawProposal) -> GameState:
    """The proposer withdraws after seeing the ruling: nothing is paid."""
    proposal = state.proposal
    assert proposal is not None
    state = attrs.evolve(state, proposal=None)
    return log(
        state,
        intent.player,
        "ruling",
        f"{intent.player} withdraws '{proposal.title}' at {names.place(content, proposal.location)}; nothing is paid",
    )


def refuse(state: GameState, intent: RefuseAction) -> GameState:
    proposal = state.proposal
    assert proposal is not None
    state = attrs.evolve(state, proposal=None)
    return log(
        state,
        WHITE,
        "ruling",
        f"White Cell refuses {proposal.player}'s '{proposal.title}'" + (f": {intent.reason}" if intent.reason else ""),
    )
