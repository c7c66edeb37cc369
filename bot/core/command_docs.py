"""``docs/commands.md``, generated from the command registry and the hosted games' actions, so it can never
drift from the bot.

Regenerate with ``python -m bot.core.command_docs > docs/commands.md``; a test checks it is current.
"""

from __future__ import annotations

from bot.core.hosted import HostedSystems
from bot.core.registry import CommandSpec

__all__ = ["commands_markdown"]


def _command(path: str, spec: CommandSpec) -> list[str]:
    lines = [f"### `/{path}`", "", spec.description, ""]
    if spec.options:
        lines += ["| option | type | required | what |", "| --- | --- | --- | --- |"]
        lines += [f"| `{o.name}` | {o.type.value} | {'yes' if o.required else 'no'} | {o.description} |"
                  for o in spec.options]
        lines.append("")
    return lines


def _actions(systems: HostedSystems) -> list[str]:
    """Each game's actions: which shared command reaches them and the options they read."""
    lines = ["## What each game does with them", "",
             "A game never adds a command or an option: it declares actions on the shared commands above.", ""]
    for system in systems:
        lines += [f"### {system.spec.title} (`system:{system.spec.name}`)", "", system.spec.summary, "",
                  "| action | what | options |", "| --- | --- | --- |"]
        for action in system.actions():
            options = ", ".join(f"`{o}:`" for o in action.options) or "none"
            rule = f" ({action.rule})" if action.rule else ""
            lines.append(f"| `{action.title}` | {action.summary}{rule} | {options} |")
        lines.append("")
    return lines


def commands_markdown(systems: HostedSystems) -> str:
    """The reference of every slash command (and its console twin), in registry order, then each game's actions."""
    lines = [
        "# Commands",
        "",
        "Generated from `bot/core/registry.py` and the games' declared actions; the Discord slash commands and the "
        "console share them.",
        "In the console, type them as `/move model:A1 to:10.5,12`: a value runs until the next `option:`.",
        "",
    ]
    for command in systems.registry.commands:
        if command.is_group:
            lines += [f"## `/{command.name}`: {command.description}", ""]
            for sub in command.subcommands:
                lines += _command(f"{command.name} {sub.name}", sub)
        else:
            lines += _command(command.name, command)
    lines += _actions(systems)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    from bot.core.systems import SYSTEM_FACTORIES

    print(commands_markdown(HostedSystems(SYSTEM_FACTORIES)), end="")
