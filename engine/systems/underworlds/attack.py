"""One Attack action against one target, from fighter ids and dice faces to a result with every die and why.

The sequence (Underworlds core rulebook, L509-L573): the target must be an enemy within Range and, beyond Range 1,
in line of sight; support is counted from adjacent friends on each side; each die is a success or not
(criticals always; the Dice or Defence symbol; support faces by net support; Guard and Cleave); criticals are
compared first, then totals; a tie may drive the target back, and a trapped target takes the hit instead;
damage, out of action, glory, drive-back hexes and Knockback follow. Dice are rolled by the caller (through the
game's roller) and passed in as faces, so the same faces always give the same result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.core.errors import IllegalCommand, InvalidCommand
from engine.dice.faces import WHU_ATTACK, WHU_DEFENCE
from engine.hex import away_hexes, drive_back_hexes, line_of_sight, reachable, straight_on
from engine.systems.underworlds.rules import RULE, Rules
from engine.systems.underworlds.state import Battle, FighterState
from engine.systems.underworlds.stats import EffectiveAttack
from engine.systems.underworlds.vocabulary import DefenceSymbol

__all__ = ["ATTACK_FACES", "DEFENCE_FACES", "AttackResult", "Defence", "DieResult", "Outcome", "resolve_attack",
           "support", "target_problem"]

ATTACK_FACES = frozenset(face.label for face in WHU_ATTACK.faces)
DEFENCE_FACES = frozenset(face.label for face in WHU_DEFENCE.faces)
_VERB = "attack"


class Outcome(Enum):
    FAIL = "fail"
    FAIL_DRIVE_BACK = "fail, drive back"
    SUCCESS = "success"


@dataclass(frozen=True, slots=True)
class Defence:
    """The target's side of the roll: Defence dice and symbol, Guard, and rules that change what it suffers."""

    dice: int
    symbol: DefenceSymbol
    wounds: int
    guard: bool = False
    damage_taken_becomes: int | None = None
    cannot_be_driven_back: bool = False


@dataclass(frozen=True, slots=True)
class DieResult:
    face: str
    success: bool
    why: str


@dataclass(frozen=True, slots=True)
class AttackResult:
    """Everything the attack decided. Hexes are ids players type; ``working`` says why, citing the rules."""

    attacker: str
    target: str
    attack: str
    attack_dice: tuple[DieResult, ...]
    defence_dice: tuple[DieResult, ...]
    attack_total: int
    defence_total: int
    attack_crits: int
    defence_crits: int
    attacker_support: int
    target_support: int
    outcome: Outcome
    critical_hit: bool
    trapped: bool
    damage: int
    wounds_after: int
    out_of_action: bool
    glory: tuple[tuple[str, int], ...]
    drive_back: tuple[str, ...]
    knockback: tuple[tuple[str, tuple[str, ...]], ...]
    """For each drive-back hex, the further hexes Knockback may push the target on to, in order."""
    working: tuple[str, ...]

    @property
    def succeeded(self) -> bool:
        return self.outcome is Outcome.SUCCESS


def support(battle: Battle, attacker: FighterState, target: FighterState) -> tuple[int, int]:
    """Return (attacker's support, target's support): friends next to the target, and friends next to the
    attacker; fighters of uninvolved warbands count for nobody (L521, L811)."""
    assert attacker.hex is not None and target.hex is not None
    for_attacker = sum(1 for f in battle.standing() if f.side == attacker.side and f.id != attacker.id
                       and f.hex is not None and f.hex.distance(target.hex) == 1)
    for_target = sum(1 for f in battle.standing() if f.side == target.side and f.id != target.id
                     and f.hex is not None and f.hex.distance(attacker.hex) == 1)
    return for_attacker, for_target


def target_problem(battle: Battle, attacker: FighterState, target: FighterState, attack_range: int,
                   rules: Rules) -> str | None:
    """Return why ``target`` is not a legal target of this attack (with the rule), or None if it is."""
    if attacker.hex is None:
        return f"{attacker.id} is not on the battlefield"
    if target.hex is None:
        return f"{target.id} is not on the battlefield"
    if target.side == attacker.side:
        return f"{target.id} is a friendly fighter; only enemies may be targeted ({RULE}, L509)"
    if rules.range_measure == "walking":
        walk = reachable(battle.board, attacker.hex, attack_range, occupied=battle.occupied(but=attacker.id)
                         - {target.hex})
        distance = walk.get(target.hex, attack_range + 1)
    else:
        distance = attacker.hex.distance(target.hex)
    if distance > attack_range:
        what = "adjacent" if attack_range == 1 else f"within {attack_range} hexes"
        return f"{target.id} is {distance} hexes away; this attack reaches only fighters {what} ({RULE}, L423)"
    sight = line_of_sight(battle.board, attacker.hex, target.hex, rules.sight)
    if not sight.clear:
        blockers = ", ".join(battle.board.id_of(h) for h in sight.blockers)
        return f"{attacker.id} has no line of sight to {target.id}: blocked by {blockers} ({RULE}, L491)"
    return None


def _check_faces(faces: Sequence[str], allowed: frozenset[str], count: int, what: str) -> None:
    unknown = [f for f in faces if f not in allowed]
    if unknown:
        raise InvalidCommand(f"{what} roll shows {', '.join(map(repr, unknown))}, which no {what} die has "
                             f"(faces: {', '.join(sorted(allowed))})", verb=_VERB)
    if len(faces) != count:
        raise InvalidCommand(f"{what} roll has {len(faces)} dice; this attack rolls {count}", verb=_VERB)


def _successes(n: int) -> str:
    return f"{n} success{'' if n == 1 else 'es'}"


def _support_counts(face: str, net: int, rules: Rules) -> bool:
    if face == "support":
        return net >= 1 if rules.support_thresholds == "single-then-both" else net == 1
    if face == "double support":
        return net >= 2
    return False


def _attack_die(face: str, attack: EffectiveAttack, net: int, rules: Rules) -> DieResult:
    if face == "crit":
        return DieResult(face, True, "critical (L453)")
    if face == attack.symbol:
        return DieResult(face, True, "the attack's symbol (L453)")
    if face in attack.also_success:
        return DieResult(face, True, "counts by a modifier")
    if _support_counts(face, net, rules):
        return DieResult(face, True, f"support {net:+d} (L529)")
    return DieResult(face, False, "not a success")


def _defence_die(face: str, defence: Defence, cleave: bool, net: int, rules: Rules) -> DieResult:
    if face == "crit":
        return DieResult(face, True, "critical (L509)")
    symbols = {defence.symbol}
    if defence.guard:
        symbols |= {"block", "dodge"} if rules.guard_counts == "block-and-dodge" else {"block"}
    if cleave and face in symbols and face == ("block" if rules.cleave_removes == "block" else defence.symbol):
        return DieResult(face, False, "Cleave (L573)")
    if face in symbols:
        return DieResult(face, True, "Guard (L573)" if face != defence.symbol else "the Defence symbol (L509)")
    if _support_counts(face, -net, rules):
        return DieResult(face, True, f"support {-net:+d} (L529)")
    return DieResult(face, False, "not a success")


def resolve_attack(battle: Battle, attacker_id: str, target_id: str, attack: EffectiveAttack, defence: Defence,
                   attack_roll: Sequence[str], defence_roll: Sequence[str], *,
                   rules: Rules, counted: tuple[int, int] | None = None) -> AttackResult:
    """Resolve one Attack action against one target from the faces rolled.

    :raises IllegalCommand: if the target is not a legal target (friendly, out of Range, no line of sight).
    :raises InvalidCommand: for faces no die has, or a roll with the wrong number of dice.
    """
    attacker, target = battle.fighter(attacker_id), battle.fighter(target_id)
    problem = target_problem(battle, attacker, target, attack.range, rules)
    if problem is not None:
        raise IllegalCommand(problem, verb=_VERB)
    _check_faces(attack_roll, ATTACK_FACES, attack.dice, "attack")
    _check_faces(defence_roll, DEFENCE_FACES, defence.dice, "defence")
    assert attacker.hex is not None and target.hex is not None
    board = battle.board
    working = [f"{attacker.id} attacks {target.id} with {attack.name} ({attack.dice} {attack.symbol}, "
               f"damage {attack.damage}) from {board.id_of(attacker.hex)} to {board.id_of(target.hex)}"]

    ours, theirs = counted or support(battle, attacker, target)
    if attack.no_enemy_support_for_target:
        theirs = 0
    net = ours - theirs
    when = ", counted when the targets were chosen (ruling support-timing)" if counted else ""
    working.append(f"Support: {ours} for the attacker, {theirs} for the target, net {net:+d}{when} ({RULE}, L521, "
                   "L529)")

    cleave = attack.cleave or (attack.cleave_if_critical_rolled and "crit" in attack_roll)
    attack_dice = tuple(_attack_die(face, attack, net, rules) for face in attack_roll)
    defence_dice = tuple(_defence_die(face, defence, cleave, net, rules) for face in defence_roll)
    a_total, d_total = sum(d.success for d in attack_dice), sum(d.success for d in defence_dice)
    a_crits, d_crits = list(attack_roll).count("crit"), list(defence_roll).count("crit")
    working.append("Attack dice: " + ", ".join(f"{d.face} {'+' if d.success else '-'}" for d in attack_dice)
                   + f" = {_successes(a_total)}, {a_crits} critical ({RULE}, L453, L509)")
    working.append("Defence dice: " + ", ".join(f"{d.face} {'+' if d.success else '-'}" for d in defence_dice)
                   + f" = {_successes(d_total)}, {d_crits} critical" + (", on Guard" if defence.guard else "")
                   + (", against Cleave" if cleave else "") + f" ({RULE}, L509, L573)")

    can_drive = not defence.cannot_be_driven_back
    away = away_hexes(target.hex, attacker.hex)
    free = drive_back_hexes(board, target.hex, attacker.hex, occupied=battle.occupied(but=target.id))
    edge = any(h not in board for h in away)
    trapped_possible = can_drive and not free and not (edge and rules.trapped_off_board == "not-trapped")
    trapped = False
    if a_crits > d_crits:
        outcome = Outcome.SUCCESS
        working.append(f"Criticals {a_crits} against {d_crits}: the attack succeeds whatever the totals ({RULE}, L515)")
    elif d_crits > a_crits:
        outcome, can_drive = Outcome.FAIL, False
        working.append(f"Criticals {a_crits} against {d_crits}: the attack fails and the target cannot be driven "
                       f"back ({RULE}, L515)")
    elif a_total > d_total:
        outcome = Outcome.SUCCESS
        working.append(f"Totals {a_total} against {d_total}: the attack succeeds ({RULE}, L509)")
    elif a_total == d_total and a_total > 0:
        if trapped_possible:
            outcome, trapped = Outcome.SUCCESS, True
            working.append(f"Totals tie at {a_total} and every hex the target could be driven into is blocked, "
                           f"occupied or off the battlefield: trapped, so the attack succeeds ({RULE}, L509)")
        else:
            outcome = Outcome.FAIL_DRIVE_BACK if can_drive else Outcome.FAIL
            working.append(f"Totals tie at {a_total}: the attack fails"
                           + (", but the target can be driven back" if can_drive else "") + f" ({RULE}, L509)")
    else:
        outcome = Outcome.FAIL
        why = "neither rolled a success" if a_total == d_total == 0 else f"totals {a_total} against {d_total}"
        working.append(f"{why.capitalize()}: the attack fails ({RULE}, L509)")

    critical_hit = outcome is Outcome.SUCCESS and a_crits >= 1 and not (trapped and rules.trapped_critical ==
                                                                        "not-critical")
    if critical_hit:
        working.append(f"A critical hit: a critical was rolled and the attack succeeded ({RULE}, L569, L855)")
    damage = 0
    if outcome is Outcome.SUCCESS:
        damage = attack.damage + (attack.critical_damage if critical_hit else 0)
        if defence.damage_taken_becomes is not None:
            damage = defence.damage_taken_becomes
    wounds_after = target.wounds + damage
    out_of_action = damage > 0 and wounds_after >= defence.wounds
    glory: tuple[tuple[str, int], ...] = ()
    if damage:
        working.append(f"{target.id} suffers {damage} damage: {wounds_after} wound tokens against Wounds "
                       f"{defence.wounds} ({RULE}, L509)")
    if out_of_action:
        points = 1 + attack.extra_glory_for_take_out
        glory = ((attacker.side, points),)
        working.append(f"{target.id} is out of action; {attacker.side} gains {points} glory ({RULE}, L559, L809)")

    drive: tuple[str, ...] = ()
    knock: tuple[tuple[str, tuple[str, ...]], ...] = ()
    if can_drive and not out_of_action and outcome is not Outcome.FAIL and not trapped:
        drive = tuple(board.id_of(h) for h in free)
        if drive:
            working.append(f"{attacker.side} may drive {target.id} back into {' or '.join(drive)} ({RULE}, L511)")
        elif outcome is Outcome.SUCCESS:
            working.append(f"{target.id} cannot be pushed anywhere, so it stays and takes no extra damage "
                           f"({RULE}, L509)")
        if outcome is Outcome.SUCCESS and attack.knockback:
            occupied = battle.occupied(but=target.id)
            knock = tuple((board.id_of(h), tuple(board.id_of(k) for k in straight_on(
                board, target.hex, h, attack.knockback, occupied=occupied))) for h in free)
            working.append(f"Knockback {attack.knockback}: further hexes straight on from each ({RULE}, L567)")
    return AttackResult(
        attacker=attacker.id, target=target.id, attack=attack.name, attack_dice=attack_dice,
        defence_dice=defence_dice, attack_total=a_total, defence_total=d_total, attack_crits=a_crits,
        defence_crits=d_crits, attacker_support=ours, target_support=theirs, outcome=outcome,
        critical_hit=critical_hit, trapped=trapped, damage=damage, wounds_after=wounds_after,
        out_of_action=out_of_action, glory=glory, drive_back=drive, knockback=knock, working=tuple(working),
    )
