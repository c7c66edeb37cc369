"""The bot's policy for a side seated to it (``/game new bot:B``), for practice and the fairness bench.

It plays what a plain, careful player would, reading the same rule checks as the menus (so it never tries what the
referee refuses), deterministically (the same state gives the same move):

- decisions: set-up turns by their defaults (the suggested spots); as Leader the model hardest to Kill (On The Hunt
  pays 5 VP for it, and a Leader standing earns Fortune, L353); the first model to activate its own model nearest an
  enemy, the Leader last; a Fortune ability its first offer, except the Delver's incendiary rounds (their Jammed
  counter silences the musket for every later activation until a Rally, a poor trade for one Burning volley), and a
  free Rally only for Wavering, Floored or Jammed; re-roll a missed attack with Loot, an Armor test with Fortune
  when the wound would Down or Kill; Anticipate every attack it can; Held Strike when offered, else keep the token;
  a Held Shot at the end of the move at the first target offered; a Bodyguard takes a hit meant for its Leader;
- its turn: of its models (nearest an enemy first, the Leader last) the first that can Charge or attack does (the
  target it hits most easily, melee before ranged, aimed when the AP allow); else the first of the first two with a
  move worth making moves: into contact (a Charge follows) or, a shooter, into range with an AP kept to shoot; else
  the best of a few moves (a step and a full move toward the nearest enemy, a full move toward each Objective) and
  staying put by the danger at their end (``bot_danger``: the wounds the enemy could expect to deal there in its
  next activations, a Leader's counted twice) against the inches gained toward the enemy (a fighter, which must
  reach contact, valuing them four times as a shooter does). When staying put is best, the first model goes On
  Guard if it has the 2 AP (L419), else ends its activation.
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
from engine.core.bots import DEFAULTS_TAKEN
from engine.core.decision_kinds import live_defaults
from engine.geometry import distance
from engine.systems.sunshard.acting import activating, actors
from engine.systems.sunshard.bot_danger import dangers, gap_from
from engine.systems.sunshard.declared import charges
from engine.systems.sunshard.engagement import gap
from engine.systems.sunshard.fortune import FRUIT
from engine.systems.sunshard.modifiers import AttackSpec, attack_target, is_melee
from engine.systems.sunshard.play_attacks import AIMED, attack_options, placement_for
from engine.systems.sunshard.play_moves import offered_as, offered_move, preferred_move
from engine.systems.sunshard.specials import SPECIAL_COSTS
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.terrain import objectives, piece
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
            best = min(own, key=lambda m: (world.model(m).leader, _nearest_gap(world, world.model(m))))
            return _answer(decision, {"model": best}, f"activates {best} first: the nearest to an enemy, the "
                                                      "Leader last")
    if kind == "leader":
        hardiest = max(options.get("model", []), key=lambda m: _toughness(world.model(m)), default=None)
        if hardiest is not None:
            return _answer(decision, {"model": hardiest}, f"makes {hardiest} its Leader: the hardest to kill")
    if kind == "fortune":
        usable = [o for o in options.get("use", []) if o != "none" and not o.startswith("delver-incendiary")
                  and (not o.startswith("free-rally") or any(c in o for c in ("Wavering", "Floored", "Jammed")))
                  and (not o.startswith("ruin-blood-price:")  # its Blight only for a heal the friend needs
                       or world.model(o.removesuffix(FRUIT).partition(":")[2]).placed.wounds_taken > 0)]
        if usable:
            label = decision.parts[0].label_of(usable[0]) or usable[0]
            return _answer(decision, {"use": usable[0]}, f"spends Fortune on {label}")
    if kind == "attack-reroll" and "loot" in options.get("reroll", []):
        return _answer(decision, {"reroll": "loot"}, "re-rolls the attack test with a Loot token")
    if kind == "armor-reroll" and world.state.attack is not None:
        hit = world.state.attack.hits[world.state.attack.hit_index]
        if world.model(hit.model).hp <= 1 and "fortune" in options.get("reroll", []):
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
    return _answer(decision, defaults, DEFAULTS_TAKEN)


def _toughness(model: Miniature) -> float:
    """How many aimed shots of an average weapon (AA 5, ST 5) it takes on average to Kill ``model``: its HP over
    the chance of hitting it (L497, L565) times the chance its Armor test fails (L512). On The Hunt pays 5 VP for the
    Leader, and a Leader standing earns Fortune each round (L353)."""
    hit = min(max(5 + model.characteristic("EVA").value + 2, 1), 19) / 20
    wound = 1 - min(max(model.characteristic("ARM").value - 5, 1), 19) / 20
    return (model.card.HP + 1) / (hit * wound)


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
    return _act("attack", model=model.id, target=best[2], **{"with": best[3]},
                **placement_for(world, side, model.id, best[2], best[3], "action"))


def _move(world: World, side: SideId, model: Miniature) -> ActionCommand | None:
    """Close in: into contact (a Charge follows) or into range with an AP kept to shoot, by the move the menus
    suggest (``play_moves.preferred_move``); else the least dangerous of a few moves toward the nearest enemy or an
    Objective (``_safest``); None when staying put is safest."""
    text = preferred_move(world, side, model.id)
    activation = world.state.activation
    if text is None or activation is None:
        return None
    plan = offered_move(world, side, model.id, text)
    words = text.split()
    if words[0] == "contact" or (plan is not None and words[-1] != "max" and plan.ap < activation.ap):
        return _act("move", model=model.id, to=text)
    chosen = _safest(world, side, model, text)
    return _act("move", model=model.id, to=chosen) if chosen is not None else None


def _stay(world: World, model: Miniature, started: bool) -> tuple[ActionCommand, str]:
    """A model staying put: On Guard when it has the AP (L419; a token it holds is lost as its activation starts,
    L435), else it ends its activation (or begins it, to end it next)."""
    activation = world.state.activation
    ap = activation.ap if activation is not None else model.card.AP
    if ap >= SPECIAL_COSTS["on-guard"] and not (started and model.holds("On Guard")):
        return _act("on-guard", model=model.id), f"{model.id} stays put On Guard"
    if not started:
        return _act("activate", model=model.id), f"{model.id} activates to stay put"
    return _act("end", model=model.id), f"{model.id} has nothing useful left to do"


_STEP_WORTH = {True: 0.03, False: 0.12}
"""How much danger (expected wounds, ``bot_danger``) an inch closer to the enemy is worth to the bot: to a shooter
(which only needs to come into range), and to a fighter (which must reach contact to do anything)."""


def _safest(world: World, side: SideId, model: Miniature, suggested: str) -> str | None:
    """Among a few moves (the suggested one, one AP toward the nearest enemy, toward each Objective nearer that
    enemy than the model is) and staying put, the one whose end is least dangerous, an inch nearer the enemy weighing
    ``_STEP_WORTH`` (a Leader's danger twice: On The Hunt pays 5 VP for it); None when staying put is best."""
    activation = world.state.activation
    nearest = min((e for e in world.on_table() if e.side != side), key=lambda e: gap(model, e))
    step = [f"toward {nearest.id} {model.characteristic('SPD').value:g}"] if activation and activation.ap > 1 else []
    texts = [suggested, *step, *(f"toward {o.id} max" for o in objectives(world)
                                 if distance(piece(world, o), nearest.base()) < gap(model, nearest))]
    weight = 2.0 if model.leader else 1.0
    worth = _STEP_WORTH[any(not is_melee(p) for p in model.card.weapons)]

    here = (model.placed.x, model.placed.y)
    moves: dict[str, tuple[float, float]] = {}
    for text in dict.fromkeys(texts):
        entry = offered_as(world, side, model.id, text)
        if entry is not None:
            listed, plan = entry
            moves.setdefault(listed, (plan.path[-1][0], plan.path[-1][1]))
    spots = [here, *moves.values()]
    scores = [weight * risk + worth * gap_from(model.base().at(x, y), world, side)
              for risk, (x, y) in zip(dangers(world, model, spots), spots, strict=True)]
    best = min(range(len(spots)), key=lambda i: (scores[i] + (1e-9 if i else 0.0), i))
    return list(moves)[best - 1] if best else None


_MOVERS = 2
"""How many of its models (nearest an enemy first) the bot weighs moves for when none can attack: the rest would
weigh the same few spots at a cost (each move is routed) for a choice the first two nearly always make."""


def _choose(world: World, side: SideId) -> tuple[ActionCommand, str] | None:
    """The action the bot takes now on its turn, and why: the first model (nearest an enemy, the Leader last) with
    a Charge or an attack; else the first of the first ``_MOVERS`` with a move worth making; else the first stays
    put."""
    activation = world.state.activation
    if activation is not None:
        order = [world.model(activation.model)]
    else:
        order = sorted(actors(world, side), key=lambda m: (m.leader, _nearest_gap(world, m)))
    seen = [(w, w.model(m.id)) for m in order for w in [activating(world, side, m.id)[0]]]
    for view, me in seen:
        found = charges(view, me.id)
        if found:
            profile, target = found[0]
            return _act("charge", model=me.id, target=target, **{"with": profile}), f"{me.id} Charges {target}"
        command = _attack(view, side, me)
        if command is not None:
            return command, f"{me.id} attacks its easiest target"
    for view, me in seen[:_MOVERS]:
        command = _move(view, side, me) if view.state.activation is not None and view.state.activation.ap else None
        if command is not None:
            return command, f"{me.id} closes in on the nearest enemy"
    return _stay(*seen[0], started=activation is not None) if seen else None


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
