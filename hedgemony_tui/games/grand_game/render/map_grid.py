"""The Grand Game's map grid: each grid cell of the map's data a box of characters with
its territory's name, marks and overlay line, and the borders between boxes (heavy where
two holders meet, light inside one, ``≈`` on a river, ``‡`` on the canal)."""

from __future__ import annotations

from rich.text import Text

from ..engine.map import GameMap, air_zone_of, zone_control, zone_of
from ..engine.map_check import rail_links
from ..engine.map_data import FULL, PARTIAL
from . import palette as P
from .map_inputs import AIR, ECONOMY, MIN_CELL_HEIGHT, MIN_CELL_WIDTH, OWNERS, RAIL, SUPPLY, MapView, units_words


def cell_size(m: GameMap, width: int, height: int, legend_lines: int) -> tuple[int, int]:
    """Characters per cell across and down: 10 x 3 at the least, more when the screen has room."""
    across = max(MIN_CELL_WIDTH, width // m.columns)
    down = max(MIN_CELL_HEIGHT, min(5, (height - legend_lines) // m.rows))
    return across, down


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str) -> None:
        for ch in text:
            if 0 <= x < self.width and 0 <= y < self.height:
                self.cells[y][x] = (ch, style)
            x += 1

    def style_at(self, x: int, y: int) -> str:
        return self.cells[y][x][1]

    def lines(self) -> list[Text]:
        out = []
        for row in self.cells:
            line = Text(no_wrap=True, overflow="crop", end="")
            for ch, style in row:
                line.append(ch, style=style or None)
            out.append(line)
        return out


_CORNERS = {
    (1, 1, 1, 1): "┼", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (1, 0, 1, 1): "┴", (0, 1, 1, 1): "┬",
    (1, 1, 1, 0): "┤", (1, 1, 0, 1): "├", (1, 0, 1, 0): "┘", (1, 0, 0, 1): "└", (0, 1, 1, 0): "┐",
    (0, 1, 0, 1): "┌", (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}  # fmt: skip
"""Where borders meet: (up, down, left, right) arms -> the box-drawing piece."""


class Grid:
    """The map's cells and borders drawn on a canvas."""

    def __init__(self, view: MapView, across: int, down: int) -> None:
        self.view, self.m = view, view.game_map
        self.across, self.down = across, down
        self.holders = view.holders()
        self.at: dict[tuple[int, int], str] = {}
        for place in self.m.places():
            for cell in place.cells:
                self.at[cell] = place.id
        self.canvas = _Canvas(self.m.columns * across, self.m.rows * down)
        self.links = rail_links(self.m)
        self.river_edges = {frozenset(e) for r in self.m.rivers for e in r.edges}
        self.canal_edges = {frozenset(c.banks) for c in self.m.canals}

    # -- styles ----------------------------------------------------------------------
    def ground(self, territory: str | None) -> str:
        """The background of a territory's cells for this overlay."""
        if territory is None:
            return ""
        if territory in self.m.seas:
            return P.SEA_STYLE
        overlay = self.view.overlay
        if overlay == AIR:
            index = list(self.m.air_zones).index(air_zone_of(self.m, territory))
            return f"on {P.pick(P.ZONE_GROUNDS, index)}"
        if overlay == ECONOMY:
            index = list(self.m.zones).index(zone_of(self.m, territory))
            return f"on {P.pick(P.ZONE_GROUNDS, index)}"
        index = self.view.country_index(self.holders.get(territory))
        return f"on {P.NEUTRAL_GROUND if index < 0 else P.pick(P.COUNTRY_GROUNDS, index)}"

    def back(self, territory: str | None) -> str:
        """Only the background of :meth:`ground`, for marks drawn in their own ink."""
        ground = self.ground(territory)
        return ground[ground.index("on ") :] if "on " in ground else ""

    # -- borders ---------------------------------------------------------------------
    def border(self, a: str | None, b: str | None, upright: bool) -> tuple[str, str] | None:
        """The border piece between territories ``a`` and ``b`` (None: no border)."""
        if a == b or a is None or b is None:
            return None
        edge = frozenset((a, b))
        if edge in self.canal_edges:
            return P.CANAL, "bold #5fafff"
        if edge in self.river_edges:
            return P.RIVER, "bold #5f87ff"
        if a in self.m.seas and b in self.m.seas:
            return ("┆" if upright else "┄"), "#3a5f87"
        if a in self.m.seas or b in self.m.seas:
            return ("│" if upright else "─"), "#5f87af"
        if self.holders.get(a) != self.holders.get(b):
            return ("┃" if upright else "━"), "bold #d0d0d0"
        return ("│" if upright else "─"), "#808080"

    def draw(self) -> list[Text]:
        for (x, y), territory in self.at.items():
            self.fill(x, y, territory)
        for y in range(self.m.rows):
            for x in range(self.m.columns):
                self.borders(x, y)
        for place in self.m.places():
            if place.cells:
                self.label(place.id, *place.cells[0])
        if self.view.overlay == RAIL:
            self.rails()
        return self.canvas.lines()

    def fill(self, x: int, y: int, territory: str) -> None:
        px, py = x * self.across, y * self.down
        sea = territory in self.m.seas
        style = self.ground(territory)
        for line in range(self.down):
            self.canvas.put(px, py + line, (P.SEA_FILL if sea else " ") * self.across, style)

    def borders(self, x: int, y: int) -> None:
        here = self.at.get((x, y))
        right, below = self.at.get((x + 1, y)), self.at.get((x, y + 1))
        diagonal = self.at.get((x + 1, y + 1))
        px, py = x * self.across, y * self.down
        bx, by = px + self.across - 1, py + self.down - 1
        upright = self.border(here, right, True) if x + 1 < self.m.columns else None
        if upright:
            for line in range(self.down - 1):
                self.canvas.put(bx, py + line, upright[0], f"{upright[1]} {self.back(here)}")
        flat = self.border(here, below, False) if y + 1 < self.m.rows else None
        if flat:
            self.canvas.put(px, by, flat[0] * (self.across - 1), f"{flat[1]} {self.back(here)}")
        if x + 1 >= self.m.columns or y + 1 >= self.m.rows:
            return
        arms = (
            int(upright is not None),
            int(self.border(below, diagonal, True) is not None),
            int(flat is not None),
            int(self.border(right, diagonal, False) is not None),
        )
        if any(arms):
            pieces = [p for p in (upright, flat) if p]
            special = {p[0] for p in pieces} & {P.RIVER, P.CANAL}
            mark = special.pop() if special and sum(arms) == 2 else _CORNERS[arms]
            self.canvas.put(bx, by, mark, f"#808080 {self.back(here)}")
        elif here in self.m.seas:
            self.canvas.put(bx, by, P.SEA_FILL, P.SEA_STYLE)

    # -- text in the cells -----------------------------------------------------------
    def label(self, territory: str, x: int, y: int) -> None:
        px, py = x * self.across, y * self.down
        room = self.across - 1
        ground = self.ground(territory)
        if territory in self.m.seas:
            self.canvas.put(px, py, self.m.seas[territory].name[:room], P.SEA_NAME_STYLE)
            words = units_words(self.view, territory, None, room)
            if words:
                self.canvas.put(px, py + 1, words.ljust(room), f"bold {ground}")
            return
        land = self.m.lands[territory]
        capital = any(c.capital == territory for c in self.m.countries.values())
        marks = (P.CAPITAL if capital else "") + (
            P.PORT if land.is_port else P.CITY if land.is_city and not capital else ""
        )
        marks += (P.MOUNTAIN if land.mountain else "") + (P.RAIL if territory in self.links else "")
        name = land.name[: max(0, room - len(marks))]
        self.canvas.put(px, py, name.ljust(room - len(marks)), f"bold {ground}")
        back = self.back(territory)
        self.canvas.put(px + room - len(marks), py, marks, f"#d0d0d0 {back}")
        holder = self.holders.get(territory)
        self.canvas.put(px, py + 1, self.view.letter(holder), f"{self.view.ink(holder)} {back}")
        rest = self.overlay_words(territory, holder, room - 2)
        self.canvas.put(px + 2, py + 1, rest, f"{ground}")
        if self.down >= 4 and self.view.overlay != OWNERS:
            self.canvas.put(px, py + 2, units_words(self.view, territory, holder, room), f"bold {ground}")

    def overlay_words(self, territory: str, holder: str | None, room: int) -> str:
        overlay, view = self.view.overlay, self.view
        if overlay == OWNERS or (overlay == RAIL and self.down >= 4):
            return units_words(view, territory, holder, room) if overlay == OWNERS else ""
        if overlay == AIR:
            zone = air_zone_of(self.m, territory)
            words = self.m.air_zones[zone].tag
            if zone in view.superiority:
                side, points = view.superiority[zone]
                words += f" {view.letter(side)}+{points}"
            return words[:room]
        if overlay == ECONOMY:
            zone = zone_of(self.m, territory)
            control = zone_control(self.m, zone, holder, self.holders) if holder else "none"
            mark = {FULL: P.FULL_MARK, PARTIAL: P.PARTIAL_MARK}.get(control, P.NONE_MARK)
            words = f"{self.m.zones[zone].tag}{mark}"
            if view.damage.get(zone):
                words += f" d{view.damage[zone]}"
            return words[:room]
        if overlay == SUPPLY:
            count = view.supply.get(territory, 0)
            return f"s{count}"[:room] if count else ""
        return ""

    def rails(self) -> None:
        """The rail net as lines: ═ from a rail territory's centre to each rail neighbour
        beside it, ║ across the border to each one above or below."""
        for territory, others in self.links.items():
            x, y = self.m.lands[territory].cells[0]
            px, py = x * self.across, y * self.down
            centre = px + (self.across - 1) // 2 + 1
            style = f"bold #ffd75f {self.back(territory)}"
            self.canvas.put(centre, py + 1, P.RAIL, style)
            for other in others:
                ox, oy = self.m.lands[other].cells[0]
                if oy == y and ox == x + 1:
                    self.canvas.put(centre + 1, py + 1, P.RAIL_ACROSS * (px + self.across - centre - 1), style)
                elif oy == y and ox == x - 1:
                    # From after the holder's letter: the track runs through it, the letter stays.
                    self.canvas.put(px + 1, py + 1, P.RAIL_ACROSS * (centre - px - 1), style)
                elif ox == x and oy == y + 1:
                    self.canvas.put(centre, py + self.down - 1, P.RAIL_DOWN, style)
                    for line in range(2, self.down - 1):
                        self.canvas.put(centre, py + line, P.RAIL_DOWN, style)
                # A link to the cell above is drawn by that cell, across their shared border.
