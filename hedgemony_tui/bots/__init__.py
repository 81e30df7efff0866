"""Computer players. A policy sees only its seat's view of the state and the legal
intents, and returns one of them (chapter 3's players, played by the machine)."""

from collections.abc import Callable, Sequence

from ..engine.intents import Intent
from ..engine.state import GameState

Policy = Callable[[GameState, Sequence[Intent]], Intent]
