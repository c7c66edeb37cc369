"""Abilities around reactions, in play: the Shrouded state (deployed by Stealth II, a secret token, Perceive,
Surprise Attack, Stealth II's return to Shrouded), Protector, Foresight, turning a Dodge into an attack against a
Shrouded attacker, Taunt, Follow-Up and Charm II. Each test cites the lines it plays (Eldfall core rules v1.5)."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId, RigDice, SideId, Viewer
from engine.schema import UnitProfile
from engine.systems.eldfall import Eldfall
from engine.systems.eldfall.late import LATE_KIND
from engine.systems.eldfall.rangers import RANGER_KIND
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.views import SHROUDED, EldfallView
from tests.engine.systems.eldfall.commands import Activate, Declare, EndTurn
from tests.engine.systems.eldfall.tables import (
    ALICE,
    HOST,
    arrange,
    as_side,
    clear_table,
    eldfall,
    place,
    practice,
    settle,
    turn_of,
    unit_id,
)


def _decision(game: Game[EldfallState], side: str, kind: str = "reaction") -> object:
    return next(d for d in game.state.pending.values() if d.owner == side and d.kind == kind)


def _answer(game: Game[EldfallState], side: str, answers: dict[str, str], kind: str = "reaction") -> None:
    decision = next(d for d in game.state.pending.values() if d.owner == side and d.kind == kind)
    game.apply(Answer(decision_id=decision.id, answers=answers), as_side(side, ALICE))


def _texts(game: Game[EldfallState], last: int = 60) -> list[str]:
    return [e.body.describe() for e in game.log[-last:]]


def _with(skill: str, name: str, base: str = "Citadel Guard") -> tuple[Eldfall, PartySpec]:
    """A system with a test-only copy of ``base`` that has ``skill`` (no shipped model has it), and a party of it."""
    data = eldfall().data
    unit = next(u for u in data.units if u.name == base)
    copy: UnitProfile = unit.model_copy(update={"name": name, "keywords": (*unit.keywords, skill)})
    party = PartySpec(id="test", name="Test", faction="Helian League", game_size=60, leader=name,
                      members=(PartyMember(unit=name), PartyMember(unit="Flameshaper")))
    return eldfall(copy), party


def test_stealth_ii_deploys_shrouded_and_other_players_see_only_a_token() -> None:
    # L1774-1776 and L1985: a Shrouded model is a token whose identity and profile stay secret.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "shroud")
    shade = ModelId(unit_id(game, "Nightshade"))
    assert "shrouded" in game.state.models[shade].tokens
    theirs = game.view(Viewer.of_side("B"))
    mine = game.view(Viewer.of_side("A"))
    assert isinstance(theirs, EldfallView) and isinstance(mine, EldfallView)
    seen = next(m for m in theirs.models if m.id == shade)
    assert (seen.name, seen.hp, seen.states) == (SHROUDED, 0, ("shrouded",))
    assert next(m for m in mine.models if m.id == shade).name == "Nightshade"
    board = game.system.board(game.state, Viewer.of_side("B"))
    mark = next(m for m in board.models if m.id == shade)
    assert mark.name == SHROUDED and mark.facing is None and "Nightshade" not in board.model_dump_json()


def test_perceive_reveals_a_shrouded_model_and_its_attack_surprises() -> None:
    # L1526-1532: Perceive reveals a token in Awareness and sight; L1776, L2159: an attack from Shrouded halves the
    # target's OFF, DEF, ACC, AG and INT for the sequence.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "perceive")
    turn_of(game, "A")
    shade = ModelId(unit_id(game, "Nightshade"))
    arrange(game, {shade: (25, 15, 90.0), "B3": (25, 17, 270.0)})
    game.apply(Activate(model=shade, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 20, 20, 20, 20)), HOST)
    game.apply(Declare(kind="attack", means="mastercrafted-piercing-dagger", targets=((ModelId("B3"), 1),)),
               as_side("A", ALICE))
    texts = _texts(game)
    assert any("Surprise Attack from Shrouded" in t for t in texts) and "shrouded" not in \
        game.state.models[shade].tokens
    assert any("B3 is no longer surprised" in t for t in texts), "the halving lasts the sequence"
    turn_of(game, "B")
    turn_of(game, "A")
    assert "shrouded" not in game.state.models[shade].tokens, "B3 sees it: no return to Shrouded (L1985)"
    for model in ("B2", "B3"):  # every enemy looking away, the Champion (Vigilance) behind the watchtower
        place(game, model, 24 + 3 * int(model[1]), 31, 90.0)
    place(game, "B1", 13, 21, 90.0)
    turn_of(game, "B")
    turn_of(game, "A")
    assert "shrouded" in game.state.models[shade].tokens, "unseen in its Strategic phase, it is Shrouded again"


def test_a_shrouded_model_is_perceived_by_an_action() -> None:
    game = practice(("Thenion Shadows", "Soga Vanguard"), "perceive-action")
    turn_of(game, "B")
    shade = ModelId(unit_id(game, "Nightshade"))
    arrange(game, {shade: (25, 17, 270.0), "B1": (25, 15, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(1,)), HOST)
    game.apply(Declare(kind="perceive", targets=((shade, 1),)), as_side("B", ALICE))
    assert "shrouded" not in game.state.models[shade].tokens
    assert any("B1 Perceives it (L1530)" in t for t in _texts(game))


def test_protector_steps_in_front_of_an_attacked_ally() -> None:
    # L1974-1976: for 1 AP a Protector moves into contact with an ally within half its SPD and becomes the target.
    game = practice(("Helian Expedition", "Soga Vanguard"), "protect")
    turn_of(game, "B")
    arrange(game, {"A2": (25, 20, 270.0), "A3": (27.5, 20, 270.0), "B1": (25, 17, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(Declare(kind="attack", means="spear", targets=((ModelId("A2"), 0),)), as_side("B", ALICE))
    _answer(game, "A", {"A3.protect": "A2"}, LATE_KIND)
    assert any("its attack now targets A3, which stepped in front of A2 (Protector, L1976)" in t
               for t in _texts(game))
    assert game.state.figures[ModelId("A3")].ap == 1


def test_a_protector_outside_a_duel_that_steps_in_loses_the_duel_for_its_side() -> None:
    # L1575: a model not duelling that interferes (here Protector, L1976) loses the duel for its side; the other wins
    # it (6 VP, L1580) and the game ends with the duel (L1577).
    game = practice(("Helian Expedition", "Soga Vanguard"), "protect-duel")
    turn_of(game, "B")
    arrange(game, {"A2": (25, 20, 270.0), "A3": (27.5, 20, 270.0), "B1": (25, 17, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(Declare(kind="duel"), as_side("B", ALICE))
    _answer(game, "A", {"answer": "A2"}, "duel")
    assert game.state.duel == ("B1", "A2")
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(Declare(kind="attack", means="spear", targets=((ModelId("A2"), 0),)), as_side("B", ALICE))
    late = next(d for d in game.state.pending.values() if d.kind == LATE_KIND)
    assert "L1575" in late.parts[0].options[1].label  # type: ignore[attr-defined]
    _answer(game, "A", {"A3.protect": "A2"}, LATE_KIND)
    settle(game)
    assert any("A3 is not in the duel and interferes: side A loses the duel (L1575)" in t for t in _texts(game))
    assert game.is_over() and game.state.duel is None
    assert game.state.record(SideId("B")).vp.get("duel") == 6 and not game.state.record(SideId("A")).vp.get("duel")


def test_foresight_reacts_after_the_attack_is_declared() -> None:
    # L1946-1948: a model with Foresight that is attacked may take its Reaction step after the Action step.
    system, party = _with("skill:Foresight", "Seer Guard")
    game = practice((party, "Soga Vanguard"), "foresight", system=system)
    turn_of(game, "B")
    seer = ModelId(unit_id(game, "Seer Guard"))
    arrange(game, {seer: (25, 19.8, 270.0), "B1": (25, 17, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    _answer(game, "A", {})
    game.apply(Declare(kind="attack", means="spear", targets=((seer, 0),)), as_side("B", ALICE))
    late = _decision(game, "A", LATE_KIND)
    assert seer in {p.key for p in late.parts}  # type: ignore[attr-defined]
    _answer(game, "A", {seer: "dodge"}, LATE_KIND)
    assert any(f"{seer} dodges B1" in t for t in _texts(game))


def test_a_dodge_turns_into_an_attack_on_a_shrouded_attacker() -> None:
    # L1246: a model that declared Dodge and sees an activated Shrouded model declaring an Attack may attack it.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "switch")
    turn_of(game, "A")
    shade = ModelId(unit_id(game, "Nightshade"))
    arrange(game, {shade: (25, 15, 90.0), "B3": (25, 17, 270.0)})
    game.apply(Activate(model=shade, how="idle"), as_side("A", ALICE))
    _answer(game, "B", {"B3": "dodge"})
    game.apply(Declare(kind="attack", means="mastercrafted-piercing-dagger", targets=((ModelId("B3"), 1),)),
               as_side("A", ALICE))
    late = _decision(game, "B", LATE_KIND)
    assert "B3.switch" in {p.key for p in late.parts}  # type: ignore[attr-defined]
    _answer(game, "B", {"B3.switch": "short-sword"}, LATE_KIND)
    assert any("B3 turns its dodge into an attack with short-sword (L1246)" in t for t in _texts(game))


def test_taunt_forces_a_reaction_from_an_enemy_failing_its_int_roll() -> None:
    # L1987-1989: enemies seeing a Taunting model move roll INT; those failing must react (ruling taunt-target).
    game = practice(("Helian Expedition", "Soga Vanguard"), "taunt")
    turn_of(game, "B")
    arrange(game, {"A3": (25, 22, 270.0), "B2": (25, 14, 90.0)})
    game.apply(RigDice(values=(20, 20, 20)), HOST)
    game.apply(Activate(model=ModelId("B2"), how="walk", to="25,17", skills=("taunt",)), as_side("B", ALICE))
    decision = _decision(game, "A")
    part = next(p for p in decision.parts if p.key == "A3")  # type: ignore[attr-defined]
    assert "nothing" not in part.option_keys() and part.default == "dodge"
    assert "must react" in part.prompt


def test_follow_up_chases_an_enemy_that_dodges_away() -> None:
    # L1942-1944: when an enemy disengages from it, a Follow-Up model may move up to half its SPD toward it.
    game = practice(("Helian Expedition", "Soga Vanguard"), "follow")
    turn_of(game, "B")
    arrange(game, {"A3": (25, 18.26, 270.0), "B3": (25, 17, 90.0)})
    assert game.system.kit.world(game.state).engagers(ModelId("B3")) == (ModelId("A3"),)
    game.apply(Activate(model=ModelId("B3"), how="idle"), as_side("B", ALICE))
    settle(game)
    game.apply(RigDice(values=(20,)), HOST)
    game.apply(Declare(kind="dodge", move_to=(25.0, 14.0)), as_side("B", ALICE))
    assert game.state.models[ModelId("B3")].y == 14.0
    _answer(game, "A", {"A3": "follow"}, "follow-up")
    assert game.state.models[ModelId("A3")].y < 18.26 - 1.5, "it closed in up to half its SPD"
    assert any("A3 follows B3 (Follow-Up, L1944)" in t for t in _texts(game))


def test_charm_ii_walks_a_failing_reactor_toward_the_user() -> None:
    # L1902-1906: a model reacting to a Charming one rolls INT; failing, it does Nothing (I) and walks toward it (II).
    system, party = _with("skill:Charm II", "Siren Guard")
    game = practice((party, "Soga Vanguard"), "charm", system=system)
    turn_of(game, "A")
    siren = ModelId(unit_id(game, "Siren Guard"))
    arrange(game, {siren: (25, 12, 90.0), "B3": (25, 24, 270.0)})
    game.apply(Activate(model=siren, how="walk", to="25,14"), as_side("A", ALICE))
    game.apply(RigDice(values=(20,)), HOST)
    _answer(game, "B", {"B3": "short-bow"})
    assert game.state.models[ModelId("B3")].y < 24, "it walked toward the charmer"
    assert any("B3 is charmed by" in t for t in _texts(game))


def test_a_reacting_model_perceives_a_shrouded_one_with_tracking_s_re_roll() -> None:
    # L1526-1532 and ruling perceive-shrouded-reaction: a model that sees a Shrouded token move may Perceive it as
    # its reaction; L1992-1993: Tracking adds +3 and re-rolls a failed Perceive roll.
    game = practice(("Thenion Shadows", "Thenion Shadows"), "perceive-reaction")
    turn_of(game, "A")
    shade = ModelId(unit_id(game, "Nightshade"))
    hunter = next(m.id for m in game.state.models.values() if m.unit == "Rangers-Guild Hunter" and m.side == "B")
    arrange(game, {shade: (25, 15, 90.0), hunter: (25, 17, 270.0)})
    game.apply(Activate(model=shade, how="idle"), as_side("A", ALICE))
    part = next(p for p in _decision(game, "B").parts if p.key == hunter)  # type: ignore[attr-defined]
    assert part.option_keys() == ("nothing", "dodge", "perceive"), "no attack on a token (L1776)"
    _answer(game, "B", {hunter: "perceive"})
    assert "shrouded" not in game.state.models[hunter].tokens, "declaring Perceive reveals the reacting model"
    game.apply(RigDice(values=(20, 1)), HOST)
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    texts = _texts(game)
    assert any("Tracking's re-roll (L1993)" in t for t in texts)
    assert "shrouded" not in game.state.models[shade].tokens
    assert any(f"{hunter} Perceives it (L1530)" in t for t in texts)


def test_hit_and_retreat_walks_after_its_attack() -> None:
    # L1950-1952: a model with Hit and Retreat that declared an Attack may Walk at the end of the Resolution step.
    system, party = _with("skill:Hit and Retreat", "Skirmish Guard")
    game = practice((party, "Soga Vanguard"), "retreat", system=system)
    turn_of(game, "A")
    guard = ModelId(unit_id(game, "Skirmish Guard"))
    arrange(game, {guard: (25, 15, 90.0), "B3": (25, 17, 270.0)})
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(20, 20, 20, 20)), HOST)
    game.apply(Declare(kind="attack", means="short-sword", targets=((ModelId("B3"), 0),)), as_side("A", ALICE))
    retreat = _decision(game, "A", "hit-and-retreat")
    part = retreat.parts[0]  # type: ignore[attr-defined]
    assert (part.key, part.radius) == (guard, float(game.system.kit.world(game.state).fighter(guard).speed))
    _answer(game, "A", {guard: "25,11"}, "hit-and-retreat")
    assert (game.state.models[guard].x, game.state.models[guard].y) == (25.0, 11.0)
    assert not game.system.kit.world(game.state).engagers(guard), "it walked out of the Engaged state"
    assert any(f"{guard} walks away after its attack (Hit and Retreat, L1952)" in t for t in _texts(game))


def test_no_walk_without_an_attack() -> None:
    system, party = _with("skill:Hit and Retreat", "Skirmish Guard")
    game = practice((party, "Soga Vanguard"), "retreat-nothing", system=system)
    turn_of(game, "A")
    guard = ModelId(unit_id(game, "Skirmish Guard"))
    game.apply(Activate(model=guard, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(Declare(kind="nothing"), as_side("A", ALICE))
    assert not any(d.kind == "hit-and-retreat" for d in game.state.pending.values())


def test_clairvoyance_reacts_to_an_enemy_in_its_awareness_without_sight() -> None:
    # L1910: in the Reactive role a Clairvoyant model may react to and target enemies within its Awareness without LoS.
    game = practice(("Helian Expedition", "Soga Vanguard"), "clairvoyance")
    turn_of(game, "B")
    clear_table(game, ("A1", "A2", "B1"))
    for model, x in (("A1", 25.0), ("A2", 29.0)):  # both looking away from B1, which comes up behind them
        place(game, model, x, 15, 270.0)
    place(game, "B1", 27, 20, 90.0)
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    parts = {p.key: p for p in _decision(game, "A").parts}  # type: ignore[attr-defined]
    assert parts["A2"].option_keys() == ("nothing", "dodge"), "without Clairvoyance, only a Dodge (L1218)"
    attacks = [k for k in parts["A1"].option_keys() if k not in ("nothing", "dodge")]
    assert attacks == ["unarmed"]
    _answer(game, "A", {"A1": "unarmed"})
    assert [r.kind for r in game.state.sequence.reactions] == ["attack"]  # type: ignore[union-attr]


def test_a_ranger_moves_in_its_end_phase_without_reactions() -> None:
    # L1849-1851: in the End phase of its turn a Ranger may make a Normal Movement that provokes no reaction.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "ranger")
    turn_of(game, "A")
    hunter = ModelId(unit_id(game, "Rangers-Guild Hunter"))
    arrange(game, {hunter: (25, 15, 90.0), "B1": (25, 19, 270.0)})
    game.apply(EndTurn(), as_side("A", ALICE))
    part = next(p for p in _decision(game, "A", RANGER_KIND).parts if p.key == hunter)  # type: ignore[attr-defined]
    assert part.radius == float(game.system.kit.world(game.state).fighter(hunter).speed)
    _answer(game, "A", {hunter: "25,11"}, RANGER_KIND)
    assert (game.state.models[hunter].x, game.state.models[hunter].y) == (25.0, 11.0)
    assert not any(d.kind == "reaction" for d in game.state.pending.values()), "no reaction (L1851)"
    assert game.state.active_side == "B", "then the turn passes"


def test_an_engaged_ranger_stays_by_ruling() -> None:
    # Ruling ranger-move-engaged (L1851, L1453): an engaged Ranger is offered no End phase move.
    game = practice(("Thenion Shadows", "Soga Vanguard"), "ranger-engaged")
    turn_of(game, "A")
    hunter = ModelId(unit_id(game, "Rangers-Guild Hunter"))
    arrange(game, {hunter: (25, 15, 90.0), "B3": (25, 16.26, 270.0)})
    assert game.system.kit.world(game.state).engagers(hunter)
    game.apply(EndTurn(), as_side("A", ALICE))
    assert not any(d.kind == RANGER_KIND for d in game.state.pending.values())


def test_dispel_magic_reveals_a_shrouded_model_or_sends_a_creature_away() -> None:
    # L2295: Dispel Magic removes one thing in its template: a spell, a summoned creature or the Shrouded state
    # (ruling dispel-magic-target: a named model within 16 inches, no line of sight needed).
    game = practice(("Sand Conclave", "Thenion Shadows"), "dispel")
    turn_of(game, "A")
    vizier = ModelId(unit_id(game, "Vizier of Conjurations"))
    shade = ModelId(next(m.id for m in game.state.models.values() if m.unit == "Nightshade"))
    creature = ModelId(next(m for m, f in game.state.figures.items() if f.summoner == vizier))
    arrange(game, {
        vizier: (25, 12, 90.0),
        shade: (25, 20, 90.0),  # looking away: the Vizier is out of its sight and it out of the Vizier's
        creature: (28, 12, 90.0),
    })
    assert "shrouded" in game.state.models[shade].tokens
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(3,)), HOST)
    game.apply(Declare(kind="assist", means="dispel-magic", targets=((shade, 1),), art="shroud"), as_side("A", ALICE))
    assert "shrouded" not in game.state.models[shade].tokens
    game.apply(Activate(model=vizier, how="idle"), as_side("A", ALICE))
    settle(game)
    game.apply(RigDice(values=(3,)), HOST)
    game.apply(Declare(kind="assist", means="dispel-magic", targets=((creature, 1),)), as_side("A", ALICE))
    assert creature not in game.state.models, "its only choice, named by default"


def test_ward_cast_in_reaction_cancels_the_non_critical_hits_on_its_model() -> None:
    # L2297: Ward cancels non-critical damage and its effects on its target; a Sorcery, cast in the Reactive role.
    game = practice(("Sand Conclave", "Soga Vanguard"), "ward")
    turn_of(game, "B")
    taskmage = ModelId(unit_id(game, "Taskmage Explorer"))
    arrange(game, {taskmage: (25, 19.8, 270.0), "B1": (25, 17, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    part = next(p for p in _decision(game, "A").parts if p.key == f"{taskmage}.ward")  # type: ignore[attr-defined]
    assert part.option_keys() == (taskmage,)
    _answer(game, "A", {taskmage: "ward"})
    game.apply(RigDice(values=(5, 5, 5, 3, 1, 1, 1)), HOST)
    events = game.apply(Declare(kind="attack", means="spear", targets=((taskmage, 0),)), as_side("B", ALICE))
    working = [line for e in events for line in (e.body.describe(), *e.body.working())]
    assert any("Ward protects" in t for t in working) and any("spared" in t for t in working)
    assert game.state.models[taskmage].wounds_taken == 0


def test_redirect_damage_turns_the_attackers_hits_back_on_it() -> None:
    # L2298: on a Hit, the target's non-critical Hits are cancelled and it takes as many non-critical Hits, with its
    # own weapon, as it rolled non-critical successes.
    game = practice(("Sand Conclave", "Soga Vanguard"), "redirect")
    turn_of(game, "B")
    taskmage, scholar = (ModelId(unit_id(game, u)) for u in ("Taskmage Explorer", "Academy Expeditioner"))
    arrange(game, {scholar: (25, 19.8, 270.0), "B1": (25, 17, 90.0), taskmage: (30, 15, 90.0)})
    game.apply(Activate(model=ModelId("B1"), how="idle"), as_side("B", ALICE))
    part = next(p for p in _decision(game, "A").parts if p.key == taskmage)  # type: ignore[attr-defined]
    assert "redirect-damage" in part.option_keys()
    _answer(game, "A", {taskmage: "redirect-damage"})
    game.apply(RigDice(values=(5, 5, 5, 5, 5, 5, 5, 5)), HOST)
    events = game.apply(Declare(kind="attack", means="spear", targets=((scholar, 0),)), as_side("B", ALICE))
    working = [line for e in events for line in (e.body.describe(), *e.body.working())]
    assert any("Redirect Damage hits B1" in t and "come back on it" in t for t in working), working
    assert game.state.models[scholar].wounds_taken == 0
    assert any("B1's damage on B1" in t for t in working), "B1's own spear strikes it"


def test_ward_as_the_action_protects_against_the_reactions_of_the_same_sequence() -> None:
    # L1369 and L2297: Ward is cast with Assist; resolved with the sequence, it cancels the reacting attacks'
    # non-critical Hits on its model.
    game = practice(("Sand Conclave", "Soga Vanguard"), "ward-action")
    turn_of(game, "A")
    taskmage = ModelId(unit_id(game, "Taskmage Explorer"))
    arrange(game, {taskmage: (25, 19.8, 270.0), "B1": (25, 17, 90.0)})
    game.apply(Activate(model=taskmage, how="idle"), as_side("A", ALICE))
    _answer(game, "B", {"B1": "spear"})
    game.apply(RigDice(values=(5, 3, 1, 1)), HOST)
    events = game.apply(Declare(kind="assist", means="ward", targets=((taskmage, 1),)), as_side("A", ALICE))
    working = [line for e in events for line in (e.body.describe(), *e.body.working())]
    assert any(f"{taskmage}'s Ward protects {taskmage}" in t for t in working)
    assert any("spared 1 non-critical Hit " in t for t in working), working
    assert game.state.models[taskmage].wounds_taken == 0


def test_the_move_menu_names_a_shrouded_enemy_only_as_a_token() -> None:
    # L1776: a Shrouded model is a token whose identity is its player's secret; the /move menu's named ends (into
    # contact with each enemy) must not name it to the other side.
    game = practice(("Soga Vanguard", "Thenion Shadows"), "menu-shroud")
    turn_of(game, "A")
    shade = ModelId(unit_id(game, "Nightshade"))
    assert "shrouded" in game.state.models[shade].tokens
    move = next(a for a in game.system.actions() if a.verb == ("move",))
    ends = {c.value: c.shown for c in move.sources["to"](game.state, Viewer.of_side(SideId("A")), {"model": "A1"})}
    assert ends[f"contact {shade}"].startswith(f"into contact with {shade} {SHROUDED}")  # and how far, Assisted
    assert "Nightshade" not in " ".join(ends.values())
    own = move.sources["to"](game.state, Viewer.of_side(SideId("B")), {"model": "B2"})
    assert all(shade not in c.value for c in own), "its own side's models are no enemies"
    for verb in (("los",), ("measure",)):  # nor the table's own tools
        table_tool = next(a for a in game.system.actions() if a.verb == verb)
        named = {c.value: c.shown for c in table_tool.sources["from"](game.state, Viewer.of_side(SideId("A")), {})}
        assert named[shade] == f"{shade} {SHROUDED}" and "Nightshade" not in " ".join(named.values()), verb
    game.apply(Activate(model=ModelId("A1"), how="idle"), as_side("A", ALICE))
    settle(game)
    attack = next(a for a in game.system.actions() if a.name == "attack")
    viewer = Viewer.of_side(SideId("A"))
    means = [c.value for c in attack.sources["with"](game.state, viewer, {})]
    targets = {c.value: c.shown for m in means for c in attack.sources["target"](game.state, viewer, {"with": m})}
    assert shade not in targets, "a Shrouded model is no target of an attack (L1776), so the list never names it"
