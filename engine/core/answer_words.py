"""Answers said in words: the line that echoes a decision's answer names each chosen option by its own label
("Play first", "A2: Attack with Ignite (ranged, a spell)"), never as ``key=value``.

An event stores only the answers' keys (a stored game never changes), so the decision they answer is kept beside
the event, for its line only (``Answering.asked``, never stored nor compared): the engine notes it as it answers
(``Context.answer``), and a game read back from its log finds it in the log's own ``DecisionOpened`` (``Recall``).
A decision never opened (one legal answer, applied at once) is in no log: its answer stores its words
(``DecisionAnswered.words``), so a game read back says them too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import PrivateAttr

from engine.core.decisions import Decision, DecisionPart, parse_point
from engine.core.errors import InvalidCommand
from engine.core.events import EventBody
from engine.core.ids import SideId

__all__ = ["NO_REACTION", "Answering", "said"]


class Answering(EventBody):
    """An event that answers decisions: beside its stored fields it keeps the decisions it answers, filled as it is
    answered or as the log is read back (``Recall``), for its line only: two such events are equal by their stored
    fields alone, whatever is known of what they answer."""

    _asked: tuple[Decision, ...] = PrivateAttr(default=())

    def remember(self, decisions: Iterable[Decision]) -> None:
        """Keep the decisions this answers (the first kept stays: the parts as they stood when asked)."""
        if not self._asked:
            self._asked = tuple(decisions)

    def asked_for(self, owner: SideId) -> Decision | None:
        """The decision of ``owner`` this answers, where it is known."""
        return next((d for d in self._asked if d.owner == owner), None)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = EventBody.__hash__


NO_REACTION = "no reaction"
"""A reaction offer passed, in words (the answer's line: "Side B does not react.")."""

_NOTHING = frozenset({"nothing", "none", NO_REACTION})
"""An answer that reads so, beside others, adds nothing worth saying (what a model spends on its rolls: nothing)."""


def _word(part: DecisionPart | None, value: str) -> str:
    """The chosen option's label; a point as its menu said it (the option at that point: a point is stored as
    ``12.0,12.0`` whatever the option's key, ``12,12``, reads), else as a place (``at 8.88,19.43``)."""
    label = part.label_of(value) if part is not None else None
    if label:
        return label
    try:
        point = parse_point(value)
    except InvalidCommand:
        return value
    for option in part.options if part is not None else ():
        try:
            if parse_point(option.key) == point:
                return option.label
        except InvalidCommand:
            continue
    return f"at {point[0]:g},{point[1]:g}"


def _leader(key: str, part: DecisionPart | None, answers: Mapping[str, str]) -> str | None:
    """The answer a follow-up part belongs to (a Dodge's move to the Dodge), or None for a leading one."""
    if part is not None and part.asked_when is not None:
        return part.asked_when[0] if part.asked_when[0] in answers else None
    head = key.partition(".")[0]
    return head if head != key and head in answers else None


def said(answers: Mapping[str, str], asked: Decision | Iterable[DecisionPart] | None) -> str:
    """``answers`` in words, read from the decision ``asked`` (or its parts): each chosen option's label (the key
    where the option is unknown); a part named after a model (its prompt begins with the key: ``A2 Flameshaper,
    2 AP``) says whose answer it is; a follow-up stands beside the answer it follows. Beside other answers, one
    that reads "Nothing" and names no model is left out (what a model spends on its rolls: nothing more to say). A
    reaction offer (``Decision.reaction_to``, or of kind ``reaction``) answered "Nothing" throughout reads "no
    reaction", as a game whose offer has one part says it."""
    parts = {part.key: part for part in (asked.parts if isinstance(asked, Decision) else asked or ())}
    if isinstance(asked, Decision) and (asked.reaction_to is not None or asked.kind == "reaction") and answers and \
            all(_word(parts.get(key), value).casefold() in _NOTHING for key, value in answers.items()):
        return NO_REACTION  # a reaction offer passed: one phrase, not each model's "Nothing"
    phrases: dict[str, list[str]] = {}
    for key, value in answers.items():
        part = parts.get(key)
        leader = _leader(key, part, answers)
        named = leader is None and part is not None and (part.prompt == key or part.prompt.startswith(f"{key} "))
        word = _word(part, value)
        if word.casefold() in _NOTHING and not named and len(answers) > 1:
            continue
        if leader is not None:
            phrases.setdefault(leader, []).append(word)
        else:
            phrases.setdefault(key, []).insert(0, f"{key}: {word}" if named else word)
    return "; ".join(", ".join(words) for words in phrases.values()) or "nothing"
