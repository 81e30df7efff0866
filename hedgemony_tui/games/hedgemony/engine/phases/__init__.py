"""One module per phase of the turn (chapter 3). Each offers ``legal(state, content)``,
the intents allowed to the seat whose decision it is, and ``apply(state, content,
intent)``, which returns the next state."""
