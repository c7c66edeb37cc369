"""On Guard reactions, offered to the non-active player at the right moment (Sunshard:Embren core rules v1.0,
L419-435, L461).

- Held Shot (L427): while an enemy model moves, an On Guard model that is not engaged may spend its token to make a
  ranged or curse attack, at a point of the move its owner names (ruling held-shot-moment), before the move starts or
  after it ends; the move then carries on if the mover can.
- Held Strike (L429-433): a model that becomes engaged may spend its token on an RSL test and, passing it, make a melee
  attack on the activating model; or keep the token to Anticipate an attack (L423) declared before the activating
  model does anything else (ruling held-strike-offer); otherwise it loses the token (L435).
- A Wavering model takes no special action but Rally (L612), so it cannot react and, engaged, loses its token.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from pydantic import JsonValue

from engine.core import Context, Decision, DecisionPart, ModelId, Option, PartKind, RulesError, parse_point
from engine.geometry import path_length
from engine.systems.sunshard.attack_flow import begin_attack
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.d20 import roll_test
from engine.systems.sunshard.engagement import engaged, engages
from engine.systems.sunshard.events import GuardKept
from engine.systems.sunshard.harm import lose
from engine.systems.sunshard.modifiers import is_melee
from engine.systems.sunshard.resume import Resume, carry_on, continues, path_of
from engine.systems.sunshard.rolls import tn
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import surface
from engine.systems.sunshard.world import RULE, Miniature, World, world_of
from engine.table import ModelMoved

__all__ = ["engagement_reactions", "held_shooters", "next_guard", "offer_held_shot", "on_guard_engaged",
           "on_held_shot", "on_held_shot_attack"]

Point = tuple[float, float]


def _can_react(model: Miniature) -> bool:
    return model.on_table and not model.downed and model.holds("On Guard") > 0 and not model.wavering


def held_shooters(world: World, mover: Miniature) -> list[Miniature]:
    """Enemies of the mover that could take a Held Shot: On Guard, not engaged, with a ranged or curse profile
    (L427)."""
    found = []
    for model in world.on_table():
        if model.side == mover.side or not _can_react(model) or engaged(world, model):
            continue
        if any(not is_melee(p) for p in model.profiles):
            found.append(model)
    return found


def offer_held_shot(ctx: Context[SunshardState], model_id: ModelId, path: Sequence[Point], facing: float,
                    hazardous: Sequence[str], *, kind: str = "move", more: Mapping[str, JsonValue] | None = None
                    ) -> bool:
    """Ask the mover's opponent whether an On Guard model takes a Held Shot during this move or vault (``kind``
    names what carries it on, with ``more`` of its own, L461), and where along it. The surface it starts on is kept,
    so that a fall is judged from there, not from where the shot stopped it (L471). Returns whether a decision was
    opened (the move then waits for it)."""
    world = world_of(ctx)
    mover = world.model(model_id)
    shooters = held_shooters(world, mover)
    if not shooters:
        return False
    resume: Resume = {"kind": kind, "model": mover.id, "path": [[x, y] for x, y in path], "facing": facing,
                      "hazardous": list(hazardous), "start": surface(world, mover), **(more or {})}
    what = "move" if kind == "move" else "vault"
    parts = [DecisionPart(key="shooter", prompt=f"Does an On Guard model take a Held Shot as {mover.id} {what}s?",
                          options=(Option(key="none", label="No Held Shot"),
                                   *(Option(key=m.id, label=f"{m.name} (spends its On Guard token)")
                                     for m in shooters)), default="none")]
    asked = ("shooter", tuple(m.id for m in shooters))
    if world.rulings.held_shot_moment == "chosen-point":
        end = path[-1]
        parts.append(DecisionPart(key="at", prompt=f"Where along {mover.id}'s {what} is the shot taken (its base "
                                                   "centre)?", kind=PartKind.POINT_ON_PATH, path=tuple(path),
                                  default=f"{end[0]:g},{end[1]:g}", asked_when=asked))
    else:
        parts.append(DecisionPart(key="at", prompt=f"Before the {what} starts or after it ends?",
                                  options=(Option(key=f"{path[0][0]:g},{path[0][1]:g}", label="Before it starts"),
                                           Option(key=f"{path[-1][0]:g},{path[-1][1]:g}", label="After it ends")),
                                  default=f"{path[-1][0]:g},{path[-1][1]:g}", asked_when=asked))
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=shooters[0].side, kind="held-shot", optional=True,
                               prompt=f"{mover.id} {what}s: take a Held Shot ({RULE}, L427, L461)?",
                               parts=tuple(parts), context={"resume": resume}, reaction_to="held-shot"))
    return True


def _resume(decision: Decision) -> Resume:
    found = decision.context.get("resume")
    return dict(found) if isinstance(found, dict) else {}


def _split(path: Sequence[Point], at: Point) -> tuple[list[Point], list[Point]]:
    """The path up to the point ``at`` on it, and from there on."""
    best, where = float("inf"), 0
    for i, (a, b) in enumerate(itertools.pairwise(path)):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((at[0] - a[0]) * dx + (at[1] - a[1]) * dy) / length))
        gap = ((a[0] + t * dx - at[0]) ** 2 + (a[1] + t * dy - at[1]) ** 2) ** 0.5
        if gap < best:
            best, where = gap, i
    first = [*path[:where + 1], at]
    rest = [at, *path[where + 1:]]
    return [p for i, p in enumerate(first) if i == 0 or p != first[i - 1]], \
        [p for i, p in enumerate(rest) if i == 0 or p != rest[i - 1]]


def on_held_shot(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Move the mover to the chosen point, then ask which weapon and target the Held Shot takes."""
    resume = _resume(decision)
    shooter = answers["shooter"]
    if shooter == "none":
        carry_on(ctx, resume)
        return
    at = parse_point(answers["at"])
    first, rest = _split(path_of(resume), at)
    if len(first) > 1:
        length = round(path_length(first), 2)
        mover = world_of(ctx).model(str(resume["model"]))
        ctx.emit(ModelMoved(model_id=mover.id, path=tuple(first), distance=length, facing=float(str(resume["facing"])),
                            z=float(surface(world_of(ctx), mover, at=first[-1]))))
    resume["path"] = [[x, y] for x, y in rest]
    world = world_of(ctx)
    model = world.model(shooter)
    choices = []
    for profile in model.profiles:
        if is_melee(profile):
            continue
        for enemy in world.on_table():
            if enemy.side == model.side:
                continue
            try:
                check_attack(world, model.side, {"model": model.id, "weapon": profile.name, "target": enemy.id,
                                                 "kind": "held-shot"})
            except RulesError:
                continue
            choices.append(Option(key=f"{profile.name}|{enemy.id}", label=f"{profile.name} at {enemy.name}"))
    if not choices:
        carry_on(ctx, resume)
        return
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=model.side, kind="held-shot-attack", optional=True,
        prompt=f"{model.id}'s Held Shot: which weapon, at whom?",
        parts=(DecisionPart(key="shot", prompt="Weapon and target", options=(
            Option(key="none", label="Hold fire (keep the token)"), *choices), default=choices[0].key),),
        context={"resume": resume, "shooter": model.id}))


def on_held_shot_attack(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Spend the On Guard token and make the Held Shot; the move carries on after it (L427, L461)."""
    resume = _resume(decision)
    if answers["shot"] == "none":
        carry_on(ctx, resume)
        return
    weapon, _, target = answers["shot"].partition("|")
    world = world_of(ctx)
    shooter = world.model(str(decision.context["shooter"]))
    plan = check_attack(world, shooter.side, {"model": shooter.id, "weapon": weapon, "target": target,
                                              "kind": "held-shot"})
    lose(ctx, shooter.id, "On Guard", why=f"Held Shot ({RULE}, L427)")
    begin_attack(ctx, plan, resume=resume)


def engagement_reactions(ctx: Context[SunshardState], mover_id: ModelId) -> None:
    """Each enemy On Guard model now engaged with the mover chooses: Held Strike, keep the token for Anticipate, or
    let it go (L429-435); one that cannot react loses its token (L435, L612)."""
    world = world_of(ctx)
    mover = world.model(mover_id)
    if not mover.on_table:
        return
    for model in world.on_table():
        if model.side == mover.side or not model.holds("On Guard"):
            continue
        if not (engages(model, mover) or engages(mover, model)):
            continue
        if not _can_react(model):
            lose(ctx, model.id, "On Guard", why=f"engaged without reacting ({RULE}, L435)")
            continue
        activating = world.state.activation is not None and world.state.activation.model == mover.id
        weapons = [p.name for p in model.profiles if is_melee(p) and _strikes(world, model, p.name, mover)] \
            if activating else []
        options = [Option(key="keep", label="Keep the token to Anticipate an attack"),
                   Option(key="drop", label="Let the token go")]
        if weapons:
            options.insert(0, Option(key="strike", label="Held Strike (RSL test, then a melee attack)"))
        ctx.open_decision(Decision(
            id=ctx.next_decision_id(), owner=model.side, kind="guard-engaged", optional=True,
            prompt=f"{model.id} is engaged by {mover.id} with an On Guard token ({RULE}, L429-435).",
            parts=(DecisionPart(key="do", prompt=f"What does {model.id} do?", options=tuple(options), default="keep"),
                   DecisionPart(key="weapon", prompt="With which melee profile?",
                                options=tuple(Option(key=w, label=w) for w in weapons) or (Option(key="-",
                                                                                                   label="-"),),
                                default=weapons[0] if weapons else "-", asked_when=("do", ("strike",)))),
            context={"model": model.id, "mover": mover.id}, reaction_to="held-strike"))
        return


def _strikes(world: World, model: Miniature, weapon: str, mover: Miniature) -> bool:
    """Whether a Held Strike with ``weapon`` could reach the activating model now (L433: a melee profile that can
    target it, so engaged only by the mover's Reach a model with RN 0 profiles has no strike to make)."""
    try:
        check_attack(world, model.side, {"model": model.id, "weapon": weapon, "target": mover.id,
                                         "kind": "held-strike"})
    except RulesError:
        return False
    return True


def on_guard_engaged(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Resolve an engaged On Guard model's choice, then ask the next one, if any."""
    world = world_of(ctx)
    model = world.model(str(decision.context["model"]))
    mover = ModelId(str(decision.context["mover"]))
    choice = answers["do"]
    if choice == "drop":
        lose(ctx, model.id, "On Guard", why="let go")
    elif choice == "keep":
        ctx.emit(GuardKept(model_id=model.id))
    else:
        spent = world.rulings.held_strike_failed == "spent"
        goal = tn(model.characteristic("RSL").value, label=f"{model.id}'s RSL")
        result = roll_test(ctx, model.id, model.side, "rsl", goal, f"{model.id}'s Held Strike RSL test")
        if result.passed or spent:
            lose(ctx, model.id, "On Guard", why=f"Held Strike ({RULE}, L429)")
        if result.passed:
            plan = check_attack(world_of(ctx), model.side, {"model": model.id, "weapon": answers["weapon"],
                                                            "target": mover, "kind": "held-strike"})
            begin_attack(ctx, plan, resume={"kind": "guard", "mover": mover, "after": model.id})
            return
    next_guard(ctx, mover, after=model.id)


@continues("guard")
def _after_held_strike(ctx: Context[SunshardState], resume: Mapping[str, JsonValue]) -> None:
    next_guard(ctx, ModelId(str(resume["mover"])), after=ModelId(str(resume["after"])))


def next_guard(ctx: Context[SunshardState], mover: ModelId, after: ModelId) -> None:
    """Offer the next engaged On Guard model its choice (those already asked keep or have lost the token)."""
    world = world_of(ctx)
    activation = ctx.state.activation
    asked = set(activation.guard_kept if activation else ()) | {after}
    for model in world.on_table():
        if model.id in asked or model.side == world.model(mover).side or not model.holds("On Guard"):
            continue
        if engages(model, world.model(mover)) or engages(world.model(mover), model):
            engagement_reactions(ctx, mover)
            return

