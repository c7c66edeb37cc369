"""A newcomer who fights, on the stand-in Discord: ``tests/console/newcomer_evening.py``'s policy through
``tests/discord/evening_front.py`` (the real client, buttons and selects only, bare ``/act`` and ``/decide``).

At each "What do you do?" select the player picks the first entry that attacks or charges, else the first that
moves, else the first; every other select, notice and decision is answered as the harness answers it (its first
entry, its one-click default). A pick the table refuses is followed by the first entry, and both count.

Prints, per game, the harness's summary line and the inputs in order (who pressed what). With ``--transcript``
also every message each player could read, in order: the table's (public), their own (ephemeral), their DMs.
Never asserts and is no test: a report for a person, the budgets being the harness's. From the project's root:
.venv/bin/python -m tests.discord.newcomer_evening [eldfall underworlds shroudfall sunshard] [--activations N]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.console.session import seeded_source
from tests.console.newcomer_evening import ACTION_MENU, CASES, _choice
from tests.discord.conftest import Table
from tests.discord.evening_front import DiscordFront
from tests.discord_standin import StandIn
from tests.discord_standin.bots import stop_all
from tests.discord_standin.world import EPHEMERAL
from tests.first_evening import Case, Evening


@dataclass
class FighterDiscordFront(DiscordFront):
    """The Discord front, picking as a newcomer who came to fight."""

    async def _pick(self, user: str, menu: dict[str, Any]) -> int:
        select = next((c for row in menu.get("components") or [] for c in row["components"]
                       if str(c.get("custom_id", "")).startswith("gm:k:")), None)
        if select is None or ACTION_MENU not in str(menu.get("content", "")):
            return await super()._pick(user, menu)
        index = _choice([o["label"] for o in select["options"]])
        if not index:
            return await super()._pick(user, menu)
        self.refusals_allowed = True
        try:
            await self._press(user, menu, "gm:k:", values=[select["options"][index]["value"]])
        finally:
            self.refusals_allowed = False
        if self.refused:
            self._pressed.append("(refused), then the first entry")
            await self._press(user, menu, "gm:k:", values=["0"])  # a spent menu: the first entry of the fresh one
            return 2
        return 1


def transcript(table: Table, thread: str | None) -> list[str]:
    """Every message a player could read, in the order sent: ``[table]``, ``[alice only]``, ``[DM bob]``."""
    standin = table.standin
    names = {str(u["id"]): u["username"] for u in standin.world.users.values()}
    dms = {channel: names.get(user, user) for user, channel in standin.world.dms.items()}
    invokers = {i.id: names[str((i.payload.get("member") or i.payload)["user"]["id"])]
                for i in standin.interactions.values()}
    lines = []
    for sent in standin.world.sent:
        data, message = sent.data, sent.message or {}
        text = str(data.get("content") or "")
        options = [o["label"] for row in data.get("components") or [] for c in row.get("components", [])
                   for o in c.get("options", ())]
        buttons = [c.get("label") for row in data.get("components") or [] for c in row.get("components", [])
                   if c.get("type") == 2]
        if not text and not options and not buttons:
            continue
        if sent.interaction_id is not None and (message.get("flags", 0) & EPHEMERAL or
                                                data.get("flags", 0) & EPHEMERAL):
            where = f"{invokers.get(sent.interaction_id, '?')} only"
        elif str(sent.channel_id) in dms:
            where = f"DM {dms[str(sent.channel_id)]}"
        else:
            where = "table"
        extra = (f"\n      options: {options}" if options else "") + (f"\n      buttons: {buttons}" if buttons else "")
        lines.append(f"[{where}] {sent.kind}: {text}{extra}")
    return lines


async def evening(name: str, activations: int | None, *, shown: int, show_transcript: bool) -> None:
    standin = StandIn()
    await standin.start()
    standin.point_discord()
    with tempfile.TemporaryDirectory() as folder:
        table = Table(standin, Path(folder) / "games.sqlite3")
        table.service_options = {"seed_source": seeded_source(7)}
        await table.start()
        try:
            front = FighterDiscordFront(table)
            case: Case = CASES[name](front)  # type: ignore[no-untyped-call]
            played = Evening(front, case)
            figures = await played.play(activations=activations)
            print(figures.summary(f"{name} on Discord (a newcomer who fights)"))
            print(f"  activations: {figures.activations}")
            print("  inputs: " + " | ".join(played.history[:shown]))
            if show_transcript:
                print("\n".join(transcript(table, front.thread)))
        finally:
            await table.stop()
            await stop_all()
            await standin.stop()


async def main(games: list[str], activations: int | None, shown: int, show_transcript: bool) -> None:
    for name in games:
        await evening(name, activations, shown=shown, show_transcript=show_transcript)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(CASES))
    parser.add_argument("--activations", type=int, default=12, help="stop after this many activations")
    parser.add_argument("--shown", type=int, default=80, help="how many input lines to print")
    parser.add_argument("--transcript", action="store_true", help="print every message each player could read")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.activations, arguments.shown, arguments.transcript))
