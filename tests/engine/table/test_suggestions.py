"""Suggested moves: /move model:A1 with no to: offers lettered moves in reach as its menu, each one a /move that
works."""

from __future__ import annotations

import math

import pytest

from bot.console.session import ConsoleSession, seeded_source
from bot.core.data_loader import load_system_data
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Actor, Choice, Game, GameSetup, InvalidCommand, ModelId, OverlayKind, SideId, UserId, Viewer
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from engine.table import ModelMoved, MoveCandidate, PlacedModel, TableRules
from engine.table.suggestions import MAX_CANDIDATES, SAME_SPOT, move_candidates, named_destinations, reach
from tests.table_commands import load_force, move_model

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")
SEED = "c4" * 32
RULES = TableRules()
DEFAULT_REACH = RULES.default_reach
FREEPLAY = Freeplay(load_system_data("freeplay"))


def _alice() -> Actor:
    return Actor(user=ALICE, side=A)


def _bob() -> Actor:
    return Actor(user=BOB, side=B)


def skirmish() -> Game[FreeplayState]:
    """Crossroads, Red Company (A) against the Wild Hunt (B), both spread out, then a few models forward."""
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(SEED),
                      options={"map": "crossroads"})
    game = Game.start(FREEPLAY, setup, SEED, seats={A: ALICE, B: BOB})
    game.apply(load_force(name="Red Company"), _alice())
    game.apply(load_force(name="Wild Hunt"), _bob())
    for model, to, actor in (("A2", "18,12", _alice()), ("A4", "24,17", _alice()), ("B1", "18,20", _bob()),
                             ("B2", "14,19", _bob()), ("B3", "31,25", _bob())):
        game.apply(move_model(model=ModelId(model), to=to), actor)
    return game


@pytest.fixture(scope="module")
def game() -> Game[FreeplayState]:
    return skirmish()


MODELS = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"]


@pytest.mark.parametrize("model_id", MODELS)
def test_every_suggestion_typed_as_a_move_ends_where_it_was_shown(game: Game[FreeplayState], model_id: str) -> None:
    candidates = move_candidates(game.state, model_id, RULES)
    assert candidates, f"{model_id} is offered something"
    actor = _alice() if model_id.startswith("A") else _bob()
    for candidate in candidates:
        twin = game.clone()
        (moved,) = twin.apply(move_model(model=ModelId(model_id), to=candidate.to), actor)
        assert isinstance(moved.body, ModelMoved)
        end = moved.body.path[-1]
        assert math.dist(end, candidate.end) <= 0.01, (candidate, end)
        assert moved.body.distance == pytest.approx(candidate.distance, abs=0.01)


@pytest.mark.parametrize("model_id", MODELS)
def test_suggestions_stay_in_reach_lettered_distinct_and_few(game: Game[FreeplayState], model_id: str) -> None:
    model = game.state.models[ModelId(model_id)]
    candidates = move_candidates(game.state, model_id, RULES)
    assert [c.letter for c in candidates] == [chr(ord("A") + i) for i in range(len(candidates))]
    assert len(candidates) <= MAX_CANDIDATES
    far = reach(model, RULES)
    assert far == model.stats["move"]
    assert all(c.distance <= far + 0.01 for c in candidates), candidates
    ends = [(model.x, model.y), *(c.end for c in candidates)]
    assert all(math.dist(p, q) >= SAME_SPOT for i, p in enumerate(ends) for q in ends[i + 1:]), "no twins"
    assert candidates == move_candidates(game.state, model_id, RULES), "the same table gives the same list"


def test_the_list_offers_objectives_cover_and_contact(game: Game[FreeplayState]) -> None:
    hound = [(c.label, c.to) for c in move_candidates(game.state, "B2", RULES)]
    assert hound == [
        ('contact O1 (2.5")', "contact O1"),
        ('contact O2 (3.5")', "contact O2"),
        ('furthest toward O3 (9.0")', "toward O3 9"),
        ('cover behind T5 from A2 (4.8")', "behind T5 from A2"),
        ('cover behind T6 from A2 (5.1")', "behind T6 from A2"),
        ('contact A2 (6.7")', "contact A2"),
        ('contact A4 (8.9")', "contact A4"),
    ]
    other_hound = {c.label.split(" (")[0]: c for c in move_candidates(game.state, "B3", RULES)}
    assert "into forest T7" in other_hound, "a wood a base fits in is cover to step into"
    assert "," in other_hound["into forest T7"].to, "offered as the x,y inside it"
    knight = [c.label for c in move_candidates(game.state, "A2", RULES)]
    assert knight == ['contact O1 (4.6")', 'furthest toward O2 (5.0")', 'furthest toward O3 (5.0")']
    assert not any(c.label.startswith("contact B") for c in move_candidates(game.state, "A2", RULES)), \
        "the nearest enemy is more than the Knight's 5\" away"


def test_a_model_without_a_move_stat_reaches_six_inches() -> None:
    base = {"id": ModelId("A1"), "name": "Rock", "unit": "Rock", "side": A, "base_mm": 25.0, "x": 5.0, "y": 5.0,
            "wounds": 1}
    assert reach(PlacedModel(**base), RULES) == DEFAULT_REACH == 6.0  # type: ignore[arg-type]
    assert reach(PlacedModel(**base, stats={"move": '7"'}), RULES) == 7.0  # type: ignore[arg-type]
    assert reach(PlacedModel(**base, stats={"move": "fast"}), RULES) == 6.0  # type: ignore[arg-type]
    assert reach(PlacedModel(**base, stats={"move": 0}), RULES) == 0.0, "a model that cannot move"  # type: ignore[arg-type]


def _ends(game: Game[FreeplayState], side: SideId, model: str) -> list[Choice]:
    """The menu of ``/move model:<model>``'s destination, as side ``side`` reads it."""
    declarations = FREEPLAY.declarations
    decl = declarations.find(("move",), None)
    assert decl is not None
    asked = declarations.question(FREEPLAY, game.state, decl, Viewer.of_side(side), side, {"model": model})
    assert asked is not None and asked.option == "to"
    return [choice for _, choice in asked.entries]


def test_the_destination_menu_offers_the_suggestions_lettered_with_their_paths(game: Game[FreeplayState]) -> None:
    candidates = move_candidates(game.state, "B2", RULES)
    ends = _ends(game, B, "b2")
    assert [(c.value, c.label) for c in ends] == [(c.to, f"{c.letter}) {c.label}") for c in candidates]
    assert ends[0].label == 'A) contact O1 (2.5")'
    assert [(c.overlay.kind, c.overlay.label, c.overlay.points) for c in ends if c.overlay] == [
        (OverlayKind.PATH, c.letter, c.path) for c in candidates]
    with pytest.raises(InvalidCommand, match="there is no model Z9"):
        _ends(game, B, "Z9")


def test_a_move_without_to_is_never_a_command(game: Game[FreeplayState]) -> None:
    for to in ({}, {"to": " "}):
        command = FREEPLAY.command(("move",), {"model": "A1", **to})
        with pytest.raises(InvalidCommand, match="needs to:"):
            game.clone().apply(command, _alice())


def test_a_lone_model_with_nothing_in_reach_may_still_stay_where_it_stands() -> None:
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, seed_commitment=commitment(SEED))
    game = Game.start(FREEPLAY, setup, SEED, seats={A: ALICE, B: BOB})
    # an empty table: no objectives, no cover, no enemy
    game.apply(FREEPLAY.command(("model", "add"), {"unit": "Knight", "at": "5,5"}), _alice())  # type: ignore[arg-type]
    assert move_candidates(game.state, "A1", RULES) == []
    (stay,) = _ends(game, A, "A1")
    assert (stay.value, stay.label, stay.overlay) == ("5,5", "stay where it stands", None), "a menu never stops"
    game.apply(FREEPLAY.command(("move",), {"model": "A1", "to": stay.value}), _alice())


async def test_the_console_lists_suggestions_privately_and_moves_nothing_until_one_is_typed() -> None:
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(5), print_line=lambda _: None)
    assert await session.run_lines([
        "/game new system:freeplay map:crossroads practice:no",
        "@bob /game join side:B",
        "/force load name:Red Company side:A",
        "@bob /force load name:Wild Hunt side:B",
        "/move model:A2 to:18,12",
        "@bob /move model:B2 to:14,19",
    ], strict=True) == 0
    (listed,) = await session.run_line("@bob /move model:B2")
    assert listed.to == BOB and not listed.error and listed.pictures, "private, with the paths drawn"
    assert listed.picks and listed.picks[0][0].startswith("A) ")
    log = await session.run_line("/log count:1")
    assert "B2 moves" in log[0].text, "asking moved nothing: the last event is still B2's own move"
    to = listed.picks[-1][1].options["to"]
    outputs = await session.run_line(f"@bob /move model:B2 to:{to}")
    assert not any(output.error for output in outputs), outputs
    assert any("B2 moves" in output.text for output in outputs)


def test_move_candidate_is_exported_for_front_ends() -> None:
    assert MoveCandidate.__dataclass_fields__.keys() >= {"letter", "label", "to", "distance", "end"}


def test_named_destinations_list_the_nearest_enemies_only_where_measuring_is_allowed(game: Game[FreeplayState]) -> None:
    """A menu's ends for a move: by name only. Where measuring waits for a declaration, the enemies come in id
    order, so the list cannot be read as a measurement."""
    models = game.state.models
    measured = [c.value for c in named_destinations(game.state, "b3", measured=True) if c.value.startswith("contact")]
    blind = [c.value for c in named_destinations(game.state, "B3", measured=False) if c.value.startswith("contact")]
    assert blind == ["contact A1", "contact A2", "contact A3", "contact A4", "contact A5"]
    b3 = models[ModelId("B3")]
    spot = {c: (models[ModelId(c[-2:])].x, models[ModelId(c[-2:])].y) for c in blind}
    nearest = sorted(blind, key=lambda c: math.dist((b3.x, b3.y), spot[c]))
    assert measured == nearest != blind
    assert named_destinations(game.state, "Z9", measured=True) == []
