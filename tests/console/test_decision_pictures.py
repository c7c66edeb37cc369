"""A decision answered by a place on the table comes with a picture of where its offered points lie (newcomer
finding: Sunshard's objective placement listed bare coordinates, "12,12, 11,12, ...", with no picture), sent to its
owner alone; a decision that is no place comes without one."""

from __future__ import annotations

from bot.console.session import TABLE, ConsoleSession, seeded_source
from bot.core.outputs import Picture
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import parse_point
from engine.core.board import OverlayKind
from renderers.key import key_entries

SETUP = ["/game new system:sunshard opponent:bob", "/decide choice:Greywater Delvers",
         "@bob /decide choice:Ashen Remnant"]


async def test_an_objectives_placement_shows_its_owner_every_point_offered_and_nobody_else() -> None:
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(3), print_line=lambda _: None)
    said = [await session.run_line(line) for line in SETUP]
    warband, outputs = said[0], said[-1]
    game = session._service.live_game(TABLE)
    assert game is not None
    (decision,) = game.pending
    prompts = [o for o in outputs if o.decision is not None and o.decision.id == decision.id]
    assert {o.to for o in prompts if o.pictures} == {str(game.state.seats[decision.owner])}, "the owner's alone"
    (picture,) = next(o.pictures for o in prompts if o.pictures)
    assert isinstance(picture, Picture) and picture.board.viewer.side == decision.owner
    offered = {parse_point(option.key) for option in decision.parts[0].options}
    assert {o.center for o in picture.board.overlays if o.kind is OverlayKind.RING} == offered
    key = [entry.text for entry in key_entries(picture.board, (0.0, 0.0, picture.board.width, picture.board.height))]
    assert "a place you may choose" in key and "range" not in key, "the key names the rings for what they are"
    (again,) = await session.run_line(f"@{game.state.seats[decision.owner]} /decide")
    assert again.pictures and again.pictures[0].filename == "choices.png", "/decide shows it again"
    assert [o for o in warband if o.decision is not None and o.to == "alice"], "the game asks for a warband first"
    assert not [o for o in warband if o.decision is not None and o.pictures], "a warband is no place"
