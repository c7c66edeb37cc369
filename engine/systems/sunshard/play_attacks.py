"""The attacks players declare (Sunshard:Embren core rules v1.0, L395, L405-407, L421-433, L483-583, L674): the
attack action, the Charge, a curse cast as an attack, and the Held Shot an On Guard model takes during an enemy
model's activation. Each is one declaration over the one rule check, ``attack_plan.check_attack``; the menus list
only what that check accepts (targets nearest first, then the profiles that reach them, aimed first where the AP
allow it).

A Held Shot may be taken at any moment of an enemy activation (L421): between the activating model's actions with
this action, and at a point of its move through the offer :mod:`engine.systems.sunshard.guard` makes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace

from engine.core import Ask, Choice, Context, FreeForm, InvalidCommand, ModelId, Order, Param, RulesError, SideId
from engine.systems.sunshard.acting import Selected, activating, actors, begin
from engine.systems.sunshard.attack_flow import begin_attack
from engine.systems.sunshard.attack_plan import AttackPlan, check_attack, in_range, support_cost
from engine.systems.sunshard.attack_rerolls import reroll_ways
from engine.systems.sunshard.declared import PLAY, REACT, RULES, after, charges
from engine.systems.sunshard.engagement import engaged, gap
from engine.systems.sunshard.harm import lose
from engine.systems.sunshard.modifiers import AttackKind, is_melee, is_template, weapon_ability
from engine.systems.sunshard.placements import STRAIGHT, first_at, placement_choices
from engine.systems.sunshard.schema import WeaponProfile
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import RULE, Miniature, World, refuse

__all__ = ["AIMED", "attack_options", "can_attack", "first_attack", "placement_for"]

AIMED = " aimed"
"""What a ``with:`` value ends with when the attack takes the Aiming bonus (+1 AP, L565): ``with:Longbow aimed``."""

Options = dict[ModelId, list[tuple[str, bool]]]


def _profiles(model: Miniature, kind: AttackKind) -> tuple[WeaponProfile, ...]:
    """The profiles an attack of ``kind`` might use: weapons, curses, or either for a Held Shot (L427, L674)."""
    if kind == "curse":
        return tuple(p for p in model.profiles if p not in model.card.weapons)
    if kind == "held-shot":
        return tuple(p for p in model.profiles if not is_melee(p))
    return model.card.weapons


def _wanted(world: World, side: SideId, attacker: Miniature, target: Miniature, profile: WeaponProfile,
            kind: AttackKind, aimed: bool, at: str = "") -> dict[str, str]:
    """What the rule check reads of an attack; a template laid where ``at`` says, else where the menus lay it first
    (:func:`~engine.systems.sunshard.placements.first_at`)."""
    wanted = {"model": attacker.id, "weapon": profile.name, "target": target.id, "kind": kind,
              "aim": "yes" if aimed else "no"}
    if at or is_template(profile):
        wanted["at"] = at or (first_at(world, side, wanted) if weapon_ability(profile, "Wall") else STRAIGHT)
    return wanted


def _accepted(world: World, side: SideId, model: Miniature, enemies: Iterable[Miniature],
              kind: AttackKind) -> Iterator[tuple[Miniature, WeaponProfile, bool]]:
    """Each attack of ``kind`` the check accepts for ``model`` against ``enemies`` in their order: target, profile,
    aimed (aimed first), so the menus and the first entry list attacks in one order from one check."""
    for enemy in enemies:
        for profile in _profiles(model, kind):
            if not is_template(profile) and in_range(world, model, enemy, profile) is not None:
                continue  # out of reach: no need to look for sight
            for aimed in (True, False):
                try:
                    check_attack(world, side, _wanted(world, side, model, enemy, profile, kind, aimed))
                except RulesError:
                    continue
                yield enemy, profile, aimed


def attack_options(world: World, side: SideId, model_id: str, kind: AttackKind) -> Options:
    """Every (profile, aimed) the check accepts against each enemy, for ``model_id`` attacking as ``kind`` in
    ``world`` (kept for the state's point in the log)."""

    def make() -> Options:
        model = world.model(model_id)
        found: Options = {}
        enemies = [e for e in world.on_table() if e.side != model.side]
        for enemy, profile, aimed in _accepted(world, side, model, enemies, kind):
            found.setdefault(enemy.id, []).append((profile.name, aimed))
        return found

    return world.lasting(("attack-options", side, model_id, kind), make)


First = tuple[ModelId, str, bool]
"""An attack as the menus offer it first: the target, the profile, aimed or not."""


def first_attack(world: World, side: SideId, model_id: str, kind: AttackKind) -> First | None:
    """The first attack of ``kind`` the check accepts for ``model_id`` (activating in ``world``): the nearest
    target it may attack, with its first profile that reaches, aimed where the AP allow (the menus' order), or None
    when it has none."""

    def make() -> First | None:
        activation = world.state.activation
        if kind == "charge" and (activation is None or not activation.moved_into):
            return None  # a Charge targets a model the move ended in contact with (L405): the check refuses any other
        model = world.model(model_id)
        enemies = sorted((e for e in world.on_table() if e.side != model.side), key=lambda e: gap(model, e))
        first = next(_accepted(world, side, model, enemies, kind), None)
        return None if first is None else (first[0].id, first[1].name, first[2])

    return world.lasting(("first-attack", side, model_id, kind), make)


def can_attack(world: World, side: SideId, model_id: str, kind: AttackKind) -> bool:
    """Whether ``model_id`` has some attack of ``kind`` the check accepts (the menu of models asks this of each)."""
    return first_attack(world, side, model_id, kind) is not None


STANDING = {"keep": "no re-roll", "loot": "a miss re-rolled with Loot", "fortune": "a miss re-rolled with Fortune"}
"""The re-rolls an attack may be declared with, on ``choice:`` (ruling ``standing-reroll``; left out, the player is
asked after the roll): a "miss" is a test in which no die hit; a template attack re-rolls its first such test only
(L757)."""


def standing_rerolls(world: World, side: SideId, model_id: str, kind: AttackKind, profile: str) -> list[str]:
    """The standing re-rolls ``model_id``'s attack of ``kind`` with ``profile`` may be declared with now: ``keep``
    and each source it could spend on its attack test (Loot in its own activation, L626; Fortune left once a
    Support Attack is paid, L757, L1526), none when it has no source (nothing would be asked)."""
    if world.rulings.standing_reroll != "declared":
        return []
    model = world.model(model_id)
    spent = support_cost(model.weapon(profile), kind)
    ways = [o.key for o in reroll_ways(world, model.id, side, kind, spent)]
    return ["keep", *ways] if ways else []


def _policy(world: World, side: SideId, model_id: str, kind: AttackKind, profile: str) -> dict[str, str]:
    """The standing re-roll a whole entry carries, the bot's: a miss re-rolled with Loot, never with Fortune (kept
    for the Armor test and the abilities); nothing when the model has no source."""
    ways = standing_rerolls(world, side, model_id, kind, profile)
    return {"choice": "loot" if "loot" in ways else "keep"} if ways else {}


def _shown(values: dict[str, str]) -> str:
    """A whole entry's standing re-roll, for its label (shown before it is picked)."""
    return f"; {STANDING[values['choice']]}" if "choice" in values else ""


def _with(name: str, aimed: bool) -> str:
    return name + (AIMED if aimed else "")


def _suggest(kind: AttackKind, verb: str) -> Callable[[World, Ask], list[tuple[str, dict[str, str]]]]:
    """Whole attacks as one entry each (the model, its target and profile named): in an activation every target of
    the activating model with its first profile, nearest first; before one, each model's first attack."""

    def suggest(world: World, ask: Ask) -> list[tuple[str, dict[str, str]]]:
        side, found = ask.acting, []
        for model in actors(world, side):
            seen = activating(world, side, model.id)[0]
            if world.state.activation is not None:
                options = attack_options(seen, side, model.id, kind)
                picks: list[First] = [(t, *options[t][0]) for t in sorted(options, key=lambda t: gap(
                    model, seen.model(t)))]
            else:
                first = first_attack(seen, side, model.id, kind)
                picks = [first] if first is not None else []
            for target, name, aimed in picks:
                standing = _policy(seen, side, model.id, kind, name)
                label = f"{verb} {seen.model(target).name} with {name}{', aimed' if aimed else ''}{_shown(standing)}"
                profile = model.weapon(name)
                laid = {"at": _wanted(seen, side, model, seen.model(target), profile, kind, aimed)["at"]} \
                    if is_template(profile) else {}
                found.append((label, {"model": model.id, "target": target, "with": _with(name, aimed), **laid,
                                      **standing}))
        return found

    return suggest


def _suggest_charges(world: World, ask: Ask) -> list[tuple[str, dict[str, str]]]:
    """The activating model's Charges, each whole (L405): the enemy its move reached and the melee profile."""
    activation = world.state.activation
    if activation is None or activation.side != ask.acting:
        return []
    found = []
    for profile, target in charges(world, activation.model):
        standing = _policy(world, ask.acting, activation.model, "charge", profile)
        found.append((f"Charge {world.model(target).name} with {profile} (0 AP, +1 to hit){_shown(standing)}",
                      {"model": activation.model, "target": target, "with": profile, **standing}))
    return found


def _world_for(world: World, ask: Ask, kind: AttackKind) -> World:
    """Where the attacker's menus are read: as it activates, or the world itself for a Held Shot."""
    if kind == "held-shot":
        return world
    return activating(world, ask.acting, ask.text("model"))[0]


def _attackers(kind: AttackKind) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        side = ask.acting
        if kind == "held-shot":
            found = [m for m in _guards(world, side) if can_attack(world, side, m.id, kind)]
        else:
            found = [m for m in actors(world, side) if can_attack(activating(world, side, m.id)[0], side, m.id, kind)]
        return [Choice(m.id, m.name) for m in found]
    return values


def _targets(kind: AttackKind) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        seen = _world_for(world, ask, kind)
        attacker = seen.model(ask.text("model"))
        options = attack_options(seen, ask.acting, attacker.id, kind)
        return [Choice(t, seen.model(t).name, distance=round(gap(attacker, seen.model(t)), 2)) for t in options]
    return values


def _weapons(kind: AttackKind) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        seen = _world_for(world, ask, kind)
        attacker = seen.model(ask.text("model"))
        options = attack_options(seen, ask.acting, attacker.id, kind).get(ModelId(ask.text("target").upper()), [])
        choices = []
        for name, aimed in options:
            profile = attacker.weapon(name)
            reach = "melee" if is_melee(profile) else f"RN {profile.RN}"
            extra = ", aimed (+2 to hit, 1 more AP)" if aimed else ""
            choices.append(Choice(name + (AIMED if aimed else ""), f"{name} (AA {profile.AA}, {reach}, ST "
                                                                    f"{profile.ST}){extra}"))
        return choices
    return values


def _profile(ask: Ask) -> str:
    """The profile a ``with:`` answer names (without its aiming)."""
    weapon = ask.text("with")
    return weapon[:-len(AIMED)] if weapon.casefold().endswith(AIMED) else weapon


def _rerolls(kind: AttackKind) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        seen = _world_for(world, ask, kind)
        return [Choice(way, STANDING[way][0].upper() + STANDING[way][1:])
                for way in standing_rerolls(seen, ask.acting, ask.text("model"), kind, _profile(ask))]
    return values


def _reroll_refused(kind: AttackKind) -> Callable[[World, Ask, str], RulesError | None]:
    """Why a standing re-roll the menu does not list is refused, by the rule that withholds its source."""
    def refused(world: World, ask: Ask, value: str) -> RulesError | None:
        seen = _world_for(world, ask, kind)
        wanted = value.strip().casefold()
        if wanted == "loot":
            return refuse(f"{ask.text('model').upper()} holds no Loot token to spend in its own activation", "L626")
        if wanted == "fortune":
            fortune = seen.record(ask.acting).fortune
            spent = support_cost(seen.model(ask.text("model")).weapon(_profile(ask)), kind)
            paid = f" once {_profile(ask)}'s Support Attack is paid (L1526)" if spent else ""
            return refuse(f"side {ask.acting} has {fortune} Fortune, none left to re-roll a miss{paid}", "L751, L757")
        return None
    return refused


def _asked(seen: World, ask: Ask, kind: AttackKind) -> dict[str, str]:
    """What the rule check reads of the attack answered so far (``at:`` as typed or left out)."""
    attacker, target = seen.model(ask.text("model")), seen.model(ask.text("target"))
    return _wanted(seen, ask.acting, attacker, target, attacker.weapon(_profile(ask)), kind,
                   ask.text("with").casefold().endswith(AIMED), ask.text("at", ""))


def _laid(kind: AttackKind) -> Callable[[World, Ask], bool]:
    """Whether the profile answered lays a template (Cone or Wall(X)): only then is ``at:`` asked."""
    def asked(world: World, ask: Ask) -> bool:
        seen = _world_for(world, ask, kind)
        return is_template(seen.model(ask.text("model")).weapon(_profile(ask)))
    return asked


def _placements(kind: AttackKind) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        seen = _world_for(world, ask, kind)
        return placement_choices(seen, ask.acting, _asked(seen, ask, kind))
    return values


def _placement_refused(kind: AttackKind) -> Callable[[World, Ask, str], str | None]:
    """Why a typed placement is refused: the one rule check's own words (L553, L559), or None."""
    def accepts(world: World, ask: Ask, value: str) -> str | None:
        seen = _world_for(world, ask, kind)
        try:
            check_attack(seen, ask.acting, {**_asked(seen, ask, kind), "at": value})
        except RulesError as refused:
            return f"{refused.reason} ({refused.rule})" if refused.rule else refused.reason
        return None
    return accepts


def _plan(kind: AttackKind) -> Callable[[World, Ask], Selected[AttackPlan]]:
    """The one rule check of an attack of ``kind`` (the attacker selected first when it was not activating)."""

    def check(world: World, ask: Ask) -> Selected[AttackPlan]:
        side = ask.acting
        if kind == "held-shot":
            seen, select = world, None
        else:
            seen, select = activating(world, side, ask.text("model"))
        plan = check_attack(seen, side, _asked(seen, ask, kind))
        standing = ask.text("choice", "").casefold() or None
        return Selected(select, replace(plan, reroll=standing) if standing else plan)

    return check


def _attack(ctx: Context[SunshardState], selected: Selected[AttackPlan]) -> None:
    plan = begin(ctx, selected.plan.side, selected)
    begin_attack(ctx, plan)
    after(ctx)


def _params(kind: AttackKind, who: str) -> tuple[Param[World], ...]:
    return (Param("model", who, values=_attackers(kind), noun="models", single=True),
            Param("target", "At whom?", values=_targets(kind), order=Order.NEAREST, noun="enemies", single=True),
            Param("with", "With which profile?", values=_weapons(kind), order=Order.GIVEN, noun="profiles",
                  single=True),
            Param("at", "Where is the template laid?", values=_placements(kind), accepts=_placement_refused(kind),
                  asked_when=_laid(kind), optional=True, none_when=lambda world, ask: False, costly=True,
                  order=Order.GIVEN, noun="placements", free_form=FreeForm.NUMBER | FreeForm.POINT),
            Param("choice", "Re-roll a miss of the attack test?", values=_rerolls(kind), optional=True,
                  none_label="ask after the roll", order=Order.GIVEN, noun="re-rolls", refused=_reroll_refused(kind),
                  asked_when=lambda world, ask: bool(_rerolls(kind)(world, ask))))


RULES.action("charge", "Charge an enemy the model's move ended in contact with: a melee attack for 0 AP, +1 to "
             "hit", label="Charge", when=PLAY, check=_plan("charge"), rule=f"{RULE}, L405-407",
             suggest=_suggest_charges, params=_params("charge", "Which model charges?"))(_attack)

RULES.action("attack", "Attack an enemy in sight and reach: 1 AP, 1 more to aim a ranged attack", label="Attack",
             when=PLAY, check=_plan("action"), rule=f"{RULE}, L395, L483-583", suggest=_suggest("action", "Attack"),
             params=_params("action", "Which model attacks?"))(_attack)

RULES.action("curse", "Cast a curse the model knows at an enemy: a Cast Magika action resolved as a ranged attack",
             label="Cast a curse", when=PLAY, check=_plan("curse"), rule=f"{RULE}, L579-583, L674",
             params=_params("curse", "Which model casts?"))(_attack)


def _guards(world: World, side: SideId) -> list[Miniature]:
    """``side``'s models that may take a Held Shot now: On Guard, not engaged, not Wavering (L427, L612)."""
    return [m for m in world.on_table(side) if m.holds("On Guard") and not m.downed and not m.wavering
            and not engaged(world, m)]


def _enemy_activating(world: World, ask: Ask) -> str | None:
    activation = world.state.activation
    if activation is None or activation.side == ask.acting:
        return "a Held Shot is taken during an enemy model's activation (L421)"
    if world.state.attack is not None or world.state.pending:
        return "wait until what is being resolved is over"
    return None


def _held_shot(ctx: Context[SunshardState], selected: Selected[AttackPlan]) -> None:
    plan = selected.plan
    lose(ctx, plan.attacker, "On Guard", why=f"Held Shot ({RULE}, L427)")
    begin_attack(ctx, plan)
    after(ctx)


RULES.action("held-shot", "During an enemy activation, an On Guard model spends its token on a ranged or curse "
             "attack for 0 AP", label="Held Shot", when=REACT, per="model", available=_enemy_activating,
             check=_plan("held-shot"), rule=f"{RULE}, L421, L427",
             params=_params("held-shot", "Which On Guard model shoots?"))(_held_shot)


def placement_for(world: World, side: SideId, model_id: str, target: str, weapon: str, kind: AttackKind
                  ) -> dict[str, str]:
    """The ``at:`` the menus offer first for this attack (``weapon`` as ``with:`` names it), none for a profile that
    lays no template (the bot declares it, as a menu would)."""
    model = world.model(model_id)
    aimed = weapon.casefold().endswith(AIMED)
    profile = model.weapon(weapon[:-len(AIMED)] if aimed else weapon)
    if not is_template(profile):
        return {}
    return {"at": _wanted(world, side, model, world.model(target), profile, kind, aimed)["at"]}


def weapon_for(world: World, side: SideId, model_id: str, target: str, kind: AttackKind) -> str:
    """The first ``with:`` value the menus offer for this attack (the bot reads it)."""
    options = attack_options(world, side, model_id, kind).get(ModelId(target), [])
    if not options:
        raise InvalidCommand(f"{model_id} cannot attack {target} now")
    name, aimed = options[0]
    return _with(name, aimed)
