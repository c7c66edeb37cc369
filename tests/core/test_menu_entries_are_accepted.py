"""An entry a menu offers is accepted: the menu and the referee read the same rules.

Issue 23's failures 7 and 8 (and one more the menu walk found), strict expected failures until Eldfall's actions
are declared (step 5)."""

from __future__ import annotations

import pytest

from tests.menu_walk import MenuWalk, table


async def _pick(walk: MenuWalk, user: str, side: str | None, *labels: str) -> list[str]:
    """From ``/act``, the entries whose labels contain each of ``labels`` in turn; the errors met."""
    await walk.say(user, "/act", side)
    errors: list[str] = []
    for wanted in labels:
        index = next(i for i, label in enumerate(walk.labels(user)) if wanted.casefold() in label.casefold())
        outputs = await walk.pick(user, index)
        errors += [o.text for o in outputs if o.error]
    return errors


@pytest.mark.xfail(strict=True, reason="issue 23 failure 7: the attack menu offered B3, then 'A3 has no line of "
                                       "sight to B3'")
async def test_an_attack_menu_offers_only_targets_in_sight() -> None:
    walk = await table("eldfall", seed="seed5")
    for line in ("/act model:A3 choice:idle action:activate", None, "/act action:nothing",
                 "/act model:A3 choice:idle action:activate", None, "/act action:equip with:short-sword"):
        if line is None:
            await walk.settle()
        else:
            outputs = await walk.say("alice", line, "A")
            assert not any(o.error for o in outputs), [o.text for o in outputs]
    assert await _pick(walk, "alice", "A", "attacks", "Thrown Dagger", "B3") == []


@pytest.mark.xfail(strict=True, reason="issue 23 failure 8: 'Spread my models over my zone' offered, then refused")
async def test_spreading_the_models_is_offered_only_where_it_would_move_them() -> None:
    walk = await table("eldfall", demo=False, seed="seed0")
    await walk.say("bob", "/force load name:Helian Expedition")
    await walk.say("alice", "/force load name:Sand Conclave")
    await walk.settle()
    game = walk.game
    side = next(s for s in game.state.sides if game.system.legal_actions(game.state, s))
    user = str(game.state.controller(side))
    assert await _pick(walk, user, side, "Spread my models") == []


@pytest.mark.xfail(strict=True, reason="issue 23, found by the menu walk beside the eleven: an equip menu offers "
                                       "the weapon the model already holds, then refuses it")
async def test_an_equipment_menu_offers_only_a_change() -> None:
    walk = await table("eldfall", seed="seed6")
    await walk.say("alice", "/act model:A2 choice:idle action:activate", "A")
    await walk.settle()
    assert await _pick(walk, "alice", "A", "changes its equipment", "Greatsword") == []
