"""Freeplay data: generic units, demo forces, preset maps and table options for any skirmish game."""
