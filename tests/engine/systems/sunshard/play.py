"""A Sunshard:Embren game played through the rules functions, before the declarations wire them to the shared verbs:
a table that applies a rule's plan, answers decisions, and a plain policy that plays a side (deploy in the zone,
select a model, shoot or charge the nearest enemy, else close in)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from engine.core import Context, Decision, Event, GameSetup, ModelId, RulesError, SideId, UserId
from engine.dice import Roller, commitment
from engine.systems.sunshard.activation import apply_activate, check_activate, eligible
from engine.systems.sunshard.attack_flow import begin_attack
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.engagement import gap
from engine.systems.sunshard.modifiers import is_melee
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.objective_spots import check_place_objective
from engine.systems.sunshard.rounds import finish_activation, settle
from engine.systems.sunshard.setup import (
    apply_deploy,
    apply_place_objective,
    begin_setup,
    check_deploy,
)
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import World, rulings_of
from tests.engine.systems.sunshard.tables import DATA, Referee

__all__ = ["Table", "new_table", "play_round_actions", "play_setup"]


class Table:
    """A game's state with its dice, moved on by rule functions; every decision answered by ``chooser``."""

    def __init__(self, state: SunshardState, data: SunshardData, seed: str,
                 chooser: Callable[[SunshardState, Decision], dict[str, str]] | None = None) -> None:
        self.state, self.data = state, data
        self.roller = Roller(seed)
        self.referee = Referee(data)
        self.events: list[Event] = []
        self.chooser = chooser or (lambda state, decision: decision.default_answers() or {
            p.key: p.options[0].key for p in decision.parts})

    @property
    def world(self) -> World:
        return World(self.state, self.data, rulings_of(self.state.setup.rulings))

    def do(self, work: Callable[[Context[SunshardState]], object]) -> None:
        """Run ``work`` on a copy; keep it only if no rule refused it."""
        ctx: Context[SunshardState] = Context(self.referee, self.state.clone(), self.roller.copy(),  # type: ignore[arg-type]
                                              None, rebuild=lambda events: self.state,  # type: ignore[arg-type]
                                              core_answer=lambda *a: None)
        work(ctx)
        self.state, self.roller = ctx.state, ctx.roller
        self.events += ctx.events
        self.answer_all()

    def answer_all(self) -> None:
        for _ in range(500):
            if not self.state.pending:
                return
            decision = next(iter(self.state.pending.values()))
            answers = decision.check_answers(self.chooser(self.state, decision))
            ctx: Context[SunshardState] = Context(self.referee, self.state.clone(), self.roller.copy(),  # type: ignore[arg-type]
                                                  None, rebuild=lambda events: self.state,  # type: ignore[arg-type]
                                                  core_answer=lambda *a: None)
            ctx.answer(decision, answers, "policy")
            self.state, self.roller = ctx.state, ctx.roller
            self.events += ctx.events
        raise AssertionError("decisions never settle")


def new_table(quest: str, seed: str = "seed", data: SunshardData = DATA, map_id: str | None = None,
              rulings: Mapping[str, str] | None = None) -> Table:
    """A table set up for ``quest`` with the two demo warbands (A: Delver at the bottom, B: Remnant at the top)."""
    sides = (SideId("A"), SideId("B"))
    setup = GameSetup(system="sunshard", sides=sides, host=UserId("alice"), seed_commitment=commitment(seed),
                      rulings=dict(rulings or {}))
    table = Table(SunshardState(setup=setup), data, seed)
    forces = {sides[0]: [data.warbands["Greywater Delvers"]], sides[1]: [data.warbands["Ashen Remnant"]]}
    table.do(lambda ctx: begin_setup(ctx, data, data.quest(quest), forces, map_id))
    return table


def _grid(world: World, x0: float, y0: float, x1: float, y1: float, step: float = 0.5) -> list[tuple[float, float]]:
    points = []
    y = y0
    while y <= y1:
        x = x0
        while x <= x1:
            points.append((round(x, 2), round(y, 2)))
            x += step
        y += step
    return points


def play_setup(table: Table) -> None:
    """Place Objectives and deploy every model at the first free spots the rules accept."""
    for _ in range(200):
        state = table.state
        side = state.active_side
        if state.phase != "setup" or side is None:
            return
        world = table.world
        if state.step == "objectives":
            mid = state.height / 2
            for point in _grid(world, 2, mid - state.contested_half, state.width - 2, mid + state.contested_half, 1.0):
                try:
                    at = check_place_objective(world, side, {"at": f"{point[0]},{point[1]}"})
                except RulesError:
                    continue
                table.do(functools.partial(apply_place_objective, side=side, at=at))
                break
            continue
        reserve = [f for f in state.figures.values() if f.status == "reserve"]
        forced = state.first_pick
        model = forced or next((f.id for f in reserve if f.side == side and (
            table.data.card(f.card).has("Ranger") == (state.step == "rangers"))), None)
        assert model is not None, "nothing to deploy"
        zone = state.zones[f"DZ-{state.figures[model].side}"].polygon
        low, high = min(y for _, y in zone), max(y for _, y in zone)
        for point in _grid(world, 1, max(0.5, low - 6), state.width - 1, min(state.height - 0.5, high + 6), 0.75):
            try:
                found = check_deploy(world, side, {"model": model, "at": f"{point[0]},{point[1]}"})
            except RulesError:
                continue
            table.do(functools.partial(apply_deploy, side=side, model_id=found[0], at=found[1]))
            break
        else:
            raise AssertionError(f"no spot for {model}")


def _act(table: Table, model_id: ModelId) -> bool:
    """One action for the activating model: attack if it can, else move toward the nearest enemy. Whether it did."""
    world = table.world
    me = world.model(model_id)
    side = me.side
    activation = table.state.activation
    assert activation is not None
    enemies = sorted((m for m in world.on_table() if m.side != side), key=lambda m: gap(me, m))
    for kind in ("charge", "action"):
        for enemy in enemies:
            for profile in me.card.weapons:
                if kind == "charge" and not is_melee(profile):
                    continue
                try:
                    plan = check_attack(world, side, {"model": me.id, "weapon": profile.name, "target": enemy.id,
                                                      "kind": kind})
                except RulesError:
                    continue
                table.do(functools.partial(begin_attack, plan=plan))
                return True
    if activation.ap < 1 or not enemies:
        return False
    target = enemies[0]
    for to in (f"contact {target.id}", f"toward {target.id} max"):
        try:
            plan = check_move(world, side, {"model": me.id, "ap": "1", "to": to})
        except RulesError:
            continue
        if plan.distance < 0.05:
            continue
        table.do(functools.partial(apply_move, side=side, plan=plan))
        return True
    return False


def play_round_actions(table: Table, limit: int = 400) -> None:
    """Play the Activation Phases until the game is over."""
    for _ in range(limit):
        state = table.state
        if state.phase == "over":
            return
        activation = state.activation
        if activation is not None:
            if not _act(table, activation.model):
                if table.state.activation is not None:
                    table.do(functools.partial(finish_activation, model_id=activation.model))
            else:
                table.do(settle)
            continue
        side = state.active_side
        if side is None:
            raise AssertionError(f"nobody acts at {state.phase}/{state.step}")
        world = table.world
        model = state.first_pick or (state.party.members[len(state.party.done)] if state.party and len(
            state.party.done) < len(state.party.members) else eligible(world, side)[0].id)
        plan = check_activate(world, side, {"model": model})
        table.do(functools.partial(apply_activate, side=side, plan=plan))
    raise AssertionError("the game did not end")



