"""Text for the board's panels, from a seat's view: the forces with their cohesion cubes,
and the combat worksheet (CP ratio and column, each shift with its reason, the exact
chance of each result from the 16 d4-by-d4 outcomes, then the dice and the result)."""

from __future__ import annotations

from rich.text import Text

from ..engine.combat import COLUMNS, clamp, column_chances, result_chances, result_name, total
from ..engine.data import game_data
from ..engine.state import PHASE_TITLES, Combat, GameState, side_of
from ..engine.victory import exited_cp, red_cohesion
from ..rules import SEAT_NAMES
from .labels import place, result_words, unit
from .reckoning import guessed, preview


def seat_name(seat: str) -> str:
    """A commander as a player reads it ("Blue: Aquilian 32nd Mechanized Brigade")."""
    return SEAT_NAMES.get(seat, seat)


def status_line(view: GameState, seat: str, width: int = 0) -> str:
    """The line over the board: turn, phase, and the two instant wins' counts against their
    targets (Red's cohesion, and Red's combat power off the east edge out of what wins),
    in the longest of three wordings that fits in ``width`` (0: the longest)."""
    left, start = red_cohesion(view)
    phase, off = PHASE_TITLES.get(view.phase, view.phase), f"{exited_cp(view)}/{game_data().scenario.exit_cp} CP"
    line = f"turn {view.turn} of {view.turns} · {phase} · Red cohesion {left}/{start} · off the east edge {off}"
    you = f" · you are {seat}" if seat else ""
    forms = (
        f"Hex Encounters · {line}{you}",
        f"T{line[1:]}{you}",
        f"Turn {view.turn}/{view.turns} · {phase} · Red cohesion {left}/{start} · off east edge {off}"
        + (f" · {seat}" if seat else ""),
    )
    return next((f for f in forms if not width or len(f) <= width), forms[-1])


def forces(view: GameState, seat: str) -> Text:
    """Every block on the map or waiting, by side: own and allied in full, the enemy's
    hidden ones as hidden blocks, with a '•' per cohesion cube lost."""
    types = game_data().types
    out = Text()
    mine = side_of(seat) if seat else ""
    for side, title in (("red", "Red"), ("blue", "Blue and Green")):
        out.append(f"{title}{' (yours)' if side == mine else ''}\n", style="bold red" if side == "red" else "bold blue")
        for b in view.blocks:
            if b.side != side or b.status == "undeployed":
                continue
            t = types.get(b.kind)
            what = f"{t.name} {t.cp}/{t.mp}/{t.cohesion}" if t else "hidden block"
            where = {"map": b.hex, "reserve": "waiting", "dead": "destroyed", "exited": "off east edge"}[b.status]
            flags = ("" if b.supplied else " no supply") + (" seen" if b.revealed and b.on_map else "")
            out.append(
                f" {b.id:<3} {where:<13} {what} {'•' * b.loss}{flags}\n",
                style="dim" if b.status in ("dead", "exited") else "",
            )
    return out


def where(label: str) -> str:
    return place(label)


def unit_names(view: GameState, ids: tuple[str, ...], short: bool = False) -> str:
    return ", ".join(unit(view, i).replace(" battalion", "") if short else unit(view, i) for i in ids)


def worksheet(view: GameState) -> Text:
    """The combat in progress as a compact worksheet (it shares the board with the map),
    or a note that there is none."""
    combat = view.combat
    out = Text()
    if combat is None:
        out.append("No combat in progress. ", style="dim")
        return out
    tables = game_data().tables
    out.append(
        f"Combat at {where(combat.target)}: {combat.seat} attacks, {combat.defender_seat} defends\n", style="bold"
    )
    out.append(f" attackers: {unit_names(view, combat.attackers, short=True) or 'none yet'}\n")
    if combat.stage == "forming":
        now = preview(view)
        if now is None:  # the enemy's attack (its units' types are its own), or no unit yet
            if combat.attackers:
                out.append(" the odds are set when the attack is committed and the blocks are revealed\n", style="dim")
            else:
                out.append(" add units to see the odds the attack would have\n", style="dim")
            return out
        # The attacking side sees the odds as committing now would set them (the engine's
        # own reckoning), hidden defenders counted as their likeliest type.
        out.append(f" {now.attack_cp} CP so far; if committed now:\n", style="bold")
        out.append(f" defenders: {unit_names(view, now.defenders, short=True)}\n")
        stand_ins = guessed(view, now)
        if stand_ins:
            out.append(f" hidden from you, so a reckoning: {'; '.join(stand_ins)}\n", style="yellow")
        out.append(odds(now))
        out.append(
            " Committing reveals both sides' blocks. Until the dice are rolled you may still call it off,"
            " but its units will have used their attack this turn.\n",
            style="dim",
        )
        return out
    out.append(f" defenders: {unit_names(view, combat.defenders, short=True)}\n")
    out.append(odds(combat))
    if combat.stage == "roll":
        out.append(" Roll the dice, or call the attack off: its units have used their attack this turn.\n", style="dim")
    if combat.final >= 0:
        rolled = "dice rolled at the table" if combat.physical else "dice"
        out.append(
            f" {rolled}: attacker {combat.attacker_die}, defender {combat.defender_die} -> column "
            f"{COLUMNS[combat.final]}: {result_words(tables, combat.final)}\n",
            style="bold",
        )
        if combat.attacker_due or combat.defender_due:
            out.append(f" losses still to take: attacker {combat.attacker_due}, defender {combat.defender_due}\n")
    return out


def odds(combat: Combat) -> Text:
    """The ratio and its column, each shift with its reason, and the exact chance of each
    result from the 16 d4-by-d4 outcomes, with the final columns that give it."""
    tables = game_data().tables
    out = Text()
    out.append(f" {combat.attack_cp} CP against {combat.defend_cp} CP: column {COLUMNS[combat.base]}\n")
    for s in combat.shifts:
        out.append(f"  {s.value:+d}  {s.reason}\n")
    before = combat.base + total(combat.shifts)
    past = abs(before - clamp(before))
    # The shifts stop at the table's end (X-H6): say how many went unused, so the odds add up.
    beyond = f" (the table ends there: {past} more shift{'s' if past > 1 else ''} not counted)" if past else ""
    after = "after the shifts" if combat.shifts else "no shifts:"
    out.append(f" {after} {COLUMNS[clamp(before)]}{beyond}; the dice (16 outcomes) give:\n")
    words: dict[str, str] = {}
    columns: dict[str, list[str]] = {}
    for c, _ in column_chances(before):
        columns.setdefault(result_name(tables, c), []).append(COLUMNS[c])
        words[result_name(tables, c)] = result_words(tables, c)
    wide = max(len(w) for w in words.values()) + 2
    # A heading over each column, the last included: the final columns that give the result.
    out.append(f"  {'result':<{wide}}{'chance':<9}  from final column\n", style="dim")
    for name, p in result_chances(tables, before):
        out.append(
            f"  {words[name]:<{wide}}{p.numerator * 16 // p.denominator:>2}/16 {float(p):>4.0%}  "
            f"{' '.join(columns[name])}\n"
        )
    return out
