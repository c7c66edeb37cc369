"""The battlefield as a picture shows it: hexes by kind, territories, objective tokens, fighters, a move and an
attack line, as one ``BoardView`` (drawn by ``renderers.render_board`` like any board).

Everything here is public: positions, wounds, tokens, Inspired state and face-up token numbers. A face-down
token is passed as ``?`` by ``engine.hex.view.cell_marks``, so a view built during placement cannot leak it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core.audience import Viewer
from engine.core.board import BoardView, ModelMark, Overlay
from engine.core.ids import ModelId, SideId
from engine.hex import Hex
from engine.hex.view import HexFrame, Token, cell_marks, path_overlay, sight_overlay
from engine.systems.underworlds.battle import Battle, FighterState

__all__ = ["BASE_RADIUS", "FighterLabel", "battle_view"]

BASE_RADIUS = 0.55
"""A fighter's base in board units (a hex's circumradius is 1)."""


@dataclass(frozen=True, slots=True)
class FighterLabel:
    """How a fighter is shown: ``short`` on its base (``S1``), ``name`` in the legend, its Wounds characteristic."""

    short: str
    name: str
    wounds: int


def _tokens(fighter: FighterState) -> tuple[str, ...]:
    return tuple(name for name, on in (("move", fighter.moved), ("charge", fighter.charged),
                                       ("guard", fighter.guard)) if on)


def battle_view(battle: Battle, viewer: Viewer, labels: Mapping[str, FighterLabel], *, title: str,
                path: Sequence[Hex] = (), attack: tuple[str, str] | None = None,
                attack_clear: bool = True, attack_result: str = "",
                fallen: Mapping[str, tuple[SideId, Hex]] = {}) -> BoardView:
    """Return the picture's view of ``battle``: ``path`` is the last move (hexes in order), ``attack`` the last
    attack as (attacker id, target id), drawn clear or blocked with its dice and result (``attack_result``) beside
    it, and ``fallen`` the fighters out of action, each with its side and the hex where it fell (a marker there; the
    attack line still reaches a target it took out).

    :raises KeyError: for a fighter on the battlefield without a label.
    """
    board = battle.board
    frame = HexFrame.of(board)
    cells = cell_marks(board, frame, owner=lambda region: None if region is None else SideId(region),
                       tokens={t.hex: Token(str(t.number), t.face_up) for t in battle.objectives})
    models = []
    for fighter in battle.standing():
        assert fighter.hex is not None
        label = labels[fighter.id]
        x, y = frame.centre(fighter.hex)
        models.append(ModelMark(id=ModelId(label.short), name=label.name, side=SideId(fighter.side), x=x, y=y,
                                radius=BASE_RADIUS, wounds=label.wounds - fighter.wounds, max_wounds=label.wounds,
                                tokens=_tokens(fighter), states=("inspired",) if fighter.inspired else (),
                                cell=board.id_of(fighter.hex)))
    for fighter_id, (side, fell) in fallen.items():
        label = labels[fighter_id]
        x, y = frame.centre(fell)
        models.append(ModelMark(id=ModelId(label.short), name=label.name, side=side, x=x, y=y, radius=BASE_RADIUS,
                                wounds=0, max_wounds=label.wounds, out=True, cell=board.id_of(fell)))
    overlays: list[Overlay] = []
    if len(path) >= 2:
        overlays.append(path_overlay(board, frame, path))
    if attack is not None:
        ends = [fallen[f][1] if f in fallen else battle.fighter(f).hex for f in attack]
        if ends[0] is not None and ends[1] is not None:
            said = f"{labels[attack[0]].short} attacks {labels[attack[1]].short}"
            overlays.append(sight_overlay(frame, ends[0], ends[1], clear=attack_clear,
                                          label=f"{said}: {attack_result}" if attack_result else said))
    return BoardView(viewer=viewer, title=title, width=frame.width, height=frame.height, show_grid=False,
                     sides=tuple(SideId(s) for s in battle.sides), models=tuple(models), overlays=tuple(overlays),
                     cells=cells)
