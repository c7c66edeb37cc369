"""The table options Eldfall's rules code reads, typed, with the defaults of ``data/eldfall/rulings.yaml``.

A table's choices arrive as ``{ruling id: option}`` (the defaults plus any house rules); :meth:`Rulings.from_options`
checks each against the shipped options, so a typo never silently falls back to a default.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.schema import RulingsRecord

__all__ = ["DEFAULT_RULINGS", "Rulings"]


@dataclass(frozen=True, slots=True)
class Rulings(RulingsRecord):
    """The chosen option of each ruling the engine consults; field names are ruling ids with ``_`` for ``-``."""

    stacked_halving: str = "each-source"
    confrontation_criticals: str = "crits-win"
    friendly_fire_roll: str = "redirected"
    broken_morale: str = "half-or-fewer"
    critical_above_target: str = "always-hits"
    unarmed_power: str = "choice-minus-three"
    teardrop_size: str = "flamer"
    blinding_light_template: str = "circular-s"
    hitbox_height: str = "second-figure"
    fall_speed: str = "modified"
    jump_rounding: str = "round-up"
    reach_bands: str = "upper-inclusive"
    archery_overdraw: str = "first-band-only"
    cover_stacking: str = "best-only"
    awareness_measure: str = "modified-3d"
    summoning_limit: str = "below-stamina"
    negative_vp: str = "floor-zero"
    initiative_tie: str = "reroll"
    panic_edge: str = "centre-beyond"
    wounds_past_zero: str = "ignored"
    northern_wind_upgrades: str = "neutral"
    guildsworn_upgrades: str = "neutral"
    inscribed_strike: str = "item-strike"
    open_hostilities_scoring: str = "once"
    within_reach_plus: str = "reach-plus"
    knockback_collision: str = "stop-at-contact"
    deployment_fit: str = "both"
    deployment_order: str = "turn-order"
    equip_on_attack: str = "any-carried"
    flat_table: str = "surfaces"
    ledge_drop: str = "falls"
    clinging_action: str = "falls-then-acts"
    lucky_charm_use: str = "declared-or-wounded"
    ranger_move_engaged: str = "not-engaged"
    elemental_essence_effects: str = "damage-stands"
    familiar_sacrifice: str = "standing-order"
    familiar_wounds: str = "one-damage"
    personal_guard_leash: str = "stops-at-edge"
    personal_guard_return: str = "off-or-out"
    alliance_reactions: str = "dodge-only"
    alliance_authority: str = "same-affiliation"



DEFAULT_RULINGS = Rulings()
"""Every ruling at its default: what a table gets unless it chose house rules."""
