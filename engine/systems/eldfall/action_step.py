"""The Action step's actions, each declared once (Eldfall core rules v1.5, L1250-1585): what the activated model
declares knowing every reaction. ``When`` holds them to the active player's Action step (the core's flow record);
each one's check is ``plan_action`` with its own part (``declare``), and its menus (``action_menus``) list only what
that check accepts. The handler records the plan (``declare``), then the sequence goes on to its late reactions and
its Resolution step (``sequencing``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from engine.core import Ask, Choice, Context, FreeForm, IllegalCommand, ModelId, Order, Param, RulesError, Shape
from engine.systems.eldfall import action_menus as menus
from engine.systems.eldfall import trade_menus
from engine.systems.eldfall.action_checks import (
    attack_check,
    deathblow_check,
    duel_check,
    nothing_check,
    support_check,
    token_check,
    trade_check,
)
from engine.systems.eldfall.active_dodge import dodge_check, dodge_crouch
from engine.systems.eldfall.attack_entries import whole_attacks
from engine.systems.eldfall.burning_touch import burning_touch_check, burning_touch_refusal, cauterized
from engine.systems.eldfall.catalogue import fold
from engine.systems.eldfall.declare import ActionPlan, Check, Request, allowed_now, declare, plan_action
from engine.systems.eldfall.equipment_changes import equip, equip_refusal
from engine.systems.eldfall.rituals import (
    ritual_bounds,
    ritual_check,
    ritual_explained,
    ritual_places,
    ritual_request,
    ritual_spells,
    ritual_spots,
    spot_explained,
)
from engine.systems.eldfall.rules import ACTION, RULES, Reading, Refused, kit_of, said
from engine.systems.eldfall.sequencing import after_declaration
from engine.systems.eldfall.state import EldfallState

__all__: list[str] = []

Ctx = Context[EldfallState]
Available = Callable[[Reading, Ask], str | RulesError | None]
Suggest = Callable[[Reading, Ask], list[tuple[str, dict[str, str]]]]
Read = Callable[[Ask, str], Request]
"""How an action's answers are read for its check (``action_menus.request``; a Ritual's adds its places)."""
_RULE = "Eldfall core rules v1.5, "


def _planned(kind: str, check: Check, read: Read) -> Callable[[Reading, Ask], ActionPlan]:
    def plan(r: Reading, ask: Ask) -> ActionPlan:
        return plan_action(r.world, r.kit, read(ask, kind), check)
    return plan


def _allowed(*kinds: str) -> Callable[[Reading, Ask], str | None]:
    """The action's precondition: the activated model may declare it now (L640, L1337, L1457, L1556, L1688)."""
    def refusal(r: Reading, ask: Ask) -> str | None:
        f = r.active()
        if f is None:
            return "no model is activated"
        allowed = allowed_now(r.world, f)
        return None if any(k in allowed for k in kinds) else f"{f.id} may not declare {kinds[0]} now"
    return refusal


def _declared(ctx: Ctx, plan: ActionPlan) -> None:
    kit = kit_of(ctx)
    declare(ctx, kit, plan)
    after_declaration(ctx, kit)


def _explained(kind: str, check: Check, option: str, own: Refused | None, read: Read) -> Refused:
    """Why a value typed for ``option`` that the menu does not list is refused: the parameter's ``own`` reason, else
    the rule the action's check names when given it (a value it only finds incomplete, or accepts, keeps the core's
    "not one of the choices")."""
    def refused(r: Reading, ask: Ask, typed: str) -> RulesError | None:
        f = r.active()
        why = own(r, ask, typed) if own is not None else None
        if f is None or why is not None:
            return why
        trial = Ask(ask.verb, ask.asker, ask.viewer, {**ask.options, option: typed})
        try:
            check(r.world, r.kit, f, read(trial, kind), allowed_now(r.world, f))
        except IllegalCommand as error:
            return IllegalCommand(error.reason, verb=ask.verb)
        except RulesError:
            return None
        return None
    return refused


def _action(name: str, summary: str, label: str, check: Check, rule: str, *params: Param[Reading],
            allowed: tuple[str, ...] | None = None, kind: str | None = None, also: Available | None = None,
            read: Read = menus.request, suggest: Suggest | None = None) -> None:
    """Declare an Action-step action; ``kind`` is the book's action it is (its name by default: Burning Touch's
    Assist is an Assist), ``also`` a further precondition of its own, ``read`` how its answers are read, ``suggest``
    whole commands offered before it."""
    kind = kind or name
    explained = tuple(p if p.values is None else
                      dataclasses.replace(p, refused=_explained(kind, check, p.option, p.refused, read))
                      for p in params)
    available = _available(kind, check, allowed or (kind,), whole=not params, read=read)
    if also is not None:
        available = _both(available, also)
    RULES.action(name, summary, label=label, when=ACTION, available=available,
                 check=_planned(kind, check, read), rule=_RULE + rule, params=explained, suggest=suggest)(_declared)


def _both(first: Available, then: Available) -> Available:
    return lambda r, ask: first(r, ask) or then(r, ask)


def _available(kind: str, check: Check, allowed: tuple[str, ...], *, whole: bool, read: Read) -> Available:
    """The action's precondition; for an action that asks nothing (a Duel), its whole check too, so the menu offers
    it only where the referee accepts it (a second duel while one is fought, L1574)."""
    permitted = _allowed(*allowed)

    def refusal(r: Reading, ask: Ask) -> str | RulesError | None:
        why = permitted(r, ask)
        if why is not None or not whole:
            return why
        try:
            plan_action(r.world, r.kit, read(ask, kind), check)
        except RulesError as error:
            return error
        return None
    return refusal


def _cauterizing(r: Reading, ask: Ask) -> str | None:
    """Burning Touch's Assist is offered to its enchanted model with a Bleeding ally in base contact (L2307)."""
    f = r.active()
    if f is None:
        return "no model is activated"
    return burning_touch_refusal(r.world, f) or (None if cauterized(r.world, f) else
                                                 f"{f.id} has no Bleeding ally in base contact (L2307)")


def _cauterized(r: Reading, ask: Ask) -> list[Choice]:
    f = r.active()
    return [Choice(o.id, f"{o.id} {o.name}") for o in cauterized(r.world, f)] if f is not None else []


def _held(*, spells_only: bool) -> Callable[[Reading, Ask], list[Choice]]:
    """Every weapon and spell the activated model holds: what its player may name when none may attack now (each
    refused in the rule's words, ``means_explained``)."""
    def held(r: Reading, ask: Ask) -> list[Choice]:
        f = r.active()
        means = () if f is None else (*(() if spells_only else f.weapons), *f.spell_means())
        return [Choice(m.id, m.name) for m in means]
    return held


_action("nothing", "The activated model does nothing", "Do nothing", nothing_check, "L1363")

_SPENDS = "What does it use or spend?"
_AIMED: tuple[Param[Reading], ...] = (
    Param("choice", _SPENDS, values=lambda r, ask: menus.spends(r, ask, "attack"), optional=True,
          none_label="nothing more", order=Order.GIVEN, noun="choices",
          asked_when=lambda r, ask: bool(menus.spends(r, ask, "attack"))),
    Param("target", "At whom?", values=menus.attack_targets, refused=said(menus.target_explained),
          shape=Shape.SPLIT, count=menus.strikes, order=Order.NEAREST, noun="targets",
          asked_when=menus.aimed_at_models, optional=True, none_when=menus.targetless,
          none_label="aim at a point instead"),
    Param("at", "At which point?", values=menus.points, accepts=menus.point_refusal, noun="points", order=Order.NEAREST,
          asked_when=menus.at_a_point, free_form=FreeForm.POINT),
)
"""What an attack and an attack spell ask after the weapon or spell: extras to spend, the targets, or a point."""
_action("attack", "The activated model attacks (target: B1 or B1x2,B2; with: weapon or spell)",
        "Attack (choose weapon, art, Luck, targets)",
        attack_check, "L1412-1486",
        Param("with", "With what?", values=menus.attack_means, refused=said(menus.means_explained), order=Order.GIVEN,
              noun="weapons", candidates=_held(spells_only=False)),
        *_AIMED,
        allowed=("attack",), suggest=whole_attacks)
_action("cast", "The activated model casts an attack spell (target:, with:, at: for the ground)", "Cast a spell",
        attack_check, "L893-1000",
        Param("with", "Which spell?", values=menus.cast_means, refused=said(menus.means_explained), order=Order.GIVEN,
              noun="spells", candidates=_held(spells_only=True)),
        *_AIMED,
        allowed=("attack",))
_action("assist", "The activated model casts a spell on itself or allies (with:, target:)", "Cast on an ally",
        support_check, "L1367-1376",
        Param("with", "Which spell?", values=menus.support_spells, order=Order.GIVEN, noun="spells"),
        Param("target", "On whom?", values=menus.support_targets, shape=Shape.SET, count=menus.strikes,
              noun="models"),  # up to its STK of models (L1375)
        Param("choice", _SPENDS, values=lambda r, ask: menus.spends(r, ask, "assist"), noun="choices",
              optional=True, none_when=menus.dispel_implied, none_label="nothing more",
              asked_when=lambda r, ask: bool(menus.spends(r, ask, "assist"))))
_action("dodge", "The activated model dodges the reactions' attacks (to: its dodge move; choice: crouch or stand, "
        "the Crouched state it enters or cancels at the end)", "Dodge", dodge_check, "L1378-1410",
        Param("to", "Where does its dodge take it?", values=lambda r, ask: [], accepts=menus.point_refusal,
              optional=True, none_label="it stays where it is", noun="points", free_form=FreeForm.POINT),
        Param("choice", "Does it change its Crouched state at the end?", values=dodge_crouch, optional=True,
              none_label="it stays as it is", noun="choices", asked_when=lambda r, ask: bool(dodge_crouch(r, ask))))
_action("perceive", "Perceive an Intrigue token or a Shrouded enemy in Awareness (target: its id)", "Perceive",
        token_check, "L1526-1532", Param("target", "What does it Perceive?", values=menus.perceive_targets,
                                         noun="tokens"))
_action("interact", "Take a Treasure or dropped items from a Cache in base contact (target: its id)",
        "Take from a Cache", token_check, "L1547-1550, L2429, L394",
        Param("target", "Which Cache or Treasure?", values=menus.interact_targets, noun="tokens"))
_action("burning-touch", "The model Burning Touch enchants Assists an ally in base contact: its Bleeding ends "
        "(target:)", "Assist: end an ally's Bleeding (Burning Touch)", burning_touch_check, "L2307",
        Param("target", "Whom?", values=_cauterized, noun="models"), kind="assist", also=_cauterizing)
_action("deathblow", "Finish an Incapacitated enemy in base contact (target:)", "Deal a Deathblow", deathblow_check,
        "L1534-1540", Param("target", "Whom?", values=menus.deathblow_targets, noun="models"))
_action("trade", "Exchange acquired items with an ally in base contact (target:, with: what it gives, choice: what "
        "it takes, comma-separated)", "Trade with an ally", trade_check, "L1542-1545",
        Param("target", "With whom?", values=trade_menus.partners, refused=said(trade_menus.partner_explained),
              noun="models"),
        Param("with", "What does it give?", values=trade_menus.gives, shape=Shape.SET, optional=True,
              count=lambda r, ask: trade_menus.item_count(r, ask, None), none_label="nothing", noun="items"),
        Param("choice", "What does it take?", values=trade_menus.takes, shape=Shape.SET,
              optional=True, none_when=lambda r, ask: ask.has("with"),
              count=lambda r, ask: trade_menus.item_count(r, ask, "target"), none_label="nothing", noun="items"))
_action("duel", "Issue a Duel (a Special Action after Idle)", "Issue a Duel", duel_check, "L1567-1585",
        allowed=("issue-a-duel",))
_action("ritual", "Perform a Ritual: summon (with: the spell, or several Conjurations comma-separated; to: where "
        "each creature stands in contact, n ne e se s sw w nw); needs Idle",
        "Perform a Ritual", ritual_check, "L1558-1561",
        Param("with", "Which spell?", values=ritual_spells, refused=said(ritual_explained), shape=Shape.SPLIT,
              count=ritual_bounds, noun="spells"),
        Param("to", "Where does it stand, in base contact with its caster?", values=ritual_spots,
              refused=said(spot_explained), shape=Shape.PLAN, pairs="with", optional=True, order=Order.GIVEN,
              none_label="where it fits nearest the table's middle", noun="places", asked_when=ritual_places),
        read=ritual_request)


def _equip_plan(r: Reading, ask: Ask) -> tuple[ModelId, str]:
    f = r.active()
    assert f is not None  # the Action step
    return f.id, fold(ask.text("with"))


def _equip_refused(r: Reading, ask: Ask, typed: str) -> str | None:
    f = r.active()
    return equip_refusal(r.kit, r.state, f, fold(typed)) if f is not None else None


@RULES.action("equip", "The activated model changes its equipment before its action, once an activation (with: a "
              "weapon it carries, shield, no-shield)", label="Change its equipment", when=ACTION,
              check=_equip_plan, rule=_RULE + "L428-432", params=(
                  Param("with", "Change to what?", values=trade_menus.equipment, refused=said(_equip_refused),
                        noun="items"),))
def _equip(ctx: Ctx, plan: tuple[ModelId, str]) -> None:
    model, wanted = plan
    equip(ctx, kit_of(ctx).world(ctx.state).fighter(model), wanted)

