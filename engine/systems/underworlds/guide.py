"""What a player can do now, by the rules: the values each option may take (autocomplete and menus), the
actions a side may take (``System.legal_actions``), and ``/help``'s lines. Everything here reads the state as
the asking side may see it: its own hand, and the public rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import (
    Choice,
    InvalidCommand,
    LegalAction,
    OptionValue,
    SideId,
    Source,
    Viewer,
    ViewerKind,
    natural_key,
)
from engine.hex import destinations
from engine.systems.underworlds.cards import choices as card_choices
from engine.systems.underworlds.combat import odds, problem
from engine.systems.underworlds.game_state import FighterRecord, UnderworldsState, objective_deck, power_deck
from engine.systems.underworlds.harm import lingering_modifiers, stats_of
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.objectives import claimable
from engine.systems.underworlds.opening import placement_hexes
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.setup import token_hexes
from engine.systems.underworlds.stats import Situation
from engine.systems.underworlds.turns import ACTIVATIONS, end_turn
from engine.systems.underworlds.vocabulary import PushEffect

__all__ = ["attack_options", "can_act", "charge_options", "help_lines", "legal", "move_options", "playable",
           "sources"]


def _side(viewer: Viewer) -> SideId | None:
    return viewer.side if viewer.kind is ViewerKind.SIDE else None


def _fighter(ref: Referee, text: OptionValue | None) -> FighterRecord | None:
    if not text:
        return None
    try:
        return ref.lib.fighter(ref.state, str(text))
    except ValueError:
        return None


def can_act(fighter: FighterRecord) -> bool:
    return fighter.hex is not None and not fighter.exhausted


def move_options(ref: Referee, fighter: FighterRecord, *, charging: bool = False) -> list[str]:
    """Where the fighter's Move (or a Charge's move) may end (L403)."""
    state = ref.state
    if fighter.hex is None or fighter.moved or fighter.charged:
        return []
    board = ref.lib.board(state)
    upcoming = state.step == "activation"
    extra = [effect.modifier for _, _, effect in lingering_modifiers(ref, ("first_move",), fighter,
                                                                     upcoming=upcoming)]
    if charging and any(m.cannot_charge for m in extra):
        return []
    stats = stats_of(ref.lib, state, fighter, Situation(charging=charging), extra)
    others = [board.hex_of(f.hex) for f in state.fighters.values() if f.hex and f.id != fighter.id]
    through = others if stats.move_through_fighters else []
    found = destinations(board, board.hex_of(fighter.hex), stats.move, occupied=others, pass_through=through)
    return sorted((board.id_of(h) for h in found), key=lambda h: (found[board.hex_of(h)], h))


def _odds_label(ref: Referee, fighter: FighterRecord, attack: str, source: str | None, target: str) -> str:
    """`` (58% to succeed)``: the chance ``attack`` succeeds against ``target`` now, shown before it is chosen (no
    odds for an attack the fighter does not have)."""
    try:
        _, profile = ref.lib.attack_named(ref.state, fighter, attack, source)
    except InvalidCommand:
        return ""
    return f" ({round(100 * odds(ref, fighter, profile, ref.state.fighters[target]))}% to succeed)"


def attack_options(ref: Referee, fighter: FighterRecord) -> list[tuple[str, str, str]]:
    """Every (source, attack, target) the fighter could make now from where it stands."""
    state = ref.state
    if fighter.hex is None:
        return []
    found = []
    for source, profile in ref.lib.attacks(state, fighter):
        for target in state.fighters.values():
            if target.side != fighter.side and target.hex and problem(ref, fighter, profile, target) is None:
                found.append((source, profile.name, target.id))
    return found


def charge_options(ref: Referee, fighter: FighterRecord, target: FighterRecord | None = None) -> list[tuple[str, str]]:
    """Every (end hex, target) a Charge could have: a move that ends with a target in range and sight (L569)."""
    state = ref.state
    found: list[tuple[str, str]] = []
    for hex_id in move_options(ref, fighter, charging=True):
        moved = state.model_copy(update={"fighters": {**state.fighters, fighter.id: fighter.model_copy(
            update={"hex": hex_id})}})
        there = Referee.reading(ref.lib, moved)
        for _, _, enemy in attack_options(there, moved.fighters[fighter.id]):
            if target is None or enemy == target.id:
                found.append((hex_id, enemy))
    return list(dict.fromkeys(found))


def playable(ref: Referee, side: SideId) -> list[str]:
    """The cards ``side`` may play (or claim) from hand now."""
    state = ref.state
    if power_deck(side) not in state.decks:
        return []
    found: list[str] = []
    if state.sudden_death:
        return found
    in_power = state.step == "power" and state.power is not None and state.power.turn == side
    in_end = end_turn(state, side, "upgrades")
    record = state.players[side]
    for card_id in state.decks[power_deck(side)].piles["hand"]:
        card = ref.lib.card(state, card_id)
        if card.type == "ploy" and in_power and card.reaction is None:
            if card.choose is None or card_choices(card.choose, ref.battle(), side):
                found.append(card_id)
        elif card.type == "upgrade" and (in_power or in_end) and record.glory > record.spent:
            found.append(card_id)
    for card_id in state.decks[objective_deck(side)].piles["hand"]:
        if claimable(ref, ref.lib.card(state, card_id)) and (state.step in ("activation", "power")
                                                             or end_turn(state, side, "score")):
            found.append(card_id)
    return found


def sources(lib: Library) -> dict[str, Source[UnderworldsState]]:
    """Each option's values now, by ``<action>:<option>`` (or the option alone for the placement actions)."""

    def read(state: UnderworldsState) -> Referee:
        return Referee.reading(lib, state)

    def hexes(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        ref, side = read(state), _side(viewer)
        if state.step == "tokens":
            return [Choice(h) for h in sorted(token_hexes(ref), key=natural_key)]
        if state.step == "artefact":
            board = lib.board(state)
            edges = board.edge_hexes()
            return [Choice(board.id_of(h)) for h in sorted(board.hexes, key=lambda h: natural_key(board.id_of(h)))
                    if board.region_of(h) is None and h not in edges and not board.is_blocked(h)]
        if state.step == "fighters" and side is not None:
            return [Choice(h) for h in sorted(placement_hexes(ref, side), key=natural_key)]
        return []

    def unplaced(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        side = _side(viewer)
        return [Choice(f.id, f"{f.id} {lib.fighter_card(f.profile).name}") for f in state.fighters.values()
                if f.side == side and f.hex is None and not f.out_of_action]

    def own(predicate: str) -> Source[UnderworldsState]:
        def found(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
            ref, side = read(state), _side(viewer)
            if side is None:
                return []
            picked = []
            for f in state.fighters.values():
                if f.side != side or not can_act(f):
                    continue
                ok = {"move": bool(move_options(ref, f)), "charge": bool(charge_options(ref, f)),
                      "guard": not f.guard, "attack": bool(attack_options(ref, f)),
                      "use": any(lib.card(state, c).action for c in f.upgrades)}[predicate]
                if ok:
                    picked.append(Choice(f.id, f"{f.id} {lib.fighter_card(f.profile).name}"))
            return picked
        return found

    def every(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        side = _side(viewer)
        return [Choice(f.id, f"{f.id} {lib.fighter_card(f.profile).name}") for f in state.fighters.values()
                if side is None or f.side == side]

    def move_to(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        fighter = _fighter(read(state), filled.get("model"))
        return [Choice(h) for h in move_options(read(state), fighter)] if fighter else []

    def attack_target(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        fighter = _fighter(read(state), filled.get("model"))
        if fighter is None:
            return []
        ref = read(state)
        first: dict[str, tuple[str, str]] = {}
        for source, attack, target in attack_options(ref, fighter):
            first.setdefault(target, (source, attack))
        named = str(filled.get("with", "")).strip()
        return [Choice(t, f"{t} {lib.fighter_card(state.fighters[t].profile).name}"
                          + _odds_label(ref, fighter, named or attack, None if named else source, t))
                for t, (source, attack) in first.items()]

    def attack_with(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        fighter = _fighter(read(state), filled.get("model"))
        return [Choice(p.name) for _, p in lib.attacks(state, fighter)] if fighter else []

    def optional(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        fighter = _fighter(read(state), filled.get("model"))
        if fighter is None:
            return []
        return [Choice(c, lib.card(state, c).name) for c in fighter.upgrades
                if any(m.optional for m in lib.card(state, c).modifiers)]

    def charge_target(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        fighter = _fighter(read(state), filled.get("model"))
        return [Choice(t) for t in dict.fromkeys(t for _, t in charge_options(read(state), fighter))] if fighter \
            else []

    def charge_to(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        ref = read(state)
        fighter, target = _fighter(ref, filled.get("model")), _fighter(ref, filled.get("target"))
        return [Choice(h) for h, _ in charge_options(ref, fighter, target)] if fighter else []

    def use_with(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        fighter = _fighter(read(state), filled.get("model"))
        return [Choice(c, lib.card(state, c).name) for c in (fighter.upgrades if fighter else [])
                if lib.card(state, c).action]

    def in_hand(deck: str, *, power_too: bool = False) -> Source[UnderworldsState]:
        def found(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
            side = _side(viewer)
            if side is None or objective_deck(side) not in state.decks:
                return []
            cards = list(state.decks[objective_deck(side)].piles["hand"])
            if power_too:
                cards += state.decks[power_deck(side)].piles["hand"]
            return [Choice(c, lib.card(state, c).name) for c in cards]
        return found

    def play_card(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        side = _side(viewer)
        return [Choice(c, lib.card(state, c).name) for c in playable(read(state), side)] if side else []

    def play_model(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        ref, side = read(state), _side(viewer)
        card_id = lib.find_card(state, str(filled.get("card", "")), playable(ref, side)) if side else None
        if side is None or card_id is None:
            return []
        card = lib.card(state, card_id)
        if card.type == "upgrade":
            battle = ref.battle()
            return [Choice(f.id) for f in state.fighters.values() if f.side == side and f.hex
                    and (not card.restricted_to or f.profile in card.restricted_to) and battle.fighter(f.id)]
        if card.choose is None or card.choose.fighters is None:
            return []
        picks = card_choices(card.choose, ref.battle(), side)
        return [Choice(f) for f in dict.fromkeys(f for p in picks for f in p)]

    def play_to(state: UnderworldsState, viewer: Viewer, filled: Mapping[str, OptionValue]) -> Sequence[Choice]:
        ref, side = read(state), _side(viewer)
        card_id = lib.find_card(state, str(filled.get("card", "")), playable(ref, side)) if side else None
        if side is None or card_id is None:
            return []
        card = lib.card(state, card_id)
        if card.choose is not None and card.choose.hex is not None:
            return [Choice(p[0]) for p in card_choices(card.choose, ref.battle(), side)][:25]
        fighter = _fighter(ref, filled.get("model"))
        if fighter is None or fighter.hex is None or not any(isinstance(e, PushEffect) for e in card.effects):
            return []
        board = lib.board(state)
        return [Choice(board.id_of(n)) for n in board.hex_of(fighter.hex).neighbours()
                if board.passable(n) and not any(f.hex == board.id_of(n) for f in state.fighters.values())]

    return {
        "to": hexes, "model": unplaced, "move:model": own("move"), "move:to": move_to,
        "charge:model": own("charge"), "charge:target": charge_target, "charge:to": charge_to,
        "guard:model": own("guard"), "any:model": every, "attack:model": own("attack"),
        "attack:target": attack_target,
        "attack:with": attack_with, "attack:choice": optional, "use:model": own("use"), "use:with": use_with,
        "swap:with": in_hand("objectives"), "discard:with": in_hand("objectives", power_too=True),
        "play:card": play_card, "play:model": play_model, "play:to": play_to,
    }


def legal(ref: Referee, side: SideId) -> tuple[LegalAction, ...]:
    """The actions ``side`` may take now, partly filled, in a stable order."""
    state = ref.state
    if state.outcome is not None or state.pending or state.frames:
        return ()
    found: list[LegalAction] = []
    if state.step in ("tokens", "artefact", "fighters") and state.active_side == side:
        name = {"tokens": "token", "artefact": "artefact", "fighters": "place"}[state.step]
        found.append(LegalAction(("act",), {"token": "Place an objective token", "artefact": "Place the Artefact",
                                            "place": "Place a fighter"}[name], name=name))
    elif state.step == "activation" and state.active_side == side and state.players[side].activations < ACTIVATIONS:
        for fighter in state.fighters.values():
            if fighter.side != side or not can_act(fighter):
                continue
            model = {"model": fighter.id}
            if move_options(ref, fighter):
                found.append(LegalAction(("move",), "Move", options=model))
            if charge_options(ref, fighter):
                found.append(LegalAction(("act",), "Charge", name="charge", options=model))
            if attack_options(ref, fighter):
                found.append(LegalAction(("act",), "Attack", name="attack", options=model))
            if not fighter.guard:
                found.append(LegalAction(("act",), "Guard", name="guard", options=model))
            for card in fighter.upgrades:
                if ref.lib.card(state, card).action:
                    found.append(LegalAction(("act",), f"Use {ref.lib.card(state, card).name}", name="use",
                                             options={**model, "with": card}))
        if not state.sudden_death:
            found.append(LegalAction(("act",), "Draw a power card", name="draw"))
        if state.decks[objective_deck(side)].piles["hand"] and not state.sudden_death:
            found.append(LegalAction(("act",), "Swap an objective card", name="swap"))
        found.append(LegalAction(("act",), "Pass", name="pass"))
    elif state.step == "power" and state.power is not None and state.power.turn == side:
        found += [LegalAction(("hand", "play"), f"Play {ref.lib.card(state, c).name}", options={"card": c})
                  for c in playable(ref, side)]
        found.append(LegalAction(("act",), "Pass (power step)", name="pass"))
    elif state.step == "end" and state.active_side == side and state.round < 3:
        found += [LegalAction(("hand", "play"), f"Play {ref.lib.card(state, c).name}", options={"card": c})
                  for c in playable(ref, side)]
        if state.end_stage in ("", "discard-objectives", "discard-power"):
            found.append(LegalAction(("act",), "Discard a card", name="discard"))
        found.append(LegalAction(("act",), f"Done: {state.end_stage}" if state.end_stage else "Finish: draw up",
                                 name="pass"))
    return tuple(found)


def help_lines(ref: Referee, viewer: Viewer) -> tuple[str, ...]:
    """What ``viewer`` can do now, by the rules (``/help``)."""
    state = ref.state
    side = _side(viewer)
    now = _now(state)
    if side is None or side not in state.sides:
        return (f"Now: {now}.", "Spectators can look (/board, /status, /log); players act with /act and /hand.")
    lines = [f"Now: {now}."]
    mine = state.active_side == side or (state.power is not None and state.power.turn == side)
    waiting = [d for d in state.pending.values() if d.owner == side]
    if waiting:
        lines.append(f"You must answer {waiting[0].id}: /decide decision:{waiting[0].id} choice:<answer> (or the "
                     "Decide button).")
    elif state.step == "dice":
        lines.append("This table rolls its own dice (ruling dice-faces): enter both with /force import file:<a YAML "
                     "file with dice: [...], written like data/underworlds/dice.yaml>; the set-up goes on then.")
    elif state.step == "tokens" and mine:
        lines.append("Place an objective token: /act action:token to:<hex> (not a starting, blocked or edge hex, "
                     "nor within two hexes of another token; L307, L311).")
    elif state.step == "artefact" and mine:
        lines.append("Place the Katophrane Artefact: /act action:artefact to:<hex> in no one's territory (L737).")
    elif state.step == "fighters" and mine:
        lines.append("Place a fighter: /act action:place model:<fighter> to:<starting hex of your territory> (L385).")
    elif state.step == "activation" and mine:
        used = state.players[side].activations
        lines += [f"Your activation ({used + 1} of 4). Choose one (L397-L401):",
                  "  /move model:<fighter> to:<hex>   (at most once a phase; /move model:<fighter> lists hexes)",
                  "  /act action:charge model:<fighter> target:<enemy> to:<hex>",
                  "  /act action:attack model:<fighter> target:<enemy> [with:<attack>]",
                  "  /act action:guard model:<fighter>   /act action:use model:<fighter> with:<upgrade>",
                  "  /act action:pass" if state.sudden_death else
                  "  /act action:draw   /act action:swap with:<objective>   /act action:pass"]
        if state.sudden_death:
            lines.append("Sudden death: no cards are drawn or played and no objectives scored; the first to wipe out "
                         "the other warband wins the match (L751).")
    elif state.step == "power" and mine:
        lines.append("Power step: /hand play card:<ploy or upgrade> [model:] [target:] [to:], or /act action:pass "
                     "(L575). /hand show lists your cards.")
    elif state.step == "end" and state.active_side == side and state.end_stage:
        lines.append(f"Your turn in the end phase's part {state.end_stage} (every player takes each part in turn, "
                     f"ruling end-phase-order): {_STAGE_HELP.get(state.end_stage, '')}/act action:pass when done "
                     "(L703).")
    elif state.step == "end" and state.active_side == side and state.round < 3:
        lines.append("Your end phase: /act action:discard with:<card>, /hand play card:<upgrade> model:<fighter>, "
                     "then /act action:pass to draw up (L703).")
    else:
        lines.append(f"Wait for side {state.active_side or 'the others'}. You may pass ahead on reactions with "
                     "/pass until:phase (nobody is told).")
    lines.append("The picture's hex ids (C4) and fighter ids (A1) are what you type. /hand show: your cards.")
    return tuple(lines)


_STAGE_HELP = {"score": "claim an objective the referee cannot judge with /hand play card:<objective>; ",
               "discard-objectives": "/act action:discard with:<objective>; ",
               "upgrades": "/hand play card:<upgrade> model:<fighter>; ",
               "discard-power": "/act action:discard with:<power card>; "}


def _now(state: UnderworldsState) -> str:
    step = state.step
    turn = state.active_side
    if step == "power" and state.power is not None:
        return f"round {state.round}, power step (side {state.power.turn} to play or pass)"
    if step == "activation":
        return f"round {state.round}, action phase (side {turn}'s activation)"
    if step == "end":
        return f"round {state.round}, end phase{f', {state.end_stage}' if state.end_stage else ''} (side {turn})"
    if step == "over":
        return "the game is over"
    return f"setting up ({step}{f', side {turn}' if turn else ''})"
