"""Playing cards from hand: ploys in a power step, upgrades in a power step or one's end phase (Underworlds core
rulebook, L575, L599, L605, L703), and claims of objectives the referee cannot judge (claim and confirm).

A ploy names what it chooses in the command (``model:``, ``target:``, ``to:``); it cannot be played when there
is nothing it could choose (L575). An upgrade costs an unspent glory point and goes on an eligible fighter on the
battlefield (L371, L605).
"""

from __future__ import annotations

from engine.core import NOBODY, DecisionPart, IllegalCommand, InvalidCommand, Option, SideId
from engine.systems.underworlds.activations import next_power_turn
from engine.systems.underworlds.cards import choices, upgrade_problem
from engine.systems.underworlds.commands import PlayCard
from engine.systems.underworlds.events import Note, PloyPlayed, UnscorableSet, UpgradeGiven
from engine.systems.underworlds.game_state import EffectsFrame, PloyEndFrame, objective_deck, power_deck
from engine.systems.underworlds.harm import check_inspire
from engine.systems.underworlds.match import sudden_death_refusal
from engine.systems.underworlds.objectives import claimable, drawn_marks, hand, score
from engine.systems.underworlds.opening import HAND_OBJECTIVES
from engine.systems.underworlds.pushing import push_steps
from engine.systems.underworlds.reacting import as_data
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.schema import UNIVERSAL, Card
from engine.systems.underworlds.turns import end_turn, rotation
from engine.systems.underworlds.vocabulary import PushEffect

__all__ = ["CLAIM", "add_card", "on_claim", "play_card", "ploy_end"]

CLAIM = "claim"


def play_card(ref: Referee, side: SideId, command: PlayCard) -> None:
    state = ref.state
    why = sudden_death_refusal(state)
    if why is not None:
        raise IllegalCommand(why, verb=command.verb)
    powers = list(state.decks[power_deck(side)].piles["hand"]) if power_deck(side) in state.decks else []
    card_id = ref.lib.find_card(state, command.card, powers) or ref.lib.find_card(state, command.card,
                                                                                  hand(ref, side))
    if card_id is None:
        held = ", ".join(ref.lib.card(state, c).name for c in (*powers, *hand(ref, side))) or "no cards"
        raise IllegalCommand(f"{command.card!r} is not a card in your hand (you hold {held})", verb=command.verb,
                             rule=f"{RULE}, L599, L605")
    card = ref.lib.card(state, card_id)
    if card.type == "objective":
        _claim(ref, side, card, command.verb)
        return
    in_power = state.step == "power" and state.power is not None and state.power.turn == side
    in_end = end_turn(state, side, "upgrades")
    if card.type == "ploy":
        _play_ploy(ref, side, card, command, in_power, state.step == "end")
    else:
        _play_upgrade(ref, side, card, command, in_power or in_end)


def _play_ploy(ref: Referee, side: SideId, card: Card, command: PlayCard, in_power: bool, in_end: bool) -> None:
    if in_end:
        raise IllegalCommand("ploys cannot be played in the end phase", verb=command.verb, rule=f"{RULE}, L703")
    if card.reaction is not None:
        raise IllegalCommand(f"{card.name} is a reaction: it is played when its condition is met, and you are asked "
                             "then", verb=command.verb, rule=f"{RULE}, L631")
    if not in_power:
        raise IllegalCommand(f"power cards are played in the power step after an activation, on your turn to play or "
                             f"pass (now: {_now(ref)})", verb=command.verb, rule=f"{RULE}, L575")
    chosen = _pick(ref, side, card, command)
    answers = _pushes(ref, card, chosen, command)
    ref.decks().move(power_deck(side), [card.id], "hand", "discard", why="played", quiet=True)
    ref.emit(PloyPlayed(side=side, card=card.id, name=card.name, detail=", ".join(chosen)))
    if card.unexpressed is not None:
        ref.emit(Note(text=f"{card.name} is a card the referee cannot apply ({card.unexpressed}): the players apply "
                           f"it by hand (/model wound, /model place, /model token); {card.summary}"))
        ref.push(PloyEndFrame(id=ref.next_frame_id(), side=side, card=card.id))
        return
    ref.push(PloyEndFrame(id=ref.next_frame_id(), side=side, card=card.id),
             EffectsFrame(id=ref.next_frame_id(), card=card.id, side=side, effects=as_data(card.effects),
                          chosen=chosen, answers=answers, ploy=True))


def _now(ref: Referee) -> str:
    state = ref.state
    if state.step == "power" and state.power is not None:
        return f"side {state.power.turn}'s turn in the power step"
    if state.step == "end" and state.end_stage:
        return (f"side {state.active_side}'s turn in the end phase's part {state.end_stage}; upgrades are played in "
                "the part upgrades (ruling end-phase-order: step-by-step)")
    return {"activation": f"side {state.active_side}'s activation"}.get(state.step, state.step)


def _pick(ref: Referee, side: SideId, card: Card, command: PlayCard) -> list[str]:
    """What the ploy chooses, from the command, checked against what it may choose now (L575)."""
    choose = card.choose
    if choose is None:
        return []
    state = ref.state
    picks = choices(choose, ref.battle(), side)
    if not picks:
        raise IllegalCommand(f"{card.name} cannot be played now: there is nothing it could choose",
                             verb=command.verb, rule=f"{RULE}, L575")
    if choose.fighters is not None:
        named = [ref.lib.fighter(state, t).id for t in (command.fighter, command.target) if t]
        wanted = frozenset(named)
        if not named and not (choose.up_to and () in picks):
            example = " and ".join(picks[0])
            raise InvalidCommand(f"{card.name} chooses {choose.count} {choose.fighters} fighter"
                                 f"{'s' if choose.count > 1 else ''}: name them with model: (and target:), e.g. "
                                 f"{example}", verb=command.verb)
        if wanted not in {frozenset(p) for p in picks}:
            raise IllegalCommand(f"{card.name} cannot choose {' and '.join(named) or 'nobody'}; it may choose "
                                 f"{'; '.join(' and '.join(p) for p in picks[:8])}", verb=command.verb,
                                 rule=f"{RULE}, L575")
        return named
    if choose.hex is not None:
        text = command.to or command.target
        if not text:
            raise InvalidCommand(f"{card.name} chooses an empty hex: name it with to:", verb=command.verb)
        hex_id = ref.lib.hex_id(ref.lib.board(state), text)
        if (hex_id,) not in picks:
            raise IllegalCommand(f"{card.name} needs an empty hex; {hex_id} is not one", verb=command.verb,
                                 rule=f"{RULE}, L575")
        return [hex_id]
    text = command.target or command.to
    token = next((t for t in state.tokens if text and (str(t.number) == text.strip() or t.hex == text.upper())), None)
    if token is None or (str(token.number),) not in picks:
        held = ", ".join(p[0] for p in picks)
        raise IllegalCommand(f"{card.name} needs an objective token you hold: name it with target: ({held})",
                             verb=command.verb, rule=f"{RULE}, L575")
    return [token.hex]


def _pushes(ref: Referee, card: Card, chosen: list[str], command: PlayCard) -> dict[str, str]:
    """A push of the chosen fighter may name its hex in the command (``to:``); it is checked now."""
    if not command.to or not chosen or card.choose is None or card.choose.fighters is None:
        return {}
    state = ref.state
    board = ref.lib.board(state)
    for index, effect in enumerate(card.effects):
        if isinstance(effect, PushEffect) and effect.who == "chosen":
            fighter = state.fighters[chosen[0]]
            hex_id = ref.lib.hex_id(board, command.to)
            occupied = [board.hex_of(f.hex) for f in state.fighters.values() if f.hex and f.id != fighter.id]
            whole = ref.rules.push_exact == "all-or-nothing" and not effect.up_to
            free = {board.id_of(h) for h in push_steps(board, board.hex_of(str(fighter.hex)), None, effect.hexes,
                                                       occupied, straight=ref.rules.push_path == "straight",
                                                       whole=whole)}
            if hex_id not in free:
                raise IllegalCommand(f"{fighter.id} cannot be pushed into {hex_id}: a push goes one hex into a hex "
                                     f"that is not blocked or occupied (free: {', '.join(sorted(free)) or 'none'})",
                                     verb=command.verb, rule=f"{RULE}, L413")
            return {f"{index}:{fighter.id}:0": hex_id}
    return {}


def _play_upgrade(ref: Referee, side: SideId, card: Card, command: PlayCard, allowed: bool) -> None:
    state = ref.state
    if not allowed:
        raise IllegalCommand(f"upgrades are played in a power step on your turn, or in your end phase (now: "
                             f"{_now(ref)})", verb=command.verb, rule=f"{RULE}, L605, L703")
    if not (command.fighter or command.target):
        raise InvalidCommand(f"name the fighter who takes {card.name} with model:", verb=command.verb)
    fighter = ref.lib.fighter(state, command.fighter or command.target)
    record = state.players[side]
    why = upgrade_problem(card, ref.battle(), side, fighter.id, record.glory - record.spent)
    if why is not None:
        raise IllegalCommand(why, verb=command.verb)
    ref.decks().move(power_deck(side), [card.id], "hand", "upgrades", why=f"on {fighter.id}", quiet=True)
    ref.emit(UpgradeGiven(side=side, fighter=fighter.id, card=card.id, name=card.name))
    if state.step == "power":
        next_power_turn(ref, passed=False)


def ploy_end(ref: Referee, frame: PloyEndFrame) -> None:
    """A ploy played in a power step is done: Inspire (not part of an action, so at once, L45), then the power
    step goes on with the next player."""
    ref.pop(frame.id)
    check_inspire(ref)
    if ref.state.step == "power":
        next_power_turn(ref, passed=False)


def _claim(ref: Referee, side: SideId, card: Card, verb: str) -> None:
    """Claim an objective the referee cannot judge: an opponent confirms or refuses (ruling
    ``objective-evaluation``)."""
    state = ref.state
    if not claimable(ref, card):
        raise IllegalCommand(f"{card.name} is scored by the referee when its condition is met; it needs no claim",
                             verb=verb, rule=f"{RULE}, L707")
    when = card.score or "end_phase"
    in_end = end_turn(state, side, "score")
    if when != "immediate" and not in_end:
        raise IllegalCommand(f"{card.name} is scored in your end phase", verb=verb, rule=f"{RULE}, L703")
    if when == "third_end_phase" and state.round < 3:
        raise IllegalCommand(f"{card.name} is scored only in the third end phase", verb=verb, rule=f"{RULE}, L711")
    judge = next(s for s in rotation(state.in_play, side) if s != side)
    ref.emit(Note(text=f"Side {side} claims the objective {card.name}: {card.summary}"))
    ref.ask(judge, CLAIM, f"Side {side} claims {card.name} ({card.summary}). Is its condition met?",
            [DecisionPart(key=CLAIM, prompt="Confirm the claim?", default="no",
                          options=(Option(key="yes", label="Confirm: it is met"),
                                   Option(key="no", label="Refuse: it is not met")))],
            context={"side": side, "card": card.id})


def on_claim(ref: Referee, side: SideId, card_id: str, confirmed: bool) -> None:
    if not confirmed:
        ref.emit(Note(text=f"Side {side}'s claim is refused; the card stays in hand."))
        return
    card = ref.lib.card(ref.state, card_id)
    score(ref, side, card, ("claimed and confirmed by an opponent (ruling objective-evaluation)",))
    if ref.state.step in ("activation", "power"):
        drawn = ref.decks().draw(objective_deck(side), max(0, HAND_OBJECTIVES - len(hand(ref, side))),
                                    why="replacing a scored objective")
        marks = drawn_marks(ref, side, drawn, ref.state.checkpoint)
        if marks:
            ref.emit(UnscorableSet(unscorable={**ref.state.unscorable, **marks}), NOBODY)


def add_card(ref: Referee, side: SideId, text: str, verb: str) -> None:
    """Put one of one's own imported cards (or the host's) into one's hand (a house rule; the table sees only that
    a card was added): its warband's or a universal card, and never a fourth objective (L295). Another player's
    cards are theirs alone: never offered, never named."""
    state = ref.state
    imported = [str(raw.get("id")) for raw in state.imported if state.imported_by.get(str(raw.get("id"))) in (side, "")]
    card_id = ref.lib.find_card(state, text, imported)
    if card_id is None:
        listed = ", ".join(imported) or "none yet (import them with /force import file:)"
        raise InvalidCommand(f"{text!r} is not a card you (or the host) imported into this game; yours: {listed}",
                             verb=verb)
    card = ref.lib.card(state, card_id)
    warband = state.players[side].warband if side in state.players else ""
    if card.warband not in (warband, UNIVERSAL):
        raise IllegalCommand(f"{card.name} belongs to {card.warband}; side {side} may hold only its warband's and "
                             "universal cards", verb=verb, rule=f"{RULE}, L111, L299")
    deck = objective_deck(side) if card.type == "objective" else power_deck(side)
    if deck not in state.decks:
        raise IllegalCommand("cards are added to hands once the hands are dealt", verb=verb)
    if card.type == "objective" and len(hand(ref, side)) >= HAND_OBJECTIVES:
        raise IllegalCommand("a hand never holds more than three objective cards", verb=verb, rule=f"{RULE}, L295")
    ref.decks().add(deck, [card.id], "hand", why="a card of their own")
    ref.emit(Note(text=f"Side {side} adds a card of their own to their hand (a house rule)."))
