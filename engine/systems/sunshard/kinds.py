"""Every other decision Sunshard's rules ask of a player, declared once with its phase-1 handler: the Leader and the
choices made at deployment (L339, L1423, L1451, L1479), Fortune abilities at their moments (L749-802), the first
model to activate (L359), the Fortunate One's gift (L1439-1441), Calm Before the Storm's departures (L1089), the
choices inside an attack (Anticipate Attack L423, re-rolls L626 and L757-760, Bodyguard and Protected L1419 and
L1471, Blight Censors L1413, Fade L1514), the On Guard offers (Held Shot L427, Held Strike L429-433),
Phaseforming's terrain rule (L1463) and the Fortune re-roll of a Hazardous or falling test (L758-760).

Each keeps the parts it was opened with; after each, an activation whose model can act no more ends
(:func:`engine.systems.sunshard.declared.after`) and a set-up turn passes to whoever places next.
"""

from __future__ import annotations

from engine.core import Context, Decision
from engine.systems.sunshard import attack_choices, guard, rounds, saves, setup, shards
from engine.systems.sunshard.declared import RULES, KindHandler, kind_handler
from engine.systems.sunshard.setup_declared import prompt_setup
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE

__all__ = ["REACTION_TRIGGERS"]

REACTION_TRIGGERS = ("held-shot", "held-strike", "anticipate")
"""The On Guard offers (L421-435): decisions marked with these, so ``/pass until:`` covers them."""


def _then_setup(handler: KindHandler) -> KindHandler:
    def run(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
        handler(ctx, decision, answers)
        prompt_setup(ctx)
    run.__doc__ = handler.__doc__
    return run


def _then_round(handler: KindHandler) -> KindHandler:
    """A choice made aside from the round's flow (Phaseforming's), after which the round carries on."""
    def run(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
        handler(ctx, decision, answers)
        rounds.proceed(ctx)
    run.__doc__ = handler.__doc__
    return run


_KINDS: tuple[tuple[str, KindHandler, str], ...] = (
    ("leader", _then_setup(setup.on_leader), "L339"),
    ("deploy-choices", _then_setup(setup.on_deploy_choices), "L1423, L1451, L1479"),
    ("fortune", rounds.on_fortune, "L749-802"),
    ("first-pick", rounds.on_first_pick, "L359"),
    ("fortunate-one", rounds.on_fortunate_one, "L1439-1441"),
    ("depart", rounds.on_depart, "L1089"),
    ("anticipate", attack_choices.on_anticipate, "L423"),
    ("attack-reroll", attack_choices.on_attack_reroll, "L626, L757"),
    ("substitute", attack_choices.on_substitute, "L1419, L1471"),
    ("armor-reroll", attack_choices.on_armor_reroll, "L758-760"),
    ("blight-censors", attack_choices.on_blight_censors, "L1413"),
    ("fade", attack_choices.on_fade, "L1514"),
    ("held-shot", guard.on_held_shot, "L421, L427, L461"),
    ("held-shot-attack", guard.on_held_shot_attack, "L427"),
    ("guard-engaged", guard.on_guard_engaged, "L429-435"),
    ("phaseforming", _then_round(shards.on_phaseforming), "L1463"),
    ("shard-spot", _then_round(shards.on_shard_spot), "L692, L782"),
    ("save-reroll", _then_round(saves.on_save_reroll), "L471-479, L716-721, L758-760"),
)

for _kind, _handler, _lines in _KINDS:
    RULES.decision(_kind, rule=f"{RULE}, {_lines}")(kind_handler(_handler))
