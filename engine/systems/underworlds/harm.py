"""What happens to fighters: their characteristics with upgrades, damage and going out of action with the glory
it brings, healing, being moved by a push or a drive-back, and becoming Inspired.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import SideId
from engine.systems.underworlds.conditions import Context as ConditionContext
from engine.systems.underworlds.conditions import evaluate
from engine.systems.underworlds.events import Damaged, GloryGained, Healed, Inspired, TakenOut
from engine.systems.underworlds.game_state import FighterRecord, Lingering, TakeOutRecord, UnderworldsState
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.scoring import take_out_glory
from engine.systems.underworlds.stats import FighterStats, Situation, fighter_stats
from engine.systems.underworlds.vocabulary import Condition, FightersCondition, Modifier, ModifyEffect

__all__ = [
    "check_inspire",
    "deal_damage",
    "heal",
    "lethal_check",
    "lingering_modifiers",
    "stats_of",
    "upgrade_modifiers",
]

BERSERK_CHARGE = "berserk-charge"
"""The card whose lost symbols the ruling ``berserk-charge-symbols`` reads (L339, L617)."""


def upgrade_modifiers(lib: Library, state: UnderworldsState, fighter: FighterRecord) -> list[Modifier]:
    """The modifiers of every upgrade the fighter carries (L531, L605). Under the ruling
    ``berserk-charge-symbols: swords-added`` Berserk Charge adds only swords to the attack's own symbol."""
    found = []
    for card in fighter.upgrades:
        for modifier in lib.card(state, card).modifiers:
            if card == BERSERK_CHARGE and lib.rules(state).berserk_charge_symbols == "swords-added":
                modifier = modifier.model_copy(update={"also_success": ("swords",)})
            found.append(modifier)
    return found


def _relation(side: SideId, owner: SideId, wanted: str) -> bool:
    return wanted == "any" or (side == owner) == (wanted == "friendly")


def lingering_modifiers(ref: Referee, applies_to: Sequence[str], fighter: FighterRecord,
                        target: FighterRecord | None = None, *,
                        taking: SideId | None = None) -> list[tuple[int, Lingering, ModifyEffect]]:
    """The active "next activation" ploys that change what ``fighter`` does now (its attack, move or the damage it
    takes), with their place in the list (L605); ``taking``: also those the activation that side is about to take
    brings into force (ruling ``next-activation-scope``), for what is checked before it is taken."""
    found = []
    for index, item in enumerate(ref.state.lingering):
        if not item.active and not (taking is not None and comes_into_force(ref, item, taking)):
            continue
        effect = ref.lib.card(ref.state, item.card).effects[item.effect]
        if not isinstance(effect, ModifyEffect) or effect.applies_to not in applies_to:
            continue
        if effect.fighters == "chosen":
            if fighter.id not in item.chosen:
                continue
        elif not _relation(fighter.side, item.side, effect.fighters):
            continue
        if target is not None and not _relation(target.side, item.side, effect.targets):
            continue
        found.append((index, item, effect))
    return found


def comes_into_force(ref: Referee, item: Lingering, side: SideId) -> bool:
    """Whether a waiting "next activation" ploy comes into force when ``side`` takes an activation (L605; ruling
    ``next-activation-scope``: either player's next activation, or only its own player's)."""
    return not item.active and (ref.rules.next_activation_scope != "own-next" or item.side == side)


def stats_of(lib: Library, state: UnderworldsState, fighter: FighterRecord, situation: Situation | None = None,
             extra: Sequence[Modifier] = ()) -> FighterStats:
    """The fighter's Move, Defence and Wounds now, upgrades included (E9, E10; L531, L553)."""
    return fighter_stats(lib.side_of_card(fighter), [*upgrade_modifiers(lib, state, fighter), *extra],
                         situation or Situation())


def deal_damage(ref: Referee, fighter_id: str, amount: int, *, why: str, by: SideId | None,
                by_fighter: str | None = None, using: str = "attack", extra_glory: int = 0) -> bool:
    """Put ``amount`` wound tokens on a fighter; at its Wounds it goes out of action and glory goes to whom the
    rules say (L509, L559, L809; ruling ``self-take-out-glory``). Returns whether it went out of action."""
    fighter = ref.state.fighters[fighter_id]
    if fighter.hex is None or amount <= 0:
        return False
    wounds = fighter.wounds + amount
    ref.emit(Damaged(fighter=fighter_id, amount=amount, wounds=wounds, why=why))
    if wounds < stats_of(ref.lib, ref.state, fighter).wounds:
        return False
    used = using if using in ("attack", "charge", "ploy") else "other"
    ref.emit(TakenOut(record=TakeOutRecord(victim=fighter_id, by=by, by_fighter=by_fighter,
                                           using=used)))
    line = "L559" if len(ref.state.sides) == 2 else "L809"  # two players: the other gains; more: the taker
    for side, points in take_out_glory(fighter.side, by, ref.state.sides, ref.rules):
        bonus = extra_glory if side == by else 0
        ref.emit(GloryGained(side=SideId(side), amount=points + bonus, source="take-outs",
                             why=f"{fighter_id} out of action, {RULE}, {line}"
                                 + (f", +{bonus} from an upgrade" if bonus else "")))
    return True


def heal(ref: Referee, fighter_id: str, amount: int | None) -> None:
    """Remove ``amount`` wound tokens (all of them when ``None``)."""
    fighter = ref.state.fighters[fighter_id]
    removed = fighter.wounds if amount is None else min(amount, fighter.wounds)
    if fighter.hex is not None and removed:
        ref.emit(Healed(fighter=fighter_id, amount=removed, wounds=fighter.wounds - removed))


def lethal_check(ref: Referee, fighter_id: str, by: SideId | None, path: Sequence[str] = ()) -> None:
    """Under the ruling ``lethal-hexes: one-damage`` a fighter that enters a lethal hex (on the hexes of
    ``path`` after its first), or ends a push in one, suffers 1 damage, once; taken out so, it was taken out by
    ``by``, the side whose move, drive-back or card put it there (L559, L809)."""
    if ref.rules.lethal_hexes != "one-damage":
        return
    fighter = ref.state.fighters[fighter_id]
    board = ref.lib.board(ref.state)
    entered = [*path[1:], *([fighter.hex] if fighter.hex and not path else [])]
    if any(board.has(board.hex_of(h), "lethal") for h in entered):
        deal_damage(ref, fighter_id, 1, why="a lethal hex (ruling lethal-hexes)", by=by, using="other")


def _inspire_condition(ref: Referee, condition: Condition) -> Condition:
    """The Inspire condition as this table reads it: ruling ``inspire-counts-any-fighters`` may narrow "fighters"
    with no side named to enemy fighters."""
    if (ref.rules.inspire_counts_any_fighters == "enemy-only" and isinstance(condition, FightersCondition)
            and condition.side == "any"):
        return condition.model_copy(update={"side": "enemy"})
    return condition


def check_inspire(ref: Referee, rolls: Mapping[str, tuple[Sequence[str], Sequence[str]]] | None = None) -> None:
    """Inspire every fighter on the battlefield whose warband's condition is now met (L45, L863); ``rolls`` are
    the attack and defence faces each fighter rolled in the action just ended."""
    rolls = rolls or {}
    battle = ref.battle()
    inspired = []
    for fighter in ref.state.fighters.values():
        if fighter.inspired or fighter.hex is None:
            continue
        warband = ref.lib.data.warband(ref.state.players[fighter.side].warband)
        attack_roll, defence_roll = rolls.get(fighter.id, ((), ()))
        context = ConditionContext(side=fighter.side, fighter=fighter.id, attack_roll=tuple(attack_roll),
                                   defence_roll=tuple(defence_roll))
        if evaluate(_inspire_condition(ref, warband.inspire), battle, context).met:
            inspired.append(fighter.id)
    if inspired:
        ref.emit(Inspired(fighters=inspired, why=f"their Inspire condition is met, {RULE}, L45"))
