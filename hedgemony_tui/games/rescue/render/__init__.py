"""Drawings of a game of *Gaming to the Rescue!* (rich), shared by the command line and
the screens: the hex map, the players' holdings, the crises' requirements."""
