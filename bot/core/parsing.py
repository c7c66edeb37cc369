"""Read a typed slash command (``/move model:A1 to:toward B2 max``) against the registry.

A value runs until the next ``name:`` that is an option of the same command, so values may hold
spaces and colons of their own (``to:via:3,4;6,7``); a ``name:`` close to one of the command's options is taken
for a misspelt option and refused, not folded into the value before it.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field

from bot.core.registry import CommandSpec, OptionSpec, OptionType, Registry
from engine.core import LEFT_OUT, OptionValue, SideId
from engine.schema import did_you_mean

__all__ = ["Attachment", "CommandLineError", "Invocation", "OptionValue", "parse_command_line"]

_ECHO = 40  # characters of a bad word repeated back in an error; the rest is cut


def _short(text: str) -> str:
    return text if len(text) <= _ECHO else text[:_ECHO] + "..."


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
    menu: bool = False  # picked from a menu: the options still missing are offered as menus too
    side: SideId | None = None  # the side it acts for, when a menu offered it for one side of several held
    expect: tuple[str, ...] | None = None  # a preview's public lines: its Confirm still applies if they stay so
    page: int = 0  # which page of a long menu this invocation asks for (a menu's "More" pick)
    building: str = ""  # the option a menu's pick left open for more picks (shown whole: ``target:B2``)

    @property
    def name(self) -> str:
        return "/" + " ".join(self.path)

    def command_line(self) -> str:
        """The invocation as a player would type it (``/move model:A1 to:toward O1 6``), without the options a menu
        left out (``choice:-``): typed, an option not named is left out the same way (``acting.declared_question``)."""
        shown = (f"{key}:{'yes' if value is True else 'no' if value is False else value}"
                 for key, value in self.options.items() if value != LEFT_OUT)
        return " ".join((self.name, *shown))


def _closest(word: str, candidates: list[str]) -> str:
    close = difflib.get_close_matches(word, candidates, n=1)
    return f" Did you mean {close[0]}?" if close else ""


def _resolve(words: list[str], registry: Registry) -> tuple[tuple[str, ...], CommandSpec, list[str]]:
    if not words or not words[0].startswith("/"):
        raise CommandLineError("a command starts with /, e.g. /roll dice:2d6 (try /help)")
    top_name = words[0][1:]
    top = registry.top(top_name)
    if top is None:
        names = [c.name for c in registry.commands]
        raise CommandLineError(f"unknown command /{_short(top_name)}.{_closest(top_name[:_ECHO], names)} "
                               f"Commands: {', '.join('/' + n for n in names)}")
    if not top.is_group:
        return (top.name,), top, words[1:]
    subs = [s.name for s in top.subcommands]
    if len(words) < 2 or words[1] not in subs:
        given = f" {words[1]}" if len(words) > 1 else ""
        hint = _closest(words[1], subs) if len(words) > 1 else ""
        raise CommandLineError(f"/{top.name}{_short(given)} is not a command.{hint} "
                               f"Choose one of: {', '.join(f'/{top.name} {s}' for s in subs)}")
    sub = next(s for s in top.subcommands if s.name == words[1])
    return (top.name, sub.name), sub, words[2:]


def _check_bounds(command: str, option: OptionSpec, value: OptionValue) -> OptionValue:
    """Refuse a number that is not finite or lies outside the option's bounds (Discord enforces the same
    bounds on its side; the console and any other caller are held to them here)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if not math.isfinite(value):
        raise CommandLineError(f"{command}: {option.name}:{value} is not a finite number")
    low, high = option.minimum, option.maximum
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"from {low:g} to {high:g}" if low is not None and high is not None else \
            (f"at least {low:g}" if low is not None else f"at most {high:g}")
        raise CommandLineError(f"{command}: {option.name}:{value:g} is out of range; give a number {bounds}")
    return value


def _article(word: str) -> str:
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _convert(command: str, option: OptionSpec, text: str) -> OptionValue:
    value = text.strip()
    if not value:
        raise CommandLineError(f"{command}: {option.name}: is empty; {option.description}")
    try:
        if option.type is OptionType.INTEGER:
            return _check_bounds(command, option, int(value))
        if option.type is OptionType.NUMBER:
            return _check_bounds(command, option, float(value))
    except ValueError:
        kind = _article(option.type.value)
        raise CommandLineError(f"{command}: {option.name}:{_short(value)} is not {kind}") from None
    if option.type is OptionType.BOOLEAN:
        lowered = value.casefold()
        if lowered in ("yes", "true", "on", "1"):
            return True
        if lowered in ("no", "false", "off", "0"):
            return False
        raise CommandLineError(f"{command}: {option.name}: takes yes or no, not {value!r}")
    if option.choices and value not in option.choices:
        raise CommandLineError(f"{command}: {option.name}:{_short(value)} is not one of {', '.join(option.choices)}"
                               f"{did_you_mean(value, option.choices)}")
    return value


def _not_an_option(name: str, spec: CommandSpec, word: str) -> str:
    """Why a first word that opens no option is refused: ``extra:1`` is option:value, but ``extra:`` is not one of
    the command's options (or it takes none); a bare word (``A1``) lacks its ``option:``."""
    key, colon, _ = word.partition(":")
    names = [o.name for o in spec.options]
    takes = f"{name} takes {', '.join(f'{n}:' for n in names)}." if names else f"{name} takes no options"
    if colon and key:
        if not names:
            return f"{takes} ({_short(key)}: is not one)."
        return f"{name}: {_short(key)}: is not one of its options; {takes}{_closest(key, names)}"
    return f"{name}: expected option:value, got {_short(word)!r}. {takes if names else takes + '.'}" \
           f"{_closest(key, names)}"


def parse_command_line(line: str, registry: Registry) -> Invocation:
    """Parse one typed command, or raise ``CommandLineError`` naming the problem and what is accepted."""
    path, spec, rest = _resolve(line.split(), registry)
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
            raise CommandLineError(_not_an_option(name, spec, word))
        elif colon and key.isalpha() and _closest(key, [o.name for o in spec.options]):
            raise CommandLineError(_not_an_option(name, spec, word))  # a misspelt option, not part of a value
        else:
            collected[current][1].append(word)
    options = {key: _convert(name, option, " ".join(words)) for key, (option, words) in collected.items()}
    missing = [o for o in spec.options if o.required and o.name not in options]
    if missing:
        raise CommandLineError(f"{name} needs {', '.join(f'{o.name}: ({o.description})' for o in missing)}. "
                               f"Usage: {spec.usage()}")
    return Invocation(path, options)

