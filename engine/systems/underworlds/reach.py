"""What a fighter can reach now: the hexes its Move (or a Charge's move) may end in, the enemies each of its Attack
actions may target from where it stands or from another hex, and the Charges it could make (Underworlds core
rulebook, L403, L423, L491, L509, L569).

These are the predicates the menus, the rule checks and the bot share: a menu lists what they find, a check refuses
what they do not, the bot picks among them. On a reading referee each answer is worked out once (``Referee.kept``),
so a menu that considers every fighter, hex and attack reads the battle once.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import SideId
from engine.hex import Hex
from engine.hex import destinations as hex_destinations
from engine.systems.underworlds.attack import target_problem
from engine.systems.underworlds.game_state import FighterRecord
from engine.systems.underworlds.harm import lingering_modifiers, stats_of
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.schema import AttackProfile
from engine.systems.underworlds.stats import Situation

__all__ = ["Shot", "attacks", "can_act", "charges", "destinations", "movable", "steps_to_ends", "target_problem_at"]

Shot = tuple[str, AttackProfile, str]
"""One Attack action a fighter could make: where it comes from (``fighter`` or an upgrade), its profile, the target."""


def can_act(fighter: FighterRecord) -> bool:
    """On the battlefield and not spent for this phase (L397, L569)."""
    return fighter.hex is not None and not fighter.exhausted


def destinations(ref: Referee, fighter: FighterRecord, *, charging: bool = False,
                 taking: SideId | None = None) -> list[str]:
    """Where the fighter's Move (or a Charge's move) may end, nearest first (L403): never after a Move or Charge
    this phase (L399), nor a Charge under a ploy that forbids one; ``taking``: the side whose activation it is,
    whose "next activation" ploys count."""
    return list(steps_to_ends(ref, fighter, charging=charging, taking=taking))


def steps_to_ends(ref: Referee, fighter: FighterRecord, *, charging: bool = False,
                  taking: SideId | None = None) -> dict[str, int]:
    """``destinations`` with the hexes' steps from the fighter by the shortest route it may take, nearest first."""
    return ref.kept(("destinations", fighter.id, charging, taking),
                    lambda: _destinations(ref, fighter, charging, taking))


def movable(ref: Referee, fighter: FighterRecord, taking: SideId | None = None) -> bool:
    """Whether the fighter's Move may end anywhere (``destinations`` is not empty), found with the fewest steps that
    can tell: one, or two where it may pass through other fighters."""
    return ref.kept(("movable", fighter.id, taking), lambda: bool(_reach(ref, fighter, False, taking, cap=2)))


def _destinations(ref: Referee, fighter: FighterRecord, charging: bool, taking: SideId | None) -> dict[str, int]:
    board = ref.lib.board(ref.state)
    found = _reach(ref, fighter, charging, taking)
    return {hex_id: cost for cost, hex_id in sorted((cost, board.id_of(h)) for h, cost in found.items())}


def _reach(ref: Referee, fighter: FighterRecord, charging: bool, taking: SideId | None,
           cap: int | None = None) -> dict[Hex, int]:
    """The hexes the fighter's Move (or a Charge's) may end in, with the steps to each, at most ``cap`` steps."""
    state = ref.state
    if fighter.hex is None or fighter.moved or fighter.charged:
        return {}
    extra = [effect.modifier for _, _, effect in lingering_modifiers(ref, ("first_move",), fighter, taking=taking)]
    if charging and any(m.cannot_charge for m in extra):
        return {}
    board = ref.lib.board(state)
    stats = stats_of(ref.lib, state, fighter, Situation(charging=charging), extra)
    others = frozenset(board.hex_of(f.hex) for f in state.fighters.values() if f.hex and f.id != fighter.id)
    through = others if stats.move_through_fighters else frozenset()
    steps = stats.move if cap is None else min(stats.move, cap)
    return hex_destinations(board, board.hex_of(fighter.hex), steps, occupied=others, pass_through=through)


def target_problem_at(ref: Referee, attacker: FighterRecord, profile: AttackProfile, target: FighterRecord,
                      at: str | None = None) -> str | None:
    """Why ``target`` is not a legal target of this attack (with the rule), the attacker standing where it is or,
    for a Charge, on hex ``at``; ``None`` when it is one (L423, L491, L509). Other fighters stand where they are:
    the attacker never blocks its own sight or range."""
    battle = ref.battle()
    me = battle.fighter(attacker.id)
    if at is not None:
        me = replace(me, hex=battle.board.hex_of(at))
    return target_problem(battle, me, battle.fighter(target.id), profile.range, ref.rules)


def attacks(ref: Referee, fighter: FighterRecord, at: str | None = None) -> list[Shot]:
    """Every Attack action the fighter could make now against an enemy, from where it stands (or from ``at``)."""
    return ref.kept(("attacks", fighter.id, at), lambda: _attacks(ref, fighter, at))


def _attacks(ref: Referee, fighter: FighterRecord, at: str | None) -> list[Shot]:
    state = ref.state
    if fighter.hex is None:
        return []
    board = ref.lib.board(state)
    here = board.hex_of(at or fighter.hex)
    enemies = [f for f in state.fighters.values() if f.side != fighter.side and f.hex]
    found: list[Shot] = []
    for source, profile in ref.lib.attacks(state, fighter):
        for enemy in enemies:  # straight distance never exceeds a walked one: the cheap test first
            if here.distance(board.hex_of(str(enemy.hex))) <= profile.range and \
                    target_problem_at(ref, fighter, profile, enemy, at) is None:
                found.append((source, profile, enemy.id))
    return found


def charges(ref: Referee, fighter: FighterRecord, taking: SideId | None = None) -> list[tuple[str, str]]:
    """Every (end hex, target) a Charge could have: a move that ends with an enemy in range and sight of one of
    the fighter's Attack actions (L569)."""
    return ref.kept(("charges", fighter.id, taking), lambda: _charges(ref, fighter, taking))


def _charges(ref: Referee, fighter: FighterRecord, taking: SideId | None) -> list[tuple[str, str]]:
    state = ref.state
    ends = destinations(ref, fighter, charging=True, taking=taking)
    profiles = ref.lib.attacks(state, fighter)
    if not ends or not profiles:
        return []
    board = ref.lib.board(state)
    longest = max(p.range for _, p in profiles)
    enemies = [board.hex_of(f.hex) for f in state.fighters.values() if f.side != fighter.side and f.hex]
    found: dict[tuple[str, str], None] = {}
    for end in ends:
        there = board.hex_of(end)
        if not any(there.distance(e) <= longest for e in enemies):
            continue
        found.update(dict.fromkeys((end, target) for _, _, target in attacks(ref, fighter, end)))
    return list(found)
