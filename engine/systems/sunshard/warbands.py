"""Warband and force building (Sunshard:Embren core rules v1.0, L227-262, L327, L1277, L1391).

A warband holds at most 30 points of models sharing one alignment, at most each card's warband limit of each model
(a ``U`` model once in the whole force), and at least one model that can be Leader; a force is one player's
warbands, all of the player's one alignment, within the points the players agreed. Every problem is one line
naming the warband and the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from engine.schema import did_you_mean
from engine.systems.sunshard.schema import ModelCard, WarbandSpec

__all__ = ["MUST_LEAD", "NEVER_LEAD", "WARBAND_POINTS", "can_lead", "force_problems", "leader_candidates",
           "warband_points", "warband_problems"]

WARBAND_POINTS = 30
"""A warband's most points (L262, L1391)."""

NEVER_LEAD = ("Mob", "Solitary")
"""Special abilities that forbid a model to be Leader (L1455, L1490)."""

MUST_LEAD = ("Font of Blight", "Fortunate One")
"""Special abilities that make a model its warband's Leader (L1437, L1439)."""


def can_lead(card: ModelCard) -> bool:
    """Whether a model of this card may be chosen Leader (L327, L1455, L1490)."""
    return not any(card.has(ability) for ability in NEVER_LEAD)


def leader_candidates(cards: Sequence[tuple[str, ModelCard]]) -> tuple[str, ...]:
    """Which of a warband's models (id, card) may be chosen Leader: the one that must lead, if any (L1437, L1439),
    else every model that can lead."""
    forced = tuple(model for model, card in cards if any(card.has(a) for a in MUST_LEAD))
    if forced:
        return forced
    return tuple(model for model, card in cards if can_lead(card))


def warband_points(warband: WarbandSpec, cards: Mapping[str, ModelCard]) -> int:
    """The warband's points, counting only the models that name a known card."""
    return sum(cards[entry.model].points * entry.count for entry in warband.models if entry.model in cards)


def warband_problems(warband: WarbandSpec, cards: Mapping[str, ModelCard]) -> list[str]:
    """Everything wrong with one warband, one line each (empty when it is legal)."""
    where = f'warband "{warband.name}"'
    problems: list[str] = []
    counts: Counter[str] = Counter()
    for entry in warband.models:
        counts[entry.model] += entry.count
    leaders = musts = 0
    for name, count in counts.items():
        card = cards.get(name)
        if card is None:
            problems.append(f'{where}: unknown model "{name}"{did_you_mean(name, list(cards))}')
            continue
        if warband.alignment not in card.alignments:
            problems.append(f"{where}: {name} is {' / '.join(card.alignments)}, not {warband.alignment}; every "
                            "model of a warband shares its alignment (L234, L1277)")
        most = 1 if card.limit == "U" else int(card.limit)
        if count > most:
            shown = "U (unique)" if card.limit == "U" else str(card.limit)
            problems.append(f"{where}: {count} x {name}, but its warband limit is {shown} (L262)")
        leaders += count if can_lead(card) else 0
        musts += count if any(card.has(a) for a in MUST_LEAD) else 0
    points = warband_points(warband, cards)
    if points > WARBAND_POINTS:
        problems.append(f"{where}: {points} points; a warband holds at most {WARBAND_POINTS} (L262, L1391): "
                        "bring a second warband for a larger game")
    if not leaders and all(name in cards for name in counts):
        problems.append(f"{where}: no model can be Leader (Mob and Solitary models cannot); each warband needs "
                        "one (L327)")
    if musts > 1:
        problems.append(f"{where}: {musts} models must be the Leader (Font of Blight, Fortunate One), but a "
                        "warband has one Leader (L1437, L1439; ruling two-must-lead)")
    return problems


def force_problems(warbands: Sequence[WarbandSpec], cards: Mapping[str, ModelCard],
                   points_limit: int | None = None) -> list[str]:
    """Everything wrong with one player's force: each warband's problems, one alignment for all (L1277), a ``U``
    model once in the whole force (L262), and the agreed points limit (L327)."""
    if not warbands:
        return ["a force needs at least one warband"]
    problems = [line for warband in warbands for line in warband_problems(warband, cards)]
    alignments = sorted({warband.alignment for warband in warbands})
    if len(alignments) > 1:
        problems.append(f"the force mixes alignments ({', '.join(alignments)}); a player picks one alignment for "
                        "all their warbands (L327, L1277)")
    unique: Counter[str] = Counter()
    for warband in warbands:
        for entry in warband.models:
            card = cards.get(entry.model)
            if card is not None and card.limit == "U":
                unique[entry.model] += entry.count
    problems += [f"{name} is unique (U) but the force has {count}; a U model appears once in a player's whole "
                 "force (L262)" for name, count in unique.items() if count > 1 and len(warbands) > 1]
    total = sum(warband_points(warband, cards) for warband in warbands)
    if points_limit is not None and total > points_limit:
        problems.append(f"the force costs {total} points, above the {points_limit} agreed (L327)")
    return problems
