"""docs/eldfall.md keeps up with the data: every ability, spell and ruling is listed."""

from __future__ import annotations

from pathlib import Path

from engine.systems.eldfall.catalogue import EldfallCatalogue

DOC = Path(__file__).resolve().parents[4] / "docs" / "eldfall.md"


def test_every_ability_spell_and_ruling_is_in_the_docs(catalogue: EldfallCatalogue) -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [a.name for a in catalogue.abilities if f"| {a.kind} | {a.name} |" not in text]
    missing += [s.name for s in catalogue.spells if f"\n| {s.name} | {s.element} |" not in text]
    missing += [r.id for r in catalogue.rulings if f"| `{r.id}` | `{r.default}`" not in text]
    assert missing == []


def test_the_docs_cite_no_path_on_this_machine() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "/work/" not in text and "seeds/" not in text
