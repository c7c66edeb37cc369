"""Making games: ``/game new`` with the settings the chosen system offers, ``/game demo``, ``/game rematch``.

A game's settings are checked against what its system declares (``System.settings``) before anything is
stored, so a front-end can test them first (``check``) and open a thread only for a game that will start.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.core.announce import announce
from bot.core.books import GameBook
from bot.core.commit import Committer
from bot.core.data_loader import shipped_data
from bot.core.hosted import HostedSystems
from bot.core.outbox import durable, with_ids
from bot.core.outputs import Output
from bot.core.pace import PACES
from bot.core.parsing import CommandLineError
from bot.core.pictures import board_picture
from bot.core.storage import GameRepository, StoredGame
from engine.core import BOT_USER, Actor, Game, GameSetup, OptionValue, SideId, System, UserId
from engine.dice import commitment
from engine.schema import did_you_mean

__all__ = ["SETTING_OPTIONS", "Creation"]

SETTING_OPTIONS = ("map", "scenario", "size", "mode")
"""``/game new`` options whose values the chosen system defines (``System.settings``)."""

_FRONT_END_ONLY = frozenset({"system", "practice", "opponent", "thread", "players", "bot", "rules"})
"""``/game new`` options that are not the game's settings (kept elsewhere, or used by the front-end only)."""


class Creation:
    def __init__(self, repository: GameRepository, systems: HostedSystems, book: GameBook, committer: Committer,
                 seed_source: Callable[[], str]) -> None:
        self._repository = repository
        self._systems = systems
        self._book = book
        self._committer = committer
        self._seed_source = seed_source
        self._counter = 0

    def check(self, user: UserId, options: Mapping[str, OptionValue]) -> str | None:
        """Why ``/game new`` with these options would be refused, or None."""
        try:
            self._start(user, options)
        except CommandLineError as error:
            return str(error)
        except ValueError as error:  # RulesError and DataError are ValueErrors too
            return str(error)
        return None

    def _start(self, user: UserId, options: Mapping[str, OptionValue],
               seats: Mapping[SideId, UserId] | None = None) -> tuple[Game[Any], str]:
        system = self._systems.get(str(options["system"]))
        practice = bool(options.get("practice", False))
        if str(options.get("pace", "live")) not in PACES:
            raise CommandLineError(f"unknown pace {options['pace']!r}; choose one of {', '.join(PACES)}"
                                   f"{did_you_mean(str(options['pace']), PACES)}")
        settings = _settings(system, options)
        seed = self._seed_source()
        spec = system.spec
        sides = tuple(SideId(chr(ord("A") + i)) for i in range(_side_count(system, options)))
        setup = GameSetup(system=spec.name, sides=sides, host=user, practice=practice,
                          seed_commitment=commitment(seed), data_fingerprint=system.data_fingerprint(),
                          rulings=_rulings(system, options), options=settings)
        bots = _bot_sides(options, sides)
        if seats is None:
            seats = {side: user for side in sides if practice and side not in bots}
            seats.setdefault(next(side for side in sides if side not in bots), user)
        seats = {**seats, **dict.fromkeys(bots, BOT_USER)}
        return Game.start(system, setup, seed, seats=seats), seed

    async def new_game(self, table: str, user: UserId, options: Mapping[str, OptionValue],
                       seats: Mapping[SideId, UserId] | None = None, *, guild: int | None = None) -> list[Output]:
        """Start a game at ``table`` (in Discord guild ``guild``, if any) and store it with its first messages."""
        game, seed = self._start(user, options, seats)
        self._counter += 1
        game_id = f"{table}-{self._counter}-{hashlib.sha256(seed.encode()).hexdigest()[:6]}"
        overlays = game.system.board_update(game.log)
        told = (announce(game, game.log) if overlays is None
                else announce(game, game.log, pictures=lambda: board_picture(game, overlays)))
        outputs = [replace(o, table=table, game_id=game_id) for o in told]
        queued = durable(table, user, outputs)
        ids = await self._repository.create(
            StoredGame(game_id, table, game.setup, seed, game.records(), game.is_over(), guild),
            outbox=[item for _, item in queued])
        self._book.remember(table, game_id, game)
        outputs = with_ids(outputs, queued, ids)
        if self._committer.driver is not None:  # the bot may open the game
            stored, _ = await self._book.load(table)
            outputs += await self._committer.driver.settle(stored, game)
        return outputs

    async def demo(self, table: str, user: UserId, system_name: str, guild: int | None = None) -> list[Output]:
        """A ready practice table at once: the system's demo settings and set-up, every side the asker's
        (rigged dice allowed, every rigged roll marked)."""
        system = self._systems.get(system_name)
        options: dict[str, OptionValue] = {"system": system.spec.name, "practice": True, **system.demo_settings()}
        outputs = await self.new_game(table, user, options, guild=guild)
        stored, game = await self._book.load(table)
        host = Actor(user=user, host=True)
        for command in system.demo_commands(game.state):
            outputs += await self._committer.run(stored, game, command, host)
        return outputs

    async def rematch(self, table: str, user: UserId) -> list[Output]:
        """The same game again: same settings and forces, every player moved to the next side, a new seed."""
        old_stored, old = await self._book.load(table)
        if not old.is_over():
            raise CommandLineError("this game is still on; a rematch starts once it has ended "
                                   "(/game concede or, for the host, /game end)")
        if user != old.setup.host and not old.state.sides_of(user):
            raise CommandLineError("only the players of the last game (or its host) can start its rematch")
        sides = old.state.sides
        seats = {sides[(index + 1) % len(sides)]: old.state.seats[side]
                 for index, side in enumerate(sides) if side in old.state.seats}
        options: dict[str, OptionValue] = {
            **{key: value for key, value in old.setup.options.items() if isinstance(value, str | int | float | bool)},
            "system": old.setup.system, "practice": old.setup.practice, "players": len(sides),
            "rules": ",".join(f"{k}={v}" for k, v in old.setup.rulings.items()
                              if old.system.default_rulings().get(k, v) != v)}
        outputs = await self.new_game(table, user, options, seats, guild=old_stored.guild)
        stored, game = await self._book.load(table)
        host = Actor(user=user, host=True)
        for command in game.system.rematch_commands(old.log):
            outputs += await self._committer.run(stored, game, command, host)
        return outputs


def _rulings(system: System[Any], options: Mapping[str, OptionValue]) -> dict[str, str]:
    """The game's rulings: each at its default but those ``rules:`` switches (``ruling=option,ruling=option``),
    each checked against the options the game's rulings offer and refereed (not one its data marks ``by_hand``)."""
    chosen = system.default_rulings()
    catalogue = shipped_data(system.spec.name)
    offered = {ruling.id: ruling for ruling in (catalogue.rulings if catalogue is not None else ())}
    for item in (part.strip() for part in str(options.get("rules") or "").split(",")):
        if not item:
            continue
        ruling, _, option = (text.strip() for text in item.partition("="))
        if ruling not in chosen:
            known = ", ".join(chosen) or "none"
            raise CommandLineError(f"rules:{item[:40]}: {system.spec.title} has no ruling {ruling[:40]!r}; its "
                                   f"rulings are {known}")
        refusal = offered[ruling].refusal(option[:40]) if ruling in offered else None
        if refusal is not None:
            raise CommandLineError(f"rules:{item[:40]}: {refusal}")
        chosen[ruling] = option
    return chosen


def _bot_sides(options: Mapping[str, OptionValue], sides: tuple[SideId, ...]) -> tuple[SideId, ...]:
    """``bot:B`` or ``bot:B,C``: the sides the bot plays (never every side: someone must play)."""
    wanted = tuple(SideId(s.strip().upper()) for s in str(options.get("bot") or "").split(",") if s.strip())
    unknown = [s for s in wanted if s not in sides]
    if unknown:
        raise CommandLineError(f"bot:{','.join(unknown)} is not a side of this game; its sides are {', '.join(sides)}")
    if set(wanted) >= set(sides):
        raise CommandLineError("the bot cannot play every side; leave at least one for a player")
    return wanted


def _side_count(system: System[Any], options: Mapping[str, OptionValue]) -> int:
    """``players:`` sides, between the game's fewest and most; the fewest when not given."""
    spec = system.spec
    wanted = options.get("players")
    if wanted is None:
        return spec.min_sides
    count = int(wanted)
    if not spec.min_sides <= count <= spec.max_sides:
        allowed = (f"{spec.min_sides}" if spec.min_sides == spec.max_sides
                   else f"{spec.min_sides} to {spec.max_sides}")
        raise CommandLineError(f"{spec.title} is played by {allowed} players, not players:{count}")
    return count


def _settings(system: System[Any], options: Mapping[str, OptionValue]) -> dict[str, str | int | float | bool]:
    """The game's settings among the options: each one the system offers, with a value it accepts."""
    offered = {setting.option: setting for setting in system.settings()}
    chosen: dict[str, str | int | float | bool] = {}
    for key, value in options.items():
        if key in _FRONT_END_ONLY:
            continue
        if key == "pace":
            chosen[key] = value
            continue
        setting = offered.get(key)
        if setting is None:
            known = ", ".join(f"{name}:" for name in offered) or "no settings"
            raise CommandLineError(f"{system.spec.title} has no {key}: setting; it offers {known}")
        if setting.choices:
            values = [choice.value for choice in setting.choices]
            match = next((v for v in values if v.casefold() == str(value).strip().casefold()), None)
            if match is None:
                raise CommandLineError(f"{key}:{str(value)[:40]} is not offered by {system.spec.title}; "
                                       f"choose one of {', '.join(values)}{did_you_mean(str(value), values)}")
            value = match
        chosen[key] = value
    for setting in system.settings():
        if setting.option not in chosen and setting.default is not None:
            chosen[setting.option] = setting.default
    return chosen
