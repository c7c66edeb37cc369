"""Read a typed slash command (``/move model:A1 to:toward B2 max``) against the registry.

A value runs until the next ``name:`` that is an option of the same command, so values may hold
spaces and colons of their own (``to:via:3,4;6,7``).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from bot.core.registry import REGISTRY, CommandSpec, OptionSpec, OptionType
from engine.core import OptionValue

__all__ = ["Attachment", "CommandLineError", "Invocation", "OptionValue", "parse_command_line"]




class CommandLineError(ValueError):
    """A typed command that does not fit the registry; the message says what is accepted."""


@dataclass(frozen=True, slots=True)
class Attachment:
    """An uploaded file: its name and its bytes (fetched by the front-end)."""

    filename: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Invocation:
    """One command as a front-end received it: its path and its typed option values."""

    path: tuple[str, ...]
    options: dict[str, OptionValue] = field(default_factory=dict)
    attachments: dict[str, Attachment] = field(default_factory=dict)
    built_at_seq: int | None = None  # set by buttons and confirmations: refused once the game moved on

    @property
    def name(self) -> str:
        return "/" + " ".join(self.path)


def _closest(word: str, candidates: list[str]) -> str:
    close = difflib.get_close_matches(word, candidates, n=1)
    return f" Did you mean {close[0]}?" if close else ""


def _resolve(words: list[str]) -> tuple[tuple[str, ...], CommandSpec, list[str]]:
    if not words or not words[0].startswith("/"):
        raise CommandLineError("a command starts with /, e.g. /roll dice:2d6 (try /help)")
    top_name = words[0][1:]
    top = next((c for c in REGISTRY if c.name == top_name), None)
    if top is None:
        names = [c.name for c in REGISTRY]
        raise CommandLineError(f"unknown command /{top_name}.{_closest(top_name, names)} "
                               f"Commands: {', '.join('/' + n for n in names)}")
    if not top.is_group:
        return (top.name,), top, words[1:]
    subs = [s.name for s in top.subcommands]
    if len(words) < 2 or words[1] not in subs:
        given = f" {words[1]}" if len(words) > 1 else ""
        hint = _closest(words[1], subs) if len(words) > 1 else ""
        raise CommandLineError(f"/{top.name}{given} is not a command.{hint} "
                               f"Choose one of: {', '.join(f'/{top.name} {s}' for s in subs)}")
    sub = next(s for s in top.subcommands if s.name == words[1])
    return (top.name, sub.name), sub, words[2:]


def _convert(command: str, option: OptionSpec, text: str) -> OptionValue:
    value = text.strip()
    if not value:
        raise CommandLineError(f"{command}: {option.name}: is empty; {option.description}")
    try:
        if option.type is OptionType.INTEGER:
            return int(value)
        if option.type is OptionType.NUMBER:
            return float(value)
    except ValueError:
        raise CommandLineError(f"{command}: {option.name}:{value} is not a {option.type.value}") from None
    if option.type is OptionType.BOOLEAN:
        lowered = value.casefold()
        if lowered in ("yes", "true", "on", "1"):
            return True
        if lowered in ("no", "false", "off", "0"):
            return False
        raise CommandLineError(f"{command}: {option.name}: takes yes or no, not {value!r}")
    if option.choices and value not in option.choices:
        raise CommandLineError(f"{command}: {option.name}:{value} is not one of {', '.join(option.choices)}")
    return value


def parse_command_line(line: str) -> Invocation:
    """Parse one typed command, or raise ``CommandLineError`` naming the problem and what is accepted."""
    path, spec, rest = _resolve(line.split())
    name = "/" + " ".join(path)
    collected: dict[str, tuple[OptionSpec, list[str]]] = {}
    current: str | None = None
    for word in rest:
        key, colon, value = word.partition(":")
        option = spec.option(key) if colon else None
        if option is not None:
            if key in collected:
                raise CommandLineError(f"{name}: {key}: is given twice")
            current = key
            collected[key] = (option, [value] if value else [])
        elif current is None:
            accepted = ", ".join(f"{o.name}:" for o in spec.options) or "no options"
            raise CommandLineError(f"{name}: expected option:value, got {word!r}. "
                                   f"{name} takes {accepted}.{_closest(key, [o.name for o in spec.options])}")
        else:
            collected[current][1].append(word)
    options = {key: _convert(name, option, " ".join(words)) for key, (option, words) in collected.items()}
    missing = [o for o in spec.options if o.required and o.name not in options]
    if missing:
        raise CommandLineError(f"{name} needs {', '.join(f'{o.name}: ({o.description})' for o in missing)}. "
                               f"Usage: {spec.usage()}")
    return Invocation(path, options)

