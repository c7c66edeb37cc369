"""The table's rulings as the pure rules read them: one typed record, a field per ruling of
``data/underworlds/rulings.yaml`` (``_`` for ``-``), holding the option the table plays.

The options, the defaults and which alternatives are still by hand live in the YAML alone; the game declares that
its code reads this record (``Declarations(reads=Rules)``), checked against the YAML when it registers, and builds
it from the choices a table's setup records (``Rules.from_choices``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields

from engine.hex import SightRule
from engine.schema import RulingsRecord

__all__ = ["BONUS_FACES", "RULE", "Rules"]

RULE = "Underworlds core rulebook"
"""How rules are cited: ``f"{RULE}, L509"``."""

BONUS_FACES = {"single-support": "support", "double-support": "double support", "critical": "crit"}
"""The round 1 roll-off bonus ruling's options, as die faces."""


@dataclass(frozen=True, slots=True)
class Rules(RulingsRecord):
    """The chosen option of each ruling the rules consult (see the module docstring)."""

    support_thresholds: str
    guard_counts: str
    cleave_removes: str
    trapped_off_board: str
    trapped_critical: str
    sight_touch: str
    range_measure: str
    roll_off_tie_breaks: str
    round_one_bonus_symbol: str
    self_take_out_glory: str
    board_layouts: str
    edge_hexes: str
    knockback_optional: str
    attack_aftermath_order: str
    do_over_discards: str
    empty_deck_activation: str
    immediate_objectives_drawn_late: str
    simultaneous_objectives: str
    reaction_chains: str
    next_activation_scope: str
    multiplayer_round_two_direction: str
    multiplayer_cleanup: str
    controlling_objectives: str
    guard_duration: str
    inspire_counts_any_fighters: str
    activations_without_fighters: str
    same_card_both_players: str
    objective_evaluation: str
    lethal_hexes: str
    multiplayer_layouts: str
    matched_play_tiebreaker: str
    ploy_reactions_are_ploys: str
    berserk_charge_symbols: str
    both_wiped_out: str
    roll_off_fewest: str
    push_path: str
    push_exact: str
    do_over: str
    board_side_choice: str
    objective_hand_limit: str
    support_timing: str
    end_phase_order: str
    objective_placement_dead_end: str
    dice_faces: str

    @classmethod
    def from_choices(cls, choices: Mapping[str, str]) -> Rules:
        """Build from ruling id -> chosen option, as a table's setup records them (the YAML's defaults and the
        table's house rules, checked when the game was made); rulings these rules do not read are ignored.

        :raises KeyError: for a ruling the choices lack.
        """
        return _from_choices(tuple(sorted(choices.items())))

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


@functools.lru_cache(maxsize=64)
def _from_choices(choices: tuple[tuple[str, str], ...]) -> Rules:
    chosen = dict(choices)
    return Rules(**{f.name: chosen[f.name.replace("_", "-")] for f in fields(Rules)})
