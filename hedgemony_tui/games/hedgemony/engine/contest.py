"""Forces meeting over a card: where, who commits what, and the roll on CRT A, RT B or
the card's own bands.

The flow (chapters 8, 10-12): the initiator names the place (the AOI) and commits FFs
from the AOR or an adjacent one; each responder commits in turn (the U.S. may also fly
forces in from CONUS at the reactive price, or the proactive one to a Blue card in its
own phase) or declines; then the roll. Unopposed, the
card's penalty applies and its unopposed column is read. Otherwise CFs (CRT A) or FFs
(RT B) choose the column, Critical Capabilities, effects and per-FF or per-RP bonuses
modify the roll, the card's outcome row gives the IPs, and "reset rules" send half the
committed FFs home (ch. 11). Third-party forces a card scripts (EVT-CON-04's Boko Haram)
count like players' forces. The stage machine around this is in ``runs.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hedgemony_tui.table.dice import Term

from . import costs, lasting_terms, names, out_of_area
from .cards import Card, ForceLimit
from .combat_factors import ForceGroup, combat_factors
from .content import Content
from .intents import CommitForces, Deploy, Intent
from .ledger import adjust, effect_total, log, matching_effects, put_stack, split
from .levels import reveal_secrets
from .readiness import readiness_after_reset
from .resolution import counted_ffs, critical_capability_modifier, crt_a_column, reset_ffs, rt_b_column
from .state import CONUS_LOCATION, CardRun, Commit, GameState, Phase, Stack
from .terms import Outcome, Source

NO_LIMIT = ForceLimit()  # a player the card sets no limit for (frozen: one instance serves all)


def run_of(state: GameState) -> CardRun:
    assert state.run is not None
    return state.run


def locations(content: Content, card: Card) -> tuple[str, ...]:
    assert card.contest is not None
    if card.contest.locations:
        return card.contest.locations
    return tuple(loc.id for loc in content.scenario.board.locations_in(card.aor))


def limit_of(card: Card, player: str) -> ForceLimit:
    assert card.contest is not None
    return card.contest.limits.get(player, NO_LIMIT)


def target_of(state: GameState, content: Content, player: str) -> str:
    """Where ``player``'s forces go for the card in play."""
    run = run_of(state)
    return limit_of(content.card(run.card), player).location or run.location


def keep_refusal(state: GameState, content: Content, intent: Intent) -> str:
    """Why a move is refused under a ``keep`` term ("" if that is not why)."""
    if not isinstance(intent, (CommitForces, Deploy)):
        return ""
    try:
        stack = state.stack(intent.stack)
    except KeyError:
        return ""
    if stack.owner != intent.player:
        return ""
    if isinstance(intent, Deploy):
        destination = intent.to
    elif state.run is not None:
        destination = target_of(state, content, intent.player)
    else:
        return ""
    term = lasting_terms.would_break(state, stack, intent.ffs, destination)
    if term is None:
        return ""
    where = " or ".join(sorted(content.scenario.board.location(p).name for p in lasting_terms.places_of(term)))
    return (
        f"{intent.player} must keep at least {term.value} FF near {where} for the rest of the game "
        f"({term.source}): moving {intent.ffs} FF from there would leave "
        f"{lasting_terms.ffs_at(state, stack.owner, lasting_terms.places_of(term)) - intent.ffs}"
    )


def source_of(content: Content, stack: Stack, aor: str) -> str | None:
    """Where a stack would fight from for a contest in ``aor``, or None if it cannot."""
    board = content.scenario.board
    if stack.location == CONUS_LOCATION:
        return Source.CONUS.value if stack.owner == "US" else None
    here = board.aor_of(stack.location)
    if here == aor:
        return Source.THEATER.value
    if board.adjacent(here, aor):
        return Source.ADJACENT.value
    return None


def _eligible(
    state: GameState, content: Content, player: str, aor: str, location: str | None, limit: ForceLimit = NO_LIMIT
) -> list[Stack]:
    stacks = []
    for stack in state.stacks_of(player):
        if not stack.available(state.turn):
            continue
        if stack.pinned(state.turn) and stack.location != location:
            continue  # pinned forces act only where they are pinned
        if limit.min_readiness and stack.owner == "US" and stack.readiness < limit.min_readiness:
            continue
        if source_of(content, stack, aor) is None:
            continue
        stacks.append(stack)
    return stacks


def eligible_stacks(state: GameState, content: Content, player: str) -> list[Stack]:
    """Stacks of ``player`` that could join the card in play."""
    place = target_of(state, content, player)
    card = content.card(run_of(state).card)
    return _eligible(state, content, player, content.scenario.board.aor_of(place), place, limit_of(card, player))


def reachable_stacks(state: GameState, content: Content, player: str) -> list[Stack]:
    """Stacks of ``player`` that could join the card in play but for the card's minimum
    readiness: those the U.S. may buy back into eligibility (ch. 8, 14)."""
    place = target_of(state, content, player)
    return _eligible(state, content, player, content.scenario.board.aor_of(place), place)


def eligible_initiator_stacks(state: GameState, content: Content, player: str, card: Card) -> list[Stack]:
    return _eligible(state, content, player, card.aor, None)


def committed_ids(run: CardRun) -> set[str]:
    return {c.stack for c in run.red + run.blue}


def committed_by(state: GameState, run: CardRun, player: str) -> int:
    return sum(c.ffs for c in run.red + run.blue if commit_owner(state, c) == player)


def commit_owner(state: GameState, commit: Commit) -> str:
    """Who committed these FFs ("" if the stack is gone)."""
    try:
        return state.stack(commit.stack).owner
    except KeyError:
        return ""


def proactive(state: GameState, content: Content, player: str, stack: Stack) -> bool:
    """A move from CONUS on the U.S. player's own initiative: in the Blue phase, to a card
    a Blue player started (US-E01, a free-play action). Chapter 9 prices it on the
    proactive table; answering a Red card or an event is reactive."""
    run = run_of(state)
    return (
        stack.location == CONUS_LOCATION
        and state.phase is Phase.BLUE
        and run.actor in content.scenario.blue
        and player in content.scenario.blue
    )


def commit_group(
    state: GameState, player: str, stack: Stack, content: Content | None = None, ahead: bool | None = None
) -> str:
    """Reactive moves group by the card answered: from CONUS all together, else by origin.
    Proactive moves from CONUS group by destination AOR, with the phase's posture moves
    (the key of ``posture.move_group``: one deployment per destination AOR, ch. 9).
    ``ahead``: whether the move is proactive, when the caller already knows."""
    origin = "conus" if stack.location == CONUS_LOCATION else stack.location
    if content is not None and (proactive(state, content, player, stack) if ahead is None else ahead):
        aor = content.scenario.board.aor_of(target_of(state, content, player))
        return f"{stack.owner}:conus->{aor}"
    return f"{run_of(state).card}:{player}:{origin}"


def commit_cost(state: GameState, content: Content, player: str, stack: Stack, ffs: int) -> int:
    """RPs the move into the AOI costs now (ch. 9), given what this player already moved.

    A ``deploy:<place>`` cost effect (EVT-POL-19: 1 RP more to deploy FFs to Iraq) is
    charged on any move to that place, free or not, with the group's first FF,
    as for posture moves; a plain ``deploy`` effect only on moves that cost RPs."""
    board = content.scenario.board
    place = target_of(state, content, player)
    ahead = proactive(state, content, player, stack)
    sent = state.moves.get(commit_group(state, player, stack, content, ahead), 0)
    base = costs.added_deployment_cost(
        content.rules,
        from_conus=stack.location == CONUS_LOCATION,
        origin_aor=board.aor_of(stack.location),
        destination_aor=board.aor_of(place),
        home_aor=board.aor_of(stack.home),
        ffs=ffs,
        reactive=not ahead,
        already_sent=sent,
    )
    if out_of_area.is_out_of_area_move(content, run_of(state), player):
        base = 0  # the out-of-area card's own cost includes the move (ch. 9)
    # A lasting surcharge on actions at the place (EVT-CON-29): once per card, with the first FFs.
    acting = 0 if committed_by(state, run_of(state), player) else lasting_terms.action_surcharge(state, player, place)
    if sent or stack.location == place:
        return base + acting  # the group's surcharges were charged with its first FF; no move, no charge
    extra = effect_total(state, player, "cost", (f"deploy:{place}",)) + (
        effect_total(state, player, "cost", ("deploy",)) if base else 0
    )
    return max(0, base + extra) + acting


def commit_options(state: GameState, content: Content, player: str) -> list[tuple[str, int]]:
    run = run_of(state)
    limit = limit_of(content.card(run.card), player)
    room = limit.max_ffs - committed_by(state, run, player) if limit.max_ffs else 99
    taken = committed_ids(run)
    rp = state.player(player).rp
    options = []
    aor = content.scenario.board.aor_of(target_of(state, content, player))
    for stack in eligible_stacks(state, content, player):
        if stack.id in taken or not out_of_area.origin_allowed(content, run, player, stack, aor):
            continue  # a second origin needs a second out-of-area card (ch. 9)
        for ffs in range(1, min(stack.ffs, room) + 1):
            if lasting_terms.would_break(state, stack, ffs, target_of(state, content, player)):
                break  # forces a lasting term keeps where they are (EVT-CON-29)
            if commit_cost(state, content, player, stack, ffs) <= rp:
                options.append((stack.id, ffs))
    return options


def may_finish(state: GameState, content: Content, player: str) -> bool:
    """Nothing, or at least the card's minimum (EVT-DPRK-06: at least 2 FFs)."""
    run = run_of(state)
    sent = committed_by(state, run, player)
    minimum = limit_of(content.card(run.card), player).min_ffs
    if player == run.leader and minimum:
        return sent >= minimum or not commit_options(state, content, player)
    return sent == 0 or sent >= minimum or not commit_options(state, content, player)


def side_in_run(content: Content, run: CardRun, player: str) -> str:
    """The side ``player``'s forces count for: its own, except that the player leading a
    response to a Red card answers it (China leading against a DPRK test counts as Blue)."""
    if run.leader == player and run.actor != "WHITE" and content.scenario.player(run.actor).side == "red":
        return "blue"
    return content.scenario.player(player).side


def commit(state: GameState, content: Content, player: str, stack_id: str, ffs: int) -> GameState:
    run = run_of(state)
    stack = state.stack(stack_id)
    place = target_of(state, content, player)
    source = source_of(content, stack, content.scenario.board.aor_of(place))
    assert source is not None
    price = commit_cost(state, content, player, stack, ffs)
    key = commit_group(state, player, stack, content)
    sent_ahead = proactive(state, content, player, stack)
    state = attrs.evolve(state, moves={**state.moves, key: state.moves.get(key, 0) + ffs})
    if price:
        state = adjust(state, player, f"moving forces to {names.place(content, place)}", rp={player: -price})
    part, state = split(state, stack_id, ffs)
    arriving = source != Source.THEATER.value or part.arrived_turn == state.turn
    moved = attrs.evolve(
        part, location=place, arrived_turn=state.turn if source != Source.THEATER.value else part.arrived_turn
    )
    state = put_stack(state, moved)
    entry = Commit(part.id, ffs, source, arriving, origin=stack.location, proactive=sent_ahead, round=run.round)
    if side_in_run(content, run, player) == "red":
        run = attrs.evolve(run, red=run.red + (entry,))
    else:
        run = attrs.evolve(run, blue=run.blue + (entry,))
    state = attrs.evolve(state, run=run)
    state = log(
        state,
        player,
        "commit",
        f"{player} commits {names.forces(ffs, part.mod)} from "
        f"{names.place(content, stack.location)} to {names.place(content, place)} ({source})",
    )
    return _commit_bonus(state, content, player, place)


def _commit_bonus(state: GameState, content: Content, player: str, place: str) -> GameState:
    """``commit-ip`` effects (EVT-IR-10): IPs the first time a player commits forces
    at a named place or against a named player on this card."""
    state = _bonus_to_others(state, player)
    run = run_of(state)
    if player in run.credited:
        return state
    card = content.card(run.card)
    opponents = {run.actor} if player != run.actor else set(card.contest.responders if card.contest else ())
    families = [f"at:{place}"] + [f"vs:{o}" for o in sorted(opponents)]
    bonus = sum(e.value for e in matching_effects(state, player, "commit-ip", families))
    if not bonus:
        return state
    state = attrs.evolve(state, run=attrs.evolve(run, credited=run.credited + (player,)))
    return adjust(
        state,
        player,
        f"committing forces ({', '.join(sorted({e.source for e in matching_effects(state, player, 'commit-ip', families)}))})",
        ip={player: bonus},
    )


def _bonus_to_others(state: GameState, player: str) -> GameState:
    """``commit-ip`` effects on ``by:<player>`` that the card in play left on others
    (EVT-POL-21: a Russian FF sent to Greece costs the U.S. and NATO/EU 1 IP): they apply
    the first time ``player`` commits to that card, and only to that card."""
    for effect in state.effects:
        run = run_of(state)
        key = f"{effect.player}<{player}"
        if (
            effect.kind == "commit-ip"
            and effect.family == f"by:{player}"
            and effect.source == run.card
            and effect.player != player
            and effect.active(state.turn)
            and key not in run.credited
        ):
            state = attrs.evolve(state, run=attrs.evolve(run, credited=run.credited + (key,)))
            state = adjust(
                state, effect.player, f"{player} commits forces ({run.card})", ip={effect.player: effect.value}
            )
    return state


# --- the roll ------------------------------------------------------------------------------


def _best(state: GameState, players: list[str], wanted: tuple[str, ...]) -> dict[str, int]:
    best: dict[str, int] = {}
    for pid in players:
        for cap in wanted:
            level = state.player(pid).capabilities.get(cap)
            if level is not None and level >= best.get(cap, -1):
                best[cap] = level
    return best


def force_groups(state: GameState, commits: Iterable[Commit]) -> list[ForceGroup]:
    """Committed FFs as the CF worksheet's groups (what ``read_table`` and the screens add up)."""
    groups = []
    for c in commits:
        stack = state.stack(c.stack)
        source = Source(c.source)
        if stack.owner == "US" and stack.bought_back_turn == state.turn:
            source = Source.CONUS  # the mat's note: bought-back forces use the reactive table
        elif c.proactive:
            source = Source.THEATER  # sent ahead, not in reaction: the reactive table is not theirs (ch. 10)
        groups.append(ForceGroup(c.ffs, stack.mod, stack.readiness if stack.owner == "US" else 100, source))
    return groups


def side_terms(state: GameState, content: Content) -> list[Term]:
    """Per-FF and per-RP roll bonuses the card grants (IR-09, EVT-CON-02, EVT-CON-01)."""
    run = run_of(state)
    card = content.card(run.card)
    terms: list[Term] = []
    if card.contest:
        for who, per in card.contest.roll_per_ff.items():
            if who == "blue":
                ffs = sum(c.ffs for c in run.blue)
            elif who == "red":
                ffs = sum(c.ffs for c in run.red)
            else:
                ffs = committed_by(state, run, run.leader if who == "leader" else who)
            if ffs and per:
                terms.append(Term(f"{who} FFs committed ({ffs} x {per:+d})", ffs * per))
    for offer in card.offers:
        if offer.roll_per_rp:
            for player, paid in sorted(run.paid.items()):
                extra = max(0, paid - offer.free_rp)
                if extra:
                    terms.append(Term(f"{player} RPs invested beyond {offer.free_rp}", extra * offer.roll_per_rp))
    return terms


def read_table(state: GameState, content: Content, table_name: str) -> tuple[str, str, list[Term], list[str]]:
    """Column, why, capability term(s) and players whose secrets the roll reveals."""
    run = run_of(state)
    card = content.card(run.card)
    spec = card.contest
    assert spec is not None
    # Third parties the card scripts, and proxies that came through for a side (ch. 15).
    third = {
        side: spec.third_party.get(side, 0) + allied_support(content, run, table_name).get(side, 0)
        for side in ("blue", "red")
    }
    terms: list[Term] = []
    revealed: list[str] = []
    if table_name == "crt-a":
        red_cf = (
            combat_factors(content.rules, force_groups(state, run.red), us=False).total if run.red else 0
        ) + third.get("red", 0)
        us_groups = force_groups(state, [c for c in run.blue if commit_owner(state, c) == "US"])
        other_groups = force_groups(state, [c for c in run.blue if commit_owner(state, c) != "US"])
        bought = sum(o.cf_per_rp * run.paid.get(p, 0) for o in card.offers for p in o.players if o.cf_per_rp)
        blue_cf = (
            (combat_factors(content.rules, us_groups, us=True).total if us_groups else 0)
            + (combat_factors(content.rules, other_groups, us=False).total if other_groups else 0)
            + third.get("blue", 0)
            + bought
        )
        choice = crt_a_column(blue_cf, red_cf)
        extra = f" (incl. {third.get('blue', 0) + bought} third-party)" if third.get("blue", 0) + bought else ""
        why = f"Blue {blue_cf} CFs{extra} vs Red {red_cf} CFs: {choice.reason}"
        blue_players = sorted({commit_owner(state, c) for c in run.blue})
        red_players = sorted(
            {commit_owner(state, c) for c in run.red}
            | ({run.actor} if run.actor != "WHITE" and content.scenario.player(run.actor).side == "red" else set())
        )
        if spec.blue_capabilities or spec.red_capabilities:
            cc = critical_capability_modifier(
                _best(state, blue_players, spec.blue_capabilities), _best(state, red_players, spec.red_capabilities)
            )
            terms.append(Term(cc.label, cc.value))
            revealed = blue_players + red_players
    else:
        red = counted_ffs(counters(state, run.red) + ([(third["red"], False)] if third.get("red") else []))
        blue = counted_ffs(counters(state, run.blue) + ([(third["blue"], False)] if third.get("blue") else []))
        choice = rt_b_column(blue, red)
        why = f"Blue {names.plural(blue, 'FF')} vs Red {names.plural(red, 'FF')}: {choice.reason}"
    halved = halving_notes(state, content, table_name)
    if halved:
        why += f"; halved: {'; '.join(halved)} ({HALVING_RULE[table_name]})"
    return choice.label, why, terms, revealed


HALVING_RULE = {
    "rt-b": "RT B, ch. 12: a counter acting or answering from out of area counts half its FFs, rounded up, "
    "on the turn it arrives",
    "crt-a": "CRT A, ch. 10: CFs of forces flowed in from an adjacent theater count half, rounded up",
}
"""Which table halves whom and why, as the journal and the result screen say it."""


def halving_notes(state: GameState, content: Content, table_name: str) -> list[str]:
    """Who was halved in the contest in play, each as "Red: RU 7 FF from Russia -> 4"
    (``HALVING_RULE`` says why). The numbers are the engine's own (``counted_ffs``, the CF
    worksheet's sources); this only says them."""
    run = run_of(state)
    notes: list[str] = []
    for side, commits in (("Blue", run.blue), ("Red", run.red)):
        merged: dict[tuple[str, str], int] = {}
        for c in commits:
            if table_name == "rt-b":
                halved = c.arriving
            else:  # the source the CF worksheet reads (bought-back U.S. forces use the reactive table)
                halved = table_name == "crt-a" and all(g.source is Source.ADJACENT for g in force_groups(state, [c]))
            if halved:
                key = (commit_owner(state, c), c.origin)
                merged[key] = merged.get(key, 0) + c.ffs
        for (owner, origin), ffs in merged.items():
            where = f" from {names.place(content, origin)}" if origin else ""
            after = f" -> {counted_ffs([(ffs, True)])} FF" if table_name == "rt-b" else ": CFs halved"
            notes.append(f"{side}: {owner} {ffs} FF{where}{after}")
    return notes


def allied_support(content: Content, run: CardRun, table_name: str) -> dict[str, int]:
    """Proxy forces employed on the card (ch. 15: they behave like other non-U.S. forces):
    per side, their in-theater CFs on CRT A, their FFs on RT B."""
    support: dict[str, int] = {}
    for side in ("blue", "red"):
        mine = [a for a in run.allies if a.side == side]
        if not mine:
            continue
        if table_name == "crt-a":
            groups = [ForceGroup(a.ffs, a.mod, 100, Source.THEATER) for a in mine]
            support[side] = combat_factors(content.rules, groups, us=False).total
        else:
            support[side] = sum(a.ffs for a in mine)
    return support


def counters(state: GameState, commits: Iterable[Commit]) -> list[tuple[int, bool]]:
    """One side's commitments as RT B's counters ``(ffs, arriving)``: the FFs one player
    sent from one place to the card, arriving from out of area or not, are one counter
    however many steps they were committed in (ch. 12 halves each counter, rounded up;
    five 1-FF steps from CONUS are one 5-FF counter, not five halves rounded up). A
    commitment saved before origins were kept is a counter of its own."""
    merged: dict[tuple[str, str, bool], int] = {}
    for c in commits:
        key = (commit_owner(state, c), c.origin or f"stack:{c.stack}", c.arriving)
        merged[key] = merged.get(key, 0) + c.ffs
    return [(ffs, arriving) for (_, _, arriving), ffs in merged.items()]


def reveal_used(state: GameState, content: Content, players: list[str]) -> GameState:
    card = content.card(run_of(state).card)
    spec = card.contest
    assert spec is not None
    used = spec.blue_capabilities + spec.red_capabilities
    return reveal_secrets(state, lambda s: s.player in players and s.capability in used, f"used in {card.id}")


def pin(state: GameState, run: CardRun, turns: int) -> GameState:
    for c in run.red + run.blue:
        try:
            stack = state.stack(c.stack)
        except KeyError:
            continue
        state = put_stack(state, attrs.evolve(stack, pinned_through=max(stack.pinned_through, state.turn + turns - 1)))
    return state


def unpin(state: GameState, run: CardRun) -> GameState:
    for c in run.red + run.blue:
        try:
            stack = state.stack(c.stack)
        except KeyError:
            continue
        state = put_stack(state, attrs.evolve(stack, pinned_through=0))
    return state


def reset(state: GameState, content: Content, run: CardRun, outcome: Outcome) -> GameState:
    """Half of each side's committed FFs (rounded up) go home for an additional turn
    (ch. 11); a Red player restores them for 1 RP each, ready the following turn."""
    for side in (run.red, run.blue):
        owners = {commit_owner(state, c) for c in side} - {""}
        for owner in sorted(owners):
            mine = [c for c in side if commit_owner(state, c) == owner]
            due = reset_ffs(sum(c.ffs for c in mine))
            sent = 0
            parts: list[str] = []
            for c in mine:
                if owner == "US":
                    stack = state.stack(c.stack)
                    state = put_stack(
                        state, attrs.evolve(stack, readiness=readiness_after_reset(stack.readiness, outcome))
                    )
                take = min(due - sent, c.ffs, state.stack(c.stack).ffs)
                if take <= 0:
                    continue
                part, state = split(state, c.stack, take)
                if part.pinned(state.turn):
                    # Pinned forces stay put; they go home when the pin is lifted (ch. 11).
                    part = attrs.evolve(part, reset_through=part.pinned_through + 1)
                else:
                    part = attrs.evolve(part, location=part.home, reset_through=state.turn + 1, arrived_turn=state.turn)
                state = put_stack(state, part)
                parts.append(part.id)
                sent += take
            lost = " and lose readiness by the outcome" if owner == "US" else ""
            state = log(
                state,
                owner,
                "reset",
                f"{owner}: {sent} of {sum(c.ffs for c in mine)} FF committed reset to home bases until the end of "
                f"turn {state.turn + 1}{lost} (the card's reset rules, ch. 11: half the FFs committed, rounded up)",
            )
            if content.scenario.player(owner).side == "red" and sent:
                pay = min(sent, state.player(owner).rp)
                state = adjust(
                    state, owner, "bringing back FF sent home by the reset (1 RP each, ch. 11)", rp={owner: -pay}
                )
                state = _restore(state, owner, parts, pay, sent)
    return state


def _restore(state: GameState, owner: str, parts: list[str], paid: int, sent: int) -> GameState:
    """Ch. 11: "Restored forces are ready for play on the following turn": the ``paid``
    FFs (the first reset) lose the additional turn; any a Red player could not pay for
    keep it."""
    left = paid
    for sid in parts:
        if left <= 0:
            break
        stack = state.stack(sid)
        take = min(left, stack.ffs)
        part, state = split(state, sid, take)
        state = put_stack(state, attrs.evolve(part, reset_through=part.reset_through - 1))
        left -= take
    unpaid = f"; {sent - paid} unpaid stay out until the end of turn {state.turn + 1}" if paid < sent else ""
    # One story with the reset line before it: the FFs went home, and paying cuts that short.
    return log(
        state,
        owner,
        "reset",
        f"{owner} pays {paid} RP (1 per FF) to cut the reset short: {paid} of the FF sent home are ready again "
        f"on turn {state.turn + 1} instead of sitting it out{unpaid}",
    )
