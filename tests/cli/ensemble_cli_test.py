#!/usr/bin/env python3
"""Black-box tests of `lgvci --ensemble`: the members equal K separate runs started from
offsets computed here with an independent splitmix64, the statistics equal counts made here, the
output does not depend on --threads, and the bounds of K, T, the size and the seed."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import check, finish, run  # noqa: E402

MASK = (1 << 64) - 1


def splitmix64_at(seed, k):
    """The k-th output of splitmix64 seeded with `seed` (Steele, Lea & Flood; Vigna's splitmix64.c)."""
    z = (seed + (k + 1) * 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def offset(seed, k):
    return 2.0 * ((splitmix64_at(seed, k) >> 11) * 2.0 ** -53) - 1.0


def ensemble(*args):
    r = run("--case", "IV", *args, "--json")
    check(f"ensemble {args} exit", r.returncode == 0, r.stderr)
    return json.loads(r.stdout) if r.returncode == 0 else None


# Vigna's published first output for seed 1234567.
check("splitmix64 reference value", splitmix64_at(1234567, 0) == 6457827717110365317)

K, N, SEED, SIZE = 8, 1500, 5, 1e-8
d = ensemble("--ensemble", str(K), "--steps", str(N), "--seed", str(SEED), "--perturb", "1e-8", "--members", "--threads", "2")
check("members listed", len(d["members"]) == K, len(d["members"]))
impacts = []
for k in range(K):
    u = offset(SEED, k)
    m = d["members"][k]
    check(f"member {k} offset", m["member"] == k and m["offset"] == u, (m["offset"], u))
    # The same member as a separate run: x0 = (0, 0, 10 + size u), everything else Case IV.
    r = run("--case", "IV", "--steps", str(N), "--x0", f"0,0,{repr(10.0 + SIZE * u)}", "--json")
    s = json.loads(r.stdout)
    check(f"member {k} impacts", m["impacts"] == s["impacts"], (m["impacts"], s["impacts"]))
    rel = abs(s["energy_final"] - s["energy_initial"]) / abs(s["energy_initial"])
    check(f"member {k} energy error", m["energy_error"] == rel, (m["energy_error"], rel))
    check(f"member {k} steps", m["steps"] == N and not m["halted"])
    impacts.append(s["impacts"])
h = d["impacts"]["histogram"]
for b, c in enumerate(h["counts"]):
    lo = h["lo"] + b * h["width"]
    check(f"impact bin {b}", c == sum(1 for x in impacts if lo <= x < lo + h["width"]), (c, impacts))
check("impact histogram total", sum(h["counts"]) == K)
check("impact min/max", (d["impacts"]["min"], d["impacts"]["max"]) == (min(impacts), max(impacts)))
check("impact mean", abs(d["impacts"]["mean"] - sum(impacts) / K) < 1e-12)
e = d["energy_error"]["histogram"]
check("energy histogram total", sum(e["counts"]) + e["zeros"] == K)
check("energy bins are quarter decades", all(abs(e["edges"][i + 1] / e["edges"][i] - 10 ** 0.25) < 1e-12 for i in range(len(e["edges"]) - 1)))
# Err(t) sampled at j N / M, j = 0..M; Err(0) = |size u| (up to the rounding of 10 + size u).
dv = d["divergence"]
check("divergence samples", len(dv["t"]) == 101 and dv["t"][-1] == N * 0.01 and dv["t"][0] == 0.0)
errs0 = sorted(abs(SIZE * offset(SEED, k)) for k in range(K))
check("median Err(0)", abs(dv["median"][0] - (errs0[3] + errs0[4]) / 2) < 1e-15, (dv["median"][0], errs0))
check("divergence grows (chaos, §7.4)", dv["median"][-1] > 1e4 * dv["median"][0], (dv["median"][0], dv["median"][-1]))

# Results independent of the thread count (each member is independent; reduced in member order).
one = ensemble("--ensemble", "9", "--steps", "800", "--kind", "attitude", "--perturb", "1e-6", "--threads", "1", "--members")
two = ensemble("--ensemble", "9", "--steps", "800", "--kind", "attitude", "--perturb", "1e-6", "--threads", "2", "--members")
for x in (one, two):
    x.pop("wall_seconds")
    x.pop("threads")
check("T = 1 and T = 2 identical", one == two)
check("attitude kind recorded", one["ensemble"]["kind"] == "attitude" and one["ensemble"]["size"] == 1e-6)

# K = 1000 is accepted; K = 0 and 10^6 are refused with the flag and the rule.
big = ensemble("--ensemble", "1000", "--steps", "5", "--samples", "5")
check("K = 1000 histogram total", big is not None and sum(big["impacts"]["histogram"]["counts"]) == 1000)
for args, message in [
    (["--ensemble", "0"], "--ensemble: must be an integer in [1, 10000]"),
    (["--ensemble", "1000000"], "--ensemble: must be an integer in [1, 10000]"),
    (["--ensemble", "-3"], "--ensemble: expected an integer"),
    (["--ensemble", "5", "--threads", "0"], "--threads: must be an integer in [1, 256]"),
    (["--ensemble", "5", "--threads", "x"], "--threads: expected an integer"),
    (["--ensemble", "5", "--perturb", "0"], "--perturb: must be a number in (0, 1]"),
    (["--ensemble", "5", "--perturb", "1.5"], "--perturb: must be a number in (0, 1]"),
    (["--ensemble", "5", "--kind", "spin"], "--kind: must be one of position, attitude, x1"),
    (["--ensemble", "5", "--seed", "9007199254740992"], "--seed: must be an integer in [0, 2^53 - 1]"),
    (["--ensemble", "5", "--samples", "0"], "--samples: must be an integer in [1, 1000]"),
    (["--threads", "2"], "apply only with --ensemble"),
    (["--ensemble", "5", "--csv", "x.csv"], "cannot be combined"),
]:
    r = run("--case", "IV", *args, "--steps", "10", "--json")
    check(f"refused {args}", r.returncode == 2 and message in r.stderr and r.stdout == "", (r.returncode, r.stderr))
# Every family has ensembles (docs/ensembles.md "Perturbations"): its first perturbation by default, the
# statistics bit-identical at any thread count; --perturbations lists the directions.
for case, default in [("particle", "y"), ("star", "y"), ("cradle", "theta1"), ("billiard-stadium", "x")]:
    outs = []
    for threads in ("1", "2", "3"):
        r = run("--case", case, "--ensemble", "12", "--steps", "2000", "--samples", "5", "--threads", threads, "--json")
        check(f"{case} ensemble on {threads} threads", r.returncode == 0, r.stderr)
        out = json.loads(r.stdout)
        del out["threads"], out["wall_seconds"]
        outs.append(out)
    check(f"{case} ensemble: kind {default} by default", outs[0]["ensemble"]["kind"] == default, outs[0]["ensemble"])
    check(f"{case} ensemble: the same statistics on 1, 2, 3 threads", outs[0] == outs[1] == outs[2])
    check(f"{case} ensemble: members diverge from the reference", outs[0]["divergence"]["median"][-1] > 0)
r = run("--case", "star", "--perturbations", "--json")
names = [p["name"] for p in json.loads(r.stdout)["perturbations"]] if r.returncode == 0 else []
check("--perturbations lists the star's directions", names == ["y", "x", "theta", "p_y", "p_x", "p_theta"], (r.returncode, r.stderr, names))
r = run("--case", "star", "--ensemble", "4", "--kind", "theta", "--steps", "100", "--json")
check("--kind theta perturbs the star's angle", r.returncode == 0 and json.loads(r.stdout)["ensemble"]["kind"] == "theta", r.stderr)
# A perturbed start inside the plane is a computed quantity, refused before anything runs.
r = run("--case", "IV", "--x0", "0,0,1.7330508", "--gamma0", "0,0,0", "--Pi0", "0,0,0", "--ensemble", "20", "--perturb", "0.01", "--kind", "attitude")
check("perturbed start inside the plane refused (attitude; position offsets go upwards near the plane)", r.returncode == 2 and "perturbed start is invalid" in r.stderr, r.stderr)

finish("ensemble CLI")
