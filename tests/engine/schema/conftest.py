"""Fixtures for the schema tests: a small valid catalogue document."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.schema.documents import preset, ruling, unit


@pytest.fixture
def catalogue_data() -> dict[str, Any]:
    return {
        "system": "freeplay",
        "units": [unit(), unit("Archer", base_mm=25, wounds=1)],
        "forces": [
            {"name": "Duo", "system": "freeplay", "units": [{"unit": "Knight"}, {"unit": "Archer", "count": 2}]}
        ],
        "maps": [preset()],
        "rulings": [ruling()],
    }
