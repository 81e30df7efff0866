"""What a roll or a card draw did, with the odds as they stood before it: the text of the
result screens (``front/results.py``).

Every figure comes from the engine run on the seat's own view as it was before the die:
each face is resolved by the engine's own ``roll`` (``table.odds.faces_of``), and what a
face would have meant is read off the state it leads to (a crisis's cost from
``reckon.requirement``, the Global Perception at stake from ``cycle.gp_moves``), so
these screens hold no second copy of a rule. A view hides the deck's order and the seed
only: the faces a die could show and the cards left to draw are open to every seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hedgemony_tui.table.odds import Face, at_least, faces_of

from ..engine import game
from ..engine.actors import ACTOR_OF_COLOUR, DIE, SEATS
from ..engine.board import Board, default_board
from ..engine.cards import event_cards
from ..engine.cycle import GpMove, gp_moves
from ..engine.intents import DrawEvent, Roll
from ..engine.reckon import cycles_to_failure, requirement, severe
from ..engine.state import INITIATIVE, MEDIA, PLACING, Entry, RescueState

ROLL_STAGES = (INITIATIVE, PLACING, MEDIA)


def odds(chance: Fraction, out_of: int = DIE) -> str:
    """A chance as a count of equally likely cases and a percentage: "2 in 6 (33%)"."""
    count = chance * out_of
    if count.denominator != 1:  # not a whole count of these cases: say the fraction itself
        return f"{chance.numerator} in {chance.denominator} ({float(chance):.0%})"
    return f"{count.numerator} in {out_of} ({float(chance):.0%})"


def new_entries(before: RescueState, after: RescueState) -> tuple[Entry, ...]:
    """The log lines the step wrote (what it did, in the engine's words)."""
    return after.log[len(before.log) :]


def rolled(before: RescueState, after: RescueState) -> Entry | None:
    """The log line of the die the step rolled, if it rolled one."""
    return next((e for e in new_entries(before, after) if e.roll is not None), None)


def result_body(intent: Any, before: RescueState, after: RescueState, seat: str) -> RenderableType | None:
    """The result screen's body for ``seat`` (``before``/``after`` its own views), or None
    when the step rolled no die and drew no card."""
    board = default_board()
    if isinstance(intent, DrawEvent) and after.event and after.event != before.event:
        return _event(before, after)
    if not isinstance(intent, Roll) or before.stage not in ROLL_STAGES:
        return None
    entry = rolled(before, after)
    if entry is None or entry.roll is None:
        return None
    face = entry.roll.raw
    if before.stage == INITIATIVE:
        return _initiative(before, after, intent, face, board)
    if before.stage == PLACING:
        return _placing(before, after, intent, face, board)
    return _media(before, after, intent, face, board)


def _head(title: str, line: str) -> Text:
    text = Text()
    text.append(f" {title} \n", style="bold reverse")
    text.append(line + "\n")
    return text


def _what_it_did(before: RescueState, after: RescueState) -> Text:
    text = Text("\nWhat it did\n", style="bold")
    for e in new_entries(before, after):
        text.append(f"  {e.text}\n")
    return text


def _by(intent: Any) -> str:
    typed = " (a die typed in)" if getattr(intent, "face", 0) else ""
    return f"{intent.seat}{typed}"


def _outcome_table(title: str, header: str, rows: Sequence[tuple[str, str]], mark: str) -> Table:
    table = Table(title=title, title_style="bold", title_justify="left", box=None, pad_edge=False, header_style="bold")
    table.add_column("", width=1)
    table.add_column(header, no_wrap=True)
    table.add_column("chance", justify="right", no_wrap=True)
    table.add_column("what it would have meant")
    for key, meaning in rows:
        table.add_row(">" if key == mark else "", key, odds(Fraction(1, DIE)), meaning)
    return table


# --- initiative ---------------------------------------------------------------------------------


def _initiative_meaning(state: RescueState, seat: str) -> str:
    if state.order:
        return "order settled: " + " > ".join(state.order)
    mine = state.initiative[SEATS.index(seat)]
    others = [(s, r) for i, (s, r) in enumerate(zip(SEATS, state.initiative)) if s != seat]
    tied = [s for s, r in others if r == mine]
    if tied:
        return f"a tie with {', '.join(tied)}: the tied roll again"
    # Compared with those who rolled as far as this seat has (a re-roll ranks among the tied).
    rolled = [(s, r) for s, r in others if len(r) >= len(mine) and r[: len(mine) - 1] == mine[:-1]]
    ahead = [s for s, r in rolled if r[: len(mine)] < mine]
    behind = [s for s, r in rolled if r[: len(mine)] > mine]
    words = [f"ahead of {', '.join(ahead)}"] if ahead else []
    words += [f"behind {', '.join(behind)}"] if behind else []
    # Still to roll: the rivals on this throw (same earlier rolls) who have not thrown it yet;
    # said only when there are some, and named.
    waiting = [s for s, r in others if len(r) < len(mine) and r == mine[: len(r)] and len(r) == len(mine) - 1]
    words += [f"not yet rolled: {', '.join(waiting)}"] if waiting else []
    return "; ".join(words) or "order not yet settled"


def _initiative(before: RescueState, after: RescueState, intent: Roll, face: int, board: Board) -> RenderableType:
    seat = intent.seat
    index = SEATS.index(seat)
    mine = before.initiative[index]
    # Only the seats whose earlier rolls match this seat's are rivals on this throw (R1).
    rivals = {s: r for i, (s, r) in enumerate(zip(SEATS, before.initiative)) if i != index and r[: len(mine)] == mine}
    against = [f"{s} {r[len(mine)]}" for s, r in rivals.items() if len(r) > len(mine)]
    faces = faces_of(DIE, lambda f: game.roll(before, board, f), first=1)
    best = max((r[len(mine)] for r in rivals.values() if len(r) > len(mine)), default=0)
    head = _head(
        f"Initiative: {seat} rolls {face}",
        f"{_by(intent)} rolled a d6 for the order of play"
        + (" again, after a tie" if mine else "")
        + f". Against: {', '.join(against) if against else 'no roll yet'}.",
    )
    ahead = at_least(faces, lambda f: f.face > best)
    tie = at_least(faces, lambda f: best > 0 and f.face == best)
    if best:
        head.append(f"Before the roll: {odds(ahead)} to beat every roll so far, {odds(tie)} to tie.\n")
    rows = [(str(f.face), _initiative_meaning(f.after, seat)) for f in faces]
    return Group(head, _outcome_table("Each face", "face", rows, str(face)), _what_it_did(before, after))


# --- a crisis die at setup ----------------------------------------------------------------------


def _placing(before: RescueState, after: RescueState, intent: Roll, face: int, board: Board) -> RenderableType:
    number = sum(c.placed for c in before.crises) + 1
    crisis = after.crisis(number)
    left = game.bag_left(before)
    bag = ", ".join(f"{left.count(c)} {c}" for c in sorted(set(left)))
    chance = Fraction(left.count(crisis.colour), len(left))
    head = _head(
        f"Crisis {number}: a {crisis.colour} die showing {face}",
        f"{_by(intent)} drew a die from the bag and rolled it for Crisis {number} at {crisis.hex}.",
    )
    head.append(f"The bag held {bag}: {crisis.colour} had a chance of {odds(chance, len(left))}; each face 1 in 6.\n")
    faces = faces_of(DIE, lambda f: game.roll(before, board, f, crisis.colour), first=1)
    rows = [(str(f.face), _crisis_meaning(f, number)) for f in faces]
    return Group(
        head,
        _outcome_table(f"Each face of a {crisis.colour} die", "face", rows, str(face)),
        _what_it_did(before, after),
    )


def _crisis_meaning(face: Face, number: int) -> str:
    crisis = face.after.crisis(number)
    costs = ", ".join(f"{s} {requirement(crisis, s).tokens}" for s in SEATS)
    gp = f"; {ACTOR_OF_COLOUR[crisis.colour]} loses GP while above 3" if severe(crisis) else ""
    return f"{costs} {requirement(crisis, SEATS[0]).resource}{gp}; fails in {cycles_to_failure(crisis)} cycles if left"


# --- the Media Meeple ---------------------------------------------------------------------------


def gp_move_words(move: GpMove) -> str:
    """One crisis's GP change in words: whose, how much, for which crisis and why, and,
    at the floor, what the actor actually loses ("HN -1 GP for C1 (green 5, open), but
    HN is at 0 GP: GP never goes below 0, so no change")."""
    twice = "; x2, watched" if move.doubled else ""
    words = f"{move.seat} {move.change:+d} GP for C{move.crisis} ({move.short}{twice})"
    moved = move.after - move.before
    if moved == move.change:
        return words
    if moved == 0:
        return f"{words}, but {move.seat} is at {move.before} GP: GP never goes below 0, so no change"
    return f"{words}, but {move.seat} has {move.before} GP: GP never goes below 0, so {moved:+d}"


def gp_at_stake(state: RescueState) -> str:
    """Every GP change the cycle's end would make if nothing changed before it, each with
    whose GP, which crisis and why (``cycle.gp_moves``, the engine's own reckoning)."""
    moves = gp_moves(state)
    return "; ".join(gp_move_words(m) for m in moves) if moves else "no one's GP moves"


def _watched_words(state: RescueState, number: int) -> str:
    """The watched crisis and whether it moves any GP itself."""
    crisis = state.crisis(number)
    if crisis.resolved_by:
        where = f"C{number} {crisis.hex}, resolved by {crisis.resolved_by}"
    else:
        where = f"C{number} {crisis.hex}, {crisis.colour} {crisis.face}{' riot' if crisis.riot else ''}"
    if any(m.crisis == number for m in gp_moves(state)):
        return where
    if state.settings.gp_scope == "all":
        return f"{where} (this table's GP ignores the Media Meeple)"
    why = "resolved in an earlier cycle" if crisis.resolved_by else "die 3 or less"
    return f"{where} (no GP: {why})"


def _media_meaning(face: Face, board: Board) -> str:
    at_stake = gp_at_stake(face.after)
    return f"watches {_watched_words(face.after, face.face)}. Cycle's end if nothing changes: {at_stake}"


def _media(before: RescueState, after: RescueState, intent: Roll, face: int, board: Board) -> RenderableType:
    crisis = after.crisis(face)
    head = _head(
        f"Media Meeple: Crisis {face}",
        f"{_by(intent)} rolled {face}: the Media Meeple watches Crisis {face} at {crisis.hex} this cycle.",
    )
    faces = faces_of(DIE, lambda f: game.roll(before, board, f), first=1)
    scope = before.settings.gp_scope
    if scope == "all":
        rule = "This table ignores the Media Meeple for GP (option 'all')."
    elif scope == "media":
        rule = "Only the crisis it watches moves GP at the cycle's end (option 'media')."
    else:
        rule = "The crisis it watches counts twice for GP at the cycle's end."
    head.append(
        "At a cycle's end an open crisis whose die is above 3 costs its colour's actor 1 GP, and one "
        "resolved that cycle earns its resolver 1 (GP never goes below 0). "
        + rule
        + " Each crisis had a chance of 1 in 6.\n"
    )
    stake = at_least(faces, lambda f: f.after.crisis(f.face).open and severe(f.after.crisis(f.face)))
    head.append(f"Before the roll: {odds(stake)} to land on an open crisis whose die is above 3.\n")
    rows = [(str(f.face), _media_meaning(f, board)) for f in faces]
    return Group(head, _outcome_table("Each face", "face", rows, str(face)), _what_it_did(before, after))


# --- the event card -----------------------------------------------------------------------------


def _event(before: RescueState, after: RescueState) -> RenderableType:
    cards = event_cards()
    card = cards[after.event]
    # The cards the draw could have turned: the deck, or (empty) the discards reshuffled (X3).
    pool = before.deck or before.discards
    head = _head(f"Event {card.id}: {card.title}", f"{after.drawer} drew the card of cycle {after.cycle}.")
    head.append(f"{card.text}\n", style="bold")
    reshuffled = "" if before.deck else " (the deck was empty: the discards were shuffled into a new one)"
    each = odds(Fraction(1, len(pool)), len(pool))
    head.append(f"It was one of {len(pool)} cards left to draw{reshuffled}, each {each}.\n")
    table = Table(
        title="The cards that could have come",
        title_style="bold",
        title_justify="left",
        box=None,
        pad_edge=False,
        header_style="bold",
    )
    table.add_column("", width=1)
    table.add_column("card", no_wrap=True)
    table.add_column("what it does")
    for cid in sorted(pool):
        table.add_row(">" if cid == card.id else "", f"{cid} {cards[cid].title}", cards[cid].text)
    return Group(head, _what_it_did(before, after), table)
