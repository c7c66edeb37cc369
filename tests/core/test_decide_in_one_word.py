"""A decision of several parts is answered in one word where one word says it all: "no reaction" is one answer,
not one per model.

Issue 23's failure 6: ``/decide choice:nothing`` answers every part that offers ``nothing``; the rest keep their
defaults (``engine.core.decision_kinds.spread_choice``)."""

from __future__ import annotations

from tests.menu_walk import table


async def test_no_reaction_is_one_answer_for_every_model() -> None:
    walk = await table("eldfall", seed="seed6")
    await walk.say("alice", "/act model:A2 choice:idle action:activate", "A")
    (decision,) = walk.game.pending
    assert len({part.key.split(".")[0] for part in decision.parts}) >= 2  # two models may react
    outputs = await walk.say("alice", "/decide choice:nothing", "B")
    assert not any(o.error for o in outputs), [o.text for o in outputs]
    assert not walk.game.pending
