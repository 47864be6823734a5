"""The rigid body in a notebook (lgvci.notebook; docs/python.md "Notebooks"): the body and the plane in
3-D, posed by the record's x and R, and the plots of Tran & Leok §7 (the energies T.E., T.P.E., R.E. of
Fig. 7, the height of the centre of mass, the body angular momentum Π, the contact force once the body rests).

The body is drawn from the resolved config's "body" at its true geometry in the body frame (centre of
mass at the origin, as families/rigid_body/web/body-geometry.ts builds it for the page): an ellipsoid
(2.13) as its surface, an ε-rounded cube as the box of side s + 2ε, an ε-rounded polyhedron as the
convex hull of its vertices (scipy), a union as its parts, an intersection of ellipsoids as the part
of each surface inside all the others. The world point of a body point ρ is x + Rρ; the plane passes
through the origin with the config's normal n (docs/rigid-body.md).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np

from lgvci.notebook import FamilyPart, Fields, Panel, trail

LIGHT = np.array([0.3, -0.5, 0.81]) / np.linalg.norm([0.3, -0.5, 0.81])
COLORS = (np.array([0.85, 0.33, 0.19]), np.array([0.95, 0.85, 0.55]))  # the page's two body colours, octant by octant


def _ellipsoid(part: Dict[str, Any], nu: int = 24, nv: int = 14) -> List[np.ndarray]:
    a = np.asarray(part["semi_axes"], dtype=float)
    c = np.asarray(part.get("center", [0, 0, 0]), dtype=float)
    u = np.linspace(0, 2 * np.pi, nu + 1)
    v = np.linspace(0, np.pi, nv + 1)
    grid = np.stack([np.outer(np.sin(v), np.cos(u)), np.outer(np.sin(v), np.sin(u)),
                     np.outer(np.cos(v), np.ones_like(u))], axis=-1) * a + c
    return [np.array([grid[i, j], grid[i, j + 1], grid[i + 1, j + 1], grid[i + 1, j]])
            for i in range(nv) for j in range(nu)]


def _box(half: float, c: np.ndarray) -> List[np.ndarray]:
    faces = []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            i, j = [k for k in range(3) if k != axis]
            corners = []
            for du, dv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = np.zeros(3)
                p[axis], p[i], p[j] = sign * half, du * half, dv * half
                corners.append(c + p)
            faces.append(np.array(corners))
    return faces


def _inside(part: Dict[str, Any], p: np.ndarray) -> bool:
    a = np.asarray(part["semi_axes"], dtype=float)
    c = np.asarray(part.get("center", [0, 0, 0]), dtype=float)
    return bool(np.sum(((p - c) / a) ** 2) <= 1 + 1e-9)


def faces(body: Dict[str, Any]) -> List[np.ndarray]:
    """The body's surface as polygons (each an array of corners, body frame)."""
    kind = body["type"]
    if kind == "ellipsoid":
        return _ellipsoid(body)
    if kind == "cube":
        return _box(0.5 * float(body["side"]) + float(body.get("epsilon", 0.0)), np.asarray(body.get("center", [0, 0, 0]), dtype=float))
    if kind == "polyhedron":
        from scipy.spatial import ConvexHull  # type: ignore[import]  # Debian's python3-scipy
        v = np.asarray(body["vertices"], dtype=float)
        return [v[s] for s in ConvexHull(v).simplices]
    if kind == "union":
        return [f for p in body["parts"] for f in faces(p)]
    if kind == "intersection":
        parts = body["parts"]
        return [f for k, p in enumerate(parts) for f in faces(p)
                if all(_inside(q, f.mean(axis=0)) for m, q in enumerate(parts) if m != k)]
    raise ValueError(f"body.type: cannot draw {kind!r}")


def _shade(polys: List[np.ndarray], world: List[np.ndarray], centre: np.ndarray) -> np.ndarray:
    """Face colours: the octant of the face's centre in the body frame (so that the spin shows), lit by LIGHT."""
    out = []
    for body_face, face in zip(polys, world):
        n = np.cross(face[1] - face[0], face[2] - face[0])
        norm = np.linalg.norm(n)
        n = n / norm if norm > 0 else n
        if np.dot(n, face.mean(axis=0) - centre) < 0:
            n = -n
        o = body_face.mean(axis=0)
        color = COLORS[0] if np.prod(np.sign(o + 1e-12)) > 0 else COLORS[1]
        out.append(np.append(color * (0.45 + 0.55 * max(0.0, float(np.dot(n, LIGHT)))), 1.0))
    return np.array(out)


def view(ax: Any, config: Dict[str, Any], state: Fields, path: Optional[Fields]) -> None:
    """The body at the state's pose (x, R) above the plane, the centre's trail, in 3-D."""
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # type: ignore[import]
    body = config["body"]
    x = np.asarray(state["x"], dtype=float).reshape(3)
    R = np.asarray(state["R"], dtype=float).reshape(3, 3)
    n = np.asarray(config["plane"]["normal"], dtype=float)
    n = n / np.linalg.norm(n)
    polys = faces(body)
    radius = max(float(np.max(np.linalg.norm(f, axis=1))) for f in polys)
    centres = np.asarray(path["x"], dtype=float).reshape(-1, 3) if path is not None and "x" in path else x.reshape(1, 3)
    feet = centres - np.outer(centres @ n, n)  # the centres' projections onto the plane
    points = np.vstack([centres, feet])
    mid = 0.5 * (points.min(axis=0) + points.max(axis=0))
    half = 0.5 * float(np.max(points.max(axis=0) - points.min(axis=0))) + 1.15 * radius
    # The plane: a square about the middle's projection, a little larger than the box.
    e1 = np.cross(n, [0.0, 1.0, 0.0] if abs(n[1]) < 0.9 else [1.0, 0.0, 0.0])
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(n, e1)
    foot = mid - np.dot(mid, n) * n
    s = 1.2 * half
    plane = np.array([foot + s * (a * e1 + b * e2) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    ax.add_collection3d(Poly3DCollection([plane], facecolors=[(0.55, 0.6, 0.55, 0.35)], edgecolors=[(0.3, 0.35, 0.3, 0.6)]))
    world = [x + f @ R.T for f in polys]
    ax.add_collection3d(Poly3DCollection(world, facecolors=_shade(polys, world, x), edgecolors="none"))
    seen = trail(state, path, "x")
    if seen is not None and len(seen) > 1:
        seen = seen.reshape(-1, 3)
        ax.plot(seen[:, 0], seen[:, 1], seen[:, 2], color="tab:blue", lw=0.8)
    ax.set_xlim(mid[0] - half, mid[0] + half)
    ax.set_ylim(mid[1] - half, mid[1] + half)
    ax.set_zlim(mid[2] - half, mid[2] + half)
    ax.set_box_aspect((1, 1, 1))
    ax.view_init(elev=18, azim=-62)
    ax.tick_params(labelsize=6, pad=0)
    ax.set_xlabel("x₁", labelpad=-4)
    ax.set_ylabel("x₂", labelpad=-4)
    ax.set_zlabel("x₃", labelpad=-4)
    ax.text2D(0.03, 0.93, f"t = {float(state['t'][0]):.4g}", transform=ax.transAxes, fontsize=9)


def _height(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    ax.plot(fields["t"], np.asarray(fields["x"]).reshape(len(fields["t"]), 3)[:, 2], lw=0.8)
    ax.set_xlabel("t")
    ax.set_ylabel("x₃")


def _momentum(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    pi = np.asarray(fields["Pi"]).reshape(len(fields["t"]), 3)
    for k in range(3):
        ax.plot(fields["t"], pi[:, k], lw=0.8, label=f"Π{'₁₂₃'[k]}")
    ax.legend(fontsize=7, loc="upper right")
    ax.set_xlabel("t")
    ax.set_ylabel("Π (body frame)")


def _energies(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    for name, label in (("E", "T.E."), ("TPE", "T.P.E."), ("RE", "R.E.")):
        ax.plot(fields["t"], fields[name], lw=0.8, label=label)
    ax.legend(fontsize=7, loc="upper right")
    ax.set_xlabel("t")
    ax.set_ylabel("energy")


def _contact(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    ax.plot(fields["t"], fields["normal_force"], lw=0.8)
    ax.set_xlabel("t")
    ax.set_ylabel("normal force")


def panels(config: Dict[str, Any], fields: Fields) -> List[Panel]:
    """Tran & Leok §7's energies, the total T.E., the translational and potential T.P.E. and the rotational
    R.E. that the impacts exchange (Fig. 7; the energy error, Fig. 8, is every family's panel); the height
    of the centre of mass and the body angular momentum Π; the contact force on a body in persistent
    contact with the plane, when the run has some (docs/rigid-body.md "Persistent contact")."""
    out = [Panel("energies (Tran & Leok Fig. 7)", _energies), Panel("height of the centre of mass", _height),
           Panel("body angular momentum", _momentum)]
    if "normal_force" in fields and np.any(np.asarray(fields["normal_force"]) != 0):
        out.append(Panel("contact force", _contact))
    return out


PARTS = {"rigid_body": FamilyPart(view=view, three_d=True, panels=panels)}
