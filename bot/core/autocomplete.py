"""Values to offer while a player types an option, filtered to what they may use and know, from memory.

Autocomplete must answer within Discord's few seconds, so it reads only live games. A game's own options
come from its action's sources (``Action.sources``), which see the table as the asker may see it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.core.books import GameBook
from bot.core.hosted import HostedSystems
from bot.core.queries import viewer_for
from bot.core.registry import Suggest
from bot.core.text import fit
from engine.core import Choice, Game, OptionValue, UserId, Viewer

__all__ = ["AUTOCOMPLETE_LIMIT", "Autocomplete"]

AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 choices."""


class Autocomplete:
    def __init__(self, systems: HostedSystems, book: GameBook) -> None:
        self._systems = systems
        self._book = book

    def choices(self, table: str, user: UserId, path: tuple[str, ...], option: str, kind: Suggest, typed: str,
                filled: Mapping[str, OptionValue]) -> list[Choice]:
        """Up to 25 values for ``option`` of the command at ``path``, whose other options are ``filled``."""
        found = self._found(table, user, path, option, kind, filled)
        wanted = typed.casefold().strip()
        return [c for c in found if wanted in c.value.casefold() or wanted in c.shown.casefold()][:AUTOCOMPLETE_LIMIT]

    def _found(self, table: str, user: UserId, path: tuple[str, ...], option: str, kind: Suggest,
               filled: Mapping[str, OptionValue]) -> list[Choice]:
        if kind is Suggest.SYSTEM:
            return [Choice(spec.name, spec.title) for spec in (system.spec for system in self._systems)]
        if kind is Suggest.SETTING:
            return self._settings(option, filled)
        game = self._book.live_game(table)
        if game is None:
            return []
        held = game.state.sides_of(user)
        match kind:
            case Suggest.SIDE:
                return [Choice(side) for side in game.state.sides]
            case Suggest.DECISION:
                return [Choice(d.id, fit(f"{d.id}: {d.prompt}")) for d in game.pending if d.owner in held]
            case Suggest.MODEL:
                board = game.board(viewer_for(game, user))
                return [Choice(m.id, f"{m.id} {m.name}") for m in board.models] if board else []
            case Suggest.TRIGGER:
                return [Choice(t) for t in (*game.system.reaction_triggers(), "phase", "off")]
            case Suggest.ACTION:
                return self._action_values(game, user, path, option, filled)
        return []

    def _settings(self, option: str, filled: Mapping[str, OptionValue]) -> list[Choice]:
        system = filled.get("system")
        if system:
            setting = self._systems.setting(str(system), option)
            return list(setting.choices) if setting else []
        found: dict[str, Choice] = {}
        for _, setting in self._systems.settings_for(option):
            found.update((choice.value, choice) for choice in setting.choices)
        return list(found.values())

    @staticmethod
    def _action_values(game: Game[Any], user: UserId, path: tuple[str, ...], option: str,
                       filled: Mapping[str, OptionValue]) -> list[Choice]:
        viewer = viewer_for(game, user)
        if path == ("act",) and option == "action":
            names = {legal.name for side in game.state.sides_of(user)
                     for legal in game.system.legal_actions(game.state, side) if legal.name}
            declared = [action for action in game.system.actions() if action.name]
            ordered = sorted(declared, key=lambda action: action.name not in names)  # what is legal now first
            return [Choice(str(action.name), fit(f"{action.name}: {action.summary}")) for action in ordered]
        name = str(filled["action"]) if filled.get("action") else None
        action = game.system.action(path, name)
        source = action.sources.get(option) if action else None
        if source is None:
            return []
        held = game.state.sides_of(user)
        if len(held) < 2:
            return list(source(game.state, viewer, filled))
        found: dict[str, Choice] = {}  # a player holding several sides is offered what any of them may use
        for side in held:
            found.update((c.value, c) for c in source(game.state, Viewer.of_side(side), filled) if c.value not in found)
        return list(found.values())
