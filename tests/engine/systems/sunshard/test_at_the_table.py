"""Sunshard at the table, through the table service: a ready practice table in one command, quests and warbands on
the invite card, deployment's "the rest as suggested" entry, On Guard offers that ``/pass until:`` covers, and the
menu-only first evening counted (until the shared harness lands: a small driver here, the same counting)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable
from typing import Any

import pytest

from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SideId
from engine.systems.sunshard.setup_declared import pairings
from tests.first_evening import BUDGETS, Case, ConsoleFront, Evening, Figures
from tests.menu_walk import FACTORIES, MenuWalk, table

PAIRING = "greywater-delvers-v-ashen-remnant"


async def test_the_demo_is_a_ready_table_in_one_command() -> None:
    walk = await table("sunshard")
    state = walk.game.state
    assert (state.phase, state.step) == ("activation", "activation") and not walk.game.pending
    assert all(f.status == "deployed" for f in state.figures.values())
    assert state.first_pick is not None and state.figures[state.first_pick].side == state.active_side
    await walk.say("alice", "/act", state.active_side)
    assert walk.labels("alice"), "the first activating player is offered actions"


def test_the_invite_card_offers_every_quest_and_the_warbands() -> None:
    system = SYSTEM_FACTORIES["sunshard"]()
    settings = {s.option: s for s in system.settings()}
    assert len(settings["scenario"].choices) == 12
    warbands = [c.value for c in settings["mode"].choices]
    assert warbands[0] == "choose" and settings["mode"].default == "choose"
    assert PAIRING in warbands and set(warbands[1:]) == set(pairings(system.data))


async def test_a_pairing_on_the_invite_card_skips_the_warband_choice() -> None:
    walk = await _new(f"mode:{PAIRING}")
    state = walk.game.state
    assert state.picked == {SideId("A"): "Greywater Delvers", SideId("B"): "Ashen Remnant"}
    assert [d.kind for d in walk.game.pending] == ["objective"]


async def test_bare_act_offers_whole_actions_first_so_an_action_is_one_pick() -> None:
    """Issue 23's budget per activation: ``/act``'s first entries name the model, its action and its destination or
    target (the move the bot would make; an attack's nearest target with its first profile, aimed where the AP allow,
    L565), so picking one takes the action at once; the bare actions still lead to every other value."""
    walk = await table("sunshard")
    await walk.say("alice", "/act", "A")
    labels = walk.labels("alice")
    assert "Move" in labels and "Activate" in labels, labels
    # the suggested move says its length once (a newcomer read "Move toward A1 6.6: 6.6\" for 2 AP" twice over)
    assert re.fullmatch(r'A1: Move \d+\.\d" toward B\d for \d AP', labels[0]), labels
    before = walk.game.seq
    await walk.pick("alice", 0)
    state = walk.game.state
    assert walk.game.seq > before and state.activation is not None and state.activation.model == "A1"
    assert state.activation.ap < 3, "A1 activated and moved with that one pick"


async def test_the_rest_as_suggested_deploys_a_players_later_turns_without_asking() -> None:
    """Several models placed by one entry, shown before it is picked (L337): the other player is still asked."""
    walk = await _new(f"mode:{PAIRING}")
    await walk.settle(until=lambda s: s.step == "deploy")
    decision = walk.game.pending[0]
    chooser = decision.owner
    model_part = decision.parts[0]
    assert model_part.default == "rest" and model_part.options[0].label.startswith("The rest as suggested: ")
    other = next(s for s in walk.game.state.sides if s != chooser)
    await walk.say(str(walk.game.state.controller(chooser)), f"/decide decision:{decision.id} choice:model=rest")
    state = walk.game.state
    assert state.deploy_as_suggested == [chooser]
    assert [(d.kind, d.owner) for d in walk.game.pending] == [("deploy", other)]
    await walk.say(str(state.controller(other)), f"/decide decision:{walk.game.pending[0].id} "
                   f"choice:model={walk.game.pending[0].parts[0].options[1].key}")
    placed = [f for f in walk.game.state.figures.values() if f.side == chooser and f.status == "deployed"]
    assert len(placed) == 2, "its next turn came and was taken as suggested"


async def test_a_held_shot_is_offered_to_the_on_guard_player_as_a_reaction_that_passing_ahead_covers() -> None:
    """A1 goes On Guard; B1 moves: side A is offered a Held Shot (L421, L427, L461) marked as a reaction, so
    ``/pass until:phase`` answers it for side A without holding side B up."""
    asked = await _held_shot(passing=False)
    assert [(d.kind, d.owner, d.reaction_to) for d in asked.game.pending] == [("held-shot", "A", "held-shot")]
    passed = await _held_shot(passing=True)
    assert not [d for d in passed.game.pending if d.owner == "A"]
    assert passed.game.state.figures["A1"].status == "deployed"


async def _held_shot(*, passing: bool) -> MenuWalk:
    walk = await table("sunshard")
    assert walk.game.state.first_pick == "A1"
    await walk.say("alice", "/act model:A1 action:on-guard", "A")
    if passing:
        await walk.say("alice", "/pass until:phase", "A")
    await walk.say("alice", "/act model:B1 action:move to:toward A1 max", "B")
    return walk


async def _new(*settings: str, seed: str = "menus") -> MenuWalk:
    """``/game new`` with the invite card's ``settings``, alice on side A and bob joining on side B."""
    walk = MenuWalk(TableService(MemoryRepository(), FACTORIES, pass_delay=lambda: 0.0, seed_source=lambda: seed))
    await walk.say("alice", f"/game new system:sunshard practice:no {' '.join(settings)}")
    await walk.say("bob", "/game join side:B")
    return walk


@pytest.mark.parametrize("seed", ["menus", "evening", "third"])
async def test_a_menu_only_first_evening_reaches_the_first_activation_within_twelve_each(seed: str) -> None:
    """Issue 23's counting: ``/game new`` (settings fixed here: the warbands on the invite card), joining, then only
    bare ``/decide`` and a letter picking the first entry (the default); each line one interaction."""
    walk = await _new(f"mode:{PAIRING}", seed=seed)
    counts = Counter({"alice": 1, "bob": 1})
    for _ in range(40):
        game = walk.game
        if game.state.phase == "activation" and not game.pending:
            break
        decision = game.pending[0]
        user = str(game.state.controller(decision.owner))
        before = game.seq
        await walk.say(user, "/decide", decision.owner)
        counts[user] += 1
        while walk.game.seq == before:
            await walk.pick(user, 0)
            counts[user] += 1
    assert walk.game.state.phase == "activation" and not walk.game.pending
    assert max(counts.values()) <= 12, counts



def _taken(state: Any) -> int:
    """Activations begun so far (a model is marked activated as its activation begins, L377), a round worth 1000."""
    if state.phase == "setup":
        return 0
    return (state.round - 1) * 1000 + sum(f.activated for f in state.figures.values())


def _activation(state: Any, side: SideId) -> Hashable | None:
    """A line of the side selecting in the Activation Phase belongs to an activation: the one under way, the one
    whose end it answers (its Fortune offer), or the one it begins; anything else is a prompt."""
    if state.phase != "activation" or state.active_side != side:
        return None
    begun = sum(f.activated for f in state.figures.values())
    ending = any(d.owner == side and d.context.get("moment") == "activation-end" for d in state.pending.values())
    return state.round, begun + (0 if state.activation is not None or ending else 1)


SUNSHARD = Case("sunshard", _taken, _activation, settings={"mode": PAIRING})


_PLAYED: list[Figures] = []


async def _evening() -> Figures:
    """The first 12 activations of On The Hunt from the menus alone, played once for the tests below."""
    if not _PLAYED:
        _PLAYED.append(await Evening(ConsoleFront(), SUNSHARD).play(activations=12))
        print("\n" + _PLAYED[0].summary("Sunshard"))
    return _PLAYED[0]


async def test_a_menu_only_first_evening_is_counted_per_activation_and_prompt() -> None:
    """Issue 23's counting on the shared harness (``tests/first_evening.py``), printed (``pytest -s``): each prompt
    to the other player (a re-roll, a reaction) takes 1; a Fortune offer is asked only when a Fortune can be spent
    on something (``fortune.offer_fortunes``) and its first entry is "None"."""
    figures = await _evening()
    assert figures.first and max(figures.first.values()) <= BUDGETS["first"], figures.summary("Sunshard")
    assert len(figures.activations) >= 8 and min(figures.activations) >= 1
    assert max(figures.activations) <= BUDGETS["most"], figures.summary("Sunshard")
    assert figures.prompts and max(figures.prompts) <= BUDGETS["prompt"], figures.summary("Sunshard")


async def test_a_menu_only_first_evening_keeps_the_activation_budgets() -> None:
    """At most 3 interactions an activation on average, never more than 5: an action is bare ``/act`` and one whole
    entry, and the entry carries its attack's re-roll as a standing choice shown in its label (ruling
    ``standing-reroll``: the bot's, a miss re-rolled with Loot, else no re-roll), so the active player is not asked
    after their own dice; bare ``Attack`` still offers every re-roll, and "ask after the roll" first."""
    figures = await _evening()
    print("\n" + figures.summary("Sunshard"))
    assert not figures.within_budgets(), figures.summary("Sunshard")
