"""Time the battlefield picture against Pillow's own PNG encode of the same image.

Budget (docs/budgets.md): median <= 80 ms for 30 models, 12 terrain pieces and overlays on a 36" x 36" table, with
its header, key and roster, and <= 2x the encode. ``--example PATH`` also writes the picture.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import pstats
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from engine.core.audience import Viewer
from engine.core.board import (
    BoardView,
    HeaderMark,
    LineStyle,
    ModelMark,
    Overlay,
    OverlayKind,
    TerrainMark,
    ZoneMark,
)
from engine.core.ids import ModelId, SideId
from renderers import draw_board, encode_png, render_board
from renderers.board import clear_cache

RUNS = 20
KINDS = ("forest", "ruin", "building", "wall", "hill", "water", "forest", "ruin", "hill", "building", "ruin", "other")
NAMES = ("Warden", "Skirmisher", "Hexblade", "Archer", "Brute", "Seer", "Outrider", "Sapper")
TOKENS = ("guard", "stagger", "charge", "inspired")


def _blob(rng: random.Random, cx: float, cy: float, size: float, corners: int) -> tuple[tuple[float, float], ...]:
    return tuple((round(cx + size * (0.7 + 0.3 * rng.random()) * math.cos(2 * math.pi * i / corners), 2),
                  round(cy + size * (0.7 + 0.3 * rng.random()) * math.sin(2 * math.pi * i / corners), 2))
                 for i in range(corners))


def sample_board(seed: int = 7) -> BoardView:
    """Build a seeded 36" x 36" board: 12 terrain pieces, 15 models a side, deployment, objectives, overlays."""
    rng = random.Random(seed)
    terrain = []
    for index, kind in enumerate(KINDS):
        cx, cy = 4 + (index % 4) * 9 + rng.uniform(0, 2), 9 + (index // 4) * 9 + rng.uniform(-1, 1)
        polygon: tuple[tuple[float, float], ...]
        if kind == "wall":
            polygon = ((cx - 3, cy - 0.25), (cx + 3, cy - 0.25), (cx + 3, cy + 0.25), (cx - 3, cy + 0.25))
        else:
            polygon = _blob(rng, cx, cy, rng.uniform(2.0, 3.2), 6 if kind in ("forest", "hill", "water") else 4)
        height = {"building": 5.0, "ruin": 3.0, "wall": 1.5, "hill": 1.0, "forest": 4.0}.get(kind, 0.0)
        terrain.append(TerrainMark(id=f"T{index + 1}", kind=kind, polygon=polygon, height=height))
    zones = [
        ZoneMark(id="DA", kind="deployment", side=SideId("A"), polygon=((0, 0), (36, 0), (36, 6), (0, 6))),
        ZoneMark(id="DB", kind="deployment", side=SideId("B"), polygon=((0, 30), (36, 30), (36, 36), (0, 36))),
        ZoneMark(id="O1", kind="objective", polygon=((18, 18),)),
        ZoneMark(id="O2", kind="objective", polygon=((8, 24),)),
        ZoneMark(id="O3", kind="objective", polygon=((28, 12),)),
    ]
    models = []
    for side, y0, facing in (("A", 2.5, 90.0), ("B", 33.5, 270.0)):
        for index in range(15):
            wounds_max = rng.choice((3, 4, 5))
            models.append(ModelMark(
                id=ModelId(f"{side}{index + 1}"), name=rng.choice(NAMES), side=SideId(side),
                x=round(2 + index * 2.3 + rng.uniform(-0.3, 0.3), 2),
                y=round(y0 + (index % 2) * (2.0 if side == "A" else -2.0) + rng.uniform(-0.3, 0.3), 2),
                radius=0.63, facing=facing + rng.choice((-30.0, 0.0, 30.0)),
                wounds=rng.randint(1, wounds_max), max_wounds=wounds_max,
                tokens=tuple(rng.sample(TOKENS, rng.choice((0, 0, 1, 2)))),
                states=("activated",) if index % 5 == 0 else (),
            ))
    a3 = next(m for m in models if m.id == "A3")
    b5 = next(m for m in models if m.id == "B5")
    b8 = next(m for m in models if m.id == "B8")
    overlays = (
        Overlay(kind=OverlayKind.PATH, points=((a3.x, a3.y), (a3.x + 2, a3.y + 4), (a3.x + 3.5, a3.y + 7.5)),
                label='6"'),
        Overlay(kind=OverlayKind.SIGHT, points=((a3.x + 3.5, a3.y + 7.5), (b5.x, b5.y)), style=LineStyle.CLEAR,
                label="clear"),
        Overlay(kind=OverlayKind.SIGHT, points=((a3.x + 3.5, a3.y + 7.5), (b8.x, b8.y)), style=LineStyle.BLOCKED,
                label="blocked"),
        Overlay(kind=OverlayKind.RING, center=(a3.x + 3.5, a3.y + 7.5), radius=12.0, style=LineStyle.THREAT,
                label='12" range'),
        Overlay(kind=OverlayKind.ARC, center=(b5.x, b5.y), radius=4.0, start=225.0, end=315.0),
        Overlay(kind=OverlayKind.SHAPE, points=((24, 20), (30, 18), (30, 22)), style=LineStyle.THREAT),
    )
    header = HeaderMark(round=2, phase="activation phase", acting=SideId("A"), deciding=(SideId("B"),),
                        scores=((SideId("A"), 3), (SideId("B"), 1)), score_name="VP",
                        counts=("activations left A 9, B 10",))
    return BoardView(viewer=Viewer.of_side(SideId("A")), title="Shroudfall: A3 moves and shoots",
                     width=36, height=36, sides=(SideId("A"), SideId("B")), terrain=tuple(terrain),
                     zones=tuple(zones), models=tuple(models), overlays=overlays, header=header)


def _paired_ms(one: Callable[[], object], other: Callable[[], object], runs: int) -> tuple[float, float]:
    """Medians of two actions timed in turn, so both see the same load on a shared machine."""
    first, second = [], []
    for _ in range(runs):
        for action, times in ((one, first), (other, second)):
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
    return statistics.median(first) * 1000, statistics.median(second) * 1000


def _median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


_STAGES = (
    ("copy of the cached table layer", "copy", "PIL/Image.py"),
    ("overlays (shapes, supersampled)", "draw_overlays", "renderers/overlays.py"),
    ("models (shapes, supersampled)", "draw_models", "renderers/models.py"),
    ("reduce to output size", "reduce", "PIL/Image.py"),
    ("title, header, key and roster", "draw_frame", "renderers/frame.py"),
    ("model labels: placing", "place_labels", "renderers/labels.py"),
    ("model labels: written", "draw_model_labels", "renderers/labels.py"),
    ("overlay and edge labels", "draw_overlay_labels", "renderers/overlays.py"),
    ("quantize to 256 colours", "quantize", "PIL/Image.py"),
    ("PNG encode (zlib)", "save", "PIL/Image.py"),
)


def where_the_time_goes(board: BoardView, runs: int) -> list[tuple[str, float]]:
    """The share of ``render_board``'s time in each stage, from a profile of ``runs`` renders (profiling slows
    every call alike, so the shares hold though the times do not)."""
    profile = cProfile.Profile()
    profile.runcall(lambda: [render_board(board) for _ in range(runs)])
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = next(v[3] for k, v in stats.items() if k[2] == "render_board")
    spent = {label: sum(v[3] for k, v in stats.items() if k[2] == name and where in k[0])
             for label, name, where in _STAGES}
    spent["model labels: written"] -= spent["model labels: placing"]  # drawing them calls the placing
    return [(label, time / total) for label, time in spent.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--example", type=Path, help="also write the picture to this path")
    args = parser.parse_args()
    board = sample_board()
    image = draw_board(board)
    png = render_board(board)  # also warms the font and static-layer caches, as a running bot has them
    render_ms, baseline_ms = _paired_ms(lambda: render_board(board), lambda: image.save(io.BytesIO(), format="PNG"),
                                        RUNS)
    draw_ms = _median_ms(lambda: draw_board(board), RUNS)
    ours_ms = _median_ms(lambda: encode_png(image), RUNS)
    def cold() -> bytes:
        clear_cache()
        return render_board(board)

    cold_ms = _median_ms(cold, RUNS)
    shares = where_the_time_goes(board, 5)
    print(f"picture: {image.width}x{image.height} px, {len(png) / 1024:.0f} KB; medians over {RUNS} runs")
    print(f"render_board            {render_ms:6.1f} ms  (draw {draw_ms:.1f} + quantize and encode {ours_ms:.1f})")
    print(f"Pillow PNG encode       {baseline_ms:6.1f} ms  (image.save(..., 'PNG') of the same drawn image)")
    print(f"ratio                   {render_ms / baseline_ms:6.2f}x  (budget: <= 80 ms and <= 2x)")
    print(f"render_board, no cache  {cold_ms:6.1f} ms  (a table drawn for the first time)")
    print("where the time goes (share of render_board, profiled):")
    for label, share in shares:
        print(f"  {label:34} {100 * share:5.1f}%")
    if args.example:
        args.example.write_bytes(png)
        print(f"wrote {args.example} ({len(png) / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
