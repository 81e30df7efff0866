"""The ``expert`` policy: the ``basic`` player, looking further ahead.

* Each option is judged against two answers from the other seats, weighed evenly: the
  forces they already have on hand (as ``basic`` assumes) and everything they can pay
  to bring in (the worst case). A Red card that only pays off when the U.S. stays home
  is then held back.
* A Red player weighs a card together with its best follow-up among the cards it
  signaled (the second card costs the pace-of-play extra), over the rest of its turn:
  playing a modest card first can open the way for a better one, and a card that would
  leave it too poor for a better one waits.
* Committing forces, it looks at every size of every stack, not a few.

All of it runs the engine's own resolution on a copy of the seat's view with every face
of the die (see ``lookahead``); nothing reads what the seat may not see.
"""

from __future__ import annotations

from ..engine.content import Content
from ..engine.intents import CommitForces, Intent, Modernize, PlayCard, Procure
from ..engine.state import GameState, Phase
from .basic import BasicPolicy
from .lookahead import after, apply_option, expected, sandbox


class ExpertPolicy(BasicPolicy):
    name = "expert"

    def value(self, view: GameState, content: Content, seat: str, intent: Intent, own_commits: bool = True):
        mild = after(view, content, intent, seat, own_commits)
        hard = after(view, content, intent, seat, own_commits, strong=True)
        states = [(p / 2, s) for p, s in mild] + [(p / 2, s) for p, s in hard]
        v = expected(states, content, seat)
        if view.phase is Phase.RED and view.run is None and isinstance(intent, (PlayCard, Modernize, Procure)):
            v = max(v, self.with_follow_up(view, content, seat, intent, states, v))
        return v, states

    def with_follow_up(self, view: GameState, content: Content, seat: str, intent: Intent, states: list, v: float) -> float:
        """The value of ``intent`` and then the best other signaled card, read on the
        likeliest state after the first (one more card is as far as a turn goes)."""
        if not states:
            return v
        _, likely = max(states, key=lambda t: t[0])
        if likely.run is not None or likely.roll_request is not None or likely.phase is not Phase.RED:
            return v
        from ..engine.game import legal_intents

        follow = [o for o in legal_intents(sandbox(likely), content)
                  if isinstance(o, (PlayCard, Modernize, Procure)) and o.card != intent.card]  # type: ignore[union-attr]
        best = v
        seen: set[str] = set()
        for o in follow:
            if o.card in seen:
                continue
            seen.add(o.card)
            then = after(likely, content, o, seat)
            best = max(best, v + (expected(then, content, seat) - expected([(1.0, likely)], content, seat)) * 0.9)
        return best

    def commit_candidates(self, commits: list[Intent]) -> list[Intent]:
        """Every size of every stack, not a few."""
        return [o for o in commits if isinstance(o, CommitForces)]
