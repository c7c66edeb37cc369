"""Eldfall's demo parties against each other, played by the bot: each party's win rate with its 95% interval.

Every party meets every other in the first quest (Open Hostilities, 60 points), half its games as side A and half
as side B, with seeded dice (seed ``fair-<n>``), until each has played GAMES games (200 by default); both sides
are played by the bot's party policy (docs/eldfall.md, ruling solo-bot-party). A draw counts half a win. Prints a
table and the time a game takes beside its budget (docs/budgets.md); never asserts anything (a benchmark, not a
test).
Run: .venv/bin/python bench/eldfall_fairness.py [--games 200] [--quest open-hostilities]
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.data_loader import load_system_data
from engine.core import BOT_USER, ActKind, Actor, Game, GameSetup, SideId, UserId
from engine.dice import commitment
from engine.systems.eldfall import Eldfall
from engine.systems.eldfall.commands import ChooseParty

Z95 = 1.96
SIDES = ("A", "B")
"""The seats; each bench also prints each side's rate, whatever it brought, to show a bias of the seat."""
BUDGET_S = 2.0
"""Seconds one whole game may take (docs/budgets.md)."""


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + Z95 * Z95 / (2 * games)) / (1 + Z95 * Z95 / games)
    spread = Z95 * math.sqrt(p * (1 - p) / games + Z95 * Z95 / (4 * games * games)) / (1 + Z95 * Z95 / games)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def play(system: Eldfall, seed: str, quest: str, party_a: str, party_b: str) -> dict[str, float]:
    """One bot-against-bot game; returns each party's score for it (1 a win, 0.5 a draw)."""
    setup = GameSetup(system="eldfall", sides=(SideId("A"), SideId("B")), host=UserId("bench"),
                      seed_commitment=commitment(seed), rulings=system.default_rulings(), options={"scenario": quest})
    game = Game.start(system, setup, seed, seats={SideId("A"): BOT_USER, SideId("B"): BOT_USER})
    game.apply(ChooseParty(name=party_a), Actor(user=BOT_USER, side=SideId("A")))
    game.apply(ChooseParty(name=party_b), Actor(user=BOT_USER, side=SideId("B")))
    for _ in range(5000):
        if game.is_over():
            break
        to_act = game.to_act()
        if to_act.kind is ActKind.NOBODY:
            break
        for side in to_act.sides:
            move = system.bot_move(game.state, side, lambda c, s=side: game.allows(c, Actor(user=BOT_USER, side=s)))
            if move is not None:
                game.apply_bot(side, move)
                break
        else:
            break
    outcome = game.outcome()
    if outcome is None:
        return {party_a: 0.5, party_b: 0.5}
    if outcome.winner is not None:
        return {party_a: float(outcome.winner == "A"), party_b: float(outcome.winner == "B")}
    return {party_a: 0.5, party_b: 0.5}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games each party plays (default 200)")
    parser.add_argument("--quest", default="open-hostilities")
    args = parser.parse_args()
    system = Eldfall(load_system_data("eldfall"))
    quest = system.kit.catalogue.quest(args.quest)
    size = quest.game_size or 60
    parties = [p.name for p in system.kit.catalogue.parties if p.game_size == size]
    pairs = list(itertools.combinations(parties, 2))
    per_pair = max(2, math.ceil(args.games / (len(parties) - 1)))
    wins = dict.fromkeys(parties, 0.0)
    played = dict.fromkeys(parties, 0)
    side_wins, side_played = dict.fromkeys(SIDES, 0.0), dict.fromkeys(SIDES, 0)
    started = time.perf_counter()
    count = 0
    for a, b in pairs:
        for n in range(per_pair):
            first, second = (a, b) if n % 2 == 0 else (b, a)
            result = play(system, f"fair-{count}", args.quest, first, second)
            count += 1
            for party, score in result.items():
                wins[party] += score
                played[party] += 1
            tally(side_wins, side_played, {"A": result[first], "B": result[second]})
    elapsed = time.perf_counter() - started
    print(f"Eldfall fairness: {args.quest}, {count} bot-against-bot games, {per_pair} per pairing "
          f"({elapsed / count:.2f} s a game; budget {BUDGET_S:g} s)")
    print_rates("party", parties, wins, played)
    print_rates("side", list(SIDES), side_wins, side_played)


def tally(wins: dict[str, float], played: dict[str, int], scores: dict[str, float]) -> None:
    """Add one game's scores (1 a win, 0.5 a draw) to running totals, by side or by warband."""
    for name, score in scores.items():
        wins[name] = wins.get(name, 0.0) + score
        played[name] = played.get(name, 0) + 1


def print_rates(column: str, names: list[str], wins: dict[str, float], played: dict[str, int]) -> None:
    """Each one's games, win rate and its 95% interval, a row each (the fairness benches share it)."""
    print(f"{column:<22} {'games':>6} {'win rate':>9}   95% interval")
    for name in names:
        low, high = wilson(wins[name], played[name])
        rate = wins[name] / played[name] if played[name] else 0.0
        print(f"{name:<22} {played[name]:>6} {rate:>8.1%}   {low:.1%} - {high:.1%}")


if __name__ == "__main__":
    main()
