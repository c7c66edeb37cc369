"""At the table, from the console: an opponent named at /game new is seated; /undo alone offers the recent steps;
/dice rig alone lists the queue, values:clear empties it and /status says what is left; a mistyped value gets
"did you mean"; /log all:yes keeps the bookkeeping the default log leaves out; the working of an action is printed
on request and carried in --json."""

from __future__ import annotations

import json

from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES


async def _play(script: list[str], **options: bool) -> list[str]:
    printed: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=printed.append, **options)
    await session.run_lines(script)
    return [line for text in printed for line in text.split("\n")]


def _after(lines: list[str], command: str) -> list[str]:
    """The lines printed for ``command`` (up to the next echoed command)."""
    start = lines.index(command) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith(" ")), len(lines))
    return [line.strip() for line in lines[start:end]]


async def test_naming_an_opponent_seats_them_and_only_a_table_without_one_is_for_practice() -> None:
    lines = await _play(["/game new system:freeplay opponent:@bob", "/status", "/dice rig values:6"])
    assert "bob takes side B." in _after(lines, "alice> /game new system:freeplay opponent:@bob")
    assert "Seats: A: alice, B: bob." in _after(lines, "alice> /status")[0]
    assert "only allowed on practice tables" in _after(lines, "alice> /dice rig values:6")[0]
    alone = await _play(["/game new system:freeplay", "/status"])
    assert "Seats: A: alice, B: alice." in _after(alone, "alice> /status")[0], "a practice table: every side hers"


async def test_undo_alone_offers_the_recent_steps_as_picks() -> None:
    lines = await _play(["/game new system:freeplay opponent:@bob", "/roll dice:1d6", "/roll dice:2d6", "/undo",
                         "a", "@bob /decide choice:yes"])
    offered = _after(lines, "alice> /undo")
    assert offered[0].startswith("[private to alice] Undo back to before which step?")
    assert offered[1].startswith("a) #") and "rolls for a free roll: 2d6" in offered[1]
    assert offered[1].endswith(f"/undo to:{int(offered[1].split('#')[1].split()[0]) - 1}")
    assert any("asks to undo back to event" in line for line in _after(lines, "alice> a"))
    assert any(line.startswith("Undo agreed") for line in _after(lines, "bob> /decide choice:yes"))


async def test_undo_alone_is_a_paged_menu_of_every_point_back_to_the_start_and_to_typed_still_works() -> None:
    rolls = [f"/roll dice:{n}d6" for n in range(1, 31)]
    lines = await _play(["/game new system:freeplay opponent:@bob", *rolls, "/undo", "y", "a", "@bob /decide "
                         "choice:yes", "/undo to:3"])
    first = _after(lines, "alice> /undo")
    assert first[0].endswith("(page 1 of 2, 34 steps)") and len(first) == 1 + 25 + 1, "24 steps, More, the hint"
    assert first[1].startswith("a) #35 ") and "30d6" in first[1] and first[1].endswith("/undo to:34")
    assert first[25].startswith("y) More: page 2 of 2")
    second = _after(lines, "alice> y")
    assert second[0].endswith("(page 2 of 2, 34 steps)") and second[1].startswith("a) #11 ")
    assert second[-3].startswith("j) #2 alice takes side A.") and second[-2].startswith("k) More: back to page 1")
    assert any("asks to undo back to event #10" in line for line in _after(lines, "alice> a"))
    assert any("asks to undo back to event #3" in line for line in _after(lines, "alice> /undo to:3"))


async def test_rigged_dice_are_listed_cleared_and_never_a_surprise() -> None:
    lines = await _play(["/game new system:freeplay", "/dice rig", "/dice rig values:6,5,4", "/roll dice:1d6",
                         "/dice rig", "/status", "/dice rig values:clear", "/dice rig", "/status"])
    assert _after(lines, "alice> /dice rig")[0].endswith("No rigged dice are queued: the next public rolls come from "
                                                          "the seed. /dice rig values:6,6,1 queues some.")
    second = lines.index("alice> /dice rig", lines.index("alice> /roll dice:1d6"))
    assert "queued for the next public rolls, next first: 5, 4." in lines[second + 1]
    statuses = [line for line in lines if "Rigged dice still queued" in line]
    assert len(statuses) == 1 and "5, 4" in statuses[0], "/status lists what is left until it is cleared"
    assert _after(lines, "alice> /dice rig values:clear") == [
        "Practice table: the rigged dice still queued are dropped; the dice roll from the seed again."]


async def test_a_mistyped_value_gets_did_you_mean() -> None:
    lines = await _play(["/game new system:undrworlds", "/game new system:underworlds", "@bob /game join",
                         "/game new system:freeplay pace:lvie"])
    assert _after(lines, "alice> /game new system:undrworlds")[0].endswith('did you mean "underworlds"?')
    assert _after(lines, "alice> /game new system:freeplay pace:lvie")[0].endswith('did you mean "live"?')


async def test_the_full_log_keeps_the_bookkeeping_the_default_log_leaves_out() -> None:
    lines = await _play(["/game demo system:underworlds", "/log count:200", "/log count:200 all:yes"])
    default = _after(lines, "alice> /log count:200")
    full = _after(lines, "alice> /log count:200 all:yes")
    assert not [line for line in default if " in draw" in line or ": draw: " in line]
    assert [line for line in full if " in draw" in line] and len(full) > len(default)


async def test_an_attack_shows_its_working_on_request_and_in_json() -> None:
    script = ["/game demo system:underworlds", "as alice:A", "/act action:charge model:A1 target:B4 to:A5"]
    plain = await _play([*script, "working"], show_working=True)
    attack = _after(plain, "alice:A> /act action:charge model:A1 target:B4 to:A5")
    assert any(line.startswith("Working:") for line in attack)
    assert any("the attack's symbol (Underworlds core rulebook, L453)" in line or "no success, neither" in line
               for line in attack)
    records = [json.loads(line) for line in await _play(script, as_json=True)]
    worked = [r for r in records if r["command"].startswith("/act action:charge") and r["working"]]
    assert worked and any("Criticals" in line for line in worked[0]["working"])
