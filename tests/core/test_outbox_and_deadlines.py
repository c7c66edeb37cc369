"""Messages are committed with their events (the outbox) and decision deadlines ride the same commit.

The clock is a variable here, so a deadline passing is a plain assignment, not a wait.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.core.commit import SNAPSHOT_EVERY
from bot.core.outputs import Output
from bot.core.pace import PACES
from bot.core.service import TableService
from bot.core.sqlite_store import SqliteRepository
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import SPECTATOR, Game, UserId
from tests.commands import parse_line
from tests.engine.core.toy_duel import SecretDuel

ALICE, BOB = UserId("alice"), UserId("bob")
START = 1_900_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def repository(clock: Clock) -> MemoryRepository:
    return MemoryRepository(clock=clock)


@pytest.fixture
def service(repository: MemoryRepository, clock: Clock) -> TableService:
    seeds = iter(range(100))
    return TableService(repository, {**SYSTEM_FACTORIES, "duel": SecretDuel},
                        seed_source=lambda: f"{next(seeds):064x}", clock=clock)


async def run(service: TableService, user: UserId, line: str) -> list[Output]:
    return await service.execute("t1", user, parse_line(line))


async def two_player_freeplay(service: TableService, pace: str = "live") -> None:
    await run(service, ALICE, f"/game new system:freeplay map:crossroads pace:{pace}")
    await run(service, BOB, "/game join side:B")
    await run(service, ALICE, "/force load name:Red Company side:A")


async def test_public_lines_are_committed_to_the_outbox_and_the_invokers_own_lines_are_not(
    service: TableService, repository: MemoryRepository
) -> None:
    await two_player_freeplay(service)
    unsent_before = len(await repository.unsent_outbox())
    outputs = await run(service, ALICE, "/hand add card:Ambush")
    public = next(o for o in outputs if o.to is None)
    mine = next(o for o in outputs if o.to == ALICE)
    assert public.outbox_id is not None and public.table == "t1"
    assert mine.outbox_id is None, "the invoker's reply belongs to their interaction"
    rows = await repository.unsent_outbox()
    assert len(rows) == unsent_before + 1
    assert rows[-1].destination == "channel:t1" and "Ambush" not in rows[-1].payload["text"]
    (refusal,) = await run(service, BOB, "/move model:A1 to:1,1")
    assert refusal.error and refusal.outbox_id is None
    assert len(await repository.unsent_outbox()) == unsent_before + 1


async def test_an_outbox_message_comes_back_whole_after_a_restart(service: TableService) -> None:
    await two_player_freeplay(service)
    outputs = await run(service, ALICE, "/move model:A1 to:18,8")
    posted = next(o for o in outputs if o.to is None)
    assert posted.pictures, "a move posts the board"
    (again,) = [o for o in await service.unsent() if o.outbox_id == posted.outbox_id]
    assert again == posted


async def test_a_decision_arms_a_deadline_by_the_pace_and_answering_disarms_it(
    service: TableService, repository: MemoryRepository
) -> None:
    await two_player_freeplay(service)
    outputs = await run(service, ALICE, "/undo to:3")
    notice = next(o for o in outputs if o.decision is not None and o.to is None)
    assert notice.deadline == START + PACES["live"].timeout("undo")
    assert notice.ping == BOB and notice.seq is not None
    reminder, deadline = await repository.deadlines()
    assert (deadline.decision_id, deadline.due_at) == (notice.decision.id, notice.deadline)
    assert (reminder.decision_id, reminder.due_at) == (f"remind:{notice.decision.id}", START + 150)
    await run(service, BOB, f"/decide decision:{notice.decision.id} choice:no")
    assert await repository.deadlines() == []


async def test_a_play_by_post_table_waits_hours(service: TableService) -> None:
    await two_player_freeplay(service, pace="post")
    outputs = await run(service, ALICE, "/undo to:3")
    notice = next(o for o in outputs if o.decision is not None and o.to is None)
    assert notice.deadline == START + 24 * 3600
    with pytest.raises(ValueError, match="pace:slow is not one of live, post"):
        parse_line("/game new system:freeplay pace:slow")


async def test_an_optional_decision_takes_its_default_when_time_runs_out(
    service: TableService, repository: MemoryRepository, clock: Clock
) -> None:
    await two_player_freeplay(service)
    await run(service, ALICE, "/undo to:3")
    clock.now += PACES["live"].timeout("undo") / 2
    (reminder,) = await service.expire_due()
    assert reminder.to == BOB and reminder.text.startswith("Reminder: your choice d")
    assert reminder.outbox_id is not None and reminder.deadline == START + PACES["live"].timeout("undo")
    clock.now = START + PACES["live"].timeout("undo") - 1
    assert await service.expire_due() == []
    clock.now += 2
    expired = await service.expire_due()
    assert any("Time ran out for side B" in o.text and o.outbox_id is not None for o in expired)
    assert await repository.deadlines() == []
    game = await service.game_at("t1")
    assert game is not None and not game.pending


async def test_a_required_decision_is_announced_late_and_keeps_waiting(
    service: TableService, repository: MemoryRepository, clock: Clock
) -> None:
    await run(service, ALICE, "/game new system:duel")
    await run(service, BOB, "/game join side:B")
    await run(service, ALICE, "/hand add card:2,5,9")
    await run(service, BOB, "/hand add card:1,4,7")
    game = await service.game_at("t1")
    assert game is not None
    waiting = set(game.state.pending)
    assert waiting and not any(d.optional for d in game.pending)
    clock.now += 3600
    outputs = await service.expire_due()
    expired = [o for o in outputs if o.to is None]
    assert {o.to for o in outputs if o.to is not None} == {ALICE}, "each owner was reminded privately first"
    assert len(expired) == len(waiting) and all("Time is up for" in o.text for o in expired)
    assert all("2, 5, 9" not in o.text and "1, 4, 7" not in o.text for o in expired)
    prompts = {d.prompt for d in game.pending}
    assert all(o.text.endswith("a secret choice. The game waits for their answer, or for the host to /game force it.")
               and not any(p in o.text for p in prompts) for o in expired), "a secret prompt stays with its owner"
    assert set(game.state.pending) == waiting, "a required choice waits for its owner or the host"
    assert await repository.deadlines() == []


async def test_open_prompts_are_the_remembered_notices_refreshed(
    service: TableService, repository: MemoryRepository
) -> None:
    await two_player_freeplay(service)
    outputs = await run(service, ALICE, "/undo to:3")
    notice = next(o for o in outputs if o.decision is not None and o.to is None)
    assert await service.open_prompts() == [], "nothing was posted yet, so there is nothing to edit"
    await service.sent(notice, 555, 777)
    restarted = TableService(repository, SYSTEM_FACTORIES)
    ((refreshed, channel, message_id),) = await restarted.open_prompts()
    assert (channel, message_id) == (555, 777)
    assert refreshed.decision == notice.decision and refreshed.deadline == notice.deadline
    assert (refreshed.seq, refreshed.ping, refreshed.table) == (notice.seq, BOB, "t1")


async def test_the_host_extends_a_deadline_and_a_paused_game_does_not_expire(
    service: TableService, repository: MemoryRepository, clock: Clock
) -> None:
    await two_player_freeplay(service)
    outputs = await run(service, ALICE, "/undo to:3")
    notice = next(o for o in outputs if o.decision is not None and o.to is None)
    assert notice.decision is not None and notice.deadline is not None
    await run(service, ALICE, f"/game extend decision:{notice.decision.id} minutes:30")
    deadline = next(d for d in await repository.deadlines() if d.decision_id == notice.decision.id)
    assert deadline.due_at == notice.deadline + 30 * 60
    await run(service, ALICE, "/game pause reason:dinner")
    clock.now = deadline.due_at + 1
    assert await service.expire_due() == []
    game = await service.game_at("t1")
    assert game is not None and notice.decision.id in game.state.pending, "nothing expires while paused"
    assert all(d.due_at > clock.now for d in await repository.deadlines()), "re-armed for after the pause"
    status, *notices = await run(service, BOB, "/status")
    assert [o.decision.id for o in notices if o.decision] == [notice.decision.id]
    assert "Paused by the host" in status.text


async def test_a_long_game_is_snapshotted_and_reloads_from_its_snapshot(
    service: TableService, repository: MemoryRepository, monkeypatch: pytest.MonkeyPatch
) -> None:
    await two_player_freeplay(service)
    while (game := await service.game_at("t1")) is not None and game.seq < SNAPSHOT_EVERY + 5:
        await run(service, ALICE, "/roll dice:1d6")
    stored = await repository.current("t1")
    assert game is not None and stored is not None
    snapshot = await repository.latest_snapshot(stored.game_id)
    assert snapshot is not None and SNAPSHOT_EVERY <= snapshot.seq < SNAPSHOT_EVERY + 5
    used: list[int] = []
    original = Game.from_snapshot

    def spy(*args: Any) -> Game[Any]:
        used.append(args[4])  # the snapshot's seq
        return original(*args)

    monkeypatch.setattr(Game, "from_snapshot", spy)
    restarted = TableService(repository, SYSTEM_FACTORIES)
    reloaded = await restarted.game_at("t1")
    assert used == [snapshot.seq]
    assert reloaded is not None and reloaded.state.fingerprint() == game.state.fingerprint()


async def test_the_host_forces_a_required_decision_and_nobody_else_may(service: TableService) -> None:
    await two_player_freeplay(service)
    outputs = await run(service, ALICE, "/ask side:B question:Hold the line? options:hold,flee")
    notice = next(o for o in outputs if o.decision is not None and o.to is None)
    assert notice.decision is not None and not notice.decision.optional
    decision = notice.decision.id
    (refusal,) = await run(service, BOB, f"/game force decision:{decision} choice:flee")
    assert refusal.error and "only the game's host" in refusal.text
    forced = await run(service, ALICE, f"/game force decision:{decision} choice:flee")
    assert any("flee" in o.text and o.to is None for o in forced)
    game = await service.game_at("t1")
    assert game is not None and not game.pending


async def test_a_game_another_process_moved_on_is_reloaded_before_the_next_command(
    service: TableService, repository: MemoryRepository
) -> None:
    await two_player_freeplay(service)
    other = TableService(repository, SYSTEM_FACTORIES)  # a second process on the same storage
    assert await other.game_at("t1") is not None
    await run(service, ALICE, "/note text:first")
    again = await other.execute("t1", BOB, parse_line("/note text:second"))
    assert any(o.to is None and "second" in o.text for o in again)
    stored = await repository.current("t1")
    assert stored is not None and sum(r["kind"] == "freeplay.note" for r in stored.records) == 2
    mine, theirs = await service.game_at("t1"), await other.game_at("t1")
    assert mine is not None and theirs is not None and mine.seq == theirs.seq == stored.seq


async def test_a_command_overtaken_between_its_read_and_its_commit_is_refused_and_the_next_one_works(
    service: TableService, repository: MemoryRepository, monkeypatch: pytest.MonkeyPatch
) -> None:
    await two_player_freeplay(service)
    other = TableService(repository, SYSTEM_FACTORIES)  # a second process on the same storage
    read = repository.current
    overtaken: list[bool] = []

    async def read_then_overtaken(table: str) -> Any:
        stored = await read(table)
        stored = None if stored is None else replace(stored, records=list(stored.records))  # as read from disk
        if not overtaken:  # the first process commits while the second is still working on what it read
            overtaken.append(True)
            await run(service, ALICE, "/note text:first")
        return stored

    monkeypatch.setattr(repository, "current", read_then_overtaken)
    (refusal,) = await other.execute("t1", BOB, parse_line("/note text:second"))
    assert refusal.error and refusal.text.startswith("Another command reached this game first")
    stored = await read("t1")
    assert stored is not None and sum(r["kind"] == "freeplay.note" for r in stored.records) == 1
    again = await other.execute("t1", BOB, parse_line("/note text:second"))
    assert any(o.to is None and "second" in o.text for o in again)


async def test_the_table_lists_its_games_newest_first(service: TableService) -> None:
    (empty,) = await run(service, ALICE, "/game list")
    assert empty.text.startswith("No game has been played at this table yet")
    await two_player_freeplay(service)
    await run(service, ALICE, "/game end")
    await run(service, ALICE, "/game new system:freeplay")
    (listing,) = await run(service, BOB, "/game list")
    first, newest, older = listing.text.splitlines()
    assert first == "Games at this table, newest first:"
    assert newest.startswith("Freeplay (A: alice)") and "in play, round 1" in newest
    assert older.startswith("Freeplay (A: alice, B: bob)") and "draw" in older.casefold()


async def test_resuming_posts_where_the_game_was(service: TableService) -> None:
    await two_player_freeplay(service)
    await run(service, ALICE, "/undo to:3")
    await run(service, ALICE, "/game pause reason:pizza")
    resumed = await run(service, ALICE, "/game resume")
    recap = next(o for o in resumed if o.text.startswith("Where we were:"))
    assert recap.to is None and "round 1" in recap.text and "owed by side B" in recap.text


async def test_game_demo_builds_a_ready_practice_table_in_one_command(service: TableService) -> None:
    outputs = await run(service, ALICE, "/game demo system:freeplay")
    assert not any(o.error for o in outputs)
    game = await service.game_at("t1")
    assert game is not None and game.setup.practice
    assert game.state.sides_of(ALICE) == ("A", "B")
    board = game.system.board(game.state, SPECTATOR, ())
    assert board is not None
    assert {m.side for m in board.models} == {"A", "B"}
    assert game.setup.options["map"] == "crossroads"


async def test_help_says_what_to_do_next_for_the_person_asking(service: TableService) -> None:
    await run(service, ALICE, "/game new system:freeplay map:crossroads")
    (spectator,) = await run(service, BOB, "/help")
    assert spectator.text.startswith("You hold no side. Join with /game join (free: B).")
    (empty,) = await run(service, ALICE, "/help")
    assert "Your side has no models yet: /force load name:<force> (for example " in empty.text
    assert "As host: /game pause" in empty.text
    await run(service, ALICE, "/force load name:Red Company side:A")
    await run(service, BOB, "/game join")
    (ready,) = await run(service, ALICE, "/help")
    assert "Your models: A1, " in ready.text and "Next: /move model:A1" in ready.text
    (bobs,) = await run(service, BOB, "/help")
    assert bobs.text.startswith("You hold side B. Your side has no models yet") and "As host" not in bobs.text
    await run(service, ALICE, "/game end")
    (over,) = await run(service, BOB, "/help")
    assert over.text.startswith("The game is over. /game rematch")


async def test_the_host_changes_the_pace_and_new_choices_wait_by_it(service: TableService) -> None:
    await two_player_freeplay(service)
    (refusal,) = await run(service, BOB, "/game pace pace:post")
    assert refusal.error and "only the game's host" in refusal.text
    changed = await run(service, ALICE, "/game pace pace:post")
    assert any(o.to is None and o.text == "The host sets the table's pace to post." for o in changed)
    outputs = await run(service, ALICE, "/undo to:3")
    notice = next(o for o in outputs if o.decision is not None and o.to is None)
    assert notice.deadline == START + PACES["post"].timeout("undo")


async def test_the_host_lays_a_preset_map_before_deployment_only(service: TableService) -> None:
    await run(service, ALICE, "/game new system:freeplay map:crossroads")
    laid = await run(service, ALICE, "/map use name:forest-edge")
    assert any(o.to is None and "The table is now the map" in o.text for o in laid)
    game = await service.game_at("t1")
    assert game is not None and game.state.map_name != "Crossroads"
    (unknown,) = await run(service, ALICE, "/map use name:moon")
    assert unknown.error and 'unknown map "moon"; the preset maps: crossroads, ruined-village' in unknown.text
    await run(service, ALICE, "/force load name:Red Company side:A")
    (late,) = await run(service, ALICE, "/map use name:crossroads")
    assert late.error


async def test_the_status_line_says_whose_turn_it_is(service: TableService) -> None:
    await two_player_freeplay(service)
    await run(service, ALICE, "/round turn side:B")
    (status,) = await run(service, BOB, "/status")
    assert status.text.startswith("Freeplay, round 1, side B to act. Seats: A: alice, B: bob.")


async def test_holding_both_sides_a_player_chooses_which_one_acts(service: TableService) -> None:
    await run(service, ALICE, "/game demo system:freeplay")
    (unclear,) = await run(service, ALICE, "/round next")
    assert unclear.error and "holds sides A, B; say which one acts: /game side side:A" in unclear.text
    (chosen,) = await run(service, ALICE, "/game side side:B")
    assert chosen.to == ALICE and chosen.text == "You act for side B at this table until you choose another."
    assert not any(o.error for o in await run(service, ALICE, "/round next"))
    moved = await run(service, ALICE, "/move model:A1 to:18,10")
    assert not any(o.error for o in moved), "a move still acts for its model's side"
    (refused,) = await run(service, BOB, "/game side side:A")
    assert refused.error and "you do not hold side A; you hold no side" in refused.text


async def test_commands_racing_on_one_game_in_one_process_all_apply(tmp_path: Path) -> None:
    """A command that read the stored game before another one's commit is not refused as if another process
    had written: in one process the game's lock orders them and the cached game is the newest."""
    async with await SqliteRepository.open(tmp_path / "games.sqlite3") as repository:
        service = TableService(repository, SYSTEM_FACTORIES)
        await two_player_freeplay(service)
        outputs = await asyncio.gather(*(run(service, ALICE, f"/note text:racing {n}") for n in range(6)))
        assert not [o.text for answer in outputs for o in answer if o.error]
        stored = await repository.current("t1")
        assert stored is not None and sum(r["kind"] == "freeplay.note" for r in stored.records) == 6
