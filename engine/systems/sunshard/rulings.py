"""The table options Sunshard's rules code reads, typed, with the defaults of ``data/sunshard/rulings.yaml``.

A table's choices arrive as ``{ruling id: option}`` (the defaults plus any house rules); :meth:`Rulings.from_options`
checks each against the shipped options, so a typo never silently falls back to a default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.schema import RulingOption, typed_rulings

__all__ = ["DEFAULT_RULINGS", "Rulings"]


@dataclass(frozen=True, slots=True)
class Rulings:
    """The chosen option of each ruling the engine consults; field names are ruling ids with ``_`` for ``-``."""

    template_under: str = "overlap"
    los_threshold: str = "taller"
    falling_drop: str = "three-or-more"
    falling_surface: str = "completely-within"
    deployment_fit: str = "completely"
    objective_offsets: str = "centres"
    deployment_pick_turn: str = "picker"
    cover_lines: str = "any-line"
    cover_inside: str = "yes"
    heavy_armor_vs_templates: str = "yes"
    heavy_armor_vs_mark: str = "yes"
    blocking_terrain: str = "blocks-sight"
    dangerous_terrain: str = "as-hazardous"
    mark_target: str = "hunters-mark"
    cast_magika_cost: str = "one"
    curse_aim: str = "yes"
    curse_as_attack_action: str = "yes"
    starting_fortune: str = "zero"
    downed_engagement: str = "only-standing"
    blighted_perfect: str = "yes"
    substitute_blight: str = "hit-model"
    downed_heal: str = "any-heal"
    burning_blocks_downed_removal: str = "yes"
    kill_credit: str = "opponent"
    treasure_vp: str = "per-model"
    blood_meridian_kill: str = "enemy-any-cause"
    held_strike_failed: str = "spent"
    held_shot_moment: str = "chosen-point"
    party_order: str = "any-order"
    mob_party_size: str = "six-in-all"
    swarming_attacker: str = "party-attacker"
    party_picked_model: str = "yes"
    rugged_frequency: str = "once-per-action"
    hazardous_frequency: str = "per-piece"
    burning_per_ap: str = "per-ap"
    armor_like_tests: str = "armor-tests"
    rsl_criticals: str = "none"
    climb_height: str = "functional"
    sudden_death: str = "at-least"
    ranger_distance: str = "whole-base"
    in_the_fray_enemy: str = "target"
    fortune_reroll_scope: str = "every-attack"
    immaterial_timing: str = "after-rerolls"
    bell_ringer_miss: str = "yes"
    fortunate_one_duration: str = "round"
    ambush_obscuring: str = "completely"
    withering_lasting: str = "permanent"
    downed_block_sight: str = "yes"
    terrain_surface: str = "highest"
    advance_centerline: str = "completely"
    steady_advance_ground: str = "completely"

    @classmethod
    def from_options(cls, rulings: Sequence[RulingOption], chosen: Mapping[str, str] | None = None) -> Rulings:
        """Build from the shipped rulings (their defaults) and a table's ``chosen`` options.

        :raises ValueError: for an unknown ruling id, an option that ruling does not offer, or one the referee does
            not play yet (``by_hand``).
        """
        return typed_rulings(cls, rulings, chosen)


DEFAULT_RULINGS = Rulings()
