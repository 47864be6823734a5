"""The billiard in a notebook (lgvci.notebook; docs/python.md "Notebooks"): the table seen from above
with the particle at q and its path, and the bounce map (s, p_t) of the impact records (docs/billiard.md).

The table's outline from the resolved config, as the page draws it (families/billiard/web/table.ts):
the ellipse (x/a)² + (y/b)² = 1, or Bunimovich's stadium, flat walls of length 2ℓ at y = ±r joined by
semicircles of radius r centred at (±ℓ, 0).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np

from lgvci.notebook import FamilyPart, Fields, Panel, trail


def outline(table: Dict[str, Any], n: int = 200) -> np.ndarray:
    """The table's wall as a closed polygon (counter-clockwise)."""
    if table["shape"] == "ellipse":
        s = np.linspace(0, 2 * np.pi, n)
        return np.column_stack([float(table["a"]) * np.cos(s), float(table["b"]) * np.sin(s)])
    r, half = float(table["r"]), float(table["l"])
    a = np.linspace(-np.pi / 2, np.pi / 2, n // 2)
    right = np.column_stack([half + r * np.cos(a), r * np.sin(a)])
    left = np.column_stack([-half - r * np.cos(a), -r * np.sin(a)])
    return np.vstack([right, left, right[:1]])


def view(ax: Any, config: Dict[str, Any], state: Fields, path: Optional[Fields]) -> None:
    """The table, the particle at q and its path so far."""
    from matplotlib.patches import Circle, Polygon  # type: ignore[import]
    wall = outline(config["table"])
    size = float(np.max(np.abs(wall)))
    ax.add_patch(Polygon(wall, closed=True, facecolor="#3d8a5c", edgecolor="#6b4a2f", lw=3))
    seen = trail(state, path, "q")
    if seen is not None and len(seen) > 1:
        seen = seen.reshape(-1, 2)
        ax.plot(seen[:, 0], seen[:, 1], color="#f5f1e6", lw=0.6, alpha=0.8)
    q = np.asarray(state["q"], dtype=float)
    ax.add_patch(Circle((q[0], q[1]), 0.035 * size, facecolor="#f5f1e6", edgecolor="0.2"))
    lo, hi = wall.min(axis=0), wall.max(axis=0)
    pad = 0.08 * size
    ax.set_xlim(lo[0] - pad, hi[0] + pad)
    ax.set_ylim(lo[1] - pad, hi[1] + pad)
    ax.set_aspect("equal", adjustable="box")
    ax.set_xlabel("q₁")
    ax.set_ylabel("q₂")
    ax.set_title(f"t = {float(state['t'][0]):.4g}", fontsize=9)


def _bounce_map(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    if impacts is not None and len(impacts):
        ax.scatter(impacts["s"], impacts["p_t"], s=2)
    ax.set_xlabel("s (arc length)")
    ax.set_ylabel("p_t")


def _path(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    q = np.asarray(fields["q"]).reshape(len(fields["t"]), 2)
    ax.plot(q[:, 0], q[:, 1], lw=0.5)
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_xlabel("q₁")
    ax.set_ylabel("q₂")


def panels(config: Dict[str, Any], fields: Fields) -> List[Panel]:
    """The particle's path and the bounce map, the billiard's Poincaré section (docs/billiard.md)."""
    return [Panel("path", _path), Panel("bounce map", _bounce_map, needs_impacts=True)]


PARTS = {"billiard": FamilyPart(view=view, panels=panels)}
