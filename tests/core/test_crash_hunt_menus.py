"""Menu entries the long seeded walks of session 38 found refused or crashing, each as the smallest scenario that
met it (the walks themselves are too long for the suite)."""

from __future__ import annotations

from tests.menu_walk import table


async def test_the_host_holding_one_model_takes_it_off_from_the_menu() -> None:
    # The host playing side A with one model: the menu's question takes A1 alone (the only one A may remove), so
    # the command reaches the referee without model:; the referee must fill it as the menu did (the player's
    # models), not refuse it because the host could name any model on the table.
    walk = await table("freeplay", demo=False)
    await walk.say("alice", "/model add unit:Mage", "A")
    await walk.say("bob", "/model add unit:Mage", "B")
    await walk.say("alice", "/act", "A")
    outputs = await walk.pick("alice", walk.labels("alice").index("Take off the table"))
    assert [o.text for o in outputs if o.error] == []
    assert sorted(walk.game.state.models) == ["B1"]
