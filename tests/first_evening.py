"""The menu-only first evening (issue 23's "Done when"), for any game: two players who type only
``/game new system:<game> opponent:<user>``, bare ``/act`` and bare ``/decide``, and otherwise pick a letter: the
first entry of their own latest menu (or its defaults, where a decision offers them first). Each line counts one.

The figures: interactions per player from ``/game new`` to the first activation (budget 12); over a whole game, the
active player's interactions per activation (bare ``/act`` counted; average at most 3, never more than 5); and each
prompt to another player (a power step's turn, a reaction offer, any decision it owes) at most 1.

The policy is below the front-ends: a ``Front`` runs a line for a user and says which users have a menu to pick
from. ``ConsoleFront`` is the console's; the Discord stand-in's lives beside its test. A game joins with a ``Case``:
its fixed settings, how to tell an activation, and when a player's line belongs to an activation or a prompt.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.console.session import ConsoleSession, seeded_source
from bot.core.deciding import part_picks
from bot.core.outputs import Output
from engine.core import ActKind, Game, SideId, UserId

__all__ = ["BUDGETS", "Case", "ConsoleFront", "Evening", "Figures", "Front"]

BUDGETS = {"first": 12, "average": 3.0, "most": 5, "prompt": 1}
USERS = {SideId("A"): "alice", SideId("B"): "bob"}


class Front(Protocol):
    """A front-end the evening is played through."""

    async def type(self, user: str, line: str) -> None:
        """``user`` types ``line`` (``/game new ...``, ``/act`` or ``/decide``)."""

    async def letter(self, user: str) -> int:
        """``user`` picks the first entry of their own latest menu (or its one-click default); how many
        interactions that took (the console's letter is one; Discord's Decide, then a pick, two)."""

    async def join(self, user: str) -> bool:
        """The invited ``user`` joins if the front-end asks them to (Discord's Join button: one interaction);
        whether they had to."""

    def has_menu(self, user: str) -> bool:
        """Whether ``user`` has a menu to pick from, still current."""

    def game(self) -> Game[Any] | None:
        """The table's game, once made."""

    def picked(self) -> str:
        """What the last letter picked, in the menu's words (for the evening's history)."""


@dataclass(frozen=True)
class Case:
    """What the evening needs to know of one game: ``settings`` for ``/game new`` (fixed by the test); ``taken``
    counts the activations made so far; ``activation(state, side)`` names the activation a line of ``side`` belongs
    to, or None when the line answers a prompt (a power step's turn, another's activation's reaction)."""

    system: str
    taken: Callable[[Any], int]
    activation: Callable[[Any, SideId], Hashable | None]
    settings: dict[str, str] = field(default_factory=dict)


@dataclass
class Figures:
    """What an evening cost: interactions per player to the first activation, per activation of its active player,
    per prompt to another player."""

    first: dict[str, int] = field(default_factory=dict)
    activations: list[int] = field(default_factory=list)
    prompts: list[int] = field(default_factory=list)
    finished: bool = False

    def summary(self, system: str) -> str:
        per = self.activations or [0]
        return (f"{system} first evening: to the first activation {self.first} (budget {BUDGETS['first']} each); "
                f"{len(self.activations)} activations, {sum(per) / len(per):.2f} interactions each on average, "
                f"at most {max(per)} (budgets {BUDGETS['average']}, {BUDGETS['most']}); {len(self.prompts)} prompts "
                f"to another player, at most {max(self.prompts or [0])} each (budget {BUDGETS['prompt']}); "
                f"{'played to its end' if self.finished else 'stopped before its end'}")

    def within_budgets(self) -> list[str]:
        """The budgets broken, in words (empty when all are kept)."""
        broken = [f"{user} took {n} to the first activation" for user, n in self.first.items()
                  if n > BUDGETS["first"]]
        if self.activations and sum(self.activations) / len(self.activations) > BUDGETS["average"]:
            broken.append(f"activations took {sum(self.activations) / len(self.activations):.2f} on average")
        broken += [f"an activation took {n}" for n in self.activations if n > BUDGETS["most"]][:1]
        broken += [f"a prompt took {n}" for n in self.prompts if n > BUDGETS["prompt"]][:1]
        return broken


@dataclass
class Evening:
    """Two players playing ``case``'s game from the menus alone through ``front``."""

    front: Front
    case: Case
    lines: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    history: list[str] = field(default_factory=list)

    async def _say(self, user: str, line: str | None) -> int:
        """``user`` types ``line`` or picks (None); how many interactions it took."""
        self.history.append(f"{user}: {line or 'a'}")
        if line is None:
            took = await self.front.letter(user)
            self.history[-1] += f" ({self.front.picked()})"
        else:
            await self.front.type(user, line)
            took = 1
        self.lines[user] += took
        if took > 1:
            self.history[-1] += f" [{took} interactions]"
        return took

    async def play(self, *, limit: int = 3000, activations: int | None = None) -> Figures:
        """From ``/game new`` to the end (or ``activations`` activations, or ``limit`` lines)."""
        settings = "".join(f" {k}:{v}" for k, v in self.case.settings.items())
        await self._say("alice", f"/game new system:{self.case.system} opponent:bob{settings}")
        if await self.front.join("bob"):
            self.lines["bob"] += 1
            self.history.append("bob: joins")
        figures = Figures()
        by_activation: dict[Hashable, int] = defaultdict(int)
        prompts: list[int] = []
        for _ in range(limit):
            game = self.front.game()
            assert game is not None, self.history[-3:]
            if game.is_over():
                figures.finished = True
                break
            if activations is not None and self.case.taken(game.state) >= activations:
                break
            side, user = self._next(game)
            state, before = game.state, game.seq
            key = self.case.activation(state, side) if self.case.taken(state) or not figures.first else None
            spent = 0
            for _ in range(40):  # one user's lines until the game moves on
                if self.front.has_menu(user):
                    spent += await self._say(user, None)
                else:
                    spent += await self._say(user, "/decide" if any(d.owner == side for d in game.pending)
                                             else "/act")
                game = self.front.game()
                assert game is not None
                if game.seq != before:
                    break
            else:
                raise AssertionError(f"{user} could not move the game on from the menus: {self.history[-6:]}")
            if not figures.first and self.case.taken(game.state):
                figures.first = {u: self.lines[u] for u in USERS.values()}
                continue
            if figures.first:
                if key is not None:
                    by_activation[key] += spent
                else:
                    prompts.append(spent)
        figures.activations, figures.prompts = list(by_activation.values()), prompts
        return figures

    def _next(self, game: Game[Any]) -> tuple[SideId, str]:
        """Who moves the game on now: an owner of a pending decision, else the side to act."""
        to_act = game.to_act()
        assert to_act.kind is not ActKind.NOBODY and to_act.sides, f"nobody can act: {self.history[-4:]}"
        side = to_act.sides[0]
        return side, USERS[side]


@dataclass
class ConsoleFront:
    """The console (``bot.console``): typed lines, and letters answering each typist's own latest menu; the
    opponent ``/game new`` names is seated at once."""

    seed: int = 7
    printed: list[str] = field(default_factory=list)
    session: ConsoleSession = field(init=False)
    _menus: dict[str, tuple[int, str | None]] = field(default_factory=dict)  # user: (seq when shown, decision)
    _picked: str = ""

    def __post_init__(self) -> None:
        from tests.menu_walk import FACTORIES

        self.session = ConsoleSession(FACTORIES, seeded_source(self.seed), print_line=self.printed.append)

    async def type(self, user: str, line: str) -> None:
        await self._run(user, f"{line} practice:no" if line.startswith("/game new") else line)

    async def join(self, user: str) -> bool:
        return False  # the console seats the opponent named by /game new at once

    async def letter(self, user: str) -> int:
        menu = self.session.menu(UserId(user))
        self._picked = menu[0].command_line() if menu else "?"
        await self._run(user, "a")
        return 1

    def picked(self) -> str:
        return self._picked

    def has_menu(self, user: str) -> bool:
        game = self.game()
        shown = self._menus.get(user)
        if game is None or shown is None:
            return False
        seq, decision = shown
        return seq == game.seq or (decision is not None and decision in game.state.pending)

    def game(self) -> Game[Any] | None:
        return self.session._service.live_game("console")

    async def _run(self, user: str, line: str) -> None:
        outputs: list[Output] = await self.session.run_line(f"@{user} {line}")
        errors = [o.text for o in outputs if o.error]
        assert not errors, f"{user}> {line}: {errors}"
        game = self.game()
        seq = game.seq if game is not None else 0
        for output in outputs:
            to = str(output.to or user)
            if output.picks or (output.decision is not None and output.to is not None
                                and part_picks(output.decision.id, output.decision.parts, {})):
                self._menus[to] = (seq, output.decision.id if output.decision is not None else None)
        if UserId(user) in self.session._picks and not self.session.menu(UserId(user)):
            self._menus.pop(user, None)
