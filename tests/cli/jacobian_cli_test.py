#!/usr/bin/env python3
"""Black-box tests of `--jacobian` and `--lyapunov` (docs/jacobians.md): the run's tangent map is the
derivative of its final state (a column against central differences of two CLI runs), symplectic (det 1,
DᵀJD = J to round-off) for the variational integrator; the Lyapunov spectrum of the integrable particle
is a ± pair summing to 0, the stadium's largest exponent positive (chaos); a family without exact
derivatives and a non-differentiable step are refused with their reasons, a bad combination exits 2."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import check, finish, run  # noqa: E402


def out(*args, code=0):
    r = run(*args, "--json", timeout=300)
    check(f"exit {code} for {args}", r.returncode == code, r.stderr)
    return json.loads(r.stdout) if r.returncode == 0 else r


def det(m):
    a = [row[:] for row in m]
    n, d = len(a), 1.0
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(a[r][i]))
        if a[p][i] == 0:
            return 0.0
        if p != i:
            a[i], a[p] = a[p], a[i]
            d = -d
        d *= a[i][i]
        for r in range(i + 1, n):
            f = a[r][i] / a[i][i]
            for c in range(i, n):
                a[r][c] -= f * a[i][c]
    return d


# The particle over 300 steps (three bounces): the chart (x, y, p_x, p_y).
j = out("--case", "particle", "--steps", "300", "--jacobian")["jacobian"]
m = j["matrix"]
check("particle: 4 coordinates, the q's then the p's", len(j["coordinates"]) == 4 and len(m) == 4 and all(len(r) == 4 for r in m), j)
check("particle: det of the run's tangent map is 1 to round-off", abs(det(m) - 1) < 1e-10, det(m))
n = 2
defect = max(abs(sum(m[k][a] * (m[k + n][b]) - m[k + n][a] * m[k][b] for k in range(n)) - (1 if b == a + n else -1 if a == b + n else 0))
             for a in range(4) for b in range(4))
check("particle: DᵀJD = J to round-off", defect < 1e-10, defect)
# The column of y0: central differences of the final state of two runs with y0 ± δ (--q0 x,y).
x0, y0 = out("--case", "particle", "--steps", "0")["final"]["q"]
delta = 1e-6
fin = {}
for s in (+1, -1):
    r = out("--case", "particle", "--steps", "300", "--q0", f"{x0},{y0 + s * delta}")
    fin[s] = r["final"]["q"] + r["final"]["p"]
column = [(a - b) / (2 * delta) for a, b in zip(fin[1], fin[-1])]
exact = [row[1] for row in m]
scale = max(abs(v) for v in exact)
check("particle: the y0 column agrees with central differences to 1e-5",
      max(abs(a - b) for a, b in zip(column, exact)) < 1e-5 * scale, (column, exact))

# Lyapunov: the particle is integrable (a ± pair, the middle two 0, the sum 0); the stadium is chaotic.
ly = out("--case", "particle", "--steps", "2000", "--lyapunov")["lyapunov"]
e = ly["exponents"]
check("particle: 4 exponents over t = 20", len(e) == 4 and abs(ly["t"] - 20) < 1e-9, ly)
check("particle: the spectrum sums to 0 (symplectic)", abs(sum(e)) < 1e-9, e)
check("particle: ± pairs", abs(e[0] + e[3]) < 1e-9 and abs(e[1] + e[2]) < 1e-9, e)
st = out("--case", "billiard-stadium", "--steps", "4000", "--lyapunov")["lyapunov"]["exponents"]
check("stadium: the largest exponent is positive (chaos), the spectrum sums to 0", st[0] > 0.1 and abs(sum(st)) < 1e-8, st)

# Refusals: no exact derivatives (the rigid body today), a step where the map has none, combinations.
r = out("--case", "IV", "--steps", "10", "--jacobian", code=2)
check("rigid body: refused naming the jacobian", "jacobian" in r.stderr and "no exact step Jacobian" in r.stderr, r.stderr)
r = out("--case", "cradle", "--steps", "300", "--jacobian", code=1)
check("the touching cradle: the step with contacts at once is named", "--jacobian" in r.stderr and "not differentiable" in r.stderr, r.stderr)
r = out("--case", "particle", "--ensemble", "3", "--lyapunov", code=2)
check("--lyapunov with --ensemble: exit 2 naming the flag", r.stderr.startswith("lgvci: --lyapunov:"), r.stderr)
finish("jacobian_cli")
