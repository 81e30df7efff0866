"""Hedgemony's rules through the engine's one door (``legal_intents``/``reduce``)."""
