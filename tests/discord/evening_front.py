"""The first evening's Discord front (``tests.first_evening.Front``): the real client on the stand-in Discord.

A typed line is a slash command; ``/game new`` is run in the channel and the game goes on in its thread, where
the invited player presses Join. A player's latest menu is what Discord shows them: a select in an ephemeral
message (a reply to their own interaction, or a menu the table handed them unasked as a follow-up to their latest
one, ``bot.discord.unasked``), else the public notice that pings them: a decision's (its one-click answer if it
has one, else its options' first where the notice lists them, else Decide and the first entry, or Confirm on its
defaults) or a prompt turn's (Pass). Each press and each pick counts one interaction.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.discord.waiting import EXPIRED, NOT_YOURS
from engine.core import Game, UserId
from tests.commands import parse_line
from tests.discord.conftest import Table
from tests.discord_standin import InjectedInteraction
from tests.discord_standin.world import EPHEMERAL

__all__ = ["DiscordFront"]

BUTTON, SELECT = 2, 3


def _components(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for row in message.get("components") or []:
        yield from row["components"]


def _menu(message: dict[str, Any]) -> bool:
    """Whether a private message is a menu to pick from: a select, or a preview's Confirm."""
    return _with(message, "gm:k:") is not None or _with(message, "gm:p:") is not None


def _with(message: dict[str, Any], prefix: str) -> dict[str, Any] | None:
    """The component of ``message`` whose custom id starts with ``prefix``."""
    return next((c for c in _components(message) if str(c.get("custom_id", "")).startswith(prefix)), None)


@dataclass
class DiscordFront:
    """Alice and Bob on the stand-in: ``table`` is the ``tests.discord.conftest`` fixture's."""

    table: Table
    thread: str | None = None
    _menus: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)  # user: (seq shown, message)
    _pressed: list[str] = field(default_factory=list)  # the labels pressed or picked by the latest letter
    _seen: set[str] = field(default_factory=set)  # the follow-ups looked at already
    refusals_allowed: bool = False  # a policy that may pick what the table refuses (tests.discord.newcomer_evening)
    refused: list[str] = field(default_factory=list)  # what the latest interaction was refused, when allowed

    async def type(self, user: str, line: str) -> None:
        invocation = parse_line(line)
        path = " ".join(invocation.path)
        handle = await self.table.standin.slash(path, dict(invocation.options), user=user,
                                                channel=self.thread or "battle")
        await self._finished(user, handle)
        if invocation.path == ("game", "new"):
            self.thread = next(c["id"] for c in self.table.standin.world.channels.values() if c.get("parent_id"))

    async def join(self, user: str) -> bool:
        assert self.thread is not None
        card = next(m for m in self.table.standin.messages_in(self.thread) if "invites" in m["content"])
        join = _with(card, "gm:j")
        assert join is not None, card
        await self._finished(user, await self.table.standin.click(card, join["custom_id"], user=user))
        game = self.game()  # a seat taken changes nobody's options: a menu the host was shown is still theirs
        self._menus = {who: (game.seq if game is not None else seq, menu) for who, (seq, menu) in self._menus.items()}
        return True

    def has_menu(self, user: str) -> bool:
        game = self.game()
        if game is None:
            return False
        shown = self._menus.get(user)
        if shown is not None and shown[0] == game.seq:
            return True
        sides = game.state.sides_of(UserId(self._id(user)))
        to_act = game.to_act()
        return any(d.owner in sides for d in game.pending) or bool(to_act.prompt and to_act.sides[0] in sides)

    async def letter(self, user: str) -> int:
        game = self.game()
        assert game is not None
        self._pressed.clear()
        shown = self._menus.pop(user, None)
        if shown is not None and shown[0] == game.seq:
            return await self._pick(user, shown[1])
        sides = game.state.sides_of(UserId(self._id(user)))
        owed = next((d for d in game.pending if d.owner in sides), None)
        if owed is not None:
            return await self._decide(user, owed.id)
        (side,) = game.to_act().sides
        notice = await self._notice(f"gm:tp:{self.thread}:{side}:{game.seq}")
        await self._press(user, notice, f"gm:tp:{self.thread}:{side}:{game.seq}")
        return 1

    def picked(self) -> str:
        return " > ".join(self._pressed)

    def game(self) -> Game[Any] | None:
        client = self.table.client
        return client.service.live_game(self.thread) if client is not None and self.thread else None

    # -- what a player does on Discord -----------------------------------------------------------------

    def _id(self, user: str) -> str:
        return self.table.user_id(user)

    def _name(self, payload: dict[str, Any]) -> str:
        """Who sent an interaction, by name."""
        invoker = str((payload.get("member") or payload)["user"]["id"])
        return next(u["username"] for u in self.table.standin.world.users.values() if str(u["id"]) == invoker)

    async def _finished(self, user: str, handle: InjectedInteraction) -> InjectedInteraction:
        """Wait until the interaction is answered; its ephemeral select, if any, is the user's latest menu."""
        await handle.response()
        # Answered: by a message of its own (Decide's options, a refusal), else by its follow-ups or their absence.
        await handle.wait_for(lambda: any(s.kind in ("followup", "delete") for s in handle.sent) or
                              (handle.callback is not None and handle.callback.body.get("type") == 4) or None,
                              what="the interaction to be answered")
        errors = [text for s in handle.sent if any(bad in (text := str(s.body.get("content", "")))
                                                   for bad in ("refused", EXPIRED, NOT_YOURS))]
        self.refused = errors
        assert self.refusals_allowed or not errors, errors  # a stale or another's menu is refused to its picker
        game = self.game()
        seq = game.seq if game is not None else 0
        for other in self.table.standin.interactions.values():  # follow-ups: the user's own, and menus unasked
            for message in other.followups:
                if message["id"] not in self._seen and _menu(message):
                    self._menus[self._name(other.payload)] = (seq, message)
                self._seen.add(message["id"])
        if handle.original and _menu(handle.original):  # Decide's options, answering the interaction itself
            self._menus[user] = (seq, handle.original)
        return handle

    async def _press(self, user: str, message: dict[str, Any], prefix: str, values: list[str] | None = None) -> None:
        component = _with(message, prefix)
        assert component is not None, (prefix, message.get("content"))
        self._pressed.append(str(component.get("label") or next(
            (o["label"] for o in component.get("options", ()) if values and o["value"] == values[0]), prefix)))
        handle = await self.table.standin.click(message["id"], component["custom_id"], user=user, values=values)
        await self._finished(user, handle)

    async def _pick(self, user: str, menu: dict[str, Any]) -> int:
        """The first entry of a select, or a preview's Confirm."""
        if _with(menu, "gm:k:") is not None:
            await self._press(user, menu, "gm:k:", values=["0"])
        else:
            await self._press(user, menu, "gm:p:")
        return 1

    async def _notice(self, prefix: str) -> dict[str, Any]:
        """The public notice (or, for a choice nobody else may know of, the DM) carrying ``prefix``."""
        standin = self.table.standin
        assert self.thread is not None

        def found() -> dict[str, Any] | None:
            messages = [*standin.messages_in(self.thread or ""), *standin.dms_to("alice"), *standin.dms_to("bob")]
            return next((m for m in reversed(messages) if _with(m, prefix) is not None), None)

        return await standin.wait_for(found, what=f"a notice with {prefix}")

    async def _decide(self, user: str, decision: str) -> int:
        """A decision from its notice: its one-click answer, else Decide and the first entry (or Confirm)."""
        notice = await self._notice(f"gm:d:{self.thread}:{decision}:")
        if _with(notice, "gm:dq:") is not None:
            await self._press(user, notice, "gm:dq:")
            return 1
        pick = _with(notice, "gm:dp:")
        if pick is not None:  # a public choice's options on its notice: its first, picked once
            await self._press(user, notice, "gm:dp:", values=[pick["options"][0]["value"]])
            return 1
        component = _with(notice, "gm:d:")
        assert component is not None
        self._pressed.append(str(component.get("label")))
        opened = await self.table.standin.click(notice["id"], component["custom_id"], user=user)
        await opened.response()
        options = await opened.wait_for(lambda: opened.original, what="the options to open")
        spent = 1
        confirm = next((c for c in _components(options) if c["type"] == BUTTON and c["label"] == "Confirm"), None)
        for select in [c for c in _components(options) if c["type"] == SELECT]:
            if confirm is None or not any(o.get("default") for o in select["options"]):
                self._pressed.append(select["options"][0]["label"])
                handle = await self.table.standin.click(options["id"], select["custom_id"], user=user,
                                                        values=[select["options"][0]["value"]])
                await handle.response()
                spent += 1
        if confirm is not None:
            await self._press(user, self.table.standin.message(options["id"]), confirm["custom_id"])
            spent += 1
        return spent

    # -- what reached whom ----------------------------------------------------------------------------------

    def menus_not_private(self) -> list[str]:
        """Menus (a select of picks, a preview's Confirm) in a message anyone but its player could see: none
        should be (a menu lists the player's own cards, their party's options)."""
        return [m["content"][:80] for m in self.table.standin.world.messages.values()
                if _menu(m) and not m["flags"] & EPHEMERAL]

    def bare_ids(self) -> list[str]:
        """Texts any player read (public, ephemeral or by DM) that show a player's id as digits rather than as a
        mention (Discord shows ``<@id>`` as their name; bare digits are noise): none should."""
        ids = [self._id(user) for user in ("alice", "bob")]
        return [text[:120] for m in self.table.standin.world.messages.values()
                if any(re.search(rf"(?<![@\d]){user}(?!\d)", text := str(m.get("content", ""))) for user in ids)]

    def public_text(self) -> str:
        """Everything the table and its channel show everyone: texts, button and option labels."""
        standin = self.table.standin
        messages = [*standin.messages_in("battle"), *(standin.messages_in(self.thread) if self.thread else [])]
        labels = [str(c.get("label", "")) for m in messages for c in _components(m)]
        options = [str(o.get("label", "")) for m in messages for c in _components(m) for o in c.get("options", ())]
        return "\n".join([*(str(m["content"]) for m in messages), *labels, *options])
