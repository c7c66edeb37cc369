"""Shroudfall refereed in full (docs/shroudfall.md): the System (``system``) and its parts.

Data: ``schema``, ``terrain_schema``, ``armies``, ``catalogue``, ``rulings``. Pure rules: ``world``, ``movement``,
``targeting``, ``attack``, ``strike``, ``rerolls``, ``essence``, ``conditions``, ``damage``, ``abilities``, ``setup``,
``rounds``, ``scoring``. Play: ``state``, ``events``, ``events_flow``, ``referee``, ``play``, ``flow``,
``setting_up``, ``setup_flow``, ``plans``, ``strikes``, ``reacting``, ``agenda``; the declarations: ``declared``,
``declared_setup``, ``declared_play``, ``declared_reactions`` over ``reading``; suggestions: ``suggest``; views:
``views``.
"""

from engine.systems.shroudfall.system import Shroudfall

__all__ = ["Shroudfall"]
