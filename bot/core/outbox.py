"""The outbox: every message the table must see is committed with its events, then sent and marked sent.

A crash between the commit and the send loses nothing (start-up sends what is unsent, with the same
nonce), and a crash between the send and the mark is dropped by Discord's nonce. Replies to the invoker's
own interaction are not queued: the interaction itself carries them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.core.announce import announce_pending
from bot.core.books import GameBook
from bot.core.outputs import Output
from bot.core.shards import Shards
from bot.core.storage import GameRepository, MessageRef, OutboxItem, StoredGame
from engine.core import UserId

__all__ = ["PROMPT", "Outbox", "durable", "stamp", "with_ids"]

PROMPT = "prompt:"
"""Remembered messages showing a decision's notice are named after the decision with this prefix."""


def durable(table: str, invoker: UserId | None, outputs: Sequence[Output]) -> list[tuple[int, OutboxItem]]:
    """The messages that must survive a crash: everything public, every private line for someone
    other than the invoker (whose replies are part of their own interaction), and every copy for a DM. Errors
    change nothing."""
    return [(index, OutboxItem(f"channel:{table}" if output.to is None else f"user:{output.to}", output.to_payload()))
            for index, output in enumerate(outputs) if not output.error and (output.to != invoker or output.by_dm)]


def with_ids(outputs: list[Output], queued: list[tuple[int, OutboxItem]], ids: Sequence[int]) -> list[Output]:
    """Give each queued output the outbox id it was committed under (its nonce)."""
    for (index, _), outbox_id in zip(queued, ids, strict=True):
        outputs[index] = replace(outputs[index], outbox_id=outbox_id)
    return outputs


def stamp(output: Output, stored: StoredGame, deadlines: Mapping[str, float | None]) -> Output:
    """Tag a message with its table and game, and a decision notice with the deadline just armed for it."""
    deadline = output.deadline
    if output.decision is not None and output.to is None:
        deadline = deadlines.get(output.decision.id) or deadline
    return replace(output, table=stored.table, game_id=stored.game_id, deadline=deadline)


class Outbox:
    """What is still to send, what went out, and the prompts a restart edits in place."""

    def __init__(self, repository: GameRepository, book: GameBook, shards: Shards | None = None) -> None:
        self._repository = repository
        self._book = book
        self._shards = shards  # this process sends the messages of these shards' games only

    async def unsent(self) -> list[Output]:
        """Committed messages not yet confirmed sent (after a crash): send them again, with the same nonce."""
        return [Output.from_payload(row.payload, row.id) for row in await self._repository.unsent_outbox(self._shards)]

    async def sent(self, output: Output, channel: int, message_id: int) -> None:
        """Record that an outbox message went out; a decision notice is remembered so a restart edits it."""
        if output.outbox_id is not None:
            await self._repository.mark_sent(output.outbox_id, message_id)
        if output.decision is not None and output.to is None and output.game_id is not None:
            await self._repository.remember_message(output.game_id, PROMPT + output.decision.id, channel,
                                                    message_id)

    async def open_prompts(self) -> list[tuple[Output, int, int]]:
        """Each pending decision's public notice as it stands now, with the message that showed it
        (channel, message id): after a restart the front-end edits those messages in place."""
        found: list[tuple[Output, int, int]] = []
        armed = {(d.game_id, d.decision_id): d.due_at for d in await self._repository.deadlines(self._shards)}
        shown: dict[str, dict[str, MessageRef]] = {}
        for game_id, kind, ref in await self._repository.remembered(PROMPT):
            shown.setdefault(game_id, {})[kind.removeprefix(PROMPT)] = ref
        for game_id, prompts in shown.items():  # only games with an open prompt are loaded
            stored = await self._repository.game(game_id)
            if stored is None or stored.ended or not (self._shards is None or self._shards.owns(stored.guild)):
                continue
            game = await self._book.game_of(stored)
            for notice in announce_pending(game):
                assert notice.decision is not None
                ref = prompts.get(notice.decision.id)
                if ref is not None:
                    deadline = armed.get((stored.game_id, notice.decision.id))
                    found.append((stamp(notice, stored, {notice.decision.id: deadline}), ref.channel,
                                  ref.message_id))
        return found
