"""The bot's policy for a side seated to it (``/game new bot:B``), simple and deterministic (the same state
gives the same move, so games replay):

* set-up: its warband and its decks drawn among those offered with its side's secret dice (so they differ from game
  to game, and the reasons of these secret choices reach its side alone); each other choice at its default;
  objective tokens and fighters on the first legal hexes in id order;
* a decision it owes: a reaction if it has one (the first offered), otherwise each choice's default; a
  drive-back always drives the target back into the first hex offered;
* its activation: the Attack action with the most damage against the enemy closest to going out of action; else
  a Charge at such a target; else a Move toward the nearest enemy (or objective token); else Guard; else pass;
* its power step or end phase: an upgrade when it has unspent glory (the first card on the first fighter that
  may take it); otherwise pass.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import PASS, REACTION, Answer, Command, SideId
from engine.core.bots import BotMove, answer_by_default, offer_refused, pick_in_secret
from engine.systems.underworlds.combat import DRIVE
from engine.systems.underworlds.commands import (
    Attack,
    Charge,
    Guard,
    Move,
    Pass,
    PlaceArtefact,
    PlaceFighter,
    PlaceToken,
    PlayCard,
)
from engine.systems.underworlds.guide import attack_options, can_act, charge_options, move_options, playable
from engine.systems.underworlds.harm import stats_of
from engine.systems.underworlds.opening import placement_hexes
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.setup import DECK, WARBAND, token_hexes

__all__ = ["bot_move", "setup_step"]


def setup_step(ref: Referee, side: SideId) -> Command | None:
    """The bot's (and the demo's) placement in the set-up: the first legal hex in id order."""
    state = ref.state
    if state.active_side != side:
        return None
    if state.step == "tokens":
        hexes = sorted(token_hexes(ref), key=_hex_order)
        centre = _centre(ref)
        hexes.sort(key=lambda h: (_distance(ref, h, centre), _hex_order(h)))
        return PlaceToken(to=hexes[0]) if hexes else None
    if state.step == "artefact":
        board = ref.lib.board(state)
        spots = sorted((board.id_of(h) for h in board.hexes if board.region_of(h) is None
                        and h not in board.edge_hexes() and not board.is_blocked(h)), key=_hex_order)
        return PlaceArtefact(to=spots[0]) if spots else None
    if state.step == "fighters":
        fighter = next((f for f in state.fighters.values() if f.side == side and f.hex is None
                        and not f.out_of_action), None)
        hexes = sorted(placement_hexes(ref, side), key=_hex_order)
        if fighter is not None and hexes:
            return PlaceFighter(fighter=fighter.id, to=hexes[0])
    return None


def _hex_order(hex_id: str) -> tuple[int, str]:
    letters = hex_id.rstrip("0123456789")
    return int(hex_id[len(letters):]), letters


def _centre(ref: Referee) -> str:
    board = ref.lib.board(ref.state)
    hexes = sorted(board.hexes, key=lambda h: (h.r, h.q))
    return board.id_of(hexes[len(hexes) // 2])


def _distance(ref: Referee, one: str, two: str) -> int:
    board = ref.lib.board(ref.state)
    return board.hex_of(one).distance(board.hex_of(two))


def bot_move(ref: Referee, side: SideId, allowed: Callable[[Command], bool]) -> BotMove | None:
    state = ref.state
    owed = next((d for d in state.pending.values() if d.owner == side), None)
    if owed is not None:
        if owed.core == REACTION:
            options = [o.key for o in owed.parts[0].options if o.key != PASS]
            choice = options[0] if options else PASS
            return BotMove(Answer(decision_id=owed.id, choice=choice), ("answers its reaction offer",))
        if owed.kind == "drive-back":
            options = [o.key for o in owed.parts[0].options if o.key != "none"]
            if options:
                return BotMove(Answer(decision_id=owed.id, answers={DRIVE: options[0]}),
                               (f"drives the target back into {options[0]}",))
        return pick_in_secret(owed) if owed.kind in (WARBAND, DECK) else answer_by_default(owed)
    if state.outcome is not None or state.frames:
        return None
    command = _choose(ref, side)
    if command is None:
        return None
    if not allowed(command):
        offer_refused("underworlds", side, command, "chosen from the guide's legal options")
        command = Pass()
        if not allowed(command):
            return None
    return BotMove(command, (f"takes {command.verb}",))


def _choose(ref: Referee, side: SideId) -> Command | None:
    state = ref.state
    if state.step in ("tokens", "artefact", "fighters"):
        return setup_step(ref, side)
    if state.step == "activation" and state.active_side == side:
        return _activation(ref, side)
    power_turn = state.step == "power" and state.power is not None and state.power.turn == side
    end_turn = state.step == "end" and state.active_side == side
    if power_turn or end_turn:
        return _upgrade(ref, side) or Pass()
    return None


def _activation(ref: Referee, side: SideId) -> Command:
    state = ref.state
    mine = [f for f in state.fighters.values() if f.side == side and can_act(f)]
    best: tuple[int, int, str, Command] | None = None
    for fighter in mine:
        for source, name, target in attack_options(ref, fighter):
            _, profile = ref.lib.attack_named(state, fighter, name, source)
            left = _wounds_left(ref, target)
            key = (-profile.damage, left, f"{fighter.id}{target}")
            if best is None or key < best[:3]:
                best = (*key, Attack(fighter=fighter.id, targets=(target,), attack=name))
    if best is not None:
        return best[3]
    for fighter in mine:
        options = charge_options(ref, fighter)
        if options:
            hex_id, target = min(options, key=lambda o: (_wounds_left(ref, o[1]), _hex_order(o[0])))
            return Charge(fighter=fighter.id, to=hex_id, target=target)
    goals = [f.hex for f in state.fighters.values() if f.side != side and f.hex] or [t.hex for t in state.tokens]
    for fighter in mine:
        hexes = move_options(ref, fighter)
        if hexes and goals and fighter.hex is not None:
            now = min(_distance(ref, fighter.hex, g) for g in goals)
            target = min(hexes, key=lambda h: (min(_distance(ref, h, g) for g in goals), _hex_order(h)))
            if min(_distance(ref, target, g) for g in goals) < now:
                return Move(fighter=fighter.id, to=target)
    for fighter in mine:
        if not fighter.guard:
            return Guard(fighter=fighter.id)
    return Pass()


def _wounds_left(ref: Referee, fighter_id: str) -> int:
    fighter = ref.state.fighters[fighter_id]
    return stats_of(ref.lib, ref.state, fighter).wounds - fighter.wounds


def _upgrade(ref: Referee, side: SideId) -> Command | None:
    state = ref.state
    for card_id in playable(ref, side):
        card = ref.lib.card(state, card_id)
        if card.type != "upgrade":
            continue
        for fighter in state.fighters.values():
            eligible = not card.restricted_to or fighter.profile in card.restricted_to
            if fighter.side == side and fighter.hex and eligible:
                return PlayCard(card=card_id, fighter=fighter.id)
    return None
