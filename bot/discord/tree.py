"""Slash commands built from the shared registry, so Discord and the console never drift.

Each registry entry becomes an ``app_commands.Command`` (groups become ``app_commands.Group``) whose
callback hands the interaction and its typed options to one dispatcher, with the client the interaction came to.
The commands hold no client of their own, so they are built once per registry and dispatcher and shared by every
client of the process (a tree only lists them): discord.py reads each callback's signature and descriptions as a
command is built, several milliseconds a registry, once per client before.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import keyword
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Optional

import discord
from discord import app_commands

from bot.core.registry import CommandSpec, OptionType, Registry, Suggest

__all__ = ["Dispatch", "Suggester", "build_commands", "tree_hash"]

Choice = app_commands.Choice[str]

Dispatch = Callable[[Any, discord.Interaction, tuple[str, ...], dict[str, Any]], Awaitable[None]]
"""A command run: the client the interaction came to (``interaction.client``), the interaction, the command's path,
its typed options."""
Suggester = Callable[[Any, discord.Interaction, tuple[str, ...], str, Suggest, str],
                     Awaitable[list[app_commands.Choice[str]]]]
"""Values for an option: the client, the interaction, the command's path, the option's name, its kind, what is
typed."""
Built = list[app_commands.Command[Any, ..., None] | app_commands.Group]

_BUILT: dict[tuple[tuple[CommandSpec, ...], Dispatch, Suggester], Built] = {}

_TYPES: dict[OptionType, Any] = {
    OptionType.STRING: str,
    OptionType.INTEGER: int,
    OptionType.NUMBER: float,
    OptionType.BOOLEAN: bool,
    OptionType.USER: discord.User,
    OptionType.ATTACHMENT: discord.Attachment,
}


def _python_name(name: str) -> str:
    """``from`` is a Python keyword: the parameter is ``from_``, renamed back for Discord."""
    return f"{name}_" if keyword.iskeyword(name) else name


def _option_name(python_name: str) -> str:
    trimmed = python_name.removesuffix("_")
    return trimmed if keyword.iskeyword(trimmed) else python_name


def _callback(path: tuple[str, ...], spec: CommandSpec,
              dispatch: Dispatch) -> Callable[..., Coroutine[Any, Any, None]]:
    async def callback(interaction: discord.Interaction, **options: Any) -> None:
        given = {_option_name(name): value for name, value in options.items() if value is not None}
        await dispatch(interaction.client, interaction, path, given)

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    for option in spec.options:
        annotation = _TYPES[option.type]
        parameters.append(inspect.Parameter(
            _python_name(option.name), inspect.Parameter.KEYWORD_ONLY,
            annotation=annotation if option.required else Optional[annotation],  # noqa: UP045 - runtime type
            default=inspect.Parameter.empty if option.required else None,
        ))
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        _python_name(o.name): o.description for o in spec.options}
    callback.__discord_app_commands_param_rename__ = {  # type: ignore[attr-defined]
        _python_name(o.name): o.name for o in spec.options if keyword.iskeyword(o.name)}
    choices = {_python_name(o.name): [app_commands.Choice(name=c, value=c) for c in o.choices]
               for o in spec.options if o.choices}
    if choices:
        callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    return callback


def _command(path: tuple[str, ...], spec: CommandSpec, dispatch: Dispatch,
             suggest: Suggester) -> app_commands.Command[Any, ..., None]:
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=spec.name, description=spec.description, callback=_callback(path, spec, dispatch))
    for option in spec.options:
        if option.suggest is not None and not option.choices:
            command.autocomplete(_python_name(option.name))(_completer(path, option.name, option.suggest, suggest))
    return command


def _completer(path: tuple[str, ...], option: str, kind: Suggest,
               suggest: Suggester) -> Callable[[discord.Interaction, str], Coroutine[Any, Any, list[Choice]]]:
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await suggest(interaction.client, interaction, path, option, kind, current)

    return complete


def build_commands(registry: Registry, dispatch: Dispatch, suggest: Suggester) -> Built:
    """Every top-level command and group of the registry, wired to ``dispatch`` and ``suggest``: built once for
    the same commands and functions (one list per process), to be added to each client's tree."""
    key = (registry.commands, dispatch, suggest)
    if key not in _BUILT:
        _BUILT[key] = _build(registry, dispatch, suggest)
    return list(_BUILT[key])


def _build(registry: Registry, dispatch: Dispatch, suggest: Suggester) -> Built:
    built: Built = []
    for spec in registry.commands:
        if not spec.is_group:
            built.append(_command((spec.name,), spec, dispatch, suggest))
            continue
        group = app_commands.Group(name=spec.name, description=spec.description)
        for sub in spec.subcommands:
            group.add_command(_command((spec.name, sub.name), sub, dispatch, suggest))
        built.append(group)
    return built


def tree_hash(payload: list[dict[str, Any]]) -> str:
    """A fingerprint of the commands as Discord sees them: sync only when it changes (creation is rate-capped)."""
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
