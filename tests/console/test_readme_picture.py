"""The README's picture is the one the bot draws at the end of the freeplay example, and stays current."""

from __future__ import annotations

import os
from pathlib import Path

from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "examples" / "freeplay" / "skirmish-at-the-crossroads.gm"
PICTURE = ROOT / "docs" / "board-example.png"


async def test_the_readme_picture_is_the_examples_last_board(tmp_path: Path) -> None:
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lambda _: None, out_dir=tmp_path,
                             files_from=EXAMPLE.parent)
    await session.run_lines(EXAMPLE.read_text(encoding="utf-8").splitlines(), strict=True)
    last = sorted(tmp_path.glob("*.png"))[-1].read_bytes()
    if os.environ.get("UPDATE_GOLDEN"):
        PICTURE.write_bytes(last)
    assert PICTURE.read_bytes() == last, "regenerate with UPDATE_GOLDEN=1 make test"
    assert "docs/board-example.png" in (ROOT / "README.md").read_text(encoding="utf-8")
