"""An Assist targets one model at STK 1, and up to its STK of models above (Eldfall core rules v1.5, L1375), only
itself while Engaged (L1457): the Expeditionary Hierophant (STA 2) casts Protective Barrier (STK STA) on two allies at
once, not on three; Purgation (STK 1) on one."""

from __future__ import annotations

from engine.core import Game, ModelId, RigDice
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of, unit_id
from tests.refusals import refused
from tests.table_commands import change_token


def _helian(seed: str, *, engaged: bool = False) -> tuple[Game[EldfallState], ModelId, ModelId, ModelId]:
    """The Hierophant with two allies in sight; ``engaged``: the Clan Champion in base contact, the priest Engaged."""
    game = practice(("Helian Expedition", "Soga Vanguard"), seed)
    turn_of(game, "A")
    priest, guard = ModelId(unit_id(game, "Expeditionary Hierophant")), ModelId(unit_id(game, "Citadel Guard"))
    shaper, champion = ModelId(unit_id(game, "Flameshaper")), ModelId(unit_id(game, "Clan Champion"))
    arrange(game, {priest: (18, 10, 90.0), guard: (18, 14, 90.0), shaper: (21, 12, 90.0),
                   **({champion: (16.74, 10, 0.0)} if engaged else {})})
    if engaged:
        game.apply(change_token(model=priest, token="engaged"), HOST)
    game.apply(Activate(model=priest, how="idle"), as_side("A", ALICE))
    settle(game)
    return game, priest, guard, shaper


def test_a_strike_two_assist_enchants_two_allies() -> None:
    game, _priest, guard, shaper = _helian("assist-two")
    assert game.system.kit.world(game.state).fighter(_priest).value("STA") == 2
    game.apply(RigDice(values=(1, 1, 1)), HOST)  # its casting rolls: 2 dice on the first, 1 on the second
    game.apply(Declare(kind="assist", means="Protective Barrier", targets=((guard, 0), (shaper, 0))),
               as_side("A", ALICE))
    settle(game)
    for model in (guard, shaper):
        assert "protective-barrier" in game.state.figures[model].enchantments


def test_an_assist_on_more_models_than_its_strike_is_refused() -> None:
    game, priest, guard, shaper = _helian("assist-three")
    refused(game, Declare(kind="assist", means="Protective Barrier", targets=((guard, 0), (shaper, 0), (priest, 0))),
            as_side("A", ALICE), "target: takes 1 to 2 values, not 3")
    refused(game, Declare(kind="assist", means="Purgation", targets=((guard, 0), (shaper, 0))),
            as_side("A", ALICE), "target: takes 1 values?, not 2")


def test_an_engaged_caster_assists_only_itself() -> None:
    # L1457: while Engaged a model may declare Assist targeting itself only. The Hierophant, Engaged by the Clan
    # Champion in base contact, may not shield the Citadel Guard; it may shield itself.
    game, priest, guard, _shaper = _helian("assist-engaged", engaged=True)
    refused(game, Declare(kind="assist", means="Protective Barrier", targets=((guard, 0),)), as_side("A", ALICE),
            "Engaged: it may Assist only itself")
    game.apply(RigDice(values=(1, 1)), HOST)
    game.apply(Declare(kind="assist", means="Protective Barrier", targets=((priest, 0),)), as_side("A", ALICE))
    settle(game)
    assert "protective-barrier" in game.state.figures[priest].enchantments
