"""Foresight (Eldfall core rules v1.5, L1946-1948) against a Flying attacker: a model on the ground may strike a
Flying model in melee once that model has declared a Melee Attack on it (L1738), so the attacked Seer's postponed
reaction offers its melee weapon; ranged the same."""

from __future__ import annotations

from engine.core import Answer, ModelId
from engine.schema import UnitProfile
from engine.systems.eldfall.late import LATE_KIND
from engine.systems.eldfall.schema import PartyMember, PartySpec
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, eldfall, practice, turn_of, unit_id
from tests.table_commands import change_token


def test_a_seer_struck_in_melee_by_a_flying_model_may_answer_in_melee() -> None:
    data = eldfall().data
    unit = next(u for u in data.units if u.name == "Citadel Guard")
    seer_unit: UnitProfile = unit.model_copy(update={"name": "Seer Guard",
                                                      "keywords": (*unit.keywords, "skill:Foresight")})
    party = PartySpec(id="test", name="Test", faction="Helian League", game_size=60, leader="Seer Guard",
                      members=(PartyMember(unit="Seer Guard"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "foresight-flying", system=eldfall(seer_unit))
    turn_of(game, "B")
    seer = ModelId(unit_id(game, "Seer Guard"))
    arrange(game, {seer: (25, 19.8, 270.0), "B1": (25, 17, 90.0)})
    game.apply(change_token(model=ModelId("B1"), token="flying"), HOST)
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    reaction = next(d for d in game.state.pending.values() if d.owner == "A")
    game.apply(Answer(decision_id=reaction.id, answers={}), as_side("A", ALICE))
    game.apply(Declare(kind="attack", means="spear", targets=((seer, 0),)), as_side("B", ALICE))
    late = next(d for d in game.state.pending.values() if d.owner == "A" and d.kind == LATE_KIND)
    options = next(p for p in late.parts if p.key == seer).option_keys()
    melee = [m.id for m in game.system.kit.world(game.state).fighter(seer).weapons if m.kind == "melee"]
    assert melee and set(melee) <= set(options), options
