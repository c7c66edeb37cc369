"""The action phase's activations, four each in turn (Underworlds core rulebook, L391-L403, L871): a fighter's Move,
Charge, Guard, Attack action or upgrade action, or the player's draw of a power card, swap of an objective card, or
pass.

Each activation is checked whole before anything happens (``*_plan``: the path, the targets, the attack), and a
refusal names the rule; the plan is then applied as it was checked (``move``, ``charge``...), nothing worked out
twice. The checks read the same predicates the menus list from (``reach``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.core import NOBODY, IllegalCommand, InvalidCommand, NotYourTurn, RulesError, SideId
from engine.hex import PathError, path_cost, shortest_path
from engine.systems.underworlds.afterwards import take_activation
from engine.systems.underworlds.attack import support
from engine.systems.underworlds.events import FighterMoved, FightersExhausted, GuardChanged, LingeringSet, UnscorableSet
from engine.systems.underworlds.game_state import (
    AttackFrame,
    EffectsFrame,
    EndActivationFrame,
    FighterRecord,
    MoveRecord,
    UnderworldsState,
    objective_deck,
    power_deck,
)
from engine.systems.underworlds.harm import lethal_check, lingering_modifiers, stats_of
from engine.systems.underworlds.match import sudden_death_refusal
from engine.systems.underworlds.objectives import drawn_marks, hand
from engine.systems.underworlds.reach import target_problem_at
from engine.systems.underworlds.reacting import as_data
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import AttackProfile, Card
from engine.systems.underworlds.stats import Situation
from engine.systems.underworlds.turns import ACTIVATIONS

__all__ = [
    "Activation",
    "AttackPlan",
    "ChargePlan",
    "MovePlan",
    "activation_refusal",
    "attack",
    "attack_plan",
    "charge",
    "charge_plan",
    "deck_refusal",
    "draw_power",
    "guard",
    "guard_plan",
    "may_move",
    "move",
    "move_plan",
    "pass_activation",
    "plan_move",
    "profile_for",
    "ready_fighter",
    "swap_objective",
    "swap_plan",
    "upgrade_action",
    "use_action",
]


def activation_refusal(state: UnderworldsState, side: SideId | None, verb: str) -> RulesError | None:
    """Why ``side`` may not take an activation now: activations go in turn, four for each player in an action
    phase (L393), and one at a time (nothing else may be resolving)."""
    in_phase = state.step in ("activation", "power")
    if in_phase and side in state.players and state.players[side].activations >= ACTIVATIONS:
        return IllegalCommand(f"side {side} has used its four activations this phase; a fifth is not allowed",
                              verb=verb, rule=f"{RULE}, L393")
    if state.step != "activation":
        now = {"power": f"the power step, side {state.active_side} to play a power card or pass",
               "end": f"the end phase, side {state.active_side}'s turn"}.get(state.step, state.step)
        return IllegalCommand(f"it is not the time for an activation (now: {now})", verb=verb,
                              rule=f"{RULE}, L393, L575")
    if state.active_side != side:
        return NotYourTurn(f"it is side {state.active_side}'s activation, not side {side}'s; players take "
                           f"activations in turn", verb=verb, rule=f"{RULE}, L393")
    if state.frames:
        return IllegalCommand("an action is still being resolved; answer what is asked first", verb=verb)
    return None


def ready_fighter(ref: Referee, side: SideId, text: str, verb: str) -> FighterRecord:
    """The acting side's fighter on the battlefield that may still be activated this phase."""
    fighter = ref.lib.fighter(ref.state, text)
    if fighter.side != side:
        raise IllegalCommand(f"{fighter.id} is side {fighter.side}'s fighter; side {side} activates only its own",
                             verb=verb, rule=f"{RULE}, L397")
    if fighter.hex is None:
        raise IllegalCommand(f"{fighter.id} is out of action", verb=verb, rule=f"{RULE}, L559")
    if fighter.exhausted:
        why = "it made a Charge action" if fighter.charged else "a rule spent it"
        raise IllegalCommand(f"{fighter.id} cannot be activated again this phase: {why}", verb=verb,
                             rule=f"{RULE}, L539, L569")
    return fighter


def may_move(fighter: FighterRecord, verb: str) -> None:
    """A Move or a Charge at most once a phase (L399)."""
    if fighter.moved or fighter.charged:
        raise IllegalCommand(f"{fighter.id} has already made a Move or Charge action this phase", verb=verb,
                             rule=f"{RULE}, L399")


def plan_move(ref: Referee, fighter: FighterRecord, to: str, *, charging: bool, verb: str,
              taking: SideId | None = None) -> list[str]:
    """The hexes of a Move (or a Charge's move): ``to`` is an end hex or a whole path (``C4>C5>D5``). It may not
    enter blocked or occupied hexes, must end elsewhere than it began, and takes at most Move steps (L403);
    ``taking``: the side whose activation it is (its "next activation" ploys count)."""
    state = ref.state
    board = ref.lib.board(state)
    extra = [effect.modifier for _, _, effect in lingering_modifiers(ref, ("first_move",), fighter, taking=taking)]
    if charging and any(m.cannot_charge for m in extra):
        raise IllegalCommand(f"{fighter.id} cannot make a Charge action this activation (Sprint)", verb=verb)
    stats = stats_of(ref.lib, state, fighter, Situation(charging=charging), extra)
    start = board.hex_of(str(fighter.hex))
    others = frozenset(board.hex_of(f.hex) for f in state.fighters.values() if f.hex and f.id != fighter.id)
    through = others if stats.move_through_fighters else frozenset()
    hexes = [part for part in to.replace(";", ">").replace(",", ">").split(">") if part.strip()]
    if not hexes:
        raise InvalidCommand("say where to: a hex id from the picture, e.g. to:D5 (or a path, to:C5>D5)", verb=verb)
    steps = [board.hex_of(ref.lib.hex_id(board, h)) for h in hexes]
    if steps[0] == start and len(steps) > 1:
        steps = steps[1:]
    end = steps[-1]
    if end == start:
        raise IllegalCommand(f"{fighter.id} must end its move in a different hex from the one it started in",
                             verb=verb, rule=f"{RULE}, L403")
    if end in others:
        raise IllegalCommand(f"{board.id_of(end)} is occupied; no two fighters share a hex", verb=verb,
                             rule=f"{RULE}, L385, L403")
    if len(steps) == 1:
        path = shortest_path(board, start, end, occupied=others, pass_through=through)
        if path is None:
            raise IllegalCommand(f"{fighter.id} cannot reach {board.id_of(end)}: blocked and occupied hexes are in "
                                 f"the way{_reachable_hint(fighter.id, charging)}", verb=verb, rule=f"{RULE}, L403")
    else:
        path = (start, *steps)
        try:
            path_cost(board, path, occupied=others, pass_through=through)
        except PathError as error:
            raise IllegalCommand(f"{fighter.id} cannot move that way: {error}; fighters cannot move through "
                                 "blocked hexes or other fighters", verb=verb, rule=f"{RULE}, L403") from None
    cost = len(path) - 1
    if cost > stats.move:
        raise IllegalCommand(f"{fighter.id} needs {cost} steps to reach {board.id_of(end)} but its Move is "
                             f"{stats.move}{_reachable_hint(fighter.id, charging)}", verb=verb,
                             rule=f"{RULE}, L403")
    return [board.id_of(h) for h in path]


def _reachable_hint(fighter: str, charging: bool) -> str:
    """Where a Move too long for the fighter finds the hexes it can reach (a Charge's are offered by its menu)."""
    return "" if charging else f"; /move model:{fighter} alone lists the hexes it can reach"


# -- the plans: what an activation does, checked whole before anything happens ------------------------------


@dataclass(frozen=True, slots=True)
class Activation:
    """An activation that names no more than its side and, where it has one, its fighter (Guard, a pass, a draw)."""

    side: SideId
    fighter: str = ""
    card: str = ""


@dataclass(frozen=True, slots=True)
class MovePlan:
    side: SideId
    fighter: str
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AttackPlan:
    """An Attack action: its profile (and where it comes from), its targets in order, Total Offence used or not."""

    side: SideId
    fighter: str
    source: str
    profile: str
    targets: tuple[str, ...]
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ChargePlan:
    """A Charge: the move's path, then the Attack action from where it ends."""

    side: SideId
    fighter: str
    path: tuple[str, ...]
    attack: AttackPlan


def move_plan(ref: Referee, side: SideId, fighter_text: str, to: str, verb: str) -> MovePlan:
    """A Move action (L403): at most once a phase, never after a Charge (L399)."""
    fighter = ready_fighter(ref, side, fighter_text, verb)
    may_move(fighter, verb)
    return MovePlan(side, fighter.id, tuple(plan_move(ref, fighter, to, charging=False, verb=verb, taking=side)))


def profile_for(ref: Referee, fighter: FighterRecord, name: str, target: str,
                at: str | None = None) -> tuple[str, AttackProfile]:
    """The Attack action named, or when none is named the fighter's first one that can reach ``target`` (from
    hex ``at`` for a Charge)."""
    if name:
        return ref.lib.attack_named(ref.state, fighter, name)
    every = ref.lib.attacks(ref.state, fighter)
    enemy = ref.state.fighters.get(target.upper()) if target else None
    if enemy is not None and enemy.hex is not None:
        for source, profile in every:
            if profile.targets == "one" and target_problem_at(ref, fighter, profile, enemy, at) is None:
                return source, profile
    return every[0]


def _targets(ref: Referee, fighter: FighterRecord, profile: AttackProfile, named: tuple[str, ...], verb: str,
             at: str | None = None) -> tuple[str, ...]:
    """The targets of an Attack action, checked (L423, L491, L509); every adjacent enemy for an attack that
    targets them all, in the attacker's order (L519)."""
    state = ref.state
    if profile.targets == "all_adjacent":
        battle = ref.battle()
        here = battle.board.hex_of(at or str(fighter.hex))
        adjacent = [f.id for n in here.neighbours() if (f := battle.at(n)) is not None and f.side != fighter.side]
        if not adjacent:
            raise IllegalCommand(f"{profile.name} targets every adjacent enemy and {fighter.id} has none", verb=verb,
                                 rule=f"{RULE}, L509, L519")
        first = [ref.lib.fighter(state, t).id for t in named if t]
        return tuple([t for t in first if t in adjacent] + [t for t in adjacent if t not in first])
    if not named or not named[0]:
        raise InvalidCommand("name the target with target: (an enemy fighter)", verb=verb)
    target = ref.lib.fighter(state, named[0])
    why = target_problem_at(ref, fighter, profile, target, at)
    if why is not None:
        raise IllegalCommand(why, verb=verb)
    return (target.id,)


def attack_plan(ref: Referee, side: SideId, fighter_text: str, targets: tuple[str, ...], name: str, optional: str,
                verb: str) -> AttackPlan:
    """An Attack action (L417-L573); an optional upgrade (Total Offence) is used when named."""
    fighter = ready_fighter(ref, side, fighter_text, verb)
    source, profile = profile_for(ref, fighter, name, targets[0] if targets else "")
    if optional:
        card = ref.lib.find_card(ref.state, optional, fighter.upgrades)
        if card is None or not any(m.optional for m in ref.lib.card(ref.state, card).modifiers):
            raise InvalidCommand(f"{fighter.id} has no upgrade {optional!r} to use now", verb=verb)
    return AttackPlan(side, fighter.id, source, profile.name, _targets(ref, fighter, profile, targets, verb),
                      bool(optional))


def charge_plan(ref: Referee, side: SideId, fighter_text: str, target: str, to: str, name: str,
                verb: str) -> ChargePlan:
    """A Charge action: a Move, then at once an Attack action against a target in range and sight from where it
    ends (L569)."""
    fighter = ready_fighter(ref, side, fighter_text, verb)
    may_move(fighter, verb)
    path = plan_move(ref, fighter, to, charging=True, verb=verb, taking=side)
    source, profile = profile_for(ref, fighter, name, target, at=path[-1])
    targets = _targets(ref, fighter, profile, tuple(target.split(",")), verb, at=path[-1])
    return ChargePlan(side, fighter.id, tuple(path), AttackPlan(side, fighter.id, source, profile.name, targets))


def guard_plan(ref: Referee, side: SideId, fighter_text: str, verb: str) -> Activation:
    """Go on Guard until the end of the phase (L573)."""
    fighter = ready_fighter(ref, side, fighter_text, verb)
    if fighter.guard:
        raise IllegalCommand(f"{fighter.id} is already on Guard", verb=verb, rule=f"{RULE}, L573")
    return Activation(side, fighter.id)


def upgrade_action(ref: Referee, fighter: FighterRecord, text: str, verb: str) -> Card:
    """The upgrade of the fighter that grants the action named (L417, L605)."""
    card_id = ref.lib.find_card(ref.state, text, fighter.upgrades)
    card = ref.lib.card(ref.state, card_id) if card_id else None
    if card is None or card.action is None:
        granted = [ref.lib.card(ref.state, c).name for c in fighter.upgrades if ref.lib.card(ref.state, c).action]
        raise InvalidCommand(f"{fighter.id} has no upgrade action {text!r}"
                             + (f"; it has {', '.join(granted)}" if granted else ""), verb=verb)
    return card


def deck_refusal(ref: Referee, deck_id: str, what: str, verb: str) -> RulesError | None:
    """Why a card may not be drawn from this deck by an activation: sudden death, or an empty deck under the
    ruling ``empty-deck-activation: forbidden`` (L295, L751)."""
    why = sudden_death_refusal(ref.state)
    if why is not None:
        return IllegalCommand(why, verb=verb)
    if not ref.state.decks[deck_id].piles["draw"] and ref.rules.empty_deck_activation == "forbidden":
        return IllegalCommand(f"the {what} deck is empty (ruling empty-deck-activation: forbidden)", verb=verb,
                              rule=f"{RULE}, L295")
    return None


def swap_plan(ref: Referee, side: SideId, text: str, verb: str) -> Activation:
    """Discard an objective card and draw another (L401)."""
    held = hand(ref, side)
    card = ref.lib.find_card(ref.state, text, held)
    if card is None:
        names = ", ".join(ref.lib.card(ref.state, c).name for c in held) or "none"
        raise InvalidCommand(f"{text!r} is not an objective card in your hand (yours: {names})", verb=verb)
    refused = deck_refusal(ref, objective_deck(side), "objective", verb)
    if refused is not None:
        raise refused
    return Activation(side, card=card)


# -- applying the plans -------------------------------------------------------------------------------------


def _adjacent(ref: Referee, fighter_id: str, hex_id: str) -> list[str]:
    """The fighters next to ``hex_id`` (leaving ``fighter_id`` out): who a move began or ended beside."""
    board = ref.lib.board(ref.state)
    here = board.hex_of(hex_id)
    return [f.id for f in ref.state.fighters.values()
            if f.hex and f.id != fighter_id and board.hex_of(f.hex).distance(here) == 1]


def _moved(ref: Referee, fighter_id: str, path: tuple[str, ...], how: str) -> None:
    """Record a Move (or a Charge's move) with who stood beside the fighter before and after (Coward!)."""
    record = MoveRecord(fighter=fighter_id, before=_adjacent(ref, fighter_id, path[0]),
                        after=_adjacent(ref, fighter_id, path[-1]))
    ref.emit(FighterMoved(fighter=fighter_id, path=list(path), how=how, record=record))


def move(ref: Referee, plan: MovePlan) -> None:
    side, fighter = plan.side, ref.state.fighters[plan.fighter]
    take_activation(ref, side, f"{fighter.id} makes a Move action")
    sprint = lingering_modifiers(ref, ("first_move",), fighter)
    _moved(ref, fighter.id, plan.path, "move")
    if ref.rules.guard_duration == "lost-on-move" and fighter.guard:
        ref.emit(GuardChanged(fighters=[fighter.id], on=False, why=" (it moved; ruling guard-duration)"))
    if sprint:
        used = {index for index, _, _ in sprint}
        if any(effect.modifier.exhausts for _, _, effect in sprint):
            ref.emit(FightersExhausted(fighters=[fighter.id], why="Sprint"))
        ref.emit(LingeringSet(lingering=[item for i, item in enumerate(ref.state.lingering) if i not in used]))
    lethal_check(ref, fighter.id, side, list(plan.path))
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side, fighter=fighter.id))


def charge(ref: Referee, plan: ChargePlan) -> None:
    """The fighter then cannot be activated again this phase and is no longer on Guard (L569, L573)."""
    side = plan.side
    take_activation(ref, side, f"{plan.fighter} makes a Charge action")
    _moved(ref, plan.fighter, plan.path, "charge")
    lethal_check(ref, plan.fighter, side, list(plan.path))
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side, fighter=plan.fighter, checkpoint=False),
             *_attack_frames(ref, plan.attack, via="charge"))


def guard(ref: Referee, plan: Activation) -> None:
    take_activation(ref, plan.side, f"{plan.fighter} goes on Guard")
    ref.emit(GuardChanged(fighters=[plan.fighter], on=True))
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=plan.side, fighter=plan.fighter))


def attack(ref: Referee, plan: AttackPlan) -> None:
    take_activation(ref, plan.side, f"{plan.fighter} makes an Attack action ({plan.profile})")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=plan.side, fighter=plan.fighter, checkpoint=False),
             *_attack_frames(ref, plan, optional=plan.optional))


def _attack_frames(ref: Referee, plan: AttackPlan, *, via: Literal["activation", "charge"] = "activation",
                   optional: bool = False) -> list[AttackFrame]:
    """One Attack action per target, the first target's on top (L519). Under the ruling ``support-timing:
    at-declaration`` each target's support is counted now, as the targets are chosen, not at its roll."""
    counted: dict[str, str] = {}
    if ref.rules.support_timing == "at-declaration":
        battle = ref.battle()
        for target in plan.targets:
            ours, theirs = support(battle, battle.fighter(plan.fighter), battle.fighter(target))
            counted[target] = f"{ours},{theirs}"
    return [AttackFrame(id=ref.next_frame_id(), attacker=plan.fighter, target=t, profile=plan.profile,
                        source=plan.source, via=via, optional=optional,
                        answers={"support": counted[t]} if t in counted else {})
            for t in reversed(plan.targets)]


def use_action(ref: Referee, plan: Activation) -> None:
    """An action an upgrade grants (L417, L605)."""
    card = ref.lib.card(ref.state, plan.card)
    assert card.action is not None
    take_activation(ref, plan.side, f"{plan.fighter} uses {card.name}")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=plan.side, fighter=plan.fighter),
             EffectsFrame(id=ref.next_frame_id(), card=card.id, side=plan.side, effects=as_data(card.action.effects),
                          chosen=[], bound={"self": plan.fighter}))


def draw_power(ref: Referee, plan: Activation) -> None:
    """Draw the top power card (L401); with an empty deck nothing is drawn (L295, ruling)."""
    take_activation(ref, plan.side, "draws a power card")
    ref.decks().draw(power_deck(plan.side), 1, why="an activation")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=plan.side))


def swap_objective(ref: Referee, plan: Activation) -> None:
    side = plan.side
    take_activation(ref, side, "discards an objective card and draws another")
    decks = ref.decks()
    decks.move(objective_deck(side), [plan.card], "hand", "discard", why="swapped")
    drawn = decks.draw(objective_deck(side), 1, why="an activation")
    marks = drawn_marks(ref, side, drawn, ref.state.checkpoint + 1)
    ref.emit(UnscorableSet(unscorable={**ref.state.unscorable, **marks}), NOBODY)
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side))


def pass_activation(ref: Referee, side: SideId) -> None:
    take_activation(ref, side, "passes")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side))
