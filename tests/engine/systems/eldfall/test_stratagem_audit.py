"""Stratagems the referee plays that were left to the table (the Leaders' cards, Guild Hall data): each test names
the card it plays."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId
from engine.systems.eldfall.effects import immune_to
from engine.systems.eldfall.rangers import RANGER_KIND
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strategic_choices import STRATEGIC_KIND
from tests.engine.systems.eldfall.commands import EndTurn
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle, unit_id


def _choose(game: Game[EldfallState], stratagem: str) -> None:
    """Turns end until side A's Strategic phase asks for its stratagem; its player names ``stratagem``."""
    for _ in range(4):
        asked = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND and d.owner == "A"]
        if asked:
            game.apply(Answer(decision_id=asked[0].id, answers={"stratagem": stratagem}), as_side("A", ALICE))
            return
        settle(game)
        active = game.state.active_side
        assert active is not None
        game.apply(EndTurn(), as_side(active, ALICE))
    raise AssertionError("side A was never asked")


def test_rally_troops_keeps_the_soldiers_from_panicking_until_the_next_strategic_phase() -> None:
    # Rally Troops (Helian), the Flameweaver Errant's card: Soldiers cannot become Panicked, as Fearless (L2075-2077),
    # while the stratagem lasts (until the player's next Strategic phase, L372-382). The Hierophant is no Soldier.
    party = PartySpec(id="rally", name="Rally", faction="Helian League", game_size=80, leader="Flameweaver Errant",
                      members=(PartyMember(unit="Flameweaver Errant"), PartyMember(unit="Citadel Guard"),
                               PartyMember(unit="Expeditionary Hierophant")))
    game = practice((party, "Soga Vanguard"), "rally-troops", options={"size": "80"})
    _choose(game, "rally-troops-helian")
    world = game.system.kit.world(game.state)
    guard, priest = (world.fighter(ModelId(unit_id(game, u))) for u in ("Citadel Guard", "Expeditionary Hierophant"))
    assert immune_to(guard, "panicked") == "Fearless"
    assert immune_to(priest, "panicked") is None, "a Mage and Vitalist, no Soldier"


def test_swift_retreat_moves_the_assassins_and_rogues_in_the_end_phase() -> None:
    # Swift Retreat, the Nightshade's card: in the End phase of its side's turn each Assassin and Rogue may make a
    # Normal Movement, as a Ranger does (L1849-1851: provoking no reaction). The Nightshade (Assassin, Rogue) and the
    # Swashbuckler (Warrior, Rogue) move by it; the Hunter (Assassin, Ranger) moves anyway.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "swift-retreat")
    _choose(game, "swift-retreat")
    settle(game)
    shade, hunter, duellist = (ModelId(unit_id(game, u))
                               for u in ("Nightshade", "Rangers-Guild Hunter", "Thenrin Swashbuckler"))
    arrange(game, {shade: (20, 15, 90.0), hunter: (25, 15, 90.0), duellist: (30, 15, 90.0), "B1": (25, 30, 270.0)})
    game.apply(EndTurn(), as_side("A", ALICE))
    decision = next(d for d in game.state.pending.values() if d.kind == RANGER_KIND)
    assert {p.key for p in decision.parts if "." not in p.key} == {shade, hunter, duellist}
    assert "Swift Retreat" in decision.prompt
    game.apply(Answer(decision_id=decision.id, answers={shade: "20,11"}), as_side("A", ALICE))
    assert (game.state.models[shade].x, game.state.models[shade].y) == (20.0, 11.0)


def test_without_swift_retreat_only_the_rangers_move_in_the_end_phase() -> None:
    game = practice(("Thenion Shadows", "Soga Vanguard"), "no-swift-retreat")
    _choose(game, "exploiting-weakness")
    settle(game)
    hunter = ModelId(unit_id(game, "Rangers-Guild Hunter"))
    game.apply(EndTurn(), as_side("A", ALICE))
    decision = next(d for d in game.state.pending.values() if d.kind == RANGER_KIND)
    assert {p.key for p in decision.parts if "." not in p.key} == {hunter}
