"""``skirmish-gm``: the Discord bot when a token is set, otherwise the offline console table."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from bot.core.shards import Shards, parse_shards

__all__ = ["discord_token", "main"]


def _token_from_env_file(path: Path = Path(".env")) -> str | None:
    """Read DISCORD_TOKEN from a ``.env`` file in the working directory, if there is one."""
    if not path.is_file():
        return None
    for line in path.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "DISCORD_TOKEN" and value.strip():
            return value.strip().strip("'\"")
    return None


def discord_token() -> str | None:
    return os.environ.get("DISCORD_TOKEN") or _token_from_env_file()


def _shards(parser: argparse.ArgumentParser, ids: str | None, count: int | None) -> Shards | None:
    """``--shards`` and ``--shard-count`` together, or neither (one process serves every guild)."""
    if ids is None and count is None:
        return None
    if ids is None or count is None:
        parser.error("--shards and --shard-count go together, e.g. --shards 0-3 --shard-count 8")
    try:
        return parse_shards(ids, count)
    except ValueError as error:
        parser.error(str(error))


def main(argv: list[str] | None = None) -> int:
    from bot.console.app import add_arguments, run_console

    parser = argparse.ArgumentParser(prog="skirmish-gm", description=__doc__)
    commands = parser.add_subparsers(dest="mode")
    add_arguments(commands.add_parser("console", help="play a table offline, interactively or from a script"))
    bot = commands.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    bot.add_argument("--sync", action="store_true", help="sync the slash commands even if they did not change")
    bot.add_argument("--shards", metavar="IDS", help="serve only these gateway shards, e.g. 0-3 (with --shard-count; "
                     "several processes on one PostgreSQL, see docs/scaling.md)")
    bot.add_argument("--shard-count", metavar="N", type=int, help="the total number of shards across all processes")
    parser.add_argument("--sync", action="store_true", help="with a token: sync the slash commands now")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.mode == "console":
        return run_console(args)
    shards = _shards(parser, getattr(args, "shards", None), getattr(args, "shard_count", None))
    token = discord_token()
    if token:
        from bot.discord.run import run_bot

        logging.getLogger().setLevel(logging.INFO)
        return run_bot(token, force_sync=args.sync, shards=shards)
    if args.mode == "bot":
        print("DISCORD_TOKEN is not set (neither in the environment nor in .env); the bot cannot start.",
              file=sys.stderr)
        return 2
    return run_console(parser.parse_args(["console", "--demo", "--out", "out"]))


if __name__ == "__main__":
    sys.exit(main())
