"""The odds before declaring an attack (L604-610: only the Assisted mode measures before declaring): each target in
the menu with the dice the attack rolls there, the modified attribute and the exact chance of at least one Hit; none
against a Shrouded token (its profile is its player's secret, L1776)."""

from __future__ import annotations

from engine.core import Game, Viewer
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, arrange, as_side, practice, settle


def _targets(mode: str) -> dict[str, str]:
    game: Game[EldfallState] = practice(("Soga Vanguard", "Thenion Shadows"), options={"mode": mode})
    side = game.state.active_side
    assert side is not None
    model = min((m for m in game.state.models.values() if m.side == side), key=lambda m: m.id)
    arrange(game, {model.id: (10, 18, 0.0), "B3": (12, 18, 0.0), "B1": (10, 20, 0.0)})  # both in reach
    game.apply(Activate(model=model.id, how="idle"), as_side(side, ALICE))
    settle(game)
    weapon = game.system.kit.world(game.state).fighter(model.id).weapons[0].id
    attack = game.system.action(("act",), "attack")
    assert attack is not None
    picked = {"with": weapon, "choice": "-"}  # its spends left out: the targets come next
    return {c.value: c.shown for c in attack.sources["target"](game.state, Viewer.of_side(side), picked)}


def test_assisted_shows_each_targets_dice_attribute_and_chance_of_a_hit() -> None:
    shown = _targets("assisted")
    assert shown["B3"] == "B3 Thenrin Swashbuckler (3 dice at OFF 16: 99% for a Hit)"  # 1 - (4/20)^3
    assert "B1" not in shown, "a Shrouded token is never offered: its odds would come from a hidden profile"


def test_standard_mode_shows_no_odds_before_declaring() -> None:
    assert _targets("standard")["B3"] == "B3 Thenrin Swashbuckler"
