"""An answer taken alone (a decision with one legal answer, applied at once, never opened) says its words after a
restart as it did when played: its record carries them, since no log holds its options; every other answer's record
is as it was. What an answer answers is kept on the event itself (``Answering``), filled as it is answered or as the
log is read back, never stored and never compared."""

from __future__ import annotations

from engine.core import SPECTATOR, Answer, DecisionAnswered, Game
from tests.engine.core.conftest import alice, choose_hands, new_duel
from tests.engine.systems.shroudfall.staged import _settled


def test_a_one_answer_decision_reads_the_same_words_read_back_from_its_records() -> None:
    game = _settled()  # the Shroudfall demo: each side's one Leadership ability is taken at once
    auto = [e for e in game.log if isinstance(e.body, DecisionAnswered) and e.body.how == "auto" and e.body.answers]
    assert auto and auto[0].to_record()["data"]["words"] == "Tactical Advisor (Count Wealton Adamant, the Third)"
    lines = [line.text for line in game.log_view(SPECTATOR).lines]
    assert "Only one choice for side A: Tactical Advisor (Count Wealton Adamant, the Third)." in lines
    read_back = Game.from_records(game.system, game.setup, "staged", game.records())
    assert [line.text for line in read_back.log_view(SPECTATOR).lines] == lines
    assert not any("ability=" in line or "A-adamant/" in line for line in lines)


def test_an_opened_decisions_answer_is_stored_as_before_and_equal_whatever_is_known_of_it() -> None:
    game = new_duel()
    choose_hands(game)
    game.apply(Answer(decision_id=game.pending[0].id, answers={"card": "9"}), alice())
    (answered,) = [e for e in game.log if isinstance(e.body, DecisionAnswered)]
    assert set(answered.to_record()["data"]) == {"decision_id", "owner", "how", "answers"}, "no new key on disk"
    bare = game.system.codec.from_record(answered.to_record())  # decoded alone: what it answers is not known
    assert bare.body.asked_for(answered.body.owner) is None and answered.body.asked_for(answered.body.owner)
    assert bare == answered and hash(bare.body) == hash(answered.body)
