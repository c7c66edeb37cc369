"""The table service: one invocation in, messages out, with refusals that change nothing."""

from __future__ import annotations

import json

import pytest

from bot.core.outputs import Document, Output
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from engine.core import UserId
from tests.commands import parse_line
from tests.engine.core.toy_duel import SecretDuel

ALICE, BOB, CAROL = UserId("alice"), UserId("bob"), UserId("carol")


def _seeds():  # type: ignore[no-untyped-def]
    counter = iter(range(100))
    return lambda: f"{next(counter):064x}"


@pytest.fixture
def repository() -> MemoryRepository:
    return MemoryRepository()


@pytest.fixture
def service(repository: MemoryRepository) -> TableService:
    return TableService(repository, {"duel": SecretDuel}, seed_source=_seeds())


async def run(service: TableService, user: UserId, line: str, table: str = "t1") -> list[Output]:
    return await service.execute(table, user, parse_line(line))


async def test_a_game_starts_with_the_commitment_and_the_host_seated(service: TableService) -> None:
    outputs = await run(service, ALICE, "/game new system:duel")
    public = [o for o in outputs if o.to is None]
    assert "seed commitment (sha256)" in public[0].text
    assert "alice takes side A." in public[0].text
    private = {o.to: o.text for o in outputs if o.to is not None}
    assert private[ALICE].startswith("Side A rolls for omen")
    assert "omen" not in public[0].text.split("alice takes side A.")[1]


async def test_a_second_game_on_a_busy_table_is_refused(service: TableService) -> None:
    await run(service, ALICE, "/game new system:duel")
    (refusal,) = await run(service, BOB, "/game new system:duel")
    assert refusal.error and refusal.to == BOB
    assert "already hosts game" in refusal.text


async def test_secret_choices_stay_private_and_prompts_ping_only_their_owner(service: TableService) -> None:
    await run(service, ALICE, "/game new system:duel")
    await run(service, BOB, "/game join side:B")
    first = await run(service, ALICE, "/hand add card:2,5,9")
    assert [o.text for o in first if o.to is None] == ["Side A has chosen a hand."]
    assert any(o.to == ALICE and "keeps the hand 2, 5, 9" in o.text for o in first)
    second = await run(service, BOB, "/hand add card:1,4,7")
    prompts = [o for o in second if o.decision is not None]
    public_prompt = next(o for o in prompts if o.to is None)
    owner_prompt = next(o for o in prompts if o.to is not None)
    assert public_prompt.decision is not None and public_prompt.decision.parts == ()
    assert owner_prompt.to == ALICE and "choice:<answer>" in owner_prompt.text
    assert "card: Which card? [2, 5, 9]" in owner_prompt.text
    assert all("2, 5, 9" not in o.text for o in second if o.to != ALICE)


async def test_refusals_answer_the_sender_alone_and_change_nothing(
    service: TableService, repository: MemoryRepository
) -> None:
    await run(service, ALICE, "/game new system:duel")
    stored = await repository.current("t1")
    assert stored is not None
    before = len(stored.records)
    for user, line, message in [
        (CAROL, "/hand add card:1,2,3", "carol holds no side"),
        (ALICE, "/hand add card:1,2", "choose 3 different cards"),
        (ALICE, "/dice rig values:6", "only allowed on practice tables"),
        (BOB, "/game end", "only the game's host"),
        (ALICE, "/decide decision:d9 choice:1", "choice d9 is not waiting for an answer"),
        (ALICE, "/roll dice:2d", "2d"),
        (ALICE, "/measure from:A1 to:B1", "/measure is not a command at this table"),
    ]:
        (reply,) = await run(service, user, line)
        assert reply.error and reply.to == user
        assert message in reply.text
    assert len(stored.records) == before


async def test_roll_works_without_a_game(service: TableService) -> None:
    (reply,) = await run(service, ALICE, "/roll dice:4d6kh3 for:strength", table="empty")
    assert reply.to is None and reply.text.startswith("Roll for strength: 4d6kh3 (")


async def test_a_game_reloads_from_the_repository_as_it_was(
    service: TableService, repository: MemoryRepository
) -> None:
    await run(service, ALICE, "/game new system:duel")
    await run(service, BOB, "/game join side:B")
    await run(service, ALICE, "/hand add card:2,5,9")
    restarted = TableService(repository, {"duel": SecretDuel}, seed_source=_seeds())
    outputs = await run(restarted, BOB, "/hand add card:1,4,7")
    assert any(o.to == ALICE and o.decision is not None for o in outputs)
    (state,) = await run(restarted, ALICE, "/game state")
    (document,) = state.pictures
    assert isinstance(document, Document) and document.filename == "duel-state.json"
    assert json.loads(document.text)["my_hand"] == [2, 5, 9], "one JSON file with the asker's own hand"


async def test_status_and_help_say_what_is_pending(service: TableService) -> None:
    await run(service, ALICE, "/game new system:duel")
    (help_text,) = await run(service, CAROL, "/help")
    assert help_text.text.startswith("You hold no side. Join with /game join (free: B).")
    (status,) = await run(service, CAROL, "/status")
    assert "Seats: A: alice, B: empty" in status.text
