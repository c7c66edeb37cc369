"""How long a table waits for each kind of decision: the pace a host picks when creating a game.

A live table expects everyone at the screen, so a reaction gets two minutes; a play-by-post table
expects a move a day. Kinds come from the engine's decisions ("reaction", "reroll", "undo", ...);
a kind a pace does not name gets its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["PACES", "Pace", "pace_of"]

_MINUTE = 60.0
_HOUR = 60 * _MINUTE


@dataclass(frozen=True)
class Pace:
    name: str
    description: str
    default: float
    by_kind: Mapping[str, float] = field(default_factory=dict)

    def timeout(self, kind: str) -> float:
        """Seconds a decision of ``kind`` may stay open before its default applies (or the game waits)."""
        return self.by_kind.get(kind, self.default)


PACES: dict[str, Pace] = {
    "live": Pace("live", "everyone at the screen: reactions 2 min, other choices 10 min", 10 * _MINUTE,
                 {"reaction": 2 * _MINUTE, "reroll": 2 * _MINUTE, "undo": 5 * _MINUTE}),
    "post": Pace("post", "play-by-post: reactions 12 h, other choices 24 h", 24 * _HOUR,
                 {"reaction": 12 * _HOUR, "reroll": 12 * _HOUR, "undo": 24 * _HOUR}),
}


def pace_of(options: Mapping[str, object]) -> Pace:
    """The pace a game was created with (``live`` unless the host chose otherwise)."""
    return PACES.get(str(options.get("pace", "live")), PACES["live"])
