"""Whole games played through the rules functions with a plain policy and fixed seeds: a starter quest from set-up
to the winner, and a quest with deeds (Sunshard:Embren core rules v1.0, L323-375, L806-1269)."""

from __future__ import annotations

from collections import Counter

from engine.systems.sunshard.events import VpScored
from engine.systems.sunshard.quests import quest_outcome
from tests.engine.systems.sunshard.play import new_table, play_round_actions, play_setup


def test_on_the_hunt_is_played_from_setup_to_the_winner() -> None:
    table = new_table("on-the-hunt", seed="hunt-1", map_id="blighted-hamlet")
    play_setup(table)
    state = table.state
    assert (state.phase, state.round) == ("activation", 1)
    assert all(f.status == "deployed" for f in state.figures.values())
    assert sum(f.leader for f in state.figures.values()) == 2 and len(state.terrain) == 8 + 3
    play_round_actions(table)
    assert table.state.phase == "over" and not table.state.pending
    outcome = quest_outcome(table.world)
    vp = {side: record.vp for side, record in table.state.records.items()}
    assert outcome.scores == vp and (outcome.winner is not None or outcome.draw)
    killed = Counter(f.side for f in table.state.figures.values() if f.status == "killed")
    leaders_killed = {f.side for f in table.state.figures.values() if f.status == "killed" and f.leader}
    for side, record in table.state.records.items():  # L897: 1 per enemy Killed, 4 more for the Leader
        other = next(s for s in vp if s != side)
        assert record.quest_vp == killed[other] + (4 if other in leaders_killed else 0)


def test_a_quest_with_deeds_scores_each_deed_once_and_caps_quest_vp() -> None:
    table = new_table("chance-encounter", seed="deeds-2")
    play_setup(table)
    play_round_actions(table)
    assert table.state.phase == "over"
    scored = [e.body for e in table.events if isinstance(e.body, VpScored)]
    deeds = Counter((v.side, v.deed) for v in scored if v.source == "deed")
    assert deeds and all(count == 1 for count in deeds.values())
    assert all(record.quest_vp <= 20 for record in table.state.records.values())
