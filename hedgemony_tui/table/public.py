"""The seat nobody holds, in a module that imports nothing: the shell's first screen
reads it before anything of the table core is loaded (the cold-start benchmark)."""

PUBLIC = "__nobody__"
"""A seat nobody holds: its view is what every seat may see (the room view, the hand-over)."""
