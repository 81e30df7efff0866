"""The journal's rows and the table's notes live in the core now
(:mod:`hedgemony_tui.table.notes`: the table host owns the notes); kept here for the
fronts and tests that import them from the shell."""

from hedgemony_tui.table.notes import Note, Row, merge_rows

__all__ = ["Note", "Row", "merge_rows"]
