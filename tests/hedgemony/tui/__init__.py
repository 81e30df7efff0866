"""Hedgemony's screens (its front) driven by keys in Textual's Pilot."""
