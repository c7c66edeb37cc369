"""Applying one command to a live game and committing it: events, messages and deadlines in one unit.

Everything that changes a game goes through ``Committer.run`` under the game's lock, so two commands on
one game never interleave, and nothing is announced that was not stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.core.announce import announce
from bot.core.books import GameBook
from bot.core.deadlines import arm
from bot.core.driver import Driver
from bot.core.end_card import end_card
from bot.core.outbox import PROMPT, durable, stamp, with_ids
from bot.core.outputs import Output
from bot.core.pictures import board_picture
from bot.core.prompts import turn_prompts
from bot.core.queries import status_line
from bot.core.storage import ConcurrentUpdate, DeadlineChanges, DuplicateInteraction, GameRepository, StoredGame
from engine.core import Actor, BotMove, Command, Event, Game, GameEnded, GameResumed

__all__ = ["SNAPSHOT_EVERY", "Committer"]

SNAPSHOT_EVERY = 100
"""Events between two saved states: a game loads from its newest snapshot and replays only what follows."""


class Committer:
    """Runs commands against live games and commits what they did."""

    def __init__(self, repository: GameRepository, book: GameBook, clock: Callable[[], float]) -> None:
        self._repository = repository
        self._book = book
        self._clock = clock
        self._locks: dict[str, asyncio.Lock] = {}
        self.driver: Driver | None = None  # set by the service: plays the bot and automatic steps after commits

    def lock(self, game_id: str) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def run(self, stored: StoredGame, game: Game[Any], command: Command | BotMove, actor: Actor,
                  interaction_id: str | None = None, *, settle: bool = True) -> list[Output]:
        """Apply one command (or the bot's move for ``actor.side``) under the game's lock and commit its events,
        messages and deadlines together; then, with ``settle``, let the table take the steps no person has to
        (``Driver.settle``)."""
        outputs = await self._commit(stored, game, command, actor, interaction_id)
        if settle and self.driver is not None:
            outputs += await self.driver.settle(stored, game)
        return outputs

    async def _commit(self, stored: StoredGame, game: Game[Any], command: Command | BotMove, actor: Actor,
                      interaction_id: str | None) -> list[Output]:
        async with self.lock(stored.game_id):
            before, pending_before, to_act = game.seq, set(game.state.pending), game.to_act()
            if isinstance(command, BotMove):
                assert actor.side is not None
                events = game.apply_bot(actor.side, command)
            else:
                events = game.apply(command, actor)
            # A DM copy of a lasting secret is for the invoker, whose reply may vanish; anyone else gets it by DM.
            outputs = [o for o in _messages(game, events) if not o.by_dm or o.to == actor.user]
            outputs += turn_prompts(game, to_act, actor.user)
            deadlines = await arm(self._repository, stored.game_id, game, pending_before, events, self._clock())
            outputs = [stamp(o, stored, deadlines) for o in outputs]
            queued = durable(stored.table, actor.user, outputs)
            try:
                ids = await self._repository.append(
                    stored.game_id, [e.to_record() for e in events], before, game.is_over(),
                    outbox=[item for _, item in queued], deadlines=deadlines, interaction_id=interaction_id)
            except (ConcurrentUpdate, DuplicateInteraction):
                self._book.forget(stored.game_id)
                raise
            if game.seq // SNAPSHOT_EVERY > before // SNAPSHOT_EVERY:
                await self._repository.save_snapshot(stored.game_id, game.seq, game.snapshot())
            for closed in pending_before - set(game.state.pending):  # its notice needs no editing after a restart
                await self._repository.forget_message(stored.game_id, PROMPT + closed)
        return with_ids(outputs, queued, ids)

    async def commit_only(self, stored: StoredGame, game: Game[Any], deadlines: DeadlineChanges,
                          outputs: Sequence[Output] = ()) -> list[Output]:
        """Commit messages and deadline changes that come with no event (the game does not move)."""
        queued = durable(stored.table, None, list(outputs))
        async with self.lock(stored.game_id):
            ids = await self._repository.append(stored.game_id, [], game.seq, game.is_over(),
                                                outbox=[item for _, item in queued], deadlines=deadlines)
        return with_ids(list(outputs), queued, ids)


def _messages(game: Game[Any], events: Sequence[Event]) -> list[Output]:
    """What the table is told about these events: the summary (with a picture when the board changed and
    the working when there is some), the end card, and a recap after a pause."""
    overlays = game.system.board_update(events)
    outputs = (announce(game, events) if overlays is None
               else announce(game, events, pictures=lambda: board_picture(game, overlays)))
    outputs = _with_working(outputs, events)
    if any(isinstance(event.body, GameEnded) for event in events):
        outputs.append(Output(text=end_card(game)))
    if any(isinstance(event.body, GameResumed) for event in events):
        outputs.append(Output(text=f"Where we were: {status_line(game)}"))
    return outputs


def _with_working(outputs: list[Output], events: Sequence[Event]) -> list[Output]:
    """Offer the working on the public summary of a command whose public events can explain themselves."""
    if not events or not any(e.audience.is_public and e.body.working() for e in events):
        return outputs
    span = (events[0].seq, events[-1].seq)
    return [replace(o, working=span) if o.to is None and o.decision is None and index == 0 else o
            for index, o in enumerate(outputs)]
