"""The activated model's Dodge declared in the Action step (Eldfall core rules v1.5, L1378-1410): where its dodge
move takes it, and the Crouched state it enters or cancels at the end of the Resolution step, even when its roll
fails (L1386-1388): standing up when Crouched, crouching otherwise; a Flying model cannot choose to crouch (L1739).
The reacting models' Dodges answer the same in the Reaction step (``reacting``)."""

from __future__ import annotations

from typing import Literal

from engine.core import Ask, Choice, IllegalCommand
from engine.systems.eldfall.declare import Request
from engine.systems.eldfall.fighters import Fighter
from engine.systems.eldfall.kit import Kit
from engine.systems.eldfall.rules import Reading
from engine.systems.eldfall.state import Declared
from engine.systems.eldfall.world import World

__all__ = ["crouch_toggle", "dodge_check", "dodge_crouch"]

Toggle = Literal["crouch", "stand"]


def crouch_toggle(f: Fighter) -> Toggle | None:
    """The change of Crouched state ``f``'s Dodge may make (L1387), or None for a Flying model (L1739)."""
    return "stand" if f.is_("crouched") else None if f.is_("flying") else "crouch"


def dodge_crouch(reading: Reading, ask: Ask) -> list[Choice]:
    """The change the activated model's Dodge may make to its Crouched state (L1387)."""
    f = reading.active()
    toggle = crouch_toggle(f) if f is not None else None
    if toggle is None:
        return []
    return [Choice(toggle, "it stands up at the end" if toggle == "stand" else "it crouches at the end")]


def dodge_check(world: World, kit: Kit, f: Fighter, request: Request, allowed: tuple[str, ...]
                ) -> tuple[Declared, str]:
    """The Dodge checked: its move (measured when it is made) and the change of Crouched state it asks for."""
    wanted = (request.art or "").casefold() or None
    toggle = crouch_toggle(f)
    if wanted is not None and wanted != toggle:
        why = "a Flying model cannot choose to crouch (L1739)" if toggle is None else \
            f"{f.id} is {'already' if wanted == 'crouch' else 'not'} Crouched: its Dodge may only " \
            f"{'stand it up' if toggle == 'stand' else 'make it crouch'} (choice:{toggle}, L1387)"
        raise IllegalCommand(why, verb=request.verb)
    crouch: Toggle | None = toggle if wanted is not None else None
    change = {"stand": ", then stands up", "crouch": ", then crouches"}.get(crouch or "", "")
    return Declared(kind="dodge", move_to=request.move_to, crouch=crouch), f"Dodge{change}"
