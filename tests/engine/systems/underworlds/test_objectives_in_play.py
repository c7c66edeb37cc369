"""Objective cards scored by the referee in play (Underworlds core rulebook, L269, L703-L711; T65, T66): immediately
after the action that meets them, with a replacement drawn that cannot score at once; in the end phase; the third
end phase only for cards that say so; and claimed and confirmed under the ruling ``objective-evaluation``.
Every one of the 77 core cards is exercised by some test of this folder (checked last)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import CardsMoved, IllegalCommand
from engine.systems.underworlds.commands import ImportCards
from engine.systems.underworlds.events import Damaged, ObjectiveScored, TakenOut
from engine.systems.underworlds.game_state import TakeOutRecord
from engine.systems.underworlds.objectives import STALE
from engine.systems.underworlds.schema import Card
from tests.engine.systems.underworlds.table import (
    UW,
    A,
    B,
    act,
    act_turn,
    arrange,
    by_default,
    decide,
    extend,
    give,
    hand,
    pass_power,
    pass_until,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.test_ploys_in_play import POSITIONS, scene, settle
from tests.engine.systems.underworlds.typed import AddCard, Charge, Move, Pass, PlayCard


def scored(game: UW) -> list[tuple[str, str]]:
    return [(e.body.side, e.body.card) for e in game.log if isinstance(e.body, ObjectiveScored)]


def test_an_immediate_objective_scores_after_its_action_and_is_replaced() -> None:
    """T65, L707: Lightning Strikes scores once a Charge takes an enemy out; a new objective is drawn at once and
    cannot score until after a later action or activation."""
    game = give(extend(scene(A1="D8"), Damaged(fighter="B1", amount=3, wounds=3)), A, "lightning-strikes")
    turn_of(game, A)
    held = len(hand(game, A, "objectives"))
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Charge(fighter="A1", to="D6", target="B1"))
    settle(game)
    assert (A, "lightning-strikes") in scored(game)
    assert game.state.players[A].glory == 1 + 1  # the take-out and the objective
    assert len(hand(game, A, "objectives")) == min(3, held)
    drawn = [key for key, mark in game.state.unscorable.items() if key.startswith("A:")]
    assert drawn and all(mark == STALE or mark >= game.state.checkpoint - 1 for mark in game.state.unscorable.values())


@pytest.mark.parametrize(("option", "later"), [("next-action", True), ("met-again", False)])
def test_an_objective_drawn_with_its_condition_met_scores_after_the_next_action(option: str, later: bool) -> None:
    """L707 (ruling immediate-objectives-drawn-late): Lightning Strikes scores when A's Charge takes Garrek out, A's
    second take-out this phase, and A draws Awe-Inspiring (two or more taken out this phase), already met. It may
    not score at once; as the book says, it scores after the next action or activation (B's pass). Under the
    stricter house rule its condition must first stop holding and be met again, which it never does this phase."""
    game = arrange(ready(rulings={"immediate-objectives-drawn-late": option}), **{**POSITIONS, "A1": "D8"})
    game = give(game, A, "lightning-strikes")
    game = extend(game, Damaged(fighter="B1", amount=3, wounds=3),
                  TakenOut(record=TakeOutRecord(victim="B5", by=A, by_fighter="A2")),
                  CardsMoved(deck_id="objectives-A", cards=["awe-inspiring"], source="draw", target="draw"))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Charge(fighter="A1", to="D6", target="B1"))
    settle(game)
    assert (A, "lightning-strikes") in scored(game) and "awe-inspiring" in hand(game, A, "objectives")
    assert (A, "awe-inspiring") not in scored(game)
    pass_power(game)
    act(game, B, Pass())
    assert ((A, "awe-inspiring") in scored(game)) == later


def test_an_objective_scored_after_an_event_drawn_after_it_waits_for_the_event_again() -> None:
    """L707: Lightning Strikes scores after a friendly Charge takes an enemy out, an event, not a state of the
    phase. Drawn when Awe-Inspiring scores for A's second take-out, both by Charges, it does not score after the
    next action (B's pass) as a state card would: it waits for another such Charge."""
    game = arrange(ready(), **{**POSITIONS, "A1": "D8"})
    game = give(game, A, "awe-inspiring")
    game = extend(game, Damaged(fighter="B1", amount=3, wounds=3),
                  TakenOut(record=TakeOutRecord(victim="B5", by=A, by_fighter="A2", using="charge")),
                  CardsMoved(deck_id="objectives-A", cards=["lightning-strikes"], source="draw", target="draw"))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Charge(fighter="A1", to="D6", target="B1"))
    settle(game)
    assert (A, "awe-inspiring") in scored(game) and "lightning-strikes" in hand(game, A, "objectives")
    pass_power(game)
    act(game, B, Pass())
    assert (A, "lightning-strikes") not in scored(game)


def _to_end_phase(game: UW) -> None:
    for _ in range(8):
        if game.state.step != "activation":
            break
        act_turn(game, Pass())
        pass_power(game)


def test_a_third_end_phase_objective_scores_only_in_round_three() -> None:
    """Eternals (none of your fighters out of action) is scored in the third end phase, not before (L711)."""
    game = give(scene(), A, "eternals")
    for round_ in (1, 2, 3):
        _to_end_phase(game)
        while game.state.step == "end":
            act_turn(game, Pass())
        assert ((A, "eternals") in scored(game)) == (round_ == 3)
        while game.pending:
            decide(game, side=game.pending[0].owner)
    assert game.outcome() is not None


def test_objectives_are_claimed_and_confirmed_under_that_ruling() -> None:
    """Ruling ``objective-evaluation: claim-and-confirm``: the referee scores nothing; the holder claims in their
    end phase and an opponent confirms (or refuses)."""
    game = ready(rulings={"objective-evaluation": "claim-and-confirm"}, decks=("champions-hold-the-line",
                                                                               "reavers-hold-the-ground"))
    token = next(t for t in game.state.tokens if t.number == 2)
    game = give(arrange(game, **{**POSITIONS, "A1": token.hex}), A, "hold-objective-2")
    _to_end_phase(game)
    assert not scored(game)
    while game.state.active_side != A:
        act_turn(game, Pass())
    act(game, A, PlayCard(card="Hold Objective 2"))
    claim = game.pending[0]
    assert claim.owner == B and claim.kind == "claim"
    decide(game, claim="yes")
    assert scored(game) == [(A, "hold-objective-2")] and game.state.players[A].glory == 1


CLAIMS = {"objective-evaluation": "claim-and-confirm"}


@pytest.mark.parametrize("when", ["before any activation", "power step", "end phase"])
def test_a_claimed_score_immediately_objective_is_claimed_after_an_action_or_activation(when: str) -> None:
    """L707: a card that says to score it immediately is scored after an action or activation of the action phase,
    instead of in the end phase (L703); claimed and confirmed, it keeps those moments: not before the phase's first
    activation, nor in the end phase, where the referee scores only end-phase cards."""
    game = give(ready(rulings=CLAIMS), A, "lightning-strikes")
    if when != "before any activation":
        act_turn(game, Pass())
    if when == "end phase":
        pass_until(game, lambda g: g.state.step == "end" and g.state.active_side == A and not g.pending)
    if when == "power step":
        assert game.state.step == "power"
        act(game, A, PlayCard(card="lightning-strikes"))
        assert game.pending[0].kind == "claim"
        return
    with pytest.raises(IllegalCommand, match=r"Lightning Strikes is scored after an action or activation.*L707"):
        act(game, A, PlayCard(card="lightning-strikes"))
    assert not game.pending and "lightning-strikes" in hand(game, A, "objectives")


def test_an_objective_drawn_after_a_confirmed_claim_waits_for_a_later_action() -> None:
    """L707: after a claimed immediate objective is confirmed its player draws another at once; that card cannot be
    scored, claimed or not, until after a later action or activation (here B's pass)."""
    game = give(ready(rulings=CLAIMS), A, "lightning-strikes")
    game = extend(game, CardsMoved(deck_id="objectives-A", cards=["awe-inspiring"], source="draw", target="draw"))
    act_turn(game, Pass())
    act(game, A, PlayCard(card="lightning-strikes"))
    decide(game, claim="yes")
    assert "awe-inspiring" in hand(game, A, "objectives")
    with pytest.raises(IllegalCommand, match=r"Awe-Inspiring was drawn .* after a later action or activation.*L707"):
        act(game, A, PlayCard(card="awe-inspiring"))
    pass_power(game)
    act_turn(game, Pass())
    act(game, A, PlayCard(card="awe-inspiring"))
    assert game.pending[0].kind == "claim"


@pytest.mark.parametrize("held", [("lightning-strikes", "awe-inspiring"), ("eternals", "seize-ground")])
def test_which_objectives_a_player_holds_never_shows_in_whether_it_is_asked_to_score(held: tuple[str, str]) -> None:
    """L703, L707 (rulings objective-evaluation: claim-and-confirm, end-phase-order: step-by-step): cards to score
    immediately are not claimed in the end phase, but which cards a hand holds is its player's secret (L295), so a
    player holding objectives is asked in the scoring part whatever they are, and may pass."""
    game = give(ready(rulings={**CLAIMS, "end-phase-order": "step-by-step"}), A, *held)
    others = [c for c in hand(game, A, "objectives") if c not in held]
    game = extend(game, CardsMoved(deck_id="objectives-A", cards=others, source="hand", target="discard"))
    seen: list[tuple[str, str | None]] = []

    def past_scoring(g: UW) -> bool:
        seen.append((g.state.end_stage, g.state.active_side))
        return g.state.step == "end" and g.state.end_stage not in ("", "score")

    pass_until(game, past_scoring)
    assert ("score", B) in seen and ("score", A) in seen


def test_a_claimed_objective_may_be_claimed_in_the_third_end_phase() -> None:
    """L711: in round 3's end phase players score every objective whose condition is met, and nothing else; a card
    claimed and confirmed (ruling objective-evaluation: claim-and-confirm) is claimed then, Eternals (scored only in
    the third end phase) included, before the game ends. A player with nothing to claim is passed over."""
    game = give(ready(rulings=CLAIMS), A, "eternals")
    pass_until(game, lambda g: g.state.round == 3 and g.state.step == "end" and g.state.active_side == A
               and not g.pending)
    assert not game.is_over()
    act(game, A, PlayCard(card="eternals"))
    decide(game, claim="yes")
    assert (A, "eternals") in scored(game)
    act(game, A, Pass())
    pass_until(game, lambda g: False)
    assert game.is_over() and game.state.players[A].glory >= 1


def test_holding_the_katophrane_artefact_through_two_action_phases_scores_immovable_object() -> None:
    """L741: the Katophrane Artefact is an objective token, so every rule about objective tokens applies to it:
    Severin holding it at the end of two action phases in a row meets Immovable Object (the same friendly fighter
    held the same objective token), scored in round 2's end phase (L703)."""
    game = give(ready("artefact", mode="artefact"), A, "immovable-object")
    artefact = next(t for t in game.state.tokens if t.artefact)
    game = arrange(game, A1=artefact.hex)
    pass_until(game, lambda g: g.state.round == 2 and g.state.step == "end")
    assert (A, "immovable-object") not in scored(game)
    pass_until(game, lambda g: g.state.round == 3)
    assert (A, "immovable-object") in scored(game)
    line = next(e.body for e in game.log if isinstance(e.body, ObjectiveScored) and e.body.card == "immovable-object")
    assert any("A1 held the Katophrane Artefact" in said for said in line.lines)


HOLD = ("champions-hold-the-line", "reavers-hold-the-ground")


@pytest.mark.parametrize(("number", "card"), [(1, "hold-objective-1"), (2, "hold-objective-2"),
                                              (3, "hold-objective-3"), (4, "hold-objective-4"),
                                              (5, "hold-objective-5")])
def test_hold_objective_n_scores_in_the_end_phase_when_a_friend_holds_token_n(number: int, card: str) -> None:
    """L291, L703: each Hold Objective card on its own token."""
    game = ready(decks=HOLD)
    token = next(t for t in game.state.tokens if t.number == number)
    game = give(arrange(game, **{**POSITIONS, "B5": token.hex}), B, card)
    _to_end_phase(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    assert (B, card) in scored(game)


def test_every_core_card_is_exercised_by_a_test() -> None:
    """Step 2's promise: the vocabulary's interpreter plays all 77 cards, and each has a test here (objectives'
    conditions in ``test_conditions``, ploys and upgrades in play)."""
    from tests.engine.systems.underworlds.loader import shipped

    folder = Path(__file__).parent
    text = "\n".join(p.read_text(encoding="utf-8") for p in folder.glob("test_*.py"))
    cards = shipped().cards
    assert len(cards) == 77
    missing = [c.id for c in cards if f'"{c.id}"' not in text and c.id not in text]
    assert not missing, missing



def test_a_players_own_objective_the_vocabulary_cannot_say_is_claimed_and_confirmed() -> None:
    """A card a player adds (``/force import``, ``/hand add``) is judged by the referee when written in the
    vocabulary; when it says ``unexpressed``, its holder claims it and an opponent confirms (ruling
    ``objective-evaluation``)."""
    own = Card(id="a-fine-view", name="A Fine View", number=901, code=9901, type="objective", warband="universal",
               summary="Your leader can see every objective token.", source="house card", glory=2, score="immediate",
               unexpressed="line of sight to tokens is not in the vocabulary")
    game = ready()
    act(game, A, ImportCards(cards=(own,)))
    game = extend(game, CardsMoved(deck_id="objectives-A", cards=[hand(game, A, "objectives")[0]], source="hand",
                                   target="discard"))
    events = act(game, A, AddCard(card="A Fine View"))
    assert not any("a-fine-view" in e.body.describe() for e in events if e.audience.is_public)
    turn_of(game, A)
    act(game, A, Pass())
    by_default(game)
    act(game, A, PlayCard(card="a-fine-view"))
    assert game.pending[0].kind == "claim" and game.pending[0].owner == B
    decide(game, claim="no")
    assert "a-fine-view" in hand(game, A, "objectives")
    act(game, A, PlayCard(card="a-fine-view"))
    decide(game, claim="yes")
    assert (A, "a-fine-view") in scored(game) and game.state.players[A].glory == 2


def test_a_push_away_is_no_move_action_for_coward_but_a_move_away_is() -> None:
    """L413, L403: a push is not a Move action, so Sidestep taking Severin from beside Garrek does not score B's
    Coward! (an enemy starts a Move action next to a Reaver and ends it next to none); Angharad's Move away from
    Garrek does, after that action."""
    game = ready(decks=("champions-hold-the-line", "reavers-bloodbath"))
    game = give(arrange(game, **{**POSITIONS, "A1": "D6", "A2": "E5"}), A, "sidestep")
    game = give(game, B, "coward")
    turn_of(game, A)
    act(game, A, Pass())
    act(game, A, PlayCard(card="sidestep", fighter="A1", to="D7"))
    pass_power(game)
    act(game, B, Pass())
    pass_power(game)
    assert game.state.fighters["A1"].hex == "D7" and (B, "coward") not in scored(game)
    act(game, A, Move(fighter="A2", to="F6"))
    assert (B, "coward") in scored(game)
