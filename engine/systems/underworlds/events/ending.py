"""Events of a round's and a match's end: clearing up, match games, roll-offs, sudden death, tiebreakers; notes."""

from __future__ import annotations

from engine.core import EventBody, SideId
from engine.systems.underworlds.game_state import (
    FieldRecord,
    PhaseLog,
    UnderworldsState,
)

__all__ = [
    "ActionPhaseEnded",
    "GameRolledOff",
    "MatchGameEnded",
    "MatchGameStarted",
    "Note",
    "RoundCleared",
    "SuddenDeathBegun",
    "TiebreakDecided",
]


class ActionPhaseEnded(EventBody):
    """The action phase is over; who held which objective token at its end is remembered (Immovable Object)."""

    kind = "uw.phase.ended"
    held: list[tuple[int, str]]

    def apply(self, state: UnderworldsState) -> None:
        state.held_at_phase_ends.append(list(self.held))

    def describe(self) -> str:
        return "The action phase is over: the end phase begins."


class RoundCleared(EventBody):
    """The end of a round: every token but objective tokens leaves the battlefield (L703); lingering ploys and
    Shardfall end."""

    kind = "uw.cleared"
    tokens_too: bool = False

    def apply(self, state: UnderworldsState) -> None:
        for fighter in state.fighters.values():
            fighter.guard = fighter.moved = fighter.charged = fighter.exhausted = False
        state.shardfall = []
        state.lingering = []
        state.last_path = []
        state.last_attack = None
        if self.tokens_too:
            state.tokens = []

    def describe(self) -> str:
        return "Every Move, Charge and Guard token leaves the battlefield" + \
            (", and so do the objective tokens." if self.tokens_too else "; the objective tokens stay.")


class MatchGameEnded(EventBody):
    """Matched play: one game of the match is over (L727-L735)."""

    kind = "uw.match.game"
    winner: str
    glory: dict[SideId, int]
    shown: str

    def apply(self, state: UnderworldsState) -> None:
        state.match.append(self.winner)
        for side, points in self.glory.items():
            state.match_glory[side] = state.match_glory.get(side, 0) + points

    def describe(self) -> str:
        return self.shown


class MatchGameStarted(EventBody):
    """Matched play: the next game begins with the same warbands and decks (L731); everything else is new."""

    kind = "uw.match.next"
    number: int

    def apply(self, state: UnderworldsState) -> None:
        for record in state.players.values():
            record.glory = record.spent = record.activations = 0
            record.sources = {}
        for fighter in state.fighters.values():
            fighter.hex = None
            fighter.out_of_action = fighter.inspired = fighter.guard = fighter.moved = False
            fighter.charged = fighter.exhausted = False
            fighter.wounds = 0
            fighter.upgrades = []
        state.field = FieldRecord()
        state.tokens, state.shardfall, state.order, state.lingering, state.frames = [], [], [], [], []
        state.turn_index = state.activation = state.checkpoint = state.round = 0
        state.chooser = state.finished_first = state.first = state.power = state.last_attack = None
        state.phase_log = PhaseLog()
        state.held_at_phase_ends, state.last_path = [], []
        state.unscorable = {}
        state.active_side = None
        state.rolled_winner = None

    def describe(self) -> str:
        return f"Game {self.number} of the match begins, with the same warbands and decks (Underworlds core " \
               "rulebook, L731)."


class GameRolledOff(EventBody):
    """Glory tied and the tied warbands all wiped out: a roll-off gives the game (ruling ``both-wiped-out``)."""

    kind = "uw.game.rolled"
    winner: SideId

    def apply(self, state: UnderworldsState) -> None:
        state.rolled_winner = self.winner

    def describe(self) -> str:
        return (f"Glory is tied and the tied warbands are all out of action: side {self.winner} wins the game on the "
                "roll-off (ruling both-wiped-out).")


class SuddenDeathBegun(EventBody):
    """Matched play's tiebreaker goes to sudden death (L749-L751): another round after the third game's third."""

    kind = "uw.sudden"
    shown: str

    def apply(self, state: UnderworldsState) -> None:
        state.sudden_death = True

    def describe(self) -> str:
        return self.shown


class TiebreakDecided(EventBody):
    """Matched play: the agreed tiebreaker decides a drawn match (L743-L751), with how."""

    kind = "uw.tiebreak"
    winner: SideId
    how: str
    lines: list[str] = []

    def apply(self, state: UnderworldsState) -> None:
        state.match_winner = self.winner

    def describe(self) -> str:
        return f"The match was drawn; side {self.winner} wins it on the tiebreaker: {self.how}."

    def working(self) -> tuple[str, ...]:
        return tuple(self.lines)


class Note(EventBody):
    """A line for the log that changes nothing (a reaction that found nothing to do)."""

    kind = "uw.note"
    text: str

    def describe(self) -> str:
        return self.text
