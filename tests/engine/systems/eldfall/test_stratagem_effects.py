"""A stratagem's effect is applied by the referee or announced as played by hand, never silently dropped (Eldfall
core rules v1.5, L372-382: the Leader uses the highest listed one unless the player names another)."""

from __future__ import annotations

from engine.core import SPECTATOR
from engine.systems.eldfall.catalogue import EldfallCatalogue
from engine.systems.eldfall.nursing import NURSING_AURA
from engine.systems.eldfall.rangers import SWIFT_RETREAT
from tests.engine.systems.eldfall.tables import practice, turn_of


def test_every_stratagem_is_refereed_or_marked_by_hand(catalogue: EldfallCatalogue) -> None:
    played = (NURSING_AURA, SWIFT_RETREAT)  # played by their own modules (nursing, rangers), no Effect
    silent = [s.name for s in catalogue.stratagems if s.effect is None and s.id not in played and not s.by_hand]
    assert silent == []
    assert [s.name for s in catalogue.stratagems if s.by_hand and s.effect is not None] == []


def test_a_stratagem_the_referee_does_not_apply_is_announced_as_played_by_hand() -> None:
    """The Nightshade's highest listed stratagem, Exploiting Weakness, is used by default; its re-rolls are not
    refereed yet, and the table is told so (where Advance!'s +1 SPD is applied)."""
    game = practice(("Thenion Shadows", "Soga Vanguard"), "by-hand")
    turn_of(game, "A")
    lines = [line.text for line in game.log_view(SPECTATOR).lines]
    used = [t for t in lines if "uses the stratagem" in t]
    assert any(t.startswith("Side A's Leader uses the stratagem Exploiting Weakness") and
               "Its effect is not refereed yet: the players apply it by hand" in t for t in used), used
    assert "Side B's Leader uses the stratagem Advance! until its next Strategic phase (L372)." in used


def test_a_guildsworn_leader_offers_its_profiles_stratagems_saying_whom_they_reach() -> None:
    # L378: a Leader's stratagems are those on its profile (the Guild Adventurers' Flameweaver Errant's are Helian);
    # L1086: in a Guildsworn party its Authority stratagems reach every member, whatever its Affiliation.
    from engine.systems.eldfall.stratagems import stratagem_part
    for party, guild in (("Guild Adventurers", True), ("Helian Expedition", False)):
        game = practice((party, "Soga Vanguard"), "guild-stratagems")
        part = stratagem_part(game.system.kit, game.state, game.state.players()[0])
        assert "from its profile (L378" in part.prompt and ("Guildsworn" in part.prompt) is guild, part.prompt


def test_a_stratagem_chosen_ahead_is_typed_only_named_and_told_to_its_side_alone() -> None:
    # L372-382: the Strategic phase asks for the stratagem (its last choice the default), so no menu offers the
    # choice ahead, in either player's turn; typed, it sets that default, told to its own side by the card's name.
    from engine.core import Viewer
    from engine.systems.eldfall import commands
    from tests.engine.systems.eldfall.tables import ALICE, as_side
    game = practice(("Thenion Shadows", "Soga Vanguard"), "stratagem-ahead")
    for turn in ("A", "B"):
        turn_of(game, turn)
        assert "stratagem" not in {a.name for a in game.system.legal_actions(game.state, game.state.players()[0])}
    events = game.apply(commands.stratagem("Advance!"), as_side("B", ALICE))
    assert game.state.record("B").stratagem == "advance"
    (chosen,) = [e for e in events if e.kind == "eldfall.stratagem-chosen"]
    assert not chosen.audience.is_public and "Advance!" in chosen.body.describe()
    assert not any("Advance!" in line.text for line in game.log_view(Viewer.of_side("A")).lines[-3:])
