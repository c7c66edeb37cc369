"""Parsing the positions players can say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.geometry import (
    Away,
    Behind,
    Contact,
    FaceAlongPath,
    FaceDegrees,
    FaceThing,
    GeometryError,
    GoTo,
    Position,
    PositionSyntaxError,
    Toward,
    Via,
    format_position,
    parse_position,
)
from tests.budget import examples


@pytest.mark.parametrize(("text", "expected"), [
    ("10.5,12", GoTo((10.5, 12.0))),
    ('  10.5" , 12in ', GoTo((10.5, 12.0))),
    ("via:3,4;6,7;10,12", Via(((3.0, 4.0), (6.0, 7.0), (10.0, 12.0)))),
    ("toward A2", Toward("A2")),
    ("toward A2 max", Toward("A2")),
    ('TOWARD A2 3"', Toward("A2", 3.0)),
    ("contact A2", Contact("A2")),
    ("behind T3 from B1", Behind("T3", "B1")),
    ("away B1", Away("B1")),
    ("away B1 2.5", Away("B1", 2.5)),
    ("10,12 face:B1", GoTo((10.0, 12.0), FaceThing("B1"))),
    ("contact A2 face:path", Contact("A2", FaceAlongPath())),
    ("toward A2 2 face:-90", Toward("A2", 2.0, FaceDegrees(270.0))),
])
def test_each_form_parses(text: str, expected: Position) -> None:
    assert parse_position(text) == expected


@pytest.mark.parametrize(("text", "problem"), [
    ("", "nothing was given"),
    ("go A2", "'go' does not start any position form"),
    ("10;12", "'10;12' does not start"),
    ("10,x", "'10,x' is not a point"),
    ("via:", "at least one x,y"),
    ("via:3,4;6", "'6' is not a point"),
    ("toward A2 far", "'far' is not a distance in inches"),
    ("toward A2 -3", "more than 0 inches"),
    ("contact", "contact needs the form: contact <id>"),
    ("behind T3 B1", "behind <terrain-id> from <id>"),
    ("away 3", "'3' is not an id"),
    ("face:90", "face: must follow a place"),
    ("10,12 face:", "face: needs an id, path or degrees"),
])
def test_errors_say_what_was_wrong_and_what_is_accepted(text: str, problem: str) -> None:
    with pytest.raises(PositionSyntaxError) as caught:
        parse_position(text)
    message = str(caught.value)
    assert problem in message
    assert "Accepted: x,y (10.5,12)" in message and "behind T3 from B1" in message
    assert isinstance(caught.value, GeometryError) and isinstance(caught.value, ValueError)


ids = st.from_regex(r"[A-Z][0-9]{1,2}", fullmatch=True)
inches = st.floats(0.01, 99, allow_nan=False).map(lambda v: round(v, 2)).filter(lambda v: v > 0)
points = st.tuples(st.floats(0, 72).map(lambda v: round(v, 2)), st.floats(0, 72).map(lambda v: round(v, 2)))
faces = st.one_of(st.none(), ids.map(FaceThing), st.just(FaceAlongPath()),
                  st.integers(0, 359).map(lambda d: FaceDegrees(float(d))))
positions = st.one_of(
    st.builds(GoTo, points, faces),
    st.builds(Via, st.lists(points, min_size=1, max_size=4).map(tuple), faces),
    st.builds(Toward, ids, st.one_of(st.none(), inches), faces),
    st.builds(Contact, ids, faces),
    st.builds(Behind, ids, ids, faces),
    st.builds(Away, ids, st.one_of(st.none(), inches), faces),
)


@settings(max_examples=examples(150), deadline=None)
@given(positions)
def test_format_then_parse_gives_the_same_position(position: Position) -> None:
    assert parse_position(format_position(position)) == position
