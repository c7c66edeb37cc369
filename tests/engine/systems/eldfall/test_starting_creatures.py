"""A Summoner's starting creature and where a Personal Guard goes are the player's choices at deployment (Eldfall
core rules v1.5, L1869-1871: a Tier II or lower creature one of its Conjuration spells could bring, or none; L2906:
during deployment the upgrade is given to a summoned creature). Both are secret decisions of the side deploying."""

from __future__ import annotations

import pytest

from engine.core import (
    SPECTATOR,
    Answer,
    Decision,
    DecisionPending,
    Game,
    IllegalCommand,
    InvalidCommand,
    ModelId,
    SideId,
    Viewer,
)
from engine.schema import UnitProfile
from engine.systems.eldfall.by_hand import placed
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.starting_creatures import STARTING_GUARD_KIND, STARTING_KIND, STARTING_KINDS
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import ChooseParty, Ready
from tests.engine.systems.eldfall.tables import as_side, eldfall, new_game, settle
from tests.refusals import refused, refusing

A, B = SideId("A"), SideId("B")


def _setup_settled(game: Game[EldfallState]) -> None:
    """Every setup decision before deployment answered by its default (the winner of the Initiative plays first)."""
    while pending := [d for d in game.state.pending.values() if d.kind not in STARTING_KINDS]:
        decision = pending[0]
        game.apply(Answer(decision_id=decision.id, answers=decision.default_answers() or {}), as_side(decision.owner))


def _deploying(seed: str, party: str | PartySpec = "Sand Conclave", *, rulings: dict[str, str] | None = None,
               game: Game[EldfallState] | None = None) -> Game[EldfallState]:
    """Side A brings ``party`` against the Soga Vanguard; the setup is settled and side B, when it deploys first, is
    done, so side A is asked for its starting creatures now."""
    game = game or new_game(seed, rulings=rulings)
    spec = ChooseParty(name=party) if isinstance(party, str) else ChooseParty(spec=party)
    game.apply(spec, as_side("A"))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B"))
    _setup_settled(game)
    if game.state.order[0] == "B" and not game.state.one_at_a_time \
            and (rulings or {}).get("deployment-order", "turn-order") == "turn-order":
        game.apply(Ready(), as_side("B"))
    return game


def _asked(game: Game[EldfallState], kind: str = STARTING_KIND) -> Decision:
    (decision,) = [d for d in game.state.pending.values() if d.kind == kind]
    assert decision.owner == "A" and decision.secret
    return decision


def _creatures(game: Game[EldfallState], summoner: str) -> list[str]:
    return [f.unit for f in game.state.figures.values() if f.summoner == summoner]


def test_the_summoner_is_offered_every_tier_two_or_lower_creature_it_could_conjure_or_none() -> None:
    # L1869-1871: the Vizier's Art of Conjuration brings a Gargoyle, an Imp (level 1) or a Golem (level 2); the Earth
    # Elemental and the Colossus are Tier III and IV.
    game = _deploying("offered")
    decision = _asked(game)
    (part,) = decision.parts
    assert part.key == "A1" and part.prompt == "Starting creature for A1 Vizier of Conjurations (L1869-1871)"
    assert [(o.key, o.label) for o in part.options] == [
        ("gargoyle", "Gargoyle (Summon Gargoyle, Conjuration level 1)"),
        ("imp", "Imp (Summon Imp, Conjuration level 1)"),
        ("golem", "Golem (Summon Golem, Conjuration level 2)"),
        ("none", "No creature: it starts alone")]
    assert part.default == "gargoyle", "the default is the creature of its lowest Conjuration, as before"
    assert _creatures(game, "A1") == [], "nothing comes before the player answers"


def test_a_vizier_may_start_with_its_golem_in_contact_with_it() -> None:
    game = _deploying("golem")
    game.apply(Answer(decision_id=_asked(game).id, choice="golem"), as_side("A"))
    assert _creatures(game, "A1") == ["Golem"]
    golem = next(f.id for f in game.state.figures.values() if f.summoner == "A1")
    world = game.system.kit.world(game.state)
    assert world.aware(ModelId("A1"), golem) and not game.state.pending
    assert game.state.figures[golem].original is False, "a summoned creature, no member of the party (L1280)"


def test_choosing_none_brings_no_creature_and_the_default_brings_the_gargoyle() -> None:
    alone = _deploying("none")
    alone.apply(Answer(decision_id=_asked(alone).id, choice="none"), as_side("A"))
    assert _creatures(alone, "A1") == [] and not alone.state.pending
    default = _deploying("none")
    settle(default)
    assert _creatures(default, "A1") == ["Gargoyle"]


def test_a_creature_not_offered_is_refused_and_changes_nothing() -> None:
    game = _deploying("refused")
    decision = _asked(game)
    seq = game.state.seq
    refused(game, Answer(decision_id=decision.id, choice="earth-elemental"), as_side("A"),
            r"'earth-elemental' is not an option for A1; choose one of gargoyle, imp, golem, none \(Starting creature "
            r".*L1869-1871", error=InvalidCommand)
    assert game.state.seq == seq and decision.id in game.state.pending and _creatures(game, "A1") == []


def test_the_side_may_not_finish_deploying_while_it_still_chooses() -> None:
    game = _deploying("not-ready")
    refused(game, Ready(), as_side("A"), r"must first decide .*\(L1869-1871\)", error=IllegalCommand)
    assert not game.state.record(A).ready
    assert "You owe a decision" in game.system.help(game.state, Viewer.of_side(A))[-1]
    assert "ready" not in {a.name for a in game.system.legal_actions(game.state, A)}
    game.apply(Answer(decision_id=_asked(game).id, choice="imp"), as_side("A"))
    game.apply(Ready(), as_side("A"))
    assert game.state.record(A).ready


def _after_choosing(creature: str) -> Game[EldfallState]:
    game = _deploying("secret-creature")
    game.apply(Answer(decision_id=_asked(game).id, choice=creature), as_side("A"))
    return game


def test_the_other_side_never_sees_the_question_the_answer_or_the_creature_before_the_lists_are_shown() -> None:
    # L1036, L1096: the list stays secret while side A deploys; its models are on view once it is done.
    asking = _deploying("secret-creature")
    assert asking.view(Viewer.of_side(B)).pending == (), "the very asking would tell side B of a Summoner"
    opened = [e for e in asking.log if e.kind == "decision.opened"][-1]
    assert opened.body.decision.kind == STARTING_KIND and opened.audience.sides == (A,)  # type: ignore[attr-defined]
    assert asking.log[-1] is opened, "nothing public follows: no 'side A is choosing'"
    golem, gargoyle = _after_choosing("golem"), _after_choosing("gargoyle")
    for viewer in (Viewer.of_side(B), SPECTATOR):
        assert golem.view(viewer) == gargoyle.view(viewer)
        assert golem.system.board(golem.state, viewer) == gargoyle.system.board(gargoyle.state, viewer)
    public = [[e.body.describe() for e in g.log if e.audience.is_public] for g in (golem, gargoyle)]
    assert public[0] == public[1]
    assert not any("Golem" in line or "Gargoyle" in line for line in public[0])
    assert all(e.audience.sides == (A,) for e in golem.log if e.kind == "decision.opened"
               and e.body.decision.kind == STARTING_KIND)  # type: ignore[attr-defined]
    assert all(e.audience.sides == (A,) for e in golem.log if e.kind == "decision.answered"
               and e.body.decision_id == _asked(asking).id)  # type: ignore[attr-defined]
    golem.apply(Ready(), as_side("A"))
    assert "Golem" in {m.name for m in golem.system.board(golem.state, Viewer.of_side(B)).models}, "on view (L1096)"


@pytest.mark.parametrize("rulings", [{"deployment-order": "hidden-together"}, {}], ids=["together", "one-by-one"])
def test_both_deployment_modes_ask_and_play_on(rulings: dict[str, str]) -> None:
    game = new_game("modes", rulings=rulings)
    game.apply(ChooseParty(name="Sand Conclave"), as_side("A"))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B"))
    while (decision := next(iter(game.state.pending.values()), None)) and decision.kind not in STARTING_KINDS:
        choice = "bottom-alternate" if decision.kind == "initiative" and not rulings else None
        answers = {"choice": choice} if choice else decision.default_answers() or {}
        game.apply(Answer(decision_id=decision.id, answers=answers), as_side(decision.owner))
    assert game.state.one_at_a_time is not bool(rulings)
    decision = _asked(game)  # asked at once: the other side deploys alongside
    if rulings:
        game.apply(Ready(), as_side("B"))  # side B finishes while side A still chooses
    game.apply(Answer(decision_id=decision.id, choice="golem"), as_side("A"))
    for side in game.state.order:
        if not game.state.record(side).ready:
            game.apply(Ready(), as_side(side))
    assert game.state.phase not in ("setup.deploy",) and _creatures(game, "A1") == ["Golem"]


def _summoner_unit() -> UnitProfile:
    """A second Summoner for the test (the shipped data has one, Limit 1): the Vizier's profile under another name."""
    from bot.core.data_loader import load_system_data
    vizier = next(u for u in load_system_data("eldfall").units if u.name == "Vizier of Conjurations")
    return vizier.model_copy(update={"name": "Test Conjurer"})


def _two_summoners(guards: int) -> tuple[Game[EldfallState], Decision]:
    upgrades = ("personal-guard",)
    party = PartySpec(id="two", name="Two Summoners", faction="Sand Kingdoms", game_size=60,
                      leader="Vizier of Conjurations",
                      members=(PartyMember(unit="Vizier of Conjurations", upgrades=upgrades),
                               PartyMember(unit="Test Conjurer", upgrades=upgrades if guards == 2 else ())))
    game = _deploying("guards", party, game=new_game("guards", system=eldfall(_summoner_unit())))
    decision = _asked(game)
    assert [p.key for p in decision.parts] == ["A1", "A2"]
    game.apply(Answer(decision_id=decision.id, answers={"A1": "golem", "A2": "gargoyle"}), as_side("A"))
    return game, _asked(game, STARTING_GUARD_KIND)


def test_a_personal_guard_with_two_creatures_to_choose_from_goes_where_the_player_says() -> None:
    # L2906: the upgrade goes to a summoned creature, any of the party's.
    game, decision = _two_summoners(guards=1)
    golem, gargoyle = (next(f.id for f in game.state.figures.values() if f.unit == u) for u in ("Golem", "Gargoyle"))
    (part,) = decision.parts
    assert part.key == "A1" and part.default == golem, "by default its own creature, as before"
    assert [o.key for o in part.options] == [golem, gargoyle]
    game.apply(Answer(decision_id=decision.id, choice=gargoyle), as_side("A"))
    assert game.state.figures[gargoyle].guard_of == "A1" and "Sentinel" in game.state.figures[gargoyle].classes
    assert game.state.figures[golem].guard_of is None and "personal-guard" not in game.state.figures["A1"].upgrades
    assert not game.view(Viewer.of_side(B)).pending and not game.state.pending


def test_one_creature_guards_one_model_only() -> None:
    game, decision = _two_summoners(guards=2)
    golem = next(f.id for f in game.state.figures.values() if f.unit == "Golem")
    seq = game.state.seq
    with refusing(game, rf"{golem} can guard one model only \(L2906\)", error=IllegalCommand):
        game.apply(Answer(decision_id=decision.id, answers={"A1": golem, "A2": golem}), as_side("A"))
    assert game.state.seq == seq
    settle(game)
    guards = {f.guard_of: f.unit for f in game.state.figures.values() if f.guard_of is not None}
    assert guards == {"A1": "Golem", "A2": "Gargoyle"}, "by default each Summoner's own creature"


def test_while_side_a_chooses_its_player_is_told_what_is_owed_and_the_other_deploys_unaware() -> None:
    game = _deploying("told", rulings={"deployment-order": "hidden-together"})
    _asked(game)
    with refusing(game, r"side A must first decide \(d[0-9]+: Each Summoner .*L1869-1871", error=DecisionPending):
        game.apply(placed(ModelId("A1"), (6.0, 4.0)), as_side("A"))
    b1 = game.state.models[ModelId("B1")]
    game.apply(placed(ModelId("B1"), (b1.x + 1.0, b1.y)), as_side("B"))
    assert game.state.models[ModelId("B1")].x == b1.x + 1.0, "side B deploys on, never told side A is choosing"
