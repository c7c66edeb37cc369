"""A Flying model cannot be the target of a Melee Attack but from another Flying model, unless it made a Melee
Attack on that model first (Eldfall core rules v1.5, L1738): a model on the ground is offered no melee attack in
reaction to a Flying model's move, and may turn its Dodge into a melee attack on it (L1246) only once that Flying
model has struck it in melee."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId
from engine.systems.eldfall.late import LATE_KIND
from engine.systems.eldfall.reacting import REACTION_KIND
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, turn_of
from tests.table_commands import change_token


def _flown_up(seed: str) -> Game[EldfallState]:
    """Side A's Clan Champion, Flying, walks into base contact with B3 (Thenrin Swashbuckler, on the ground) and B1."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed)
    turn_of(game, "A")
    game.apply(change_token(model=ModelId("B1"), token="shrouded", remove=True), HOST)
    arrange(game, {"A1": (12, 4, 90.0), "B3": (12, 9.26, 270.0), "B1": (13.26, 8, 180.0)})
    game.apply(change_token(model=ModelId("A1"), token="flying"), HOST)
    game.apply(Activate(model="A1", how="walk", to="12,8"), as_side("A", ALICE))
    return game


def _options(game: Game[EldfallState], kind: str, key: str) -> list[str]:
    decision = next(d for d in game.state.pending.values() if d.kind == kind)
    return [o.key for o in next(p for p in decision.parts if p.key == key).options]


def test_a_model_on_the_ground_may_not_react_with_a_melee_attack_on_a_flying_model() -> None:
    options = _options(_flown_up("flying-reaction"), REACTION_KIND, "B3")
    assert options == ["nothing", "dodge"], options  # its Short Sword and Unarmed are melee


def _switches(seed: str, target: str) -> list[str]:
    """B3's options to turn its Dodge into an attack once the Flying Champion strikes ``target`` with its spear."""
    game = _flown_up(seed)
    decision = next(d for d in game.state.pending.values() if d.kind == REACTION_KIND)
    game.apply(Answer(decision_id=decision.id, answers={"B1": "nothing", "B3": "dodge"}), as_side("B", ALICE))
    game.apply(Declare(kind="attack", means="spear", targets=((ModelId(target), 0),)), as_side("A", ALICE))
    late = [d for d in game.state.pending.values() if d.kind == LATE_KIND]
    parts = [p for d in late for p in d.parts if p.key == "B3.switch"]
    return [o.key for p in parts for o in p.options]


def test_struck_in_melee_by_a_flying_model_it_may_answer_in_melee() -> None:
    assert "short-sword" in _switches("flying-switch", "B3")


def test_a_flying_model_striking_another_leaves_it_no_melee_answer() -> None:
    assert "short-sword" not in _switches("flying-other", "B1")
