"""The round (Sunshard:Embren core rules v1.0, L343-375): the Start Phase, the initiative roll-off, the Activation
Phase and the End Phase, then the next round or the end of the game.

:func:`proceed` runs the round's automatic steps until a player must choose (a Fortune ability, the first model to
activate, the Fortunate One's gift, a departure) or select a model; the choices' handlers call it again. Effects of
one step are simultaneous (L349-355, L369-375): the referee resolves them in side order, which changes nothing the
rules count.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.checks import roll_off
from engine.core import Context, Decision, DecisionPart, IllegalCommand, InvalidCommand, ModelId, Option, SideId
from engine.geometry import TOLERANCE
from engine.systems.sunshard.activation import apply_end, eligible
from engine.systems.sunshard.ap import burning_test, can_still_act
from engine.systems.sunshard.asking import ask
from engine.systems.sunshard.d20 import roll_d20, roll_test
from engine.systems.sunshard.deeds import (
    beginning_of_end_phase_deeds,
    end_of_game_deeds,
    end_of_round_deeds,
    end_phase_deeds,
)
from engine.systems.sunshard.engagement import engaged, gap
from engine.systems.sunshard.events import AbilityGained, FigureUsed, MarkerTaken, ModelGone
from engine.systems.sunshard.fortune import offer_fortunes, use_fortune
from engine.systems.sunshard.harm import Cause, gain, heal, lose, wound
from engine.systems.sunshard.quest_actions import check_quest_action
from engine.systems.sunshard.quests import end_of_game_scoring, end_of_round_scoring, sudden_death
from engine.systems.sunshard.rolls import rolled_off, tn
from engine.systems.sunshard.round_events import (
    FirstPicked,
    GameFinished,
    InitiativeWon,
    RoundBegan,
    StepNoted,
    StepReached,
)
from engine.systems.sunshard.saves import ASIDE
from engine.systems.sunshard.scoring import gain_fortune
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import pieces, touches
from engine.systems.sunshard.world import RULE, World, world_of
from engine.systems.sunshard.zones import contested, in_area

__all__ = [
    "begin_round",
    "finish_activation",
    "first_pick_options",
    "on_depart",
    "on_first_pick",
    "on_fortunate_one",
    "on_fortune",
    "proceed",
    "settle",
]


def begin_round(ctx: Context[SunshardState]) -> None:
    """Start the next round at step 1 of its Start Phase (L345-349)."""
    ctx.emit(RoundBegan(round=ctx.state.round + 1))
    ctx.emit(StepReached(phase="start", step="beginning"))
    proceed(ctx)


def _next(ctx: Context[SunshardState], phase: str, step: str) -> bool:
    ctx.emit(StepReached(phase=phase, step=step))
    return False


def _offers(ctx: Context[SunshardState], moment: str) -> bool:
    """Offer each player who has not passed the Fortune abilities of this moment; True while one is asked."""
    for side in ctx.state.sides:
        if f"passed:{side}" in ctx.state.noted:
            continue
        if offer_fortunes(ctx, side, moment):
            return True
        ctx.emit(StepNoted(note=f"passed:{side}"))
    return False


def _start_beginning(ctx: Context[SunshardState]) -> bool:
    """Step 1 (L349): Blightghast (L1415), the Fortunate One's choice (L1439) and the Fortune abilities."""
    world = world_of(ctx)
    if "scored" not in ctx.state.noted:
        ctx.emit(StepNoted(note="scored"))
        for model in world.on_table():
            if model.has("Blightghast") and model.holds("Blight") and "Blightghast" not in model.figure.used:
                lose(ctx, model.id, "Blight", why=f"Blightghast ({RULE}, L1415)")
                heal(ctx, model.id, 1, why=f"Blightghast ({RULE}, L1415)")
        for model in world.on_table():
            if model.has("Fortunate One") and model.leader:
                ask(ctx, model.side, "fortunate-one", f"{model.id} is the Fortunate One: Commander and Paymaster "
                    f"this round, or 2 Loot ({RULE}, L1439-1441)?", "Which?",
                    [("command", "Commander and Paymaster"), ("loot", "2 Loot tokens")], key="gift",
                    context={"model": model.id})
                return True
    return _offers(ctx, "start-beginning") or _next(ctx, "start", "during")


def _start_during(ctx: Context[SunshardState]) -> bool:
    """Step 2 (L351): Blighted and Illuminated terrain (L706, L710), then the Fortune abilities."""
    world = world_of(ctx)
    if "scored" not in ctx.state.noted:
        ctx.emit(StepNoted(note="scored"))
        for terrain in pieces(world):
            for model in world.on_table():
                if not touches(model.base(), terrain):
                    continue
                if terrain.has("blighted") and not model.has("Fine-Forged Armor"):
                    gain(ctx, model.id, "Blight", cause=Cause(f"Blighted terrain {terrain.id} ({RULE}, L706)"))
                if terrain.has("illuminated") and world_of(ctx).model(model.id).holds("Blight"):
                    lose(ctx, model.id, "Blight", why=f"Illuminated terrain {terrain.id} ({RULE}, L710)")
    return _offers(ctx, "start-during") or _next(ctx, "start", "fortune")


def _start_fortune(ctx: Context[SunshardState]) -> bool:
    """Step 3 (L353): 1 Fortune per Leader on the battlefield and not Downed."""
    world = world_of(ctx)
    for side in ctx.state.sides:
        leaders = [m for m in world.on_table(side) if m.leader and not m.downed]
        if leaders:
            gain_fortune(ctx, side, len(leaders), f"{len(leaders)} Leader{'s' if len(leaders) > 1 else ''} standing, "
                                                  f"{RULE}, L353")
    return _next(ctx, "start", "end")


def _start_end(ctx: Context[SunshardState]) -> bool:
    """Step 4 (L355): the Fortune abilities of the Start Phase's end."""
    return _offers(ctx, "start-end") or _next(ctx, "initiative", "roll")


def _initiative(ctx: Context[SunshardState]) -> bool:
    """Each player rolls a d20, ties re-rolled; the lowest picks the first model, its own or the opponent's (L359)."""
    sides = ctx.state.sides

    def roll(players: tuple[str, ...]) -> dict[str, int]:
        return {p: roll_d20(ctx, 1, f"side {p}'s initiative roll", SideId(p))[0] for p in players}

    result = roll_off(sides, roll, lowest_wins=True)
    winner = SideId(result.winner or sides[0])
    ctx.emit(InitiativeWon(side=winner, lines=result.working, rolls=rolled_off(result, "L359")))
    ctx.emit(StepReached(phase="activation", step="first-pick"))
    options = first_pick_options(world_of(ctx), winner)
    if not options:
        return _next(ctx, "end", "downed-blight")
    ask(ctx, winner, "first-pick", f"Side {winner} won the initiative: which model activates first, yours or one "
        f"of your opponent's ({RULE}, L359)?", "The first model to activate", options, key="model", optional=False)
    return True


def first_pick_options(world: World, winner: SideId | None = None) -> list[Option]:
    """Every model that can activate this round, either player's (L359), the winner's own first."""
    sides = sorted(world.state.sides, key=lambda side: side != winner)
    return [Option(key=m.id, label=f"{m.name} (side {m.side})") for side in sides for m in eligible(world, side)]


def _activation(ctx: Context[SunshardState]) -> bool:
    """The Activation Phase runs until no model can activate (L365); the game ends with the activation in which a
    player's last model was Killed (L345), not with the round."""
    out = [s for s in ctx.state.sides if _all_killed(ctx.state, s)]
    if out and ctx.state.activation is None:
        _finish(ctx, _wiped_out(out[0]))
        return True
    if ctx.state.active_side is not None or ctx.state.activation is not None:
        return True
    return _next(ctx, "end", "downed-blight")


def _downed_blight(ctx: Context[SunshardState]) -> bool:
    """End Phase step 1 (L369): every Downed model gains a Blight token."""
    world = world_of(ctx)
    for model in world.on_table():
        if model.downed:
            gain(ctx, model.id, "Blight", cause=Cause(f"Downed at the End Phase ({RULE}, L369)"))
    return _next(ctx, "end", "beginning")


def _end_beginning(ctx: Context[SunshardState]) -> bool:
    """Step 2 (L371): Font of Blight (L1437), Bleed Out (L1227), the free Rally (L762)."""
    world = world_of(ctx)
    if "scored" not in ctx.state.noted:
        ctx.emit(StepNoted(note="scored"))
        for font in world.on_table():
            if font.has("Font of Blight"):
                for model in world.on_table():
                    if model.id != font.id and gap(font, model) <= 1 + TOLERANCE:
                        gain(ctx, model.id, "Blight", cause=Cause(f"{font.id}'s Font of Blight ({RULE}, L1437)"))
        beginning_of_end_phase_deeds(ctx)
    return _offers(ctx, "end-beginning") or _next(ctx, "end", "during")


def _end_during(ctx: Context[SunshardState]) -> bool:
    """Step 3 (L373): Bleeding (L593-597) and Burning (L599-604) tests, Roiling Blightstorm from round 5 (L743),
    Loot lost (L626, L1492), Pandemonium (L1257)."""
    world = world_of(ctx)
    for model in world.on_table():
        if model.holds("Bleeding"):
            result = roll_test(ctx, model.id, model.side, "condition", tn(10, label="TN"),
                               f"{model.id}'s Bleeding test")
            lose(ctx, model.id, "Bleeding", why=f"its Bleeding test ({RULE}, L597)")
            if not result.passed:
                wound(ctx, model.id, cause=Cause(f"Bleeding ({RULE}, L597)"))
        if world_of(ctx).model(model.id).on_table and model.holds("Burning"):
            burning_test(ctx, model.id, ASIDE)
    if world.battlefield_rule("roiling-blightstorm") and ctx.state.round >= 5:
        for model in world_of(ctx).on_table():
            gain(ctx, model.id, "Blight", cause=Cause(f"Roiling Blightstorm ({RULE}, L743)"))
    for model in world_of(ctx).on_table():
        if model.holds("Loot") and not model.has("Spoils of War"):
            lose(ctx, model.id, "Loot", model.holds("Loot"), why=f"the End Phase ({RULE}, L626)")
    end_phase_deeds(ctx)
    return _next(ctx, "end", "end-of-round")


def _end_of_round(ctx: Context[SunshardState]) -> bool:
    """Step 4 (L375): the quest's and the deeds' end-of-round scoring, Archaeology markers removed (L1209), Calm
    Before the Storm's departures (L1089), Stake a Claim's sudden death (L1113), then the next round or the end."""
    if "scored" not in ctx.state.noted:
        ctx.emit(StepNoted(note="scored"))
        end_of_round_scoring(ctx)
        end_of_round_deeds(ctx)
        for terrain_id, held in list(ctx.state.objective_markers.items()):
            for _ in range(held.count("Archaeology")):
                ctx.emit(MarkerTaken(marker="Archaeology", from_objective=terrain_id,
                                     why=f"the end of the round ({RULE}, L1209)"))
    if _departures(ctx):
        return True
    world = world_of(ctx)
    winner = sudden_death(world)
    out = [s for s in ctx.state.sides if _all_killed(ctx.state, s)]
    if winner is not None or out or ctx.state.round >= ctx.state.rounds:
        why = (f"side {winner} has 20 VP and more than its opponent ({RULE}, L1113)" if winner is not None else
               _wiped_out(out[0]) if out else f"round {ctx.state.round} was the last")
        _finish(ctx, why)
        return True
    begin_round(ctx)
    return True


def _wiped_out(side: SideId) -> str:
    return f"every model of side {side} has been Killed ({RULE}, L345)"


def _finish(ctx: Context[SunshardState], why: str) -> None:
    """The game's end: its end-of-game scoring and deeds, then the game is over."""
    end_of_game_scoring(ctx)
    end_of_game_deeds(ctx)
    ctx.emit(GameFinished(why=why))


def _all_killed(state: SunshardState, side: SideId) -> bool:
    """Every model of the side has been Killed (L345); one that left the battlefield (L1089) was not."""
    mine = [f for f in state.figures.values() if f.side == side]
    return bool(mine) and all(f.status == "killed" for f in mine)


def _departures(ctx: Context[SunshardState]) -> bool:
    """Calm Before the Storm, from round 4: unengaged models not Downed holding Supplies outside Contested Ground may
    leave the battlefield (L1089); each player is asked once a round."""
    world = world_of(ctx)
    if ctx.state.quest != "calm-before-the-storm" or ctx.state.round < 4:
        return False
    ground = contested(world)
    for side in ctx.state.sides:
        ready = [m for m in world.on_table(side) if m.holds("Supplies") and not m.downed
                 and not engaged(world, m) and not in_area(m.base(), ground)]
        if ready and f"asked:{side}" not in ctx.state.noted:
            ctx.emit(StepNoted(note=f"asked:{side}"))
            ctx.open_decision(Decision(
                id=ctx.next_decision_id(), owner=side, kind="depart", optional=True,
                prompt=f"Which of side {side}'s models with Supplies leave the battlefield ({RULE}, L1089)?",
                parts=tuple(DecisionPart(key=m.id, prompt=f"Does {m.name} leave?", default="leave", options=(
                    Option(key="leave", label="Leave (4 VP at the end)"), Option(key="stay", label="Stay")))
                    for m in ready)))
            return True
    return False


_STEPS: dict[str, Callable[[Context[SunshardState]], bool]] = {
    "start/beginning": _start_beginning, "start/during": _start_during, "start/fortune": _start_fortune,
    "start/end": _start_end, "initiative/roll": _initiative, "activation/first-pick": lambda ctx: True,
    "activation/activation": _activation, "end/downed-blight": _downed_blight, "end/beginning": _end_beginning,
    "end/during": _end_during, "end/end-of-round": _end_of_round,
}


def proceed(ctx: Context[SunshardState]) -> None:
    """Run the round's steps until a player must choose or act."""
    for _ in range(100):
        if ctx.state.pending or ctx.state.attack is not None or ctx.state.phase == "over":
            return
        step = _STEPS.get(f"{ctx.state.phase}/{ctx.state.step}")
        if step is None or step(ctx):
            return
    raise RuntimeError("the round did not settle in 100 steps")


def on_fortune(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """Spend the Fortune ability chosen (and ask again), or pass for this moment."""
    moment = str(decision.context["moment"])
    if answers["use"] == "none":
        if moment.startswith("activation"):
            if moment == "activation-end":
                _end_now(ctx, ModelId(str(decision.context["model"])))
            return
        ctx.emit(StepNoted(note=f"passed:{decision.owner}"))
    else:
        use_fortune(ctx, decision.owner, answers["use"])
        if moment.startswith("activation"):
            model = decision.context.get("model")
            if offer_fortunes(ctx, decision.owner, moment, ModelId(str(model)) if model else None):
                return
            if moment == "activation-end":
                _end_now(ctx, ModelId(str(model)))
            return
    proceed(ctx)


def on_first_pick(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The first model to activate; its owner selects it (L359)."""
    world = world_of(ctx)
    model = world.model(answers["model"])
    ctx.emit(FirstPicked(model_id=model.id, side=model.side))
    ctx.emit(StepReached(phase="activation", step="activation"))


def on_fortunate_one(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The Fortunate One's gift for the round (L1439-1441; ruling fortunate-one-duration)."""
    model = ModelId(str(decision.context["model"]))
    ctx.emit(FigureUsed(model_id=model, once="Fortunate One"))
    if answers["gift"] == "loot":
        gain(ctx, model, "Loot", 2, cause=Cause(f"the Fortunate One ({RULE}, L1441)"))
    else:
        lasts = "round" if world_of(ctx).rulings.fortunate_one_duration == "round" else "game"
        for ability in ("Commander", "Paymaster"):
            ctx.emit(AbilityGained(model_id=model, ability=ability, lasts=lasts))
    proceed(ctx)


def on_depart(ctx: Context[SunshardState], decision: Decision, answers: dict[str, str]) -> None:
    """The chosen models leave the battlefield, not Killed (L1089)."""
    for model_id, choice in answers.items():
        if choice == "leave":
            ctx.emit(ModelGone(model_id=ModelId(model_id), how="left"))
    proceed(ctx)


def finish_activation(ctx: Context[SunshardState], model_id: ModelId) -> None:
    """End an activation: the Remnant vigil first (L776), then the end and whoever selects next."""
    model = world_of(ctx).model(model_id)
    if model.on_table and not model.downed and offer_fortunes(ctx, model.side, "activation-end", model.id):
        return
    _end_now(ctx, model_id)


def _end_now(ctx: Context[SunshardState], model_id: ModelId) -> None:
    apply_end(ctx, model_id)
    proceed(ctx)


def settle(ctx: Context[SunshardState]) -> None:
    """After an action: an activation whose model is gone, Downed, or out of AP with no 0-AP special action left to
    take (a Charge, Recon's Interact) ends (L383)."""
    activation = ctx.state.activation
    if activation is None or ctx.state.pending or ctx.state.attack is not None:
        return
    if not can_still_act(ctx, activation.model) or (activation.ap == 0 and not activation.moved_into
                                                    and not _may_interact(world_of(ctx), activation.side)):
        finish_activation(ctx, activation.model)


def _may_interact(world: World, side: SideId) -> bool:
    """Whether the activating model may still take Recon's Interact, a 0-AP special action (L383, L1181)."""
    activation = world.state.activation
    assert activation is not None
    try:
        check_quest_action(world, side, {"action": "interact", "model": activation.model})
    except (InvalidCommand, IllegalCommand):
        return False
    return True
