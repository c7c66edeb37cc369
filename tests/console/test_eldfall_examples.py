"""The Eldfall console examples: a whole quest where each scheme reaches only its owner until the end reveals it,
and one player against the bot's party and hostiles, both played to a result."""

from __future__ import annotations

import json
from pathlib import Path

from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES

EXAMPLES = Path(__file__).parents[2] / "examples" / "eldfall"


async def _records(script: Path) -> list[dict[str, object]]:
    lines: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lines.append, as_json=True)
    assert await session.run_lines(script.read_text(encoding="utf-8").splitlines(), strict=True) == 0
    return [json.loads(line) for line in lines]


async def test_the_quest_runs_to_the_end_of_round_5_and_schemes_reach_only_their_owners() -> None:
    records = await _records(EXAMPLES / "open-hostilities.gm")
    texts = [str(r["text"]) for r in records]
    kept = {str(r["audience"]): str(r["text"]).split("keeps the scheme ")[1].split(".")[0]
            for r in records if "keeps the scheme" in str(r["text"])}
    assert set(kept) == {"private:alice", "private:bob"}, "each kept scheme is told to its owner alone"
    reveal = next(i for i, t in enumerate(texts) if "reveals its scheme" in t)
    for record in records[:reveal]:
        if record["audience"] == "public":
            assert not any(name in str(record["text"]) for name in kept.values()), record["text"]
    assert any("the last player has played its turn of round 5" in t for t in texts)
    assert any(t.startswith("**Game over") or "Game over" in t for t in texts)


async def test_one_player_against_the_bot_plays_to_a_result() -> None:
    records = await _records(EXAMPLES / "solo-against-the-arena.gm")
    texts = [str(r["text"]) for r in records]
    assert any("The bot plays side C: Amazon Gladiatrix" in t for t in texts), "her card drives her (L1616-1630)"
    assert any("The bot plays side B" in t for t in texts)
    assert any("Game over" in t for t in texts)


async def test_the_alliance_forms_by_secret_agreement_and_its_breaker_pays_alone() -> None:
    records = await _records(EXAMPLES / "alliance-of-necessity.gm")
    texts = [str(r["text"]) for r in records]
    assert any("Sides A and B form an Alliance of Necessity (every player joined)" in t for t in texts)
    assert any("Allied: A and B" in t for t in texts if "You hold side A" in t), "/help says who is allied"
    assert any("Side B reacts: B2 Dodges." in t for t in texts), "an ally repositions with a Dodge (L2937)"
    assert any("Side B loses 3 VP: it broke the Alliance of Necessity" in t for t in texts)
