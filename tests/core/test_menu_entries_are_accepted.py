"""An entry a menu offers is accepted: the menu and the referee read the same rules.

Issue 23's failures 7 and 8, and one more the menu walk found (an equipment menu offering what the model holds):
each menu is built from the check that refuses the typed command, so what it leaves out is what the referee
refuses and what it offers is accepted."""

from __future__ import annotations

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


async def _refused(walk: MenuWalk, line: str) -> list[str]:
    return [o.text for o in await walk.say("alice", line, "A") if o.error]


async def test_an_attack_menu_offers_only_the_targets_the_referee_accepts() -> None:
    walk = await table("eldfall", seed="seed5")
    await walk.say("alice", "/act model:A2 choice:idle action:activate", "A")
    await walk.settle()
    enemies = sorted(m.id for m in walk.game.state.models.values() if m.side == "B")
    assert await _pick(walk, "alice", "A", "Attack (choose", "Greatsword", "nothing more") == []
    offered = [label.split()[0] for label in walk.labels("alice")]
    assert offered and set(offered) < set(enemies), (offered, enemies)  # B1 and B2 are Shrouded (L1776)
    # B3 alone is offered, each of its picks whole (one target: no "done" after it); typed, it is accepted (below)
    for target in enemies:
        refusals = await _refused(walk, f"/act action:attack with:greatsword target:{target}")
        assert bool(refusals) == (target not in offered), (target, refusals)


async def test_an_attack_menu_is_not_offered_without_a_target_in_sight() -> None:
    """Failure 7: A3, its second activation, sees no enemy; the menu offered B3, then 'no line of sight to B3'."""
    walk = await table("eldfall", seed="seed5")
    for line in ("/act model:A3 choice:idle action:activate", None, "/act action:nothing",
                 "/act model:A3 choice:idle action:activate", None):
        if line is None:
            await walk.settle()
        else:
            assert await _refused(walk, line) == []
    await walk.say("alice", "/act", "A")
    assert "Attack" not in walk.labels("alice") and walk.labels("alice")
    refusals = await _refused(walk, "/act action:attack with:thrown-dagger target:B3")
    assert any("no line of sight" in text for text in refusals), refusals


async def test_spreading_the_models_is_offered_only_where_it_would_move_them() -> None:
    """Failure 8: 'Spread my models over my zone' offered where the models already stood so, then refused."""
    walk = await table("eldfall", demo=False, seed="seed0")
    await walk.say("bob", "/force load name:Helian Expedition")
    await walk.say("alice", "/force load name:Sand Conclave")
    await walk.settle()
    game = walk.game
    side = next(s for s in game.state.sides if game.system.legal_actions(game.state, s))
    user = str(game.state.controller(side))
    await walk.say(user, "/act", side)
    assert not any("Spread my models" in label for label in walk.labels(user))  # they stand spread already
    model = next(m for m in game.state.models.values() if m.side == side)
    moved = await walk.say(user, f"/model place model:{model.id} at:{model.x + 3:g},{model.y + 2:g}", side)
    assert not any(o.error for o in moved), [o.text for o in moved]
    assert await _pick(walk, user, side, "Spread my models") == []  # applied: B1 is back where the spread puts it
    await walk.say(user, "/act", side)
    assert not any("Spread my models" in label for label in walk.labels(user))


async def test_an_equipment_menu_offers_only_a_change() -> None:
    """The menu offered the Greatsword A2 holds, then refused it."""
    walk = await table("eldfall", seed="seed6")
    await walk.say("alice", "/act model:A2 choice:idle action:activate", "A")
    await walk.settle()
    assert await _pick(walk, "alice", "A", "Change its equipment") == []
    assert walk.labels("alice") and not any("Greatsword" in label for label in walk.labels("alice"))
    assert not [o.text for o in await walk.pick("alice", 0) if o.error]
