"""Events of the action phase: activations, moves, guard, attacks, damage, taking out, glory and inspiring."""

from __future__ import annotations

from engine.core import EventBody, SideId
from engine.systems.underworlds.game_state import (
    MoveRecord,
    PhaseLog,
    TakeOutRecord,
    UnderworldsState,
)

__all__ = [
    "ActivationDue",
    "ActivationTaken",
    "AttackMade",
    "Damaged",
    "FighterMoved",
    "FighterReturned",
    "FightersExhausted",
    "FightersSwapped",
    "GloryGained",
    "GuardChanged",
    "Healed",
    "Inspired",
    "PhaseStarted",
    "TakenOut",
]


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
        fighter.fell_at = None
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


def _pool(faces: list[str]) -> str:
    """Dice faces counted: ``2 hammer, crit`` (``-`` for none)."""
    counted: dict[str, int] = {}
    for face in faces:
        counted[face] = counted.get(face, 0) + 1
    return ", ".join(face if n == 1 else f"{n} {face}" for face, n in counted.items()) or "-"


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
    summary: str = ""
    """The counts and why, in one line (games stored before it was kept read the dice symbols instead)."""

    def apply(self, state: UnderworldsState) -> None:
        if self.outcome == "success":
            state.phase_log.attacked_successfully.append(self.attacker)
        state.last_attack = (self.attacker, self.target)
        state.last_attack_result = f"{_pool(self.attack_roll)} vs {_pool(self.defence_roll)}: " + \
            {"success": "succeeds"}.get(self.outcome, "fails") + (", critical hit" if self.critical_hit else "")

    def describe(self) -> str:
        if self.summary:
            return f"{self.attacker} attacks {self.target} with {self.attack}: {self.summary}."
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
        fighter.fell_at = fighter.hex
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
