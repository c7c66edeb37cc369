"""Three and four players (Underworlds core rulebook, L755-L835; E22, E23), matched play as a best-of-three match
of linked games (L719-L751; T79, T80) and Capture the Artefact (L737-L749; T81)."""

from __future__ import annotations

import pytest

from engine.core import BOT_USER, Actor, Concede, IllegalCommand, InvalidCommand
from engine.systems.underworlds.events import Damaged, MatchGameEnded, MatchGameStarted, TiebreakDecided
from engine.systems.underworlds.objectives import condition_met
from engine.systems.underworlds.referee import Referee
from tests.engine.systems.underworlds.table import (
    PLAYERS,
    UW,
    A,
    B,
    C,
    D,
    act,
    act_turn,
    actor,
    arrange,
    decide,
    extend,
    hand,
    new_game,
    pass_power,
    pass_until,
    placement,
    ready,
    rig,
    system,
    turn_of,
)
from tests.engine.systems.underworlds.typed import Attack, DrawPower, Pass, PlayCard
from tests.refusals import refused, refusing


def bot_game(game: UW, limit: int = 4000, *, rounds: int | None = None) -> UW:
    """Let the bot play every side to the end (or to the end of round ``rounds``)."""
    for _ in range(limit):
        if game.is_over() or (rounds is not None and game.state.round > rounds):
            return game
        side = game.to_act().sides[0]
        move = game.system.bot_move(game.state, side, lambda c, s=side: game.allows(c, Actor(user=BOT_USER, side=s)))
        assert move is not None, (game.state.step, game.to_act())
        game.apply_bot(side, move)
    raise AssertionError("the game did not end")


# -- three and four players ------------------------------------------------------------------------------------


def test_three_players_set_up_seven_tokens_clockwise_from_the_first_board_placer() -> None:
    """L755, L765: boards placed by the fewest successes first (a fixed format, ruling multiplayer-layouts);
    objective tokens 1-7, the first board placer first, then clockwise."""
    game = new_game("three", sides=3)
    order = game.state.order
    for _ in range(3):
        owner = game.pending[0].owner
        decide(game, board="mirror-well")
        assert owner in order
    assert game.state.field.owners == order and game.state.field.layout == "stacked"
    assert len(game.system.lib.board(game.state)) == 128
    first = order[0]
    clockwise = (A, B, C)[(A, B, C).index(first):] + (A, B, C)[:(A, B, C).index(first)]
    placed = []
    for _ in range(7):
        side = game.state.active_side
        placed.append(side)
        command = placement(game, side)  # type: ignore[arg-type]
        assert command.name == "token"  # type: ignore[attr-defined]
        act(game, side, command)  # type: ignore[arg-type]
    assert placed == [clockwise[i % 3] for i in range(7)]
    assert sorted(t.number for t in game.state.tokens) == [1, 2, 3, 4, 5, 6, 7]


def test_three_or_four_boards_may_be_placed_freely_next_to_boards_already_placed() -> None:
    """L755-L757 (ruling multiplayer-layouts: free): each later board goes next to a board already placed, long
    edge to long edge completing at least three hexes or short edge to short edge completing at least two, and may
    not lie over another; a placement that breaks either is refused, naming why, and changes nothing."""
    game = new_game("free", sides=3, rulings={"multiplayer-layouts": "free"})
    first, second, third = game.state.order
    decide(game, board="mirror-well")
    assert game.state.field.placed == [(0, 0, False)] and game.pending[0].owner == second
    offered = {p.key: p.default for p in game.pending[0].parts}
    assert offered == {"board": "mirror-well", "next": "0", "edge": "below", "slide": "+0", "turned": "no"}
    seq = game.seq
    right = {"board": "katophranes-reliquary", "next": "0", "edge": "right"}
    offered = {p.key: p for p in game.live(game.pending[0], right).parts}
    assert "+1" not in offered["slide"].option_keys(), "a short join completing one hex is not offered (L147)"
    with refusing(game, r"'\+1' is not an option for slide", error=InvalidCommand):
        decide(game, board="katophranes-reliquary", next="0", edge="right", slide="+1", turned="no")
    assert game.seq == seq
    decide(game, board="katophranes-reliquary", next="0", edge="right", slide="+0", turned="yes")
    assert game.pending[0].owner == third
    edges = {p.key: p for p in game.live(game.pending[0], {"board": "mirror-well", "next": "0"}).parts}["edge"]
    assert "right" not in edges.option_keys(), "the right of board 0 is taken: a board there would lie over it"
    with refusing(game, "'right' is not an option for edge", error=InvalidCommand):
        decide(game, board="mirror-well", next="0", edge="right", slide="+0", turned="no")
    decide(game, board="mirror-well", next="1", edge="below", slide="+2", turned="no")
    field = game.state.field
    assert field.owners == [first, second, third] and field.layout.startswith("free ")
    board = game.system.lib.board(game.state)
    assert len(board) == 3 * 38 + 2 + 5, "two hexes completed along the short join, five along the long one"
    assert all(sum(1 for h in board.hexes if board.region_of(h) == side) == 38 for side in (A, B, C))
    assert game.state.step == "tokens"


@pytest.mark.parametrize("sides", [3, 4])
def test_boards_placed_freely_by_their_defaults_are_played_on_through_a_whole_round(sides: int) -> None:
    """A round shows the free board plays (whole games of three and four are played on the fixed formats)."""
    game = bot_game(new_game(f"free-{sides}", sides=sides, bots=True, rulings={"multiplayer-layouts": "free"}),
                    rounds=1)
    assert game.state.round == 2 and game.state.field.layout.startswith("free")
    assert len(game.system.lib.board(game.state)) > sides * 38


def test_round_two_goes_anticlockwise_with_three_players() -> None:
    """L805-L807, L825."""
    game = ready("round-two", sides=3)
    first_round = list(game.state.order)
    assert first_round[1:] == [s for s in _clockwise(first_round[0]) if s != first_round[0]]
    for _ in range(12):
        act_turn(game, Pass())
        pass_power(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    decide(game, side=game.pending[0].owner)
    second = game.state.order
    assert game.state.round == 2 and second[1:] == list(reversed([s for s in _clockwise(second[0])
                                                                 if s != second[0]]))


def _clockwise(first: str) -> list[str]:
    sides = ["A", "B", "C"]
    start = sides.index(first)
    return sides[start:] + sides[:start]


def test_four_players_field_each_warband_twice_with_their_own_ids() -> None:
    """L35, L765: the same warband twice (two core sets); nine objective tokens; 170 hexes."""
    game = ready("four", sides=4)
    state = game.state
    assert [state.players[s].warband for s in (A, B, C, D)] == ["steelhearts-champions", "garreks-reavers"] * 2
    assert {f.id for f in state.fighters.values() if f.profile == "garrek-gorebeard"} == {"B1", "D1"}
    assert len(state.tokens) == 9 and len(game.system.lib.board(state)) == 170


def test_only_the_warband_that_took_a_fighter_out_gains_glory_with_three_players() -> None:
    """L809."""
    game = arrange(ready("glory", sides=3), A1="D7", B1="D6")
    game = extend(game, Damaged(fighter="B1", amount=3, wounds=3))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    glory = {side: game.state.players[side].glory for side in (A, B, C)}
    assert glory == {A: 1, B: 0, C: 0}


def test_annihilation_uses_its_multiplayer_condition_with_three_players() -> None:
    """E22, L779: two or more warbands wholly out of action, rather than every enemy fighter."""
    game = ready("annihilation", sides=3)
    card = game.system.lib.card(game.state, "annihilation")
    ref = Referee.reading(game.system.lib, game.state)
    assert not condition_met(ref, A, card).met
    gone = arrange(game, **{f: None for f in game.state.fighters if f.startswith("B")})
    assert not condition_met(Referee.reading(gone.system.lib, gone.state), A, card).met
    both = arrange(gone, **{f: None for f in gone.state.fighters if f.startswith("C")})
    assert condition_met(Referee.reading(both.system.lib, both.state), A, card).met


@pytest.mark.parametrize("sides", [3, 4])
def test_whole_multiplayer_games_reach_an_outcome(sides: int) -> None:
    game = bot_game(new_game(f"whole-{sides}", sides=sides, bots=True))
    outcome = game.outcome()
    assert outcome is not None and game.state.round == 3
    assert set(outcome.winners) <= set(game.state.sides) and outcome.winners


def test_a_conceding_player_leaves_and_the_others_play_on() -> None:
    game = ready("concede", sides=3)
    game.apply(Concede(), Actor(user=PLAYERS[C], side=C))
    assert game.state.conceded == (C,) and not any(f.hex for f in game.state.fighters.values() if f.side == C)
    assert not game.is_over()
    for _ in range(20):
        pass_power(game)
        if game.state.step != "activation":
            break
        act_turn(game, Pass())
    assert game.state.step == "end" and game.state.players[C].activations == 4


# -- matched play ---------------------------------------------------------------------------------------


def test_a_match_is_best_of_three_with_the_same_warbands_and_decks() -> None:
    """T79, T80, L727-L735: warbands chosen in secret once; each game starts over; two wins end the match."""
    game = bot_game(new_game("match", bots=True, mode="matched"))
    games = [e.body for e in game.log if isinstance(e.body, MatchGameEnded)]
    restarts = [e.body for e in game.log if isinstance(e.body, MatchGameStarted)]
    assert 2 <= len(games) <= 3 and len(restarts) == len(games) - 1
    outcome = game.outcome()
    assert outcome is not None
    wins = {side: sum(1 for g in games if g.winner == side) for side in (A, B)}
    assert outcome.scores == wins
    if max(wins.values()) == 2:
        assert outcome.winner == max(wins, key=lambda s: wins[s])
    assert len([e for e in game.log if e.kind == "uw.warbands"]) == 1


TIEBREAKER = {"matched-play-tiebreaker": "glory-then-wipe-out", "objective-evaluation": "claim-and-confirm"}
"""The agreed tiebreaker; objectives only by claim, so a game of passes scores nothing and ends drawn."""


def _third_game(glory: tuple[int, int] = (3, 3), **rulings: str) -> UW:
    """Matched play at the start of its third game, one win each so far (games 1 and 2 written into the log with
    ``glory`` each over them)."""
    game = ready("sudden", mode="matched", rulings={**TIEBREAKER, **rulings})
    return extend(game, MatchGameEnded(winner="A", glory={A: glory[0], B: glory[1]}, shown="game 1"),
                  MatchGameEnded(winner="B", glory={A: glory[0], B: glory[1]}, shown="game 2"))


def test_a_drawn_match_stays_drawn_without_the_tiebreaker() -> None:
    """L735: equal wins after three games are a match draw."""
    game = _third_game(**{"matched-play-tiebreaker": "none"})
    pass_until(game, lambda g: False)
    outcome = game.outcome()
    assert outcome is not None and outcome.draw and game.state.match == ["A", "B", "-"]


def test_the_tiebreaker_gives_a_drawn_match_to_the_most_glory_over_the_match() -> None:
    """L745: the player with the most glory across the three games wins."""
    game = _third_game(glory=(2, 4))
    pass_until(game, lambda g: False)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == B and outcome.scores == {A: 1, B: 1}
    (decided,) = [e.body for e in game.log if isinstance(e.body, TiebreakDecided)]
    assert decided.winner == B and "the most glory" in decided.how and not game.state.sudden_death


def test_sudden_death_rounds_are_played_until_a_warband_is_wiped_out() -> None:
    """L749-L751: glory tied and both warbands standing: a fourth round of the third game, with no cards drawn,
    no power cards played and no objectives scored, and more rounds until one player wipes out the other's
    warband; that player wins the match at once."""
    game = _third_game()
    pass_until(game, lambda g: g.state.round == 4 and g.state.step == "activation" and g.state.active_side == A)
    assert game.state.sudden_death and not game.is_over() and game.state.match == ["A", "B", "-"]
    assert any("sudden death" in e.body.describe() for e in game.log if e.kind == "uw.sudden")
    refused(game, DrawPower(), actor(A), r"in sudden death nobody draws cards.*L751", error=IllegalCommand)
    refused(game, PlayCard(card=hand(game, A)[0]), actor(A), "L751", error=IllegalCommand)
    assert not [a for a in game.system.legal_actions(game.state, A) if a.name in ("draw", "swap")]
    act(game, A, Pass())
    assert game.state.step == "activation" and game.state.active_side == B, "no power step: no power cards"
    act(game, B, Pass())
    lib = game.system.lib
    game = arrange(game, A1="D6", B1="D5", **{f: None for f in game.state.fighters if f.startswith("B")
                                             and f != "B1"})
    wounds = lib.side_of_card(game.state.fighters["B1"]).wounds
    game = extend(game, Damaged(fighter="B1", amount=wounds - 1, wounds=wounds - 1))
    _, profile = lib.attacks(game.state, game.state.fighters["A1"])[0]
    rig(game, *["crit"] * profile.dice, *["support"] * lib.side_of_card(game.state.fighters["B1"]).defence)
    act(game, A, Attack(fighter="A1", targets=("B1",), attack=profile.name))
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == A and game.state.round == 4
    (decided,) = [e.body for e in game.log if isinstance(e.body, TiebreakDecided)]
    assert "wiped out the other warband first in sudden death" in decided.how


def test_a_tied_match_with_no_fighter_left_is_rolled_off() -> None:
    """L751: no fighters on the battlefield and the glory tied: the players roll off for the match."""
    game = _third_game()
    pass_until(game, lambda g: g.state.round == 3 and g.state.step == "activation")
    game = arrange(game, **dict.fromkeys(game.state.fighters))
    pass_until(game, lambda g: False)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner in (A, B) and not game.state.sudden_death
    (decided,) = [e.body for e in game.log if isinstance(e.body, TiebreakDecided)]
    assert "the roll-off" in decided.how and decided.winner == outcome.winner


def test_matched_play_is_for_two_players() -> None:
    with pytest.raises(InvalidCommand, match="matched play is for two players"):
        new_game("m3", sides=3, mode="matched")


# -- Capture the Artefact --------------------------------------------------------------------------------


def test_capture_the_artefact_is_placed_first_and_scores_three_glory_and_inspires() -> None:
    """T81, L741-L749: the last board placer puts the Artefact in no one's territory; other tokens may not go on
    it; in each end phase its holder is Inspired and its warband gains 3 glory."""
    game = ready("artefact", mode="artefact")
    artefact = next(t for t in game.state.tokens if t.artefact)
    board = game.system.lib.board(game.state)
    assert board.region_of(board.hex_of(artefact.hex)) is None
    assert len(game.state.tokens) == 6 and len({t.hex for t in game.state.tokens}) == 6
    game = arrange(game, A1=artefact.hex)
    for _ in range(8):
        act_turn(game, Pass())
        pass_power(game)
    assert game.state.fighters["A1"].inspired
    assert game.state.players[A].sources.get("artefact") == 3
    assert system().outcome(game.state) is None
