"""The menu-only first evening at the console (issue 23): two players, settings fixed here, only ``/game new``,
bare ``/act``, bare ``/decide`` and letters; the figures printed (``pytest -s``) and held to their budgets
(``tests/first_evening.py``)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.core import SideId
from tests.first_evening import BUDGETS, Case, ConsoleFront, Evening, Figures


def _uw_taken(state: Any) -> int:
    """Underworlds' activations so far: four a player each round (L393)."""
    if state.step not in ("activation", "power", "end", "over"):
        return 0
    return (state.round - 1) * 4 * len(state.order) + state.activation


def _uw_activation(state: Any, side: SideId) -> Hashable | None:
    """A line of the active player in the action phase belongs to their activation (its drive-back too, once the
    action is taken); the power step's turns and other players' answers are prompts."""
    if state.step != "activation" or state.active_side != side:
        return None
    return state.round, state.activation + (0 if state.pending or state.frames else 1)


UNDERWORLDS = Case("underworlds", _uw_taken, _uw_activation,
                   settings={"scenario": "champions-v-reavers", "mode": "casual"})


_PLAYED: dict[str, tuple[Evening, Figures]] = {}


async def _underworlds() -> tuple[Evening, Figures]:
    """The Underworlds evening, played once for the tests below."""
    if "underworlds" not in _PLAYED:
        evening = Evening(ConsoleFront(), UNDERWORLDS)
        _PLAYED["underworlds"] = evening, await evening.play()
        print("\n" + _PLAYED["underworlds"][1].summary("Underworlds"))
    return _PLAYED["underworlds"]


async def test_underworlds_is_played_to_its_end_from_the_menus_alone() -> None:
    evening, figures = await _underworlds()
    assert figures.finished, evening.history[-10:]
    assert figures.first and figures.activations


async def test_underworlds_reaches_its_first_activation_within_budget() -> None:
    _, figures = await _underworlds()
    assert figures.first and max(figures.first.values()) <= BUDGETS["first"], figures.summary("Underworlds")


async def test_underworlds_first_evening_keeps_its_budgets() -> None:
    _, figures = await _underworlds()
    assert not figures.within_budgets(), figures.summary("Underworlds")


def _sf_taken(state: Any) -> int:
    """Shroudfall's activations begun so far (rounded up within a round: a count that only grows)."""
    if state.step != "rounds":
        return 0
    done = sum(state.record(side).activations for side in state.sides)
    return (state.round - 1) * 100 + done + (1 if state.activation is not None and not state.activation.ended else 0)


def _sf_activation(state: Any, side: SideId) -> Hashable | None:
    """A line of the side whose turn it is to activate, or whose unit is activating, belongs to that activation;
    a reaction offered to the other side is a prompt."""
    if state.step != "rounds":
        return None
    activation = state.activation
    if (activation is not None and not activation.ended and activation.side == side) or \
            (activation is None and state.turn == side):
        return state.round, side, state.record(side).activations
    return None


SHROUDFALL = Case("shroudfall", _sf_taken, _sf_activation,
                  settings={"scenario": "introductory", "mode": "silver-v-chosen"})


async def test_shroudfall_first_evening_keeps_its_budgets() -> None:
    evening = Evening(ConsoleFront(), SHROUDFALL)
    figures = await evening.play()
    print("\n" + figures.summary("Shroudfall"))
    assert figures.finished, evening.history[-10:]
    assert not figures.within_budgets(), figures.summary("Shroudfall")
