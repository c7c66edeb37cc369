"""A menu reads the battle once: building ``/act``'s menu does not rebuild the library's view of the battle for every
fighter, attack and hex it considers (issue 23 failure 11: 47-95 ms a menu, ``library.battle`` rebuilt 3,405 times for
five menus). Counted, never timed: the time is ``bench/menus.py``'s to print."""

from __future__ import annotations

import pytest

from engine.core import Viewer
from engine.systems.underworlds.library import Library
from tests.engine.systems.underworlds import table as uw


def test_one_menu_builds_the_battle_at_most_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    game = uw.ready()
    side = game.state.active_side
    assert side is not None
    built = [0]
    battle = Library.battle

    def counted(self: Library, state: object) -> object:
        built[0] += 1
        return battle(self, state)  # type: ignore[arg-type]

    monkeypatch.setattr(Library, "battle", counted)
    for found in game.system.legal_actions(game.state, side):
        action = game.system.action(found.verb, found.name)
        assert action is not None
        for option in action.menu:
            source = action.sources.get(option)
            if source is not None and option not in found.options:
                source(game.state, Viewer.of_side(side), dict(found.options))
                break
    assert built[0] <= 2, f"library.battle was built {built[0]} times for one /act menu and its first questions"
