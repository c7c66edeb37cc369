"""A prompt turn (``ToAct.prompt``: Underworlds' power step) is offered to its player unasked: a public notice that
names no card and offers Pass, and the player's own menu, private, Pass first (``bot.core.prompts``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.core.outputs import Output
from bot.core.service import TableService
from bot.core.storage import MemoryRepository
from bot.core.systems import SYSTEM_FACTORIES
from engine.core import Game, UserId
from tests.commands import parse_line

TABLE = "prompts"


async def _table(*lines: str) -> tuple[TableService, list[Output]]:
    """A table service after ``lines`` (alice's, unless ``@user`` starts one), and what the last one said."""
    service = TableService(MemoryRepository(), SYSTEM_FACTORIES, seed_source=lambda: "5a" * 32, clock=lambda: 1e9,
                           pass_delay=lambda: 0.0)
    said: list[Output] = []
    for raw in lines:
        user, line = raw[1:].split(" ", 1) if raw.startswith("@") else ("alice", raw)
        said = await service.execute(TABLE, UserId(user), parse_line(line))
        assert not any(o.error for o in said), [o.text for o in said]
    return service, said


def _game(service: TableService) -> Game[Any]:
    game = service.live_game(TABLE)
    assert game is not None
    return game


def _held(game: Game[Any]) -> set[str]:
    """The names of every card in a hand: each one is a secret."""
    state, lib = game.state, game.system.lib
    return {lib.card(state, card).name for deck in state.decks.values() if "hand" in deck.piles
            for card in deck.piles["hand"]}


async def _to_the_power_step() -> tuple[TableService, Game[Any], list[Output]]:
    service, _ = await _table("/game demo system:underworlds")
    game = _game(service)
    side = game.state.active_side
    fighter = next(f.id for f in game.state.fighters.values() if f.side == side and f.hex)
    said = await service.execute(TABLE, UserId("alice"), parse_line(f"/act action:guard model:{fighter}"))
    assert game.to_act().prompt == "the power step"
    return service, game, said


async def test_the_power_step_comes_unasked_with_pass_first() -> None:
    _, game, said = await _to_the_power_step()
    (side,) = game.to_act().sides
    (menu,) = [o for o in said if o.turn == side and o.to is not None]
    assert menu.to == "alice" and menu.picks[0][0] == "Pass" and menu.picks[0][1].options == {"action": "pass"}
    (notice,) = [o for o in said if o.turn == side and o.to is None]
    assert notice.quick == "Pass" and notice.ping == "alice" and "power step" in notice.text and not notice.picks


async def test_the_unasked_prompt_shows_no_secret_card_in_public() -> None:
    _, game, said = await _to_the_power_step()
    public = [o for o in said if o.to is None]
    assert any(o.turn for o in public), "the power step's notice is among them"
    held = _held(game)
    (menu,) = [o for o in said if o.turn is not None and o.to is not None]
    assert [name for name in held if any(name in label for label, _ in menu.picks)], "the menu offers a secret card"
    for output in public:
        shown = " ".join([output.text, *(label for label, _ in output.picks)])
        assert not [name for name in held if name in shown], output.text


async def test_a_player_whose_action_keeps_their_turn_gets_their_menu_back_privately() -> None:
    """Sunshard's B1 moves for 1 of its 3 AP: its activation goes on, so alice's menu comes back to her unasked,
    as it now stands (its 2 AP left), and her next action is one pick; nothing public carries a menu."""
    service, _ = await _table("/game demo system:sunshard")
    game = _game(service)
    where = await service.execute(TABLE, UserId("alice"), parse_line("/act action:move"))
    one_ap = next(invocation for label, invocation in where[0].picks if "for 1 AP" in label)
    said = await service.execute(TABLE, UserId("alice"), one_ap)
    (side,) = game.to_act().sides
    (menu,) = [o for o in said if o.picks]
    assert menu.to == "alice" and menu.turn == side and menu.seq == game.seq
    assert all("3 AP" not in label for label, _ in menu.picks), "the menu as it now stands: 2 AP left"
    assert [o.text for o in said if o.to is None and o.picks] == []


async def test_the_player_a_reaction_offer_hands_the_turn_back_to_gets_their_menu_privately() -> None:
    """Eldfall: alice's A1 stays Idle, bob declines to react; the Action step is alice's again, so her menu comes to
    her unasked (its first entry: A1: Do nothing), nothing public carries it; bob, whose turn it is not, gets none."""
    service, _ = await _table("/game demo system:eldfall", "/game seat side:B user:bob")
    game = _game(service)
    shown = await service.execute(TABLE, UserId("alice"), parse_line("/act"))
    await service.execute(TABLE, UserId("alice"), shown[0].picks[0][1])  # A1: Activate and stay Idle
    (offer,) = game.to_act().decisions
    said = await service.execute(TABLE, UserId("bob"), parse_line(f"/decide decision:{offer}"
                                                                  f" choice:{game.state.pending[offer].parts[0].key}"
                                                                  "=nothing"))
    (menu,) = [o for o in said if o.picks]
    assert menu.to == "alice" and menu.turn == "A" and menu.seq == game.seq
    assert menu.picks[0][0] == "A1: Do nothing", [label for label, _ in menu.picks]


async def test_status_posts_the_prompt_turns_notice_again() -> None:
    """After the power step's notice scrolled away, /status (anyone's) shows it again under the status line: the
    same public notice, pinging its player, with Pass, naming no card; before the power step it shows none."""
    service, _ = await _table("/game demo system:underworlds")
    assert not [o for o in await service.execute(TABLE, UserId("bob"), parse_line("/status")) if o.turn]
    service, game, said = await _to_the_power_step()
    (notice,) = [o for o in said if o.turn and o.to is None]
    status = await service.execute(TABLE, UserId("bob"), parse_line("/status"))
    (again,) = [o for o in status if o.turn]
    assert again == replace(notice, outbox_id=None)  # public, pinging alice, with Pass (as the first test shows)
    assert not [name for name in _held(game) if name in again.text]
