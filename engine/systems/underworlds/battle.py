"""A small read-only snapshot of a game for the pure rules: the battlefield, fighters, tokens, the phase so far.

The game keeps its own state; it hands the rules a ``Battle`` built from it, and the rules never change it.
Fighters are named by an id unique in the game (two players may field the same warband, so the game prefixes
ids when it must); ``profile`` names the fighter card in the data. A board hex's region is the side whose
territory it is (``None``: nobody's).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from engine.hex import Hex, HexBoard

__all__ = ["Battle", "FighterState", "MoveRecord", "ObjectiveToken", "PhaseRecord", "TakeOut"]


@dataclass(frozen=True, slots=True)
class FighterState:
    """One fighter: where it stands (``None``: out of action), its wounds taken, tokens and upgrades."""

    id: str
    profile: str
    side: str
    hex: Hex | None
    leader: bool = False
    wounds: int = 0
    inspired: bool = False
    guard: bool = False
    moved: bool = False
    charged: bool = False
    upgrades: tuple[str, ...] = ()

    @property
    def on_battlefield(self) -> bool:
        return self.hex is not None


@dataclass(frozen=True, slots=True)
class ObjectiveToken:
    number: int
    hex: Hex
    face_up: bool = True

    @property
    def label(self) -> str:
        """How a player names it: its number, or ``A`` for the Katophrane Artefact (number 0), an objective token
        for every rule (L741)."""
        return str(self.number) if self.number else "A"


@dataclass(frozen=True, slots=True)
class TakeOut:
    """A fighter taken out of action: by which side (``None``: by no warband), which fighter, and using what."""

    victim: str
    by: str | None
    by_fighter: str | None = None
    using: Literal["attack", "charge", "ploy", "other"] = "attack"


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """A Move action (a Charge's move included): the fighters next to the mover when it began and ended."""

    fighter: str
    neighbours_before: frozenset[str]
    neighbours_after: frozenset[str]


@dataclass(frozen=True, slots=True)
class PhaseRecord:
    """What happened this action phase (in an end phase: in the action phase just played)."""

    moved: frozenset[str] = frozenset()
    charged: frozenset[str] = frozenset()
    attacked_successfully: frozenset[str] = frozenset()
    took_damage: frozenset[str] = frozenset()
    taken_out: tuple[TakeOut, ...] = ()
    moves: tuple[MoveRecord, ...] = ()


@dataclass(frozen=True)
class Battle:
    """The battlefield, every fighter (on it or not), the objective tokens, and the history conditions need.

    ``held_at_phase_ends`` lists, for each finished action phase (oldest first), which fighter held which
    token number at its end; in an end phase the phase just played is the last entry.

    :raises ValueError: for repeated fighter ids, two fighters in one hex, or a fighter or token off the board.
    """

    board: HexBoard
    sides: tuple[str, ...]
    fighters: tuple[FighterState, ...]
    objectives: tuple[ObjectiveToken, ...] = ()
    phase: PhaseRecord = PhaseRecord()
    held_at_phase_ends: tuple[frozenset[tuple[int, str]], ...] = ()
    _by_id: dict[str, FighterState] = field(init=False, repr=False, compare=False)
    _by_hex: dict[Hex, FighterState] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id: dict[str, FighterState] = {}
        by_hex: dict[Hex, FighterState] = {}
        for fighter in self.fighters:
            if fighter.id in by_id:
                raise ValueError(f"two fighters share the id {fighter.id!r}")
            if fighter.side not in self.sides:
                raise ValueError(f"fighter {fighter.id!r} belongs to side {fighter.side!r}, not one of {self.sides}")
            if fighter.hex is not None:
                if fighter.hex not in self.board:
                    raise ValueError(f"fighter {fighter.id!r} stands off the board at {fighter.hex}")
                if fighter.hex in by_hex:
                    raise ValueError(f"fighters {by_hex[fighter.hex].id!r} and {fighter.id!r} share a hex "
                                     "(Underworlds core rulebook, L385)")
                by_hex[fighter.hex] = fighter
            by_id[fighter.id] = fighter
        for token in self.objectives:
            if token.hex not in self.board:
                raise ValueError(f"objective token {token.number} lies off the board at {token.hex}")
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_by_hex", by_hex)

    def fighter(self, fighter_id: str) -> FighterState:
        """Return the fighter with that id; :raises KeyError: naming the known ids."""
        try:
            return self._by_id[fighter_id]
        except KeyError:
            raise KeyError(f"no fighter {fighter_id!r}; fighters are {', '.join(self._by_id)}") from None

    def at(self, h: Hex) -> FighterState | None:
        """Return the fighter standing in ``h``, if any."""
        return self._by_hex.get(h)

    def standing(self) -> Iterator[FighterState]:
        """Yield the fighters on the battlefield."""
        return (f for f in self.fighters if f.hex is not None)

    def occupied(self, *, but: str | None = None) -> frozenset[Hex]:
        """Return the hexes fighters stand in, leaving out fighter ``but`` (a mover never blocks itself)."""
        return frozenset(h for h, f in self._by_hex.items() if f.id != but)

    def neighbours_of(self, fighter_id: str) -> tuple[FighterState, ...]:
        """Return the fighters adjacent to a fighter on the battlefield (none for one out of action)."""
        here = self.fighter(fighter_id).hex
        if here is None:
            return ()
        return tuple(f for n in here.neighbours() if (f := self._by_hex.get(n)) is not None)

    def holder(self, token: ObjectiveToken) -> FighterState | None:
        """Return the fighter holding a token: the one standing in its hex (L291)."""
        return self._by_hex.get(token.hex)

    def territory_of(self, h: Hex) -> str | None:
        """Return the side whose territory ``h`` is (``None``: nobody's)."""
        return self.board.region_of(h)
