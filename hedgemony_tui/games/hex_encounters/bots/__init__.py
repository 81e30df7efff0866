"""Computer players for Hex Encounters: ``random`` and ``basic``; each decides from its
seat's view only, among its seat's legal decisions."""

from __future__ import annotations

from hedgemony_tui.table.contract import Policy
from hedgemony_tui.table.errors import RuleInputError

from .basic import BasicPolicy
from .random_policy import RandomPolicy

POLICY_NAMES = ("basic", "random")


def get_policy(name: str) -> Policy:
    if name == "random":
        return RandomPolicy()
    if name == "basic":
        return BasicPolicy()
    raise RuleInputError(f"no computer player named {name!r}: choose one of {', '.join(POLICY_NAMES)}")
