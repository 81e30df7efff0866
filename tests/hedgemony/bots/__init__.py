"""Hedgemony's computer players and coach."""
