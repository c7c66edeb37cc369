"""The table's rulings as the pure rules read them, built from ``data/underworlds/rulings.yaml`` choices.

Each field is one ruling's chosen option; ``Rules.from_choices`` takes the mapping a catalogue's
``ruling_choices`` gives (defaults plus a table's house rules) and refuses an option this code does not know.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields

from engine.hex import SightRule

__all__ = ["BONUS_FACES", "DEFAULT_RULES", "RULE", "Rules", "refereed"]

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
    "board-layouts": ("public-board-lists", "flush-only"),
    "edge-hexes": ("missing-neighbour", "blocked-makes-edge"),
    "knockback-optional": ("attacker-may-stop", "full"),
    "attack-aftermath-order": ("inspire-then-reactions", "reactions-then-inspire"),
    "do-over-discards": ("public", "hidden"),
    "empty-deck-activation": ("allowed", "forbidden"),
    "immediate-objectives-drawn-late": ("core", "faq"),
    "simultaneous-objectives": ("sequencing-roll-off", "active-player-first"),
    "reaction-chains": ("new-trigger", "no-chains"),
    "next-activation-scope": ("either-player", "own-next"),
    "multiplayer-round-two-direction": ("everything", "activations-only"),
    "multiplayer-cleanup": ("keep-objective-tokens", "clear-all"),
    "controlling-objectives": ("holding", "no-tie-break"),
    "guard-duration": ("end-of-phase", "lost-on-move"),
    "inspire-counts-any-fighters": ("any-warband", "enemy-only"),
    "activations-without-fighters": ("keep-four", "skip"),
    "same-card-both-players": ("allowed", "forbidden"),
    "objective-evaluation": ("engine", "claim-and-confirm"),
    "lethal-hexes": ("ignored", "one-damage"),
    "multiplayer-layouts": ("stacked", "fanned", "free"),
    "matched-play-tiebreaker": ("none", "glory-then-wipe-out"),
    "ploy-reactions-are-ploys": ("yes", "no"),
    "berserk-charge-symbols": ("hammer-and-swords", "swords-added"),
    "both-wiped-out": ("draw", "roll-off"),
    "roll-off-fewest": ("ranking-lowest", "most-criticals-last"),
    "push-path": ("any-path", "straight"),
    "push-exact": ("as-far-as-possible", "all-or-nothing"),
    "do-over": ("once-each-secret", "once-each-in-turn"),
    "board-side-choice": ("chooser-picks-side", "placer-picks-sides"),
    "objective-hand-limit": ("not-drawn", "draw-then-discard"),
    "support-timing": ("at-the-roll", "at-declaration"),
    "end-phase-order": ("player-by-player", "step-by-step"),
    "objective-placement-dead-end": ("ignore-spacing", "refuse-layout"),
    "dice-faces": ("public-lists", "table-entered"),
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
    board_layouts: str = "public-board-lists"
    edge_hexes: str = "missing-neighbour"
    knockback_optional: str = "attacker-may-stop"
    attack_aftermath_order: str = "inspire-then-reactions"
    do_over_discards: str = "public"
    empty_deck_activation: str = "allowed"
    immediate_objectives_drawn_late: str = "core"
    simultaneous_objectives: str = "sequencing-roll-off"
    reaction_chains: str = "new-trigger"
    next_activation_scope: str = "either-player"
    multiplayer_round_two_direction: str = "everything"
    multiplayer_cleanup: str = "keep-objective-tokens"
    controlling_objectives: str = "holding"
    guard_duration: str = "end-of-phase"
    inspire_counts_any_fighters: str = "any-warband"
    activations_without_fighters: str = "keep-four"
    same_card_both_players: str = "allowed"
    objective_evaluation: str = "engine"
    lethal_hexes: str = "ignored"
    multiplayer_layouts: str = "stacked"
    matched_play_tiebreaker: str = "none"
    ploy_reactions_are_ploys: str = "yes"
    berserk_charge_symbols: str = "hammer-and-swords"
    both_wiped_out: str = "draw"
    roll_off_fewest: str = "ranking-lowest"
    push_path: str = "any-path"
    push_exact: str = "as-far-as-possible"
    do_over: str = "once-each-secret"
    board_side_choice: str = "chooser-picks-side"
    objective_hand_limit: str = "not-drawn"
    support_timing: str = "at-the-roll"
    end_phase_order: str = "player-by-player"
    objective_placement_dead_end: str = "ignore-spacing"
    dice_faces: str = "public-lists"

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
    names = {f.name.replace("_", "-"): f.name for f in fields(Rules)}
    return Rules(**{names[ruling]: option for ruling, option in choices if ruling in names})


DEFAULT_RULES = Rules()
"""Every ruling at its default."""


def refereed(ruling: str) -> tuple[str, ...] | None:
    """The options of ``ruling`` the code applies, or ``None`` when it reads no such ruling (its default is the
    only behaviour it has)."""
    return _OPTIONS.get(ruling)
