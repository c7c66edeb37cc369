"""Refusals a player can cause, each with a reason a player can read."""

from __future__ import annotations

__all__ = [
    "AmbiguousCommand",
    "DecisionPending",
    "IllegalCommand",
    "InvalidCommand",
    "NotYourTurn",
    "RulesError",
    "StaleCommand",
]


class RulesError(ValueError):
    """Any refusal a player can cause; the state is unchanged when one is raised."""

    def __init__(self, reason: str, *, verb: str | None = None, rule: str | None = None) -> None:
        self.reason = reason
        self.verb = verb
        self.rule = rule
        prefix = f"{verb} refused: " if verb else ""
        suffix = f" ({rule})" if rule else ""
        super().__init__(f"{prefix}{reason}{suffix}")


class InvalidCommand(RulesError):
    """The command is malformed: an unknown id, a bad value, a missing part."""


class IllegalCommand(RulesError):
    """The command is well formed, but the rules forbid it now."""


class AmbiguousCommand(RulesError):
    """The command matches more than one thing; the reason lists the candidates."""


class NotYourTurn(IllegalCommand):
    """The acting user does not control the side that may act now."""


class DecisionPending(IllegalCommand):
    """A pending decision must be answered before anything else moves."""


class StaleCommand(RulesError):
    """A button or confirmation built from an older state than the current one."""

    def __init__(self, built_at: int, current: int, *, verb: str | None = None) -> None:
        self.built_at = built_at
        self.current = current
        super().__init__(
            f"this was built from state #{built_at}, but the game has moved on to #{current}; "
            "look at the fresh view and choose again",
            verb=verb,
        )
