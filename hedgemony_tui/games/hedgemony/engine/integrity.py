"""Checks that a state obeys the rules' standing invariants.

Used when a save is loaded (a hand-edited or forged file that breaks the rules is
refused with the reason) and after every step of the state-machine and conformance
tests (so a check here that a legal game could fail is caught at once).

The load check covers every field of :class:`~.state.GameState`: the players (exactly
the scenario's), their bounds (RP, IP, Tech Levels, Force Factors), the stacks and the
places, the turn, the rulings (within the reducer's own limits), the lasting effects,
the procurements, the proxies and bases, and the log; the cards and the card in play
are checked in :mod:`.integrity_cards`. The bounds are far above anything a game
reaches (an 8-turn game peaks near 40 RP, 60 IP, 25 FFs a player) and far below what a
forger wants (1,000 FFs, 10⁶ RP): a number beyond them is a changed file, not a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hedgemony_tui.table.contract import OptionSpec

from .cards import CAPABILITIES
from .content import Content
from .discretion import MAX_BASE_PERCENT
from .integrity_cards import card_problems
from .op_kinds import KINDS, PROPOSAL_KINDS, table_for
from .rulings import MAX_COST, MAX_TITLE, TABLES, band_problems
from .rulings import MAX_IP as MAX_RULING_IP
from .state import WHITE, GameState, LogEntry, Settings
from .terms import MOD_LEVELS, READINESS_LEVELS, Outcome

MAX_RP = 999
"""RP a player may hold (or earn per turn) in a saved game."""
MAX_PLAYER_IP = 999
"""IP a player may hold, either way."""
MAX_FFS = 300
"""Force Factors one player may have in all (stacks, procurements on order, proxies)."""
MAX_EFFECT = 100
"""The size of a lasting effect's value or of a scheduled change."""
MAX_TURN_AHEAD = 100
"""How far past the game's last turn a pin, an effect or a schedule may reach."""
MAX_TEXT = 2_000
"""Characters in one log line or title: far above any the game writes."""
LOG_KINDS_OF_CHANGE = ("rp", "ip", "ff")


def problems(state: GameState, content: Content, options: Sequence[OptionSpec] = ()) -> list[str]:
    """Every broken invariant, in words; empty when the state is sound. ``options`` are
    the new-game option specs the settings must fall within (none: not checked)."""
    found: list[str] = []
    scenario = content.scenario
    ids = set(scenario.player_ids)
    if {p.id for p in state.players} != ids or len(state.players) != len(ids):
        found.append(f"the players must be exactly {', '.join(scenario.player_ids)}")
        return found
    found += settings_problems(state.settings, options, scenario.red)
    last = max(state.settings.turns, 1)
    if not 1 <= state.turn <= last:
        found.append(f"turn {state.turn} is outside 1-{state.settings.turns}")
    for name, value in (
        ("seed", state.seed),
        ("decisions", state.decisions),
        ("next_id", state.next_id),
        ("policy_seed", state.policy_seed),
        ("rng.draws", state.rng.draws),
    ):
        if value < 0:
            found.append(f"{name} is {value}, never below 0")
    found += _player_problems(state, content)
    found += _stack_problems(state, content)
    found += _ruling_problems(state, content)
    found += _lasting_problems(state, content)
    found += _log_problems(state, content)
    found += card_problems(state, content)
    return found


def settings_problems(settings: Settings, options: Sequence[OptionSpec], red: Iterable[str]) -> list[str]:
    """The settings within the new-game form's ranges, and a Red order of the Red players."""
    found = []
    for spec in options:
        if hasattr(settings, spec.id):
            problem = spec.problem(getattr(settings, spec.id))
            if problem:
                found.append(f"setting {problem}")
    if sorted(settings.red_order) != sorted(red):
        found.append(f"the Red order must name each of {', '.join(red)} once")
    return found


def _bounded(found: list[str], what: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        found.append(f"{what} is {value}, outside {low} to {high}")


def _player_problems(state: GameState, content: Content) -> list[str]:
    found: list[str] = []
    scenario = content.scenario
    for player in state.players:
        if player.side != scenario.player(player.id).side:
            found.append(f"{player.id} is on the {player.side!r} side, not {scenario.player(player.id).side!r}")
        _bounded(found, f"{player.id}'s RP", player.rp, 0, MAX_RP)
        _bounded(found, f"{player.id}'s IP", player.ip, -MAX_PLAYER_IP, MAX_PLAYER_IP)
        _bounded(found, f"{player.id}'s RP per turn", player.per_turn_rp, 0, MAX_RP)
        if not 1 <= player.tech_level <= 7:
            found.append(f"{player.id} National Tech Level {player.tech_level} is outside 1-7")
        for table in (player.capabilities, player.shown_capabilities):
            for name, level in table.items():
                if name not in CAPABILITIES:
                    found.append(f"{player.id} has an unknown Critical Capability {name!r} ({', '.join(CAPABILITIES)})")
                elif not 0 <= level <= player.tech_level:
                    found.append(f"{player.id} {name} level {level} is outside 0-{player.tech_level} (its Tech Level)")
        forces = state.ffs_of(player.id) + sum(p.ffs for p in state.procurements if p.player == player.id)
        if forces > MAX_FFS:
            found.append(f"{player.id} has {forces} Force Factors (at most {MAX_FFS})")
    return found


def _stack_problems(state: GameState, content: Content) -> list[str]:
    found: list[str] = []
    ids = set(content.scenario.player_ids)
    places = {loc.id for loc in content.scenario.board.locations}
    horizon = state.settings.turns + MAX_TURN_AHEAD
    seen: set[str] = set()
    for stack in state.stacks:
        if stack.id in seen:
            found.append(f"stack id {stack.id} is used twice")
        seen.add(stack.id)
        if stack.owner not in ids:
            found.append(f"stack {stack.id} belongs to an unknown player {stack.owner!r}")
            continue
        if not 1 <= stack.ffs <= MAX_FFS:
            found.append(f"stack {stack.id} holds {stack.ffs} FF (1-{MAX_FFS})")
        if stack.mod not in MOD_LEVELS or stack.mod > state.player(stack.owner).tech_level:
            found.append(f"stack {stack.id} is M{stack.mod}, above {stack.owner}'s Tech Level or outside 1-7")
        if stack.location not in places or stack.home not in places:
            found.append(f"stack {stack.id} is at an unknown place ({stack.location!r}, home {stack.home!r})")
        if stack.readiness not in READINESS_LEVELS:
            found.append(f"stack {stack.id} readiness {stack.readiness}% is not a printed level")
        for name in (
            "pinned_through",
            "reset_through",
            "arrived_turn",
            "procured_turn",
            "ready_turn",
            "moved_turn",
            "bought_back_turn",
        ):
            _bounded(found, f"stack {stack.id} {name}", getattr(stack, name), 0, horizon)
    for order in state.procurements:
        if order.player not in ids or order.location not in places:
            found.append(f"a procurement names an unknown player or place ({order.player!r}, {order.location!r})")
            continue
        if not 1 <= order.ffs <= MAX_FFS:
            found.append(f"{order.player}'s procurement of {order.ffs} FF is outside 1-{MAX_FFS}")
        if order.mod not in MOD_LEVELS or order.mod > state.player(order.player).tech_level:
            found.append(f"{order.player}'s procurement at M{order.mod} is above its Tech Level or outside 1-7")
    for partner in state.proxy_partners:
        if partner.sponsor not in ids or partner.location not in places:
            found.append(f"proxy {partner.name!r} names an unknown sponsor or place")
        for force in partner.forces:
            if not 1 <= force.ffs <= MAX_FFS or force.mod not in MOD_LEVELS or not 0 <= force.ready_turn <= horizon:
                found.append(f"proxy {partner.name!r} has forces outside 1-{MAX_FFS} FF, M1-7 or the game's turns")
    for base in state.bases:
        if base.location not in places or not 0 <= base.percent <= MAX_BASE_PERCENT or not 0 <= base.turn <= state.turn:
            found.append(
                f"the base at {base.location!r} has an unknown place, a percent outside"
                f" 0-{MAX_BASE_PERCENT} or a turn to come"
            )
    for key, count in state.moves.items():  # keyed by the group a move is priced in
        if not 0 <= count <= MAX_FFS:
            found.append(f"this phase's deployments count {count} for {key!r} (0-{MAX_FFS})")
    return found


def _ruling_problems(state: GameState, content: Content) -> list[str]:
    """Ruled free-play actions within the reducer's own limits (``rulings.ruling_problems``):
    a hand edit may make a ruling cost -100 or pay 50 IP."""
    found = []
    places = {loc.id for loc in content.scenario.board.locations}
    seen: set[str] = set()
    proposal = state.proposal
    waiting = (proposal.ruling,) if proposal is not None and proposal.ruling is not None else ()
    for r in state.rulings + waiting:  # a ruling waiting for the proposer's answer too
        where = f"ruling {r.card}"
        if r.card in seen or r.card in content.cards or not r.card.startswith("FP-"):
            found.append(f"{where} reuses a card id (a ruling's card is FP-<n>, once)")
        seen.add(r.card)
        if r.player not in content.scenario.blue or r.location not in places or r.table not in TABLES:
            found.append(f"{where} names an unknown Blue player, place or table")
            continue
        if not 0 <= r.cost <= MAX_COST:
            found.append(f"{where} costs {r.cost} RP (a ruling costs 0-{MAX_COST})")
        if not 1 <= r.turn <= state.turn:
            found.append(f"{where} was ruled in turn {r.turn}, not yet played")
        if len(r.title) > MAX_TITLE or len(r.name) > MAX_TITLE:
            found.append(f"{where}'s name is longer than {MAX_TITLE} characters")
        for side, caps in (("Blue", r.blue_capabilities), ("Red", r.red_capabilities)):
            if any(c not in CAPABILITIES for c in caps) or len(set(caps)) != len(caps):
                found.append(f"{where}: {side} Critical Capabilities must be distinct, from {', '.join(CAPABILITIES)}")
        ips = [r.unopposed_ip, *(v for row in r.rows for v in (row.blue_ip, row.opponent_ip))]
        if any(not -MAX_RULING_IP <= ip <= MAX_RULING_IP for ip in ips):
            found.append(f"{where}: IPs must be within -{MAX_RULING_IP}..+{MAX_RULING_IP}")
        if r.table == "d10":
            found += [f"{where}: {p}" for p in band_problems(r.rows)]
            if r.opponent and r.opponent not in content.scenario.red:
                found.append(f"{where}: the opponent must be a Red player or none")
        elif (
            sorted(row.key for row in r.rows) != sorted(o.value for o in Outcome)
            or r.opponent
            and r.opponent not in content.scenario.red
            or not r.opponent
            and r.table == "crt-a"
            and not r.kind
        ):  # before kinds, CRT A had one
            found.append(f"{where} needs one row per outcome and a Red opponent or none")
        if r.kind and (r.kind not in KINDS or table_for(r.kind) != r.table):
            found.append(f"{where}: a {r.kind!r} operation is not resolved on {r.table} (README X9)")
    if (
        proposal is not None
        and proposal.ruling is not None
        and (proposal.ruling.player != proposal.player or proposal.ruling.location != proposal.location)
    ):
        found.append("the ruling waiting for an answer is not on the proposal")
    if proposal is not None and (
        proposal.player not in content.scenario.blue
        or proposal.location not in places
        or len(proposal.title) > MAX_TITLE
    ):
        found.append(
            "the proposal waiting for a ruling names an unknown Blue player or place, or its title is too long"
        )
    if proposal is not None and proposal.kind and proposal.kind not in PROPOSAL_KINDS:
        found.append(f"the proposal waiting for a ruling is of no known kind ({proposal.kind!r}; README X9)")
    return found


def _lasting_problems(state: GameState, content: Content) -> list[str]:
    """Effects, schedules and secrets: known players, sane sizes, turns within the game."""
    found: list[str] = []
    ids = set(content.scenario.player_ids)
    horizon = state.settings.turns + MAX_TURN_AHEAD
    effect_ids: set[int] = set()
    for effect in state.effects:
        if effect.player not in ids and effect.player != WHITE:
            found.append(f"effect {effect.id} applies to an unknown player {effect.player!r}")
        if effect.id in effect_ids or not 0 <= effect.id < state.next_id:
            found.append(f"effect id {effect.id} is used twice or not yet given out")
        effect_ids.add(effect.id)
        if not -MAX_EFFECT <= effect.value <= MAX_EFFECT or not 0 <= effect.uses <= MAX_EFFECT:
            found.append(f"effect {effect.id} is worth {effect.value} (uses {effect.uses}), outside ±{MAX_EFFECT}")
        if not 0 <= effect.first_turn <= effect.last_turn <= horizon:
            found.append(f"effect {effect.id} lasts turns {effect.first_turn}-{effect.last_turn}, not within the game")
    for item in state.scheduled:
        if item.player not in ids or not -MAX_EFFECT <= item.amount <= MAX_EFFECT or not 0 <= item.turn <= horizon:
            found.append(
                f"a scheduled change for {item.player!r} ({item.target} {item.amount:+} in turn {item.turn})"
                " is outside the game"
            )
    for secret in state.secrets:
        if secret.player not in ids or secret.capability not in CAPABILITIES or not 0 <= secret.reveal_turn <= horizon:
            found.append(f"a secret names an unknown player or capability ({secret.player!r}, {secret.capability!r})")
    for change in state.unseen:
        if (
            change.player not in ids
            or change.what not in ("rp", "ip")
            or not -MAX_EFFECT <= change.delta <= MAX_EFFECT
            or not 0 < change.seq <= len(state.log) + 1
            or not set(change.seen_by) <= ids | {WHITE}
        ):
            found.append(
                f"a private change for {change.player!r} ({change.what} {change.delta:+}, line {change.seq}) is not sound"
            )
    if state.appeal is not None and (state.appeal.player not in ids or not 0 <= state.appeal.amount <= MAX_RP):
        found.append(f"the appeal for emergency funding names {state.appeal.player!r} or {state.appeal.amount} RP")
    for group, names in (
        ("winners", state.winners),
        ("losers", state.losers),
        ("queue", state.queue),
        ("blue_to_act", state.blue_to_act),
        ("red_order_turn", state.red_order_turn),
    ):
        unknown = [n for n in names if n not in ids and n != WHITE]
        if unknown or len(set(names)) != len(names):
            found.append(f"{group} names {', '.join(map(repr, unknown)) or 'a player twice'}")
    for key, turn in state.last_played.items():
        if not 0 <= turn <= state.turn:
            found.append(f"{key} was last played in turn {turn}, not within 0-{state.turn}")
    return found


def _log_problems(state: GameState, content: Content) -> list[str]:
    """Log entries well formed: numbered in order, of known seats, turns already played."""
    found: list[str] = []
    seats = set(content.scenario.player_ids) | {WHITE}
    previous = 0
    for entry in state.log:
        problem = _entry_problem(entry, seats, state.turn, previous)
        if problem:
            found.append(f"log entry {entry.seq}: {problem}")
            if len(found) >= 3:
                break
        previous = entry.seq
    return found


def _entry_problem(entry: LogEntry, seats: set[str], turn: int, previous: int) -> str | None:
    if entry.seq <= previous:
        return f"numbered {entry.seq} after {previous} (the log is numbered in order)"
    if not 0 <= entry.turn <= turn:
        return f"dated turn {entry.turn}, after the current turn {turn}"
    if entry.actor not in seats and entry.actor != "":
        return f"by an unknown seat {entry.actor!r}"
    if any(seat not in seats for seat in entry.visible_to):
        return "visible to an unknown seat"
    if len(entry.text) > MAX_TEXT or len(entry.kind) > MAX_TEXT:
        return f"longer than {MAX_TEXT} characters"
    for change in entry.changes:
        if change.player not in seats or change.what not in LOG_KINDS_OF_CHANGE:
            return f"records a change of {change.what!r} for {change.player!r}"
    return None
