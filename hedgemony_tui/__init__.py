"""Hedgemony TUI: a rules-enforcing terminal edition of RAND's Hedgemony wargame."""

__version__ = "0.1.0"
