"""Legs past several layouts tested in one batch (``legs_clear_each``: a menu's movers of each size walk past their
own obstacles) give each leg the answer its own layout's test gives (``Obstacles.legs_clear``)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import Base, Battlefield, Pose
from engine.geometry.clearance import Obstacles
from engine.geometry.leg_batches import legs_clear_each
from tests.budget import examples
from tests.engine.geometry.test_moves import blocks, coord, others, random_field

legs = st.lists(st.tuples(coord, coord, coord, coord), max_size=12)


@settings(max_examples=examples(20), deadline=None)
@given(blocks, others, st.tuples(coord, coord), st.sampled_from([25.0, 32.0, 50.0]), legs, legs)
def test_each_leg_is_answered_as_its_own_layout_answers_it(
        pieces: list, models: list, start: tuple[float, float], mm: float,  # type: ignore[type-arg]
        mine: list, theirs: list) -> None:  # type: ignore[type-arg]
    field = random_field(pieces, models, start)
    other = Battlefield(field.table, field.terrain[:1], (Base("W", Pose(*start), mm), *field.bases[1:]))
    layouts = [Obstacles(field, field.bases[0]), Obstacles(other, other.bases[0])]
    asked = [(obs, [(a, b) for a, b, _, _ in found], [(c, d) for _, _, c, d in found])
             for obs, found in zip(layouts, (mine, theirs), strict=True)]
    each = legs_clear_each(asked)
    for (obs, froms, tos), answers in zip(asked, each, strict=True):
        alone = obs.legs_clear(np.array(froms, dtype=float).reshape(-1, 2), np.array(tos, dtype=float).reshape(-1, 2))
        assert answers == alone.tolist()
