"""The table's rulings as the pure rules read them, built from ``data/underworlds/rulings.yaml`` choices.

Each field is one ruling's chosen option; ``Rules.from_choices`` takes the mapping a catalogue's
``ruling_choices`` gives (defaults plus a table's house rules) and refuses an option this code does not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from engine.hex import SightRule

__all__ = ["BONUS_FACES", "DEFAULT_RULES", "RULE", "Rules"]

RULE = "Underworlds core rulebook"
"""How rules are cited: ``f"{RULE}, L509"``."""

BONUS_FACES = {"single-support": "support", "double-support": "double support", "critical": "crit"}
"""The round 1 roll-off bonus ruling's options, as die faces."""

_OPTIONS: dict[str, tuple[str, ...]] = {
    "support-thresholds": ("single-then-both", "double-at-two-only"),
    "guard-counts": ("block-and-dodge", "block-only"),
    "cleave-removes": ("block", "own-symbol"),
    "trapped-off-board": ("off-board-is-blocked", "not-trapped"),
    "trapped-critical": ("critical", "not-critical"),
    "sight-touch": ("touch", "edge", "cross"),
    "range-measure": ("straight", "walking"),
    "roll-off-tie-breaks": ("double-then-single", "single-then-double"),
    "round-one-bonus-symbol": tuple(BONUS_FACES),
    "self-take-out-glory": ("opponent-gains", "nobody-gains"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The rulings the pure rules depend on; the defaults are the project's readings (rulings.yaml)."""

    support_thresholds: str = "single-then-both"
    guard_counts: str = "block-and-dodge"
    cleave_removes: str = "block"
    trapped_off_board: str = "off-board-is-blocked"
    trapped_critical: str = "critical"
    sight_touch: str = "touch"
    range_measure: str = "straight"
    roll_off_tie_breaks: str = "double-then-single"
    round_one_bonus_symbol: str = "single-support"
    self_take_out_glory: str = "opponent-gains"

    def __post_init__(self) -> None:
        for f in fields(self):
            ruling = f.name.replace("_", "-")
            if getattr(self, f.name) not in _OPTIONS[ruling]:
                raise ValueError(f'ruling "{ruling}" has no option "{getattr(self, f.name)}" '
                                 f"(choose from {', '.join(_OPTIONS[ruling])})")

    @classmethod
    def from_choices(cls, choices: Mapping[str, str]) -> Rules:
        """Build from ruling id -> chosen option; rulings these rules do not read are ignored.

        :raises ValueError: for an option this code cannot apply.
        """
        names = {f.name.replace("_", "-"): f.name for f in fields(cls)}
        return cls(**{names[ruling]: option for ruling, option in choices.items() if ruling in names})

    @property
    def sight(self) -> SightRule:
        return SightRule(self.sight_touch)

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """Faces compared after criticals in a roll-off, in order."""
        pair = ("double support", "support")
        return pair if self.roll_off_tie_breaks == "double-then-single" else pair[::-1]

    @property
    def bonus_face(self) -> str:
        return BONUS_FACES[self.round_one_bonus_symbol]


DEFAULT_RULES = Rules()
"""Every ruling at its default."""
