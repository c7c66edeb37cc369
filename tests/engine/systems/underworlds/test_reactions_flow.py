"""Reactions through the core's windows (Underworlds core rulebook, L631-L701; E16, T50, T51): the player whose
activation is next decides first, one reaction per trigger, and who is asked depends on public information only."""

from __future__ import annotations

from engine.core import PASS, REACTION, Answer
from engine.systems.underworlds.commands import ImportCards
from engine.systems.underworlds.events import Damaged, UpgradeGiven
from engine.systems.underworlds.reacting import Trigger
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.schema import Card
from engine.systems.underworlds.turns import reaction_order
from engine.systems.underworlds.vocabulary import DrawEffect, Reaction
from tests.engine.systems.underworlds.table import UW, A, B, C, act, actor, arrange, extend, give, ready, rig, turn_of
from tests.engine.systems.underworlds.typed import Attack

POSITIONS = {"A1": "D6", "A2": "F8", "A3": "B9", "B1": "D5", "B2": "G2", "B3": "A1", "B4": "H1", "B5": "C1"}


def _disengage_kills_garrek() -> UW:
    """Severin carries Disengage (its reaction: push after a success); Garrek has 3 wounds of 4; side B holds
    Final Blow; Severin's Disengage succeeds and takes Garrek out."""
    game = arrange(ready(), **POSITIONS)
    game = extend(give(game, B, "final-blow"), Damaged(fighter="B1", amount=3, wounds=3),
                  UpgradeGiven(side=A, fighter="A1", card="disengage", name="Disengage"))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",), attack="Disengage"))
    return game


def _offer(game: UW) -> tuple[str, str, tuple[str, ...]]:
    decision = game.pending[0]
    assert decision.core == REACTION
    return decision.id, decision.owner, decision.parts[0].option_keys()


def test_the_next_activator_is_asked_first_and_the_other_only_if_it_passes() -> None:
    """E16, T51, L631-L633: B (whose activation is next) is asked first; B passes, then A may react."""
    game = _disengage_kills_garrek()
    assert game.state.fighters["B1"].out_of_action
    window = game.state.windows[-1]
    assert window.trigger == "after_action" and window.order == (B, A)
    decision, owner, options = _offer(game)
    assert owner == B and set(options) >= {PASS, "ploy:final-blow"}
    assert game.pending[0].prompt == "React to A1's Attack action on B1?"
    game.apply(Answer(decision_id=decision, choice=PASS), actor(B))
    decision, owner, options = _offer(game)
    assert owner == A and options == (PASS, "follow:A1")
    game.apply(Answer(decision_id=decision, choice="follow:A1"), actor(A))
    push = game.pending[0]
    assert push.owner == A and push.kind == "push"


def test_one_reaction_per_trigger_when_the_first_player_reacts_the_other_may_not() -> None:
    """E16: B plays Final Blow (the attacker next to its fighter suffers 1 damage); A is not asked."""
    game = _disengage_kills_garrek()
    decision, owner, _ = _offer(game)
    assert owner == B
    game.apply(Answer(decision_id=decision, choice="ploy:final-blow"), actor(B))
    assert game.state.fighters["A1"].wounds == 1
    assert "final-blow" in game.state.decks["power-B"].piles["discard"]
    assert not game.state.windows and not any(d.core == REACTION for d in game.pending)


def test_after_the_last_activation_the_would_be_fifth_activator_reacts_first() -> None:
    """T50, L631: after the phase's last activation the player who would take a fifth one has precedence."""
    game = ready()
    state = game.state
    first, second = state.order
    last = state.model_copy(update={"activation": 8})
    assert reaction_order(last, Referee.reading(game.system.lib, last).rules, (A, B)) == [first, second]
    mid = state.model_copy(update={"activation": 3})
    assert reaction_order(mid, Referee.reading(game.system.lib, mid).rules, (A, B)) == [second, first]


def test_with_three_players_the_next_activator_reacts_first_then_the_next_clockwise() -> None:
    """L831, L825: with three players the player whose activation is next has precedence, then the player
    clockwise from them, and so on; in round 2, where play moves anticlockwise, so does precedence (ruling
    multiplayer-round-two-direction)."""
    game = ready(sides=3)
    state = game.state
    rules = Referee.reading(game.system.lib, state).rules
    clockwise = [s for s in (A, B, C, A, B) if s in state.in_play]
    first = state.order[0]
    seats = clockwise[clockwise.index(first):][:3]
    assert state.order == seats
    after_one = state.model_copy(update={"activation": 1})
    assert reaction_order(after_one, rules, (A, B, C)) == [seats[1], seats[2], seats[0]]
    assert reaction_order(after_one, rules, (seats[0], seats[2])) == [seats[2], seats[0]]
    second = state.model_copy(update={"activation": 1, "round": 2, "order": [seats[0], seats[2], seats[1]]})
    assert reaction_order(second, rules, (A, B, C)) == [seats[2], seats[1], seats[0]]


def test_a_side_that_could_hold_no_reaction_is_not_asked() -> None:
    """Public information only: side A's warband has no reaction to an enemy's successful attack that takes no
    fighter out, and nothing on the table reacts to it, so only B (holding cards of a warband that might) or
    nobody is asked."""
    game = arrange(ready(), **POSITIONS)
    turn_of(game, B)
    rig(game, "hammer", "hammer", "dodge")
    act(game, B, Attack(fighter="B1", targets=("A1",)))
    asked = {d.owner for d in game.pending if d.core == REACTION}
    assert A not in asked


def test_reaction_offers_name_the_trigger_as_players_read_it() -> None:
    """The core's offer reads "React to <the trigger>?" with the game's public words for it."""
    assert Trigger(when="during_attack", actor="A1", target="B2").shown == "the attack on B2"
    assert Trigger(when="could_be_driven_back", actor="A1", target="B2").shown == "B2 being driven back"
    assert Trigger(when="after_action", by="ploy", actor_side=A, target="B2",
                   took_out=("B2",)).shown == "side A's ploy taking B2 out of action"
    assert Trigger(when="after_activation", by="activation", actor_side=B).shown == "side B's activation"


def test_a_side_that_brought_cards_of_its_own_is_asked_whatever_they_are() -> None:
    """A player's own cards are their secret, so who is asked cannot hint at them: side A, having brought cards of
    its own (a reaction ploy to this very attack in one game, an upgrade in the other), is asked in both games, as
    it holds power cards."""
    common = {"number": 901, "code": 9901, "warband": "universal", "source": "a house card"}
    own = [Card(id="brace", name="Brace", type="ploy", summary="Reaction, during an enemy's attack: draw a card.",
                reaction=Reaction(when="during_attack", actor="enemy", target="friendly"),
                effects=[DrawEffect(kind="draw", deck="power", count=1)], **common),
           Card(id="iron-will", name="Iron Will", type="upgrade", summary="Stand firm.", unexpressed="flavour only",
                **common)]
    asked = []
    for card in own:
        game = arrange(ready(), **POSITIONS)
        act(game, A, ImportCards(cards=(card,)))
        turn_of(game, B)
        rig(game, "hammer", "hammer", "dodge")
        act(game, B, Attack(fighter="B1", targets=("A1",)))
        asked.append({d.owner for d in game.pending if d.core == REACTION})
    assert asked[0] == asked[1] and A in asked[0]
