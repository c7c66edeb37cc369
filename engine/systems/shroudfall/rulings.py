"""The table options Shroudfall's rules code reads, typed, with the defaults of ``data/shroudfall/rulings.yaml``.

A table's choices arrive as ``{ruling id: option}`` (the defaults plus any house rules); :meth:`Rulings.from_options`
checks each against the shipped options, so a typo never silently falls back to a default.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from engine.schema import RulingsRecord

__all__ = ["DEFAULT_RULINGS", "MOV_LENGTHS", "PLAYED_AS_DEFAULT", "READS", "Rulings"]

MOV_LENGTHS: Mapping[str, Mapping[str, float]] = {
    "3-5-7": {"S": 3.0, "M": 5.0, "L": 7.0},
    "4-6-8": {"S": 4.0, "M": 6.0, "L": 8.0},
    "2-4-6": {"S": 2.0, "M": 4.0, "L": 6.0},
}
"""The movement tools' lengths in inches by option of ruling ``mov-lengths`` (the book prints none, L206-216)."""


@dataclass(frozen=True, slots=True)
class Rulings(RulingsRecord):
    """The chosen option of each ruling the engine consults; field names are ruling ids with ``_`` for ``-``."""

    mov_lengths: str = "3-5-7"
    tool_joint: str = "anywhere"
    essence_attack_cost: str = "one-yellow"
    burning_damage: str = "two-yellow"
    crystal_colours: str = "grey-yellow-red"
    roll_off_pool: str = "one-yellow"
    within_terrain: str = "partial"
    linear_vs_melee: str = "all-attacks"
    template_targets: str = "friends-not-self"
    scenario_win: str = "lead-margin"
    control_counting: str = "partial-models-only"
    deployment_within: str = "partial"
    terrain_loop: str = "own-half"
    side_piece_gap: str = "literal-two-inches"

    def tool_length(self, mov: str) -> float:
        """The length in inches of the S, M or L tool."""
        return MOV_LENGTHS[self.mov_lengths][mov]


DEFAULT_RULINGS = Rulings()
"""Every ruling at its default: what a table gets unless it chose house rules."""


PLAYED_AS_DEFAULT: tuple[str, ...] = (
    "essence-die-colours", "lost-card-values", "thunderstorm-damage", "essence-starved-colours",
    "essence-interact-cost", "tactical-advisor-crystal", "inspiring-presence-die", "terrain-presets",
    "silver-line-orders", "crystal-mines", "scenario-turn", "deployment-edges", "scoring-ways", "reactive-resume",
    "attack-sequence", "reroll-timing", "elusive-reroll", "hard-to-hit", "infusion-upgrade", "essence-reroll-who",
    "follow-up-timing", "damaged-window", "melee-penalty", "area-profile-types", "melee-lock", "tool-contact",
    "mov-modifiers", "push-triggers", "place-triggers", "condition-damage", "duplicate-conditions", "burning-essence",
    "partial-units", "tie-breaker-reserve", "simultaneous-annihilation", "roll-off-ties", "trigger-order",
    "repeated-actives", "essence-attack-type", "combined-count", "beloved-commander", "once-per-activation",
    "exhausted-corner", "leadership-step", "leadership-holders", "los-precision", "scenario-elements-block",
    "hover-linear", "terrain-setup-order", "stunned-forfeit", "element-gap", "elusive-count", "order-timing",
    "whirlwind-dance-target", "hazard-once", "attunement", "void-essence", "fall-back-way", "essence-reroll-asked",
)
"""The rulings whose default the rules code plays and whose every alternative is still played by hand (``by_hand`` in
``rulings.yaml``): the code reads them as fixed, so a table cannot switch them."""

READS: tuple[str, ...] = (*(f.name.replace("_", "-") for f in dataclasses.fields(Rulings)), *PLAYED_AS_DEFAULT)
"""Every ruling the game's code reads, for its declarations (checked against ``rulings.yaml`` when it registers)."""
