"""A move its SPD cannot finish ends where the allowance runs out (L1184-1190), and its preview says so before the
player confirms it."""

from __future__ import annotations

from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, as_side, practice


def test_the_preview_of_a_move_cut_short_says_it_stops_short() -> None:
    game = practice(("Soga Vanguard", "Thenion Shadows"))
    side = game.state.active_side
    assert side is not None
    model = min((m for m in game.state.models.values() if m.side == side), key=lambda m: m.id)
    events = game.preview(Activate(model=model.id, how="walk", to="18,18"), as_side(side, ALICE))
    said = [e.body.describe() for e in events if e.audience.is_public]
    assert f"{model.id}'s move: it stops short: its 6\" run out before 18,18." in said
    near = game.preview(Activate(model=model.id, how="walk", to=f"{model.x + 1:g},{model.y:g}"), as_side(side, ALICE))
    assert not any("stops short" in e.body.describe() for e in near)
