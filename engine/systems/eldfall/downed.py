"""A model brought down outside an Activation Sequence, and the party's morale that follows.

Bleeding and Poison in the Strategic phase (Eldfall core rules v1.5, L1682, L1770), Agony as a model acts (L2283)
and a quest's blasts wound a model with no sequence around them to end. The book's consequences still hold: at
0 HP a model is Incapacitated, and one already Incapacitated that takes a Wound dies (L872, L1756-1758); a
Construct or Elemental at 0 HP leaves the table (L2021, L2041); a party down to half its models is Panicked
(L1280-1282). The end of a sequence applies the same rules through ``aftermath``; this is the one place for the rest.
"""

from __future__ import annotations

from engine.core import Context, ModelId
from engine.systems.eldfall.effects import set_states
from engine.systems.eldfall.events import FigureNoted, ManaChanged, SideNoted
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.guards import release_guards
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.morale import morale_broken
from engine.systems.eldfall.state import END_OF_GAME, EldfallState
from engine.table import ModelRemoved

__all__ = ["broken_morale", "fall", "put_down"]


def fall(ctx: Context[EldfallState], kit: Kit, model: ModelId, was_incapacitated: bool) -> None:
    """After a Wound outside a sequence: Incapacitated at 0 HP, Dead when it already was, removed when it is a
    Construct or Elemental; then the morale of every party is checked again. A caller drops a Treasure it
    carried (``quests.drop_treasure``)."""
    f = kit.world(ctx.state).fighter(model)
    if f.dead or f.hp > 0:
        return
    put_down(ctx, f, dead=was_incapacitated, removed=f.has("Construct") or f.has("Elemental"),
             why="wounded while Incapacitated, L1758" if was_incapacitated else "0 HP, L872")
    release_guards(ctx, kit)  # given again at the party's next summoning (L2906)
    broken_morale(ctx, kit)


def put_down(ctx: Context[EldfallState], f: Fighter, *, dead: bool, removed: bool, why: str) -> None:
    """Take a model out of action: off the table (a Construct or Elemental at 0 HP, one killed by Burn), Dead, or
    Incapacitated, when an Incapacitated Summoner's Mana is discarded (L872, L1871, L2021, L2041)."""
    if removed:
        ctx.emit(ModelRemoved(model_id=f.id))
        ctx.emit(FigureNoted(model=f.id, changes={"gone": "dead"}))
    elif dead:
        set_states(ctx, f, added=("dead",), removed=("incapacitated", "engaged", "flying", "crouched"), why=why)
    else:
        set_states(ctx, f, added=("incapacitated",), removed=("engaged", "flying"), why=why)
        if f.has("Summoner") and f.figure.mana:
            ctx.emit(ManaChanged(model=f.id, mana=0, why="an Incapacitated Summoner's Mana is discarded, L1871"))


def broken_morale(ctx: Context[EldfallState], kit: Kit) -> None:
    """A party down to half its deployed models or fewer is Panicked for the rest of the game; it stops when the
    count rises again (L1280-1282, ruling broken-morale). Battle Royale ignores it (L2478)."""
    state = ctx.state
    if not kit.quest(state).broken_morale:
        return
    world = kit.world(state)
    for side in state.players():
        record = state.record(side)
        if record.deployed < 1:
            continue
        standing = sum(1 for f in world.fighters(side, standing=True) if f.figure.original)
        broken = morale_broken(record.deployed, standing, kit.rulings(state))
        if broken == record.broken:
            continue
        what = "broken: its models are Panicked for the rest of the game" if broken else "restored"
        ctx.emit(SideNoted(side=side, changes={"broken": broken},
                           shown=f"Side {side}'s morale is {what} (L1280-1282)."))
        for f in world.fighters(side, standing=True):
            if broken:
                set_states(ctx, f, added=("panicked",), until=END_OF_GAME, why="Broken Morale, L1280")
            elif f.figure.expiry.get("panicked") == END_OF_GAME:
                set_states(ctx, f, removed=("panicked",), why="its party's morale is restored, L1280")
