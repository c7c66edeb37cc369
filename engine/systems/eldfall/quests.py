"""Quest tokens in play (Eldfall core rules v1.5, L2406-2447, L2461-2467).

Treasure Hunt: two Intrigue tokens lie on the centre line, 6 inches either side of the middle (ruling
quest-token-positions), each over a Cache holding a Treasure. From round 2, a Perceive or a model's base touching
one reveals it as a Sigil whose spell (a d20 on the quest's table) goes off when a model touches the Sigil or its
Cache: cast at PW 14 on every model in a large circle, each dodging with an AG roll (L2412-2427). A model touching
the Cache takes the Treasure with Interact and an AG roll (1 VP for unlocking it); a carrier put out of action drops
it beside itself; a carrier whose move ends touching its own table edge inside its Deployment Zone leaves the field
with it (3 VP), and the quest ends when both Treasures have left (L2429-2447).

Battle Royale: two exploding barrels; a successful attack on one sets it off, a large circle at PW 13 with Burn (1)
(L2463).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from engine.checks import Explained
from engine.core import Context, EventBody, ModelId, ZoneMark
from engine.geometry import MM_PER_INCH, TOLERANCE, Base, Pose
from engine.systems.eldfall.attack import Hit, Value
from engine.systems.eldfall.checks import attribute_check, roll_d20s
from engine.systems.eldfall.damage import DamageRoll, damage_roll
from engine.systems.eldfall.downed import fall
from engine.systems.eldfall.effects import set_states, take_wounds, unaffected_by
from engine.systems.eldfall.events import ApChanged, AttackResolved, FigureNoted
from engine.systems.eldfall.familiars import spare_caster
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.quest_schema import QuestSpec
from engine.systems.eldfall.refs import parse_ref
from engine.systems.eldfall.schema import Attribute
from engine.systems.eldfall.scoring import sigil_spell
from engine.systems.eldfall.scoring_end import note_fact, score
from engine.systems.eldfall.shrouds import perceive_roll
from engine.systems.eldfall.sight import in_front_arc
from engine.systems.eldfall.state import END_OF_TURN, EldfallState, QuestToken
from engine.systems.eldfall.templates import circle_at, template_hits
from engine.systems.eldfall.world import World
from engine.table import ModelRemoved

__all__ = [
    "QUEST_EVENTS",
    "TOKEN_RADIUS",
    "TokenSet",
    "carrier_leaves",
    "drop_treasure",
    "explode_barrel",
    "free_token_id",
    "interact",
    "perceive",
    "place_tokens",
    "token_seen",
    "tokens_near",
    "touch_tokens",
    "treasures_gone",
]

Ctx = Context[EldfallState]
TOKEN_RADIUS = 0.49
"""Inches: a token is a 25 mm disc."""
_LABELS = {"intrigue": "Intrigue", "sigil": "Sigil", "cache": "Cache", "treasure": "Treasure", "barrel": "Barrel",
           "items": "Cache"}


class TokenSet(EventBody):
    """A quest token appears, changes or goes (``token`` None); the table shows it as a marked circle."""

    kind = "eldfall.token"
    id: str
    token: QuestToken | None
    why: str = ""

    def apply(self, state: EldfallState) -> None:
        if self.token is None:
            state.tokens.pop(self.id, None)
            state.zones.pop(self.id, None)
            return
        token = self.token.model_copy(deep=True)
        state.tokens[self.id] = token
        points = tuple((round(token.x + TOKEN_RADIUS * math.cos(a * math.pi / 8), 2),
                        round(token.y + TOKEN_RADIUS * math.sin(a * math.pi / 8), 2)) for a in range(16))
        label = _LABELS[token.kind] + (f": {token.spell}" if token.kind == "sigil" and token.spell else "")
        state.zones[self.id] = ZoneMark(id=self.id, kind="objective", polygon=points, label=label)

    def describe(self) -> str:
        why = f" ({self.why})" if self.why else ""
        if self.token is None:
            return f"Token {self.id} is taken off the field{why}."
        token = self.token
        what = _LABELS[token.kind] + (f" ({token.spell})" if token.kind == "sigil" and token.spell else "")
        return f"Token {self.id}: {what} at {token.x:g},{token.y:g}{why}."


QUEST_EVENTS: tuple[type[EventBody], ...] = (TokenSet,)


def place_tokens(ctx: Ctx, quest: QuestSpec) -> None:
    """The quest's tokens on the centre line, 6 inches either side of the middle (ruling quest-token-positions)."""
    state = ctx.state
    number = 0
    for setup in quest.tokens:
        for index in range(setup.count):
            number += 1
            offset = (index - (setup.count - 1) / 2) * 12.0
            kind = "intrigue" if setup.kind == "intrigue" else "barrel"
            token = QuestToken(id=f"X{number}", kind=kind, x=round(state.width / 2 + offset, 2),
                               y=round(state.height / 2, 2), treasure=kind == "intrigue")
            ctx.emit(TokenSet(id=token.id, token=token, why=setup.placement))


def _touching(f: Fighter, token: QuestToken) -> bool:
    gap = math.dist((f.model.x, f.model.y), (token.x, token.y)) - f.model.radius - TOKEN_RADIUS
    return gap <= TOLERANCE


def _reveal(ctx: Ctx, kit: Kit, token: QuestToken, how: str) -> QuestToken:
    """An Intrigue token becomes a Sigil, its spell rolled on the quest's table (L2412-2427)."""
    quest = kit.quest(ctx.state)
    (face,) = roll_d20s(ctx, 1, f"the Sigil under {token.id} (L2418)", None)
    spell = sigil_spell(quest, face)
    sigil = token.model_copy(update={"kind": "sigil", "spell": spell})
    ctx.emit(TokenSet(id=token.id, token=sigil, why=f"revealed by {how}: a Sigil of {spell} (L2412-2427)"))
    return sigil


def touch_tokens(ctx: Ctx, kit: Kit, model: ModelId) -> None:
    """A model's base touching an Intrigue token reveals it, and touching a Sigil (or its Cache) sets it off;
    nothing happens in round 1 (L2410-2416)."""
    state = ctx.state
    if state.round < 2 or model not in state.models:
        return
    f = kit.world(state).fighter(model)
    for token in list(state.tokens.values()):
        if not _touching(f, token):
            continue
        if token.kind == "intrigue":
            token = _reveal(ctx, kit, token, f"{model}'s touch")
        if token.kind == "sigil":
            _sigil(ctx, kit, token)


def _sigil(ctx: Ctx, kit: Kit, token: QuestToken) -> None:
    """The Sigil's spell goes off, cast successfully at PW 14 on every model in a large circle, each avoiding it
    with a successful Dodge (an AG roll); then the Sigil goes and its Cache stays (L2416)."""
    quest = kit.quest(ctx.state)
    spell = kit.catalogue.spell(token.spell or "")
    pw = int(quest.sigil_power or 14)
    _blast(ctx, kit, (token.x, token.y), pw, spell.traits, f"the Sigil of {spell.name}", spell.id)
    ctx.emit(TokenSet(id=token.id, token=token.model_copy(update={"kind": "cache", "spell": None}),
                      why="the Sigil has gone off; its Cache stays"))


def _blast(ctx: Ctx, kit: Kit, at: tuple[float, float], pw: int, traits: tuple[str, ...], what: str,
           spell: str | None = None) -> None:
    """One Hit at ``pw`` on every model a large circle at ``at`` touches, each rolling AG to dodge it (INT against
    Mindgame, L2117). With no caster, no model is its ally nor left out: Mass Mindbreak's "selected enemy models"
    are all those caught (ruling ``sigil-caster``), Panicked until the end of the turn if wounded."""
    world = kit.world(ctx.state)
    template = circle_at("circular-l", at, world.rulings)
    bases = [world.base(f.id) for f in world.fighters(standing=True)]
    caught = template_hits(template, bases, user=None).affected
    lines = [f"{what} catches {', '.join(caught) or 'nobody'}"]
    keys = {parse_ref(t).key for t in traits}
    burn = max((int(p) for t in traits if parse_ref(t).key == "burn" for p in parse_ref(t).params if p.isdigit()),
               default=0)
    for model in caught:
        f = world.fighter(ModelId(model))
        kept = {key for key in keys if unaffected_by(f, key) is None}  # a Construct's, an Elemental's (L2031, L2057)
        dodge: Attribute = "INT" if "mindgame" in kept else "AG"  # Mindgame: the Dodge is an Intellect roll (L2117)
        if attribute_check(ctx, f, dodge, f"dodging {what} (L2416{', L2117' if dodge == 'INT' else ''})").passed:
            lines.append(f"{model} dodges it")
            continue
        if "mindgame" in kept:
            if attribute_check(ctx, f, "INT", f"{what}'s Mindgame (L2117)").passed:
                lines.append(f"{model} resists its Mindgame")
                continue
            wounds = 1
        else:
            hit, power, purpose = Hit(what, model, 0, 0, False), Value(pw, (f"PW {pw}",)), f"{what}'s damage on {model}"

            def rolled(faces: list[int], hit: Hit = hit, power: Value = power, f: Fighter = f,
                       ignore: bool = "ignore armor" in kept, piercing: bool = "armor-piercing" in kept) -> DamageRoll:
                return damage_roll([hit], power, f.value("ARM"), faces, ignore_armor=ignore, armor_piercing=piercing)

            (face,) = roll_d20s(ctx, 1, purpose, None, partial(_explained, rolled, purpose))
            roll = rolled([face])
            lines += list(roll.working)
            wounds = roll.wounds
            if wounds and burn and "burn" in kept:
                extra = roll_d20s(ctx, burn, f"Burn ({burn}) on {model}", None)
                wounds += sum(1 for face in extra if face <= pw)
            if wounds and "frostbite" in kept and \
                    not attribute_check(ctx, f, "T", f"{what}'s Frostbite (L2085)").passed:
                lines.append(f"Frostbite: {model} takes 1 more Wound (L2085)")
                wounds += 1
            if wounds:  # damage: a familiar may be removed instead (L2069)
                wounds = spare_caster(ctx, kit.catalogue, world.rulings, f.id, wounds, what)
        _effects(ctx, f, kept, spell, wounds)
        _ap_lost(ctx, f, kept, wounds, what, lines)
        if wounds:
            down_before = f.is_("incapacitated")
            left = take_wounds(ctx, f.id, wounds)
            lines.append(f"{model} takes {wounds} {'Wound' if wounds == 1 else 'Wounds'}")
            if left == 0:
                drop_treasure(ctx, kit, f.id)
                fall(ctx, kit, f.id, down_before)
    ctx.emit(AttackResolved(summary=f"{what}: " + "; ".join(lines[:1] + [ln for ln in lines[1:] if "Wound" in ln
                                                                         or "dodges" in ln]) + ".",
                            lines=tuple(lines)))


def _ap_lost(ctx: Ctx, f: Fighter, keys: set[str], wounds: int, what: str, lines: list[str]) -> None:
    """Stagger: the Hit costs an AP (L2151); Stun: a T roll for each Wound until one fails, which costs every AP
    (L2155, as an attack's, ruling stagger-stun-count); both until the end of the turn, when AP are discarded."""
    ap = ctx.state.figures[f.id].ap
    left = ap - 1 if "stagger" in keys else ap
    if wounds and "stun" in keys and any(not attribute_check(ctx, f, "T", f"{what}'s Stun (L2155)").passed
                                         for _wound in range(wounds)):
        left = 0
        lines.append(f"Stun: {f.id} loses its AP (L2155)")
    if max(left, 0) != ap:
        ctx.emit(ApChanged(ap={f.id: max(left, 0)}, why=f"{what}: Stagger and Stun, L2151-2155"))


def _effects(ctx: Ctx, f: Fighter, keys: set[str], spell: str | None, wounds: int) -> None:
    if spell == "glacier-circle":
        set_states(ctx, f, added=("immobilized",), why="Glacier Circle, L2324")
    if wounds and "poison" in keys:
        set_states(ctx, f, added=("weakened", "poisoned"), why="Poison II, L2123")
    if wounds and spell == "mass-mindbreak":
        set_states(ctx, f, added=("panicked",), until=END_OF_TURN, why="Mass Mindbreak, L2323")


def perceive(ctx: Ctx, kit: Kit, f: Fighter, token_id: str) -> None:
    """Perceive an Intrigue token in Awareness and sight: an INT roll (AG with Acute Senses, +3 with Tracking)
    reveals it (L1526-1532, L1992)."""
    state = ctx.state
    token = state.tokens[token_id]
    if perceive_roll(ctx, f, token_id).passed:
        revealed = _reveal(ctx, kit, token, f"{f.id}'s Perceive")
        if _touching(f, revealed):
            _sigil(ctx, kit, revealed)
    else:
        ctx.emit(AttackResolved(summary=f"{f.id} fails to Perceive {token_id}."))


def interact(ctx: Ctx, kit: Kit, f: Fighter, token_id: str) -> None:
    """Take what a Cache holds: a Treasure with an AG roll, unlocking a quest's Cache scoring 1 VP (L2429); the items
    a model dropped with it (L394), which need no roll of their own (no quest names one, L1547-1550)."""
    state = ctx.state
    token = state.tokens[token_id]
    if token.treasure and not attribute_check(ctx, f, "AG", f"taking the Treasure from {token_id} (L2429)").passed:
        ctx.emit(AttackResolved(summary=f"{f.id} fails to take the Treasure."))
        return
    taken = [*(["Treasure"] if token.treasure else []), *token.items]
    ctx.emit(TokenSet(id=token_id, token=None, why=f"{f.id} takes {', '.join(taken) or 'the Cache'}"))
    ctx.emit(FigureNoted(model=f.id, changes={"extra_items": [*f.figure.extra_items, *taken]}))
    if token.kind == "cache":
        score(ctx, f.side, "reward", 1, f"{f.id} unlocked a Cache ({kit.quest(state).name})")


def drop_treasure(ctx: Ctx, kit: Kit, model: ModelId) -> None:
    """A carrier put out of action drops its Treasure in base contact with it (L2431)."""
    state = ctx.state
    figure = state.figures.get(model)
    placed = state.models.get(model)
    if figure is None or placed is None or "Treasure" not in figure.extra_items:
        return
    items = list(figure.extra_items)
    items.remove("Treasure")
    ctx.emit(FigureNoted(model=model, changes={"extra_items": items}))
    token_id = free_token_id(state)
    spot = (round(min(max(placed.x + placed.radius + TOKEN_RADIUS, 0.5), state.width - 0.5), 2), placed.y)
    ctx.emit(TokenSet(id=token_id, token=QuestToken(id=token_id, kind="treasure", x=spot[0], y=spot[1],
                                                    treasure=True), why=f"{model} drops its Treasure"))


def free_token_id(state: EldfallState) -> str:
    """The id of a new token: the first ``X<n>`` after those on the field not taken."""
    number = 1 + sum(1 for t in state.tokens if t.startswith("X"))
    while f"X{number}" in state.tokens:
        number += 1
    return f"X{number}"


def carrier_leaves(ctx: Ctx, kit: Kit, model: ModelId) -> bool:
    """A Treasure's carrier whose move ends touching its own table edge inside its Deployment Zone leaves the field
    with it: 3 VP (L2433-2441). Returns whether it left."""
    state = ctx.state
    figure = state.figures.get(model)
    placed = state.models.get(model)
    if figure is None or placed is None or "Treasure" not in figure.extra_items:
        return False
    edge = state.record(figure.side).edge
    touches = placed.y - placed.radius <= 0.05 if edge == "bottom" else placed.y + placed.radius >= state.height - 0.05
    if not touches:
        return False
    ctx.emit(ModelRemoved(model_id=model))
    ctx.emit(FigureNoted(model=model, changes={"gone": "left with a Treasure"}))
    note_fact(ctx, figure.side, "treasures-left")
    score(ctx, figure.side, "reward", 3, f"{model} left the field with a Treasure ({kit.quest(state).name})")
    return True


def treasures_gone(state: EldfallState) -> bool:
    """Both Treasures have left the field (L2447)."""
    left = sum(record.facts.get("treasures-left", 0) for record in state.records.values())
    return left >= 2


def explode_barrel(ctx: Ctx, kit: Kit, token_id: str) -> None:
    """A barrel hit by a successful attack explodes: a large circle centred on it at PW 13 with Burn (1); then it
    is removed (L2463)."""
    token = ctx.state.tokens[token_id]
    quest = kit.quest(ctx.state)
    setup = next((t for t in quest.tokens if t.kind == "barrel"), None)
    pw = int(setup.pw or 13) if setup is not None else 13
    traits = setup.traits if setup is not None else ("Burn (1)",)
    ctx.emit(TokenSet(id=token_id, token=None, why="it explodes (L2463)"))
    _blast(ctx, kit, (token.x, token.y), pw, traits, f"barrel {token_id}'s explosion")


def token_seen(world: World, f: Fighter, token: QuestToken) -> bool:
    """Whether ``f`` has line of sight to ``token``, a flat 25 mm disc on the table: not Blinded (L1688), in its
    front arc (L655-657) and some sight line clear of scenery and models (L662-664), as Perceive needs (L1530)."""
    if f.is_("blinded"):
        return False
    disc = Base(token.id, Pose(token.x, token.y), TOKEN_RADIUS * 2 * MM_PER_INCH, 0.0)
    observer = world.base(f.id)
    return in_front_arc(observer, disc, arc=world.arc(f)) and world.clear(observer, disc)


def tokens_near(world: World, f: Fighter) -> list[QuestToken]:
    """The tokens ``f``'s base touches."""
    return [t for t in world.state.tokens.values() if _touching(f, t)]


def _explained(rolled: Callable[[list[int]], DamageRoll], what: str, faces: list[int]) -> Explained:
    return rolled(faces).explained(what)
