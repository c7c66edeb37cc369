"""When time runs out: reminders at half time, optional decisions taking their default, late notices.

A front-end's timer calls ``Expiry.due`` when the next deadline falls due (``next_due``), and every few seconds
besides; deadlines are absolute, so one that fell due while the bot was down applies at the first call.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.core.books import GameBook
from bot.core.commit import Committer
from bot.core.deadlines import REMINDER, game_pace
from bot.core.driver import AUTO_PASS
from bot.core.outputs import Output
from bot.core.shards import Shards
from bot.core.storage import GameRepository, StoredGame
from engine.core import Actor, ExpireDecision, Game, RulesError

__all__ = ["Expiry"]

_log = logging.getLogger(__name__)


class Expiry:
    def __init__(self, repository: GameRepository, book: GameBook, committer: Committer,
                 clock: Callable[[], float], shards: Shards | None = None) -> None:
        self._repository = repository
        self._shards = shards  # this process fires the deadlines of these shards' games only
        self._book = book
        self._committer = committer
        self._clock = clock

    async def due(self) -> list[Output]:
        """Let every decision whose deadline passed take its course: an optional one takes its default;
        a required one is announced as late (the game waits for its owner or the host's /game force)."""
        now = self._clock()
        outputs: list[Output] = []
        armed = await self._repository.deadlines(self._shards)
        due_at = {(d.game_id, d.decision_id): d.due_at for d in armed}
        for deadline in armed:
            if deadline.due_at > now:
                break
            stored = await self._repository.game(deadline.game_id)
            if stored is None:
                continue
            game = await self._book.game_of(stored)
            if deadline.decision_id.startswith(AUTO_PASS) and self._committer.driver is not None:
                outputs.extend(await self._committer.driver.pass_due(stored, game,
                                                                     deadline.decision_id.removeprefix(AUTO_PASS)))
            elif deadline.decision_id.startswith(REMINDER):
                decision_id = deadline.decision_id.removeprefix(REMINDER)
                outputs.extend(await self._remind(stored, game, decision_id, due_at.get((stored.game_id, decision_id))))
            else:
                outputs.extend(await self._expire(stored, game, deadline.decision_id))
        return outputs

    async def next_due(self) -> float | None:
        """When the soonest armed deadline falls due (epoch seconds), or None: the timer sleeps until then, so a
        pre-passed offer is answered at the moment drawn for it, not at the timer's next round."""
        armed = await self._repository.deadlines(self._shards)
        return armed[0].due_at if armed else None

    async def _remind(self, stored: StoredGame, game: Game[Any], decision_id: str, due: float | None) -> list[Output]:
        """Half the time is gone: a private nudge to the player who owes the decision (due at ``due``)."""
        decision = game.state.pending.get(decision_id)
        owner = game.state.seats.get(decision.owner) if decision else None
        if decision is not None and game.state.paused:  # nobody is nudged while the host has paused play
            later = self._clock() + game_pace(game).timeout(decision.kind) / 2
            return await self._committer.commit_only(stored, game, {REMINDER + decision_id: later})
        notes: list[Output] = []
        if decision is not None and owner is not None:
            kind = "optional: if time runs out the default applies" if decision.optional else "the game waits for it"
            notes.append(Output(text=f"Reminder: your choice {decision_id} is waiting ({decision.prompt}); {kind}.",
                                to=owner, table=stored.table, game_id=stored.game_id, deadline=due))
        return await self._committer.commit_only(stored, game, {REMINDER + decision_id: None}, notes)

    async def _expire(self, stored: StoredGame, game: Game[Any], decision_id: str) -> list[Output]:
        decision = game.state.pending.get(decision_id)
        clock = Actor(user=stored.setup.host, host=True)
        if decision is not None and decision.optional:
            try:
                return await self._committer.run(stored, game, ExpireDecision(decision_id=decision_id), clock)
            except RulesError as refused:  # e.g. paused: look again after another full wait
                _log.info("deadline of %s in %s not applied: %s", decision_id, stored.game_id, refused)
                due = self._clock() + game_pace(game).timeout(decision.kind)
                return await self._committer.commit_only(stored, game, {decision_id: due})
        notices: list[Output] = []
        if decision is not None:
            owner = game.state.seats.get(decision.owner)
            who = f"{owner} (side {decision.owner})" if owner else f"side {decision.owner}"
            what = "a secret choice" if decision.secret else decision.prompt
            notices.append(Output(text=f"Time is up for {who} on {decision_id}: {what}. The game waits "
                                       "for their answer, or for the host to /game force it.",
                                  to=owner if decision.owner_only else None,
                                  table=stored.table, game_id=stored.game_id))
        return await self._committer.commit_only(stored, game, {decision_id: None}, notices)
