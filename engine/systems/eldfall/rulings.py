"""The rulings Eldfall's rules code reads, typed: one field per ruling of ``data/eldfall/rulings.yaml``, which alone
holds their options and defaults (the game declares it reads this record, ``Declarations(reads=Rulings)``, checked
against the YAML when it registers).

A table's choices arrive as ``{ruling id: option}`` (the defaults plus any house rules); :meth:`Rulings.from_options`
checks each against the shipped options, so a typo never silently falls back to a default. A ruling of the YAML
missing here has no alternative the referee plays (every one is ``by_hand``): the code follows its default.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.schema import RulingsRecord

__all__ = ["Rulings"]


@dataclass(frozen=True, slots=True)
class Rulings(RulingsRecord):
    """The chosen option of each ruling the engine consults; field names are ruling ids with ``_`` for ``-``."""

    stacked_halving: str
    confrontation_criticals: str
    friendly_fire_roll: str
    broken_morale: str
    critical_above_target: str
    unarmed_power: str
    teardrop_size: str
    blinding_light_template: str
    hitbox_height: str
    fall_speed: str
    jump_rounding: str
    reach_bands: str
    archery_overdraw: str
    cover_stacking: str
    awareness_measure: str
    summoning_limit: str
    negative_vp: str
    initiative_tie: str
    panic_edge: str
    wounds_past_zero: str
    northern_wind_upgrades: str
    guildsworn_upgrades: str
    inscribed_strike: str
    open_hostilities_scoring: str
    within_reach_plus: str
    knockback_collision: str
    deployment_fit: str
    deployment_order: str
    equip_on_attack: str
    flat_table: str
    ledge_drop: str
    clinging_action: str
    lucky_charm_use: str
    ranger_move_engaged: str
    elemental_essence_effects: str
    familiar_sacrifice: str
    familiar_wounds: str
    personal_guard_leash: str
    personal_guard_return: str
    alliance_reactions: str
    alliance_authority: str
    alliance: str
    alliance_attacks: str
    alliance_broken_vp: str
    alliance_vp: str
    treasure_vp: str

