"""Shroudfall's two demo armies against each other, played by the bot: each army's win rate with its 95% interval,
and what a whole game costs.

The Silver Line Vanguard meets the Chosen Stormhost in the introductory scenario (Captivating Crystal Creations,
L1271), half the games with each army as side A, with seeded dice (seed ``fair-<n>``); both sides are played by the
bot's plan (``engine/systems/shroudfall/bot.py``; docs/shroudfall.md, "The bot": the Crystal Mines first, the essence
weaver kept back, decisions at their defaults). A draw counts half a win. Prints a table and the seconds a game takes
beside its budget (docs/budgets.md); never asserts anything (a benchmark, not a test).
Run: .venv/bin/python bench/shroudfall_fairness.py [--games 200] [--scenario introductory|draw]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.eldfall_fairness import SIDES, print_rates, tally
from bot.core.data_loader import load_system_data
from engine.core import BOT_USER, ActKind, Actor, Game, GameSetup, SideId, UserId
from engine.dice import commitment
from engine.systems.shroudfall import Shroudfall
from engine.systems.shroudfall.system import PAIRINGS

BUDGET_S = 2.0
"""Seconds of CPU one whole game may take (docs/budgets.md)."""


def play(system: Shroudfall, seed: str, scenario: str, mode: str) -> tuple[dict[str, float], int]:
    """One bot-against-bot game: each army's score for it (1 a win, 0.5 a draw) and the commands it took."""
    setup = GameSetup(system="shroudfall", sides=(SideId("A"), SideId("B")), host=UserId("bench"),
                      seed_commitment=commitment(seed), rulings=system.default_rulings(),
                      options={"scenario": scenario, "mode": mode})
    game = Game.start(system, setup, seed, seats={SideId("A"): BOT_USER, SideId("B"): BOT_USER})
    commands = 0
    for _ in range(5000):
        to_act = game.to_act()
        if game.is_over() or to_act.kind is ActKind.NOBODY:
            break
        for side in to_act.sides:
            move = system.bot_move(game.state, side, lambda c, s=side: game.allows(c, Actor(user=BOT_USER, side=s)))
            if move is not None:
                game.apply_bot(side, move)
                commands += 1
                break
        else:
            break
    army_a, army_b = PAIRINGS[mode]
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return {army_a: 0.5, army_b: 0.5}, commands
    return {army_a: float(outcome.winner == "A"), army_b: float(outcome.winner == "B")}, commands


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games in all (default 200)")
    parser.add_argument("--scenario", default="introductory", choices=("introductory", "draw"))
    args = parser.parse_args()
    system = Shroudfall(load_system_data("shroudfall"))
    modes = list(PAIRINGS)
    wins: dict[str, float] = {}
    played: dict[str, int] = {}
    side_wins: dict[str, float] = {}
    side_played: dict[str, int] = {}
    times: list[float] = []
    commands = 0
    for n in range(args.games):
        started = time.process_time()  # CPU, not wall time: the machine is shared
        result, count = play(system, f"fair-{n}", args.scenario, modes[n % len(modes)])
        times.append(time.process_time() - started)
        commands += count
        tally(wins, played, result)
        army_a, army_b = PAIRINGS[modes[n % len(modes)]]
        tally(side_wins, side_played, {"A": result[army_a], "B": result[army_b]})
    times.sort()
    print(f"Shroudfall fairness: {args.scenario}, {args.games} bot-against-bot games "
          f"(CPU: mean {sum(times) / len(times):.2f} s a game, median {times[len(times) // 2]:.2f} s, slowest "
          f"{times[-1]:.2f} s; budget {BUDGET_S:g} s; "
          f"{commands / max(1, args.games):.0f} commands a game)")
    print_rates("army", sorted(wins), wins, played)
    print_rates("side", list(SIDES), side_wins, side_played)


if __name__ == "__main__":
    main()
