"""A declared game's menus through the table service, as a player meets them: a typed command that stops short is
asked the rest, a set is built one pick at a time and closed with "done", a plan asks a cell for each soldier of
the set, and a shot out of reach is offered last, labelled. Played on the Muster toy (``tests/toys/muster.py``)."""

from __future__ import annotations

from engine.core import UserId
from tests.menu_walk import MenuWalk, table


async def _muster() -> MenuWalk:
    return await table("muster", demo=False, seed="menus")


async def test_a_typed_command_that_stops_short_is_asked_the_rest() -> None:
    walk = await _muster()
    outputs = await walk.say("alice", "/act action:deploy")
    assert not any(o.error for o in outputs)
    assert walk.labels("alice") == ["A1", "A2", "A3"]
    outputs = await walk.say("alice", "/act action:deploy model:A9")
    assert [o.text for o in outputs if o.error] == [
        "act deploy refused: model:A9 is not one of the choices for which soldiers? (A1, A2, A3)"]


async def test_a_set_then_a_plan_are_built_from_the_menus() -> None:
    walk = await _muster()
    await walk.say("alice", "/act")
    await walk.pick("alice", walk.labels("alice").index("Deploy"))
    await walk.pick("alice", walk.labels("alice").index("A2"))
    assert walk.labels("alice") == ["done: A2", "A1", "A3"]
    await walk.pick("alice", walk.labels("alice").index("A3"))
    await walk.pick("alice", 0)  # done: A2,A3
    outputs = await walk.pick("alice", walk.labels("alice").index("C5"))
    assert any(o.text.endswith("Which cell? (A3)") for o in outputs), [o.text for o in outputs]
    assert "C5" not in walk.labels("alice")
    await walk.pick("alice", walk.labels("alice").index("C1"))
    assert walk.game.state.at == {"A2": "C5", "A3": "C1"}


async def test_a_target_out_of_reach_is_offered_last_and_labelled() -> None:
    walk = await _muster()
    await walk.say("alice", "/act action:deploy model:A1,A2,A3 to:C1,C5,C6")
    await walk.say("bob", "/act action:deploy model:B1,B2,B3 to:C7,C8,C12")
    await walk.say("bob", "/decide choice:ground=high;rows=1")
    await walk.say("alice", "/act action:shoot model:A2")
    assert walk.labels("alice") == ['B1 (2.0" of 4")', 'B2 (3.0" of 4")', 'B3 (7.0" of 4": fails)']


async def test_a_set_being_built_reads_as_typed_and_still_takes_picks() -> None:
    walk = await _muster()
    await walk.say("alice", "/act")
    await walk.pick("alice", walk.labels("alice").index("Deploy"))
    lines = [invocation.command_line() for _, invocation in walk.menus[UserId("alice")]]
    assert lines[0] == "/act action:deploy model:A1"  # no trailing comma: the set is still open all the same
    await walk.pick("alice", walk.labels("alice").index("A2"))
    assert walk.labels("alice") == ["done: A2", "A1", "A3"]
    assert [invocation.command_line() for _, invocation in walk.menus[UserId("alice")]] == [
        "/act action:deploy model:A2", "/act action:deploy model:A2,A1", "/act action:deploy model:A2,A3"]
    await walk.pick("alice", walk.labels("alice").index("A3"))
    assert walk.labels("alice")[0] == "done: A2,A3"
