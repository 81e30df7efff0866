"""The ``hedgemony`` command's generic commands, for every game."""
