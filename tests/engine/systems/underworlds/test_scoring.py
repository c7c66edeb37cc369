"""Glory for taking fighters out of action, victory and matched play (Underworlds core rulebook, L559, L713,
L735, L809, L833; cases T21, T69-T72, T79, T80)."""

from __future__ import annotations

from typing import Any

from engine.systems.underworlds import scoring
from engine.systems.underworlds.rules import Rules
from engine.systems.underworlds.scoring import game_result, match_result
from tests.engine.systems.underworlds.table import default_rules, rules


def take_out_glory(victim: str, by: str | None, sides: tuple[str, ...], rules: Rules | None = None) -> Any:
    """Who gains glory, at the table's default rulings unless a test gives others."""
    return scoring.take_out_glory(victim, by, sides, rules or default_rules())


def test_t21_two_players_the_other_player_gains_even_for_your_own_effect() -> None:
    assert take_out_glory("A", "B", ("A", "B")) == (("B", 1),)
    assert take_out_glory("A", "A", ("A", "B")) == (("B", 1),)  # Blood Offering on your own fighter
    assert take_out_glory("A", "A", ("A", "B"), rules(self_take_out_glory="nobody-gains")) == ()


def test_multiplayer_only_the_warband_that_took_it_out_gains() -> None:
    assert take_out_glory("A", "C", ("A", "B", "C")) == (("C", 1),)
    assert take_out_glory("A", "A", ("A", "B", "C")) == ()
    assert take_out_glory("A", None, ("A", "B", "C")) == ()


def test_t69_most_glory_wins_spent_included() -> None:
    assert game_result({"A": 10, "B": 8}, {"A": 1, "B": 1}, {}).winners == ("A",)


def test_t70_tied_glory_and_a_wiped_out_warband() -> None:
    result = game_result({"A": 7, "B": 7}, {"A": 2, "B": 0}, {"A": 0, "B": 0})
    assert (result.winners, result.draw) == (("A",), False)


def test_t71_t72_then_objective_tokens_then_a_draw() -> None:
    assert game_result({"A": 7, "B": 7}, {"A": 2, "B": 1}, {"A": 2, "B": 1}).winners == ("A",)
    draw = game_result({"A": 7, "B": 7}, {"A": 2, "B": 1}, {"A": 1, "B": 1})
    assert (draw.winners, draw.draw) == (("A", "B"), True)
    both_gone = game_result({"A": 7, "B": 7}, {"A": 0, "B": 0}, {})
    assert both_gone.draw


def test_multiplayer_tie_is_a_draw_between_the_tied_and_the_others_lose() -> None:
    result = game_result({"A": 9, "B": 9, "C": 4}, {"A": 1, "B": 1, "C": 3}, {"A": 1, "B": 1, "C": 2})
    assert (result.winners, result.draw) == (("A", "B"), True)
    assert result.working[-1] == "A draw between A, B, the others lose"


def test_t79_t80_best_of_three() -> None:
    assert match_result(("A", "B"), ["A", "A"]).winner == "A"
    assert not match_result(("A", "B"), ["A", "B"]).finished
    drawn = match_result(("A", "B"), ["A", "B", None])
    assert (drawn.finished, drawn.winner) == (True, None)
    assert match_result(("A", "B"), [None, None, "B"]).winner == "B"
