"""The table options Eldfall's rules code reads, typed, with the defaults of ``data/eldfall/rulings.yaml``.

A table's choices arrive as ``{ruling id: option}`` (the defaults plus any house rules); :meth:`Rulings.from_options`
checks each against the shipped options, so a typo never silently falls back to a default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from engine.schema import RulingOption, did_you_mean

__all__ = ["DEFAULT_RULINGS", "Rulings"]


@dataclass(frozen=True, slots=True)
class Rulings:
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
    shield_front: str = "attacker-in-front-half"
    awareness_measure: str = "modified-3d"
    engagement_weapon: str = "equipped-melee"
    summoning_limit: str = "below-stamina"
    negative_vp: str = "floor-zero"
    initiative_tie: str = "reroll"
    panic_edge: str = "centre-beyond"
    stamina_strike: str = "modified"
    wounds_past_zero: str = "ignored"
    duelist_scope: str = "own-attacks"
    northern_wind_upgrades: str = "neutral"
    guildsworn_upgrades: str = "neutral"
    neutral_scheme_deck: str = "common-only"
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
    mage_reroll: str = "declared"
    ranger_move_engaged: str = "not-engaged"
    elemental_essence_effects: str = "damage-stands"
    alliance_reactions: str = "dodge-only"

    @classmethod
    def from_options(cls, rulings: Sequence[RulingOption], chosen: Mapping[str, str] | None = None) -> Rulings:
        """Build from the shipped rulings (their defaults) and a table's ``chosen`` options.

        :raises ValueError: for an unknown ruling id or an option that ruling does not offer.
        """
        by_id = {r.id: r for r in rulings}
        picked = {r.id: r.default for r in rulings}
        for ruling_id, option in (chosen or {}).items():
            ruling = by_id.get(ruling_id)
            if ruling is None:
                raise ValueError(f'unknown ruling "{ruling_id}"{did_you_mean(ruling_id, list(by_id))}')
            if option not in ruling.options:
                raise ValueError(f'ruling "{ruling_id}" has no option "{option}" (choose from '
                                 f'{", ".join(ruling.options)})')
            picked[ruling_id] = option
        values = {}
        for field in fields(cls):
            ruling_id = field.name.replace("_", "-")
            if ruling_id not in picked:
                raise ValueError(f'the data has no ruling "{ruling_id}", which the rules code reads')
            values[field.name] = picked[ruling_id]
        return cls(**values)


DEFAULT_RULINGS = Rulings()
"""Every ruling at its default: what a table gets unless it chose house rules."""
