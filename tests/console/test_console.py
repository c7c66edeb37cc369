"""The offline console: scripts, players switching, JSON output and strict mode (examples: test_examples.py)."""

from __future__ import annotations

import json
from pathlib import Path

from bot.console.session import ConsoleSession, seeded_source
from bot.core.data_loader import IMPORT_LIMIT_BYTES
from bot.core.systems import SYSTEM_FACTORIES


def _session(lines: list[str], **kwargs: object) -> ConsoleSession:
    return ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lines.append, **kwargs)  # type: ignore[arg-type]


async def test_players_switch_with_as_and_at() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:freeplay practice:no", "@bob /game join side:B", "as bob", "/status"])
    assert "bob> /game join side:B" in lines and "bob> /status" in lines
    assert any("Seats: A: alice, B: bob" in line for line in lines)


async def test_a_side_can_be_chosen_when_one_player_holds_both() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:freeplay", "as alice:B", "/hand add card:Feint", "/hand show"])
    assert any("[private to alice] Your hand (side B): Feint." in line for line in lines)


async def test_json_lines_carry_audience_text_images_decision_error() -> None:
    lines: list[str] = []
    session = _session(lines, as_json=True)
    await session.run_lines(["/game new system:freeplay", "as alice:A", "/hand add card:Ambush", "/roll dice:2x"])
    records = [json.loads(line) for line in lines]
    assert all({"audience", "text", "images", "decision", "error"} <= set(r) for r in records)
    assert any(r["audience"] == "private:alice" and "Ambush" in r["text"] for r in records)
    assert records[-1]["error"] is True and "2x" in records[-1]["text"]


async def test_strict_mode_stops_at_the_first_error_and_plain_mode_goes_on() -> None:
    script = ["/game new system:freeplay", "/move model:Z9 to:1,1", "/roll dice:1d6"]
    lines: list[str] = []
    assert await _session(lines).run_lines(script, strict=True) == 1
    assert not any(line.startswith("alice> /roll") for line in lines)
    lines.clear()
    assert await _session(lines).run_lines(script) == 0
    assert any(line.startswith("alice> /roll") for line in lines)


async def test_an_imported_unit_file_with_a_missing_field_is_refused_by_file_entry_and_field(tmp_path: Path) -> None:
    (tmp_path / "units.yaml").write_text("units:\n  - name: Troll\n    base_mm: 50\n", encoding="utf-8")
    lines: list[str] = []
    session = _session(lines, files_from=tmp_path)
    await session.run_lines(["/game new system:freeplay", "as alice:A", "/force import file:units.yaml",
                             "/force import file:nowhere.yaml"])
    errors = [line for line in lines if "[error to alice]" in line]
    assert 'units.yaml: entry "Troll" (units[0]): field "wounds"' in errors[0]
    assert "cannot read the file nowhere.yaml" in errors[1]


async def test_an_import_larger_than_discord_allows_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    (tmp_path / "huge.yaml").write_bytes(b"#" * (IMPORT_LIMIT_BYTES + 1))
    lines: list[str] = []
    session = _session(lines, files_from=tmp_path)
    await session.run_lines(["/game new system:freeplay", "/force import file:huge.yaml",
                             "/force import file:/dev/zero"])
    refusals = [line for line in lines if "larger than" in line]
    assert len(refusals) == 2 and session.errors == 2
    assert "huge.yaml is larger than 256 KB: imports are YAML files of at most 256 KB" in refusals[0]


async def test_json_names_only_pictures_that_were_written(tmp_path: Path) -> None:
    lines: list[str] = []
    await _session(lines, as_json=True).run_lines(["/game demo system:freeplay"])
    records = [json.loads(line) for line in lines]
    assert all(r["images"] == [] for r in records), "nothing was written without --out"
    assert any(r["pictures"] for r in records), "but the picture the output carries is named"
    lines.clear()
    await _session(lines, as_json=True, out_dir=tmp_path).run_lines(["/game demo system:freeplay"])
    written = [image for line in lines for image in json.loads(line)["images"]]
    assert written and all(Path(image).is_file() for image in written)


async def test_a_second_run_into_the_same_folder_keeps_the_first_runs_pictures(tmp_path: Path) -> None:
    await _session([], out_dir=tmp_path).run_lines(["/game demo system:freeplay"])
    first = {path.name: path.read_bytes() for path in tmp_path.glob("*.png")}
    await _session([], out_dir=tmp_path).run_lines(["/game demo system:freeplay"])
    names = sorted(path.name for path in tmp_path.glob("*.png"))
    assert first and len(names) == 2 * len(first), "the second run added its pictures beside the first run's"
    assert all((tmp_path / name).read_bytes() == data for name, data in first.items())
    assert [name[:3] for name in names] == [f"{n:03d}" for n in range(1, len(names) + 1)], "numbering goes on"


async def test_a_menu_is_picked_by_its_letter_and_a_missing_letter_is_refused() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:underworlds", "/act"])
    assert any(line.strip() == "a) Mirror Well: /decide decision:d12 choice:mirror-well" for line in lines)
    await session.run_lines(["b", "z"])
    assert any("chooses the board Katophrane's Reliquary" in line for line in lines)
    assert lines[-1].strip().startswith("[error to alice] alice has no pick z in their latest menu")


async def test_act_alone_shows_the_decision_a_held_side_owes_whichever_side_was_chosen() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:underworlds", "/game side side:A"])
    shown = len(lines)
    await session.run_lines(["/act"])
    answer = "\n".join(lines[shown:])
    assert "[private to alice] alice (side B), decide d12: Choose a board" in answer
    assert "Nothing you can do right now" not in answer


async def test_a_player_holding_both_sides_needs_no_side_for_the_side_the_game_waits_on() -> None:
    """The demo seats alice on both sides; her hand, her pass and her fighter's Guard go to the side whose
    activation it is, without /game side."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game demo system:underworlds"])
    shown = len(lines)
    await session.run_lines(["/act"])
    first = next(line for line in lines[shown:] if line.strip().startswith("a) "))
    side = first.strip()[3]  # "a) B1: Move: ..." -> B
    await session.run_lines(["/hand show", f"/act action:guard model:{side}1"])
    text = "\n".join(lines)
    assert f"Your hand (side {side})" in text and "say which one acts" not in text
    assert session.errors == 0
    shown = len(lines)
    await session.run_lines(["/pass"])
    assert session.errors == 0 and "passes" in "\n".join(lines[shown:])


async def test_pass_alone_with_nothing_to_pass_says_what_would_be_accepted() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:freeplay", "/pass"])
    assert "there is nothing to pass now. /pass until:<trigger|phase>" in lines[-1]


async def test_an_eldfall_move_is_taken_from_menus_alone() -> None:
    """The /move menu names where a model may head (contact with an enemy or a quest token), so a move needs no
    typing; under Assisted measuring the nearest enemy comes first (after the places a Walk goes toward, where no
    movement of the model reaches contact: said, and last)."""
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game demo system:eldfall", "as alice:A", "/act"])
    move = next(line.strip()[0] for line in lines if ") A1: Move" in line)  # after the Activate entries
    await session.run_lines([move])
    picks = [line.strip() for line in lines if ") into contact" in line]
    assert picks and " into contact with B" in picks[0], lines[-6:]
    await session.run_lines([picks[0][0], "a"])  # the nearest enemy, then a Walk (the movement is asked, not assumed)
    assert session.errors == 0
    assert any("activates" in line and "Walks" in line for line in lines[-12:])


async def test_the_practice_table_gives_way_to_a_new_game_that_would_start() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game demo system:freeplay", "/game new system:nosuchgame opponent:bob"])
    assert session.errors == 1  # a refused /game new leaves the practice table as it was
    assert not any("ended" in line.casefold() for line in lines)
    await session.run_line("/game new system:shroudfall opponent:bob")
    game = session._service.live_game("console")
    assert session.errors == 1 and game is not None and game.setup.system == "shroudfall"
    assert not game.setup.practice and "bob" in game.state.seats.values()


async def test_a_game_between_two_players_is_never_ended_by_a_new_one() -> None:
    lines: list[str] = []
    session = _session(lines)
    await session.run_lines(["/game new system:freeplay opponent:bob", "/game new system:shroudfall opponent:bob"])
    assert session.errors == 1 and any("already hosts" in line for line in lines)
