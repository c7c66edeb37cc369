"""The activations, declared (Underworlds core rulebook, L391-L403, L417-L573, L605): each fighter's Move, Charge,
Guard, Attack action and upgrade action, and the player's draw of a power card and swap of an objective card.

Parameters come in the order a player answers them (a Charge: the fighter, its target, where it charges to, with
what), each menu listing what ``reach`` finds legal given the answers before it; a value typed that no menu lists is
refused in the rules' own words (or, for a path ``C4>C5``, accepted when it is legal). Each action's one check
(``activations.*_plan``) returns the plan its handler applies.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

from engine.core import (
    Ask,
    Choice,
    FreeForm,
    IllegalCommand,
    InvalidCommand,
    LineStyle,
    Order,
    Overlay,
    OverlayKind,
    Param,
    RulesError,
    natural_key,
)
from engine.hex.view import HexFrame
from engine.systems.underworlds import activations
from engine.systems.underworlds.activations import Activation, AttackPlan, ChargePlan, MovePlan
from engine.systems.underworlds.combat import charge_odds, odds
from engine.systems.underworlds.declared import (
    RULES,
    Timing,
    applied,
    fighter_choice,
    hex_choice,
    named_fighter,
    refusal,
    said,
    why,
)
from engine.systems.underworlds.game_state import FighterRecord, objective_deck, power_deck
from engine.systems.underworlds.objectives import hand
from engine.systems.underworlds.reach import attacks, can_act, charges, destinations, movable, steps_to_ends
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import AttackProfile

__all__ = ["ACTIVATION"]

ACTIVATION = Timing(steps=("activation",), turn=True, words=activations.activation_refusal)
"""An activation: the acting player's turn in the action phase, four each (L393)."""


def _fighters(ref: Referee, ask: Ask, able: object) -> list[Choice]:
    """The acting side's fighters that may be activated and for which ``able(fighter)`` holds."""
    return [fighter_choice(ref, f) for f in ref.state.fighters.values()
            if f.side == ask.acting and can_act(f) and able(f)]  # type: ignore[operator]


def _ready(ref: Referee, ask: Ask, typed: str) -> FighterRecord:
    return activations.ready_fighter(ref, ask.acting, typed, ask.verb)


def _mover(ref: Referee, ask: Ask, typed: str) -> None:
    activations.may_move(_ready(ref, ask, typed), ask.verb)


def _nearest_enemy(ref: Referee, fighter: FighterRecord) -> FighterRecord | None:
    board = ref.lib.board(ref.state)
    here = board.hex_of(str(fighter.hex))
    enemies = [f for f in ref.state.fighters.values() if f.side != fighter.side and f.hex is not None
               and not f.out_of_action]
    return min(enemies, key=lambda f: (board.hex_of(str(f.hex)).distance(here), f.id), default=None)


def _attacker(ref: Referee, ask: Ask, typed: str) -> None:
    """Why a fighter ready to act is no attacker now: why its Attack actions miss the nearest enemy."""
    fighter = _ready(ref, ask, typed)
    enemy = _nearest_enemy(ref, fighter) if fighter.hex is not None else None
    try:
        if enemy is not None:
            activations.attack_plan(ref, ask.acting, fighter.id, (enemy.id,), "", "", ask.verb)
    except RulesError as error:
        raise IllegalCommand(f"{fighter.id} can attack no enemy now: {refusal(error)}", verb=ask.verb) from None
    raise IllegalCommand(f"{fighter.id} can attack no enemy now", verb=ask.verb, rule=f"{RULE}, L417")


def _charger(ref: Referee, ask: Ask, typed: str) -> None:
    """Why a fighter that may move has no Charge: why none reaches the nearest enemy."""
    _mover(ref, ask, typed)
    fighter = ref.lib.fighter(ref.state, typed)
    enemy = _nearest_enemy(ref, fighter) if fighter.hex is not None else None
    if enemy is not None:
        _charge_target(ref, Ask(ask.verb, ask.asker, ask.viewer, {"model": fighter.id}, host=ask.host), enemy.id)
    raise IllegalCommand(f"{fighter.id} has no Charge to make", verb=ask.verb, rule=f"{RULE}, L569")


def _user(ref: Referee, ask: Ask, typed: str) -> None:
    """Why a fighter ready to act has no upgrade's action to take."""
    fighter = _ready(ref, ask, typed)
    raise IllegalCommand(f"{fighter.id} has no upgrade that grants an action", verb=ask.verb, rule=f"{RULE}, L605")


# -- Move ---------------------------------------------------------------------------------------------------


def _movers(ref: Referee, ask: Ask) -> list[Choice]:
    return _fighters(ref, ask, lambda f: movable(ref, f, ask.acting))


def _move_ends(ref: Referee, ask: Ask) -> list[Choice]:
    """Where a Move may end, nearest first: each called a hex (hex and fighter ids share a form, ``B5``) with its
    steps by the shortest route, and ringed on the menu's picture."""
    board = ref.lib.board(ref.state)
    frame = HexFrame.of(board)
    fighter = named_fighter(ref, ask)
    steps = steps_to_ends(ref, fighter, taking=ask.acting)
    meaning = f"a hex {fighter.id} can move to (its steps in the menu)"
    lying = _what_lies(ref)
    return [replace(hex_choice(h, f" ({lying(h)}{n} hex{'es' if n != 1 else ''} away)"),
                    overlay=Overlay(kind=OverlayKind.RING, center=frame.centre(board.hex_of(h)), radius=_RING,
                                    style=LineStyle.CLEAR, key=meaning))
            for h, n in sorted(steps.items(), key=lambda item: (item[1], natural_key(item[0])))]


def _what_lies(ref: Referee) -> Callable[[str], str]:
    """What a hex holds, as a Move's or Charge's menu names it before its steps or odds (``objective 3, ``): an
    objective token by its number (turned over once all are placed, L311), the Katophrane Artefact (L737), a lethal
    hex where the table's ruling makes one hurt (ruling lethal-hexes)."""
    board = ref.lib.board(ref.state)
    tokens = {t.hex: ("the Katophrane Artefact" if t.artefact else f"objective {t.number}" if t.face_up
                      else "an objective") for t in ref.state.tokens}
    hurts = ref.rules.lethal_hexes == "one-damage"

    def lying(hex_id: str) -> str:
        held = [tokens[hex_id]] if hex_id in tokens else []
        if hurts and board.has(board.hex_of(hex_id), "lethal"):
            held.append("lethal hex")
        return "".join(f"{what}, " for what in held)

    return lying


_RING = 0.8
"""A reachable hex's ring on the Move menu's picture, in board units (a hex's circumradius is 1)."""


def _move_plan(ref: Referee, ask: Ask) -> MovePlan:
    return activations.move_plan(ref, ask.acting, ask.text("model"), ask.text("to"), ask.verb)


# Not previewed: a move goes to the hex it names (by the shortest route, or the path typed), rolls nothing and says
# its route as it commits, at the console and on Discord alike; a preview's Confirm would make an activation from
# the menus cost four interactions (issue 23's budget: three on average).
RULES.action(None, "Move action: a fighter moves up to its Move in hexes (to: a hex id, or a path C4>C5)",
             verb=("move",), label="Move", when=ACTIVATION, per="model", check=_move_plan,
             rule=f"{RULE}, L403", params=(
                 Param("model", "Which fighter moves?", values=_movers, refused=said(_mover), noun="fighters"),
                 Param("to", "Where to?", values=_move_ends, noun="hexes", free_form=FreeForm.PATH, order=Order.GIVEN,
                       accepts=why(lambda ref, ask, typed: activations.plan_move(
                           ref, named_fighter(ref, ask), typed, charging=False, verb=ask.verb, taking=ask.acting))),
             ))(applied(activations.move))


# -- Charge -------------------------------------------------------------------------------------------------


def _chargers(ref: Referee, ask: Ask) -> list[Choice]:
    return _fighters(ref, ask, lambda f: bool(charges(ref, f, ask.acting)))


def _percent(chance: Fraction | None, up_to: bool = False, before: str = "") -> str:
    """A chance as a menu shows it after the choice: `` (up to 84% to succeed)``, ``before`` it what else is said
    (``objective 2, ``); nothing when neither is known."""
    if chance is None:
        return f" ({before.removesuffix(', ')})" if before else ""
    return f" ({before}{'up to ' if up_to else ''}{round(100 * chance)}% to succeed)"


def _charge_targets(ref: Referee, ask: Ask) -> list[Choice]:
    """Each enemy a Charge reaches, with its best chance over the hexes the Charge may end on, shown before it is
    chosen (``B1 Garrek Gorebeard (up to 84% to succeed)``), as an attack's target is."""
    fighter = named_fighter(ref, ask)
    best: dict[str, Fraction | None] = {}
    for hex_id, target in charges(ref, fighter, ask.acting):
        chance = charge_odds(ref, fighter, hex_id, target, ask.text("with", ""))
        best[target] = max((c for c in (best.get(target), chance) if c is not None), default=None)
    return [Choice(t, fighter_choice(ref, ref.state.fighters[t]).label + _percent(chance, up_to=True))
            for t, chance in best.items()]


def _charge_target(ref: Referee, ask: Ask, typed: str) -> None:
    """Why no Charge reaches the enemy typed: the refusal of a Charge to the hex nearest the charger from which one
    of its Attack actions could reach the enemy (its Move too short, the way blocked, no sight)."""
    fighter = named_fighter(ref, ask)
    target = ref.lib.fighter(ref.state, typed)
    profiles = ref.lib.attacks(ref.state, fighter)
    if not destinations(ref, fighter, charging=True, taking=ask.acting) or target.hex is None or not profiles:
        raise IllegalCommand(f"{fighter.id} has no Charge to make against {target.id}", verb=ask.verb,
                             rule=f"{RULE}, L403, L569")
    board = ref.lib.board(ref.state)
    there, here = board.hex_of(target.hex), board.hex_of(str(fighter.hex))
    longest = max(p.range for _, p in profiles)
    near = [h for h in board.hexes if 0 < h.distance(there) <= longest and h != here]
    for end in sorted(near, key=lambda h: (h.distance(here), board.id_of(h))):
        activations.charge_plan(ref, ask.acting, fighter.id, target.id, board.id_of(end), "", ask.verb)
    raise IllegalCommand(f"{fighter.id} has no Charge to make against {target.id}", verb=ask.verb,
                         rule=f"{RULE}, L403, L569")


def _charge_ends(ref: Referee, ask: Ask) -> list[Choice]:
    fighter = named_fighter(ref, ask)
    target = ref.lib.fighter(ref.state, ask.text("target")).id
    named = ask.text("with", "")
    lying = _what_lies(ref)
    return [hex_choice(h, _percent(charge_odds(ref, fighter, h, target, named), before=lying(h)))
            for h, t in charges(ref, fighter, ask.acting) if t == target]  # supporting fighters change the odds


def _charge_end(ref: Referee, ask: Ask, typed: str) -> None:
    activations.charge_plan(ref, ask.acting, ask.text("model"), ask.text("target"), typed, "", ask.verb)


def _charge_attacks(ref: Referee, ask: Ask) -> list[Choice]:
    """The fighter's Attack actions that reach the target from where the Charge ends (the last hex of a path), each
    with its dice and its chance to succeed as the Charge's attack."""
    fighter = named_fighter(ref, ask)
    end = ask.text("to").replace(";", ">").replace(",", ">").split(">")[-1].strip().upper()
    target = ref.lib.fighter(ref.state, ask.text("target")).id
    return [Choice(p.name, _weapon(p, charge_odds(ref, fighter, end, target, p.name)))
            for p in _profiles(ref, fighter, target, end)]


def _profiles(ref: Referee, fighter: FighterRecord, target: str, at: str | None = None) -> list[AttackProfile]:
    """The Attack actions that reach ``target`` (from ``at``), each name once, in the fighter card's order."""
    found: dict[str, AttackProfile] = {}
    for _, profile, enemy in attacks(ref, fighter, at):
        if enemy == target:
            found.setdefault(profile.name, profile)
    return list(found.values())


def _weapon(profile: AttackProfile, chance: Fraction | None) -> str:
    """An Attack action as its menu shows it: ``Broadsword (2 hammer, damage 1; 58% to succeed)``, the dice and
    damage printed on the card (L423) and the chance against the target chosen."""
    odds_ = "" if chance is None else f"; {round(100 * chance)}% to succeed"
    return f"{profile.name} ({profile.dice} {profile.symbol}, damage {profile.damage}{odds_})"


def _charge_plan(ref: Referee, ask: Ask) -> ChargePlan:
    return activations.charge_plan(ref, ask.acting, ask.text("model"), ask.text("target"), ask.text("to"),
                                   ask.text("with", ""), ask.verb)


_FIRST = "the first of these (as left out)"
"""Leaving the Attack action out means the first listed that reaches (the bot's charges and attacks leave it out)."""


RULES.action("charge", "Charge: move, then attack a target in range from where the fighter ends", label="Charge",
             when=ACTIVATION, per="model", check=_charge_plan, rule=f"{RULE}, L569", params=(
                 Param("model", "Which fighter charges?", values=_chargers, refused=said(_charger), noun="fighters"),
                 Param("target", "Which enemy?", values=_charge_targets, refused=said(_charge_target),
                       noun="enemies"),
                 Param("to", "Charge to which hex?", values=_charge_ends, accepts=why(_charge_end), noun="hexes",
                       free_form=FreeForm.PATH),
                 Param("with", "With which Attack action?", values=_charge_attacks, optional=True, single=True,
                       none_label=_FIRST, noun="attacks", order=Order.GIVEN, refused=said(
                           lambda ref, ask, typed: activations.charge_plan(ref, ask.acting, ask.text("model"),
                                                                           ask.text("target"), ask.text("to"), typed,
                                                                           ask.verb))),
             ))(applied(activations.charge))


# -- Guard ------------------------------------------------------------------------------------------------


def _guard_plan(ref: Referee, ask: Ask) -> Activation:
    return activations.guard_plan(ref, ask.acting, ask.text("model"), ask.verb)


RULES.action("guard", "Put a fighter on Guard", label="Guard", when=ACTIVATION, per="model", check=_guard_plan,
             rule=f"{RULE}, L573", params=(
                 Param("model", "Which fighter goes on Guard?", values=lambda ref, ask: _fighters(
                     ref, ask, lambda f: not f.guard), noun="fighters",
                       refused=said(lambda ref, ask, typed: activations.guard_plan(ref, ask.acting, typed, ask.verb))),
             ))(applied(activations.guard))


# -- Attack -----------------------------------------------------------------------------------------------


def _attackers(ref: Referee, ask: Ask) -> list[Choice]:
    return _fighters(ref, ask, lambda f: bool(attacks(ref, f)))


def _targets(ref: Referee, ask: Ask) -> list[Choice]:
    """Each enemy an Attack action reaches, with the chance the first that reaches succeeds, shown before it is
    chosen (``B1 Garrek (58% to succeed)``)."""
    fighter = named_fighter(ref, ask)
    first: dict[str, AttackProfile] = {}
    for _, profile, target in attacks(ref, fighter):
        first.setdefault(target, profile)
    found = []
    for target, profile in first.items():
        enemy = ref.state.fighters[target]
        shown = fighter_choice(ref, enemy)
        found.append(Choice(target, shown.label + _percent(odds(ref, fighter, profile, enemy))))
    return found


def _typed_targets(ref: Referee, ask: Ask, typed: str) -> None:
    """Enemies typed in order (``B2,B1``) for an attack on every adjacent enemy; else why the one typed is not a
    target of the fighter's Attack actions."""
    fighter = named_fighter(ref, ask)
    named = tuple(t.strip() for t in typed.split(",") if t.strip())
    name = ""
    if len(named) > 1:
        sweeping = [p.name for _, p in ref.lib.attacks(ref.state, fighter) if p.targets == "all_adjacent"]
        if not sweeping:
            raise InvalidCommand(f"{fighter.id} has no Attack action on every adjacent enemy: name one target",
                                 verb=ask.verb)
        name = sweeping[0]
    activations.attack_plan(ref, ask.acting, fighter.id, named, name, "", ask.verb)


def _attack_profiles(ref: Referee, ask: Ask) -> list[Choice]:
    fighter = named_fighter(ref, ask)
    named = tuple(t.strip() for t in ask.text("target").split(",") if t.strip())
    if len(named) > 1:
        return [Choice(p.name, _weapon(p, None)) for _, p in ref.lib.attacks(ref.state, fighter)
                if p.targets == "all_adjacent"]
    enemy = ref.lib.fighter(ref.state, named[0])
    return [Choice(p.name, _weapon(p, odds(ref, fighter, p, enemy))) for p in _profiles(ref, fighter, enemy.id)]


def _optional_upgrades(ref: Referee, ask: Ask) -> list[Choice]:
    fighter = named_fighter(ref, ask)
    return [Choice(c, ref.lib.card(ref.state, c).name) for c in fighter.upgrades
            if any(m.optional for m in ref.lib.card(ref.state, c).modifiers)]


def _attack_plan(ref: Referee, ask: Ask) -> AttackPlan:
    targets = tuple(t.strip() for t in ask.text("target").split(",") if t.strip())
    return activations.attack_plan(ref, ask.acting, ask.text("model"), targets, ask.text("with", ""),
                                   ask.text("choice", ""), ask.verb)


RULES.action("attack", "Attack action: an enemy in range and sight (several, comma-separated, in the order they "
                       "are attacked, for an attack on every adjacent enemy); choice: Total Offence", label="Attack",
             when=ACTIVATION, per="model", check=_attack_plan, rule=f"{RULE}, L417-L573", params=(
                 Param("model", "Which fighter attacks?", values=_attackers, refused=said(_attacker), noun="fighters"),
                 Param("target", "Which enemy?", values=_targets, accepts=why(_typed_targets), noun="enemies",
                       free_form=FreeForm.LIST),
                 Param("with", "With which Attack action?", values=_attack_profiles, optional=True, single=True,
                       none_label=_FIRST, noun="attacks", order=Order.GIVEN, refused=said(
                           lambda ref, ask, typed: activations.attack_plan(
                               ref, ask.acting, ask.text("model"), tuple(ask.listed("target")), typed, "",
                               ask.verb))),
                 Param("choice", "Use an upgrade's extra dice?", values=_optional_upgrades, optional=True,
                       none_label="no", asked_when=lambda ref, ask: bool(_optional_upgrades(ref, ask)),
                       noun="upgrades"),
             ))(applied(activations.attack))


# -- an upgrade's action ------------------------------------------------------------------------------------


def _granted(ref: Referee, fighter: FighterRecord) -> list[Choice]:
    return [Choice(c, ref.lib.card(ref.state, c).name) for c in fighter.upgrades if ref.lib.card(ref.state, c).action]


def _use_plan(ref: Referee, ask: Ask) -> Activation:
    fighter = activations.ready_fighter(ref, ask.acting, ask.text("model"), ask.verb)
    card = activations.upgrade_action(ref, fighter, ask.text("with"), ask.verb)
    return Activation(ask.acting, fighter.id, card.id)


RULES.action("use", "An action an upgrade grants (with: the upgrade, e.g. block)", label="Use an upgrade",
             when=ACTIVATION, per="model", check=_use_plan, rule=f"{RULE}, L605", params=(
                 Param("model", "Which fighter?", values=lambda ref, ask: _fighters(
                     ref, ask, lambda f: bool(_granted(ref, f))), refused=said(_user), noun="fighters"),
                 Param("with", "Which upgrade's action?",
                       values=lambda ref, ask: _granted(ref, named_fighter(ref, ask)),
                       refused=said(lambda ref, ask, typed: activations.upgrade_action(
                           ref, named_fighter(ref, ask), typed, ask.verb)), single=True, noun="upgrades"),
             ))(applied(activations.use_action))


# -- the player's own activations ----------------------------------------------------------------------------


def _draw_plan(ref: Referee, ask: Ask) -> Activation:
    refused = activations.deck_refusal(ref, power_deck(ask.acting), "power", ask.verb)
    if refused is not None:
        raise refused
    return Activation(ask.acting)


def _may_draw(ref: Referee, ask: Ask) -> str | None:
    refused = activations.deck_refusal(ref, power_deck(ask.acting), "power", ask.verb)
    return refusal(refused) if refused is not None else None


RULES.action("draw", "Activation: draw a power card", label="Draw a power card", when=ACTIVATION,
             available=_may_draw, check=_draw_plan, rule=f"{RULE}, L401")(applied(activations.draw_power))


def _held_objectives(ref: Referee, ask: Ask) -> list[Choice]:
    return [Choice(c, ref.lib.card(ref.state, c).name) for c in hand(ref, ask.acting)]


def _may_swap(ref: Referee, ask: Ask) -> str | None:
    refused = activations.deck_refusal(ref, objective_deck(ask.acting), "objective", ask.verb)
    return refusal(refused) if refused is not None else None


def _swap_plan(ref: Referee, ask: Ask) -> Activation:
    return activations.swap_plan(ref, ask.acting, ask.text("with"), ask.verb)


RULES.action("swap", "Activation: discard an objective card and draw another", label="Swap an objective card",
             when=ACTIVATION, available=_may_swap, check=_swap_plan, rule=f"{RULE}, L401", params=(
                 Param("with", "Which objective card?", values=_held_objectives, noun="objective cards",
                       refused=said(lambda ref, ask, typed: activations.swap_plan(ref, ask.acting, typed, ask.verb))),
             ))(applied(activations.swap_objective))
