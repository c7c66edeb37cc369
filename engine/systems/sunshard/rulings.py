"""Sunshard's table options as one typed record: a field per ruling of ``data/sunshard/rulings.yaml`` that the rules
code reads, holding the option the table plays (checked against the shipped options by the shared
:func:`engine.schema.typed_rulings`)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from engine.schema import RulingsRecord

__all__ = ["DEFAULT_RULINGS", "PLAYED_AS_DEFAULT", "READS", "Rulings"]


@dataclass(frozen=True, slots=True)
class Rulings(RulingsRecord):
    """The chosen option of each ruling the engine consults; field names are ruling ids with ``_`` for ``-``."""

    template_under: str = "overlap"
    cone_reach: str = "template-touches"
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
    glory_kill_actions: str = "every-attack"
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
    standing_reroll: str = "declared"
    poison_fruit_blight: str = "fruit-model"
    rescue_ap: str = "at-once"
    immaterial_timing: str = "after-rerolls"
    bell_ringer_miss: str = "yes"
    fortunate_one_duration: str = "round"
    ambush_obscuring: str = "completely"
    withering_lasting: str = "permanent"
    downed_block_sight: str = "yes"
    terrain_surface: str = "highest"
    advance_centerline: str = "completely"
    steady_advance_ground: str = "completely"


DEFAULT_RULINGS = Rulings()

PLAYED_AS_DEFAULT: tuple[str, ...] = (
    "template-sizes", "los-own-terrain", "zone-geometry", "jammable", "blightpowered",
    "shard-focus", "command-abilities", "contact-ends-move", "calm-fifth-objective", "quest-tie", "rescue-marker",
    "anticipate-duration", "held-shot-aim", "held-strike-offer", "party-range", "initiative-alternation", "run-out",
    "healed-before-activation", "conflict-ties", "charge-after-vault", "fade-timing", "table-edge", "zone-predicates",
    "final-round-order", "simultaneous-kills", "two-must-lead", "until-next-end-phase", "shroud-reach",
    "optional-blight-removal", "protected-picker", "eagle-eye-duration", "shard-seed-markers", "markers-block",
    "placement-distance")
"""The rulings whose every alternative is still played by hand (a table asking for one is refused when it is made),
so the code plays their default without consulting the table's choice; each is read here all the same."""

READS: tuple[str, ...] = (*(f.name.replace("_", "-") for f in fields(Rulings)), *PLAYED_AS_DEFAULT)
"""Every ruling the rules code reads (``Declarations(reads=...)``), checked against ``rulings.yaml``."""
