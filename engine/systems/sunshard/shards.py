"""Seeded terrain's hold on models (Sunshard:Embren core rules v1.0, L731, L787, L1457, L1475): a model with Shard
Focus(X) gains X while it is within or in contact with Seeded terrain, or, being an Elemental, while it is in a
party with a model holding Nucleus (the Shardborn Fortune gives a Leader Nucleus, L785). X is the card's text, read
as "+N NAME" (N added to the characteristic NAME) or as a special ability's name (held while focused): ruling
``shard-focus``; any other text is played by hand.
"""

from __future__ import annotations

from engine.systems.sunshard.abilities import SPECIAL_ABILITIES
from engine.systems.sunshard.terrain import pieces, touches
from engine.systems.sunshard.world import Miniature

__all__ = ["focus_bonus", "focus_grants", "focused"]


def focused(model: Miniature) -> bool:
    """Whether Shard Focus works for ``model`` now: on the battlefield and within or touching a Seeded piece
    (L1475), or an Elemental in the party of a model with Nucleus (L787, L1457)."""
    world = model.world
    if not model.on_table:
        return False
    party = world.state.party
    if party is not None and model.id in party.members and "elemental" in model.card.type.casefold() and any(
            world.model(m).has("Nucleus") for m in party.members if m != model.id):
        return True
    return world.memo(("focused", model.id), lambda: any(
        touches(model.base(), terrain) for terrain in pieces(world) if terrain.has("seeded")))


def _focus_text(model: Miniature) -> str | None:
    power = model.card.ability("Shard Focus") if model.card.has("Shard Focus") else None
    return power.param.strip() if power is not None and power.param else None


def focus_bonus(model: Miniature, name: str) -> int:
    """What Shard Focus(+N NAME) adds to the characteristic ``name`` now (0 when unfocused or another X)."""
    text = _focus_text(model)
    if text is None:
        return 0
    words = text.replace("+", " ").split()
    if len(words) != 2 or not words[0].isdigit() or words[1].upper() != name or not focused(model):
        return 0
    return int(words[0])


def focus_grants(model: Miniature, ability: str) -> bool:
    """Whether Shard Focus(ABILITY) gives ``model`` the special ability ``ability`` now."""
    text = _focus_text(model)
    return (text is not None and ability in SPECIAL_ABILITIES and text.casefold() == ability.casefold()
            and focused(model))
