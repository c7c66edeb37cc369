"""The one console script: the Discord bot when a token is set, otherwise the offline table."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

__all__ = ["main"]


def _token_from_env_file(path: Path = Path(".env")) -> str | None:
    """Read DISCORD_TOKEN from a ``.env`` file beside the working directory, if there is one."""
    if not path.is_file():
        return None
    for line in path.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "DISCORD_TOKEN" and value.strip():
            return value.strip().strip("'\"")
    return None


def discord_token() -> str | None:
    return os.environ.get("DISCORD_TOKEN") or _token_from_env_file()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="skirmish-gm", description=__doc__)
    parser.parse_args(argv)
    if discord_token():
        print("DISCORD_TOKEN is set, but the Discord adapter is not built yet (issue 6).", file=sys.stderr)
        return 2
    print("The offline console table is not built yet (issue 4): the engine core and its tests are ready; "
          "run `make test`.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
