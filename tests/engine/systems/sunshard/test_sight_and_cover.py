"""Line of sight by functional HGT and cover from terrain (Sunshard:Embren core rules v1.0, L276-321, L608, L708,
L739; digest examples EX-6 to EX-9 and D-42 to D-45)."""

from __future__ import annotations

from engine.systems.sunshard.sight import cover, has_sight
from engine.systems.sunshard.state import SunshardState
from tests.engine.systems.sunshard.tables import A, B, lay, new_state, put, world


def duel(harrier: tuple[float, float] = (4, 12), pariah: tuple[float, float] = (16, 12), target: str = "Pariah",
         battlefield: tuple[str, ...] = ()) -> SunshardState:
    """A Harrier (A1, HGT 2) facing a Pariah (B1, HGT 2) or another target across open ground."""
    state = new_state(battlefield=battlefield)
    put(state, "A1", "Harrier", A, *harrier)
    put(state, "B1", target, B, *pariah)
    return state


def test_open_ground_gives_sight() -> None:
    # EX-6 (1), L288.
    state = duel()
    w = world(state)
    assert has_sight(w, w.model("A1"), w.model("B1"))


def test_a_partial_blocker_leaves_some_line_clear() -> None:
    # EX-6 (2), L292: a HGT 3 pillar across part of the lines does not block them all.
    state = duel()
    lay(state, "T1", (9.5, 11.7, 1, 2), 3, ["impassable"])
    w = world(state)
    assert has_sight(w, w.model("A1"), w.model("B1"))


def test_terrain_taller_than_both_across_every_line_blocks() -> None:
    # EX-6 (3), L296: HGT 3 terrain between two HGT 2 models blocks every line.
    state = duel()
    lay(state, "T1", (9.5, 8, 1, 8), 3, ["heavy-cover"])
    w = world(state)
    assert not has_sight(w, w.model("A1"), w.model("B1"))
    assert not has_sight(w, w.model("B1"), w.model("A1"))  # always both ways (L282)


def test_clear_terrain_never_blocks_and_lower_terrain_does_not() -> None:
    # L708 and L282.
    state = duel()
    lay(state, "T1", (9.5, 8, 1, 8), 6, ["clear", "heavy-cover"])
    lay(state, "T2", (12.5, 8, 1, 8), 1, ["light-cover"])
    w = world(state)
    assert has_sight(w, w.model("A1"), w.model("B1"))


def test_a_model_as_tall_as_both_blocks_and_a_floored_one_sinks_below() -> None:
    # L282: a HGT 2 model between two HGT 2 models blocks its own width; Floored takes 1 HGT for sight (L608).
    state = duel()
    for i, y in enumerate([11.4, 12.0, 12.6]):
        put(state, f"A{i + 2}", "Conscripted", A, 10, y)
    w = world(state)
    assert not has_sight(w, w.model("A1"), w.model("B1"))
    for model in list(state.models.values())[2:]:
        model.tokens.append("Floored")
    w = world(state)
    assert has_sight(w, w.model("A1"), w.model("B1"))


def test_cover_from_terrain_a_sight_line_crosses() -> None:
    # EX-7, L313: light or heavy cover terrain between them, not within 1" of the Harrier.
    state = duel()
    lay(state, "T1", (10, 10, 1, 4), 1, ["heavy-cover"])
    w = world(state)
    found = cover(w, w.model("A1"), w.model("B1"))
    assert (found.kind, found.pieces) == ("heavy", ("T1",))


def test_no_cover_from_terrain_hugged_by_the_shooter() -> None:
    # EX-8, L304, L317: the Harrier is within 1" of the cover and the Pariah is not.
    state = duel()
    lay(state, "T1", (5.2, 10, 1, 4), 1, ["heavy-cover"])
    w = world(state)
    found = cover(w, w.model("A1"), w.model("B1"))
    assert found.kind == "none" and "within 1\"" in found.working[0]


def test_no_cover_for_a_model_more_than_two_hgt_above_the_terrain() -> None:
    # EX-9, L305, L321: the Evolved (HGT 4) behind HGT 1 heavy cover: 3 higher, so no cover.
    state = duel(target="Evolved")
    lay(state, "T1", (10, 10, 1, 4), 1, ["heavy-cover"])
    w = world(state)
    assert cover(w, w.model("A1"), w.model("B1")).kind == "none"


def test_cover_exception_measures_both_models_from_the_terrain() -> None:
    # D-42 and D-43, L304: terrain 0.5" from the shooter; the target 3" from it has no cover, 0.8" from it has.
    radius = 30 / 25.4 / 2
    far = duel(harrier=(4, 12), pariah=(4 + radius + 0.5 + 1 + 3 + 32 / 25.4 / 2, 12))
    lay(far, "T1", (4 + radius + 0.5, 10, 1, 4), 1, ["light-cover"])
    assert cover(world(far), world(far).model("A1"), world(far).model("B1")).kind == "none"
    near = duel(harrier=(4, 12), pariah=(4 + radius + 0.5 + 1 + 0.8 + 32 / 25.4 / 2, 12))
    lay(near, "T1", (4 + radius + 0.5, 10, 1, 4), 1, ["light-cover"])
    assert cover(world(near), world(near).model("A1"), world(near).model("B1")).kind == "light"


def test_light_and_heavy_cover_count_as_heavy_only() -> None:
    # D-44, L307.
    state = duel()
    lay(state, "T1", (8, 10, 1, 4), 1, ["light-cover"])
    lay(state, "T2", (11, 10, 1, 4), 1, ["heavy-cover"])
    w = world(state)
    assert cover(w, w.model("A1"), w.model("B1")).kind == "heavy"


def test_deepest_darkness_stops_sight_beyond_six_inches() -> None:
    # D-45, L739: bases 6.0" apart see each other, 6.1" apart do not.
    gap = 30 / 25.4 / 2 + 32 / 25.4 / 2
    for apart, seen in ((6.0, True), (6.1, False)):
        state = duel(harrier=(4, 12), pariah=(4 + gap + apart, 12), battlefield=("deepest-darkness",))
        w = world(state)
        assert has_sight(w, w.model("A1"), w.model("B1")) is seen, apart
