"""The legend under the Grand Game's map: the marks every overlay draws, then what the
chosen overlay shows (countries and their letters, superiority per air zone, control and
damage per economic zone, supply held, the rail lines), wrapped to the screen's width."""

from __future__ import annotations

from rich.text import Text

from ..engine.map import control_of
from ..engine.map_data import FULL, PARTIAL
from . import palette as P
from .map_inputs import AIR, ECONOMY, OWNERS, RAIL, SUPPLY, MapView

Item = list[tuple[str, str]]  # pieces of one legend entry: text, style


def _wrap(items: list[Item], width: int) -> list[Text]:
    """Entries on lines of ``width``, two spaces between entries, an entry never split
    unless it is wider than a line by itself (then it is cut with …)."""
    lines: list[Text] = []
    line = Text(no_wrap=True, overflow="crop", end="")
    for item in items:
        size = sum(len(t) for t, _ in item)
        if line.plain and len(line.plain) + 2 + size > width:
            lines.append(line)
            line = Text(no_wrap=True, overflow="crop", end="")
        if line.plain:
            line.append("  ")
        for text, style in item:
            line.append(text, style=style or None)
        if len(line.plain) > width:
            line.truncate(width - 1)
            line.append("…")
    if line.plain:
        lines.append(line)
    return lines


def terrain_items() -> list[Item]:
    return [
        [(P.CAPITAL, "bold"), (" capital", "")],
        [(P.CITY, "bold"), (" city", "")],
        [(P.PORT, "bold"), (" port", "")],
        [(P.MOUNTAIN, "bold"), (" mountain", "")],
        [(P.RAIL, "bold"), (" railroad", "")],
        [(P.RIVER, "bold #5f87ff"), (" river", "")],
        [(P.CANAL, "bold #5fafff"), (" canal", "")],
        [("┃", "bold"), (" holders' border", "")],
        [(P.SEA_FILL, P.SEA_STYLE), (" sea", "")],
    ]


def _countries(view: MapView) -> list[Item]:
    return [[(c.letter, view.ink(c.id)), (f" {c.name}", "")] for c in view.game_map.countries.values()]


def _units_key() -> list[Item]:
    items: list[Item] = [[("Units:", "bold")]]
    items += [[(letter, "bold"), (f" {kind.replace('-', ' ')}", "")] for kind, letter in P.UNIT_LETTERS.items()]
    return items + [[("K2a", "bold"), (" another holder's", "")], [("5u", "bold"), (" five in all", "")]]


def overlay_items(view: MapView) -> list[Item]:
    """The entries explaining the chosen overlay."""
    m, overlay = view.game_map, view.overlay
    if overlay == OWNERS:
        return [[("Holders:", "bold")], *_countries(view), *_units_key()]
    if overlay == AIR:
        items: list[Item] = [[("Air zones (superiority):", "bold")]]
        for air in m.air_zones.values():
            held = view.superiority.get(air.id)
            words = f"{view.letter(held[0])}+{held[1]}" if held else "none"
            items.append([(air.tag, "bold"), (f" {air.name}: ", ""), (words, view.ink(held[0]) if held else "dim")])
        return items
    if overlay == ECONOMY:
        holders = view.holders()
        items = [
            [("Economic zones:", "bold")],
            [(f"{P.FULL_MARK} full {P.PARTIAL_MARK} partial {P.NONE_MARK} none; value, holders, dN damage", "dim")],
        ]
        for zone in m.zones.values():
            control = control_of(m, zone.id, holders)
            shown = [
                (f" {view.letter(c)}{P.FULL_MARK if level == FULL else P.PARTIAL_MARK}", view.ink(c))
                for c, level in control.items()
                if level in (FULL, PARTIAL)
            ]
            damage = view.damage.get(zone.id, 0)
            items.append(
                [(zone.tag, "bold"), (f" {zone.name} {zone.value}", ""), *(shown or [(" -", "dim")])]
                + ([(f" d{damage}", "bold red")] if damage else [])
            )
        return items
    if overlay == SUPPLY:
        holders = view.holders()
        totals: dict[str | None, int] = {}
        for territory, count in view.supply.items():
            totals[holders.get(territory)] = totals.get(holders.get(territory), 0) + count
        items = [[("Supply:", "bold")], [("s4", "bold"), (" four supply counters there", "")]]
        items += [[(view.letter(c), view.ink(c)), (f" {n} in all", "")] for c, n in totals.items() if n]
        return items or [[("no supply given", "dim")]]
    if overlay == RAIL:
        items = [
            [("Rail:", "bold")],
            [(f"{P.RAIL_ACROSS} {P.RAIL_DOWN}", "bold #ffd75f"), (" track between two territories", "")],
        ]
        items += [[(rail.name, "")] for rail in m.railroads]
        return items
    return []


def legend_lines(view: MapView, width: int) -> list[Text]:
    """The legend for ``view``'s overlay, in lines of at most ``width`` characters."""
    return _wrap(terrain_items(), width) + _wrap(overlay_items(view), width)
