#!/usr/bin/env python3
"""Black-box tests of `lgvci --case cradle`: JSON/CSV shape, one instant per chain, the
cradle's outcomes through the CLI, option validation (exit code 2)."""
import csv
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "tests", "cli"))
from harness import TMP, check, finish, run  # noqa: E402


def js(*args):
    r = run("--case", "cradle", "--json", *args)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


tmp = TMP


def speed_at(v0, q):  # energy: a ball leaving the bottom at v0 has this speed at angle q
    return math.sqrt(v0 * v0 - 2 * g / L * (1 - math.cos(q)))


g, L, theta0 = 9.81, 1.0, 0.2
v = math.sqrt(2 * g / L * (1 - math.cos(theta0)))  # the striker's speed at the bottom

# Default: 3 balls, one pulled to -0.2; 60 steps = 0.6 s, one impact instant (a chain of 2 links).
d = js("--steps", "60")
check("cradle JSON keys", all(k in d for k in ["case", "impacts", "impact_times", "final", "state_hash", "energy_initial"]), d.keys())
check("cradle is a generalized model", d["model"] == "generalized" and d["case"] == "cradle", d["model"])
check("one impact instant, two links", len(d["impact_times"]) == 1 and d["impacts"] == 2, (d["impact_times"], d["impacts"]))
# Quarter period of the linearised pendulum, pi/2 sqrt(l/g) = 0.5015; amplitude 0.2 lengthens it by ~0.25 %.
check("first instant near a quarter period", abs(d["impact_times"][0] - 0.5015 * (1 + 0.2 ** 2 / 16)) < 2e-3, d["impact_times"])
p = d["final"]["p"]  # p_i = m l^2 theta_i'
check("one in one out", p[0] == 0.0 and p[1] == 0.0 and abs(p[2] - speed_at(v, d["final"]["q"][2])) < 1e-3 * v, p)
check("q_i are the angles, resting balls exactly at 0", d["final"]["q"][0] == 0.0 and d["final"]["q"][1] == 0.0 and d["final"]["q"][2] > 0, d["final"]["q"])

# Options: 5 balls, 2 pulled -> the last two leave.
d = js("--balls", "5", "--pulled", "2", "--steps", "60")
p = d["final"]["p"]
check("n=5 k=2: two out", p[:3] == [0.0, 0.0, 0.0] and all(abs(x - speed_at(v, q)) < 1e-3 * v for x, q in zip(p[3:], d["final"]["q"][3:])), p)
d = js("--balls", "4", "--pulled", "1", "--angle", "-0.1", "--steps", "60")
v1 = math.sqrt(2 * g / L * (1 - math.cos(0.1)))
check("--angle sets the striker's release angle", abs(d["final"]["p"][3] - speed_at(v1, d["final"]["q"][3])) < 1e-3 * v1, d["final"]["p"])

# The simultaneous policy: (-v/3, 2v/3, 2v/3).
d = js("--policy", "simultaneous", "--steps", "52")
p = d["final"]["p"]
check("simultaneous policy: engines' outcome", abs(p[0] + v / 3) < 0.02 * v and abs(p[1] - 2 * v / 3) < 0.02 * v and abs(p[2] - 2 * v / 3) < 0.02 * v, p)

# A gap: the chain becomes two instants.
d = js("--gap", "0.01", "--steps", "60")
check("gap: two instants, one link each", len(d["impact_times"]) == 2 and d["impacts"] == 2, d["impact_times"])

# Long run: 2000 steps = 20 s, ~20 instants, energy error at Verlet's level.
d = js("--steps", "2000")
swing = 9.81 * (1 - math.cos(0.2))
check("20 s: one instant per half period", 19 <= len(d["impact_times"]) <= 21 and d["impacts"] == 2 * len(d["impact_times"]), len(d["impact_times"]))
check("20 s: energy error below 5e-4 of the swing energy", d["max_abs_energy_error"] < 5e-4 * swing, d["max_abs_energy_error"])

# CSV: t, q1..q3, p1..p3, E, impacts.
path = os.path.join(tmp, "c.csv")
r = run("--case", "cradle", "--steps", "100", "--csv", path)
check("csv run exits 0", r.returncode == 0, r.stderr)
rows = list(csv.DictReader(open(path)))
check("csv columns", list(rows[0].keys()) == ["t", "q1", "q2", "q3", "p1", "p2", "p3", "E", "impacts"], list(rows[0].keys()))
check("csv rows", len(rows) == 101, len(rows))
check("csv impact row counts the links", sum(int(float(x["impacts"])) for x in rows) == 2, [x["impacts"] for x in rows if x["impacts"] != "0"])

# Config replay: the resolved config reproduces the run bit for bit.
cfg = os.path.join(tmp, "cradle.json")
with open(cfg, "w") as f:
    json.dump({"case": "cradle", "cradle": {"balls": 5, "pulled": 3, "policy": "chain"}}, f)
a = run("--config", cfg, "--steps", "500", "--json")
b = run("--case", "cradle", "--balls", "5", "--pulled", "3", "--steps", "500", "--json")
check("config and flags agree", json.loads(a.stdout)["state_hash"] == json.loads(b.stdout)["state_hash"], (a.stderr, b.stderr))

# --jump (docs/generalized.md "The energy jump"): the chain's choice is its chain_energy; the default chain keeps H.
cfg = os.path.join(tmp, "discrete.json")
with open(cfg, "w") as f:
    json.dump({"case": "cradle", "chain_energy": "discrete"}, f)
r = run("--config", cfg, "--steps", "2000", "--json")
check("--jump variational is chain_energy discrete", js("--jump", "variational", "--steps", "2000")["state_hash"] == json.loads(r.stdout)["state_hash"], r.stderr)
check("--jump energy is the default chain", js("--jump", "energy", "--steps", "2000")["state_hash"] == js("--steps", "2000")["state_hash"])
r = run("--case", "cradle", "--policy", "simultaneous", "--jump", "variational", "--steps", "1")
check("--jump variational with the simultaneous impulse: exit 2 naming jump", r.returncode == 2 and "jump:" in r.stderr, (r.returncode, r.stderr))

# Bad input: exit code 2 with the field named.
for args, field in [(["--balls", "8"], "cradle.balls"), (["--balls", "1"], "cradle.balls"), (["--pulled", "4"], "cradle.pulled"),
                    (["--angle", "0.2"], "cradle.angle"), (["--gap", "-0.01"], "cradle.gap"), (["--gap", "1"], "cradle.gap"),
                    (["--policy", "lcp"], "cradle.policy"), (["--balls", "2.5"], "cradle.balls")]:
    r = run("--case", "cradle", "--steps", "1", *args)
    check(f"bad {args}: exit 2 naming {field}", r.returncode == 2 and field + ":" in r.stderr, (r.returncode, r.stderr))
# The bound across fields names the cradle's number of balls (the page words it from there).
r = run("--case", "cradle", "--balls", "3", "--pulled", "4", "--steps", "1")
check("pulled > balls: the bound is the number of balls", "cradle.pulled: must be an integer in [1, 3]" in r.stderr, r.stderr)
r = run("--case", "particle", "--balls", "3", "--steps", "1")
check("--balls on another case: exit 2", r.returncode == 2 and "cradle" in r.stderr, (r.returncode, r.stderr))

finish("cradle cli")
