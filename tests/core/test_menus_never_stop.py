"""A menu never stops at a question it cannot ask: every value the state determines is offered, however many.

Issue 23's failures 1 and 3 are strict expected failures until Underworlds' actions are declared (step 4); failure 9
(a long menu cut at 25 entries, in text order) passes: menus are paged and counted (``bot.core.paging``)."""

from __future__ import annotations

import re
from typing import Any

from engine.core import SideId, UserId, Viewer
from tests.engine.systems.underworlds import table as uw
from tests.menu_walk import FACTORIES, MenuWalk, serve, table

A, B = SideId("A"), SideId("B")


async def _walk_first_entries(walk: MenuWalk, user: str, first: str, side: str | None = None) -> list[str]:
    """From ``/act``, pick the entry whose label starts with ``first``, then the first entry of every question
    after it, until the command is applied or refused; what each step answered."""
    said: list[str] = []
    await walk.say(user, "/act", side)
    labels = walk.labels(user)
    index = next(i for i, label in enumerate(labels) if first in label)
    for _ in range(8):
        before = walk.game.seq
        menu = walk.menus.pop(UserId(user))
        outputs = await walk.run(UserId(user), menu[index][1], SideId(side) if side else None)
        said += [o.text for o in outputs if o.to == user or o.error]
        if walk.game.seq != before or any(o.error for o in outputs) or not walk.labels(user):
            return said
        index = 0
    return said


async def test_a_charge_picked_from_the_menus_offers_where_to_charge_from() -> None:
    walk = await table("underworlds")
    side = walk.game.state.active_side
    said = await _walk_first_entries(walk, "alice", ": Charge", side=side)
    assert not any("nothing to choose" in text for text in said), said
    assert any(f.charged for f in walk.game.state.fighters.values()), said


async def _power_step(give: dict[SideId, tuple[str, ...]], turn: SideId) -> MenuWalk:
    """An Underworlds table in round 1's first power step, on ``turn``'s turn, with these cards in hand."""
    game = uw.ready()
    for side, cards in give.items():
        game = uw.give(game, side, *cards)
    game = uw.glory(game, A, 2)
    first = game.state.active_side
    assert first is not None
    uw.act(game, first, uw.system().command(("act",), {"action": "guard", "model": f"{first}3"}))
    if turn != first:
        uw.act(game, first, uw.Pass())
    walk = MenuWalk(await serve(game, FACTORIES))
    return walk


async def test_a_ploy_that_chooses_a_fighter_asks_which_from_the_menus() -> None:
    walk = await _power_step({B: ("sidestep",)}, B)
    said = await _walk_first_entries(walk, "bob", "Play: Sidestep")
    assert not any("name them with model:" in text for text in said), said
    assert "sidestep" not in uw.hand(walk.game, B), said


async def test_an_upgrade_asks_for_a_fighter_it_may_go_on_from_the_menus() -> None:
    walk = await _power_step({A: ("righteous-strike",)}, A)
    said = await _walk_first_entries(walk, "alice", "Play: Righteous Strike")
    assert not any("with model:" in text or "may go only on" in text for text in said), said
    assert "righteous-strike" in walk.game.state.fighters["A2"].upgrades, said


def _natural(text: str) -> list[Any]:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


async def test_a_long_menu_is_paged_counted_and_in_natural_order() -> None:
    walk = await table("underworlds", demo=False)
    game = walk.game
    for _ in range(12):  # the set-up choices, at their defaults, until the first objective token is placed
        if game.state.step == "tokens":
            break
        decision = game.pending[0]
        user = "alice" if decision.owner == A else "bob"
        answers = ";".join(f"{p.key}={p.default or p.options[0].key}" for p in decision.parts)
        await walk.say(user, f"/decide decision:{decision.id} choice:{answers}")
    placer = "alice" if game.state.active_side == A else "bob"
    outputs = await walk.say(placer, "/act")
    await walk.pick(placer, walk.labels(placer).index("Place an objective token"))
    asked = [o.text for o in outputs]
    offered: list[str] = []
    for _ in range(6):  # page on until the menu comes round again
        entries = [label for label, invocation in walk.menus[placer] if "to" in invocation.options]  # type: ignore[index]
        offered += [e for e in entries if e not in offered]
        more = [i for i, (label, invocation) in enumerate(walk.menus[placer])  # type: ignore[index]
                if "to" not in invocation.options]
        if not more:
            break
        await walk.pick(placer, more[-1])
    legal = game.system.action(("act",), "token").sources["to"](game.state, Viewer.of_side(game.state.active_side), {})
    assert sorted(offered, key=_natural) == sorted((c.shown for c in legal), key=_natural), asked
    first_page = [label for label, inv in walk.menus[placer] if "to" in inv.options]  # type: ignore[index]
    assert first_page == sorted(first_page, key=_natural)
