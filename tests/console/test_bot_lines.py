"""What the table reads of the bot's turns (newcomer finding 40): its line names no decision by its id (the answer's
own line says what it chose), and a Sunshard attack is one line, saying what it spends (Reload, a Charge)."""

from __future__ import annotations

import re

from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES


async def test_a_sunshard_evening_against_the_bot_reads_in_words_one_line_an_attack() -> None:
    lines: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(8), print_line=lines.append)
    await session.run_lines(["/game new system:sunshard bot:B", *"a" * 9])
    printed = [line for output in lines for line in output.split("\n")]
    public = [line.strip() for line in printed if line.startswith("  ") and not line.startswith(("  [", "    "))]
    bot = [line for line in public if line.startswith("The bot plays side B:")]
    assert "The bot plays side B: takes the defaults" in bot, bot
    assert not [line for line in bot if re.search(r"\bd\d+\b", line)], bot
    attacks = [line for line in public if " attacks " in line and " with " in line]
    assert "A1 attacks B3 with Officer's Pistol (Reload: 1 of 2 uses this round)." in attacks, attacks
    assert "B1 attacks A1 with Twin Blades (a Charge, once a round against A1)." in attacks, attacks
    assert not [line for line in public if line.endswith("(Reload).") or "(once a round against it)" in line]
    assert session.errors == 0
