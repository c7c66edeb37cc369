"""The end of the set-up and each round's start (Underworlds core rulebook, L295-L317, L385-L391, L871): the
opening hands and the do-over, the fighters placed in turn, and the roll-off for the first activation of each
action phase.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import (
    DecisionPart,
    Option,
    PhaseChanged,
    Shown,
    SideId,
    ask_together,
)
from engine.systems.underworlds.boards import alternate, starting_hexes
from engine.systems.underworlds.events import (
    FighterPlaced,
    PhaseStarted,
    PlacedFirst,
    StepStarted,
    TurnPassed,
)
from engine.systems.underworlds.game_state import objective_deck, power_deck
from engine.systems.underworlds.owndecks import deck_of
from engine.systems.underworlds.referee import Referee, choice, winner_of
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.turns import rotation

__all__ = [
    "DO_OVER",
    "FIRST_ACTIVATION",
    "FIRST_PLACER",
    "HAND_OBJECTIVES",
    "HAND_POWER",
    "MULLIGAN",
    "anticlockwise_for",
    "begin_round",
    "draw_hands",
    "make_deck",
    "on_do_over",
    "on_first_activation",
    "on_first_placer",
    "on_mulligan",
    "place_fighter",
    "placement_hexes",
]

MULLIGAN, DO_OVER, FIRST_PLACER, FIRST_ACTIVATION = "mulligan", "do-over", "first-placer", "first-activation"
HAND_OBJECTIVES, HAND_POWER = 3, 5
"""Opening hands: three objective cards and five power cards (L295)."""
_REDO = (("keep", "Keep both hands"), ("objectives", "Redraw the objective cards"),
         ("power", "Redraw the power cards"), ("both", "Redraw both"))


def make_deck(ref: Referee, deck_id: str, owner: SideId | None, cards: list[str] | tuple[str, ...], into: str,
              piles: dict[str, Shown]) -> None:
    """Make a deck, or for a later game of a match gather every card of it back into ``into`` (L731: the same
    decks for the whole match)."""
    decks = ref.decks()
    existing = ref.state.decks.get(deck_id)
    if existing is None:
        decks.make(deck_id, owner, list(cards), into=into, piles=piles)
        return
    for pile, held in list(existing.piles.items()):
        if pile != into and held:
            decks.move(deck_id, list(held), pile, into, why="a new game of the match")



# -- cards ---------------------------------------------------------------------------------------


def draw_hands(ref: Referee) -> None:
    """Each player shuffles both decks and draws five power cards and three objectives (L295), then every
    player may redraw either whole hand, all deciding at once in secret (L317, ruling do-over)."""
    decks = ref.decks()
    for side in ref.state.sides:
        deck = deck_of(ref.lib, ref.state, side)
        make_deck(ref, objective_deck(side), side, deck.objectives, "draw",
              {"draw": Shown.NOBODY, "hand": Shown.OWNER, "discard": Shown.EVERYONE, "scored": Shown.EVERYONE,
               "aside": Shown.OWNER})
        make_deck(ref, power_deck(side), side, deck.power, "draw",
              {"draw": Shown.NOBODY, "hand": Shown.OWNER, "discard": Shown.EVERYONE, "upgrades": Shown.EVERYONE,
               "aside": Shown.OWNER})
        for deck_id, count in ((objective_deck(side), HAND_OBJECTIVES), (power_deck(side), HAND_POWER)):
            decks.shuffle(deck_id)
            decks.draw(deck_id, count, why="the opening hand")
    part = DecisionPart(key="redo", prompt="Do-over: redraw a whole hand?", default="keep",
                        options=tuple(Option(key=k, label=label) for k, label in _REDO))
    if ref.rules.do_over == "once-each-in-turn":
        order = ref.ranked(list(ref.state.in_play), "the order of do-overs")
        ref.emit(StepStarted(step="mulligan", order=order,
                             shown=f"Hands are dealt. Each player in turn, from side {order[0]}, may redraw either "
                                   f"hand, openly ({RULE}, L317; ruling do-over)."))
        _ask_do_over(ref, part)
        return
    ref.emit(StepStarted(step="mulligan", shown="Hands are dealt. Each player may redraw either hand, all at once "
                                                f"in secret ({RULE}, L317)."))
    ask_together(ref.ctx, MULLIGAN, "Do-over: keep your hands, or redraw a whole hand",
                 {side: (part,) for side in ref.state.sides})


def _ask_do_over(ref: Referee, part: DecisionPart) -> None:
    state = ref.state
    ref.ask(state.order[state.turn_index], DO_OVER, "Do-over: keep your hands, or redraw a whole hand (the table "
                                                    "sees your answer)", [part])


def on_do_over(ref: Referee, side: SideId, redo: str) -> None:
    """One player's open do-over (ruling ``do-over: once-each-in-turn``); then the next player's, or the
    fighters."""
    _redraw(ref, side, redo)
    state = ref.state
    if state.turn_index + 1 < len(state.order):
        ref.emit(TurnPassed(index=state.turn_index + 1, side=state.order[state.turn_index + 1]))
        part = DecisionPart(key="redo", prompt="Do-over: redraw a whole hand?", default="keep",
                            options=tuple(Option(key=k, label=label) for k, label in _REDO))
        _ask_do_over(ref, part)
        return
    _begin_fighters(ref)


def on_mulligan(ref: Referee, answers: Mapping[SideId, Mapping[str, str]]) -> None:
    """Do-overs decided together in secret: the whole hand of that type is discarded and as many cards drawn
    (L317); then the fighters."""
    for side, answer in answers.items():
        _redraw(ref, side, answer.get("redo", "keep"))
    _begin_fighters(ref)


def _redraw(ref: Referee, side: SideId, redo: str) -> None:
    decks = ref.decks()
    pile = "discard" if ref.rules.do_over_discards == "public" else "aside"
    for kind, deck_id in (("objectives", objective_deck(side)), ("power", power_deck(side))):
        if redo not in (kind, "both"):
            continue
        hand = list(decks.deck(deck_id).pile("hand"))
        decks.move(deck_id, hand, "hand", pile, why="a do-over")
        decks.draw(deck_id, len(hand), why="a do-over")


def _begin_fighters(ref: Referee) -> None:
    result = ref.roll_off(list(ref.state.in_play), "placing fighters")
    ref.emit(StepStarted(step="fighters", order=[winner_of(result)],
                         shown=f"Side {result.winner} chooses who places a fighter first ({RULE}, L385)."))
    sides = [(s, f"side {s}") for s in ref.state.in_play]
    ref.ask(winner_of(result), FIRST_PLACER, "Who places a fighter first?",
            [choice("side", "The side that places first", sides, default=winner_of(result))])


def on_first_placer(ref: Referee, first: SideId) -> None:
    state = ref.state
    counts = {side: sum(1 for f in state.fighters.values() if f.side == side) for side in state.in_play}
    order = list(alternate(first, list(state.in_play), {str(side): n for side, n in counts.items()}))
    ref.emit(StepStarted(step="fighters", order=[SideId(s) for s in order],
                         shown=f"Fighters are placed one at a time, side {first} first, on empty starting hexes of "
                               f"their own territory ({RULE}, L385): /act action:place model:<fighter> to:<hex>."))


def placement_hexes(ref: Referee, side: SideId) -> frozenset[str]:
    board = ref.lib.board(ref.state)
    occupied = [board.hex_of(f.hex) for f in ref.state.fighters.values() if f.hex]
    return frozenset(board.id_of(h) for h in starting_hexes(board, side, occupied))


def place_fighter(ref: Referee, side: SideId, fighter_id: str, hex_id: str) -> None:
    """Put a fighter of ``side``'s not yet placed on an empty starting hex of its territory (checked by the caller,
    L385); the next player's turn, or round 1 once every fighter is placed."""
    state = ref.state
    fighter = state.fighters[fighter_id]
    name = ref.lib.fighter_card(fighter.profile).name
    ref.emit(FighterPlaced(fighter=fighter.id, hex=hex_id, name=name))
    waiting = [f for f in state.fighters.values() if f.hex is None and not f.out_of_action]
    if state.finished_first is None and not any(f.side == side for f in waiting):
        ref.emit(PlacedFirst(side=side))
    if state.turn_index + 1 < len(state.order):
        ref.emit(TurnPassed(index=state.turn_index + 1, side=state.order[state.turn_index + 1]))
        return
    begin_round(ref, 1)


# -- rounds --------------------------------------------------------------------------------------


def begin_round(ref: Referee, number: int) -> None:
    """Roll off for the first activation; in round 1 the side that finished placing first adds a symbol (L391)."""
    state = ref.state
    sudden = " (sudden death)" if state.sudden_death else ""
    ref.emit(PhaseChanged(phase=f"action-{number}", round=number, shown=f"Round {number}: the action phase{sudden}."))
    bonus = state.finished_first if number == 1 else None
    result = ref.roll_off(list(state.in_play), f"the first activation of round {number}", bonus_to=bonus)
    ref.emit(StepStarted(step="first", order=[winner_of(result)],
                         shown=f"Side {result.winner} chooses who takes the first activation ({RULE}, L391)."))
    winner = winner_of(result)  # the chooser's own answer first, in its words: a newcomer's first pick keeps it
    sides = [(winner, f"I take it (side {winner})"), *((s, f"side {s} takes it") for s in state.in_play
                                                        if s != winner)]
    ref.ask(winner, FIRST_ACTIVATION, f"Who takes the first activation of round {number}?",
            [choice("side", "The side that activates first", sides, default=winner)],
            context={"round": str(number)})


def on_first_activation(ref: Referee, first: SideId, number: int) -> None:
    state = ref.state
    order = rotation(list(state.in_play), first, reverse=anticlockwise_for(ref, number))
    ref.emit(PhaseStarted(round=number, first=first, order=order))
    ref.emit(StepStarted(step="activation", order=order))


def anticlockwise_for(ref: Referee, number: int) -> bool:
    """Round 2 of a game of three or four goes anticlockwise (L825)."""
    return number == 2 and len(ref.state.sides) > 2

