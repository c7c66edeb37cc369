"""Non-interference: two Eldfall games that differ only in a secret (the scheme side A keeps) say exactly the same
in public, pictures included, until a scheme is revealed (L2497)."""

from __future__ import annotations

from engine.core import BOT_USER, SPECTATOR, Answer, Game, SideId, Viewer
from engine.systems.eldfall.commands import ChooseParty, Ready
from engine.systems.eldfall.events import SchemeRevealed
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.views import EldfallView
from tests.engine.systems.eldfall.tables import as_side, new_game, play_bots, settle


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
    """A whole round of bot play shows it (a whole quest's schemes are checked through the console, on the
    open-hostilities example: tests/console/test_examples.py)."""
    first, second = _game(0), _game(1)
    assert first.state.record(SideId("A")).scheme != second.state.record(SideId("A")).scheme
    assert first.view(SPECTATOR) == second.view(SPECTATOR)
    assert first.system.board(first.state, SPECTATOR) == second.system.board(second.state, SPECTATOR)
    play_bots(first, rounds=1)
    play_bots(second, rounds=1)
    public_first, public_second = _public_until_reveal(first), _public_until_reveal(second)
    assert len(public_first) > 200 and first.state.round == 2
    shared = min(len(public_first), len(public_second))
    assert public_first[:shared] == public_second[:shared]


def test_the_leader_a_list_names_stays_secret_until_the_lists_are_revealed() -> None:
    # L1036, L1096: the party lists, and the Leader they name, are shown once every side has deployed; the 1st
    # Player's models are on view before that, but not which of them leads.
    game = new_game("leader-secret")
    game.apply(ChooseParty(name="Helian Expedition"), as_side("A"))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B"))
    settle(game)  # the schemes and the Initiative Check, by their defaults
    first, second = game.state.order
    game.apply(Ready(), as_side(first))

    def leaders(viewer: str) -> set[str]:
        view = game.view(Viewer.of_side(SideId(viewer)))
        assert isinstance(view, EldfallView)
        return {m.id for m in view.models if m.side == first and m.leader}

    assert leaders(second) == set() and len(leaders(first)) == 1
    game.apply(Ready(), as_side(second))
    assert leaders(second) == leaders(first), "revealed with the lists"
