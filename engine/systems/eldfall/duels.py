"""Duels (Eldfall core rules v1.5, L1554-1585): a challenge the opponent accepts with one of its models or refuses;
the duellists' AP go back to their STA; while it lasts only they activate and react (ruling duel-turns); it ends
when one falls, 6 VP to the winner or 3 each if both fall in the same sequence, and the game ends with it. A side
whose model outside the duel interferes (a Protector stepping in) loses it (L1575)."""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, ModelId, Option
from engine.systems.eldfall.duel_rules import INTERFERED, duel_result
from engine.systems.eldfall.events import ApChanged, AttackResolved, DuelChanged
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.scoring_end import score
from engine.systems.eldfall.state import EldfallState

__all__ = ["DUEL_KIND", "answer_challenge", "challenge", "duel_over"]

Ctx = Context[EldfallState]
DUEL_KIND = "duel"


def challenge(ctx: Ctx, kit: Kit, challenger: Fighter) -> None:
    """Ask the opponent to accept (choosing its duellist) or refuse (L1572)."""
    state = ctx.state
    opponent = next(s for s in state.players() if s != challenger.side)
    world = kit.world(state)
    options = [Option(key="refuse", label="Refuse the duel")]
    options += [Option(key=f.id, label=f"Accept with {f.id} {f.name}") for f in world.fighters(opponent, standing=True)
                if f.figure.original]
    ctx.open_decision(Decision(
        id=ctx.next_decision_id(), owner=opponent, kind=DUEL_KIND, optional=False,
        prompt=f"{challenger.id} {challenger.name} issues a Duel: accept with one of your models, or refuse (L1572).",
        parts=(DecisionPart(key="answer", prompt="Your answer", options=tuple(options), default="refuse"),),
        context={"challenger": challenger.id}))


def answer_challenge(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    challenger = ModelId(str(decision.context["challenger"]))
    answer = answers["answer"]
    if answer == "refuse":
        ctx.emit(AttackResolved(summary=f"Side {decision.owner} refuses {challenger}'s duel."))
        return
    chosen = ModelId(answer)
    world = kit.world(ctx.state)
    ctx.emit(DuelChanged(duel=(challenger, chosen)))
    ctx.emit(ApChanged(ap={m: world.fighter(m).card["STA"] for m in (challenger, chosen) if m in ctx.state.models},
                       why="the duellists' AP are reset to their STA, L1574"))


def duel_over(ctx: Ctx, kit: Kit) -> str | None:
    """Score a finished duel and say why the game ends, or None while it goes on (L1577-1581)."""
    state = ctx.state
    if state.duel is None:
        return None
    a, b = state.duel
    down = {m: m not in state.models or bool(set(state.models[m].tokens) & {"incapacitated", "dead"})
            for m in (a, b)}
    interfered = {m: state.record(state.figures[m].side).facts.get(INTERFERED, 0) > 0 for m in (a, b)}
    if any(interfered.values()):  # the side that interfered lost the duel then, whoever fell after (L1575)
        down = interfered
    if not any(down.values()):
        return None
    side_a, side_b = state.figures[a].side, state.figures[b].side
    result = duel_result(side_a, down[a], side_b, down[b])
    for side, vp in result.vp.items():
        score(ctx, state.figures[a].side if side == side_a else state.figures[b].side, "duel", vp,
              "the duel " + ("is a draw (L1581)" if result.winner is None else "is won (L1580)"))
    ctx.emit(DuelChanged(duel=None))
    return "the duel is over, and the game with it (L1577)"
