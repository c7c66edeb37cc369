"""How many examples a property tries: its own small budget in ``make test``, many more in ``make fuzz``.

``make test`` runs every property with the few examples it names (derandomized under CI, so every run is the same
run), which keeps the suite fast; ``make fuzz`` (``SKIRMISH_FUZZ=long``) runs the same properties with twenty
times as many, new ones each run, for as long as that takes. Properties that name no budget get Hypothesis's
default of 100 here and the long profile's 2,000 there (``tests/conftest.py``).
"""

from __future__ import annotations

import os

__all__ = ["LONG", "examples"]

LONG = os.environ.get("SKIRMISH_FUZZ") == "long"
LONG_FACTOR = 20


def examples(count: int, *, long: int | None = None) -> int:
    """``count`` examples in ``make test``; ``long`` (or twenty times ``count``) in ``make fuzz``."""
    if not LONG:
        return count
    return long if long is not None else count * LONG_FACTOR
