"""The data schema: units, forces, maps and rulings as frozen, strict models, checked with readable errors.

The engine never reads files; a loader outside it parses YAML and hands the plain data to ``parse``.
"""

from engine.schema.assumed import Assumable, reason_when_assumed
from engine.schema.catalogue import ANY_SYSTEM, KNOWN_UNITS, Catalogue, DataKinds, entry_key, repeated_entries
from engine.schema.errors import DataError, Loc, Problem, bundle, did_you_mean
from engine.schema.fields import (
    Count,
    Ident,
    Keywords,
    NonNegativeInt,
    NonNegativeNumber,
    PositiveNumber,
    Spec,
    StatValue,
    Text,
)
from engine.schema.forces import ForceEntry, ForceList, unknown_units
from engine.schema.maps import MapPreset, TerrainSpec, ZoneSpec
from engine.schema.rulings import RulingOption, RulingsRecord, choose_rulings, typed_rulings
from engine.schema.shapes import Bounds, Point, Shaped, ShapeField, crossing_edges
from engine.schema.units import UnitProfile
from engine.schema.validate import describe, parse, problems_from

__all__ = [
    "ANY_SYSTEM",
    "KNOWN_UNITS",
    "Assumable",
    "Bounds",
    "Catalogue",
    "Count",
    "DataError",
    "DataKinds",
    "ForceEntry",
    "ForceList",
    "Ident",
    "Keywords",
    "Loc",
    "MapPreset",
    "NonNegativeInt",
    "NonNegativeNumber",
    "Point",
    "PositiveNumber",
    "Problem",
    "RulingOption",
    "RulingsRecord",
    "ShapeField",
    "Shaped",
    "Spec",
    "StatValue",
    "TerrainSpec",
    "Text",
    "UnitProfile",
    "ZoneSpec",
    "bundle",
    "choose_rulings",
    "crossing_edges",
    "describe",
    "did_you_mean",
    "entry_key",
    "parse",
    "problems_from",
    "reason_when_assumed",
    "repeated_entries",
    "typed_rulings",
    "unknown_units",
]
