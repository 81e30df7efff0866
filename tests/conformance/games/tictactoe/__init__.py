"""Tic-tac-toe: a correct game with nothing hidden and no dice, for the conformance suite."""
