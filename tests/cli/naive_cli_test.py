#!/usr/bin/env python3
"""Black-box tests of `--integrator naive` (docs/baselines.md "The naive baseline"): every family runs it
with the same JSON keys as its own scheme, the impacts are logged at step ends (multiples of h), and an
unknown integrator exits 2 naming the field."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import check, finish, run  # noqa: E402


def run_json(*args):
    r = run(*args, "--json")
    check(f"exit 0 for {args}", r.returncode == 0, r.stderr)
    return json.loads(r.stdout) if r.returncode == 0 else {}


for case, h in [("particle", 0.01), ("billiard-ellipse", 0.01), ("star", 0.005), ("cradle", None), ("I", 0.01)]:
    own = run_json("--case", case, "--steps", "1000")
    naive = run_json("--case", case, "--steps", "1000", "--integrator", "naive")
    check(f"{case}: integrator naive", naive.get("integrator") == "naive", naive.get("integrator"))
    check(f"{case}: impacts > 0, status ok", naive.get("impacts", 0) > 0 and naive.get("status") == "ok", naive)
    check(f"{case}: same JSON keys as {own.get('integrator')}", sorted(own.keys()) == sorted(naive.keys()),
          (sorted(own.keys()), sorted(naive.keys())))
    check(f"{case}: one flow evaluation a step", naive.get("flow_evaluations") == 1000, naive.get("flow_evaluations"))
    times = naive.get("impact_times", [])
    # One entry per impact; with a simultaneous-impact policy (the cradle) one per instant (docs/cli.md).
    ok = len(times) == naive.get("impacts") if case != "cradle" else 0 < len(times) <= naive.get("impacts")
    check(f"{case}: impact_times", ok and len(set(times)) == len(times), (len(times), naive.get("impacts")))
    if h is not None:
        # Not located: each impact is logged at the end of the step that saw it, t = k h.
        off = max(abs(t / h - round(t / h)) for t in times)
        check(f"{case}: impact times on the grid", off < 1e-9, off)

# The billiard's mirror keeps |v| (M = m I, g = 0): the energy to round-off.
b = run_json("--case", "billiard-ellipse", "--steps", "5000", "--integrator", "naive")
check("billiard naive energy kept", b.get("max_abs_energy_error", 1.0) < 1e-13, b.get("max_abs_energy_error"))

# The particle's naive energy drifts by orders more than the VCI's band.
p_vci = run_json("--case", "particle", "--steps", "3000")
p_naive = run_json("--case", "particle", "--steps", "3000", "--integrator", "naive")
check("particle naive drifts", p_naive["max_abs_energy_error"] > 10 * p_vci["max_abs_energy_error"],
      (p_naive["max_abs_energy_error"], p_vci["max_abs_energy_error"]))

# Unknown integrators and another family's scheme: exit 2, the field named.
for case, name in [("particle", "bogus"), ("billiard-ellipse", "rk4"), ("I", "vci"), ("cradle", "lgvci")]:
    r = run("--case", case, "--integrator", name, "--steps", "1", "--json")
    check(f"{case} --integrator {name}: exit 2", r.returncode == 2, (r.returncode, r.stderr))
    check(f"{case} --integrator {name}: names the field", "integrator:" in r.stderr, r.stderr)

# --help lists the baselines per family, from the registry.
usage = run("--help").stdout
for line in ["rigid_body: rk4 and naive", "generalized: naive", "cradle: naive", "billiard: naive"]:
    check(f"--help lists '{line}'", line in usage, usage)

finish("naive cli")
