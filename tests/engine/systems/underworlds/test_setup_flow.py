"""Setting up a game in the book's order (Underworlds core rulebook, L121-L147, L267-L317, L385-L391; cases T62,
T73-T77, E20): the board roll-off, the loser's board, the winner's board and join, objective tokens face down in
turn and revealed, the opening hands and the secret do-over, fighters in turn, then round 1's roll-off."""

from __future__ import annotations

from engine.core import SPECTATOR, Answer, Command, IllegalCommand, InvalidCommand, Viewer
from engine.systems.underworlds import token_setup
from engine.systems.underworlds.game_state import objective_deck
from engine.systems.underworlds.referee import Referee
from tests.engine.systems.underworlds.table import UW, A, B, act, actor, decide, hand, new_game, placement, ready
from tests.engine.systems.underworlds.typed import PlaceFighter, PlaceToken
from tests.refusals import refused, refusing


def _boards(game: UW) -> tuple[str, str]:
    """Answer the board choices: the loser takes Mirror Well, the winner Shyishian Stardial, long edges flush."""
    loser = game.pending[0].owner
    decide(game, board="mirror-well")
    decide(game, board="shyishian-stardial", join="long", slide="+0", turned="none")
    winner = B if loser == A else A
    return loser, winner


def test_the_board_roll_off_loser_picks_first_and_the_winner_joins_the_boards() -> None:
    """L143-L147: the loser of the roll-off picks a board, the winner the other and places both."""
    game = new_game()
    assert game.state.step == "boards" and game.pending[0].kind == "board"
    loser, winner = _boards(game)
    state = game.state
    assert state.field.boards == ["mirror-well", "shyishian-stardial"]
    assert state.field.owners == [loser, winner] and state.chooser == loser
    assert state.field.layout == "long+0"
    assert state.tokens == [] and state.step == "tokens" and state.active_side == loser


def test_a_join_that_completes_too_few_hexes_is_refused_and_changes_nothing() -> None:
    """L147: long edges need at least three completed hexes."""
    game = new_game()
    decide(game, board="mirror-well")
    before = game.seq
    short = {p.key: p for p in game.live(game.pending[0], {"board": "shyishian-stardial", "join": "short"}).parts}
    assert "+2" not in short["slide"].option_keys(), "a slide that completes too few hexes is not offered"
    with refusing(game, r"'\+2' is not an option for slide", error=InvalidCommand):
        decide(game, board="shyishian-stardial", join="short", slide="+2", turned="none")
    assert game.seq == before and game.state.step == "boards"
    decide(game, board="shyishian-stardial", join="long", slide="+4", turned="none")  # three completed hexes
    assert game.state.field.layout == "long+4" and game.state.step == "tokens"


def test_each_slide_is_labelled_with_where_it_moves_the_board() -> None:
    """L147: a slide moves the second board whole hexes right or left along long edges, pairs of rows down or up
    along short ones; each offer says which way and how far, in words ("1 hex to the left", never "-1 hexes")."""
    game = new_game()
    decide(game, board="mirror-well")
    typed = {o.key: o.label for o in {p.key: p for p in game.pending[0].parts}["slide"].options}
    assert typed["+1"] == "1 hex to the right (long edges), 2 rows down (short edges)"
    labels = {}
    for join in ("long", "short"):
        part = {p.key: p for p in game.live(game.pending[0], {"board": "mirror-well", "join": join}).parts}["slide"]
        labels[join] = {o.key: o.label for o in part.options}
    assert labels["long"]["-1"] == "1 hex to the left" and labels["long"]["+2"] == "2 hexes to the right"
    assert labels["long"]["+0"] == "flush, not slid"
    assert labels["short"] == {"+0": "flush, not slid"}  # a short join of two boards of five rows cannot slide


def test_objective_tokens_alternate_from_the_first_chooser_face_down_until_the_last() -> None:
    """L307, L311 (T73-T75): five tokens, the first chooser places the 1st, 3rd and 5th; none on a starting or
    edge hex nor within two hexes of another; all face down (to both players) until the last is placed."""
    game = new_game()
    loser, winner = _boards(game)
    refused(game, PlaceToken(to="D4"), actor(winner), "takes 2 values, not 1", error=InvalidCommand)  # off turn: a
    # plan of two or more for one's next turns, never one token now
    refused(game, PlaceToken(to="A1"), actor(loser), "L307, L311", error=IllegalCommand)  # an edge hex
    act(game, loser, PlaceToken(to="D4"))
    refused(game, PlaceToken(to="E5"), actor(winner), "within two hexes", error=IllegalCommand)
    for side in (winner, loser, winner):
        act(game, side, _legal(game))
    assert [t.label for t in game.state.tokens] == ["?"] * 4
    spectators = game.system.view(game.state, SPECTATOR)
    assert {label for _, label in spectators.tokens} == {"?"}
    act(game, loser, _legal(game))
    assert sorted(t.number for t in game.state.tokens if t.number) == [1, 2, 3, 4, 5]
    assert game.state.step == "mulligan"


def _legal(game: UW) -> Command:
    """The first legal placement, as the bot picks it."""
    command = placement(game, game.state.active_side or A)
    assert command is not None
    return command


def _to_mulligan(game: UW) -> UW:
    _boards(game)
    for _ in range(5):
        act(game, game.state.active_side or A, _legal(game))
    return game


def test_opening_hands_are_five_power_cards_and_three_objectives_in_secret() -> None:
    """T62, L295: each player draws up to five power cards and three objectives; only counts are public."""
    game = _to_mulligan(new_game())
    for side in (A, B):
        assert len(hand(game, side)) == 5 and len(hand(game, side, "objectives")) == 3
        mine = game.system.view(game.state, Viewer.of_side(side))
        assert mine.my_power is not None and len(mine.my_power) == 5
    public = game.system.view(game.state, SPECTATOR)
    assert public.my_power is None and {p.power_in_hand for p in public.players} == {5}


def test_the_do_over_is_secret_simultaneous_and_all_or_nothing() -> None:
    """E20, L317: redrawing objectives discards all three and draws three; power cards are kept."""
    game = _to_mulligan(new_game())
    kept = hand(game, A)
    old = hand(game, A, "objectives")
    first = next(d for d in game.pending if d.owner == A)
    assert first.secret and {d.owner for d in game.pending} == {A, B}
    game.apply(Answer(decision_id=first.id, answers={"redo": "objectives"}), actor(A))
    public_after_one = [e.body.describe() for e in game.log[-3:] if e.audience.is_public]
    assert not any("objectives" in line for line in public_after_one), "A's choice stays secret until B answers"
    second = next(d for d in game.pending if d.owner == B)
    game.apply(Answer(decision_id=second.id, answers={"redo": "keep"}), actor(B))
    new = hand(game, A, "objectives")
    assert len(new) == 3 and not set(new) & set(old) and hand(game, A) == kept
    assert game.state.decks[objective_deck(A)].piles["discard"] == old
    assert game.state.step == "fighters"


def test_fighters_are_placed_alternately_on_own_starting_hexes_and_the_first_finisher_is_noted() -> None:
    """L385 (T76, T77): one at a time on an empty starting hex of one's territory; three Liberators against five
    Bloodreavers finish first whoever starts; the finisher gets round 1's bonus (L391)."""
    game = _to_mulligan(new_game())
    for decision in list(game.pending):
        game.apply(Answer(decision_id=decision.id, answers={"redo": "keep"}), actor(decision.owner))
    decide(game, side="B")
    assert game.state.step == "fighters" and game.state.active_side == B
    board = game.system.lib.board(game.state)
    mine = sorted(h for h in (board.id_of(x) for x in board.hexes_with("starting"))
                  if board.region_of(board.hex_of(h)) == B)
    theirs = sorted(h for h in (board.id_of(x) for x in board.hexes_with("starting"))
                    if board.region_of(board.hex_of(h)) == A)
    refused(game, PlaceFighter(fighter="B1", to=theirs[0]), actor(B), "L385", error=IllegalCommand)
    order = [(B, "B1", mine[0]), (A, "A1", theirs[0]), (B, "B2", mine[1]), (A, "A2", theirs[1]),
             (B, "B3", mine[2]), (A, "A3", theirs[2])]
    for side, fighter, hex_id in order:
        act(game, side, PlaceFighter(fighter=fighter, to=hex_id))
    assert game.state.finished_first == A
    refused(game, PlaceFighter(fighter="B1", to=mine[3]), actor(B), "already on the battlefield", error=IllegalCommand)
    act(game, B, PlaceFighter(fighter="B4", to=mine[3]))
    act(game, B, PlaceFighter(fighter="B5", to=mine[4]))
    assert game.pending[0].kind == "first-activation"
    rolls = [e.body.describe() for e in game.log if "first activation of round 1" in e.body.describe()]
    assert rolls


def test_the_demo_set_up_reaches_the_first_activation_in_one_command() -> None:
    game = ready()
    assert game.state.step == "activation" and game.state.round == 1 and not game.pending
    assert all(f.hex for f in game.state.fighters.values())


def test_a_player_may_give_all_their_placements_at_once_for_their_next_turns() -> None:
    """L385: fighters still go down one at a time in turn; a plan given ahead is carried out on the player's turns,
    secret until each fighter is placed, and stops when a hex is taken by then."""
    game = _to_mulligan(new_game())
    for decision in list(game.pending):
        game.apply(Answer(decision_id=decision.id, answers={"redo": "keep"}), actor(decision.owner))
    decide(game, side="A")
    board = game.system.lib.board(game.state)
    mine = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == B)
    theirs = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == A)
    events = act(game, B, PlaceFighter(fighter="B1,B2,B3,B4,B5", to=",".join(mine[:5])))
    assert all(not e.audience.is_public for e in events) and game.state.queued[B][0] == ("B1", mine[0])
    said = [e.body.describe() for e in events if "On your next turns" in e.body.describe()]
    assert said == [f"On your next turns you place B1 on hex {mine[0]}, B2 on hex {mine[1]}, B3 on hex {mine[2]}, "
                    f"B4 on hex {mine[3]}, B5 on hex {mine[4]}."], "the plan is told its player once, hexes called so"
    later: list[str] = []
    for fighter, hex_id in (("A1", theirs[0]), ("A2", theirs[1]), ("A3", theirs[2])):
        later += [e.body.describe() for e in act(game, A, PlaceFighter(fighter=fighter, to=hex_id))]
    assert not [line for line in later if "On your next turns" in line], "each placement is public: no plan re-told"
    assert [game.state.fighters[f"B{n}"].hex for n in range(1, 6)] == mine[:5]
    assert game.state.finished_first == A and not game.state.queued


def test_two_games_that_differ_only_in_secret_decks_say_the_same_in_public() -> None:
    """Warbands are revealed together, decks never (L731): with side A's decks chosen differently in secret, every
    public line to the first activation is the same, but for the size of A's power deck (visible at the table)."""
    logs = []
    for deck in ("champions-stormforged", "champions-hold-the-line"):
        game = ready(decks=(deck, "reavers-bloodbath"))
        lines = [line.text for line in game.log_view(SPECTATOR).lines
                 if not line.text.startswith("Side A's deck power")]
        assert not any("hold-the-line" in text or "stormforged" in text.casefold() for text in lines)
        logs.append(lines)
        mine = [e.body.describe() for e in game.log if e.audience.sides == (A,) and e.kind == "uw.deck"]
        assert mine and ("Hold the Line" in mine[0] or "Stormforged" in mine[0])
    assert logs[0] == logs[1]


def test_a_players_own_deck_lines_name_the_cards() -> None:
    """The opening hand as its owner reads it in the log: the cards by name, not by id."""
    game = ready()
    drawn = [line.text for line in game.log_view(Viewer.of_side(A)).lines if "(the opening hand)" in line.text]
    names = {game.system.lib.card(game.state, card).name for card in hand(game, A)}
    assert len(drawn) == 2 and all(name in "".join(drawn) for name in names)
    assert not any(card in "".join(drawn) for card in hand(game, A) if "-" in card)


def test_a_player_may_plan_their_objective_tokens_for_their_next_turns() -> None:
    """L307, L311: tokens still go down one at a time in turn; a plan given ahead is carried out on the player's
    turns, secret until each token is placed, and stops (the player places by hand) when its hex may no longer take
    a token: here the other player's token lands within two hexes of it."""
    game = new_game()
    loser, winner = _boards(game)
    board = game.system.lib.board(game.state)
    ref = Referee.reading(game.system.lib, game.state)
    first = sorted(token_setup.token_hexes(ref))[0]
    second = sorted(token_setup.token_hexes(ref, [first]))[-1]
    events = act(game, winner, PlaceToken(to=f"{first},{second}"))  # off turn: both for the winner's next turns
    assert all(not e.audience.is_public for e in events)
    assert game.state.queued[winner] == [("token", first), ("token", second)]
    ref = Referee.reading(game.system.lib, game.state)
    near_second = [h for h in sorted(token_setup.token_hexes(ref, [first]))
                   if 0 < board.hex_of(h).distance(board.hex_of(second)) <= 2]
    away = next(h for h in sorted(token_setup.token_hexes(ref)) if h not in near_second and
                board.hex_of(h).distance(board.hex_of(first)) > 2 and h != second)
    act(game, loser, PlaceToken(to=away))
    assert [t.hex for t in game.state.tokens] == [away, first] and game.state.active_side == loser
    act(game, loser, PlaceToken(to=near_second[0]))  # within two hexes of the plan's next: it stops there
    assert [t.hex for t in game.state.tokens] == [away, first, near_second[0]] and not game.state.queued
    assert game.state.active_side == winner
    assert any("cannot be made" in e.body.describe() for e in game.log[-3:])


def test_a_plan_carried_out_at_once_is_not_told_as_for_later_turns() -> None:
    """L385: once the other side has placed all its fighters, a plan given on one's own turn is carried out at once,
    fighter after fighter; its player is not told "on your next turns" of placements already made (finding 21)."""
    game = _to_mulligan(new_game())
    for decision in list(game.pending):
        game.apply(Answer(decision_id=decision.id, answers={"redo": "keep"}), actor(decision.owner))
    decide(game, side="A")
    board = game.system.lib.board(game.state)
    mine = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == B)
    theirs = sorted(board.id_of(h) for h in board.hexes_with("starting") if board.region_of(h) == A)
    for n in range(3):
        act(game, A, PlaceFighter(fighter=f"A{n + 1}", to=theirs[n]))
        if n < 2:
            act(game, B, PlaceFighter(fighter=f"B{n + 1}", to=mine[n]))
    events = act(game, B, PlaceFighter(fighter="B3,B4,B5", to=",".join(mine[2:5])))
    assert [game.state.fighters[f"B{n}"].hex for n in range(1, 6)] == mine[:5] and not game.state.queued
    assert not [e for e in events if "On your next turns" in e.body.describe()]
