"""A Treasure Hunt Sigil's spell carries its traits (Eldfall core rules v1.5, L2418: cast successfully at PW 14 on
the models in its AoE): Thunderstorm's Stun (L2155), Glacier Circle's Frostbite (L2085), Mass Mindbreak's Stagger
(L2151), and a Construct is untouched by Mindgame (L2031), as an attack's Hits would be.

Soga's Clan Champion (3 HP, T 13, ARM 5) walks into Intrigue token X1 in round 2; the dice are rigged: the Sigil's
d20 (its spell), the Champion's AG roll to dodge it (20: fails), then the spell's own rolls."""

from __future__ import annotations

from engine.core import Game, ModelId, RigDice
from engine.systems.eldfall.by_hand import placed
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, EndTurn
from tests.engine.systems.eldfall.tables import ALICE, HOST, as_side, clear_table, practice, settle, unit_id


def _round_two(seed: str, walker: str = "Clan Champion", parties: tuple[str, str] = ("Soga Vanguard",
                                                                                   "Thenion Shadows")
               ) -> tuple[Game[EldfallState], ModelId]:
    """Side A's turn in round 2 of a Treasure Hunt, ``walker`` alone on the table 2.5" south of X1 (12, 18)."""
    game = practice(parties, seed, options={"scenario": "treasure-hunt"})
    for _ in range(6):
        if game.state.round == 2 and game.state.active_side == "A":
            break
        active = game.state.active_side
        assert active is not None
        game.apply(EndTurn(), as_side(active, ALICE))
        settle(game)
    assert game.state.round == 2 and game.state.active_side == "A"
    model = ModelId(unit_id(game, walker))
    clear_table(game, (model,))
    game.apply(placed(model, (12, 15.5), 90.0), HOST)
    return game, model


def _touch(game: Game[EldfallState], model: ModelId, dice: tuple[int, ...]) -> None:
    game.apply(RigDice(values=dice), HOST)
    game.apply(Activate(model=model, how="walk", to="contact X1"), as_side("A", ALICE))


def test_thunderstorm_stuns_a_wounded_model_that_fails_its_toughness() -> None:
    # 13: Thunderstorm (Ignore Armor, Stun); dodge 20 fails; damage 1 wounds; Stun's T roll 20 fails: no AP left.
    game, champion = _round_two("sigil-stun")
    _touch(game, champion, (13, 20, 1, 20))
    assert game.state.models[champion].wounds_left == 2
    assert game.state.figures[champion].ap == 0


def test_glacier_circle_immobilizes_and_its_frostbite_adds_a_wound() -> None:
    # 5: Glacier Circle (Frostbite); dodge 20 fails; damage 1 wounds; Frostbite's T roll 20 fails: one more Wound.
    game, champion = _round_two("sigil-frost")
    _touch(game, champion, (5, 20, 1, 20))
    assert game.state.models[champion].wounds_left == 1
    assert "immobilized" in game.state.models[champion].tokens


def test_mass_mindbreak_staggers_the_model_it_hits() -> None:
    # 17: Mass Mindbreak (Mindgame, Stagger); dodge 20 fails; the INT roll against Mindgame 20 fails: one Wound, and
    # the Hit costs an AP.
    game, champion = _round_two("sigil-stagger")
    before = game.state.figures[champion].ap
    _touch(game, champion, (17, 20, 20))
    assert game.state.models[champion].wounds_left == 2
    assert game.state.figures[champion].ap == before - 2  # the Walk's AP, and Stagger's


def test_a_construct_takes_mass_mindbreak_as_plain_damage() -> None:
    # L2031: Mindgame and Stagger cannot affect a Construct: its Hit is a damage roll (20: no Wound) and costs no AP.
    game, gargoyle = _round_two("sigil-construct", "Gargoyle", ("Sand Conclave", "Soga Vanguard"))
    before = game.state.figures[gargoyle].ap
    _touch(game, gargoyle, (17, 20, 20))
    assert game.state.models[gargoyle].wounds_left == game.state.models[gargoyle].wounds
    assert game.state.figures[gargoyle].ap == before - 1


def test_a_walker_the_sigil_takes_off_the_table_ends_its_sequence_without_a_fault() -> None:
    # 20: Smite; the Gargoyle (1 HP, a Construct: removed at 0 HP, L2041) fails its dodge and is wounded.
    game, gargoyle = _round_two("sigil-removed", "Gargoyle", ("Sand Conclave", "Soga Vanguard"))
    _touch(game, gargoyle, (20, 20, 1))
    settle(game)
    assert gargoyle not in game.state.models and game.state.sequence is None
