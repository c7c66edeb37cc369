"""An Eldfall quest refereed from its secret parties to its end: setup, turns, the five steps, refusals that name
their rule and change nothing, and a whole game the bot plays."""

from __future__ import annotations

from engine.core import Answer, Game, ModelId, PartKind, SideId, Viewer, fold
from engine.systems.eldfall.by_hand import placed
from engine.systems.eldfall.events import PartiesRevealed, PartyChosen
from engine.systems.eldfall.party import IllegalParty
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from tests.engine.systems.eldfall.commands import Activate, ChooseParty, Declare, EndTurn, Ready
from tests.engine.systems.eldfall.tables import ALICE, HOST, as_side, bot_game, demo_game, new_game, settle
from tests.refusals import refused
from tests.table_commands import deploy_auto


def _other(side: SideId) -> SideId:
    return SideId("B" if side == "A" else "A")


def _place(game: Game[EldfallState], model: str, x: float, y: float, facing: float) -> None:
    game.apply(placed(ModelId(model), (x, y), facing), HOST)


def test_the_demo_table_is_ready_for_the_first_activation_of_round_1() -> None:
    game = demo_game()
    state = game.state
    assert (state.phase, state.round) == ("tactical", 1)
    assert state.active_side == state.order[0] and game.to_act().sides == (state.order[0],)
    assert all(f.ap == 2 for f in state.figures.values()), "every model gets AP = STA in the Upkeep phase (L1156)"
    assert all(state.record(s).revealed for s in state.sides)
    assert {m.unit for m in state.models.values()} >= {"Clan Champion", "Nightshade"}


def test_party_lists_stay_with_their_owner_until_deployment_ends() -> None:
    game = new_game("secret")
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("A"))
    chosen = [e for e in game.log if isinstance(e.body, PartyChosen)]
    assert chosen and not chosen[0].audience.is_public
    bob = Viewer.of_side(SideId("B"))
    assert "the party Soga Vanguard" not in " ".join(line.text for line in game.log_view(bob).lines)
    assert "Clan Champion" not in game.view(bob).model_dump_json()
    game.apply(ChooseParty(name="Thenion Shadows"), as_side("B"))
    settle(game)  # the schemes and the Initiative Check, by their defaults
    assert game.state.phase == "setup.deploy"
    assert "Nightshade" not in game.view(Viewer.of_side(SideId("A"))).model_dump_json(), "B deploys behind a screen"
    board = game.system.board(game.state, Viewer.of_side(SideId("A")))
    assert board is not None and {m.side for m in board.models} == {"A"}
    game.apply(Ready(), as_side("A"))
    game.apply(Ready(), as_side("B"))
    revealed = [e for e in game.log if isinstance(e.body, PartiesRevealed)]
    assert revealed and revealed[0].audience.is_public
    assert "Nightshade" in game.view(Viewer.of_side(SideId("A"))).model_dump_json()
    _choose_stratagem_then_play(game)
    assert game.state.round == 1


def _choose_stratagem_then_play(game: Game[EldfallState]) -> None:
    """Deployment over, the 1st Player's Strategic phase asks which of its Leader's stratagems it uses (L372-382);
    its default taken, the Tactical phase begins."""
    (decision,) = game.state.pending.values()
    assert game.state.phase == "strategic" and decision.parts[0].key == "stratagem"
    settle(game)
    assert game.state.phase == "tactical"


def _to_deployment(rulings: dict[str, str] | None = None, edge: str = "bottom") -> tuple[Game[EldfallState], SideId,
                                                                                        SideId]:
    """Parties chosen, the Initiative winner playing second, the other picking ``edge``: returns the game, the 1st and
    the 2nd Player."""
    game = new_game("deploy-order", rulings=rulings)
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("A"))
    game.apply(ChooseParty(name="Helian Expedition"), as_side("B"))
    while game.state.pending:
        decision = next(iter(game.state.pending.values()))
        answers = {"choice": "second"} if decision.kind == "initiative" else \
            {"choice": edge} if decision.kind == "initiative-rest" else decision.default_answers() or {}
        game.apply(Answer(decision_id=decision.id, answers=answers), as_side(decision.owner))
    first, second = game.state.order
    return game, first, second


def test_the_players_deploy_in_the_turn_order_and_the_first_party_is_seen_before_its_list() -> None:
    # L1100-1102: the 1st Player deploys first, a whole party at a time; L1096: the lists once all have deployed.
    game, first, second = _to_deployment()
    assert game.state.phase == "setup.deploy" and game.system.to_act(game.state).sides == (first,)
    mine = next(m for m in game.state.models.values() if m.side == second)
    refused(game, Ready(), as_side(second), f"side {second} deploys after side {first}.*L1100-1102")
    assert game.system.legal_actions(game.state, second) == ()
    assert f"Side {first} is deploying" in " ".join(game.system.help(game.state, Viewer.of_side(second)))
    refused(game, placed(mine.id, (mine.x, mine.y), 0.0), HOST, "turn order")
    refused(game, deploy_auto(), as_side(first), f"side {first}'s models already stand where /deploy auto puts them")
    game.apply(Ready(), as_side(first))
    theirs = {m.id for m in game.state.models.values() if m.side == first}
    view = game.view(Viewer.of_side(second))
    assert theirs <= {m.id for m in view.models}, "the 1st Player's models are on view"
    assert view.parties == {}, "its list stays secret until every side has deployed"
    assert game.system.to_act(game.state).sides == (second,)
    game.apply(placed(mine.id, (mine.x, mine.y), 0.0), HOST)
    game.apply(Ready(), as_side(second))
    assert set(game.view(Viewer.of_side(second)).parties) == {first, second}
    _choose_stratagem_then_play(game)


def test_the_zone_picker_may_have_the_players_deploy_one_model_after_the_other_each_seen_once_placed() -> None:
    # L1094: whoever picks the Deployment Zone decides between whole parties and one model after the other.
    game, first, second = _to_deployment(edge="bottom-alternate")
    assert game.state.one_at_a_time
    assert [a.name for a in game.system.legal_actions(game.state, first)] == ["ready", "crouch"], "no /deploy auto"
    a1, a2 = sorted((m for m in game.state.models.values() if m.side == first), key=lambda m: m.id)[:2]
    b1 = min((m for m in game.state.models.values() if m.side == second), key=lambda m: m.id)
    refused(game, placed(b1.id, (b1.x, b1.y), 0.0), HOST, "one model after the other.*L1094")
    game.apply(placed(a1.id, (a1.x, a1.y), 0.0), HOST)
    seen = {m.id for m in game.view(Viewer.of_side(second)).models}
    assert a1.id in seen and a2.id not in seen, "a placed model is seen by everyone, the others are not yet"
    assert game.system.to_act(game.state).sides == (second,)
    refused(game, placed(a2.id, (a2.x, a2.y), 0.0), HOST, "turn order")
    game.apply(placed(b1.id, (b1.x, b1.y), 0.0), HOST)
    refused(game, placed(a1.id, (a1.x, a1.y), 0.0), HOST, "already deployed.*L1094")
    refused(game, Ready(), as_side(second), "turn order")
    game.apply(Ready(), as_side(first))  # the rest of its models stay where they stand, on view
    assert {m.id for m in game.state.models.values() if m.side == first} <= \
        {m.id for m in game.view(Viewer.of_side(second)).models}
    game.apply(Ready(), as_side(second))
    _choose_stratagem_then_play(game)


def test_by_ruling_hidden_together_both_deploy_at_once_behind_their_screens() -> None:
    game, first, second = _to_deployment({"deployment-order": "hidden-together"})
    game.apply(Ready(), as_side(second))
    assert not {m.id for m in game.state.models.values() if m.side == second} & \
        {m.id for m in game.view(Viewer.of_side(first)).models}, "a ready side stays behind its screen"
    game.apply(Ready(), as_side(first))
    _choose_stratagem_then_play(game)


def test_a_leader_with_int_15_draws_two_schemes_and_the_choice_reaches_only_its_owner() -> None:
    game = new_game("schemes")
    game.apply(ChooseParty(name="Helian Expedition"), as_side("A"))
    game.apply(ChooseParty(name="Soga Vanguard"), as_side("B"))
    scheme = next(d for d in game.state.pending.values() if d.kind == "scheme")
    assert scheme.owner == "A" and scheme.secret and len(scheme.parts[0].options) == 2  # INT 15: 2 kept 1 (L2365)
    seen_by_b = next(p for p in game.view(Viewer.of_side(SideId("B"))).pending if p.id == scheme.id)
    assert seen_by_b.prompt is None and seen_by_b.parts == ()
    kept = scheme.parts[0].options[1].key
    game.apply(Answer(decision_id=scheme.id, choice=kept), as_side("A"))
    assert game.state.record(SideId("A")).scheme == kept
    assert game.view(Viewer.of_side(SideId("A"))).model_dump()["my_scheme"] == kept
    assert game.view(Viewer.of_side(SideId("B"))).model_dump()["my_scheme"] != kept


def test_a_party_over_its_points_is_refused_naming_the_rule_and_changes_nothing() -> None:
    game = new_game("points")
    heavy = PartySpec(id="too-heavy", name="Too Heavy", faction="Empire of Soga", game_size=60,
                      leader="Clan Champion", members=(PartyMember(unit="Clan Champion"),
                                                       PartyMember(unit="Onitaoshi"),
                                                       PartyMember(unit="Onitaoshi")))
    refused(game, ChooseParty(spec=heavy), as_side("A"), r"costs 65 points .* over the game size of 60 \(L1050\)",
            error=IllegalParty)


def test_out_of_turn_and_without_ap_are_refused_with_their_rules() -> None:
    game = demo_game("turns")
    active = game.state.active_side
    assert active is not None
    reactive = _other(active)
    theirs = next(m for m in game.state.models.values() if m.side == reactive)
    refused(game, Activate(model=theirs.id, how="idle"), as_side(reactive, ALICE), r"only the Active player.*L1129")
    mine = next(m for m in game.state.models.values() if m.side == active)
    for _ in range(2):
        game.apply(Activate(model=mine.id, how="idle"), as_side(active, ALICE))
        while game.state.pending:
            decision = next(iter(game.state.pending.values()))
            game.apply(Answer(decision_id=decision.id, answers={}), as_side(decision.owner, ALICE))
        if game.state.sequence is not None:
            game.apply(Declare(kind="nothing"), as_side(active, ALICE))
    refused(game, Activate(model=mine.id, how="idle"), as_side(active, ALICE), r"no AP left.*L1164")


def test_a_target_outside_the_front_arc_is_refused_and_beyond_reach_is_accepted_then_fails() -> None:
    game = demo_game("arc")
    active = game.state.active_side
    assert active is not None
    attacker = next(m.id for m in game.state.models.values() if m.side == active)
    target = next(m.id for m in game.state.models.values() if m.side != active)
    _place(game, attacker, 10, 18, 270.0)  # facing down the table
    _place(game, target, 10, 22, 90.0)  # 4 inches behind it
    game.apply(Activate(model=attacker, how="idle"), as_side(active, ALICE))
    while game.state.pending:
        decision = next(iter(game.state.pending.values()))
        game.apply(Answer(decision_id=decision.id, answers={}), as_side(decision.owner, ALICE))
    melee = next(m for m in game.system.kit.world(game.state).fighter(attacker).weapons if m.kind == "melee")
    refused(game, Declare(kind="attack", means=melee.id, targets=((target, 0),)), as_side(active, ALICE),
             r"outside .* front arc.*L655-657")
    game.apply(placed(attacker, (10, 18), 90.0), HOST)
    events = game.apply(Declare(kind="attack", means=melee.id, targets=((target, 0),)), as_side(active, ALICE))
    texts = [e.body.describe() for e in events]
    assert any("fails" in t and "out of reach" in t for t in texts), texts
    assert game.state.sequence is None, "the sequence resolved: the beyond-reach attack was accepted"


def test_an_action_after_a_special_movement_is_refused_naming_the_rule() -> None:
    game = demo_game("run")
    active = game.state.active_side
    assert active is not None
    runner = next(m for m in game.state.models.values() if m.side == active)
    toward = 20.0 if runner.y < 18 else 16.0
    game.apply(Activate(model=runner.id, how="run", to=f"{runner.x},{toward}"), as_side(active, ALICE))
    while game.state.pending:
        decision = next(iter(game.state.pending.values()))
        game.apply(Answer(decision_id=decision.id, answers={}), as_side(decision.owner, ALICE))
    enemy = next(m.id for m in game.state.models.values() if m.side != active)
    assert any("the only action it may declare now, L1337" in str(e) for e in game.log), "Nothing declared for it"
    refused(game, Declare(kind="attack", means="unarmed", targets=((enemy, 0),)), as_side(active, ALICE),
             r"Action step \(L1250\)")


def test_the_reaction_step_is_one_compound_decision_with_nothing_first() -> None:
    game = demo_game("react")
    active = game.state.active_side
    assert active is not None
    reactive = _other(active)
    mover = next(m.id for m in game.state.models.values() if m.side == active)
    shooter = next(m.id for m in game.state.models.values() if m.side == reactive and m.unit == "Rangers-Guild Hunter"
                   ) if reactive == "B" else next(m.id for m in game.state.models.values()
                                                  if m.side == reactive and m.unit == "Bushi Attendant")
    for other in [m for m in game.state.models if m not in (mover, shooter)]:
        _place(game, other, 2 + 2 * int(other[1:]) + (8 if other[0] == "B" else 0), 34, 270.0)
    _place(game, mover, 34, 10, 90.0)
    _place(game, shooter, 34, 22, 270.0)
    game.apply(Activate(model=mover, how="walk", to="34,13"), as_side(active, ALICE))
    (decision,) = game.state.pending.values()
    assert decision.owner == reactive and decision.kind == "reaction"
    choices = [p for p in decision.parts if p.kind is PartKind.CHOICE]
    assert all(p.options[0].key == "nothing" and p.default == "nothing" for p in choices)
    part = next(p for p in choices if p.key == shooter)
    assert {"nothing", "dodge", "short-bow"} <= set(part.option_keys())
    at = next(p for p in decision.parts if p.key == f"{shooter}.at")
    assert at.kind is PartKind.POINT_ON_PATH and at.path[0] == (34.0, 10.0)
    events = game.apply(Answer(decision_id=decision.id, answers={shooter: "short-bow", f"{shooter}.at": "34,11"}),
                        as_side(reactive, ALICE))
    assert game.state.figures[shooter].ap == 1, "a reaction costs the reacting model 1 AP (L1214)"
    assert any("attacks with short-bow at 34,11" in e.body.describe() for e in events)
    game.apply(Declare(kind="nothing"), as_side(active, ALICE))
    assert game.state.sequence is None


def test_a_whole_game_the_bot_plays_ends_with_an_outcome_and_replays_to_the_same_state() -> None:
    game = bot_game("whole")
    assert game.is_over()
    outcome = game.outcome()
    assert outcome is not None and set(outcome.scores) == {"A", "B"}
    assert all(0 <= score <= 10 for score in outcome.scores.values()), "at most 10 VP (L1304)"
    replayed = fold(game.system, game.setup, game.log)
    assert replayed.fingerprint() == game.state.fingerprint()


def test_the_end_turn_command_passes_the_turn_to_the_other_player() -> None:
    game = demo_game("end")
    active = game.state.active_side
    assert active is not None
    game.apply(EndTurn(), as_side(active, ALICE))
    assert game.state.active_side == _other(active) and game.state.round == 1


def test_a_new_game_states_its_quest_size_and_measuring_once() -> None:
    # A newcomer's finding: the quest, the points and the measuring mode were told twice in a row.
    from engine.core import SPECTATOR
    lines = [line.text for line in new_game("stated-once").log_view(SPECTATOR).lines]
    assert sum("measuring" in line for line in lines) == 1, lines
    assert any("/force load name:<party>" in line for line in lines)


def test_the_header_names_no_activation_step_outside_the_tactical_phase() -> None:
    # L1148-1172: a turn's Strategic, Upkeep and End phases have no Activation Sequence, so no step of one.
    from engine.core import SPECTATOR
    from engine.core.header import flow_header
    from tests.engine.systems.eldfall.tables import practice, turn_of
    game = practice(("Helian Expedition", "Soga Vanguard"), "header-steps")
    turn_of(game, "A")
    game.apply(EndTurn(), as_side("A", ALICE))
    assert game.state.phase == "strategic" and game.state.pending, game.state.phase
    assert flow_header(game.system, game.state, SPECTATOR).step == ""
    settle(game)
    assert game.state.phase == "tactical" and flow_header(game.system, game.state, SPECTATOR).step == "activation step"
