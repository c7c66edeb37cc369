"""The conformance property of issue 23, for every registered game and every toy: what the menus offer, what the
referee accepts and what the bot plays cannot drift apart.

Random games from ``/game new`` (alice on side A, bob on side B) are played to their end or a step budget, every step
picked from the menus through the table service, as a player picks (``tests/menu_walk.py``):

- every complete entry offered is accepted, and every entry leads to an accepted command or a next question that
  offers something (the walk records any other outcome as a trouble);
- for games on the declarations: no parameter whose values change the outcome is chosen silently; every move the
  bot would play at each step is one the menus offer; and every discrete command that a fuzzer gets accepted at the
  states the walk visits is reachable from the menus;
- a deliberate bug that makes a toy's check and generator disagree fails the property (both ways round).

CI runs the derandomized profile below (a few walks a game; it prints what it cost); ``make fuzz`` runs the long one
(``SKIRMISH_FUZZ=long``). Every game is on the declarations now (issue 23 steps 3-5); a game meeting a failure again
would be listed below as a strict expected failure naming it, so its fix turns it green.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from engine.core import (
    ActionCommand,
    Actor,
    Ask,
    Choice,
    Context,
    Declarations,
    IllegalCommand,
    Order,
    Param,
    RulesError,
    Viewer,
    When,
)
from engine.core.offers import reachable
from engine.core.params import keep_menus
from tests.budget import examples
from tests.menu_walk import FACTORIES, MenuWalk, table, typed_only
from tests.toys.tally import Scored, Tally, TallyState

pytestmark = pytest.mark.fuzz  # make fuzz runs it with its long budget
WALKS, STEPS, FUZZ = examples(2, long=20), examples(60, long=400), examples(2, long=8)
"""``make test``: two walks a game of up to 60 steps, two fuzzed commands per action at each state (three walks
until the walks shared their states: the menus are worked out once a state now); ``make fuzz``: 20 of 400, 8."""
SHORTER = {"freeplay": examples(30, long=400)}
"""Games whose walks reach every action their menus offer in fewer steps: freeplay's two walks reach all twelve
(every action but playing a card, which needs a card put in hand by typing) by step 29 of walk 0, and walk 1
reaches nothing in steps 31-60 that it had not reached before: its later steps moved and placed models again, each
move menu suggesting routes (walk 1 cost more CPU than any other walk of the property)."""
STARTED = time.monotonic()
HOSTILE = ["", "-", "0", "4", "99", "A1", "B1", "B2", "A", "B", "C", "C2", "C10", "x" * 50, "A1,A1", "B1x9",
           "B1x2,B2", "toward B1 3", "1,1", "nan"]

FAILS: dict[str, str] = {}
"""Games that fail the property now, each with why: a strict expected failure, so its fix turns it green."""


def _games() -> list[Any]:
    return [pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=FAILS[name])) if name in FAILS else name
            for name in sorted(FACTORIES)]


@pytest.mark.parametrize("seed", range(WALKS))
@pytest.mark.parametrize("system", _games())
async def test_the_menus_the_referee_and_the_bot_agree(system: str, seed: int) -> None:
    """One walk checks every part of the property at each state it reaches (each state is reached once, and its
    menus are worked out once for all of them): the entry picked, the bot's move, the silent parameters and the
    fuzzed commands."""
    rng = random.Random(seed)
    walk = await table(system, demo=False, seed=f"conformance-{system}-{seed}", rng=seed)
    walk.checks = True
    unreachable: list[str] = []
    for _ in range(SHORTER.get(system, STEPS)):
        if walk.game.is_over():
            break
        with keep_menus(walk.game.state):
            unreachable += _fuzzed(walk, rng)
            if not await walk.step():
                break
    assert walk.steps > 0, f"{system}: nobody could act from the menus after /game new"
    assert not walk.troubles, "\n".join(str(t) for t in walk.troubles[:5])
    assert not unreachable, "accepted but reachable from no menu:\n" + "\n".join(unreachable[:5])


def _fuzzed(walk: MenuWalk, rng: random.Random) -> list[str]:
    """Commands made of hostile and offered values at the walk's current state: the ones the referee accepts that
    no menu reaches."""
    game = walk.game
    declarations = game.system.declarations
    to_act = game.to_act()
    found = []
    tried: dict[tuple[str, ActionCommand], str | None] = {}  # a command drawn again at this state is not tried again
    for side in to_act.sides:
        actor = Actor(user=game.state.controller(side) or "nobody", side=side)  # type: ignore[arg-type]
        for decl in declarations.declared:
            if typed_only(decl):
                continue  # no menu offers it: a tool, or an action on free text
            for _ in range(FUZZ):
                values: dict[str, str] = {}
                for param in decl.params:
                    try:
                        asked = declarations.question(game.system, game.state, decl, Viewer.of_side(side), side,
                                                      values)
                    except RulesError:
                        asked = None  # an earlier value is wrong: the command will be refused
                    menu = [raw.rstrip(",") for raw, _ in asked.everything] if asked is not None else []
                    pool = [*menu, *HOSTILE] if menu else HOSTILE
                    values[param.option] = rng.choice(pool)
                command = ActionCommand(path=decl.verb, name=decl.name,
                                        values=tuple((k, v) for k, v in values.items() if v))
                if (side, command) not in tried:
                    tried[side, command] = (reachable(declarations, game.system, game.state, side, command, typed=True)
                                            if game.allows(command, actor) else None)
                why = tried[side, command]
                if why is not None:
                    found.append(f"{command.values}: {why}")
    return found


# -- deliberate bugs: the property must catch a check and a generator that disagree -------------------------------


def _buggy(values: list[str], *, check: Any = None, accepts: Any = None) -> type[Tally]:
    """Tally with its score declared wrongly: the menu offers ``values``; the check or the predicate says otherwise."""
    rules: Declarations[TallyState, TallyState] = Declarations()

    @rules.action("score", "Score points", label="Score", when=When(turn=True), check=check, params=(
        Param("amount", "How many points?", values=lambda s, a: [Choice(v) for v in values], accepts=accepts,
              order=Order.GIVEN),))
    def _score(ctx: Context[TallyState], plan: Any) -> None:
        side = ctx.acting_side()
        ctx.emit(Scored(side=side, amount=int(plan.text("amount")), next_side=ctx.state.next_in_play(side)))

    return type("BuggyTally", (Tally,), {"declarations": rules})


def _refuses_four(state: TallyState, ask: Ask) -> Ask:
    if ask.integer("amount", 0) > 3:
        raise IllegalCommand("score 1 to 3 points")
    return ask


async def test_a_menu_that_offers_what_the_check_refuses_fails_the_property() -> None:
    FACTORIES["buggy"] = _buggy(["1", "2", "3", "4"], check=_refuses_four)
    try:
        troubles = []
        for seed in range(6):
            walk = await table("buggy", demo=False, seed=f"conformance-buggy-{seed}", rng=seed)
            await walk.play(STEPS)
            troubles += walk.troubles
    finally:
        del FACTORIES["buggy"]
    assert any(t.what == "an entry offered, then refused" and "amount:4" in t.line for t in troubles), troubles


async def test_a_value_the_check_accepts_and_no_menu_offers_is_found_unreachable() -> None:
    FACTORIES["buggy"] = _buggy(["1", "2"], accepts=lambda s, a, v: None if v in ("1", "2", "3") else "1 to 3")
    try:
        walk = await table("buggy", demo=False, seed="bug", rng=0)
        game = walk.game
        side = game.state.active_side
        declarations = game.system.declarations
        command = ActionCommand(path=("act",), name="score", values=(("amount", "3"),))
        assert game.allows(command, Actor(user=game.state.controller(side), side=side))  # type: ignore[arg-type]
        assert reachable(declarations, game.system, game.state, side, command) is not None
    finally:
        del FACTORIES["buggy"]


def test_the_conformance_budget_is_printed() -> None:
    """Not a timed assertion: the number tells CI's owner what the derandomized profile costs."""
    print(f"\nmenu conformance: {len(FACTORIES)} games, {WALKS} walks of up to {STEPS} steps each "
          f"({', '.join(f'{game} {steps}' for game, steps in SHORTER.items())}); "
          f"{time.monotonic() - STARTED:.1f} s so far")
