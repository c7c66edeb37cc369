"""The decisions a game's log opened, kept by id, so the lines of the answers that follow them say the chosen
options in words (``engine.core.answer_words``) however the game was read: played now, or read back from its log."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, MutableMapping

from engine.core.core_events import DecisionAnswered, DecisionOpened
from engine.core.decisions import Decision
from engine.core.events import Event
from engine.core.ids import SideId
from engine.core.together import ChoiceLocked, ChoicesRevealed

__all__ = ["Recall"]


class Recall:
    """Each decision opened so far (the latest of an id), and those of a choice made together by choice and side."""

    def __init__(self) -> None:
        self._opened: dict[str, Decision] = {}
        self._together: dict[tuple[str, SideId], Decision] = {}

    def copy(self) -> Recall:
        twin = Recall()
        twin._opened, twin._together = dict(self._opened), dict(self._together)
        return twin

    def note(self, events: Iterable[Event], *, keep: bool = True) -> None:
        """Read ``events`` in order: keep the decisions they open (``keep``: for good; else for these events alone,
        a preview's) and give each answer among them the decision it answers."""
        opened: MutableMapping[str, Decision] = self._opened if keep else ChainMap({}, self._opened)
        together: MutableMapping[tuple[str, SideId], Decision] = \
            self._together if keep else ChainMap({}, self._together)
        for event in events:
            body = event.body
            if isinstance(body, DecisionOpened):
                decision = body.decision
                opened[decision.id] = decision
                if "together" in decision.context:
                    together[(str(decision.context["together"]), decision.owner)] = decision
            elif isinstance(body, DecisionAnswered):
                if (found := opened.get(body.decision_id)) is not None:
                    body.remember((found,))
            elif isinstance(body, ChoiceLocked):
                if (found := together.get((body.together_id, body.side))) is not None:
                    body.remember((found,))
            elif isinstance(body, ChoicesRevealed):
                body.remember(d for side in body.answers if (d := together.get((body.together_id, side))))
