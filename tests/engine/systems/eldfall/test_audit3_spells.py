"""Eldfall core rules v1.5, spells read against the referee: Glacier Circle Immobilizes only the enemies its Hits
land on (L2324), not an ally caught in its area; a model that Hurls uses no other ranged weapon in the same
Activation Sequence, its Chain Attack included (L1956, L1898); a reaction lays its template where its target was
(L1235); Mass Mindbreak touches only enemies (L2323)."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId, RigDice
from engine.systems.eldfall.means import HURL, Means
from engine.systems.eldfall.reacting import REACTION_KIND
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strikes import hurl_allows
from tests.engine.systems.eldfall.commands import Activate, ChannelMana, Declare
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    eldfall,
    practice,
    settle,
    turn_of,
    unit_id,
)


def _vizier_with(spell: str, seed: str, *extra: str) -> tuple[Game[EldfallState], ModelId, ModelId, ModelId]:
    """A Vizier of Conjurations given ``spell`` (no shipped player model casts it), with a Taskmage Explorer, against
    Soga Vanguard: A's turn; returns the game, the caster, its ally and the enemy Clan Champion."""
    data = eldfall().data
    vizier = next(u for u in data.units if u.name == "Vizier of Conjurations")
    given = vizier.model_copy(update={"name": "Frost Vizier", "keywords": (*vizier.keywords, f"spell:{spell}", *extra)})
    party = PartySpec(id="frost", name="Frost", faction="Sand Kingdoms", game_size=60, leader="Frost Vizier",
                      members=(PartyMember(unit="Frost Vizier"), PartyMember(unit="Taskmage Explorer")))
    game = practice((party, "Soga Vanguard"), seed, system=eldfall(given))
    turn_of(game, "A")
    return (game, ModelId(unit_id(game, "Frost Vizier")), ModelId(unit_id(game, "Taskmage Explorer")),
            ModelId(unit_id(game, "Clan Champion")))


def test_glacier_circle_immobilizes_the_enemies_it_hits_and_not_an_ally() -> None:
    # L2324: "Enemy models within the AoE become Immobilized on hit". The circle (3" radius) centred between the
    # Taskmage and the Champion catches both; the rigged dice hit both, neither dodges, no damage wounds.
    game, caster, ally, enemy = _vizier_with("Glacier Circle", "glacier-ally", "trait:Affinity (Water)")
    arrange(game, {caster: (30, 24, 90.0), ally: (29, 28, 90.0), enemy: (31, 28, 270.0)})
    game.apply(ChannelMana(model=caster, amount=1), as_side("A", ALICE))
    game.apply(Activate(model=caster, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1,) + (20,) * 12), HOST)
    events = game.apply(Declare(kind="attack", means="glacier-circle", point=(30, 28)), as_side("A", ALICE))
    settle(game)
    said = [e.body.describe() for e in events]
    assert "immobilized" in game.state.models[enemy].tokens, said
    assert "immobilized" not in game.state.models[ally].tokens, said


def _hurl_and_strike(seed: str) -> tuple[ModelId, list[str]]:
    """A Flameshaper (Chain Attack) given Hurl and a Short Bow reacts with Hurl to A3 walking into contact with the
    Citadel Guard, who strikes A3 with its Short Sword; every die is 1. Returns the hurler and the Resolution's
    lines."""
    data = eldfall().data
    shaper = next(u for u in data.units if u.name == "Flameshaper")
    given = shaper.model_copy(update={"name": "Hurling Shaper",
                                      "keywords": (*shaper.keywords, "skill:Hurl", "item:Short Bow")})
    party = PartySpec(id="hurl", name="Hurl", faction="Helian League", game_size=60, leader="Hurling Shaper",
                      members=(PartyMember(unit="Hurling Shaper"), PartyMember(unit="Citadel Guard")))
    game = practice(("Soga Vanguard", party), seed, system=eldfall(given))
    turn_of(game, "A")
    hurler, guard = ModelId(unit_id(game, "Hurling Shaper")), ModelId(unit_id(game, "Citadel Guard"))
    arrange(game, {"A3": (20, 10, 90.0), guard: (20, 14, 270.0), hurler: (23, 14, 270.0)})
    game.apply(Activate(model="A3", how="walk", to=f"contact {guard}"), as_side("A", ALICE))
    offer = next(d for d in game.state.pending.values() if d.kind == REACTION_KIND)
    game.apply(Answer(decision_id=offer.id, answers={hurler: "hurl", guard: "short-sword"}), as_side("B", ALICE))
    game.apply(RigDice(values=(1,) * 40), HOST)
    events = game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    return hurler, [e.body.describe() for e in events]


def test_a_model_that_hurled_chain_attacks_with_no_other_ranged_weapon() -> None:
    # L1956: a model that Hurls may use no other Ranged Weapon or Spell in that Activation Sequence; its Chain
    # Attack (L1898) joining the Guard's Hit takes Hurl, not its Short Bow (first in its list).
    hurler, said = _hurl_and_strike("hurl-chain")
    assert any(f"{hurler} joins in with a Chain Attack on A3 with Hurl" in s for s in said), said
    assert not any(f"{hurler}'s damage on A3 with Short Bow" in s for s in said), said


def test_a_reaction_with_a_template_lays_it_where_its_target_was() -> None:
    # L764-791, L1235: Hurl (AoE Circular S) in reaction lays its template on the point of A3's path it was declared
    # at, touching A3 and the Guard in contact with it; it found "no place for its template" before.
    hurler, said = _hurl_and_strike("hurl-template")
    assert any(f"{hurler}'s Hurl: 1 template on the template at 20,12.74, touching A3, " in s for s in said), said


def test_hurl_and_other_ranged_weapons_exclude_each_other_in_a_sequence() -> None:
    # L1956, both ways: after a shot, no Hurl; after a Hurl, no shot; melee and Hurl again stay open.
    bow = Means("short-bow", "Short Bow", "ranged", "8", "2", None, ())
    sword = Means("short-sword", "Short Sword", "melee", "8", "2", None, ())
    assert not hurl_allows([bow], HURL) and not hurl_allows([HURL], bow)
    assert hurl_allows([HURL], HURL) and hurl_allows([HURL], sword) and hurl_allows([bow], bow)


def test_mass_mindbreak_touches_only_the_enemies_in_its_area() -> None:
    # L2323: Mass Mindbreak affects only the selected enemy models within its AoE: the Taskmage beside the Clan
    # Champion it is cast at takes no Hit (the caster selects every enemy caught: ruling of ours).
    game, caster, ally, enemy = _vizier_with("Mass Mindbreak", "mindbreak-ally")
    arrange(game, {caster: (30, 24, 90.0), ally: (29, 28, 90.0), enemy: (31, 28, 270.0)})
    game.apply(Activate(model=caster, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(1,) + (20,) * 12), HOST)
    events = game.apply(Declare(kind="attack", means="mass-mindbreak", targets=((enemy, 0),)), as_side("A", ALICE))
    said = [e.body.describe() for e in events]
    touched = next(s for s in said if "Mass Mindbreak: 1 template" in s)
    assert enemy in touched and ally not in touched, said
