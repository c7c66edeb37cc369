"""The action phase: activations in turn, four each (Underworlds core rulebook, L391-L403, L871), and the power
step after every activation until every player passes in a row (L575-L579, L827).

An activation is a fighter's Move, Charge, Guard, Attack action or upgrade action, or the player's draw of a
power card, swap of an objective card, or pass. Each command is checked against the rules before anything
happens; a refusal names the rule and changes nothing.
"""

from __future__ import annotations

from typing import Literal

from engine.core import NOBODY, IllegalCommand, InvalidCommand, NotYourTurn, SideId
from engine.hex import PathError, path_cost, shortest_path
from engine.systems.underworlds.attack import support
from engine.systems.underworlds.combat import problem
from engine.systems.underworlds.commands import Attack, Charge, Guard, Move, SwapObjective, UseAction
from engine.systems.underworlds.endphase import begin_end_phase
from engine.systems.underworlds.events import (
    ActivationDue,
    ActivationTaken,
    FighterMoved,
    FightersExhausted,
    GuardChanged,
    LingeringSet,
    PowerStepSet,
    UnscorableSet,
)
from engine.systems.underworlds.game_state import (
    AttackFrame,
    EffectsFrame,
    EndActivationFrame,
    FighterRecord,
    MoveRecord,
    PowerStep,
    objective_deck,
    power_deck,
)
from engine.systems.underworlds.harm import check_inspire, lethal_check, lingering_modifiers, stats_of
from engine.systems.underworlds.match import sudden_death_refusal
from engine.systems.underworlds.objectives import checkpoint, drawn_marks, hand
from engine.systems.underworlds.reacting import Trigger, as_data, offer
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import AttackProfile
from engine.systems.underworlds.stats import Situation
from engine.systems.underworlds.turns import ACTIVATIONS, anticlockwise, next_activator, rotation

__all__ = [
    "attack",
    "charge",
    "draw_power",
    "end_activation",
    "guard",
    "move",
    "next_power_turn",
    "pass_activation",
    "pass_power",
    "plan_move",
    "ready_fighter",
    "swap_objective",
    "use_action",
]


def _check_activation(ref: Referee, side: SideId, verb: str) -> None:
    """Activations go in turn, four for each player in an action phase (L393)."""
    state = ref.state
    in_phase = state.step in ("activation", "power")
    if in_phase and side in state.players and state.players[side].activations >= ACTIVATIONS:
        raise IllegalCommand(f"side {side} has used its four activations this phase; a fifth is not allowed",
                             verb=verb, rule=f"{RULE}, L393")
    if state.step != "activation":
        raise IllegalCommand(f"it is not the time for an activation (now: {_now(ref)})", verb=verb,
                             rule=f"{RULE}, L393, L575")
    if state.active_side != side:
        raise NotYourTurn(f"it is side {state.active_side}'s activation, not side {side}'s; players take "
                          f"activations in turn", verb=verb, rule=f"{RULE}, L393")


def _now(ref: Referee) -> str:
    state = ref.state
    return {"power": f"the power step, side {state.active_side} to play a power card or pass",
            "end": f"the end phase, side {state.active_side}'s turn"}.get(state.step, state.step)


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


def _take(ref: Referee, side: SideId, what: str) -> None:
    """Use one of the side's activations; "next activation" ploys waiting for it come into force (L605)."""
    state = ref.state
    own = ref.rules.next_activation_scope == "own-next"
    activate = [i for i, item in enumerate(state.lingering) if not item.active and (not own or item.side == side)]
    ref.emit(ActivationTaken(side=side, number=state.players[side].activations + 1, what=what, activate=activate))


def _adjacent(ref: Referee, fighter_id: str, hex_id: str) -> list[str]:
    """The fighters next to ``hex_id`` (leaving ``fighter_id`` out): who a move began or ended beside."""
    board = ref.lib.board(ref.state)
    here = board.hex_of(hex_id)
    return [f.id for f in ref.state.fighters.values()
            if f.hex and f.id != fighter_id and board.hex_of(f.hex).distance(here) == 1]


def plan_move(ref: Referee, fighter: FighterRecord, to: str, *, charging: bool, verb: str) -> list[str]:
    """The hexes of a Move (or a Charge's move): ``to`` is an end hex or a whole path (``C4>C5>D5``). It may not
    enter blocked or occupied hexes, must end elsewhere than it began, and takes at most Move steps (L403)."""
    state = ref.state
    board = ref.lib.board(state)
    extra = [effect.modifier for _, _, effect in lingering_modifiers(ref, ("first_move",), fighter)]
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
                             f"{stats.move}{_reachable_hint(fighter.id, charging)}", verb=verb, rule=f"{RULE}, L403")
    return [board.id_of(h) for h in path]


def _reachable_hint(fighter: str, charging: bool) -> str:
    """Where a Move too long for the fighter finds the hexes it can reach (a Charge's are offered by its menu)."""
    return "" if charging else f"; /move model:{fighter} alone lists the hexes it can reach"


def _may_move(fighter: FighterRecord, verb: str) -> None:
    if fighter.moved or fighter.charged:
        raise IllegalCommand(f"{fighter.id} has already made a Move or Charge action this phase", verb=verb,
                             rule=f"{RULE}, L399")


def _moved(ref: Referee, fighter: FighterRecord, path: list[str], how: str) -> None:
    """Record a Move (or a Charge's move) with who stood beside the fighter before and after (Coward!)."""
    record = MoveRecord(fighter=fighter.id, before=_adjacent(ref, fighter.id, path[0]),
                        after=_adjacent(ref, fighter.id, path[-1]))
    ref.emit(FighterMoved(fighter=fighter.id, path=path, how=how, record=record))


def move(ref: Referee, side: SideId, command: Move) -> None:
    """A Move action (L403): at most once a phase, never after a Charge (L399)."""
    _check_activation(ref, side, command.verb)
    fighter = ready_fighter(ref, side, command.fighter, command.verb)
    _may_move(fighter, command.verb)
    _take(ref, side, f"{fighter.id} makes a Move action")
    path = plan_move(ref, fighter, command.to, charging=False, verb=command.verb)
    sprint = lingering_modifiers(ref, ("first_move",), fighter)
    _moved(ref, fighter, path, "move")
    if ref.rules.guard_duration == "lost-on-move" and fighter.guard:
        ref.emit(GuardChanged(fighters=[fighter.id], on=False, why=" (it moved; ruling guard-duration)"))
    if sprint:
        used = {index for index, _, _ in sprint}
        if any(effect.modifier.exhausts for _, _, effect in sprint):
            ref.emit(FightersExhausted(fighters=[fighter.id], why="Sprint"))
        ref.emit(LingeringSet(lingering=[item for i, item in enumerate(ref.state.lingering) if i not in used]))
    lethal_check(ref, fighter.id, side, path)
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side, fighter=fighter.id))


def charge(ref: Referee, side: SideId, command: Charge) -> None:
    """A Charge action: a Move, then at once an Attack action against a target in range and sight from where it
    ended; the fighter then cannot be activated again this phase and is no longer on Guard (L569, L573)."""
    _check_activation(ref, side, command.verb)
    fighter = ready_fighter(ref, side, command.fighter, command.verb)
    _may_move(fighter, command.verb)
    _take(ref, side, f"{fighter.id} makes a Charge action")
    path = plan_move(ref, fighter, command.to, charging=True, verb=command.verb)
    _moved(ref, fighter, path, "charge")
    lethal_check(ref, fighter.id, side, path)
    charged = ref.state.fighters[fighter.id]
    source, profile = _profile(ref, charged, command.attack, command.target)
    targets = _targets(ref, charged, profile.targets, (command.target,), profile.name, source, command.verb)
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side, fighter=fighter.id, checkpoint=False),
             *_attack_frames(ref, charged, targets, profile.name, source, via="charge"))


def _targets(ref: Referee, fighter: FighterRecord, kind: str, named: tuple[str, ...], attack: str, source: str,
             verb: str) -> list[str]:
    """The targets of an Attack action, checked (L423, L491, L509); every adjacent enemy for an attack that
    targets them all, in the attacker's order (L519)."""
    state = ref.state
    _, profile = ref.lib.attack_named(state, fighter, attack, source)
    if kind == "all_adjacent":
        adjacent = [f.id for f in ref.battle().neighbours_of(fighter.id) if f.side != fighter.side]
        if not adjacent:
            raise IllegalCommand(f"{profile.name} targets every adjacent enemy and {fighter.id} has none", verb=verb,
                                 rule=f"{RULE}, L509, L519")
        first = [ref.lib.fighter(state, t).id for t in named if t]
        return [t for t in first if t in adjacent] + [t for t in adjacent if t not in first]
    if not named or not named[0]:
        raise InvalidCommand(f"name the target with target: (an enemy fighter, e.g. {_an_enemy(ref, fighter)})",
                             verb=verb)
    target = ref.lib.fighter(state, named[0])
    why = problem(ref, fighter, profile, target)
    if why is not None:
        raise IllegalCommand(why, verb=verb)
    return [target.id]


def _profile(ref: Referee, fighter: FighterRecord, name: str, target: str) -> tuple[str, AttackProfile]:
    """The Attack action named, or when none is named the fighter's first one that can reach ``target``."""
    if name:
        return ref.lib.attack_named(ref.state, fighter, name)
    every = ref.lib.attacks(ref.state, fighter)
    enemy = ref.state.fighters.get(target.upper()) if target else None
    if enemy is not None and enemy.hex is not None:
        for source, profile in every:
            if profile.targets == "one" and problem(ref, fighter, profile, enemy) is None:
                return source, profile
    return every[0]


def _an_enemy(ref: Referee, fighter: FighterRecord) -> str:
    return next((f.id for f in ref.state.fighters.values() if f.side != fighter.side and f.hex), "B1")


def guard(ref: Referee, side: SideId, command: Guard) -> None:
    """Go on Guard until the end of the phase (L573)."""
    _check_activation(ref, side, command.verb)
    fighter = ready_fighter(ref, side, command.fighter, command.verb)
    if fighter.guard:
        raise IllegalCommand(f"{fighter.id} is already on Guard", verb=command.verb, rule=f"{RULE}, L573")
    _take(ref, side, f"{fighter.id} goes on Guard")
    ref.emit(GuardChanged(fighters=[fighter.id], on=True))
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side, fighter=fighter.id))


def attack(ref: Referee, side: SideId, command: Attack) -> None:
    """An Attack action (L417-L573); an optional upgrade (Total Offence) is used when named."""
    _check_activation(ref, side, command.verb)
    fighter = ready_fighter(ref, side, command.fighter, command.verb)
    source, profile = _profile(ref, fighter, command.attack, command.targets[0] if command.targets else "")
    optional = False
    if command.optional:
        card = ref.lib.find_card(ref.state, command.optional, fighter.upgrades)
        if card is None or not any(m.optional for m in ref.lib.card(ref.state, card).modifiers):
            raise InvalidCommand(f"{fighter.id} has no upgrade {command.optional!r} to use now", verb=command.verb)
        optional = True
    targets = _targets(ref, fighter, profile.targets, command.targets, profile.name, source, command.verb)
    _take(ref, side, f"{fighter.id} makes an Attack action ({profile.name})")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side, fighter=fighter.id, checkpoint=False),
             *_attack_frames(ref, fighter, targets, profile.name, source, optional=optional))


def _attack_frames(ref: Referee, fighter: FighterRecord, targets: list[str], profile: str, source: str, *,
                   via: Literal["activation", "charge"] = "activation", optional: bool = False) -> list[AttackFrame]:
    """One Attack action per target, the first target's on top (L519). Under the ruling ``support-timing:
    at-declaration`` each target's support is counted now, as the targets are chosen, not at its roll."""
    counted: dict[str, str] = {}
    if ref.rules.support_timing == "at-declaration":
        battle = ref.battle()
        for target in targets:
            ours, theirs = support(battle, battle.fighter(fighter.id), battle.fighter(target))
            counted[target] = f"{ours},{theirs}"
    return [AttackFrame(id=ref.next_frame_id(), attacker=fighter.id, target=t, profile=profile, source=source,
                        via=via, optional=optional, answers={"support": counted[t]} if t in counted else {})
            for t in reversed(targets)]


def use_action(ref: Referee, side: SideId, command: UseAction) -> None:
    """An action an upgrade grants (L417, L605)."""
    _check_activation(ref, side, command.verb)
    fighter = ready_fighter(ref, side, command.fighter, command.verb)
    card_id = ref.lib.find_card(ref.state, command.card, fighter.upgrades)
    card = ref.lib.card(ref.state, card_id) if card_id else None
    if card is None or card.action is None:
        granted = [ref.lib.card(ref.state, c).name for c in fighter.upgrades if ref.lib.card(ref.state, c).action]
        raise InvalidCommand(f"{fighter.id} has no upgrade action {command.card!r}"
                             + (f"; it has {', '.join(granted)}" if granted else ""), verb=command.verb)
    _take(ref, side, f"{fighter.id} uses {card.name}")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side, fighter=fighter.id),
             EffectsFrame(id=ref.next_frame_id(), card=card.id, side=side, effects=as_data(card.action.effects),
                          chosen=[], bound={"self": fighter.id}))


def _empty(ref: Referee, deck_id: str, what: str, verb: str) -> None:
    why = sudden_death_refusal(ref.state)
    if why is not None:
        raise IllegalCommand(why, verb=verb)
    if not ref.state.decks[deck_id].piles["draw"] and ref.rules.empty_deck_activation == "forbidden":
        raise IllegalCommand(f"the {what} deck is empty (ruling empty-deck-activation: forbidden)", verb=verb,
                             rule=f"{RULE}, L295")


def draw_power(ref: Referee, side: SideId, verb: str) -> None:
    """Draw the top power card (L401); with an empty deck nothing is drawn (L295, ruling)."""
    _check_activation(ref, side, verb)
    _empty(ref, power_deck(side), "power", verb)
    _take(ref, side, "draws a power card")
    ref.decks().draw(power_deck(side), 1, why="an activation")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side))


def swap_objective(ref: Referee, side: SideId, command: SwapObjective) -> None:
    """Discard an objective card and draw another (L401)."""
    _check_activation(ref, side, command.verb)
    held = hand(ref, side)
    card = ref.lib.find_card(ref.state, command.card, held)
    if card is None:
        names = ", ".join(ref.lib.card(ref.state, c).name for c in held) or "none"
        raise InvalidCommand(f"{command.card!r} is not an objective card in your hand (yours: {names})",
                             verb=command.verb)
    _empty(ref, objective_deck(side), "objective", command.verb)
    _take(ref, side, "discards an objective card and draws another")
    decks = ref.decks()
    decks.move(objective_deck(side), [card], "hand", "discard", why="swapped")
    drawn = decks.draw(objective_deck(side), 1, why="an activation")
    marks = drawn_marks(ref, side, drawn, ref.state.checkpoint + 1)
    ref.emit(UnscorableSet(unscorable={**ref.state.unscorable, **marks}), NOBODY)
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side))


def pass_activation(ref: Referee, side: SideId, verb: str) -> None:
    _check_activation(ref, side, verb)
    _take(ref, side, "passes")
    ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side))


# -- after an activation: reactions, scoring, the power step -------------------------------------------


def end_activation(ref: Referee, frame: EndActivationFrame) -> None:
    """Reactions after the activation, then Inspire and objectives scored immediately, then its power step."""
    if frame.stage == "reactions":
        ref.replace(frame.model_copy(update={"stage": "checkpoint"}))
        offer(ref, Trigger(when="after_activation", by="activation", actor=frame.fighter, actor_side=frame.side))
        return
    if frame.stage == "checkpoint":
        ref.replace(frame.model_copy(update={"stage": "power"}))
        check_inspire(ref)
        if frame.checkpoint:
            checkpoint(ref)
        ended = [item for item in ref.state.lingering if not item.active]
        if len(ended) != len(ref.state.lingering):
            ref.emit(LingeringSet(lingering=ended, shown="The ploys that lasted for that activation are discarded "
                                                         f"({RULE}, L605)."))
        return
    ref.pop(frame.id)
    if ref.state.sudden_death:
        _after_power_step(ref)  # no power cards are played in sudden death (L751): the step has nothing in it
        return
    ref.emit(PowerStepSet(power=PowerStep(after=frame.side, turn=frame.side),
                          shown=f"Power step: side {frame.side} may play a power card or pass ({RULE}, L575)."))


def next_power_turn(ref: Referee, passed: bool) -> None:
    """The power step goes round; once every player has passed in a row it ends (L575-L579, L827)."""
    state = ref.state
    power = state.power
    assert power is not None
    passes = power.passes + 1 if passed else 0
    if passes >= len(state.in_play):
        _after_power_step(ref)
        return
    order = [s for s in rotation(state.sides, power.turn, reverse=anticlockwise(state, ref.rules))[1:]
             if s in state.in_play]
    following = order[0] if order else power.turn
    said = f"Side {power.turn} passes; side" if passed else "Side"
    ref.emit(PowerStepSet(power=power.model_copy(update={"turn": following, "passes": passes}),
                          shown=f"{said} {following} may play a power card or pass ({RULE}, L575)."))


def pass_power(ref: Referee, side: SideId, verb: str) -> None:
    state = ref.state
    if state.step != "power" or state.power is None:
        raise IllegalCommand("there is no power step now", verb=verb)
    if state.power.turn != side:
        raise NotYourTurn(f"it is side {state.power.turn}'s turn in the power step", verb=verb, rule=f"{RULE}, L575")
    next_power_turn(ref, passed=True)


def _after_power_step(ref: Referee) -> None:
    """The next activation, or the end phase once every activation is used (L393, L579)."""
    state = ref.state
    if state.activation >= ACTIVATIONS * len(state.order):
        begin_end_phase(ref)
        return
    side = next_activator(state)
    ref.emit(ActivationDue(side=side))
    if (ref.rules.activations_without_fighters == "skip"
            and not any(f.side == side and f.hex for f in state.fighters.values())):
        _take(ref, side, "passes: its warband is out of action (ruling activations-without-fighters)")
        ref.push(EndActivationFrame(id=ref.next_frame_id(), side=side))
