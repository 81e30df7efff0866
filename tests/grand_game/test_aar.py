"""The Grand Game's debrief sections (economy by year, seasons) and its placemats, read from
games played through ``RULES.legal``/``RULES.apply``; and ``hedgemony simulate``/``show``
drawing the placemats once the game is on the table."""

from __future__ import annotations

import attrs
import pytest
from rich.console import Console

from hedgemony_tui.cli import main
from hedgemony_tui.games.grand_game.cli import aar_sections, placemats
from hedgemony_tui.games.grand_game.cli.aar import Season, aar_rolls_csv, season_facts, seasons_section
from hedgemony_tui.games.grand_game.engine.game_intents import FleetStance, Fly, March, SetPolitics
from hedgemony_tui.games.grand_game.engine.game_state import GrandState
from hedgemony_tui.games.grand_game.rules import RULES
from hedgemony_tui.table import registry
from hedgemony_tui.table.replay import Timeline

from .game_helpers import allocate_all, arrange, done_trading, recording, seal_orders, season, start, year

ARMY = {("marrin", "lusk"): {"armor": 10, "supplies": 10}, ("ardun", "arvenne"): {"infantry": 1, "supplies": 2}}


@pytest.fixture(scope="module")
def played() -> Timeline:
    """A one-year game (seed 6): Kesterland puts 30% into politics, Lusk takes Ardun in spring."""
    first = arrange(start(6, turns=1), ARMY)
    with recording() as journal:
        state = allocate_all(first, {"kesterland": [SetPolitics("kesterland", 30)]})
        state = season(
            state,
            ("lusk", "marrin", March("lusk", "marrin", "ardun", "armor", 10)),
            ("lusk", "marrin", March("lusk", "marrin", "ardun", "supplies", 10)),
        )
        state = done_trading(seal_orders(seal_orders(state)))
    assert state.over and state.owners["ardun"] == "lusk"
    return Timeline(RULES, first, journal)


def sections(timeline: Timeline, viewpoint: str | None = None) -> dict[str, list[str]]:
    return dict(aar_sections(timeline, viewpoint))


def test_the_economy_section_has_every_country_at_the_start_and_after_each_reconciliation(played):
    lines = sections(played)["Economy by year"]
    final: GrandState = played.states[-1]
    rows = [ln for ln in lines if ln.startswith("| Kesterland |")]
    assert [r.split(" | ")[1] for r in rows] == ["start", "1"]
    figures = next(f for f in final.figures if f.seat == "kesterland")
    assert rows[1] == (
        f"| Kesterland | 1 | {figures.gdp} | {figures.francs} | 30% | {figures.cities} | "
        f"{figures.land_units} | {figures.aircraft} | {figures.fleets} |"
    )
    assert figures.francs > 0  # the politics Francs of reconciliation
    assert any(ln.startswith("- Lusk: ") and "Francs on a starting GDP of" in ln for ln in lines)


def season_lines(lines: list[str], title: str) -> list[str]:
    """The bullet lines of one season in the seasons section."""
    rest = lines[lines.index(title) + 1 :]
    return rest[: rest.index("")] if "" in rest else rest


def test_the_seasons_section_names_the_combats_and_the_territories_that_changed_hands(played):
    lines = sections(played)["Seasons"]
    spring = season_lines(lines, "**Year 1, spring**")
    assert "- Land combats: 1 (Ardun)" in spring
    assert "- Changed hands: Ardun (Arvenne → Lusk)" in spring
    assert "- Sea combats and port attacks: 0" in spring
    fall = season_lines(lines, "**Year 1, fall**")
    assert {"- Land combats: 0", "- No territory changed hands"} <= set(fall)
    assert "**Year 1, winter**" in lines


def test_air_battles_and_sea_combats_are_counted_where_they_were_fought():
    # Two air forces over the West and two fleets meeting in the Westdeep (the season test's
    # set-up for L144), against a zone flown over by one country alone.
    stacks = {
        ("westdeep", "lusk"): {"light": 2, "heavy": 1},
        ("westdeep", "arvenne"): {"light": 2, "heavy": 1},
        ("holt", "lusk"): {"infantry": 1, "aircraft": 3},
        ("arvel", "arvenne"): {"infantry": 1, "aircraft": 3},
    }
    before = allocate_all(arrange(start(), stacks))
    after = season(
        before,
        ("lusk", "holt", Fly("lusk", "holt", "west", "holt")),
        ("arvenne", "arvel", Fly("arvenne", "arvel", "west", "arvel")),
        ("kesterland", "kester", Fly("kesterland", "kester", "centre", "kester")),
        ("lusk", "westdeep", FleetStance("lusk", "westdeep", "engage")),
    )
    facts = season_facts(Season(before, after))
    assert (facts["air"], facts["unopposed"], facts["sea"]) == (["west"], ["centre"], ["westdeep"])
    text = seasons_section([Season(before, after)], None)[1]
    assert {"- Air battles: 1 (West)", "- Flown over unopposed: Centre"} <= set(text)
    assert "- Sea combats and port attacks: 1 (Westdeep)" in text


def test_each_seat_reads_the_same_public_debrief(played):
    assert sections(played, "arvenne") == sections(played, "lusk")


def test_a_seats_debrief_shows_its_own_private_lines_and_no_one_elses():
    before = allocate_all(start())
    after = seal_orders(before).logged("lusk's eyes only", seat="lusk")

    def shown(viewpoint: str | None) -> list[str]:
        if viewpoint is None:
            return seasons_section([Season(before, after)], None)[1]
        seen = Season(RULES.view(before, viewpoint), RULES.view(after, viewpoint))
        return seasons_section([seen], viewpoint)[1]

    assert "  - lusk's eyes only" in shown("lusk")
    assert not any("eyes only" in ln for ln in shown("arvenne"))
    assert "  - Lusk: lusk's eyes only" in shown(None)


def test_damage_is_split_between_bombing_and_attacks_on_shipping():
    # Bombing (L254) and attacks on shipping (L318) both damage an economic zone; the season
    # adds up each zone's new damage and counts as shipping what the shipping lines say.
    before = allocate_all(start())
    after = seal_orders(before)
    after = attrs.evolve(after, damage={"lowlands": 3, "pellia": 1})
    after = after.logged(
        "Sea combat:",
        "spring, attack on the port of lusk:",
        "greywater: kesterland follows up its token: lowlands takes 1 damage (L318)",
    )
    facts = season_facts(Season(before, after))
    assert facts["damage"] == {"lowlands": (2, 1), "pellia": (1, 0)}
    assert facts["sea"] == ["port of lusk"]
    text = seasons_section([Season(before, after)], None)[1]
    assert "- Damage to Lowlands: 2 by bombing, 1 by attacks on shipping" in text


def test_the_placemats_show_every_country_with_its_figures(played):
    final: GrandState = played.states[-1]
    console = Console(width=120, record=True)
    console.print(placemats(final, {"state_hash": "feedbeef"}))
    text = console.export_text()
    assert "The Grand Game, year 1, game over (seed 6)" in text
    lusk = next(ln for ln in text.splitlines() if ln.strip().startswith("Lusk "))
    assert lusk.split()[1:4] == [
        str(final.gdp["lusk"]),
        str(final.francs["lusk"]),
        f"{final.francs['lusk'] / final.start_gdp['lusk']:.2f}",
    ]
    assert RULES.outcome(final).summary in text and "state hash feedbeef" in text


def test_the_placemats_of_a_game_going_on_say_what_the_table_waits_on():
    console = Console(width=120, record=True)
    console.print(placemats(start(), {}))
    text = console.export_text()
    assert "year 1, allocate" in text and f"Next: {RULES.pending(start()).prompt}" in text
    assert sum(1 for ln in text.splitlines() if ln.strip().split(" ")[0] in {"Arvenne", "Lusk", "Sorrel"}) == 3


@pytest.fixture
def on_the_table():
    registry.add("grand-game", "hedgemony_tui.games.grand_game")
    yield
    registry.forget("grand-game")


def test_simulate_and_show_draw_the_placemats(on_the_table, tmp_path, capsys):
    save = tmp_path / "game.toml"
    assert main(["simulate", "--game", "grand-game", "--seed", "2", "--length", "1", "--save", str(save)]) == 0
    drawn = capsys.readouterr().out
    assert "The Grand Game, year 1, game over (seed 2)" in drawn and "Kesterland" in drawn
    assert main(["show", str(save)]) == 0
    assert "The Grand Game, year 1, game over (seed 2)" in capsys.readouterr().out


def test_the_pack_s_rolls_csv_lists_every_card_and_die_and_a_decisive_section_names_the_taking(played, tmp_path):
    from hedgemony_tui.table.debrief_pack import write_pack

    write_pack(played, tmp_path / "pack", title="t")
    rows = (tmp_path / "pack" / "rolls.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "turn,season,for,kind,draw"
    drawn = [r for r in rows[1:] if ",spring," in r and "Land combat in ardun" in r]
    assert drawn and all("land card" in r for r in drawn)  # the cards of Lusk's attack on Ardun
    decisive = sections(played)["Decisive draws"]
    assert "- Year 1, spring, Ardun:" in decisive
    assert sum(1 for line in decisive if line.startswith("  - drew land card")) == len(drawn)
    report = (tmp_path / "pack" / "report.md").read_text(encoding="utf-8")
    assert "Decisive draws" in report
    # The game's own word for a turn, as its end screen says it.
    assert "## Figures by year (at the end of each year)" in report and "| Year | Seat |" in report


def test_the_end_die_of_every_year_from_the_tenth_is_a_row_of_rolls_csv():
    # The tester read "all draws of the game, cards and dice, are in rolls.csv" and found no end die there.
    first = start(3)
    with recording() as journal:
        state = first
        while not state.over:
            state = year(state)
    rows = aar_rolls_csv(Timeline(RULES, first, journal), None).splitlines()
    ends = [r for r in rows if ",end of the year,the random end,d6," in r]
    assert [r.split(",")[0] for r in ends] == [str(roll.turn) for roll in state.end_rolls]
    assert ends[-1].endswith("the game ends") and all(r.endswith("the game goes on") for r in ends[:-1])
