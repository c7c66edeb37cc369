"""The action phase through the rules engine (Underworlds core rulebook, L391-L403, L509-L579): activations in turn,
four each; Move, Charge, Guard and Attack with their limits; refusals that name the rule and change nothing;
the power step; the combat sequence with dice rigged to known faces (cases T1, T19, T29-T37, T47-T49, T54)."""

from __future__ import annotations

import pytest

from engine.core import SPECTATOR, ActionCommand, Answer, CardsMoved, RulesError, SideId
from engine.hex import Hex
from engine.systems.underworlds.commands import AutoSetup
from engine.systems.underworlds.declared import RULES
from engine.systems.underworlds.events import Damaged
from tests.engine.systems.underworlds.loader import shipped
from tests.engine.systems.underworlds.table import (
    HOST,
    UW,
    A,
    B,
    act,
    act_turn,
    actor,
    arrange,
    decide,
    extend,
    give,
    glory,
    new_game,
    pass_power,
    ready,
    rig,
    turn_of,
)
from tests.engine.systems.underworlds.typed import Attack, Charge, DrawPower, Guard, Move, Pass, PlayCard
from tests.refusals import refused

# A flush long join of two Mirror Well sides: rows 1-5 are one territory, 6 nobody's, 7-11 the other's.
POSITIONS = {"A1": "D7", "A2": "F7", "A3": "B9", "B1": "D5", "B2": "G2", "B3": "A1", "B4": "H1", "B5": "C1"}


def duel(seed: str = "uw-test") -> UW:
    """A set-up game with Severin (A1) on D7 and Garrek (B1) on D5, two hexes apart; the rest far off."""
    return arrange(ready(seed), **POSITIONS)


def test_activations_alternate_four_each_then_the_end_phase() -> None:
    """L393: players take activations in turn, four each; after the last power step the end phase begins."""
    game = ready()
    first = game.state.active_side
    sides = []
    for _ in range(8):
        sides.append(game.state.active_side)
        act_turn(game, Pass())
        pass_power(game)
    other = B if first == A else A
    assert sides == [first, other] * 4
    assert game.state.step in ("end", "activation") and game.state.round in (1, 2)


def test_out_of_turn_and_a_fifth_activation_are_refused_naming_the_rule() -> None:
    game = ready()
    first = game.state.active_side
    other = B if first == A else A
    refused(game, Pass(), actor(other), r"side .*'s activation.*L393")
    for _ in range(7):
        act_turn(game, Pass())
        pass_power(game)
    act_turn(game, Pass())  # the eighth and last activation
    assert game.state.step == "power"
    refused(game, Guard(fighter=f"{other}1"), actor(other),
            r"four activations this phase; a fifth is not allowed.*L393")


def test_a_move_is_counted_in_steps_around_fighters_and_may_not_end_where_it_began() -> None:
    """T29-T32, L403: steps, not straight distance; no passing through fighters, friendly or not; objective
    tokens do not block."""
    game = duel()
    turn_of(game, A)
    refused(game, Move(fighter="A1", to="D7"), actor(A), "different hex.*L403")
    refused(game, Move(fighter="A1", to="D5"), actor(A), r"D5 is occupied; no two fighters share a hex.*L385")
    refused(game, Move(fighter="A1", to="D7>D6>D5>D4"), actor(A), r"D5 is occupied.*L403")
    refused(game, Move(fighter="A1", to="D11"), actor(A), r"needs 4 steps to reach D11 but its Move is 3.*L403")
    act(game, A, Move(fighter="A1", to="C6>B6"))
    assert game.state.fighters["A1"].hex == "B6" and game.state.fighters["A1"].moved


def test_a_move_through_a_blocked_hex_is_refused() -> None:
    """L237, L403: Shyishian Stardial's blocked hexes stop a move."""
    game = new_game()
    decide(game, board="mirror-well")
    decide(game, board="shyishian-stardial", join="long", slide="+0", turned="none")
    game.apply(AutoSetup(), HOST)
    game = arrange(game, A1="C8", **{k: v for k, v in POSITIONS.items() if k != "A1"})
    board = game.system.lib.board(game.state)
    assert board.is_blocked(board.hex_of("D9"))
    turn_of(game, A)
    refused(game, Move(fighter="A1", to="C8>D9>D10"), actor(A), r"D9 is blocked.*L403")


def test_one_move_or_charge_a_phase_and_a_charged_fighter_is_spent() -> None:
    """L399, L569 (T33, T35): after a Move no Charge; after a Charge no activation at all, and Guard ends."""
    game = duel()
    turn_of(game, A)
    act(game, A, Guard(fighter="A1"))
    assert game.state.fighters["A1"].guard
    pass_power(game)
    act_turn(game, Pass())
    pass_power(game)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Charge(fighter="A1", to="D6", target="B1"))
    if game.pending:
        decide(game, **{"drive-back": "none"})
    fighter = game.state.fighters["A1"]
    assert fighter.charged and fighter.exhausted and not fighter.guard
    pass_power(game)
    act_turn(game, Pass())
    pass_power(game)
    refused(game, Guard(fighter="A1"), actor(A), r"cannot be activated again this phase.*L569")
    refused(game, Move(fighter="A1", to="C6"), actor(A), r"cannot be activated again|Move or Charge")


def test_a_charge_needs_a_target_in_range_at_the_end_of_its_move() -> None:
    """T34, L569."""
    game = duel()
    turn_of(game, A)
    refused(game, Charge(fighter="A1", to="B6", target="B1"), actor(A), r"2 hexes away.*L423")
    refused(game, Move(fighter="A2", to="F7"), actor(A), "different hex")


def test_an_attack_with_rigged_dice_succeeds_deals_damage_and_offers_the_drive_back() -> None:
    """T1, L509, L511: hammer and swords against a dodge roll of a block fighter... here Garrek (dodge)."""
    game = arrange(duel(), A1="D6")
    turn_of(game, A)
    rig(game, "hammer", "swords", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].wounds == 3  # Sigmarite Broadsword: 3 damage
    decision = game.pending[0]
    assert decision.owner == A and decision.kind == "drive-back"
    options = decision.parts[0].option_keys()
    assert "none" in options and len(options) == 4  # three hexes further away (L511)
    labels = [o.label for o in decision.parts[0].options[1:]]
    assert labels == [f"into hex {h}" for h in options[1:]], "a hex is called so: B5 is also a Reaver"
    decide(game, **{"drive-back": options[1]})
    assert game.state.fighters["B1"].hex == options[1]


def test_taking_a_fighter_out_of_action_gives_the_opponent_a_glory_point() -> None:
    """T19, L559."""
    game = extend(arrange(duel(), A1="D6"), Damaged(fighter="B1", amount=2, wounds=2))
    turn_of(game, A)
    rig(game, "crit", "hammer", "block")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.state.fighters["B1"].out_of_action and game.state.fighters["B1"].hex is None
    assert game.state.players[A].glory == 1 and game.state.players[A].sources == {"take-outs": 1}


def test_the_power_step_ends_when_every_player_passes_in_a_row() -> None:
    """T47-T49, E15, L575-L597: it starts with the activating player; a play resets the passes."""
    game = duel()
    turn_of(game, A)
    game = give(glory(game, A, 1), A, "blessed-by-sigmar")
    act(game, A, Guard(fighter="A1"))
    assert game.state.power is not None and game.state.power.turn == A
    act(game, A, PlayCard(card="blessed-by-sigmar", fighter="A2"))
    assert game.state.power.turn == B and game.state.power.passes == 0
    act(game, B, Pass())
    assert game.state.power.turn == A and game.state.power.passes == 1
    act(game, A, Pass())
    assert game.state.step == "activation" and game.state.active_side == B


def test_an_upgrade_without_glory_and_a_card_not_in_hand_are_refused() -> None:
    """T54, L605; L599."""
    game = duel()
    turn_of(game, A)
    game = give(game, A, "blessed-by-sigmar")
    act(game, A, Guard(fighter="A1"))
    refused(game, PlayCard(card="blessed-by-sigmar", fighter="A2"), actor(A), r"unspent glory point.*L605")
    refused(game, PlayCard(card="Sprint"), actor(A), r"not a card in your hand.*L599")
    refused(game, PlayCard(card="blessed-by-sigmar"), actor(B), r"turn|not a card in your hand")


def test_an_upgrade_changes_characteristics_and_costs_a_glory_point() -> None:
    game = glory(give(duel(), A, "blessed-by-sigmar"), A, 1)
    turn_of(game, A)
    act(game, A, Guard(fighter="A1"))
    act(game, A, PlayCard(card="Blessed by Sigmar", fighter="A2"))
    assert game.state.fighters["A2"].upgrades == ["blessed-by-sigmar"]
    assert game.state.players[A].spent == 1 and game.state.players[A].glory == 1
    view = game.system.view(game.state, SPECTATOR)
    assert next(f for f in view.fighters if f.id == "A2").max_wounds == 5  # E9: +1 Wounds


def test_invalid_names_are_refused_with_what_is_accepted() -> None:
    game = duel()
    turn_of(game, A)
    refused(game, Move(fighter="Z9", to="C6"), actor(A), "there is no fighter 'Z9'; fighters: A1")
    refused(game, Move(fighter="A1", to="Q99"), actor(A), r"Q99")
    refused(game, Move(fighter="B1", to="C4"), actor(A), r"side B's fighter.*L397")
    refused(game, Attack(fighter="A1", targets=("A2",)), actor(A), r"friendly fighter.*L509|hexes away")


def _fix(what: str, **values: str) -> ActionCommand:
    """A fix by hand as typed (``/model wound model:A1 amount:2``)."""
    return ActionCommand(path=("model", what), values=tuple(values.items()))


def test_manual_overrides_fix_wounds_hexes_and_tokens_in_the_open() -> None:
    """The referee never blocks play: a fighter's player (or the host) fixes wounds, its hex, Guard or Inspire
    by hand, logged for everyone."""
    game = duel()
    act(game, A, _fix("wound", model="A1", amount="2"))
    act(game, A, _fix("place", model="A1", at="C7"))
    act(game, A, _fix("token", model="A1", name="guard"))
    act(game, A, _fix("token", model="A1", name="inspired"))
    fighter = game.state.fighters["A1"]
    assert (fighter.wounds, fighter.hex, fighter.guard, fighter.inspired) == (2, "C7", True, True)
    refused(game, _fix("wound", model="A1", amount="1"), actor(B), "its player or the host")
    refused(game, _fix("place", model="A2", at="D5"), actor(A), "occupied")
    act(game, A, _fix("wound", model="A1", amount="-5"))
    assert game.state.fighters["A1"].wounds == 0


def test_t36_a_fighter_that_charged_may_still_attack_when_a_ploy_says_so() -> None:
    """T36, L599; E19, L689: after its failed attack, Tireless Assault gives the fighter (which charged and cannot be
    activated again) another Attack action at the same target, costing no activation."""
    game = give(arrange(duel(), A1="D8"), A, "tireless-assault")
    turn_of(game, A)
    rig(game, "swords", "swords", "dodge")
    act(game, A, Charge(fighter="A1", to="D6", target="B1"))
    assert game.state.fighters["A1"].exhausted
    rig(game, "hammer", "hammer", "block")
    offer = next(d for d in game.pending if d.core == "reaction" and len(d.parts[0].options) > 1)
    game.apply(Answer(decision_id=offer.id, choice="ploy:tireless-assault"), actor(A))
    attacks = [e.body for e in game.log if e.kind == "uw.attack"]
    assert len(attacks) == 2 and game.state.players[A].activations == 1


def test_t37_a_fighter_may_attack_in_two_activations_of_a_phase() -> None:
    """T37, L397-L399: only Move and Charge are limited; attacking twice is allowed."""
    game = arrange(duel(), A1="D6")
    turn_of(game, A)
    for _ in range(2):
        rig(game, "swords", "swords", "dodge")
        act(game, A, Attack(fighter="A1", targets=("B1",)))
        while game.pending:
            game.apply(Answer(decision_id=game.pending[0].id, choice="pass"), actor(game.pending[0].owner))
        pass_power(game)
        act(game, B, Pass())
        pass_power(game)
    assert game.state.players[A].activations == 2


def test_t52_t53_a_next_activation_ploy_lasts_one_activation_or_to_the_round_end() -> None:
    """T52, T53, L605: played after the phase's last activation, nothing follows in the round: it is discarded
    at the round's end without effect."""
    game = give(duel(), A, "righteous-zeal")
    for _ in range(7):
        act_turn(game, Pass())
        pass_power(game)
    last = game.state.active_side
    act(game, last, Pass())  # type: ignore[arg-type]
    if game.state.power is not None and game.state.power.turn != A:
        act(game, game.state.power.turn, Pass())
    act(game, A, PlayCard(card="righteous-zeal"))
    assert [item.card for item in game.state.lingering] == ["righteous-zeal"]
    pass_power(game)
    while game.state.step == "end":
        act_turn(game, Pass())
    assert game.state.lingering == []


def test_t64_an_empty_deck_draws_nothing_or_is_refused_by_the_ruling() -> None:
    """T64, L295; ruling ``empty-deck-activation``."""
    game = duel()
    turn_of(game, A)
    draw = list(game.state.decks["power-A"].piles["draw"])
    emptied = extend(game, CardsMoved(deck_id="power-A", cards=draw, source="draw", target="discard"))
    before = len(emptied.state.decks["power-A"].piles["hand"])
    act(emptied, A, DrawPower())
    assert len(emptied.state.decks["power-A"].piles["hand"]) == before
    strict = ready(rulings={"empty-deck-activation": "forbidden"})
    strict = arrange(strict, **POSITIONS)
    turn_of(strict, A)
    draw = list(strict.state.decks["power-A"].piles["draw"])
    strict = extend(strict, CardsMoved(deck_id="power-A", cards=draw, source="draw", target="discard"))
    refused(strict, DrawPower(), actor(A), r"deck is empty.*L295")


def test_every_ruling_is_refereed_with_every_option_and_an_unknown_option_is_refused() -> None:
    """Each ruling in rulings.yaml is read by the referee's code (declared once, checked against the YAML) and none
    leaves an option to be played by hand; an option the YAML does not know is refused when the game is made,
    naming the ruling and its options."""
    assert RULES.rulings().problems(shipped().rulings) == []
    assert all(not r.by_hand for r in shipped().rulings)
    with pytest.raises(RulesError, match=r'ruling "dice-faces" has no option "loaded".*public-lists, table-entered'):
        new_game(rulings={"dice-faces": "loaded"})


@pytest.mark.parametrize("via", ["move", "knockback"])
@pytest.mark.parametrize(("ruling", "wounds"), [("ignored", 0), ("one-damage", 1)])
def test_lethal_hexes_hurt_only_under_their_ruling(ruling: str, wounds: int, via: str) -> None:
    """L237 (blocked is the book's only special hex); ruling ``lethal-hexes``: a later board's lethal hex costs a
    fighter that enters it a wound, by a Move or when driven back into it, though Knockback carries it on to a
    plain hex straight beyond (L567). Severin, one wound from his end, walking into one takes himself out: under
    ``self-take-out-glory: nobody-gains`` his opponent gains nothing (L559)."""
    game = new_game(rulings={"lethal-hexes": ruling, "self-take-out-glory": "nobody-gains"})
    decide(game, board="ruptured-seal")
    decide(game, board="mirror-well", join="long", slide="+0", turned="none")
    game.apply(AutoSetup(), HOST)
    board = game.system.lib.board(game.state)
    taken = {f.hex for f in game.state.fighters.values()}

    def plain(h: Hex) -> bool:
        return h in board and board.passable(h) and not board.has(h, "lethal") and board.id_of(h) not in taken

    if via == "move":
        lethal = sorted(board.id_of(h) for h in board.hexes_with("lethal"))[0]
        nearby = next(board.id_of(n) for n in board.hex_of(lethal).neighbours() if plain(n))
        game = extend(arrange(game, A1=nearby), Damaged(fighter="A1", amount=3, wounds=3))
        turn_of(game, A)
        act(game, A, Move(fighter="A1", to=lethal))
        assert game.state.fighters["A1"].out_of_action == bool(wounds) and game.state.players[B].glory == 0
        return
    # Obryn's Grandhammer (Knockback 1) drives Garrek from ``start`` into a lethal hex and on to a plain one.
    start, attacker, beyond = next((t, p, lethal + (lethal - t)) for lethal in sorted(board.hexes_with("lethal"))
                                   for t in lethal.neighbours() if plain(t)
                                   for p in t.neighbours() if plain(p) and p.distance(lethal) == 2
                                   and plain(lethal + (lethal - t)))
    game = arrange(game, A3=board.id_of(attacker), B1=board.id_of(start))
    turn_of(game, A)
    rig(game, "hammer", "hammer", "dodge")
    act(game, A, Attack(fighter="A3", targets=("B1",)))
    through = next(o for o in game.pending[0].parts[0].option_keys() if o.endswith(board.id_of(beyond)))
    seen = len(game.log)
    decide(game, **{"drive-back": through})
    assert [e.body.amount for e in game.log[seen:] if isinstance(e.body, Damaged)] == [1] * wounds


def test_e14_knockback_offers_the_drive_back_and_more_hexes_straight_on() -> None:
    """E14, T23, L567: Obryn's Grandhammer (Knockback 1) succeeds: each of the three drive-back hexes is offered
    alone or with the next hex straight on (the attacker may stop, ruling knockback-optional)."""
    game = arrange(duel(), A3="D6", A1="B9")
    turn_of(game, A)
    rig(game, "hammer", "hammer", "block")
    act(game, A, Attack(fighter="A3", targets=("B1",)))
    options = game.pending[0].parts[0].option_keys()
    assert "none" in options and {o for o in options if ">" in o} and len([o for o in options if ">" not in o]) == 4
    longest = next(o for o in options if ">" in o)
    decide(game, **{"drive-back": longest})
    assert game.state.fighters["B1"].hex == longest.split(">")[-1]
    start, end = game.system.lib.board(game.state).hex_of("D5"), game.system.lib.board(game.state).hex_of(
        longest.split(">")[-1])
    assert start.distance(end) == 2


def test_a_fix_by_hand_is_taken_while_a_decision_is_pending() -> None:
    """The referee never blocks play: a fix is declared anytime, so it waits for no pending choice."""
    game = arrange(duel(), A1="D6")
    turn_of(game, A)
    rig(game, "swords", "swords", "dodge")
    act(game, A, Attack(fighter="A1", targets=("B1",)))
    assert game.pending
    act(game, A, _fix("token", model="A1", name="guard"))
    assert game.state.fighters["A1"].guard and game.pending


def test_with_three_players_the_glory_for_a_take_out_goes_to_the_taker_and_cites_the_multiplayer_rule() -> None:
    """L809: with three or four players only the warband that took a fighter out gains the point, a rule of its own
    (L559 is the two-player one, where the other player gains it): the log cites the rule that applied."""
    game = ready(sides=3)
    board = game.system.lib.board(game.state)
    target = board.hex_of(game.state.fighters["B1"].hex or "")
    taken = {f.hex for f in game.state.fighters.values()}
    beside = next(board.id_of(n) for n in target.neighbours() if n in board and board.passable(n)
                  and board.id_of(n) not in taken)
    game = extend(arrange(game, A1=beside), Damaged(fighter="B1", amount=3, wounds=3))
    turn_of(game, A)
    rig(game, "crit", "hammer", "block")
    events = act(game, A, Attack(fighter="A1", targets=("B1",)))
    (gained,) = [e.body for e in events if e.body.kind == "uw.glory"]
    assert game.state.players[A].glory == 1 and game.state.players[SideId("C")].glory == 0
    assert "L809" in gained.describe() and "L559" not in gained.describe()
