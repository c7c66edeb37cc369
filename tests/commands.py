"""Typed command lines for tests, read against the registry the shipped games build."""

from __future__ import annotations

from bot.core.hosted import HostedSystems
from bot.core.parsing import Invocation, parse_command_line
from bot.core.systems import SYSTEM_FACTORIES

__all__ = ["REGISTRY", "parse_line"]

REGISTRY = HostedSystems(SYSTEM_FACTORIES).registry


def parse_line(line: str) -> Invocation:
    """``/move model:A1 to:3,4`` as the console would read it."""
    return parse_command_line(line, REGISTRY)
