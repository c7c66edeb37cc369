"""Card moves read in words (the Discord newcomer pass): "Conquest: from draw to hand (the opening hand)." and
"Opportunistic Manipulation: from hand to kept (kept)." named the piles as the data does, and said a reason that
only repeated the move. The events are as they were: only their lines changed."""

from __future__ import annotations

from engine.core import Actor, UserId, Viewer
from engine.core.decks import CardsAdded, CardsMoved
from tests.engine.core.test_decks import A, game, play


def _line(source: str, target: str, why: str = "") -> str:
    return CardsMoved(deck_id="deck-A", cards=["a1", "a2"], source=source, target=target, why=why,
                      names={"a1": "Conquest", "a2": "Sidestep"}).describe()


def test_each_move_between_common_piles_is_said_as_a_player_says_it() -> None:
    assert _line("draw", "hand", "the opening hand") == "Conquest, Sidestep: drawn into the hand (the opening hand)."
    assert _line("hand", "discard", "swapped") == "Conquest, Sidestep: discarded (swapped)."
    assert _line("hand", "discard", "discarded in the end phase") == "Conquest, Sidestep: discarded in the end phase."
    assert _line("hand", "kept", "kept") == "Conquest, Sidestep: kept.", "a reason that repeats the move: said once"
    assert _line("draw", "hand", "the scheme draw (L2363)") == \
        "Conquest, Sidestep: drawn into the hand, the scheme draw (L2363).", "no parentheses within parentheses"
    assert _line("hand", "draw", "a do-over") == "Conquest, Sidestep: put back into the draw pile (a do-over)."
    assert _line("draw", "discard") == "Conquest, Sidestep: discarded from the draw pile."
    assert _line("hand", "vault") == "Conquest, Sidestep: moved from the hand pile to the vault pile."
    added = CardsAdded(deck_id="deck-A", cards=["x"], target="hand", why="a card of their own")
    assert added.describe() == "x: added to the hand (a card of their own)."


def test_a_game_reads_its_draws_and_plays_in_words() -> None:
    g = game([f"a{n}" for n in range(8)])
    held = g.state.decks["deck-A"].piles["hand"]
    g.apply(play(held[0]), Actor(user=UserId("alice"), side=A))
    mine = [line.text for line in g.log_view(Viewer.of_side(A)).lines]
    assert f"{', '.join(held)}: drawn into the hand (opening hand)." in mine
    assert f"{held[0]}: discarded (played)." in mine
    assert not [line for line in mine if " from hand to " in line or " from draw to " in line]
