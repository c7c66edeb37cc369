"""What a player may do in its Strategic phase beyond the stratagem, asked in one decision once the phase's automatic
steps are done (Eldfall core rules v1.5):

- Hasten: each model enchanted by one of the side's casters may make a Normal Movement, provoking no reaction
  (L2306); the Enchantment ends at this same Strategic phase (L950), so the move comes first (ruling
  ``hasten-timing``).
- Expeditionary Tactics: Surge Order: spent (``surge=use``), up to 3 Helian League models each Walk, Climb or Jump,
  provoking no reaction (L2871-2873).
- First Aid: spent (``first-aid=<model>``), 1 HP back and Bleeding, Poisoned, Weakened and Crippled ended for a
  non-dead model in the bearer's Awareness; an Incapacitated bearer on itself alone, as it takes no action
  (L2671-2673, L1756). A model of the side brought back to 1 HP so cancels Incapacitated in this same phase and may
  become Crouched (``crouch.<id>``), as one whose HP came back before the phase does (L1758).
- Artificer: each standing Artificer may take one Enchantment it knows (``artificer.<id>=<spell>``) with no roll,
  until its next Strategic phase (L1805-1807).
- Nursing Aura: which models it tends, when more are hurt than it reaches (L364; see ``nursing``).
- A model whose Incapacitated state the phase has just cancelled may become Crouched (``crouch.<id>=crouch``; it
  stays up by default, L1758).

Each upgrade leaves the model's card once spent.
"""

from __future__ import annotations

from engine.core import Context, Decision, DecisionPart, InvalidCommand, ModelId, Option, SideId
from engine.systems.eldfall.effects import heal, set_states
from engine.systems.eldfall.events import FigureNoted
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.free_moves import can_move_freely, free_move, move_parts, moved_to
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.movement import MovementKind
from engine.systems.eldfall.nursing import AURA, NURSING_AURA, aura_parts, nurse_chosen
from engine.systems.eldfall.state import EldfallState, strategic_of
from engine.systems.eldfall.stratagems import STRATAGEM, choosing, stratagem_part, use_stratagem
from engine.systems.eldfall.support import enchant
from engine.systems.eldfall.world import World

__all__ = ["STRATEGIC_KIND", "answer_strategic", "hasted", "offer_strategic"]

Ctx = Context[EldfallState]
STRATEGIC_KIND = "strategic-choices"
ARTIFICER = "artificer."
"""The prefix of an Artificer's part."""
SURGE = "surge."
CROUCH = "crouch."
"""The prefix of the part asking whether a model back from Incapacitated becomes Crouched (L1758)."""
"""The prefix of a Surge Order move's parts (a hasted model may also move with the Surge)."""
_SURGE_KINDS: tuple[MovementKind, ...] = ("walk", "climb", "jump")
_SURGE_MOVERS = 3
_CROUCH_OPTIONS = (Option(key="stand", label="It stays up"), Option(key="crouch", label="It crouches"))
_FIRST_AID_ENDS = ("bleeding", "poisoned", "weakened", "crippled")


def hasted(world: World, side: SideId) -> tuple[ModelId, ...]:
    """Models under Hasten cast by this side's casters (its expiry is their Strategic phase), taken before the
    phase's expiries end it (ruling hasten-timing)."""
    until = strategic_of(side)
    return tuple(f.id for f in world.fighters(standing=True) if f.figure.enchantments.get("hasten") == until)


def _bearer(world: World, side: SideId, upgrade: str) -> Fighter | None:
    return next((f for f in world.fighters(side) if upgrade in f.figure.upgrades and not f.dead), None)


def offer_strategic(ctx: Ctx, kit: Kit, side: SideId, hastened: tuple[ModelId, ...],
                    recovered: tuple[ModelId, ...] = ()) -> bool:
    """Open the side's Strategic-phase decision when it has something to choose (``hastened``: the models under
    its casters' Hasten as the phase began; ``recovered``: those whose Incapacitated state it cancelled); returns
    whether it did."""
    world = kit.world(ctx.state)
    parts: list[DecisionPart] = [
        DecisionPart(key=f"{CROUCH}{m}", prompt=f"{m} is Incapacitated no more: it may become Crouched (L1758)",
                     options=_CROUCH_OPTIONS,
                     default="stand")
        for m in recovered if m in ctx.state.models and not world.fighter(m).out]
    for model in hastened:
        if model in ctx.state.models and can_move_freely(world, world.fighter(model)):
            parts += move_parts(world.fighter(model))
    surge = _bearer(world, side, "surge-order")
    if surge is not None:
        helians = [f for f in world.fighters(side, standing=True)
                   if "Helian League" in f.card.factions and can_move_freely(world, f)]
        if helians:
            parts.append(DecisionPart(key="surge", prompt=f"spend {surge.id}'s Surge Order: up to 3 Helian League "
                                                           "models Walk, Climb or Jump (L2873)",
                                      options=(Option(key="keep", label="Keep it"),
                                               Option(key="use", label="Spend it")), default="keep"))
            for f in helians:
                parts += move_parts(f, _SURGE_KINDS, prefix=SURGE)
    for f in world.fighters(side, standing=True):
        spells = [sp for sp in f.spells if sp.spell_type == "Enchantment"] if f.has("Artificer") else []
        if spells:
            parts.append(DecisionPart(key=f"{ARTIFICER}{f.id}", prompt=f"the Enchantment {f.id} {f.name} takes on "
                                                                       "itself with no roll (Artificer, L1807)",
                                      options=(Option(key="none", label="None"),
                                               *(Option(key=sp.id, label=sp.name) for sp in spells)),
                                      default="none"))
    aid = _bearer(world, side, "first-aid")
    if aid is not None:
        parts += _first_aid_parts(world, side, aid)
    asks = choosing(kit, ctx.state, side)
    if asks:
        parts.insert(0, stratagem_part(kit, ctx.state, side))
    parts += aura_parts(kit, ctx.state, side, chosen_now=asks)
    if not parts:
        return False
    ctx.open_decision(Decision(id=ctx.next_decision_id(), owner=side, kind=STRATEGIC_KIND, optional=True,
                               prompt=f"Strategic phase, what you choose now: {_asked(parts)}.",
                               parts=tuple(parts)))
    return True


def _first_aid_parts(world: World, side: SideId, aid: Fighter) -> list[DecisionPart]:
    """The First Aid part: a model in the bearer's Awareness, or itself alone when it is Incapacitated (L2673); and
    for each Incapacitated model of the side it may raise, whether it crouches if raised (L1758)."""
    near = [aid] if aid.is_("incapacitated") else \
        [f for f in world.fighters() if not f.dead and (f.id == aid.id or world.aware(aid.id, f.id))]
    where = "on itself (it is Incapacitated)" if aid.is_("incapacitated") else "on a model in its Awareness"
    parts = [DecisionPart(key="first-aid", prompt=f"spend {aid.id}'s First Aid {where} (1 HP, Bleeding, Poisoned, "
                                                  "Weakened, Crippled end; L2673)",
                          options=(Option(key="keep", label="Keep it"),
                                   *(Option(key=f.id, label=f"{f.id} {f.name}") for f in near)),
                          default="keep")]
    parts += [DecisionPart(key=f"{CROUCH}{f.id}", prompt=f"if First Aid brings {f.id} back from Incapacitated, it "
                                                         "may become Crouched (L1758)",
                           options=_CROUCH_OPTIONS,
                           default="stand")
              for f in near if f.side == side and f.is_("incapacitated")]
    return parts


def _asked(parts: list[DecisionPart]) -> str:
    """What the decision asks, each kind once, in the order of its parts: only what this side has to choose."""
    named: list[str] = []
    for part in parts:
        key = part.key
        what = ("your Leader's stratagem" if key == STRATAGEM else
                "whether a model back from Incapacitated crouches" if key.startswith(CROUCH) else
                "the Surge Order" if key == "surge" or key.startswith(SURGE) else
                "an Artificer's Enchantment" if key.startswith(ARTIFICER) else
                "First Aid" if key == "first-aid" else
                "whom your Nursing Aura tends" if key.startswith(AURA) else
                "Hasten's moves")
        if what not in named:
            named.append(what)
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"


def answer_strategic(ctx: Ctx, kit: Kit, decision: Decision, answers: dict[str, str]) -> None:
    """Carry out the choices: First Aid, the Artificers' Enchantments, Hasten's moves, then the Surge Order's.

    :raises InvalidCommand: for Surge moves without spending it, or for more than 3 of them.
    """
    world = kit.world(ctx.state)
    surging = [ModelId(p.key.removeprefix(SURGE)) for p in decision.parts
               if p.key.startswith(SURGE) and not p.key.endswith(".how")
               and moved_to(world, ModelId(p.key.removeprefix(SURGE)), answers, SURGE) is not None]
    use = answers.get("surge") == "use"
    if surging and not use:
        raise InvalidCommand("surge=use spends the Surge Order; without it no model makes a Surge move",
                             verb="decide")
    if len(surging) > _SURGE_MOVERS:
        raise InvalidCommand(f"the Surge Order moves up to {_SURGE_MOVERS} models, not {len(surging)} (L2873)",
                             verb="decide")
    chosen = answers.get(STRATAGEM) if any(p.key == STRATAGEM for p in decision.parts) else None
    if chosen is not None:
        use_stratagem(ctx, kit, decision.owner, chosen)
    if chosen in (None, NURSING_AURA):
        nurse_chosen(ctx, kit, decision.owner, answers)
    target = answers.get("first-aid", "keep")
    raised = [m for m in _incapacitated(world, decision) if answers.get(f"{CROUCH}{m}") == "crouch" and m != target]
    if raised:
        raise InvalidCommand(f"{CROUCH}{raised[0]}=crouch asks a model First Aid brings back to crouch, but First Aid "
                             f"goes to {'nobody' if target == 'keep' else target}: name it with first-aid={raised[0]} "
                             "or leave the crouch out", verb="decide")
    if target != "keep":
        _first_aid(ctx, kit, decision.owner, ModelId(target))
    for part in decision.parts:
        if part.key.startswith(CROUCH):
            _crouch(ctx, kit, ModelId(part.key.removeprefix(CROUCH)), answers.get(part.key) == "crouch")
        elif part.key.startswith(ARTIFICER):
            _artifice(ctx, kit, ModelId(part.key.removeprefix(ARTIFICER)), answers.get(part.key, "none"))
        elif not part.key.startswith((SURGE, AURA)) and part.key not in ("surge", "first-aid", STRATAGEM) \
                and not part.key.endswith(".how"):
            free_move(ctx, kit, ModelId(part.key), answers, "Hasten, L2306")
    if use:
        _spend(ctx, kit, decision.owner, "surge-order", "Surge Order")
        for model in surging:
            free_move(ctx, kit, model, answers, "Surge Order, L2873", _SURGE_KINDS, prefix=SURGE)


def _incapacitated(world: World, decision: Decision) -> list[ModelId]:
    """The models a crouch part asks of that are still Incapacitated: First Aid alone may raise them (L1758)."""
    return [ModelId(p.key.removeprefix(CROUCH)) for p in decision.parts if p.key.startswith(CROUCH)
            and ModelId(p.key.removeprefix(CROUCH)) in world.state.models
            and world.fighter(ModelId(p.key.removeprefix(CROUCH))).is_("incapacitated")]


def _spend(ctx: Ctx, kit: Kit, side: SideId, upgrade: str, name: str) -> Fighter:
    bearer = _bearer(kit.world(ctx.state), side, upgrade)
    assert bearer is not None
    ctx.emit(FigureNoted(model=bearer.id, changes={"upgrades": [u for u in bearer.figure.upgrades if u != upgrade]},
                         shown=f"{bearer.id} spends its {name}."))
    return bearer


def _first_aid(ctx: Ctx, kit: Kit, side: SideId, target: ModelId) -> None:
    """1 HP back and four states ended (L2673); a model of the side back to 1 HP in its Strategic phase is
    Incapacitated no more (L1758), another side's at its own next Strategic phase."""
    _spend(ctx, kit, side, "first-aid", "First Aid")
    heal(ctx, target, 1)
    f = kit.world(ctx.state).fighter(target)
    ends = _FIRST_AID_ENDS + (("incapacitated",) if f.side == side and f.hp > 0 else ())
    set_states(ctx, f, removed=ends, why="First Aid, L2673")


def _artifice(ctx: Ctx, kit: Kit, model: ModelId, spell_id: str) -> None:
    """The Artificer takes the Enchantment's effect on itself, no roll, until its next Strategic phase (L1807)."""
    if spell_id == "none" or model not in ctx.state.models:
        return
    f = kit.world(ctx.state).fighter(model)
    spell = kit.catalogue.spell(spell_id)
    enchant(ctx, f, spell, f, f"{f.id} takes {spell.name} on itself with no roll, until its next Strategic phase "
                              "(Artificer, L1807)")


def _crouch(ctx: Ctx, kit: Kit, model: ModelId, crouch: bool) -> None:
    """A model back from Incapacitated becomes Crouched if its player so chose (L1758)."""
    if crouch and model in ctx.state.models and "incapacitated" not in ctx.state.models[model].tokens:
        set_states(ctx, kit.world(ctx.state).fighter(model), added=("crouched",),
                   why="it crouches as it recovers from Incapacitated, L1758")
