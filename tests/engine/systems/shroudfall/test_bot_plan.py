"""The bot's plan for a Shroudfall side (docs/shroudfall.md, "The bot"): it goes for the Crystal Mines its side does
not hold (CONTROL within 1", L1223; 1 VP a round, L1297), keeps its essence weaver back (a destroyed weaver is 3 VP
to the opponent, L1248), attacks an enemy weaver first, and sends its units in that order; each command is one the
referee accepts, and the same table gives the same move."""

from __future__ import annotations

import itertools
from functools import cache

from bot.core.data_loader import load_system_data
from engine.core import ActionCommand, ModelId, SideId
from engine.dice import commitment
from engine.systems.shroudfall import Shroudfall
from engine.systems.shroudfall.state import Element

from .tables import Put, Table, playing

A = SideId("A")
CRYSTALS = "captivating-crystal-creations"
_TABLES = itertools.count()


@cache
def _system() -> Shroudfall:
    return Shroudfall(load_system_data("shroudfall"))


def _with_mine(table: Table, x: float, y: float) -> Table:
    table.state.scenarios = [CRYSTALS]
    table.state.elements["E1"] = Element(id="E1", name="Crystal Mine", scenario=CRYSTALS, x=x, y=y, base_mm=50,
                                         keywords=["CONTROL"])
    return table


def _move(table: Table) -> ActionCommand:
    """The bot's move for side A, checked by the referee's one rule check (what the menus and the command share)."""
    table.state.phase, table.state.active_side = "rounds", A
    # a table of its own: the system keeps one Reading per game (its seed commitment) and seq
    table.state.setup = table.state.setup.model_copy(update={"seed_commitment": commitment(f"bot-{next(_TABLES)}")})
    system = _system()
    decls = system.declarations
    assert decls is not None

    def allowed(command: object) -> bool:
        assert isinstance(command, ActionCommand)
        decl = decls.find(command.path, command.name)
        assert decl is not None
        decls.resolve(system, table.state, decl, A, dict(command.values))  # raises when the referee refuses it
        return True

    move = system.bot_move(table.state, A, allowed)
    assert move is not None and isinstance(move.command, ActionCommand)
    return move.command


def test_a_unit_goes_for_a_mine_its_side_does_not_hold_before_the_nearest_enemy() -> None:
    # L1223, L1297: the riflemen are nearer the enemy (at 16") than the mine, yet the mine nobody holds comes first.
    table = _with_mine(playing(Put("A1", "riflemen", 18, 4), Put("B1", "sentinels", 18, 38)), 6, 10)
    command = _move(table)
    assert command.name == "advance" and dict(command.values) == {"model": "A1", "to": "toward E1"}


def test_the_essence_weaver_stays_back_and_the_other_units_go_first() -> None:
    # L1248: Adamant (the weaver, first in its list) holds where it stands while a unit of the line still has a
    # plan; the Lawbringers go for the mine.
    table = _with_mine(playing(Put("A1", "adamant", 18, 4), Put("A2", "lawbringers", 26, 4),
                               Put("B1", "sentinels", 18, 30)), 26, 12)
    command = _move(table)
    assert dict(command.values)["model"] == "A2"
    table.state.units["A2"].activated = True
    table.state.units["A2"].exhausted = True
    held = _move(table)
    assert held.name == "activate" and dict(held.values) == {"model": "A1"}


def test_a_unit_holding_a_mine_stays_on_it_and_acts_last() -> None:
    # L1223: the Sentinels stand within 1" of the mine, no enemy in reach: leaving would lose it, so the Riflemen
    # go first and the Sentinels then activate only to end where they stand.
    table = _with_mine(playing(Put("A1", "sentinels", 12, 12), Put("A2", "riflemen", 26, 4),
                               Put("B1", "sages", 30, 34)), 12, 14)
    assert dict(_move(table).values)["model"] == "A2"


def test_an_enemy_essence_weaver_in_reach_is_attacked_first() -> None:
    # L1248: the Riflemen reach Sentinels (nearer) and Nekari, the Chosen's weaver: they shoot Nekari.
    table = playing(Put("A1", "riflemen", 18, 4), Put("B1", "sentinels", 18, 12), Put("B2", "nekari", 22, 14))
    command = _move(table)
    assert command.name == "attack-twice" and dict(command.values)["target"] == "B2"


def test_the_same_table_gives_the_same_move() -> None:
    table = _with_mine(playing(Put("A1", "riflemen", 18, 4), Put("A2", "goblin-scouts", 10, 4),
                               Put("B1", "sentinels", 18, 38)), 6, 10)
    assert _move(table) == _move(table)


def test_its_attacks_spend_the_essence_a_round_would_lose() -> None:
    # L1165: the reserve is emptied at the round's end, so the bot spends it: an infusion of each roll with the
    # strongest crystal (L929-931) at an essence weaver (3 VP, L1248), or when the crystals outnumber the units still
    # to activate by two a model. (The essence re-roll is asked after a roll, L1565: the bot takes its first answer.)
    weaver = playing(Put("A1", "riflemen", 18, 4), Put("B1", "sentinels", 18, 12), Put("B2", "nekari", 22, 14))
    weaver.state.record(A).reserve = ["grey", "red"]
    assert dict(_move(weaver).values)["target"] == "B2+red"
    plain = playing(Put("A1", "riflemen", 18, 4), Put("A2", "sentinels", 2, 2), Put("B1", "sentinels", 18, 12))
    plain.state.record(A).reserve = ["yellow", "grey"]
    assert dict(_move(plain).values)["target"] == "B1"
    plain.state.record(A).reserve = ["yellow"] * 8
    assert dict(_move(plain).values)["target"] == "B1+yellow"


def test_an_essence_weaver_that_can_pay_opens_with_the_essence_attack() -> None:
    # L911-917: Nekari, an enemy within its Elemental Lance's 6" and a yellow crystal (ruling essence-attack-cost):
    # activated on its own, it makes the Essence Attack before its actions.
    from engine.systems.shroudfall.state import Activation

    table = playing(Put("A1", "nekari", 18, 4), Put("B1", "sentinels", 18, 9))
    table.state.record(A).reserve = ["yellow"]
    assert _move(table).name == "activate"
    table.state.activation = Activation(unit="A1", side=A)
    command = _move(table)
    assert command.name == "essence-attack"
    assert dict(command.values).get("target", "B1") == "B1", "B1, the one enemy in reach (taken without asking)"


def test_hold_the_line_keeps_a_unit_on_a_mine_from_being_pushed_off_it() -> None:
    # L511-513: Hold the Line! (a grey crystal) on a friendly unit within 8" holding a mine (CONTROL within 1",
    # L1223) while an enemy whose melee attack pushes (the Brawlers' Follow up, L959) stands within 8" of it; with no
    # mine held the crystal is kept for what else it pays.
    from engine.systems.shroudfall.state import Activation

    for mine, wanted in ((True, True), (False, False)):
        table = playing(Put("AW", "adamant", 10, 10, unit="W"), Put("A2", "riflemen", 10, 16),
                        Put("B1", "brawlers", 10, 22), Put("B2", "brawlers", 30, 30))
        if mine:
            _with_mine(table, 12, 16)
        table.state.record(A).reserve = ["grey"]
        table.state.activation = Activation(unit="W", side=A)
        command = _move(table)
        held = command.name == "ability" and dict(command.values) == {"model": "W", "choice": "hold-the-line",
                                                                      "target": "A2"}
        assert held == wanted, command


def test_of_two_enemies_in_reach_it_attacks_the_one_with_fewer_wounds_left() -> None:
    # docs/shroudfall.md, "The bot": after an essence weaver, the enemy with the fewest wounds left (its HP less the
    # damage it took, L760-762), then the nearest. The nearer Sentinel is unhurt, the farther one has one wound left.
    table = playing(Put("A1", "riflemen", 18, 4), Put("B1", "sentinels", 18, 10), Put("B2", "sentinels", 24, 12))
    hurt = table.state.models[ModelId("B2")]
    hurt.wounds_taken = hurt.wounds - 1
    assert dict(_move(table).values)["target"] == "B2"


def test_a_unit_with_combined_shot_makes_it_where_it_does_more_harm_than_each_model_shooting() -> None:
    # L1323-1325 and L716-721: three Riflemen with Combined Shot shoot a Blade Warden; each Rifle alone rarely beats
    # DEF 5 and ARM 7 at -2 for a target in melee (with the Brawler A9, already activated), so one model shooting at
    # +3 does more on average; out of melee the three shots do more, and the bot shoots with each.
    for in_melee, wanted in ((True, "B1+combined"), (False, "B1")):
        puts = [Put(f"A{i}", "riflemen", 10 + 1.5 * i, 10, unit="R") for i in range(3)]
        puts += [Put("B1", "blade-wardens", 11.5, 18), *([Put("A9", "brawlers", 11.5, 19.6)] if in_melee else [])]
        table = Table(puts, effects={"R": {"passive:Combined Shot": "game"}})
        state = table.state
        state.step, state.token, state.turn, state.round = "rounds", A, A, 1
        state.record(A).edge, state.record(SideId("B")).edge = "bottom", "top"
        if in_melee:
            state.units["A9"].activated = True
        assert dict(_move(table).values)["target"] == wanted, in_melee


def test_a_stormcaller_places_the_thunderstorm_beside_an_enemy_clear_of_its_own_side() -> None:
    # L945-947: the Thunderstorm, placed within 8" of a Stormcaller, strikes models entering or acting within 2" of
    # it, friend or foe (L923). With a crystal to pay it and an enemy 6" off, the activating unit places it beside the
    # enemy; with its own Brawler beside that enemy, it keeps the crystal.
    from engine.systems.shroudfall.state import Activation

    for friend, wanted in ((False, True), (True, False)):
        puts = [Put(f"A{i}", "stormcallers", 16 + 1.5 * i, 4, unit="S") for i in range(3)]
        puts += [Put("B1", "brawlers", 17.5, 12), *([Put("A9", "brawlers", 17.5, 13.6)] if friend else [])]
        table = playing(*puts)
        table.state.record(A).reserve = ["yellow", "grey"]
        table.state.activation = Activation(unit="S", side=A)
        command = _move(table)
        placed = command.name == "ability" and dict(command.values)["choice"] == "thunderstorm"
        assert placed == wanted, command
