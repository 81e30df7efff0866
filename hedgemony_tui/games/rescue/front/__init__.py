"""The screens of *Gaming to the Rescue!* (``FRONT``)."""

from .adapter import FRONT

__all__ = ["FRONT"]
