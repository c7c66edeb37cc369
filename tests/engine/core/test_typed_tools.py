"""Tools beside the rules, declared once (``Declarations.include(..., typed_only=True)``, ``action(typed=True)``,
``command``): accepted typed and read through the world of the declarations that declare them, never offered in
``/act``'s menu, ``/help`` or the bot's moves; a command class the game builds itself goes to its declared handler."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.core import (
    ActionCommand,
    Actor,
    Ask,
    Choice,
    Command,
    Context,
    Declarations,
    Game,
    GameSetup,
    InvalidCommand,
    Param,
    RulesError,
    SideId,
    UserId,
    Viewer,
)
from engine.dice import commitment
from tests.toys.tally import RULES as TALLY
from tests.toys.tally import Scored, Tally, TallyState

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")


@dataclass(frozen=True)
class Ledger:
    """The tools' own world: what their generators and checks read (a game's sight, say), not the game's state."""

    state: TallyState
    fixes: tuple[int, ...] = (2, 4)


TOOLS: Declarations[TallyState, Ledger] = Declarations(reader=lambda system, state: Ledger(state))


def _fixes(world: Ledger, ask: Ask) -> list[Choice]:
    return [Choice(str(n)) for n in world.fixes]


@TOOLS.action(None, "Add points by hand", verb=("model", "wound"), host=True, anytime=True,
              params=(Param("amount", "How many?", values=_fixes),))
def _fix(ctx: Context[TallyState], ask: Ask) -> None:
    ctx.emit(Scored(side=ask.acting or A, amount=ask.integer("amount", 0), next_side=ctx.state.active_side or A))


@TOOLS.action(None, "Take points away by hand", verb=("model", "remove"))
def _unused(ctx: Context[TallyState], ask: Ask) -> None:
    raise AssertionError("left out of the game by only=")


@dataclass(frozen=True, slots=True, kw_only=True)
class Settle(Command):
    """A command the game builds itself (its demo's set-up)."""

    verb = "settle"
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Stray(Command):
    verb = "stray"


GAME: Declarations[TallyState, TallyState] = Declarations()
GAME.include(TALLY)
GAME.include(TOOLS, only=(("model", "wound"),), typed_only=True)


@GAME.action(None, "Show the score by hand", verb=("model", "token"), typed=True)
def _own_tool(ctx: Context[TallyState], ask: Ask) -> None:
    ctx.emit(Scored(side=ask.acting or A, amount=1, next_side=ctx.state.active_side or A))


@GAME.command(Settle)
def _settle(ctx: Context[TallyState], command: Settle) -> None:
    ctx.emit(Scored(side=A, amount=command.amount, next_side=B))


class Tooled(Tally):
    declarations = GAME


def _game() -> Game[TallyState]:
    system = Tooled()
    setup = GameSetup(system="tally", sides=(A, B), host=ALICE, seed_commitment=commitment("t"))
    return Game.start(system, setup, "t", seats={A: ALICE, B: BOB})


def _wound(amount: str) -> ActionCommand:
    return ActionCommand(path=("model", "wound"), values=(("amount", amount),))


def test_a_typed_only_tool_is_accepted_typed_and_reads_its_own_world() -> None:
    game = _game()
    decl = GAME.find(("model", "wound"), None)
    assert decl is not None
    asked = GAME.question(game.system, game.state, decl, Viewer.of_side(A), A, {})
    assert asked is not None and [raw for raw, _ in asked.entries] == ["2", "4"]  # the Ledger's values
    game.apply(_wound("4"), Actor(user=ALICE, side=A))
    assert game.state.points[A] == 4
    with pytest.raises(RulesError, match=r"amount:3 is not one of .*\(2, 4\)"):
        game.apply(_wound("3"), Actor(user=ALICE, side=A))


def test_typed_only_tools_are_never_offered_in_menus_help_or_the_bots_moves() -> None:
    game = _game()
    offered = game.system.legal_actions(game.state, A)
    assert [legal.key for legal in offered] == [(("act",), "score")]
    assert not any("wound" in line or "token" in line for line in game.system.help(game.state, Viewer.of_side(A)))
    verbs = {action.verb for action in game.system.actions()}
    assert {("model", "wound"), ("model", "token")} <= verbs and ("model", "remove") not in verbs  # only= keeps one
    game.apply(ActionCommand(path=("model", "token")), Actor(user=ALICE, side=A))
    assert game.state.points[A] == 1


def test_a_declared_command_class_goes_to_its_handler_and_an_undeclared_one_is_refused() -> None:
    game = _game()
    game.apply(Settle(amount=2), Actor(user=ALICE, host=True))
    assert game.state.points[A] == 2
    with pytest.raises(InvalidCommand, match="'stray' is not a command of Tally"):
        game.apply(Stray(), Actor(user=ALICE, host=True))
    with pytest.raises(ValueError, match="declared twice"):
        GAME.command(Settle)(_settle)


def test_a_fix_declared_anytime_waits_for_no_pending_decision_and_only_it() -> None:
    system = Tooled()
    assert system.waits_for_nothing(_wound("2"))
    assert not system.waits_for_nothing(ActionCommand(path=("model", "token")))
    assert not system.waits_for_nothing(ActionCommand(path=("act",), name="score"))
