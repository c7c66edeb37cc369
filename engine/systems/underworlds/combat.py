"""An Attack action through the combat sequence, one stage at a time (Underworlds core rulebook, L509-L573):
the dice, reactions once the dice are known, damage and going out of action, reactions when the target could
be driven back, the attacker's drive-back and Knockback, then the action ends: Inspire, reactions after it,
and objectives scored immediately (ruling ``attack-aftermath-order``).

A stage that needs a player (a reaction window, the drive-back hex) asks and returns; the stage is picked up
again when the answer comes (``flow.advance``).
"""

from __future__ import annotations

from fractions import Fraction

from engine.core import SideId
from engine.systems.underworlds.attack import Defence, resolve_attack, success_chance, support, target_problem
from engine.systems.underworlds.events import AttackMade, FighterMoved, FightersExhausted, LingeringSet, Note
from engine.systems.underworlds.game_state import AttackFrame, CheckpointFrame, FighterRecord
from engine.systems.underworlds.harm import (
    check_inspire,
    deal_damage,
    lethal_check,
    lingering_modifiers,
    stats_of,
    upgrade_modifiers,
)
from engine.systems.underworlds.reacting import Trigger, automatic, offer
from engine.systems.underworlds.referee import Referee, choice, shown_faces
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import AttackProfile
from engine.systems.underworlds.stats import EffectiveAttack, Situation, attack_stats

__all__ = ["DRIVE", "attack_for", "charge_odds", "odds", "problem", "step", "trigger_of"]

DRIVE = "drive-back"


def _situation(ref: Referee, attacker: FighterRecord, charging: bool, optional: bool) -> Situation:
    battle = ref.battle()
    friend = any(n.side == attacker.side for n in battle.neighbours_of(attacker.id))
    return Situation(charging=charging, friend_adjacent=friend, use_optional=optional)


def attack_for(ref: Referee, attacker: FighterRecord, profile: AttackProfile, target: FighterRecord | None, *,
               charging: bool = False, optional: bool = False) -> EffectiveAttack:
    """The Attack action as it is rolled now: its own modifiers, the fighter's upgrades, and the "next
    activation" ploys that apply to it (L527-L557, L605)."""
    lingering = [effect.modifier for _, _, effect in lingering_modifiers(ref, ("first_attack", "every_attack"),
                                                                         attacker, target)]
    situation = _situation(ref, attacker, charging, optional)
    return attack_stats(profile, [*upgrade_modifiers(ref.lib, ref.state, attacker), *lingering], situation)


def problem(ref: Referee, attacker: FighterRecord, profile: AttackProfile, target: FighterRecord) -> str | None:
    """Why ``target`` is not a legal target of this attack now, or ``None``."""
    battle = ref.battle()
    return target_problem(battle, battle.fighter(attacker.id), battle.fighter(target.id), profile.range, ref.rules)


def odds(ref: Referee, attacker: FighterRecord, profile: AttackProfile, target: FighterRecord, *,
         charging: bool = False) -> Fraction:
    """The chance this attack succeeds against ``target`` from where both stand now (``attack.success_chance``), for
    the menu a player picks the target from; ``charging``: as the attack of a Charge (L569) from there."""
    battle = ref.battle()
    effective = attack_for(ref, attacker, profile, target, charging=charging)
    return success_chance(effective, _defence(ref, target, attacker),
                          support(battle, battle.fighter(attacker.id), battle.fighter(target.id)), ref.rules)


def charge_odds(ref: Referee, fighter: FighterRecord, hex_id: str, target: str, attack: str = "") -> Fraction | None:
    """The chance a Charge to ``hex_id`` succeeds against ``target`` (L569): the fighter's attack there (``attack``
    if named, else the first that reaches), rolled as a charge's; None when none reaches from there."""
    there = ref.moved(fighter.id, hex_id)
    charger, enemy = there.state.fighters[fighter.id], there.state.fighters[target]
    for _, profile in ref.lib.attacks(there.state, charger):
        if (not attack or profile.name.casefold() == attack.casefold()) and problem(there, charger, profile,
                                                                                     enemy) is None:
            return odds(there, charger, profile, enemy, charging=True)
    return None


def step(ref: Referee, frame: AttackFrame) -> None:
    """Take the frame's next stage."""
    {"roll": _roll, "during": _during, "damage": _damage, "drive": _drive, "push": _push, "after": _after,
     "reactions": _reactions, "done": _done}[frame.stage](ref, frame)


def _advance(ref: Referee, frame: AttackFrame, stage: str, **changes: object) -> AttackFrame:
    updated = frame.model_copy(update={"stage": stage, **changes})
    ref.replace(updated)
    return updated


def _roll(ref: Referee, frame: AttackFrame) -> None:
    state = ref.state
    attacker, target = state.fighters[frame.attacker], state.fighters[frame.target]
    if attacker.hex is None or target.hex is None:
        ref.emit(Note(text=f"{frame.attacker}'s Attack action against {frame.target} ends unresolved: a fighter "
                           f"has left the battlefield ({RULE}, L701)."))
        ref.pop(frame.id)
        return
    _, profile = ref.lib.attack_named(state, attacker, frame.profile, frame.source)
    why = problem(ref, attacker, profile, target)
    if why is not None:
        # Targets were checked when the action was declared; only a reaction since then (a push of the attacker
        # in the middle of an attack on several targets) can make one unreachable, and then that action ends.
        ref.emit(Note(text=f"{frame.attacker}'s Attack action ends unresolved: {why} ({RULE}, L701)."))
        ref.pop(frame.id)
        return
    effective = attack_for(ref, attacker, profile, target, charging=frame.via == "charge", optional=frame.optional)
    defence = _defence(ref, target, attacker)
    battle = ref.battle()
    adjacent = any(n.id == target.id for n in battle.neighbours_of(attacker.id))
    attack_roll = ref.roll("attack", effective.dice, f"{attacker.id}'s {effective.name} against {target.id}",
                           attacker.side)
    defence_roll = ref.roll("defence", defence.dice, f"{target.id}'s defence", target.side)
    counted = frame.answers.get("support")
    result = resolve_attack(battle, attacker.id, target.id, effective, defence, attack_roll, defence_roll,
                            rules=ref.rules, counted=_pair(counted) if counted else None)
    ref.emit(AttackMade(attacker=attacker.id, target=target.id, attack=effective.name, outcome=result.outcome.value,
                        critical_hit=result.critical_hit, trapped=result.trapped, damage=result.damage,
                        attack_roll=attack_roll, defence_roll=defence_roll,
                        lines=[*effective.working, *result.working],
                        symbols=f"{shown_faces(attack_roll)} against {shown_faces(defence_roll)}",
                        summary=result.summary))
    _use_lingering(ref, attacker, target)
    if effective.exhausts:
        ref.emit(FightersExhausted(fighters=[attacker.id], why="it rolled extra dice with Total Offence"))
    _advance(ref, frame, "during", outcome=result.outcome.value, critical_hit=result.critical_hit,
             damage=result.damage, drive_back=list(result.drive_back), drivable=result.drivable,
             knockback={hex_id: list(more) for hex_id, more in result.knockback},
             attack_roll=attack_roll, defence_roll=defence_roll,
             answers={**frame.answers, "adjacent": "yes" if adjacent else "no",
                      "glory": str(effective.extra_glory_for_take_out)})


def _pair(text: str) -> tuple[int, int]:
    ours, theirs = text.split(",")
    return int(ours), int(theirs)


def _defence(ref: Referee, target: FighterRecord, attacker: FighterRecord) -> Defence:
    stats = stats_of(ref.lib, ref.state, target)
    lingering = [effect.modifier for _, _, effect in lingering_modifiers(ref, ("first_attack", "every_attack"),
                                                                         attacker, target)]
    mods = [*upgrade_modifiers(ref.lib, ref.state, target), *lingering]
    return Defence(dice=stats.defence, symbol=stats.defence_symbol, wounds=stats.wounds, guard=target.guard,
                   cannot_be_driven_back=any(m.cannot_be_driven_back for m in mods))


def _use_lingering(ref: Referee, attacker: FighterRecord, target: FighterRecord) -> None:
    """A "first Attack action in the next activation" ploy is used up by the first attack it could apply to."""
    used = {index for index, _, effect in lingering_modifiers(ref, ("first_attack",), attacker)}
    if used:
        ref.emit(LingeringSet(lingering=[item for i, item in enumerate(ref.state.lingering) if i not in used]))


def trigger_of(ref: Referee, frame: AttackFrame, when: str) -> Trigger:
    attacker = ref.state.fighters[frame.attacker]
    taken = (frame.target,) if frame.took_out else ()
    return Trigger(when=when, by="attack", actor=frame.attacker, actor_side=attacker.side, target=frame.target,
                   failed=frame.outcome != "success", succeeded=frame.outcome == "success",
                   critical=frame.critical_hit, took_out=taken, adjacent=frame.answers.get("adjacent") == "yes",
                   frame=frame.id, profile=frame.profile, source=frame.source)


def _during(ref: Referee, frame: AttackFrame) -> None:
    frame = _advance(ref, frame, "damage")
    offer(ref, trigger_of(ref, frame, "during_attack"))


def _damage(ref: Referee, frame: AttackFrame) -> None:
    state = ref.state
    attacker = state.fighters[frame.attacker]
    took_out = False
    if frame.outcome == "success" and frame.damage > 0:
        amount = _damage_taken(ref, state.fighters[frame.target], frame.damage)
        using = "charge" if frame.via == "charge" else "attack"
        took_out = deal_damage(ref, frame.target, amount, why=f"{frame.attacker}'s Attack action", by=attacker.side,
                               by_fighter=attacker.id, using=using, extra_glory=int(frame.answers.get("glory", "0")))
    frame = _advance(ref, frame, "drive", took_out=took_out)
    extra = automatic(ref, trigger_of(ref, frame, "during_attack"))
    if extra:
        ref.push(*extra)


def _damage_taken(ref: Referee, target: FighterRecord, amount: int) -> int:
    """Damage after rules that replace what a fighter suffers (Insensate, L605)."""
    found = lingering_modifiers(ref, ("first_damage",), target)
    if not found:
        return amount
    index, _, effect = found[0]
    ref.emit(LingeringSet(lingering=[item for i, item in enumerate(ref.state.lingering) if i != index]))
    return effect.modifier.damage_taken_becomes or amount


def _could_be_driven_back(frame: AttackFrame, target: FighterRecord) -> bool:
    """Whether the target could be driven back now, though no hex may be free for it (a trapped target could,
    L509): Ever-Advancing answers this, not the hexes (L685)."""
    return (not frame.no_drive and not frame.took_out and target.hex is not None
            and (frame.drivable or bool(frame.drive_back)))


def _drive(ref: Referee, frame: AttackFrame) -> None:
    target = ref.state.fighters[frame.target]
    frame = _advance(ref, frame, "push")
    if _could_be_driven_back(frame, target):
        offer(ref, trigger_of(ref, frame, "could_be_driven_back"))


def _push(ref: Referee, frame: AttackFrame) -> None:
    """The attacking player may drive the target back one hex, and on a success push it on by its Knockback
    straight on (L511, L567; ruling ``knockback-optional``)."""
    state = ref.state
    target = state.fighters[frame.target]
    if not _could_be_driven_back(frame, target) or not frame.drive_back:
        _advance(ref, frame, "after")
        return
    attacker_side = state.fighters[frame.attacker].side
    answer = frame.answers.get(DRIVE)
    if answer is None:
        options = [("none", "Do not drive it back")]
        for first in frame.drive_back:
            more = frame.knockback.get(first, [])
            if ref.rules.knockback_optional == "full" and more:
                options.append((">".join([first, *more]), f"into hex {first}, then on to hex {more[-1]} (Knockback)"))
                continue
            options.append((first, f"into hex {first}"))  # called a hex: B5 is also a Reaver
            options += [(">".join([first, *more[:n]]), f"into hex {first}, then on to hex {more[n - 1]} (Knockback)")
                        for n in range(1, len(more) + 1)]
        ref.ask(SideId(attacker_side), "drive-back", f"Drive {frame.target} back?",
                [choice(DRIVE, "Where the target goes", options, default="none")], context={"frame": frame.id})
        return
    if answer != "none":
        hexes = answer.split(">")
        path = [str(target.hex), *hexes]
        ref.emit(FighterMoved(fighter=frame.target, path=path[:2], how="drive"))
        if len(hexes) > 1:
            ref.emit(FighterMoved(fighter=frame.target, path=hexes, how="knockback"))
        lethal_check(ref, frame.target, SideId(attacker_side), path)  # every hex entered, Knockback's too
    _advance(ref, frame, "after")


def _after(ref: Referee, frame: AttackFrame) -> None:
    """The action is complete (L509): Inspire first under the default ruling, then reactions after it."""
    if ref.rules.attack_aftermath_order == "inspire-then-reactions":
        _inspire(ref, frame)
    _advance(ref, frame, "reactions")


def _inspire(ref: Referee, frame: AttackFrame) -> None:
    check_inspire(ref, {frame.attacker: (frame.attack_roll, ()), frame.target: ((), frame.defence_roll)})


def _reactions(ref: Referee, frame: AttackFrame) -> None:
    frame = _advance(ref, frame, "done")
    if frame.via == "reaction" and ref.rules.reaction_chains == "no-chains":
        return
    offer(ref, trigger_of(ref, frame, "after_action"))


def _done(ref: Referee, frame: AttackFrame) -> None:
    if ref.rules.attack_aftermath_order == "reactions-then-inspire":
        _inspire(ref, frame)
    ref.pop(frame.id)
    ref.push(CheckpointFrame(id=ref.next_frame_id()))
