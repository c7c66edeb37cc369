"""The Strategic phase's extras, in play: Hasten's move, Expeditionary Tactics: Surge Order, First Aid, an Artificer's
Enchantment, an Alchemist's Consumables; Spellbound's lasting Enchantment. Each test cites the lines it plays
(Eldfall core rules v1.5); the Ranger's End-phase move is in test_reactive_abilities."""

from __future__ import annotations

from engine.core import Answer, Decision, Game, InvalidCommand, ModelId, RigDice
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strategic_choices import STRATEGIC_KIND
from tests.engine.systems.eldfall.commands import Activate, Declare, EndTurn
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    eldfall,
    practice,
    settle,
    turn_of,
    unit_id,
)
from tests.refusals import refused, refusing
from tests.table_commands import change_token, wound_model


def _table() -> tuple[Game[EldfallState], ModelId, ModelId, ModelId]:
    """A Helian party: a test-only Enchanter of Elder magic (no shipped model casts Hasten) holding the Surge Order,
    a Citadel Guard with First Aid, two Flameshapers (the second A4); at the start of side A's turn."""
    unit = next(u for u in eldfall().data.units if u.name == "Flameweaver Noble")
    copy = unit.model_copy(update={"name": "Elder Enchanter",
                                   "keywords": tuple(k.replace("(Fire)", "(Elder)") for k in unit.keywords)})
    party = PartySpec(id="test", name="Test", faction="Helian League", game_size=80, leader="Elder Enchanter",
                      members=(PartyMember(unit="Elder Enchanter", upgrades=("surge-order",)),
                               PartyMember(unit="Citadel Guard", upgrades=("first-aid",)),
                               PartyMember(unit="Flameshaper"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "free-moves", options={"size": "80"}, system=eldfall(copy))
    turn_of(game, "A")
    noble, guard, shaper = (ModelId(unit_id(game, u)) for u in ("Elder Enchanter", "Citadel Guard", "Flameshaper"))
    arrange(game, {noble: (18, 10, 90.0), guard: (20, 12, 90.0), shaper: (25, 12, 90.0), "A4": (28, 12, 90.0)})
    return game, noble, guard, shaper


def _next_strategic(game: Game[EldfallState]) -> str:
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    game.apply(EndTurn(), as_side("B", ALICE))
    return next(d.id for d in game.state.pending.values() if d.kind == STRATEGIC_KIND)


def _strategic_of_a(game: Game[EldfallState]) -> Decision:
    """Side A's Strategic-phase decision: turns end until it is asked."""
    for _ in range(4):
        found = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND and d.owner == "A"]
        if found:
            return found[0]
        settle(game)
        active = game.state.active_side
        assert active is not None
        game.apply(EndTurn(), as_side(active, ALICE))
    raise AssertionError("side A was never asked")


def _at(game: Game[EldfallState], model: ModelId) -> tuple[float, float]:
    return game.state.models[model].x, game.state.models[model].y


def test_hasten_surge_order_and_first_aid_in_the_strategic_phase() -> None:
    # L2306: a hasted model makes a Normal Movement in its caster's Strategic phase, as the Enchantment ends (L950,
    # ruling hasten-timing); L2871-2873: the Surge Order, spent, moves Helian League models; L2671-2673: First Aid
    # gives 1 HP back and ends Bleeding to a model in the bearer's Awareness.
    game, noble, guard, shaper = _table()
    game.apply(wound_model(model=guard, amount=1), HOST)
    game.apply(Activate(model=noble, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(3, 3)), HOST)
    game.apply(Declare(kind="assist", means="Hasten", targets=((guard, 0),)), as_side("A", ALICE))
    assert game.state.figures[guard].enchantments == {"hasten": "strategic:A"}
    decision = _next_strategic(game)
    assert game.state.figures[guard].enchantments == {}, "Hasten ends at this Strategic phase (L950)"
    game.apply(Answer(decision_id=decision, answers={guard: "20,8", "surge": "use", f"surge.{shaper}": "25,16",
                                                     "first-aid": guard}), as_side("A", ALICE))
    assert _at(game, guard) == (20.0, 8.0) and _at(game, shaper) == (25.0, 16.0)
    assert game.state.models[guard].wounds_taken == 0
    assert game.state.figures[noble].upgrades == [] and game.state.figures[guard].upgrades == [], "both spent"
    assert not game.state.pending and game.state.phase == "tactical"
    assert not any(d.kind == STRATEGIC_KIND for d in game.state.pending.values())
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    game.apply(EndTurn(), as_side("B", ALICE))
    assert not game.state.pending, "nothing left to choose: both upgrades are gone and Hasten has ended"


def test_the_surge_order_moves_three_models_at_most_and_only_when_spent() -> None:
    # L2873: up to 3 party members, once the upgrade is removed.
    game, noble, guard, shaper = _table()
    decision = _next_strategic(game)
    moves = {f"surge.{noble}": "18,14", f"surge.{guard}": "22,9", f"surge.{shaper}": "25,16"}
    refused(game, Answer(decision_id=decision, answers=moves), as_side("A", ALICE), "surge=use", error=InvalidCommand)
    with refusing(game, "up to 3 models, not 4", error=InvalidCommand):
        game.apply(Answer(decision_id=decision, answers={**moves, "surge.A4": "28,16", "surge": "use"}),
                   as_side("A", ALICE))
    game.apply(Answer(decision_id=decision, answers={**moves, "surge": "use"}), as_side("A", ALICE))
    assert _at(game, noble) == (18.0, 14.0) and _at(game, guard) == (22.0, 9.0)


def test_an_artificer_takes_an_enchantment_it_knows_with_no_roll() -> None:
    # L1805-1807: in its Strategic phase an Artificer may apply an Enchantment available to it to itself, no roll,
    # until its next Strategic phase.
    game = practice(("Guild Adventurers", "Soga Vanguard"), "artificer")
    errant = ModelId(unit_id(game, "Flameweaver Errant"))
    decision = _strategic_of_a(game)
    part = next(p for p in decision.parts if p.key == f"artificer.{errant}")
    assert "burning-touch" in part.option_keys() and "ignite" not in part.option_keys(), "Enchantments only"
    game.apply(Answer(decision_id=decision.id, answers={part.key: "burning-touch"}), as_side("A", ALICE))
    assert game.state.figures[errant].enchantments == {"burning-touch": "strategic:A"}
    assert game.state.phase == "tactical"


def test_an_alchemists_consumables_replenish_in_its_strategic_phase() -> None:
    # L414: a Consumable is discarded once used; L1798: an Alchemist's replenish in its Strategic phase.
    unit = next(u for u in eldfall().data.units if u.name == "Citadel Guard")
    copy = unit.model_copy(update={"name": "Guard Alchemist",
                                   "keywords": (*unit.keywords, "class:Alchemist", "item:Javelin")})
    party = PartySpec(id="test", name="Test", faction="Helian League", game_size=60, leader="Guard Alchemist",
                      members=(PartyMember(unit="Guard Alchemist"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "alchemist", system=eldfall(copy))
    turn_of(game, "A")
    alchemist = ModelId(unit_id(game, "Guard Alchemist"))
    arrange(game, {alchemist: (25, 12, 90.0), "B3": (25, 16, 270.0)})
    game.apply(Activate(model=alchemist, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 20, 20)), HOST)
    game.apply(Declare(kind="attack", means="javelin", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))
    settle(game)
    assert game.state.figures[alchemist].spent == {"javelin": 1}
    turn_of(game, "B")
    turn_of(game, "A")
    assert game.state.figures[alchemist].spent == {}


def test_spellbound_carries_its_enchantment_the_whole_game() -> None:
    # L2145-2147: a model with Spellbound (X) is enchanted by X, which never wears off.
    unit = next(u for u in eldfall().data.units if u.name == "Citadel Guard")
    copy = unit.model_copy(update={"name": "Warded Guard",
                                   "keywords": (*unit.keywords, "trait:Spellbound (Arcane Shield)")})
    party = PartySpec(id="test", name="Test", faction="Helian League", game_size=60, leader="Warded Guard",
                      members=(PartyMember(unit="Warded Guard"), PartyMember(unit="Flameshaper")))
    game = practice((party, "Soga Vanguard"), "spellbound", system=eldfall(copy))
    warded = ModelId(unit_id(game, "Warded Guard"))
    for side in ("A", "B", "A", "B", "A"):
        turn_of(game, side)
    assert game.state.figures[warded].enchantments == {"arcane-shield": "game"}, "still there in round 3"



def test_an_incapacitated_bearer_spends_first_aid_on_itself_only() -> None:
    # L2673: an Incapacitated bearer may use First Aid, on itself alone (it takes no action, L1756); 1 HP back in its
    # own Strategic phase cancels the state then, and it may become Crouched (L1758, as Regeneration's HP does).
    game, _noble, guard, shaper = _table()
    game.apply(wound_model(model=guard, amount=game.state.models[guard].wounds), HOST)
    game.apply(change_token(model=guard, token="incapacitated"), HOST)
    game.apply(wound_model(model=shaper, amount=1), HOST)
    decision = _strategic_of_a(game)
    part = next(p for p in decision.parts if p.key == "first-aid")
    assert [o.key for o in part.options] == ["keep", guard], "itself alone, not the hurt Flameshaper beside it"
    with refusing(game, "first-aid", error=InvalidCommand):
        game.apply(Answer(decision_id=decision.id, answers={"first-aid": shaper}), as_side("A", ALICE))
    game.apply(Answer(decision_id=decision.id, answers={"first-aid": guard, f"crouch.{guard}": "crouch"}),
               as_side("A", ALICE))
    assert game.state.models[guard].wounds_left == 1
    tokens = game.state.models[guard].tokens
    assert "incapacitated" not in tokens, "1 HP back in its Strategic phase ends the state (L1758)"
    assert "crouched" in tokens, "and its player may have it Crouched as it recovers (L1758)"
    assert game.state.figures[guard].upgrades == []


def test_a_standing_bearer_tends_any_model_in_its_awareness() -> None:
    # L2673: any non-dead model in the bearer's Awareness, itself included.
    game, _noble, guard, shaper = _table()
    game.apply(wound_model(model=shaper, amount=1), HOST)
    decision = _strategic_of_a(game)
    part = next(p for p in decision.parts if p.key == "first-aid")
    assert guard in [o.key for o in part.options] and shaper in [o.key for o in part.options]
    assert not any(p.key.startswith("crouch.") for p in decision.parts), "nobody Incapacitated: no crouch asked"
