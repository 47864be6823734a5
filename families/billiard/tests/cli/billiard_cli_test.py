#!/usr/bin/env python3
"""Black-box tests of `lgvci --case billiard-ellipse|billiard-stadium`: impact_times against the exact
chord/ellipse intersection, CSV columns, --config replay, --reverse-check, the family's options and
their validation (exit code 2)."""
import csv
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..")
sys.path[:0] = [os.path.join(ROOT, "tests", "cli"), os.path.join(ROOT, "scripts")]
from harness import TMP, check, finish, run  # noqa: E402
from billiard_reference import ellipse_bounce_times  # noqa: E402  (shared with scripts/figures.py)


def js(*args):
    r = run("--json", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


for case, shape in (("billiard-ellipse", "ellipse"), ("billiard-stadium", "stadium")):
    d = js("--case", case, "--steps", "2000")
    check(f"{case} model", d["model"] == "billiard" and d["integrator"] == "vci" and d["case"] == case, d["model"])
    check(f"{case} final keys", sorted(d["final"].keys()) == ["p", "q", "t"], d["final"].keys())
    check(f"{case} impact_times", len(d["impact_times"]) == d["impacts"] >= 8, d["impacts"])
    check(f"{case} |p| kept", abs(math.hypot(*d["final"]["p"]) - 1.0) < 1e-14, d["final"]["p"])
    check(f"{case} energy", d["max_abs_energy_error"] < 1e-14 and d["energy_initial"] == 0.5, d["max_abs_energy_error"])
    # --reverse-check through the registry
    rc = js("--case", case, "--steps", "1", "--reverse-check", "1000")["reverse_check"]
    check(f"{case} reverse check", rc["q"] < 1e-12 and rc["p"] < 1e-12 and rc["impacts_back"] == rc["impacts_forward"] > 0, rc)

d = js("--case", "billiard-ellipse", "--steps", "10000")
exact = ellipse_bounce_times(2.0, 1.0, (0.5, 0.2), (0.6, 0.8), len(d["impact_times"]))
err = max(abs(a - b) for a, b in zip(d["impact_times"], exact))
check("ellipse impact_times = exact chords", err < 1e-9, err)

# CSV: the generalized columns with two coordinates.
csv_path = os.path.join(TMP, "billiard.csv")
d = js("--case", "billiard-stadium", "--steps", "500", "--csv", csv_path)
rows = list(csv.reader(open(csv_path)))
check("csv header", rows[0] == ["t", "q1", "q2", "p1", "p2", "E", "impacts"], rows[0])
check("csv rows", len(rows) == 502, len(rows))
check("csv last = final", [float(x) for x in rows[-1][1:3]] == d["final"]["q"] and [float(x) for x in rows[-1][3:5]] == d["final"]["p"])
check("csv impacts", sum(int(float(r[6])) for r in rows[1:]) == d["impacts"])

# --config replays the options.
cfg = os.path.join(TMP, "billiard.json")
json.dump({"case": "billiard-ellipse", "table": {"shape": "stadium", "r": 0.8, "l": 0.5}, "g": 2.0}, open(cfg, "w"))
a = js("--config", cfg, "--steps", "3000")
b = js("--case", "billiard-ellipse", "--table", "stadium", "--r", "0.8", "--l", "0.5", "--g", "2", "--steps", "3000")
check("config == flags", a["state_hash"] == b["state_hash"] and a["impacts"] == b["impacts"] > 0, (a["impacts"], b["impacts"]))
c = js("--case", "billiard-ellipse", "--a", "3", "--b", "0.5", "--q0", "0.1,0.1", "--steps", "1000")
check("--a --b --q0", c["impacts"] > 0 and c["state_hash"] != js("--case", "billiard-ellipse", "--steps", "1000")["state_hash"])

for args, want in [
    (["--case", "billiard-ellipse", "--a", "-1"], "table.a: must be in (0, 1e6]"),
    (["--case", "billiard-stadium", "--a", "2"], "table.a: applies only to an ellipse"),
    (["--case", "billiard-ellipse", "--table", "square"], "table.shape: must be \"ellipse\" or \"stadium\""),
    (["--case", "billiard-ellipse", "--q0", "3,0"], "q0: must lie strictly inside the table"),
    (["--case", "billiard-ellipse", "--g", "-1"], "g: must be in [0, 1e6]"),
    (["--case", "billiard-stadium", "--tol", "1e-12"], "tolerance: is not a known key"),
    (["--case", "billiard-ellipse", "--jump", "mirror"], "jump: must be"),
]:
    r = run(*args)
    check(f"{' '.join(args)} exit 2", r.returncode == 2, r.returncode)
    check(f"{' '.join(args)} message", f"invalid input: {want}" in r.stderr, r.stderr)

finish("billiard cli")
