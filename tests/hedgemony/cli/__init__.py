"""Hedgemony's own commands (``calc``, ``cards``, ``check-scenario``, the debrief pack)."""
