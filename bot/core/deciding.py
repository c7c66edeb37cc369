"""Decisions answered from menus, one part at a time: a lettered menu for each part that matters, with "keep the
defaults" (said in words) one pick away.

A decision of one part is answered by picking its answer. A decision of several parts asks them in order: each
entry carries the answers so far on (``/decide ... choice:board=x`` with ``menu``), and the service asks the next
part that matters given them, read as it stands now (``Game.live``: a declared kind's options depend on the
earlier answers), until the last pick answers the whole decision. Discord shows one select per part instead
(``bot.discord.decide``); both are built from the same parts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.core.decision_pictures import decision_picture
from bot.core.outputs import Output
from bot.core.paging import paged
from bot.core.parsing import CommandLineError, Invocation
from engine.core import Decision, DecisionPart, Game, UserId, said

__all__ = ["answers_in", "matters", "part_menu", "part_picks"]

Picks = tuple[tuple[str, Invocation], ...]


def answers_in(choice: str) -> dict[str, str]:
    """The answers a ``choice:`` carries so far (``board=x;join=long``); a plain word answers no part yet."""
    answers: dict[str, str] = {}
    for piece in (p for p in choice.split(";") if "=" in p):
        key, _, value = piece.partition("=")
        answers[key.strip()] = value.strip()
    return answers


def matters(part: DecisionPart, answers: Mapping[str, str]) -> bool:
    """Whether ``part`` is asked given the answers so far (a part may matter only after a certain answer)."""
    return part.asked_when is None or answers.get(part.asked_when[0]) in part.asked_when[1]


def _choice(answers: Mapping[str, str]) -> str:
    return ";".join(f"{key}={value}" for key, value in answers.items())


def _defaults(parts: Sequence[DecisionPart], answers: Mapping[str, str]) -> dict[str, str] | None:
    """Every answer left, as its defaults give it: the parts waiting, then those the defaults make matter (the
    token's holder once the token is given); None where a part waiting has no default."""
    kept = dict(answers)
    for _ in range(len(parts)):
        waiting = [p for p in parts if matters(p, kept) and p.key not in kept and p.offered()]
        if not waiting:
            break
        if any(p.default is None for p in waiting):
            return None
        kept.update({p.key: str(p.default) for p in waiting})
    return {key: value for key, value in kept.items() if key not in answers}


def part_picks(decision_id: str, parts: Sequence[DecisionPart], answers: Mapping[str, str],
               page_number: int = 0) -> tuple[str, Picks] | None:
    """The menu of the next part that matters given ``answers``: its heading and its picks, the defaults first
    where every part left has one, said in words: "Keep the defaults (...)", or, where the last question's default
    answer is all they are, that answer itself marked as the default (never the same answer twice); None when
    every part that matters is answered."""
    matter = [p for p in parts if matters(p, answers)]
    waiting = [p for p in matter if p.key not in answers and p.offered()]
    if not waiting:
        return None
    part, last = waiting[0], len(waiting) == 1
    closing: list[tuple[str, Invocation]] = []
    defaults = _defaults(parts, answers) if len(parts) > 1 else None
    default_entry = last and defaults is not None and part.default in part.option_keys()
    if defaults is not None and not default_entry:
        closing.append((f"Keep the defaults ({said(defaults, parts)})",
                        _decide(decision_id, _choice({**answers, **defaults}))))
    options = part.offered(limit=10_000)
    labels = [option.label for option in options]
    entries = []
    for option in options:
        # Two options of one label (two Pariahs) are told apart by their keys, as the typed prompt shows them.
        label = f"{option.key} ({option.label})" if labels.count(option.label) > 1 else option.label
        if len(parts) == 1:
            entries.append((label, _decide(decision_id, option.key)))
        elif default_entry and defaults is not None and option.key == part.default:
            mark = "; ".join(("the default", *(f"{p.prompt} {said({p.key: defaults[p.key]}, parts)}"
                                               for p in parts if p.key in defaults and p.key != part.key)))
            closing.append((f"{label} ({mark})", _decide(decision_id, _choice({**answers, **defaults}))))
        else:
            entries.append((label, _decide(decision_id, _choice({**answers, part.key: option.key}),
                                           menu=not last)))
    number = matter.index(part) + 1
    place = f" (part {number} of {len(matter)}: {part.key})" if len(matter) > 1 else ""
    heading, picks = paged(closing, entries, page_number, "answers",
                           _decide(decision_id, _choice(answers), menu=True) if answers else
                           _decide(decision_id, "", menu=True))
    return f"{part.prompt}{place}{f' ({heading})' if heading else ''}", picks


def _decide(decision_id: str, choice: str, *, menu: bool = False) -> Invocation:
    options: dict[str, Any] = {"decision": decision_id}
    if choice:
        options["choice"] = choice
    return Invocation(("decide",), options, menu=menu)


def part_menu(game: Game[Any], decision: Decision, user: UserId, choice: str, page_number: int) -> Output | None:
    """The owner's menu for the next part of ``decision`` given the answers ``choice`` carries (None when every
    part that matters is answered, so the answer can run)."""
    if not game.state.holds(user, decision.owner):
        raise CommandLineError(f"decision {decision.id} belongs to side {decision.owner}; only its player answers it")
    answers = answers_in(choice)
    parts = game.live(decision, answers).parts
    found = part_picks(decision.id, parts, answers, page_number)
    if found is None:
        return None
    heading, picks = found
    return Output(text=f"{decision.id}: {heading}", to=user, picks=tuple((label, replace(inv, side=decision.owner))
                                                                       for label, inv in picks),
                  pictures=decision_picture(game, decision.owner,
                                            [p for p in parts if matters(p, answers) and p.key not in answers][:1]))
