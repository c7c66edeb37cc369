"""Fade's vault spots say where each lies (newcomer finding 28: twelve bare coordinates): how far the vault goes,
how far from the nearest enemy and whether out of engagement there, and the terrain piece it goes into or beside
(L155, L1514, L694-700), as the deploy spots do."""

from __future__ import annotations

from tests.engine.systems.sunshard import tables as t

R = 32 / 25.4 / 2  # a Captain's 32 mm base's radius, and a Pariah's


def test_each_vault_spot_names_the_enemy_it_leaves_and_the_piece_it_goes_by() -> None:
    state = t.new_state()
    t.lay(state, "T1", (11, 16, 2, 2), 1, ["light-cover"])  # 4" north of B1: 2" from a vault north
    t.put(state, "B1", "Pariah", t.B, 12, 12)
    t.put(state, "A1", "Captain", t.A, 12 - 2 * R, 12)  # in base contact, to B1's west
    t.activate(state, "B1")
    hit, _ = t.attack(state, "B", [2, 3], model="B1", weapon="Twin Blades", target="A1")
    decision = t.pending(hit)
    assert decision.kind == "fade"
    labels = {o.key: o.label for o in decision.parts[0].options}
    assert labels["12,12"] == "12,12 (stays put: 0\" from A1, engaged with A1)"
    east = next(label for key, label in labels.items() if key.startswith("13.99,12") or key.startswith("14,12"))
    assert "2\" away: 2\" from A1, out of engagement" in east, east
    assert any("by T1" in label or "in T1" in label for label in labels.values())
