"""A model may be deployed Crouched (Eldfall core rules, L1110): a choice of its player while its side deploys."""

from __future__ import annotations

from engine.core import ActionCommand, ModelId, SideId
from tests.engine.systems.eldfall.commands import ChooseParty, Ready
from tests.engine.systems.eldfall.tables import as_side, new_game, settle
from tests.refusals import refused


def _crouch(model: str, on: bool) -> ActionCommand:
    return ActionCommand(path=("act",), name="crouch", values=(("model", model), ("choice", "on" if on else "off")))


def test_a_model_deployed_crouched_begins_the_game_crouched() -> None:
    game = new_game("crouched")
    game.apply(ChooseParty(name="Helian Expedition"), as_side("A"))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B"))
    settle(game)  # the schemes and the Initiative Check, by their defaults
    first, second = game.state.order
    mine = sorted(m for m, placed in game.state.models.items() if placed.side == first)
    refused(game, _crouch(mine[0], False), as_side(first), r"choice:off is not one of the choices")  # not Crouched
    refused(game, _crouch(mine[0], True), as_side(second), r"deploys after side")  # not its turn to deploy
    game.apply(_crouch(mine[0], True), as_side(first))
    game.apply(_crouch(mine[1], True), as_side(first))
    game.apply(_crouch(mine[1], False), as_side(first))  # stood up again before it was ready
    game.apply(Ready(), as_side(first))
    tokens = {m: game.state.models[ModelId(m)].tokens for m in mine[:2]}
    assert "crouched" in tokens[mine[0]] and "crouched" not in tokens[mine[1]]
    assert game.state.record(SideId(first)).ready
