"""The Discord client: slash commands from the registry, the Decide button, autocomplete, delivery."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import discord
from discord import app_commands

from bot.core.data_loader import IMPORT_LIMIT_BYTES
from bot.core.outputs import Output
from bot.core.parsing import Attachment, Invocation
from bot.core.registry import Suggest
from bot.core.service import TableService
from bot.core.text import fit
from bot.discord.decide import DecideButton
from bot.discord.delivery import Delivery
from bot.discord.invite import DeclineButton, JoinButton, MapSelect, PaceSelect, invite_view, map_choices
from bot.discord.permissions import invite_url, missing, needed
from bot.discord.preview import AdjustButton, ConfirmButton, PickSelect
from bot.discord.prompt_buttons import NoticePickSelect, QuickAnswerButton, TurnButton
from bot.discord.redelivery import SeenInteractions, drop_redeliveries
from bot.discord.status_board import StatusBoard
from bot.discord.tree import build_commands, tree_hash
from bot.discord.waiting import PreviewStore
from bot.discord.working import ShowWorkingButton
from engine.core import UserId

__all__ = ["GameMaster"]

# The bot never joins voice: no start-up warnings about voice libraries it does not need.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False

_log = logging.getLogger(__name__)
_CDN_HOSTS = frozenset({"cdn.discordapp.com", "media.discordapp.net"})
_LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
_FETCH_TIMEOUT = 10.0  # seconds


def _allowed_host(url: str) -> bool:
    """Imports come from Discord's CDN only, or from the API's own host when that is a local stand-in for Discord
    (any name of this machine then: a stand-in may serve its files at 127.0.0.1 behind an API at localhost)."""
    host = urlparse(url).hostname or ""
    api = urlparse(discord.http.Route.BASE).hostname or ""
    return host in _CDN_HOSTS or host == api or (api in _LOOPBACK and host in _LOOPBACK)


def _opens_thread(interaction: discord.Interaction, options: dict[str, Any]) -> bool:
    """Whether ``/game new`` gets its own thread: with an opponent or ``thread:yes``, from a text channel."""
    return bool(options.get("thread", "opponent" in options)) and isinstance(interaction.channel, discord.TextChannel)


async def _fetch(uploads: dict[str, discord.Attachment], into: dict[str, Attachment]) -> str | None:
    """Read each uploaded file from Discord into ``into``; returns what the player is told when one cannot be."""
    for name, upload in uploads.items():
        if upload.size > IMPORT_LIMIT_BYTES or not _allowed_host(upload.url):
            return f"{upload.filename}: imports are YAML files of at most 256 KB uploaded to Discord"
        try:
            into[name] = Attachment(upload.filename, await asyncio.wait_for(upload.read(), _FETCH_TIMEOUT))
        except (discord.HTTPException, TimeoutError) as error:
            _log.info("could not fetch %s (%s)", upload.url, error)
            return (f"{upload.filename}: Discord did not hand over the file ({type(error).__name__}); nothing was "
                    "imported. Upload it again with the same command.")
    return None


class GameMaster(discord.Client):
    """Hosts games in channels and threads through the transport-free table service."""

    def __init__(self, service: TableService, *, pool: Executor | None, hash_file: Path | None,
                 force_sync: bool = False, guild_id: int | None = None, tick_seconds: float = 5.0,
                 status_every: float | None = 5.0, clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, **options: Any) -> None:
        """``status_every``: the least seconds between two edits of a table's pinned status (None: no status);
        ``clock``: wall-clock seconds, as the service's (deadlines and retries of failed sends wait by it);
        ``sleep``: how the timer waits that many seconds (a test passes one that moves its own clock)."""
        super().__init__(intents=discord.Intents.default(), allowed_mentions=discord.AllowedMentions.none(),
                         **options)
        self.service = service
        self.previews = PreviewStore()
        self.delivery = Delivery(self, service, pool, self.previews, clock=clock)
        self.status_board = StatusBoard(self, service, min_interval=status_every) if status_every else None
        drop_redeliveries(self, SeenInteractions())
        self.tree = app_commands.CommandTree(self)
        for command in build_commands(service.registry, type(self)._dispatch, type(self)._suggest):
            self.tree.add_command(command)
        self._hash_file = hash_file
        self._force_sync = force_sync
        self._guild = discord.Object(guild_id) if guild_id else None
        self._tick_seconds = tick_seconds
        self._clock = clock
        self._sleep = sleep
        self._timer: asyncio.Task[None] | None = None
        self._deadlines_changed = asyncio.Event()  # a command may have armed a deadline sooner than the timer's wait

    async def setup_hook(self) -> None:
        """Before the gateway connects: buttons, commands, then whatever a crash or restart left behind."""
        self.add_dynamic_items(DecideButton, JoinButton, DeclineButton, ConfirmButton, AdjustButton,
                               ShowWorkingButton, PickSelect, MapSelect, PaceSelect, TurnButton, QuickAnswerButton,
                               NoticePickSelect)
        await self._sync_if_changed()
        resent = await self.delivery.resend_unsent()
        refreshed = await self.delivery.refresh_prompts()
        _log.info("start-up: %d unsent messages sent, %d open prompts refreshed", resent, refreshed)
        if self.application_id is not None:
            _log.info("invite link: %s", invite_url(self.application_id))
        self._timer = asyncio.create_task(self._tick(), name="decision deadlines")

    async def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self.status_board is not None:
            await self.status_board.close()
        await super().close()

    async def on_message(self, message: discord.Message) -> None:
        """The bot's own messages come back through the gateway: proof for the outbox that they went out."""
        if self.user is not None and message.author.id == self.user.id:
            self.delivery.echo(message)

    def _touch_status(self, table: str) -> None:
        if self.status_board is not None:
            self.status_board.touch(table)

    async def _tick(self) -> None:
        """Let decisions whose deadline passed take their course (deadlines are stored as absolute times, so
        one that fell due while the bot was down applies at once), and send again what failed to go out once
        its backoff is over: at each deadline's own moment, and every few seconds besides."""
        while True:
            self._deadlines_changed.clear()
            wait = self._tick_seconds
            try:
                for output in await self.service.expire_due():
                    await self.delivery.send(output)
                    if output.table is not None:
                        self._touch_status(output.table)
                await self.delivery.retry_due()
                due, now = await self.service.next_due(), self._clock()
                if due is not None and due > now:  # one still due now was not taken: the tick tries it again
                    wait = min(wait, due - now)
            except Exception:
                _log.exception("the deadline timer failed; trying again at the next tick")
            await self._nap(wait)

    async def _nap(self, seconds: float) -> None:
        """Sleep ``seconds``, or less when a command changes the deadlines meanwhile (it may arm a sooner one: a
        pre-passed offer is answered at the hidden moment drawn for it, never up to a tick later)."""
        nap = asyncio.ensure_future(self._sleep(seconds))
        woken = asyncio.ensure_future(self._deadlines_changed.wait())
        try:
            await asyncio.wait({nap, woken}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            nap.cancel()
            woken.cancel()

    async def _sync_if_changed(self) -> None:
        """Sync only when the commands changed (Discord caps command creation per day) or when asked."""
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands()]
        digest = tree_hash(payload)
        if not self._force_sync and self._hash_file is not None and self._hash_file.is_file() \
                and self._hash_file.read_text().strip() == digest:
            _log.info("slash commands unchanged; not syncing")
            return
        if self._guild is not None:
            self.tree.copy_global_to(guild=self._guild)
        await self.tree.sync(guild=self._guild)
        if self._hash_file is not None:
            self._hash_file.write_text(digest)
        _log.info("synced %d slash commands", len(payload))

    async def _suggest(self, interaction: discord.Interaction, path: tuple[str, ...], option: str, kind: Suggest,
                       current: str) -> list[app_commands.Choice[str]]:
        filled = {key: value for key, value in interaction.namespace if isinstance(value, str | int | float | bool)}
        found = self.service.suggestions(str(interaction.channel_id), UserId(str(interaction.user.id)), path, option,
                                         kind, current, filled)
        return [app_commands.Choice(name=fit(choice.shown), value=choice.value[:100]) for choice in found]

    async def _dispatch(self, interaction: discord.Interaction, path: tuple[str, ...], options: dict[str, Any]) -> None:
        plain: dict[str, str | int | float | bool] = {}
        uploads: dict[str, discord.Attachment] = {}
        for name, value in options.items():
            if isinstance(value, discord.Attachment):
                uploads[name] = value
            elif isinstance(value, discord.abc.User):
                plain[name] = str(value.id)
            else:
                plain[name] = value
        files: dict[str, Attachment] = {}
        if uploads:
            await interaction.response.defer(ephemeral=True, thinking=True)  # the fetch may outlast the 3 s
            problem = await _fetch(uploads, files)
            if problem:
                await interaction.followup.send(problem, ephemeral=True)
                return
        if path in (("game", "new"), ("game", "demo")) and await self._refuse_without_permissions(
                interaction, opens_thread=path == ("game", "new") and _opens_thread(interaction, plain)):
            return
        if path == ("game", "new"):
            await self._new_game(interaction, plain)
            return
        await self.run_invocation(interaction, Invocation(path, plain, files))

    @staticmethod
    async def _refuse_without_permissions(interaction: discord.Interaction, *, opens_thread: bool) -> bool:
        """A game needs the bot to post and attach pictures here, and to open a thread when it gets one:
        name what is missing."""
        in_thread = isinstance(interaction.channel, discord.Thread)
        lacking = missing(interaction.app_permissions, needed(in_thread=in_thread, opens_thread=opens_thread))
        if lacking:
            await interaction.response.send_message(
                f"I cannot host a game in this channel: I am missing {', '.join(lacking)}. Ask a server admin to "
                "grant them here (the invite link in the README grants exactly what I need).", ephemeral=True)
        return bool(lacking)

    async def _new_game(self, interaction: discord.Interaction, options: dict[str, str | int | float | bool]) -> None:
        """With an opponent (or ``thread:yes``) open the game's own thread, named after the game and its
        players, start the game there and post the invite card; otherwise host it in this channel."""
        opponent = str(options["opponent"]) if "opponent" in options else None
        channel = interaction.channel
        if not _opens_thread(interaction, options) or not isinstance(channel, discord.TextChannel):
            await self.run_invocation(interaction, Invocation(("game", "new"), options))
            return
        user = UserId(str(interaction.user.id))
        refusal = self.service.check_new_game(user, options)
        if refusal is not None:
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread = await self._open_thread(channel, interaction, str(options["system"]), opponent)
        table_id = str(thread.id)
        outputs = await self.service.execute(table_id, user, Invocation(("game", "new"), options),
                                             manager=bool(interaction.permissions.manage_guild),
                                             interaction_id=str(interaction.id), guild=interaction.guild_id)
        for output in outputs:
            if output.to != user:
                await self.delivery.send(output)
        self._touch_status(table_id)
        if opponent is not None:
            await thread.send(f"<@{user}> invites <@{opponent}> to play. Join takes the free side; the host may "
                              "change the map (before deployment) and the pace here.",
                              view=invite_view(table_id, opponent, map_choices(self, table_id)))
        # The host's own lines and choices come here, with their menu when the game already waits on them (an
        # Eldfall party to choose: no bare /act first), and so does a menu the game hands them later unasked (their
        # turn, once the opponent joins): each played at the thread's table wherever it shows.
        own = [output for output in outputs if output.to == user]
        if not any(output.picks or output.decision is not None for output in own):
            menu = await self.service.execute(table_id, user, Invocation(("act",), {}))
            own += [output for output in menu if output.picks]
        ready = Output(text=f"Your game is ready in <#{table_id}>. /help there says what to do next.", to=user,
                       table=table_id)
        await self.delivery.reply(interaction, [ready, *own], table_id)

    async def _open_thread(self, channel: discord.TextChannel, interaction: discord.Interaction, system: str,
                           opponent: str | None) -> discord.Thread:
        players = interaction.user.display_name
        invited = getattr(interaction.namespace, "opponent", None)
        if opponent is not None:
            players += f" vs {invited.display_name if isinstance(invited, discord.abc.User) else 'a guest'}"
        title = self.service.system_title(system)
        thread = await channel.create_thread(name=fit(f"{title}: {players}"), type=discord.ChannelType.public_thread,
                                             auto_archive_duration=10080)
        if opponent is not None:
            try:
                await thread.add_user(discord.Object(int(opponent)))
            except discord.HTTPException:
                _log.info("could not add %s to thread %s; the invite card still names them", opponent, thread.id)
        return thread

    async def run_invocation(self, interaction: discord.Interaction, invocation: Invocation, *,
                             preview: bool = True, table: str | None = None) -> None:
        """Defer at once (the reply is due in 3 s), run the command (previewed first where its game previews
        it, unless this is the Confirm of a preview), then deliver what it says."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        table = table or str(interaction.channel_id)
        manager = bool(interaction.permissions.manage_guild)
        outputs: list[Output] = await self.service.execute(table, UserId(str(interaction.user.id)), invocation,
                                                           manager=manager, interaction_id=str(interaction.id),
                                                           preview=preview, guild=interaction.guild_id)
        await self.delivery.reply(interaction, outputs, table)
        self._touch_status(table)
        self._deadlines_changed.set()
