"""Underworlds menus in words a newcomer reads (newcomer findings 15-17): a Move's hexes say what lies on them, an
Attack action's entries give its dice, damage and chance (no opaque "first that reaches"), and the roll-off winner's
own choice of the first activation comes first, in the first person (L391, L403, L423, L569)."""

from __future__ import annotations

from engine.core import Viewer
from tests.engine.systems.underworlds.table import A, B, act_turn, arrange, pass_power, ready, turn_of
from tests.engine.systems.underworlds.typed import Pass


def _asked(game, verb, name, side, filled):  # type: ignore[no-untyped-def]
    action = game.system.action(verb, name)
    assert action is not None and action.declaration is not None
    asked = game.system.declarations.question(game.system, game.state, action.declaration, Viewer.of_side(side),
                                              side, filled)
    assert asked is not None
    return asked


def test_a_move_names_the_objective_on_a_hex() -> None:
    """L403: the hexes a Move may end on; one holding an objective token says which (finding 15)."""
    game = arrange(ready(), A1="D7", A2="F7", A3="B9", B1="D6", B2="G2", B3="A1", B4="H1", B5="C1")
    turn_of(game, A)
    tokens = {t.hex: t.number for t in game.state.tokens}
    shown = {raw: choice.shown for raw, choice in _asked(game, ("move",), None, A, {"model": "A1"}).entries}
    held = [h for h in shown if h in tokens]
    assert held, "a token lies within A1's Move"
    for hex_id in held:
        assert shown[hex_id].startswith(f"hex {hex_id} (objective {tokens[hex_id]}, "), shown[hex_id]
    assert all("objective" not in label for h, label in shown.items() if h not in tokens)


def test_each_attack_action_is_offered_with_its_dice_and_chance_none_is_opaque() -> None:
    """L423, L509: B2 has two Attack actions that reach A1; each entry gives its dice, damage and chance, in the
    card's order; leaving it out is said as "the first of these" (finding 16)."""
    game = arrange(ready(), A1="D7", A2="F7", A3="B9", B1="D5", B2="E7", B3="A1", B4="H1", B5="C1")
    turn_of(game, B)
    asked = _asked(game, ("act",), "attack", B, {"model": "B2", "target": "A1"})
    assert [choice.shown for _, choice in asked.closing] == ["the first of these (as left out)"]
    assert [choice.shown for _, choice in asked.entries] == [
        "Chained Axe (3 swords, damage 1; 51% to succeed)", "Brutal Chop (3 swords, damage 2; 51% to succeed)"]


def test_the_first_activation_menu_puts_the_choosers_own_turn_first() -> None:
    """L391: the roll-off winner chooses who takes the first activation; its menu's first entry (the default) is
    "I take it (side X)", the other side's said as "side Y takes it" (finding 17)."""
    game = ready()
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    (decision,) = game.pending
    (part,) = decision.parts
    other = B if decision.owner == A else A
    assert [(o.key, o.label) for o in part.options] == [
        (decision.owner, f"I take it (side {decision.owner})"), (other, f"side {other} takes it")]
    assert part.default == decision.owner
