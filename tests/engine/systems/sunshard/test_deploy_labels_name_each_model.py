"""The deploy menu names every model the same way, its id then its card, and an opponent's model (which side deploys
it) in one bracket (L337; newcomer finding 27: "d) Evolved" beside "b) B1 (Pariah)", nested brackets)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.sunshard.setup import deploy_values
from tests.engine.systems.sunshard import tables as t


def test_each_model_to_deploy_is_labelled_id_then_card() -> None:
    state = t.new_state()
    state.phase, state.step, state.active_side = "setup", "deploy", t.B
    for model_id, card, side in (("A1", "Captain", t.A), ("B1", "Pariah", t.B), ("B3", "Evolved", t.B)):
        t.put(state, model_id, card, side, 5, 5)
        state.figures[ModelId(model_id)].status = "reserve"
        del state.models[ModelId(model_id)]
    labels = [c.shown for c in deploy_values(t.world(state), t.B, {})]
    assert labels == ["B1 Pariah", "B3 Evolved", "A1 Captain (side A deploys it)"]
