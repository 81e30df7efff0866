"""The Grand Game's screens for the shell: ``FRONT`` (:mod:`.adapter`)."""

from .adapter import FRONT

__all__ = ["FRONT"]
