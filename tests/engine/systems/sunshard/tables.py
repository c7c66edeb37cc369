"""Sunshard:Embren tables for tests: a state built directly (models put down, terrain laid) and read as a World,
before the game plays through the shared suites."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.core import Actor, Context, Decision, Event, GameSetup, ModelId, SideId, TerrainMark, UserId
from engine.dice import Roller, commitment
from engine.systems.sunshard.attack_flow import begin_attack
from engine.systems.sunshard.attack_plan import check_attack
from engine.systems.sunshard.catalogue import SunshardData
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.moving import apply_move, check_move
from engine.systems.sunshard.round_events import StepReached
from engine.systems.sunshard.rounds import proceed
from engine.systems.sunshard.schema import ModelCard
from engine.systems.sunshard.state import Activation, Figure, SideRecord, SunshardState
from engine.systems.sunshard.world import World, rulings_of, world_of
from engine.table import PlacedModel
from tests.engine.systems.sunshard.loader import shipped

__all__ = ["A1", "A2", "B1", "B2", "DATA", "A", "B", "Referee", "activate", "answer", "at_step", "attack", "card",
           "duel", "engaged_by_three", "lay", "new_state", "objective", "pending", "put", "quest_state", "rolled",
           "run", "walk", "world"]

A, B = SideId("A"), SideId("B")
A1, A2, B1, B2 = ModelId("A1"), ModelId("A2"), ModelId("B1"), ModelId("B2")
DATA = SunshardData.from_catalogue(shipped())


def new_state(size: float = 24, *, battlefield: Iterable[str] = (), rulings: Mapping[str, str] | None = None,
              ) -> SunshardState:
    """An empty battlefield for sides A (Delver) and B (Remnant)."""
    setup = GameSetup(system="sunshard", sides=(A, B), host=UserId("alice"), seed_commitment=commitment("test"),
                      rulings=dict(rulings or {}))
    return SunshardState(setup=setup, width=size, height=size, battlefield=list(battlefield),
                         records={A: SideRecord(alignment="Delver"), B: SideRecord(alignment="Remnant")})


def card(base: str = "Conscripted", **changes: object) -> ModelCard:
    """A shipped card with some fields changed (give it a new ``name`` and pass it to ``world(extra=...)``)."""
    return DATA.card(base).model_copy(update=changes)


def put(state: SunshardState, model_id: str, card_name: str, side: SideId, x: float, y: float, *,
        tokens: Iterable[str] = (), hp_lost: int = 0, leader: bool = False, z: float = 0.0,
        data: SunshardData = DATA) -> None:
    """Put a model on the battlefield as if deployed."""
    profile = data.card(card_name)
    key = ModelId(model_id)
    state.models[key] = PlacedModel(id=key, name=profile.name, unit=profile.name, side=side, base_mm=profile.base_mm,
                                    x=x, y=y, z=z, wounds=profile.HP, wounds_taken=hp_lost, tokens=list(tokens),
                                    points=profile.points)
    state.figures[key] = Figure(id=key, card=profile.name, side=side, warband=f"{side}1", status="deployed",
                                leader=leader, gained={"Commander": "game"} if leader else {})


def lay(state: SunshardState, terrain_id: str, rect: tuple[float, float, float, float], hgt: int,
        rules: Iterable[str], kind: str = "ruin") -> TerrainMark:
    """Lay a rectangular piece ``(x, y, width, depth)``."""
    x, y, w, h = rect
    mark = TerrainMark(id=terrain_id, kind=kind, polygon=((x, y), (x + w, y), (x + w, y + h), (x, y + h)),
                       height=hgt, keywords=tuple(rules))
    state.terrain[terrain_id] = mark
    return mark


def world(state: SunshardState, *extra: ModelCard) -> World:
    """The rules' view of ``state``, with test-only cards."""
    data = DATA.with_imports(extra) if extra else DATA
    return World(state, data, rulings_of(state.setup.rulings))


class Referee:
    """What a Sunshard context needs of its system before the game is registered: the data, and decision kinds
    routed to their handlers (the declarations will do that)."""

    def __init__(self, data: SunshardData = DATA, handlers: Mapping[str, Callable[..., None]] | None = None) -> None:
        self.data = data
        self.handlers = dict(handlers or _handlers())

    def on_answer(self, ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
        self.handlers[decision.kind](ctx, decision, answers)


def run(state: SunshardState, work: Callable[[Context[SunshardState]], Any], *, rig: Sequence[int] = (),
        data: SunshardData = DATA, referee: Referee | None = None) -> tuple[SunshardState, list[Event]]:
    """Run ``work`` on a copy of ``state`` with the dice rigged to ``rig`` (in order); return the new state and the
    events. Every rigged die must be used."""
    roller = Roller("test-seed")
    roller.rig(list(rig))
    ctx: Context[SunshardState] = Context(referee or Referee(data), state.clone(), roller,  # type: ignore[arg-type]
                                          Actor(user=UserId("alice"), host=True),
                                          rebuild=lambda events: state, core_answer=lambda *a: None)
    work(ctx)
    assert not roller.rigged_queue(), f"dice left unrolled: {roller.rigged_queue()}"
    return ctx.state, ctx.events


def _handlers() -> dict[str, Callable[..., None]]:
    from engine.systems.sunshard import attack_choices, guard, rounds, saves, setup, shards
    return {"fortune": rounds.on_fortune, "first-pick": rounds.on_first_pick, "fortunate-one": rounds.on_fortunate_one,
            "depart": rounds.on_depart, "leader": setup.on_leader, "deploy-choices": setup.on_deploy_choices,
            "anticipate": attack_choices.on_anticipate, "attack-reroll": attack_choices.on_attack_reroll,
            "substitute": attack_choices.on_substitute, "armor-reroll": attack_choices.on_armor_reroll,
            "blight-censors": attack_choices.on_blight_censors, "fade": attack_choices.on_fade,
            "held-shot": guard.on_held_shot, "held-shot-attack": guard.on_held_shot_attack,
            "guard-engaged": guard.on_guard_engaged, "phaseforming": shards.on_phaseforming,
            "save-reroll": saves.on_save_reroll, "shard-spot": shards.on_shard_spot}


def activate(state: SunshardState, model_id: str, ap: int | None = None, data: SunshardData = DATA) -> None:
    """Make ``model_id`` the activating model with ``ap`` AP (its AP characteristic by default)."""
    figure = state.figures[ModelId(model_id)]
    state.activation = Activation(model=figure.id, side=figure.side, ap=ap if ap is not None else data.card(
        figure.card).AP)


def duel(attacker: str, target: str, x: float = 12, *, data: SunshardData = DATA, ap: int | None = None
         ) -> SunshardState:
    """The table most attack tests start from: A1 (an ``attacker``) at (2, 12), activating with ``ap`` AP, facing B1
    (a ``target``) at (``x``, 12) on an empty 24" battlefield."""
    state = new_state()
    put(state, "A1", attacker, A, 2, 12, data=data)
    put(state, "B1", target, B, x, 12, data=data)
    activate(state, "A1", ap, data=data)
    return state


def pending(state: SunshardState) -> Decision:
    """The one decision waiting."""
    (decision,) = state.pending.values()
    return decision


def answer(state: SunshardState, answers: Mapping[str, str], *, rig: Sequence[int] = (),
           data: SunshardData = DATA) -> tuple[SunshardState, list[Event]]:
    """Answer the one pending decision."""
    decision = pending(state)
    checked = decision.check_answers(answers)
    return run(state, lambda ctx: ctx.answer(decision, checked, "test"), rig=rig, data=data)


def quest_state(quest_id: str, *, rulings: Mapping[str, str] | None = None) -> SunshardState:
    """An empty battlefield laid out for a quest: its size, rounds, deeds, battlefield rules and zones (no Objectives:
    add them with ``objective``)."""
    from engine.systems.sunshard.zones import layout_zones
    quest = DATA.quest(quest_id)
    state = new_state(quest.table, battlefield=quest.battlefield, rulings=rulings)
    state.quest, state.rounds, state.deeds_used = quest.id, quest.rounds, quest.deeds
    state.zone_depth, state.contested_half = quest.zone_depth, quest.contested_half
    for zone in layout_zones(quest.table, quest.table, state.sides, quest.zone_depth, quest.contested_half):
        state.zones[zone.id] = zone
    return state


def engaged_by_three() -> SunshardState:
    """Chance Encounter, side A playing Ruin: its Conscripted A1-A3 in base contact with B's Captain on three sides
    (what a Flood asks, Sunshard:Embren core rules, L1253)."""
    state = quest_state("chance-encounter")
    state.records[A].alignment = "Ruin"
    put(state, "B1", "Captain", B, 12, 12)
    gap = 32 / 25.4
    for i, (x, y) in enumerate([(12 - gap, 12), (12 + gap, 12), (12, 12 + gap)], start=1):
        put(state, f"A{i}", "Conscripted", A, x, y)
    return state


def objective(state: SunshardState, terrain_id: str, at: tuple[float, float], *, kind: str = "objective") -> None:
    """An Objective of the state's quest at ``at``."""
    from engine.systems.sunshard.setup import _objective
    quest = DATA.quest(state.quest)
    spec = quest.centre_piece if kind == "crystal-vein" and quest.centre_piece is not None else quest.objective
    state.terrain[terrain_id] = _objective(terrain_id, kind, spec, at)


def at_step(state: SunshardState, phase: str, step: str, rig: Sequence[int] = (), data: SunshardData = DATA
            ) -> tuple[SunshardState, list[Event]]:
    """Run the round from ``phase``/``step`` on until a player must choose."""
    def work(ctx: Context[SunshardState]) -> None:
        ctx.emit(StepReached(phase=phase, step=step))
        proceed(ctx)
    return run(state, work, rig=rig, data=data)


def attack(state: SunshardState, side: str, rig: Sequence[int], data: SunshardData = DATA, **filled: str
           ) -> tuple[SunshardState, list[Event]]:
    """Check and begin an attack (``filled`` as the rule check reads it) with the dice rigged."""
    def work(ctx: Context[SunshardState]) -> None:
        begin_attack(ctx, check_attack(world_of(ctx), SideId(side), filled))
    return run(state, work, rig=rig, data=data)


def walk(state: SunshardState, to: str, ap: int = 1, *, model: str = "A1", rig: Sequence[int] = (),
         data: SunshardData = DATA) -> tuple[SunshardState, list[Event]]:
    """Check and make a movement action of side A's ``model``."""
    def work(ctx: Context[SunshardState]) -> None:
        apply_move(ctx, A, check_move(world_of(ctx), A, {"model": model, "ap": str(ap), "to": to}))
    return run(state, work, rig=rig, data=data)


def rolled(events: Sequence[Event]) -> list[str]:
    """Every test made, as its log line without what made the TN (the book cases check the TN, the faces and the
    outcome; ``test_tests`` checks the sum shown)."""
    return [e.body.model_copy(update={"made_of": ""}).describe() for e in events if isinstance(e.body, TestMade)]
