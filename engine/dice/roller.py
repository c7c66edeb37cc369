"""The game's one roller: every draw derives from a secret seed, so the revealed seed proves every roll.

Draw ``index`` of ``stream`` is HMAC-SHA256 keyed by the seed over ``"<stream>:<index>:<attempt>"``, read as a
256-bit integer and kept only below the largest multiple of ``n`` (rejection sampling, no modulo bias).
Each stream has its own counter, so a side's secret draws never shift the public dice.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque
from collections.abc import Mapping, Sequence

from pydantic import BaseModel

from engine.dice.faces import Die, Face

__all__ = [
    "PUBLIC_STREAM",
    "DieRoll",
    "RerollLimitReached",
    "RiggedFaceError",
    "Roller",
    "WouldRoll",
    "commitment",
    "draw_index",
    "new_seed",
    "secret_stream",
    "verify_roll",
]

PUBLIC_STREAM = "public"
_DIGEST_RANGE = 1 << 256


def secret_stream(side: str) -> str:
    """Return the name of ``side``'s secret stream, whose draws are counted apart from the public dice."""
    return f"secret:{side}"


def new_seed() -> str:
    """Return a fresh game seed (64 hex characters) from the operating system's secure source."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """Return the sha256 hex of ``seed``: published at the start, checked against the seed revealed at the end."""
    return hashlib.sha256(seed.encode()).hexdigest()


def draw_index(seed: str, stream: str, index: int, n: int) -> int:
    """Return the uniform integer in ``[0, n)`` for draw ``index`` of ``stream``.

    Pure: anyone holding the seed gets the same answer. The key is the seed's UTF-8 text.

    :raises ValueError: if ``n`` is below 1 or ``index`` is negative.
    """
    if n < 1:
        raise ValueError(f"cannot draw from an empty range: n must be at least 1, got {n}")
    if index < 0:
        raise ValueError(f"draw index must be 0 or more, got {index}")
    limit = _DIGEST_RANGE - _DIGEST_RANGE % n
    key = seed.encode()
    attempt = 0
    while True:
        digest = hmac.new(key, f"{stream}:{index}:{attempt}".encode(), hashlib.sha256).digest()
        number = int.from_bytes(digest, "big")
        if number < limit:
            return number % n
        attempt += 1


class DieRoll(BaseModel, frozen=True):
    """One die's result as logged: enough to show it, and to recompute it from the revealed seed."""

    die: str
    face: int
    label: str
    value: int
    symbols: tuple[str, ...] = ()
    stream: str
    index: int | None
    rigged: bool = False
    rerolls: int = 0


class RiggedFaceError(ValueError):
    """A rigged result names no face of the die it was used for."""

    def __init__(self, die: Die, result: str | int) -> None:
        self.die, self.result = die, result
        labels = ", ".join(dict.fromkeys(face.label for face in die.faces))
        super().__init__(f"rigged result {result!r} is not a face of {die.name}; it accepts {labels}")


class RerollLimitReached(ValueError):
    """A die has already been re-rolled as often as the rule allows."""

    def __init__(self, roll: DieRoll, limit: int) -> None:
        self.roll, self.limit = roll, limit
        times = "once" if limit == 1 else f"{limit} times"
        super().__init__(f"this {roll.die} ({roll.label}) has already been re-rolled {times}, the most allowed")


class WouldRoll(Exception):
    """A halting roller met its first die: raised instead of rolling, so a preview stops before any die is known.

    ``dice`` names the dice of the roll that would come; ``purpose`` and ``roller`` are filled in by whoever
    rolls with one (``Context.draw``), when known."""

    def __init__(self, dice: tuple[str, ...], stream: str, purpose: str | None = None,
                 roller: str | None = None) -> None:
        self.dice, self.stream, self.purpose, self.roller = dice, stream, purpose, roller
        super().__init__(f"would roll {', '.join(dice)} on {stream}" + (f" for {purpose}" if purpose else ""))


def _rigged_face(die: Die, result: str | int) -> int:
    if isinstance(result, int):
        matches = [i for i, face in enumerate(die.faces) if face.value == result]
    else:
        wanted = result.strip().casefold()
        matches = [i for i, face in enumerate(die.faces) if face.label.casefold() == wanted]
    if not matches:
        raise RiggedFaceError(die, result)
    return matches[0]


def _roll_of(die: Die, face: int, stream: str, index: int | None, rigged: bool) -> DieRoll:
    chosen: Face = die.faces[face]
    return DieRoll(die=die.name, face=face, label=chosen.label, value=chosen.value, symbols=chosen.symbols,
                   stream=stream, index=index, rigged=rigged)


class Roller:
    """One per game. Counters (next draw index per stream) and the rigged queue are its whole state.

    The rigged queue serves tutorials and tests: it feeds the public stream only, and every roll it
    supplies is marked ``rigged`` and carries no draw index.
    """

    def __init__(self, seed: str, counters: Mapping[str, int] | None = None, rigged: Sequence[str | int] = (),
                 *, halting: bool = False) -> None:
        if not seed:
            raise ValueError("a roller needs a non-empty seed; use new_seed()")
        self._seed = seed
        self._counters = dict(counters or {})
        self._rigged: deque[str | int] = deque()
        self._halting = halting
        self.rig(rigged)

    @property
    def seed(self) -> str:
        """The secret seed; reveal it only when the game ends."""
        return self._seed

    def counters(self) -> dict[str, int]:
        """Return a copy of the next draw index of every stream used so far."""
        return dict(self._counters)

    def rigged_queue(self) -> tuple[str | int, ...]:
        """Return the results still queued, next first."""
        return tuple(self._rigged)

    def clear_rigged(self) -> None:
        """Forget every result still queued: the next public rolls are drawn from the seed again."""
        self._rigged.clear()

    def rig(self, results: Sequence[str | int]) -> None:
        """Queue results for the next public rolls: an int is a face value, a str a face label.

        They are checked against a die only when used, since the queue does not know which die comes next.
        """
        for result in results:
            if isinstance(result, bool) or not isinstance(result, str | int):
                raise TypeError(f"rigged results are face values (int) or labels (str), got {result!r}")
        self._rigged.extend(results)

    def roll(self, die: Die, stream: str = PUBLIC_STREAM) -> DieRoll:
        """Roll one die on ``stream``, taking the next rigged result first if the stream is public.

        :raises RiggedFaceError: if the next rigged result is not a face of ``die`` (the queue is left as is).
        :raises WouldRoll: if this roller halts at its first die (see ``halting``); nothing is drawn.
        """
        if self._halting:
            raise WouldRoll((die.name,), stream)
        if stream == PUBLIC_STREAM and self._rigged:
            face = _rigged_face(die, self._rigged[0])
            self._rigged.popleft()
            return _roll_of(die, face, stream, None, rigged=True)
        index = self._counters.get(stream, 0)
        face = draw_index(self._seed, stream, index, len(die.faces))
        self._counters[stream] = index + 1
        return _roll_of(die, face, stream, index, rigged=False)

    def roll_pool(self, dice: Sequence[Die], stream: str = PUBLIC_STREAM) -> tuple[DieRoll, ...]:
        """Roll several dice in order; if one fails, none is taken from the queue or the counters."""
        if self._halting and dice:
            raise WouldRoll(tuple(die.name for die in dice), stream)
        trial = self.copy()
        rolls = tuple(trial.roll(die, stream) for die in dice)
        self._counters, self._rigged = trial._counters, trial._rigged
        return rolls

    def reroll(self, previous: DieRoll, die: Die, limit: int | None = 1) -> DieRoll:
        """Roll ``previous``'s die again on its stream; the new result counts one more re-roll.

        ``limit`` is how many re-rolls the rule allows this die (``None``: no limit).

        :raises RerollLimitReached: if ``previous`` has already been re-rolled ``limit`` times.
        :raises ValueError: if ``die`` is not the die that was rolled.
        """
        if die.name != previous.die:
            raise ValueError(f"cannot re-roll a {previous.die} as a {die.name}")
        if limit is not None and previous.rerolls >= limit:
            raise RerollLimitReached(previous, limit)
        return self.roll(die, previous.stream).model_copy(update={"rerolls": previous.rerolls + 1})

    def copy(self) -> Roller:
        """Return an independent roller with the same seed, counters and queue (for previews)."""
        return Roller(self._seed, self._counters, tuple(self._rigged), halting=self._halting)

    def halting(self) -> Roller:
        """Return a copy that raises ``WouldRoll`` at its first die instead of rolling it: a preview of a command
        that rolls stops there, showing what is known before the dice and never the dice themselves."""
        return Roller(self._seed, self._counters, tuple(self._rigged), halting=True)


def verify_roll(seed: str, die: Die, roll: DieRoll) -> bool:
    """Return whether ``roll`` is what ``seed`` gives for its stream and index.

    Rigged rolls carry no draw index and never verify.
    """
    if roll.rigged or roll.index is None or roll.die != die.name:
        return False
    face = draw_index(seed, roll.stream, roll.index, len(die.faces))
    expected = _roll_of(die, face, roll.stream, roll.index, rigged=False)
    return expected == roll.model_copy(update={"rerolls": 0})
