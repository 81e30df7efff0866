"""The shell's screens: title (game picker), new-game form, game board, hand-over,
journal, help, dialogs, too-small."""
