"""The computer players of *Gaming to the Rescue!*: each decides from its seat's view
among its seat's legal intents, with a one-line reason."""

from __future__ import annotations

from typing import Any

from .basic import BasicPolicy
from .random_policy import RandomPolicy

POLICY_NAMES: tuple[str, ...] = ("random", "basic")


def get_policy(name: str) -> Any:
    if name == "random":
        return RandomPolicy()
    if name == "basic":
        return BasicPolicy()
    raise KeyError(name)
