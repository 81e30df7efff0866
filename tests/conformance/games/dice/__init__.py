"""Dice duel: a correct game with dice and a secret, for the conformance suite."""
