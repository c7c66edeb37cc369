"""Non-interference: two Eldfall games that differ only in a secret (the scheme side A keeps) say exactly the same
in public, pictures included, until a scheme is revealed (L2497)."""

from __future__ import annotations

from engine.core import BOT_USER, SPECTATOR, Answer, Game, SideId
from engine.systems.eldfall.commands import ChooseParty
from engine.systems.eldfall.events import SchemeRevealed
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.tables import as_side, new_game, play_bots


def _game(keep: int) -> Game[EldfallState]:
    game = new_game("secret-scheme", seats={"A": BOT_USER, "B": BOT_USER})
    game.apply(ChooseParty(name="Helian Expedition"), as_side("A", BOT_USER))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B", BOT_USER))
    (decision,) = [d for d in game.state.pending.values() if d.kind == "scheme"]
    assert decision.owner == "A" and len(decision.parts[0].options) == 2
    game.apply(Answer(decision_id=decision.id, choice=decision.parts[0].options[keep].key), as_side("A", BOT_USER))
    return game


def _public_until_reveal(game: Game[EldfallState]) -> list[str]:
    lines: list[str] = []
    for event in game.log:
        if isinstance(event.body, SchemeRevealed):
            break
        if event.audience.is_public:
            lines.append(event.body.describe())
    return lines


def test_two_games_differing_only_in_a_kept_scheme_agree_in_public_until_it_is_revealed() -> None:
    first, second = _game(0), _game(1)
    assert first.state.record(SideId("A")).scheme != second.state.record(SideId("A")).scheme
    assert first.view(SPECTATOR) == second.view(SPECTATOR)
    assert first.system.board(first.state, SPECTATOR) == second.system.board(second.state, SPECTATOR)
    play_bots(first)
    play_bots(second)
    public_first, public_second = _public_until_reveal(first), _public_until_reveal(second)
    assert len(public_first) > 200
    shared = min(len(public_first), len(public_second))
    assert public_first[:shared] == public_second[:shared]
