"""The module at its edges (docs/python.md "Arguments", "Interrupting a call", "Bounds"): NumPy numbers
and arrays wherever numbers are, ValueError naming every bad argument, run()'s memory bound, Ctrl-C
(SIGINT) stopping long calls, and the merge's refusals that used to crash the interpreter.
Run: python3 -m unittest discover tests/python (after scripts/python.sh).
"""
import json
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import numpy as np

import lgvci


def child(code, *args):
    """A Python subprocess running `code` with this lgvci (its path first), SIGINT at its default."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.dirname(os.path.dirname(lgvci.__file__)), *sys.path]))
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


class NumpyArguments(unittest.TestCase):
    def test_numpy_integers_wherever_integers_are(self):
        a, b = lgvci.Simulation({"case": "IV"}), lgvci.Simulation({"case": "IV"})
        self.assertEqual(a.step(np.int64(300)), b.step(300))  # "n: must be an integer ... got 10" before
        self.assertEqual(a.step(np.uint8(7)), b.step(7))
        self.assertEqual(a.state_hash(), b.state_hash())
        r = lgvci.run({"case": "star"}, np.int32(500), until_impacts=np.int64(2))
        self.assertEqual(r["summary"], {**lgvci.run({"case": "star"}, 500, until_impacts=2)["summary"], "wall_seconds": r["summary"]["wall_seconds"]})
        e = lgvci.ensemble({"case": "IV"}, np.int16(3), steps=np.int64(50), samples=np.int64(5), seed=np.uint32(4), threads=np.int8(1))
        self.assertEqual(e, lgvci.ensemble({"case": "IV"}, 3, steps=50, samples=5, seed=4, threads=1))
        part = lgvci.sweep({"case": "IV"}, "restitution=0.5,1", 2, steps=30, samples=3, shard=(np.int64(1), np.int64(2)))
        self.assertEqual(part, lgvci.sweep({"case": "IV"}, "restitution=0.5,1", 2, steps=30, samples=3, shard=(1, 2)))

    def test_numpy_floats_and_arrays_wherever_numbers_are(self):
        size = np.float32(1e-8)  # the double it is exactly
        self.assertEqual(lgvci.ensemble({"case": "IV"}, 2, steps=40, size=size), lgvci.ensemble({"case": "IV"}, 2, steps=40, size=float(size)))
        values = np.array([0.1, 0.9], dtype=np.float32)
        self.assertEqual(lgvci.sweep({"case": "IV"}, {"restitution": values}, 1, steps=30, samples=3),
                         lgvci.sweep({"case": "IV"}, {"restitution": [float(v) for v in values]}, 1, steps=30, samples=3))
        with_arrays = {"case": "IV", "x0": np.array([0.0, 0.0, 9.5]), "Pi0": np.array([4, -4, 4], dtype=np.int64),
                       "restitution": np.float64(0.75), "strict_detection": np.bool_(True)}
        plain = {"case": "IV", "x0": [0.0, 0.0, 9.5], "Pi0": [4, -4, 4], "restitution": 0.75, "strict_detection": True}
        a, b = lgvci.Simulation(with_arrays), lgvci.Simulation(plain)
        a.step(200)
        b.step(200)
        self.assertEqual(a.state_hash(), b.state_hash())

    def test_numpy_numbers_in_states_and_perturbations(self):
        sim = lgvci.Simulation({"case": "IV"})
        delta = np.float32(1e-6)  # the double it is exactly
        a, b = sim.perturbed_start("position", delta), sim.perturbed_start("position", float(delta))
        self.assertEqual(a.state_hash(), b.state_hash())
        system = lgvci.System({"case": "IV"})
        c = system.new_run(kind=np.str_("position"), delta=np.float64(1e-6))
        self.assertEqual(c.state_hash(), system.new_run(kind="position", delta=1e-6).state_hash())
        moved = sim.clone()
        moved.set_state({"x": np.array([0, 0, 9], dtype=np.int64)})  # NumPy integers as a field's numbers
        self.assertEqual(list(moved.field("x")), [0.0, 0.0, 9.0])
        moved.set_state(list(sim.record()))  # a list of NumPy float64 scalars
        self.assertEqual(moved.record().tolist(), sim.record().tolist())


class BadArguments(unittest.TestCase):
    def test_every_bad_argument_is_a_value_error_naming_it(self):
        sim = lgvci.Simulation({"case": "IV"})
        for call, field in [
            (lambda: sim.step(1.5), "n"), (lambda: sim.step(True), "n"), (lambda: sim.step("3"), "n"), (lambda: sim.step(np.float64(2)), "n"),
            (lambda: sim.step(-1), "n"), (lambda: sim.field(3), "name"),
            (lambda: lgvci.preset(5), "case"), (lambda: lgvci.preset("\ud800"), "case"),
            (lambda: lgvci.Simulation(3), "config"), (lambda: lgvci.Simulation({"case": "IV", "x0": object()}), "config"),
            (lambda: lgvci.Simulation({"case": "IV", "h": float("nan")}), "config"),
            (lambda: lgvci.Simulation({"case": "\ud800"}), "config"), (lambda: lgvci.Simulation('{"case": "\ud800"}'), "config"),
            (lambda: lgvci.run({"case": "IV"}, 2.0), "steps"), (lambda: lgvci.run({"case": "IV"}, 10, until_impacts=None), "until_impacts"),
            (lambda: lgvci.ensemble({"case": "IV"}, 2.5), "members"), (lambda: lgvci.ensemble({"case": "IV"}, 2, size="1e-8"), "size"),
            (lambda: lgvci.ensemble({"case": "IV"}, 2, size=np.bool_(True)), "size"), (lambda: lgvci.ensemble({"case": "IV"}, 2, size=float("inf")), "size"),
            (lambda: lgvci.ensemble({"case": "IV"}, 2, kind=3), "kind"), (lambda: lgvci.ensemble({"case": "IV"}, 2, kind="\udcff"), "kind"),
            (lambda: lgvci.ensemble({"case": "IV"}, 2, include_members="yes"), "include_members"),
            (lambda: lgvci.ensemble({"case": "IV"}, 2, threads=0), "threads"), (lambda: lgvci.ensemble({"case": "IV"}, 2, seed=-1), "seed"),
            (lambda: lgvci.sweep({"case": "IV"}, {"restitution": ["a"]}), "sweep"), (lambda: lgvci.sweep({"case": "IV"}, 7), "sweep"),
            (lambda: lgvci.sweep({"case": "IV"}, "restitution=0.5,\ud800"), "sweep"),
            (lambda: lgvci.sweep({"case": "IV"}, {"restitution": np.zeros((2, 2))}), "sweep"),
            (lambda: lgvci.sweep({"case": "IV"}, "restitution=0.5,1", shard=(1, 2.0)), "shard"),
            (lambda: lgvci.merge("part"), "merge"), (lambda: lgvci.merge([3]), "merge"), (lambda: lgvci.merge(["\ud800"]), "merge"),
            (lambda: lgvci.run_batch({"case": "IV"}, "abc", 10), "states"), (lambda: lgvci.run_batch({"case": "IV"}, [[object()]], 10), "states"),
            (lambda: lgvci.run_batch({"case": "IV"}, [sim.record()], 1.5), "steps"),
            (lambda: sim.set_state("abc"), "record"), (lambda: sim.set_state([["a"]]), "record"), (lambda: sim.set_state({"t": "x"}), "t"),
            (lambda: sim.set_state({"x": object()}), "x"), (lambda: sim.set_state({"nope": 1}), "nope"),
            (lambda: sim.perturbed_start("position", "1e-8"), "delta"), (lambda: sim.perturbed_start("position", None), "delta"),
            (lambda: sim.perturbed_start(3, 1e-8), "kind"), (lambda: sim.perturbed_start("\ud800", 1e-8), "kind"),
            (lambda: lgvci.System({"case": "IV"}).new_run(kind="position", delta=None), "delta"),
            (lambda: lgvci.System({"case": "IV"}).new_run(kind="position", delta=float("nan")), "delta"),
            (lambda: lgvci.System({"case": "IV"}).new_run(state="abc"), "state"),
        ]:
            with self.subTest(field=field):
                with self.assertRaises(ValueError) as e:
                    call()
                self.assertTrue(str(e.exception).startswith(field + ":"), str(e.exception))

    def test_run_refuses_results_beyond_its_memory_bound(self):
        # lgvci.run({'case': 'IV'}, 10**9) was accepted and grew toward 208 GB, 200 MB/s.
        with self.assertRaises(ValueError) as e:
            lgvci.run({"case": "IV"}, 10**9)
        self.assertEqual(str(e.exception), "steps: run() keeps every row in memory: 8 bytes x 26 columns x (1000000000 + 1) rows is 208 GB, "
                                           "beyond its bound of 1 GiB (at most 5162219 steps of this config); step a Simulation in blocks "
                                           "with step(n) and read record() (docs/python.md)")
        self.assertEqual(len(lgvci.run({"case": "IV"}, 100)["t"]), 101)


class Merge(unittest.TestCase):
    def parts(self):
        return [lgvci.sweep({"case": "IV"}, "restitution=0.5,1", 2, steps=30, samples=3, shard=(i, 2)) for i in (1, 2)]

    def test_a_path_that_is_not_utf8_is_named_in_a_value_error(self):
        folder = tempfile.mkdtemp()
        path = pathlib.Path(os.fsdecode(os.path.join(os.fsencode(folder), b"part-\xff.json")))
        with self.assertRaises(ValueError) as e:  # not there: named, not a TypeError printing every part
            lgvci.merge([path])
        self.assertEqual(str(e.exception), f"merge: cannot read '{folder}/part-\\xff.json' (no such file)")
        first, second = self.parts()
        path.write_text(json.dumps(first))
        whole = lgvci.sweep({"case": "IV"}, "restitution=0.5,1", 2, steps=30, samples=3)
        self.assertEqual(lgvci.merge([path, second]), whole)
        path.write_text("[]")
        with self.assertRaises(ValueError) as e:
            lgvci.merge([path, second])
        self.assertEqual(str(e.exception), f"merge: '{folder}/part-\\xff.json': must be a JSON object (a part)")

    def test_a_part_nested_75000_deep_is_a_value_error_not_a_crash(self):
        # lgvci.merge killed the interpreter (SIGSEGV): in a subprocess, so that a regression fails this test only.
        p = child("import lgvci\n"
                  "deep = '{\"part\":{},\"provenance\":{},\"points\":[],\"members\":[],\"sweep\":' + '[' * 75000 + ']' * 75000 + '}'\n"
                  "try:\n    lgvci.merge([deep])\nexcept ValueError as e:\n    print('ValueError', e)\n")
        out, err = p.communicate(timeout=120)
        self.assertEqual(p.returncode, 0, err)
        self.assertTrue(out.startswith("ValueError merge: 'part 1': sweep[0][0]"), out[:200])
        self.assertIn("nesting deeper than 34 levels", out)

    def test_an_edited_part_is_refused_naming_its_field(self):
        first, second = self.parts()
        first["members"][0]["impacts"] = 999
        with self.assertRaisesRegex(ValueError, r"^merge: 'part 1': digest: does not match the part's contents"):
            lgvci.merge([first, second])
        first["members"][0]["impacts"] = -3
        with self.assertRaisesRegex(ValueError, r"^merge: 'part 1': members\[0\]\.impacts: must be an integer in \[0, "):
            lgvci.merge([first, second])

    def test_a_sweep_too_large_to_run_unsharded_points_to_shards(self):
        with self.assertRaisesRegex(ValueError, r"^sweep: 100000000 members .* too many to run unsharded: .*--shard i/N, N >= 100"):
            lgvci.sweep({"case": "IV"}, "restitution=0:1:10000", 10000, steps=10, samples=1)


CALLS = {
    "step": "sim = lgvci.Simulation({'case': 'IV'})\ntry:\n    sim.step(10**9)\nfinally:\n    print('steps', sim.steps, flush=True)",
    # An intersection of three ellipsoids, ≈ 0.1 ms a step: 10⁶ steps are minutes.
    "run": "lgvci.run(" + repr(json.dumps({
        "body": {"type": "intersection", "parts": [
            {"type": "ellipsoid", "semi_axes": [1.2, 0.7, 1.9], "center": [0.1, -0.2, 0.05]},
            {"type": "ellipsoid", "semi_axes": [0.8, 1.5, 1.1], "center": [-0.15, 0.1, 0.2]},
            {"type": "ellipsoid", "semi_axes": [1.7, 1.1, 0.6], "center": [0.0, 0.2, -0.1]}]},
        "inertia": [[0.2, 0, 0], [0, 0.3, 0], [0, 0, 0.3]], "x0": [0, 0, 2], "Pi0": [1, -2, 0.5]})) + ", 1_000_000)",
    "ensemble": "lgvci.ensemble({'case': 'IV'}, 100, steps=10**7, threads=2)",
    "sweep": "lgvci.sweep({'case': 'IV'}, 'restitution=0.5,1', 100, steps=10**7, threads=2)",
    "run_batch": "lgvci.run_batch({'case': 'IV'}, [lgvci.System({'case': 'IV'}).start_record()] * 4, 10**8, threads=2)",
    "reverse_check": "lgvci.reverse_check({'case': 'IV'}, 10**8)",
    "momentum_maps": "lgvci.momentum_maps({'case': 'IV'}, 10**9)",
}


class Interrupt(unittest.TestCase):
    def test_ctrl_c_stops_a_long_call_with_keyboard_interrupt(self):
        # Each of these ran for minutes with Ctrl-C ignored (step(10**9): 150 s; the ensemble: 10⁹ steps;
        # the batch: 4 × 10⁸ steps; the reverse check 2 × 10⁸, the momentum maps' drift 10⁹).
        for name, call in CALLS.items():
            with self.subTest(name):
                p = child("import lgvci\nprint('ready', flush=True)\ntry:\n" + "".join("    " + line + "\n" for line in call.split("\n")) +
                          "    print('finished', flush=True)\nexcept KeyboardInterrupt:\n    print('KeyboardInterrupt', flush=True)\n")
                self.assertEqual(p.stdout.readline(), "ready\n")
                time.sleep(1)  # inside the call (a signal before it would be raised by Python alone: the same answer)
                p.send_signal(signal.SIGINT)
                out, err = p.communicate(timeout=120)
                self.assertEqual(p.returncode, 0, err)
                self.assertTrue(out.endswith("KeyboardInterrupt\n"), out)
                if name == "step":  # stopped between two steps, the steps taken kept
                    steps = int(out.split()[1])
                    self.assertTrue(0 < steps < 10**9, out)


if __name__ == "__main__":
    unittest.main()
