"""Count the Underworlds battlefields where objective tokens could be placed into a dead end (no hex for one, even
on an edge; ruling objective-placement-dead-end), and time the search a table under refuse-layout runs once per
set-up.

Checks every two-board layout of every pair of shipped board sides (5 tokens), then the first 30 choices of board
sides in each fixed multiplayer format (7 tokens for three players, 9 for four).
Budget (docs/budgets.md): <= 1 s for a four-board battlefield. Run: .venv/bin/python bench/underworlds_dead_ends.py
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.data_loader import load_system_data
from engine.systems.underworlds.boards import battlefield, dead_end_possible, legal_layouts
from engine.systems.underworlds.system import Underworlds
from engine.systems.underworlds.token_setup import token_count

SAMPLE = 30


def main() -> None:
    lib = Underworlds(load_system_data("underworlds")).lib
    data = lib.data
    boards = data.boards
    start, checked, dead = time.perf_counter(), 0, 0
    for first, second in itertools.permutations(boards, 2):
        if first.board == second.board:
            continue
        for layout in legal_layouts(first, second):
            checked += 1
            dead += dead_end_possible(battlefield(first, second, layout, ("A", "B")).board, token_count(2))
    took = time.perf_counter() - start
    print(f"two boards: {checked} layouts, {dead} could leave a token nowhere; {1000 * took / checked:.1f} ms each")
    for layout, players in itertools.product(("stacked", "fanned"), (3, 4)):
        start, checked, dead = time.perf_counter(), 0, 0
        for sides in itertools.permutations([b.id for b in boards], players):
            if len({data.board(s).board for s in sides}) < players:
                continue
            checked += 1
            dead += dead_end_possible(lib.joined(sides, "ABCD"[:players], layout), token_count(players))
            if checked == SAMPLE:
                break
        took = time.perf_counter() - start
        print(f"{layout}, {players} boards: {checked} choices, {dead} could leave a token nowhere; "
              f"{1000 * took / checked:.0f} ms each")


if __name__ == "__main__":
    main()
