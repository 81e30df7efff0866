"""The conformance tests' report of the problems they found."""

from __future__ import annotations


def report(problems: list[str], limit: int = 12) -> str:
    """The first ``limit`` problems, one a line, and how many more there were."""
    more = f"\n... and {len(problems) - limit} more" if len(problems) > limit else ""
    return "\n".join(problems[:limit]) + more
