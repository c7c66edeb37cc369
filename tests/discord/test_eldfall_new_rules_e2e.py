"""Eldfall's newest rules played through the real discord.py client against the stand-in Discord, as players would:
Quest 2's Alliance of Necessity (offered in secret, formed and broken in the open), a party imported from a file with
an upgrade's choice (Glyphscribe: Reduce Weight), and the owner-only decisions of a familiar's standing order and a
Personal Guard's re-assignment. Every message the bot sends is checked against Discord's hard limits, which our
stand-in does not enforce but Discord (and another stand-in) would, with a 400."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio

from bot.core.data_loader import load_system_data
from bot.core.systems import SYSTEM_FACTORIES
from bot.discord.client import _allowed_host
from engine.systems.eldfall import Eldfall
from tests.discord.conftest import Table
from tests.discord_standin import StandIn, Upload
from tests.discord_standin.limits import form_errors

Payload = dict[str, Any]
def _discord_limit_breaches(table: Table) -> list[str]:
    """Everything the bot sent that Discord would refuse (the stand-in refuses it too; this names what it was)."""
    bodies = [(s.kind, s.data.get("data") or {} if s.kind == "callback" else s.data) for s in table.standin.sent
              if s.kind in ("message", "edit", "callback", "followup")]
    return [f"{kind} {str(body.get('content', ''))[:60]!r}: {error}" for kind, body in bodies
            for error in form_errors(body)]


def _components(message: Payload) -> list[Payload]:
    return [c for row in message.get("components") or [] for c in row.get("components", [])]


def _buttons(message: Payload) -> dict[str, str]:
    return {c["label"]: c["custom_id"] for c in _components(message) if c["type"] == 2}


def _thread_of(table: Table) -> str:
    return next(c["id"] for c in table.standin.world.channels.values() if c.get("parent_id"))


async def _notice(table: Table, thread: str, user: str) -> Payload:
    """The message with ``user``'s Decide button for a decision still pending (its id is in the button's): the
    public notice pinging them, or, for a decision nobody else may know of, their DM."""
    uid = table.user_id(user)

    def live(message: Payload) -> bool:
        decision = _buttons(message).get("Decide", "gm:d:::").split(":")[3]  # gm:d:<table>:<decision>:<seq>
        return decision in _game(table, thread).state.pending

    def found() -> Payload | None:
        public = (m for m in table.standin.messages_in(thread) if f"<@{uid}>" in m["content"] and live(m))
        return next(public, None) or next((m for m in table.standin.dms_to(user) if live(m)), None)

    return await table.standin.wait_for(found, what=f"{user}'s Decide button")


async def _decide(table: Table, thread: str, user: str, value: str | None = None) -> tuple[Payload, list[str]]:
    """``user`` presses Decide on their notice and picks ``value`` in a one-part decision (or Confirms the
    defaults); returns the options message and what they saw privately after."""
    notice = await _notice(table, thread, user)
    opened = await table.standin.click(notice, _buttons(notice)["Decide"], user=user)
    reply = await opened.response()
    assert reply.ephemeral, reply
    options = opened.original
    assert options is not None
    if value is None and "Confirm" in _buttons(options):  # the defaults answer every part
        picked = await table.standin.click(options["id"], _buttons(options)["Confirm"], user=user)
    else:  # one part: picking answers (its default too)
        if value is None:
            decision = _buttons(notice)["Decide"].split(":")[3]
            value = _game(table, thread).state.pending[decision].parts[0].default
        (select, *_) = [c for c in _components(options) if c["type"] == 3]
        picked = await table.standin.click(options["id"], select["custom_id"], user=user, values=[value])
    await picked.response()
    await picked.wait_for(lambda: any(s.kind in ("followup", "delete") for s in picked.sent) or None,
                          what="the decision to be delivered")
    return options, [s.body.get("content", "") for s in picked.sent if s.kind == "followup"]


def _game(table: Table, thread: str) -> Any:
    assert table.client is not None
    game = table.client.service.live_game(thread)
    assert game is not None
    return game


async def _invited(table: Table, **options: object) -> str:
    """``/game new`` with bob invited, and bob's Join; returns the game's thread."""
    await table.do("game new", {"system": "eldfall", "opponent": "bob", **options})
    thread = _thread_of(table)
    card = next(m for m in table.standin.messages_in(thread) if "invites" in m["content"])
    await (await table.standin.click(card, _buttons(card)["Join"], user="bob")).response()
    await table.standin.wait_for(lambda: not _buttons(table.standin.message(card["id"])) or None)
    return thread


USERS = {"A": "alice", "B": "bob"}
_JOINED = "Join the Alliance of Necessity (shared VP, halved at the end)"
"""The alliance offer's answer as it is said: the option's own words."""


async def _answer_pending(table: Table, thread: str, **values: str) -> None:
    """Each pending decision answered by its owner with Decide and a pick: ``values[kind]`` or the defaults."""
    game = _game(table, thread)
    while game.state.pending:
        decision = next(iter(game.state.pending.values()))
        await _decide(table, thread, USERS[decision.owner], values.get(decision.kind))


async def _seen_by_bob(table: Table, thread: str) -> str:
    """Everything bob can read: the table's messages and their pictures' alt text, his DMs, his /log and his
    /game state."""
    log = await table.do("log", user="bob", channel=thread)
    handle = await table.standin.slash("game state", {}, user="bob", channel=thread)
    await handle.response()
    state = await handle.followup()
    files = [table.standin.attachment_bytes(a).decode() for a in state["attachments"]]
    messages = [*table.standin.messages_in(thread), *table.standin.dms_to("bob")]
    return "\n".join([*(m["content"] for m in messages),
                      *(a.get("description") or "" for m in messages for a in m.get("attachments", [])), *files, *log])


async def test_the_alliance_is_offered_in_private_formed_in_public_and_broken_for_three_vp(table: Table) -> None:
    thread = await _invited(table, scenario="unexpected-encounter", players=3, bot="C")
    await table.do("force load", {"name": "Helian Expedition"}, channel=thread)
    await table.do("force load", {"name": "Guild Adventurers"}, user="bob", channel=thread)
    await _decide(table, thread, "alice")  # alice keeps the first scheme
    await _decide(table, thread, "bob")  # bob keeps his only one: asked even so, so nobody learns how many he drew
    bobs = await _notice(table, thread, "bob")
    early = await table.standin.click(bobs, _buttons(bobs)["Decide"], user="bob")  # both look at the offer at once
    await early.response()
    assert early.original is not None and early.original["flags"] & 64
    public_before = len(table.standin.messages_in(thread))

    offer, seen = await _decide(table, thread, "alice", "join")
    assert "Alliance of Necessity" in offer["content"] and offer["flags"] & 64, "the offer opens privately"
    assert {o["value"] for c in _components(offer) for o in c.get("options", [])} == {"join", "decline"}
    assert seen == [f"Your choice is locked in: {_JOINED}."]
    meanwhile = [m["content"] for m in table.standin.messages_in(thread)[public_before:]]
    assert "Side A has chosen, in secret." in meanwhile
    assert not any("join" in text for text in meanwhile), f"alice's answer leaked before bob's: {meanwhile}"
    seen_by_bob = await _seen_by_bob(table, thread)  # his own question lists the option: her answer is not there
    assert f"locked in: {_JOINED}" not in seen_by_bob and f"A: {_JOINED}" not in seen_by_bob, \
        "nor to bob by DM, /game state or /log"

    again = await table.standin.click(bobs, _buttons(bobs)["Decide"], user="bob")
    await again.response()
    assert again.original is not None and "moved on" not in again.original["content"], \
        "alice's answer changed nothing in bob's question"
    (select,) = [c for c in _components(early.original) if c["type"] == 3]
    picked = await table.standin.click(early.original["id"], select["custom_id"], user="bob", values=["join"])
    await picked.response()
    await picked.wait_for(lambda: any(s.kind in ("followup", "delete") for s in picked.sent) or None,
                          what="bob's answer to be delivered")
    assert [s.body["content"] for s in picked.sent if s.kind == "followup"] == \
        [f"Your choice is locked in: {_JOINED}."], "the options bob opened before alice answered still answer"
    formed = await table.standin.wait_for_message(thread, lambda m: "Sides A and B form an Alliance" in m["content"])
    assert f"Revealed together: A: {_JOINED}; B: {_JOINED}." in formed["content"], "the answers in their words"

    await _answer_pending(table, thread)  # the Initiative Check winner's choice, then the zones
    game = _game(table, thread)
    for _ in USERS:
        (deploying,) = game.to_act().sides
        await table.do("act", {"action": "ready"}, user=USERS[deploying], channel=thread)
    await _answer_pending(table, thread)  # the Strategic phase's optional choices
    breaker = game.state.active_side
    other = "B" if breaker == "A" else "A"

    seq, visible = game.seq, len(table.standin.messages_in(thread))
    refused = await table.do("act", {"action": "break-alliance"}, user=USERS[other], channel=thread)
    assert refused == [f"act break-alliance refused: it is side {breaker}'s turn, not side {other}'s: only the Active "
                       "player acts, on its own turn, in its Active role (L1129, L1164)"]
    assert game.seq == seq and len(table.standin.messages_in(thread)) == visible and game.state.alliance_broken_by \
        is None, "a refusal changes nothing and posts nothing"

    typed = await table.standin.autocomplete("act", "action", {"action": "break"}, user=USERS[breaker], channel=thread)
    await typed.response()
    assert [c["value"] for c in typed.choices] == ["break-alliance"]
    kept_turn = await table.do("act", {"action": "break-alliance"}, user=USERS[breaker], channel=thread)
    assert kept_turn == ["What do you do? Pick an action (or type it; /help lists the commands)."], \
        "breaking takes no action: the breaker's turn goes on and their menu comes back to them alone"
    broken = await table.standin.wait_for_message(thread, lambda m: "breaks the Alliance" in m["content"])
    assert f"Side {breaker} loses 3 VP: it broke the Alliance of Necessity" in broken["content"]
    assert game.state.alliance_broken_by == breaker
    assert _discord_limit_breaches(table) == []


GLYPHSCRIBES = """\
parties:
  - id: glyphscribes
    name: Glyphscribes
    faction: Helian League
    game_size: 60
    leader: Citadel Guard
    members:
      - unit: Citadel Guard
        upgrades: [glyphscribe-reduce-weight]
        choices: {glyphscribe-reduce-weight: inscribed-item:ITEM}
      - unit: Flameshaper
        upgrades: [glyphscribe-reduce-weight]
        choices: {glyphscribe-reduce-weight: inscribed-armor}
"""


async def test_a_decision_you_owe_shown_by_your_own_command_comes_with_its_options(table: Table) -> None:
    # Alice's Leader's INT gives her two schemes to keep one of (L2363-2367); /act alone then shows the decision she
    # owes with its options at once, in words, as Decide opens them under its public notice: no decision id, no
    # option keys, no typed /decide syntax; picking one answers it.
    thread = await _invited(table)
    await table.do("force load", {"name": "Soga Vanguard"}, user="bob", channel=thread)
    await table.do("force load", {"name": "Helian Expedition"}, channel=thread)
    handle = await table.standin.slash("act", {}, user="alice", channel=thread)
    await handle.response()
    await handle.wait_for(lambda: any(s.kind in ("followup", "delete") for s in handle.sent) or None,
                          what="/act to finish")
    prompt = next(f for f in handle.followups if [c for c in _components(f) if c["type"] == 3])
    assert "scheme" in prompt["content"] and "/decide" not in prompt["content"], prompt["content"]
    (select,) = [c for c in _components(prompt) if c["type"] == 3]
    labels = [o["label"] for o in select["options"]]
    assert len(labels) == 2 and not [label for label in labels if "-" in label], "the schemes' names, not keys"
    picked = await table.standin.click(prompt, select["custom_id"], user="alice",
                                       values=[select["options"][0]["value"]])
    await picked.response()
    await table.standin.wait_for(lambda: any("has chosen, in secret" in m["content"]
                                             for m in table.standin.messages_in(thread)) or None,
                                 what="alice's scheme to be kept")


async def test_an_imported_party_keeps_its_glyphscribe_choice_secret_until_the_reveal(table: Table) -> None:
    thread = await _invited(table)
    visible = len(table.standin.messages_in(thread))
    bad = GLYPHSCRIBES.replace("ITEM", "longbow").encode()
    refused = await table.do("force import", {"file": Upload("glyphscribes.yaml", bad)}, channel=thread)
    assert refused == ['party refused: party "Glyphscribes" breaks 1 rule: Citadel Guard\'s Glyphscribe: Reduce '
                       'Weight: it carries no "longbow"; Inscribed Item takes a Weapon or a Shield it carries: '
                       'small-bludgeon, short-sword, shield (L2855-2861)']
    assert len(table.standin.messages_in(thread)) == visible and _game(table, thread).state.record("A").party is None

    good = GLYPHSCRIBES.replace("ITEM", "small-bludgeon").encode()
    (chosen,) = await table.do("force import", {"file": Upload("glyphscribes.yaml", good)}, channel=thread)
    assert chosen == ("Side A chooses the party Glyphscribes (Citadel Guard (Glyphscribe: Reduce Weight: "
                      "inscribed-item:small-bludgeon), Flameshaper (Glyphscribe: Reduce Weight: inscribed-armor); "
                      "Leader Citadel Guard)."), "alice sees the choice she made, as it was understood"
    await table.do("force load", {"name": "Soga Vanguard"}, user="bob", channel=thread)
    game = _game(table, thread)
    while game.state.pending:  # side A plays first, so deploys first: bob looks at its models before the reveal
        decision = next(iter(game.state.pending.values()))
        first = "first" if decision.owner == "A" else "second"
        await _decide(table, thread, USERS[decision.owner], first if decision.kind == "initiative" else None)
    assert game.to_act().sides == ("A",), game.to_act()
    await table.do("act", {"action": "ready"}, channel=thread)
    before = await _seen_by_bob(table, thread)
    assert '"id": "A1"' in before, "side A's models are on the table for bob to see"
    for secret in ("Glyphscribe", "glyphscribe", "inscribed", "small-bludgeon"):
        assert secret not in before, f"{secret!r} reached bob before the lists were revealed"

    await table.do("act", {"action": "ready"}, user="bob", channel=thread)
    reveal = await table.standin.wait_for_message(thread, lambda m: "parties are revealed" in m["content"])
    assert "Citadel Guard (Glyphscribe: Reduce Weight: inscribed-item:small-bludgeon)" in reveal["content"]
    assert _discord_limit_breaches(table) == []




async def test_an_import_is_deferred_before_its_file_is_fetched(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord's CDN may take longer than the 3 s the first answer is due in: the bot defers first. The fetch is
    held until the test has seen the deferral, so a bot that fetched first never answers and the test fails."""
    thread = await _invited(table)
    gate = asyncio.Event()
    read = discord.Attachment.read

    async def held(self: discord.Attachment, **options: Any) -> bytes:
        await gate.wait()
        return await read(self, **options)

    monkeypatch.setattr(discord.Attachment, "read", held)
    good = GLYPHSCRIBES.replace("ITEM", "small-bludgeon").encode()
    handle = await table.standin.slash("force import", {"file": Upload("glyphscribes.yaml", good)}, channel=thread)
    deferral = await handle.response()
    assert deferral.body["type"] == 5 and deferral.ephemeral
    gate.set()
    chosen = await handle.followup()
    assert chosen["content"].startswith("Side A chooses the party Glyphscribes")


async def test_a_file_discord_does_not_hand_over_is_explained(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    thread = await _invited(table)

    async def lost(self: discord.Attachment, **options: Any) -> bytes:
        raise TimeoutError

    monkeypatch.setattr(discord.Attachment, "read", lost)
    good = GLYPHSCRIBES.replace("ITEM", "small-bludgeon").encode()
    assert await table.do("force import", {"file": Upload("glyphscribes.yaml", good)}, channel=thread) == [
        "glyphscribes.yaml: Discord did not hand over the file (TimeoutError); nothing was imported. Upload it "
        "again with the same command."]
    assert _game(table, thread).state.record("A").party is None


def test_a_local_stand_in_may_serve_files_under_another_name_of_this_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another stand-in for Discord may answer the API at localhost and serve uploads at 127.0.0.1; anywhere else
    but Discord's CDN stays refused."""
    monkeypatch.setattr(discord.http.Route, "BASE", "http://localhost:8123/api/v10")
    assert _allowed_host("http://127.0.0.1:8124/attachments/1/2/party.yaml")
    assert _allowed_host("https://cdn.discordapp.com/attachments/1/2/party.yaml")
    assert not _allowed_host("http://169.254.169.254/latest/meta-data")
    monkeypatch.setattr(discord.http.Route, "BASE", "https://discord.com/api/v10")
    assert not _allowed_host("http://127.0.0.1:8124/attachments/1/2/party.yaml")

# -- owner-only decisions: a familiar's standing order, a Personal Guard's re-assignment ------------------------------

FAMILIAR_GRANTS = ("trait:Familiar", "familiar:INT +2")


def _with_familiar_imp() -> Eldfall:
    """The shipped data with the Imp a familiar: no published profile has the trait (test only, as in
    tests/engine/systems/eldfall/test_familiars.py)."""
    data = load_system_data("eldfall")
    units = tuple(u.model_copy(update={"keywords": (*u.keywords, *FAMILIAR_GRANTS)}) if u.name == "Imp" else u
                  for u in data.units)
    return Eldfall(data.model_copy(update={"units": units}))


@pytest_asyncio.fixture
async def familiar_table(standin: StandIn, tmp_path: Path) -> AsyncIterator[Table]:
    bot_table = Table(standin, tmp_path / "games.sqlite3")
    bot_table.systems = {**SYSTEM_FACTORIES, "eldfall": _with_familiar_imp}
    await bot_table.start()
    try:
        yield bot_table
    finally:
        await bot_table.stop()


async def _to_side_a_turn(table: Table, thread: str) -> Any:
    """Setup choices by default (a Summoner's starting creature among them), both parties ready, then side B's turn
    ended if it plays first."""
    game = _game(table, thread)
    for _ in USERS:
        await _answer_pending(table, thread)
        (deploying,) = game.to_act().sides
        await table.do("act", {"action": "ready"}, user=USERS[deploying], channel=thread)
    await _answer_pending(table, thread)
    if game.state.active_side == "B":
        await table.do("act", {"action": "end"}, user="bob", channel=thread)
        await _answer_pending(table, thread)
    assert game.state.active_side == "A" and game.state.phase == "tactical", game.state.phase
    return game


async def _refused_to(table: Table, thread: str, notice: Payload, user: str) -> str:
    """``user`` presses someone else's Decide: the private refusal they see (nothing opens, nothing is posted)."""
    visible = len(table.standin.messages_in(thread))
    click = await table.standin.click(notice, _buttons(notice)["Decide"], user=user)
    reply = await click.response()
    assert reply.ephemeral and not reply.data.get("components")
    assert len(table.standin.messages_in(thread)) == visible
    return str(reply.data["content"])


def _select_options(options: Payload) -> list[tuple[str, str]]:
    return [(o["value"], o["label"]) for c in _components(options) if c["type"] == 3 for o in c["options"]]


async def test_a_familiars_standing_order_is_asked_of_its_owner_alone(familiar_table: Table) -> None:
    table = familiar_table
    thread = await _invited(table)
    await table.do("force load", {"name": "Sand Conclave"}, channel=thread)
    await table.do("force load", {"name": "Soga Vanguard"}, user="bob", channel=thread)
    game = await _to_side_a_turn(table, thread)
    vizier = next(f.id for f in game.state.figures.values() if f.unit == "Vizier of Conjurations")
    await table.do("act", {"action": "mana", "model": vizier}, channel=thread)
    await table.do("act", {"action": "activate", "model": vizier}, channel=thread)
    await _answer_pending(table, thread)  # bob's Reaction step: nothing
    (prompt,) = await table.do("act", {"action": "ritual", "with": "Summon Imp"}, channel=thread)
    (order,) = game.state.pending.values()
    imp = order.parts[0].key
    assert order.kind == "familiar-order" and order.owner == "A" and game.state.figures[imp].unit == "Imp"
    assert f"{vizier} summoned the familiar {imp}" in prompt and order.id not in prompt, "her private prompt, in words"

    notice = await _notice(table, thread, "alice")
    assert f"summoned the familiar {imp}" in notice["content"]
    assert await _refused_to(table, thread, notice, "bob") == \
        "This decision belongs to side A; only its player may answer."
    options, _ = await _decide(table, thread, "alice", "any")
    assert options["flags"] & 64, "the options open to alice alone"
    assert _select_options(options) == [
        ("downing", "Downing: only when the Wounds would take its caster to 0 HP or kill it"),
        ("any", "Any: whenever its caster would suffer a Wound from damage"),
        ("never", "Never: never (its caster takes its Wounds)")]
    assert not any("Downing" in m["content"] for m in table.standin.dms_to("bob"))
    assert game.state.figures[imp].sacrifice == "any" and not game.state.pending
    assert _discord_limit_breaches(table) == []


GUARDED = b"""\
parties:
  - id: guarded
    name: Guarded
    faction: Sand Kingdoms
    game_size: 60
    leader: Vizier of Conjurations
    members:
      - unit: Vizier of Conjurations
        upgrades: [personal-guard]
      - unit: Taskmage Explorer
"""


async def test_a_personal_guard_is_given_again_by_its_owner_alone(table: Table) -> None:
    thread = await _invited(table)
    await table.do("force import", {"file": Upload("guarded.yaml", GUARDED)}, channel=thread)
    await table.do("force load", {"name": "Soga Vanguard"}, user="bob", channel=thread)
    game = await _to_side_a_turn(table, thread)
    vizier = next(f.id for f in game.state.figures.values() if f.unit == "Vizier of Conjurations")
    gargoyle = next(f.id for f in game.state.figures.values() if f.guard_of == vizier)
    await table.do("model remove", {"model": gargoyle}, channel=thread)  # the host's override: the Guard is gone
    await table.do("act", {"action": "mana", "model": vizier}, channel=thread)
    await table.do("act", {"action": "activate", "model": vizier}, channel=thread)
    await _answer_pending(table, thread)  # bob's Reaction step: nothing
    await table.do("act", {"action": "ritual", "with": "Summon Gargoyle"}, channel=thread)
    (guard,) = game.state.pending.values()
    new = next(f.id for f in game.state.figures.values() if f.summoner == vizier and f.id != gargoyle)
    assert guard.kind == "personal-guard" and guard.owner == "A"

    notice = await _notice(table, thread, "alice")
    assert await _refused_to(table, thread, notice, "bob") == \
        "This decision belongs to side A; only its player may answer."
    options, _ = await _decide(table, thread, "alice", new)
    assert options["flags"] & 64, "the options open to alice alone"
    assert _select_options(options) == [(new, f"Give it to {new} Gargoyle"),
                                        ("keep", "Keep it back until a creature is summoned")]
    assert game.state.figures[new].guard_of == vizier and not game.state.pending
    assert _discord_limit_breaches(table) == []


async def test_a_summoners_starting_creature_is_chosen_by_its_owner_alone(table: Table) -> None:
    # L1869-1871: the Vizier may start with a Golem; L1036, L1096: bob learns nothing of it while side A deploys.
    thread = await _invited(table)
    await table.do("force load", {"name": "Sand Conclave"}, channel=thread)
    await table.do("force load", {"name": "Soga Vanguard"}, user="bob", channel=thread)
    game = _game(table, thread)
    while any(d.kind != "starting-creature" for d in game.state.pending.values()):
        decision = next(d for d in game.state.pending.values() if d.kind != "starting-creature")
        await _decide(table, thread, USERS[decision.owner])
    if game.state.order[0] == "B":
        await table.do("act", {"action": "ready"}, user="bob", channel=thread)
    (asked,) = game.state.pending.values()
    assert asked.kind == "starting-creature" and asked.owner == "A"
    refusal = await table.do("act", {"action": "ready"}, channel=thread)
    assert any("must first decide" in line and "(L1869-1871)" in line for line in refusal), refusal
    notice = await _notice(table, thread, "alice")
    assert notice in table.standin.dms_to("alice"), "asked by DM: no public notice tells bob a Summoner chooses"
    assert not any(asked.id in _buttons(m).get("Decide", "") for m in table.standin.messages_in(thread))
    assert await _refused_to(table, thread, notice, "bob") == \
        "This decision belongs to side A; only its player may answer."
    options, _ = await _decide(table, thread, "alice", "golem")
    assert options["flags"] & 64, "the options open to alice alone"
    assert ("golem", "Golem (Summon Golem, Conjuration level 2)") in _select_options(options)
    assert [f.unit for f in game.state.figures.values() if f.summoner is not None] == ["Golem"]
    assert "Golem" not in await _seen_by_bob(table, thread)
    assert _discord_limit_breaches(table) == []
