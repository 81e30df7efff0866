"""Screens of the Textual app: title, game board, placemat, hand, journal, ground truth,
help, hand-over and dialogs; the worksheets, resolution and White Cell screens."""
