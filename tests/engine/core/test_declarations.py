"""Actions and decision kinds declared once (``engine.core.declarations``): the shapes a parameter takes, the one
check, the questions a menu asks in the order a player thinks, decisions whose options depend on earlier answers,
the mistakes a game is refused for when it registers, and the rulings it reads. Played on the Muster and Tally toys."""

from __future__ import annotations

import pytest

from bot.core.data_loader import load_system_data
from engine.core import (
    MENU_LIMIT,
    ActionCommand,
    Actor,
    Answer,
    Ask,
    Choice,
    Context,
    Declarations,
    Disclosure,
    Game,
    GameSetup,
    IllegalCommand,
    InvalidCommand,
    NotYourTurn,
    Order,
    Param,
    RulesError,
    RulingsRead,
    SideId,
    UndeclaredKind,
    UserId,
    Viewer,
    When,
    natural_key,
    page,
)
from engine.core.menus import ordered, shown
from engine.dice import commitment
from engine.systems.underworlds.rules import Rules
from tests.refusals import refused
from tests.toys.muster import RULES, Muster, MusterState
from tests.toys.tally import Tally, TallyState

A, B = SideId("A"), SideId("B")
ALICE, BOB = UserId("alice"), UserId("bob")


def _muster(rulings: dict[str, str] | None = None) -> Game[MusterState]:
    system = Muster()
    setup = GameSetup(system="muster", sides=(A, B), host=ALICE, seed_commitment=commitment("m"),
                      rulings={**system.default_rulings(), **(rulings or {})})
    return Game.start(system, setup, "m", seats={A: ALICE, B: BOB})


def _act(name: str, **values: str) -> ActionCommand:
    return ActionCommand(path=("act",), name=name, values=tuple(values.items()))


def _as(side: SideId) -> Actor:
    return Actor(user=ALICE if side == A else BOB, side=side)


def _refused(game: Game[MusterState], command: ActionCommand, side: SideId, match: str) -> None:
    refused(game, command, _as(side), match)


def _battle() -> Game[MusterState]:
    """Both sides set down (A on C4-C6, B on C7-C9) and the ground chosen: side A's first turn."""
    game = _muster()
    game.apply(_act("deploy", model="A1,A2,A3", to="C4,C5,C6"), _as(A))
    game.apply(_act("deploy", model="B1,B2,B3", to="C7,C8,C9"), _as(B))
    game.apply(Answer(decision_id=game.pending[0].id), _as(B))
    return game


# -- shapes ------------------------------------------------------------------------------------------------------


def test_a_placement_plan_names_a_cell_for_each_soldier_of_its_set() -> None:
    game = _muster()
    _refused(game, _act("deploy", model="A1,A2", to="C2"), A, "name one to: for each of model:A1,A2")
    _refused(game, _act("deploy", model="A1,A1", to="C2,C3"), A, "names A1 twice")
    _refused(game, _act("deploy", model="A1", to="C9"), A, "to:C9 is not one of the choices")
    _refused(game, _act("deploy", model="A1,A2", to="C2,C2"), A, "to:C2 is not one of the choices")
    game.apply(_act("deploy", model="a1,A2", to="c2,C3"), _as(A))
    assert game.state.at == {"A1": "C2", "A2": "C3"}
    assert game.state.active_side == B


def test_a_split_shares_exactly_the_dice_the_ruling_gives() -> None:
    game = _battle()
    _refused(game, _act("volley", target="B1x2"), A, "takes 3 in all, not 2")
    _refused(game, _act("volley", target="B1x2,B1"), A, "names B1 twice")
    game.apply(_act("volley", target="B1x2,B2"), _as(A))
    rolled = [e.body for e in game.log if e.kind == "dice.rolled"]
    assert [len(r.rolls) for r in rolled[-2:]] == [2, 1]  # type: ignore[attr-defined]
    two = _muster({"volley-dice": "two"})
    assert RULES.rulings().option(two.state, "volley-dice") == "two"


def test_a_set_is_built_one_pick_at_a_time_and_closed_by_done() -> None:
    game = _muster()
    decl = RULES.find(("act",), "deploy")
    assert decl is not None
    ask = RULES.question(game.system, game.state, decl, Viewer.of_side(A), A, {})
    assert ask is not None and [raw for raw, _ in ask.entries] == ["A1,", "A2,", "A3,"] and not ask.closing
    ask = RULES.question(game.system, game.state, decl, Viewer.of_side(A), A, {"model": "A2,"})
    assert ask is not None and [raw for raw, _ in ask.entries] == ["A2,A1,", "A2,A3,"]
    assert [c.label for _, c in ask.closing] == ["done: A2"]
    ask = RULES.question(game.system, game.state, decl, Viewer.of_side(A), A, {"model": "A2,A1", "to": "C6,"})
    assert ask is not None and ask.option == "to" and ask.prompt == "Which cell? (A1)"
    assert "C6" not in [raw for raw, _ in ask.entries] and all(not raw.endswith(",") for raw, _ in ask.entries)


def test_a_parameter_asked_only_after_a_certain_answer() -> None:
    game = _muster()
    game.apply(_act("deploy", model="A1,A2,A3", to="C1,C2,C3"), _as(A))
    game.apply(_act("deploy", model="B1,B2,B3", to="C7,C8,C9"), _as(B))
    game.apply(Answer(decision_id=game.pending[0].id), _as(B))
    decl = RULES.find(("act",), "move")
    assert decl is not None
    side = Viewer.of_side(A)
    assert RULES.question(game.system, game.state, decl, side, A, {"model": "A3", "to": "C5"}) is None
    _refused(game, _act("move", model="A3", to="C5", choice="bold"), A, "choice: is not asked here")
    game.apply(_act("move", model="A3", to="C5"), _as(A))
    game.apply(_act("pass"), _as(B))
    asked = RULES.question(game.system, game.state, decl, side, A, {"model": "A3", "to": "C6"})
    assert asked is not None and asked.option == "choice" and [raw for raw, _ in asked.entries] == ["bold", "careful"]
    _refused(game, _act("move", model="A3", to="C6"), A, "needs choice:")
    game.apply(_act("move", model="A3", to="C6", choice="bold"), _as(A))
    assert game.state.at["A3"] == "C6"


def test_the_one_check_returns_the_plan_its_handler_applies() -> None:
    game = _battle()
    system = game.system
    decl = RULES.find(("act",), "shoot")
    assert decl is not None
    assert RULES.resolve(system, game.state, decl, A, {"model": "A3", "target": "B3"}) == (A, "B3", True)
    assert RULES.resolve(system, game.state, decl, A, {"model": "A1", "target": "B3"}) == (A, "B3", False)
    _refused(game, _act("shoot", model="B1", target="A1"), A, "model:B1 is not one of the choices")
    _refused(game, _act("shoot", model="A1"), A, "needs target:")
    _refused(game, _act("shoot", model="A1", target="B1", to="C3"), A, "does not take to:")
    _refused(game, _act("shoot", model="B1", target="A1"), B, "it is side A's turn, not side B's")
    with pytest.raises(NotYourTurn):
        RULES.resolve(system, game.state, decl, B, {"model": "B1", "target": "A1"})


# -- menus in the order a player thinks -----------------------------------------------------------------------------


def test_natural_order_counts_as_people_do() -> None:
    assert sorted(["C10", "C2", "B1", "a3", "C1"], key=natural_key) == ["a3", "B1", "C1", "C2", "C10"]


def test_nearest_first_and_out_of_reach_last_and_labelled_where_distances_are_shown() -> None:
    choices = [Choice("B3", distance=20.2, reach=16), Choice("B10", distance=2.0, reach=16),
               Choice("B2", distance=7.5, reach=16)]
    assert [c.value for c in ordered(choices, Order.NEAREST, True)] == ["B10", "B2", "B3"]
    assert shown(choices[0], True) == 'B3 (20.2" of 16": fails)'
    assert [c.value for c in ordered(choices, Order.NEAREST, False)] == ["B2", "B3", "B10"]
    assert shown(choices[0], False) == "B3"


def test_a_game_that_hides_distances_shows_none_in_its_menus() -> None:
    game = _battle()
    decl = RULES.find(("act",), "shoot")
    assert decl is not None

    class Hidden(Muster):
        def disclosure(self, state: MusterState, viewer: Viewer) -> Disclosure:
            return Disclosure(distances=False)

    for system, labels in ((game.system, ["B1 (3.0\" of 4\")", "B2 (4.0\" of 4\")", "B3 (5.0\" of 4\": fails)"]),
                           (Hidden(), ["B1", "B2", "B3"])):
        ask = RULES.question(system, game.state, decl, Viewer.of_side(A), A, {"model": "A1"})
        assert ask is not None
        distances = system.disclosure(game.state, Viewer.of_side(A)).distances
        assert [shown(c, distances) for _, c in ask.entries] == labels
    game.apply(_act("shoot", model="A1", target="B3"), _as(A))  # out of reach: declared, and it misses
    assert game.state.active_side == B


def test_a_long_menu_is_paged_and_counted() -> None:
    first = page(61, 0, "hexes")
    assert first.heading == "page 1 of 3, 61 hexes" and len(first.entries) == MENU_LIMIT - 1
    last = page(61, 2, "hexes")
    assert last.entries == tuple(range(48, 61)) and last.next_number == 0
    assert page(25, 0).pages == 1 and page(25, 0).heading == ""


# -- decisions -------------------------------------------------------------------------------------------------


def test_a_decisions_options_are_read_given_its_earlier_answers() -> None:
    game = _muster()
    game.apply(_act("deploy", model="A1,A2,A3", to="C4,C5,C6"), _as(A))
    game.apply(_act("deploy", model="B1,B2,B3", to="C7,C8,C9"), _as(B))
    (decision,) = game.pending
    assert [o.key for o in game.live(decision).parts[1].options] == ["1", "2"]
    assert [o.key for o in game.live(decision, {"ground": "low"}).parts[1].options] == ["1", "2", "3"]
    refused(game, Answer(decision_id=decision.id, answers={"ground": "high", "rows": "3"}), _as(B),
            "'3' is not an option for rows", error=InvalidCommand)
    game.apply(Answer(decision_id=decision.id, answers={"ground": "low", "rows": "3"}), _as(B))
    assert game.state.ground == "low ground, 3 rows" and game.state.phase == "battle"
    assert (game.state.round, game.state.step) == (1, "fighting")  # the flow record, set with the phase


def test_a_decision_of_a_kind_never_declared_is_a_bug_not_a_refusal() -> None:
    game = _muster()
    from engine.core import Decision, DecisionPart, Option

    def opens_unknown(ctx: Context[MusterState]) -> None:
        ctx.open_decision(Decision(id="x1", owner=A, kind="mystery", prompt="?", optional=False, parts=(
            DecisionPart(key="k", prompt="?", options=(Option(key="a", label="a"), Option(key="b", label="b"))),)))

    game._run(Actor(user=ALICE, host=True), opens_unknown, commit=True)
    with pytest.raises(UndeclaredKind, match="mystery"):
        game.apply(Answer(decision_id="x1", choice="a"), _as(A))


# -- registration ------------------------------------------------------------------------------------------------


def test_a_game_is_refused_for_options_off_the_verbs_kinds_without_handlers_and_unread_rulings() -> None:
    rules: Declarations[TallyState, TallyState] = Declarations(reads=("made-up",))

    @rules.action("score", "Score", params=(Param("points", "How many?", values=lambda s, a: []),))
    def _score(ctx: Context[TallyState], ask: Ask) -> None: ...

    rules.decision("orphan")
    broken = type("Broken", (Tally,), {"declarations": rules})()
    problems = broken.problems()
    assert any("/act has no option points:" in p for p in problems)
    assert any("decision kind 'orphan' has no handler" in p for p in problems)
    assert any("ruling made-up is read by the code but not in rulings.yaml" in p for p in problems)
    assert Muster().problems() == [] and Tally().problems() == []


def test_the_rulings_a_game_reads_are_checked_against_its_rulings_yaml() -> None:
    data = load_system_data("underworlds").rulings
    every = RulingsRead.of(Rules)
    assert every.problems(data) == [], "Underworlds' typed record reads every ruling of its rulings.yaml"
    problems = RulingsRead(every.ids[:-3]).problems(data)
    assert len(problems) == 3 and all("is in rulings.yaml but no code reads it" in p for p in problems), problems
    with pytest.raises(KeyError, match="not among the rulings"):
        RULES.rulings().option(_muster().state, "guard-counts")


def test_a_typed_record_of_rulings_declares_the_rulings_it_reads() -> None:
    from engine.systems.eldfall.rulings import Rulings

    read = RulingsRead.of(Rulings)
    assert read.ids and all("_" not in ruling for ruling in read.ids)
    carried = load_system_data("eldfall").rulings
    assert not [p for p in read.problems(carried) if "read by the code but not in rulings.yaml" in p]


def test_help_lists_what_the_side_may_do_now_from_the_declarations() -> None:
    game = _battle()
    lines = game.system.help(game.state, Viewer.of_side(A))
    assert lines[0].startswith("/act action:shoot model:<which soldier shoots> target:<at whom>: Shoot")
    assert not game.system.help(game.state, Viewer.of_side(B))
    with pytest.raises(IllegalCommand):
        RULES.resolve(game.system, game.state, RULES.declared[0], A, {"model": "A1", "to": "C1"})


def test_when_reads_the_flow_record() -> None:
    game = _muster()
    assert When(phases=("battle",)).refusal(game.state, A, "act x") is not None
    assert When(phases=("muster",), steps=("deploying",)).refusal(game.state, A, "act x") is None
    assert When(turn=True).refusal(game.state, B, "act x") is not None


def test_a_single_parameter_with_one_legal_value_is_answered_without_a_question() -> None:
    """``Param(single=True)``: a menu of one value is no choice; the menus skip it and a command may leave it out,
    while a typed value is still checked against the menu."""
    rules: Declarations[TallyState, TallyState] = Declarations()
    menus = {"few": ["3"], "many": ["1", "2"]}

    @rules.action("score", "Score", when=When(turn=True), params=(
        Param("choice", "Which table?", values=lambda s, a: [Choice("few"), Choice("many")]),
        Param("amount", "How many?", single=True, values=lambda s, a: [Choice(v) for v in menus[a.text("choice")]])))
    def _score(ctx: Context[TallyState], ask: Ask) -> None: ...

    system = type("Single", (Tally,), {"declarations": rules})()
    setup = GameSetup(system="tally", sides=(A, B), host=ALICE, seed_commitment=commitment("s"))
    game = Game.start(system, setup, "s", seats={A: ALICE, B: BOB})
    decl = rules.find(("act",), "score")
    assert decl is not None
    viewer = Viewer.of_side(game.state.active_side or A)
    side = game.state.active_side
    assert rules.question(system, game.state, decl, viewer, side, {"choice": "few"}) is None
    asked = rules.question(system, game.state, decl, viewer, side, {"choice": "many"})
    assert asked is not None and asked.option == "amount"
    plan = rules.resolve(system, game.state, decl, side, {"choice": "few"})
    assert plan.text("amount") == "3"
    with pytest.raises(RulesError, match="not one of the choices"):
        rules.resolve(system, game.state, decl, side, {"choice": "few", "amount": "2"})
    with pytest.raises(InvalidCommand, match="needs amount:"):
        rules.resolve(system, game.state, decl, side, {"choice": "many"})
