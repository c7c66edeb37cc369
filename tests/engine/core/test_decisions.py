"""Pending decisions: optional and required, defaults on timeout, host force, single options,
compound and geometric parts."""

from __future__ import annotations

import re

import pytest

from engine.core import (
    Answer,
    Decision,
    DecisionPart,
    ExpireDecision,
    ForceDecision,
    IllegalCommand,
    InvalidCommand,
    Option,
    PartKind,
    SideId,
)
from tests.engine.core.conftest import A, alice, bob, choose_hands, new_duel
from tests.refusals import refusing


def _reroll_pending(seed: str) -> bool:
    game = new_duel(seed)
    choose_hands(game)
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "9"}), alice())
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "1"}), bob())
    return bool(game.pending)


def _seed_with_a_loser() -> str:
    return next(f"{n:064x}" for n in range(50) if _reroll_pending(f"{n:064x}"))


def test_an_optional_decision_takes_its_default_on_timeout_and_the_log_says_so() -> None:
    game = new_duel(_seed_with_a_loser())
    choose_hands(game)
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "9"}), alice())
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "1"}), bob())
    decision = game.pending[0]
    assert decision.kind == "reroll" and decision.optional
    events = game.apply(ExpireDecision(decision_id=decision.id), alice(host=True))
    answered = events[0]
    assert answered.kind == "decision.answered"
    assert answered.body.describe() == f"Time ran out for side {decision.owner}; the default applies: Keep it."
    assert not any(event.kind == "dice.rolled" for event in events)


def test_a_required_decision_waits_for_its_owner_or_the_host() -> None:
    game = new_duel()
    choose_hands(game)
    decision = game.pending[0]
    with refusing(game, "is required: it waits for side A or for the host", error=IllegalCommand):
        game.apply(ExpireDecision(decision_id=decision.id), alice(host=True))
    with refusing(game, "needs an answer for card", error=InvalidCommand):
        game.apply(ForceDecision(decision_id=decision.id), alice(host=True))
    events = game.apply(ForceDecision(decision_id=decision.id, answers={"card": "5"}), alice(host=True))
    assert events[0].body.describe() == "The host decides for side A, in secret."
    assert game.state.played == {A: 5}


def test_a_secret_answer_reads_as_chosen_in_secret_never_as_a_choice_named_secret() -> None:
    """A newcomer read "Side A decides: in secret." as if "in secret" were what side A chose."""
    game = new_duel()
    choose_hands(game)
    events = game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "9"}), alice())
    assert events[0].body.describe() == "Side A has chosen, in secret."


def test_a_decision_with_one_legal_option_applies_without_a_prompt() -> None:
    game = new_duel()
    choose_hands(game)
    for a_card, b_card in ((9, 1), (5, 4)):
        for actor, card in ((alice(), a_card), (bob(), b_card)):
            game.apply(Answer(decision_id=game.pending[0].id, answers={"card": str(card)}), actor)
        if game.pending:
            game.apply(Answer(decision_id=game.pending[0].id, answers={"reroll": "no"}),
                       alice() if game.pending[0].owner == A else bob())
    auto = [e for e in game.log if e.kind == "decision.answered" and e.body.how == "auto"]  # type: ignore[attr-defined]
    assert len(auto) == 2  # round 3: each side has one card left
    assert game.state.rounds_scored == 3


def test_a_secret_decision_with_one_answer_is_still_asked_unless_its_count_is_public() -> None:
    """Answering it at once would tell the others its owner had no other choice (issue 22, Secrets)."""
    one = (Option(key="only", label="The only card"),)
    hidden = Decision(id="d1", owner=A, kind="pick", prompt="Pick", secret=True, optional=False,
                      parts=(DecisionPart(key="card", prompt="Which?", options=one),))
    assert hidden.forced_answers() is None
    assert hidden.model_copy(update={"count_public": True}).forced_answers() == {"card": "only"}
    assert hidden.model_copy(update={"owner_only": True}).forced_answers() == {"card": "only"}  # nobody else hears
    assert hidden.model_copy(update={"secret": False}).forced_answers() == {"card": "only"}


def test_an_answer_outside_the_options_names_what_is_accepted() -> None:
    game = new_duel()
    choose_hands(game)
    with refusing(game, "'3' is not an option for card; choose one of 2, 5, 9", error=InvalidCommand):
        game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "3"}), alice())
    with refusing(game, "choice d99 is not waiting for an answer", error=InvalidCommand):
        game.apply(Answer(decision_id="d99", answers={"card": "2"}), alice())


def test_a_compound_decision_checks_every_part_and_fills_defaults() -> None:
    decision = Decision(
        id="d1", owner=SideId("A"), kind="activation", prompt="Each model chooses", optional=False,
        parts=(
            DecisionPart(key="A1", prompt="A1 action", options=(Option(key="move", label="Move"),
                                                                 Option(key="shoot", label="Shoot")),
                         default="move"),
            DecisionPart(key="A2", prompt="A2 action", options=(Option(key="hide", label="Hide"),
                                                                 Option(key="shoot", label="Shoot"))),
        ),
    )
    assert decision.check_answers({"A2": "Shoot"}) == {"A1": "move", "A2": "shoot"}
    with pytest.raises(InvalidCommand, match="needs an answer for A2"):
        decision.check_answers({"A1": "shoot"})
    with pytest.raises(InvalidCommand, match="has no part 'A3'"):
        decision.check_answers({"A3": "move", "A2": "hide"})
    assert decision.forced_answers() is None
    assert decision.default_answers() is None


def test_a_follow_up_made_moot_by_its_leading_answer_stays_out_of_the_record() -> None:
    """Where a Dodge takes a model matters only if it dodges: the public answer names the follow-up only then."""
    decision = Decision(
        id="d1", owner=SideId("A"), kind="reaction", prompt="React", optional=True,
        parts=(DecisionPart(key="A1", prompt="A1", options=(Option(key="nothing", label="Nothing"),
                                                            Option(key="dodge", label="Dodge")), default="nothing"),
               DecisionPart(key="A1.move", prompt="where", kind=PartKind.POSITION, center=(0.0, 0.0), radius=3.0,
                            default="0.0,0.0", asked_when=("A1", ("dodge",)))))
    idle = decision.check_answers({})
    assert idle == {"A1": "nothing", "A1.move": "0.0,0.0"}, "the system still gets every answer"
    assert decision.answers_that_matter(idle) == {"A1": "nothing"}
    dodging = decision.check_answers({"A1": "dodge", "A1.move": "1,1"})
    assert decision.answers_that_matter(dodging) == dodging


def test_geometric_parts_accept_points_on_the_path_and_within_the_radius() -> None:
    on_path = DecisionPart(key="stop", prompt="Where on the path?", kind=PartKind.POINT_ON_PATH,
                           path=((0.0, 0.0), (10.0, 0.0), (10.0, 5.0)))
    assert on_path.check("10,2.5") == "10.0,2.5"
    with pytest.raises(InvalidCommand, match="is not on the path"):
        on_path.check("5,1")
    within = DecisionPart(key="place", prompt="Place within 3\"", kind=PartKind.POSITION,
                          center=(10.0, 10.0), radius=3.0)
    assert within.check("12,10") == "12.0,10.0"
    with pytest.raises(InvalidCommand, match=re.escape('is 4.00" from 10.0,10.0; place must be within 3.0"')):
        within.check("14,10")
    with pytest.raises(InvalidCommand, match="write x,y in inches"):
        within.check("north")
    facing = DecisionPart(key="face", prompt="Facing", kind=PartKind.DIRECTION)
    assert facing.check("-90") == "270.00"


def test_every_kind_of_part_offers_ready_answers_that_it_accepts() -> None:
    """A front-end shows these as a menu, so a point on a path, a direction or a position need no typing."""
    on_path = DecisionPart(key="A1.at", prompt="Where?", kind=PartKind.POINT_ON_PATH, path=((0, 0), (4, 0), (4, 3)))
    points = on_path.offered(8)
    assert [o.key for o in points] == ["0,0", "1,0", "2,0", "3,0", "4,0", "4,1", "4,2", "4,3"], "1 inch apart"
    assert points[3].label == '3.0" along the path, at 3,0'
    facing = DecisionPart(key="face", prompt="Face?", kind=PartKind.DIRECTION)
    assert len(facing.offered()) == 16 and facing.offered()[4].label == "north (90°)"
    spot = DecisionPart(key="to", prompt="Where?", kind=PartKind.POSITION, center=(5, 5), radius=2)
    assert spot.offered()[0].key == "5,5" and len(spot.offered()) == 9
    for part in (on_path, facing, spot):
        assert all(part.check(option.key) for option in part.offered()), part.key


def test_a_position_part_offers_its_suggested_spots_and_takes_any_point_in_reach() -> None:
    from engine.core import DecisionPart, Option, PartKind
    part = DecisionPart(key="at", prompt="Where?", kind=PartKind.POSITION, center=(5.0, 5.0), radius=4.0,
                        options=(Option(key="5,3", label="5,3"), Option(key="6,6", label="6,6")), default="5,3")
    assert [o.key for o in part.offered()] == ["5,3", "6,6"]
    assert part.check("7,5") == "7.0,5.0"
    with pytest.raises(InvalidCommand):
        part.check("12,12")
