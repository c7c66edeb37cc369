"""The bot's policy (docs/sunshard.md, "The bot"): what the fairness bench found it missing. Its Leader was the first
model listed (the Remnant's 2-HP Pariah, 5 VP in On The Hunt), and a fighter that could not reach contact ran its
whole move into the open before the enemy's shooters; now it makes Leader the model hardest to Kill, and a model with
nothing to attack stays out of sight when every move would end in the enemy's guns."""

from __future__ import annotations

import pytest

from engine.core import BOT_USER, ActionCommand, Actor, Answer, Game, GameSetup, ModelId, SideId, UserId
from engine.dice import commitment
from engine.systems.sunshard.acting import activating
from engine.systems.sunshard.play_moves import move_plan, moves_for, offered_as
from engine.systems.sunshard.rounds import finish_activation
from engine.systems.sunshard.sight import has_sight
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.system import Sunshard
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.loader import shipped

SYSTEM = Sunshard(shipped())


def test_the_bot_makes_its_hardest_to_kill_model_its_leader() -> None:
    # The Remnant: Pariah (EVA 5, ARM 12, HP 2), Evolved (EVA 7, ARM 13, HP 4), Aberration (EVA 6, ARM 14, HP 3).
    setup = GameSetup(system="sunshard", sides=(t.A, t.B), host=UserId("bench"), seed_commitment=commitment("s"),
                      rulings=SYSTEM.default_rulings(),
                      options={"scenario": "on-the-hunt", "mode": "greywater-delvers-v-ashen-remnant"})
    game: Game[SunshardState] = Game.start(SYSTEM, setup, "s", seats={t.A: BOT_USER, t.B: BOT_USER})
    while sum(f.leader for f in game.state.figures.values()) < 2:
        owed = next(iter(game.pending))
        move = SYSTEM.bot_move(game.state, owed.owner, lambda c, s=owed.owner: game.allows(
            c, Actor(user=BOT_USER, side=s)))
        assert move is not None and isinstance(move.command, Answer)
        game.apply_bot(owed.owner, move)
    leaders = sorted(f.card for f in game.state.figures.values() if f.leader)
    assert leaders == ["Captain", "Evolved"]


def test_a_fighter_out_of_reach_closes_in_behind_a_wall_rather_than_walk_into_the_shooters_sight() -> None:
    # The Aberration (SPD 3, 2 AP) is 12" from three muskets behind a 5" high wall: it may close in, but out of sight
    # (a full move toward the nearest, the menu's suggestion, would step out past the wall's end).
    state = t.new_state()
    state.phase, state.step, state.active_side = "activation", "activation", t.B
    t.lay(state, "T1", (6, 16, 12, 1), 5, ["impassable"])
    for i, x in enumerate((8.0, 12.0, 16.0)):
        t.put(state, f"A{i + 1}", "Conscripted", t.A, x, 6)
    t.put(state, "B1", "Aberration", t.B, 12, 19)
    move = SYSTEM.bot_move(state, SideId("B"), lambda c: True)
    assert move is not None and isinstance(move.command, ActionCommand)
    values = dict(move.command.values)
    if move.command.name == "move":
        seen, _ = activating(t.world(state), t.B, "B1")
        x, y = move_plan(seen, t.B, "B1", values["to"]).path[-1]
        state.models[ModelId("B1")] = state.models[ModelId("B1")].model_copy(update={"x": x, "y": y})
    else:
        assert (move.command.name, values) == ("on-guard", {"model": "B1"})
    after = t.world(state)
    assert not any(has_sight(after, after.model(a), after.model("B1")) for a in ("A1", "A2", "A3"))


def test_a_move_that_ends_where_a_listed_move_ends_is_played_as_the_menu_lists_it() -> None:
    # 4" from the enemy with 2 AP: a one-AP step toward it (5") and a full move both stop in base contact, the place
    # the menu lists once, as "contact B1". The bot weighs moves by their texts; it must play them as listed (the
    # conformance walk caught it playing "toward B2 5", a place the menu listed as "toward B2 max").
    state = t.new_state()
    state.phase, state.step, state.active_side = "activation", "activation", t.A
    t.put(state, "A1", "Conscripted", t.A, 12, 6)
    t.put(state, "B1", "Conscripted", t.B, 12, 11)
    t.activate(state, "A1", ap=2)
    world, _ = activating(t.world(state), t.A, "A1")
    listed = [text for text, _ in moves_for(world, t.A, "A1")]
    assert "toward B1 5" not in listed and listed[0] == "contact B1"
    entry = offered_as(world, t.A, "A1", "toward B1 5")
    assert entry is not None and entry[0] == "contact B1"
    assert entry[1].path[-1] == pytest.approx(move_plan(world, t.A, "A1", "toward B1 5").path[-1], abs=0.05)
    assert offered_as(world, t.A, "A1", "contact B1") is not None
    assert offered_as(world, t.A, "A1", "toward O9 max") is None


def test_the_bot_says_which_fortune_ability_it_spends_in_the_ability_s_words() -> None:
    # L776: at the end of B1's activation the bot buys the Vigil; its line names the ability, not the menu's key.
    state = t.new_state()
    state.step, state.active_side = "activation", t.B
    state.records[t.B].fortune = 1
    t.put(state, "B1", "Evolved", t.B, 10, 10)
    t.put(state, "A1", "Captain", t.A, 18, 10)
    t.activate(state, "B1")
    waiting, _ = t.run(state, lambda ctx: finish_activation(ctx, ModelId("B1")))
    move = SYSTEM.bot_move(waiting, t.B, lambda command: True)
    assert move is not None and move.reasons == ("spends Fortune on Vigil: B1 Evolved",)
