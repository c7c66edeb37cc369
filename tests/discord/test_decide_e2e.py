"""The Decide button end to end: the public prompt, the owner's ephemeral options, refusals and stale clicks.

An undo request is the decision: side A (alice) asks to undo back to her first note, and side B (bob) owes
the answer. The compound case is freeplay's ``/ask`` about several of bob's models: one select per model,
four to a page; a part whose options follow an earlier pick is the Muster toy's ground.
"""

from __future__ import annotations

from typing import Any

from bot.core.systems import SYSTEM_FACTORIES
from engine.core import DecisionAnswered, Game
from tests.discord.conftest import Table
from tests.discord_standin import InjectedInteraction
from tests.toys.muster import Muster

Payload = dict[str, Any]
SELECT, BUTTON = 3, 2


def _game(table: Table) -> Game[Any]:
    assert table.client is not None
    game = table.client.service.live_game(str(table.standin.channel_id("battle")))
    assert game is not None
    return game


def _components(message: Payload) -> list[Payload]:
    """Every interactive component of a message, flattened out of its action rows."""
    return [c for row in message.get("components", []) for c in row.get("components", [])]


async def _undo_prompt(table: Table) -> Payload:
    """Two players, two notes, then alice asks to undo back to the first note; returns bob's public prompt."""
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("note", {"text": "first"})
    first = _game(table).seq
    await table.do("note", {"text": "second"})
    assert await table.do("undo", {"to": first}) == []
    return await table.standin.wait_for_message("battle", lambda m: bool(_components(m)))


def _decide_id(prompt: Payload) -> str:
    """The notice's Decide button (beside it, a one-click answer where the defaults are public)."""
    (button,) = [c for c in _components(prompt) if c["type"] == BUTTON and c["label"] == "Decide"]
    return str(button["custom_id"])


async def _open(table: Table, prompt: Payload, user: str = "bob") -> InjectedInteraction:
    """``user`` clicks Decide; the ephemeral options (or refusal) are ``.original``, read as it changes."""
    opened = await table.standin.click(prompt, _decide_id(prompt), user=user)
    await opened.response()
    return opened


async def _options(table: Table, prompt: Payload, user: str = "bob") -> tuple[InjectedInteraction, Payload]:
    """Bob opens a one-part decision; returns the click and the select of his options (picking answers: there is
    no Confirm)."""
    opened = await _open(table, prompt, user)
    assert opened.original is not None
    (select,) = [c for c in _components(opened.original) if c["type"] == SELECT]
    assert not [c for c in _components(opened.original) if c["type"] == BUTTON], "a pick answers: no Confirm"
    return opened, select


async def _pick(table: Table, options: InjectedInteraction, select: Payload, value: str) -> None:
    assert options.original is not None
    picked = await table.standin.click(options.original["id"], select["custom_id"], user="bob", values=[value])
    assert (await picked.response()).body["type"] == 6, "a pick only acknowledges; nothing is posted"


async def _pick_answers(table: Table, options: InjectedInteraction, select: Payload, value: str) -> InjectedInteraction:
    """Pick ``value`` in a one-part decision's select: the pick is the answer (no Confirm)."""
    assert options.original is not None
    picked = await table.standin.click(options.original["id"], select["custom_id"], user="bob", values=[value])
    await picked.response()
    await picked.wait_for(lambda: any(s.kind in ("followup", "delete") for s in picked.sent) or None,
                          what="the decision to be delivered")
    return picked


async def _confirm(table: Table, options: InjectedInteraction, confirm: Payload) -> InjectedInteraction:
    """Click Confirm and wait until the command behind it has delivered everything."""
    assert options.original is not None
    handle = await table.standin.click(options.original["id"], confirm["custom_id"], user="bob")
    await handle.response()
    await handle.wait_for(lambda: any(s.kind in ("followup", "delete") for s in handle.sent) or None,
                          what="the decision to be delivered")
    return handle


async def test_the_owner_decides_by_button_and_the_undo_applies(table: Table) -> None:
    prompt = await _undo_prompt(table)
    game = _game(table)
    (decision,) = game.state.pending.values()
    assert decision.owner == "B" and decision.kind == "undo"
    assert _decide_id(prompt) == f"gm:d:{table.standin.channel_id('battle')}:{decision.id}:{game.seq}"

    options, select = await _options(table, prompt)
    reply = options.callback
    assert reply is not None and reply.body["type"] == 4 and reply.ephemeral
    assert "asks to undo back to event" in reply.data["content"] and "moved on" not in reply.data["content"]

    count = len(table.texts())
    await _pick_answers(table, options, select, "yes")  # one question: the pick is the answer

    posted = table.texts()[count:]
    assert posted == ["Side B decides: Agree.\nUndo agreed: the game returns to event "
                      f"#{decision.context['to_seq']} (rolled dice stay in the log)."]
    game = _game(table)
    assert game.state.notes == ["first"] and not game.state.pending
    assert [event.kind for event in game.log[-2:]] == ["decision.answered", "undo.applied"]


async def test_a_one_part_menu_shows_no_confirm_and_its_default_is_picked_like_any_answer(table: Table) -> None:
    prompt = await _undo_prompt(table)
    options, select = await _options(table, prompt)
    assert [(o["value"], o.get("default", False)) for o in select["options"]] == [("no", False), ("yes", False)], \
        "nothing shown as already chosen, so picking the default sends it too"
    assert select["placeholder"].endswith("(default: Refuse)"), "the default in the words its option shows"
    picked = await _pick_answers(table, options, select, "no")
    assert table.texts()[-1].startswith("Side B decides: Refuse.")
    assert _game(table).state.notes == ["first", "second"] and not _game(table).state.pending
    assert not [s for s in picked.sent if s.kind == "followup" and "pending" in s.body.get("content", "")]


async def test_the_public_prompt_pings_only_its_owner(table: Table) -> None:
    prompt = await _undo_prompt(table)
    bob = table.standin.user_id("bob")
    sent = next(s for s in table.standin.sent_in("battle") if s.message and s.message["id"] == prompt["id"])
    assert sent.allowed_mentions is not None
    assert sent.allowed_mentions.get("users") == [bob] and sent.allowed_mentions.get("parse") == []
    assert prompt["content"].startswith(f"Waiting for <@{bob}> (side B)")
    assert [u["id"] for u in prompt["mentions"]] == [str(bob)], "Discord pings bob and nobody else"
    others = [s for s in table.standin.sent_in("battle") if s.kind == "message" and s is not sent]
    assert others and all(not (s.allowed_mentions or {}).get("users") for s in others)


async def test_a_click_by_another_user_is_refused_privately_and_changes_nothing(table: Table) -> None:
    prompt = await _undo_prompt(table)
    seq, pending = _game(table).seq, dict(_game(table).state.pending)
    visible = len(table.standin.messages_in("battle"))
    for intruder in ("alice", "carol"):
        refused = await table.standin.click(prompt, _decide_id(prompt), user=intruder)
        reply = await refused.response()
        assert reply.ephemeral and reply.body["type"] == 4
        assert reply.data["content"] == "This decision belongs to side B; only its player may answer."
        assert not reply.data.get("components"), "no options for the wrong player"
    game = _game(table)
    assert game.seq == seq and game.state.pending == pending
    assert len(table.standin.messages_in("battle")) == visible


async def test_a_decide_click_after_an_unrelated_roll_opens_the_options_as_they_are(table: Table) -> None:
    prompt = await _undo_prompt(table)
    stale_seq = _game(table).seq
    await table.do("roll", {"dice": "1d6"})  # allowed while a decision is pending; the game moves on
    assert _game(table).seq == stale_seq + 1
    options, select = await _options(table, prompt)
    assert options.callback is not None and options.callback.ephemeral
    assert "moved on" not in options.callback.data["content"], "the options are built now: nothing is stale"
    await _pick_answers(table, options, select, "yes")
    assert "Undo agreed" in table.texts()[-1], "the fresh view answers the decision"
    assert _game(table).state.notes == ["first"]


async def test_a_pick_in_a_menu_opened_before_an_unrelated_roll_applies(table: Table) -> None:
    """One rule for every button (bot/core/staleness.py): still legal and the same in public, so it applies, as a
    previewed move's Confirm does after the same roll."""
    prompt = await _undo_prompt(table)
    options, select = await _options(table, prompt)
    await table.do("roll", {"dice": "1d6"})
    late = await _pick_answers(table, options, select, "yes")
    assert not [s for s in late.sent if s.kind == "followup"], "nothing to say privately: it applied"
    assert table.texts()[-1].startswith("Side B decides: Agree.\nUndo agreed")
    assert _game(table).state.notes == ["first"] and not _game(table).state.pending


async def test_a_pick_after_the_choice_was_answered_is_told_so_in_words(table: Table) -> None:
    prompt = await _undo_prompt(table)
    options, select = await _options(table, prompt)
    (decision,) = _game(table).state.pending
    await table.do("game force", {"decision": decision, "choice": "no"})  # the host answers for bob
    seq, visible = _game(table).seq, len(table.standin.messages_in("battle"))
    late = await _pick_answers(table, options, select, "yes")
    (answer,) = [s for s in late.sent if s.kind == "followup"]
    text = answer.body["content"]
    assert answer.ephemeral and "is not waiting for an answer (it was answered or has closed" in text, text
    assert "no pending decision" not in text and "pending: none" not in text and "'d" not in text
    assert _game(table).seq == seq and len(table.standin.messages_in("battle")) == visible


async def test_a_pick_by_anyone_but_the_owner_changes_nothing(table: Table) -> None:
    """A forged click on bob's private options (Discord shows them to bob alone) is refused; bob's menu still
    works."""
    prompt = await _undo_prompt(table)
    options, select = await _options(table, prompt)
    assert options.original is not None
    seq = _game(table).seq
    forged = await table.standin.click(options.original["id"], select["custom_id"], user="carol", values=["yes"])
    refusal = await forged.response()
    assert refusal.ephemeral and refusal.data["content"] == "These options are another player's; nothing was changed."
    assert _game(table).seq == seq and _game(table).state.pending
    await _pick_answers(table, options, select, "yes")
    assert _game(table).state.notes == ["first"]


async def _ask(table: Table, models: str) -> Payload:
    """Alice asks side B about each of ``models``; returns the public prompt."""
    await table.do("game new", {"system": "freeplay", "map": "crossroads", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("force load", {"name": "Wild Hunt", "side": "B"}, user="bob")
    await table.do("ask", {"side": "B", "question": "Hold or flee?", "options": "hold,flee,fall back",
                           "models": models})
    return await table.standin.wait_for_message("battle", lambda m: bool(_components(m)))


def _selects(message: Payload) -> dict[str, Payload]:
    """The selects of an options message by the model they ask about (the placeholder starts with its id)."""
    return {c["placeholder"].split()[0]: c for c in _components(message) if c["type"] == SELECT}


def _answers(table: Table) -> dict[str, str]:
    """The answers of the last logged event, which must be a decision answered."""
    body = _game(table).log[-1].body
    assert isinstance(body, DecisionAnswered)
    assert body.answers is not None, "an open decision logs its answers"
    return dict(body.answers)


def _button(message: Payload, label: str) -> Payload:
    (found,) = [c for c in _components(message) if c["type"] == BUTTON and c["label"] == label]
    return found


async def test_a_compound_decision_takes_every_part_and_logs_each_answer(table: Table) -> None:
    prompt = await _ask(table, "B1,B2,B3")
    assert prompt["content"].startswith(f"Waiting for <@{table.user_id('bob')}> (side B)")
    options = await _open(table, prompt)
    assert options.callback is not None and options.callback.ephemeral and options.original is not None
    selects = _selects(options.original)
    assert list(selects) == ["B1", "B2", "B3"]
    assert [o["value"] for o in selects["B1"]["options"]] == ["hold", "flee", "fall-back"]
    wanted = {"B1": "flee", "B2": "fall-back", "B3": "hold"}
    for model, answer in wanted.items():
        await _pick(table, options, selects[model], answer)
    await _confirm(table, options, _button(options.original, "Confirm"))
    assert table.texts()[-1] == "Side B decides: B1: flee; B2: fall back; B3: hold."
    assert not _game(table).state.pending and _answers(table) == wanted


async def test_a_compound_decision_pages_four_selects_at_a_time_and_keeps_the_picks(table: Table) -> None:
    prompt = await _ask(table, "B1,B2,B3,B4,B5")
    options = await _open(table, prompt)
    assert options.original is not None
    assert list(_selects(options.original)) == ["B1", "B2", "B3", "B4"]
    wanted = {"B1": "flee", "B2": "fall-back", "B3": "hold", "B4": "flee", "B5": "fall-back"}
    for model in ("B1", "B2", "B3", "B4"):
        await _pick(table, options, _selects(options.original)[model], wanted[model])
    turned = await table.standin.click(options.original["id"], _button(options.original, "Next")["custom_id"],
                                       user="bob")
    assert (await turned.response()).body["type"] == 7, "the page turns in place"
    assert list(_selects(options.original)) == ["B5"]
    await _pick(table, options, _selects(options.original)["B5"], wanted["B5"])
    back = await table.standin.click(options.original["id"], _button(options.original, "Previous")["custom_id"],
                                     user="bob")
    await back.response()
    shown = {model: next(o["value"] for o in select["options"] if o.get("default"))
             for model, select in _selects(options.original).items()}
    assert shown == {model: wanted[model] for model in ("B1", "B2", "B3", "B4")}, "earlier picks survive paging"
    await _confirm(table, options, _button(options.original, "Confirm"))
    assert table.texts()[-1] == "Side B decides: B1: flee; B2: fall back; B3: hold; B4: flee; B5: fall back."
    assert not _game(table).state.pending and _answers(table) == wanted


async def test_status_reposts_what_is_pending_with_a_fresh_decide_button(table: Table) -> None:
    await table.do("game new", {"system": "freeplay", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("note", {"text": "first"})
    await table.do("undo", {"to": 3})
    await table.do("status", user="carol")
    notices = [m for m in table.standin.messages_in("battle") if "asks to undo" in m["content"]]
    assert len(notices) == 2, "the prompt is posted again under the status line"
    assert _decide_id(notices[-1]).startswith("gm:d:")
    assert notices[-1]["content"].startswith(f"Waiting for <@{table.user_id('bob')}> (side B)")


async def test_a_second_confirm_on_answered_options_changes_nothing(table: Table) -> None:
    prompt = await _ask(table, "B1,B2")
    options = await _open(table, prompt)
    assert options.original is not None
    await _confirm(table, options, _button(options.original, "Confirm"))
    seq, visible = _game(table).seq, len(table.standin.messages_in("battle"))
    again = await _confirm(table, options, _button(options.original, "Confirm"))
    replies = [s for s in again.sent if s.kind == "followup"]
    assert [s.ephemeral for s in replies] == [True], "a private refusal only"
    assert "is not waiting for an answer" in replies[0].body["content"]
    assert _game(table).seq == seq and len(table.standin.messages_in("battle")) == visible


async def test_a_part_whose_options_follow_an_earlier_pick_is_offered_live(table: Table) -> None:
    """Muster's ground: high ground offers one or two rows, low ground up to three. Picking low redraws the rows'
    select in place; a pick that changes nothing only acknowledges."""
    await table.stop()
    table.systems = {**SYSTEM_FACTORIES, "muster": Muster}
    await table.start()
    await table.do("game new", {"system": "muster", "thread": False})
    await table.do("game join", {"side": "B"}, user="bob")
    await table.do("act", {"action": "deploy", "model": "A1,A2,A3", "to": "C1,C5,C6"})
    await table.do("act", {"action": "deploy", "model": "B1,B2,B3", "to": "C7,C8,C12"}, user="bob")
    prompt = await table.standin.wait_for_message("battle", lambda m: bool(_components(m)))
    options = await _open(table, prompt)
    assert options.original is not None
    rows = {c["placeholder"]: c for c in _components(options.original) if c["type"] == SELECT}
    assert [o["value"] for o in rows["How many rows?"]["options"]] == ["1", "2"]
    low = await table.standin.click(options.original["id"], rows["Which ground?"]["custom_id"], user="bob",
                                    values=["low"])
    assert (await low.response()).body["type"] == 7, "the selects are drawn again, in place"
    rows = {c["placeholder"]: c for c in _components(options.original) if c["type"] == SELECT}
    assert [o["value"] for o in rows["How many rows?"]["options"]] == ["1", "2", "3"]
    await _pick(table, options, rows["How many rows?"], "3")
    await _confirm(table, options, _button(options.original, "Confirm"))
    assert _game(table).state.ground == "low ground, 3 rows"
