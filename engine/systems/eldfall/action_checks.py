"""Each action's own check in the Action step (Eldfall core rules v1.5, L1359-1585): what it declares and the log's
words, or a refusal naming the rule. declare.plan_action runs one after the checks every action shares; the
menus (action_menus) offer a value only where its action's check passes on it."""

from __future__ import annotations

import math

from engine.core import IllegalCommand, InvalidCommand, ModelId
from engine.systems.eldfall.declare import Request
from engine.systems.eldfall.dispelling import DISPEL_MAGIC, declare_dispel
from engine.systems.eldfall.duel_rules import duel_refusal
from engine.systems.eldfall.engaged import engaged
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.magic import cast_refusal
from engine.systems.eldfall.means import Means
from engine.systems.eldfall.modifiers import art_refusal
from engine.systems.eldfall.purging import PURGING, purge_choice
from engine.systems.eldfall.quests import TOKEN_RADIUS, token_seen, tokens_near
from engine.systems.eldfall.recovery import HASTENED_RECOVERY, recovered
from engine.systems.eldfall.refs import parse_ref, roman
from engine.systems.eldfall.state import Declared
from engine.systems.eldfall.strikes import active_strike
from engine.systems.eldfall.support import spell_use
from engine.systems.eldfall.trading import declare_trade
from engine.systems.eldfall.warding import WARD, ward_refusal
from engine.systems.eldfall.world import World

__all__ = ["attack_check", "combat_art", "deathblow_check", "duel_check", "nothing_check",
           "strike_count", "support_check", "target_refusal", "token_check", "trade_check"]


def strike_count(f: Fighter, means: Means, world: World) -> int:
    """The active STK of ``means`` for ``f`` (the number of dice it may share among its targets)."""
    sequence = world.state.sequence
    assert sequence is not None
    return active_strike(world, f, means, sequence.movement == "idle", sequence.dash).value


def nothing_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                  ) -> tuple[Declared, str]:
    return Declared(kind="nothing"), "Nothing"


def trade_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                ) -> tuple[Declared, str]:
    return declare_trade(world, f, request.targets, request.give, request.take, request.verb)


def attack_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                 ) -> tuple[Declared, str]:
    """An attack or an attack spell (L1412-1486, L893-1000)."""
    verb = request.verb
    if not request.means:
        names = ", ".join(m.name for m in (*f.weapons, *f.spell_means()))
        raise InvalidCommand(f"say what {f.id} attacks with: with:<weapon or spell>; it has {names}", verb=verb)
    means = f.means(request.means)
    if means is None:
        names = ", ".join(m.name for m in (*f.weapons, *f.spell_means()))
        raise InvalidCommand(f"{f.id} has no weapon or spell {request.means!r}; it has {names}", verb=verb)
    if "melee-attack" in allowed and means.kind != "melee":
        raise IllegalCommand(f"{f.id} is Engaged: it may only make a Melee Attack (L1457)", verb=verb)
    if means.spell is not None:
        spell = means.spell
        use = spell_use(spell)
        if use != "attack":
            raise IllegalCommand(f"{spell.name} is cast on allies with /act action:assist (L1367)" if use == "assist"
                                 else f"{spell.name} is cast through the Ritual Special Action (L976)", verb=verb)
        refusal = cast_refusal(f.card, spell, role="active", hands_full=f.loadout.hands_full, ritual=False,
                               mana=world.mana_pool(f))
        if refusal is not None:
            raise IllegalCommand(refusal, verb=verb)
    if means.focus:
        return Declared(kind="attack", means=means.id, art=request.art), f"attacks with {means.name} (Focus)"
    if means.targetless and request.point is not None and not request.targets:
        return (Declared(kind="attack", means=means.id, point=request.point, art=request.art),
                f"attacks with {means.name} at {request.point[0]:g},{request.point[1]:g} (Targetless)")
    if not request.targets:
        enemies = ", ".join(e.id for e in world.enemies(f)) or "none"
        raise InvalidCommand(f"say whom {f.id} attacks: target:<model> (enemies: {enemies})", verb=verb)
    stk = strike_count(f, means, world) + (2 if "mana" in request.extras and means.id == "confuse-target" else 0)
    if means.aoe is not None:
        stk = max(stk, 1)
    targets = _distributed(request.targets, stk, verb)
    for target, _n in targets:
        barrel = world.state.tokens.get(target)
        if barrel is not None and barrel.kind == "barrel":
            if not token_seen(world, f, barrel):  # a target like any other (L2463, L1418)
                raise IllegalCommand(f"{f.id} has no line of sight to {target} (L1418)", verb=verb)
            continue
        refusal = target_refusal(world, f, target, means)
        if refusal is not None:
            raise IllegalCommand(refusal, verb=verb)
    art = _art(world, f, request.art, means, verb)
    shown = ", ".join(f"{t} ({n} {'strike' if n == 1 else 'strikes'})" for t, n in targets)
    return Declared(kind="attack", means=means.id, targets=targets, art=art), f"attacks {shown} with {means.name}" \
        + (f" using {art}" if art else "")


def _distributed(asked: tuple[tuple[ModelId, int], ...], stk: int, verb: str) -> tuple[tuple[ModelId, int], ...]:
    """Strikes per target: as asked (a target named bare beside counted ones takes 1: ``B1,B2x2``), or shared round
    the targets; never more than STK in all (L809-817)."""
    if len(asked) > stk:
        raise IllegalCommand(f"{len(asked)} targets but STK {stk}: an attack takes at most as many targets as it "
                             "has strikes (L809, L1423)", verb=verb)
    if any(n > 0 for _t, n in asked):
        asked = tuple((t, n or 1) for t, n in asked)
        total = sum(n for _t, n in asked)
        if total > stk or any(n < 1 for _t, n in asked):
            raise IllegalCommand(f"{total} strikes declared but STK is {stk}; give each target at least 1 and at "
                                 f"most {stk} in all (L809-817)", verb=verb)
        return asked
    shares = [0] * len(asked)
    for i in range(stk):
        shares[i % len(asked)] += 1
    return tuple((t, n) for (t, _n), n in zip(asked, shares, strict=True))


def target_refusal(world: World, f: Fighter, target: ModelId, means: Means) -> str | None:
    """Why ``f`` may not attack ``target`` with ``means`` (an unknown model, an ally, Shrouded, outside the front
    arc, out of sight), or None; reach is not checked: it is measured at the resolution (L746)."""
    state = world.state
    if target not in state.models or target not in state.figures:
        return f"there is no model {target} on the table"
    t = world.fighter(target)
    if t.side == f.side:
        return f"{target} is on {f.id}'s side; attacks are made against enemies (L1412)"
    if world.friends(t, f) and world.rulings.alliance_attacks != "attack-breaks":
        return (f"{target} is an allied model while the Alliance of Necessity holds: break it first with /act "
                "action:break-alliance (-3 VP, L2404; ruling alliance-attacks)")
    if t.is_("shrouded"):
        return f"{target} is Shrouded: only Perceive targets it (L1776)"
    if t.is_("flying") and means.kind == "melee" and not f.is_("flying"):
        return f"{target} is Flying: only a Flying model attacks it in melee (L1738)"
    aura_ok = means.casting_aura and world.aware(f.id, target)
    if aura_ok:
        return None
    sight = world.sees(f.id, target)
    if not sight.visible:
        if "front arc" in sight.reason:
            return f"{target} is outside {f.id}'s front arc: it sees only in front of it (L655-657)"
        return f"{f.id} has no line of sight to {target} ({sight.reason}) (L1418)"
    return None


def combat_art(world: World, f: Fighter, art: str, means: Means) -> tuple[str, str | None]:
    """The combat art level declared (``Fencing III``) as the card names it, and why ``f`` may not use it with
    ``means`` now (not on its card, or not at that level; for the other kind of attack, L287-299, L2208-2246; a
    Duelist attacking it takes away its levels up to III, L2053), or None."""
    ref = parse_ref(art)
    known = f.level(ref.name)
    if known < ref.level:
        return art, f"{f.id} has {ref.name} up to level {known}" if known else f"{f.id} has no {ref.name}"
    ability = f.catalogue.ability(ref.name, "art")
    entry = ability.per_level[ref.level - 1]
    named = f"{ability.name} {roman(ref.level)}"
    if entry.effect is not None and entry.effect.attack is not None and entry.effect.attack != means.kind:
        return named, f"{named} is for {entry.effect.attack} attacks (L2208-2246)"
    sequence = world.state.sequence
    for reaction in sequence.reactions if sequence is not None else ():
        if reaction.kind == "attack" and world.fighter(reaction.model).has("Duelist"):
            refusal = art_refusal(ref.level, opponent_duelist=True)
            if refusal is not None:
                return named, f"{reaction.model} is a Duelist attacking {f.id}: {refusal}"
    return named, None


def _art(world: World, f: Fighter, art: str | None, means: Means, verb: str) -> str | None:
    if not art:
        return None
    named, refusal = combat_art(world, f, art, means)
    if refusal is not None:
        raise IllegalCommand(refusal, verb=verb)
    return named


def support_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                  ) -> tuple[Declared, str]:
    """A spell cast on the model itself or its allies (Assist, L1367-1376); a Ritual has its own (``rituals``)."""
    verb, kind = request.verb, request.kind
    if not request.means:
        raise InvalidCommand("say which spell: with:<spell>", verb=verb)
    means = f.means(request.means)
    if means is None or means.spell is None:
        names = ", ".join(s.name for s in f.spells) or "none"
        raise InvalidCommand(f"{f.id} knows no spell {request.means!r}; its spells: {names}", verb=verb)
    spell = means.spell
    refusal = cast_refusal(f.card, spell, role="active", hands_full=f.loadout.hands_full, ritual=False,
                           mana=world.mana_pool(f))
    if refusal is not None:
        raise IllegalCommand(refusal, verb=verb)
    use = spell_use(spell)
    if kind == "assist" and use == "attack":
        raise IllegalCommand(f"{spell.name} is an attack spell: cast it at enemies with /act action:cast (L1367, "
                             "L1412)", verb=verb)
    if engaged(world, f) and any(t != f.id for t, _n in request.targets):
        raise IllegalCommand(f"{f.id} is Engaged: it may Assist only itself (L1457)", verb=verb)
    if spell.id == DISPEL_MAGIC:
        return declare_dispel(world, kit, f, request.targets, request.art, verb)
    if spell.id == WARD and request.targets:
        refusal = ward_refusal(world, f, request.targets[0][0])
        if refusal is not None:
            raise IllegalCommand(refusal, verb=verb)
    targets = request.targets or ((f.id, 1),)
    for target, _n in targets:
        if target not in world.state.models:
            raise InvalidCommand(f"there is no model {target} on the table", verb=verb)
        t = world.fighter(target)
        if not world.friends(t, f):
            raise IllegalCommand(f"{target} is an enemy; Assist supports allies (L1367)", verb=verb)
        if t.dead:  # an Incapacitated ally may be helped; a Dead one benefits from nothing (L1712)
            raise IllegalCommand(f"{target} is Dead: it benefits from nothing (L1712)", verb=verb)
        if t.id != f.id and not world.sees(f.id, t.id).visible:
            raise IllegalCommand(f"{f.id} has no line of sight to {target} (L1369)", verb=verb)
    shown = ", ".join(t for t, _n in targets)
    art = recovered(world, targets, request.art, verb) if spell.id == HASTENED_RECOVERY else \
        _purge(world, kit, targets, request.art, verb) if spell.id in PURGING else None
    said = (f"removing {art.replace(' ', ', ')}" if art != "none" else "removing no Enchantment") \
        if spell.id in PURGING and art else art
    return Declared(kind="assist", means=spell.id, targets=targets, art=art), f"casts {spell.name} on {shown}" + \
        (f" ({said})" if said else "")


def _purge(world: World, kit: Kit, targets: tuple[tuple[ModelId, int], ...], typed: str | None, verb: str
           ) -> str | None:
    """Which Enchantments Purification or Purgation removes (L2263, L2268): ``purging.purge_choice``."""
    try:
        return purge_choice(kit, [world.fighter(t) for t, _n in targets], typed)
    except ValueError as error:
        raise IllegalCommand(str(error), verb=verb) from None


def token_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                ) -> tuple[Declared, str]:
    """Perceive an Intrigue token in Awareness (L1526-1532), or Interact with a Cache or Treasure in base contact
    (L1547-1550); neither in round 1 of Treasure Hunt (L2414)."""
    verb, kind = request.verb, request.kind
    state = world.state
    tokens = [t for t, _n in request.targets]
    if kind == "perceive" and len(tokens) == 1 and tokens[0] in state.models and tokens[0] in state.figures:
        return _perceive_model(world, f, tokens[0], verb)
    if len(tokens) != 1 or tokens[0] not in state.tokens:
        listed = ", ".join(f"{t.id} ({t.kind})" for t in state.tokens.values()) or "none"
        raise InvalidCommand(f"say which token: target:<token id>; tokens on the field: {listed}", verb=verb)
    token = state.tokens[tokens[0]]
    if state.round < 2 and token.kind != "items":  # a Cache of dropped items is no quest's token (L394)
        raise IllegalCommand("nobody interacts with the quest's tokens in round 1 (L2414)", verb=verb)
    if kind == "perceive":
        if token.kind != "intrigue":
            raise IllegalCommand(f"{token.id} is a {token.kind}: only an Intrigue token is Perceived (L2412)",
                                 verb=verb)
        gap = math.dist((f.model.x, f.model.y), (token.x, token.y)) - f.model.radius - TOKEN_RADIUS
        if gap > world.awareness(f) + 0.01:
            raise IllegalCommand(f"{token.id} is outside {f.id}'s Awareness (L1528)", verb=verb)
        if not token_seen(world, f, token):
            raise IllegalCommand(f"{f.id} has no line of sight to {token.id} (L1530)", verb=verb)
        return Declared(kind="perceive", targets=((ModelId(token.id), 1),)), f"Perceives {token.id}"
    if token.kind not in ("cache", "treasure", "items"):
        raise IllegalCommand(f"{token.id} is a {token.kind}: a model takes a Treasure from a Cache or where it was "
                             "dropped (L2429), or dropped items from their Cache (L394)", verb=verb)
    if token not in tokens_near(world, f):
        raise IllegalCommand(f"{token.id} is not in base contact with {f.id} (L1549)", verb=verb)
    return Declared(kind="interact", targets=((ModelId(token.id), 1),)), f"Interacts with {token.id}"


def _perceive_model(world: World, f: Fighter, target: ModelId, verb: str) -> tuple[Declared, str]:
    """Perceive a Shrouded enemy in Awareness and sight (L1526-1532)."""
    t = world.fighter(target)
    if world.friends(t, f) or not t.is_("shrouded"):
        raise IllegalCommand(f"{target} is no Shrouded enemy: Perceive reveals tokens (L1526)", verb=verb)
    if not world.aware(f.id, target):
        raise IllegalCommand(f"{target} is outside {f.id}'s Awareness (L1532)", verb=verb)
    if not world.sees(f.id, target).visible:
        raise IllegalCommand(f"{f.id} has no line of sight to {target} (L1528)", verb=verb)
    return Declared(kind="perceive", targets=((target, 1),)), f"Perceives {target}"


def duel_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
               ) -> tuple[Declared, str]:
    """Issue a Duel: a Special Action of an original party member, where the quest allows duels (L1567-1571,
    L2479)."""
    state = world.state
    sequence = state.sequence
    assert sequence is not None
    refusal = duel_refusal(original_member=f.figure.original, declared_idle=sequence.movement == "idle",
                           active=True, quest_allows=kit.quest(state).duels)
    if refusal is None and state.duel is not None:
        refusal = "a duel is already being fought (L1574)"
    if refusal is None and f.side not in state.players():
        refusal = "hostiles issue no duels (L1567)"
    if refusal is None and f.side in state.allied_sides():
        refusal = ("the other player is your ally while the Alliance of Necessity holds: a Duel is issued to an enemy "
                   "player, so break the alliance first (L1567, ruling alliance-attacks)")
    if refusal is not None:
        raise IllegalCommand(refusal, verb=request.verb)
    return Declared(kind="duel"), "Issues a Duel"


def deathblow_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                    ) -> tuple[Declared, str]:
    """A Deathblow to an Incapacitated enemy in base contact (L1534-1540)."""
    verb = request.verb
    if len(request.targets) != 1:
        raise InvalidCommand("say whom: target:<an Incapacitated enemy in base contact>", verb=verb)
    target = request.targets[0][0]
    if target not in world.state.models:
        raise InvalidCommand(f"there is no model {target} on the table", verb=verb)
    t = world.fighter(target)
    if world.friends(t, f) or not t.is_("incapacitated") or t.dead:
        raise IllegalCommand("a Deathblow is dealt to an Incapacitated enemy (L1534)", verb=verb)
    if not world.touching(f.id, target):
        raise IllegalCommand(f"{target} is not in base contact with {f.id} (L1536)", verb=verb)
    return Declared(kind="deathblow", targets=((target, 1),)), f"deals a Deathblow to {target}"
