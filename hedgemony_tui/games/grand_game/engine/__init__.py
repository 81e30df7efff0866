"""The Grand Game's rules side: pure data and functions, no screens."""
