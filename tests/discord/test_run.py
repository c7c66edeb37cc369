"""Starting the bot: a refused token or an unreachable Discord is one clear line, never a traceback."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest

from bot.__main__ import main
from bot.discord.run import run_bot
from tests.discord_standin import StandIn

SECRET = "abc.def.secret-token"


def test_an_unreachable_discord_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SKIRMISH_DB", str(tmp_path / "games.sqlite3"))
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")  # the discard port: nothing
    assert run_bot(SECRET) == 2
    err = capsys.readouterr().err
    assert err.startswith("Cannot reach Discord (") and err.count("\n") == 1
    assert SECRET not in err and "Traceback" not in err


async def test_a_refused_token_is_one_line(standin: StandIn, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SKIRMISH_DB", str(tmp_path / "games.sqlite3"))
    assert await asyncio.to_thread(run_bot, SECRET) == 2  # the bot runs its own loop; the stand-in serves here
    err = capsys.readouterr().err
    assert err == "Discord refused the token: check DISCORD_TOKEN (in the environment or .env).\n"


@pytest.mark.parametrize(("argv", "message"), [
    (["bot", "--shards", "0-3"], "--shards and --shard-count go together, e.g. --shards 0-3 --shard-count 8"),
    (["bot", "--shards", "0-8", "--shard-count", "8"], "shard 8 does not exist with --shard-count 8"),
])
def test_a_bad_shard_option_is_one_clear_line(argv: list[str], message: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2 and message in capsys.readouterr().err
