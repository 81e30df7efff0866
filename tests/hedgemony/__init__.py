"""Hedgemony's tests: its engine, bots, scenario, screens, commands and saves."""
