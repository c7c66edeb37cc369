"""The Decide button on a decision notice, and the owner's ephemeral options behind it.

The button's custom id holds the table, the decision and the state sequence it was built from, so it
survives a restart (``DynamicItem``); a click from anyone but the owner is refused privately. The button only
opens the options as they are now; the answer picked there carries the state the options were built from, and a
stale answer follows the one rule of ``bot.core.staleness`` (it applies if it still plays out the same in public,
otherwise the fresh prompt is shown).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.core.deciding import matters
from bot.core.parsing import Invocation
from bot.core.text import fit
from bot.discord.host import host_of
from engine.core import DecisionPart, PendingView, UserId, Viewer, page, pending_view

__all__ = ["DecideButton", "OptionsView", "describe"]

_ROWS_OF_SELECTS = 4  # Discord allows 5 rows; the last holds the buttons
_TURN = "\u2192more"  # the value of the entry that turns a part's answers to their next page (no key is this)


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
        await interaction.response.send_message(describe(pending), ephemeral=True,
                                                view=OptionsView(self.table, pending, game.seq, user))


def describe(pending: PendingView) -> str:
    """The heading over a decision's options: its prompt, and whether it passes on its own."""
    optional = " (optional: it passes on timeout)" if pending.optional else ""
    return f"**{pending.prompt}**{optional}"


class OptionsView(discord.ui.View):
    """One select per part (paged four at a time: choices, and ready answers for points, directions and
    positions) and a Confirm button. A decision of one part offered as a select is answered by picking: it has no
    Confirm, and no option is shown as already chosen (its default is named in the placeholder), so every pick
    sends, the default too. Only the parts asked given the picks so far are shown, the defaults standing for the rest
    (a Dodge's spot once the model dodges, as the console asks them). A pick that changes which parts are asked or
    what they offer (a declared kind reads a part's options given the answers before it) redraws the selects live;
    a pick that changes nothing only acknowledges. Only ``user``, who opened it, may use it."""

    def __init__(self, table: str, pending: PendingView, seq: int, user: UserId, page: int = 0,
                 chosen: dict[str, str] | None = None, answer_pages: dict[str, int] | None = None) -> None:
        super().__init__(timeout=600)
        self.table, self.pending, self.seq, self.user, self.page = table, pending, seq, user, page
        self.chosen: dict[str, str] = dict(chosen or {})
        self.answer_pages: dict[str, int] = dict(answer_pages or {})  # a part's page of answers, past 25
        self.asked = _asked(pending.parts, self.chosen)
        parts = [p for p in self.asked if p.offered()]
        self.at_once = len(pending.parts) == 1 and len(parts) == 1  # picking its answer is the answer
        shown = parts[page * _ROWS_OF_SELECTS:(page + 1) * _ROWS_OF_SELECTS]
        for row, part in enumerate(shown):
            default = None if self.at_once else self.chosen.get(part.key, part.default)
            named = f" (default: {part.label_of(part.default) or part.default})" \
                if self.at_once and part.default is not None else ""
            self.add_item(_PartSelect(part.key, part.prompt + named, _answers(part), default, row,
                                      self.answer_pages.get(part.key, 0)))
        if page > 0:
            self.add_item(_PageButton("Previous", page - 1))
        if (page + 1) * _ROWS_OF_SELECTS < len(parts):
            self.add_item(_PageButton("Next", page + 1))
        if not self.at_once:
            self.add_item(_ConfirmButton())

    def again(self, *, page: int | None = None, chosen: dict[str, str] | None = None,
              pending: PendingView | None = None) -> OptionsView:
        """These options drawn again: another page of selects, other picks, or parts read afresh."""
        return OptionsView(self.table, pending or self.pending, self.seq, self.user,
                           self.page if page is None else page, self.chosen if chosen is None else chosen,
                           self.answer_pages)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Only the player who opened these options may use them; anyone else changes nothing."""
        if str(interaction.user.id) == self.user:
            return True
        await interaction.response.send_message("These options are another player's; nothing was changed.",
                                                ephemeral=True)
        return False

    async def followed(self, interaction: discord.Interaction) -> OptionsView | None:
        """The options again, read as they stand given the picks so far, when that changes a part or its options
        (a pick no longer offered is dropped); None when nothing changed."""
        game = await host_of(interaction).service.game_at(self.table)
        decision = game.state.pending.get(self.pending.id) if game is not None else None
        if game is None or decision is None:
            return None  # answered or gone: Confirm says so in words
        live = pending_view(game.live(decision, self.chosen), Viewer.of_side(decision.owner))
        kept = {key: value for key, value in self.chosen.items()
                if any(p.key == key and any(answer == value for answer, _ in _answers(p)) for p in live.parts)}
        fresh = self.again(chosen=kept, pending=live)
        return None if fresh.asked == self.asked and kept == self.chosen else fresh

    async def confirm(self, interaction: discord.Interaction) -> None:
        client = host_of(interaction)
        asked = _asked(self.pending.parts, self.chosen)
        answers = {p.key: self.chosen.get(p.key) or p.default for p in asked}
        missing = [p.prompt for p in asked if answers[p.key] is None]
        if missing:  # named as the selects' placeholders name them, never by their keys
            await interaction.response.send_message(
                f"Nothing was sent yet: pick an answer for {' and for '.join(repr(m) for m in missing)} first, "
                "then Confirm.", ephemeral=True)
            return
        choice = ";".join(f"{key}={value}" for key, value in answers.items())
        invocation = Invocation(("decide",), {"decision": self.pending.id, "choice": choice}, built_at_seq=self.seq)
        await client.run_invocation(interaction, invocation, table=self.table)


def _asked(parts: tuple[DecisionPart, ...], chosen: dict[str, str]) -> tuple[DecisionPart, ...]:
    """The parts asked given the picks so far, each part's default standing for it until it is picked."""
    answers = {**{p.key: p.default for p in parts if p.default is not None}, **chosen}
    return tuple(p for p in parts if matters(p, answers))


def _answers(part: DecisionPart) -> list[tuple[str, str]]:
    """Every answer a part lists (its options, however many: paged below), or its ready answers for a point,
    direction or position it does not list."""
    return [(o.key, o.label) for o in (part.offered(limit=len(part.options)) if part.options else part.offered())]


class _PartSelect(discord.ui.Select["OptionsView"]):
    """One part's answers; past Discord's 25 a page of them at a time, counted in the placeholder, whose last entry
    turns the page (the first page comes round again after the last), as a menu of picks is paged."""

    def __init__(self, key: str, prompt: str, options: list[tuple[str, str]], default: str | None, row: int,
                 number: int = 0) -> None:
        shown = page(len(options), number, "answers")
        listed = [options[index] for index in shown.entries]
        self.turn = shown.next_number
        if self.turn is not None:
            listed.append((_TURN, f"More: {'back to page 1' if self.turn == 0 else f'page {self.turn + 1}'} "
                                  f"of {shown.pages}"))
            prompt = f"{prompt} ({shown.heading})"
        super().__init__(placeholder=fit(prompt, 150), row=row, options=[
            discord.SelectOption(label=fit(label), value=value, default=value == default)
            for value, label in listed])
        self.key = key

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        if self.values[0] == _TURN and self.turn is not None:  # another page of this part's answers, in place
            view.answer_pages[self.key] = self.turn
            await interaction.response.edit_message(view=view.again())
            return
        view.chosen[self.key] = self.values[0]
        if view.at_once:
            await view.confirm(interaction)
            return
        fresh = await view.followed(interaction)
        if fresh is None:
            await interaction.response.defer()
        else:
            await interaction.response.edit_message(view=fresh)


class _PageButton(discord.ui.Button["OptionsView"]):
    def __init__(self, label: str, page: int) -> None:
        super().__init__(label=label, style=discord.ButtonStyle.secondary, row=_ROWS_OF_SELECTS)
        self.page = page

    async def callback(self, interaction: discord.Interaction) -> None:
        view = self.view
        assert view is not None
        await interaction.response.edit_message(view=view.again(page=self.page))


class _ConfirmButton(discord.ui.Button["OptionsView"]):
    def __init__(self) -> None:
        super().__init__(label="Confirm", style=discord.ButtonStyle.success, row=_ROWS_OF_SELECTS)

    async def callback(self, interaction: discord.Interaction) -> None:
        assert self.view is not None
        await self.view.confirm(interaction)
