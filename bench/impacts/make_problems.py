#!/usr/bin/env python3
"""Writes the impacts benchmark's problems, bench/impacts/problems/<name>.json (docs/benchmark-impacts.md):
each one's set-up (a config of the CLI, and for the engines a free body on a plane), its step h and
steps, and its reference: a closed form where one exists, else the program's own run at h/64 with
the energy jump (Newton's law: H kept at the impact) whose error is estimated by its distance from the
run at h/32 (Richardson's estimate of a first-order-at-impacts method is that difference).

    PYTHONPATH=build/native/python python3 bench/impacts/make_problems.py [--cli build/native/lgvci]

The resolved configs come from the Python module (lgvci.preset), the converged references from the CLI.
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from billiard_reference import ellipse_bounce_times, stadium_bounce_times  # noqa: E402

import lgvci  # noqa: E402

OUT = ROOT / "bench" / "impacts" / "problems"

POINT_CONTACTS = (
    "not expressible: the star's contacts are four points of a planar body (q = x, y, θ); an engine's "
    "shapes have volume, and small spheres at the points would move every contact by their radius"
)
CURVED_WALL = (
    "not expressible: a particle inside a curved wall (the table) needs a concave wall, which these "
    "engines only have as a polygon mesh: the bounce map of the polygon is not the table's"
)


def quat_from_R(R: np.ndarray) -> list[float]:
    """(w, x, y, z) of a rotation matrix (Shepperd's method)."""
    t = np.trace(R)
    if t > 0:
        s = 2.0 * math.sqrt(1.0 + t)
        return [0.25 * s, (R[2, 1] - R[1, 2]) / s, (R[0, 2] - R[2, 0]) / s, (R[1, 0] - R[0, 1]) / s]
    i = int(np.argmax(np.diag(R)))
    j, k = (i + 1) % 3, (i + 2) % 3
    s = 2.0 * math.sqrt(1.0 + R[i, i] - R[j, j] - R[k, k])
    q = [0.0] * 4
    q[0] = (R[k, j] - R[j, k]) / s
    q[1 + i] = 0.25 * s
    q[1 + j] = (R[j, i] + R[i, j]) / s
    q[1 + k] = (R[k, i] + R[i, k]) / s
    return q


def engine_shape(body: dict) -> dict:
    t = body["type"]
    if t == "union":
        return {"type": "union", "parts": [engine_shape(p) for p in body["parts"]]}
    if t == "ellipsoid":
        a = body["semi_axes"]
        if a[0] == a[1] == a[2]:
            return {"type": "sphere", "radius": a[0], "center": body.get("center", [0, 0, 0])}
        return {"type": "ellipsoid", "semi_axes": a, "center": body.get("center", [0, 0, 0])}
    if t == "cube":
        return {"type": "cube", "side": body["side"], "epsilon": body.get("epsilon", 0.0), "center": body.get("center", [0, 0, 0])}
    raise ValueError(f"body.type {t} has no engine shape here")


def rigid_engine_setup(cfg: dict) -> dict:
    """A free body on a plane through the origin, gravity −g e3: the rigid body family's set-up."""
    J = np.array(cfg["inertia"], dtype=float)
    off = J - np.diag(np.diag(J))
    if np.abs(off).max() > 1e-12 * np.abs(J).max():
        raise ValueError("the engines are given a principal inertia: J must be diagonal in the body frame")
    R0 = np.array(cfg["R0"], dtype=float)
    m = cfg["mass"]
    n = np.array(cfg["plane"]["normal"], dtype=float)
    n /= np.linalg.norm(n)
    w0 = R0 @ np.linalg.solve(J, np.array(cfg["Pi0"], dtype=float))
    e3 = np.array([0.0, 0.0, 1.0])
    if abs(n @ e3 - 1) < 1e-15:  # gravity along n: both directions of the plane, and L about n
        dirs, ang = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], True
    else:  # tilted: only the horizontal direction in the plane
        d = np.cross(n, e3)
        dirs, ang = [list(d / np.linalg.norm(d))], False
    return {
        "gravity": cfg["gravity"],
        "plane": {"normal": list(n)},
        "restitution": cfg.get("restitution", 1.0),
        "potential_offset": 0.0,
        "body": {
            "shape": engine_shape(cfg["body"]),
            "mass": m,
            "inertia": list(np.diag(J)),
            "x0": cfg["x0"],
            "q0": quat_from_R(R0),
            "v0": [g / m for g in cfg["gamma0"]],
            "w0": list(w0),
        },
        "momentum": {"linear_dirs": dirs, "angular_about_n": ang},
        "position": {"indices": [0, 1, 2], "offset": [0.0, 0.0, 0.0]},
    }


def cli_run(cli: str, config: dict, args: list[str]) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(config, f)
    out = subprocess.run([cli, "--config", f.name, "--json", *args], check=True, capture_output=True, text=True).stdout
    Path(f.name).unlink()
    return json.loads(out)


def position(final: dict) -> list[float]:
    return final["x"] if "x" in final else final["q"]


def converged_reference(cli: str, config: dict, h: float, horizon_steps: int, jump: str) -> dict:
    """The run at h/64 to t0 + horizon_steps·h, its error the largest difference from the run at h/32."""
    runs = {}
    for k in (32, 64):
        runs[k] = cli_run(cli, config, ["--h", repr(h / k), "--steps", str(horizon_steps * k), "--jump", jump])
    t32, t64 = runs[32]["impact_times"], runs[64]["impact_times"]
    if len(t32) != len(t64):
        raise RuntimeError(f"the h/32 and h/64 runs see {len(t32)} and {len(t64)} impact steps: shorten the horizon")
    terr = max((abs(a - b) for a, b in zip(t32, t64)), default=0.0)
    x32, x64 = np.array(position(runs[32]["final"])), np.array(position(runs[64]["final"]))
    return {
        "kind": "converged",
        "method": f"the program's run at h/64 = {h / 64!r} with --jump {jump} (Newton's law at each impact); "
        "error: its largest difference from the run at h/32",
        "horizon_steps": horizon_steps,
        "impact_times": t64,
        "impact_times_error": terr,
        "position": list(x64),
        "position_error": float(np.linalg.norm(x32 - x64)),
    }


def free_fall_bounces(z0: float, vz: float, g: float, T: float) -> list[float]:
    """Bounces of a point dropped from height z0 > 0 with vertical speed vz onto z = 0, elastic."""
    t1 = (vz + math.sqrt(vz * vz + 2 * g * z0)) / g
    period = 2 * (g * t1 - vz) / g
    out, t = [], t1
    while t <= T:
        out.append(t)
        t += period
    return out


def free_fall_height(z0: float, vz: float, g: float, t: float) -> float:
    t1 = (vz + math.sqrt(vz * vz + 2 * g * z0)) / g
    if t <= t1:
        return z0 + vz * t - 0.5 * g * t * t
    period = 2 * (g * t1 - vz) / g
    v = g * t1 - vz  # the speed at each bounce
    s = (t - t1) % period
    return v * s - 0.5 * g * s * s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=str(ROOT / "build/native/lgvci"))
    a = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    problems = []

    # ---- closed forms
    ball = lgvci.preset("I")
    ball.update({"case": None, "body": {"type": "ellipsoid", "semi_axes": [1.0, 1.0, 1.0]}, "inertia": [[0.4, 0, 0], [0, 0.4, 0], [0, 0, 0.4]],
                 "x0": [0.0, 0.0, 5.0], "gamma0": [1.0, 0.5, 0.0], "Pi0": [0.3, 0.0, 0.2]})
    del ball["case"]
    h, steps = 0.01, 10000
    g = ball["gravity"]
    T = steps * h
    horizon = steps
    xT = [1.0 * T, 0.5 * T, 1.0 + free_fall_height(4.0, 0.0, g, T)]
    problems.append({
        "name": "ball", "title": "bouncing ball", "family": "rigid_body",
        "source": "a sphere (radius 1, m = 1, J = 0.4 I) dropped from x3 = 5 onto the plane x3 = 0, moving sideways and spinning",
        "config": ball, "h": h, "steps": steps, "quick": True,
        "reference": {"kind": "closed_form", "method": "free fall between elastic bounces: t1 = √(2(x3 − r)/g), period 2 g t1 / g",
                      "horizon_steps": horizon, "impact_times": free_fall_bounces(4.0, 0.0, g, T + 1e-12),
                      "impact_times_error": 0.0, "position": xT, "position_error": 0.0},
        "engine_setup": rigid_engine_setup(ball),
    })
    part = lgvci.preset("particle")
    gp = part["potential"]["g"]
    pe = {
        "gravity": gp, "plane": {"normal": [0.0, 0.0, 1.0]}, "restitution": 1.0, "potential_offset": 0.05,
        "body": {"shape": {"type": "sphere", "radius": 0.05}, "mass": 1.0, "inertia": [0.001] * 3,
                 "x0": [0.0, 0.0, 1.05], "q0": [1.0, 0.0, 0.0, 0.0], "v0": [-2.0, 0.0, 0.0], "w0": [0.0, 0.0, 0.0]},
        "momentum": {"linear_dirs": [[1.0, 0.0, 0.0]], "angular_about_n": False},
        "position": {"indices": [0, 2], "offset": [0.0, 0.05]},
    }
    problems.append({
        "name": "particle", "title": "Fetecau's particle", "family": "generalized",
        "source": "Fetecau, Marsden, Ortiz, West §4.2: a particle under gravity on the line y = 0 (the engines: a sphere of radius 0.05)",
        "config": {"case": "particle"}, "h": 0.01, "steps": steps, "quick": True,
        "reference": {"kind": "closed_form", "method": "free fall between elastic bounces",
                      "horizon_steps": horizon, "impact_times": free_fall_bounces(1.0, 0.0, gp, T + 1e-12), "impact_times_error": 0.0,
                      "position": [-2.0 * T, free_fall_height(1.0, 0.0, gp, T)], "position_error": 0.0},
        "engine_setup": pe,
    })
    rest = lgvci.preset("rest")
    problems.append({
        "name": "rest", "title": "resting ellipsoid", "family": "rigid_body",
        "source": "Case I's ellipsoid at rest on the plane (the preset rest)", "config": {"case": "rest"}, "h": 0.01, "steps": steps,
        "reference": {"kind": "closed_form", "method": "equilibrium: no impact, the body stays", "horizon_steps": horizon,
                      "impact_times": [], "impact_times_error": 0.0, "position": rest["x0"], "position_error": 0.0},
        "engine_setup": rigid_engine_setup(rest),
    })
    slide = lgvci.preset("slide")
    n = np.array(slide["plane"]["normal"])
    down = np.array([0.0, 0.0, -1.0]) - (np.array([0.0, 0.0, -1.0]) @ n) * n  # gravity's component along the slope, per g
    Ts = 1000 * 0.01  # the plane is unbounded: the cube slides on, 10 s to the reference's horizon
    xs = np.array(slide["x0"]) + 0.5 * slide["gravity"] * Ts * Ts * down
    problems.append({
        "name": "slide", "title": "sliding cube", "family": "rigid_body",
        "source": "a cube (side 2, ε = 0.1) on a face down a frictionless plane tilted 20° (the preset slide)",
        # 10 s: the cube slides on without end (168 m by then); the engines' planes are finite
        "config": {"case": "slide"}, "h": 0.01, "steps": 1000,
        "reference": {"kind": "closed_form", "method": "uniform acceleration g sin 20° along the slope, no impact",
                      "horizon_steps": 1000, "impact_times": [], "impact_times_error": 0.0, "position": list(xs), "position_error": 0.0},
        "engine_setup": rigid_engine_setup(slide),
    })
    for name, shape, q0, v0, rs in (("billiard-ellipse", "ellipse", [0.5, 0.2], [0.6, 0.8], None), ("billiard-stadium", "stadium", [0.3, 0.1], [0.8, 0.6], None)):
        cfg = lgvci.preset(name)
        assert cfg["q0"] == q0 and cfg["v0"] == v0
        tb = cfg["table"]
        nb = 2000
        times = ellipse_bounce_times(tb["a"], tb["b"], q0, v0, nb) if shape == "ellipse" else stadium_bounce_times(tb["r"], tb["l"], q0, v0, nb)
        times = [t for t in times if t <= T + 1e-12]
        problems.append({
            "name": name, "title": f"{shape} billiard", "family": "billiard",
            "source": f"a free particle in the {shape} (the preset {name}, Fetecau et al.'s variational collision integrator)",
            "config": {"case": name}, "h": 0.01, "steps": steps, "quick": shape == "ellipse",
            "reference": {"kind": "closed_form", "method": "straight chords and mirror reflections in 50-digit decimal arithmetic (scripts/billiard_reference.py)",
                          "horizon_steps": horizon, "impact_times": times, "impact_times_error": 0.0},
            "not_expressible": {"all": CURVED_WALL},
        })

    # ---- converged references
    for case, title, source in (("I", "Case I: ellipsoid", "Tran & Leok §7, Case I"), ("II", "Case II: ellipsoid, tilted plane", "Tran & Leok §7, Case II"),
                                ("III", "Case III: union of ellipsoids", "Tran & Leok §7, Case III"), ("IV", "Case IV: cube", "Tran & Leok §7, Case IV")):
        cfg = lgvci.preset(case)
        problems.append({
            "name": f"case-{case}", "title": title, "family": "rigid_body", "source": source, "config": {"case": case}, "h": 0.01, "steps": steps,
            "quick": case == "IV",
            # Case II: past ~6 s (a burst of bounces on the tilted plane) the h/32 and h/64 runs part by > 1e-3
            "reference": converged_reference(a.cli, {"case": case}, 0.01, 600 if case == "II" else 1000, "energy"),
            "engine_setup": rigid_engine_setup(cfg),
        })
    rock = lgvci.preset("rocking")
    problems.append({
        "name": "rocking", "title": "rocking ellipsoid (e = 0.5)", "family": "rigid_body",
        "source": "an ellipsoid (2, 1, 1) rocking on its side with restitution 0.5 (the preset rocking)", "config": {"case": "rocking"},
        "h": 0.01, "steps": steps, "dissipative": True,
        "reference": converged_reference(a.cli, {"case": "rocking"}, 0.01, 100, "energy"),
        "engine_setup": rigid_engine_setup(rock),
    })
    problems.append({
        "name": "star", "title": "Fetecau's star", "family": "generalized", "source": "Fetecau, Marsden, Ortiz, West §4.3: a rigid star falling on its points",
        "config": {"case": "star"}, "h": 0.005, "steps": steps,
        "reference": converged_reference(a.cli, {"case": "star"}, 0.005, 1000, "energy"),
        "not_expressible": {"all": POINT_CONTACTS},
    })
    for balls in (3, 5):
        cfg = {"case": "cradle", "cradle": {"balls": balls}}
        full = json.loads(json.dumps(cli_run(a.cli, cfg, ["--steps", "0"])["final"]))
        full = {"q0": full["q"]}
        c = lgvci.preset("cradle")["cradle"]
        assert len(full["q0"]) == balls and c["pulled"] == 1
        problems.append({
            "name": f"cradle-{balls}", "title": f"Newton's cradle, n = {balls}", "family": "generalized",
            "source": "Seghete & Murphey: Newton's cradle, ball 1 pulled to −0.2 rad, the chain impact policy", "config": cfg,
            "h": 0.01, "steps": steps, "quick": balls == 3,
            # E's zero at the balls' rest (−n m g l, the pivots' level being the CLI's zero): the drift
            # is then relative to the swing's energy, not to n m g l
            "energy_zero": -balls * c["mass"] * c["g"] * c["length"],
            "reference": converged_reference(a.cli, cfg, 0.01, 300, "energy"),
            "engine_setup": {"kind": "pendulums", "gravity": c["g"], "mass": c["mass"], "length": c["length"], "radius": c["radius"],
                             "spacing": 2 * c["radius"] + c["gap"], "restitution": 1.0, "q0": full["q0"], "qdot0": [0.0] * balls,
                             "position": {"indices": list(range(balls)), "offset": [0.0] * balls}},
        })

    for p in problems:
        p.setdefault("quick", False)
        p.setdefault("dissipative", False)
        p["quick_steps"] = 1000
        p["reverse_steps"] = 1000
        r = p["reference"]
        print(f"{p['name']:18s} {r['kind']:12s} impacts {len(r['impact_times']):4d} horizon {r['horizon_steps']:6d} steps"
              f"  t-error {r['impact_times_error']:.1e}  x-error {r.get('position_error', float('nan')):.1e}")
        (OUT / f"{p['name']}.json").write_text(json.dumps(p, indent=1) + "\n")


if __name__ == "__main__":
    main()
