"""A Panicked model that fails its Morale roll in the Reactive role may only Dodge toward the edge of the field or
stay Idle (Eldfall core rules v1.5, L1764): its dodge move must bring it nearer the table's edge, or it stays put."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId, RigDice
from engine.systems.eldfall.reacting import REACTION_KIND
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, turn_of
from tests.refusals import refused
from tests.table_commands import change_token


def _panicked(seed: str) -> Game[EldfallState]:
    """B3, Panicked, 3" from the left edge, fails its Morale roll as A1 walks in its sight."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed)
    turn_of(game, "A")
    arrange(game, {"A1": (10, 14, 90.0), "B3": (3, 20, 0.0)})
    game.apply(change_token(model=ModelId("B3"), token="panicked"), HOST)
    game.apply(RigDice(values=(20,)), HOST)  # B3's Morale roll as the reaction is offered fails
    game.apply(Activate(model="A1", how="walk", to="10,16"), as_side("A", ALICE))
    return game


def _dodging(game: Game[EldfallState], to: str) -> Answer:
    decision = next(d for d in game.state.pending.values() if d.kind == REACTION_KIND)
    return Answer(decision_id=decision.id, answers={"B3": "dodge", "B3.move": to})


def test_a_panicked_dodge_away_from_the_edge_is_refused() -> None:
    game = _panicked("panicked-dodge-away")
    refused(game, _dodging(game, "5,20"), as_side("B", ALICE), r"Panicked.*edge.*L1764")


def test_a_panicked_dodge_toward_the_edge_is_taken() -> None:
    game = _panicked("panicked-dodge-edge")
    game.apply(_dodging(game, "1.5,20"), as_side("B", ALICE))
    assert not any(d.kind == REACTION_KIND for d in game.state.pending.values())
