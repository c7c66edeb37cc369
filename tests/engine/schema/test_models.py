"""Units, maps and rulings: each rule of the schema, and that each refusal names its entry and field."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from engine.schema import DataError, MapPreset, RulingOption, UnitProfile, ZoneSpec, parse
from tests.engine.schema.documents import preset, ruling, unit


def refusal(model: type[UnitProfile | MapPreset | RulingOption | ZoneSpec], data: object) -> tuple[str, ...]:
    with pytest.raises(DataError) as caught:
        parse(model, data, source="x.yaml")
    return caught.value.problems


def test_a_unit_keeps_free_stats_and_reports_its_base_in_inches() -> None:
    knight = parse(UnitProfile, unit(stats={"move": 5, "save": "3+", "reach": 1.5}), source="x.yaml")
    assert knight.stats == {"move": 5, "save": "3+", "reach": 1.5}
    assert knight.base_inches == pytest.approx(32 / 25.4)


def test_models_are_frozen() -> None:
    knight = parse(UnitProfile, unit(), source="x.yaml")
    with pytest.raises(ValidationError):
        knight.wounds = 9  # type: ignore[misc]


@pytest.mark.parametrize(
    ("fields", "line"),
    [
        ({"base_mm": "big"}, 'x.yaml: field "base_mm": must be a positive number, got "big"'),
        ({"base_mm": 0}, 'x.yaml: field "base_mm": must be a positive number, got 0'),
        ({"wounds": 1.5}, 'x.yaml: field "wounds": must be a whole number of at least 1, got 1.5'),
        ({"points": True}, 'x.yaml: field "points": must be a whole number of at least 0, got true'),
        ({"stats": {"move": None}}, 'x.yaml: field "stats.move": must be a number or text'),
        ({"keywords": ["fast", "fast"]}, 'x.yaml: field "keywords": repeats fast'),
        ({"woonds": 2}, 'x.yaml: field "woonds": is not a known field; did you mean "wounds"?'),
        (
            {"assumed": True},
            'x.yaml: field "assumed_reason": is required when assumed is true: say why the values are guessed',
        ),
        ({"assumed_reason": "why"}, 'x.yaml: field "assumed_reason": is only allowed when assumed is true, got "why"'),
        ({"name": "  "}, 'x.yaml: field "name": must not be empty, got "  "'),
    ],
)
def test_unit_problems_name_the_field(fields: dict[str, Any], line: str) -> None:
    assert refusal(UnitProfile, unit(**fields)) == (line,)


def test_an_assumed_unit_carries_its_reason() -> None:
    guessed = parse(UnitProfile, unit(assumed=True, assumed_reason="card lost in extraction"), source="x.yaml")
    assert guessed.assumed and guessed.assumed_reason == "card lost in extraction"


def test_every_problem_is_listed_not_only_the_first() -> None:
    assert len(refusal(UnitProfile, {"name": "Knight", "base_mm": -1, "wounds": 0, "extra": 1})) == 3


def test_zones_need_a_side_exactly_when_they_deploy() -> None:
    assert refusal(ZoneSpec, {"id": "DA", "kind": "deployment", "rect": [0, 0, 1, 1]}) == (
        'x.yaml: field "side": is required for a deployment zone',
    )
    assert refusal(ZoneSpec, {"id": "O1", "kind": "objective", "side": "A", "circle": [1, 1, 1]}) == (
        'x.yaml: field "side": is only allowed on a deployment zone, got "A"',
    )


def test_a_preset_map_parses() -> None:
    yard = parse(MapPreset, preset(), source="x.yaml")
    assert [zone.side for zone in yard.zones] == ["A", "B", None]
    assert yard.terrain[0].keywords == ("cover",)


def test_every_shape_off_the_table_is_named_with_its_entry_and_field() -> None:
    data = preset()
    data["terrain"][0]["rect"] = [34, 10, 4, 1]
    data["zones"][2]["circle"] = [18, -1, 0.8]
    assert refusal(MapPreset, data) == (
        'x.yaml: entry "T1" (terrain[0]): field "rect": lies off the 36 x 36 inch table (spans x 34 to 38, y 10 to 11)',
        'x.yaml: entry "O1" (zones[2]): field "circle": lies off the 36 x 36 inch table '
        "(spans x 17.2 to 18.8, y -1.8 to -0.2)",
    )


def test_a_shape_may_touch_the_edge() -> None:
    data = preset()
    data["terrain"][0]["rect"] = [0, 0, 36, 36.005]  # within the 0.01" tolerance
    assert parse(MapPreset, data, source="x.yaml").terrain[0].bounds()[3] == 36.005


def test_ids_are_unique_across_terrain_and_zones() -> None:
    data = preset()
    data["zones"][2]["id"] = "T1"
    assert refusal(MapPreset, data) == ('x.yaml: entry "T1" (zones[2]): field "id": repeats id "T1" (also terrain[0])',)


def test_the_default_ruling_must_be_an_option() -> None:
    assert refusal(RulingOption, ruling(default="fre")) == (
        'x.yaml: field "default": must be one of the options ("free", "declare-first"), got "fre"; '
        'did you mean "free"?',
    )


def test_a_ruling_offers_alternatives() -> None:
    assert refusal(RulingOption, ruling(options={"free": "Any time."})) == (
        'x.yaml: field "options": must have at least 2 entries',
    )
