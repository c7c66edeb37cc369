"""Writes the Shroudfall example games (``examples/shroudfall/*.gm``): alice against the bot's side B from the menus
alone, every line after ``/game new`` a bare ``/act``, a bare ``/decide`` or a letter from her own latest menu.

- ``introductory-from-the-menus.gm``: each letter picks the first entry, as a newcomer clicking would;
- ``scenario-lead-victory.gm``: each letter of an activation picks the entry the bot's plan would take for side A
  (``engine/systems/shroudfall/bot.py``), a decision's the first entry.

The scripts are generated, like golden logs: when a rules or bot change moves the dice or the decisions, run
``.venv/bin/python -m tests.console.shroudfall_examples`` and review the diff (the heading's last sentence is
rewritten from the result). CI plays every example with ``--seed 7`` (``tests/console/test_examples.py``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.console.session import TABLE, ConsoleSession, seeded_source
from bot.core.parsing import Invocation
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import ActionCommand, Game, SideId, UserId

__all__ = ["main", "play"]

FOLDER = Path(__file__).parents[2] / "examples" / "shroudfall"
ALICE, A = UserId("alice"), SideId("A")


def _fits(invocation: Invocation, command: ActionCommand) -> bool:
    """Whether a menu entry carries on toward ``command``: each option it sets is the command's."""
    wanted = {"action": command.name, **dict(command.values)}
    return invocation.path == command.path and all(wanted.get(k) == str(v) for k, v in invocation.options.items())


def _planned(game: Game[Any]) -> ActionCommand:
    move = game.system.bot_move(game.state, A, lambda command: True)
    assert move is not None and isinstance(move.command, ActionCommand), "the bot's plan has a command for side A"
    return move.command


async def play(new_game: str, *, planned: bool) -> tuple[list[str], Game[Any]]:
    """alice's lines from ``/game new`` to the end of the game, and the game; ``planned``: her activations' letters
    follow the bot's plan for side A, else each letter is the first entry."""
    session = ConsoleSession(SYSTEM_FACTORIES, seeded_source(7), print_line=lambda line: None)
    lines, outputs, seq = [new_game], await session.run_line(new_game), -1
    for _ in range(3000):
        game = session._service.live_game(TABLE)  # the console's own table, as tests/console/test_examples.py reads it
        assert game is not None and not any(o.error for o in outputs), [o.text for o in outputs if o.error]
        if game.is_over():
            return lines, game
        # a letter answers the menu her last line opened (nothing played yet); a menu that came with a move is left
        asked = game.seq == seq and any((o.to or ALICE) == ALICE and (o.picks or o.decision is not None)
                                        for o in outputs)
        seq, menu = game.seq, session.menu(ALICE)
        if asked and menu:
            deciding = any(d.owner == A for d in game.pending)
            fits = [i for i, entry in enumerate(menu) if not planned or deciding or _fits(entry, _planned(game))]
            assert fits, f"no entry of alice's menu carries on toward {_planned(game)}"
            line = "abcdefghijklmnopqrstuvwxy"[fits[0]]
        elif any(d.owner == A for d in game.pending):
            line = "/decide"
        else:
            line = "/act"
        lines.append(line)
        outputs = await session.run_line(line)
    raise AssertionError("the game did not end in 3000 lines")


def _write(name: str, heading: list[str], new_game: str, *, planned: bool) -> None:
    lines, game = asyncio.run(play(new_game, planned=planned))
    outcome = game.outcome()
    assert outcome is not None
    winner = "alice" if outcome.winner == A else "the bot" if outcome.winner else "nobody (a draw)"
    mine, theirs = outcome.scores.get(A, 0), outcome.scores.get(SideId("B"), 0)
    scores = f"{theirs} VP to {mine}" if outcome.winner == SideId("B") else f"{mine} VP to {theirs}"
    scenario = outcome.reason.value == "scenario"
    how = ("by scenario " if scenario else "") + f"at the end of round {game.state.round}"
    cited = "L1198; ruling scenario-win" if scenario else "L1160"
    text = [*heading, f"# The game ends with a winner {how}: {winner}, {scores} ({cited}).",
            f"# Play it with: skirmish-gm console --seed 7 --script examples/shroudfall/{name}", *lines]
    (FOLDER / name).write_text("\n".join(text) + "\n", encoding="utf-8")
    print(f"{name}: {len(lines)} lines; {winner} {how}, {scores}")


def main() -> None:
    _write("introductory-from-the-menus.gm", [
        "# The introductory scenario, Captivating Crystal Creations (Shroudfall beta rulebook v1.4, L1271), played "
        "from the",
        "# menus alone: alice holds side A (Silver Line Vanguard) against the bot's side B (Chosen Stormhost). Every "
        "line after",
        "# /game new is a bare /act, a bare /decide or a letter picking the first entry of alice's own latest menu, "
        "as a",
        "# newcomer clicking buttons would: the rest of her terrain and her deployment where the table suggests, then "
        "each",
        "# activation's first entry (attack twice when an enemy is in reach, else move and attack, else advance).",
        "# The bot plays side B by its plan (docs/shroudfall.md, \"The bot\": the Crystal Mines first, its essence "
        "weaver kept",
        "# back). Each roll of hers that falls short is re-rolled with essence, her first answer (L935, L1565).",
        "# Generated by tests/console/shroudfall_examples.py."],
        "/game new system:shroudfall bot:B practice:no", planned=False)
    _write("scenario-lead-victory.gm", [
        "# The introductory scenario, Captivating Crystal Creations (Shroudfall beta rulebook v1.4, L1271), won by "
        "the scenario",
        "# lead before round 5: alice holds side A (Chosen Stormhost) against the bot's side B (Silver Line "
        "Vanguard). Every",
        "# line after /game new is a bare /act, a bare /decide or a letter from alice's own latest menu: she picks "
        "the entries",
        "# the bot's plan would (docs/shroudfall.md, \"The bot\"): her units go for the Crystal Mines her side does "
        "not hold and",
        "# stay on those they hold, her essence weaver stays back; a decision's first entry. The mines score 1 VP "
        "each at a",
        "# round's end (L1297); once her lead reaches the scenario's VP value, 3 (L1198; ruling scenario-win), she "
        "wins by scenario.",
        "# Generated by tests/console/shroudfall_examples.py."],
        "/game new system:shroudfall bot:B practice:no mode:chosen-v-silver scenario:introductory", planned=True)


if __name__ == "__main__":
    main()
