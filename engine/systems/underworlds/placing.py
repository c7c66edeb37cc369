"""The set-up's placements, declared (Underworlds core rulebook, L307, L311, L385, L737): objective tokens and the
Katophrane Artefact placed in turn, and fighters placed one at a time, a player's plan for their next turns given
at once if they like (carried out on each turn, secret until each fighter is placed).

Each is offered with a suggestion a player may take as one entry: the token nearest the battlefield's centre, the
Artefact on the first hex it may go on, the fighters on the first starting hexes in id order (what the bot and the
practice table's set-up place too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core import Ask, Choice, IllegalCommand, NotYourTurn, Param, RulesError, Shape, SideId, side_only
from engine.systems.underworlds import opening, token_setup
from engine.systems.underworlds.declared import RULES, Timing, applied, fighter_choice, hex_choice, said
from engine.systems.underworlds.events import PlacementsQueued
from engine.systems.underworlds.flow import advance
from engine.systems.underworlds.game_state import UnderworldsState
from engine.systems.underworlds.referee import Referee
from engine.systems.underworlds.rules import RULE
from engine.systems.underworlds.suggestions import suggested_fighters, suggested_hex, suggested_tokens

__all__ = ["TOKEN", "Placements"]

TOKEN = "token"
"""An objective token in a plan of placements (beside fighters' ids)."""

_PLACING = {"tokens": "L307, L311", "artefact": "L737", "fighters": "L385"}


def _turn(step: str, *, own_turn: bool = True) -> Timing:
    """A placement step of the set-up, in turn (L311, L385, L737)."""

    def words(state: UnderworldsState, side: SideId | None, verb: str) -> RulesError | None:
        rule = f"{RULE}, {_PLACING[step]}"
        if state.step != step:
            return IllegalCommand(f"this is done in the {step} step of the set-up; the game is at {state.step}",
                                  verb=verb, rule=rule)
        if own_turn and state.active_side != side:
            return NotYourTurn(f"it is side {state.active_side}'s turn to place; players take turns", verb=verb,
                               rule=rule)
        return None

    return Timing(steps=(step,), turn=own_turn, words=words)


# -- objective tokens and the Artefact ----------------------------------------------------------------------


def _tokens_left(ref: Referee, side: SideId) -> int:
    """How many of the objective tokens still to place are ``side``'s (the placers take turns, L311)."""
    state = ref.state
    return sum(1 for placer in state.order[state.turn_index:] if placer == side) if state.step == "tokens" else 0


def _token_hexes(ref: Referee, ask: Ask) -> list[Choice]:
    return [hex_choice(h) for h in token_setup.token_hexes(ref, ask.item.earlier if ask.item else ())]


def _token_count(ref: Referee, ask: Ask) -> tuple[int, int]:
    """One token on one's turn; a plan for one's next turns (two or more) at any time."""
    mine = _tokens_left(ref, ask.acting)
    return (1 if ref.state.active_side == ask.acting else min(2, mine)), max(mine, 1)


def _tokens_off_turn(ref: Referee, ask: Ask) -> str | None:
    """Off one's turn only a plan of two or more tokens may be given (for one's next turns)."""
    if ref.state.active_side != ask.acting and _tokens_left(ref, ask.acting) < 2:
        return f"it is side {ref.state.active_side}'s turn to place; players take turns ({RULE}, L311)"
    return None


def _suggest_token(ref: Referee, ask: Ask) -> Sequence[tuple[str, Mapping[str, str]]]:
    mine = _tokens_left(ref, ask.acting)
    own = ref.state.active_side == ask.acting
    plan = suggested_tokens(ref, ask.acting, mine)
    found: list[tuple[str, Mapping[str, str]]] = []
    if len(plan) > 1:
        found.append((f"Place your objective tokens on hexes {', '.join(plan)} (as suggested, one each turn)",
                      {"to": ",".join(plan)}))
    best = suggested_hex(ref, "tokens") if own else None
    if best is not None:
        found.append((f"Place an objective token on hex {best} (as suggested)", {"to": best}))
    return found


def _token_plan(ref: Referee, ask: Ask) -> Placements:
    hexes = [ref.lib.hex_id(ref.lib.board(ref.state), h) for h in ask.listed("to")]
    if ref.state.active_side != ask.acting and len(hexes) == 1:
        raise NotYourTurn(f"it is side {ref.state.active_side}'s turn to place; players take turns", verb=ask.verb,
                          rule=f"{RULE}, L311")
    return Placements(ask.acting, tuple((TOKEN, h) for h in hexes))


RULES.action("token", "Place an objective token face down on a hex (or several, for your next turns: to:C5,E7)",
             label="Place an objective token", when=_turn("tokens", own_turn=False), available=_tokens_off_turn,
             check=_token_plan, rule=f"{RULE}, L307, L311", suggest=_suggest_token, params=(
                 Param("to", "Which hex?", values=_token_hexes, shape=Shape.SET, count=_token_count, noun="hexes",
                       refused=said(lambda ref, ask, typed: token_setup.token_hex(ref, typed, ask.verb))),
             ))(applied(lambda ref, plan: _place(ref, plan)))


def _artefact_hexes(ref: Referee, ask: Ask) -> list[Choice]:
    return [hex_choice(h) for h in token_setup.artefact_hexes(ref)]


def _suggest_artefact(ref: Referee, ask: Ask) -> Sequence[tuple[str, Mapping[str, str]]]:
    best = suggested_hex(ref, "artefact")
    return [(f"Place the Artefact on hex {best} (as suggested)", {"to": best})] if best else []


def _artefact_plan(ref: Referee, ask: Ask) -> tuple[SideId, str]:
    return ask.acting, token_setup.artefact_hex(ref, ask.text("to"), ask.verb)


def _artefact(ref: Referee, plan: tuple[SideId, str]) -> None:
    token_setup.place_artefact(ref, *plan)


RULES.action("artefact", "Place the Katophrane Artefact (Capture the Artefact)", label="Place the Artefact",
             when=_turn("artefact"), check=_artefact_plan, rule=f"{RULE}, L737", suggest=_suggest_artefact, params=(
                 Param("to", "Which hex?", values=_artefact_hexes, noun="hexes",
                       refused=said(lambda ref, ask, typed: token_setup.artefact_hex(ref, typed, ask.verb))),
             ))(applied(_artefact))


# -- fighters -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Placements:
    """Fighters (or objective tokens, named ``TOKEN``) to place, each on its hex, in order: the first now when it
    is the side's turn, the rest on its following turns (L311, L385)."""

    side: SideId
    plan: tuple[tuple[str, str], ...]


def _waiting(ref: Referee, side: SideId) -> list[str]:
    return [f.id for f in ref.state.fighters.values() if f.side == side and f.hex is None and not f.out_of_action]


def _mine(ref: Referee, ask: Ask) -> list[Choice]:
    return [fighter_choice(ref, ref.state.fighters[f]) for f in _waiting(ref, ask.acting)]


def _how_many(ref: Referee, ask: Ask) -> tuple[int, int]:
    """One fighter on one's turn; a plan for one's next turns (two or more) at any time."""
    waiting = len(_waiting(ref, ask.acting))
    return (1 if ref.state.active_side == ask.acting else min(2, waiting), waiting)


def _own_fighter(ref: Referee, ask: Ask, typed: str) -> None:
    fighter = ref.lib.fighter(ref.state, typed)
    if fighter.side != ask.acting:
        raise IllegalCommand(f"{fighter.id} is side {fighter.side}'s fighter; place one of your own", verb=ask.verb,
                             rule=f"{RULE}, L385")
    if fighter.hex is not None or fighter.out_of_action:
        raise IllegalCommand(f"{fighter.id} is already on the battlefield", verb=ask.verb, rule=f"{RULE}, L385")


def _starting_hexes(ref: Referee, ask: Ask) -> list[Choice]:
    return [hex_choice(h) for h in opening.placement_hexes(ref, ask.acting)]


def _starting_hex(ref: Referee, ask: Ask, typed: str) -> str:
    hex_id = ref.lib.hex_id(ref.lib.board(ref.state), typed)
    if hex_id not in opening.placement_hexes(ref, ask.acting):
        raise IllegalCommand(f"{hex_id} is not an empty starting hex in side {ask.acting}'s territory; fighters are "
                             "placed only there, never two in one hex", verb=ask.verb, rule=f"{RULE}, L385")
    return hex_id


def _off_turn(ref: Referee, ask: Ask) -> str | None:
    """Off one's turn only a plan of two or more fighters may be given (for one's next turns)."""
    if ref.state.active_side != ask.acting and len(_waiting(ref, ask.acting)) < 2:
        return f"it is side {ref.state.active_side}'s turn to place; players take turns ({RULE}, L385)"
    return None


def _placements(ref: Referee, ask: Ask) -> Placements:
    fighters = [ref.lib.fighter(ref.state, f).id for f in ask.listed("model")]
    hexes = [_starting_hex(ref, ask, h) for h in ask.listed("to")]
    if len(set(fighters)) != len(fighters) or len(set(hexes)) != len(hexes):
        raise IllegalCommand("each fighter and each hex once", verb=ask.verb)
    if ref.state.active_side != ask.acting and len(fighters) == 1:
        raise NotYourTurn(f"it is side {ref.state.active_side}'s turn to place; players take turns", verb=ask.verb,
                          rule=f"{RULE}, L385")
    return Placements(ask.acting, tuple(zip(fighters, hexes, strict=True)))


def _suggest_fighters(ref: Referee, ask: Ask) -> Sequence[tuple[str, Mapping[str, str]]]:
    plan = suggested_fighters(ref, ask.acting)
    mine = ref.state.active_side == ask.acting
    found: list[tuple[str, Mapping[str, str]]] = []
    if len(plan) > 1 or (plan and mine):
        found.append((f"place on hexes {', '.join(h for _, h in plan)} as suggested",
                      {"model": ",".join(f for f, _ in plan), "to": ",".join(h for _, h in plan)}))
    if mine:
        found += [("Place a fighter", {"model": f}) for f in _waiting(ref, ask.acting)]
    return found


def _place(ref: Referee, plan: Placements) -> None:
    """The first fighter now when it is the side's turn, and each next one as the side's turn comes back within this
    command (the others have placed all theirs, or theirs are queued too); the plan for the rest stays its player's
    secret until each is placed, and stops if a hex is taken by then (L385). The player is told only what is still
    to place once the command is done: never a plan already carried out (finding 21)."""
    rest = list(plan.plan)
    state = ref.state
    if state.active_side == plan.side:
        fighter, hex_id = rest[0]
        if fighter == TOKEN:
            token_setup.place_token(ref, plan.side, hex_id)
        else:
            opening.place_fighter(ref, plan.side, fighter, hex_id)
        rest = rest[1:]
    if not rest:
        return
    ref.emit(PlacementsQueued(side=plan.side, placements=rest, told=False), side_only(plan.side))
    advance(ref)
    left = list(state.queued.get(plan.side, []))
    if left:
        ref.emit(PlacementsQueued(side=plan.side, placements=left), side_only(plan.side))


RULES.action("place", "Place a fighter on a starting hex of your territory (or several, for your next turns: "
                      "model:B3,B4 to:C2,E2)", label="Place fighters", when=_turn("fighters", own_turn=False),
             available=_off_turn, check=_placements, rule=f"{RULE}, L385", suggest=_suggest_fighters, params=(
                 Param("model", "Which fighters?", values=_mine, shape=Shape.SET, count=_how_many, noun="fighters",
                       refused=said(_own_fighter)),
                 Param("to", "On which starting hex?", values=_starting_hexes, shape=Shape.PLAN, pairs="model",
                       noun="hexes", refused=said(_starting_hex))))(applied(_place))
