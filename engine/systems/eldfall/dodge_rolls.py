"""The Resolution step's Dodge rolls (Eldfall core rules v1.5, L1378-1410): one AG roll against each attacker, the
unseen mover halving it (L1385), Mindgame making it INT (not for a Construct or an Elemental, L2031, L2057), an
Immobilized model rolling to break free (L1748, L1390)."""

from __future__ import annotations

from engine.checks import Modifier, Target
from engine.systems.eldfall.checks import against, roll_d20s
from engine.systems.eldfall.dodge import dodge
from engine.systems.eldfall.effects import unaffected_by
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.rerolls import spend_luck
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.rolls import attribute_roll, check_rules
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.state import Reaction

__all__ = ["roll_dodges"]


def roll_dodges(seq: Resolving, reactions: list[Reaction]) -> None:
    """One AG roll against each attacker; a success avoids that attacker's non-critical Hits (L1378-1410)."""
    world, active = seq.world, seq.active
    dodgers: list[tuple[Fighter, bool]] = [(world.fighter(r.model), r.unseen) for r in reactions
                                           if r.kind == "dodge"]
    if seq.action.kind == "dodge":
        dodgers.append((active, False))
    for dodger, unseen in dodgers:
        attackers = sorted({entry.plan.attacker for entry in seq.landed if entry.defender == dodger.id})
        if not attackers and dodger.is_("immobilized"):
            _breaking_free(seq, dodger, unseen)
            continue
        if not attackers:
            seq.dodged.setdefault(dodger.id, True)
            continue
        for attacker in attackers:
            mine = [h for entry in seq.landed if entry.defender == dodger.id and entry.plan.attacker == attacker
                    for h in entry.hits]
            mindgame = unaffected_by(dodger, "mindgame") is None and any(
                entry.plan.means.has("Mindgame") for entry in seq.landed
                if entry.defender == dodger.id and entry.plan.attacker == attacker)
            goal = _dodge_target(dodger, unseen, mindgame)
            what = f"{dodger.id}'s Dodge against {attacker}"
            faces = roll_d20s(seq.ctx, 1, what, dodger.side, against(goal, what, check_rules(rulings=dodger.rulings)))
            if "luck" in seq.extras.get(dodger.id, ()):
                spend_luck(seq, dodger, faces, goal)
            face = faces[0]
            result = dodge(dodger.id, attacker, goal, face, mine, rulings=dodger.rulings)
            seq.dodged[dodger.id] = seq.dodged.get(dodger.id, True) and result.success
            seq.line(f"{dodger.id} dodges {attacker}: {'success' if result.success else 'failure'}"
                     f"{', ' + str(len(result.avoided)) + ' avoided' if result.avoided else ''}.", result.working)
            if result.success:
                avoided = set(result.avoided)
                for entry in seq.landed:
                    if entry.defender == dodger.id and entry.plan.attacker == attacker:
                        entry.hits = [h for h in entry.hits if h not in avoided]


def _breaking_free(seq: Resolving, dodger: Fighter, unseen: bool) -> None:
    """An Immobilized model's Dodge with no attack to avoid still rolls (AG or T): only a success ends the state
    and lets it move (L1748, L1390)."""
    goal = _dodge_target(dodger, unseen, False)
    what = f"{dodger.id}'s Dodge to break free of Immobilized"
    (face,) = roll_d20s(seq.ctx, 1, what, dodger.side, against(goal, what, check_rules(rulings=dodger.rulings)))
    roll = attribute_roll(goal, face, rulings=dodger.rulings)
    seq.dodged[dodger.id] = seq.dodged.get(dodger.id, True) and roll.passed
    seq.line(f"{dodger.id} dodges to break free: {'success' if roll.passed else 'failure'} (L1748).", roll.working)


def _dodge_target(dodger: Fighter, unseen: bool, mindgame: bool) -> Target:
    attribute: Attribute = "INT" if mindgame else "AG"
    mods: list[Modifier] = []
    if unseen and not dodger.has("Acute Senses") and attribute == "AG":
        mods.append(Modifier.halve("it never saw the active model move", "L1385"))
    goal = dodger.attribute(attribute, mods)
    if dodger.is_("immobilized") and not mindgame:
        toughness = dodger.attribute("T", mods)
        if toughness.value > goal.value:
            return toughness
    return goal
