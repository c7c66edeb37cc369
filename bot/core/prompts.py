"""Prompts: a turn the game offers a player unasked (``ToAct.prompt``: a power step's turn, a part of an end
phase), so answering it costs one pick, never a bare ``/act`` first (issue 23: each prompt to another player, 1).

After each commit that leaves such a turn to a side, the table says so in public (a notice that pings the
player and offers Pass: every prompt turn may be passed, whatever the player holds) and hands the player their
own menu in private, Pass first (``/status`` posts the notice again, as it does a decision's). The notice names
nothing secret; the menu (which lists the cards in hand) goes to its player alone: the console prints it to them,
Discord sends it as an ephemeral follow-up to their latest interaction (``bot.discord.unasked``) and opens it
behind the notice's Choose button (or replies with it at once when their own command led to it). Reaction offers
are decisions: their notices carry Pass through ``announce`` (``quick_answer``), and their owners' prompts come
unasked as every decision's do. A player whose own commit keeps their turn (an activation still under way) gets
their menu back privately as it now stands, without a notice, so their next action is one pick too; so does a
player the turn comes to (back from another's reaction offer, on from their own Strategic-phase choice, over from
the other side), so answering a turn handed to them is one pick, never a bare ``/act`` first.
"""

from __future__ import annotations

from typing import Any

from bot.core.acting import legal_menu
from bot.core.announce import PASS_LABEL, who
from bot.core.outputs import Output
from engine.core import BOT_USER, ActKind, Game, ToAct, UserId

__all__ = ["turn_notice", "turn_prompts"]


def turn_prompts(game: Game[Any], before: ToAct, actor: UserId) -> list[Output]:
    """The notice and the player's menu of the prompt turn the game is at after a commit, when the commit led
    to it (the turn changed hands) or was made by that turn's own player (who keeps it, and sees their menu
    as it now stands); nothing otherwise, nor for a turn the bot's seat plays."""
    now = game.to_act()
    if now.kind is not ActKind.SIDE or now.decisions:
        return []
    (side,) = now.sides
    people = [user for user in game.state.members(side) if user != BOT_USER]
    if not now.prompt:
        return _plain_turn(game, now, before, actor, people)
    notice = turn_notice(game)
    if notice is None or (now == before and actor not in people):
        return []
    menus = [legal_menu(game, user, (side,)) for user in people]
    return [notice, *(Output(text=menu.text, to=menu.to, picks=menu.picks, seq=game.seq, turn=side)
                      for menu in menus)]


def turn_notice(game: Game[Any]) -> Output | None:
    """The public notice of the prompt turn the game is at (pinging its player, with Pass; naming nothing secret),
    or None when it is at none, or at one the bot's seat plays. ``/status`` posts it again."""
    now = game.to_act()
    if now.kind is not ActKind.SIDE or now.decisions or not now.prompt:
        return None
    (side,) = now.sides
    people = [user for user in game.state.members(side) if user != BOT_USER]
    if not people:
        return None
    return Output(text=f"{who(game, side)}: your turn in {now.prompt}. Pass, or choose from your own options.",
                  ping=people[0], seq=game.seq, turn=side, quick=PASS_LABEL)


def _plain_turn(game: Game[Any], now: ToAct, before: ToAct, actor: UserId, people: list[UserId]) -> list[Output]:
    """The menu, privately and as it now stands, of a player whose own commit kept their turn (an activation still
    under way), or of each player of the side a commit handed the turn to (a reaction offer answered, their own
    decision made, the other side done), so their next action is one pick rather than a bare ``/act`` and a
    pick. Nothing when the turn did not move and the commit was not its player's."""
    if now == before:
        people = [actor] if actor in people else []
    menus = [legal_menu(game, user, now.sides) for user in people]
    return [Output(text=menu.text, to=menu.to, picks=menu.picks, seq=game.seq, turn=now.sides[0])
            for menu in menus if menu.picks]
