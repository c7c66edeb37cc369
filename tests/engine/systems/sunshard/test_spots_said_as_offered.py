"""An Objective placed from its menu is said as the menu said it, to everyone and after a restart: the answer's line
read "Side B decides: at 12.0,12.0." (the point's stored form) where the option read "12,12 (the table's centre;
...)" (the Discord newcomer pass; L335, L889)."""

from __future__ import annotations

from engine.core import SPECTATOR, Actor, Answer, Game, GameSetup, UserId
from engine.dice import commitment
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.system import Sunshard
from tests.engine.systems.sunshard import tables as t
from tests.engine.systems.sunshard.loader import shipped

SYSTEM = Sunshard(shipped())
SEATS = {t.A: UserId("alice"), t.B: UserId("bob")}


def test_an_objective_spot_is_said_as_offered_at_the_table_and_read_back() -> None:
    setup = GameSetup(system="sunshard", sides=(t.A, t.B), host=UserId("alice"), seed_commitment=commitment("s"),
                      rulings=SYSTEM.default_rulings(),
                      options={"scenario": "on-the-hunt", "mode": "greywater-delvers-v-ashen-remnant"})
    game: Game[SunshardState] = Game.start(SYSTEM, setup, "s", seats=SEATS)
    (asked,) = game.pending
    assert asked.kind == "objective"
    spot = asked.parts[0].options[1]
    events = game.apply(Answer(decision_id=asked.id, answers={"at": spot.key}), Actor(user=SEATS[asked.owner],
                                                                                     side=asked.owner))
    line = f"Side {asked.owner} decides: {spot.label}."
    assert line in [e.body.describe() for e in events]
    lines = [shown.text for shown in game.log_view(SPECTATOR).lines]
    again = Game.from_records(SYSTEM, game.setup, "s", game.records())
    assert [shown.text for shown in again.log_view(SPECTATOR).lines] == lines and line in lines
