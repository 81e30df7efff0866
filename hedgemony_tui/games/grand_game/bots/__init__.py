"""The Grand Game's computer players: ``random`` (any legal line, seeded by the view) and
``basic`` (a plain strategy, :mod:`.basic`). Both decide from their seat's view alone and
never trade Francs (issue 35)."""

from __future__ import annotations

from typing import Any

from .basic import BasicPolicy
from .random_policy import RandomPolicy

POLICIES: dict[str, Any] = {"random": RandomPolicy, "basic": BasicPolicy}
