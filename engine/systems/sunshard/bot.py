"""The bot's policy for a side seated to it (``/game new bot:B``), for practice and the fairness bench.

It plays what a plain, careful player would, reading the same rule checks as the menus (so it never tries what the
referee refuses), deterministically (the same state gives the same move):

- decisions: set-up turns and Leaders by their defaults (the suggested spots); the first model to activate its own
  model nearest an enemy; a Fortune ability its first offer, except the Delver's incendiary rounds (their Jammed
  counter silences the musket for every later activation until a Rally, a poor trade for one Burning volley), and a
  free Rally only for Wavering, Floored or Jammed; re-roll a
  missed attack with Loot, an Armor test with Fortune when the wound would Down or Kill; Anticipate every attack it
  can; Held Strike when offered, else keep the token; a Held Shot at the end of the move at the first target offered;
  a Bodyguard takes a hit meant for its Leader;
- its turn: it activates the model nearest an enemy (the picked one, or the party's next); that model Charges if it
  can, else attacks the target it hits most easily (melee before ranged, aimed when the AP allow), else moves:
  into contact with the nearest enemy when it fights in melee and can reach it, else toward it (a shooter only as far
  as it needs to see and reach it); with nothing useful left it ends its activation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core import (
    ActionCommand,
    Answer,
    BotMove,
    Command,
    Decision,
    ModelId,
    SideId,
    offer_refused,
    simple_move,
)
from engine.core.decision_kinds import live_defaults
from engine.systems.sunshard.acting import activating, actors
from engine.systems.sunshard.declared import charges
from engine.systems.sunshard.engagement import gap
from engine.systems.sunshard.modifiers import AttackSpec, attack_target, is_melee
from engine.systems.sunshard.play_attacks import AIMED, attack_options
from engine.systems.sunshard.play_moves import preferred_move
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import Miniature, World

if TYPE_CHECKING:
    from engine.systems.sunshard.system import Sunshard

__all__ = ["bot_move"]


def _act(name: str, **values: str) -> ActionCommand:
    return ActionCommand(path=("act",), name=name, values=tuple(values.items()))


def _answer(decision: Decision, answers: dict[str, str], why: str) -> BotMove:
    return BotMove(Answer(decision_id=decision.id, answers=answers), (why,))


def _decide(world: World, decision: Decision, defaults: dict[str, str]) -> BotMove:
    """The bot's answer to a decision it owes."""
    options = {p.key: [o.key for o in p.options] for p in decision.parts}
    kind = decision.kind
    if kind == "first-pick":
        own = [m for m in options.get("model", []) if world.model(m).side == decision.owner]
        if own:
            best = min(own, key=lambda m: _nearest_gap(world, world.model(m)))
            return _answer(decision, {"model": best}, f"activates {best} first: the nearest to an enemy")
    if kind == "fortune":
        usable = [o for o in options.get("use", []) if o != "none" and not o.startswith("delver-incendiary")
                  and (not o.startswith("free-rally") or any(c in o for c in ("Wavering", "Floored", "Jammed")))]
        if usable:
            return _answer(decision, {"use": usable[0]}, f"spends Fortune on {usable[0]}")
    if kind == "attack-reroll" and "loot" in options.get("reroll", []):
        return _answer(decision, {"reroll": "loot"}, "re-rolls the attack test with a Loot token")
    if kind == "armor-reroll" and world.state.attack is not None:
        hit = world.state.attack.hits[world.state.attack.hit_index]
        if world.model(hit.model).hp <= 1:
            return _answer(decision, {"reroll": "fortune"}, f"spends Fortune to save {hit.model}")
    if kind == "anticipate":
        return _answer(decision, {"anticipate": "yes"}, "Anticipates the attack")
    if kind == "guard-engaged" and "strike" in options.get("do", []):
        weapon = decision.part("weapon").options[0].key
        return _answer(decision, {"do": "strike", "weapon": weapon}, "makes a Held Strike")
    if kind == "held-shot" and len(options.get("shooter", [])) > 1:
        shooter = options["shooter"][1]
        return _answer(decision, {**defaults, "shooter": shooter}, f"{shooter} takes a Held Shot")
    if kind == "substitute":
        leader = world.state.attack is not None and world.model(
            world.state.attack.hits[world.state.attack.hit_index].model).leader
        guards = [o for o in options.get("by", []) if o.startswith("bodyguard:")]
        if leader and guards:
            return _answer(decision, {"by": guards[0]}, "a Bodyguard takes the hit meant for the Leader")
    return _answer(decision, defaults, f"answers {decision.id} with its defaults")


def _nearest_gap(world: World, model: Miniature) -> float:
    enemies = [e for e in world.on_table() if e.side != model.side]
    return min((gap(model, e) for e in enemies), default=99.0)


def _chance(world: World, attacker: Miniature, target: ModelId, profile: str, aimed: bool, kind: str) -> int:
    """The attack test's TN (higher hits more often) for choosing among targets."""
    spec = AttackSpec(attacker.id, target, attacker.weapon(profile), kind, aimed)  # type: ignore[arg-type]
    return attack_target(world, spec).value


def _attack(world: World, side: SideId, model: Miniature) -> ActionCommand | None:
    """The attack this model makes now, if any: its easiest target, melee first, aimed when it can."""
    options = attack_options(world, side, model.id, "action")
    best: tuple[int, int, str, str] | None = None
    for target, ways in options.items():
        for profile, aimed in ways:
            melee = is_melee(model.weapon(profile))
            score = (1 if melee else 0, _chance(world, model, target, profile, aimed, "action"))
            if best is None or score > best[:2]:
                best = (*score, target, profile + (AIMED if aimed else ""))
    if best is None:
        return None
    return _act("attack", model=model.id, target=best[2], **{"with": best[3]})


def _move(world: World, side: SideId, model: Miniature) -> ActionCommand | None:
    """Close in, by the move the menus suggest (``play_moves.preferred_move``)."""
    text = preferred_move(world, side, model.id)
    return _act("move", model=model.id, to=text) if text is not None else None


def _choose(world: World, side: SideId) -> tuple[ActionCommand, str] | None:
    """The action the bot takes now on its turn, and why."""
    activation = world.state.activation
    if activation is not None:
        model = world.model(activation.model)
        order = [model]
    else:
        order = sorted(actors(world, side), key=lambda m: _nearest_gap(world, m))
    for model in order:
        seen = activating(world, side, model.id)[0]
        me = seen.model(model.id)
        found = charges(seen, me.id)
        if found:
            profile, target = found[0]
            return _act("charge", model=me.id, target=target, **{"with": profile}), f"{me.id} Charges {target}"
        command = _attack(seen, side, me)
        if command is not None:
            return command, f"{me.id} attacks its easiest target"
        command = _move(seen, side, me) if seen.state.activation is not None and seen.state.activation.ap else None
        if command is not None:
            return command, f"{me.id} closes in on the nearest enemy"
        if activation is not None:
            return _act("end", model=me.id), f"{me.id} has nothing useful left to do"
    return None


def bot_move(system: Sunshard, state: SunshardState, side: SideId, allowed: Callable[[Command], bool]
             ) -> BotMove | None:
    """What the bot does for ``side`` now (see the module's docstring)."""
    world = system.world(state)
    owed = next((d for d in state.pending.values() if d.owner == side), None)
    if owed is not None:
        defaults = live_defaults(system, state, owed) or {p.key: p.offered(1)[0].key for p in owed.parts
                                                           if p.offered(1)}
        return _decide(world, owed, defaults)
    if state.phase != "activation" or state.active_side != side:
        return simple_move(system, state, side, allowed)
    chosen = _choose(world, side)
    if chosen is not None:
        if allowed(chosen[0]):
            return BotMove(chosen[0], (chosen[1],))
        offer_refused("sunshard", side, chosen[0], "chosen among the values the action's menus offer")
    return simple_move(system, state, side, allowed)
