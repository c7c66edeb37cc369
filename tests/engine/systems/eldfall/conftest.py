"""Eldfall test fixtures: the shipped data, loaded once."""

from __future__ import annotations

import pytest

from engine.systems.eldfall.catalogue import EldfallCatalogue
from tests.engine.systems.eldfall.loader import load_eldfall


@pytest.fixture(scope="session")
def catalogue() -> EldfallCatalogue:
    """All of data/eldfall, validated."""
    return load_eldfall()
