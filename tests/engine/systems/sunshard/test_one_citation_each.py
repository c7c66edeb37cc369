"""A log line cites each rule once, never a citation inside another's brackets: "(Vigil (L776))" read as a bracket
left open; the reason and its rule share one pair (Fortune spent, L753; a Downed model Killed, L622; Blight, L620)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.sunshard.events import FortuneChanged, ModelGone
from tests.engine.systems.sunshard.tables import A

BOOK = "Sunshard:Embren core rules v1.0"


def test_a_fortune_spent_on_an_ability_cites_its_line_once() -> None:
    assert FortuneChanged(side=A, amount=-1, total=0, why="Vigil (L776)").describe() == \
        "Side A spends 1 Fortune (Vigil, L776); now 0."


def test_a_killed_model_cites_the_rule_that_killed_it_once() -> None:
    downed = ModelGone(model_id=ModelId("A2"), how="killed", cause=f"B1's Twin Blades; it was Downed ({BOOK}, L622)")
    assert downed.describe() == f"A2 is Killed (B1's Twin Blades; it was Downed, {BOOK}, L622) and removed."
    blighted = ModelGone(model_id=ModelId("A1"), how="killed", cause=f"3 Blight tokens ({BOOK}, L620)")
    assert blighted.describe() == f"A1 is Killed (3 Blight tokens, {BOOK}, L620) and removed."
