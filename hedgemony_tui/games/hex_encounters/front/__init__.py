"""The screens of Hex Encounters (``FRONT``)."""

from .adapter import FRONT

__all__ = ["FRONT"]
