"""Hex Encounters: an introductory hex-and-counter brigade game with hidden blocks."""
