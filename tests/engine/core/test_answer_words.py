"""Answers said in words (newcomer findings 7, 20, 25): the line that echoes a decision's answer names the chosen
options by their own labels ("Keep it", "A2: Attack with Ignite"), never ``key=value``, whether the game is played
now or read back from its log; the stored events are as they were, and a secret answer stays secret."""

from __future__ import annotations

from engine.core import (
    SPECTATOR,
    Answer,
    ChoiceLocked,
    ChoicesRevealed,
    Decision,
    DecisionAnswered,
    DecisionPart,
    ExpireDecision,
    Game,
    Option,
    SideId,
    Viewer,
)
from engine.core.answer_words import said
from tests.engine.core.conftest import alice, bob, choose_hands, new_duel
from tests.engine.core.test_decisions import _seed_with_a_loser
from tests.engine.core.toy_council import A, B, call_vote, council, seat
from tests.engine.core.toy_duel import SecretDuel

_ACTS = (Option(key="nothing", label="Nothing"), Option(key="ignite", label="Attack with Ignite"))


def _reaction() -> Decision:
    """Two models' reactions, each with a follow-up asked only when it attacks (where, what it spends)."""
    parts = []
    for model in ("A2", "A3"):
        parts += [DecisionPart(key=model, prompt=f"{model} Flameshaper, 2 AP", options=_ACTS, default="nothing"),
                  DecisionPart(key=f"{model}.extra", prompt=f"what {model} spends", default="nothing",
                               options=(Option(key="nothing", label="Nothing"), Option(key="luck", label="Luck")),
                               asked_when=(model, ("ignite",)))]
    return Decision(id="d1", owner=SideId("A"), kind="reaction", prompt="React?", parts=tuple(parts), optional=True)


def test_each_answer_is_said_by_its_options_label_and_a_part_named_after_a_model_says_whose() -> None:
    reaction = _reaction()
    assert said({"A2": "ignite", "A2.extra": "luck", "A3": "nothing"}, reaction) == \
        "A2: Attack with Ignite, Luck; A3: Nothing"
    assert said({"A2": "ignite", "A2.extra": "nothing", "A2.at": "8.88,19.43"}, reaction) == \
        "A2: Attack with Ignite, at 8.88,19.43", "a follow-up of nothing says nothing; a point is a place"
    plain = Decision(id="d2", owner=SideId("B"), kind="first", prompt="Who plays first?", optional=False, parts=(
        DecisionPart(key="choice", prompt="Your choice", options=(Option(key="first", label="Play first"),)),))
    assert said({"choice": "first"}, plain) == "Play first"
    assert said({"choice": "first"}, None) == "first", "a decision never opened and read back: its key alone"


def _rerolled(game: Game[object]) -> Game[object]:
    choose_hands(game)
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "9"}), alice())
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "1"}), bob())
    game.apply(ExpireDecision(decision_id=game.pending[0].id), alice(host=True))
    return game


def test_the_line_is_the_same_read_back_from_the_records_or_a_snapshot_and_the_records_are_unchanged() -> None:
    seed = _seed_with_a_loser()
    game = _rerolled(new_duel(seed))
    (answered,) = [e for e in game.log if isinstance(e.body, DecisionAnswered) and e.body.how == "timeout"]
    assert answered.to_record()["data"]["answers"] == {"reroll": "no"}, "the stored event keeps the key"
    lines = [line.text for line in game.log_view(SPECTATOR).lines]
    assert any(line.endswith("the default applies: Keep it.") for line in lines)
    assert not any("=" in line for line in lines if "decides" in line or "applies" in line)
    read_back = Game.from_records(SecretDuel(), game.setup, seed, game.records())
    assert [line.text for line in read_back.log_view(SPECTATOR).lines] == lines
    resumed = Game.from_snapshot(SecretDuel(), game.setup, seed, game.records(), game.seq, game.snapshot())
    assert [line.text for line in resumed.log_view(SPECTATOR).lines] == lines


def test_answers_given_together_are_said_in_words_to_their_side_then_to_all_and_never_before() -> None:
    game = council()
    game.apply(call_vote(), seat(A))
    mine = next(d for d in game.pending if d.owner == A)
    locked = game.apply(Answer(decision_id=mine.id, answers={"vote": "nay"}), seat(A))
    (lock,) = [e for e in locked if isinstance(e.body, ChoiceLocked)]
    assert lock.body.describe() == "Your choice is locked in: Nay." and not lock.audience.is_public
    assert not any("Nay" in line.text for line in game.log_view(Viewer.of_side(B)).lines), "A's vote is A's alone"
    for side in (s for s in game.state.sides if s != A):
        theirs = next(d for d in game.pending if d.owner == side)
        game.apply(Answer(decision_id=theirs.id, answers={"vote": "aye"}), seat(side))
    (revealed,) = [e for e in game.log if isinstance(e.body, ChoicesRevealed)]
    assert revealed.body.describe().endswith("Revealed together: A: Nay; B: Aye; C: Aye.")
