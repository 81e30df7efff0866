"""The last resort: an unexpected exception is one line on stderr and exit status 2.

Every user mistake already has its own message (exit 2, or 3 for game data); what
reaches here is a bug of ours. A Python traceback helps no player, but it helps whoever
fixes the bug, so it goes to a file in the temporary folder and the one line names that
file for the report.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback

from ..table.text import inert

EXIT_CRASH = 2


def crash_file(exc: BaseException) -> str | None:
    """Write ``exc``'s traceback to a new file in the temporary folder; its path, or None
    when even that cannot be written."""
    try:
        fd, path = tempfile.mkstemp(prefix=f"hedgemony-crash-{time.strftime('%Y%m%d-%H%M%S')}-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write("".join(traceback.format_exception(exc)))
        return path
    except Exception:
        return None


def report(exc: BaseException, where: str = "hedgemony") -> int:
    """Say in one line that something went wrong and where the details are; exit status 2."""
    # The message may quote a file's text or a name: inert, so it cannot drive the terminal.
    what = inert(str(exc).splitlines()[0][:200]) if str(exc).strip() else ""
    path = crash_file(exc)
    details = f"details in {path}; please attach it to a bug report" if path else "please report it"
    print(f"{where}: unexpected error ({type(exc).__name__}{': ' + what if what else ''}); {details}", file=sys.stderr)
    return EXIT_CRASH
