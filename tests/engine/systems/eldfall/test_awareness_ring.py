"""``/act action:awareness`` rings a model's Awareness (Eldfall core rules v1.5, L679-685): a question declared once on
``/act`` (it changes nothing and is logged as nothing), whose model menu and typed check are one generator: the models
the asker knows by name and may pre-measure around by the measuring mode, as ``/los`` tells Awareness (L606-608)."""

from __future__ import annotations

import pytest

from engine.core import SPECTATOR, InvalidCommand, SideId, Viewer
from engine.systems.eldfall.rules import RULES
from tests.engine.systems.eldfall.tables import arrange, practice, turn_of

A_VIEW = Viewer.of_side(SideId("A"))


def test_awareness_is_a_question_declared_on_act() -> None:
    assert (("act",), "awareness") in {query.key for _, query in RULES.queries()}


@pytest.mark.parametrize(("mode", "ringed"), [("assisted", ["A3", "B3"]), ("standard", ["A3"]), ("realism", [])])
def test_the_menu_and_the_answer_ring_only_what_the_mode_lets_the_asker_pre_measure(mode: str,
                                                                                   ringed: list[str]) -> None:
    game = practice(("Soga Vanguard", "Thenion Shadows"), "ring-" + mode, options={"mode": mode})
    turn_of(game, "A")
    arrange(game, {"A3": (12, 10, 90.0), "B3": (12, 7, 90.0)})
    action = game.system.action(("act",), "awareness")
    assert action is not None and action.build is None, "a question: it builds no command"
    listed = {c.value for c in action.sources["model"](game.state, A_VIEW, {})}  # the others stand parked at the edges
    assert listed & {"A3", "B3"} == set(ringed)
    for model in ("A3", "B3"):
        options = {"action": "awareness", "model": model}
        if model in ringed:
            answer = game.system.ask(game.state, A_VIEW, ("act",), options)
            assert answer.text.startswith(f"{model}'s Awareness (and Casting Aura) reaches ")
            assert answer.overlays[0].label.startswith(f"{model} Awareness ")
        else:
            with pytest.raises(InvalidCommand, match=f"Awareness you may measure now .*{mode} measuring"):
                game.system.ask(game.state, A_VIEW, ("act",), options)
    if mode == "standard":
        with pytest.raises(InvalidCommand):
            game.system.ask(game.state, SPECTATOR, ("act",), {"action": "awareness", "model": "A3"})
