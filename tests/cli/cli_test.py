#!/usr/bin/env python3
"""Black-box tests of the native CLI `lgvci`: output shape, CSV, --config replay, exit codes."""
import csv
import json
import os
import subprocess
import sys
import tempfile

LGVCI = sys.argv[1]
failures = 0
passed = 0


def run(*args):
    return subprocess.run([LGVCI, *args], capture_output=True, text=True, timeout=60)


def check(name, cond, detail=""):
    global failures, passed
    if cond:
        passed += 1
    else:
        failures += 1
        print(f"FAIL {name}: {detail}")


tmp = tempfile.mkdtemp()

# JSON summary: the fields the issue names, the paper's energy conservation.
r = run("--case", "IV", "--steps", "2000", "--json")
check("json exit", r.returncode == 0, r.stderr)
d = json.loads(r.stdout)
for key in ["case", "steps", "h", "impacts", "energy_initial", "energy_final", "max_abs_energy_error", "final", "impact_times"]:
    check(f"json key {key}", key in d, r.stdout[:200])
for key in ["t", "x", "R", "gamma", "Pi"]:
    check(f"json final.{key}", key in d["final"])
check("steps", d["steps"] == 2000 and d["case"] == "IV")
check("t on grid", abs(d["final"]["t"] - 20.0) < 1e-12, d["final"]["t"])
check("impact_times: every impact, sorted, within the run", d["impact_times"] == sorted(d["impact_times"])
      and len(d["impact_times"]) == d["impacts"] and 0 < d["impact_times"][-1] <= 20.0, len(d["impact_times"]))
check("energy", d["max_abs_energy_error"] / d["energy_initial"] < 1e-9, d["max_abs_energy_error"])
# Horizontal linear momentum is exact over the horizontal plane (§7.1): γ1 = γ2 = 2 after impacts.
check("gamma horizontal", d["final"]["gamma"][:2] == [2.0, 2.0], d["final"]["gamma"])

# CSV: header, steps + 1 rows, last row equals the JSON final state, impacts column sums to the count.
csv_path = os.path.join(tmp, "run.csv")
r = run("--case", "IV", "--steps", "2000", "--csv", csv_path, "--json")
check("csv exit", r.returncode == 0, r.stderr)
rows = list(csv.DictReader(open(csv_path)))
check("csv rows", len(rows) == 2001, len(rows))
last = rows[-1]
check("csv last t", float(last["t"]) == d["final"]["t"])
check("csv last x", [float(last[f"x{i}"]) for i in (1, 2, 3)] == d["final"]["x"])
check("csv last Pi", [float(last[f"Pi{i}"]) for i in (1, 2, 3)] == d["final"]["Pi"])
check("csv impacts", sum(int(row["impacts"]) for row in rows) == d["impacts"])
check("csv energy split", all(abs(float(row["E"]) - float(row["TPE"]) - float(row["RE"])) < 1e-9 for row in rows))

# --config replays a JSON configuration exactly (the page's export format).
cfg_path = os.path.join(tmp, "run.json")
json.dump({"case": "III", "gamma0": [1, -1, 5], "plane": {"tilt": 0.05, "azimuth": 1.0}}, open(cfg_path, "w"))
a = json.loads(run("--config", cfg_path, "--steps", "3000", "--json").stdout)
b = json.loads(run("--case", "III", "--gamma0", "1,-1,5", "--tilt", str(0.05 * 180 / 3.141592653589793),
                   "--azimuth", str(180 / 3.141592653589793), "--steps", "3000", "--json").stdout)
check("config replay deterministic", a["final"] == json.loads(run("--config", cfg_path, "--steps", "3000", "--json").stdout)["final"])
check("config == flags", a["impacts"] == b["impacts"] and max(abs(p - q) for p, q in zip(a["final"]["x"], b["final"]["x"])) < 1e-9,
      (a["impacts"], b["impacts"]))

# Options are honoured.
e = json.loads(run("--case", "I", "--steps", "500", "--retraction", "exp", "--root-finder", "bisection", "--json").stdout)
c = json.loads(run("--case", "I", "--steps", "500", "--json").stdout)
check("exp vs cayley close", max(abs(p - q) for p, q in zip(e["final"]["x"], c["final"]["x"])) < 1e-6 and e["impacts"] == c["impacts"])
flat = json.loads(run("--case", "IV", "--Pi0", "0,0,0", "--gamma0", "0,0,0", "--steps", "1000", "--json").stdout)
check("flat cube no spin", flat["final"]["Pi"] == [0.0, 0.0, 0.0] and flat["impacts"] > 0, flat["final"]["Pi"])
eps = json.loads(run("--case", "IV", "--epsilon", "0.5", "--steps", "1", "--json").stdout)
check("epsilon accepted", eps["steps"] == 1)

# Generalized models (Fetecau et al.): particle and star, --until-impacts, CSV columns t,q,p,E,impacts.
r = run("--case", "particle", "--steps", "3000", "--json")
check("particle exit", r.returncode == 0, r.stderr)
p = json.loads(r.stdout)
for key in ["case", "steps", "h", "impacts", "energy_initial", "energy_final", "max_abs_energy_error", "final",
            "impact_times", "max_discrete_energy_mismatch", "state_hash"]:
    check(f"particle json key {key}", key in p, r.stdout[:200])
check("particle final keys", sorted(p["final"].keys()) == ["p", "q", "t"], p["final"].keys())
check("particle p_x exact", p["final"]["p"][0] == -2.0, p["final"]["p"])
check("particle x = -2t", abs(p["final"]["q"][0] + 2 * p["final"]["t"]) < 1e-10, p["final"])
check("particle first impact at sqrt(2/g)", abs(p["impact_times"][0] - (2 / 9.81) ** 0.5) < 1e-14, p["impact_times"][:1])
check("particle every impact listed", len(p["impact_times"]) == p["impacts"] > 20, p["impacts"])
check("particle E_d mismatch", p["max_discrete_energy_mismatch"] < 1e-13, p["max_discrete_energy_mismatch"])
check("particle energy H", abs(p["energy_initial"] - (0.5 * 4 + 9.81)) < 1e-12, p["energy_initial"])

u = json.loads(run("--case", "star", "--until-impacts", "40", "--json").stdout)
check("until-impacts stops at the step of the N-th impact", 40 <= u["impacts"] <= 41 and len(u["impact_times"]) == u["impacts"], u["impacts"])
check("until-impacts: the last step holds the N-th impact", u["impact_times"][39] > u["final"]["t"] - 0.005 - 1e-12, (u["impact_times"][39], u["final"]["t"]))
check("star t on grid", abs(u["final"]["t"] / 0.005 - round(u["final"]["t"] / 0.005)) < 1e-9, u["final"]["t"])
v = json.loads(run("--case", "IV", "--until-impacts", "3", "--json").stdout)
check("until-impacts rigid body", v["impacts"] >= 3 and v["impact_times"][2] > v["final"]["t"] - 0.01 - 1e-12, v["impacts"])

star_csv = os.path.join(tmp, "star.csv")
r = run("--case", "star", "--steps", "500", "--csv", star_csv, "--json")
s = json.loads(r.stdout)
rows = list(csv.reader(open(star_csv)))
check("star csv header", rows[0] == ["t", "q1", "q2", "q3", "p1", "p2", "p3", "E", "impacts"], rows[0])
check("star csv rows", len(rows) == 502, len(rows))
check("star csv last row = final", [float(x) for x in rows[-1][1:4]] == s["final"]["q"] and [float(x) for x in rows[-1][4:7]] == s["final"]["p"])
check("star csv impacts", sum(int(float(row[8])) for row in rows[1:]) == s["impacts"])
check("star csv energy error", max(abs(float(row[7]) - s["energy_initial"]) for row in rows[1:]) == s["max_abs_energy_error"])

cfg2 = os.path.join(tmp, "star.json")
json.dump({"model": "generalized", "case": "star", "qdot0": [1, 0, 3]}, open(cfg2, "w"))
a = json.loads(run("--config", cfg2, "--steps", "1000", "--json").stdout)
b = json.loads(run("--case", "star", "--qdot0", "1,0,3", "--steps", "1000", "--json").stdout)
check("star config == flags", a["final"] == b["final"] and a["state_hash"] == b["state_hash"], (a["final"], b["final"]))
c = json.loads(run("--case", "IV", "--steps", "200", "--strict-detection", "--json").stdout)
check("strict detection option", c["steps"] == 200 and c["status"] == "ok")

# Bad input: message on stderr naming the problem, exit code 2, nothing on stdout.
bad = [
    (["--case", "V"], "case"),
    (["--case", "IV", "--steps", "-3"], "--steps"),
    (["--case", "IV", "--h", "0"], "h:"),
    (["--case", "IV", "--h", "abc"], "--h"),
    (["--case", "IV", "--x0", "0,0,0"], "x0: the initial state penetrates"),
    (["--case", "IV", "--tilt", "95"], "plane.tilt"),
    (["--case", "IV", "--epsilon", "-1"], "epsilon"),
    (["--case", "I", "--epsilon", "0.1"], "epsilon"),
    (["--case", "IV", "--retraction", "quaternion"], "retraction"),
    (["--case", "IV", "--gamma0", "1,2"], "--gamma0"),
    (["--case", "IV", "--bogus"], "unknown option"),
    (["--config", "/nonexistent.json"], "--config"),
    (["--case", "star", "--h", "-1"], "h:"),
    (["--case", "star", "--q0", "0,-1,0"], "q0: the initial state violates"),
    (["--case", "star", "--q0", "0,1"], "mass_matrix"),
    (["--case", "particle", "--x0", "0,0,1"], "x0"),
    (["--case", "star", "--epsilon", "0.1"], "epsilon"),
    (["--case", "star", "--until-impacts", "0"], "--until-impacts"),
    (["--case", "particle", "--qdot0", "a,b"], "--qdot0"),
    ([], "exactly one of"),
]
for args, needle in bad:
    r = run(*args)
    check(f"exit 2 for {args}", r.returncode == 2 and needle in r.stderr and r.stdout == "", (r.returncode, r.stderr, r.stdout[:80]))
with open(os.path.join(tmp, "bad.json"), "w") as f:
    f.write('{"case": "IV", "mass": -1}')
r = run("--config", os.path.join(tmp, "bad.json"))
check("bad config mass", r.returncode == 2 and "mass" in r.stderr, r.stderr)
check("help", run("--help").returncode == 0 and "usage" in run("--help").stdout)

print(f"cli: {passed} passed, {failures} failed")
sys.exit(1 if failures else 0)
