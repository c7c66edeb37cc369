"""The end phase, player by player from the first activator (Underworlds core rulebook, L703-L711, L835, L877):
score objectives, discard objectives, play upgrades, discard power cards, draw up to three objectives and five
power cards. Under the ruling ``end-phase-order: step-by-step`` every player takes each part in turn before the
next part begins. Round 3's end phase is scoring only; then the game ends (L711).
Then every token but the objective tokens leaves the battlefield and the next round begins.
"""

from __future__ import annotations

from engine.core import IllegalCommand, InvalidCommand, NotYourTurn, PhaseChanged, RulesError, SideId
from engine.systems.underworlds.board_setup import begin_boards
from engine.systems.underworlds.events import (
    ActionPhaseEnded,
    GloryGained,
    Inspired,
    Note,
    RoundCleared,
    StepStarted,
    TurnPassed,
)
from engine.systems.underworlds.game_state import UnderworldsState, objective_deck, power_deck
from engine.systems.underworlds.match import finish_game
from engine.systems.underworlds.objectives import claimable, end_phase_scoring, hand
from engine.systems.underworlds.opening import HAND_OBJECTIVES, HAND_POWER, begin_round
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.turns import anticlockwise, rotation

__all__ = ["ARTEFACT_GLORY", "ROUNDS", "STAGES", "begin_end_phase", "discard", "discard_plan", "discard_refusal",
           "discardable", "finish_player", "finish_refusal", "holders"]

ROUNDS = 3
ARTEFACT_GLORY = 3
"""Glory for holding the Katophrane Artefact in an end phase (L749)."""


def holders(ref: Referee) -> list[tuple[int, str]]:
    """Which fighter holds which objective token now: (number, fighter id); the Artefact is number 0."""
    at = {f.hex: f.id for f in ref.state.fighters.values() if f.hex}
    return [(t.number or 0, at[t.hex]) for t in ref.state.tokens if t.hex in at]


def begin_end_phase(ref: Referee) -> None:
    state = ref.state
    ref.emit(ActionPhaseEnded(held=holders(ref)))  # the Artefact too: it is an objective token (L741)
    ref.emit(PhaseChanged(phase=f"end-{state.round}", shown=f"Round {state.round}: the end phase."))
    artefact = next((t for t in state.tokens if t.artefact), None)
    holder = next((f for f in state.fighters.values() if artefact is not None and f.hex == artefact.hex), None)
    if holder is not None:
        if not holder.inspired:
            ref.emit(Inspired(fighters=[holder.id], why=f"it holds the Katophrane Artefact, {RULE}, L749"))
        ref.emit(GloryGained(side=holder.side, amount=ARTEFACT_GLORY, source="artefact",
                             why=f"{holder.id} holds the Katophrane Artefact, {RULE}, L749"))
    if state.sudden_death:
        ref.emit(Note(text=f"Sudden death: nobody scores objectives, discards, plays upgrades or draws ({RULE}, "
                           "L751)."))
        _end_round(ref)
        return
    first = state.first or state.sides[0]
    order = [s for s in rotation(state.sides, first, reverse=anticlockwise(state, ref.rules)) if s in state.in_play]
    if state.round < ROUNDS and ref.rules.end_phase_order == "step-by-step":
        _begin_stage(ref, order, STAGES[0])
        return
    ref.emit(StepStarted(step="end", order=order,
                         shown=_last_shown(ref, order) if state.round >= ROUNDS else
                         f"Each player in turn from side {first}: objectives scored, then discards (/act "
                         "action:discard with:<card>), upgrades (/hand play card:<upgrade> model:<fighter>), and /act "
                         f"action:pass to draw up and finish ({RULE}, L703)."))
    _start_player(ref)


def _last_shown(ref: Referee, order: list[SideId]) -> str:
    """Round 3's end phase is scoring only (L711); a player who may claim a card is asked to before the game ends."""
    claims = any(_has_work(ref, side, "score") for side in order)
    return (f"Each player scores objectives, from side {order[0]}"
            + ("; one the referee cannot judge is claimed with /hand play card:<objective>, then /act action:pass"
               if claims else "") + f" ({RULE}, L711).")


STAGES = ("score", "discard-objectives", "upgrades", "discard-power", "draw")
"""The end phase's parts in order (L703, L877), each taken by every player in turn under the ruling
``end-phase-order: step-by-step``."""

_STAGE_SHOWN = {
    "score": "every player scores objectives (one the referee cannot judge is claimed with /hand play "
             "card:<objective>)",
    "discard-objectives": "every player may discard objective cards (/act action:discard with:<card>)",
    "upgrades": "every player may play upgrades (/hand play card:<upgrade> model:<fighter>)",
    "discard-power": "every player may discard power cards (/act action:discard with:<card>)",
    "draw": "every player draws up to three objectives and five power cards",
}


def _begin_stage(ref: Referee, order: list[SideId], stage: str) -> None:
    """One part of the end phase, for every player in turn (ruling ``end-phase-order: step-by-step``); a player
    with nothing to do in it is passed over, and a part where nobody could do anything is not announced."""
    while stage not in (STAGES[0], STAGES[-1]) and not any(_has_work(ref, side, stage) for side in order):
        stage = STAGES[STAGES.index(stage) + 1]
    busy = any(_has_work(ref, side, stage) for side in order)
    ref.emit(StepStarted(step="end", order=order, stage=stage,
                         shown=f"End phase, part {STAGES.index(stage) + 1} of {len(STAGES)}, in turn from side "
                               f"{order[0]}: {_STAGE_SHOWN[stage]}"
                               f"{'; /act action:pass when done' if busy else ''} (ruling "
                               f"end-phase-order: step-by-step; {RULE}, L703, L877)."))
    _start_player(ref)


def _start_player(ref: Referee) -> None:
    state = ref.state
    side = state.active_side
    assert side is not None
    if state.end_stage in ("", "score"):
        end_phase_scoring(ref, side)
    part = "score" if state.round >= ROUNDS else state.end_stage  # round 3's end phase is scoring only (L711)
    if part and not _has_work(ref, side, part):
        finish_player(ref, side)


def _has_work(ref: Referee, side: SideId, stage: str) -> bool:
    """Whether ``side`` could do anything in this part of the end phase."""
    state = ref.state
    objectives, powers = hand(ref, side), state.decks[power_deck(side)].piles["hand"]
    if stage == "score":
        # Which cards a player could claim now is its secret: any it may be asked to claim keeps it at the table.
        return any(claimable(ref, ref.lib.card(state, c)) for c in objectives)
    if stage == "discard-objectives":
        return bool(objectives)
    if stage == "upgrades":
        record = state.players[side]
        return record.glory > record.spent and any(ref.lib.card(state, c).type == "upgrade" for c in powers)
    return stage == "discard-power" and bool(powers)


def discard_refusal(state: UnderworldsState, side: SideId | None, verb: str) -> RulesError | None:
    """Why ``side`` may not discard now: cards are discarded in one's own end phase, before round 3's (scoring
    only), and under the ruling ``end-phase-order: step-by-step`` in its discard parts (L703, L711)."""
    if state.step != "end":
        return IllegalCommand("cards are discarded in the end phase", verb=verb, rule=f"{RULE}, L703")
    if state.active_side != side:
        return NotYourTurn(f"it is side {state.active_side}'s end phase", verb=verb, rule=f"{RULE}, L703")
    if state.round >= ROUNDS:
        return IllegalCommand("round 3's end phase is scoring only", verb=verb, rule=f"{RULE}, L711")
    if state.end_stage not in ("", "discard-objectives", "discard-power"):
        return IllegalCommand(f"this part of the end phase is {state.end_stage}: cards are discarded in the parts "
                              "discard-objectives and discard-power (ruling end-phase-order: step-by-step)",
                              verb=verb, rule=f"{RULE}, L703")
    return None


def discardable(ref: Referee, side: SideId) -> list[tuple[str, str]]:
    """The cards ``side`` may discard in this part of its end phase, as (deck, card): objectives, then power
    cards (L703; ruling ``end-phase-order``)."""
    stage = ref.state.end_stage
    found = [(objective_deck(side), c) for c in hand(ref, side)] if stage in ("", "discard-objectives") else []
    if stage in ("", "discard-power"):
        deck = ref.state.decks.get(power_deck(side))  # none before the decks are dealt: nothing to discard
        found += [(power_deck(side), c) for c in deck.piles["hand"]] if deck is not None else []
    return found


def discard_plan(ref: Referee, side: SideId, text: str, verb: str) -> tuple[str, str]:
    """The card of ``side``'s hand ``text`` names, checked for this part of its end phase: (deck, card)."""
    stage = ref.state.end_stage
    for deck_id, held, part in ((objective_deck(side), hand(ref, side), "discard-objectives"),
                                (power_deck(side), list(ref.state.decks[power_deck(side)].piles["hand"]),
                                 "discard-power")):
        card = ref.lib.find_card(ref.state, text, held)
        if card is None:
            continue
        if stage not in ("", part):
            raise IllegalCommand(f"this part of the end phase is {stage}: {ref.lib.card(ref.state, card).name} is "
                                 f"discarded in the part {part} (ruling end-phase-order: step-by-step)", verb=verb,
                                 rule=f"{RULE}, L703")
        return deck_id, card
    raise InvalidCommand(f"{text!r} is not a card in your hand", verb=verb)


def discard(ref: Referee, deck_id: str, card: str) -> None:
    """Discard an objective or power card in one's end phase (L703)."""
    ref.decks().move(deck_id, [card], "hand", "discard", why="discarded in the end phase")


def finish_refusal(state: UnderworldsState, side: SideId | None, verb: str) -> RulesError | None:
    """Why ``side`` may not finish its part of the end phase now: it is not its turn in it (L703)."""
    if state.step != "end" or state.active_side != side:
        return NotYourTurn(f"it is side {state.active_side}'s turn", verb=verb, rule=f"{RULE}, L703")
    return None


def finish_player(ref: Referee, side: SideId) -> None:
    """The player draws up to three objectives and five power cards (not in round 3), and the next one goes on;
    after the last, the round ends (L703, L711)."""
    state = ref.state
    if state.round < ROUNDS and state.end_stage in ("", "draw"):
        decks = ref.decks()
        for deck_id, size in ((objective_deck(side), HAND_OBJECTIVES), (power_deck(side), HAND_POWER)):
            held = len(state.decks[deck_id].piles["hand"])
            if held < size:
                decks.draw(deck_id, size - held, why="drawing up in the end phase")
    if state.turn_index + 1 < len(state.order):
        ref.emit(TurnPassed(index=state.turn_index + 1, side=state.order[state.turn_index + 1]))
        _start_player(ref)
        return
    if state.end_stage and state.end_stage != STAGES[-1]:
        _begin_stage(ref, list(state.order), STAGES[STAGES.index(state.end_stage) + 1])
        return
    _end_round(ref)


def _end_round(ref: Referee) -> None:
    state = ref.state
    after = finish_game(ref) if state.round == ROUNDS else "sudden death" if state.sudden_death else "next round"
    if after == "next game":
        begin_boards(ref)
    if after not in ("next round", "sudden death"):
        return
    clear_all = len(state.sides) > 2 and ref.rules.multiplayer_cleanup == "clear-all"
    ref.emit(RoundCleared(tokens_too=clear_all))
    begin_round(ref, state.round + 1)
