"""What a newcomer met on Discord that the console had already fixed (session 38): a player's id shown as digits
before a possessive ("It is 1576...'s turn"), the host's reply to ``/game new`` carrying the typed prompt of their
first choice (a decision id, option keys, ``/decide decision:... choice:...``) with their id as digits, the host's
first menu (an Eldfall party to choose) reached only by a bare ``/act``, a decision's answers cut at Discord's 25
(the console pages them), a decision's follow-up questions all shown at once (the console asks only those that
matter), and a spent menu telling a player who typed nothing to "run the command again"."""

from __future__ import annotations

from typing import Any

import discord

from bot.console.session import seeded_source
from bot.core.parsing import Invocation
from bot.discord.decide import OptionsView
from bot.discord.delivery import with_mentions
from bot.discord.waiting import EXPIRED, PreviewStore
from engine.core import DecisionPart, Option, PendingView, SideId, UserId
from tests.discord.conftest import Table
from tests.discord.test_eldfall_new_rules_e2e import _buttons, _invited, _notice, _to_side_a_turn

ALICE = "100000000000000001"
SELECT = 3


def _selects(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components") or [] for c in row["components"] if c["type"] == SELECT]


def test_a_players_id_before_a_possessive_becomes_a_mention() -> None:
    assert with_mentions(f"It is {ALICE}'s turn (side A).", {ALICE}) == f"It is <@{ALICE}>'s turn (side A)."
    assert with_mentions(f"quoted '{ALICE}' and '{ALICE}'x", {ALICE}) == f"quoted '{ALICE}' and '{ALICE}'x", \
        "a quoted id stays as written"


async def _game_new(table: Table, system: str) -> tuple[str, list[dict[str, Any]]]:
    """Alice's ``/game new`` with bob invited, on seed 7 (alice wins Underworlds' roll-off for the first board);
    returns the thread and her private replies."""
    await table.stop()
    table.service_options = {"seed_source": seeded_source(7)}
    await table.start()
    handle = await table.standin.slash("game new", {"system": system, "opponent": table.user_id("bob")},
                                       channel="battle")
    await handle.response()
    await handle.wait_for(lambda: handle.followups or None, what="/game new to answer")
    await table.standin.wait_for(lambda: len(handle.followups) > 1 or None, what="her first choice or menu")
    thread = next(c["id"] for c in table.standin.world.channels.values() if c.get("parent_id"))
    return thread, handle.followups


async def test_the_hosts_first_choice_comes_in_words_with_its_options(table: Table) -> None:
    """Underworlds: alice, who chooses the first board, is shown its options at once (the boards by name), not
    the typed prompt; her id, where named, is a mention."""
    thread, replies = await _game_new(table, "underworlds")
    assert replies[0]["content"].startswith(f"Your game is ready in <#{thread}>")
    texts = " ".join(str(m["content"]) for m in replies)
    alice = table.user_id("alice")
    assert "/decide" not in texts and "choice:" not in texts and f" {alice}" not in texts, texts
    (select,) = [s for m in replies for s in _selects(m)]
    assert "Mirror Well" in [o["label"] for o in select["options"]]
    picked = next(m for m in replies if _selects(m))
    click = await table.standin.click(picked, select["custom_id"], user="alice",
                                      values=[next(o["value"] for o in select["options"]
                                                   if o["label"] == "Mirror Well")])
    await click.response()
    await table.standin.wait_for(lambda: any("chooses the board Mirror Well" in m["content"]
                                             for m in table.standin.messages_in(thread)) or None,
                                 what="the board chosen at the thread's table")


async def test_the_hosts_first_menu_comes_with_the_game_and_plays_at_its_thread(table: Table) -> None:
    """Eldfall: each player chooses a party first; alice's menu comes in her reply to /game new (in the channel
    she typed it in), and her pick, after bob joined, is played at the game's thread."""
    thread, replies = await _game_new(table, "eldfall")
    menu = next(m for m in replies if _selects(m))
    (select,) = _selects(menu)
    assert [o["label"] for o in select["options"]] == ["Choose your party"]
    card = next(m for m in table.standin.messages_in(thread) if "invites" in m["content"])
    join = next(c for row in card["components"] for c in row["components"] if c.get("label") == "Join")
    await (await table.standin.click(card, join["custom_id"], user="bob")).response()
    await table.standin.wait_for(lambda: any("takes side B" in m["content"]
                                             for m in table.standin.messages_in(thread)) or None, what="bob seated")
    click = await table.standin.click(menu, select["custom_id"], user="alice", values=["0"])
    await click.response()
    parties = await click.followup()
    assert "Which party?" in parties["content"] and _selects(parties), parties["content"]


async def test_a_choice_of_more_than_25_answers_is_paged_and_counted_never_cut() -> None:
    """Discord's select holds 25 options; a part with 30 answers (none of the four games' decisions reached 25 in a
    whole game, but nothing bounds them) shows 24 a page, counted in its placeholder, and its last entry turns the
    page, so the 30th can be picked (it was cut off before). The views as drawn, page by page."""
    options = tuple(Option(key=f"way{n}", label=f"Way {n}") for n in range(1, 31))
    pending = PendingView(id="d7", owner=SideId("B"), kind="asked", optional=False, secret=False, prompt="Which way?",
                          parts=(DecisionPart(key="way", prompt="Which way?", options=options, default="way1"),))
    view = OptionsView("1", pending, 3, UserId("2"))
    (select,) = view.children
    assert isinstance(select, discord.ui.Select)
    labels = [o.label for o in select.options]
    assert len(labels) == 25 and labels[:2] == ["Way 1", "Way 2"] and labels[-1] == "More: page 2 of 2", labels
    assert select.placeholder is not None and "(page 1 of 2, 30 answers)" in select.placeholder, select.placeholder
    view.answer_pages["way"] = 1
    (select,) = view.again().children
    assert isinstance(select, discord.ui.Select)
    assert [o.label for o in select.options] == [f"Way {n}" for n in range(25, 31)] + ["More: back to page 1 of 2"]


def test_a_spent_menu_says_what_to_do_instead() -> None:
    """A select or Confirm picked twice (or after a restart) says nothing changed and where the options are now,
    not 'run the command again' to a player who typed no command (they picked from a menu)."""
    store = PreviewStore()
    token = store.add("2", Invocation(("act",), {}), table="1")
    assert store.take(token, "2") == (Invocation(("act",), {}), "1"), "a pick runs at the table it was built at"
    refusal = store.take(token, "2")
    assert refusal == EXPIRED and "nothing was changed" in refusal and "/act shows" in refusal


async def test_a_reactions_options_ask_only_what_matters_as_the_console_does(table: Table) -> None:
    """Eldfall's Reaction step asks, per model, what it does, and where it strikes or dodges only once it attacks
    or dodges (L1198-1246). Decide's options showed every follow-up at once (15 selects over four pages for three
    models); now the models' own questions, and a model's Dodge questions once Dodge is picked for it."""
    thread = await _invited(table)
    await table.do("force load", {"name": "Helian Expedition"}, channel=thread)
    await table.do("force load", {"name": "Soga Vanguard"}, user="bob", channel=thread)
    game = await _to_side_a_turn(table, thread)
    model = next(f.id for f in game.state.figures.values() if f.side == "A")
    await table.do("act", {"action": "activate", "model": model}, channel=thread)
    (offer,) = game.state.pending.values()
    assert offer.owner == "B" and offer.reaction_to is not None
    notice = await _notice(table, thread, "bob")
    opened = await table.standin.click(notice, _buttons(notice)["Decide"], user="bob")
    await opened.response()
    options = opened.original
    assert options is not None
    selects = _selects(options)
    reactors = [p.key for p in offer.parts if p.asked_when is None]
    assert [s["placeholder"].split()[0] for s in selects] == reactors[:4], [s["placeholder"] for s in selects]
    dodge = next(o["value"] for o in selects[0]["options"] if o["value"] == "dodge")
    picked = await table.standin.click(options["id"], selects[0]["custom_id"], user="bob", values=[dodge])
    assert (await picked.response()).body["type"] == 7, "the selects are drawn again, in place"
    asked = [s["placeholder"] for s in _selects(table.standin.message(options["id"]))]
    assert [p for p in asked if "dodge" in p] and not [p for p in asked if "path" in p], asked
