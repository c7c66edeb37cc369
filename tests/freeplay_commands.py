"""Freeplay's own declared actions as commands, for tests: ``add_card("Ambush")`` is ``/hand add card:Ambush``."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import ActionCommand

__all__ = ["add_card", "ask", "pass_turn", "play_card"]


def add_card(card: str) -> ActionCommand:
    return ActionCommand(path=("hand", "add"), values=(("card", card),))


def play_card(card: str) -> ActionCommand:
    return ActionCommand(path=("hand", "play"), values=(("card", card),))


def pass_turn(side: str) -> ActionCommand:
    return ActionCommand(path=("round", "turn"), values=(("side", side),))


def ask(side: str, question: str, options: Sequence[str], models: Sequence[str] = (),
        optional: bool = False) -> ActionCommand:
    """``/ask``: the question to a side, its answers (the first the default), the models answered one by one."""
    values = [("question", question), ("options", ",".join(options)), ("side", side)]
    values += [("models", ",".join(models))] if models else []
    values += [("optional", "True")] if optional else []
    return ActionCommand(path=("ask",), values=tuple(values))
