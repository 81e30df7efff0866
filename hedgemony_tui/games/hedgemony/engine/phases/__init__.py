"""One module per phase of the turn (chapter 3). Each offers ``enter(state, content)``,
how the phase begins; a phase that waits on decisions also offers ``legal(state,
content)``, the intents allowed to the seat whose decision it is, and ``apply(state,
content, intent)``, which returns the next state, or :class:`~..phase_end.PhaseOver`
when that decision ends the phase. No phase module imports another: the order of the
phases is written once, in ``turn_order.py``."""
