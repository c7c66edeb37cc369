"""The end of a game, and matched play: a best-of-three match of linked games with the same warbands and decks
(Underworlds core rulebook, L719-L751). Two wins end a match; after three games the most wins take it, equal wins
are a draw (L735). The optional tiebreaker (L739-L751) is the ruling ``matched-play-tiebreaker``: most glory over
the match, then the player whose warband was not wiped out in the last game; the sudden-death round is not
refereed (a drawn match stays drawn).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import EndReason, Outcome, SideId
from engine.systems.underworlds.events import MatchGameEnded, MatchGameStarted, StepStarted
from engine.systems.underworlds.game_state import UnderworldsState
from engine.systems.underworlds.rules import RULE, Rules
from engine.systems.underworlds.scoring import game_result, match_result

__all__ = ["finish_game", "game_outcome", "is_matched", "match_outcome"]


def is_matched(state: UnderworldsState) -> bool:
    return str(state.setup.options.get("mode", "")).startswith("matched")


def game_outcome(state: UnderworldsState) -> Outcome:
    """This game's result after round 3: most glory, then fighters left, then objective tokens held (the
    Artefact counts as one), else a draw among the tied (L713, L833; ruling ``controlling-objectives``)."""
    scores = {side: state.players[side].glory if side in state.players else 0 for side in state.sides}
    standing = {str(side): sum(1 for f in state.fighters.values() if f.side == side and f.hex) for side in state.sides}
    at = {f.hex: f.side for f in state.fighters.values() if f.hex}
    held = {str(side): sum(1 for t in state.tokens if at.get(t.hex) == side) for side in state.sides}
    if Rules.from_choices(state.setup.rulings).controlling_objectives == "no-tie-break":
        held = dict.fromkeys(held, 0)
    result = game_result({str(s): n for s, n in scores.items()}, standing, held)
    if len(result.winners) == 1:
        return Outcome(reason=EndReason.SCORE, scores=scores, winner=SideId(result.winners[0]))
    return Outcome(reason=EndReason.SCORE, scores=scores, winners=tuple(SideId(s) for s in result.winners), draw=True)


def match_outcome(state: UnderworldsState) -> Outcome | None:
    """The match's result once it is decided; its scores are games won."""
    first, second = state.sides[0], state.sides[1]
    verdict = match_result((first, second), [None if w == "-" else w for w in state.match])
    if not verdict.finished:
        return None
    wins = {SideId(side): n for side, n in verdict.wins}
    if verdict.winner is not None:
        return Outcome(reason=EndReason.SCORE, scores=wins, winner=SideId(verdict.winner))
    tiebreak = _tiebreak(state)
    if tiebreak is not None:
        return Outcome(reason=EndReason.SCORE, scores=wins, winner=tiebreak)
    return Outcome(reason=EndReason.SCORE, scores=wins, winners=(first, second), draw=True)


def _tiebreak(state: UnderworldsState) -> SideId | None:
    """The agreed tiebreaker: most glory over the three games, then the warband still standing (L745-L747)."""
    if Rules.from_choices(state.setup.rulings).matched_play_tiebreaker != "glory-then-wipe-out":
        return None
    glory: Mapping[SideId, int] = state.match_glory
    best = max(glory.values(), default=0)
    leaders = [side for side, points in glory.items() if points == best]
    if len(leaders) == 1:
        return leaders[0]
    standing = [side for side in state.sides if any(f.side == side and f.hex for f in state.fighters.values())]
    return standing[0] if len(standing) == 1 else None


def finish_game(state: UnderworldsState) -> list[MatchGameEnded | MatchGameStarted | StepStarted]:
    """What follows round 3's end phase: the end of the game; in matched play, the game's result in the match and,
    while the match is undecided, the next game."""
    if not is_matched(state):
        return [StepStarted(step="over", shown="Round 3 is over: the game ends.")]
    result = game_outcome(state)
    winner = result.winner or "-"
    number = len(state.match) + 1
    glory = {side: state.players[side].glory for side in state.sides}
    said = f"side {winner} wins" if result.winner else "a draw"
    ended = MatchGameEnded(winner=winner, glory=glory,
                           shown=f"Game {number} of the match: {said} (glory {glory}) ({RULE}, L735).")
    decided = match_result((state.sides[0], state.sides[1]),
                           [None if w == "-" else w for w in [*state.match, winner]]).finished
    if decided:
        return [ended, StepStarted(step="over", shown="The match is decided.")]
    return [ended, MatchGameStarted(number=number + 1)]
