"""One-click answers on public notices: a prompt turn's Pass and Choose (``bot.core.prompts``), a decision's quick
answer (Pass on a reaction offer, the defaults of a public decision), and the options of a public decision of one
choice with no default, as a select picked once (``notice_pick``) rather than Decide and then a pick.

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
from bot.core.text import fit
from bot.discord.host import host_of
from engine.core import Decision, Game, Option, PartKind, PendingView, SideId, UserId

__all__ = ["NoticePickSelect", "QuickAnswerButton", "TurnButton", "notice_pick", "turn_view"]

_SELECT_LIMIT = 25  # Discord's options in one select


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
        owed = await _owed(interaction, self.table, self.decision)
        if owed is None:
            return
        game, decision = owed
        choice = ";".join(f"{key}={value}" for key, value in (decision.default_answers() or {}).items())
        # Worked out now, from the decision as it stands (like Decide's options): stamped with the state it reads.
        invocation = Invocation(("decide",), {"decision": self.decision, "choice": choice}, built_at_seq=game.seq)
        await host_of(interaction).run_invocation(interaction, invocation, table=self.table)


def notice_pick(pending: PendingView, quick: str) -> tuple[Option, ...]:
    """The options a public notice offers in a select, so its owner answers in one pick: a decision anyone may read
    (not secret), with no one-click answer (``quick``), of one part that is a choice among 2 to 25 options; none
    otherwise (Decide opens the rest)."""
    if quick or pending.secret or len(pending.parts) != 1:
        return ()
    (part,) = pending.parts
    fits = part.kind is PartKind.CHOICE and 1 < len(part.options) <= _SELECT_LIMIT
    return part.options if fits else ()


class NoticePickSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                       template=r"gm:dp:(?P<table>\d+):(?P<decision>[\w-]+):(?P<seq>\d+)"):
    """A public decision's options on its notice (``notice_pick``): picking one answers it, as built at ``seq``
    (a stale pick follows ``bot.core.staleness``); anyone but the owner is refused privately."""

    def __init__(self, table: str, decision: str, seq: int, options: tuple[Option, ...] = ()) -> None:
        self.table, self.decision, self.seq = table, decision, seq
        listed = [discord.SelectOption(label=fit(o.label or o.key), value=o.key) for o in options] or \
            [discord.SelectOption(label="-", value="-")]  # rebuilt from its id: the pick comes with the interaction
        super().__init__(discord.ui.Select(custom_id=f"gm:dp:{table}:{decision}:{seq}", placeholder="Choose",
                                           options=listed))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> NoticePickSelect:
        return cls(match["table"], match["decision"], int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if await _owed(interaction, self.table, self.decision) is None or not self.item.values:
            return
        invocation = Invocation(("decide",), {"decision": self.decision, "choice": self.item.values[0]},
                                built_at_seq=self.seq)
        await host_of(interaction).run_invocation(interaction, invocation, table=self.table)


async def _owed(interaction: discord.Interaction, table: str, decision_id: str) -> tuple[Game[Any], Decision] | None:
    """The game and the pending decision a notice's control answers, if the presser owes it; otherwise they are
    told why, privately, and nothing changes."""
    game = await host_of(interaction).service.game_at(table)
    decision = game.state.pending.get(decision_id) if game is not None else None
    if game is None or decision is None:
        await interaction.response.send_message("That decision is no longer pending; /status shows what is.",
                                                ephemeral=True)
        return None
    if not game.state.holds(UserId(str(interaction.user.id)), decision.owner):
        await interaction.response.send_message(
            f"This decision belongs to side {decision.owner}; only its player may answer.", ephemeral=True)
        return None
    return game, decision
