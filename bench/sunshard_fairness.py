"""Sunshard's demo warbands against each other, played by the bot (docs/sunshard.md, "The bot"): each warband's win
rate with its 95% interval, and the time a whole game takes.

Each game is a quest (On The Hunt by default) from ``/game new`` to its winner with both sides seated to the bot,
the warbands paired on the invite card (``mode:``), half the games each way round, seeded dice (``fair-<n>``). A
draw counts half a win. Prints a table and the CPU time a game takes (not the wall clock: the machine may be
shared) beside its budget (docs/budgets.md); never asserts anything (a benchmark, not a test).
Run: .venv/bin/python bench/sunshard_fairness.py [--games 200] [--quest on-the-hunt] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.eldfall_fairness import SIDES, print_rates, tally
from bot.core.data_loader import load_system_data
from engine.core import BOT_USER, ActKind, Actor, Game, GameSetup, SideId, UserId
from engine.dice import commitment
from engine.systems.sunshard.setup_declared import pairings
from engine.systems.sunshard.system import Sunshard

BUDGET_S = 2.0
"""CPU seconds one whole game may take (docs/budgets.md)."""


def play(system: Sunshard, seed: str, quest: str, pairing: str) -> Game[object]:
    """One bot-against-bot game to its end (or until nobody can act)."""
    setup = GameSetup(system="sunshard", sides=(SideId("A"), SideId("B")), host=UserId("bench"),
                      seed_commitment=commitment(seed), rulings=system.default_rulings(),
                      options={"scenario": quest, "mode": pairing})
    game = Game.start(system, setup, seed, seats={SideId("A"): BOT_USER, SideId("B"): BOT_USER})
    for _ in range(5000):
        if game.is_over():
            break
        waiting = [d.owner for d in game.pending] or list(game.to_act().sides)
        if not waiting and game.to_act().kind is ActKind.NOBODY:
            break
        for side in waiting:
            move = system.bot_move(game.state, side, lambda c, s=side: game.allows(c, Actor(user=BOT_USER, side=s)))
            if move is not None:
                game.apply_bot(side, move)
                break
        else:
            break
    return game  # type: ignore[return-value]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games in all (default 200)")
    parser.add_argument("--quest", default="on-the-hunt")
    parser.add_argument("--profile", action="store_true", help="profile one game and print its 25 costliest calls")
    args = parser.parse_args()
    system = Sunshard(load_system_data("sunshard"))
    paired = pairings(system.data)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play, system, "fair-0", args.quest, next(iter(paired)))
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    warbands = sorted({name for pair in paired.values() for name in pair})
    wins = dict.fromkeys(warbands, 0.0)
    played = dict.fromkeys(warbands, 0)
    side_wins: dict[str, float] = {}
    side_played: dict[str, int] = {}
    unfinished = drawn = 0
    times = []
    keys = list(paired)
    for count in range(args.games):
        key = keys[count % len(keys)]
        started = time.process_time()
        game = play(system, f"fair-{count}", args.quest, key)
        times.append(time.process_time() - started)
        outcome = game.outcome()
        unfinished += outcome is None
        drawn += outcome is not None and outcome.winner is None
        scores = {side: 0.5 if outcome is None or outcome.winner is None else float(outcome.winner == side)
                  for side in SIDES}
        tally(side_wins, side_played, scores)
        for side, warband in zip(SIDES, paired[key], strict=True):
            tally(wins, played, {warband: scores[side]})
    times.sort()
    print(f"Sunshard fairness: {args.quest}, {args.games} bot-against-bot games ({drawn} drawn, {unfinished} "
          f"unfinished); a game "
          f"takes {sum(times) / len(times):.2f} s of CPU on average, median {times[len(times) // 2]:.2f} s, slowest "
          f"{times[-1]:.2f} s (budget {BUDGET_S:g} s)")
    print_rates("warband", warbands, wins, played)
    print_rates("side", list(SIDES), side_wins, side_played)


if __name__ == "__main__":
    main()
