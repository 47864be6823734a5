#!/usr/bin/env python3
"""Black-box tests of the rigid body's `--jump` (docs/rigid-body.md "The variational jump"): the energy jump
(Corollary 4.4, the default) leaves Case I's impact step above the differencing floor of `--symplecticity`,
the variational jump (5.16a) puts it under, at a dyadic and a non-dyadic h; a grazing impact's fallback is
counted and printed; bad values and a baseline with the variational jump exit 2 naming the field."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "tests", "cli"))
from harness import TMP, check, finish, run  # noqa: E402


def js(*args):
    r = run(*args, "--json", timeout=300)
    check(f"exit 0 for {args}", r.returncode == 0, r.stderr)
    return json.loads(r.stdout) if r.returncode == 0 else {}


# Every step of the first 300 measured: Case I's first impact is in step 264 (h = 0.01) or 273 (h = 0.0097).
for h in ("0.01", "0.0097"):
    for jump in ("energy", "variational"):
        d = js("--case", "I", "--h", h, "--jump", jump, "--steps", "300", "--symplecticity", "300")
        s = d.get("symplecticity", {})
        impact = [(x, f) for x, f, i in zip(s.get("defect", []), s.get("floor_per_sample", []), s.get("impacts", [])) if i > 0]
        check(f"h = {h}, {jump}: one impact step among the 300", len(impact) == 1, impact)
        if not impact:
            continue
        x, f = impact[0]
        if jump == "energy":
            check(f"h = {h}, energy jump: the impact step 1000x above its floor", x > 1e3 * f, impact)
        else:
            check(f"h = {h}, variational jump: the impact step at its floor", x <= f, impact)
            check(f"h = {h}, variational jump: (5.16a) to round-off", d.get("max_discrete_energy_mismatch", 1) < 1e-14, d.get("max_discrete_energy_mismatch"))
        check(f"h = {h}, {jump}: no fallback", d.get("jump_fallbacks_no_root") == 0 and d.get("jump_fallbacks_contact") == 0, d)

# The default is the energy jump, bit for bit.
a, b = js("--case", "IV", "--steps", "2000"), js("--case", "IV", "--steps", "2000", "--jump", "energy")
check("--jump energy is the default's state", a.get("state_hash") == b.get("state_hash"), (a.get("state_hash"), b.get("state_hash")))

# A ball spinning at 50 rad/s dropped 0.1 mm: (5.16a) has no bounce root at its first impact.
cfg = os.path.join(TMP, "graze.json")
with open(cfg, "w") as f:
    json.dump({"body": {"type": "ellipsoid", "semi_axes": [1, 1, 1]}, "x0": [0, 0, 1.0001], "Pi0": [0, 0, 20]}, f)
g = js("--config", cfg, "--jump", "variational", "--steps", "1")
check("graze: counted", g.get("jump_fallbacks_no_root") == 1, g)
t = run("--config", cfg, "--jump", "variational", "--steps", "1")
check("graze: said in the text output", "(5.16a) without a bounce root" in t.stdout, t.stdout)

for args, field in [(["--case", "I", "--jump", "exact"], "jump:"), (["--case", "I", "--jump", "variational", "--integrator", "rk4"], "jump:")]:
    r = run(*args, "--steps", "1")
    check(f"{args}: exit 2 naming {field}", r.returncode == 2 and field in r.stderr, (r.returncode, r.stderr))

finish("jump cli")
