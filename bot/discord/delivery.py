"""Sending the table service's outputs to Discord: the table's channel, the invoker's ephemeral reply, DMs.

Every message the table must see was committed with its events (the outbox); it is sent with its
outbox id as Discord's nonce and then marked sent. A message that fails stays queued and is tried again
with a backoff by the timer; parts Discord confirmed are never sent twice (``outbox_retry``).
Nothing player-written can ping: the client allows no mentions by default, and the one exception is
a decision notice, which pings exactly the player who owes it. Users are named in the service's text by
their id; only the ids of the table's own players (host and seats) are shown as mentions, so no other
number (a distance, a game id, a mention a player typed) is ever rewritten.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Collection, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.core.outputs import Output, OutputFile
from bot.core.pictures import render_picture
from bot.discord.decide import DecideButton, OptionsView, describe
from bot.discord.outbox_retry import MessageRef, RetryBook, outbox_part
from bot.discord.preview import confirm_view, pick_view
from bot.discord.prompt_buttons import NoticePickSelect, QuickAnswerButton, notice_pick, turn_view
from bot.discord.unasked import LatestInteractions
from bot.discord.waiting import PreviewStore
from bot.discord.working import working_view
from engine.core import Game, UserId, Viewer

if TYPE_CHECKING:
    from bot.core.service import TableService

__all__ = ["Delivery", "chunks", "players_of", "with_mentions"]

_log = logging.getLogger(__name__)
_LIMIT = 2000  # characters per Discord message
_DMS_CLOSED = 50007
# An id stands alone: not inside a word, a number, a mention, a quoted value or a dashed id such as a game's; a
# possessive after it ("<id>'s turn") is no quote.
_BEFORE, _AFTER = r"(?<![\w.\"'<@#&!:/-])", r"(?![\w>\"]|'(?!s\b)|[.-]\w)"


def with_mentions(text: str, users: Collection[str]) -> str:
    """Show the ids of ``users`` (the table's players) as mentions: rendered as names, they ping no one
    under the default allowed mentions. Every other number, however long, stays as written."""
    ids = sorted((user for user in users if user.isdigit()), key=len, reverse=True)
    if not ids:
        return text
    return re.sub(f"{_BEFORE}({'|'.join(ids)}){_AFTER}", r"<@\1>", text)


def players_of(game: Game[Any] | None) -> frozenset[str]:
    """The users a game knows (its host and seated players): the only ids shown as mentions."""
    return frozenset() if game is None else frozenset({game.setup.host, *game.state.seats.values()})


def chunks(text: str, limit: int = _LIMIT) -> list[str]:
    """Split long text at line breaks into messages Discord accepts."""
    parts: list[str] = []
    current = ""
    for line in text.splitlines() or [""]:
        while len(line) > limit:
            parts.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) + 1 > limit:
            parts.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    parts.append(current)
    return [part for part in parts if part] or ["\u200b"]


def _nonce(output: Output, part: int) -> str:
    """Discord drops a second message with the same nonce: one per outbox row and chunk (<= 25 characters).
    A message outside the outbox (a table-free roll) has nothing to deduplicate and gets a fresh one."""
    return f"gm{output.outbox_id}.{part}" if output.outbox_id is not None else f"gx{secrets.token_hex(8)}"


def _notice_text(output: Output, users: Collection[str]) -> str:
    """A decision notice: the owner's mention (the only ping; put first unless the text names them already)
    and the countdown as a Discord timestamp."""
    text = with_mentions(output.text, {*users, *([output.ping] if output.ping else [])})
    ping = f"<@{output.ping}> " if output.ping and f"<@{output.ping}>" not in text else ""
    countdown = f" Due <t:{int(output.deadline)}:R>." if output.deadline else ""
    return chunks(ping + text + countdown)[0]


def decide_view(output: Output) -> discord.ui.View:
    """The Decide button under a notice, stamped with the table, the decision and the state it shows; beside it
    the one-click answer, where the notice has one (``Output.quick``), else the options of a public one-part choice
    as a select (``notice_pick``)."""
    assert output.decision is not None and output.table is not None
    view = discord.ui.View(timeout=None)
    view.add_item(DecideButton(output.table, output.decision.id, output.seq or 0))
    if output.quick:
        view.add_item(QuickAnswerButton(output.table, output.decision.id, output.seq or 0, output.quick))
    elif options := notice_pick(output.decision, output.quick):
        view.add_item(NoticePickSelect(output.table, output.decision.id, output.seq or 0, options))
    return view


class Delivery:
    """Posts outputs; renders pictures in ``pool`` so the event loop never waits for Pillow."""

    def __init__(self, client: discord.Client, service: TableService, pool: Executor | None,
                 previews: PreviewStore, *, clock: Callable[[], float] = time.time) -> None:
        self._client = client
        self._service = service
        self._pool = pool
        self._previews = previews
        self._book = RetryBook(clock)
        self._in_flight: set[int] = set()
        self._unasked = LatestInteractions(clock)

    async def files(self, pictures: Sequence[OutputFile]) -> list[discord.File]:
        loop = asyncio.get_running_loop()
        rendered = await asyncio.gather(*(loop.run_in_executor(self._pool, render_picture, p) for p in pictures))
        return [discord.File(io.BytesIO(png), filename=p.filename, description=p.alt[:1024])
                for p, png in zip(pictures, rendered, strict=True)]

    async def players(self, table: str | None) -> frozenset[str]:
        """The players of the game at ``table`` (loaded if need be, e.g. for a resend after a restart)."""
        if table is None:
            return frozenset()
        return players_of(self._service.live_game(table) or await self._service.game_at(table))

    async def reply(self, interaction: discord.Interaction, outputs: Sequence[Output],
                    table: str | None = None) -> None:
        """Answer an interaction run at ``table`` (its own channel unless named): the invoker's own lines
        ephemerally, everything else where it belongs. Menus and previews run at that table wherever they show."""
        invoker = str(interaction.user.id)
        where = table or str(interaction.channel_id)
        self._unasked.seen(where, interaction)
        answered = False
        try:
            for output in outputs:
                users = await self.players(output.table or where)
                mine = output.to is None or output.to == invoker
                if mine and (output.confirm is not None or output.picks):  # a preview to confirm, picks to choose
                    view = (confirm_view(self._previews, invoker, output.confirm, where) if output.confirm is not None
                            else pick_view(self._previews, invoker, output.picks, where))
                    await interaction.followup.send(chunks(with_mentions(output.text, users))[0], ephemeral=True,
                                                    files=await self.files(output.pictures), view=view)
                    answered = True
                elif output.by_dm:  # a lasting secret's copy: by DM, beside the private reply
                    await self.send(output)
                elif output.to == invoker and (options := self._own_options(output, where, invoker)) is not None:
                    text, view = options
                    await interaction.followup.send(text, ephemeral=True, files=await self.files(output.pictures),
                                                    view=view)
                    answered = True
                elif output.to == invoker or (output.error and output.outbox_id is None):
                    parts = chunks(with_mentions(output.text, users))
                    for index, part in enumerate(parts):
                        last = index == len(parts) - 1
                        extra = {"view": self._own_decision_view(output, where)} \
                            if last and output.decision is not None else {}
                        await interaction.followup.send(part, ephemeral=True,
                                                        files=await self.files(output.pictures), **extra)
                    answered = True
                elif output.table is None and output.to is None:  # a table-free answer (a /roll outside games)
                    await self._public(self._client.get_partial_messageable(interaction.channel_id or 0), output)
                else:
                    await self.send(output)
        finally:
            if not answered:
                await interaction.delete_original_response()

    def _own_options(self, output: Output, table: str, invoker: str) -> tuple[str, discord.ui.View] | None:
        """A decision the invoker's own command showed them (``/act`` alone while they owe it, or one their action
        opened): its options at once, in words, as Decide opens them (the typed prompt, with its keys and
        ``/decide decision:... choice:...``, is for the console); None where a part has no ready answers to pick
        (a point to type: the typed prompt and Decide then), or the decision is no longer pending."""
        game = self._service.live_game(output.table or table)
        if output.decision is None or game is None or output.decision.id not in game.state.pending:
            return None
        decision = game.state.pending[output.decision.id]
        if not game.state.holds(UserId(invoker), decision.owner):
            return None
        pending = next(p for p in game.view(Viewer.of_side(decision.owner)).pending if p.id == decision.id)
        if not pending.parts or not all(part.offered() for part in pending.parts):
            return None
        return describe(pending), OptionsView(output.table or table, pending, game.seq, UserId(invoker))

    def _own_decision_view(self, output: Output, table: str) -> discord.ui.View:
        """The Decide button under a decision the invoker's own command opened for them, as under its public
        notice, so they answer by menus rather than typing /decide."""
        table = output.table or table
        game = self._service.live_game(table)
        return decide_view(replace(output, table=table, seq=output.seq or (game.seq if game is not None else 0)))

    async def send(self, output: Output) -> None:
        """Post one committed message (public to its table, private by DM) and mark it sent. A failure is
        logged and leaves it queued: ``retry_due`` tries again after a backoff (see ``outbox_retry``)."""
        outbox_id = output.outbox_id
        if outbox_id is not None:
            if outbox_id in self._in_flight:
                return
            self._in_flight.add(outbox_id)
        try:
            channel_id, message_id = await self._deliver(output)
            await self._service.sent(output, channel_id, message_id)
            if outbox_id is not None:
                self._book.done(outbox_id)
        except Exception as error:
            if outbox_id is None:
                raise
            wait = self._book.failed(outbox_id)
            _log.warning("could not deliver outbox message %s (%s: %s); it stays queued, next try in %.0f s",
                         outbox_id, type(error).__name__, error, wait)
        finally:
            self._in_flight.discard(outbox_id or 0)

    async def _deliver(self, output: Output) -> MessageRef:
        if output.to is not None and output.decision is not None and not output.decision.owner_only:
            return (0, 0)  # the owner's prompt opens behind the public Decide button
        if output.to is not None and output.turn is not None:
            return await self._unasked_menu(output)
        if output.to is not None:
            return await self._direct(output)
        assert output.table is not None
        return await self._public(self._client.get_partial_messageable(int(output.table)), output)

    async def _unasked_menu(self, output: Output) -> MessageRef:
        """A turn's menu for a player who did not ask for it (the turn came to them): an ephemeral follow-up to
        their latest interaction at the table while Discord takes one (``bot.discord.unasked``); otherwise it opens
        behind the notice's Choose button, or their ``/act``."""
        assert output.to is not None
        table = output.table or ""
        interaction = self._unasked.of(table, output.to) if output.picks else None
        if interaction is None:
            return (0, 0)
        text = chunks(with_mentions(output.text, await self.players(table)))[0]
        try:
            await interaction.followup.send(text, ephemeral=True, view=pick_view(self._previews, output.to,
                                                                                 output.picks, table))
        except discord.HTTPException as error:  # expired or gone: the notice and /act still serve
            _log.info("no unasked menu for %s at %s (%s)", output.to, table, error)
            self._unasked.forget(table, output.to)
        return (0, 0)

    async def resend_unsent(self) -> int:
        """After a restart: send what was committed but not confirmed; Discord drops true duplicates by nonce."""
        unsent = await self._service.unsent()
        for output in unsent:
            await self.send(output)
        return len(unsent)

    async def retry_due(self) -> int:
        """For the timer: send again what is still unsent once its backoff has passed, and what nobody in this
        process is sending (see ``RetryBook.due``)."""
        tried = 0
        for output in await self._service.unsent():
            assert output.outbox_id is not None
            if output.outbox_id not in self._in_flight and self._book.due(output.outbox_id):
                await self.send(output)
                tried += 1
        return tried

    def echo(self, message: discord.Message) -> None:
        """The bot's own message came back through the gateway: if it is part of a message being retried,
        that part went out (even if Discord's answer was lost) and is never sent again."""
        part = outbox_part(str(message.nonce)) if message.nonce is not None else None
        if part is not None and (part[0] in self._in_flight or self._book.knows(part[0])):
            self._book.went_out(*part, (message.channel.id, message.id))

    async def _part(self, output: Output, index: int, post: Callable[[], Awaitable[discord.Message]]) -> MessageRef:
        """Send part ``index`` of ``output`` unless Discord already holds it; returns where it is."""
        outbox_id = output.outbox_id
        known = self._book.confirmed(outbox_id, index) if outbox_id is not None else None
        if known is not None:
            return known
        message = await post()
        where = (message.channel.id, message.id)
        if outbox_id is not None:
            self._book.went_out(outbox_id, index, where)
        return where

    async def refresh_prompts(self) -> int:
        """After a restart: edit each open decision's notice in place (fresh button and countdown), never repost."""
        prompts = await self._service.open_prompts()
        for output, channel, message_id in prompts:
            message = self._client.get_partial_messageable(channel).get_partial_message(message_id)
            try:
                await message.edit(content=_notice_text(output, await self.players(output.table)),
                                   view=decide_view(output))
            except discord.NotFound:
                _log.info("the notice of %s was deleted; posting it again", output.decision)
                await self.send(output)
        return len(prompts)

    async def _public(self, channel: discord.abc.Messageable, output: Output) -> MessageRef:
        files = await self.files(output.pictures)
        users = await self.players(output.table)
        if output.decision is not None:
            return await self._part(output, 0, lambda: channel.send(
                _notice_text(output, users), files=files, view=decide_view(output),
                allowed_mentions=_pinging(output.ping), nonce=_nonce(output, 0)))
        if output.turn is not None and output.table is not None:  # a prompt turn: Pass, or Choose privately
            view = turn_view(output.table, output.turn, output.seq or 0, output.quick or "Pass")
            return await self._part(output, 0, lambda: channel.send(
                _notice_text(output, users), files=files, view=view, allowed_mentions=_pinging(output.ping),
                nonce=_nonce(output, 0)))
        *first, last = chunks(with_mentions(output.text, users))
        for index, text in enumerate(first):
            await self._part(output, index, partial(channel.send, text, nonce=_nonce(output, index)))
        working = working_view(output)
        extra = {"view": working} if working is not None else {}
        return await self._part(output, len(first), partial(channel.send, last, files=files,
                                                            nonce=_nonce(output, len(first)), **extra))

    async def _direct(self, output: Output) -> MessageRef:
        """A secret goes by DM; when DMs are closed the table learns only that, never the secret."""
        assert output.to is not None
        client = self._client
        try:
            user = client.get_user(int(output.to)) or await client.fetch_user(int(output.to))
            where: MessageRef = (0, 0)
            # A reminder (the only DM with a deadline) links the table and counts down.
            at = f" At <#{output.table}>." if output.table and output.deadline else ""
            due = f" Due <t:{int(output.deadline)}:R>." if output.deadline else ""
            users = await self.players(output.table)
            parts = chunks(with_mentions(output.text, users) + at + due)
            for index, text in enumerate(parts):
                # An owner-only decision has no public notice: its Decide button comes with the owner's prompt.
                extra = {"view": decide_view(output)} if output.decision is not None and output.table is not None \
                    and index == len(parts) - 1 else {}
                where = await self._part(output, index, partial(user.send, text, nonce=_nonce(output, index),
                                                                **extra))
            return where
        except discord.Forbidden as error:
            if error.code != _DMS_CLOSED:
                raise
            _log.info("DMs closed for %s", output.to)
            if output.table is None:
                return (0, 0)
            table = client.get_partial_messageable(int(output.table))
            return await self._part(output, 0, lambda: table.send(
                _closed_dms_notice(output), allowed_mentions=_pinging(output.to if output.deadline else None),
                nonce=_nonce(output, 0)))


def _pinging(user: str | None) -> discord.AllowedMentions:
    """Mentions that ping ``user`` alone (nobody when None): a choice is due, the one reason to ping."""
    return discord.AllowedMentions(users=[discord.Object(int(user))]) if user else discord.AllowedMentions.none()


def _closed_dms_notice(output: Output) -> str:
    """What the table is told instead of a DM that could not go out: where to find it, never what it says.
    A reminder (the only DM with a deadline) points at its choice's public notice, and pings its owner."""
    if output.deadline:
        return (f"<@{output.to}>, a choice of yours is waiting here: press Decide on its notice. "
                f"Due <t:{int(output.deadline)}:R>. (Your DMs are closed, so the reminder came here.)")
    return (f"<@{output.to}> has private information waiting but their DMs are closed: open DMs from this "
            "server, or read it privately with /log or /hand show.")
