"""Shroudfall's rulings: every gap of the digest's section 15 a named option with a default, alternatives and a
citation of the rulebook; a table may switch to a refereed alternative, never to one played by hand."""

from __future__ import annotations

import pytest

from engine.schema import choose_rulings

from .loader import load_shroudfall

SECTION_15 = {
    "mov-lengths", "tool-joint", "essence-die-colours", "lost-card-values", "essence-attack-cost", "burning-damage",
    "thunderstorm-damage", "essence-starved-colours", "essence-interact-cost", "tactical-advisor-crystal",
    "crystal-colours", "inspiring-presence-die", "roll-off-pool", "terrain-presets", "silver-line-orders",
    "crystal-mines", "scenario-turn", "deployment-edges", "scoring-ways", "reactive-resume", "attack-sequence",
    "reroll-timing", "elusive-reroll", "hard-to-hit", "infusion-upgrade", "essence-reroll-who", "follow-up-timing",
    "damaged-window", "melee-penalty", "within-terrain", "linear-vs-melee", "template-targets", "area-profile-types",
    "melee-lock", "tool-contact", "mov-modifiers", "push-triggers", "place-triggers", "condition-damage",
    "duplicate-conditions", "burning-essence", "partial-units", "scenario-win", "tie-breaker-reserve",
    "simultaneous-annihilation", "control-counting", "roll-off-ties", "trigger-order", "repeated-actives",
    "essence-attack-type", "combined-count", "beloved-commander", "once-per-activation", "exhausted-corner",
    "deployment-within", "terrain-loop", "side-piece-gap", "leadership-step", "leadership-holders", "los-precision",
    "scenario-elements-block", "hover-linear", "terrain-setup-order",
}
BOOK_CHECK = {"stunned-forfeit", "element-gap", "elusive-count", "void-essence"}
"""Rulings the independent check of the rulebook named (test_book_cases_*.py)."""
ABILITIES = {"order-timing", "whirlwind-dance-target", "hazard-once", "attunement", "fall-back-way",
             "essence-reroll-asked"}
"""Rulings taken as the referee came to play the cards' abilities (actives.py) and the essence re-roll's question
(essence_reroll.py); Follow up's pushes and Backswing's attack, rulings once, are their player's choices now
(choosing.py)."""


def test_every_gap_is_a_named_ruling_citing_the_rulebook() -> None:
    rulings = load_shroudfall().rulings
    assert {r.id for r in rulings} == SECTION_15 | BOOK_CHECK | ABILITIES
    assert all(r.citation.startswith("Shroudfall beta rulebook v1.4, L") for r in rulings)


def test_a_table_may_switch_a_refereed_alternative_but_not_one_by_hand() -> None:
    rulings = load_shroudfall().rulings
    chosen = choose_rulings(rulings, {"mov-lengths": "4-6-8", "scenario-win": "total-reached"})
    assert chosen["mov-lengths"] == "4-6-8" and chosen["tool-joint"] == "anywhere"
    with pytest.raises(ValueError, match="not refereed yet"):
        choose_rulings(rulings, {"melee-lock": "whole-path"})


def test_the_rules_code_reads_every_refereed_ruling_at_its_shipped_default() -> None:
    # Every ruling whose alternatives the referee plays is a field of Rulings, defaulting as the data does.
    from dataclasses import fields

    from engine.systems.shroudfall.rulings import DEFAULT_RULINGS, Rulings

    rulings = load_shroudfall().rulings
    refereed = {r.id for r in rulings if len(r.playable) > 1}
    assert {f.name.replace("_", "-") for f in fields(Rulings)} == refereed
    assert Rulings.from_options(rulings) == DEFAULT_RULINGS
    assert Rulings.from_options(rulings, {"mov-lengths": "4-6-8"}).tool_length("L") == 8.0
