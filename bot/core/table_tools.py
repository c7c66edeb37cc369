"""The shared tools' answers when a player names no value: ``/undo`` alone offers every step that can be undone as
a paged menu, and ``/dice rig`` alone lists the rigged results still queued on a practice table."""

from __future__ import annotations

from typing import Any

from bot.core.outputs import Output
from bot.core.paging import paged
from bot.core.parsing import CommandLineError, Invocation
from engine.core import Game, UserId, Viewer, crossed_secret

__all__ = ["rigged_answer", "undo_picks"]

_SHOWN = 70


def undo_picks(game: Game[Any], user: UserId, page_number: int = 0) -> Output:
    """Every point the asker may ask to undo back to, newest first, as a menu like every other (lettered at the
    console, a select on Discord, paged past 25 and counted): each pick runs ``/undo to:<n>`` (the event before a
    logged step). It reaches back to the game's start or to the last secret shown, as undo may not cross one."""
    held = game.state.sides_of(user)
    if not held:
        raise CommandLineError("only a player holding a side may ask for an undo; /game join takes a side")
    lines = game.log_view(Viewer.of_side(held[0])).lines
    entries: list[tuple[str, Invocation]] = []
    for line in reversed(lines):
        to_seq = line.seq - 1
        if to_seq < 1 or crossed_secret(game.log, to_seq) is not None:
            break
        text = line.text if len(line.text) <= _SHOWN else line.text[:_SHOWN - 1] + "…"
        entries.append((f"#{line.seq} {text}", Invocation(("undo",), {"to": to_seq})))
    if not entries:
        return Output(text="Nothing can be undone now: the last steps showed secret information (undo never goes "
                           "back past a secret shown), or the game has only begun.", to=user)
    heading, picks = paged((), entries, page_number, "steps", Invocation(("undo",), {}))
    return Output(text="Undo back to before which step? Your opponent is asked to agree. (Or /undo to:<event "
                       f"number> from /log.){f' ({heading})' if heading else ''}", to=user, picks=picks)


def rigged_answer(game: Game[Any], user: UserId) -> Output:
    """``/dice rig`` alone: what is queued for the next public rolls, and how to empty it."""
    if not game.setup.practice:
        raise CommandLineError("rigged dice are only allowed on practice tables, so nothing is queued here")
    queued = game.rigged()
    if not queued:
        return Output(text="No rigged dice are queued: the next public rolls come from the seed. /dice rig "
                           "values:6,6,1 queues some.", to=user)
    return Output(text=f"Rigged dice queued for the next public rolls, next first: "
                       f"{', '.join(str(value) for value in queued)}. /dice rig values:clear drops them.", to=user)
