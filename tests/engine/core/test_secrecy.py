"""Non-interference: two games that differ only in secret state look the same to everyone else
until a secret is revealed."""

from __future__ import annotations

from hypothesis import assume, given, settings

from engine.core import SPECTATOR, Answer, Game, Viewer
from tests.budget import examples
from tests.engine.core.conftest import B, alice
from tests.engine.core.strategies import DuelScript, hands, orders, scripts
from tests.engine.core.toy_duel import DuelState


def _outputs_until_reveal(game: Game[DuelState], viewer: Viewer) -> list[str]:
    lines = []
    for event in game.events_for(viewer):
        if event.body.reveals_secret:
            break
        lines.append(f"{event.seq} {event.kind} {event.body.describe()}")
    return lines


@settings(max_examples=examples(40), deadline=None)
@given(script=scripts, other_hand=hands, other_order=orders)
def test_public_outputs_ignore_a_sides_secrets_until_the_reveal(
    script: DuelScript, other_hand: tuple[int, ...], other_order: list[int]
) -> None:
    twin = DuelScript(script.seed, other_hand, script.hand_b, other_order, script.order_b, script.rerolls)
    assume(twin.hand_a != script.hand_a or twin.order_a != script.order_a)
    first, second = script.play(rounds=0), twin.play(rounds=0)
    for viewer in (SPECTATOR, Viewer.of_side(B)):
        assert first.view(viewer) == second.view(viewer)
        assert _outputs_until_reveal(first, viewer) == _outputs_until_reveal(second, viewer)
    _play_first_cards(first, script)
    _play_first_cards(second, twin)
    for viewer in (SPECTATOR, Viewer.of_side(B)):
        assert first.view(viewer) == second.view(viewer)
        assert _outputs_until_reveal(first, viewer) == _outputs_until_reveal(second, viewer)


def _play_first_cards(game: Game[DuelState], script: DuelScript) -> None:
    """Side A plays in secret; side B's decision is then pending, before any reveal."""
    game.apply(Answer(decision_id=game.pending[0].id,
                      answers={"card": str(script.hand_a[script.order_a[0]])}), alice())


@settings(max_examples=examples(20), deadline=None)
@given(script=scripts)
def test_a_secret_never_appears_in_a_public_line(script: DuelScript) -> None:
    game = script.play(rounds=0)
    public = " ".join(line.text for line in game.log_view(SPECTATOR).lines)
    hand = ", ".join(map(str, sorted(script.hand_a)))
    assert f"keeps the hand {hand}" not in public
    assert "omen is" not in public
