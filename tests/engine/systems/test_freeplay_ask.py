"""/ask: a player poses a choice to another side, one part per model, answered and logged by the core."""

from __future__ import annotations

import re

import pytest

from bot.console.session import ConsoleSession, seeded_source
from bot.core.data_loader import load_system_data
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import (
    SPECTATOR,
    ActionCommand,
    Actor,
    Answer,
    DecisionAnswered,
    DecisionPending,
    ExpireDecision,
    Game,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    SideId,
    UserId,
)
from engine.dice import commitment
from engine.systems.freeplay import Freeplay
from engine.systems.freeplay.state import FreeplayState
from tests.freeplay_commands import ask as ask_command
from tests.refusals import refused, refusing
from tests.table_commands import add_model, move_model

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")
B1, B2 = ModelId("B1"), ModelId("B2")


def new_table(*, practice: bool = False, seat_bob: bool = True) -> Game[FreeplayState]:
    seed = "cd" * 32
    setup = GameSetup(system="freeplay", sides=(A, B), host=ALICE, practice=practice,
                      seed_commitment=commitment(seed), options={"map": "crossroads"})
    seats = {A: ALICE, B: ALICE if practice else BOB} if practice or seat_bob else {A: ALICE}
    game = Game.start(Freeplay(load_system_data("freeplay")), setup, seed, seats=seats)
    game.apply(add_model(unit="Knight", at=(18.0, 3.0)), Actor(user=ALICE, side=A))
    for x in (10.0, 14.0):
        game.apply(add_model(unit="Archer", at=(x, 33.0), side=B), Actor(user=ALICE, host=True))
    return game


def alice() -> Actor:
    return Actor(user=ALICE, side=A)


def bob() -> Actor:
    return Actor(user=BOB, side=B)


def ask(**overrides: object) -> ActionCommand:
    fields: dict[str, object] = {"side": B, "question": "Hold or flee?", "options": ("hold", "flee"),
                                 "models": (B1, B2)}
    fields.update(overrides)
    return ask_command(**fields)  # type: ignore[arg-type]


def test_an_ask_opens_one_part_per_model_owned_by_the_asked_side() -> None:
    game = new_table()
    (opened,) = game.apply(ask(), alice())
    (decision,) = game.pending
    assert opened.audience.is_public
    assert (decision.owner, decision.kind, decision.optional) == (B, "ask", False)
    assert decision.prompt == "Side A asks: Hold or flee?"
    assert [(p.key, p.option_keys(), p.default) for p in decision.parts] == [
        ("B1", ("hold", "flee"), "hold"), ("B2", ("hold", "flee"), "hold")]
    assert decision.parts[0].prompt == "B1 Archer: Hold or flee?"


def test_the_answer_is_logged_publicly_and_play_goes_on() -> None:
    game = new_table()
    game.apply(ask(), alice())
    decision_id = game.pending[0].id
    refused(game, move_model(model="A1", to="18,5"), alice(), "side B must first decide", error=DecisionPending)
    with refusing(game, "'run' is not an option for B2; choose one of hold, flee", error=InvalidCommand):
        game.apply(Answer(decision_id=decision_id, answers={"B1": "flee", "B2": "run"}), bob())
    (answered,) = game.apply(Answer(decision_id=decision_id, answers={"B1": "FLEE"}), bob())
    assert isinstance(answered.body, DecisionAnswered)
    assert answered.body.answers == {"B1": "flee", "B2": "hold"}, "a label is accepted, an unanswered part defaults"
    assert answered.audience.is_public
    assert game.log_view(SPECTATOR).lines[-1].text == "Side B decides: B1: flee; B2: hold."
    assert not game.pending
    game.apply(move_model(model=ModelId("A1"), to="18,5"), alice())


def test_without_models_there_is_one_part_and_optional_asks_take_the_default_on_timeout() -> None:
    game = new_table()
    game.apply(ask(models=(), question="Which of you takes the hit?", options=("Archer B1", "Archer B2"),
                   optional=True), alice())
    (decision,) = game.pending
    assert [(p.key, p.option_keys()) for p in decision.parts] == [("answer", ("archer-b1", "archer-b2"))]
    (expired,) = game.apply(ExpireDecision(decision_id=decision.id), Actor(user=ALICE, host=True))
    assert expired.body.answers == {"answer": "archer-b1"}  # type: ignore[attr-defined]
    assert "Time ran out for side B" in expired.body.describe()


def test_options_whose_short_forms_clash_are_numbered() -> None:
    game = new_table()
    game.apply(ask(models=(), options=("Fall back!", "fall back?", "Charge")), alice())
    refused(new_table(), ask(options=("Hold", "hold")), alice(), "given twice", error=IllegalCommand)
    assert game.pending[0].parts[0].option_keys() == ("1", "2", "3")
    game.apply(Answer(decision_id=game.pending[0].id, choice="charge"), bob())
    assert game.log_view(SPECTATOR).lines[-1].text == "Side B decides: Charge."


@pytest.mark.parametrize(
    ("command", "error", "message"),
    [
        (ask(side=SideId("C")), InvalidCommand, "there is no side C; the sides are A, B"),
        (ask(side=A), InvalidCommand, "you act for side A; ask another side"),
        (ask(options=("hold",)), IllegalCommand, r"give 2 to 25 options .* \(got 1\)"),
        (ask(options=tuple(f"o{n}" for n in range(26))), IllegalCommand, r"\(got 26\)"),
        (ask(options=("hold", "x" * 81)), IllegalCommand, "is 81 characters long; at most 80"),
        (ask(models=(ModelId("B9"),)), InvalidCommand, "there is no model B9 on the table. .*Side B's models: B1, B2"),
        (ask(models=(ModelId("A1"),)), InvalidCommand, "A1 belongs to side A, not side B"),
        (ask(models=(B1, B1)), InvalidCommand, "names B1 twice"),
        (ask(models=tuple(ModelId(f"B{n}") for n in range(21))), InvalidCommand, "takes 1 to 20 values, not 21"),
        (ask(question="  "), InvalidCommand, "needs question:"),
    ],
)
def test_bad_asks_are_refused_saying_why(command: ActionCommand, error: type[Exception], message: str) -> None:
    game = new_table()
    refused(game, command, alice(), message, error=error)
    assert not game.pending


def test_an_empty_side_cannot_be_asked() -> None:
    game = new_table(seat_bob=False)
    refused(game, ask(models=()), alice(), "side B has no player to answer yet", error=IllegalCommand)


def test_a_practice_table_lets_one_player_ask_their_other_side() -> None:
    game = new_table(practice=True)
    game.apply(ask(), alice())
    assert game.pending[0].owner == B
    game.apply(Answer(decision_id=game.pending[0].id, answers={"B2": "flee"}), Actor(user=ALICE, side=B))
    assert game.log_view(SPECTATOR).lines[-1].text == "Side B decides: B1: hold; B2: flee."


def test_the_host_without_a_seat_may_ask() -> None:
    game = new_table()
    game.apply(ask(models=()), Actor(user=UserId("referee"), host=True))
    assert game.pending[0].prompt == "The host asks: Hold or flee?"


def test_typed_options_become_an_ask() -> None:
    game = new_table()
    command = game.system.command(("ask",), {"side": "b", "question": '"Hold or flee?"', "options": "hold, flee ,",
                                             "models": "b1,B2", "optional": False})
    game.apply(command, alice())
    (decision,) = game.pending
    assert (decision.owner, decision.prompt, decision.optional) == (B, "Side A asks: Hold or flee?", False)
    assert [(p.key, p.option_keys()) for p in decision.parts] == [("B1", ("hold", "flee")), ("B2", ("hold", "flee"))]


async def test_the_console_asks_and_the_other_player_answers() -> None:
    lines: list[str] = []
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(3), print_line=lines.append)
    await session.run_lines([
        "/game new system:freeplay map:crossroads practice:no",
        "@bob /game join side:B",
        "@bob /model add unit:Archer at:10,33",
        "@bob /model add unit:Archer at:14,33",
        '/ask side:B question:"Hold or flee?" options:hold,flee models:B1,B2 optional:false',
    ], strict=True)
    prompt = re.search(r"\[private to bob\] bob \(side B\), decide (d\d+): Side A asks: Hold or flee\?",
                       "\n".join(lines))
    assert prompt is not None, "bob alone is prompted, with the question"
    await session.run_lines([f"@bob /decide decision:{prompt[1]} choice:B1=hold;B2=flee"], strict=True)
    assert "Side B decides: B1: hold; B2: flee." in "\n".join(lines)
    assert session.errors == 0
