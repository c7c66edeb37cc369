"""Re-rolls of an attack's failed dice, in the order of ruling ``reroll-order`` (each die once at most):

- free ones: a Sorcerer's Sorcery in the Active role (L1867), the Scepter of Sorceries, the Staff of Light (L352), a
  Wizard's Elder spell (L1886), an Alchemist's Transmutation (L1799), Dual Wield in melee (L1926): one failed die each;
- Advantage (X): once a sequence, every failed die of an attack on a target with that characteristic (L2003-2005);
- a Mage's unspent AP, declared with the casting: every failed die (L1835, ruling ``mage-reroll``);
- a Luck counter, declared with the action or reaction: the worst failed die (L2737, ruling ``lucky-charm-use``).

The referee always re-rolls the worst failed die first; re-rolling a failed die never hurts.
"""

from __future__ import annotations

from engine.checks import Target
from engine.systems.eldfall.checks import against, roll_d20s
from engine.systems.eldfall.events import ApChanged, FigureNoted
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.resolution_state import Resolving
from engine.systems.eldfall.rolls import check_rules
from engine.systems.eldfall.schema import SIZES
from engine.systems.eldfall.strikes import Plan

__all__ = ["advantage_over", "free_rerolls", "reroll_attack", "reroll_casting", "spend_luck"]


def free_rerolls(attacker: Fighter, plan: Plan) -> list[str]:
    """The free re-rolls an attack may take, each of one failed die (L352, L1799, L1867, L1886, L1926)."""
    spell = plan.means.spell
    found = []
    if spell is not None and plan.role == "active":
        if spell.spell_type == "Sorcery" and attacker.has("Sorcerer"):
            found.append("Sorcerer, L1867")
        if spell.spell_type == "Sorcery" and attacker.accessory("scepter-of-sorceries"):
            found.append("Scepter of Sorceries")
        if spell.element == "Divine" and attacker.accessory("staff-of-light"):
            found.append("Staff of Light, L352")
    if spell is not None and spell.element == "Elder" and attacker.has("Wizard"):
        found.append("Wizard, L1886")
    if spell is not None and spell.spell_type == "Transmutation" and attacker.has("Alchemist"):
        found.append("Alchemist, L1799")
    if spell is None and plan.means.kind == "melee" and attacker.has("Dual Wield"):
        found.append("Dual Wield, L1926")
    return found


def advantage_over(attacker: Fighter, target: Fighter) -> str | None:
    """The Advantage (X) of ``attacker`` that ``target`` answers: a size, a class, a trait or a skill (L2003)."""
    for ref in attacker.card.traits:
        if ref.key != "advantage":
            continue
        for param in ref.params:
            wanted = param.split(":", 1)[-1].strip()
            if (wanted in SIZES and target.card.size == wanted) or (wanted not in SIZES and target.has(wanted)):
                return f"Advantage ({', '.join(ref.params)})"
    return None


def _again(seq: Resolving, attacker: Fighter, faces: list[int], goal: Target, done: set[int], source: str,
           every: bool) -> bool:
    """Re-roll the worst failed die (or every failed die) not re-rolled yet; returns whether any was."""
    failed = sorted((i for i, face in enumerate(faces) if face > goal.value and i not in done),
                    key=lambda i: -faces[i])
    if not failed:
        return False
    for i in failed if every else failed[:1]:
        what = f"{attacker.id}'s re-roll of its {faces[i]} ({source})"
        (again,) = roll_d20s(seq.ctx, 1, what, attacker.side, against(goal, what, check_rules(rulings=attacker.rulings),
                                                                        yes="hit", no="miss"))
        faces[i] = again
        done.add(i)
    return True


def reroll_attack(seq: Resolving, attacker: Fighter, plan: Plan, faces: list[int],
                  extras: tuple[str, ...]) -> list[int]:
    """Every re-roll this attack takes, in order; spends the AP, Luck counter or Advantage it uses."""
    done: set[int] = set()
    goal = plan.goal
    for source in free_rerolls(attacker, plan):
        if not _again(seq, attacker, faces, goal, done, source, every=False):
            break
    target = seq.world.fighter(plan.defender) if plan.defender in seq.ctx.state.figures else None
    advantage = advantage_over(attacker, target) if target is not None else None
    if advantage is not None and attacker.id not in seq.advantage_used \
            and _again(seq, attacker, faces, goal, done, f"{advantage}, L2003-2005", every=True):
        seq.advantage_used.add(attacker.id)
    figure = seq.ctx.state.figures[attacker.id]
    if "reroll" in extras and plan.means.spell is not None and figure.ap >= 1 \
            and _again(seq, attacker, faces, goal, done, "a Mage's AP, L1835", every=True):
        seq.ctx.emit(ApChanged(ap={attacker.id: figure.ap - 1}, why=f"{attacker.id} spends an AP on re-rolls (L1835)"))
    if "luck" in extras:
        spend_luck(seq, attacker, faces, goal, done)
    return faces


def reroll_casting(seq: Resolving, caster: Fighter, faces: list[int], goal: Target) -> list[int]:
    """An Assist's casting dice: a Mage's declared AP re-rolls every failed die (L1835), a declared Luck counter
    the worst (L2737)."""
    extras = seq.extras.get(caster.id, ())
    done: set[int] = set()
    figure = seq.ctx.state.figures[caster.id]
    if "reroll" in extras and figure.ap >= 1 and _again(seq, caster, faces, goal, done, "a Mage's AP, L1835",
                                                         every=True):
        seq.ctx.emit(ApChanged(ap={caster.id: figure.ap - 1}, why=f"{caster.id} spends an AP on re-rolls (L1835)"))
    if "luck" in extras:
        spend_luck(seq, caster, faces, goal, done)
    return faces


def spend_luck(seq: Resolving, f: Fighter, faces: list[int], goal: Target, done: set[int] | None = None) -> bool:
    """A Luck counter re-rolls the worst failed die of the model's own roll (L2737); returns whether one was spent."""
    figure = seq.ctx.state.figures[f.id]
    if figure.luck < 1 or f.id in seq.luck_used:
        return False
    if not _again(seq, f, faces, goal, done if done is not None else set(), "a Luck counter, L2737", every=False):
        return False
    seq.luck_used.add(f.id)
    seq.ctx.emit(FigureNoted(model=f.id, changes={"luck": figure.luck - 1},
                             shown=f"{f.id} spends a Luck counter ({figure.luck - 1} left, L2737)."))
    return True
