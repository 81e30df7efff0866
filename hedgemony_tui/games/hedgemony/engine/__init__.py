"""The Hedgemony engine: pure, headless rules code.

Nothing under this package imports textual or rich (a test enforces it). The rule
tables are loaded by :mod:`.tables`; every rule function takes the tables it needs
as an argument, so the functions are pure and the same code serves the CLI, the TUI,
the bots and the tests.
"""
