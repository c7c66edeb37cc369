"""The Personal Guard upgrade (Eldfall core rules v1.5, L2904-2906): its creature is a Sentinel that may not fully
leave its model's Awareness, and the upgrade goes back to the model, to be given again, when the creature is
removed."""

from __future__ import annotations

from engine.core import Answer, Game, IllegalCommand, ModelId, RigDice, SideId, Viewer, ViewerKind
from engine.systems.eldfall.guards import GUARD_KIND
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.views import EldfallView, eldfall_view
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, ChooseParty, Declare, Ready
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    new_game,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refusing

PARTY = PartySpec(id="guard", name="Guard", faction="Sand Kingdoms", game_size=60, leader="Vizier of Conjurations",
                  members=(PartyMember(unit="Vizier of Conjurations", upgrades=("personal-guard",)),
                           PartyMember(unit="Taskmage Explorer")))


def _table(seed: str, rulings: dict[str, str] | None = None) -> tuple[Game[EldfallState], ModelId, ModelId]:
    """The Vizier (AG 10: an Awareness of 10 inches) and its Gargoyle, its Personal Guard since deployment; side A's
    turn, everything else out of the way."""
    game = practice((PARTY, "Soga Vanguard"), seed, rulings=rulings)
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    gargoyle = next(m for m, f in game.state.figures.items() if f.summoner == vizier)
    assert game.state.figures[gargoyle].guard_of == vizier
    arrange(game, {vizier: (8, 6, 90.0), gargoyle: (17.5, 6, 90.0)})  # 8.38 inches apart edge to edge, open ground
    return game, vizier, gargoyle


def _walk(game: Game[EldfallState], model: ModelId, to: str) -> list[str]:
    events = game.apply(Activate(model=model, how="walk", to=to), as_side("A", ALICE))
    settle(game)
    events += game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    settle(game)
    return [line for e in events for line in (e.body.describe(), *e.body.working())]


def _kill(game: Game[EldfallState], gargoyle: ModelId) -> None:
    """Side B's Bushi Attendant takes the Gargoyle down in melee (rigged: a Hit and a critical damage roll)."""
    bushi = ModelId(unit_id(game, "Bushi Attendant"))
    turn_of(game, "B")
    place(game, bushi, 17.5, 7.13, 270.0)  # in contact with the Gargoyle (25 and 32 mm bases)
    game.apply(Activate(model=bushi, how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(2, 20, 1, 1)), HOST)
    melee = next(m.id for m in game.system.kit.world(game.state).fighter(bushi).weapons if m.kind == "melee")
    game.apply(Declare(kind="attack", means=melee, targets=((gargoyle, 0),)), as_side("B", ALICE))
    assert gargoyle not in game.state.models, "a Construct at 0 HP is removed (L2041)"


def _summon(game: Game[EldfallState], vizier: ModelId) -> None:
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="ritual", means="Summon Gargoyle"), as_side("A", ALICE))


def test_views_show_who_is_the_guard() -> None:
    game, vizier, gargoyle = _table("guard-view")
    mine = eldfall_view(game.system.kit, game.state, Viewer(kind=ViewerKind.SIDE, side=SideId("A")))
    assert next(m for m in mine.models if m.id == gargoyle).guard_of == vizier
    assert next(m for m in mine.models if m.id == vizier).guard_of is None
    board = game.system.board(game.state, Viewer(kind=ViewerKind.SIDE, side=SideId("B")))
    assert f"guards {vizier}" in next(m for m in board.models if m.id == gargoyle).tokens, "the party is revealed"


def test_the_guard_stops_at_the_edge_of_its_models_awareness() -> None:
    # L2906: it may not fully leave the model's Awareness (AG 10 inches, L683); a move too far stops there (ruling
    # personal-guard-leash, as move-too-far).
    game, vizier, gargoyle = _table("guard-leash")
    lines = _walk(game, gargoyle, "22,6")
    assert any(f"stops at the edge of {vizier}'s Awareness" in line and "L2906" in line for line in lines), lines
    world = game.system.kit.world(game.state)
    assert world.aware(vizier, gargoyle)
    assert 9.9 <= world.gap(vizier, gargoyle) <= 10.01
    assert world.fighter(gargoyle).has("Sentinel")


def test_the_leash_binds_the_creature_not_its_model() -> None:
    game, vizier, gargoyle = _table("guard-model")
    game.apply(ChannelMana(model=vizier, amount=1), as_side("A", ALICE))  # leaves it 1 AP: one activation
    _walk(game, vizier, "3,6")
    world = game.system.kit.world(game.state)
    assert game.state.models[vizier].x == 3 and not world.aware(vizier, gargoyle), "the model walks away freely"
    with refusing(game, r"it may only move closer to A1", error=IllegalCommand):
        game.apply(Activate(model=gargoyle, how="walk", to="21,6"), as_side("A", ALICE))
    _walk(game, gargoyle, "14,6")
    assert game.state.models[gargoyle].x == 14, "back toward its model, it moves freely"


def test_ruling_refused_refuses_the_move() -> None:
    game, _vizier, gargoyle = _table("guard-refused", rulings={"personal-guard-leash": "refused"})
    with refusing(game, r"may not fully leave its model's Awareness \(L2906\)", error=IllegalCommand):
        game.apply(Activate(model=gargoyle, how="walk", to="22,6"), as_side("A", ALICE))
    assert game.state.models[gargoyle].x == 17.5


def test_the_upgrade_returns_and_is_given_to_another_creature() -> None:
    # L2906: if the creature would be removed from the field, the upgrade may go back to the model and be given to
    # another summoned creature.
    game, vizier, gargoyle = _table("guard-again")
    _summon(game, vizier)
    assert not any(d.kind == GUARD_KIND for d in game.state.pending.values()), "its Guard is still there"
    second = next(m for m, f in game.state.figures.items() if f.summoner == vizier and m != gargoyle)
    _kill(game, gargoyle)
    assert game.state.figures[vizier].upgrades == ["personal-guard"]
    decision = next(d for d in game.state.pending.values() if d.kind == GUARD_KIND)
    assert decision.owner == "A" and [o.key for o in decision.parts[0].options] == [second, "keep"]
    game.apply(Answer(decision_id=decision.id, answers={vizier: second}), as_side("A", ALICE))
    world = game.system.kit.world(game.state)
    assert game.state.figures[second].guard_of == vizier and world.fighter(second).has("Sentinel")
    assert game.state.figures[vizier].upgrades == []
    assert game.state.figures[gargoyle].guard_of is None and "Sentinel" not in game.state.figures[gargoyle].classes


def test_with_no_creature_left_the_guard_waits_for_the_next_summoning() -> None:
    game, vizier, gargoyle = _table("guard-wait")
    _kill(game, gargoyle)
    assert game.state.figures[vizier].upgrades == ["personal-guard"]
    assert not any(d.kind == GUARD_KIND for d in game.state.pending.values()), "no creature to give it to"
    turn_of(game, "A")
    _summon(game, vizier)
    decision = next(d for d in game.state.pending.values() if d.kind == GUARD_KIND)
    new = ModelId(decision.parts[0].default or "")
    settle(game)
    assert game.state.figures[new].summoner == vizier and game.state.figures[new].guard_of == vizier
    assert game.system.kit.world(game.state).fighter(new).has("Sentinel")


def test_who_guards_whom_stays_secret_until_the_lists_are_revealed() -> None:
    # L1096: the party lists (and so the upgrades) are revealed once every side has deployed; the 1st Player's
    # models are on view before that.
    game = new_game("guard-secret")
    game.apply(ChooseParty(spec=PARTY), as_side("A"))
    game.apply(ChooseParty(spec=PARTY.model_copy(update={"id": "guard-b"})), as_side("B"))
    settle(game)  # the schemes and the Initiative Check, by their defaults
    first, second = game.state.order
    game.apply(Ready(), as_side(first))
    settle(game)  # the second side's starting creature, by its default, once its turn to deploy comes
    guard = next(f.id for f in game.state.figures.values() if f.side == first and f.guard_of is not None)
    theirs = game.view(Viewer.of_side(second))
    assert isinstance(theirs, EldfallView) and next(m for m in theirs.models if m.id == guard).guard_of is None
    board = game.system.board(game.state, Viewer.of_side(second))
    assert not any(t.startswith("guards") for m in board.models if m.side == first for t in m.tokens)
    assert any(t.startswith("guards") for m in board.models if m.side == second for t in m.tokens), "its own, yes"
    own = game.view(Viewer.of_side(first))
    assert isinstance(own, EldfallView) and next(m for m in own.models if m.id == guard).guard_of is not None
