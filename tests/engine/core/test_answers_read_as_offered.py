"""Answers read as their options were offered (the Discord newcomer pass): a point is stored as ``12.0,12.0``
whatever its option's key reads (``12,12``), and its line said "at 12.0,12.0" where the menu had said where the
spot lies; a reaction offer passed by every model read "B1: Nothing; B2: Nothing" and then "does not react"."""

from __future__ import annotations

from engine.core import Decision, DecisionAnswered, DecisionPart, Option, PartKind, SideId
from engine.core.answer_words import said

_SPOT = DecisionPart(key="at", prompt="Where does the Objective go?", kind=PartKind.POSITION, center=(12.0, 12.0),
                     radius=24.0, options=(Option(key="12,12", label="12,12 (the table's centre)"),
                                           Option(key="11,12", label="11,12 (1\" from the centre)")))


def test_a_point_answer_is_said_as_its_option_was_offered_and_a_typed_one_as_a_place() -> None:
    stored = _SPOT.check("11,12")
    assert stored == "11.0,12.0", "the stored form is the point's, as before (stored games unchanged)"
    assert said({"at": stored}, (_SPOT,)) == "11,12 (1\" from the centre)"
    assert said({"at": _SPOT.check("12.5,13")}, (_SPOT,)) == "at 12.5,13", "a typed spot: a place, no trailing .0"


def _reaction(kind: str = "reaction", reaction_to: str | None = "activation") -> Decision:
    nothing = (Option(key="nothing", label="Nothing"), Option(key="dodge", label="Dodge"))
    return Decision(id="d7", owner=SideId("B"), kind=kind, prompt="React?", optional=True, reaction_to=reaction_to,
                    parts=tuple(DecisionPart(key=m, prompt=f"{m} Musha Bowmaster", options=nothing, default="nothing")
                                for m in ("B1", "B2", "B3")))


def _line(decision: Decision, answers: dict[str, str], how: str = "answer") -> str:
    answered = DecisionAnswered(decision_id=decision.id, owner=decision.owner, how=how, answers=answers)
    answered.remember((decision,))
    return answered.describe()


def test_a_reaction_offer_passed_by_every_model_reads_as_one_line() -> None:
    passed = {"B1": "nothing", "B2": "nothing", "B3": "nothing"}
    assert _line(_reaction(), passed) == "Side B does not react."
    assert _line(_reaction(reaction_to=None), passed) == "Side B does not react.", "a taunted model's offer too"
    assert _line(_reaction(), passed, "timeout") == "Time ran out for side B; the default applies: no reaction."
    assert _line(_reaction(), {"B1": "dodge", "B2": "nothing", "B3": "nothing"}) == \
        "Side B decides: B1: Dodge; B2: Nothing; B3: Nothing.", "a reaction declared: each model's answer"
    assert _line(_reaction(kind="first", reaction_to=None), passed) == \
        "Side B decides: B1: Nothing; B2: Nothing; B3: Nothing.", "no reaction offer: said as answered"
