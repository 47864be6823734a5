"""`scripts/bench-impacts --quick --json` (docs/benchmark-impacts.md): CI's subset of the impacts
benchmark, run once, and the physics of its results: every quick problem is there for every runner
(run, or not expressible with its reason); our energy jump keeps the energy to round-off where the
flight is exact (the ball, the particle, the ellipse billiard, the cube) and bounded on the cradle, and
finds the closed-form impact times; the engines' numbers are finite, their bounces elastic (the ball
keeps its energy to within half and bounces as often as the closed form, give or take two) and their
runs repeat bit for bit. Needs the CLI (LGVCI_CLI, else build/native/lgvci) and `npm ci`'s engines.
"""
import json
import math
import os
import subprocess
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "bench-impacts"
CLI = os.environ.get("LGVCI_CLI", str(ROOT / "build/native/lgvci"))
RUNNERS = ("ours-energy", "ours-variational", "rk4", "naive", "rapier", "jolt", "mujoco")
ENGINES = ("rapier", "jolt", "mujoco")
NUMBERS = ("energy_drift", "impact_time_error", "reverse_distance", "us_per_step")


class BenchImpactsQuick(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not Path(CLI).exists():
            raise unittest.SkipTest(f"no CLI at {CLI}")
        p = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--json", "--cli", CLI], capture_output=True, text=True, cwd=ROOT)
        if p.returncode != 0:
            raise AssertionError(f"scripts/bench-impacts --quick --json: exit {p.returncode}: {p.stderr[-2000:]}")
        cls.data = json.loads(p.stdout)
        cls.rows = {(r["problem"], r["runner"]): r for r in cls.data["results"]}
        cls.quick = sorted(json.loads(f.read_text())["name"] for f in (ROOT / "bench/impacts/problems").glob("*.json") if json.loads(f.read_text())["quick"])

    def test_every_quick_problem_and_runner(self):
        self.assertGreaterEqual(len(self.quick), 4)
        for p in self.quick:
            for r in RUNNERS:
                row = self.rows.get((p, r))
                self.assertIsNotNone(row, f"{p} × {r} missing")
                self.assertIn(row["status"], ("ok", "not_expressible"), f"{p} × {r}: {row.get('reason')}")
                if row["status"] == "not_expressible":
                    self.assertGreater(len(row["reason"]), 20, f"{p} × {r}: no reason")
        self.assertEqual(len(self.data["results"]), len(self.quick) * len(RUNNERS))
        self.assertTrue(self.data["meta"]["quick"])

    def test_ours_energy_at_round_off_and_impact_times(self):
        for p in ("ball", "particle", "billiard-ellipse", "case-IV"):
            row = self.rows[(p, "ours-energy")]
            self.assertLess(row["energy_drift"], 1e-12, p)
            self.assertTrue(row["deterministic_runs"] and row["deterministic_threads"], p)
        for p in ("ball", "particle", "billiard-ellipse"):  # closed-form references
            row = self.rows[(p, "ours-energy")]
            self.assertEqual(row["impacts_missed"], 0, p)
            self.assertGreater(row["impacts_reference"], 1, p)
            self.assertLess(row["impact_time_error"], 1e-10, p)
        # the cradle's pendulums: a symplectic flight keeps the energy bounded, not exact (relative
        # to the swing's energy)
        self.assertLess(self.rows[("cradle-3", "ours-energy")]["energy_drift"], 1e-2)
        # the naive baseline reflects at the step's end: its impact times are off by up to h
        naive = self.rows[("particle", "naive")]
        self.assertGreater(naive["impact_time_error"], 1e-4)

    def test_engines_finite_elastic_and_repeatable(self):
        for e in ENGINES:
            for p in ("ball", "particle", "case-IV"):
                row = self.rows[(p, e)]
                self.assertEqual(row["status"], "ok", f"{p} × {e}: {row.get('reason')}")
                for k in NUMBERS:
                    self.assertTrue(row[k] is not None and math.isfinite(row[k]), f"{p} × {e}: {k} = {row[k]}")
                self.assertTrue(all(math.isfinite(v) for v in row["momentum_drift"]), f"{p} × {e}")
                self.assertGreater(row["us_per_step"], 0)
                self.assertTrue(row["deterministic_runs"], f"{p} × {e}")
            ball = self.rows[("ball", e)]
            self.assertLess(ball["energy_drift"], 0.5, e)
            self.assertLessEqual(abs(ball["impacts_missed"]), 2, e)
            # a step-resolution impact: within a few steps of the closed form's first bounces
            self.assertLess(ball["impact_time_error"], 1.0, e)
            self.assertEqual(self.rows[("billiard-ellipse", e)]["status"], "not_expressible")
            # the cradle: the engines' hinged pendulums swing and collide, with finite numbers
            cradle = self.rows[("cradle-3", e)]
            self.assertEqual(cradle["status"], "ok", cradle.get("reason"))
            self.assertTrue(math.isfinite(cradle["energy_drift"]) and math.isfinite(cradle["reverse_distance"]), e)
            self.assertGreater(cradle["impacts_in_horizon"], 0, e)


if __name__ == "__main__":
    unittest.main()
