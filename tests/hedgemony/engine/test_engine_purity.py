"""The engine stays headless: no textual or rich anywhere under hedgemony_tui/engine."""

import ast
import subprocess
import sys
from pathlib import Path

import hedgemony_tui.games.hedgemony.engine

ENGINE = Path(hedgemony_tui.games.hedgemony.engine.__file__).parent
FORBIDDEN = {"textual", "rich"}


def test_no_engine_module_imports_a_ui_library():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert offenders == []


def test_importing_the_engine_loads_no_ui_library():
    code = (
        "import pkgutil, importlib, sys, hedgemony_tui.games.hedgemony.engine as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'hedgemony_tui.games.hedgemony.engine.'): importlib.import_module(m.name)\n"
        "print(sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
