"""What a player may be told before declaring is the game's policy (``System.disclosure``), and the table applies
it everywhere: measuring, suggested moves, autocomplete, previews and the grid on pictures."""

from __future__ import annotations

from bot.core.registry import Suggest
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import UserId
from tests.commands import parse_line

ALICE = UserId("alice")


async def _table(mode: str) -> TableService:
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES)
    for line in (f"/game new system:freeplay map:crossroads practice:yes mode:{mode}",
                 "/force load name:Red Company side:A", "/force load name:Wild Hunt side:B"):
        (*_, last) = await service.execute("t", ALICE, parse_line(line))
        assert not last.error, last.text
    return service


async def test_measuring_first_gives_no_distances_suggestions_previews_or_grid() -> None:
    service = await _table("declare-first")
    (measured,) = await service.execute("t", ALICE, parse_line("/measure from:A1 to:O1"))
    assert measured.error and "only after declaring" in measured.text
    (asked,) = await service.execute("t", ALICE, parse_line("/move model:A1"))
    shown = [label for label, _ in asked.picks]
    assert not asked.error and not asked.pictures and "toward objective O1, as far as it goes" in shown
    assert not any('"' in label or ")" in label for label in shown), "no measured, lettered suggestion"
    ends = service.suggestions("t", ALICE, ("move",), "to", Suggest.ACTION, "", {"model": "A1"})
    contacts = [choice.value for choice in ends if choice.value.startswith("contact")]
    assert contacts == sorted(contacts), "enemies in id order: the list itself measures nothing"
    moved = await service.execute("t", ALICE, parse_line("/move model:A1 to:toward O1 3"), preview=True)
    assert moved[0].confirm is None and moved[0].text.startswith("A1 moves"), "the move is the declaration"
    (picture,) = moved[0].pictures
    assert not picture.board.show_grid  # type: ignore[union-attr]


async def test_free_measuring_previews_and_suggests() -> None:
    service = await _table("free")
    (preview,) = await service.execute("t", ALICE, parse_line("/move model:A1 to:toward O1 3"), preview=True)
    assert preview.confirm is not None and preview.text.startswith("Preview: A1 moves")
    choices = service.suggestions("t", ALICE, ("move",), "to", Suggest.ACTION, "", {"model": "A1"})
    values = [choice.value for choice in choices]
    letters = [choice.shown[:3] for choice in choices]
    assert letters and letters == [f"{chr(65 + n)}) " for n in range(len(letters))], "the routed suggestions, lettered"
    assert all(value.startswith(("toward", "contact", "behind", "into")) for value in values)
    (measured,) = await service.execute("t", ALICE, parse_line("/measure from:A1 to:O1"))
    assert not measured.error and measured.text.startswith("A1 to O1: ")
