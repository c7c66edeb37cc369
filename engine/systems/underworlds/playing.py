"""Cards and passes, declared (Underworlds core rulebook, L401, L575, L599, L605, L703, L707): a card played from
hand (a ploy, an upgrade, or a claim of an objective the referee cannot judge), then what that card asks for, one
answer after another: its fighters (a set), a hex, where the fighter it chose is pushed, a held objective token;
one's own imported card put into one's hand; a discard in one's end phase; and the pass that ends an activation, a
turn of the power step or one's part of the end phase.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Ask, Choice, IllegalCommand, Param, RulesError, Shape, SideId
from engine.systems.underworlds import activations, afterwards, endphase, power
from engine.systems.underworlds.cards import choices, upgrade_problem
from engine.systems.underworlds.declared import RULES, Timing, applied, hex_choice, said
from engine.systems.underworlds.game_state import UnderworldsState
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import Card

__all__: list[str] = []

_PLAY = "hand play"


def _card(ref: Referee, ask: Ask) -> Card:
    return power.held_card(ref, ask.acting, ask.text("card"), ask.verb)


def _playable(ref: Referee, ask: Ask) -> list[Choice]:
    return [Choice(card.id, card.name) for card in power.playable(ref, ask.acting)]


def _card_check(ref: Referee, ask: Ask, typed: str) -> None:
    card = power.held_card(ref, ask.acting, typed, ask.verb)
    refused = power.card_problem(ref, ask.acting, card, ask.verb)
    if refused is not None:
        raise refused


# -- what the card asks for -------------------------------------------------------------------------------


def _asks_fighters(ref: Referee, ask: Ask) -> bool:
    card = _card(ref, ask)
    return card.type == "upgrade" or (card.type == "ploy" and card.choose is not None
                                      and card.choose.fighters is not None)


def _how_many(ref: Referee, ask: Ask) -> tuple[int, int]:
    card = _card(ref, ask)
    count = card.choose.count if card.type == "ploy" and card.choose is not None else 1
    return count, count


def _fighters(ref: Referee, ask: Ask) -> list[Choice]:
    """An upgrade's fighters that may take it; a ploy's that it may choose next, given those chosen before."""
    card = _card(ref, ask)
    if card.type == "upgrade":
        return [Choice(f) for f in power.upgradable(ref, ask.acting, card)]
    return [Choice(f) for f in power.pickable(ref, ask.acting, card, ask.item.earlier if ask.item else ())]


def _fighter(ref: Referee, ask: Ask, typed: str) -> None:
    card, side = _card(ref, ask), ask.acting
    fighter = ref.lib.fighter(ref.state, typed)
    if card.type == "upgrade":
        why_not = upgrade_problem(card, ref.battle(), side, fighter.id, 1)
        if why_not is not None:
            raise IllegalCommand(why_not, verb=ask.verb)
        return
    assert card.choose is not None
    picks = choices(card.choose, ref.battle(), side)
    raise IllegalCommand(f"{card.name} cannot choose {fighter.id}; it may choose "
                         f"{'; '.join(' and '.join(p) for p in picks[:8])}", verb=ask.verb, rule=f"{RULE}, L575")


def _asks_hex(ref: Referee, ask: Ask) -> bool:
    """A ploy that chooses an empty hex, or pushes the fighter it chose somewhere it can go."""
    card = _card(ref, ask)
    if card.type != "ploy" or card.choose is None:
        return False
    if card.choose.hex is not None:
        return True
    chosen = ask.listed("model")
    return bool(chosen) and bool(power.push_hexes(ref, card, ref.lib.fighter(ref.state, chosen[0]).id))


def _hexes(ref: Referee, ask: Ask) -> list[Choice]:
    card = _card(ref, ask)
    assert card.choose is not None
    if card.choose.hex is not None:
        return [hex_choice(p[0]) for p in choices(card.choose, ref.battle(), ask.acting)]
    return [hex_choice(h) for h in power.push_hexes(ref, card, ref.lib.fighter(ref.state, ask.listed("model")[0]).id)]


def _asks_token(ref: Referee, ask: Ask) -> bool:
    card = _card(ref, ask)
    return card.type == "ploy" and card.choose is not None and card.choose.objective is not None


def _tokens(ref: Referee, ask: Ask) -> list[Choice]:
    card = _card(ref, ask)
    assert card.choose is not None
    return [Choice(p[0], "the Katophrane Artefact" if p[0] == "A" else f"objective token {p[0]}")
            for p in choices(card.choose, ref.battle(), ask.acting)]


def _play_plan(ref: Referee, ask: Ask) -> power.PlayPlan:
    return power.play_plan(ref, ask.acting, ask.text("card"), ask.listed("model"), ask.text("to", ""),
                           ask.text("target", ""), ask.verb)


def _checked_play(option: str) -> Callable[[Referee, Ask, str], object]:
    """A typed hex or token refused as the whole play would refuse it (the answers before it stand)."""

    def check(ref: Referee, ask: Ask, typed: str) -> object:
        given = {"to": ask.text("to", ""), "target": ask.text("target", ""), option: typed}
        return power.play_plan(ref, ask.acting, ask.text("card"), ask.listed("model"), given["to"],
                               given["target"], ask.verb)

    return check


def _any_step(state: UnderworldsState, side: SideId | None, verb: str) -> RulesError | None:
    """Cards are played in the action phase (claims, and power cards in the power step) and the end phase."""
    if state.step not in ("activation", "power", "end"):
        return IllegalCommand(f"cards are played once the game is under way (now: {state.step})", verb=verb,
                              rule=f"{RULE}, L575, L703")
    return None


RULES.action(None, "Play a ploy or upgrade, or claim an objective; then what the card asks for (fighters, a hex, "
                   "an objective token)", verb=("hand", "play"), label="Play", per="card", check=_play_plan,
             when=Timing(steps=("activation", "power", "end"), turn=False, words=_any_step),
             rule=f"{RULE}, L575, L599, L605", params=(
                 Param("card", "Which card?", values=_playable, refused=said(_card_check), noun="cards"),
                 Param("model", "Which fighters?", values=_fighters, shape=Shape.SET, count=_how_many,
                       asked_when=_asks_fighters, refused=said(_fighter), noun="fighters"),
                 Param("to", "Which hex?", values=_hexes, asked_when=_asks_hex, refused=said(_checked_play("to")),
                       single=True, noun="hexes"),
                 Param("target", "Which objective token?", values=_tokens, asked_when=_asks_token,
                       refused=said(_checked_play("target")), noun="tokens"),
             ))(applied(power.play))


# -- one's own cards, discards, passes ------------------------------------------------------------------------


def _addable(ref: Referee, ask: Ask) -> list[Choice]:
    found = []
    for card_id in power.own_imports(ref, ask.acting):
        try:
            power.add_plan(ref, ask.acting, card_id, ask.verb)
        except RulesError:
            continue
        found.append(Choice(card_id, ref.lib.card(ref.state, card_id).name))
    return found


RULES.action(None, "Put one of your own imported cards into your hand (a house rule)", verb=("hand", "add"),
             label="Add a card of your own", when=Timing(turn=False, words=lambda state, side, verb: None),
             check=lambda ref, ask: (ask.acting, power.add_plan(ref, ask.acting, ask.text("card"), ask.verb)),
             rule=f"{RULE}, L111, L295", params=(
                 Param("card", "Which card?", values=_addable, noun="cards",
                       refused=said(lambda ref, ask, typed: power.add_plan(ref, ask.acting, typed, ask.verb))),
             ))(applied(lambda ref, plan: power.add_card(ref, *plan)))


def _discardable(ref: Referee, ask: Ask) -> list[Choice]:
    return [Choice(card, ref.lib.card(ref.state, card).name) for _, card in endphase.discardable(ref, ask.acting)]


RULES.action("discard", "End phase: discard an objective or power card", label="Discard a card",
             when=Timing(steps=("end",), words=endphase.discard_refusal), rule=f"{RULE}, L703",
             check=lambda ref, ask: endphase.discard_plan(ref, ask.acting, ask.text("with"), ask.verb), params=(
                 Param("with", "Which card?", values=_discardable, noun="cards", refused=said(
                     lambda ref, ask, typed: endphase.discard_plan(ref, ask.acting, typed, ask.verb))),
             ))(applied(lambda ref, plan: endphase.discard(ref, *plan)))


_PASSES: dict[str, tuple[Callable[[UnderworldsState, SideId | None, str], RulesError | None],
                         Callable[[Referee, SideId], None]]] = {
    "power": (afterwards.power_refusal, afterwards.pass_power),
    "end": (endphase.finish_refusal, endphase.finish_player),
}
"""A pass in the power step, and the end of one's part of the end phase; anywhere else a pass is an activation."""
_ACTIVATION_PASS = (activations.activation_refusal, activations.pass_activation)


def _pass_refusal(state: UnderworldsState, side: SideId | None, verb: str) -> RulesError | None:
    return _PASSES.get(state.step, _ACTIVATION_PASS)[0](state, side, verb)


def _pass(ref: Referee, side: SideId) -> None:
    _PASSES.get(ref.state.step, _ACTIVATION_PASS)[1](ref, side)


RULES.action("pass", "Pass: an activation doing nothing, a pass in the power step, or the end of your end phase",
             label="Pass", when=Timing(steps=("activation", "power", "end"), words=_pass_refusal),
             check=lambda ref, ask: ask.acting, rule=f"{RULE}, L401, L575, L703")(applied(_pass))
