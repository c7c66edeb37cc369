"""Dismissing a summoned creature (Eldfall core rules v1.5, L992): a standing order its player gives at any time,
carried out as the side's next Strategic phase begins; one creature a caster a Strategic phase; the Summoning Limit
frees up and a Personal Guard goes back to its model (L2906)."""

from __future__ import annotations

from engine.core import Game, ModelId
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.support import summons_of
from tests.engine.systems.eldfall.commands import Dismiss
from tests.engine.systems.eldfall.tables import ALICE, as_side, turn_of, unit_id
from tests.engine.systems.eldfall.test_personal_guard import _summon, _table
from tests.refusals import refused


def _refused(game: Game[EldfallState], command: Dismiss, side: str, match: str) -> None:
    refused(game, command, as_side(side, ALICE), match)


def test_a_creature_ordered_away_leaves_at_its_sides_next_strategic_phase() -> None:
    # L992: in the Strategic phase a caster may dismiss one of its summoned creatures, removed at once; L2906: the
    # Personal Guard goes back to its model.
    game, vizier, gargoyle = _table("dismiss")
    menu = {a.name: a.label for a in game.system.legal_actions(game.state, "A")}  # type: ignore[arg-type]
    assert menu["dismiss"] == "Dismiss a summoned creature", "/act alone offers the order"
    game.apply(Dismiss(model=gargoyle), as_side("A", ALICE))
    assert gargoyle in game.state.models, "it waits for the Strategic phase"
    turn_of(game, "B")
    assert gargoyle in game.state.models, "the other side's Strategic phase is not its caster's"
    turn_of(game, "A")
    assert gargoyle not in game.state.models
    assert game.state.figures[gargoyle].gone == f"dismissed by {vizier}"
    assert summons_of(game.state, vizier) == [], "its Summoning Limit is free again (L988-1000)"
    assert game.state.figures[vizier].upgrades == ["personal-guard"]


def test_one_creature_a_caster_a_strategic_phase() -> None:
    game, vizier, gargoyle = _table("dismiss-one")
    _summon(game, vizier)
    second = next(m for m, f in game.state.figures.items() if f.summoner == vizier and m != gargoyle)
    game.apply(Dismiss(model=gargoyle), as_side("A", ALICE))
    _refused(game, Dismiss(model=second), "A", rf"{vizier} already dismisses {gargoyle}.*one creature a Strategic "
                                               r"phase \(L992\)")
    game.apply(Dismiss(model=gargoyle, on=False), as_side("A", ALICE))
    game.apply(Dismiss(model=second), as_side("A", ALICE))
    turn_of(game, "B")
    turn_of(game, "A")
    assert gargoyle in game.state.models and second not in game.state.models


def test_only_ones_own_summoned_creatures_are_dismissed() -> None:
    game, vizier, gargoyle = _table("dismiss-refused")
    _refused(game, Dismiss(model=vizier), "A", r"was not summoned: a caster dismisses only its summoned creatures "
                                               r"\(L992\)")
    _refused(game, Dismiss(model=gargoyle), "B", r"belongs to side A")
    _refused(game, Dismiss(model=ModelId(unit_id(game, "Bushi Attendant"))), "A", r"belongs to side B")
