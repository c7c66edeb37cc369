"""One-click answers on public notices: a prompt turn's Pass and Choose (``bot.core.prompts``), a decision's quick
answer (Pass on a reaction offer, the defaults of a public decision).

The notice is public, so it carries nothing secret: Pass is offered on every prompt turn and every reaction offer
whatever the player holds, and Choose opens the player's own menu (their cards) ephemerally, built when pressed.
Each custom id holds the table, the side or decision and the state sequence it was built from, so it survives a
restart (``DynamicItem``); a press by anyone but the owner is refused privately and changes nothing. What runs is
an ordinary invocation stamped with that sequence, so a stale press follows the one rule of
``bot.core.staleness``.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.core.parsing import Invocation
from bot.discord.host import host_of
from engine.core import SideId, UserId

__all__ = ["QuickAnswerButton", "TurnButton", "turn_view"]


def turn_view(table: str, side: SideId, seq: int, quick: str) -> discord.ui.View:
    """Pass (labelled ``quick``) and Choose under a prompt turn's notice."""
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton("p", table, side, seq, quick))
    view.add_item(TurnButton("c", table, side, seq))
    return view


async def _holds(interaction: discord.Interaction, table: str, side: str) -> bool:
    """Whether the presser plays ``side`` at ``table``; otherwise they are told so, privately."""
    game = await host_of(interaction).service.game_at(table)
    if game is not None and game.state.holds(UserId(str(interaction.user.id)), SideId(side)):
        return True
    await interaction.response.send_message(f"This is side {side}'s turn; only its player may answer it.",
                                            ephemeral=True)
    return False


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"gm:t(?P<what>[pc]):(?P<table>\d+):(?P<side>\w+):(?P<seq>\d+)"):
    """A prompt turn's Pass (``p``: ``/act action:pass`` for the side, as built at ``seq``) or Choose (``c``: ``/act``
    alone for the side, the player's own menu as it is now, ephemerally)."""

    def __init__(self, what: str, table: str, side: str, seq: int, label: str = "") -> None:
        self.what, self.table, self.side, self.seq = what, table, side, seq
        passing = what == "p"
        super().__init__(discord.ui.Button(
            label=label or ("Pass" if passing else "Choose"), custom_id=f"gm:t{what}:{table}:{side}:{seq}",
            style=discord.ButtonStyle.primary if passing else discord.ButtonStyle.secondary))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TurnButton:
        return cls(match["what"], match["table"], match["side"], int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if not await _holds(interaction, self.table, self.side):
            return
        side = SideId(self.side)
        if self.what == "p":
            invocation = Invocation(("act",), {"action": "pass"}, side=side, built_at_seq=self.seq)
            await host_of(interaction).run_invocation(interaction, invocation, preview=False, table=self.table)
        else:
            await host_of(interaction).run_invocation(interaction, Invocation(("act",), {}, side=side),
                                                      table=self.table)


class QuickAnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=r"gm:dq:(?P<table>\d+):(?P<decision>[\w-]+):(?P<seq>\d+)"):
    """Answers a decision with its defaults, worked out when pressed (never carried in the public message), as
    the decision stands then (its notice may be older: one opened before its owner took their seat)."""

    def __init__(self, table: str, decision: str, seq: int, label: str = "Pass") -> None:
        self.table, self.decision, self.seq = table, decision, seq
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"gm:dq:{table}:{decision}:{seq}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> QuickAnswerButton:
        return cls(match["table"], match["decision"], int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        game = await host_of(interaction).service.game_at(self.table)
        decision = game.state.pending.get(self.decision) if game is not None else None
        if game is None or decision is None:
            await interaction.response.send_message("That decision is no longer pending; /status shows what is.",
                                                    ephemeral=True)
            return
        if not game.state.holds(UserId(str(interaction.user.id)), decision.owner):
            await interaction.response.send_message(
                f"This decision belongs to side {decision.owner}; only its player may answer.", ephemeral=True)
            return
        choice = ";".join(f"{key}={value}" for key, value in (decision.default_answers() or {}).items())
        # Worked out now, from the decision as it stands (like Decide's options): stamped with the state it reads.
        invocation = Invocation(("decide",), {"decision": self.decision, "choice": choice}, built_at_seq=game.seq)
        await host_of(interaction).run_invocation(interaction, invocation, table=self.table)
