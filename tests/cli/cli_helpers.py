"""Running the ``hedgemony`` command in-process, for the command-line tests of every game."""

from __future__ import annotations

import pytest

from hedgemony_tui.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit status, stdout and stderr of ``hedgemony ARGV...``; a traceback on either
    stream fails the test (bad input gets one clear line, never a traceback)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err
