"""The interpreter of the card vocabulary's effects: what ploys, reactions and upgrade actions do, applied one
effect at a time from an ``EffectsFrame`` (Underworlds core rulebook, L599-L605).

A card's effects are data (``vocabulary.Effect``); each is applied in the order the card lists them. An effect
that needs the player (which hex to push into, which fighter attacks whom) asks and returns; the frame is taken
up again with the answer. A ploy played as a reaction, or in a power step, that takes fighters out of action
is itself a trigger for reactions "after a ploy" once all its effects are done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from engine.systems.underworlds.cards import choices
from engine.systems.underworlds.combat import problem
from engine.systems.underworlds.events import (
    FighterMoved,
    FighterReturned,
    FightersExhausted,
    FightersSwapped,
    GuardChanged,
    HexesBlocked,
    LingeringSet,
    Note,
    TokenRemoved,
)
from engine.systems.underworlds.game_state import (
    AttackFrame,
    EffectsFrame,
    Lingering,
    objective_deck,
    power_deck,
)
from engine.systems.underworlds.harm import deal_damage, heal, lethal_check
from engine.systems.underworlds.opening import HAND_OBJECTIVES, placement_hexes
from engine.systems.underworlds.pushing import push_steps
from engine.systems.underworlds.reacting import Trigger, as_data, offer
from engine.systems.underworlds.referee import Referee, choice
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.vocabulary import (
    AttackEffect,
    BlockHexEffect,
    Choose,
    DamageEffect,
    DrawEffect,
    Effect,
    ExhaustEffect,
    GrantReactionEffect,
    GuardEffect,
    HealEffect,
    ModifyEffect,
    NotDrivenBackEffect,
    PushEffect,
    RemoveObjectiveEffect,
    RollEffect,
    SetUpEffect,
    SwapEffect,
    Who,
)

__all__ = ["CHOOSE", "EFFECT", "PICK", "answer", "pick_label", "step", "who"]

EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)
CHOOSE: TypeAdapter[Choose] = TypeAdapter(Choose)
PICK, PUSH, ATTACK, SET_UP, DRAW, DISCARD = "pick", "push", "attack", "set-up", "draw", "discard"
DONE, WAIT, AGAIN = "done", "wait", "again"


def pick_label(pick: tuple[str, ...]) -> str:
    return " and ".join(pick) if pick else "nobody"


def step(ref: Referee, frame: EffectsFrame) -> None:
    """Apply the frame's next effect (or ask for what it needs); pop it when all are done."""
    if frame.chosen is None:
        _ask_pick(ref, frame)
        return
    if frame.index >= len(frame.effects):
        ref.pop(frame.id)
        victims = [v for v in frame.answers.get("took_out", "").split(",") if v]
        reaction = frame.bound.get("reaction") == "yes"
        chained = reaction and ref.rules.reaction_chains == "no-chains"
        not_a_ploy = reaction and ref.rules.ploy_reactions_are_ploys == "no"
        if frame.ploy and victims and not chained and not not_a_ploy:
            offer(ref, Trigger(when="after_action", by="ploy", actor_side=frame.side, target=victims[0],
                               took_out=tuple(victims)))
        return
    effect = EFFECT.validate_python(frame.effects[frame.index])
    outcome = _APPLY[type(effect)](ref, frame, effect)
    if outcome == DONE:
        current = ref.frame(frame.id)
        assert isinstance(current, EffectsFrame)
        ref.replace(current.model_copy(update={"index": current.index + 1}))


def _ask_pick(ref: Referee, frame: EffectsFrame) -> None:
    """A reaction's or upgrade's choice, asked once it is played (a ploy in a power step names it when played)."""
    assert frame.choose is not None
    picks = choices(CHOOSE.validate_python(frame.choose), ref.battle(), frame.side)
    if not picks:
        ref.emit(Note(text="There is nothing to choose, so the card does nothing."))
        ref.pop(frame.id)
        return
    options = [("+".join(p) or "none", pick_label(p)) for p in picks][:25]
    ref.ask(frame.side, PICK, f"{_name(ref, frame)}: choose", [choice(PICK, "Your choice", options)],
            context={"frame": frame.id})


def _name(ref: Referee, frame: EffectsFrame) -> str:
    return ref.lib.card(ref.state, frame.card).name if frame.card else "The reaction"


def who(ref: Referee, frame: EffectsFrame, target: Who) -> list[str]:
    """The fighters an effect reaches (see ``vocabulary.Who``), those on the battlefield or, for a victim,
    out of action."""
    state = ref.state
    bound = frame.bound
    if target == "chosen":
        return [f for f in frame.chosen or [] if f in state.fighters]
    if target in ("self", "attacker", "target", "victim", "survivor"):
        return [bound[target]] if bound.get(target) in state.fighters else []
    board = ref.lib.board(state)
    standing = [f for f in state.fighters.values() if f.hex is not None]
    if target == "each_adjacent_enemy":
        me = state.fighters.get(bound.get("self", ""))
        if me is None or me.hex is None:
            return []
        centre = board.hex_of(me.hex)
        return [f.id for f in standing if f.side != frame.side and board.hex_of(f.hex or "").distance(centre) == 1]
    if target == "each_enemy_adjacent_to_target":
        where = bound.get("target_hex") or (state.fighters[bound["target"]].hex if bound.get("target") else None)
        if not where:
            return []
        centre = board.hex_of(where)
        return [f.id for f in standing if f.side != frame.side and f.id != bound.get("target")
                and board.hex_of(f.hex or "").distance(centre) == 1]
    me = state.fighters.get(bound.get("self", ""))
    if me is None or me.hex is None:
        return []
    centre = board.hex_of(me.hex)
    return [me.id, *(f.id for f in standing if f.side == frame.side and f.id != me.id
                     and board.hex_of(f.hex or "").distance(centre) == 1)]


def _using(frame: EffectsFrame) -> str:
    return "ploy" if frame.ploy else "attack" if frame.bound.get("frame") else "other"


def _damage(ref: Referee, frame: EffectsFrame, effect: DamageEffect) -> str:
    victims = []
    for fighter in who(ref, frame, effect.to):
        if deal_damage(ref, fighter, effect.amount, why=_name(ref, frame), by=frame.side,
                       by_fighter=frame.bound.get("self"), using=_using(frame)):
            victims.append(fighter)
    if victims:
        current = ref.frame(frame.id)
        assert isinstance(current, EffectsFrame)
        taken = ",".join(filter(None, [current.answers.get("took_out", ""), *victims]))
        ref.replace(current.model_copy(update={"answers": {**current.answers, "took_out": taken}}))
    return DONE


def _heal(ref: Referee, frame: EffectsFrame, effect: HealEffect) -> str:
    for fighter in who(ref, frame, effect.to):
        heal(ref, fighter, effect.amount)
    return DONE


def _push(ref: Referee, frame: EffectsFrame, effect: PushEffect) -> str:
    """Each fighter is pushed one hex at a time, up to ``hexes``; the card's player picks each hex (L413; rulings
    ``push-path``: any path or straight on, and ``push-exact``: as far as it can or, for a push of exactly N
    hexes, not at all unless it can go the whole way)."""
    state = ref.state
    board = ref.lib.board(state)
    straight = ref.rules.push_path == "straight"
    whole = ref.rules.push_exact == "all-or-nothing" and not effect.up_to
    for fighter_id in who(ref, frame, effect.who):
        for n in range(effect.hexes):
            key = f"{frame.index}:{fighter_id}:{n}"
            if f"{key}!" in frame.answers:
                continue
            fighter = state.fighters[fighter_id]
            if fighter.hex is None:
                break
            answer = frame.answers.get(key)
            here = board.hex_of(fighter.hex)
            occupied = [board.hex_of(f.hex) for f in state.fighters.values() if f.hex and f.id != fighter_id]
            before = frame.answers.get(f"{frame.index}:{fighter_id}:{n - 1}<")
            free = [board.id_of(h) for h in push_steps(board, here, board.hex_of(before) if before else None,
                                                       effect.hexes - n, occupied, straight=straight, whole=whole)]
            if answer is None:
                if not free:
                    why = (f"it cannot go the whole {effect.hexes} hexes (ruling push-exact: all-or-nothing)"
                           if whole and n == 0 else "every hex it could go into is blocked or occupied")
                    ref.emit(Note(text=f"{fighter_id} cannot be pushed{' further' if n else ''}: {why} ({RULE}, "
                                       "L413)."))
                    _store(ref, frame, {key: "none", f"{key}!": "done"})
                    return _rest_skipped(ref, frame, fighter_id, effect.hexes, n)
                options = ([("none", "Stay")] if effect.up_to else []) + [(h, f"hex {h}") for h in free]
                ref.ask(frame.side, PUSH, f"{_name(ref, frame)}: push {fighter_id} one hex",
                        [choice(PUSH, "Into which hex", options, default=options[0][0])],
                        context={"frame": frame.id, "key": key})
                return WAIT
            if answer != "none":
                if answer not in free:
                    raise ValueError(f"{answer} is not a hex {fighter_id} can be pushed into")
                ref.emit(FighterMoved(fighter=fighter_id, path=[fighter.hex, answer], how="push"))
                lethal_check(ref, fighter_id, frame.side)
            _store(ref, frame, {f"{key}!": "done", f"{key}<": fighter.hex})
            return AGAIN if answer != "none" else _rest_skipped(ref, frame, fighter_id, effect.hexes, n)
    return DONE


def _rest_skipped(ref: Referee, frame: EffectsFrame, fighter_id: str, hexes: int, n: int) -> str:
    """A push stopped early: its later hexes are done too."""
    _store(ref, frame, {f"{frame.index}:{fighter_id}:{m}!": "done" for m in range(n + 1, hexes)})
    return AGAIN


def _store(ref: Referee, frame: EffectsFrame, answers: dict[str, str]) -> None:
    current = ref.frame(frame.id)
    assert isinstance(current, EffectsFrame)
    ref.replace(current.model_copy(update={"answers": {**current.answers, **answers}}))


def _guard(ref: Referee, frame: EffectsFrame, effect: GuardEffect) -> str:
    fighters = [f for f in who(ref, frame, effect.who) if ref.state.fighters[f].hex is not None]
    if fighters:
        ref.emit(GuardChanged(fighters=fighters, on=True, why=f" ({_name(ref, frame)})"))
    return DONE


def _swap(ref: Referee, frame: EffectsFrame, effect: SwapEffect) -> str:
    chosen = who(ref, frame, "chosen")
    if len(chosen) == 2:
        ref.emit(FightersSwapped(first=chosen[0], second=chosen[1]))
    return DONE


def _draw(ref: Referee, frame: EffectsFrame, effect: DrawEffect) -> str:
    """Draw from the card player's deck; never past three objectives in hand (L295, ruling
    ``objective-hand-limit``: not drawn, or drawn and then discarded down to three). "Up to" a number lets the
    player choose how many, from none to as many as the deck still holds (Skulls for the Skull Throne)."""
    if ref.state.sudden_death:
        ref.emit(Note(text=f"{_name(ref, frame)} draws nothing: nobody draws cards in sudden death ({RULE}, L751)."))
        return DONE
    if f"{frame.index}:drawn" in frame.answers:
        return _discard_down(ref, frame)
    decks = ref.decks()
    deck_id = (power_deck if effect.deck == "power" else objective_deck)(frame.side)
    room = effect.count
    if effect.deck == "objective" and ref.rules.objective_hand_limit == "not-drawn":
        room = min(room, HAND_OBJECTIVES - len(decks.deck(deck_id).pile("hand")))
    count = min(room, len(decks.deck(deck_id).pile("draw")))
    if effect.up_to and count:
        key = f"{frame.index}:draw"
        answer = frame.answers.get(key)
        if answer is None:
            options = [(str(n), f"{n} card{'s' if n != 1 else ''}") for n in range(count, -1, -1)]
            ref.ask(frame.side, DRAW, f"{_name(ref, frame)}: draw up to {count} {effect.deck} card"
                                      f"{'s' if count != 1 else ''}", [choice(DRAW, "How many", options, str(count))],
                    context={"frame": frame.id, "key": key})
            return WAIT
        count = int(answer)
    if count:
        decks.draw(deck_id, count, why=_name(ref, frame))
    _store(ref, frame, {f"{frame.index}:drawn": "yes"})
    return AGAIN


def _discard_down(ref: Referee, frame: EffectsFrame) -> str:
    """After a draw, a hand of more than three objectives is discarded down to three, one card at a time, each
    chosen in secret by its holder (L295; ruling ``objective-hand-limit: draw-then-discard``)."""
    deck_id = objective_deck(frame.side)
    held = list(ref.state.decks[deck_id].piles["hand"])
    done = sum(1 for key in frame.answers if key.startswith(f"{frame.index}:discard:") and key.endswith("!"))
    key = f"{frame.index}:discard:{done}"
    chosen = frame.answers.get(key)
    if chosen is not None:
        ref.decks().move(deck_id, [chosen], "hand", "discard", why=f"a hand holds at most {HAND_OBJECTIVES} "
                                                                  f"objective cards ({RULE}, L295)")
        _store(ref, frame, {f"{key}!": "done"})
        return AGAIN
    if len(held) <= HAND_OBJECTIVES:
        return DONE
    options = [(card, ref.lib.card(ref.state, card).name) for card in held]
    ref.ask(frame.side, DISCARD, f"You hold {len(held)} objective cards: discard one (at most {HAND_OBJECTIVES}, "
                                 f"{RULE}, L295)", [choice(DISCARD, "Discard", options, options[-1][0])],
            context={"frame": frame.id, "key": key}, secret=True)
    return WAIT


def _remove_objective(ref: Referee, frame: EffectsFrame, effect: RemoveObjectiveEffect) -> str:
    for picked in frame.chosen or []:
        token = next((t for t in ref.state.tokens if t.hex == picked or str(t.number) == picked), None)
        if token is not None:
            ref.emit(TokenRemoved(hex=token.hex, why=_name(ref, frame)))
    return DONE


def _block_hex(ref: Referee, frame: EffectsFrame, effect: BlockHexEffect) -> str:
    hexes = [*ref.state.shardfall, *(frame.chosen or [])]
    ref.emit(HexesBlocked(hexes=hexes, shown=f"{', '.join(frame.chosen or [])} counts as blocked until the end of the "
                                             f"phase ({_name(ref, frame)})."))
    return DONE


def _roll(ref: Referee, frame: EffectsFrame, effect: RollEffect) -> str:
    """Roll, then the effects for a success or else the others take this effect's place (L119)."""
    faces = ref.roll(effect.dice, effect.count, f"{_name(ref, frame)}", frame.side)
    success = any(face in effect.success for face in faces)
    branch = effect.then if success else effect.otherwise
    ref.emit(Note(text=f"{_name(ref, frame)}: {'a success' if success else 'no success'}."))
    current = ref.frame(frame.id)
    assert isinstance(current, EffectsFrame)
    effects = [*current.effects[:current.index + 1], *as_data(branch), *current.effects[current.index + 1:]]
    ref.replace(current.model_copy(update={"effects": effects}))
    return DONE


def _set_up(ref: Referee, frame: EffectsFrame, effect: SetUpEffect) -> str:
    """A fighter out of action is set up on an empty starting hex of its owner's territory; its player picks."""
    for fighter_id in who(ref, frame, effect.who):
        fighter = ref.state.fighters[fighter_id]
        if fighter.hex is not None:
            continue
        free = sorted(placement_hexes(ref, fighter.side))
        if not free:
            ref.emit(Note(text=f"There is no empty starting hex for {fighter_id}."))
            continue
        answer = frame.answers.get(f"{frame.index}:{SET_UP}")
        if answer is None:
            ref.ask(frame.side, SET_UP, f"Where is {fighter_id} set up?",
                    [choice(SET_UP, "An empty starting hex of your territory", [(h, f"hex {h}") for h in free],
                            free[0])],
                    context={"frame": frame.id, "key": f"{frame.index}:{SET_UP}"})
            return WAIT
        ref.emit(FighterReturned(fighter=fighter_id, hex=answer))
    return DONE


def _attack(ref: Referee, frame: EffectsFrame, effect: AttackEffect) -> str:
    """A fighter makes an Attack action at once, costing no activation, even if it could not otherwise act
    (L599); if no target is left in range and sight it does not happen (L701)."""
    state = ref.state
    attackers = who(ref, frame, effect.by)
    attacker = state.fighters.get(attackers[0]) if attackers else None
    if attacker is None or attacker.hex is None:
        ref.emit(Note(text="The Attack action cannot be made: the fighter is not on the battlefield."))
        return DONE
    key = f"{frame.index}:{ATTACK}"
    answer = frame.answers.get(key)
    if answer is None:
        options = _attack_options(ref, frame, effect, attacker.id)
        if not options:
            ref.emit(Note(text=f"{attacker.id} has no target for that Attack action, so it is not made "
                               f"({RULE}, L509, L701)."))
            return DONE
        labels = [(k, f"{k.split('|')[1]} against {k.split('|')[2]}") for k in options][:25]
        ref.ask(frame.side, ATTACK, f"{attacker.id} makes an Attack action: with what, against whom?",
                [choice(ATTACK, "Attack action and target", labels, default=labels[0][0])],
                context={"frame": frame.id, "key": key})
        return WAIT
    source, profile, target = answer.split("|")
    _store(ref, frame, {f"{key}!": "done"})
    ref.push(AttackFrame(id=ref.next_frame_id(), attacker=attacker.id, target=target, profile=profile,
                         source=source, via="reaction" if frame.bound.get("reaction") == "yes" else "ploy"))
    return DONE


def _attack_options(ref: Referee, frame: EffectsFrame, effect: AttackEffect, attacker_id: str) -> list[str]:
    state = ref.state
    attacker = state.fighters[attacker_id]
    if effect.action == "this" and frame.bound.get("profile"):
        profiles = [ref.lib.attack_named(state, attacker, frame.bound["profile"], frame.bound.get("source"))]
    else:
        profiles = ref.lib.attacks(state, attacker)
    if effect.against == "same_target":
        targets = [frame.bound.get("target", "")]
    elif effect.against == "attacker":
        targets = [frame.bound.get("attacker", "")]
    else:
        targets = [f.id for f in state.fighters.values() if f.side != attacker.side and f.hex is not None]
    found = []
    for source, profile in profiles:
        for target in targets:
            fighter = state.fighters.get(target)
            if fighter is not None and fighter.hex is not None and problem(ref, attacker, profile, fighter) is None:
                found.append(f"{source}|{profile.name}|{target}")
    return found


def _not_driven_back(ref: Referee, frame: EffectsFrame, effect: NotDrivenBackEffect) -> str:
    attack = ref.frame(frame.bound.get("frame", ""))
    if isinstance(attack, AttackFrame):
        ref.replace(attack.model_copy(update={"no_drive": True}))
        ref.emit(Note(text=f"{attack.target} cannot be driven back by this Attack action ({_name(ref, frame)})."))
    return DONE


def _linger(ref: Referee, frame: EffectsFrame, effect: ModifyEffect | GrantReactionEffect) -> str:
    """A "next activation" effect waits, face up, for the next activation (L605; ruling
    ``next-activation-scope``)."""
    card = ref.lib.card(ref.state, frame.card)
    index = next(i for i, e in enumerate(card.effects) if e == effect)
    item = Lingering(card=frame.card, side=frame.side, effect=index, chosen=list(frame.chosen or []))
    ref.emit(LingeringSet(lingering=[*ref.state.lingering, item],
                          shown=f"{card.name} waits for the next activation ({RULE}, L605)."))
    return DONE


def _exhaust(ref: Referee, frame: EffectsFrame, effect: ExhaustEffect) -> str:
    fighters = who(ref, frame, effect.who)
    if fighters:
        ref.emit(FightersExhausted(fighters=fighters, why=_name(ref, frame)))
    return DONE


_APPLY: dict[type[Any], Callable[[Referee, EffectsFrame, Any], str]] = {
    DamageEffect: _damage, HealEffect: _heal, PushEffect: _push, GuardEffect: _guard, SwapEffect: _swap,
    DrawEffect: _draw, RemoveObjectiveEffect: _remove_objective, BlockHexEffect: _block_hex, RollEffect: _roll,
    SetUpEffect: _set_up, AttackEffect: _attack, NotDrivenBackEffect: _not_driven_back, ModifyEffect: _linger,
    GrantReactionEffect: _linger, ExhaustEffect: _exhaust,
}


def answer(ref: Referee, frame: EffectsFrame, kind: str, key: str, value: str) -> None:
    """Store a player's answer for the frame (what they chose, or a hex, or an attack)."""
    if kind == PICK:
        picked = [] if value == "none" else value.split("+")
        ref.replace(frame.model_copy(update={"chosen": picked}))
        return
    ref.replace(frame.model_copy(update={"answers": {**frame.answers, key: value}}))
