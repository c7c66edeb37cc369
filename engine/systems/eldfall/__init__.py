"""Eldfall Chronicles refereed in full (docs/eldfall.md): the System (``system``) and its parts.

Data: ``schema``, ``refs``, ``cards``, ``catalogue``, ``rulings``. Pure rules: ``rolls``, ``attack``,
``confrontation``, ``dodge``, ``damage``, ``friendly_fire``, ``morale``, ``duel_rules``, ``magic``, ``actions``,
``equipment``, ``modifiers``, ``scoring``, ``behaviour_cards``, ``party``; on the table: ``hitbox``, ``sight``,
``reach``, ``cover``, ``templates``, ``engagement``, ``movement``, ``deployment_zones``. Play: ``state``,
``events``, ``commands``, ``kit``, ``fitting``, ``fighters``, ``means``, ``world``, ``setup``, ``flow``, ``activation``,
``reacting``, ``reactors``, ``declare``, ``action_checks``, ``strikes``, ``resolution``, ``attack_plans``,
``landing``, ``dodge_rolls``, ``harm``, ``aftermath``, ``support``, ``quests``, ``duels``, ``scoring_end``,
``standing``, ``sequencing``; the bot: ``bot``, ``hostile_moves``; views: ``views``, ``pictures``, ``menus``,
``helping``, ``demo``.
"""

from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.data_kinds import DATA_KINDS
from engine.systems.eldfall.rulings import Rulings
from engine.systems.eldfall.system import Eldfall

__all__ = ["DATA_KINDS", "Eldfall", "EldfallCatalogue", "Rulings"]
