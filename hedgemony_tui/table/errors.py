"""The engine's error types: bad rules data, a bad scenario, and a request the rules refuse.

Both carry a message written for a player or facilitator: what is wrong and what is
allowed. Front ends print the message; they never show a traceback for these.
"""


class HedgemonyError(Exception):
    """Base of every error the engine raises on purpose."""


class RulesDataError(HedgemonyError):
    """A rules file is missing, is not valid TOML, or holds a table of the wrong shape."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        where = f"{file}: {key}: " if key else f"{file}: "
        super().__init__(where + problem)


class ScenarioError(HedgemonyError):
    """A scenario or board file is missing, is not valid TOML, or holds a value the game cannot use.

    ``key`` is the dotted path to the offending value (``players.PRC.tech_level``,
    ``laydown[3].location``) so that whoever edits the file can find it at once.
    """

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file = file
        self.key = key
        self.problem = problem
        where = f"{file}: {key}: " if key else f"{file}: "
        super().__init__(where + problem)


class RuleInputError(HedgemonyError, ValueError):
    """A value the rules do not allow (a Mod Level of 9, a roll of 10, 85% readiness...)."""


class SaveError(HedgemonyError):
    """A save (or other game file) cannot be written or read back.

    ``problem`` says what is wrong, ``file`` which file (empty while only text is at
    hand: the codec does not know the path, and :meth:`for_file` adds it later),
    ``hint`` what the user can do about it.
    """

    def __init__(self, problem: str, *, file: str = "", hint: str = "") -> None:
        self.problem = problem
        self.file = file
        self.hint = hint
        where = f"{file}: " if file else ""
        advice = f". {hint}" if hint else ""
        super().__init__(where + problem + advice)

    def for_file(self, file: str, *, hint: str | None = None) -> "SaveError":
        """The same error, naming ``file`` (and with ``hint`` instead, if given)."""
        return SaveError(self.problem, file=file, hint=self.hint if hint is None else hint)


class IllegalIntent(HedgemonyError):
    """A decision the rules do not allow now; the message says why and what is allowed."""


class NothingToUndo(Exception):
    """Undo refused at the table (nothing of the seat's own to take back, or a roll or a
    reveal in the way); the message says why."""
