"""The guide's promise, kept: a copy of the template game, renamed as
``docs/adding-a-game.md`` says and installed the way a wheel would be, is a game on the
table: listed by the registry, green on the whole conformance suite, playable headless
by computer players, listed by ``hedgemony games``, playable from the command line
without a CLI module of its own, and offered by the title screen's picker.

The copy lives in a temporary folder (``mygame_pkg``) beside a ``mygame-0.1.dist-info``
folder holding the one entry point a game's pyproject would declare; that folder is
put on ``sys.path`` (and on ``PYTHONPATH`` for the subprocesses), which is all an
installed wheel is to Python. Nothing in the repository is touched.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList

from hedgemony_tui.table import registry
from hedgemony_tui.table.match import play, policies_for

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "hedgemony_tui" / "games" / "template"
GAME, PACKAGE = "mygame", "mygame_pkg"


def copy_template(site: Path) -> Path:
    """The guide's step 0, to the letter: copy the folder, set the id and the title,
    and declare the entry point (here as an installed wheel's metadata)."""
    package = site / PACKAGE
    shutil.copytree(TEMPLATE, package, ignore=shutil.ignore_patterns("__pycache__"))
    init = package / "__init__.py"
    text = init.read_text()
    assert 'GAME_ID = "template"' in text and 'TITLE = "Count to ten"' in text, "the guide's rename list is stale"
    init.write_text(text.replace('GAME_ID = "template"', f'GAME_ID = "{GAME}"').replace("Count to ten", "My game"))
    # What `pip install` of a wheel whose pyproject says
    #   [project.entry-points."hedgemony_tui.games"]
    #   mygame = "mygame_pkg"
    # leaves in site-packages beside the package.
    info = site / f"{GAME}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {GAME}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\n{GAME} = {PACKAGE}\n")
    return package


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder holding the installed copy, on ``sys.path`` while the module's tests run."""
    folder = tmp_path_factory.mktemp("site")
    copy_template(folder)
    sys.path.insert(0, str(folder))
    importlib.invalidate_caches()
    registry.refresh()
    yield folder
    sys.path.remove(str(folder))
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]
    importlib.invalidate_caches()
    registry.refresh()


HEDGEMONY = Path(sys.executable).with_name("hedgemony")
"""The installed command, beside this Python."""


def run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A subprocess (``args[0]`` a program) with the copy installed (``PYTHONPATH``)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run(list(args), cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)


def test_the_registry_lists_the_copy(site: Path) -> None:
    assert GAME in registry.game_ids()
    rules = registry.get_rules(GAME)
    assert rules.info.id == GAME and rules.info.title == "My game" and rules.save_kind == f"{GAME}-save"
    assert registry.get_front(GAME).title == "My game"
    assert registry.get_cli(GAME) is None  # no CLI module: the generic commands do without


def test_the_copy_passes_the_whole_conformance_suite(site: Path) -> None:
    # The suite runs over every registered game: the copy is one, so `make test` runs it.
    done = run(site, sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/conformance", "-k", GAME)
    tail = done.stdout[-3000:] + done.stderr[-2000:]
    assert done.returncode == 0, tail
    assert " passed" in done.stdout and "failed" not in done.stdout, tail


def test_computer_players_play_the_copy_to_its_end(site: Path) -> None:
    rules = registry.get_rules(GAME)
    state = rules.setup(7, {"target": 15})
    final = play(rules, state, policies_for(rules, {"A": "basic", "B": "first"}), max_decisions=50)
    outcome = rules.outcome(final)
    assert rules.pending(final).over and outcome is not None and len(outcome.winners) == 1


def test_the_command_line_lists_and_plays_the_copy(site: Path) -> None:
    listed = run(site, str(HEDGEMONY), "games", "--json")
    assert listed.returncode == 0, listed.stderr
    assert GAME in listed.stdout and "My game" in listed.stdout
    played = run(site, str(HEDGEMONY), "simulate", "--game", GAME, "--seed", "3", "--policy", "basic", "--json")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["over"] is True
    # Without --policy: the template has no "random" player, so its first plays every seat.
    bare = run(site, str(HEDGEMONY), "simulate", "--game", GAME, "--seed", "3", "--json")
    assert bare.returncode == 0, bare.stderr
    assert json.loads(bare.stdout)["over"] is True


async def test_the_title_screen_offers_the_copy(site: Path, tmp_path: Path) -> None:
    from hedgemony_tui.shell.app import build_app
    from hedgemony_tui.shell.screens.game import GameScreen
    from hedgemony_tui.shell.screens.title import TitleScreen

    app = build_app(saves_dir=tmp_path, bot_delay=0, game=GAME)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        picker = app.screen.query_one("#game-picker", OptionList)
        ids = [picker.get_option_at_index(i).id for i in range(picker.option_count)]
        assert GAME in ids and "template" not in ids  # the template itself is never installed
        title = app.screen
        assert isinstance(title, TitleScreen) and title.picked() == GAME
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+s")  # the new-game form's defaults: A a person, B the computer
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Total: 0 of 10" in str(app.screen.query_one("#counter").render())


# --- the template's data file: a typo is one clear line --------------------------------------------


def test_the_data_file_sets_the_default_target() -> None:
    from hedgemony_tui.games.template.data import game_data
    from hedgemony_tui.games.template.rules import RULES

    (target,) = RULES.options()
    assert target.id == "target" and target.default == game_data().target == 10


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("targt = 10", "unknown key 'targt' (the keys are: target); target is missing"),
        ("target = 2", "target is a whole number from 3 to 30, not 2"),
        ('target = "ten"', "target is a whole number from 3 to 30, not 'ten'"),
        ("target = ", "not valid TOML"),
    ],
)
def test_a_mistake_in_the_data_file_is_named_with_what_is_allowed(text: str, said: str) -> None:
    from hedgemony_tui.games.template.data import DataError, parse

    with pytest.raises(DataError) as raised:
        parse(text, "game.toml")
    assert str(raised.value).startswith("game.toml: ") and said in str(raised.value)
