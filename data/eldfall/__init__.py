"""Eldfall Chronicles data: units, items, spells, abilities, upgrades, stratagems, hostiles, quests, schemes."""
