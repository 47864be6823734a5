"""`python3 -m lgvci.reproduce` (docs/reproduce.md): the papers' experiments reproduced within their
stated tolerances. Runs the quick mode once in a temporary folder (a few seconds), then checks the
table: every row that has an expected value passes, the not-reproducible rows carry their reason, the
CSV and PNG files exist and are not empty; and that bad arguments exit 2 with the option named.
The expected values and tolerances live in the script beside their sources (the papers' sections and
closed forms); this test checks that the script holds the program to them.
"""
import contextlib
import csv
import importlib.util
import io
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import lgvci
from lgvci import reproduce

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def in_process(*args):
    """reproduce.main(args) in this interpreter: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = reproduce.main(list(args))
        except SystemExit as e:  # argparse's errors and --help
            code = e.code
    return code, out.getvalue(), err.getvalue()


def module(*args, cwd=None):
    """The module as a user runs it: a separate interpreter, `python3 -m lgvci.reproduce …`."""
    env = dict(os.environ)
    # The package this test imported (a build folder on PYTHONPATH, or the installed one) runs.
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(os.path.dirname(lgvci.__file__)), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-m", "lgvci.reproduce", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd, env=env)


class Reproduce(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="lgvci-reproduce-")
        cls.out = os.path.join(cls.tmp.name, "out")
        cls.run_ = module("--quick", "--out", cls.out)
        with open(os.path.join(cls.out, "summary.csv"), newline="") as f:
            cls.rows = list(csv.DictReader(f))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_every_row_passes_and_the_exit_status_says_so(self):
        self.assertEqual(self.run_.returncode, 0, self.run_.stdout[-4000:] + self.run_.stderr[-2000:])
        failed = [(r["experiment"], r["quantity"], r["expected"], r["measured"]) for r in self.rows
                  if r["status"] not in ("pass", "info", "n/r")]
        self.assertEqual(failed, [])
        self.assertRegex(self.run_.stdout, r"\n\d+ passed, 0 failed, \d+ informative, \d+ not reproducible")

    def test_every_experiment_has_checked_rows(self):
        for name in reproduce.EXPERIMENTS:
            with self.subTest(name):
                checked = [r for r in self.rows if r["experiment"] == name and r["status"] == "pass"]
                self.assertGreaterEqual(len(checked), 5, name)
                for r in checked:  # a checked row states what it is held to, and where that comes from
                    self.assertNotIn(r["expected"], ("", "—"))
                    self.assertNotEqual(r["tolerance"], "")
                    self.assertNotIn(r["source"], ("", "—"))

    def test_the_papers_counts_are_rows(self):
        by = {(r["experiment"], r["quantity"]): r for r in self.rows}
        # §7.3: "roughly 806 collisions … in Case III and roughly 652 … in Case IV", held to 5 %.
        for case, paper in (("III", "806"), ("IV", "652")):
            r = by[("tran-leok", f"Case {case}: impacts in 10⁵ steps (§7.3)")]
            self.assertEqual((r["expected"], r["tolerance"], r["status"]), (paper, "±0.05 rel.", "pass"))
            count, pct = r["measured"].split(" ", 1)  # "831 (+3.1 %)"
            self.assertLessEqual(abs(int(count) - int(paper)), 0.05 * int(paper))
            self.assertEqual(pct, f"({100 * (int(count) - int(paper)) / int(paper):+.1f} %)")

    def test_not_reproducible_rows_give_their_reason(self):
        nr = [r for r in self.rows if r["status"] == "n/r"]
        self.assertTrue(nr)
        for r in nr:
            self.assertGreater(len(r["note"]), 40, r["quantity"])
        for r in self.rows:
            if r["status"] == "n/r":
                self.assertIn(r["quantity"], self.run_.stdout)

    def test_csv_and_png_files(self):
        for name in reproduce.EXPERIMENTS:
            with self.subTest(name):
                folder = os.path.join(self.out, name)
                files = os.listdir(folder)
                self.assertTrue(any(f.endswith(".csv") for f in files), files)
                self.assertTrue(any(f.endswith(".png") for f in files), files)
                for f in files:
                    path = os.path.join(folder, f)
                    self.assertGreater(os.path.getsize(path), 0, path)
                    if f.endswith(".png"):
                        with open(path, "rb") as fh:
                            self.assertEqual(fh.read(8), b"\x89PNG\r\n\x1a\n", path)
                    else:
                        with open(path, newline="") as fh:
                            table = list(csv.reader(fh))
                        self.assertGreater(len(table), 1, path)
                        self.assertTrue(all(len(row) == len(table[0]) for row in table), path)

    def test_the_docs_table_is_a_fresh_runs(self):
        """docs/reproduce.md shows a full run's table; the rows of the experiments --quick does not
        change must be what this run measured (so the page cannot go stale for them)."""
        with open(os.path.join(ROOT, "docs", "reproduce.md")) as f:
            docs = f.read()
        start, end = docs.index("<!-- reproduce:table -->\n"), docs.index("<!-- /reproduce -->")
        table = docs[start:end].splitlines()[1:]
        with open(os.path.join(self.out, "summary.md")) as f:
            fresh = f.read().splitlines()
        for name in ("tran-leok", "tran-leok-sensitivity", "fetecau-particle"):
            with self.subTest(name):
                rows = [line for line in table if line.startswith(f"| {name} |")]
                self.assertGreater(len(rows), 5)
                self.assertEqual(rows, [line for line in fresh if line.startswith(f"| {name} |")])
        for line in table:  # and the page shows no failure
            if line.startswith("| ") and not line.startswith(("| experiment", "| ---")):
                self.assertRegex(line, r"\| (pass|info|n/r)( \[\d+\])? \|$")

    def test_a_failing_row_exits_1(self):
        """A measured value outside its tolerance (here: the paper's Case III count moved to 1000) is a
        FAIL row and exit 1; so is an experiment that stops with an error."""
        with tempfile.TemporaryDirectory() as d:
            with mock.patch.dict(reproduce.S7_IMPACTS, {"III": 1000}):
                code, out, err = in_process("--only", "tran-leok", "--no-plots", "--out", d)
            self.assertEqual(code, 1, out + err)
            with open(os.path.join(d, "summary.csv"), newline="") as f:
                failed = [r["quantity"] for r in csv.DictReader(f) if r["status"] == "FAIL"]
            self.assertEqual(failed, ["Case III: impacts in 10⁵ steps (§7.3)"])
            self.assertIn(", 1 failed,", out)

            def broken(x):
                raise ValueError("h: must be in [1e-12, 1e6]")

            with mock.patch.dict(reproduce.EXPERIMENTS, {"fetecau-particle": (broken, "")}):
                code, out, err = in_process("--only", "fetecau-particle", "--no-plots", "--out", d)
            self.assertEqual(code, 1, out + err)
            self.assertIn("ValueError: h: must be in [1e-12, 1e6]", out)

    def test_list_and_only(self):
        code, out, err = in_process("--list")
        self.assertEqual(code, 0, err)
        self.assertEqual([line.split()[0] for line in out.splitlines()], list(reproduce.EXPERIMENTS))
        with tempfile.TemporaryDirectory() as d:
            code, out, err = in_process("--only", "seghete-cradle", "--quick", "--no-plots", "--out", d)
            self.assertEqual(code, 0, out + err)
            self.assertEqual(sorted(os.listdir(d)), ["seghete-cradle", "summary.csv", "summary.md"])
            with open(os.path.join(d, "summary.csv"), newline="") as f:
                self.assertEqual({r["experiment"] for r in csv.DictReader(f)}, {"seghete-cradle"})
            self.assertFalse(any(f.endswith(".png") for f in os.listdir(os.path.join(d, "seghete-cradle"))))

    def test_bad_arguments_exit_2(self):
        with tempfile.TemporaryDirectory() as d:
            a_file = os.path.join(d, "a-file")
            open(a_file, "w").close()
            for args, says in ((["--only", "no-such-experiment"], "--only: unknown experiment 'no-such-experiment'"),
                               (["--only", "tran-leok,"], "--only: unknown experiment ''"),
                               (["--out", a_file], "--out: "),
                               (["--no-such-option"], "unrecognized arguments: --no-such-option"),
                               (["--out"], "--out: expected one argument")):
                with self.subTest(args):
                    cwd = os.getcwd()
                    os.chdir(d)
                    try:
                        code, out, err = in_process(*args)
                    finally:
                        os.chdir(cwd)
                    self.assertEqual(code, 2, out + err)
                    self.assertIn(says, err)
                    self.assertEqual(sorted(os.listdir(d)), ["a-file"])  # nothing written
            # plots asked for without matplotlib: exit 2 naming the package and --no-plots
            real = importlib.util.find_spec
            with mock.patch("importlib.util.find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a)):
                code, out, err = in_process("--out", os.path.join(d, "x"))
            self.assertEqual(code, 2, out + err)
            self.assertIn("python3-matplotlib", err)
            self.assertIn("--no-plots", err)
            self.assertEqual(sorted(os.listdir(d)), ["a-file"])
            # and the command itself exits 2
            p = module("--only", "no-such-experiment", cwd=d)
            self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
            self.assertIn("--only: unknown experiment 'no-such-experiment'", p.stderr)
            self.assertEqual(sorted(os.listdir(d)), ["a-file"])


if __name__ == "__main__":
    unittest.main()
