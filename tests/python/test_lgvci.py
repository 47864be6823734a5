"""The Python module lgvci against the native CLI and the golden hashes (docs/python.md).

The expected values are never the module's own: state hashes come from tests/golden/determinism.json
and from the CLI binary, CSV columns and summaries from the CLI's --csv and --json, error messages
from the CLI's stderr. The CLI is $LGVCI_CLI, or build/native/lgvci (scripts/test.sh builds it first).
Run: python3 -m unittest discover tests/python (after scripts/python.sh).
"""
import csv
import gc
import json
import os
import subprocess
import tempfile
import unittest

import numpy as np

import lgvci

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.environ.get("LGVCI_CLI", os.path.join(ROOT, "build", "native", "lgvci"))
GOLDEN = os.path.join(ROOT, "tests", "golden", "determinism.json")


def cli(*args, check=True):
    if not os.access(CLI, os.X_OK):
        raise RuntimeError(f"no CLI at {CLI}: build it (cmake --build --preset native --target lgvci_cli) or set LGVCI_CLI")
    p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)
    if check and p.returncode != 0:
        raise AssertionError(f"lgvci {' '.join(args)} exited {p.returncode}: {p.stderr}")
    return p


def cli_json(*args):
    return json.loads(cli(*args, "--json").stdout)


def cli_error(config_text):
    """The CLI's message for a config file: exit 2, stderr 'lgvci: invalid input: <field: rule>'."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(config_text)
    try:
        p = cli("--config", f.name, "--steps", "1", check=False)
    finally:
        os.unlink(f.name)
    assert p.returncode == 2, (p.returncode, p.stderr)
    prefix = "lgvci: invalid input: "
    line = p.stderr.strip().splitlines()[-1]
    assert line.startswith(prefix), line
    return line[len(prefix):]


def golden():
    with open(GOLDEN) as f:
        return json.load(f)


def without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


class Presets(unittest.TestCase):
    def test_presets_are_the_golden_files(self):
        self.assertEqual(sorted(lgvci.presets()), sorted(golden()["presets"]))

    def test_preset_is_a_config_dict_the_cli_runs_alike(self):
        for name in lgvci.presets():
            with self.subTest(name):
                config = lgvci.preset(name)
                self.assertIsInstance(config, dict)
                sim = lgvci.Simulation(config)
                sim.step(100)
                self.assertEqual(sim.state_hash(), cli_json("--case", name, "--steps", "100")["state_hash"])

    def test_unknown_preset_is_a_value_error(self):
        with self.assertRaises(ValueError) as e:
            lgvci.preset("no such preset")
        self.assertTrue(str(e.exception).startswith("case: "), str(e.exception))


class BadInput(unittest.TestCase):
    CONFIGS = [
        '{"case": "IV", "h": -1}',
        '{"case": "IV", "tolerance": 0}',
        '{"case": "no such preset"}',
        '{"model": "no such model"}',
        '{"case": "IV", "h": "0.01"}',
        '{"case": "IV",',
        '[1, 2, 3]',
        '{}',
    ]

    def test_value_error_with_the_clis_message(self):
        for text in self.CONFIGS:
            with self.subTest(text):
                expected = cli_error(text)
                self.assertRegex(expected, r"^[A-Za-z_0-9.\[\]]+: ")
                with self.assertRaises(ValueError) as e:
                    lgvci.Simulation(text)
                self.assertEqual(str(e.exception), expected)
                try:
                    parsed = json.loads(text)
                except json.JSONDecodeError:
                    continue
                if isinstance(parsed, dict):  # the same as a dict
                    with self.assertRaises(ValueError) as e:
                        lgvci.Simulation(parsed)
                    self.assertEqual(str(e.exception), expected)
                with self.assertRaises(ValueError) as e:
                    lgvci.run(text, 10)
                self.assertEqual(str(e.exception), expected)

    def test_not_a_config(self):
        for bad in (None, 3, {"case": "IV", "h": float("nan")}, {"case": "IV", "h": object()}):
            with self.subTest(repr(bad)):
                with self.assertRaises(ValueError) as e:
                    lgvci.Simulation(bad)
                self.assertTrue(str(e.exception).startswith("config: "), str(e.exception))

    def test_bad_counts(self):
        sim = lgvci.Simulation({"case": "IV"})
        for bad in (-1, 1.5, True, "3", 10**9 + 1):
            with self.subTest(repr(bad)):
                with self.assertRaisesRegex(ValueError, r"^n: must be an integer in \[0, 1000000000\]"):
                    sim.step(bad)
                with self.assertRaisesRegex(ValueError, r"^steps: "):
                    lgvci.run({"case": "IV"}, bad)
        self.assertEqual(sim.steps, 0)  # nothing ran
        with self.assertRaisesRegex(ValueError, r"^members: "):
            lgvci.ensemble({"case": "IV"}, 0)
        with self.assertRaisesRegex(ValueError, r"^threads: "):
            lgvci.ensemble({"case": "IV"}, 2, threads=0)
        with self.assertRaisesRegex(ValueError, r"^kind: "):
            lgvci.ensemble({"case": "IV"}, 2, kind="sideways")
        with self.assertRaisesRegex(ValueError, r"^size: "):
            lgvci.ensemble({"case": "IV"}, 2, size=2.0)


class Determinism(unittest.TestCase):
    def test_state_hash_after_1e4_steps_is_golden_and_the_clis(self):
        recorded = golden()
        steps = recorded["steps"]
        self.assertEqual(steps, 10000)
        for name in lgvci.presets():
            with self.subTest(name):
                sim = lgvci.Simulation({"case": name})
                impacts = sim.step(steps)
                expected = recorded["presets"][name]
                out = cli_json("--case", name, "--steps", str(steps))
                self.assertEqual(sim.state_hash(), expected["hash"])
                self.assertEqual(sim.state_hash(), out["state_hash"])
                self.assertEqual(impacts, expected["impacts"])
                self.assertEqual(sim.impacts, out["impacts"])
                self.assertEqual(sim.time, expected["t"])
                self.assertEqual(sim.energy(), out["energy_final"])

    def test_steps_in_pieces_are_one_run(self):
        a, b = lgvci.Simulation({"case": "IV"}), lgvci.Simulation({"case": "IV"})
        self.assertEqual(sum(a.step(n) for n in (1, 0, 999, 3000)), b.step(4000))
        self.assertEqual(a.state_hash(), b.state_hash())
        self.assertEqual(a.steps, 4000)
        self.assertEqual(a.time, 4000 * a.h)


class Record(unittest.TestCase):
    def test_record_is_a_read_only_view_that_follows_the_run(self):
        sim = lgvci.Simulation({"case": "IV"})
        rec = sim.record()
        self.assertEqual(rec.dtype, np.float64)
        self.assertFalse(rec.flags.writeable)
        self.assertFalse(rec.flags.owndata)
        self.assertTrue(np.shares_memory(rec, sim.record()))  # the same buffer, no copy
        with self.assertRaises(ValueError):
            rec[0] = 1.0
        layout = sim.layout()
        self.assertEqual(sum(f["size"] for f in layout), rec.size)
        for f, g in zip(layout, layout[1:]):
            self.assertEqual(f["offset"] + f["size"], g["offset"])
        t = layout[0]
        self.assertEqual(t["name"], "t")
        self.assertEqual(rec[t["offset"]], 0.0)
        sim.step(250)
        self.assertEqual(rec[t["offset"]], sim.time)  # the view sees the step
        self.assertEqual(sim.time, 250 * sim.h)

    def test_view_keeps_the_simulation_alive(self):
        sim = lgvci.Simulation({"case": "particle"})
        sim.step(500)
        rec = sim.record()
        kept = rec.copy()
        del sim
        gc.collect()
        self.assertTrue(np.array_equal(rec, kept))

    def test_csv_columns_are_the_fields_with_columns(self):
        for name in lgvci.presets():
            with self.subTest(name):
                sim = lgvci.Simulation({"case": name})
                cols = [c for f in sim.layout() for c in f["columns"]]
                self.assertEqual(cols, sim.csv_columns())


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    # %.17g round-trips: float() gives back the very double the CLI printed.
    return rows[0], np.array([[float(v) for v in r] for r in rows[1:]])


class Run(unittest.TestCase):
    def check(self, args, config, steps, until=0):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "run.csv")
            extra = ["--until-impacts", str(until)] if until else []
            summary = json.loads(cli(*args, "--steps", str(steps), *extra, "--csv", path, "--json").stdout)
            header, table = read_csv(path)
        got = lgvci.run(config, steps, until_impacts=until)
        self.assertEqual([k for k in got if k != "summary"], header)
        for k, name in enumerate(header):
            col = got[name]
            self.assertEqual(col.dtype, np.float64)
            self.assertTrue(col.flags.c_contiguous)
            # bit for bit: the same bytes, so a NaN or a -0.0 would count too
            self.assertEqual(col.tobytes(), np.ascontiguousarray(table[:, k]).tobytes(), name)
        self.assertEqual(without(got["summary"], "wall_seconds"), without(summary, "wall_seconds"))
        self.assertEqual(len(got["t"]), summary["steps"] + 1)
        self.assertEqual(int(got["impacts"].sum()), summary["impacts"])
        return got

    def test_columns_equal_the_clis_csv_for_every_preset(self):
        for name in lgvci.presets():
            with self.subTest(name):
                self.check(["--case", name], {"case": name}, 3000)

    def test_a_config_text_and_until_impacts(self):
        config = json.dumps({"case": "IV", "h": 0.005, "restitution": 0.8})
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            f.write(config)
        try:
            got = self.check(["--config", f.name], config, 100000, until=5)
        finally:
            os.unlink(f.name)
        self.assertLess(got["summary"]["steps"], 100000)
        self.assertEqual(got["summary"]["impacts"], 5)

    def test_zero_steps_is_the_start(self):
        got = lgvci.run({"case": "IV"}, 0)
        sim = lgvci.Simulation({"case": "IV"})
        self.assertEqual([float(got[c][0]) for c in sim.csv_columns()],
                         [float(v) for f in sim.layout() for v in sim.field(f["name"])[:len(f["columns"])]])
        self.assertEqual(got["summary"]["state_hash"], sim.state_hash())


class Ensemble(unittest.TestCase):
    def test_statistics_equal_the_clis_at_any_thread_count(self):
        args = ["--case", "IV", "--ensemble", "12", "--steps", "2000", "--samples", "10", "--seed", "7",
                "--perturb", "1e-6", "--kind", "attitude"]
        expected = without(cli_json(*args, "--threads", "2"), "threads", "wall_seconds")
        for threads in (1, 2, 3):
            with self.subTest(threads=threads):
                got = lgvci.ensemble({"case": "IV"}, 12, steps=2000, samples=10, seed=7, size=1e-6,
                                     kind="attitude", threads=threads)
                self.assertEqual(got, expected)
        self.assertEqual(lgvci.ensemble("{\"case\": \"IV\"}", 12, steps=2000, samples=10, seed=7, size=1e-6,
                                        kind="attitude"), expected)

    def test_members_equal_the_clis(self):
        expected = without(cli_json("--case", "I", "--ensemble", "5", "--steps", "500", "--members", "--threads", "1"),
                           "threads", "wall_seconds")
        got = lgvci.ensemble({"case": "I"}, 5, steps=500, include_members=True, threads=2)
        self.assertEqual(got, expected)
        self.assertIn("members", got)

    def test_every_family_has_ensembles_equal_to_the_clis(self):
        for case in ("particle", "star", "cradle", "billiard-ellipse"):
            with self.subTest(case):
                expected = without(cli_json("--case", case, "--ensemble", "6", "--steps", "800", "--samples", "4",
                                            "--threads", "1"), "threads", "wall_seconds")
                got = lgvci.ensemble({"case": case}, 6, steps=800, samples=4, threads=3)
                self.assertEqual(got, expected)
                self.assertEqual(got["ensemble"]["kind"], lgvci.Simulation({"case": case}).perturbations()[0]["name"])


class SetState(unittest.TestCase):
    """set_state(record) then step(n) is the run a config of that state gives: checked against the CLI."""

    def cli_hash_from(self, config, steps):
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(config, f)
        try:
            return cli_json("--config", f.name, "--steps", str(steps))["state_hash"]
        finally:
            os.unlink(f.name)

    def test_every_preset_restarted_from_a_record_runs_as_the_cli_from_that_state(self):
        for name in lgvci.presets():
            with self.subTest(name):
                sim = lgvci.Simulation({"case": name})
                sim.step(300)
                other = lgvci.Simulation({"case": name})
                other.set_state(np.array(sim.record()))
                self.assertEqual((other.steps, other.impacts, other.time), (0, 0, sim.time))
                config = other.config()
                other.step(700)
                self.assertEqual(other.state_hash(), self.cli_hash_from(config, 700))

    def test_a_dict_of_fields_clone_and_perturbed_start(self):
        sim = lgvci.Simulation({"case": "star"})
        self.assertEqual(sim.state_fields(), ["t", "q", "p"])
        sim.set_state({"q": [0.0, 2.0, 0.5], "p": np.zeros(3)})
        self.assertEqual(list(sim.field("q")), [0.0, 2.0, 0.5])
        twin = sim.clone()
        sim.step(100)
        twin.step(100)
        self.assertEqual(twin.state_hash(), sim.state_hash())
        moved = sim.perturbed_start("theta", 0.25)
        self.assertEqual(list(moved.field("q")), [0.0, 2.0, 0.75])
        self.assertEqual(moved.steps, 0)
        self.assertEqual([p["name"] for p in sim.perturbations()][:3], ["y", "x", "theta"])

    def test_a_system_makes_runs_at_its_start_a_state_or_a_perturbed_start(self):
        system = lgvci.System({"case": "billiard-ellipse"})
        self.assertEqual(system.family, "billiard")
        a = system.new_run()
        b = lgvci.Simulation({"case": "billiard-ellipse"})
        a.step(500)
        b.step(500)
        self.assertEqual(a.state_hash(), b.state_hash())
        c = system.new_run(np.array(a.record()))
        self.assertEqual((c.steps, c.time), (0, a.time))
        d = system.new_run(kind="y", delta=1e-3)
        self.assertEqual(d.field("q")[1], system.start_record()[system.layout()[1]["offset"] + 1] + 1e-3)
        with self.assertRaises(ValueError):
            system.new_run([0.0], kind="x")

    def test_refusals_name_the_field_and_leave_the_run(self):
        sim = lgvci.Simulation({"case": "IV"})
        before = sim.state_hash()
        bad = np.array(sim.record())
        x = next(f for f in sim.layout() if f["name"] == "x")
        bad[x["offset"] + 2] = -3.0
        with self.assertRaises(ValueError) as e:
            sim.set_state(bad)
        self.assertTrue(str(e.exception).startswith("x: the initial state penetrates the plane"), str(e.exception))
        with self.assertRaises(ValueError) as e:
            sim.set_state([1.0, 2.0])
        self.assertTrue(str(e.exception).startswith("record: must have"), str(e.exception))
        with self.assertRaises(ValueError) as e:
            sim.set_state({"E": [1.0]})
        self.assertTrue(str(e.exception).startswith("E: is not a state field"), str(e.exception))
        with self.assertRaises(ValueError):
            sim.perturbed_start("spin", 0.1)
        self.assertEqual(sim.state_hash(), before)


if __name__ == "__main__":
    unittest.main()


class Docstrings(unittest.TestCase):
    def test_every_public_name_method_and_property_has_a_docstring(self):
        missing = []
        for name in lgvci.__all__:
            obj = getattr(lgvci, name)
            if callable(obj) and not (obj.__doc__ or "").strip():
                missing.append(name)
            if isinstance(obj, type):
                for key, member in vars(obj).items():
                    if key.startswith("_"):
                        continue
                    if not (getattr(member, "__doc__", None) or "").strip():
                        missing.append(f"{name}.{key}")
        # lgvci.notebook's public functions and classes (docs/python.md "Notebooks") and the families' parts' views.
        import inspect
        from lgvci import notebook
        for key, obj in vars(notebook).items():
            if not key.startswith("_") and (inspect.isfunction(obj) or inspect.isclass(obj)) and obj.__module__ == notebook.__name__:
                if not (obj.__doc__ or "").strip():
                    missing.append(f"notebook.{key}")
        for family, part in notebook.family_parts().items():
            for what in ("view", "panels"):
                if not (getattr(part, what).__doc__ or "").strip():
                    missing.append(f"{family}.{what}")
        self.assertEqual(missing, [])


class ImpactRecords(unittest.TestCase):
    """impact_records(): one row per impulse with the impact layout's fields, against the CLI's impact_times."""

    def test_every_presets_impact_times_are_the_clis(self):
        for name in lgvci.presets():
            with self.subTest(name):
                sim = lgvci.Simulation({"case": name})
                rows = []
                for _ in range(4):  # read in blocks: each call drains what the steps since the last one kept
                    sim.step(250)
                    rows.append(sim.impact_records())
                records = np.concatenate(rows)
                self.assertEqual(list(records.dtype.names), [f["name"] for f in sim.impact_layout()])
                want = cli_json("--case", name, "--steps", "1000")["impact_times"]
                self.assertEqual(len(records), sim.impacts)
                times = records["t"].tolist()
                if "impact_policy" in sim.config():  # a simultaneous impact's chain: one impulse per link, one time
                    times = [t for k, t in enumerate(times) if k == 0 or t != times[k - 1]]
                self.assertEqual(times, want)
                self.assertEqual(len(sim.impact_records()), 0)

    def test_vector_fields_are_sub_arrays_and_the_billiards_bounce_map_is_read(self):
        sim = lgvci.Simulation({"case": "billiard-ellipse"})
        sim.step(2000)
        rec = sim.impact_records()
        fields = {f["name"]: f["size"] for f in sim.impact_layout()}
        for name, size in fields.items():
            self.assertEqual(rec[name].shape, (len(rec),) if size == 1 else (len(rec), size))
        # The ellipse is integrable: each bounce lies on the wall, and the tangential momentum p_t is a
        # function of s alone through the caustic's invariant; here: the points lie on the ellipse.
        a, b = sim.config()["table"]["a"], sim.config()["table"]["b"]
        point = rec["point"]
        np.testing.assert_allclose((point[:, 0] / a) ** 2 + (point[:, 1] / b) ** 2, 1.0, atol=1e-12)

    def test_set_state_and_clone(self):
        sim = lgvci.Simulation({"case": "particle"})
        sim.step(500)
        twin = sim.clone()
        self.assertEqual(sim.impact_records()["t"].tolist(), twin.impact_records()["t"].tolist())
        sim.step(10)
        sim.set_state(np.array(sim.record()))
        self.assertEqual(len(sim.impact_records()), 0)


class Claims(unittest.TestCase):
    """The CLI's diagnostics from Python: each the object the CLI prints under its key, equal to it."""

    def test_order_study_reverse_check_symplecticity_momentum_maps_equal_the_clis(self):
        cases = [
            ("particle", lambda: lgvci.order_study({"case": "particle"}), ("--order-study",), "order_study"),
            ("star", lambda: lgvci.reverse_check({"case": "star"}, 400), ("--steps", "1", "--reverse-check", "400"), "reverse_check"),
            ("I", lambda: lgvci.symplecticity({"case": "I"}, 300, 3), ("--steps", "300", "--symplecticity", "3"), "symplecticity"),
            ("billiard-ellipse", lambda: lgvci.symplecticity({"case": "billiard-ellipse"}, 600, 1),
             ("--steps", "600", "--symplecticity", "1"), "symplecticity"),
            ("IV", lambda: lgvci.momentum_maps({"case": "IV"}, 500), ("--steps", "500", "--momentum-maps"), "momentum_maps"),
        ]
        for case, call, args, key in cases:
            with self.subTest(case=case, key=key):
                want = cli_json("--case", case, *args)[key]
                self.assertEqual(call(), want)

    def test_bad_arguments_name_the_argument(self):
        with self.assertRaisesRegex(ValueError, r"^steps: "):
            lgvci.reverse_check({"case": "star"}, 0)
        with self.assertRaisesRegex(ValueError, r"^samples: "):
            lgvci.symplecticity({"case": "star"}, 10, 0)
        with self.assertRaisesRegex(ValueError, r"^h: "):
            lgvci.momentum_maps({"case": "star", "h": -1}, 10)


class Batch(unittest.TestCase):
    """run_batch: each row's end is the CLI's run from a config of that state, at any thread count."""

    def test_rows_end_as_the_cli_from_each_state_at_1_and_3_threads(self):
        for name in ("IV", "star", "cradle", "billiard-stadium"):
            with self.subTest(name):
                system = lgvci.System({"case": name})
                sim = system.new_run()
                starts = [np.array(sim.record())]
                for _ in range(3):
                    sim.step(97)
                    starts.append(np.array(sim.record()))
                states = np.stack(starts)
                one = lgvci.run_batch({"case": name}, states, 200, threads=1)
                three = lgvci.run_batch({"case": name}, states, 200, threads=3)
                self.assertTrue(np.array_equal(one["records"], three["records"]))
                self.assertEqual(one["impacts"].tolist(), three["impacts"].tolist())
                self.assertEqual(one["records"].shape, states.shape)
                for r, state in enumerate(states):
                    run = system.new_run(state)
                    config = run.config()
                    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
                        json.dump(config, f)
                    try:
                        out = cli_json("--config", f.name, "--steps", "200")
                    finally:
                        os.unlink(f.name)
                    run.step(200)
                    self.assertEqual(run.state_hash(), out["state_hash"])
                    self.assertTrue(np.array_equal(one["records"][r], run.record()))
                    self.assertEqual(int(one["impacts"][r]), out["impacts"])
                    self.assertEqual(one["status"][r], out["status"])

    def test_refusals_name_the_row_and_field(self):
        system = lgvci.System({"case": "IV"})
        start = system.start_record()
        bad = np.stack([start, start])
        pi = next(f for f in system.layout() if f["name"] == "Pi")
        bad[1, pi["offset"]] = np.nan
        with self.assertRaisesRegex(ValueError, r"^states\[1\]\.Pi: must be finite numbers"):
            lgvci.run_batch({"case": "IV"}, bad, 10)
        with self.assertRaisesRegex(ValueError, r"^states: must be a 2-D array of state records"):
            lgvci.run_batch({"case": "IV"}, np.zeros((2, 3)), 10)
        with self.assertRaisesRegex(ValueError, r"^steps: "):
            lgvci.run_batch({"case": "IV"}, bad[:1], -1)
        with self.assertRaisesRegex(ValueError, r"^threads: "):
            lgvci.run_batch({"case": "IV"}, bad[:1], 1, threads=0)


class Stubs(unittest.TestCase):
    """The type stubs (__init__.pyi, installed beside the module) declare the module's API as it is."""

    def test_stubs_match_the_module(self):
        import ast
        import inspect
        path = os.path.join(os.path.dirname(lgvci.__file__), "__init__.pyi")
        with open(path) as f:
            tree = ast.parse(f.read())
        self.assertTrue(os.path.exists(os.path.join(os.path.dirname(lgvci.__file__), "py.typed")))

        def params(node):
            a = node.args
            return [p.arg for p in a.posonlyargs + a.args + ([a.vararg] if a.vararg else []) + a.kwonlyargs]

        functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        exported = [n for n in lgvci.__all__ if callable(getattr(lgvci, n))]
        self.assertEqual(sorted(functions), sorted(n for n in exported if not isinstance(getattr(lgvci, n), type)))
        self.assertEqual(sorted(classes), sorted(n for n in exported if isinstance(getattr(lgvci, n), type)))
        for name, node in functions.items():
            with self.subTest(name):
                self.assertEqual(params(node), list(inspect.signature(getattr(lgvci, name)).parameters))
        for cname, cls in classes.items():
            members = {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef)}
            # the class's own members (Run's dict methods are dict's)
            public = {n for n in vars(getattr(lgvci, cname)) if not n.startswith("_")} | {"__init__"}
            self.assertEqual(sorted(members), sorted(public), cname)
            for name, node in members.items():
                with self.subTest(f"{cname}.{name}"):
                    attr = getattr(getattr(lgvci, cname), name)
                    if isinstance(attr, property):
                        self.assertTrue(any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list))
                    else:
                        self.assertEqual(params(node), list(inspect.signature(attr).parameters))


class Sweeps(unittest.TestCase):
    """lgvci.sweep and lgvci.merge against the CLI's --sweep and merge (docs/sweeps.md)."""

    ARGS = ["--case", "IV", "--sweep", "restitution=0.8:1:3", "--ensemble", "4", "--steps", "600", "--samples", "5", "--seed", "9"]

    def sweep(self, **kw):
        return lgvci.sweep({"case": "IV"}, "restitution=0.8:1:3", 4, steps=600, samples=5, seed=9, **kw)

    def test_sweep_equals_the_cli(self):
        whole = cli_json(*self.ARGS)
        self.assertEqual(self.sweep(threads=1), whole)
        self.assertEqual(self.sweep(threads=2), whole)
        self.assertEqual([p["values"]["restitution"] for p in whole["points"]], [0.8, 0.9, 1.0])
        self.assertGreater(whole["points"][0]["impacts"]["min"], 0)

    def test_shards_merge_to_the_unsharded_statistics(self):
        whole = self.sweep()
        for n in (1, 3, 5):
            with self.subTest(n=n):
                parts = [self.sweep(shard=(i, n), threads=1 + i % 2) for i in range(1, n + 1)]
                self.assertEqual(lgvci.merge(parts), whole)
        # The CLI's parts (JSON text) merge in Python to the CLI's own merge.
        texts = [cli(*self.ARGS, "--shard", f"{i}/2", "--json").stdout for i in (1, 2)]
        self.assertEqual(lgvci.merge(texts), whole)
        # And as files, named by their paths in the messages.
        import pathlib
        with tempfile.TemporaryDirectory() as d:
            paths = [pathlib.Path(d, f"part-{i}.json") for i in (1, 2)]
            for path, text in zip(paths, texts):
                path.write_text(text)
            self.assertEqual(lgvci.merge(paths), whole)
            with self.assertRaises(ValueError) as e:
                lgvci.merge([paths[0], paths[0], paths[1]])
            self.assertIn(f"is in two parts ('{paths[0]}' and '{paths[0]}')", str(e.exception))
            with self.assertRaises(ValueError) as e:
                lgvci.merge([pathlib.Path(d, "missing.json")])
            self.assertTrue(str(e.exception).startswith("merge: cannot read"), str(e.exception))

    def test_axes_as_a_dict(self):
        self.assertEqual(lgvci.sweep({"case": "IV"}, {"restitution": [0.8, 0.9, 1]}, 4, steps=600, samples=5, seed=9), self.sweep())

    def test_errors_are_value_errors_with_the_cli_message(self):
        with self.assertRaises(ValueError) as e:
            lgvci.sweep({"case": "IV"}, "restitution=0:1", 2)
        p = cli("--case", "IV", "--sweep", "restitution=0:1", check=False)
        self.assertEqual(p.returncode, 2)
        self.assertEqual("lgvci: invalid input: " + str(e.exception), p.stderr.strip())
        part = self.sweep(shard=(1, 2))
        with self.assertRaises(ValueError) as e:
            lgvci.merge([part, part])
        self.assertTrue(str(e.exception).startswith("merge: member 0 of point 0 is in two parts"), str(e.exception))
        with self.assertRaises(ValueError) as e:
            lgvci.merge([part])
        self.assertTrue(str(e.exception).startswith("merge: 6 of the sweep's 12 members are missing"), str(e.exception))
        for bad in [(0, 2), (3, 2), (1,), "1/2"]:
            with self.assertRaises(ValueError):
                self.sweep(shard=bad)
