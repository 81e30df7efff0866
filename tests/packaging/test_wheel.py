"""``pip install .`` into a fresh virtual environment, then the calculator from elsewhere.

Proves that rules/ and data/ ship inside the wheel and are found through
importlib.resources, not through the checkout. Slow (tens of seconds): it builds the
package and installs its dependencies (from pip's cache after the first run).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_installed_wheel_finds_its_rules_and_data(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(ROOT)], capture_output=True, text=True
    )
    assert install.returncode == 0, install.stderr[-2000:]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    calc = subprocess.run(
        [str(venv / "bin" / "hedgemony"), "calc", "cost", "procure", "4xM3", "--json"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
    )
    assert calc.returncode == 0, calc.stderr
    assert json.loads(calc.stdout)["value"] == 14

    where = subprocess.run(
        [
            str(python),
            "-c",
            "from hedgemony_tui.games.hedgemony.engine.resources import rules_dir, data_dir; print(rules_dir()); print(data_dir())",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    site = str(venv)
    assert all(path.startswith(site) for path in where), where
    assert not any(path.startswith(str(ROOT) + "/rules") for path in where)

    version = subprocess.run(
        [str(venv / "bin" / "hedgemony"), "--version"], capture_output=True, text=True, cwd=elsewhere
    )
    assert version.stdout.startswith("hedgemony ")
