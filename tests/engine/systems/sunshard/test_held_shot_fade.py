"""A Fade vault is a vault like any other: a Held Shot interrupts it as it does a move or a Disengage vault, a vault it
interrupts still falls from where it began, and where it ends engages On Guard enemies and withers terrain
(Sunshard:Embren core rules v1.0, L421, L427-433, L461, L471, L1496, L1514)."""

from __future__ import annotations

from engine.core import ModelId
from engine.systems.sunshard.events import TestMade
from engine.systems.sunshard.specials import apply_special, check_special
from engine.systems.sunshard.state import SunshardState
from engine.systems.sunshard.world import world_of
from tests.engine.systems.sunshard.tables import (
    DATA,
    A,
    B,
    activate,
    answer,
    attack,
    card,
    lay,
    new_state,
    pending,
    put,
    run,
)

A1, A2, B1 = ModelId("A1"), ModelId("A2"), ModelId("B1")
R = 32 / 25.4 / 2


def fencing(*, hp_lost: int = 0) -> SunshardState:
    """B1 (a Pariah, Twin Blades with Fade) hits A1 to its east (2 against TN 11; the Captain's Armor test, 12 - 4 = 8,
    passes on 3) in its own activation; A2, a Harrier On Guard out of engagement, watches. The Fade vault is asked."""
    state = new_state()
    put(state, "B1", "Pariah", B, 12, 12, hp_lost=hp_lost)
    put(state, "A1", "Captain", A, 12 + 2 * R, 12)
    put(state, "A2", "Harrier", A, 6, 18, tokens=["On Guard"])
    activate(state, "B1")
    hit, _ = attack(state, "B", [2, 3], model="B1", weapon="Twin Blades", target="A1")
    assert pending(hit).kind == "fade"
    return hit


def test_held_shot_fires_part_way_along_a_fade_vault_and_the_vault_goes_on() -> None:
    # L461: a Held Shot may interrupt a vault at any point; L421: in an enemy model's activation; L1514: the vault.
    asked, _ = answer(fencing(), {"vault": "10,12"})
    decision = pending(asked)
    assert decision.kind == "held-shot" and decision.owner == A and asked.attack is None
    aiming, _ = answer(asked, {"shooter": "A2", "at": "11,12"})
    assert (aiming.models[B1].x, aiming.models[B1].y) == (11, 12)
    after, _ = answer(aiming, {"shot": "Longbow|B1"}, rig=[19])
    assert "On Guard" not in after.models[A2].tokens and after.models[B1].wounds_taken == 0
    assert (after.models[B1].x, after.models[B1].y) == (10, 12)
    assert after.activation is not None and after.activation.model == B1 and after.activation.faded == 2
    assert after.attack is None and not after.pending


def test_no_held_shot_leaves_the_fade_vault_whole() -> None:
    after, _ = answer(answer(fencing(), {"vault": "10,12"})[0], {"shooter": "none"})
    assert (after.models[B1].x, after.models[B1].y) == (10, 12) and "On Guard" in after.models[A2].tokens
    assert after.activation is not None and after.activation.faded == 2 and after.attack is None


def test_a_fade_vault_stops_where_a_held_shot_downs_its_model() -> None:
    # L644: the shot (hit on 2; the Pariah's Armor test, 11 - 4 = 7, fails on 15) takes B1's last HP: Downed and
    # Floored where it was shot, so the Fade goes no further (L1514: not while Floored).
    aiming, _ = answer(answer(fencing(hp_lost=1), {"vault": "10,12"})[0], {"shooter": "A2", "at": "11,12"})
    after, _ = answer(aiming, {"shot": "Longbow|B1"}, rig=[2, 15])
    assert "Downed" in after.models[B1].tokens and (after.models[B1].x, after.models[B1].y) == (11, 12)
    assert after.attack is None and not after.pending


def test_a_fade_vault_in_the_enemy_s_activation_offers_no_held_shot() -> None:
    # L421: On Guard reacts in an enemy model's activation; B1's Held Strike vaults in A1's, where A2 is no enemy's.
    state = new_state()
    put(state, "B1", "Pariah", B, 12, 12)
    put(state, "A1", "Captain", A, 12 + 2 * R, 12)
    put(state, "A2", "Harrier", A, 6, 18, tokens=["On Guard"])
    activate(state, "A1")
    hit, _ = attack(state, "B", [2, 3], model="B1", weapon="Twin Blades", target="A1", kind="held-strike")
    after, _ = answer(hit, {"vault": "10,12"})
    assert (after.models[B1].x, after.models[B1].y) == (10, 12) and not after.pending


def test_a_held_shot_at_the_end_of_a_disengage_vault_off_a_height_still_falls() -> None:
    # L471-479, L461: A1 Disengages 4" east off a HGT 4 ruin; B1 shoots as the vault ends (the shot's point is its
    # end, misses on 19): the vault still ends 4 HGT down, so A1 gains Floored and tests ARM 12 - 4 = 8 (2: passed).
    state = new_state()
    lay(state, "T1", (3, 3, 4, 4), 4, ["heavy-cover"])
    put(state, "A1", "Captain", A, 5, 6.3, z=4)
    put(state, "B2", "Pariah", B, 5, 6.3 + 2 * R)
    put(state, "B1", "Harrier", B, 14, 12, tokens=["On Guard"])
    activate(state, "A1")
    asked, _ = run(state, lambda ctx: apply_special(ctx, check_special(world_of(ctx), A, {
        "action": "disengage", "model": "A1", "to": "9,6.3"})))
    aiming, _ = answer(asked, {"shooter": "B1", "at": "9,6.3"})
    after, events = answer(aiming, {"shot": "Longbow|A1"}, rig=[19, 2])
    assert (after.models[A1].x, after.models[A1].z) == (9, 0) and "Floored" in after.models[A1].tokens
    assert [e.body.describe() for e in events if isinstance(e.body, TestMade)][-1].startswith(
        "A1's falling Armor test: TN 8")


def test_a_fade_vault_into_contact_offers_the_on_guard_enemy_its_held_strike() -> None:
    # L429: an On Guard model that becomes engaged may Held Strike the activating model; a Fade vault (L1514) engages
    # as a move or a Disengage vault does. B1 hits A1 and vaults 2" west into base contact with A2 (On Guard).
    state = new_state()
    put(state, "B1", "Pariah", B, 12, 12)
    put(state, "A1", "Captain", A, 12 + 2 * R, 12)
    put(state, "A2", "Captain", A, 10 - 2 * R, 12, tokens=["On Guard"])
    activate(state, "B1")
    hit, _ = attack(state, "B", [2, 3], model="B1", weapon="Twin Blades", target="A1")
    asked, _ = answer(hit, {"vault": "10,12"})
    assert pending(asked).kind == "held-shot"  # A2 could shoot it first, out of engagement until the vault ends
    after, _ = answer(asked, {"shooter": "none"})
    decision = pending(after)
    assert decision.kind == "guard-engaged" and decision.owner == A and after.attack is None
    assert [o.key for o in decision.parts[0].options] == ["strike", "keep", "drop"]


def test_withering_whereabouts_withers_the_terrain_a_fade_vault_ends_in() -> None:
    # L1496: any terrain the model is within or in contact with gains Hazardous and Seeded, after a vault as after a
    # move (L1514).
    withered = card("Pariah", name="Wither", abilities=("Withering Whereabouts",))
    data = DATA.with_imports([withered])
    state = new_state()
    put(state, "B1", "Wither", B, 12, 12, data=data)
    put(state, "A1", "Captain", A, 12 + 2 * R, 12)
    lay(state, "T1", (8.5, 11, 1, 2), 1, ["light-cover"])
    activate(state, "B1", data=data)
    hit, _ = attack(state, "B", [2, 3], data=data, model="B1", weapon="Twin Blades", target="A1")
    after, _ = answer(hit, {"vault": "10,12"}, data=data)
    assert set(after.terrain["T1"].keywords) >= {"hazardous", "seeded"}
