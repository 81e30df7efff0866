"""``python -m hedgemony_tui`` runs the ``hedgemony`` command."""

import sys

from .cli import main

sys.exit(main())
