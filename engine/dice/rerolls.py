"""A roll's re-roll window: who may re-roll which dice, in which order, and how often.

Games limit re-rolls differently, so the limits are parameters, not code per game:

- the steps of the window come in a fixed order, and once a later step has re-rolled, an earlier one is closed
  (Shroudfall: the roller's essence re-roll comes before any other re-roll, then the active player's other
  re-rolls, then the inactive player's; Shroudfall beta rulebook v1.4, L813, L935, L1563-1571);
- a die is re-rolled at most once per player (Shroudfall, L813) or at most once whoever re-rolls it
  (Sunshard:Embren core rules v1.0, L153): the order's ``scope``;
- a step may re-roll the whole roll and be exempt from the per-die limit (Shroudfall's essence re-roll, L813,
  L935), and a step may be usable once per roll.

Everything here is pure: :meth:`RerollOrder.reroll` is given the function that re-rolls one die (in a game, one
that rolls through its ``Context`` and logs it), and returns a new :class:`RolledPool`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from engine.dice.faces import Die
from engine.dice.roller import DieRoll

__all__ = ["RerollOrder", "RerollRefused", "RerollStep", "RolledPool"]

Scope = Literal["player", "any"]


class RerollRefused(ValueError):
    """A re-roll the window does not allow now; the message names the rule."""


@dataclass(frozen=True, slots=True)
class RerollStep:
    """One step of a re-roll window.

    ``player`` re-rolls at this step; ``whole`` re-rolls every die of the roll at once; ``counted`` is false for a
    re-roll exempt from the per-die limit; ``once`` allows it once per roll; ``rule`` cites where it comes from.
    """

    name: str
    player: str
    whole: bool = False
    counted: bool = True
    once: bool = False
    rule: str = ""


@dataclass(frozen=True, slots=True)
class RolledPool:
    """A rolled pool with its re-roll record: each die's current roll, who has re-rolled it, the step reached."""

    dice: tuple[Die, ...]
    rolls: tuple[DieRoll, ...]
    rerolled_by: tuple[frozenset[str], ...] = ()
    step: int = 0
    used: frozenset[str] = frozenset()
    history: tuple[str, ...] = ()
    """One line per re-roll made, for the working: ``essence re-roll (A): 3, 0 -> 2, 2``."""

    def __post_init__(self) -> None:
        if len(self.dice) != len(self.rolls):
            raise ValueError(f"a pool needs one roll per die, got {len(self.dice)} dice and {len(self.rolls)} rolls")
        if not self.rerolled_by:
            object.__setattr__(self, "rerolled_by", tuple(frozenset() for _ in self.rolls))

    @classmethod
    def of(cls, dice: Sequence[Die], rolls: Sequence[DieRoll]) -> RolledPool:
        """A pool just rolled, nothing re-rolled yet."""
        return cls(tuple(dice), tuple(rolls))

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(roll.value for roll in self.rolls)

    @property
    def total(self) -> int:
        return sum(self.values)


@dataclass(frozen=True, slots=True)
class RerollOrder:
    """The steps of a re-roll window in the order the rules give them, and the scope of the per-die limit."""

    steps: tuple[RerollStep, ...]
    scope: Scope = "player"
    limit_rule: str = ""

    def _step(self, name: str) -> tuple[int, RerollStep]:
        for index, step in enumerate(self.steps):
            if step.name == name:
                return index, step
        raise RerollRefused(f"no re-roll step {name!r} here; the steps are {', '.join(s.name for s in self.steps)}")

    def _limited(self, pool: RolledPool, position: int, player: str) -> bool:
        done = pool.rerolled_by[position]
        return bool(done) if self.scope == "any" else player in done

    def refusal(self, pool: RolledPool, name: str, positions: Iterable[int] = ()) -> str | None:
        """Why step ``name`` may not re-roll ``positions`` of ``pool`` now (every die for a whole step), or None."""
        index, step = self._step(name)
        if index < pool.step:
            later = self.steps[pool.step].name
            return f"the {step.name} re-roll comes before the {later} re-roll, which has been made ({step.rule})"
        if step.once and step.name in pool.used:
            return f"a roll may take the {step.name} re-roll only once ({step.rule})"
        wanted = tuple(range(len(pool.rolls))) if step.whole else tuple(positions)
        if not wanted:
            return "name at least one die to re-roll"
        bad = [p for p in wanted if not 0 <= p < len(pool.rolls)]
        if bad:
            return f"the roll has dice 1 to {len(pool.rolls)}; there is no die {bad[0] + 1}"
        if len(set(wanted)) != len(wanted):
            return "each die is re-rolled once in a re-roll; a die is named twice"
        if step.counted:
            spent = [p for p in wanted if self._limited(pool, p, step.player)]
            if spent:
                who = "anyone" if self.scope == "any" else step.player
                return (f"die {spent[0] + 1} ({pool.rolls[spent[0]].label}) has already been re-rolled by {who}; "
                        f"a die is re-rolled once at most ({self.limit_rule})")
        return None

    def allowed(self, pool: RolledPool, name: str) -> tuple[int, ...]:
        """The dice step ``name`` could re-roll now (each alone; every die or none for a whole step)."""
        _, step = self._step(name)
        if step.whole:
            return tuple(range(len(pool.rolls))) if self.refusal(pool, name) is None else ()
        return tuple(p for p in range(len(pool.rolls)) if self.refusal(pool, name, (p,)) is None)

    def reroll(self, pool: RolledPool, name: str, positions: Iterable[int],
               reroll_die: Callable[[DieRoll, Die], DieRoll]) -> RolledPool:
        """Re-roll ``positions`` (every die for a whole step) at step ``name``; the pool it returns remembers who
        re-rolled what, and closes every earlier step.

        :raises RerollRefused: naming the rule, when the window does not allow it; nothing is rolled then.
        """
        index, step = self._step(name)
        wanted = tuple(range(len(pool.rolls))) if step.whole else tuple(positions)
        why = self.refusal(pool, name, wanted)
        if why is not None:
            raise RerollRefused(why)
        rolls = list(pool.rolls)
        by = list(pool.rerolled_by)
        for position in wanted:
            rolls[position] = reroll_die(rolls[position], pool.dice[position])
            if step.counted:
                by[position] = by[position] | {step.player}
        before = ", ".join(pool.rolls[p].label for p in wanted)
        after = ", ".join(rolls[p].label for p in wanted)
        line = f"{step.name} re-roll ({step.player}): {before} -> {after}"
        return replace(pool, rolls=tuple(rolls), rerolled_by=tuple(by), step=index,
                       used=pool.used | {step.name}, history=(*pool.history, line))
