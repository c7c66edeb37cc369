"""One rule for every button built from an older state (a preview's Confirm, a pick in a Decide menu).

A button carries the sequence number of the state it was built from. It applies, stamped with the current state,
when nothing but other players' answers came since (a choice made together opens every side's question at once:
the first side to lock in moves the sequence on but changes nothing in the others' questions), or when it is still
legal and foreseen the same in public as when it was built (an unrelated ``/roll`` spoils nothing). One that is
refused now is run anyway, so the player reads why (the game is paused, the choice was answered). Otherwise the
player is shown the fresh preview or prompt, and nothing changes.

"Foreseen" is what the table would read of the command up to its first die, and which roll comes next
(``Game.foresee``): a button that leads to dice is judged by what is known before them, never by the dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from engine.core import Actor, Command, Event, Foresight, Game, RulesError

__all__ = ["current", "foreseen", "moved_on", "public_lines", "seen"]

C = TypeVar("C", bound=Command)

_OTHER_ANSWERS = frozenset({"decision.answered", "together.locked"})


def moved_on(game: Game[Any], seq: int) -> bool:
    """Whether anything but answers to decisions happened in ``game`` after event ``seq`` (read from the newest
    back, so a long log costs only what came after)."""
    for event in reversed(game.log):
        if event.seq <= seq:
            return False
        if event.kind not in _OTHER_ANSWERS:
            return True
    return False


def public_lines(events: Sequence[Event]) -> list[str]:
    """What the table would read of these events."""
    return [line for event in events if event.audience.is_public if (line := event.body.describe())]


def seen(sight: Foresight[Any]) -> tuple[str, ...]:
    """A foresight as the table would read it: the public lines before the first die, then the roll to come."""
    roll = sight.next_roll()
    return (*public_lines(sight.events), *([f"Then: {roll}"] if roll else []))


def foreseen(game: Game[Any], command: Command, actor: Actor) -> tuple[str, ...]:
    """What ``command`` would show the table now (``seen``); ``RulesError`` when it is refused."""
    return seen(game.foresee(replace(command, built_at_seq=None), actor))


def current(game: Game[Any], command: C, actor: Actor, built_at: int | None,
            expect: tuple[str, ...] | None = None) -> C | None:
    """``command`` as a button built at state ``built_at`` runs it now: stamped with the current state when it may
    apply (see the module's rule), or None when the player must look again. ``expect`` is what it was foreseen to
    do when built (a preview keeps what it showed); without it, it is foreseen on the game as it stood then."""
    if built_at is None:
        return command
    stamped = replace(command, built_at_seq=game.seq)
    if built_at == game.seq or not moved_on(game, built_at):
        return stamped
    try:
        now = foreseen(game, command, actor)
    except RulesError:
        return stamped  # refused now: running it says why (the game is paused, the choice was answered...)
    try:
        then = expect if expect is not None else foreseen(game.as_of(built_at), command, actor)
    except RulesError:
        return None
    return stamped if now == then else None
