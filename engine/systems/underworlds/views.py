"""What one viewer may see of a game of Underworlds: everything on the table (fighters, wounds, tokens, upgrades,
glory spent and unspent, discard piles, scored objectives, face-up lingering ploys, hand and deck counts), and
their own hand only (L831; the digest's section 9). Pictures are the battlefield drawn from a ``Battle``.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from engine.core import (
    BoardView,
    Event,
    Overlay,
    SideId,
    View,
    Viewer,
    ViewerKind,
    core_view_fields,
)
from engine.systems.underworlds.events import (
    AttackMade,
    BattlefieldJoined,
    FighterMoved,
    FighterPlaced,
    FighterReturned,
    FightersSwapped,
    GuardChanged,
    HexesBlocked,
    Inspired,
    RoundCleared,
    TakenOut,
    TokenPlaced,
    TokenRemoved,
    TokensRevealed,
    UpgradeGiven,
)
from engine.systems.underworlds.game_state import UnderworldsState, objective_deck, power_deck
from engine.systems.underworlds.harm import stats_of
from engine.systems.underworlds.library import Library
from engine.systems.underworlds.picture import FighterLabel, battle_view

__all__ = ["BOARD_EVENTS", "FighterView", "PlayerView", "UnderworldsView", "board_of", "changed_board", "view_of"]

BOARD_EVENTS = (BattlefieldJoined, TokenPlaced, TokensRevealed, TokenRemoved, FighterPlaced, FighterMoved,
                FightersSwapped, FighterReturned, AttackMade, TakenOut, GuardChanged, Inspired, HexesBlocked,
                RoundCleared, UpgradeGiven)
"""Events after which the battlefield picture changes."""


class _Shown(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FighterView(_Shown):
    id: str
    name: str
    side: SideId
    hex: str | None
    wounds: int
    max_wounds: int
    move: int
    defence: str
    inspired: bool
    out_of_action: bool
    tokens: tuple[str, ...]
    upgrades: tuple[str, ...]


class PlayerView(_Shown):
    side: SideId
    warband: str
    glory: int
    unspent: int
    activations: int
    objectives_in_hand: int
    power_in_hand: int
    objective_deck: int
    power_deck: int
    scored: tuple[str, ...]
    discarded: tuple[str, ...]


class UnderworldsView(View):
    step: str
    turn: SideId | None
    players: tuple[PlayerView, ...]
    fighters: tuple[FighterView, ...]
    tokens: tuple[tuple[str, str], ...]
    """(hex, label): a face-down token's label is ``?``."""
    lingering: tuple[str, ...]
    my_objectives: tuple[str, ...] | None
    my_power: tuple[str, ...] | None


def _names(lib: Library, state: UnderworldsState, cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(lib.card(state, c).name for c in cards)


def view_of(lib: Library, state: UnderworldsState, viewer: Viewer) -> UnderworldsView:
    """The state as ``viewer`` may see it."""
    players = []
    for side, record in state.players.items():
        objectives = state.decks.get(objective_deck(side))
        powers = state.decks.get(power_deck(side))
        players.append(PlayerView(
            side=side, warband=lib.data.warband(record.warband).name, glory=record.glory,
            unspent=record.glory - record.spent, activations=record.activations,
            objectives_in_hand=len(objectives.piles["hand"]) if objectives else 0,
            power_in_hand=len(powers.piles["hand"]) if powers else 0,
            objective_deck=len(objectives.piles["draw"]) if objectives else 0,
            power_deck=len(powers.piles["draw"]) if powers else 0,
            scored=_names(lib, state, objectives.piles["scored"]) if objectives else (),
            discarded=_names(lib, state, [*(objectives.piles["discard"] if objectives else []),
                                          *(powers.piles["discard"] if powers else [])])))
    fighters = []
    for fighter in state.fighters.values():
        stats = stats_of(lib, state, fighter)
        fighters.append(FighterView(
            id=fighter.id, name=lib.fighter_card(fighter.profile).name, side=fighter.side, hex=fighter.hex,
            wounds=fighter.wounds, max_wounds=stats.wounds, move=stats.move,
            defence=f"{stats.defence} {stats.defence_symbol}",
            inspired=fighter.inspired, out_of_action=fighter.out_of_action, tokens=_tokens(state, fighter.id),
            upgrades=_names(lib, state, fighter.upgrades)))
    own = viewer.side if viewer.kind is ViewerKind.SIDE else None
    mine = own is not None and own in state.players
    return UnderworldsView(
        **core_view_fields(state, viewer), step=state.step, turn=state.active_side, players=tuple(players),
        fighters=tuple(fighters), tokens=tuple((t.hex, t.label) for t in state.tokens),
        lingering=tuple(lib.card(state, item.card).name for item in state.lingering),
        my_objectives=_names(lib, state, state.decks[objective_deck(own)].piles["hand"])
        if mine and own is not None and objective_deck(own) in state.decks else None,
        my_power=_names(lib, state, state.decks[power_deck(own)].piles["hand"])
        if mine and own is not None and power_deck(own) in state.decks else None)


def _tokens(state: UnderworldsState, fighter_id: str) -> tuple[str, ...]:
    fighter = state.fighters[fighter_id]
    return tuple(name for name, on in (("move", fighter.moved), ("charge", fighter.charged), ("guard", fighter.guard))
                 if on)


def board_of(lib: Library, state: UnderworldsState, viewer: Viewer,
             overlays: tuple[Overlay, ...] = ()) -> BoardView | None:
    """The battlefield picture: hexes by kind, territories, tokens face up or down, fighters with their wounds
    and tokens, and the last move and attack (``None`` before the boards are placed)."""
    if not state.field.layout:
        return None
    battle = lib.battle(state)
    labels = {f.id: FighterLabel(f.id, lib.fighter_card(f.profile).name, stats_of(lib, state, f).wounds)
              for f in state.fighters.values()}
    board = battle.board
    path = [board.hex_of(h) for h in state.last_path]
    fallen = {f.id: (f.side, board.hex_of(f.fell_at)) for f in state.fighters.values()
              if f.out_of_action and f.fell_at is not None}
    attack = state.last_attack
    drawn = attack if attack and all(state.fighters[f].hex or f in fallen for f in attack) else None
    # The round and the phase are in the picture's header (engine.core.header); the power step is the game's own.
    title = "Warhammer Underworlds"  # the round, phase and step are in the picture's header (engine.core.header)
    view = battle_view(battle, viewer, labels, title=title, path=path, attack=drawn,
                       attack_result=state.last_attack_result, fallen=fallen)
    return view.model_copy(update={"overlays": (*view.overlays, *overlays)}) if overlays else view


def changed_board(events: Sequence[Event]) -> bool:
    """Whether anything on the battlefield changed (then a fresh picture is posted; the state draws the last
    move's path and the last attack's line)."""
    return any(isinstance(event.body, BOARD_EVENTS) for event in events)
