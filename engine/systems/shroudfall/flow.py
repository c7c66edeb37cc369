"""The ends and beginnings of activations and game rounds (Shroudfall beta rulebook v1.4, L1160-1184, L1487-1524),
and the end of the game (L1186-1267).

- An activation ends with its end-of-activation effects (Burning's damage roll, a Crystal Mine's crystal), the
  unit's essence value (no crystal at all with Void, nor the value when Burning destroyed it), the Activated token
  (and Exhausted for the last unit of the player without the starting token); the player's first activation of the
  round clears their Exhausted tokens; then the other player's turn, or the same player's when the other has nothing
  left, or the round's end.
- A round ends with the scenario's VP, the scenario win check, after round 5 the VP leader or the tie-breakers, then
  the reserves emptied, the tokens cleared and the starting player token passed; the next round begins with the
  essence of destroyed units and the starting player's turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.checks import roll_off
from engine.core import GameEnded, ModelId, Outcome, SideId
from engine.core.outcome import EndReason
from engine.dice import ESSENCE_GREY
from engine.systems.shroudfall.abilities import TACTICAL_ADVISOR_CRYSTAL, tactical_advisor
from engine.systems.shroudfall.attack import damage_dealt
from engine.systems.shroudfall.conditions import burning_pool, condition_damage_candidates, gained
from engine.systems.shroudfall.damage import WEAVER_VP, mark_damage
from engine.systems.shroudfall.essence import pool_dice, store
from engine.systems.shroudfall.events import (
    ActivationEnded,
    ConditionsChanged,
    ElementUsed,
    ModelsDestroyed,
    ReserveChanged,
    RoundBegan,
    RoundEnded,
    TurnChanged,
    VpScored,
    possessive,
)
from engine.systems.shroudfall.events_flow import HazardStruck, ScenarioLeadWon
from engine.systems.shroudfall.hazards import STORM_DICE, Hazard, at_activation_end
from engine.systems.shroudfall.referee import Referee, Table
from engine.systems.shroudfall.rounds import (
    ROUNDS,
    eligible_units,
    ends_exhausted,
    essence_at_activation_end,
    essence_at_round_start,
    exhausted_cleared,
    generates_essence,
    next_turn,
)
from engine.systems.shroudfall.schema import Colour
from engine.systems.shroudfall.scoring import (
    controller,
    mine_crystal,
    scenario_lead_winner,
    scenario_threshold,
    sole_survivor,
    tie_breakers,
)
from engine.systems.shroudfall.state import Task, UnitRecord
from engine.table import ModelWounded

__all__ = ["activation_end_effects", "begin_round", "close_activation", "end_game_if_annihilated",
           "end_round", "gain_essence", "record_damage", "regenerate", "regenerates", "suffer"]

CRYSTAL_MINES = "crystal-mines"
"""The introductory scenario's rule (L1289-1297)."""


def gain_essence(ctx: Table, side: SideId, crystals: Sequence[Colour], why: str) -> None:
    """Add crystals to a reserve, up to 10 (L831)."""
    if not crystals:
        return
    stored = store(ctx.state.record(side).reserve, crystals)
    ctx.emit(ReserveChanged(side=side, reserve=stored.reserve, added=stored.kept, lost=stored.lost, why=why))


def _finish(ctx: Table, outcome: Outcome) -> None:
    ctx.emit(GameEnded(outcome=outcome))


def _scores(ctx: Table) -> dict[SideId, int]:
    return {side: ctx.state.record(side).vp for side in ctx.state.sides}


def end_game_if_annihilated(ctx: Table) -> bool:
    """End the game at once when a side has no model left (L1256; both at once: a draw)."""
    ended, winner = sole_survivor(ctx.state)
    if not ended or ctx.state.outcome is not None:
        return ended
    scores = _scores(ctx)
    if winner is None:
        _finish(ctx, Outcome(reason=EndReason.ELIMINATION, scores=scores, winners=tuple(scores), draw=True))
    else:
        _finish(ctx, Outcome(reason=EndReason.ELIMINATION, scores=scores, winner=winner))
    return True


def _burning(ctx: Table, ref: Referee, unit: UnitRecord, chosen: ModelId | None) -> None:
    """Burning's arcane damage roll at the end of the activation (L1383), to the most hurt model (L819): among equals
    the one its controller chose (``chosen``), else the first."""
    if "burning" not in unit.conditions or not ctx.state.alive(unit):
        return
    candidates = condition_damage_candidates(ctx.state, unit)
    target: ModelId = chosen if chosen in candidates else candidates[0]
    rolls = ctx.roll(pool_dice(burning_pool(ref.rulings)), f"Burning: damage roll against {target}",
                     roller_side=unit.side)
    world = ref.world(ctx)
    wound = damage_dealt(sum(r.value for r in rolls), world.card(target).armour,
                         tough=world.has(target, "Tough Hide"), unbreakable=world.has(target, "Unbreakable Hide"))
    record_damage(ctx, ref, target, wound.damage, "burning")


def record_damage(ctx: Table, ref: Referee, model: ModelId, damage: int, how: str) -> None:
    """Mark damage on a model (L1560): its wounds, its removal at full damage, 3 VP for an essence weaver (L1248),
    and the game's end if that was the last enemy model (L1256)."""
    if not damage:
        return
    before = ctx.state.models[model].wounds_taken
    marked = mark_damage(ref.world(ctx), model, damage)
    unit = ctx.state.models[model].unit
    ctx.emit(ModelWounded(model_id=model, amount=marked.taken - before, wounds_taken=marked.taken))
    if not marked.destroyed:
        return
    ctx.emit(ModelsDestroyed(models=(model,), unit=unit, unit_destroyed=marked.unit_destroyed, points=marked.points,
                             weaver=marked.weaver, name=ctx.state.units[unit].name))
    if marked.vp_to is not None:
        ctx.emit(VpScored(side=marked.vp_to, amount=WEAVER_VP, why=f"the essence weaver {model} {how} (L1248)"))
    end_game_if_annihilated(ctx)


def regenerates(ctx: Table, ref: Referee, model: ModelId) -> bool:
    """Whether Regeneration may remove 1 damage from ``model`` now: after damage from a damage roll that did not
    destroy it, never while its unit is Burning (L1359)."""
    placed = ctx.state.models.get(model)
    if placed is None or not placed.wounds_taken or "burning" in ctx.state.unit_of(model).conditions:
        return False
    return ref.world(ctx).has(model, "Regeneration")


def regenerate(ctx: Table, ref: Referee, model: ModelId) -> None:
    """Regeneration's 1 damage removed (L1359), as its player chose (``choosing``) after a damage roll."""
    if regenerates(ctx, ref, model):
        placed = ctx.state.models[model]
        ctx.emit(ModelWounded(model_id=model, amount=-1, wounds_taken=placed.wounds_taken - 1,
                              acted_by="Regeneration (L1359)"))


def suffer(ctx: Table, ref: Referee, model: ModelId, hazards: Sequence[Hazard], how: str, *,
           again: bool = False) -> list[Task]:
    """Each hazard strikes ``model`` (hazards.py): its damage roll or damage (Tough and Unbreakable Hide apply), then
    its condition on the unit; one that struck the model in this action already does not strike again (ruling
    ``hazard-once``) unless ``again`` (the end of the activation is an occasion of its own). Returns the steps that
    ask Regeneration's player after a damage roll that damaged the model (L1359), for the caller's agenda."""
    asks: list[Task] = []
    for hazard in hazards:
        activation = ctx.state.activation
        if model not in ctx.state.models or ctx.state.outcome is not None:
            return asks
        if not again and activation is not None and f"{model}/{hazard.key}" in activation.struck:
            continue
        ctx.emit(HazardStruck(model=model, source=hazard.source, name=hazard.name, how=how, rule=hazard.rule))
        world = ref.world(ctx)
        tough, unbreakable = world.has(model, "Tough Hide"), world.has(model, "Unbreakable Hide")
        if hazard.roll:
            rolls = ctx.roll(pool_dice(STORM_DICE), f"{hazard.name}: damage roll against {model}", roller_side=None)
            damage = damage_dealt(sum(r.value for r in rolls), world.card(model).armour, tough=tough,
                                  unbreakable=unbreakable).damage
        else:
            damage = hazard.damage - 1 if hazard.damage and unbreakable else hazard.damage
        unit = ctx.state.unit_of(model)
        record_damage(ctx, ref, model, damage, f"by {hazard.name}")
        if hazard.roll and damage and regenerates(ctx, ref, model):
            asks.append(Task(kind="regenerate", target=model))
        if hazard.condition and ctx.state.alive(unit):
            conditions, added = gained(ref.world(ctx), unit, (hazard.condition,))
            if added:
                ctx.emit(ConditionsChanged(unit=unit.id, name=unit.name, conditions=conditions, gained=added,
                                           why=f"{hazard.name}, {hazard.rule}"))
    return asks


def _mines(ctx: Table, ref: Referee, unit: UnitRecord) -> None:
    """A Crystal Mine's crystal: the first unit in a round to end its activation within 1" of it (L1289)."""
    for element in list(ctx.state.elements.values()):
        if element.used_this_round or element.scenario not in ctx.state.scenarios:
            continue
        card = ref.catalogue.scenario(element.scenario)
        if card.rule != CRYSTAL_MINES:
            continue
        world = ref.world(ctx)
        if not any(world.gap(m, element.id) <= 1.0 + 1e-9 for m in ctx.state.alive(unit)):
            continue
        colour = mine_crystal(ctx.state, element, unit.side, card, ref.rulings)
        ctx.emit(ElementUsed(element=element.id))
        gain_essence(ctx, unit.side, (colour,), f"{element.id} ({element.name}, L1289)")


def activation_end_effects(ctx: Table, ref: Referee, *, burning: ModelId | None = None) -> list[Task]:
    """The damage at the end of the activation (L1521): Burning's roll (to ``burning`` when its controller chose
    among equals), then the hazards the unit's models end in; a model they destroy may be answered (a
    friendly-destroyed window) before the activation closes. Returns the Regeneration questions the hazards' damage
    rolls leave (``suffer``)."""
    activation = ctx.state.activation
    assert activation is not None
    unit = ctx.state.units[activation.unit]
    _burning(ctx, ref, unit, burning)
    asks = []
    for model in ctx.state.alive(unit):
        asks += suffer(ctx, ref, model, at_activation_end(ref.world(ctx), model), "ends its activation in", again=True)
    return asks


def close_activation(ctx: Table, ref: Referee, why: str) -> None:
    """The rest of the activation's end (L1521-1524): the crystals it earns, its tokens, and the next turn or the
    round's end."""
    activation = ctx.state.activation
    assert activation is not None
    unit = ctx.state.units[activation.unit]
    if end_game_if_annihilated(ctx):
        return
    if generates_essence(unit):
        _mines(ctx, ref, unit)
    advised = tactical_advisor(ref.world(ctx), unit) if generates_essence(unit) else None
    if advised is not None:
        gain_essence(ctx, unit.side, (TACTICAL_ADVISOR_CRYSTAL,), f"Tactical Advisor: {unit.name} within 1\" of "
                     f"{advised} in the opponent's half (leadership, L509)")
    value = ref.catalogue.card(unit.card).essence
    gain_essence(ctx, unit.side, essence_at_activation_end(ctx.state, unit, value),
                 f"{possessive(unit.name)} essence value (L845)")
    exhausted = ends_exhausted(ctx.state, unit)
    cleared = exhausted_cleared(ctx.state, unit, exhausted_now=exhausted)
    ctx.emit(ActivationEnded(unit=unit.id, exhausted=exhausted, cleared=cleared, why=why, name=unit.name))
    following = next_turn(ctx.state, unit.side)
    if following is None:
        end_round(ctx, ref)
    else:
        ctx.emit(TurnChanged(side=following, player=ctx.state.seats.get(following)))


def _score_round(ctx: Table, ref: Referee) -> None:
    """The scenario's VP at the round's end (L1165): 1 VP for each Crystal Mine a player controls (L1297)."""
    world = ref.world(ctx)
    for element in ctx.state.elements.values():
        card = ref.catalogue.scenario(element.scenario)
        if card.rule != CRYSTAL_MINES:
            continue
        side = controller(world, element)
        if side is not None:
            ctx.emit(VpScored(side=side, amount=1, why=f"controlling {element.id} ({element.name}, L1297)"))


def end_round(ctx: Table, ref: Referee) -> None:
    """End the game round (L1160-1171): score, check for a winner, clean up, and begin the next round."""
    state = ctx.state
    _score_round(ctx, ref)
    known = [ref.catalogue.scenario(s) for s in state.scenarios if ref.catalogue.scenario(s).known]
    threshold = scenario_threshold(known)
    winner = scenario_lead_winner(_scores(ctx), threshold, ref.rulings)
    if winner is not None:
        scores = _scores(ctx)
        lead = scores[winner] - max(v for s, v in scores.items() if s != winner)
        ctx.emit(ScenarioLeadWon(side=winner, lead=lead, threshold=threshold, round=state.round))
        _finish(ctx, Outcome(reason=EndReason.SCENARIO, scores=scores, winner=winner))
        return
    if state.round >= ROUNDS:
        scores = _scores(ctx)
        if len(set(scores.values())) > 1:
            _finish(ctx, Outcome.from_scores(EndReason.SCORE, scores))
            return
        def grey_roll_off() -> SideId:
            result = roll_off(state.sides, lambda players: {
                p: ctx.roll((ESSENCE_GREY,), f"tie-breaker roll-off ({p})", roller_side=SideId(p))[0].value
                for p in players}, lowest_wins=False)
            return SideId(result.winner or state.sides[0])

        tied, _ = tie_breakers(state, grey_roll_off)
        _finish(ctx, Outcome(reason=EndReason.SCORE, scores=scores, winner=tied))
        return
    token = state.token or state.sides[0]
    ctx.emit(RoundEnded(round=state.round, token=state.opponent(token)))
    begin_round(ctx, ref, state.round + 1)


def begin_round(ctx: Table, ref: Referee, number: int) -> None:
    """Begin a game round (L1175-1180): destroyed units' essence, round-start abilities, the starting player's turn."""
    ctx.emit(RoundBegan(round=number))
    state = ctx.state
    token = state.token or state.sides[0]
    for side in (token, state.opponent(token)):
        values = {u.id: ref.catalogue.card(u.card).essence for u in state.units_of(side)}
        gain_essence(ctx, side, essence_at_round_start(state, side, values), "destroyed units' essence (L849)")
        leadership = state.record(side).leadership
        if leadership is not None and leadership.endswith("/gathering-storm"):
            weaver = state.units[leadership.split("/")[0]]
            if state.alive(weaver):
                gain_essence(ctx, side, ("grey",), "Gathering Storm (leadership)")
    first = token if eligible_units(state, token) else state.opponent(token)
    ctx.emit(TurnChanged(side=first, player=state.seats.get(first)))
