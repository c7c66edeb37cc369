"""Stratagems the referee plays that were left to the table (the Leaders' cards, Guild Hall data): each test names
the card it plays."""

from __future__ import annotations

from engine.core import Answer, ModelId
from engine.systems.eldfall.effects import immune_to
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.strategic_choices import STRATEGIC_KIND
from tests.engine.systems.eldfall.commands import EndTurn
from tests.engine.systems.eldfall.tables import ALICE, as_side, practice, settle, unit_id


def test_rally_troops_keeps_the_soldiers_from_panicking_until_the_next_strategic_phase() -> None:
    # Rally Troops (Helian), the Flameweaver Errant's card: Soldiers cannot become Panicked, as Fearless (L2075-2077),
    # while the stratagem lasts (until the player's next Strategic phase, L372-382). The Hierophant is no Soldier.
    party = PartySpec(id="rally", name="Rally", faction="Helian League", game_size=80, leader="Flameweaver Errant",
                      members=(PartyMember(unit="Flameweaver Errant"), PartyMember(unit="Citadel Guard"),
                               PartyMember(unit="Expeditionary Hierophant")))
    game = practice((party, "Soga Vanguard"), "rally-troops", options={"size": "80"})
    for _ in range(4):
        asked = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND and d.owner == "A"]
        if asked:
            break
        settle(game)
        active = game.state.active_side
        assert active is not None
        game.apply(EndTurn(), as_side(active, ALICE))
    game.apply(Answer(decision_id=asked[0].id, answers={"stratagem": "rally-troops-helian"}), as_side("A", ALICE))
    world = game.system.kit.world(game.state)
    guard, priest = (world.fighter(ModelId(unit_id(game, u))) for u in ("Citadel Guard", "Expeditionary Hierophant"))
    assert immune_to(guard, "panicked") == "Fearless"
    assert immune_to(priest, "panicked") is None, "a Mage and Vitalist, no Soldier"
