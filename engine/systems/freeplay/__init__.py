"""Freeplay: the generic table every other game falls back on."""

from engine.systems.freeplay.candidates import MoveCandidate, move_candidates
from engine.systems.freeplay.system import Freeplay

__all__ = ["Freeplay", "MoveCandidate", "move_candidates"]
