"""The schemes that count models in a Deployment Zone at the end of the game (Engetsu Formation L2528, Stalwart
Defender L2532 and L2607, Breach Their Defenses L2558): the book names no state for them, where its neighbours do
(Virtuous Commander L2513, Peacekeeping Paragon L2586, Pursuit of Glory L2526), so a model on the table in the zone
counts whether standing, Incapacitated or Dead (ruling ``zone-schemes-fallen``); one removed from the table does not."""

from __future__ import annotations

from engine.core import Game, SideId
from engine.systems.eldfall.scoring_end import _count
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.tables import HOST, arrange, practice
from tests.table_commands import change_token, remove_model


def _counted(game: Game[EldfallState], side: str, scheme: str) -> int:
    kit = game.system.kit
    return _count(kit.world(game.state), kit, SideId(side), kit.catalogue.scheme(scheme))


def _table() -> Game[EldfallState]:
    """A1-A3 in A's zone (an 8" belt along one edge), B1 and B2 in it too, B3 in the middle of the table."""
    game = practice(("Helian Expedition", "Soga Vanguard"), "zone-schemes")
    zone = game.state.deployment_zone(SideId("A"))
    assert zone is not None
    near, far = min(y for _x, y in zone.polygon) + 2, max(y for _x, y in zone.polygon) - 2
    arrange(game, {"A1": (5, near, 0.0), "A2": (12, near, 0.0), "A3": (20, near, 0.0),
                   "B1": (5, far, 0.0), "B2": (12, far, 0.0), "B3": (20, 18, 0.0)})
    game.apply(change_token("A1", "incapacitated"), HOST)
    game.apply(change_token("A2", "dead"), HOST)
    game.apply(change_token("B1", "incapacitated"), HOST)
    game.apply(change_token("B2", "dead"), HOST)
    return game


def test_fallen_models_on_the_table_count_in_the_zone_schemes() -> None:
    game = _table()
    assert _counted(game, "A", "engetsu-formation") == 3  # A1 Incapacitated and A2 Dead count with A3 (L2528)
    assert _counted(game, "B", "breach-their-defenses") == 2  # B1 Incapacitated, B2 Dead (L2558)
    assert _counted(game, "A", "stalwart-defender") == 0  # fallen enemies are still enemy models there (L2532)


def test_a_model_removed_from_the_table_counts_for_no_zone_scheme() -> None:
    game = _table()
    for model in ("A2", "B1", "B2"):
        game.apply(remove_model(model), HOST)
    assert _counted(game, "A", "engetsu-formation") == 2
    assert _counted(game, "B", "breach-their-defenses") == 0
    assert _counted(game, "A", "stalwart-defender") == 1
