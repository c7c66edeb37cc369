"""``skirmish-gm console``: play a table offline, interactively or from a script file."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.console.session import ConsoleSession, seeded_source
from bot.core.systems import SYSTEM_FACTORIES
from engine.dice import new_seed

__all__ = ["DEFAULT_SYSTEM", "add_arguments", "hotseat", "run_console"]

DEFAULT_SYSTEM = next(iter(SYSTEM_FACTORIES))
"""The first registered system: what ``make run`` opens without a token."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--system", help=f"create a game of this system at once (one of {', '.join(SYSTEM_FACTORIES)})")
    parser.add_argument("--seed", type=int, help="make the dice reproducible")
    parser.add_argument("--script", type=Path, help="read commands from this file instead of the keyboard")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per output (with its working, as Show working lists it)")
    parser.add_argument("--working", action="store_true",
                        help="print each action's working under it (typing 'working' shows the last one's)")
    parser.add_argument("--out", type=Path, help="save pictures in this folder")
    parser.add_argument("--strict", action="store_true", help="stop with status 1 at the first error")
    parser.add_argument("--hotseat", action=argparse.BooleanOptionalAction, default=None,
                        help="the keyboard passes to whoever the latest menu is for, so two players at one keyboard "
                             "need no 'as bob' (default: on at the keyboard, off for --script)")
    parser.add_argument("--demo", action="store_true",
                        help=f"open a ready practice table (/game demo) of --system, {DEFAULT_SYSTEM} by default")


def hotseat(args: argparse.Namespace) -> bool:
    """A hot seat at the keyboard, where two people share it (the 'as bob' lines were their cost, about one an
    activation); not for a script, whose lines name who types them and must mean the same whatever is printed."""
    return bool(args.script is None if args.hotseat is None else args.hotseat)


async def _interactive(session: ConsoleSession) -> int:
    start = f"/game new system:<{'|'.join(session.systems)}> opponent:bob"
    turns = ("A letter (or a bare /act, /decide) is for whoever the latest menu is for: the keyboard passes "
             "itself (--no-hotseat: it does not). 'as bob' takes it" if session.hotseat else
             "A letter picks from your own latest menu. 'as bob' switches player")
    print("Offline table. Type slash commands (/help; /act alone lists what you can do). "
          f"{turns}, 'as alice:B' acts for side B when alice holds several, "
          "'@bob /cmd' acts once, 'working' shows how the last action came out, 'quit' leaves. "
          + (f"A refereed game replaces this practice table: {start}." if session.has_game() else
             f"Start a game: {start} (or /game demo system:<game>, a ready practice table)."))
    loop = asyncio.get_running_loop()
    while True:
        try:
            who = f"{session.user}:{session.side}" if session.side else session.user
            line = await loop.run_in_executor(None, input, f"{who}> ")
        except EOFError:
            return 0
        if line.strip() in ("quit", "exit"):
            return 0
        await session.run_line(line)


async def _run(args: argparse.Namespace) -> int:
    source = seeded_source(args.seed) if args.seed is not None else new_seed
    session = ConsoleSession(SYSTEM_FACTORIES, source, as_json=args.json, show_working=args.working,
                             out_dir=args.out,
                             echo=args.script is not None,
                             hotseat=hotseat(args),
                             files_from=args.script.parent if args.script else Path())
    if args.demo:
        await session.run_line(f"/game demo system:{args.system or DEFAULT_SYSTEM}")
    elif args.system:
        await session.run_line(f"/game new system:{args.system}")
    if args.script:
        try:
            lines = args.script.read_text(encoding="utf-8").splitlines()
        except OSError as error:
            print(f"cannot read the script {args.script}: {error.strerror}", file=sys.stderr)
            return 2
        return await session.run_lines(lines, strict=args.strict)
    return await _interactive(session)


def run_console(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))
