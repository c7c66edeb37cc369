"""Whether a model is Engaged now (Eldfall core rules v1.5, L1447-1461): the one test the Action step, its menus,
the Reaction step, the late reactions and Ward read.

Engaged is a state, taken at the end of a Resolution step or of a phase by a model inside an enemy's melee reach
(L1449; ``aftermath.refresh_engaged`` sets and clears it then, and after a host's ``/model place``), not the moment an
enemy comes into contact: the book's example has a Hunter answer a Clan Champion walking up to it with a Ranged
Attack, and react by Dodge or Melee Attack only once Engaged (L1471, L1235), and an Attack of Opportunity that makes
its target Engaged at once is an exception said as such (L1968). So a model that walks into contact in its Movement
step, and the one it walks up to, are not Engaged until the sequence ends. The state ceases as soon as no standing
enemy's reach holds the model any more (it left their reach, Hit and Retreat took it away, L1952, or they went down:
L1459), so a model marked Engaged that no enemy's reach covers is not Engaged."""

from __future__ import annotations

from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.world import World

__all__ = ["engaged"]


def engaged(world: World, f: Fighter) -> bool:
    """Whether ``f`` is Engaged: it holds the Engaged state (L1449-1457) and an enemy's melee reach still covers it
    (L1459)."""
    return f.is_("engaged") and bool(world.engagers(f.id))
