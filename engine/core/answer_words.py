"""Answers said in words: the line that echoes a decision's answer names each chosen option by its own label
("Play first", "A2: Attack with Ignite (ranged, a spell)"), never as ``key=value``.

An event stores only the answers' keys (a stored game never changes), so the decision they answer is kept beside
the event, for its line only: the engine notes it as it answers (``Context.answer``), and a game read back from
its log finds it in the log's own ``DecisionOpened`` (``Recall``). A decision never opened (one legal answer,
applied at once) is known only as it is answered: read back, its line says the keys.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping

from engine.core.decisions import Decision, DecisionPart, parse_point
from engine.core.errors import InvalidCommand
from engine.core.ids import SideId

__all__ = ["asked_for", "remember", "said"]

_ASKED: dict[int, tuple[Decision, ...]] = {}
"""The decisions an event's answers answer, by the event body's identity; an entry goes with its body."""


def remember(body: object, decisions: Iterable[Decision]) -> None:
    """Keep the decisions ``body`` answers, for its line (the first kept stays: the parts as they stood when asked)."""
    key = id(body)
    if key in _ASKED:
        return
    _ASKED[key] = tuple(decisions)
    weakref.finalize(body, _ASKED.pop, key, None)


def asked_for(body: object, owner: SideId) -> Decision | None:
    """The decision of ``owner`` that ``body`` answers, where it is known."""
    return next((d for d in _ASKED.get(id(body), ()) if d.owner == owner), None)


_NOTHING = frozenset({"nothing", "none"})
"""An answer that reads so, beside others, adds nothing worth saying (what a model spends on its rolls: nothing)."""


def _word(part: DecisionPart | None, value: str) -> str:
    """The chosen option's label; a point the options do not list, as a place (``at 8.88,19.43``)."""
    if part is not None:
        label = part.label_of(value)
        if label:
            return label
    try:
        parse_point(value)
    except InvalidCommand:
        return value
    return f"at {value}"


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
    that reads "Nothing" and names no model is left out (what a model spends on its rolls: nothing more to say)."""
    parts = {part.key: part for part in (asked.parts if isinstance(asked, Decision) else asked or ())}
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
