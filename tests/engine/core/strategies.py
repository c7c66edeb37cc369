"""Hypothesis strategies that play whole Secret Duel games."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from engine.core import Game
from tests.engine.core.conftest import choose_hands, new_duel, play_round
from tests.engine.core.toy_duel import DuelState

hands = st.lists(st.integers(1, 9), min_size=3, max_size=3, unique=True).map(tuple)
orders = st.permutations([0, 1, 2])


@dataclass(frozen=True)
class DuelScript:
    """Everything the players choose in one game."""

    seed: str
    hand_a: tuple[int, ...]
    hand_b: tuple[int, ...]
    order_a: list[int]
    order_b: list[int]
    rerolls: tuple[str, ...]

    def play(self, rounds: int = 3) -> Game[DuelState]:
        game = new_duel(self.seed)
        choose_hands(game, self.hand_a, self.hand_b)
        for index in range(rounds):
            play_round(game, self.hand_a[self.order_a[index]], self.hand_b[self.order_b[index]],
                       reroll=self.rerolls[index])
        return game


scripts = st.builds(
    DuelScript,
    seed=st.binary(min_size=8, max_size=8).map(bytes.hex),
    hand_a=hands,
    hand_b=hands,
    order_a=orders,
    order_b=orders,
    rerolls=st.tuples(*[st.sampled_from(["no", "yes"])] * 3),
)
