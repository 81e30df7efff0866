"""Hedgemony's own subcommands: the facilitator's calculator, the card decks and the scenario checker."""
