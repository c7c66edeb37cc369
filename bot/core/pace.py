"""How long a table waits for each kind of decision: the pace a host picks when creating a game.

A live table expects everyone at the screen, so a reaction gets two minutes; a play-by-post table
expects a move a day. Kinds come from the engine's decisions ("reaction", "reroll", "undo", ...);
a kind a pace does not name gets its default. The descriptions players read are built from these
numbers, so the menus and the docs cannot drift from what the timer does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["PACES", "Pace", "pace_of"]

_MINUTE = 60.0
_HOUR = 60 * _MINUTE
_KIND_NAMES = {"reaction": "reactions", "reroll": "rerolls", "undo": "undo requests"}


def _duration(seconds: float) -> str:
    return f"{seconds / _HOUR:g} h" if seconds >= _HOUR else f"{seconds / _MINUTE:g} min"


@dataclass(frozen=True)
class Pace:
    name: str
    audience: str
    default: float
    by_kind: Mapping[str, float] = field(default_factory=dict)

    def timeout(self, kind: str) -> float:
        """Seconds a decision of ``kind`` may stay open before its default applies (or the game waits)."""
        return self.by_kind.get(kind, self.default)

    @property
    def description(self) -> str:
        """Every timeout in words, kinds with the same wait together (e.g. "reactions and rerolls 2 min")."""
        waits: dict[float, list[str]] = {}
        for kind, seconds in self.by_kind.items():
            if seconds != self.default:
                waits.setdefault(seconds, []).append(_KIND_NAMES.get(kind, f"{kind} choices"))
        parts = [f"{' and '.join(names)} {_duration(seconds)}" for seconds, names in waits.items()]
        return ", ".join([*parts, f"other choices {_duration(self.default)}"])


PACES: dict[str, Pace] = {
    "live": Pace("live", "everyone at the screen", 10 * _MINUTE,
                 {"reaction": 2 * _MINUTE, "reroll": 2 * _MINUTE, "undo": 5 * _MINUTE}),
    "post": Pace("post", "play-by-post", 24 * _HOUR,
                 {"reaction": 12 * _HOUR, "reroll": 12 * _HOUR, "undo": 24 * _HOUR}),
}


def pace_of(options: Mapping[str, object]) -> Pace:
    """The pace a game was created with (``live`` unless the host chose otherwise)."""
    return PACES.get(str(options.get("pace", "live")), PACES["live"])
