"""Tests of the Grand Game (seed 002): its map, decks and combat."""
