"""A decision's menu offers its defaults first, in words, and never the same answer twice (newcomer findings 11 and
26): "Keep the defaults (A3=nothing)" beside "Nothing" was one answer shown twice, and the defaults that came with
"give the starting player token" (who holds it) were not shown at all."""

from __future__ import annotations

from bot.core.deciding import part_picks
from engine.core import DecisionPart, Option

_NOTHING = Option(key="nothing", label="Nothing")


def _picks(parts: tuple[DecisionPart, ...]) -> list[tuple[str, str, bool]]:
    found = part_picks("d9", parts, {})
    assert found is not None
    return [(label, str(invocation.options.get("choice", "")), invocation.menu) for label, invocation in found[1]]


def test_a_one_model_reaction_offers_its_default_once_marked_as_the_default() -> None:
    parts = (DecisionPart(key="A3", prompt="A3 Citadel Guard, 2 AP", default="nothing",
                          options=(_NOTHING, Option(key="spear", label="Attack with Spear (melee)"))),
             DecisionPart(key="A3.art", prompt="the combat art A3 uses", default="nothing",
                          asked_when=("A3", ("spear",)), options=(_NOTHING, Option(key="1", label="Level 1"))))
    assert _picks(parts) == [("Nothing (the default)", "A3=nothing", False),
                             ("Attack with Spear (melee)", "A3=spear", False)]


def test_a_default_that_brings_another_says_both_in_words() -> None:
    parts = (DecisionPart(key="option", prompt="Which option do you take?", default="token",
                          options=(Option(key="token", label="give the starting player token"),
                                   Option(key="table", label="choose the table edge"))),
             DecisionPart(key="to", prompt="Who holds the starting player token?", default="B",
                          asked_when=("option", ("token",)),
                          options=(Option(key="A", label="side A"), Option(key="B", label="side B"))))
    (first, second) = _picks(parts)
    assert first == ("give the starting player token (the default; Who holds the starting player token? side B)",
                     "option=token;to=B", False)
    assert second[:2] == ("choose the table edge", "option=table")


def test_several_questions_left_keep_their_defaults_in_one_pick_said_in_words() -> None:
    parts = (DecisionPart(key="board", prompt="Your board", default="mirror", options=(
                 Option(key="mirror", label="Mirror Well"), Option(key="forge", label="Shattered Forge"))),
             DecisionPart(key="join", prompt="Join the boards along", default="long", options=(
                 Option(key="long", label="long edges"), Option(key="short", label="short edges"))))
    picks = _picks(parts)
    assert picks[0] == ("Keep the defaults (Mirror Well; long edges)", "board=mirror;join=long", False)
    assert [label for label, _, _ in picks[1:]] == ["Mirror Well", "Shattered Forge"], "each asks on to the next part"
