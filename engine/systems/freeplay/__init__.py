"""Freeplay: the generic table every other game falls back on."""

from engine.systems.freeplay.system import Freeplay

__all__ = ["Freeplay"]
