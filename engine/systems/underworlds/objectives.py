"""Scoring objective cards: the referee evaluates each card's condition (``conditions.evaluate``), immediately
after any action or activation for cards that say so, and in each player's end phase for the rest (Underworlds
core rulebook, L269, L703, L707, L711).

An objective scored in the action phase is replaced at once from the deck; a card drawn then cannot score until
a later action or activation (L707), when its condition holds then; a card scored after an event (Coward!,
Lightning Strikes: ``after_event``), and under the house ruling ``immediate-objectives-drawn-late: met-again``
every card, drawn while its condition already holds scores only once an action makes it true again. Cards a
player added whose condition the vocabulary cannot say, and every card under the ruling ``objective-evaluation:
claim-and-confirm``, are claimed by their holder and confirmed by an opponent instead (``claim``).
"""

from __future__ import annotations

from engine.core import NOBODY, SideId
from engine.systems.underworlds.conditions import Context as ConditionContext
from engine.systems.underworlds.conditions import Verdict, evaluate
from engine.systems.underworlds.events import CheckpointPassed, ObjectiveScored, UnscorableSet
from engine.systems.underworlds.game_state import objective_deck
from engine.systems.underworlds.opening import HAND_OBJECTIVES
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import Card
from engine.systems.underworlds.turns import rotation

__all__ = ["STALE", "checkpoint", "claimable", "condition_met", "drawn_marks", "end_phase_scoring", "hand", "score"]


def hand(ref: Referee, side: SideId) -> list[str]:
    deck = ref.state.decks.get(objective_deck(side))
    return list(deck.piles["hand"]) if deck is not None else []


def claimable(ref: Referee, card: Card) -> bool:
    """Whether a card is claimed and confirmed rather than evaluated by the referee."""
    return card.condition is None or ref.rules.objective_evaluation == "claim-and-confirm"


def _end_phase_kinds(ref: Referee) -> tuple[str, ...]:
    """The cards scored in this round's end phase: end-phase ones, and third-end-phase ones in round 3 (L703,
    L711); never those to score immediately, which are scored after an action or activation instead (L707)."""
    return ("end_phase", "third_end_phase") if ref.state.round >= 3 else ("end_phase",)


def condition_met(ref: Referee, side: SideId, card: Card) -> Verdict:
    """The card's condition for ``side`` now; with three or four players its multiplayer text where it has one
    (L763-L779)."""
    condition = card.multiplayer if len(ref.state.sides) > 2 and card.multiplayer is not None else card.condition
    assert condition is not None
    return evaluate(condition, ref.battle(), ConditionContext(side=side))


def score(ref: Referee, side: SideId, card: Card, lines: tuple[str, ...] = ()) -> None:
    """Reveal a met objective, take its glory, and put it face up on the scored pile (L269, L703, L707)."""
    ref.decks().move(objective_deck(side), [card.id], "hand", "scored", why="scored", quiet=True)
    ref.emit(ObjectiveScored(side=side, card=card.id, name=card.name, glory=card.glory or 0,
                             lines=[*lines, f"{card.name}: {card.summary} ({RULE}, L269)"]))


def _order(ref: Referee, sides: list[SideId]) -> list[SideId]:
    """Who scores first when several may score after one action (ruling ``simultaneous-objectives``)."""
    if len(sides) < 2:
        return sides
    if ref.rules.simultaneous_objectives == "active-player-first":
        first = ref.state.active_side or sides[0]
        return [s for s in rotation(ref.state.sides, first) if s in sides]
    return ref.ranked(sides, "who scores first")


STALE = -1
"""An ``unscorable`` mark: drawn while its condition already held (ruling ``immediate-objectives-drawn-late``)."""


def checkpoint(ref: Referee) -> None:
    """After an action or activation: every immediate objective whose condition holds is scored, and its player
    draws another objective card (L707); nothing is scored in sudden death (L751)."""
    ref.emit(CheckpointPassed())
    state = ref.state
    if state.sudden_death:
        return
    unscorable = dict(state.unscorable)
    due: dict[SideId, list[tuple[Card, Verdict]]] = {}
    for side in state.in_play:
        for card_id in hand(ref, side):
            card = ref.lib.card(state, card_id)
            if card.score != "immediate" or claimable(ref, card):
                continue
            verdict = condition_met(ref, side, card)
            key = f"{side}:{card_id}"
            mark = unscorable.get(key)
            if mark is not None and (mark == STALE or mark >= state.checkpoint):
                if mark == STALE and not verdict.met:
                    unscorable.pop(key)
                continue
            unscorable.pop(key, None)
            if verdict.met:
                due.setdefault(side, []).append((card, verdict))
    for side in _order(ref, list(due)):
        for card, verdict in due[side]:
            score(ref, side, card, verdict.working)
        held = len(hand(ref, side))
        drawn = ref.decks().draw(objective_deck(side), max(0, min(len(due[side]), HAND_OBJECTIVES - held)),
                                    why="replacing a scored objective")
        unscorable.update(drawn_marks(ref, side, drawn, state.checkpoint))
    if unscorable != state.unscorable:
        ref.emit(UnscorableSet(unscorable=unscorable), NOBODY)


def drawn_marks(ref: Referee, side: SideId, drawn: list[str], until: int) -> dict[str, int]:
    """Objective cards drawn in the action phase may not score at checkpoint ``until`` (L707); a card scored after an
    event (and every card under the house ruling ``met-again``) not while the condition that held when it was drawn
    still holds: its event must happen again."""
    marks = {}
    for card_id in drawn:
        card = ref.lib.card(ref.state, card_id)
        waits = card.after_event or ref.rules.immediate_objectives_drawn_late == "met-again"
        stale = (card.score == "immediate" and not claimable(ref, card) and waits
                 and condition_met(ref, side, card).met)
        marks[f"{side}:{card_id}"] = STALE if stale else until
    return marks


def end_phase_scoring(ref: Referee, side: SideId) -> None:
    """Step 1 of a player's end phase: every end-phase objective met is scored, third-end-phase ones only in
    round 3 (L703, L711)."""
    state = ref.state
    for card_id in hand(ref, side):
        card = ref.lib.card(state, card_id)
        if card.score not in _end_phase_kinds(ref) or claimable(ref, card):
            continue
        verdict = condition_met(ref, side, card)
        if verdict.met:
            score(ref, side, card, verdict.working)
