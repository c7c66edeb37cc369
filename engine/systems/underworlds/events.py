"""What happens in a game of Underworlds, as events: each records an outcome and folds it into the state without
running a rule (the rules ran when the command was checked; see ``engine.core.events``).

Lines a player reads come from ``describe``; ``working`` says how a result came about, citing the rulebook.
"""

from __future__ import annotations

from pydantic import JsonValue

from engine.core import EventBody, SideId
from engine.systems.underworlds.game_state import (
    FieldRecord,
    FighterRecord,
    Frame,
    Lingering,
    MoveRecord,
    PhaseLog,
    PowerStep,
    SideRecord,
    Step,
    TakeOutRecord,
    TokenRecord,
    UnderworldsState,
)

__all__ = [
    "UNDERWORLDS_EVENTS",
    "ActionPhaseEnded",
    "ActivationDue",
    "ActivationTaken",
    "AttackMade",
    "BattlefieldJoined",
    "BoardChosen",
    "BoardFaceUp",
    "CardsImported",
    "CheckpointPassed",
    "Damaged",
    "DeckChosen",
    "DeckImported",
    "DiceEntered",
    "FighterMoved",
    "FighterPlaced",
    "FighterReturned",
    "FightersExhausted",
    "FightersSwapped",
    "FramesSet",
    "GameRolledOff",
    "GloryGained",
    "GuardChanged",
    "Healed",
    "HexesBlocked",
    "Inspired",
    "LingeringSet",
    "MatchGameEnded",
    "MatchGameStarted",
    "Note",
    "ObjectiveScored",
    "PhaseStarted",
    "PlacedFirst",
    "PlacementsQueued",
    "PloyPlayed",
    "PowerStepSet",
    "RollOffDecided",
    "RoundCleared",
    "StepStarted",
    "SuddenDeathBegun",
    "TakenOut",
    "TiebreakDecided",
    "TokenPlaced",
    "TokenRemoved",
    "TokensRevealed",
    "TurnPassed",
    "UnscorableSet",
    "UpgradeGiven",
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

    def describe(self) -> str:
        return f"Side {self.winner} wins the roll-off for {self.purpose}."

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
        what = "the Katophrane Artefact" if self.token.artefact else f"objective token {self.token.slot} face down"
        return f"Side {self.side} places {what} on {self.token.hex}."


class TokensRevealed(EventBody):
    """Every objective token is turned face up: the numbers, shuffled in secret, are bound to the hexes now."""

    kind = "uw.revealed"
    numbers: dict[int, int]

    def apply(self, state: UnderworldsState) -> None:
        for token in state.tokens:
            if token.slot in self.numbers:
                token.number = self.numbers[token.slot]

    def describe(self) -> str:
        return "The objective tokens are turned face up."


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
    """The fighters a player will place on their next turns (logged for that player alone)."""

    kind = "uw.queued"
    side: SideId
    placements: list[tuple[str, str]]

    def apply(self, state: UnderworldsState) -> None:
        if self.placements:
            state.queued[self.side] = [tuple(p) for p in self.placements]  # type: ignore[misc]
        else:
            state.queued.pop(self.side, None)

    def describe(self) -> str:
        if not self.placements:
            return ""
        return "On your next turns you place " + ", ".join(f"{f} on {h}" for f, h in self.placements) + "."


class PlacedFirst(EventBody):
    kind = "uw.placed.first"
    side: SideId

    def apply(self, state: UnderworldsState) -> None:
        state.finished_first = self.side

    def describe(self) -> str:
        return f"Side {self.side} finished placing its fighters first (a bonus symbol in round 1's roll-off)."


class PhaseStarted(EventBody):
    """A round's action phase begins: the first activator and the order of activations."""

    kind = "uw.phase"
    round: int
    first: SideId
    order: list[SideId]

    def apply(self, state: UnderworldsState) -> None:
        state.round = self.round
        state.first = self.first
        state.activation = 0
        for record in state.players.values():
            record.activations = 0
        state.phase_log = PhaseLog()

    def describe(self) -> str:
        return f"Round {self.round}, action phase: side {self.first} takes the first activation " \
               f"(then {', '.join(self.order[1:])})."


class ActivationTaken(EventBody):
    kind = "uw.activation"
    side: SideId
    number: int
    what: str
    activate: list[int] = []

    def apply(self, state: UnderworldsState) -> None:
        state.players[self.side].activations = self.number
        state.activation += 1
        for index in self.activate:
            state.lingering[index].active = True
        state.last_path, state.last_attack = [], None

    def describe(self) -> str:
        return f"Side {self.side}, activation {self.number} of 4: {self.what}."


class FighterMoved(EventBody):
    """A fighter changes hex: a Move (or a Charge's move), a push, a drive-back, a swap or a set-up."""

    kind = "uw.moved"
    fighter: str
    path: list[str]
    how: str
    record: MoveRecord | None = None
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        fighter = state.fighters[self.fighter]
        fighter.hex = self.path[-1]
        if self.how in ("move", "charge"):
            fighter.moved = self.how == "move" or fighter.moved
            log = state.phase_log
            (log.moved if self.how == "move" else log.charged).append(self.fighter)
            if self.how == "charge":
                log.moved.append(self.fighter)
            if self.record is not None:
                log.moves.append(self.record)
            state.last_path = list(self.path)
        if self.how == "charge":
            fighter.charged = True
            fighter.exhausted = True
            fighter.guard = False

    def describe(self) -> str:
        if self.shown:
            return self.shown
        steps = len(self.path) - 1
        route = f" ({' > '.join(self.path)})" if self.how in ("move", "charge") and steps > 1 else ""
        verb = {"move": "moves", "charge": "charges", "push": "is pushed", "drive": "is driven back",
                "knockback": "is knocked back", "swap": "swaps into", "set up": "is set up on"}.get(self.how, "moves")
        return f"{self.fighter} {verb} to {self.path[-1]}{route}."


class FightersSwapped(EventBody):
    kind = "uw.swapped"
    first: str
    second: str

    def apply(self, state: UnderworldsState) -> None:
        one, two = state.fighters[self.first], state.fighters[self.second]
        one.hex, two.hex = two.hex, one.hex

    def describe(self) -> str:
        return f"{self.first} and {self.second} swap places."


class FighterReturned(EventBody):
    """A fighter out of action is set up again (Rebirth in Blood)."""

    kind = "uw.returned"
    fighter: str
    hex: str

    def apply(self, state: UnderworldsState) -> None:
        fighter = state.fighters[self.fighter]
        fighter.hex = self.hex
        fighter.out_of_action = False
        fighter.wounds = 0

    def describe(self) -> str:
        return f"{self.fighter} is set up again on {self.hex}."


class ActivationDue(EventBody):
    """The power step is over and the next activation is due (``side`` takes it)."""

    kind = "uw.due"
    side: SideId

    def apply(self, state: UnderworldsState) -> None:
        state.power = None
        state.step = "activation"
        state.active_side = self.side

    def describe(self) -> str:
        return f"Side {self.side} to take the next activation."


class GuardChanged(EventBody):
    kind = "uw.guard"
    fighters: list[str]
    on: bool = True
    why: str = ""

    def apply(self, state: UnderworldsState) -> None:
        for fighter in self.fighters:
            state.fighters[fighter].guard = self.on

    def describe(self) -> str:
        who = ", ".join(self.fighters)
        return f"{who} {'goes' if len(self.fighters) == 1 else 'go'} on Guard{self.why}." if self.on \
            else f"{who} {'is' if len(self.fighters) == 1 else 'are'} no longer on Guard{self.why}."


class FightersExhausted(EventBody):
    """Fighters that cannot be activated again this phase."""

    kind = "uw.exhausted"
    fighters: list[str]
    why: str

    def apply(self, state: UnderworldsState) -> None:
        for fighter in self.fighters:
            state.fighters[fighter].exhausted = True

    def describe(self) -> str:
        return f"{', '.join(self.fighters)} cannot be activated again this phase ({self.why})."


class AttackMade(EventBody):
    """One Attack action's dice and result; ``working`` holds every step with its rule."""

    kind = "uw.attack"
    attacker: str
    target: str
    attack: str
    outcome: str
    critical_hit: bool
    trapped: bool
    damage: int
    attack_roll: list[str]
    defence_roll: list[str]
    lines: list[str]
    symbols: str = ""

    def apply(self, state: UnderworldsState) -> None:
        if self.outcome == "success":
            state.phase_log.attacked_successfully.append(self.attacker)
        state.last_attack = (self.attacker, self.target)

    def describe(self) -> str:
        result = {"success": "succeeds", "fail": "fails", "fail, drive back": "fails (a tie: drive-back allowed)"}
        extra = " - a critical hit" if self.critical_hit else ""
        trapped = " (trapped)" if self.trapped else ""
        shown = f" {self.symbols}" if self.symbols else ""
        return f"{self.attacker} attacks {self.target} with {self.attack}:{shown} - {result.get(self.outcome, '')}" \
               f"{trapped}{extra}."

    def working(self) -> tuple[str, ...]:
        return tuple(self.lines)


class Damaged(EventBody):
    kind = "uw.damaged"
    fighter: str
    amount: int
    wounds: int
    why: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.fighters[self.fighter].wounds = self.wounds
        if self.amount > 0:
            state.phase_log.took_damage.append(self.fighter)

    def describe(self) -> str:
        why = f" ({self.why})" if self.why else ""
        return f"{self.fighter} suffers {self.amount} damage{why}: {self.wounds} wound token" \
               f"{'' if self.wounds == 1 else 's'}."


class Healed(EventBody):
    kind = "uw.healed"
    fighter: str
    amount: int
    wounds: int

    def apply(self, state: UnderworldsState) -> None:
        state.fighters[self.fighter].wounds = self.wounds

    def describe(self) -> str:
        return f"{self.amount} wound token{'' if self.amount == 1 else 's'} removed from {self.fighter} " \
               f"({self.wounds} left)."


class TakenOut(EventBody):
    """A fighter goes out of action: off the battlefield, its tokens cleared, its upgrades kept (L559, L605)."""

    kind = "uw.out"
    record: TakeOutRecord

    def apply(self, state: UnderworldsState) -> None:
        fighter = state.fighters[self.record.victim]
        fighter.hex = None
        fighter.out_of_action = True
        fighter.wounds = 0
        fighter.guard = fighter.moved = fighter.charged = False
        state.phase_log.taken_out.append(self.record.model_copy())

    def describe(self) -> str:
        by = f" by {self.record.by_fighter}" if self.record.by_fighter else ""
        return f"{self.record.victim} is taken out of action{by}."


class GloryGained(EventBody):
    kind = "uw.glory"
    side: SideId
    amount: int
    source: str
    why: str

    def apply(self, state: UnderworldsState) -> None:
        record = state.players[self.side]
        record.glory += self.amount
        record.sources[self.source] = record.sources.get(self.source, 0) + self.amount

    def describe(self) -> str:
        return f"Side {self.side} gains {self.amount} glory ({self.why})."


class Inspired(EventBody):
    kind = "uw.inspired"
    fighters: list[str]
    why: str

    def apply(self, state: UnderworldsState) -> None:
        for fighter in self.fighters:
            state.fighters[fighter].inspired = True

    def describe(self) -> str:
        return f"{', '.join(self.fighters)} {'is' if len(self.fighters) == 1 else 'are'} Inspired ({self.why})."


class UpgradeGiven(EventBody):
    """An upgrade goes on a fighter for the rest of the game; one glory point is spent (L605)."""

    kind = "uw.upgrade"
    side: SideId
    fighter: str
    card: str
    name: str

    def apply(self, state: UnderworldsState) -> None:
        state.fighters[self.fighter].upgrades.append(self.card)
        state.players[self.side].spent += 1

    def describe(self) -> str:
        return f"Side {self.side} spends a glory point: {self.fighter} gains the upgrade {self.name}."


class PloyPlayed(EventBody):
    kind = "uw.ploy"
    side: SideId
    card: str
    name: str
    detail: str = ""

    def describe(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"Side {self.side} plays {self.name}{detail}."


class ObjectiveScored(EventBody):
    kind = "uw.scored"
    side: SideId
    card: str
    name: str
    glory: int
    lines: list[str] = []

    def apply(self, state: UnderworldsState) -> None:
        record = state.players[self.side]
        record.glory += self.glory
        record.sources["objectives"] = record.sources.get("objectives", 0) + self.glory

    def describe(self) -> str:
        return f"Side {self.side} scores {self.name} for {self.glory} glory."

    def working(self) -> tuple[str, ...]:
        return tuple(self.lines)


class LingeringSet(EventBody):
    """The ploys waiting for (or lasting through) the next activation."""

    kind = "uw.lingering"
    lingering: list[Lingering]
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.lingering = [item.model_copy() for item in self.lingering]

    def describe(self) -> str:
        return self.shown


class PowerStepSet(EventBody):
    """The power step's turn and passes in a row (``None``: no power step)."""

    kind = "uw.power"
    power: PowerStep | None
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.power = self.power.model_copy() if self.power else None
        if self.power is not None:
            state.active_side = self.power.turn
            state.step = "power"

    def describe(self) -> str:
        return self.shown


class FramesSet(EventBody):
    """The resolution in progress (attacks, card effects, reactions), newest last."""

    kind = "uw.frames"
    frames: list[Frame]

    def apply(self, state: UnderworldsState) -> None:
        state.frames = [frame.model_copy(deep=True) for frame in self.frames]

    def describe(self) -> str:
        return ""


class CheckpointPassed(EventBody):
    kind = "uw.checkpoint"

    def apply(self, state: UnderworldsState) -> None:
        state.checkpoint += 1

    def describe(self) -> str:
        return ""


class UnscorableSet(EventBody):
    """Objective cards that may not score yet (``side:card`` -> the checkpoint after which they may): they name
    cards in hands, so the event is logged for nobody (the referee alone reads it)."""

    kind = "uw.unscorable"
    unscorable: dict[str, int]

    def apply(self, state: UnderworldsState) -> None:
        state.unscorable = dict(self.unscorable)

    def describe(self) -> str:
        return ""


class HexesBlocked(EventBody):
    kind = "uw.blocked"
    hexes: list[str]
    shown: str = ""

    def apply(self, state: UnderworldsState) -> None:
        state.shardfall = list(self.hexes)

    def describe(self) -> str:
        return self.shown


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


class CardsImported(EventBody):
    """A player's own cards join this game (``cards`` as data, validated by the loader)."""

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


class Note(EventBody):
    """A line for the log that changes nothing (a reaction that found nothing to do)."""

    kind = "uw.note"
    text: str

    def describe(self) -> str:
        return self.text


UNDERWORLDS_EVENTS: tuple[type[EventBody], ...] = (
    WarbandsChosen, DeckChosen, StepStarted, TurnPassed, RollOffDecided, BoardChosen, BoardFaceUp, BattlefieldJoined,
    TokenPlaced, TokensRevealed, TokenRemoved, FighterPlaced, PlacedFirst, PlacementsQueued, PhaseStarted,
    ActivationTaken, FighterMoved, FightersSwapped, FighterReturned, ActivationDue,
    GuardChanged, FightersExhausted, AttackMade, Damaged, Healed, TakenOut, GloryGained, Inspired, UpgradeGiven,
    PloyPlayed, ObjectiveScored, LingeringSet, PowerStepSet, FramesSet, CheckpointPassed, UnscorableSet,
    HexesBlocked, ActionPhaseEnded, RoundCleared, MatchGameEnded, MatchGameStarted, GameRolledOff, SuddenDeathBegun,
    TiebreakDecided,
    CardsImported, DeckImported, DiceEntered, Note,
)
