"""A hit model may turn (Eldfall core rules v1.5, L823): its player is asked, at the end of the sequence, whether a
model hit from outside its front arc turns to face the attacker (by default it does); one that sees its attacker
already is not asked.

Soga's Clan Champion (A) strikes Thenion's Thenrin Swashbuckler (B) in base contact, rigged to one Hit that does not
wound."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId, RigDice
from engine.systems.eldfall.hit_turns import TURN_KIND
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, Declare
from tests.engine.systems.eldfall.tables import ALICE, HOST, arrange, as_side, practice, settle, turn_of, unit_id


def _struck(swash_facing: float, seed: str) -> tuple[Game[EldfallState], ModelId, ModelId]:
    """The Champion at 18,10 facing north strikes the Swashbuckler standing in contact north of it."""
    game = practice(("Soga Vanguard", "Thenion Shadows"), seed)
    turn_of(game, "A")
    champion, swash = ModelId(unit_id(game, "Clan Champion")), ModelId(unit_id(game, "Thenrin Swashbuckler"))
    arrange(game, {champion: (18, 10, 90.0), swash: (18, 11.26, swash_facing)})
    game.apply(Activate(model=champion, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 20, 20, 20, 20)), HOST)  # the first die hits; no damage die wounds
    game.apply(Declare(kind="attack", means="sword", targets=((swash, 0),)), as_side("A", ALICE))
    return game, champion, swash


def test_a_model_hit_from_behind_is_asked_and_by_default_turns_to_face_its_attacker() -> None:
    game, champion, swash = _struck(90.0, "hit-behind")
    asked = [d for d in game.state.pending.values() if d.kind == TURN_KIND]
    assert [(d.owner, [(p.key, p.option_keys(), p.default) for p in d.parts]) for d in asked] == [
        ("B", [(swash, (champion, "keep"), champion)])]
    settle(game)
    assert game.state.models[swash].facing == 270.0  # facing the Champion, due south
    assert game.state.models[swash].wounds_left == game.state.models[swash].wounds  # the Hit did not wound


def test_a_model_may_keep_its_facing_and_one_that_sees_its_attacker_is_not_asked() -> None:
    game, _champion, swash = _struck(90.0, "hit-keep")
    (decision,) = [d for d in game.state.pending.values() if d.kind == TURN_KIND]
    game.apply(Answer(decision_id=decision.id, answers={swash: "keep"}), as_side("B", ALICE))
    settle(game)
    assert game.state.models[swash].facing == 90.0
    game, _champion, swash = _struck(270.0, "hit-front")
    assert not [d for d in game.state.pending.values() if d.kind == TURN_KIND]
