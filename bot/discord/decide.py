"""The Decide button on a decision notice, and the owner's ephemeral options behind it.

The button's custom id holds the table, the decision and the state sequence it was built from, so it
survives a restart (``DynamicItem``); a click from anyone but the owner is refused privately, and a
stale click gets the fresh prompt instead.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.core.parsing import Invocation
from bot.core.staleness import moved_on
from bot.core.text import fit
from bot.discord.host import host_of
from engine.core import PendingView, SideId, UserId, Viewer

__all__ = ["DecideButton", "OptionsView"]

_ROWS_OF_SELECTS = 4  # Discord allows 5 rows; the last holds the buttons


_TEMPLATE = r"gm:d:(?P<table>\d+):(?P<decision>[\w-]+):(?P<seq>\d+)"


class DecideButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_TEMPLATE):
    def __init__(self, table: str, decision: str, seq: int) -> None:
        self.table, self.decision, self.seq = table, decision, seq
        super().__init__(discord.ui.Button(label="Decide", style=discord.ButtonStyle.primary,
                                           custom_id=f"gm:d:{table}:{decision}:{seq}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> DecideButton:
        return cls(match["table"], match["decision"], int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        client = host_of(interaction)
        game = await client.service.game_at(self.table)
        user = UserId(str(interaction.user.id))
        if game is None or self.decision not in game.state.pending:
            await interaction.response.send_message("That decision is no longer pending; /status shows what is.",
                                                    ephemeral=True)
            return
        decision = game.state.pending[self.decision]
        if not game.state.holds(user, decision.owner):
            await interaction.response.send_message(
                f"This decision belongs to side {decision.owner}; only its player may answer.", ephemeral=True)
            return
        view = game.view(Viewer.of_side(decision.owner))
        pending = next(p for p in view.pending if p.id == self.decision)
        note = "The game moved on since that prompt; here is the fresh one.\n" if moved_on(game, self.seq) else ""
        await interaction.response.send_message(note + _describe(pending), ephemeral=True,
                                                view=OptionsView(self.table, pending, game.seq, decision.owner))


def _describe(pending: PendingView) -> str:
    optional = " (optional: it passes on timeout)" if pending.optional else ""
    return f"**{pending.prompt}**{optional}"


class OptionsView(discord.ui.View):
    """One select per part (paged four at a time: choices, and ready answers for points, directions and
    positions) and a Confirm button; a decision of one part is answered by picking, without Confirm."""

    def __init__(self, table: str, pending: PendingView, seq: int, side: SideId, page: int = 0,
                 chosen: dict[str, str] | None = None) -> None:
        super().__init__(timeout=600)
        self.table, self.pending, self.seq, self.side, self.page = table, pending, seq, side, page
        self.chosen: dict[str, str] = dict(chosen or {})
        parts = [p for p in pending.parts if p.offered()]
        self.at_once = len(pending.parts) == 1  # one question: picking its answer is the answer, no Confirm
        shown = parts[page * _ROWS_OF_SELECTS:(page + 1) * _ROWS_OF_SELECTS]
        for row, part in enumerate(shown):
            self.add_item(_PartSelect(part.key, part.prompt, [(o.key, o.label) for o in part.offered()],
                                      self.chosen.get(part.key, part.default), row))
        if page > 0:
            self.add_item(_PageButton("Previous", page - 1))
        if (page + 1) * _ROWS_OF_SELECTS < len(parts):
            self.add_item(_PageButton("Next", page + 1))
        self.add_item(_ConfirmButton())

    async def confirm(self, interaction: discord.Interaction) -> None:
        client = host_of(interaction)
        answers = {p.key: self.chosen.get(p.key) or p.default for p in self.pending.parts}
        missing = [key for key, value in answers.items() if value is None]
        if missing:
            await interaction.response.send_message(f"Choose {', '.join(missing)} first.", ephemeral=True)
            return
        choice = ";".join(f"{key}={value}" for key, value in answers.items())
        invocation = Invocation(("decide",), {"decision": self.pending.id, "choice": choice}, built_at_seq=self.seq)
        await client.run_invocation(interaction, invocation, table=self.table)


class _PartSelect(discord.ui.Select["OptionsView"]):
    def __init__(self, key: str, prompt: str, options: list[tuple[str, str]], default: str | None, row: int) -> None:
        super().__init__(placeholder=prompt[:150], row=row, options=[
            discord.SelectOption(label=fit(label), value=value, default=value == default)
            for value, label in options])
        self.key = key

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        self.view.chosen[self.key] = self.values[0]
        if self.view.at_once:
            await self.view.confirm(interaction)
            return
        await interaction.response.defer()


class _PageButton(discord.ui.Button["OptionsView"]):
    def __init__(self, label: str, page: int) -> None:
        super().__init__(label=label, style=discord.ButtonStyle.secondary, row=_ROWS_OF_SELECTS)
        self.page = page

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        fresh = OptionsView(view.table, view.pending, view.seq, view.side, self.page, view.chosen)
        await interaction.response.edit_message(view=fresh)


class _ConfirmButton(discord.ui.Button["OptionsView"]):
    def __init__(self) -> None:
        super().__init__(label="Confirm", style=discord.ButtonStyle.success, row=_ROWS_OF_SELECTS)

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.confirm(interaction)
