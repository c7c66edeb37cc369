"""End-to-end checks of the stand-in with the real discord.py client and a throwaway bot."""

from __future__ import annotations

import asyncio
import io
import re
import struct
import zlib
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands

from tests.discord_standin import StandIn, Upload, start_bot, stop_bot
from tests.discord_standin.bots import stop_all

WARBANDS = ["Grave Guard", "Grey Seers", "Gutter Runners", "Iron Golems"]


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    """A valid PNG without Pillow, so the test checks bytes end to end."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    rows = b"".join(b"\x00" + b"\xc0\x30\x30" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class Roll(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"roll:(?P<game>\d+):(?P<sides>\d+)"):
    """A button whose state lives in its custom id, so any process can answer it."""

    def __init__(self, game: int, sides: int) -> None:
        super().__init__(discord.ui.Button(label=f"d{sides}", custom_id=f"roll:{game}:{sides}"))
        self.game, self.sides = game, sides

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[discord.ui.View], match: re.Match[str]
    ) -> Roll:
        return cls(int(match["game"]), int(match["sides"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"game {self.game}: d{self.sides} rolled", ephemeral=True)


class NameWarband(discord.ui.Modal, title="Name your warband"):
    name: discord.ui.TextInput[NameWarband] = discord.ui.TextInput(label="Name", custom_id="warband-name")

    def __init__(self, warband: str) -> None:
        super().__init__()
        self.warband = warband

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"{self.warband} named {self.name.value}", view=None)


class Muster(discord.ui.View):
    """A message-bound select whose choice opens a modal; the modal's submit rewrites the message."""

    @discord.ui.select(custom_id="muster", options=[discord.SelectOption(label=w) for w in WARBANDS])
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select[Muster]) -> None:
        await interaction.response.send_modal(NameWarband(select.values[0]))


class TinyBot(discord.Client):
    """One command of each kind the stand-in must carry; errors are kept for the test to assert on."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.2)
        self.guild = discord.Object(guild_id)
        self.tree = app_commands.CommandTree(self)
        self.errors: list[BaseException] = []
        self.failed = asyncio.Event()
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self.heard: asyncio.Queue[discord.Message] = asyncio.Queue()
        self._add_commands()

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            await self.heard.put(message)

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.errors.append(error)
        self.failed.set()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Roll)
        await self.tree.sync()
        await self.tree.sync(guild=self.guild)

    def _add_commands(self) -> None:
        game = app_commands.Group(name="game", description="Run a game")
        unit = app_commands.Group(name="unit", description="Units", parent=game)

        @unit.command(name="move", description="Move a unit")
        async def move(
            interaction: discord.Interaction, unit: str, inches: int, toward: discord.Member | None = None
        ) -> None:
            aim = toward.name if toward else "nobody"
            await interaction.response.send_message(f"{unit} moves {inches} toward {aim}", ephemeral=True)

        @game.command(name="board", description="Show the board")
        async def board(interaction: discord.Interaction, map: discord.Attachment) -> None:
            await interaction.response.defer(thinking=True)
            picture = discord.File(io.BytesIO(await map.read()), filename="board.png")
            embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
            await interaction.followup.send("the board", file=picture, embed=embed)

        self.tree.add_command(game, guild=self.guild)

        async def warbands(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=w, value=w) for w in WARBANDS if w.lower().startswith(current.lower())]

        @self.tree.command(name="pick", description="Pick a warband")
        @app_commands.autocomplete(warband=warbands)
        async def pick(interaction: discord.Interaction, warband: str) -> None:
            await interaction.response.send_message(f"picked {warband}")

        @self.tree.command(name="muster", description="Choose and name a warband")
        async def muster(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Choose a warband", view=Muster(timeout=60))

        @self.tree.command(name="report", description="Report privately, in steps")
        async def report(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            await interaction.edit_original_response(content="rolling...")
            draft = await interaction.followup.send("result: ?", ephemeral=True, wait=True)
            await draft.edit(content="result: 6")
            original = await interaction.original_response()
            await interaction.followup.send(f"{original.content} done", ephemeral=True)
            await draft.delete()

        @self.tree.command(name="slow", description="Answer too late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.1)
            await interaction.response.send_message("too late")

        @self.tree.command(name="dice", description="Post dice buttons")
        async def dice(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Roll(7, 6))
            await interaction.response.send_message("Roll!", view=view)


@pytest_asyncio.fixture
async def bot(standin: StandIn) -> AsyncIterator[TinyBot]:
    client = TinyBot(standin.guild_id)
    await start_bot(client, standin.token)
    yield client
    await stop_bot(client)
    assert client.errors == []
    assert standin.unknown_requests == []


async def test_login_and_sync(standin: StandIn, bot: TinyBot) -> None:
    assert bot.user is not None and bot.user.id == standin.app_id
    assert bot.application_id == standin.app_id
    guild = bot.get_guild(standin.guild_id)
    assert guild is not None and {c.name for c in guild.text_channels} == {"general", "battle", "log"}
    assert {c["name"] for c in standin.commands()} == {"pick", "muster", "report", "slow", "dice"}
    (game,) = standin.commands(guild=True)
    assert game["name"] == "game" and game["options"][0]["name"] == "unit"
    fetched = await bot.tree.fetch_commands(guild=bot.guild)
    assert [c.id for c in fetched] == [int(game["id"])]


async def test_subcommand_group_answered_ephemerally(standin: StandIn, bot: TinyBot) -> None:
    handle = await standin.slash("game unit move", {"unit": "Sergeant", "inches": 6, "toward": "bob"}, user="alice")
    callback = await handle.response()
    assert callback.body["type"] == 4 and callback.ephemeral
    assert callback.data["content"] == "Sergeant moves 6 toward bob"
    assert handle.original is not None and handle.original["interaction_metadata"]["user"]["username"] == "alice"
    assert standin.messages_in("general") == []  # ephemeral: nobody else sees it
    assert standin.messages_in("general", ephemeral=True) == [handle.original]


async def test_deferred_reply_then_followup_with_png(standin: StandIn, bot: TinyBot) -> None:
    png = tiny_png()
    handle = await standin.slash("game board", {"map": Upload("map.png", png)}, channel="battle")
    assert (await handle.response()).body["type"] == 5
    message = await handle.followup()
    (attachment,) = message["attachments"]
    assert attachment["filename"] == "board.png" and (attachment["width"], attachment["height"]) == (3, 2)
    assert standin.attachment_bytes(attachment) == png
    assert message["embeds"][0]["image"]["url"] == attachment["url"]
    assert message["id"] == handle.original_id  # the first follow-up fills the "thinking..." message
    assert standin.messages_in("battle") == [message]


async def test_ephemeral_steps_through_original_and_followups(standin: StandIn, bot: TinyBot) -> None:
    handle = await standin.slash("report", channel="log")
    await handle.wait_for(lambda: [s for s in handle.sent if s.kind == "delete"], what="the draft's deletion")
    assert handle.original is not None and handle.original["content"] == "rolling..."
    assert handle.original["flags"] == 64  # the loading flag is gone, the deferral's ephemeral flag stays
    assert [m["content"] for m in handle.followups] == ["rolling... done"]  # the deleted draft is gone
    assert [s.kind for s in handle.sent] == ["callback", "edit", "followup", "edit", "followup", "delete"]
    assert all(s.ephemeral for s in handle.sent if s.kind == "followup")
    assert standin.messages_in("log") == []


async def test_autocomplete_choices(standin: StandIn, bot: TinyBot) -> None:
    handle = await standin.autocomplete("pick", "warband", {"warband": "gr"})
    await handle.response()
    assert [c["value"] for c in handle.choices] == ["Grave Guard", "Grey Seers"]


async def test_dynamic_button_survives_restart_and_reconnect(standin: StandIn, bot: TinyBot) -> None:
    posted = await standin.slash("dice")
    message = (await posted.response()).message
    assert message is not None
    await stop_bot(bot)

    successor = TinyBot(standin.guild_id)
    await start_bot(successor, standin.token)
    try:
        click = await standin.click(message, "roll:7:6", user="carol")
        assert (await click.response()).data["content"] == "game 7: d6 rolled"

        await standin.drop_gateway()
        await standin.wait_connected()
        assert len(standin.gateway.resumes) == 1 and len(standin.gateway.identifies) == 2
        again = await standin.click(message, "roll:7:6", user="bob")
        assert (await again.response()).ephemeral
    finally:
        await stop_bot(successor)
    assert successor.errors == []


async def test_dm_delivered_and_refused(standin: StandIn, bot: TinyBot) -> None:
    alice = await bot.fetch_user(standin.user_id("alice"))
    await alice.send("your secret objective")
    assert [m["content"] for m in standin.dms_to("alice")] == ["your secret objective"]

    standin.refuse_dms("bob")
    bob = await bot.fetch_user(standin.user_id("bob"))
    with pytest.raises(discord.Forbidden) as refused:
        await bob.send("you will never see this")
    assert refused.value.code == 50007
    assert standin.dms_to("bob") == []


async def test_a_message_over_discords_limits_is_refused_as_discord_refuses_it(standin: StandIn, bot: TinyBot) -> None:
    channel = bot.get_channel(standin.channel_id("log"))
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.status == 400 and refused.value.code == 50035 and "content: 2001 characters" in str(
        refused.value)
    view = discord.ui.View()
    view.add_item(discord.ui.Select(options=[discord.SelectOption(label=str(n)) for n in range(25)]))
    await channel.send("twenty-five options fit", view=view)
    assert [m["content"] for m in standin.messages_in("log")] == ["twenty-five options fit"]


async def test_same_nonce_stored_once(standin: StandIn, bot: TinyBot) -> None:
    channel = bot.get_channel(standin.channel_id("log"))
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("turn 1 begins", nonce=4242)
    second = await channel.send("turn 1 begins", nonce=4242)
    assert first.id == second.id
    assert [m["content"] for m in standin.messages_in("log")] == ["turn 1 begins"]
    assert [s.kind for s in standin.sent_in("log")] == ["message", "duplicate"]
    assert standin.sent_in("log")[0].nonce == "4242"


async def test_select_opens_modal_whose_submit_updates_the_message(standin: StandIn, bot: TinyBot) -> None:
    posted = await standin.slash("muster")
    message = (await posted.response()).message
    assert message is not None and not message["flags"] & 64
    pick = await standin.click(message, "muster", values=["Grey Seers"], user="bob")
    assert (await pick.response()).body["type"] == 9
    assert pick.modal is not None and pick.modal["title"] == "Name your warband"
    form = await standin.submit_modal(pick, {"warband-name": "The Twelve"})
    assert (await form.response()).body["type"] == 7
    updated = standin.message(message["id"])
    assert updated["content"] == "Grey Seers named The Twelve" and updated["components"] == []
    assert updated["edited_timestamp"] is not None


async def test_channel_tools_pins_threads_history_and_mentions(standin: StandIn, bot: TinyBot) -> None:
    channel = bot.get_channel(standin.channel_id("battle"))
    assert isinstance(channel, discord.TextChannel)
    bob = standin.user_id("bob")
    quiet = discord.AllowedMentions(users=False)
    summary = await channel.send(f"<@{bob}> your turn", allowed_mentions=quiet)
    assert standin.message(summary.id)["mentions"] == []
    assert standin.sent_in("battle")[-1].allowed_mentions == quiet.to_dict()
    loud = await channel.send(f"<@{bob}> still your turn")
    assert [u["username"] for u in standin.message(loud.id)["mentions"]] == ["bob"]

    await summary.edit(content="turn 2")
    await summary.pin()
    assert [m.id async for m in channel.pins()] == [summary.id]
    assert (await channel.fetch_message(summary.id)).content == "turn 2"
    assert [m.id async for m in channel.history(limit=10)] == [loud.id, summary.id]

    thread = await summary.create_thread(name="Turn 2 log")
    await standin.wait_for(lambda: bot.get_channel(thread.id), what="THREAD_CREATE reaching the bot")
    await thread.send("bob advances")
    assert [m["content"] for m in standin.messages_in(thread.id)] == ["bob advances"]
    assert [s.kind for s in standin.sent_in("battle")] == ["message", "message", "edit", "pin", "thread"]


async def test_refused_pins_and_a_moderator_deleting_a_pinned_message(standin: StandIn, bot: TinyBot) -> None:
    channel = bot.get_channel(standin.channel_id("battle"))
    assert isinstance(channel, discord.TextChannel)
    first, second = await channel.send("first"), await channel.send("second")
    await first.pin()
    await second.pin()
    assert [m["id"] for m in standin.pins_in("battle")] == [str(second.id), str(first.id)]

    await standin.delete_message(first.id)
    assert [m["id"] for m in standin.pins_in("battle")] == [str(second.id)]
    assert [m.id async for m in channel.pins()] == [second.id]
    with pytest.raises(discord.NotFound):
        await first.edit(content="gone")
    assert "delete" not in [s.kind for s in standin.sent_in("battle")], "a moderator's deletion is not the bot's"

    standin.refuse_pins("battle")
    with pytest.raises(discord.Forbidden) as refused:
        await second.unpin()
    assert refused.value.code == 50013 and standin.pins_in("battle") != []
    standin.refuse_pins("battle", False)
    await second.unpin()
    assert standin.pins_in("battle") == []


async def test_user_message_without_content_intent_is_blank(standin: StandIn, bot: TinyBot) -> None:
    await standin.post_message("general", "I charge!", author="carol")
    heard = await asyncio.wait_for(bot.heard.get(), 5)
    assert heard.author.name == "carol" and heard.content == ""
    await standin.post_message("general", f"<@{standin.app_id}> I charge!", author="carol")
    assert (await asyncio.wait_for(bot.heard.get(), 5)).content.endswith("I charge!")


async def test_late_response_is_an_unknown_interaction(standin: StandIn, bot: TinyBot) -> None:
    standin.response_deadline = 0.05
    handle = await standin.slash("slow")
    await asyncio.wait_for(bot.failed.wait(), 5)
    (error,) = bot.errors
    assert isinstance(error.__cause__, discord.NotFound) and error.__cause__.code == 10062
    assert handle.callback is None
    bot.errors.clear()


async def test_unmodelled_route_is_recorded(standin: StandIn) -> None:
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.2)
    await start_bot(client, standin.token)
    guild = client.get_guild(standin.guild_id)
    assert guild is not None
    with pytest.raises(discord.NotFound):
        await guild.fetch_roles()
    (unknown,) = standin.unknown_requests
    assert (unknown.method, unknown.path) == ("GET", f"/api/v10/guilds/{standin.guild_id}/roles")
    await stop_bot(client)


async def test_wrong_token_fails_login(standin: StandIn) -> None:
    client = discord.Client(intents=discord.Intents.default())
    with pytest.raises(discord.LoginFailure):
        await start_bot(client, "not-the-token")
    await client.close()


class QuickShards(discord.AutoShardedClient):
    """discord.py's sharded client without the 5 s pause between two shards' IDENTIFY."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def test_sharding_follows_the_recommended_count_and_routes_guilds_by_shard() -> None:
    server = StandIn(shard_count=2)
    far = server.add_guild("Far Guild", ("far",), shard=1)
    near = server.add_guild("Near Guild", ("near",), shard=0)
    await server.start()
    server.point_discord()
    client = QuickShards(intents=discord.Intents.default(), guild_ready_timeout=0.2)
    try:
        await start_bot(client, server.token)
        assert client.shard_count == 2, "no shard_count given: discord.py asks GET /gateway/bot"
        assert sorted(s for s in server.identified_shards() if s is not None) == [(0, 2), (1, 2)]
        assert {client.get_guild(far).shard_id, client.get_guild(near).shard_id} == {1, 0}  # type: ignore[union-attr]
        assert client.get_guild(server.guild_id) is not None
    finally:
        await stop_all()
        await server.stop()


async def test_an_identify_with_an_impossible_shard_is_closed_with_4010(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(standin.gateway.url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": standin.token, "intents": 1, "shard": [2, 2],
                                           "properties": {}}})
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4010
