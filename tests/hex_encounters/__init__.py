"""Hex Encounters' tests."""
