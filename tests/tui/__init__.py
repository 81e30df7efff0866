"""The shell's tests: the app around any game (the toy game's and Hedgemony's)."""
