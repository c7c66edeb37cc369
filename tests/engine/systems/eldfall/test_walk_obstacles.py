"""The terrain a Walk meets (L645): pieces taller than the hitbox walled off, but those with a ladder a move heads up
(L642-644); each piece is walled once and shared by every later state's menu."""

from __future__ import annotations

from engine.geometry import IMPASSABLE, Terrain
from engine.systems.eldfall.heights import LADDER, ladders_headed, walk_obstacles


def _square(ident: str, x: float, height: float, *keywords: str) -> Terrain:
    return Terrain.from_points(ident, "ruin", [(x, 0), (x + 4, 0), (x + 4, 4), (x, 4)], height, keywords)


TOWER = _square("T1", 0, 6, LADDER)
WALL = _square("T2", 10, 3)
STEP = _square("T3", 20, 0.5)
HUT = _square("T4", 30, 3, LADDER)


def test_a_move_heads_up_the_ladder_pieces_its_goals_stand_on() -> None:
    terrain = (TOWER, WALL, STEP, HUT)
    assert ladders_headed(terrain, [(2, 2)]) == {"T1"}
    assert ladders_headed(terrain, [(12, 2), (32, 2), (2, 2)]) == {"T1", "T4"}
    assert ladders_headed(terrain, [(12, 2)]) == frozenset()
    assert ladders_headed(terrain, []) == frozenset()
    assert ladders_headed((WALL, STEP), [(12, 2)]) == frozenset()


def test_tall_pieces_are_walled_but_the_ladder_headed_up_and_each_piece_is_walled_once() -> None:
    walked = walk_obstacles((TOWER, WALL, STEP, HUT), 0.0, 1.0, frozenset({"T4"}))
    assert [p.has(IMPASSABLE) for p in walked] == [True, True, False, False]
    assert walked[2] is STEP and walked[3] is HUT
    assert walked[1].polygon is WALL.polygon and walked[1].keywords == WALL.keywords | {IMPASSABLE}
    again = walk_obstacles((TOWER, WALL, STEP, HUT), 0.0, 1.0)
    assert again[1] is walked[1] and again[3].has(IMPASSABLE)
    assert walk_obstacles((WALL,), 3.0, 1.0) == (WALL,)  # standing on top: nothing rises
