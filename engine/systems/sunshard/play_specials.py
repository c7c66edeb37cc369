"""Selecting a model (with its party), the special actions that act on the model itself, casting a blessing, the
Fortune abilities of an activation, and ending it (Sunshard:Embren core rules v1.0, L365, L377-383, L419, L437-447,
L652-680, L757-802, L1429-1431), each one declaration over its phase-1 rule check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Ask, Choice, Context, ModelId, Order, Param, RulesError, Shape, SideId
from engine.systems.sunshard.acting import Selected, activating, actors, begin
from engine.systems.sunshard.activation import ActivationPlan, apply_activate, check_activate, party_values
from engine.systems.sunshard.declared import PLAY, RULES, after
from engine.systems.sunshard.engagement import gap
from engine.systems.sunshard.fortune import fortune_options, use_fortune
from engine.systems.sunshard.magika import Casting, apply_cast, cast_cost, check_cast
from engine.systems.sunshard.rounds import finish_activation
from engine.systems.sunshard.specials import SPECIAL_COSTS, Special, apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE, Miniature, World, refuse

__all__ = ["FortunePlan", "activation_fortunes"]


# -- selecting a model, with a party ----------------------------------------------------------------------------


def _selectable(world: World, ask: Ask) -> list[Choice]:
    if world.state.activation is not None:
        return []
    return [Choice(m.id, m.name) for m in actors(world, ask.acting)]


def _party_ready(world: World, side: SideId, model_id: str) -> bool:
    state = world.state
    model = world.model(model_id)
    if state.party is not None and len(state.party.done) < len(state.party.members):
        return False
    if model.has("Solitary") or model.wavering or model.figure.party_formed:
        return False
    picked = state.initiative is not None and model.side != state.initiative and state.first_pick == model.id
    return not (picked and world.rulings.party_picked_model == "no")


def _members(world: World, ask: Ask) -> list[Choice]:
    side, selector = ask.acting, world.model(ask.text("model"))
    if not _party_ready(world, side, selector.id):
        return []
    found = party_values(world, side, {"model": selector.id})
    if world.record(side).fortune >= 1 or selector.has("Commander"):
        return found
    return [c for c in found if world.model(c.value).card.type == selector.card.type]


def _party_size(world: World, ask: Ask) -> tuple[int, int]:
    selector = world.model(ask.text("model"))
    if selector.has("Mob") and all(world.model(c.value).has("Mob") for c in _members(world, ask)):
        return (1, 6 if world.rulings.mob_party_size == "six-others" else 5)
    return (1, 4 if selector.has("Commander") else 3)


def _activate_check(world: World, ask: Ask) -> ActivationPlan:
    return check_activate(world, ask.acting, {"model": ask.text("model"), "party": ask.text("target", "")})


@RULES.action("activate", "Select a model to activate, with a party of others within 4\" if wanted", label="Activate",
              when=PLAY, check=_activate_check, rule=f"{RULE}, L365, L377, L437-445", params=(
                  Param("model", "Which model activates?", values=_selectable, noun="models", single=True),
                  Param("target", "Form a party with?", values=_members, shape=Shape.SET, count=_party_size,
                        optional=True, none_label="no party", noun="models",
                        asked_when=lambda world, ask: bool(_members(world, ask)))))
def _activate(ctx: Context[SunshardState], plan: ActivationPlan) -> None:
    apply_activate(ctx, plan.side, plan)
    after(ctx)


# -- On Guard, Rally, Eagle-Eye ---------------------------------------------------------------------------------


def _ready_for(name: str) -> Callable[[World, Ask], list[Choice]]:
    """The models that may take the special action ``name`` now (as they would be activating)."""
    def values(world: World, ask: Ask) -> list[Choice]:
        found = []
        for model in actors(world, ask.acting):
            seen = activating(world, ask.acting, model.id)[0]
            activation = seen.state.activation
            mine = seen.model(model.id)
            if activation is None or activation.ap < SPECIAL_COSTS[name] or (mine.wavering and name != "rally"):
                continue
            if name == "rally" and not mine.conditions:
                continue
            if name == "on-guard" and mine.has("Fractal Roots"):
                continue
            if name == "eagle-eye" and (not mine.has("Eagle-Eye") or activation.aim_free):
                continue
            found.append(Choice(model.id, model.name))
        return found
    return values


def _why_not(name: str) -> Callable[[World, Ask, str], RulesError | None]:
    """Why a model the menu of ``name`` leaves out may not take it: its rule check's refusal (too few AP, L383)."""
    def refused(world: World, ask: Ask, typed: str) -> RulesError | None:
        try:
            _own_check(name)(world, Ask(ask.verb, ask.asker, ask.viewer, {**ask.options, "model": typed}, ask.item,
                                        host=ask.host, uploads=ask.uploads))
        except RulesError as error:
            return error
        return None
    return refused


def _own_check(name: str) -> Callable[[World, Ask], Selected[Special]]:
    def check(world: World, ask: Ask) -> Selected[Special]:
        seen, select = activating(world, ask.acting, ask.text("model"))
        activation = seen.state.activation
        if name == "eagle-eye" and activation is not None and activation.aim_free:
            raise refuse(f"{ask.text('model')} took Eagle-Eye this activation already", "L1429")
        wanted = {"action": name, "model": ask.text("model"), "choice": ask.text("choice", "")}
        return Selected(select, check_special(seen, ask.acting, wanted))
    return check


def _special(ctx: Context[SunshardState], selected: Selected[Special]) -> None:
    apply_special(ctx, begin(ctx, selected.plan.side, selected))
    after(ctx)


RULES.action("on-guard", "On Guard: gain an On Guard token and end the activation (2 AP)", label="On Guard",
             when=PLAY, check=_own_check("on-guard"), rule=f"{RULE}, L419-435", params=(
                 Param("model", "Which model goes On Guard?", values=_ready_for("on-guard"), noun="models",
                       single=True, refused=_why_not("on-guard")),))(_special)


def _conditions(world: World, ask: Ask) -> list[Choice]:
    return [Choice(c, c) for c in world.model(ask.text("model")).conditions]


RULES.action("rally", "Rally: remove a condition counter (1 AP)", label="Rally", when=PLAY,
             check=_own_check("rally"), rule=f"{RULE}, L447", params=(
                 Param("model", "Which model rallies?", values=_ready_for("rally"), noun="models", single=True),
                 Param("choice", "Which condition?", values=_conditions, single=True, noun="conditions")))(_special)

RULES.action("eagle-eye", "Eagle-Eye: ranged attacks take the Aiming bonus for free this activation (1 AP)",
             label="Eagle-Eye", when=PLAY, check=_own_check("eagle-eye"), rule=f"{RULE}, L1429-1431",
             params=(Param("model", "Which model uses Eagle-Eye?", values=_ready_for("eagle-eye"),
                           noun="models", single=True),))(_special)


# -- casting a blessing -------------------------------------------------------------------------------------------


def _casters(world: World, ask: Ask) -> list[Choice]:
    found = []
    for model in actors(world, ask.acting):
        seen = activating(world, ask.acting, model.id)[0]
        activation = seen.state.activation
        if activation is not None and activation.ap >= cast_cost(seen) and _blessings(seen, ask.acting, model.id):
            found.append(Choice(model.id, model.name))
    return found


def _blessings(world: World, side: SideId, model_id: str) -> dict[str, list[ModelId]]:
    """Each blessing the caster knows, with the models it may go on now (the caster first, L668)."""
    caster = world.model(model_id)
    found: dict[str, list[ModelId]] = {}
    friends = [caster, *sorted((m for m in world.on_table(side) if m.id != caster.id), key=lambda m: gap(caster, m))]
    for spell in caster.spells:
        if spell.type != "blessing":
            continue
        for friend in friends:
            try:
                check_cast(world, side, {"model": caster.id, "spell": spell.id, "target": friend.id})
            except ValueError:
                continue
            found.setdefault(spell.id, []).append(friend.id)
    return found


def _spells(world: World, ask: Ask) -> list[Choice]:
    seen = activating(world, ask.acting, ask.text("model"))[0]
    return [Choice(s, seen.data.spells[s].name) for s in _blessings(seen, ask.acting, ask.text("model"))]


def _blessed(world: World, ask: Ask) -> list[Choice]:
    seen = activating(world, ask.acting, ask.text("model"))[0]
    targets = _blessings(seen, ask.acting, ask.text("model")).get(ask.text("with"), [])
    return [Choice(t, seen.model(t).name) for t in targets]


def _cast_check(world: World, ask: Ask) -> Selected[Casting]:
    seen, select = activating(world, ask.acting, ask.text("model"))
    return Selected(select, check_cast(seen, ask.acting, {"model": ask.text("model"), "spell": ask.text("with"),
                                                          "target": ask.text("target")}))


@RULES.action("cast", "Cast a blessing on the caster or a model of its warband (a Cast Magika action)",
              label="Cast a blessing", when=PLAY, check=_cast_check, rule=f"{RULE}, L652-672",
              params=(Param("model", "Which model casts?", values=_casters, noun="models", single=True),
                      Param("with", "Which blessing?", values=_spells, single=True, noun="spells"),
                      Param("target", "On whom?", values=_blessed, single=True, order=Order.GIVEN, noun="models")))
def _cast(ctx: Context[SunshardState], selected: Selected[Casting]) -> None:
    apply_cast(ctx, begin(ctx, selected.plan.side, selected))
    after(ctx)


# -- Fortune in an activation --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FortunePlan:
    side: SideId
    key: str


def activation_fortunes(world: World, side: SideId, model_id: str) -> list[Choice]:
    """The Fortune abilities ``side`` may use in ``model_id``'s activation now: those of its start before it spends
    any AP (L770, L777-778, L802), and the common free Rally any time in it (L762); each also through Poison Fruit
    where it may be (L1465)."""
    model = world.model(model_id)
    activation = world.state.activation
    if activation is None or activation.model != model.id:
        return []
    options = fortune_options(world, side, "activation-start", model) if activation.spent == 0 else []
    rally = world.data.fortunes.get("free-rally")
    if rally is not None:
        options += [o for o in fortune_options(world, side, "end-beginning", model)
                    if o.key.startswith(f"free-rally:{model.id}/")]
    return [Choice(o.key, o.label) for o in options]


def _fortunate(world: World, ask: Ask) -> list[Choice]:
    found = []
    for model in actors(world, ask.acting):
        if activation_fortunes(activating(world, ask.acting, model.id)[0], ask.acting, model.id):
            found.append(Choice(model.id, model.name))
    return found


def _fortunes(world: World, ask: Ask) -> list[Choice]:
    return activation_fortunes(activating(world, ask.acting, ask.text("model"))[0], ask.acting, ask.text("model"))


def _fortune_check(world: World, ask: Ask) -> Selected[FortunePlan]:
    select = activating(world, ask.acting, ask.text("model"))[1]
    return Selected(select, FortunePlan(ask.acting, ask.text("with")))


@RULES.action("fortune", "Spend 1 Fortune on an ability of this activation (its start, or a free Rally)",
              label="Fortune", when=PLAY, check=_fortune_check, rule=f"{RULE}, L749-802", params=(
                  Param("model", "In which model's activation?", values=_fortunate, noun="models", single=True),
                  Param("with", "Which Fortune ability?", values=_fortunes, order=Order.GIVEN, noun="abilities")))
def _fortune(ctx: Context[SunshardState], selected: Selected[FortunePlan]) -> None:
    plan = begin(ctx, selected.plan.side, selected)
    use_fortune(ctx, plan.side, plan.key)
    after(ctx)


# -- ending the activation ------------------------------------------------------------------------------------


def _ending(world: World, ask: Ask) -> list[Choice]:
    activation = world.state.activation
    if activation is None or activation.side != ask.acting or world.state.attack is not None:
        return []
    return [Choice(activation.model, world.model(activation.model).name)]


def _end_check(world: World, ask: Ask) -> Miniature:
    activation = world.state.activation
    if activation is None or activation.side != ask.acting:
        raise refuse(f"side {ask.acting} has no model activating", "L383")
    return world.model(activation.model)


@RULES.action("end", "End the activation; AP left are lost", label="End activation", when=PLAY, per="model",
              check=_end_check, rule=f"{RULE}, L383", params=(
                  Param("model", "Whose activation ends?", values=_ending, noun="models"),))
def _end(ctx: Context[SunshardState], model: Miniature) -> None:
    finish_activation(ctx, model.id)
    after(ctx)
