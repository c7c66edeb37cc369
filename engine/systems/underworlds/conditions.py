"""Evaluate the card vocabulary's conditions over a ``Battle``, for one player, saying why in plain words.

Every side in a condition is relative to ``Context.side`` (the card's owner): friendly is theirs, enemy any
other player's. Objectives score when their condition holds (Underworlds core rulebook, L269, L703, L707); an
Inspire condition flips a fighter (L45, L863). History ("this phase", "the action phase just played", "two
action phases in a row") comes from the battle's ``phase`` record and ``held_at_phase_ends``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.systems.underworlds.battle import Battle, FighterState, ObjectiveToken
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.vocabulary import (
    AllOf,
    AnyOf,
    Condition,
    FighterPlace,
    FightersCondition,
    HeldThroughCondition,
    MovedAwayCondition,
    Not,
    ObjectivesCondition,
    RolledCondition,
    Side,
    TakenOutCondition,
    WarbandsCondition,
)

__all__ = ["Context", "Verdict", "evaluate"]


@dataclass(frozen=True, slots=True)
class Context:
    """Whose card it is, and for Inspire conditions the fighter and the rolls it just made as attacker or target."""

    side: str
    fighter: str | None = None
    attack_roll: tuple[str, ...] = ()
    defence_roll: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    met: bool
    working: tuple[str, ...]


def _of(side: str, relation: Side | str, owner: str) -> bool:
    """Tell whether a fighter or token of ``side`` is ``relation`` to ``owner``."""
    if relation == "friendly":
        return side == owner
    if relation == "enemy":
        return side != owner
    return True


def _place(battle: Battle, fighter: FighterState, place: FighterPlace, owner: str) -> bool:
    here = fighter.hex
    if here is None:
        return False
    if place == "in_friendly_territory":
        return battle.territory_of(here) == owner
    if place == "in_enemy_territory":
        return battle.territory_of(here) not in (None, owner)
    if place == "in_no_ones_territory":
        return battle.territory_of(here) is None
    if place == "holding_objective":
        return any(token.hex == here for token in battle.objectives)
    if place == "inspired":
        return fighter.inspired
    if place == "on_guard":
        return fighter.guard
    wanted = "friendly" if place == "adjacent_to_friendly" else "enemy"
    return any(_of(n.side, wanted, owner) for n in battle.neighbours_of(fighter.id) if n.id != fighter.id)


def _did(battle: Battle, fighter: FighterState, deed: str) -> bool:
    record = battle.phase
    return fighter.id in {"moved": record.moved, "charged": record.charged,
                          "attacked_successfully": record.attacked_successfully,
                          "took_damage": record.took_damage}[deed]


def _names(fighters: list[FighterState]) -> str:
    return f" ({', '.join(f.id for f in fighters)})" if fighters else ""


def _fighters(c: FightersCondition, battle: Battle, ctx: Context) -> Verdict:
    chosen = [f for f in battle.fighters
              if _of(f.side, c.side, ctx.side)
              and (c.state == "any" or f.on_battlefield == (c.state == "on_battlefield"))
              and (c.leader is None or f.leader == c.leader)
              and all(_place(battle, f, p, ctx.side) for p in c.where)
              and not any(_place(battle, f, p, ctx.side) for p in c.where_not)
              and all(_did(battle, f, d) for d in c.did)]
    what = " ".join(filter(None, [c.side if c.side != "any" else "", "leader" if c.leader else "",
                                  "fighters", c.state.replace("_", " ") if c.state != "any" else ""]))
    details = [*(p.replace("_", " ") for p in c.where), *(f"not {p.replace('_', ' ')}" for p in c.where_not),
               *(f"{d.replace('_', ' ')} this phase" for d in c.did)]
    text = f"{len(chosen)} {what}" + (f", {', '.join(details)}" if details else "") + _names(chosen)
    return _compared(c.holds(len(chosen)), text, c.bound_text())


def _compared(met: bool, found: str, bound: str) -> Verdict:
    return Verdict(met, (f"{found}: needs {bound}, so {'met' if met else 'not met'}",))


def _held(token: ObjectiveToken, battle: Battle, held_by: str, owner: str) -> bool:
    holder = battle.holder(token)
    if held_by == "any":
        return True
    if held_by == "nobody":
        return holder is None
    if held_by == "anyone":
        return holder is not None
    if held_by == "not_friendly":
        return holder is None or holder.side != owner
    return holder is not None and _of(holder.side, held_by, owner)


def _in_region(region: str | None, where: str, owner: str) -> bool:
    if where == "friendly_territory":
        return region == owner
    if where == "enemy_territory":
        return region not in (None, owner)
    if where == "no_ones_territory":
        return region is None
    return True


def _objectives(c: ObjectivesCondition, battle: Battle, ctx: Context) -> Verdict:
    tokens = [t for t in battle.objectives
              if _in_region(battle.territory_of(t.hex), c.where, ctx.side)
              and (c.number is None or t.number == c.number) and _held(t, battle, c.held_by, ctx.side)]
    what = f"objective token{'' if c.number is None else f' {c.number}'}"
    where = "" if c.where == "anywhere" else f" in {c.where.replace('_', ' ')}"
    held = {"any": "", "nobody": " held by nobody", "anyone": " held by anyone", "not_friendly": " not held by you",
            "friendly": " held by you", "enemy": " held by an enemy"}[c.held_by]
    numbers = f" ({', '.join(str(t.number) if t.number else 'the Artefact' for t in tokens)})" if tokens else ""
    return _compared(c.holds(len(tokens)), f"{len(tokens)} {what}s{where}{held}{numbers}", c.bound_text())


def _taken_out(c: TakenOutCondition, battle: Battle, ctx: Context) -> Verdict:
    found = []
    for take in battle.phase.taken_out:
        victim = battle.fighter(take.victim)
        by_ok = c.by == "any" or (take.by is not None and _of(take.by, c.by, ctx.side))
        using_ok = c.using == "any" or take.using == c.using or (c.using == "attack" and take.using == "charge")
        if (by_ok and using_ok and _of(victim.side, c.victims, ctx.side)
                and (c.leader is None or victim.leader == c.leader)):
            found.append(victim)
    text = (f"{len(found)} {c.victims if c.victims != 'any' else ''} {'leaders' if c.leader else 'fighters'} taken "
            f"out of action this phase by {'your' if c.by == 'friendly' else c.by} warband"
            + (f" with a {c.using}" if c.using != "any" else "") + _names(found)).replace("  ", " ")
    return _compared(c.holds(len(found)), text, c.bound_text())


def _warbands(c: WarbandsCondition, battle: Battle, ctx: Context) -> Verdict:
    sides = [s for s in battle.sides if _of(s, c.side, ctx.side)]
    tests: dict[str, Callable[[str], bool]] = {
        "lost_a_fighter": lambda s: any(f.side == s and not f.on_battlefield for f in battle.fighters),
        "wiped_out": lambda s: not any(f.side == s and f.on_battlefield for f in battle.fighters),
        "have_fighters": lambda s: any(f.side == s and f.on_battlefield for f in battle.fighters),
    }
    meeting = [s for s in sides if tests[c.that](s)]
    text = f"{len(meeting)} of {len(sides)} warbands {c.that.replace('_', ' ')}" + (
        f" ({', '.join(meeting)})" if meeting else "")
    if c.every:
        met = len(meeting) == len(sides)
        return Verdict(met, (f"{text}: needs every one, so {'met' if met else 'not met'}",))
    return _compared(c.holds(len(meeting)), text, c.bound_text())


def _moved_away(c: MovedAwayCondition, battle: Battle, ctx: Context) -> Verdict:
    for move in battle.phase.moves:
        mover = battle.fighter(move.fighter)
        if not _of(mover.side, c.mover, ctx.side):
            continue
        before = [n for n in move.neighbours_before if _of(battle.fighter(n).side, c.away_from, ctx.side)]
        after = [n for n in move.neighbours_after if _of(battle.fighter(n).side, c.away_from, ctx.side)]
        if before and not after:
            return Verdict(True, (f"{mover.id} began a move next to {', '.join(sorted(before))} and ended it next to "
                                  "none of them: met",))
    return Verdict(False, ("no move this phase began next to such a fighter and ended next to none: not met",))


def _token(number: int) -> str:
    """An objective token as the working names it; number 0 is the Katophrane Artefact, an objective token for
    every rule (L741)."""
    return f"objective token {number}" if number else "the Katophrane Artefact"


def _held_through(c: HeldThroughCondition, battle: Battle, ctx: Context) -> Verdict:
    ends = battle.held_at_phase_ends[-c.phases:]
    if len(ends) < c.phases:
        return Verdict(False, (f"only {len(ends)} action phases have ended; needs {c.phases}: not met",))
    common = set.intersection(*(set(end) for end in ends))
    mine = sorted((number, fighter) for number, fighter in common if _of(battle.fighter(fighter).side, c.side,
                                                                           ctx.side))
    if mine:
        number, fighter = mine[0]
        return Verdict(True, (f"{fighter} held {_token(number)} at the end of the last {c.phases} action phases: "
                              "met",))
    return Verdict(False, (f"no fighter held the same token at the end of the last {c.phases} action phases: "
                           "not met",))


def _rolled(c: RolledCondition, ctx: Context) -> Verdict:
    roll = ctx.defence_roll if c.dice == "defence" else ctx.attack_roll
    shown = sorted({face for face in roll if face in c.faces})
    met = bool(shown)
    return Verdict(met, (f"the {c.dice} roll shows {', '.join(roll) or 'nothing'}; needs one of "
                         f"{', '.join(c.faces)}, so {'met' if met else 'not met'}",))


def evaluate(condition: Condition, battle: Battle, ctx: Context) -> Verdict:
    """Tell whether ``condition`` holds for ``ctx.side`` now, with the working (one line per part)."""
    if isinstance(condition, FightersCondition):
        return _fighters(condition, battle, ctx)
    if isinstance(condition, ObjectivesCondition):
        return _objectives(condition, battle, ctx)
    if isinstance(condition, TakenOutCondition):
        return _taken_out(condition, battle, ctx)
    if isinstance(condition, WarbandsCondition):
        return _warbands(condition, battle, ctx)
    if isinstance(condition, MovedAwayCondition):
        return _moved_away(condition, battle, ctx)
    if isinstance(condition, HeldThroughCondition):
        return _held_through(condition, battle, ctx)
    if isinstance(condition, RolledCondition):
        return _rolled(condition, ctx)
    if isinstance(condition, Not):
        inner = evaluate(condition.condition, battle, ctx)
        return Verdict(not inner.met, (*inner.working, f"negated: {'not met' if inner.met else 'met'}"))
    parts = [evaluate(part, battle, ctx) for part in condition.conditions]
    met = all(p.met for p in parts) if isinstance(condition, AllOf) else any(p.met for p in parts)
    joined = "all" if isinstance(condition, AllOf) else "any"
    assert isinstance(condition, AllOf | AnyOf)
    return Verdict(met, (*(line for p in parts for line in p.working),
                         f"{joined} of {len(parts)} parts needed: {'met' if met else 'not met'} ({RULE}, L269)"))
