"""The one check every refusal test makes: ``Game.apply`` raises the expected error and the game does not move.

A refusal that half-applied (an event appended, a state field changed before the error) would still raise, so a
bare ``pytest.raises`` lets it through; these compare the game's seq and state fingerprint before and after.
Below every game: each game's tests use these, none keeps its own copy.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine.core import Actor, Command, Game, RulesError

__all__ = ["refused", "refusing"]


@contextmanager
def refusing(game: Game[Any], match: str | None = None, error: type[Exception] = RulesError,
             ) -> Iterator[pytest.ExceptionInfo[Exception]]:
    """The block raises ``error`` (its message matching ``match``) and leaves ``game`` where it was: for
    refusals that go through a helper rather than ``game.apply`` itself."""
    before = game.seq, game.state.fingerprint(), len(game.log)
    with pytest.raises(error, match=match) as caught:
        yield caught
    assert (game.seq, game.state.fingerprint(), len(game.log)) == before, "a refused command moved the game"


def refused(game: Game[Any], command: Command, actor: Actor, match: str | None = None,
            error: type[Exception] = RulesError) -> Exception:
    """``command`` by ``actor`` is refused with ``error`` (its message matching ``match``) and the game does not
    move; returns the error for any further check of it."""
    with refusing(game, match, error) as caught:
        game.apply(command, actor)
    return caught.value
