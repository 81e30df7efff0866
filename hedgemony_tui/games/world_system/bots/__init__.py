"""The computer players of the world-system game: each decides from its seat's view
among its seat's legal intents, with a one-line reason."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .basic import BasicPolicy
from .random_policy import RandomPolicy

POLICIES: Mapping[str, Callable[[], Any]] = {"random": RandomPolicy, "basic": BasicPolicy}
