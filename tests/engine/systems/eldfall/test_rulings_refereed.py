"""A table that switches an Eldfall ruling is refereed by the option it picked: an alternative the rules code does
not read is marked ``by_hand`` in data/eldfall/rulings.yaml and refused, never played as the default in silence."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.rulings import Rulings

RULES_CODE = Path(__file__).resolve().parents[4] / "engine" / "systems" / "eldfall"


def _code() -> str:
    """The Eldfall rules code, less the module that declares the rulings."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(RULES_CODE.glob("*.py")) if p.name != "rulings.py")


def test_every_typed_ruling_is_read_by_the_rules_code() -> None:
    code = _code()
    assert [f.name for f in fields(Rulings) if not re.search(rf"\.{f.name}\b", code)] == []


def test_a_ruling_the_rules_code_never_reads_offers_its_default_alone(catalogue: EldfallCatalogue) -> None:
    code = _code()
    read = {f.name.replace("_", "-") for f in fields(Rulings)}
    read |= set(re.findall(r'choice\(\w+(?:\.\w+)?, "([a-z0-9-]+)"\)', code))
    assert "treasure-vp" in read, "the pattern finds the rulings read by name"
    assert [r.id for r in catalogue.rulings if r.id not in read and r.playable != (r.default,)] == []


def test_an_option_described_as_played_by_hand_is_marked_so(catalogue: EldfallCatalogue) -> None:
    unmarked = [(r.id, key) for r in catalogue.rulings for key, text in r.options.items()
                if re.search(r"not refereed|by hand", text) and key != r.default and key not in r.by_hand]
    assert unmarked == []


def test_an_alternative_the_referee_does_not_play_is_refused_and_one_it_plays_is_taken(
        catalogue: EldfallCatalogue) -> None:
    with pytest.raises(ValueError, match=r"ruling move-too-far's option refused is not refereed yet .* the referee "
                                          r"plays stops-at-allowance$"):
        Rulings.from_options(catalogue.rulings, {"move-too-far": "refused"})
    assert Rulings.from_options(catalogue.rulings, {"personal-guard-leash": "refused"}).personal_guard_leash == \
        "refused"
