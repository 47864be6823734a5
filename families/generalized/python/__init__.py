"""The generalized-coordinate models in a notebook (lgvci.notebook; docs/python.md "Notebooks"): Fetecau
et al.'s particle and star in their vertical plane, and Seghete & Murphey's Newton's cradle, each drawn
in the plane of motion from the resolved config and the record's q (as the page draws them:
families/generalized/web/generalized/view.ts and cradle/view.ts), with the papers' plots of q(t).

Particle and star: q = (x, y[, θ]); a "linear" constraint n·q ≥ offset of the first two coordinates is
a wall line, a "planar_point" constraint a tip of the body at (x, y) + R(θ)·point that stays above the
floor y = 0. The cradle: ball i hangs from its pivot at x_i = (i − (n − 1)/2)(2r + gap), height
z_p = ℓ + r + ℓ/4, its centre at (x_i + ℓ sin θ_i, z_p − ℓ cos θ_i).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np

from lgvci.notebook import FamilyPart, Fields, Panel, trail

PARTICLE_RADIUS = 0.08  # the page's drawn size of the point particle (web/generalized/view.ts)


def _limits(ax: Any, points: np.ndarray, margin: float) -> None:
    """Equal scales on both axes, over a square holding the points with the margin."""
    lo, hi = points.min(axis=0) - margin, points.max(axis=0) + margin
    mid, half = 0.5 * (lo + hi), 0.5 * float(np.max(hi - lo))
    ax.set_xlim(mid[0] - half, mid[0] + half)
    ax.set_ylim(mid[1] - half, mid[1] + half)
    ax.set_aspect("equal", adjustable="box")


def _tips(config: Dict[str, Any]) -> np.ndarray:
    pts = [c["point"] for c in config.get("constraints", []) if c.get("type") == "planar_point"]
    return np.asarray(pts, dtype=float).reshape(-1, 2)


def _star(q: np.ndarray, tips: np.ndarray) -> np.ndarray:
    """The star's outline: its tips (the constraint points) and, between them, points at a quarter of
    the tips' distance, turned by θ = q₃ and moved to (q₁, q₂)."""
    angles = np.arctan2(tips[:, 1], tips[:, 0])
    order = np.argsort(angles)
    tips, angles = tips[order], angles[order]
    reach = float(np.max(np.linalg.norm(tips, axis=1)))
    outline = []
    for k in range(len(tips)):
        nxt = angles[(k + 1) % len(tips)] + (2 * np.pi if k + 1 == len(tips) else 0.0)
        mid = 0.5 * (angles[k] + nxt)
        outline += [tips[k], 0.25 * reach * np.array([np.cos(mid), np.sin(mid)])]
    c, s = np.cos(q[2]), np.sin(q[2])
    return np.asarray(outline) @ np.array([[c, s], [-s, c]]) + q[:2]


def planar_view(ax: Any, config: Dict[str, Any], state: Fields, path: Optional[Fields]) -> None:
    """The particle or the star at q in the plane of motion, its walls or floor, and its trail."""
    from matplotlib.patches import Circle, Polygon  # type: ignore[import]
    q = np.asarray(state["q"], dtype=float)
    qs = np.asarray(path["q"], dtype=float).reshape(-1, len(q)) if path is not None else q.reshape(1, -1)
    tips = _tips(config)
    reach = float(np.max(np.linalg.norm(tips, axis=1))) if len(tips) and len(q) >= 3 else PARTICLE_RADIUS
    points = np.vstack([qs[:, :2], [[qs[:, 0].min(), 0.0]]])
    margin = 1.3 * reach + 0.2
    _limits(ax, points, margin)
    x0, x1 = points[:, 0].min() - 3 * margin, points[:, 0].max() + 3 * margin
    for c in config.get("constraints", []):
        if c.get("type") == "linear" and len(c["normal"]) >= 2:
            n, off = np.asarray(c["normal"], dtype=float)[:2], float(c.get("offset", 0.0))
            if abs(n[1]) > 1e-12:
                ax.plot([x0, x1], [(off - n[0] * x0) / n[1], (off - n[0] * x1) / n[1]], color="0.3", lw=1.5)
            else:
                ax.axvline(off / n[0], color="0.3", lw=1.5)
    if len(tips) and len(q) >= 3:
        ax.axhline(0.0, color="0.3", lw=1.5)
        ax.add_patch(Polygon(_star(q, tips), closed=True, facecolor="#d9542f", edgecolor="0.2"))
    else:
        ax.add_patch(Circle((q[0], q[1]), PARTICLE_RADIUS, facecolor="#d9542f", edgecolor="0.2"))
    seen = trail(state, path, "q")
    if seen is not None and len(seen) > 1:
        seen = seen.reshape(-1, len(q))
        ax.plot(seen[:, 0], seen[:, 1], color="tab:blue", lw=0.8)
    ax.set_xlabel("q₁")
    ax.set_ylabel("q₂")
    ax.set_title(f"t = {float(state['t'][0]):.4g}", fontsize=9)


def _pivots(setup: Dict[str, Any]) -> np.ndarray:
    n, r, gap = int(setup["balls"]), float(setup["radius"]), float(setup.get("gap", 0.0))
    return (np.arange(n) - (n - 1) / 2) * (2 * r + gap)


def cradle_view(ax: Any, config: Dict[str, Any], state: Fields, path: Optional[Fields]) -> None:
    """The cradle's balls hung from their pivots at the angles θ = q, strings and the top bar."""
    from matplotlib.patches import Circle  # type: ignore[import]
    setup = config["cradle"]
    length, r = float(setup["length"]), float(setup["radius"])
    xs = _pivots(setup)
    top = length + r + 0.25 * length
    theta = np.asarray(state["q"], dtype=float)
    ax.plot([xs[0] - 2 * r - 0.15 * length, xs[-1] + 2 * r + 0.15 * length], [top, top], color="#6b4a2f", lw=3)
    for i, th in enumerate(theta):
        cx, cy = xs[i] + length * np.sin(th), top - length * np.cos(th)
        ax.plot([xs[i], cx], [top, cy], color="0.5", lw=0.8)
        ax.add_patch(Circle((cx, cy), r, facecolor="#c9ced6", edgecolor="0.25"))
    reach = length + r
    _limits(ax, np.array([[xs[0] - reach, top - reach], [xs[-1] + reach, top + 0.1 * length]]), 0.05 * length)
    ax.set_xlabel("x")
    ax.set_ylabel("height")
    ax.set_title(f"t = {float(state['t'][0]):.4g}", fontsize=9)


def _coordinates(name: str, symbol: str) -> Panel:
    def draw(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
        v = np.asarray(fields[name]).reshape(len(fields["t"]), -1)
        for k in range(v.shape[1]):
            ax.plot(fields["t"], v[:, k], lw=0.8, label=f"{symbol}{k + 1}")
        ax.legend(fontsize=7, loc="upper right")
        ax.set_xlabel("t")
        ax.set_ylabel(symbol)

    return Panel({"q": "configuration q", "p": "momenta p", "θ": "angles θᵢ"}.get(symbol, symbol), draw)


def planar_panels(config: Dict[str, Any], fields: Fields) -> List[Panel]:
    """Fetecau et al. §4.2–4.3: the configuration q(t) (the particle's x and height, the star's x, y, θ)
    and the momenta p(t); their Figs. 2 and 4 are the energy, every family's panel."""
    return [_coordinates("q", "q"), _coordinates("p", "p")]


def _angular_velocities(ax: Any, fields: Fields, impacts: Optional[np.ndarray], inertia: float) -> None:
    p = np.asarray(fields["p"]).reshape(len(fields["t"]), -1)
    for k in range(p.shape[1]):
        ax.plot(fields["t"], p[:, k] / inertia, lw=0.8, label=f"θ̇{k + 1}")
    ax.legend(fontsize=7, loc="upper right")
    ax.set_xlabel("t")
    ax.set_ylabel("θ̇ = p / (m ℓ²)")


def cradle_panels(config: Dict[str, Any], fields: Fields) -> List[Panel]:
    """Seghete & Murphey: the balls' angles θᵢ(t) and angular velocities θ̇ᵢ = pᵢ/(m ℓ²) (their Fig. 3:
    the momentum handed along the row at each impact)."""
    setup = config["cradle"]
    inertia = float(setup["mass"]) * float(setup["length"]) ** 2
    return [_coordinates("q", "θ"),
            Panel("angular velocities (Seghete & Murphey Fig. 3)",
                  lambda ax, fields, impacts: _angular_velocities(ax, fields, impacts, inertia))]


PARTS = {"generalized": FamilyPart(view=planar_view, panels=planar_panels),
         "cradle": FamilyPart(view=cradle_view, panels=cradle_panels)}
