"""Eldfall core rules v1.5, spells read against the referee: Glacier Circle Immobilizes only the enemies its Hits
land on (L2324), not an ally caught in its area."""

from __future__ import annotations

from engine.core import Game, ModelId, RigDice
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, Declare
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    eldfall,
    practice,
    settle,
    turn_of,
    unit_id,
)


def _vizier_with(spell: str, seed: str, *extra: str) -> tuple[Game[EldfallState], ModelId, ModelId, ModelId]:
    """A Vizier of Conjurations given ``spell`` (no shipped player model casts it), with a Taskmage Explorer, against
    Soga Vanguard: A's turn; returns the game, the caster, its ally and the enemy Clan Champion."""
    data = eldfall().data
    vizier = next(u for u in data.units if u.name == "Vizier of Conjurations")
    given = vizier.model_copy(update={"name": "Frost Vizier", "keywords": (*vizier.keywords, f"spell:{spell}", *extra)})
    party = PartySpec(id="frost", name="Frost", faction="Sand Kingdoms", game_size=60, leader="Frost Vizier",
                      members=(PartyMember(unit="Frost Vizier"), PartyMember(unit="Taskmage Explorer")))
    game = practice((party, "Soga Vanguard"), seed, system=eldfall(given))
    turn_of(game, "A")
    return (game, ModelId(unit_id(game, "Frost Vizier")), ModelId(unit_id(game, "Taskmage Explorer")),
            ModelId(unit_id(game, "Clan Champion")))


def test_glacier_circle_immobilizes_the_enemies_it_hits_and_not_an_ally() -> None:
    # L2324: "Enemy models within the AoE become Immobilized on hit". The circle (3" radius) centred between the
    # Taskmage and the Champion catches both; the rigged dice hit both, neither dodges, no damage wounds.
    game, caster, ally, enemy = _vizier_with("Glacier Circle", "glacier-ally", "trait:Affinity (Water)")
    arrange(game, {caster: (30, 24, 90.0), ally: (29, 28, 90.0), enemy: (31, 28, 270.0)})
    game.apply(ChannelMana(model=caster, amount=1), as_side("A", ALICE))
    game.apply(Activate(model=caster, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1,) + (20,) * 12), HOST)
    events = game.apply(Declare(kind="attack", means="glacier-circle", point=(30, 28)), as_side("A", ALICE))
    settle(game)
    said = [e.body.describe() for e in events]
    assert "immobilized" in game.state.models[enemy].tokens, said
    assert "immobilized" not in game.state.models[ally].tokens, said
