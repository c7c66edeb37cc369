"""The table's public lines in a player's words: each set-up step says what happens (Shroudfall beta rulebook v1.4,
L1088-1100), whose turn it is names the player, and a unit activated or deployed is named beside the model ids the
picture labels. A unit is named by its name, never its id (``A-callers``: the id is for typed commands)."""

from __future__ import annotations

from engine.core import SideId, UserId
from engine.systems.shroudfall import play
from engine.systems.shroudfall.events import StepReached, UnitDeployed
from engine.table import PlacedModel

from .tables import Put, context, playing

A, B = SideId("A"), SideId("B")


def test_each_set_up_step_says_what_happens_not_its_name() -> None:
    lines = {step: StepReached(step=step).describe() for step in
             ("roll-off", "token", "scenario", "terrain", "leadership", "deployment", "rounds")}
    assert "roll off" in lines["roll-off"] and "L1088" in lines["roll-off"]
    assert "five game rounds" in lines["rounds"] and "L533" in lines["rounds"]
    assert all(not line.startswith("Setup: ") and "The game is rounds" not in line for line in lines.values())


def test_whose_turn_names_its_player_and_an_activation_its_models() -> None:
    callers = [Put(f"A{n}", "stormcallers", 3 + 2 * n, 3, unit="A-callers") for n in (1, 2, 3)]
    table = playing(*callers, Put("B1", "razhu", 5, 33), Put("B2", "razhu", 9, 33))
    table.state.seats = {A: UserId("alice"), B: UserId("bob")}
    ctx = context(table.state)
    play.activate(ctx, A, "A-callers")
    assert ctx.events[-1].body.describe() == "A activates Stormcallers (A1-A3)."
    table.state.activation = None
    play.pass_turn(ctx, A)  # one unit left against B's two (L571)
    assert ctx.events[-1].body.describe() == "A passes. It is bob's turn (side B) to activate a unit."


def test_a_deployed_unit_is_named_by_its_models_name() -> None:
    placed = PlacedModel(id="B10", name="Serene Sentinels", side=B, unit="B-sentinels", x=6.19, y=5.32, base_mm=32,
                         wounds=1)
    assert UnitDeployed(unit="B-sentinels", models=(placed,)).describe() == \
        "Serene Sentinels deploys: B10 at 6.19,5.32."


def test_a_unit_s_actions_and_its_activation_s_end_name_it_in_words() -> None:
    # Newcomer finding 25 (session 37): "B-sentinels-1 takes a move action" read as code; the unit's name reads.
    callers = [Put(f"A{n}", "stormcallers", 3 + 2 * n, 3, unit="A-callers") for n in (1, 2, 3)]
    table = playing(*callers, Put("B1", "razhu", 5, 33))
    ctx = context(table.state)
    play.activate(ctx, A, "A-callers")
    play.disengage(ctx, A)
    lines = [e.body.describe() for e in ctx.events]
    assert "Stormcallers takes a disengage action." in lines
    assert "Stormcallers gains passive:Parry until the end of the activation (Disengage, L546)." in lines
    assert not any("A-callers" in line for line in lines), lines
