"""docs/sunshard.md keeps up with the data: every ruling is listed with its default."""

from __future__ import annotations

from pathlib import Path

from tests.engine.systems.sunshard.loader import shipped

DOC = Path(__file__).resolve().parents[4] / "docs" / "sunshard.md"


def test_every_ruling_is_in_the_docs() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert [r.id for r in shipped().rulings if f"| `{r.id}` | `{r.default}` |" not in text] == []


def test_the_docs_cite_no_path_on_this_machine() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert "/work/" not in text and "seeds/" not in text
