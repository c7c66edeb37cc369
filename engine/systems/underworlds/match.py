"""The end of a game, and matched play: a best-of-three match of linked games with the same warbands and decks
(Underworlds core rulebook, L719-L751). Two wins end a match; after three games the most wins take it, equal wins
are a draw (L735).

The tiebreaker the players may agree to beforehand (L739-L751) is the ruling ``matched-play-tiebreaker``: most
glory over the three games; then, if one warband is out of action at the end of the third game, the other player;
else a sudden-death round after the third round of the third game, and more such rounds, with no cards drawn,
no power cards played and no objectives scored, until one player has wiped out the other's warband; if no fighter
is left on the battlefield with glory still tied, a roll-off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.core import EndReason, Outcome, SideId
from engine.systems.underworlds.events import (
    GameRolledOff,
    MatchGameEnded,
    MatchGameStarted,
    StepStarted,
    SuddenDeathBegun,
    TiebreakDecided,
)
from engine.systems.underworlds.game_state import UnderworldsState
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE, Rules
from engine.systems.underworlds.scoring import game_result, match_result

__all__ = ["After", "finish_game", "game_outcome", "is_matched", "match_outcome", "sudden_death_decided",
           "sudden_death_refusal"]

After = Literal["over", "next game", "sudden death"]
"""What follows the third round's end phase."""


def is_matched(state: UnderworldsState) -> bool:
    return str(state.setup.options.get("mode", "")).startswith("matched")


def game_outcome(state: UnderworldsState) -> Outcome:
    """This game's result after round 3: most glory, then fighters left, then objective tokens held (the
    Artefact counts as one), else a draw among the tied (L713, L833; ruling ``controlling-objectives``), or the
    winner of a roll-off among tied players with no fighters left (ruling ``both-wiped-out``)."""
    scores = {side: state.players[side].glory if side in state.players else 0 for side in state.sides}
    if state.rolled_winner is not None:
        return Outcome(reason=EndReason.SCORE, scores=scores, winner=state.rolled_winner)
    held = {str(side): sum(1 for t in state.tokens if _at(state).get(t.hex) == side) for side in state.sides}
    if Rules.from_choices(state.setup.rulings).controlling_objectives == "no-tie-break":
        held = dict.fromkeys(held, 0)
    result = game_result({str(s): n for s, n in scores.items()}, {str(s): len(_standing(state, s))
                                                                  for s in state.sides}, held)
    if len(result.winners) == 1:
        return Outcome(reason=EndReason.SCORE, scores=scores, winner=SideId(result.winners[0]))
    return Outcome(reason=EndReason.SCORE, scores=scores, winners=tuple(SideId(s) for s in result.winners), draw=True)


def _at(state: UnderworldsState) -> dict[str | None, SideId]:
    return {f.hex: f.side for f in state.fighters.values() if f.hex}


def _standing(state: UnderworldsState, side: SideId) -> list[str]:
    return [f.id for f in state.fighters.values() if f.side == side and f.hex]


def match_outcome(state: UnderworldsState) -> Outcome | None:
    """The match's result once it is decided; its scores are games won."""
    first, second = state.sides[0], state.sides[1]
    verdict = match_result((first, second), [None if w == "-" else w for w in state.match])
    if not verdict.finished:
        return None
    wins = {SideId(side): n for side, n in verdict.wins}
    winner = SideId(verdict.winner) if verdict.winner is not None else state.match_winner
    if winner is not None:
        return Outcome(reason=EndReason.SCORE, scores=wins, winner=winner)
    return Outcome(reason=EndReason.SCORE, scores=wins, winners=(first, second), draw=True)


def finish_game(ref: Referee) -> After:
    """What follows round 3's end phase: the end of the game; in matched play, the game's result in the match
    and, while the match is undecided, the next game; a drawn match goes to the agreed tiebreaker."""
    state = ref.state
    _roll_off_if_wiped_out(ref)
    if not is_matched(state):
        ref.emit(StepStarted(step="over", shown="Round 3 is over: the game ends."))
        return "over"
    result = game_outcome(state)
    winner = result.winner or "-"
    number = len(state.match) + 1
    glory = {side: state.players[side].glory for side in state.sides}
    said = f"side {winner} wins" if result.winner else "a draw"
    ref.emit(MatchGameEnded(winner=winner, glory=glory,
                            shown=f"Game {number} of the match: {said} (glory {glory}) ({RULE}, L735)."))
    verdict = match_result((state.sides[0], state.sides[1]), [None if w == "-" else w for w in state.match])
    if not verdict.finished:
        ref.emit(MatchGameStarted(number=number + 1))
        return "next game"
    if verdict.winner is None and ref.rules.matched_play_tiebreaker == "glory-then-wipe-out":
        return _tiebreaker(ref)
    ref.emit(StepStarted(step="over", shown="The match is decided."))
    return "over"


def _roll_off_if_wiped_out(ref: Referee) -> None:
    """Under the ruling ``both-wiped-out: roll-off``, players tied on glory whose warbands are all out of action
    roll off for the game instead of drawing it (L713)."""
    state = ref.state
    result = game_outcome(state)
    if ref.rules.both_wiped_out != "roll-off" or not result.draw:
        return
    tied = list(result.winners)
    if any(_standing(state, side) for side in tied):
        return
    rolled = ref.roll_off(tied, "the game (both wiped out)")
    assert rolled.winner is not None
    ref.emit(GameRolledOff(winner=SideId(rolled.winner)))


def _tiebreaker(ref: Referee) -> After:
    """Most glory over the match; then the warband still standing; else sudden death (L743-L751)."""
    state = ref.state
    glory = dict(state.match_glory)
    lines = [f"Glory over the match: {', '.join(f'{s} {n}' for s, n in glory.items())} ({RULE}, L745)"]
    best = max(glory.values(), default=0)
    leaders = [side for side in state.sides if glory.get(side, 0) == best]
    if len(leaders) == 1:
        _decided(ref, leaders[0], "the most glory over the match's games", lines)
        return "over"
    standing = [side for side in state.sides if _standing(state, side)]
    lines.append(f"Glory tied; warbands with fighters on the battlefield: {', '.join(standing) or 'none'} "
                 f"({RULE}, L747)")
    if len(standing) == 1:
        _decided(ref, standing[0], "the other warband is out of action at the end of the third game", lines)
        return "over"
    if not standing:
        _roll_off(ref, lines)
        return "over"
    ref.emit(SuddenDeathBegun(shown=f"The match is tied: sudden death. Round {state.round + 1} is played, and more "
                                    "rounds until one player wipes out the other's warband; nobody draws cards, "
                                    f"plays power cards or scores objectives ({RULE}, L749-L751)."))
    return "sudden death"


def sudden_death_decided(ref: Referee) -> bool:
    """In sudden death, once a warband is wiped out the other player wins the match at once (with no fighters left
    at all, a roll-off; glory is tied, or there would be no sudden death) (L751). Returns whether it is over."""
    state = ref.state
    if not state.sudden_death or state.step == "over":
        return False
    standing = [side for side in state.sides if _standing(state, side)]
    if len(standing) > 1:
        return False
    lines = [f"Sudden death: warbands with fighters on the battlefield: {', '.join(standing) or 'none'} "
             f"({RULE}, L751)"]
    if standing:
        _decided(ref, standing[0], "it wiped out the other warband first in sudden death", lines)
    else:
        _roll_off(ref, lines)
    return True


def _roll_off(ref: Referee, lines: Sequence[str]) -> None:
    result = ref.roll_off(list(ref.state.sides), "the match")
    assert result.winner is not None
    _decided(ref, SideId(result.winner), "no fighters left and glory tied: the roll-off", [*lines, *result.working])


def _decided(ref: Referee, winner: SideId, how: str, lines: Sequence[str]) -> None:
    ref.emit(TiebreakDecided(winner=winner, how=f"{how} ({RULE}, L743-L751)", lines=list(lines)))
    ref.emit(StepStarted(step="over", shown="The match is decided."))


def sudden_death_refusal(state: UnderworldsState) -> str | None:
    """Why a card cannot be drawn, played or scored now: in sudden death none is (L751)."""
    if not state.sudden_death:
        return None
    return f"in sudden death nobody draws cards, plays power cards or scores objectives ({RULE}, L751)"
