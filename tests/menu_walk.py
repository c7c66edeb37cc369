"""Playing a table the way a player who only picks from menus plays it: bare ``/act``, then one entry after another
until the command is whole, and every decision answered from its menus.

``MenuWalk`` drives a ``TableService`` (the path Discord and the console share) and records what went wrong: an
entry that was offered and then refused, an entry that led nowhere (no command and no next question), a menu that
stopped at an empty question. The conformance property (``tests/engine/systems/test_menu_conformance.py``) plays
random walks; the tests of single failures use :meth:`MenuWalk.say` and :meth:`MenuWalk.pick`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from bot.core.outputs import Output
from bot.core.parsing import Invocation
from bot.core.service import TableService
from bot.core.storage import MemoryRepository, StoredGame
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import (
    BOT_USER,
    ActionCommand,
    ActKind,
    Actor,
    Game,
    OfferRefused,
    RulesError,
    SideId,
    UserId,
)
from engine.core.declared import ActionDecl
from engine.core.offers import reachable, silent
from tests.commands import parse_line
from tests.engine.core.toy_council import Council
from tests.engine.core.toy_duel import SecretDuel
from tests.toys.hexfire import Hexfire
from tests.toys.muster import Muster
from tests.toys.tally import Tally

__all__ = ["FACTORIES", "MenuWalk", "Trouble", "serve", "table", "typed_only"]

TABLE = "t"
FACTORIES: dict[str, Any] = {**SYSTEM_FACTORIES, "tally": Tally, "hexfire": Hexfire, "muster": Muster,
                              "duel": SecretDuel, "council": Council}
"""Every registered game and the test toys."""


def typed_only(decl: ActionDecl[Any, Any]) -> bool:
    """An action no menu offers: a tool accepted only typed, or one whose first answer no menu lists (a note, a
    card's name: a parameter with no menu declares the kind of value typed for it, ``Param.free_form``)."""
    return decl.typed or (bool(decl.params) and decl.params[0].values is None)


async def table(system: str, *, demo: bool = True, seed: str = "menus", rng: int = 0) -> MenuWalk:
    """A walk at a fresh table of ``system``: the practice demo (alice holds every side), or ``/game new`` with
    alice on side A, bob on side B and carol on side C where the game seats three. The table's dice seed is
    ``seed``."""
    service = TableService(MemoryRepository(), FACTORIES, pass_delay=lambda: 0.0, seed_source=lambda: seed)
    walk = MenuWalk(service, random.Random(rng))
    if demo:
        await walk.say("alice", f"/game demo system:{system}")
    else:
        await walk.say("alice", f"/game new system:{system} practice:no")
        await walk.say("bob", "/game join side:B")
        if "C" in walk.game.state.sides:
            await walk.say("carol", "/game join side:C")
    return walk


async def serve(game: Game[Any], factories: dict[str, Any]) -> TableService:
    """A table service holding ``game`` (arranged by a test) at table ``t``."""
    repository = MemoryRepository()
    service = TableService(repository, factories, pass_delay=lambda: 0.0)
    await repository.create(StoredGame("g1", TABLE, game.setup, game._seed, game.records()))  # the test's own seed
    return service


@dataclass(frozen=True, slots=True)
class Trouble:
    """One way the menus failed a player: what was picked (the command line it ran) and what came back."""

    what: str
    line: str
    said: str

    def __str__(self) -> str:
        return f"{self.what}: {self.line} -> {self.said[:300]}"


@dataclass
class MenuWalk:
    """A table played from its menus; ``troubles`` collects every failure met on the way."""

    service: TableService
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    troubles: list[Trouble] = field(default_factory=list)
    menus: dict[UserId, tuple[tuple[str, Invocation], ...]] = field(default_factory=dict)
    steps: int = 0
    picked: int = 0
    defaults: bool = False  # answer decisions with their defaults only (the first pick of each menu)
    checks: bool = False  # also check the bot's offers and that no parameter is chosen silently (declared games)
    history: list[str] = field(default_factory=list)  # every line run: "user[:side] /command ..."

    @property
    def game(self) -> Game[Any]:
        game = self.service.live_game(TABLE)
        assert game is not None
        return game

    async def say(self, user: str, line: str, side: str | None = None) -> list[Output]:
        """Type a line as ``user`` (acting for ``side`` when given); the menu it answers with is remembered."""
        return await self.run(UserId(user), parse_line(line), SideId(side) if side else None)

    async def pick(self, user: str, index: int = 0) -> list[Output]:
        """Pick entry ``index`` of ``user``'s own latest menu."""
        menu = self.menus.get(UserId(user), ())
        assert 0 <= index < len(menu), f"{user} has no entry {index} (menu: {[label for label, _ in menu]})"
        return await self.run(UserId(user), menu[index][1], None)

    async def run(self, user: UserId, invocation: Invocation, side: SideId | None) -> list[Output]:
        """Run an invocation as a front-end would: a preview's Confirm commits, anything else may be previewed."""
        confirm = invocation.expect is not None
        self.history.append(f"{user}{':' + side if side else ''} {invocation.command_line()}")
        outputs = await self.service.execute(TABLE, user, invocation, side=side, preview=not confirm)
        for output in outputs:
            if output.to == user and (output.picks or output.confirm is not None):
                self.menus[user] = output.picks or (("Confirm", output.confirm),)  # type: ignore[assignment]
        return outputs

    async def settle(self, *, until: Any = None) -> None:
        """Answer every pending decision with its defaults (its first option where it has none), each as its
        owner's player, until none is pending or ``until(state)`` holds."""
        for _ in range(40):
            game = self.game
            if not game.pending or (until is not None and until(game.state)):
                return
            decision = game.pending[0]
            answers = ";".join(f"{p.key}={p.default if p.default is not None else p.offered(1)[0].key}"
                               for p in decision.parts)
            user = game.state.controller(decision.owner)
            await self.say(str(user), f"/decide decision:{decision.id} choice:{answers}", decision.owner)

    def labels(self, user: str) -> list[str]:
        return [label for label, _ in self.menus.get(UserId(user), ())]

    # -- random walks ------------------------------------------------------------------------------

    async def play(self, steps: int) -> None:
        """Up to ``steps`` commands, each reached from the menus alone, stopping when the game ends."""
        for _ in range(steps):
            if self.game.is_over() or not await self.step():
                return

    async def step(self) -> bool:
        """One command from the menus for whoever must act; False when nobody can."""
        game = self.game
        to_act = game.to_act()
        if to_act.kind is ActKind.NOBODY:
            return False
        sides = [side for side in to_act.sides if game.state.controller(side) not in (None, BOT_USER)]
        if not sides:
            return False
        side = self.rng.choice(sides)
        user = game.state.controller(side)
        assert user is not None
        self.steps += 1
        owed = [d for d in game.pending if d.owner == side]
        if owed:
            return await self._decide(user, side, owed[0].id)
        return await self._act(user, side)

    async def _decide(self, user: UserId, side: SideId, decision_id: str) -> bool:
        """``/decide`` alone, then picks (a part at a time) until the decision is answered."""
        return await self._through(user, side, Invocation(("decide",), {"decision": decision_id}), decision=True)

    async def _act(self, user: UserId, side: SideId) -> bool:
        """``/act`` alone, then picks until a command is applied."""
        if self.checks:
            self._check_bot(side)
        return await self._through(user, side, Invocation(("act",), {}), decision=False)

    async def _through(self, user: UserId, side: SideId, first: Invocation, *, decision: bool) -> bool:
        game = self.game
        before, state = game.seq, game.state.clone() if self.checks else None
        outputs = await self.run(user, first, side)
        line, invocation = first.command_line(), first
        for _ in range(40):  # questions of one command, pages included
            errors = [o for o in outputs if o.error]
            if errors or self.game.seq != before:
                if not errors and state is not None and not decision:
                    self._check_silence(state, side, invocation)
                return self._judged(line, outputs, before)
            mine = [o for o in outputs if o.to == user and (o.picks or o.confirm is not None)]
            if not mine:
                said = " / ".join(o.text for o in outputs)
                self.troubles.append(Trouble("an entry led nowhere", line, said))
                return False
            menu = mine[-1].picks or (("Confirm", mine[-1].confirm),)
            index = 0 if decision and self.defaults else self.rng.randrange(len(menu))
            label, invocation = menu[index]  # type: ignore[misc]
            line = f"{label}: {invocation.command_line()}"
            self.picked += 1
            outputs = await self.run(user, invocation, side)
        self.troubles.append(Trouble("a command that never became whole", line, ""))
        return False

    def _check_bot(self, side: SideId) -> None:
        """The bot, asked for this side's move now, plays one the menus offer."""
        game = self.game
        declarations = game.system.declarations
        actor = Actor(user=game.state.controller(side) or BOT_USER, side=side)
        try:
            move = game.system.bot_move(game.state, side, lambda c: game.allows(c, actor))
        except OfferRefused as error:
            self.troubles.append(Trouble("the bot was offered a move the referee refuses", "", str(error)))
            return
        if move is not None and isinstance(move.command, ActionCommand):
            why = reachable(declarations, game.system, game.state, side, move.command)
            if why is not None:
                self.troubles.append(Trouble("the bot plays what no menu offers", repr(move.command), why))

    def _check_silence(self, state: Any, side: SideId, invocation: Invocation) -> None:
        """No parameter whose values would change the outcome was filled without the player choosing it."""
        game = self.game
        declarations = game.system.declarations
        if invocation.path == ("decide",):
            return
        try:
            command = game.system.command(invocation.path, invocation.options)
        except RulesError:
            return
        if isinstance(command, ActionCommand):
            for option in silent(declarations, game.system, state, side, command):
                self.troubles.append(Trouble("a parameter chosen silently", invocation.command_line(), option))

    def _judged(self, line: str, outputs: list[Output], before: int) -> bool:
        errors = [o for o in outputs if o.error]
        if errors:
            self.troubles.append(Trouble("an entry offered, then refused", line, errors[0].text))
            return False
        return self.game.seq != before or any(o.picks for o in outputs)


