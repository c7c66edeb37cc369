"""Nursing Aura in play (Eldfall core rules v1.5, L364): at its Leader's Strategic phase up to five models regain
1 HP each, an Incapacitated one only on the Leader's INT roll; the player selects them when more are hurt."""

from __future__ import annotations

from engine.core import SPECTATOR, Answer, Game, InvalidCommand, ModelId
from engine.systems.eldfall.nursing import AURA
from engine.systems.eldfall.schema import PartyMember, PartySpec
from engine.systems.eldfall.state import EldfallState
from engine.systems.eldfall.strategic_choices import STRATEGIC_KIND
from tests.engine.systems.eldfall.commands import EndTurn
from tests.engine.systems.eldfall.tables import ALICE, HOST, as_side, practice, settle, turn_of
from tests.refusals import refusing
from tests.table_commands import wound_model


def _hurt_party(extra_members: int) -> tuple[Game[EldfallState], list[ModelId]]:
    """The Hierophant (Nursing Aura its first stratagem) and other models of 2 HP, each 1 Wound down, at the end of
    side A's turn; returns them, not the Leader."""
    others = ("Citadel Guard", "Citadel Guard", "Flameweaver Noble", "Shieldbearer", "Slayer Dragoon",
              "Helrin Expatriate")
    members = (PartyMember(unit="Expeditionary Hierophant"), *(PartyMember(unit=u) for u in others[:extra_members]))
    party = PartySpec(id="test", name="Test", faction="Helian League", game_size=150,
                      leader="Expeditionary Hierophant", members=members)
    game = practice((party, "Soga Vanguard"), "nursing", options={"size": "150"})
    turn_of(game, "A")
    ours = sorted(m for m, f in game.state.figures.items() if f.side == "A" and not f.leader)
    for model in ours:
        game.apply(wound_model(model=model, amount=1), HOST)
    return game, ours


def _to_next_strategic_of_a(game: Game[EldfallState]) -> None:
    game.apply(EndTurn(), as_side("A", ALICE))
    settle(game)
    game.apply(EndTurn(), as_side("B", ALICE))


def test_when_the_aura_reaches_every_hurt_model_each_regains_one_hp_none_named() -> None:
    game, ours = _hurt_party(extra_members=5)  # five hurt models, five reached
    _to_next_strategic_of_a(game)
    (decision,) = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND]
    assert [p.key for p in decision.parts] == ["stratagem"], "the Leader's stratagem is asked; whom it tends is not"
    assert decision.parts[0].default == "nursing-aura", "its last choice (the first, at first) is the default"
    settle(game)
    assert [game.state.models[m].wounds_taken for m in ours] == [0] * 5


def test_with_more_hurt_than_it_reaches_the_player_selects_whom_it_tends() -> None:
    game, ours = _hurt_party(extra_members=6)  # six hurt models, five reached
    _to_next_strategic_of_a(game)
    (decision,) = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND]
    aura = [p for p in decision.parts if p.key.startswith(AURA)]
    assert len(aura) == 5 and {o.key for o in aura[0].options} == {"none", *ours}
    left_out = ours[0]
    picks = {f"{AURA}{n}": m for n, m in enumerate(ours[1:], start=1)}
    seq = game.state.seq
    with refusing(game, r"tends each model once.*L364", error=InvalidCommand):
        game.apply(Answer(decision_id=decision.id, answers={**picks, f"{AURA}2": ours[1]}), as_side("A", ALICE))
    assert game.state.seq == seq, "refused whole: nothing healed"
    game.apply(Answer(decision_id=decision.id, answers=picks), as_side("A", ALICE))
    assert game.state.models[left_out].wounds_taken == 1
    assert all(game.state.models[m].wounds_taken == 0 for m in ours[1:])
    assert game.state.phase == "tactical"


def test_the_player_may_tend_fewer_models() -> None:
    game, ours = _hurt_party(extra_members=6)
    _to_next_strategic_of_a(game)
    (decision,) = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND]
    nobody = {f"{AURA}{n}": "none" for n in range(2, 6)}
    game.apply(Answer(decision_id=decision.id, answers={f"{AURA}1": ours[5], **nobody}), as_side("A", ALICE))
    assert [game.state.models[m].wounds_taken for m in ours] == [1, 1, 1, 1, 1, 0]


def test_the_stratagem_is_a_part_of_the_strategic_decision_its_last_choice_the_default() -> None:
    """L372-382: the Leader uses one of its stratagems each Strategic phase; whom Nursing Aura tends is asked only if
    it is the one chosen."""
    game, ours = _hurt_party(extra_members=6)
    _to_next_strategic_of_a(game)
    (decision,) = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND]
    stratagem = decision.parts[0]
    assert stratagem.key == "stratagem" and stratagem.option_keys() == ("nursing-aura", "spiritual-paragon")
    assert "Spiritual Paragon: All models get +4 M" in stratagem.prompt, "each one's text, whole"
    assert all(p.asked_when == ("stratagem", ("nursing-aura",)) for p in decision.parts if p.key.startswith(AURA))
    game.apply(Answer(decision_id=decision.id, answers={"stratagem": "spiritual-paragon"}), as_side("A", ALICE))
    assert game.state.record("A").active_stratagem == "spiritual-paragon"
    said = [line.text for line in game.log_view(SPECTATOR).lines if "stratagem" in line.text][-2:]
    assert said == ["Side A's Leader changes its stratagem to Spiritual Paragon (spiritual-paragon); its Strategic "
                    "phases offer it first now (L376-380).",
                    "Side A's Leader uses the stratagem Spiritual Paragon until its next Strategic phase (L372)."], \
        "the change names the stratagem picked"
    assert all(game.state.models[m].wounds_taken == 1 for m in ours), "no aura this time: nobody is tended"
    _to_next_strategic_of_a(game)
    (again,) = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND]
    assert again.parts[0].default == "spiritual-paragon", "the last choice is offered first"



def test_the_strategic_prompt_names_only_what_it_asks() -> None:
    # A party with no Hasten, Surge Order nor Artificer is not told of them; Nursing Aura is named where it asks.
    for extra, aura in ((5, False), (6, True)):
        game, _ours = _hurt_party(extra_members=extra)
        _to_next_strategic_of_a(game)
        (decision,) = [d for d in game.state.pending.values() if d.kind == STRATEGIC_KIND]
        assert "your Leader's stratagem" in decision.prompt and "Hasten" not in decision.prompt
        assert ("Nursing Aura" in decision.prompt) is aura, decision.prompt
