"""The picture's key says in words what a raised model's base badge means: its height, lettered H (``H height
3"``), never its first digit repeated (``3 3" up`` read as a riddle)."""

from __future__ import annotations

from engine.core import SPECTATOR, Game, ModelId
from engine.systems.eldfall.state import EldfallState
from renderers.key import key_entries
from tests.engine.systems.eldfall.commands import Activate
from tests.engine.systems.eldfall.tables import ALICE, as_side, clear_table, place, practice, settle, turn_of, unit_id


def _climb(game: Game[EldfallState], champion: ModelId) -> None:
    game.apply(Activate(model=champion, how="climb", to="6.5,13.5"), as_side("A", ALICE))
    settle(game)


def test_a_model_up_on_a_ruin_is_keyed_by_its_height_in_words() -> None:
    game = practice(("Soga Vanguard", "Thenion Shadows"), "climb")
    turn_of(game, "A")
    champion = ModelId(unit_id(game, "Clan Champion"))
    clear_table(game, (champion,))
    place(game, champion, 6.5, 10.9)  # T2 is a 3" ruin at x 4-9, y 12-15
    _climb(game, champion)
    board = game.board(SPECTATOR, ())
    assert board is not None
    hanging = next(m for m in board.models if m.id == champion)
    assert hanging.tokens == ('height 1.9", hanging on a side',)  # L1343: it hangs on the ruin's side
    _climb(game, champion)
    board = game.board(SPECTATOR, ())
    assert board is not None
    texts = [entry.text for entry in key_entries(board, (0.0, 0.0, 36.0, 36.0))]
    assert 'tokens: H height 3"' in texts, texts
