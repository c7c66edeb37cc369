"""Rounds and turns (Eldfall core rules v1.5, L1115-1174): five rounds, each a turn for every player in turn
order and then the Hostiles turn (L1593); each turn runs the Strategic, Upkeep, Tactical and End phases.

- Strategic: effects lasting "until its next Strategic phase" end; creatures ordered dismissed leave (L992,
  ``dismissal``); Bleeding and Poisoned models roll T; an
  Incapacitated model with HP back stands up; the Leader uses a stratagem; Regeneration, Defensive Stance, Luck,
  Stealth II's return to Shrouded, an Alchemist's Consumables replenished (L1150-1154, L372-382, L1682, L1758,
  L1770, L1798, L1880, L1982, L1985, L2737); then
  the player's choices: Hasten's moves, Surge Order, First Aid, an Artificer's Enchantment (``strategic_choices``).
- Upkeep: every model of every side gets AP equal to its modified STA, twice that for a Watchful model in the
  Reactive role, none for one Incapacitated, Dead or Fatigued (L1156-1158, L2127, L1712).
- Tactical: the active player activates models while it likes and has AP (L1164-1168).
- End: a Ranger's move (``rangers``), then effects lasting until the end of the turn end; every unspent AP is
  discarded (L1170-1172).

The quest ends after the last turn of round 5 (or the quest's rounds), or at the start of a turn in which a
player has no model left standing (L1297-1304).
"""

from __future__ import annotations

from engine.checks import Modifier
from engine.core import Context, EndReason, GameEnded, ModelId, Outcome, PhaseChanged, SideId
from engine.systems.eldfall.checks import attribute_check
from engine.systems.eldfall.dismissal import dismiss_ordered
from engine.systems.eldfall.downed import fall
from engine.systems.eldfall.dropping import lapse_drops
from engine.systems.eldfall.duel_rules import takes_part
from engine.systems.eldfall.effects import heal, heals_from, set_states, take_wounds
from engine.systems.eldfall.events import (
    ApChanged,
    AttackResolved,
    EnchantmentsChanged,
    FigureNoted,
    QuestEnded,
    StatesChanged,
    TurnBegan,
    TurnEnded,
)
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.quests import drop_treasure
from engine.systems.eldfall.rangers import offer_ranger_moves
from engine.systems.eldfall.scoring_end import capped_scores, final_scores, score_turn_schemes, strategic_reveals
from engine.systems.eldfall.shrouds import reshroud
from engine.systems.eldfall.state import ACTIVATION_STEP, END_OF_TURN, EldfallState, end_phase_of, strategic_of
from engine.systems.eldfall.stratagems import choosing, use_stratagem
from engine.systems.eldfall.strategic_choices import hasted, offer_strategic
from engine.systems.eldfall.world import World

__all__ = ["OVER", "STRATEGIC", "TACTICAL", "after_strategic", "begin_play", "close_turn", "end_turn", "finish",
           "side_can_act",
           "upkeep_ap"]

Ctx = Context[EldfallState]

STRATEGIC = "strategic"
UPKEEP = "upkeep"
TACTICAL = "tactical"
END = "end"
OVER = "over"
"""The phase once the quest has ended; the outcome is the core's (``state.outcome``)."""


def begin_play(ctx: Ctx, kit: Kit) -> None:
    """Round 1, the 1st Player's turn (L1111)."""
    _start_turn(ctx, kit, 1, 0)


def _turn_side(state: EldfallState, turn: int) -> SideId | None:
    if turn < len(state.order):
        return state.order[turn]
    if turn == len(state.order) and state.hostile_side is not None:
        return state.hostile_side
    return None


def _start_turn(ctx: Ctx, kit: Kit, round_: int, turn: int) -> None:
    state = ctx.state
    side = _turn_side(state, turn)
    if side is None:
        _next_round(ctx, kit, round_)
        return
    world = kit.world(state)
    if side != state.hostile_side and not world.fighters(side, standing=True):
        finish(ctx, kit, f"side {side} begins its turn with every model Incapacitated or Dead (L1302)",
               EndReason.ELIMINATION)
        return
    if side == state.hostile_side and not world.fighters(side, standing=True):
        _advance(ctx, kit, round_, turn)
        return
    ctx.emit(TurnBegan(round=round_, turn=turn, side=side))
    hastened = hasted(world, side)
    recovered = _strategic(ctx, kit, side)
    if state.outcome is not None or (side != state.hostile_side
                                     and offer_strategic(ctx, kit, side, hastened, recovered)):
        return
    after_strategic(ctx, kit)


def after_strategic(ctx: Ctx, kit: Kit) -> None:
    """The Upkeep and Tactical phases, once the Strategic phase's choices are made."""
    state = ctx.state
    side = state.active_side
    assert side is not None
    ctx.emit(PhaseChanged(phase=UPKEEP, step="", shown="Upkeep: every model gets AP equal to its STA (L1156)."))
    world = kit.world(state)
    ctx.emit(ApChanged(ap=upkeep_ap(world, side), why="Upkeep, L1156-1158"))
    ctx.emit(PhaseChanged(phase=TACTICAL, step=ACTIVATION_STEP,
                          shown=f"Side {side}'s Tactical phase: activate your models (L1164)."))
    if not side_can_act(kit.world(state), side):
        end_turn(ctx, kit)


def upkeep_ap(world: World, active: SideId) -> dict[ModelId, int]:
    """Each model's AP for the turn: its STA, doubled for a Watchful model in the Reactive role, 2 more with
    Draining Impulse, none when out of action or Fatigued (L1156-1158, L2127, L2282)."""
    given: dict[ModelId, int] = {}
    for f in world.fighters():
        if f.out or f.is_("fatigued"):
            given[f.id] = 0
            continue
        ap = max(f.stamina, 0)
        if f.has("Watchful") and f.side != active:
            ap *= 2
        if "draining-impulse" in f.figure.enchantments:
            ap += 2
        given[f.id] = ap
    return given


def side_can_act(world: World, side: SideId) -> bool:
    """Whether the side has a model that can still activate (not out of action, with AP)."""
    duel = world.state.duel
    return any(f.figure.ap > 0 and takes_part(duel, f.id, f.figure.summoner)
               for f in world.fighters(side, standing=True))


def _expire(ctx: Ctx, world: World, until: str, why: str) -> None:
    """End every state and enchantment whose duration was ``until``."""
    for f in world.fighters():
        ended = tuple(name for name, expiry in f.figure.expiry.items() if expiry == until)
        if ended:
            ctx.emit(StatesChanged(model=f.id, removed=ended, why=why))
        spells = tuple(spell for spell, expiry in f.figure.enchantments.items() if expiry == until)
        if spells:
            ctx.emit(EnchantmentsChanged(model=f.id, removed=spells, why=why))
            if "draining-impulse" in spells and not f.out:
                set_states(ctx, f, added=("fatigued",), until=strategic_of(f.side),
                           why="Draining Impulse ended (L2282)")


def _strategic(ctx: Ctx, kit: Kit, side: SideId) -> tuple[ModelId, ...]:
    state = ctx.state
    ctx.emit(PhaseChanged(phase=STRATEGIC, step="", shown=f"Side {side}'s Strategic phase (L1148-1154)."))
    world = kit.world(state)
    _expire(ctx, world, strategic_of(side), "until its side's next Strategic phase")
    dismiss_ordered(ctx, kit, side)
    world = kit.world(state)
    lines: list[str] = []
    for f in world.fighters(side):
        if f.dead:
            continue
        down_before = f.is_("incapacitated")
        wounded = False  # an Incapacitated model dies only of another Wound, never of the phase (L872, L1758)
        if f.is_("bleeding"):
            roll = attribute_check(ctx, f, "T", "Bleeding (L1682)")
            if not roll.passed:
                take_wounds(ctx, f.id, 1)
                wounded = True
                lines.append(f"{f.id} bleeds: 1 Wound")
        if f.is_("poisoned"):
            roll = attribute_check(ctx, f, "T", "Poisoned (L1770)", extra=[Modifier.add("Poisoned", -6, "L1770")])
            if not roll.passed:
                take_wounds(ctx, f.id, 1)
                wounded = True
                lines.append(f"{f.id} suffers the poison: 1 Wound")
        if wounded and ctx.state.models[f.id].wounds_left == 0:
            drop_treasure(ctx, kit, f.id)
            fall(ctx, kit, f.id, down_before)
        if f.has("Regeneration") and not f.out:
            if heals_from(f, None) and heal(ctx, f.id, 1):  # a Construct only from Earth (L2039)
                lines.append(f"{f.id} regenerates 1 HP (L1982)")
            set_states(ctx, f, removed=("bleeding", "weakened", "crippled"), why="Regeneration, L1982")
    world = kit.world(state)
    recovered = tuple(f.id for f in world.fighters(side) if f.is_("incapacitated") and not f.dead and f.hp > 0)
    for model in recovered:
        set_states(ctx, world.fighter(model), removed=("incapacitated",), why="it has HP again, L1758")
    if not choosing(kit, state, side):  # several to choose from: a part of the Strategic-phase decision
        use_stratagem(ctx, kit, side)
    world = kit.world(state)
    for f in world.fighters(side, standing=True):
        reshroud(ctx, world, f)
        if f.has("Alchemist"):
            _refill(ctx, kit, f)
        if f.figure.stance and f.has("Warrior"):
            set_states(ctx, f, added=("stance",), until=strategic_of(side), why="Defensive Stance, L1880")
        if "lucky-charm" in f.figure.upgrades and f.figure.luck < 3:
            ctx.emit(FigureNoted(model=f.id, changes={"luck": f.figure.luck + 1},
                                 shown=f"{f.id} gains a Luck counter ({f.figure.luck + 1}, L2737)."))
    if lines:
        ctx.emit(AttackResolved(summary="; ".join(lines) + ".", lines=tuple(lines)))
    strategic_reveals(ctx, kit, side)
    return recovered


def _refill(ctx: Ctx, kit: Kit, f: Fighter) -> None:
    """An Alchemist's used Consumables are back in its inventory (L1798)."""
    spent = {item: n for item, n in f.figure.spent.items() if "Consumable" not in kit.catalogue.item(item).types}
    if spent != f.figure.spent:
        ctx.emit(FigureNoted(model=f.id, changes={"spent": spent},
                             shown=f"{f.id}'s Consumables replenish (Alchemist, L1798)."))


def end_turn(ctx: Ctx, kit: Kit) -> None:
    """The End phase, then the next turn, round or the end of the quest."""
    state = ctx.state
    side = state.active_side
    if side is None:
        return
    ctx.emit(PhaseChanged(phase=END, step="", shown=f"Side {side}'s End phase (L1170)."))
    lapse_drops(ctx, side)
    if state.outcome is None and offer_ranger_moves(ctx, kit, side):
        return
    close_turn(ctx, kit)


def close_turn(ctx: Ctx, kit: Kit) -> None:
    """The rest of the End phase, once its Rangers have moved: expiries, turn schemes, the next turn."""
    state = ctx.state
    side = state.active_side
    if side is None:
        return
    world = kit.world(state)
    _expire(ctx, world, END_OF_TURN, "until the end of the turn")
    _expire(ctx, kit.world(state), end_phase_of(side), "until its caster's next End phase")
    score_turn_schemes(ctx, kit, side)
    ctx.emit(TurnEnded(side=side))
    if state.outcome is None:
        _advance(ctx, kit, state.round, state.turn)


def _advance(ctx: Ctx, kit: Kit, round_: int, turn: int) -> None:
    state = ctx.state
    if _turn_side(state, turn + 1) is not None:
        _start_turn(ctx, kit, round_, turn + 1)
    else:
        _next_round(ctx, kit, round_)


def _next_round(ctx: Ctx, kit: Kit, round_: int) -> None:
    quest = kit.quest(ctx.state)
    if round_ >= quest.rounds:
        finish(ctx, kit, f"the last player has played its turn of round {round_} (L1303)")
        return
    _start_turn(ctx, kit, round_ + 1, 0)


def finish(ctx: Ctx, kit: Kit, reason: str, how: EndReason = EndReason.SCORE) -> None:
    """Reveal and score the schemes and the quest's end rewards, then end the quest (L1297-1304): the game's outcome,
    in the core's flow record, the higher capped VP winning."""
    if ctx.state.outcome is not None:
        return
    ctx.emit(PhaseChanged(phase=OVER, shown="The quest is over: schemes are revealed and scored (L2497)."))
    final_scores(ctx, kit)
    ctx.emit(QuestEnded(reason=reason))
    ctx.emit(GameEnded(outcome=Outcome.from_scores(how, capped_scores(kit, ctx.state))))
