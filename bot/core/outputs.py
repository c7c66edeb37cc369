"""What the table service says back: text, pictures and decision prompts, each with its audience."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import BoardView, PendingView, UserId

__all__ = ["Output", "Picture"]


@dataclass(frozen=True, slots=True)
class Picture:
    """A board to draw, with its crop and the alt text built from the same view.

    Front-ends render it (``bot.core.pictures.render_picture``): the console at once, the Discord
    adapter in a process pool, so drawing never stalls the event loop.
    """

    filename: str
    board: BoardView
    crop: tuple[float, float, float, float] | None
    alt: str


@dataclass(frozen=True, slots=True)
class Output:
    """One message: to the whole table (``to`` is None) or privately to one user."""

    text: str
    to: UserId | None = None
    pictures: tuple[Picture, ...] = ()
    decision: PendingView | None = None
    error: bool = False

    @property
    def audience(self) -> str:
        return "everyone" if self.to is None else f"private:{self.to}"

    def to_json(self) -> dict[str, Any]:
        """The console's ``--json`` line: audience, text, images, decision, error."""
        return {
            "audience": self.audience,
            "text": self.text,
            "images": [picture.filename for picture in self.pictures],
            "decision": self.decision.model_dump(mode="json") if self.decision else None,
            "error": self.error,
        }
