"""The rulings' other options, refereed (``data/underworlds/rulings.yaml``): each test plays the same moment under
the default and under the alternative, citing the rulebook lines the ruling reads."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import REACTION, Answer
from engine.systems.underworlds.commands import Attack, Charge
from engine.systems.underworlds.events import Damaged, UpgradeGiven
from tests.engine.systems.underworlds.table import (
    UW,
    A,
    B,
    act,
    actor,
    arrange,
    extend,
    give,
    pass_power,
    pass_until,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.test_ploys_in_play import POSITIONS, attacks, my_power_turn, play


def scene(rulings: dict[str, str], seed: str = "uw-test", **moved: str | None) -> UW:
    """The ploy tests' positions, on a table with these rulings."""
    return arrange(ready(seed, rulings=rulings), **{**POSITIONS, **moved})


def _upgrade(game: UW, fighter: str, card: str) -> UW:
    return extend(game, UpgradeGiven(side=fighter[0], fighter=fighter, card=card, name=card))  # type: ignore[arg-type]


@pytest.mark.parametrize(("option", "outcome"), [("hammer-and-swords", "success"), ("swords-added", "fail")])
def test_berserk_charge_under_blood_rain_counts_hammers_only_by_the_default(option: str, outcome: str) -> None:
    """L339, L617 (symbols lost): Blooded Saek charges with Berserk Charge in an activation where Blood Rain makes
    every attack's symbol swords, and rolls two hammers. Read as "hammer and swords" both count; read as "swords as
    well as the attack's own symbol" (now swords) the hammers do not."""
    game = _upgrade(give(scene({"berserk-charge-symbols": option}, B3="D3", A1="D6"), B, "blood-rain"), "B3",
                    "berserk-charge")
    my_power_turn(game, B, after_own=False)
    play(game, B, "blood-rain")
    pass_power(game)
    rig(game, "hammer", "hammer", "dodge")
    act(game, B, Charge(fighter="B3", to="E5", target="A1"))
    assert attacks(game)[-1].outcome.startswith(outcome)


def _final_blow_takes_out_the_attacker(rulings: dict[str, Any]) -> UW:
    """Severin (one wound left, carrying Disengage) takes Garrek out; side B answers with Final Blow, whose damage
    takes Severin out: a ploy played as a reaction takes a fighter out of action."""
    game = scene(rulings, A1="D6", B1="D5")
    lib = game.system.lib
    wounds = lib.side_of_card(game.state.fighters["A1"]).wounds
    game = extend(give(game, B, "final-blow", "fuelled-by-slaughter"), Damaged(fighter="B1", amount=3, wounds=3),
                  Damaged(fighter="A1", amount=wounds - 1, wounds=wounds - 1))
    game = _upgrade(game, "A1", "disengage")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",), attack="Disengage"))
    offer = next(d for d in game.pending if d.core == REACTION and d.owner == B)
    game.apply(Answer(decision_id=offer.id, choice="ploy:final-blow"), actor(B))
    assert game.state.fighters["A1"].out_of_action
    return game


@pytest.mark.parametrize(("option", "window"), [("yes", True), ("no", False)])
def test_a_ploy_played_as_a_reaction_is_a_ploy_for_reactions_by_the_default(option: str, window: bool) -> None:
    """L631-L633: Final Blow, a reaction ploy, takes Severin out. Under "yes" that is a ploy taking a fighter out,
    and reactions to it (Fuelled by Slaughter) are offered; under "no" only ploys played in a power step count."""
    game = _final_blow_takes_out_the_attacker({"ploy-reactions-are-ploys": option})
    opened = [w for w in game.state.windows if w.context.get("by") == "ploy"]
    assert bool(opened) is window
    if window:
        assert opened[0].shown == "side B's ploy taking A1 out of action"


@pytest.mark.parametrize("option", ["draw", "roll-off"])
def test_tied_glory_with_both_warbands_wiped_out_is_a_draw_or_a_roll_off(option: str) -> None:
    """L713: most glory wins, then a player with fighters left; with glory tied and no fighter left on either side
    the book says nothing more: a draw by default, a roll-off under the alternative."""
    game = ready("wiped", rulings={"both-wiped-out": option, "objective-evaluation": "claim-and-confirm"})
    pass_until(game, lambda g: g.state.round == 3 and g.state.step == "activation")
    game = arrange(game, **dict.fromkeys(game.state.fighters))
    pass_until(game, lambda g: False)
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == {A: 0, B: 0}
    if option == "draw":
        assert outcome.draw and set(outcome.winners) == {A, B}
    else:
        assert not outcome.draw and outcome.winner in (A, B)
        assert any(e.kind == "uw.game.rolled" for e in game.log)
