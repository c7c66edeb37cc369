"""The command registry stays inside Discord's hard limits (and so does the console twin), and it is built
from what the hosted games declare."""

from __future__ import annotations

import re
from pathlib import Path

from bot.core.command_docs import commands_markdown
from bot.core.hosted import HostedSystems
from bot.core.systems import SYSTEM_FACTORIES
from tests.commands import REGISTRY

_NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def test_at_most_25_top_level_commands_and_25_subcommands_each() -> None:
    assert len(REGISTRY.commands) <= 25
    assert all(len(command.subcommands) <= 25 for command in REGISTRY.commands)


def test_names_descriptions_and_options_fit_discord() -> None:
    for command in REGISTRY.commands:
        assert _NAME.match(command.name), command.name
        assert 1 <= len(command.description) <= 100, command.name
    for path, command in REGISTRY.walk():
        assert _NAME.match(command.name), path
        assert 1 <= len(command.description) <= 100, path
        assert len(command.options) <= 25, path
        required_seen_after_optional = False
        for index, option in enumerate(command.options):
            assert _NAME.match(option.name), (path, option.name)
            assert 1 <= len(option.description) <= 100, (path, option.name)
            assert len(option.choices) <= 25, (path, option.name)
            if option.required and any(not o.required for o in command.options[:index]):
                required_seen_after_optional = True
        assert not required_seen_after_optional, f"{path}: Discord wants required options first"


def test_option_names_are_unique_within_a_command() -> None:
    for path, command in REGISTRY.walk():
        names = [option.name for option in command.options]
        assert len(names) == len(set(names)), path


def test_the_command_reference_is_current() -> None:
    saved = Path(__file__).parents[2].joinpath("docs", "commands.md").read_text(encoding="utf-8")
    assert saved == commands_markdown(HostedSystems(SYSTEM_FACTORIES)), \
        "regenerate: python -m bot.core.command_docs > docs/commands.md"
