"""The Continent drawn in the terminal: every overlay fits 100 x 30 with every territory's
name and its legend, the inputs show (units, superiority, damage, supply), and owners read
apart without colour (NO_COLOR)."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from hedgemony_tui.games.grand_game.engine.map import starting_owners, the_map
from hedgemony_tui.games.grand_game.render.map_view import (
    AIR,
    ECONOMY,
    OVERLAYS,
    OWNERS,
    RAIL,
    SUPPLY,
    MapView,
    OverlayError,
    draw_map,
)

m = the_map()
HEADINGS = {
    OWNERS: "Holders:",
    AIR: "Air zones (superiority):",
    ECONOMY: "Economic zones:",
    SUPPLY: "Supply:",
    RAIL: "Rail:",
}


def shown(text: Text, width: int = 100, no_color: bool = False) -> list[str]:
    """The lines a terminal of ``width`` shows."""
    console = Console(file=io.StringIO(), width=width, no_color=no_color, color_system=None, record=True)
    console.print(text)
    return console.export_text().rstrip("\n").split("\n")


def a_view(overlay: str) -> MapView:
    owners = dict(starting_owners(m), vesne="kesterland")
    return MapView(
        m,
        overlay,
        owners=owners,
        units={"kester": {"kesterland": {"infantry": 3, "armor": 2}}, "narrows": {"lusk": {"light-fleet": 2}}},
        superiority={"west": ("kesterland", 2)},
        damage={"lowlands": 2},
        supply={"kester": 4},
    )


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_overlay_fits_100_by_30_with_every_name_and_its_legend(overlay: str) -> None:
    lines = shown(draw_map(a_view(overlay), 100, 30))
    assert len(lines) <= 30
    assert max(cell_len(line) for line in lines) <= 100
    page = "\n".join(lines)
    for place in m.places():
        assert place.name in page, place.name
    assert "capital" in page and "river" in page and "canal" in page  # the marks' key
    assert HEADINGS[overlay] in page


@pytest.mark.parametrize(("width", "height"), [(120, 40), (160, 50)])
def test_a_larger_screen_gets_larger_cells(width: int, height: int) -> None:
    lines = shown(draw_map(a_view(OWNERS), width, height), width)
    assert 30 < len(lines) <= height
    assert max(cell_len(line) for line in lines) <= width


def test_the_inputs_show() -> None:
    owners = "\n".join(shown(draw_map(a_view(OWNERS))))
    assert "K 3i2a" in owners  # Kester's own units
    assert "L2l" in owners  # another holder's fleets at sea, with its letter
    air = "\n".join(shown(draw_map(a_view(AIR))))
    assert "Z4 West: K+2" in air and "Z1 Northwest: none" in air
    economy = "\n".join(shown(draw_map(a_view(ECONOMY))))
    assert "LW Lowlands 12 L◧ d2" in economy  # Lusk's partial control (L99), 2 damage
    assert "MC Morlay Coast 3 A■" in economy
    supply = "\n".join(shown(draw_map(a_view(SUPPLY))))
    assert "K s4" in supply and "K 4 in all" in supply
    rail = "\n".join(shown(draw_map(a_view(RAIL))))
    assert "═" in rail and "║" in rail and "Northern Trunk" in rail


def test_owners_read_apart_without_colour() -> None:
    """With NO_COLOR every land territory shows its holder's letter under its name, and
    each country has a letter of its own."""
    view = a_view(OWNERS)
    lines = shown(draw_map(view), no_color=True)
    holders = view.holders()
    letters = {c.letter for c in m.countries.values()}
    assert len(letters) == len(m.countries)
    for land in m.lands.values():
        row = next(i for i, line in enumerate(lines) if f"{land.name} " in line or f"│{land.name}" in line)
        column = lines[row].index(land.name)
        assert lines[row + 1][column] == view.letter(holders[land.id]), land.name
    vesne = next(i for i, line in enumerate(lines) if "Vesne" in line)
    assert lines[vesne + 1][lines[vesne].index("Vesne")] == "K"  # taken from Arvenne


def test_rivers_canal_and_borders_are_drawn() -> None:
    page = "\n".join(shown(draw_map(a_view(OWNERS))))
    assert "≈" in page and "‡" in page and "┃" in page


def test_an_unknown_overlay_is_refused_with_the_choices() -> None:
    with pytest.raises(OverlayError, match="there is no 'weather' overlay .allowed: owners, air, economy"):
        draw_map(MapView(m, "weather"))
