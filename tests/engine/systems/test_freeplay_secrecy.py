"""Non-interference with pictures: two freeplay tables that differ only in a secret hand look the same
to everyone else, boards included, until a card is played."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.pictures import board_picture, render_picture
from engine.core import SPECTATOR, Game, Viewer
from engine.systems.freeplay.state import FreeplayState
from tests.budget import examples
from tests.engine.systems.test_freeplay import B, alice, bob, new_table
from tests.freeplay_commands import add_card
from tests.table_commands import add_model, move_model

cards = st.lists(st.sampled_from(["Ambush", "Rally", "Second Wind", "Feint", "Smoke"]), min_size=1, max_size=3)


def _play(hand: list[str]) -> Game[FreeplayState]:
    game = new_table()
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), alice())
    for card in hand:
        game.apply(add_card(card=card), alice())
    game.apply(add_model(unit="Hound", at=(18.0, 33.0)), bob())
    game.apply(move_model(model="B1", to="toward A1 max", max_distance=6.0), bob())  # type: ignore[arg-type]
    return game


@settings(max_examples=examples(6), deadline=None)
@given(first=cards, second=cards)
def test_public_outputs_and_pictures_ignore_the_hand(first: list[str], second: list[str]) -> None:
    if len(first) != len(second):
        second = (second * 3)[: len(first)]
    one, two = _play(first), _play(second)
    for viewer in (SPECTATOR, Viewer.of_side(B)):
        assert one.view(viewer) == two.view(viewer)
        assert [line.text for line in one.log_view(viewer).lines] == [line.text for line in two.log_view(viewer).lines]
    assert render_picture(board_picture(one)[0]) == render_picture(board_picture(two)[0])
