"""The moves players declare (Sunshard:Embren core rules v1.0, L387-417, L449-481, L1443-1445): the movement action,
Disengage, Climbing and Translocate, each one declaration over its phase-1 rule check.

A movement action spends the fewest AP whose inches cover the path asked (N AP move N x SPD, L387), so a player
says where and the AP follow: ``to:contact B2``, ``to:14,9``, ``to:toward B2 4`` (4 inches), ``to:toward B2 max``
(every AP left). The menu offers contact with and a full move toward the nearest enemies and toward the
Objectives, each labelled with its length and AP; any other place may be typed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from engine.core import Ask, Choice, Context, FreeForm, InvalidCommand, Order, Param, RulesError, SideId, parse_point
from engine.geometry import TOLERANCE, distance
from engine.systems.sunshard.acting import Selected, activating, actors, begin
from engine.systems.sunshard.declared import PLAY, RULES, after
from engine.systems.sunshard.engagement import engaged_by, gap, held_in_place
from engine.systems.sunshard.modifiers import is_melee
from engine.systems.sunshard.moving import RUGGED, MovePlan, allowance, apply_move, check_move
from engine.systems.sunshard.play_attacks import first_attack
from engine.systems.sunshard.specials import Special, apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import objectives, pieces, relation
from engine.systems.sunshard.world import RULE, Miniature, World, off_table, refuse

__all__ = ["into_range", "move_plan", "moves_for", "offered_move", "preferred_move"]

_NOWHERE = 0.05
"""A move shorter than this goes nowhere: it is refused rather than spend AP on nothing."""


def move_plan(world: World, side: SideId, model_id: str, text: str) -> MovePlan:
    """The movement action that takes ``model_id`` to ``text`` with the fewest AP that cover it (all of them for
    ``max``), checked by ``moving.check_move`` in ``world`` (where it is activating).

    :raises RulesError: naming the rule broken.
    """
    activation = world.state.activation
    mover = world.model(model_id)
    if activation is None or activation.model != mover.id:
        raise refuse(f"{mover.id} is not activating: a model moves in its own activation", "L387")
    words = text.split()
    if not words:
        raise InvalidCommand("say where the model moves: to:x,y, to:contact B1, to:toward B1 4 or to:toward B1 max")
    if words[0].casefold() in ("toward", "away"):
        ap = activation.ap
        if len(words) > 2 and words[2].casefold() != "max":
            try:
                inches = float(words[2].rstrip('"').removesuffix("in"))
            except ValueError:
                raise InvalidCommand(f"{words[2]!r} is not a number of inches (or max)") from None
            speed = mover.characteristic("SPD").value
            ap = max(1, min(activation.ap, math.ceil(inches / speed - 1e-9)))
        plans = [check_move(world, side, {"model": mover.id, "ap": str(max(ap, 1)), "to": text})]
    else:
        widest = check_move(world, side, {"model": mover.id, "ap": str(max(activation.ap, 1)), "to": text})
        plans = [_fewest(world, mover, widest)]
    plan = plans[0]
    if plan.distance < _NOWHERE:
        raise refuse(f"{mover.id} cannot get any nearer that way", "L459")
    return plan


def _fewest(world: World, mover: Miniature, plan: MovePlan) -> MovePlan:
    """The same move for the fewest AP whose inches cover it (Rugged taking its 2", L387, L729)."""
    speed = mover.characteristic("SPD").value
    needed = plan.distance + (RUGGED if plan.rugged else 0.0)
    ap = max(1, min(plan.ap, math.ceil((needed - TOLERANCE) / speed)))
    if ap == plan.ap:
        return plan
    reach = allowance(world, mover, ap)
    working = (*reach.working, *plan.working[len(allowance(world, mover, plan.ap).working):])
    return replace(plan, ap=ap, allowance=reach.value - (RUGGED if plan.rugged else 0.0), working=working)


@dataclass
class _MoveMenu:
    """The move menu of one model in one state, routed only as far as it is read: the texts in menu order, and the
    moves found so far (a place reached twice is listed once, by its first text)."""

    world: World
    side: SideId
    model_id: str
    texts: list[str]
    found: list[tuple[str, MovePlan]] = field(default_factory=list)
    ends: set[tuple[float, float]] = field(default_factory=set)
    done: int = 0
    plans: dict[int, MovePlan | None] = field(default_factory=dict)
    """Each text's move routed so far by its index (None where the rules refuse it)."""

    def plan(self, index: int) -> MovePlan | None:
        """The move of the text at ``index``, routed once; None where the rules refuse it."""
        if index not in self.plans:
            try:
                self.plans[index] = move_plan(self.world, self.side, self.model_id, self.texts[index])
            except RulesError:
                self.plans[index] = None
        return self.plans[index]

    def upto(self, last: int) -> None:
        """Route the texts up to index ``last`` (every one when it is past the end)."""
        while self.done <= min(last, len(self.texts) - 1):
            plan = self.plan(self.done)
            text = self.texts[self.done]
            self.done += 1
            if plan is None:
                continue
            end = _place(plan.path[-1])
            if end not in self.ends:
                self.ends.add(end)
                self.found.append((text, plan))

    def listed(self, index: int) -> MovePlan | None:
        """The move of the text at ``index`` when the menu lists it (no earlier text reaches the same place), else
        None: routing only the earlier texts that might end where it does (the suggested move is asked of every
        fresh menu; routing each text before it doubled its cost)."""
        if index < self.done:
            return next((plan for text, plan in self.found if text == self.texts[index]), None)
        plan = self.plan(index)
        if plan is None:
            return None
        end = plan.path[-1]
        for earlier in range(index):
            if self._surely_elsewhere(earlier, end):
                continue
            other = self.plan(earlier)
            if other is not None and _place(other.path[-1]) == _place(end):
                return None
        return plan

    def _surely_elsewhere(self, index: int, end: tuple[float, float]) -> bool:
        """Whether the text at ``index`` cannot end at ``end``, known without routing it: base contact with a model
        ends where the two bases touch, so a place well off that circle (by more than ``_PLACE`` rounds away) is
        another place."""
        words = self.texts[index].split()
        if len(words) != 2 or words[0] != "contact":
            return False
        mover, target = self.world.model(self.model_id).base(), self.world.model(words[1]).base()
        apart = math.hypot(end[0] - target.pose.x, end[1] - target.pose.y) - mover.radius - target.radius
        return abs(apart) > _ELSEWHERE


_ELSEWHERE = 0.2
"""Inches off the touching circle past which an end is surely not base contact's place: two ends the menu counts as
one place (``_place``) lie within 0.15" of each other."""


def _menu(world: World, side: SideId, model_id: str) -> _MoveMenu:
    """The move menu's texts for ``model_id`` (activating in ``world``): contact with and a full move toward each of
    the three nearest enemies, a one-AP step toward the nearest, and a full move toward each Objective."""

    def make() -> _MoveMenu:
        mover = world.model(model_id)
        activation = world.state.activation
        assert activation is not None
        enemies = sorted((m for m in world.on_table() if m.side != mover.side), key=lambda e: gap(mover, e))[:3]
        texts = [f"contact {e.id}" for e in enemies[:1]]
        texts += [f"toward {e.id} {needed:g}" for e in enemies[:1] if (needed := into_range(mover, e)) is not None]
        texts += [f"toward {e.id} max" for e in enemies]
        if activation.ap > 1 and enemies:
            texts.append(f"toward {enemies[0].id} {mover.characteristic('SPD').value}")
        texts += [f"contact {e.id}" for e in enemies[1:]]
        texts += [f"toward {o.id} max" for o in objectives(world)]
        return _MoveMenu(world, side, model_id, texts)

    return world.lasting(("moves", side, model_id), make)


def moves_for(world: World, side: SideId, model_id: str) -> list[tuple[str, MovePlan]]:
    """The moves a menu offers ``model_id`` (activating in ``world``), each with its plan (see :func:`_menu`)."""
    menu = _menu(world, side, model_id)
    menu.upto(len(menu.texts))
    return list(menu.found)


def offered_move(world: World, side: SideId, model_id: str, text: str) -> MovePlan | None:
    """The plan of the move ``text`` when the menu lists it, else None, routing only ``text`` and the texts before it
    that might end at the same place (the bot asks this of the few moves it wants, not of the whole menu)."""
    menu = _menu(world, side, model_id)
    return menu.listed(menu.texts.index(text)) if text in menu.texts else None


def offered_as(world: World, side: SideId, model_id: str, text: str) -> tuple[str, MovePlan] | None:
    """The menu's entry for the move ``text``: itself when the menu lists it, else the listed move that ends where it
    ends (a place reached twice is listed once, by its first text), else None. The bot weighs moves by their texts
    and must play one the menu offers."""
    menu = _menu(world, side, model_id)
    if text in menu.texts:
        index = menu.texts.index(text)
        plan = menu.plan(index)
    else:
        index = len(menu.texts)
        try:
            plan = move_plan(world, side, model_id, text)
        except RulesError:
            plan = None
    if plan is None:
        return None
    menu.upto(index)  # the first listed move ending there is ``text`` itself when the menu lists it
    end = _place(plan.path[-1])
    return next(((t, listed) for t, listed in menu.found if _place(listed.path[-1]) == end), None)


def _place(point: tuple[float, float]) -> tuple[float, float]:
    """A move's end as the menu counts places: two ends within a tenth of an inch are one place."""
    return (round(point[0], 1), round(point[1], 1))


def preferred_move(world: World, side: SideId, model_id: str) -> str | None:
    """The move the menus suggest for ``model_id`` (activating in ``world``) and the bot makes: a fighter into
    contact with the nearest enemy (else toward it), a shooter only as far as brings the nearest within reach (else
    toward it), each as the menu lists it; else the menu's first move, or None when it has none."""
    model = world.model(model_id)
    enemies = sorted((e for e in world.on_table() if e.side != side), key=lambda e: gap(model, e))
    if not enemies:
        return None
    nearest = enemies[0]
    shooter = any(not is_melee(p) for p in model.card.weapons)
    needed = into_range(model, nearest) if shooter else None
    wanted = [f"toward {nearest.id} {needed:g}"] if needed is not None and _reaches(world, side, model, nearest,
                                                                                    needed) else []
    wanted += [] if shooter and needed is None else [f"contact {nearest.id}"]
    wanted.append(f"toward {nearest.id} max")
    text = next((t for t in wanted if offered_move(world, side, model.id, t) is not None), None)
    return text if text is not None else next(iter(t for t, _ in moves_for(world, side, model.id)), None)


def _reaches(world: World, side: SideId, model: Miniature, enemy: Miniature, needed: float) -> bool:
    """Whether the move of ``needed`` inches toward ``enemy`` ends within reach of it (a path around terrain may
    not: then a full move closes in further)."""
    plan = offered_move(world, side, model.id, f"toward {enemy.id} {needed:g}")
    if plan is None:
        return False
    end = model.base().at(*plan.path[-1])
    return distance(end, enemy.base()) <= into_reach(model) + TOLERANCE


def into_reach(mover: Miniature) -> float:
    """The range of ``mover``'s longest ranged weapon (0 without one)."""
    return float(max((int(p.RN) for p in mover.card.weapons if p.RN not in (0, "*")), default=0))


def into_range(mover: Miniature, enemy: Miniature) -> float | None:
    """How far ``mover`` goes toward ``enemy`` to bring it within reach of its longest ranged weapon (half an inch
    to spare), or None when it is within reach already or has no such weapon."""
    reach = into_reach(mover)
    if not reach or gap(mover, enemy) <= reach:
        return None
    return math.ceil((gap(mover, enemy) - reach + 0.5) * 10) / 10


def _movers(world: World, ask: Ask) -> list[Choice]:
    return [Choice(m.id, m.name) for m in _moving(world, ask.acting)]


def _moving(world: World, side: SideId) -> list[Miniature]:
    """``side``'s models that may make a movement action now (as they would be activating)."""
    found = []
    for model in actors(world, side):
        seen = activating(world, side, model.id)[0]
        activation = seen.state.activation
        if activation is not None and activation.ap >= 1 and not model.has("Fractal Roots") \
                and not held_in_place(seen, seen.model(model.id)):
            found.append(model)
    return found


def _suggest_moves(world: World, ask: Ask) -> list[tuple[str, dict[str, str]]]:
    """The suggested move as one entry (the model and where it goes named): the activating model's, or before an
    activation that of each model with no attack to make (whose attack is suggested instead)."""
    side, found = ask.acting, []
    for model in _moving(world, side):
        seen = activating(world, side, model.id)[0]
        if world.state.activation is None and first_attack(seen, side, model.id, "action") is not None:
            continue
        text = preferred_move(seen, side, model.id)
        plan = offered_move(seen, side, model.id, text) if text is not None else None
        if text is not None and plan is not None:
            found.append((f"Move {_said(text, plan)} for {plan.ap} AP", {"model": model.id, "to": text}))
    return found


def _said(text: str, plan: MovePlan) -> str:
    """A move as a menu names it, its length said once: ``6.6" toward B1`` for ``toward B1 6.6`` (not ``toward B1 6.6:
    6.6"``), ``contact B1: 7.3"`` otherwise."""
    words = text.split()
    if len(words) == 3 and words[0] == "toward" and words[2] != "max":
        return f"{plan.distance:.1f}\" toward {words[1]}"
    return f"{text}: {plan.distance:.1f}\""


def _destinations(world: World, ask: Ask) -> list[Choice]:
    seen = activating(world, ask.acting, ask.text("model"))[0]
    choices = []
    for text, plan in moves_for(seen, ask.acting, ask.text("model")):
        x, y = plan.path[-1]
        choices.append(Choice(text, f"{_said(text, plan)} for {plan.ap} AP, to {x:g},{y:g}"))
    return choices


def _typed_destination(world: World, ask: Ask, typed: str) -> str | None:
    refusal = _destination_refused(world, ask, typed)
    return str(refusal) if refusal is not None else None


def _move_texts(world: World, ask: Ask) -> list[Choice]:
    """The moves the menu tries (listed or not): where none is open, each one's refusal says why (a model boxed in)."""
    seen = activating(world, ask.acting, ask.text("model"))[0]
    return [Choice(text) for text in _menu(seen, ask.acting, ask.text("model")).texts]


def _destination_refused(world: World, ask: Ask, typed: str) -> RulesError | None:
    try:
        move_plan(activating(world, ask.acting, ask.text("model"))[0], ask.acting, ask.text("model"), typed)
    except RulesError as error:
        return error
    return None


def _move_check(world: World, ask: Ask) -> Selected[MovePlan]:
    seen, select = activating(world, ask.acting, ask.text("model"))
    return Selected(select, move_plan(seen, ask.acting, ask.text("model"), ask.text("to")))


@RULES.action("move", "Move: SPD inches for each AP spent, around what blocks", label="Move", when=PLAY,
              check=_move_check, rule=f"{RULE}, L387-393, L449-481", suggest=_suggest_moves, params=(
                  Param("model", "Which model moves?", values=_movers, noun="models", single=True),
                  Param("to", "Where to?", values=_destinations, accepts=_typed_destination, order=Order.GIVEN,
                        noun="moves", costly=True, free_form=FreeForm.POINT | FreeForm.PHRASE, precheck=off_table,
                        refused=_destination_refused, candidates=_move_texts)))
def _move(ctx: Context[SunshardState], selected: Selected[MovePlan]) -> None:
    plan = begin(ctx, selected.plan.side, selected)
    apply_move(ctx, plan.side, plan)
    after(ctx)


# -- Disengage, Translocate, Climbing ----------------------------------------------------------------------------


def _special_check(name: str, option: str | None) -> Callable[[World, Ask], Selected[Special]]:
    def check(world: World, ask: Ask) -> Selected[Special]:
        seen, select = activating(world, ask.acting, ask.text("model"))
        wanted = {"action": name, "model": ask.text("model")}
        if option == "to":
            wanted["to"] = ask.text("to")
        elif option == "at":
            wanted["choice"] = "" if ask.text("at") == "down" else ask.text("at")
        return Selected(select, check_special(seen, ask.acting, wanted))
    return check


def _special(ctx: Context[SunshardState], selected: Selected[Special]) -> None:
    plan = begin(ctx, selected.plan.side, selected)
    apply_special(ctx, plan)
    after(ctx)


def _able(name: str, ready: Callable[[World, Miniature], bool]) -> Callable[[World, Ask], list[Choice]]:
    """The models that may act now and for which ``ready`` holds, as they would be activating."""
    def values(world: World, ask: Ask) -> list[Choice]:
        found = []
        for model in actors(world, ask.acting):
            seen = activating(world, ask.acting, model.id)[0]
            if ready(seen, seen.model(model.id)):
                found.append(Choice(model.id, model.name))
        return found
    values.__name__ = f"_{name}_models"
    return values


def _spots(world: World, side: SideId, model_id: str, name: str, reach: float) -> list[Choice]:
    """Spots ``reach`` away in eight directions (the first away from the nearest enemy) that the check accepts."""
    model = world.model(model_id)
    here = (model.placed.x, model.placed.y)
    enemies = sorted((m for m in world.on_table() if m.side != side), key=lambda e: gap(model, e))
    away = math.degrees(math.atan2(here[1] - enemies[0].placed.y, here[0] - enemies[0].placed.x)) if enemies else 0.0
    found = []
    for step in range(8):
        angle = math.radians(away + step * 45)
        spot = (round(here[0] + (reach - TOLERANCE) * math.cos(angle), 2),
                round(here[1] + (reach - TOLERANCE) * math.sin(angle), 2))
        try:
            check_special(world, side, {"action": name, "model": model.id, "to": f"{spot[0]},{spot[1]}"})
        except (RulesError, ValueError):
            continue
        found.append(Choice(f"{spot[0]:g},{spot[1]:g}", f"{spot[0]:g},{spot[1]:g} ({reach:g}\" away)"))
    return found


def _vault_spots(name: str) -> Callable[[World, Ask], list[Choice]]:
    def values(world: World, ask: Ask) -> list[Choice]:
        seen = activating(world, ask.acting, ask.text("model"))[0]
        model = seen.model(ask.text("model"))
        reach = model.characteristic("SPD").value if name == "disengage" else 3.0
        return _spots(seen, ask.acting, model.id, name, float(reach))
    return values


def _typed_spot(name: str) -> Callable[[World, Ask, str], str | None]:
    def accepts(world: World, ask: Ask, typed: str) -> str | None:
        try:
            parse_point(typed)
            seen = activating(world, ask.acting, ask.text("model"))[0]
            check_special(seen, ask.acting, {"action": name, "model": ask.text("model"), "to": typed})
        except (RulesError, ValueError) as error:
            return str(error)
        return None
    return accepts


def _disengaging(world: World, model: Miniature) -> bool:
    activation = world.state.activation
    return bool(activation and activation.ap >= 2 and not model.wavering and engaged_by(world, model)
                and _spots(world, model.side, model.id, "disengage", float(model.characteristic("SPD").value)))


RULES.action("disengage", "Disengage: vault up to SPD inches out of engagement (2 AP)", label="Disengage",
             when=PLAY, per="model", check=_special_check("disengage", "to"), rule=f"{RULE}, L409", params=(
                 Param("model", "Which engaged model disengages?",
                       values=_able("disengage", _disengaging), noun="models"),
                 Param("to", "Where to (its base centre)?", values=_vault_spots("disengage"),
                       accepts=_typed_spot("disengage"), order=Order.GIVEN, noun="spots",
                       free_form=FreeForm.POINT, precheck=off_table)))(_special)


def _translocating(world: World, model: Miniature) -> bool:
    activation = world.state.activation
    return bool(activation and activation.ap >= 2 and model.has("Fractal Roots") and not model.wavering)


RULES.action("translocate", "Translocate: placed within 3\", or within 6\" into Seeded terrain (2 AP)",
             label="Translocate", when=PLAY, per="model", check=_special_check("translocate", "to"),
             rule=f"{RULE}, L1443-1445", params=(
                 Param("model", "Which model translocates?", values=_able("translocate", _translocating),
                       noun="models"),
                 Param("to", "Where to (its base centre)?", values=_vault_spots("translocate"),
                       accepts=_typed_spot("translocate"), order=Order.GIVEN, noun="spots",
                       free_form=FreeForm.POINT, precheck=off_table)))(_special)


def _climbs(world: World, side: SideId, model_id: str) -> list[Choice]:
    """Where the model may climb: onto each taller piece it touches, or down off the piece it stands on."""
    return list(_climbing(world, side, model_id))


def _climbing(world: World, side: SideId, model_id: str) -> Iterator[Choice]:
    """:func:`_climbs` one at a time (the menu of models asks only whether there is one)."""
    model = world.model(model_id)
    here = model.base()
    for terrain in pieces(world):
        wanted = terrain.id if terrain.height > model.card.HGT and relation(here, terrain) != "apart" else None
        if wanted is None:
            continue
        try:
            plan = check_special(world, side, {"action": "climb", "model": model.id, "choice": wanted})
        except RulesError:
            continue
        yield Choice(terrain.id, f"up onto {terrain.id} ({plan.ap} AP)")
    try:
        plan = check_special(world, side, {"action": "climb", "model": model.id, "choice": ""})
    except RulesError:
        return
    yield Choice("down", f"down onto the battlefield ({plan.ap} AP)")


def _climbers(world: World, model: Miniature) -> bool:
    return not model.wavering and next(_climbing(world, model.side, model.id), None) is not None


RULES.action("climb", "Climb onto taller terrain the model touches, or down off it (1 AP a HGT)", label="Climb",
             when=PLAY, per="model", check=_special_check("climb", "at"), rule=f"{RULE}, L411-417", params=(
                 Param("model", "Which model climbs?", values=_able("climb", _climbers), noun="models"),
                 Param("at", "Onto what?", noun="pieces", single=True, order=Order.GIVEN,
                       values=lambda world, ask: _climbs(activating(world, ask.acting, ask.text("model"))[0],
                                                         ask.acting, ask.text("model")))))(_special)

