"""Events of setting a game up: decks, the boards, tokens and fighters placed, imported cards and dice."""

from __future__ import annotations

from pydantic import JsonValue

from engine.core import EventBody, SideId
from engine.systems.underworlds.game_state import (
    FighterRecord,
    SideRecord,
    Step,
    TokenRecord,
    UnderworldsState,
)

__all__ = [
    "BattlefieldJoined",
    "BoardChosen",
    "BoardFaceUp",
    "CardsImported",
    "DeckChosen",
    "DeckImported",
    "DiceEntered",
    "FighterPlaced",
    "PlacedFirst",
    "PlacementsQueued",
    "RollOffDecided",
    "StepStarted",
    "TokenPlaced",
    "TokenRemoved",
    "TokensRevealed",
    "TurnPassed",
    "WarbandsChosen",
]


class WarbandsChosen(EventBody):
    """Each side's warband and decks, and the fighters that join the game."""

    kind = "uw.warbands"
    players: dict[SideId, SideRecord]
    fighters: list[FighterRecord]
    names: dict[SideId, str] = {}

    def apply(self, state: UnderworldsState) -> None:
        state.players = {side: record.model_copy(deep=True) for side, record in self.players.items()}
        state.fighters = {f.id: f.model_copy(deep=True) for f in self.fighters}

    def describe(self) -> str:
        listed = "; ".join(f"side {side}: {name}" for side, name in self.names.items())
        return f"Warbands: {listed}."


class DeckChosen(EventBody):
    """A player's objective and power decks (for that player alone when chosen in secret)."""

    kind = "uw.deck"
    side: SideId
    deck: str
    name: str

    def apply(self, state: UnderworldsState) -> None:
        state.players[self.side].deck = self.deck

    def describe(self) -> str:
        return f"Side {self.side} plays the {self.name} decks."


class StepStarted(EventBody):
    """The game moves on to a step; ``order`` is whose turn it is, in turn, within it."""

    kind = "uw.step"
    step: Step
    order: list[SideId] = []
    shown: str = ""
    stage: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.step = self.step
        state.end_stage = self.stage
        state.order = list(self.order)
        state.turn_index = 0
        state.active_side = self.order[0] if self.order else None

    def describe(self) -> str:
        return self.shown


class TurnPassed(EventBody):
    """The turn within a step passes to the side at ``index`` of the order (``None``: nobody's turn)."""

    kind = "uw.turn"
    index: int
    side: SideId | None

    def apply(self, state: UnderworldsState) -> None:
        state.turn_index = self.index
        state.active_side = self.side

    def describe(self) -> str:
        return ""


class RollOffDecided(EventBody):
    """A roll-off's result (its dice are logged just before): who won, the ranking, and why."""

    kind = "uw.rolloff"
    purpose: str
    winner: SideId
    ranking: list[list[SideId]]
    lines: list[str] = []
    said: str = ""
    """What each side rolled and what it means (``A 1 critical, B nothing that counts: A has more criticals``)."""

    def describe(self) -> str:
        why = f" ({self.said})" if self.said else ""
        return f"Side {self.winner} wins the roll-off for {self.purpose}{why}."

    def working(self) -> tuple[str, ...]:
        return tuple(self.lines)


class BoardChosen(EventBody):
    """A board chosen (and, placed freely, where: its top-left hex and whether it is turned, with ``shown``)."""

    kind = "uw.board"
    side: SideId
    board: str
    name: str
    at: tuple[int, int, bool] | None = None
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        if not state.field.boards:
            state.chooser = self.side
        state.field.boards.append(self.board)
        state.field.owners.append(self.side)
        if self.at is not None:
            state.field.placed.append(self.at)

    def describe(self) -> str:
        return self.shown or f"Side {self.side} chooses the board {self.name}."


class BoardFaceUp(EventBody):
    """The side of a chosen board that faces up, picked by the player placing the boards (ruling
    ``board-side-choice: placer-picks-sides``)."""

    kind = "uw.board.side"
    index: int
    board: str
    name: str

    def apply(self, state: UnderworldsState) -> None:
        state.field.boards[self.index] = self.board

    def describe(self) -> str:
        return f"{self.name} faces up."


class BattlefieldJoined(EventBody):
    kind = "uw.joined"
    layout: str
    hexes: int
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.field.layout = self.layout

    def describe(self) -> str:
        return self.shown or f"The boards are joined ({self.layout}): a battlefield of {self.hexes} hexes."


class TokenPlaced(EventBody):
    kind = "uw.token"
    token: TokenRecord
    side: SideId

    def apply(self, state: UnderworldsState) -> None:
        state.tokens.append(self.token.model_copy())

    def describe(self) -> str:
        # A face-down token has no number yet: the order it was placed in is not its number (numbers are drawn
        # from the bag when the tokens are turned over).
        what = "the Katophrane Artefact" if self.token.artefact else "an objective token face down"
        return f"Side {self.side} places {what} on {self.token.hex}."


class TokensRevealed(EventBody):
    """Every objective token is turned face up: the numbers, shuffled in secret, are bound to the hexes now."""

    kind = "uw.revealed"
    numbers: dict[int, int]
    hexes: dict[int, str] = {}
    """Where each token lies, by the order it was placed (games stored before it was kept do not say)."""

    def apply(self, state: UnderworldsState) -> None:
        for token in state.tokens:
            if token.slot in self.numbers:
                token.number = self.numbers[token.slot]

    def describe(self) -> str:
        where = sorted((number, self.hexes[slot]) for slot, number in self.numbers.items() if slot in self.hexes)
        if not where:
            return "The objective tokens are turned face up."
        return "The objective tokens are turned face up: " + ", ".join(f"{n} on {h}" for n, h in where) + "."


class TokenRemoved(EventBody):
    kind = "uw.token.removed"
    hex: str
    why: str

    def apply(self, state: UnderworldsState) -> None:
        state.tokens = [t for t in state.tokens if t.hex != self.hex]

    def describe(self) -> str:
        return f"The objective token on {self.hex} leaves the battlefield ({self.why})."


class FighterPlaced(EventBody):
    kind = "uw.placed"
    fighter: str
    hex: str
    name: str

    def apply(self, state: UnderworldsState) -> None:
        state.fighters[self.fighter].hex = self.hex

    def describe(self) -> str:
        return f"{self.fighter} {self.name} is placed on {self.hex}."


class PlacementsQueued(EventBody):
    """The objective tokens (``token``) or fighters a player will place on their next turns (logged for that player
    alone). The plan is told once, when the command that gave it is done, for what it left to place (never what
    that command already placed); as the rest is carried out the placement itself is public, so what is left is kept
    without a word (``told``)."""

    kind = "uw.queued"
    side: SideId
    placements: list[tuple[str, str]]
    told: bool = True

    def apply(self, state: UnderworldsState) -> None:
        if self.placements:
            state.queued[self.side] = [tuple(p) for p in self.placements]  # type: ignore[misc]
        else:
            state.queued.pop(self.side, None)

    def describe(self) -> str:
        if not self.placements or not self.told:
            return ""
        return "On your next turns you place " + ", ".join(
            f"{'an objective token' if f == 'token' else f} on hex {h}" for f, h in self.placements) + "."


class PlacedFirst(EventBody):
    kind = "uw.placed.first"
    side: SideId

    def apply(self, state: UnderworldsState) -> None:
        state.finished_first = self.side

    def describe(self) -> str:
        return f"Side {self.side} finished placing its fighters first (a bonus symbol in round 1's roll-off)."


class CardsImported(EventBody):
    """A player's own cards join this game (``cards`` as data, validated by the loader), logged for that player
    alone (the host's for everyone)."""

    kind = "uw.cards"
    side: SideId | None
    cards: list[dict[str, JsonValue]]
    names: list[str]

    def apply(self, state: UnderworldsState) -> None:
        state.imported.extend(dict(card) for card in self.cards)
        for card in self.cards:
            state.imported_by[str(card["id"])] = self.side or ""

    def describe(self) -> str:
        who = f"Side {self.side}" if self.side else "The host"
        return f"{who} imports cards: {', '.join(self.names)}."


class DiceEntered(EventBody):
    """The faces a table's own attack or defence die shows, rolled from now on (ruling ``dice-faces:
    table-entered``)."""

    kind = "uw.dice"
    die: str
    faces: list[str]

    def apply(self, state: UnderworldsState) -> None:
        state.dice[self.die] = list(self.faces)

    def describe(self) -> str:
        return f"The table's {self.die} die is entered: {', '.join(self.faces)} (ruling dice-faces)."


class DeckImported(EventBody):
    """A player brings their own decks (L107-L113), logged for that player alone: chosen at set-up like a starter
    deck, never shown to the others."""

    kind = "uw.own.deck"
    side: SideId
    deck: dict[str, JsonValue]
    name: str
    objectives: int
    power: int
    ploys: int

    def apply(self, state: UnderworldsState) -> None:
        state.own_decks.setdefault(self.side, []).append(dict(self.deck))

    def describe(self) -> str:
        return (f"Side {self.side} brings its own decks, {self.name}: {self.objectives} objective cards and "
                f"{self.power} power cards, {self.ploys} of them ploys (for side {self.side}'s eyes only).")
