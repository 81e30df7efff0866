"""RAND's *Hedgemony: A Game of Strategic Choices*: its rules engine, computer players, screens and commands."""
