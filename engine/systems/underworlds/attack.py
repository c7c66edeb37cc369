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
from fractions import Fraction
from functools import lru_cache

from engine.checks import Cited, Contest, Explained, Judged
from engine.core.errors import IllegalCommand, InvalidCommand
from engine.dice import distribution
from engine.dice.faces import WHU_ATTACK, WHU_DEFENCE
from engine.hex import away_hexes, drive_back_hexes, line_of_sight, reachable, straight_on
from engine.systems.underworlds.battle import Battle, FighterState
from engine.systems.underworlds.rules import RULE, Rules
from engine.systems.underworlds.stats import EffectiveAttack
from engine.systems.underworlds.vocabulary import DefenceSymbol

__all__ = ["ATTACK_FACES", "DEFENCE_FACES", "AttackResult", "Defence", "Outcome", "resolve_attack",
           "success_chance", "support", "target_problem"]

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
class AttackResult:
    """Everything the attack decided. Hexes are ids players type; ``working`` says why, citing the rules."""

    attacker: str
    target: str
    attack: str
    attack_dice: tuple[Judged, ...]
    defence_dice: tuple[Judged, ...]
    attack_total: int
    defence_total: int
    attack_crits: int
    defence_crits: int
    attacker_support: int
    target_support: int
    outcome: Outcome
    critical_hit: bool
    trapped: bool
    drivable: bool
    """The target could be driven back (L509, L511), whether or not a hex is free for it: a trapped target could."""
    damage: int
    wounds_after: int
    out_of_action: bool
    glory: tuple[tuple[str, int], ...]
    drive_back: tuple[str, ...]
    knockback: tuple[tuple[str, tuple[str, ...]], ...]
    """For each drive-back hex, the further hexes Knockback may push the target on to, in order."""
    working: tuple[str, ...]
    contest: Contest
    """The dice and the result in one line (``summary``) and step by step, each die with the rule it counts by."""

    @property
    def summary(self) -> str:
        """What the table reads: ``2 successes (hammer x2) against 1 (crit): fails, the defender rolled a
        critical``, with a critical hit or a trapped target said after."""
        extra = " (trapped)" if self.trapped else ""
        return self.contest.short() + extra + ("; a critical hit" if self.critical_hit else "")

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


def _support_counts(face: str, net: int, rules: Rules) -> bool:
    if face == "support":
        return net >= 1 if rules.support_thresholds == "single-then-both" else net == 1
    if face == "double support":
        return net >= 2
    return False


def _cite(*lines: str) -> str:
    return f"{RULE}, {', '.join(lines)}"


def _support_tag(face: str, mine: int, theirs: int) -> str:
    """``support with 1 supporting fighter`` (``against 1`` when the other side has supporters too)."""
    against = f" against {theirs}" if theirs else ""
    return f"{face} with {mine} supporting fighter{'' if mine == 1 else 's'}{against}"


def _attack_die(face: str, attack: EffectiveAttack, support: tuple[int, int], rules: Rules) -> Judged:
    ours, theirs = support
    if face == "crit":
        return Judged(face, True, "success", Cited("a critical always counts", _cite("L453")), "crit")
    if face == attack.symbol:
        return Judged(face, True, "success", Cited("the attack's symbol", _cite("L453")))
    if face in attack.also_success:
        return Judged(face, True, "success", Cited("counts by a modifier of the attack"))
    if _support_counts(face, ours - theirs, rules):
        return Judged(face, True, "success", Cited(f"support {ours - theirs:+d}", _cite("L521", "L529")),
                      _support_tag(face, ours, theirs))
    return Judged(face, False, "no success", Cited("neither the attack's symbol nor support that counts",
                                                   _cite("L453", "L529")))


def _defence_die(face: str, defence: Defence, cleave: bool, support: tuple[int, int], rules: Rules) -> Judged:
    ours, theirs = support
    if face == "crit":
        return Judged(face, True, "success", Cited("a critical always counts", _cite("L509")), "crit")
    symbols = {defence.symbol}
    if defence.guard:
        symbols |= {"block", "dodge"} if rules.guard_counts == "block-and-dodge" else {"block"}
    if cleave and face in symbols and face == ("block" if rules.cleave_removes == "block" else defence.symbol):
        return Judged(face, False, "no success", Cited("Cleave cancels it", _cite("L573")))
    if face in symbols:
        if face != defence.symbol:
            return Judged(face, True, "success", Cited("on Guard", _cite("L573")), f"{face} on Guard")
        return Judged(face, True, "success", Cited("the Defence symbol", _cite("L509")))
    if _support_counts(face, theirs - ours, rules):
        return Judged(face, True, "success", Cited(f"support {theirs - ours:+d}", _cite("L521", "L529")),
                      _support_tag(face, theirs, ours))
    return Judged(face, False, "no success", Cited("neither the Defence symbol nor support that counts",
                                                   _cite("L509", "L529")))


_AFTER = {"the attacker": " (criticals are compared first, whatever the totals)",
          "the defender": " (criticals are compared first; the target cannot be driven back)",
          "a tie, but the target is trapped": " (every hex it could be driven into is blocked, occupied or off the "
                                              "battlefield)"}
_RESULT = {Outcome.SUCCESS: "succeeds", Outcome.FAIL: "fails", Outcome.FAIL_DRIVE_BACK: "fails"}


def _decide(crits: tuple[int, int], totals: tuple[int, int], trapped_possible: bool,
            can_drive: bool) -> tuple[Outcome, Cited]:
    """Criticals first, then totals; a tie drives the target back, or succeeds when it is trapped (L509, L515)."""
    (a_crits, d_crits), (a_total, d_total) = crits, totals
    if a_crits > d_crits:
        who = "the attacker rolled a critical" if d_crits == 0 else "the attacker rolled more criticals"
        return Outcome.SUCCESS, Cited(who, _cite("L515"))
    if d_crits > a_crits:
        who = "the defender rolled a critical" if a_crits == 0 else "the defender rolled more criticals"
        return Outcome.FAIL, Cited(who, _cite("L515"))
    if a_total > d_total:
        return Outcome.SUCCESS, Cited("more successes", _cite("L509"))
    if a_total == d_total and a_total > 0:
        if trapped_possible:
            return Outcome.SUCCESS, Cited("a tie, but the target is trapped", _cite("L509"))
        if can_drive:
            return Outcome.FAIL_DRIVE_BACK, Cited("a tie: the target may be driven back", _cite("L509", "L511"))
        return Outcome.FAIL, Cited("a tie", _cite("L509"))
    if a_total == d_total:
        return Outcome.FAIL, Cited("neither rolled a success", _cite("L509"))
    return Outcome.FAIL, Cited("fewer successes", _cite("L509"))


def _contest(attacker: str, target: str, dice: tuple[tuple[Judged, ...], tuple[Judged, ...]], result: str,
             why: Cited) -> Contest:
    return Contest(Explained(f"{attacker}'s attack dice", dice[0]), Explained(f"{target}'s defence dice", dice[1]),
                   result, why)


def success_chance(attack: EffectiveAttack, defence: Defence, support: tuple[int, int],
                   rules: Rules) -> Fraction:
    """The exact chance the attack succeeds, before a die is rolled (for the odds a player sees when choosing it):
    each die of either pool judged as ``resolve_attack`` judges it, the pools' counts from the dice odds, then
    criticals first and totals after (L509, L515). A tie counts as a failure, though a target with nowhere to be
    driven would be trapped and hit (that depends on the hexes around it, not on the dice)."""
    ours, theirs = support
    if attack.no_enemy_support_for_target:
        theirs = 0

    def defence_odds(cleave: bool) -> dict[int, Fraction]:
        return _pool_odds(False, defence.dice, tuple(
            _defence_die(face.label, defence, cleave, (ours, theirs), rules).counts for face in WHU_DEFENCE.faces))

    plain = defence_odds(attack.cleave)
    cleaved = defence_odds(True) if attack.cleave_if_critical_rolled else plain
    counts = tuple(_attack_die(face.label, attack, (ours, theirs), rules).counts for face in WHU_ATTACK.faces)
    chance = Fraction(0)
    for a, p_a in _pool_odds(True, attack.dice, counts).items():
        a_crits, a_total = divmod(a, 100)
        against = cleaved if attack.cleave_if_critical_rolled and a_crits else plain
        chance += p_a * sum((p_d for d, p_d in against.items()
                             if a_crits > d // 100 or (a_crits == d // 100 and a_total > d % 100)), Fraction(0))
    return chance


@lru_cache(maxsize=512)
def _pool_odds(attacking: bool, dice: int, counts: tuple[bool, ...]) -> dict[int, Fraction]:
    """The odds of a pool of attack or defence dice, each face counting as ``counts`` says (in face order), as
    ``100 * criticals + successes`` (a critical is a success too): a few shapes of pool recur in every game."""
    die = WHU_ATTACK if attacking else WHU_DEFENCE
    value = {face: (100 if face.label == "crit" else 0) + counted for face, counted in zip(die.faces, counts,
                                                                                             strict=True)}
    return distribution([die] * dice, lambda face: value[face])


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
    attack_dice = tuple(_attack_die(face, attack, (ours, theirs), rules) for face in attack_roll)
    defence_dice = tuple(_defence_die(face, defence, cleave, (ours, theirs), rules) for face in defence_roll)
    a_total, d_total = sum(d.counts for d in attack_dice), sum(d.counts for d in defence_dice)
    a_crits, d_crits = list(attack_roll).count("crit"), list(defence_roll).count("crit")
    can_drive = not defence.cannot_be_driven_back
    away = away_hexes(target.hex, attacker.hex)
    free = drive_back_hexes(board, target.hex, attacker.hex, occupied=battle.occupied(but=target.id))
    edge = any(h not in board for h in away)
    trapped_possible = can_drive and not free and not (edge and rules.trapped_off_board == "not-trapped")
    outcome, why = _decide((a_crits, d_crits), (a_total, d_total), trapped_possible, can_drive)
    trapped = outcome is Outcome.SUCCESS and a_crits == d_crits and a_total == d_total
    can_drive = can_drive and d_crits <= a_crits
    contest = _contest(attacker.id, target.id, (attack_dice, defence_dice), _RESULT[outcome], why)
    working += [*contest.first.lines(), *contest.second.lines()]
    working.append(f"Criticals {a_crits} against {d_crits}, successes {a_total} against {d_total}"
                   + (", on Guard" if defence.guard else "") + (", against Cleave" if cleave else "")
                   + f": the attack {_RESULT[outcome]}, {why}" + _AFTER.get(why.text.split(" rolled")[0], ""))

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
    drivable = can_drive and not out_of_action and outcome is not Outcome.FAIL
    if drivable and not trapped:
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
        critical_hit=critical_hit, trapped=trapped, drivable=drivable, damage=damage, wounds_after=wounds_after,
        out_of_action=out_of_action, glory=glory, drive_back=drive, knockback=knock, working=tuple(working),
        contest=contest,
    )
