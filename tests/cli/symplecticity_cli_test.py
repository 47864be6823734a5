#!/usr/bin/env python3
"""Black-box tests of `--symplecticity N` (docs/symplecticity.md): the loop's action for the families with
a 2-D slice and the one-step defect for the rigid body, one entry per sample; the variational schemes keep
the action (Poincaré's integral invariant: Fetecau et al. §3.3) and sit at the differencing floor, the naive
baseline does not; a bad N exits 2 naming the flag."""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import check, finish, run  # noqa: E402


def symp(*args):
    r = run(*args, "--json", timeout=300)
    check(f"exit 0 for {args}", r.returncode == 0, r.stderr)
    return json.loads(r.stdout).get("symplecticity", {}) if r.returncode == 0 else {}


# The particle: the first bounce at t = sqrt(2/g) ~ 0.45 s lies inside 100 steps of h = 0.01.
s = symp("--case", "particle", "--steps", "100", "--symplecticity", "1")
check("particle: loop in (y, p_y)", s.get("measure") == "loop_area" and s.get("pair") == ["y", "p_y"], s)
check("particle: one entry per sample", len(s.get("area_rel_change", [])) == 1, s)
# The start loop is the ellipse of semi-axes 1e-3 max(1, |y0|) = 1e-3 and 1e-3 max(1, |p_y0|) = 1e-3.
check("particle: start area pi 1e-6", abs(abs(s.get("start_area", 0)) - math.pi * 1e-6) < 1e-12, s.get("start_area"))
check("particle VCI: area kept to 1e-10 through the bounce", abs(s.get("area_rel_change", [1])[0]) < 1e-10, s)
n = symp("--case", "particle", "--steps", "100", "--symplecticity", "1", "--integrator", "naive")
check("particle naive: area changed by more than 1e-4", abs(n.get("area_rel_change", [0])[0]) > 1e-4, n)

for case in ["billiard-ellipse", "billiard-stadium"]:
    b = symp("--case", case, "--steps", "400", "--symplecticity", "4")
    check(f"{case}: loop in (x, p_x), 4 samples", b.get("pair") == ["x", "p_x"] and len(b.get("area_rel_change", [])) == 4, b)
    check(f"{case} VCI: area kept to 1e-10", max(abs(v) for v in b.get("area_rel_change", [1])) < 1e-10, b)
    # The bounce map (Birkhoff's (s, p_t)): the loop of k-th bounces keeps the first's area while resolved.
    bm = b.get("bounce_map", {})
    k = bm.get("resolved_bounces", 0)
    check(f"{case}: bounce map over 20 bounces, at least 3 resolved", bm.get("bounces") == 20 and k >= 3, bm)
    check(f"{case} VCI: bounce-map area kept to 1e-7 over the resolved bounces",
          k > 0 and max(abs(v) for v in bm.get("area_rel_change", [1])[:k]) < 1e-7, bm)
nb = symp("--case", "billiard-ellipse", "--steps", "10", "--symplecticity", "1", "--integrator", "naive").get("bounce_map", {})
check("billiard-ellipse naive: bounce-map area lost (|change| > 0.5 by bounce 20)", abs(nb.get("area_rel_change", [0])[-1]) > 0.5, nb)
check("particle: no bounce map", "bounce_map" not in s, s)

# The rigid body: the defect of the one-step map, at the floor for the LGVCI, above it for the naive scheme.
d = symp("--case", "I", "--steps", "400", "--symplecticity", "4")
check("I: defect, 4 samples", d.get("measure") == "defect" and len(d.get("defect", [])) == 4, d)
check("I LGVCI: defect at the floor", all(x <= f for x, f in zip(d.get("defect", [1]), d.get("floor_per_sample", [0]))), d)
check("I: a scalar floor", isinstance(d.get("floor"), float), d.get("floor"))
nv = symp("--case", "I", "--steps", "400", "--symplecticity", "4", "--integrator", "naive")
check("I naive: defect 100x above the floor", all(x > 100 * f for x, f in zip(nv.get("defect", [0]), nv.get("floor_per_sample", [1]))), nv)

# Text output: one summary line.
t = run("--case", "billiard-ellipse", "--steps", "100", "--symplecticity", "2")
check("text summary", t.returncode == 0 and "symplecticity" in t.stdout and "loop in (x, p_x)" in t.stdout and "bounce map:" in t.stdout, t.stdout)

for bad in ["0", "1001", "2.5", "x"]:
    r = run("--case", "particle", "--symplecticity", bad)
    check(f"--symplecticity {bad}: exit 2 naming the flag", r.returncode == 2 and "--symplecticity:" in r.stderr, (r.returncode, r.stderr))

# Combinations that would ignore it or sample an unbounded run are refused, not dropped silently.
for extra in (["--ensemble", "3"], ["--order-study"], ["--until-impacts", "2"]):
    r = run("--case", "particle", "--symplecticity", "2", *extra)
    check(f"--symplecticity with {extra[0]}: exit 2 naming the flag", r.returncode == 2 and "--symplecticity:" in r.stderr, (r.returncode, r.stderr))

finish("symplecticity CLI")
