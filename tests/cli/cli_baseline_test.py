#!/usr/bin/env python3
"""Black-box tests of the CLI's baselines and time reversal: --integrator lgvci|rk4 (same JSON/CSV) and
--reverse-check N (time reversal: distances from the reversed start)."""
import csv
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import LGVCI, TMP, check, finish, run  # noqa: E402


def run_json(*args):
    r = run(*args, "--json")
    check(f"exit 0 for {args}", r.returncode == 0, r.stderr)
    return json.loads(r.stdout) if r.returncode == 0 else {}


tmp = TMP

# --integrator: the same JSON keys and CSV columns for both schemes; lgvci is the default.
lg = run_json("--case", "IV", "--steps", "2000")
rk = run_json("--case", "IV", "--steps", "2000", "--integrator", "rk4")
check("integrator key", lg.get("integrator") == "lgvci" and rk.get("integrator") == "rk4", (lg.get("integrator"), rk.get("integrator")))
check("same JSON keys", sorted(lg.keys()) == sorted(rk.keys()), (sorted(lg.keys()), sorted(rk.keys())))
check("same final keys", sorted(rk["final"].keys()) == ["Pi", "R", "gamma", "t", "x"], rk["final"].keys())
check("rk4 ran and bounced", rk["steps"] == 2000 and rk["impacts"] > 0 and rk["status"] == "ok", rk)
check("rk4 differs from lgvci", rk["state_hash"] != lg["state_hash"])
# Over the horizontal plane both keep γ1, γ2 exactly: impulses are along e3 and gravity has no x, y.
check("rk4 gamma horizontal", rk["final"]["gamma"][:2] == [2.0, 2.0], rk["final"]["gamma"])
# R(q) is a rotation.
R = rk["final"]["R"]
orth = max(abs(sum(R[k][i] * R[k][j] for k in range(3)) - (1.0 if i == j else 0.0)) for i in range(3) for j in range(3))
check("rk4 final R orthogonal", orth < 1e-14, orth)
explicit = run_json("--case", "IV", "--steps", "2000", "--integrator", "lgvci")
check("--integrator lgvci is the default", explicit.get("state_hash") == lg["state_hash"])

csv_lg, csv_rk = os.path.join(tmp, "lg.csv"), os.path.join(tmp, "rk.csv")
run("--case", "I", "--steps", "50", "--csv", csv_lg)
run("--case", "I", "--steps", "50", "--csv", csv_rk, "--integrator", "rk4")
rows_lg, rows_rk = list(csv.reader(open(csv_lg))), list(csv.reader(open(csv_rk)))
check("same CSV header", rows_lg[0] == rows_rk[0] and len(rows_lg[0]) == 26 and rows_lg[0][-3:] == ["dissipated", "contact_points", "normal_force"], (rows_lg[0], rows_rk[0]))
check("rk4 CSV rows", len(rows_rk) == 52, len(rows_rk))

# A config with "integrator" replays the flag's run; the resolved config keeps the key.
cfg = os.path.join(tmp, "rk4.json")
with open(cfg, "w") as f:
    json.dump({"case": "IV", "integrator": "rk4"}, f)
viacfg = run_json("--config", cfg, "--steps", "2000")
check("config integrator == flag", viacfg.get("state_hash") == rk["state_hash"])

# --reverse-check: a separate run, so the main run's output is unchanged.
rc = run_json("--case", "I", "--steps", "300", "--reverse-check", "200")
plain = run_json("--case", "I", "--steps", "300")
check("main run unchanged", rc.get("state_hash") == plain.get("state_hash") and rc.get("steps") == 300)
check("no reverse_check without the flag", "reverse_check" not in plain)
c = rc.get("reverse_check", {})
for key in ["steps", "x", "R", "gamma", "Pi", "impacts_forward", "impacts_back", "energy_error", "status"]:
    check(f"reverse_check.{key}", key in c, c)
check("reverse_check steps", c.get("steps") == 200)
# 200 steps without impacts: the LGVCI is symmetric, back to round-off (about 3e-14).
check("lgvci returns to round-off", c.get("impacts_forward") == 0 and max(c["x"], c["R"], c["gamma"], c["Pi"]) < 1e-12, c)
crk = run_json("--case", "I", "--steps", "0", "--integrator", "rk4", "--reverse-check", "200").get("reverse_check", {})
check("rk4 is not symmetric", crk.get("R", 0) > 100 * c.get("R", 1), (crk, c))
# With impacts the return error grows (Case IV: 5 impacts in 1000 steps, measured 7e-10).
civ = run_json("--case", "IV", "--steps", "0", "--reverse-check", "1000").get("reverse_check", {})
check("Case IV with impacts", civ.get("impacts_forward") == 5 and civ.get("impacts_back") == 5
      and 1e-12 < max(civ["x"], civ["R"], civ["gamma"], civ["Pi"]) < 1e-8, civ)
cp = run_json("--case", "particle", "--steps", "0", "--reverse-check", "20").get("reverse_check", {})
check("generalized: q and p", "q" in cp and "p" in cp and "x" not in cp and max(cp["q"], cp["p"]) < 1e-12, cp)
text = run("--case", "I", "--steps", "10", "--reverse-check", "10")
check("text summary shows it", text.returncode == 0 and "reverse check" in text.stdout and "integrator         lgvci" in text.stdout, text.stdout)

# Bad input: exit 2, the field named, nothing on stdout.
bad = [
    (["--case", "IV", "--integrator", "euler"], "integrator: must be"),
    (["--case", "particle", "--integrator", "rk4"], 'integrator: must be "vci" or "naive"'),
    (["--case", "star", "--integrator", "lgvci"], "integrator:"),
    (["--case", "IV", "--integrator"], "--integrator: missing value"),
    (["--case", "IV", "--reverse-check", "0"], "--reverse-check"),
    (["--case", "IV", "--reverse-check", "2.5"], "--reverse-check"),
    (["--case", "IV", "--reverse-check", "1e12"], "--reverse-check"),
    (["--case", "IV", "--reverse-check", "abc"], "--reverse-check"),
]
for args, needle in bad:
    r = run(*args)
    check(f"exit 2 for {args}", r.returncode == 2 and needle in r.stderr and r.stdout == "", (r.returncode, r.stderr, r.stdout[:80]))

finish("cli baseline")
