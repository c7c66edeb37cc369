"""A seat for the bot: what a side seated to the bot does next, and why.

A game may play a side itself (hostile creatures, a practice opponent). The table asks the game after each
command (``System.bot_move``) and applies what it answers as the bot's, with its reasons logged for "show
working". :func:`simple_move` is a policy any game gets for free, from its own declarations (boardgame.io's
``enumerate`` and a first choice): answer a decision with its defaults, else take the first legal action,
each missing option filled with the first value its source offers. It is deterministic: the same state
gives the same move, so a game replays; games with real behaviour (Eldfall's behaviour cards) override
``bot_move``.

A bot's reasons pass the audience filter like any output: the reasons of a secret move (a party, a deck, a
scheme, any answer to a secret decision) reach its side alone. A secret choice between moves the policy finds as
good (:func:`draw_in_secret`) is drawn with its side's secret dice, so it differs from game to game, a replay
reproduces it, and nobody else learns it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.actions import action_title
from engine.core.commands import Answer, Command
from engine.core.decisions import Decision, PartKind
from engine.core.events import EventBody
from engine.core.ids import SideId
from engine.core.offers import first_whole

if TYPE_CHECKING:
    from engine.core.state import CoreState
    from engine.core.system import System

__all__ = ["DEFAULTS_TAKEN", "BotMove", "BotReasoned", "OfferRefused", "answer_by_default", "draw_in_secret",
           "offer_refused", "pick_in_secret", "simple_move", "strict_offers"]


class OfferRefused(AssertionError):
    """A bot took a move its game offered (from the menus, or from the rules' own list of legal moves) and the
    referee refused it: the offer and the check disagree. Raised only under :func:`strict_offers`."""


_STRICT: list[bool] = [False]


def strict_offers(on: bool = True) -> None:
    """Make every refused offer raise ``OfferRefused`` (the test suite turns this on) instead of being skipped,
    so a menu that lies cannot hide behind a bot that tries the next entry."""
    _STRICT[0] = on


def offer_refused(system: str, side: SideId, offered: object, why: str = "") -> None:
    """Say that ``side``'s bot was offered a move (a command, or the options it could not build one from) and the
    referee refused it. In play the bot skips it and tries its next choice; under ``strict_offers`` it is an
    error naming the move."""
    if _STRICT[0]:
        detail = f" ({why})" if why else ""
        raise OfferRefused(f"{system}: side {side}'s bot was offered {offered!r}, which the referee refused{detail}")


@dataclass(frozen=True, slots=True)
class BotMove:
    """A command the bot issues for its side, with the reasons it chose it (one line each). The reasons are
    public unless the move is ``secret``: then they reach the bot's side alone. A ``drawn`` move (always secret) is
    drawn among itself and ``others`` with that side's secret dice (one die even when there is no other, so the
    log's length says nothing of how many there were)."""

    command: Command
    reasons: tuple[str, ...] = ()
    secret: bool = False
    drawn: bool = False
    others: tuple[BotMove, ...] = ()


class BotReasoned(EventBody):
    """Logged before the bot's command: which side it plays and why it does what it does."""

    kind = "bot.reasoned"
    side: SideId
    summary: str
    reasons: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"The bot plays side {self.side}: {self.summary}"

    def working(self) -> tuple[str, ...]:
        return self.reasons


DEFAULTS_TAKEN = "takes the defaults"
"""The bot's line for a decision answered with its defaults: the answer's own line (``Side B decides: ...``) says
what was chosen, so this one says how, and never names the decision by its id (newcomer finding 40)."""


def draw_in_secret(moves: Sequence[BotMove]) -> BotMove:
    """One secret move drawn among ``moves`` (at least one) with the side's secret dice when it is applied."""
    first, *rest = moves
    return BotMove(first.command, first.reasons, secret=True, drawn=True, others=tuple(rest))


def answer_by_default(decision: Decision) -> BotMove:
    """Answer a decision with each part's default, or its first ready answer where it has none; the reasons of
    a secret decision's answer reach its side alone."""
    answers = {part.key: part.default if part.default is not None else part.offered(1)[0].key
               for part in decision.parts if part.default is not None or part.offered(1)}
    # The answer's own line says what it chose, in words; this one says only how (never the decision's id).
    return BotMove(Answer(decision_id=decision.id, answers=answers), (DEFAULTS_TAKEN,), secret=decision.secret)


def pick_in_secret(decision: Decision) -> BotMove:
    """A secret one-choice decision (a set-up choice: a scheme, a deck, a bid) answered by a draw among its options
    with the side's secret dice, so the bot's secret set-up differs from game to game; any other decision is
    answered by default."""
    (part, *more) = decision.parts or (None,)
    if not decision.secret or more or part is None or part.kind is not PartKind.CHOICE or not part.options:
        return answer_by_default(decision)
    return draw_in_secret([BotMove(Answer(decision_id=decision.id, answers={part.key: option.key}),
                                   (f"draws its choice in secret: {option.label or option.key}",))
                           for option in part.options])


def simple_move(system: System[Any], state: CoreState, side: SideId,
                allowed: Any = None) -> BotMove | None:
    """The simple policy: defaults for a decision the side owes, else the first legal action that the rules
    accept (``allowed(command)`` tells), each menu's first entry picked as a player would; ``None`` when nothing is
    legal."""
    owed = next((d for d in state.pending.values() if d.owner == side), None)
    if owed is not None:
        return answer_by_default(owed)
    for legal in system.legal_actions(state, side):
        command = first_whole(system.declarations, system, state, side, legal)
        if command is None:
            offer_refused(system.spec.name, side, legal, "its menus stop at a question with nothing to offer")
            continue
        if allowed is None or allowed(command):
            shown = " ".join(f"{k}:{v}" for k, v in command.values)
            title = action_title(command.path, command.name)
            return BotMove(command, (f"takes the first legal action: {title} {shown}".rstrip(),))
        offer_refused(system.spec.name, side, command, "offered by its declarations' menus")
    return None
