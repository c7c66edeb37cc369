"""After each command, the table plays what no person has to: the bot's sides, the game's automatic steps,
and reaction offers a player passed on ahead of time.

It repeats until a person must act, at most ``MAX_AUTO_STEPS`` times (a bot that loops is stopped and the
table told). A pre-passed offer is answered after a short random delay, exactly as a player's pass would
come, so neither being asked nor the timing reveals a hand: the delay is a hidden deadline the timer fires
(``AUTO_PASS``); a table without a clock (the console) passes at once.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from bot.core.outputs import Output
from bot.core.storage import StoredGame
from engine.core import (
    BOT_USER,
    ActKind,
    Actor,
    Answer,
    Decision,
    Game,
    RulesError,
    SideId,
    is_prepassed,
    prepass_answers,
)
from engine.core.params import keep_menus

__all__ = ["AUTO_PASS", "MAX_AUTO_STEPS", "Driver", "random_pass_delay"]

MAX_AUTO_STEPS = 50
"""Moves the table makes on its own after one person's command before it stops and says so."""

AUTO_PASS = "autopass:"
"""Deadline rows that answer a pre-passed reaction offer are named after the offer with this prefix."""


def random_pass_delay() -> float:
    """Seconds before a pre-passed offer is passed: as long as a quick player takes, and never the same.
    Timing only, never game state: it comes from the operating system, not the game's dice."""
    return 4.0 + secrets.randbelow(1600) / 100.0


class Driver:
    """Plays the bot's sides, chance steps and pre-passed offers after a command has committed."""

    def __init__(self, run: Callable[..., Any], arm: Callable[[StoredGame, Game[Any], dict[str, float | None]],
                                                             Any],
                 clock: Callable[[], float], pass_delay: Callable[[], float]) -> None:
        self._run = run  # Committer.run without settling again
        self._arm = arm  # Committer.commit_only: store hidden deadlines
        self._clock = clock
        self._pass_delay = pass_delay

    async def settle(self, stored: StoredGame, game: Game[Any]) -> list[Output]:
        """Take every step no person has to take, until a person must act."""
        outputs: list[Output] = []
        for _ in range(MAX_AUTO_STEPS):
            step = await self._step(stored, game)
            if step is None:
                return outputs
            outputs += step
        sides = ", ".join(side for side, user in game.state.seats.items() if user == BOT_USER) or "none"
        outputs.append(Output(text=f"The table made {MAX_AUTO_STEPS} moves on its own without a player's turn "
                                   f"coming (bot sides: {sides}); it stops here. The host can seat a player with "
                                   "/game seat, or end the game.", table=stored.table, game_id=stored.game_id))
        return outputs

    async def _step(self, stored: StoredGame, game: Game[Any]) -> list[Output] | None:
        """One automatic step, or ``None`` when a person must act."""
        state = game.state
        if state.outcome is not None or state.paused:
            return None
        for decision in list(state.pending.values()):
            if is_prepassed(state, decision):
                delay = self._pass_delay()
                if delay <= 0:
                    return await self._run(stored, game, _passing(decision), _member(game, decision.owner),
                                           settle=False)
                await self._arm(stored, game, {AUTO_PASS + decision.id: round(self._clock() + delay, 3)})
        for side in self._bot_sides(game):
            with keep_menus(state):  # the bot's menus, the moves it tries and the check of its pick: one state
                move = game.system.bot_move(state, side,
                                            lambda c, s=side: game.allows(c, Actor(user=BOT_USER, side=s)))
                if move is not None:
                    return await self._run(stored, game, move, Actor(user=BOT_USER, side=side), settle=False)
        to_act = game.to_act()
        if to_act.kind is ActKind.CHANCE:
            command = game.system.chance_step(state)
            if command is not None:
                return await self._run(stored, game, command, Actor(user=stored.setup.host, host=True),
                                       settle=False)
        return None

    @staticmethod
    def _bot_sides(game: Game[Any]) -> list[SideId]:
        """The bot's sides that must act now: owing a decision, or having the turn."""
        to_act = game.to_act()
        if to_act.kind in (ActKind.NOBODY, ActKind.CHANCE, ActKind.OPEN) and not to_act.decisions:
            return []
        return [side for side in to_act.sides if game.state.controller(side) == BOT_USER]

    async def pass_due(self, stored: StoredGame, game: Game[Any], decision_id: str) -> list[Output]:
        """A pre-passed offer's delay is over: pass it, if it is still waiting and still pre-passed."""
        decision = game.state.pending.get(decision_id)
        done: list[Output] = await self._arm(stored, game, {AUTO_PASS + decision_id: None})
        if decision is None or not is_prepassed(game.state, decision):
            return done
        try:
            return done + await self._run(stored, game, _passing(decision),
                                          _member(game, decision.owner))  # settles: the bot may act next
        except RulesError:
            return done


def _passing(decision: Decision) -> Answer:
    """The answer a pre-pass gives: a window's pass, or a game's reaction decision's defaults."""
    return Answer(decision_id=decision.id, answers=prepass_answers(decision))


def _member(game: Game[Any], side: SideId) -> Actor:
    """Act as the side's own player (a pre-pass is theirs)."""
    members = game.state.members(side)
    return Actor(user=members[0] if members else BOT_USER, side=side)
