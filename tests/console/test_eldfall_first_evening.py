"""Eldfall's menu-only first evening at the console (issue 23's "Done when") on the shared harness
(``tests/first_evening.py``): two players, settings fixed here, the only typed lines ``/game new``, bare ``/act`` and
bare ``/decide``, every other line a letter picking the first entry of the player's own latest menu (a decision's
default). Each line counts one; the figures are printed (``pytest -s``) and held to the budgets over a whole game
(Open Hostilities at 60 points: five rounds, 60 activations, about 200 lines).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.core import SideId
from tests.first_evening import BUDGETS, Case, ConsoleFront, Evening, Figures, Front


def eldfall_case(front: Front) -> Case:
    """Eldfall's case: activations counted from the game's log (an ``Activated`` event each, L1184); a line of the
    active player in its Tactical phase belongs to the activation under way or, between two, to the next one; every
    other line answers a prompt (another player's Reaction step, a follow-up)."""

    def taken(state: Any) -> int:
        game = front.game()
        return 0 if game is None else sum(1 for e in game.log if type(e.body).__name__ == "Activated")

    def activation(state: Any, side: SideId) -> Hashable | None:
        if state.phase != "tactical" or state.active_side != side:
            return None
        return taken(state) + (0 if state.sequence is not None else 1)

    return Case("eldfall", taken, activation, settings={"scenario": "open-hostilities", "size": "60"})


_PLAYED: list[tuple[Evening, Figures]] = []


async def _evening() -> tuple[Evening, Figures]:
    """The evening, played once for the tests below."""
    if not _PLAYED:
        front = ConsoleFront()
        evening = Evening(front, eldfall_case(front))
        _PLAYED.append((evening, await evening.play()))
        print("\n" + _PLAYED[0][1].summary("Eldfall"))
    return _PLAYED[0]


async def test_eldfall_reaches_its_first_activation_within_twelve_a_player() -> None:
    evening, figures = await _evening()
    assert figures.first, evening.history[-10:]
    assert max(figures.first.values()) <= BUDGETS["first"], (figures.summary("Eldfall"), evening.history)


async def test_eldfall_is_played_to_its_end_from_the_menus_alone_within_its_budgets() -> None:
    """Every activation of the whole game, its Reaction steps and Strategic phases: the player the turn comes back
    to (after the other's Reaction step, after their own Strategic-phase choice) has their menu unasked
    (``bot.core.prompts``), so an activation is a pick to begin it and one for its Action step."""
    evening, figures = await _evening()
    assert figures.finished, evening.history[-10:]
    assert len(figures.activations) >= 50 and len(figures.prompts) >= 50, figures.summary("Eldfall")
    assert not figures.within_budgets(), (figures.summary("Eldfall"), evening.history[-40:])
