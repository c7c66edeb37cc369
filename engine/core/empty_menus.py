"""Why a question has nothing to offer, in the game's words (newcomer finding 5): a player who types an action whose
next parameter has no legal value reads the rule that leaves it empty ("A2 has no enemy in sight"), not that there is
"nothing to choose".

The reason comes from what the game already declares for the action, asked on the answers known so far: first the
parameter's own refusal of each value a player might name (``Param.candidates`` judged by ``Param.refused``), then the
action's precondition (``available``), then its rule check (a rule broken; a check that only finds answers missing
says nothing here). Nothing is computed unless a menu turns out empty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalCommand, RulesError

if TYPE_CHECKING:
    from engine.core.declared import ActionDecl
    from engine.core.params import Ask, Param

__all__ = ["why_none"]


def why_none(decl: ActionDecl[Any, Any], param: Param[Any], world: Any, ask: Ask) -> str:
    """Why ``param`` has no legal value given the answers in ``ask``, or "" when the game says nothing more."""
    reasons: dict[str, list[str]] = {}
    if param.candidates is not None and param.refused is not None:
        for choice in param.candidates(world, ask):
            refusal = param.refused(world, ask, choice.value)
            if refusal is not None:
                reasons.setdefault(_said(refusal), []).append(choice.shown)
    if reasons:
        if len(reasons) == 1:
            return f"no {param.noun} to choose now: {next(iter(reasons))}"
        return f"no {param.noun} to choose now: " + "; ".join(f"{', '.join(names)}: {why}"
                                                             for why, names in reasons.items())
    if decl.available is not None and (refused := decl.available(world, ask)) is not None:
        return _said(refused) if isinstance(refused, RulesError) else refused
    if decl.check is not None:
        try:
            decl.check(world, ask)
        except IllegalCommand as error:  # a rule broken by what is known so far
            return _said(error)
        except RulesError:  # only answers missing: the check has no more to say
            return ""
    return ""


def _said(error: RulesError) -> str:
    """A refusal's reason with its rule, without the verb (the caller names the action)."""
    return error.reason + (f" ({error.rule})" if error.rule else "")
