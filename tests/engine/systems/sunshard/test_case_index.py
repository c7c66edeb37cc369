"""docs/sunshard.md's table of the rules digest's cases: every printed example (EX) and derived case (D-01 to D-52)
is listed, and each is named in a test file of its row (so a case's test cannot go missing unnoticed)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
HERE = Path(__file__).resolve().parent
CASES = ["EX-1", "EX-2a", "EX-2b", *(f"EX-{n}" for n in range(3, 10)), *(f"D-{n:02d}" for n in range(1, 53))]


def _expand(cell: str) -> list[str]:
    """The case ids of a table cell, ranges such as "D-11 to D-20" spelled out."""
    ids: list[str] = []
    for part in cell.split(","):
        span = re.fullmatch(r"\s*(EX|D)-(\d+)\s+to\s+(EX|D)-(\d+)\s*", part)
        if span:
            width = len(span.group(2))
            ids += [f"{span.group(1)}-{n:0{width}d}" for n in range(int(span.group(2)), int(span.group(4)) + 1)]
        else:
            ids.append(part.strip())
    return ids


def _rows() -> list[tuple[list[str], list[Path]]]:
    text = (ROOT / "docs" / "sunshard.md").read_text()
    section = text.split("## Worked examples and cases as tests", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) < 4 or not re.match(r"\s*(EX|D)-", cells[1]):
            continue
        files = [ROOT / name if "/" in name else HERE / name for name in re.findall(r"`([\w/.]+\.py)`", cells[2])]
        rows.append((_expand(cells[1]), files))
    return rows


def test_every_digest_case_is_in_the_table_and_named_by_a_test_of_its_row() -> None:
    rows = _rows()
    listed = {case for cases, _ in rows for case in cases}
    assert sorted(set(CASES) - listed) == []
    for cases, files in rows:
        texts = [path.read_text() for path in files]
        for case in cases:
            assert any(re.search(rf"\b{re.escape(case)}\b", text) for text in texts), (case, [p.name for p in files])
