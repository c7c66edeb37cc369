"""``docs/commands.md``, generated from the command registry so it can never drift from the bot.

Regenerate with ``python -m bot.core.command_docs > docs/commands.md``; a test checks it is current.
"""

from __future__ import annotations

from bot.core.registry import REGISTRY, CommandSpec

__all__ = ["commands_markdown"]


def _command(path: str, spec: CommandSpec) -> list[str]:
    lines = [f"### `/{path}`", "", spec.description, ""]
    if spec.options:
        lines += ["| option | type | required | what |", "| --- | --- | --- | --- |"]
        lines += [f"| `{o.name}` | {o.type.value} | {'yes' if o.required else 'no'} | {o.description} |"
                  for o in spec.options]
        lines.append("")
    return lines


def commands_markdown() -> str:
    """The reference of every slash command (and its console twin), in registry order."""
    lines = [
        "# Commands",
        "",
        "Generated from `bot/core/registry.py`; the Discord slash commands and the console share it.",
        "In the console, type them as `/move model:A1 to:10.5,12`: a value runs until the next `option:`.",
        "",
    ]
    for command in REGISTRY:
        if command.is_group:
            lines += [f"## `/{command.name}`: {command.description}", ""]
            for sub in command.subcommands:
                lines += _command(f"{command.name} {sub.name}", sub)
        else:
            lines += _command(command.name, command)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    print(commands_markdown(), end="")
