#!/usr/bin/env python3
"""Regenerates the figures in README.md and docs/*.md that come from runs of the native CLI.

Each figure sits between markers in the markdown, inline or as a block:

    <!-- figure:NAME -->…<!-- /figure -->

and is produced here from runs of `lgvci` (or, with --bench, of scripts/bench.mjs), so the docs cannot
go stale. Usage (Python 3 standard library only):

    python3 scripts/figures.py            rewrite every figure except the benchmark's
    python3 scripts/figures.py --check    exit 1 when a figure in the docs differs from a fresh run
    python3 scripts/figures.py --bench    also rerun scripts/bench.mjs (needs the WASM build and npm ci)
    python3 scripts/figures.py --bench-impacts  also rerun scripts/bench-impacts (the impacts benchmark, minutes)
    python3 scripts/figures.py --callgrind  also count the step's instructions (scripts/step_cost.py, valgrind)
    python3 scripts/figures.py --memory   also measure the peak memory of large sweeps (about a minute)
    python3 scripts/figures.py --lighthouse  also run Lighthouse on the built site (web/scripts/lighthouse.mjs)
    python3 scripts/figures.py --long     also the long runs (the energy's round-off to 10⁸ steps, ~6 min)
    python3 scripts/figures.py --list     the figures, their kind and where they are

Figure kinds: "exact" figures are impact counts, energy errors, distances… — bit-reproducible on any
machine, compared by --check. "timing" values (wall times of the CLI) are rewritten by a plain run but
never compared: --check skips their runs and matches any text in their place. "bench" figures come
from scripts/bench.mjs and are rewritten only with --bench; "bench-impacts" figures, the impacts
benchmark's (scripts/bench-impacts; matplotlib for its plot), only with --bench-impacts; "callgrind" figures, instruction counts of
scripts/step_cost.py (the same for a given build, not across compilers), only with --callgrind; "memory"
figures, peak resident memory of large sweeps (the allocator's and the machine's, and minutes of runs),
only with --memory; "lighthouse" figures, Lighthouse's scores of the built site (a quiet machine's, after
npm run build), only with --lighthouse; "long" figures are exact but take minutes of runs: only --long
rewrites them. None of these is compared by --check. How to add a figure: docs/contributing.md.
"""
from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from billiard_reference import ellipse_bounce_times, stadium_bounce_times  # scripts/, beside this file

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"<!-- figure:([A-Za-z0-9_.-]+) -->(.*?)<!-- /figure -->", re.S)
PLACEHOLDER = "\x00"  # a timing value not measured (--check): matches any text without '|' or a newline


# ---------------------------------------------------------------------------------------------------
# Number formatting, in the docs' style


def sci(x: float, digits: int = 2) -> str:
    """2 significant digits in scientific notation, the exponent without padding: 4.8e-13, 1.2e2."""
    if x == 0:
        return "0"
    m, e = f"{abs(x):.{digits - 1}e}".split("e")
    return f"{'−' if x < 0 else ''}{m}e{int(e)}"


def sig(x: float, digits: int = 2) -> str:
    """A plain number with `digits` significant digits (4.4, 59.40 with digits=4)."""
    if x == 0:
        return "0"
    decimals = max(0, digits - 1 - int(math.floor(math.log10(abs(x)))))
    return f"{x:.{decimals}f}"


def num(x: float, digits: int = 2) -> str:
    """Scientific below 0.01, plain otherwise."""
    return sci(x, digits) if abs(x) < 1e-2 else sig(x, digits)


def minus(s: str) -> str:
    return s.replace("-", "−")


SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def times_ten(x: float, digits: int = 2) -> str:
    """1.7·10⁵"""
    m, e = f"{x:.{digits - 1}e}".split("e")
    return f"{m}·10{str(int(e)).translate(SUPERSCRIPT)}"


def case_list(cases: list[str]) -> str:
    order = ["I", "II", "III", "IV"]
    idx = [order.index(c) for c in cases]
    if len(cases) >= 3 and idx == list(range(idx[0], idx[0] + len(idx))):
        return f"Cases {cases[0]}–{cases[-1]}"
    if len(cases) == 1:
        return f"Case {cases[0]}"
    return "Cases " + ", ".join(cases[:-1]) + " and " + cases[-1]


def ball_list(balls: list[int], n: int) -> str:
    words = {2: "both", 3: "all three", 4: "all four", 5: "all five", 6: "all six", 7: "all seven"}
    if not balls:
        return f"{words[n]} swinging"
    if len(balls) == 1:
        return f"ball {balls[0]} exactly at rest"
    if balls == list(range(balls[0], balls[-1] + 1)) and len(balls) >= 3:
        return f"balls {balls[0]}–{balls[-1]} exactly at rest"
    return "balls " + ", ".join(map(str, balls)) + " exactly at rest"


# ---------------------------------------------------------------------------------------------------
# Runs of the CLI, cached and run in parallel


class Runs:
    def __init__(self, cli: Path, jobs: int, timing: bool):
        self.cli = cli
        self.timing = timing  # False under --check: timing values are placeholders, their runs skipped
        self.pool = ThreadPoolExecutor(max_workers=jobs)
        self.cache: dict[tuple, object] = {}
        self.lock = threading.Lock()
        self.tmp = Path(tempfile.mkdtemp(prefix="lgvci-figures-"))
        self.count = 0

    def _run(self, args: tuple, cols: tuple | None, config: str | None):
        with self.lock:
            self.count += 1
            n = self.count
        argv = [str(self.cli), *args, "--json"]
        if config is not None:
            cfg = self.tmp / f"config-{n}.json"
            cfg.write_text(config)
            argv += ["--config", str(cfg)]
        reader = None
        if cols is not None:  # the CSV goes through a pipe, read as it is written: no 45-MB files
            fifo = self.tmp / f"run-{n}.csv"
            os.mkfifo(fifo)
            argv += ["--csv", str(fifo)]
            result: dict = {}
            reader = threading.Thread(target=lambda: result.update(_cols=read_columns(fifo, *cols)))
            reader.start()
        p = subprocess.run(argv, capture_output=True, text=True)
        if reader is not None:
            try:  # unblock the reader if the CLI never opened the pipe (it reads an empty file then)
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:  # ENXIO: the reader is done and gone
                pass
            reader.join()
        if p.returncode not in (0, 1):  # 1: the integrator halted, which some figures show
            raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: {p.stderr.strip()}")
        out = json.loads(p.stdout)
        if reader is not None:
            out["_cols"] = result.get("_cols")
        return out

    def submit(self, *args: str, cols: tuple | None = None, config: dict | None = None):
        """cols = (column names, every): those CSV columns at every `every`-th row and the last."""
        key = (args, cols, json.dumps(config, sort_keys=True) if config is not None else None)
        with self.lock:
            fut = self.cache.get(key)
            if fut is None:
                fut = self.pool.submit(self._run, args, cols, key[2])
                self.cache[key] = fut
        return fut

    def run(self, *args: str, cols: tuple | None = None, config: dict | None = None) -> dict:
        return self.submit(*args, cols=cols, config=config).result()

    def timed(self, fn) -> str:
        """A timing value: fn() measured and formatted, or the placeholder (under --check, or when the
        machine is busy: then the value in the docs is kept)."""
        return fn() if self.timing else PLACEHOLDER


def read_columns(path: Path, names: tuple, every: int = 1) -> dict[str, list[float]]:
    """Columns of a CLI CSV (every `every`-th row, and the last)."""
    with open(path) as f:
        header = f.readline().strip().split(",")
        if header == [""]:
            return {}
        idx = [header.index(n) for n in names]
        cols: dict[str, list[float]] = {n: [] for n in names}
        last = None
        for i, line in enumerate(f):
            if i % every == 0:
                fields = line.split(",")
                for n, j in zip(names, idx):
                    cols[n].append(float(fields[j]))
                last = None
            else:
                last = line
        if last is not None:
            fields = last.split(",")
            for n, j in zip(names, idx):
                cols[n].append(float(fields[j]))
    return cols


def rel_err(d: dict) -> float:
    return d["max_abs_energy_error"] / abs(d["energy_initial"])


def final_rel_err(d: dict) -> float:
    return abs(d["energy_final"] - d["energy_initial"]) / abs(d["energy_initial"])


def reversal_error(d: dict) -> float:
    rc = d["reverse_check"]
    keys = ("q", "p") if "q" in rc else ("x", "R", "gamma", "Pi")
    return max(rc[k] for k in keys)


STEPS = "100000"
CASES = ["I", "II", "III", "IV"]
CASE_NAMES = {"I": "I ellipsoid", "II": "II ellipsoid, tilted plane", "III": "III union of ellipsoids", "IV": "IV cube"}
PAPER = {"III": 806, "IV": 652}  # Tran & Leok §7.3: "approximately 806 and 652 impacts"


def s7(r: Runs, case: str, *extra: str) -> dict:
    return r.run("--case", case, "--steps", STEPS, *extra)


# ---------------------------------------------------------------------------------------------------
# The figures. Each returns the text between its markers (a block figure without its surrounding newlines).

FIGURES: dict[str, tuple[str, object]] = {}


def figure(name: str, kind: str = "exact"):
    def reg(fn):
        FIGURES[name] = (kind, fn)
        return fn

    return reg


@figure("s7-results")
def s7_results(r: Runs) -> str:
    for c in CASES:  # start every run before waiting on any
        for rf in ("fast", "bisection"):
            r.submit("--case", c, "--steps", STEPS, *(() if rf == "fast" else ("--root-finder", "bisection")))
    rows = ["| case | impacts (fast) | impacts (bisection) | paper | max \\|E−E₀\\|/E₀ |", "| --- | --- | --- | --- | --- |"]
    for c in CASES:
        fast, bis = s7(r, c), s7(r, c, "--root-finder", "bisection")

        def cell(n: int) -> str:
            if c not in PAPER:
                return str(n)
            pct = 100 * (n - PAPER[c]) / PAPER[c]
            return f"{n} ({'+' if pct >= 0 else '−'}{abs(pct):.1f} %)"

        paper = f"≈ {PAPER[c]}" if c in PAPER else "—"
        rows.append(f"| {CASE_NAMES[c]} | {cell(fast['impacts'])} | {cell(bis['impacts'])} | {paper} | {sci(rel_err(fast))} |")
    return "\n".join(rows)


@figure("timing-conditions", "timing")
def timing_conditions(r: Runs) -> str:
    """Where the timing figures were last measured: written next to each of them."""
    model = "?"
    try:
        model = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return r.timed(lambda: f"{os.cpu_count()} × {model}, load average {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d')}")


@figure("s7-run-time", "timing")
def s7_run_time(r: Runs) -> str:
    def measure():
        t = [s7(r, c)["wall_seconds"] for c in CASES]
        return f"{min(t):.2f}–{max(t):.2f} s"

    return r.timed(measure)


@figure("s7-case-ii-drift")
def s7_case_ii_drift(r: Runs) -> str:
    d = s7(r, "II")
    x = math.sqrt(sum(v * v for v in d["final"]["x"]))
    return f"|x| ≈ {times_ten(x)} while E₀ ≈ {d['energy_initial']:.0f}"


@figure("s7-sixteen-runs")
def s7_sixteen_runs(r: Runs) -> str:
    """§7.4: 16 runs with x₀,₃ = 10 + k·10⁻⁹, k = 0…15; mean ± sample standard deviation."""
    specs = {}
    for c in ("III", "IV"):
        for rf in ("bisection", "fast"):
            specs[(c, rf)] = [("--case", c, "--steps", STEPS, "--root-finder", rf, "--x0", f"0,0,{10 + k * 1e-9!r}") for k in range(16)]
    futs = {key: [r.submit(*s) for s in v] for key, v in specs.items()}
    ms = {}
    for key, fs in futs.items():
        counts = [f.result()["impacts"] for f in fs]
        ms[key] = f"{statistics.mean(counts):.0f} ± {statistics.stdev(counts):.0f}"
    return (f"{ms[('III', 'bisection')]} (III) and {ms[('IV', 'bisection')]} (IV) with bisection, and "
            f"{ms[('III', 'fast')]} and\n{ms[('IV', 'fast')]} with the fast finder")


@figure("strict-detection")
def strict_detection(r: Runs) -> str:
    for c in CASES:
        r.submit("--case", c, "--steps", STEPS, "--strict-detection")
    same, changed = [], []
    for c in CASES:
        a, b = s7(r, c), s7(r, c, "--strict-detection")
        (same if a["state_hash"] == b["state_hash"] and a["impacts"] == b["impacts"] else changed).append((c, a["impacts"], b["impacts"]))
    parts = []
    if same:
        parts.append(f"it leaves {case_list([c for c, _, _ in same])} unchanged (the same impacts and final state bits)")
    for c, a, b in changed:
        parts.append(f"changes Case {c} from {a} to {b} impacts")
    text = " and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1]
    if changed:
        text += " (it\nfinds corner dips the end-of-step rule steps over, and the chaos does the rest)"
    return text


def thousands(n: int) -> str:
    """112 194: a thin space between groups of three digits, as the docs write counts."""
    return f"{n:,}".replace(",", "\u202f")


@figure("strict-detection-cost")
def strict_detection_cost(r: Runs) -> str:
    for c in CASES:
        r.submit("--case", c, "--steps", STEPS, "--strict-detection")
    pct = [100 * (s7(r, c, "--strict-detection")["flow_evaluations"] / s7(r, c)["flow_evaluations"] - 1) for c in CASES]
    a, b = s7(r, "IV")["flow_evaluations"], s7(r, "IV", "--strict-detection")["flow_evaluations"]
    return f"{min(pct):.0f}–{max(pct):.0f} % more flow evaluations over those runs (Case IV: {thousands(a)} →\n{thousands(b)} in 10⁵ steps"


@figure("strict-detection-first")
def strict_detection_first(r: Runs) -> str:
    """Case IV: the first impact that strict detection finds and the default steps over."""
    a, b = s7(r, "IV")["impact_times"], s7(r, "IV", "--strict-detection")["impact_times"]
    k = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
    return f"t = {b[k]:.5f}"


@figure("root-finder-cost")
def root_finder_cost(r: Runs) -> str:
    for c in CASES:
        r.submit("--case", c, "--steps", STEPS, "--root-finder", "bisection")
    pct = [100 * (1 - s7(r, c)["flow_evaluations"] / s7(r, c, "--root-finder", "bisection")["flow_evaluations"]) for c in CASES]
    return f"needs {min(pct):.0f}–{max(pct):.0f} % fewer flow evaluations (Cases I–IV, 10⁵ steps)"


@figure("zeno-guard-iv")
def zeno_guard_iv(r: Runs) -> str:
    d = r.run("--case", "IV", "--restitution", "0.99", "--steps", STEPS)
    bal = abs(d["energy_final"] + d["dissipated"] - d["energy_initial"])
    n = d["zeno_guard_events"]
    return (f"the run ends at t = {d['final']['t']:g} with\n|E + dissipated − E₀| = {sci(bal)}, and the summary reports {n} guard{'' if n == 1 else 's'} "
            f"at t = {d['zeno_guard_first_t']:.3f}")


@figure("rk4-table")
def rk4_table(r: Runs) -> str:
    for c in CASES:
        r.submit("--case", c, "--steps", STEPS, "--integrator", "rk4")
    rows = ["| case | integrator | impacts | max \\|E−E₀\\|/E₀ | final \\|E−E₀\\|/E₀ | µs/step |", "| --- | --- | --- | --- | --- | --- |"]
    for c in CASES:
        for integ in ("lgvci", "rk4"):
            extra = () if integ == "lgvci" else ("--integrator", "rk4")
            d = s7(r, c, *extra)

            def us(extra=extra):  # best of 5 fresh runs (not the cache: the time varies)
                best = min(json.loads(subprocess.run([str(r.cli), "--case", c, "--steps", STEPS, *extra, "--json"],
                                                     capture_output=True, text=True, check=True).stdout)["wall_seconds"]
                           for _ in range(5))
                return f"{best / int(STEPS) * 1e6:.2f}"

            rows.append(f"| {CASE_NAMES[c]} | {integ} | {d['impacts']} | {sci(rel_err(d))} | {sci(final_rel_err(d))} | {r.timed(us)} |")
    return "\n".join(rows)


REVERSAL_N = [200, 500, 1000, 1500, 2000, 3000]


def reversal(r: Runs, n: int, integ: str, *extra: str, case: str = "IV") -> dict:
    args = ("--case", case, "--steps", "0", "--reverse-check", str(n), *extra)
    return r.run(*args) if integ == "lgvci" else r.run(*args, "--integrator", "rk4")


@figure("reversal-iv")
def reversal_iv(r: Runs) -> str:
    for n in REVERSAL_N:
        for integ in ("lgvci", "rk4"):
            r.submit("--case", "IV", "--steps", "0", "--reverse-check", str(n), *(() if integ == "lgvci" else ("--integrator", "rk4")))
    rows = ["| N | lgvci impacts | lgvci return error | rk4 impacts | rk4 return error |", "| --- | --- | --- | --- | --- |"]
    for n in REVERSAL_N:
        cells = [str(n)]
        for integ in ("lgvci", "rk4"):
            rc = reversal(r, n, integ)["reverse_check"]
            imp = str(rc["impacts_forward"]) if rc["impacts_forward"] == rc["impacts_back"] else f"{rc['impacts_forward']} / {rc['impacts_back']} back"
            e = reversal_error(reversal(r, n, integ))
            cells += [imp, f"{sig(e)} (lost)" if e >= 1 else sci(e)]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


@figure("reversal-iv-text")
def reversal_iv_text(r: Runs) -> str:
    agree = [n for n in REVERSAL_N if all(reversal(r, n, i)["reverse_check"]["impacts_forward"] == reversal(r, n, i)["reverse_check"]["impacts_back"] for i in ("lgvci", "rk4"))]
    upto = max(n for n in REVERSAL_N if all(m in agree for m in REVERSAL_N if m <= n))
    lost = [n for n in REVERSAL_N if reversal_error(reversal(r, n, "lgvci")) >= 1]
    rc = reversal(r, 5000, "lgvci")["reverse_check"]
    tail = (f"at N = 5000 the counts differ ({rc['impacts_forward']} forward, {rc['impacts_back']} back)" if rc["impacts_forward"] != rc["impacts_back"]
            else f"at N = 5000 the counts still agree ({rc['impacts_forward']} each way)")
    lost_s = f"N = {lost[0]} for the LGVCI" if lost else f"not reached by N = {REVERSAL_N[-1]}"
    return (f"Up to N = {upto} the reversed run meets as many impacts as the forward one; the error grows by a\n"
            f"factor of 3 to 10 per impact until it is of the order of the state ({lost_s}) and {tail}")


@figure("reversal-case-i")
def reversal_case_i(r: Runs) -> str:
    out = []
    for n, extra in ((200, ()), (1000, ("--x0", "0,0,1000"))):
        lg, rk = reversal(r, n, "lgvci", *extra, case="I"), reversal(r, n, "rk4", *extra, case="I")
        for d in (lg, rk):
            if d["reverse_check"]["impacts_forward"] != 0:
                raise RuntimeError(f"reversal-case-i: {n} steps meet an impact")
        out.append((sci(rk["reverse_check"]["R"]), sci(lg["reverse_check"]["R"])))
    return (f"200 steps without impacts return to\n‖R − R₀‖₂ = {out[0][0]} (RK4) against {out[0][1]} (LGVCI), 1000 steps (from x₀ = (0, 0, 1000), no impacts)\n"
            f"to {out[1][0]} against {out[1][1]}")


@figure("reversal-generalized")
def reversal_generalized(r: Runs) -> str:
    p20 = reversal(r, 20, "lgvci", case="particle")
    p1000 = reversal(r, 1000, "lgvci", case="particle")
    s1000 = reversal(r, 1000, "lgvci", case="star")
    return (f"`--case particle --reverse-check 20` {sci(reversal_error(p20))}, 1000\n"
            f"steps and {p1000['reverse_check']['impacts_forward']} impacts {sci(reversal_error(p1000))}; "
            f"`--case star`, 1000 steps and {s1000['reverse_check']['impacts_forward']} impacts, {sci(reversal_error(s1000))}")


REVERSAL_PAGE_N = [300, 1000, 2000, 3000]


@figure("reversal-iv-page")
def reversal_iv_page(r: Runs) -> str:
    for n in REVERSAL_PAGE_N:
        for integ in ("lgvci", "rk4"):
            r.submit("--case", "IV", "--steps", "0", "--reverse-check", str(n), *(() if integ == "lgvci" else ("--integrator", "rk4")))
    rows = ["| N | LGVCI (impacts) | RK4 (impacts) |", "| --- | --- | --- |"]
    for n in REVERSAL_PAGE_N:
        cells = [str(n)]
        for integ in ("lgvci", "rk4"):
            d = reversal(r, n, integ)
            e = reversal_error(d)
            cells.append(f"{sig(e) if e >= 1 else sci(e)} ({d['reverse_check']['impacts_forward']})")
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows)


@figure("reversal-iv-page-impacts")
def reversal_iv_page_impacts(r: Runs) -> str:
    lg, rk = (reversal(r, 2000, i)["reverse_check"]["impacts_forward"] for i in ("lgvci", "rk4"))
    return f"{lg} against {rk} at N = 2000"


@figure("reversal-case-i-page")
def reversal_case_i_page(r: Runs) -> str:
    """Case I (spinning): RK4's return error against the LGVCI's; N = 100 has no impact."""
    for n in (100, 1000, 2000):
        for integ in ("lgvci", "rk4"):
            r.submit("--case", "I", "--steps", "0", "--reverse-check", str(n), *(() if integ == "lgvci" else ("--integrator", "rk4")))
    e = {(n, i): reversal(r, n, i, case="I") for n in (100, 1000, 2000) for i in ("lgvci", "rk4")}
    if e[(100, "rk4")]["reverse_check"]["impacts_forward"] != 0:
        raise RuntimeError("reversal-case-i-page: N = 100 meets an impact")
    err = {k: sci(reversal_error(d)) for k, d in e.items()}
    return (f"{err[(100, 'rk4')]} at N = 100 without an impact, {err[(1000, 'rk4')]} at N = 1000) while the LGVCI comes back to "
            f"{err[(1000, 'lgvci')]} at N = 1000 and {err[(2000, 'lgvci')]} at N = 2000")


def energy_error_stats(e: list[float], impacts: list[float]) -> tuple[float, float]:
    """web/src/model/error-stats.ts over a run's rows: the largest spread of E − E0 within a stretch between
    impacts, and the largest |ΔE| across a step with an impact."""
    flight = jump = 0.0
    lo, hi = math.inf, -math.inf
    prev = None
    for err, k in zip(e, impacts):
        if k > 0 and prev is not None:
            jump = max(jump, abs(err - prev))
            lo, hi = math.inf, -math.inf
        lo, hi = min(lo, err), max(hi, err)
        flight = max(flight, hi - lo)
        prev = err
    return flight, jump


ERROR_CAPTION_PRESETS = [("particle", "particle"), ("star", "star"), ("cradle", "cradle"), ("I", "Case I"), ("IV", "Case IV"),
                         ("rocking", "rocking (e = 0.5, contact)")]
ROUND_OFF_REL = 1e-11  # web/src/model/error-stats.ts


@figure("energy-error-captions")
def energy_error_captions(r: Runs) -> str:
    """The page's caption statistics over 20 s at the preset's h, h/2 and h/4 (relative to |E0|)."""
    def runs(case: str):
        h = r.run("--case", case, "--steps", "0")["h"]
        out = []
        for k in range(3):
            hk = h / 2**k
            cols = ("E", "impacts", "dissipated") if case == "rocking" else ("E", "impacts")
            out.append(r.submit("--case", case, "--h", repr(hk), "--steps", str(round(20 / hk)), cols=(cols, 1)))
        return out

    pending = {case: runs(case) for case, _ in ERROR_CAPTION_PRESETS}
    rows = ["| preset | between impacts | at impacts |", "| --- | --- | --- |"]
    for case, label in ERROR_CAPTION_PRESETS:
        flights, jumps = [], []
        for fut in pending[case]:
            d = fut.result()
            c = d["_cols"]
            e = [a + b for a, b in zip(c["E"], c["dissipated"])] if "dissipated" in c else c["E"]
            scale = abs(d["energy_initial"])
            f, j = energy_error_stats([x - e[0] for x in e], c["impacts"])
            flights.append(f / scale)
            jumps.append(j / scale)

        def cell(v: list[float]) -> str:
            if max(v) <= ROUND_OFF_REL:
                return f"≤ {sci(max(v))} (round-off)"
            order = " (O(h²))" if all(3.0 <= a / b <= 5.0 for a, b in zip(v, v[1:]) if b > 0) else ""
            return ", ".join(sci(x) for x in v) + order

        rows.append(f"| {label} | {cell(flights)} | {cell(jumps)} |")
    return "\n".join(rows)


@figure("particle-jumps")
def particle_jumps(r: Runs) -> str:
    """The particle's largest |ΔE| across an impact step over 20 s at the preset's h, h/2 and h/4 (the
    energy-error-captions runs, absolute)."""
    h = r.run("--case", "particle", "--steps", "0")["h"]
    hs = [h / 2**k for k in range(3)]
    jumps = []
    for hk in hs:
        d = r.run("--case", "particle", "--h", repr(hk), "--steps", str(round(20 / hk)), cols=(("E", "impacts"), 1))
        e = d["_cols"]["E"]
        jumps.append(energy_error_stats([x - e[0] for x in e], d["_cols"]["impacts"])[1])
    return ", ".join(times_ten(j) for j in jumps) + " at h = " + ", ".join(f"{x:g}" for x in hs)


@figure("cli-help")
def cli_help(r: Runs) -> str:
    """`lgvci --help`: the presets and each family's options come from the core's registry."""
    out = subprocess.run([str(r.cli), "--help"], capture_output=True, text=True, check=True).stdout.rstrip("\n")
    return "```\n" + out + "\n```"


@figure("config-schema")
def config_schema(r: Runs) -> str:
    """`lgvci --schema`: every family's config fields, from the table the parser checks (docs/config.md)."""
    out = subprocess.run([str(r.cli), "--schema"], capture_output=True, text=True, check=True).stdout
    schemas = json.loads(out)

    def g(x: float) -> str:  # 1e+06 → 1e6, as the core's messages write bounds
        return re.sub(r"e([+-])0*(\d)", lambda m: "e" + ("-" if m.group(1) == "-" else "") + m.group(2), f"{x:g}")

    def bounds(p: dict) -> str:
        lo = p.get("minimum", p.get("exclusiveMinimum"))
        hi = p.get("maximum", p.get("exclusiveMaximum"))
        if "rule" in p:
            return p["rule"].removeprefix("must be ").split(" (")[0]
        if lo is None and hi is None:
            return ""
        left = "(" if "exclusiveMinimum" in p else "["
        right = ")" if "exclusiveMaximum" in p else "]"
        return f"{left}{'-inf' if lo is None else g(lo)}, {'inf' if hi is None else g(hi)}{right}"

    def kind(p: dict) -> str:
        if "$ref" in p.get("items", {}):
            return "array of " + p["items"]["$ref"].split("/")[-1]
        t = p["type"]
        if t == "array":
            n = f"{p['minItems']}" if p.get("minItems") == p.get("maxItems") else f"1..{p.get('maxItems')}"
            items = p.get("items", {})
            inner = items.get("type", "number or row") if "oneOf" not in items else "number or row"
            return f"{inner}[{n}]"
        return t + (" of " + ", ".join(p["enum"]) if "enum" in p else "")

    def rows(props: dict, prefix: str, required: list, out: list) -> None:
        for key, p in props.items():
            path = prefix + key
            item = p.get("items", {}) if p.get("type") == "array" else {}
            numbers = p if p.get("type") in ("number", "integer") else item.get("items", item)
            if "oneOf" in numbers:
                numbers = numbers["oneOf"][0]
            when = "; ".join(f"{k} = {' or '.join(v)}" for k, v in p.get("when", {}).items())
            need = "yes" if key in required else ""
            default = json.dumps(p["default"]) if "default" in p else ""
            b = bounds({**numbers, **({"rule": p["rule"]} if "rule" in p else {})})
            desc = (p["description"] + (f" (when {when})" if when else "")).replace("|", "\\|")
            out.append(f"| `{path}` | {kind(p)} | {b} | {p.get('unit', '')} | {need} | {default} | {desc} |")
            if p.get("type") == "object":
                rows(p.get("properties", {}), path + ".", p.get("required", []), out)
            elif "properties" in item:
                rows(item["properties"], path + "[].", item.get("required", []), out)

    parts, seen = [], {}
    for name, s in schemas.items():
        shared = next((n for n, t in seen.items() if t == s["properties"]), None)
        seen[name] = s["properties"]
        if shared:  # a case of another family's model (the cradle): the same table
            parts.append(f"**{name}** (\"model\": \"{s['model']}\"): the same fields as **{shared}**.")
            continue
        out = [f"**{name}** (\"model\": \"{s['model']}\")", "",
               "| field | type | bounds | unit | required | default | meaning |", "|---|---|---|---|---|---|---|"]
        rows(s["properties"], "", s.get("required", []), out)
        parts.append("\n".join(out))
    return "\n\n".join(parts)


def particle_star(r: Runs):
    pa = r.submit("--case", "particle", "--until-impacts", "1000", cols=(("q2",), 1))
    st = r.submit("--case", "star", "--until-impacts", "1500", cols=(("q2", "q3"), 1))
    return pa.result(), st.result()


@figure("particle-star-table")
def particle_star_table(r: Runs) -> str:
    pa, st = particle_star(r)
    # min φ at the grid points, from the CSV: the particle's φ = y; the star's tips at (±½, ±½), (81)
    qp = pa["_cols"]
    phi_p = min(qp["q2"])
    qs = st["_cols"]
    phi_s = min(y - 0.5 * (abs(math.sin(t)) + abs(math.cos(t))) for y, t in zip(qs["q2"], qs["q3"]))

    def col(f):
        return f(pa), f(st)

    def px(d):
        p = d["final"]["p"][0]
        return "−2 exactly" if p == -2.0 else minus(repr(p))

    def phi(v):
        return sci(v)

    rows = [
        "| | particle, 1000 impacts | star, 1500 impacts |",
        "| --- | --- | --- |",
        "| steps | {} | {} |".format(*col(lambda d: f"{d['steps']:,}".replace(",", " "))),
        "| max \\|H − H₀\\| (relative) | {} | {} |".format(*col(lambda d: f"{sci(d['max_abs_energy_error'])} ({sci(rel_err(d))})")),
        "| max E_d mismatch across an impact (relative) | {} | {} |".format(*col(lambda d: sci(d["max_discrete_energy_mismatch"]))),
        "| steps with several impacts | {} | {} |".format(*col(lambda d: str(d["multi_impact_steps"]))),
        f"| min φ at grid points | {phi(phi_p)} | {phi(phi_s)} |",
        "| p_x | {} | {} |".format(*col(px)),
        "| time | {} | {} |".format(*col(lambda d: r.timed(lambda: f"{d['wall_seconds']:.2f} s"))),
    ]
    return "\n".join(rows)


CRADLE_STEPS = "100600"
CRADLE_ROWS = [  # label, CLI options
    ("n = 3, k = 1, chain", ("--balls", "3", "--pulled", "1")),
    ("n = 3, k = 2, chain", ("--balls", "3", "--pulled", "2")),
    ("n = 5, k = 3, chain", ("--balls", "5", "--pulled", "3")),
    ("n = 7, k = 3, chain", ("--balls", "7", "--pulled", "3")),
    ("n = 3, k = 1, gap 0.01", ("--balls", "3", "--pulled", "1", "--gap", "0.01")),
    ("n = 3, k = 1, simultaneous", ("--balls", "3", "--pulled", "1", "--policy", "simultaneous")),
]


def swing_energy(k: int, angle: float = 0.2, m: float = 1, g: float = 9.81, l: float = 1) -> float:
    return k * m * g * l * (1 - math.cos(angle))


@figure("cradle-table")
def cradle_table(r: Runs) -> str:
    for _, opts in CRADLE_ROWS:
        r.submit("--case", "cradle", "--steps", CRADLE_STEPS, *opts)
    rows = ["| | instants (links) | max \\|H − H₀\\| / swing energy | final state | time |", "| --- | --- | --- | --- | --- |"]
    for label, opts in CRADLE_ROWS:
        d = r.run("--case", "cradle", "--steps", CRADLE_STEPS, *opts)
        n, k = int(opts[1]), int(opts[3])
        rest = [i + 1 for i, (q, p) in enumerate(zip(d["final"]["q"], d["final"]["p"])) if q == 0 and p == 0]
        t = r.timed(lambda: f"{d['wall_seconds']:.2f} s")
        rows.append(f"| {label} | {len(d['impact_times'])} ({d['impacts']}) | {sci(d['max_abs_energy_error'] / swing_energy(k))} | {ball_list(rest, n)} | {t} |")
    return "\n".join(rows)


@figure("cradle-discrete")
def cradle_discrete(r: Runs) -> str:
    one = r.run("--steps", CRADLE_STEPS, config={"case": "cradle", "chain_energy": "discrete", "rest_truncation": False})
    two = r.run("--steps", CRADLE_STEPS, config={"case": "cradle", "cradle": {"pulled": 2}, "chain_energy": "discrete"})
    ref = r.run("--case", "cradle", "--steps", CRADLE_STEPS, "--balls", "3", "--pulled", "1")
    pct = 100 * one["max_abs_energy_error"] / swing_energy(1)
    if two["status"] == "ok":
        halt = "with two strikers the run completes"
    else:
        m = re.search(r"at t = ([0-9.]+)", two["status_message"])
        halt = f"with two strikers the energy quadratic of a near-grazing link loses its root at t = {float(m.group(1)):.1f} s and the run\nhalts"
    return (f"without\ntruncation {len(one['impact_times'])} impact instants instead of {len(ref['impact_times'])} and |H − H₀| up to "
            f"{sci(one['max_abs_energy_error'])} ({pct:.0f} % of the swing energy);\n{halt}")


@figure("cradle-sequential")
def cradle_sequential(r: Runs) -> str:
    seq = r.run("--case", "cradle", "--policy", "sequential", "--steps", "2000")
    chain = r.run("--case", "cradle", "--steps", "2000")
    return f"{seq['impacts']} impacts instead of the chain's {chain['impacts']} in 20 s"


@figure("cradle-sequential-halt")
def cradle_sequential_halt(r: Runs) -> str:
    d = r.run("--case", "cradle", "--policy", "sequential", "--balls", "5", "--pulled", "2", "--angle", repr(-math.radians(20)), "--steps", "2000")
    if d["status"] == "ok":
        return "(n = 5, k = 2, 20°) it runs through"
    m = re.search(r"at t = ([0-9.]+)", d["status_message"])
    return f"(n = 5, k = 2, 20°) its energy balance (75a) loses its bounce root at t = {float(m.group(1)):.2f} s"


def ensemble(r: Runs, threads: str) -> dict:
    return r.run("--case", "IV", "--ensemble", "100", "--steps", STEPS, "--threads", threads)


@figure("ensemble-iv")
def ensemble_iv(r: Runs) -> str:
    d = ensemble(r, "2")
    imp = d["impacts"]
    med = imp["median"]
    med_s = f"{med:g}"
    return (f"impacts median {med_s}, range {imp['min']}–{imp['max']} (unperturbed run: {d['reference']['impacts']}, the paper ≈ 652), "
            f"final |E − E₀|/E₀ median\n{times_ten(d['energy_error']['median'])}")


@figure("ensemble-iv-time", "timing")
def ensemble_iv_time(r: Runs) -> str:
    def measure():
        t2 = ensemble(r, "2")["wall_seconds"]
        t1 = ensemble(r, "1")["wall_seconds"]
        return f"{t2:.1f} s with T = 2 and {t1:.1f} s with T = 1"

    return r.timed(measure)


@figure("ensemble-setup-time", "timing")
def ensemble_setup_time(r: Runs) -> str:
    """10⁴ members of one step: what the members' set-up (perturbed copies of the start) costs."""
    return r.timed(lambda: f"{r.run('--case', 'IV', '--ensemble', '10000', '--steps', '1', '--samples', '1', '--threads', '1')['wall_seconds']:.2f} s")


@figure("long-run-iv")
def long_run_iv(r: Runs) -> str:
    d = s7(r, "IV")
    return f"Case IV gives {d['impacts']} impacts (the paper: roughly 652) and\nmax |E − E₀| ≈ {sci(d['max_abs_energy_error'], 1)} (relative {sci(rel_err(d), 1)})"


@figure("readme-case-iv")
def readme_case_iv(r: Runs) -> str:
    return f"{s7(r, 'IV')['impacts']} impacts over 10⁵\n   steps (the paper: about 652)"


@figure("consumer-example")
def consumer_example(r: Runs) -> str:
    """The README's C++ example is the consumer project that CI builds against the installed package."""
    code = (ROOT / "examples/consumer/main.cpp").read_text().rstrip("\n")
    return f"```cpp\n{code}\n```"


@figure("comparison-native-rows")
def comparison_native_rows(r: Runs) -> str:
    """The page's long-run table's LGVCI and RK4 rows: its max is sampled every 1000 steps and at the end."""
    rows = ["| case | method | impacts | final \\|E − E₀\\|/E₀ | max \\|E − E₀\\|/E₀ |", "| --- | --- | --- | --- | --- |"]
    names = {"IV": "IV cube", "I": "I ellipsoid", "II": "II tilted plane", "III": "III union"}
    for c in ("IV", "I", "II", "III"):
        for integ in ("lgvci", "rk4"):
            r.submit("--case", c, "--steps", STEPS, *(() if integ == "lgvci" else ("--integrator", "rk4")), cols=(("E",), 1000))
    for c in ("IV", "I", "II", "III"):
        for integ, label in (("lgvci", "LGVCI"), ("rk4", "RK4 baseline")):
            d = r.run("--case", c, "--steps", STEPS, *(() if integ == "lgvci" else ("--integrator", "rk4")), cols=(("E",), 1000))
            e = d["_cols"]["E"]
            e0 = d["energy_initial"]
            mx = max(abs(v - e0) for v in e) / abs(e0)
            rows.append(f"| {names[c]} | {label} | {d['impacts']} | {sci(final_rel_err(d))} | {sci(mx)} |")
    return "\n".join(rows)


@figure("settling-ball")
def settling_ball(r: Runs) -> str:
    """A ball (r = 1) dropped from H = 1 with e = 0.5: the cascade of rebounds hands over to contact."""
    cfg = {"body": {"type": "ellipsoid", "semi_axes": [1, 1, 1], "center": [0, 0, 0]}, "x0": [0, 0, 2], "restitution": 0.5}
    d = r.run("--steps", "3000", cols=(("t", "contact_points"), 1), config=cfg)
    cols = d["_cols"]
    t_rest = next(t for t, c in zip(cols["t"], cols["contact_points"]) if c > 0)
    mgr = 9.80665
    e_rest = "exactly" if d["energy_final"] == mgr else f"to {sci(abs(d['energy_final'] - mgr) / mgr)}"
    bal = abs(d["energy_final"] + d["dissipated"] - d["energy_initial"]) / d["energy_initial"]
    return (f"the same run takes {d['impacts']}\nimpacts, rests on the plane from t = {t_rest:.2f} s with E = m g r {e_rest}, "
            f"E + dissipated = E0 to {sci(bal, 1)}\nrelative")


@figure("settling-ball-time", "timing")
def settling_ball_time(r: Runs) -> str:
    cfg = {"body": {"type": "ellipsoid", "semi_axes": [1, 1, 1], "center": [0, 0, 0]}, "x0": [0, 0, 2], "restitution": 0.5}
    return r.timed(lambda: f"{r.run('--steps', '3000', config=cfg)['wall_seconds'] * 1000:.0f} ms")


@figure("contact-case-i-e08")
def contact_case_i_e08(r: Runs) -> str:
    d = r.run("--case", "I", "--restitution", "0.8", "--steps", "3000", cols=(("t", "contact_points"), 1))
    cols = d["_cols"]
    t = next(t for t, c in zip(cols["t"], cols["contact_points"]) if c > 0)
    return f"settles into contact at t = {t:.1f} s"


@figure("rest-time", "timing")
def rest_time(r: Runs) -> str:
    return r.timed(lambda: f"{r.run('--case', 'rest', '--steps', '10000')['wall_seconds'] * 1000:.0f} ms")


@figure("contact-case-i-e08-time", "timing")
def contact_case_i_e08_time(r: Runs) -> str:
    """10⁵ steps of Case I with e = 0.8 (in contact from t ≈ 15 s on) against the elastic run (in flight)."""
    def measure():
        c = r.run("--case", "I", "--restitution", "0.8", "--steps", STEPS)["wall_seconds"]
        f = s7(r, "I")["wall_seconds"]
        return f"{c:.2f} s ({c / int(STEPS) * 1e6:.1f} µs a step, against {f / int(STEPS) * 1e6:.1f} µs in flight"

    return r.timed(measure)


@figure("case-iv-near-simultaneous")
def case_iv_near_simultaneous(r: Runs) -> str:
    """The two closest impacts of Case IV's first 1000 steps."""
    t = r.run("--case", "IV", "--steps", "1000")["impact_times"]
    _, a, b = min((b - a, a, b) for a, b in zip(t, t[1:]))
    return f"t ≈ {a:.4f} and {b:.4f}"


@figure("hard-throw")
def hard_throw(r: Runs) -> str:
    a = r.run("--case", "IV", "--gamma0", "0,0,-1e3", "--steps", "10")
    b = r.run("--case", "IV", "--gamma0", "0,0,-1e3", "--steps", "100", "--h", "1e-3")
    pa, pb = (math.sqrt(sum(v * v for v in d["final"]["Pi"])) for d in (a, b))
    sub = "without sub-division" if b["subdivided_steps"] == 0 else f"with {b['subdivided_steps']} sub-divided steps"
    same = "the same impacts" if a["impacts"] == b["impacts"] else f"{b['impacts']} impacts against {a['impacts']}"
    n = a["subdivided_steps"]
    return f"ending at |Π| = {pa:.2f} after {n} sub-divided step{'' if n == 1 else 's'} (h = 1e-3 {sub}: {pb:.2f}, {same})"


# --- the benchmark (scripts/bench.mjs --json), only with --bench -------------------------------------

BENCH: dict = {}


def bench_data(root: Path) -> dict:
    """One run of scripts/bench.mjs for every bench figure: the step times by case at the top level (as the
    step figures read them), the rest (ensembles, first load, sizes) under their own keys."""
    if not BENCH:
        saved = os.environ.get("LGVCI_BENCH_JSON")  # a saved `node scripts/bench.mjs 10 --json` (its output file)
        if saved:
            out = json.loads(Path(saved).read_text())
        else:
            p = subprocess.run(["node", "scripts/bench.mjs", "10", "--json"], cwd=root, capture_output=True, text=True)
            if p.returncode != 0:
                raise RuntimeError(f"scripts/bench.mjs: {p.stderr.strip()[-2000:]}")
            out = json.loads(p.stdout)
        BENCH.update(out["steps"]["cases"])
        BENCH["_all"] = out
        sl = out["steps"].get("load")  # over the step timings of that run
        BENCH["_load"] = f"{sl['min']:.1f}–{sl['max']:.1f}" if sl else " ".join(f"{v:.1f}" for v in os.getloadavg())
        model = "?"
        try:
            model = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
        except (OSError, StopIteration):
            pass
        BENCH["_machine"] = f"{os.cpu_count()} × {model}"
        BENCH["_date"] = time.strftime("%Y-%m-%d")
    return BENCH


@figure("bench-table", "bench")
def bench_table(r: Runs) -> str:
    b = bench_data(ROOT)
    steps = b["I"]["steps"]

    def us(ms):
        return f"{ms * 1000 / steps:.3f}"

    lines = ["```", f"{steps} steps, best of 10 (Rapier 2); µs per step (ratio to native); |E − E₀|/E₀ after the run",
             f"machine: {b['_machine']}, load average {b['_load']}, {b['_date']}",
             "case  impacts  native µs  wasm µs (×)       rapier µs (×)     native err  wasm err  rapier err"]
    for c in CASES:
        row = b[c]
        rap = "—".ljust(17) if "rapier_ms" not in row else f"{us(row['rapier_ms'])} ({row['rapier_ms'] / row['native_ms']:.2f})".ljust(17)
        rerr = "—" if "rapier_rel_energy_error" not in row else sci(row["rapier_rel_energy_error"])
        wasm = f"{us(row['wasm_ms'])} ({row['wasm_ms'] / row['native_ms']:.2f})"
        lines.append(f"{c.ljust(5)} {str(row['impacts']).rjust(7)}  {us(row['native_ms']).rjust(9)}  "
                     f"{wasm.ljust(16)}  {rap} "
                     f"{sci(row['native_rel_energy_error']).rjust(10)}  {sci(row['wasm_rel_energy_error']).rjust(8)}  {rerr}")
    lines.append("```")
    return "\n".join(lines)


@figure("bench-native-iv", "bench")
def bench_native_iv(r: Runs) -> str:
    ms = bench_data(ROOT)["IV"]["native_ms"]
    return f"{'met' if ms <= 15 else 'not met'} ({ms:.1f} ms)"


@figure("bench-wasm-ratio", "bench")
def bench_wasm_ratio(r: Runs) -> str:
    b = bench_data(ROOT)
    ratios = {c: b[c]["wasm_ms"] / b[c]["native_ms"] for c in CASES}
    met = [c for c in CASES if ratios[c] <= 1.3]
    return (f"{', '.join(f'{ratios[c]:.2f} ({c})' for c in CASES)}: met for "
            + (case_list(met) if met else "no case"))


@figure("bench-rapier-iv", "bench")
def bench_rapier_iv(r: Runs) -> str:
    b = bench_data(ROOT)["IV"]
    e = b["rapier_rel_energy_error"]
    return f"{abs(e) * 100:.0f} % {'above' if e > 0 else 'below'} E₀, {b['rapier_ms'] / b['native_ms']:.0f}× the native step time"


@figure("readme-case-iv-time", "bench")
def readme_case_iv_time(r: Runs) -> str:
    return f"in about {bench_data(ROOT)['IV']['native_ms']:.0f} ms"


# --- the impacts benchmark (scripts/bench-impacts --json), only with --bench-impacts ------------------
# docs/benchmark-impacts.md. The run (some minutes: every problem, runner and engine) is saved as
# bench/impacts/results.json, the results anyone compares theirs with; LGVCI_BENCH_IMPACTS_JSON names a
# saved `scripts/bench-impacts --json` output to use instead of a run.

BENCH_IMPACTS: dict = {}
BENCH_IMPACTS_RUNNERS = {"ours-energy": "ours, energy jump", "ours-variational": "ours, variational jump", "rk4": "RK4",
                         "naive": "naive", "rapier": "Rapier", "jolt": "Jolt", "mujoco": "MuJoCo"}


def bench_impacts_data(r: Runs) -> dict:
    if not BENCH_IMPACTS:
        saved = os.environ.get("LGVCI_BENCH_IMPACTS_JSON")
        if saved:
            text = Path(saved).read_text()
        else:
            p = subprocess.run([sys.executable, str(ROOT / "scripts/bench-impacts"), "--json", "--cli", str(r.cli)], cwd=ROOT, capture_output=True, text=True)
            if p.returncode != 0:
                raise RuntimeError(f"scripts/bench-impacts: {p.stderr.strip()[-2000:]}")
            text = p.stdout
        out = json.loads(text)
        (ROOT / "bench/impacts/results.json").write_text(json.dumps(out, indent=1) + "\n")
        BENCH_IMPACTS.update(out)
    return BENCH_IMPACTS


def _bi_cell(x, spec: str = "sci") -> str:
    if x is None:
        return "—"
    if isinstance(x, list):
        x = max((abs(v) for v in x), default=None)
        if x is None:
            return "—"
    return sci(x) if spec == "sci" else format(x, spec)


@figure("bench-impacts-problems")
def bench_impacts_problems(r: Runs) -> str:
    """The problems as their files define them (bench/impacts/problems/*.json): no run, so exact."""
    rows = ["| problem | source | h | steps (quick) | reference | its impacts (horizon) | its error: impact times, position |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for f in sorted((ROOT / "bench/impacts/problems").glob("*.json")):
        p = json.loads(f.read_text())
        ref = p["reference"]
        kind = "closed form" if ref["kind"] == "closed_form" else "converged (h/64)"
        err = "exact" if ref["kind"] == "closed_form" else f"{sci(ref['impact_times_error'])}, {sci(ref['position_error'])}"
        quick = f" ({p['quick_steps']})" if p["quick"] else ""
        rows.append(f"| {p['name']} | {p['source']} | {p['h']} | {p['steps']}{quick} | {kind} | {len(ref['impact_times'])} ({ref['horizon_steps']} steps) | {err} |")
    return "\n".join(rows)


@figure("bench-impacts-conditions", "bench-impacts")
def bench_impacts_conditions(r: Runs) -> str:
    m = bench_impacts_data(r)["meta"]
    la = m["load_average"]
    eng = ", ".join(f"{BENCH_IMPACTS_RUNNERS[k]} {v}" for k, v in m["engines"].items())
    return (f"{m['cores']} × {m['cpu']}, load average {la[0]:.1f} (1 min) at the end, Node {m['node']}, "
            f"commit {m['commit']}; {eng}")


@figure("bench-impacts-table", "bench-impacts")
def bench_impacts_table(r: Runs) -> str:
    d = bench_impacts_data(r)
    rows = ["| problem | runner | max \\|E−E₀\\|/\\|E₀\\| | impact-time error (count Δ) | position error | momentum drift | reversal distance | deterministic (runs, threads) | µs/step |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for x in d["results"]:
        if x["status"] != "ok":
            continue
        det = ("yes" if x["deterministic_runs"] else "**no**") + ("" if x.get("deterministic_threads") is None else (", yes" if x["deterministic_threads"] else ", **no**"))
        te = _bi_cell(x["impact_time_error"]) if x["impacts_reference"] else "no impact"
        if x["impacts_missed"]:
            te += f" ({-x['impacts_missed']:+d})"
        rows.append(f"| {x['problem']} | {BENCH_IMPACTS_RUNNERS[x['runner']]} | {_bi_cell(x['energy_drift'])} | {te} | {_bi_cell(x.get('position_error'))} | "
                    f"{_bi_cell(x['momentum_drift'])} | {_bi_cell(x['reverse_distance'])} ({x['reverse_steps']}) | {det} | {_bi_cell(x['us_per_step'], '.2f')} |")
    return "\n".join(rows)


@figure("bench-impacts-not-run", "bench-impacts")
def bench_impacts_not_run(r: Runs) -> str:
    d = bench_impacts_data(r)
    reasons: dict[tuple[str, str], list[str]] = {}
    for x in d["results"]:
        if x["status"] == "ok":
            continue
        reasons.setdefault((x["reason"], x["status"]), []).append(f"{x['problem']} ({BENCH_IMPACTS_RUNNERS[x['runner']]})")
    rows = ["| problem (runner) | status | reason |", "| --- | --- | --- |"]
    for (why, st), who in reasons.items():
        rows.append(f"| {', '.join(who)} | {st.replace('_', ' ')} | {why} |")
    return "\n".join(rows)


@figure("bench-impacts-cube", "bench-impacts")
def bench_impacts_cube(r: Runs) -> str:
    """The old headline, rerun: Case IV's cube, ours against the engines."""
    d = bench_impacts_data(r)
    iv = {x["runner"]: x for x in d["results"] if x["problem"] == "case-IV" and x["status"] == "ok"}
    ours = iv["ours-energy"]
    parts = [f"ours (energy jump) {sci(ours['energy_drift'])} at {ours['us_per_step']:.2f} µs per step"]
    for e in ("rapier", "jolt", "mujoco"):
        if e in iv:
            x = iv[e]
            parts.append(f"{BENCH_IMPACTS_RUNNERS[e]} {x['energy_drift'] * 100:.1f} % at {x['us_per_step']:.0f} µs ({x['us_per_step'] / ours['us_per_step']:.0f}×)")
    return "; ".join(parts)


@figure("bench-impacts-plot", "bench-impacts")
def bench_impacts_plot(r: Runs) -> str:
    """docs/img/bench-impacts.png: energy drift and time per step, by problem and runner (matplotlib,
    imported here only: the other figures need the standard library alone)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    d = bench_impacts_data(r)
    ok = [x for x in d["results"] if x["status"] == "ok"]
    problems = list(dict.fromkeys(x["problem"] for x in d["results"]))
    runners = [k for k in BENCH_IMPACTS_RUNNERS if any(x["runner"] == k for x in ok)]
    fig, axes = plt.subplots(2, 1, figsize=(11, 7.5), sharex=True)
    width = 0.8 / len(runners)
    for j, rn in enumerate(runners):
        for ax, key, floor in ((axes[0], "energy_drift", 1e-17), (axes[1], "us_per_step", None)):
            xs, ys = [], []
            for i, pn in enumerate(problems):
                x = next((x for x in ok if x["problem"] == pn and x["runner"] == rn), None)
                if x is None or x[key] is None:
                    continue
                xs.append(i - 0.4 + (j + 0.5) * width)
                ys.append(max(x[key], floor) if floor else x[key])
            ax.bar(xs, ys, width, label=BENCH_IMPACTS_RUNNERS[rn], color=f"C{j}")
    axes[0].set_yscale("log")
    axes[0].set_ylabel("max |E − E₀| / |E₀|")
    axes[0].legend(ncol=4, fontsize=8)
    axes[1].set_yscale("log")
    axes[1].set_ylabel("µs per step")
    axes[1].set_xticks(range(len(problems)), problems, rotation=30, ha="right")
    m = d["meta"]
    fig.suptitle(f"Impacts benchmark ({'quick' if m.get('quick') else 'full'}): {m['cores']} × {m['cpu']}", fontsize=9)
    fig.tight_layout()
    out = ROOT / "docs/img/bench-impacts.png"
    fig.savefig(out, dpi=90)
    plt.close(fig)
    return "![Energy drift and time per step of every runner on every problem](img/bench-impacts.png)"


# --- the flight step's instructions (scripts/step_cost.py under Callgrind), only with --callgrind -------

CALLGRIND: dict = {}


def callgrind_data(r: Runs) -> dict:
    """One run of scripts/step_cost.py for both figures: every preset, and where Case IV's step goes."""
    if not CALLGRIND:
        from step_cost import measure  # scripts/, beside this file

        CALLGRIND.update(measure(r.cli, STEP_COST_PRESETS, 100_000, ["IV"], jobs=2))
    return CALLGRIND


STEP_COST_PRESETS = ["I", "II", "III", "IV", "particle", "star", "cradle", "billiard-ellipse", "billiard-stadium"]


# Peak memory of sweeps (docs/sweeps.md "On a cluster"): the peak resident set of one CLI process, from
# the kernel's accounting of that child alone (os.wait4), with its wall time.
def peak_memory(r: Runs, *args: str) -> tuple[int, float]:
    argv = [str(r.cli), *args, "--json"]
    t0 = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t0
    err = child.stderr.read().decode() if child.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {os.waitstatus_to_exitcode(status)}: {err.strip()[-300:]}")
    return usage.ru_maxrss * 1024, wall  # Linux: ru_maxrss in KiB


def megabytes(b: float) -> str:
    if b >= 5e9:
        return f"{b / 1e9:.1f} GB"
    return f"{b / 1e9:.2f} GB" if b >= 0.5e9 else f"{b / 1e6:.0f} MB"


SWEEP_MEMBERS = ("--case", "IV", "--sweep", "restitution=0.1:1:10", "--ensemble", "1000", "--steps", "1000")


@figure("sweep-member-memory", "memory")
def sweep_member_memory(r: Runs) -> str:
    """The unsharded 10⁴-member sweep's peak: what each member's results and the part's text cost."""
    low, _ = peak_memory(r, *SWEEP_MEMBERS, "--samples", "10")
    full, _ = peak_memory(r, *SWEEP_MEMBERS)
    return (f"a peak of ≈ {low / 1e4 / 1e3:.1f} kB per member at\n`--samples 10` ({megabytes(low)} for 10⁴ members; "
            f"{megabytes(full)} at 100 samples, measured)")


SWEEP_RECIPE = ("--case", "IV", "--sweep", "restitution=0:1:100", "--ensemble", "10000")


@figure("sweep-parts", "memory")
def sweep_parts(r: Runs) -> str:
    """The 10⁶-member recipe at 10 steps a member: its 100 parts' bytes (`--samples 10`, and one part at
    the default 100 samples and the recipe's 1000 steps), and the merge's peak and wall time over the 100 parts."""
    parts = r.tmp / "sweep-parts"
    parts.mkdir(exist_ok=True)

    def shard(i: int, samples: str, steps: str) -> int:
        path = parts / f"part-{samples}-{i:03d}.json"
        with open(path, "w") as f:
            subprocess.run([str(r.cli), *SWEEP_RECIPE, "--steps", steps, "--samples", samples, "--threads", "1", "--json", "--shard", f"{i}/100"],
                           stdout=f, check=True)
        return path.stat().st_size

    with ThreadPoolExecutor(max_workers=2) as pool:
        sizes = list(pool.map(lambda i: shard(i, "10", "10"), range(1, 101)))
    full = shard(1, "100", "1000")  # 101 samples need 100 steps at least: the recipe's 1000
    files = sorted(str(p) for p in parts.glob("part-10-*.json"))
    peak, wall = peak_memory(r, "merge", *files)
    per_member = sum(sizes) / 10**6
    return (f"a part holds ≈ {per_member:.0f} bytes per member at `--samples 10` (≈ {full / 10**4 / 1e3:.1f} kB\n"
            f"at the default 100), so the 10⁶ sweep's parts are {megabytes(sum(sizes))}; the merge reads one part file at a time and\n"
            f"keeps each member's numbers ({megabytes(peak)} peak and {wall:.0f} s for the 10⁶ members at `--samples 10`, measured)")


@figure("sweep-point-memory", "memory")
def sweep_point_memory(r: Runs) -> str:
    """One-member points, unsharded, 10 steps: the peak grows with the points, their ensembles batched or not."""
    small, _ = peak_memory(r, "--case", "IV", "--sweep", "restitution=0:1:10000", "--ensemble", "1", "--steps", "10")
    large, wall = peak_memory(r, "--case", "IV", "--sweep", "restitution=0:1:100000", "--ensemble", "1", "--steps", "10")
    slope = (large - small) / 90000
    return (f"10⁴ points × 1 member unsharded at 10 steps: {megabytes(small)} peak; 10⁵: {megabytes(large)}, "
            f"{wall:.0f} s: ≈ {slope / 1e3:.1f} kB more a point, so 10⁶ one-member points in one process would need "
            f"≈ {megabytes(small + slope * (10**6 - 10**4))}")


# --- Lighthouse on the built site served gzipped (web/scripts/lighthouse.mjs), only with --lighthouse ---

LIGHTHOUSE: dict = {}


def lighthouse_data() -> dict:
    """One run of web/scripts/lighthouse.mjs --json (five pages, mobile median of 3 and desktop)."""
    if not LIGHTHOUSE:
        if not (ROOT / "dist" / "index.html").is_file():
            raise RuntimeError("dist/index.html is missing: npm run build first")
        p = subprocess.run(["node", str(ROOT / "web/scripts/lighthouse.mjs"), "--json"], capture_output=True, text=True, cwd=ROOT)
        if p.returncode != 0:
            raise RuntimeError(f"web/scripts/lighthouse.mjs: exit {p.returncode}: {p.stderr.strip()[-800:]}")
        LIGHTHOUSE.update(json.loads(p.stdout))
    return LIGHTHOUSE


@figure("lighthouse-table", "lighthouse")
def lighthouse_table(r: Runs) -> str:
    d = lighthouse_data()
    load = os.getloadavg()[0]
    rows = [f"Lighthouse {d['lighthouse']}, dist/ served gzipped; mobile preset: median of {d['runs']} runs (each run's score); "
            f"desktop preset: one run; load average {load:.1f} on {os.cpu_count()} cores",
            "page                         mobile (runs)      a11y  LCP s  TBT ms  CLS    FCP s  SI s  desktop"]
    for p in d["pages"]:
        m = p["mobile"]
        runs = "(" + ", ".join(str(x) for x in p["mobileRuns"]) + ")"
        rows.append(f"{p['page']:28} {m['performance']:6} {runs:13} {m['accessibility']:5} {m['lcp'] / 1000:6.1f} {m['tbt']:7.0f} "
                    f"{m['cls']:6.3f} {m['fcp'] / 1000:6.1f} {m['si'] / 1000:5.1f} {p['desktop']['performance']:8}")
    return "\n".join(["```", *rows, "```"])


@figure("step-cost-table", "callgrind")
def step_cost_table(r: Runs) -> str:
    from step_cost import table

    return "\n".join(["```", *table(callgrind_data(r)), "```"])


@figure("step-cost-iv", "callgrind")
def step_cost_iv(r: Runs) -> str:
    from step_cost import function_table

    return "\n".join(["```", *function_table(callgrind_data(r), "IV"), "```"])


# --- the page's and the ensemble's targets (docs/benchmarks.md "Targets of the page and the ensembles"),
# from the same run of scripts/bench.mjs ---------------------------------------------------------------

def _load(l: dict) -> str:
    return f"load average {l['min']:.1f}–{l['max']:.1f}"


def _secs(v) -> str:
    """Seconds to 2 decimals; "—" for a figure not measured (null)."""
    return "—" if v is None else f"{v:.2f}"


def _verdict(met: bool) -> str:
    return "**met**" if met else "**not met**"


@figure("bench-targets", "bench")
def bench_targets(r: Runs) -> str:
    b = bench_data(ROOT)["_all"]
    cores = b["machine"]["cores"]
    out: list[str] = []

    out += ["### First frame before the engine", "",
            "Target: median of 9 cold loads in headless Chromium, bytes fetched before the first frame ≤ 300 KB gzipped, "
            "first frame ≤ 0.40 s, first step ≤ 0.8 s.", ""]
    f = b["first_load"]
    if "error" in f:
        out += [f"Measured: {f['error']}: `web/scripts/measure.mjs --json` prints these numbers; "
                "without the flag this run could not read them.", ""]
    else:
        kb = f["bytesBeforeFirstFrame"] / 1000
        ff, fs = f["firstFrameMs"], f["firstStepMs"]
        met = [kb <= 300, ff["median"] <= 400, fs["median"] <= 800]
        out += [f"Measured ({f.get('runs', '?')} loads, {_load(f['bench_load'])}): {kb:.0f} KB before the first frame "
                f"({f.get('firstLoadGzipBytes', 0) / 1000:.0f} KB the whole first load), first frame {ff['median']:.0f} ms "
                f"(quartiles {ff['q1']:.0f}–{ff['q3']:.0f}), first step {fs['median']:.0f} ms (quartiles {fs['q1']:.0f}–{fs['q3']:.0f}): "
                f"bytes {_verdict(met[0])}, first frame {_verdict(met[1])}, first step {_verdict(met[2])}.", ""]
        lb, er = f.get("lastByteBeforeFirstFrameMs"), f.get("engineReadyMs")
        pr = f.get("firstFramePresentedMs")
        if pr:
            out += [f"The first-frame mark is set when `renderer.render` returns; the frame reached the screen at the next "
                    f"animation frame, {pr['median']:.0f} ms (median): in software GL the draw's shader compilation and "
                    "rasterisation come after the mark.", ""]
        fl = b.get("first_frame_floor", {"error": "not measured (this run had no measure-floor.mjs)"})
        if not met[1] and lb:
            out += [f"Where the first frame's time goes: its last byte (the app's chunk, three.js and the UI) arrived at "
                    f"{lb['median']:.0f} ms (median); the rest is running that code (parse, evaluation, the scene built) "
                    "and the first render, which headless Chromium does in software (`--disable-gpu`: SwiftShader).", ""]
            if "error" in fl:
                out += [f"The three.js floor: {fl['error']}.", ""]
            else:
                sh = fl["shadow"]
                out += [f"The floor under it, measured in the same run (`web/scripts/measure-floor.mjs`, {fl['runs']} loads each, "
                        f"{_load(fl['bench_load'])}): pages that only make the page's renderer (WebGL 2, antialias, PCF shadows "
                        f"from a 2048² map, sRGB) on a {fl['canvas']['width']}×{fl['canvas']['height']} canvas and draw one frame "
                        f"take {fl['clear']['firstFrameMs']} ms to a clear, {fl['lit']['firstFrameMs']} ms to a lit cube on a plane "
                        f"and {sh['firstFrameMs']} ms to the cube with its shadow (presented at {fl['clear']['presentedMs']}, "
                        f"{fl['lit']['presentedMs']} and {sh['presentedMs']} ms).", ""]
                if sh["firstFrameMs"] > 400:
                    out += [f"So 0.40 s is below what three.js itself takes on this machine to draw a lit body with its shadow: "
                            "the target cannot be met here while the page keeps three.js (which it must) and its shadowed body. "
                            f"What is the page's own is the difference, {ff['median'] - sh['firstFrameMs']:.0f} ms: its code "
                            "(the UI's parse and evaluation before the first frame), the page around the view, and the scene "
                            "(sky, grid and body geometry, and their shader programs).", ""]
                else:
                    out += [f"The page's own part is the difference, {ff['median'] - sh['firstFrameMs']:.0f} ms: its code, the page "
                            "around the view and the scene; meeting 0.40 s needs it cut to "
                            f"{400 - sh['firstFrameMs']:.0f} ms.", ""]
        if not met[2] and er:
            out += [f"The first step waits for the engine, ready at {er['median']:.0f} ms (median): its `.wasm` is fetched "
                    "and compiled after the first frame, so that its bytes do not count against the first frame's 300 KB; "
                    "fetched at once it arrives before the first frame and the bytes target fails "
                    "([First load](page.md#first-load)). Meeting 0.8 s needs a faster compile (a smaller module) or the two "
                    "targets traded against each other.", ""]
            if pr:
                out += [f"Here the engine became ready {er['median'] - pr['median']:.0f} ms after the first frame was presented "
                        f"({pr['median']:.0f} ms): instantiating the compiled module needs the page's thread, which waits for "
                        "the software draw of that frame. So the first step comes after the first frame is presented, and "
                        "the floor's presented times above bound it from below on this machine.", ""]

    out += ["### Size ceilings", "",
            "Target: the test command fails when a size exceeds its ceiling in `tests/size/ceilings.json` "
            "(`scripts/size-check.mjs`, run by `scripts/test.sh`).", ""]
    sz = b["sizes"]
    if sz["error"]:
        out += [f"Measured: {sz['error']}.", ""]
    else:
        out += ["| measure | bytes | ceiling | |", "| --- | --- | --- | --- |"]
        for m in sz["measures"]:
            share = "over" if m["over"] else f"{100 * m['bytes'] / m['ceiling']:.1f} %"
            out.append(f"| {m['name']} | {m['bytes']:,} | {m['ceiling']:,} | {share} |")
        out += ["", f"{_verdict(not any(m['over'] for m in sz['measures']))}: every size under its ceiling, and the check is in the test command.", ""]

    out += ["### One call per frame", "",
            "Target: one binding call per animation frame, no allocation per frame on either side. Not a timing: "
            "`tests/web/unit/frame-loop.test.ts` counts the binding calls, the module's heap, the views of its "
            "memory and the snapshot objects created over 1000 frames (none: the states are read into the two the "
            "model keeps, and the drawn pose is one object). Met, the companions (twins, baselines) included: "
            "each run draws into one pose object of its own, and the list of runs is one array until a set changes.", ""]

    out += ["### Ensembles at the speed of the cores", "",
            f"Target: in the page, 100 Case IV members × 10⁵ steps ≤ 1.0 s on 2 workers (headless Chromium, the histogram drawn); "
            f"natively, T threads ≥ 0.9·T speed-up up to the core count ({cores}).", ""]
    en = b["ensemble_native"]
    out += [f"Natively (`lgvci --case IV --ensemble 100 --steps 100000 --threads T`, median of {en['rounds']}, the T interleaved, "
            f"{_load(en['load'])}; statistics identical for every T: {'yes' if en['statistics_identical'] else 'NO'}):", "",
            "| threads | wall s | speed-up | × T | CPU s | CPU against T = 1 |", "| --- | --- | --- | --- | --- | --- |"]
    for row in en["rows"]:
        out.append(f"| {row['threads']} | {row['wall_s']:.2f} | {row['speedup']:.2f} | {row['efficiency']:.2f} | {row['cpu_s']:.2f} | {row['cpu_ratio']:.2f} |")
    top = en["rows"][-1]
    nat_met = all(row["efficiency"] >= 0.9 for row in en["rows"])
    out += [""]
    if nat_met:
        out += [f"{_verdict(True)}: {top['speedup']:.2f}× on {top['threads']} threads.", ""]
    else:
        out += [f"{_verdict(False)} in wall time: {top['speedup']:.2f}× on {top['threads']} threads, measured while the "
                f"{cores} cores were shared ({_load(en['load'])}): a thread gets a core only when the others' processes leave it one. "
                f"The work does not grow with T (CPU seconds {top['cpu_ratio']:.2f}× those of one thread), so on free cores the "
                f"speed-up is bounded by {top['threads'] / top['cpu_ratio']:.2f}×; showing the target needs a run with the cores idle "
                "(load average below 1).", ""]
    ep = b["ensemble_page"]
    if "error" in ep:
        out += [f"In the page: {ep['error']}.", ""]
    else:
        w1, w2 = ep["workers_1"], ep["workers_2"]
        out += [f"In the page (`web/scripts/measure-ensemble.mjs`, headless Chromium, the main simulation paused, click on Run to the "
                f"frame after the histograms are drawn, median of {ep['page_runs']}; cold: the page's first run, its workers started "
                "when the group was first focused; warm: a second run on the same page; CPU: the worker threads' CPU seconds from /proc):", "",
                "| workers | cold s | warm s | busiest worker's CPU s (warm) | all workers' CPU s (warm) | load average |",
                "| --- | --- | --- | --- | --- | --- |"]
        for n, w in ((1, w1), (2, w2)):
            out.append(f"| {n} | {w['cold_ms'] / 1000:.2f} | {w['warm_ms'] / 1000:.2f} | {_secs(w['warm_busiest_worker_cpu_s'])} | "
                       f"{_secs(w['warm_workers_cpu_s'])} | {w['load']['min']:.1f}–{w['load']['max']:.1f} |")
        page_met = w2["cold_ms"] <= 1000
        out += ["", f"Speed-up from 1 to 2 workers: {ep['speedup_cold']:.2f} (cold), {ep['speedup_warm']:.2f} (warm); "
                f"the busiest worker's CPU seconds {_secs(ep['cpu_speedup_warm'])}× fewer.", ""]
        if page_met:
            out += [f"{_verdict(True)}: {w2['cold_ms'] / 1000:.2f} s on 2 workers.", ""]
        else:
            steps = ep["members"] * ep["steps"]
            per = w2["warm_workers_cpu_s"] / steps * 1e6 if w2["warm_workers_cpu_s"] else None
            one = w1["warm_workers_cpu_s"] / steps * 1e6 if w1["warm_workers_cpu_s"] else None
            serial = statistics.median(max(t["readyMs"]) + t["statisticsMs"] + t["drawMs"] for t in w2["runs"]["warm"])
            out += [f"{_verdict(False)}: {w2['cold_ms'] / 1000:.2f} s on 2 workers, measured with the cores shared "
                    f"({_load(ep['load'])}). The workers' own CPU time is the part that does not depend on the load: on 2 workers the busiest "
                    f"ran for {_secs(w2['warm_busiest_worker_cpu_s'])} CPU seconds, so on 2 free cores the run would take about that plus "
                    f"the page's part (Run until the workers were ready, with their reference runs, the statistics and the drawing: {serial:.0f} ms "
                    "in wall time here). The workers' CPU time per step was "
                    f"{'—' if per is None else f'{per:.3f}'} µs on 2 workers and {'—' if one is None else f'{one:.3f}'} µs on 1; the target needs "
                    "≤ 0.19 µs (10⁷ steps over 2 workers in 0.95 s). Showing it needs a run with the cores idle; if the step then "
                    "costs more than that, a cheaper WebAssembly step (the step table above) is what would be needed.", ""]

    out += ["### One Rapier", "", "Target: the page and its workers share one Rapier chunk.", ""]
    rf = sz.get("rapier_files")
    if rf is None:
        out += ["Measured: no `dist/` (run `npm run build`).", ""]
    else:
        out += [f"Measured: {len(rf)} Rapier file{'s' if len(rf) != 1 else ''} in `dist/assets` "
                f"({', '.join(format(x['bytes'], ',') + ' B' for x in rf)}): {_verdict(len(rf) == 1)}.", ""]

    out += ["### One benchmark run", "",
            "Target: the benchmark script reports all of this in one run, and this page is regenerated from it. "
            f"{_verdict(True)}: every number on this page comes from one run of `node scripts/bench.mjs 10 --json` "
            f"({b['machine']['cores']} × {b['machine']['cpu']}, {bench_data(ROOT)['_date']})."]
    return "\n".join(out)



# The Python module's cost (docs/python.md "Example"): timed in a child interpreter with the installed
# module (scripts/python.sh), medians of several runs, against the CLI's loop.
PYTHON_TIMING = r"""
import json, statistics, sys, time, timeit
import lgvci
def med(f, n):
    ts = []
    for _ in range(n):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    return statistics.median(ts)
cfg = lgvci.preset("IV")
out = {}
out["run"] = med(lambda: lgvci.run(cfg, 100000), 9)
out["run_loop"] = statistics.median(lgvci.run(cfg, 100000)["summary"]["wall_seconds"] for _ in range(5))
def block():
    s = lgvci.Simulation(cfg); s.step(100000)
out["block"] = med(block, 9)
def loop():
    s = lgvci.Simulation(cfg)
    for _ in range(100000): s.step()
out["loop"] = med(loop, 3)
s = lgvci.Simulation(cfg)
out["call"] = min(timeit.repeat(lambda: s.step(0), number=100000, repeat=5)) / 100000
out["energy"] = min(timeit.repeat(s.energy, number=100000, repeat=5)) / 100000
print(json.dumps(out))
"""


def _python_times(r: Runs) -> dict:
    """The timings of PYTHON_TIMING, the CLI's loop and the two whole processes (cached per run)."""
    if "_python" in r.cache:
        return r.cache["_python"]
    py = shutil.which("python3") or sys.executable
    child = subprocess.run([py, "-c", PYTHON_TIMING], capture_output=True, text=True)
    if child.returncode != 0:
        raise RuntimeError(f"python-overhead: the module lgvci is not importable (scripts/python.sh): {child.stderr.strip()[-300:]}")
    out = json.loads(child.stdout)
    out["cli_loop"] = statistics.median(r.run("--case", "IV", "--steps", STEPS)["wall_seconds"] for _ in range(1))
    script = r.tmp / "run_iv.py"
    script.write_text("import lgvci\nlgvci.run(lgvci.preset('IV'), 100000)\n")
    csv_path = r.tmp / "iv.csv"

    def wall(cmd: list) -> float:
        ts = []
        for _ in range(7):
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            ts.append(time.perf_counter() - t0)
        return statistics.median(ts)

    out["process"] = wall([py, str(script)])
    out["process_cli"] = wall([str(r.cli), "--case", "IV", "--steps", STEPS, "--csv", str(csv_path)])
    out["import"] = wall([py, "-c", "import lgvci"])
    r.cache["_python"] = out
    return out


@figure("python-overhead", "timing")
def python_overhead(r: Runs) -> str:
    def table() -> str:
        t = _python_times(r)
        return "\n".join([
            "| what | time |",
            "| --- | --- |",
            f"| `lgvci.run(preset IV, 100000)`, in the process (26 columns × 100 001 rows as NumPy arrays, and the summary) | {t['run']:.3f} s (median of 9) |",
            f"| its C++ loop alone (the steps and a row kept per step; `summary[\"wall_seconds\"]`) | {t['run_loop']:.3f} s |",
            f"| the CLI's loop without output (`lgvci --case IV --steps 100000 --json`, `wall_seconds`) | {t['cli_loop']:.3f} s |",
            f"| `sim.step(100000)` (a `Simulation` made and stepped in one call) | {t['block']:.3f} s |",
            f"| the same as a Python loop, `for _ in range(100000): sim.step()` | {t['loop']:.2f} s |",
            f"| whole process: `python3 script.py` (start, `import lgvci`, the `run()` above) against `lgvci --case IV --steps 100000 --csv FILE` | {t['process']:.2f} s against {t['process_cli']:.2f} s wall, ratio {t['process'] / t['process_cli']:.2f} (medians of 7) |",
            f"| `python3 -c \"import lgvci\"` (the interpreter's start and NumPy's import) | {t['import']:.2f} s wall |",
            f"| one call from Python: `sim.step(0)`, `sim.energy()` | {t['call'] * 1e6:.1f} µs, {t['energy'] * 1e6:.1f} µs |",
        ])
    return r.timed(table)


NOTEBOOK_TIMING = """
import json, time
import lgvci
from lgvci import notebook
r = lgvci.run(lgvci.preset("IV"), 600)
t = time.process_time()
html = notebook.animation_html(r.config, r)
cpu = time.process_time() - t
print(json.dumps({"bytes": len(html.encode()), "cpu": cpu, "frames": notebook.MAX_FRAMES}))
"""


@figure("notebook-motion", "timing")
def notebook_motion(r: Runs) -> str:
    """The notebook's player of a Case IV run (docs/python.md "Notebooks"): its size and the CPU time of
    drawing its frames (matplotlib's; machine- and version-dependent, so a timing)."""
    def measure() -> str:
        py = shutil.which("python3") or sys.executable
        child = subprocess.run([py, "-c", NOTEBOOK_TIMING], capture_output=True, text=True)
        if child.returncode != 0:
            raise RuntimeError(f"notebook-motion: lgvci.notebook did not run (scripts/python.sh; matplotlib): {child.stderr.strip()[-300:]}")
        d = json.loads(child.stdout)
        return f"Case IV's {d['frames']} frames (of a 600-step run) are {d['bytes'] / 1e6:.2f} MB and {d['cpu']:.1f} s of CPU to draw"

    return r.timed(measure)


# The billiard (docs/billiard.md): bounce times against the closed forms of scripts/billiard_reference.py.
BILLIARDS = ("billiard-ellipse", "billiard-stadium")


@figure("billiard-table")
def billiard_table(r: Runs) -> str:
    for c in BILLIARDS:
        r.submit("--case", c, "--steps", STEPS)
        r.submit("--case", c, "--steps", "1", "--reverse-check", "10000")
    rows = ["| preset | impacts in 10⁵ steps | max \\|E−E₀\\|/E₀ | max E_d mismatch | reverse check (10⁴ steps): \\|q − q₀\\|, \\|p + p₀\\| |",
            "| --- | --- | --- | --- | --- |"]
    for c in BILLIARDS:
        d = r.run("--case", c, "--steps", STEPS)
        rc = r.run("--case", c, "--steps", "1", "--reverse-check", "10000")["reverse_check"]
        f, b = rc["impacts_forward"], rc["impacts_back"]
        bounces = f"{f} bounces each way" if f == b else f"{f} bounces forward, {b} back"
        rows.append(f"| {c} | {d['impacts']} | {sci(rel_err(d))} | {sci(d['max_discrete_energy_mismatch'])} | "
                    f"{sci(rc['q'])}, {sci(rc['p'])} ({bounces}) |")
    return "\n".join(rows)


@figure("billiard-ellipse-times")
def billiard_ellipse_times(r: Runs) -> str:
    d = r.run("--case", "billiard-ellipse", "--steps", STEPS)
    exact = ellipse_bounce_times(2.0, 1.0, (0.5, 0.2), (0.6, 0.8), len(d["impact_times"]))
    first = max(abs(a - b) for a, b in zip(d["impact_times"][:100], exact[:100]))
    every = max(abs(a - b) for a, b in zip(d["impact_times"], exact))
    return f"{sci(first)} over the first 100 bounces and {sci(every)} over all {len(exact)}"


@figure("billiard-stadium-chaos")
def billiard_stadium_chaos(r: Runs) -> str:
    """The stadium preset's bounce times against the closed form in 50-digit arithmetic: the error
    grows by a roughly constant factor a bounce (chaos), from the rounding of the first."""
    t = r.run("--case", "billiard-stadium", "--steps", STEPS)["impact_times"][:20]
    if len(t) < 20:
        raise RuntimeError(f"billiard-stadium-chaos: {len(t)} bounces in {STEPS} steps")
    err = [abs(a - b) for a, b in zip(t, stadium_bounce_times(1.0, 1.0, (0.3, 0.1), (0.8, 0.6), 20))]
    factor = (err[19] / err[0]) ** (1 / 19)
    return (f"{sci(max(err[:10]))} over the first 10 bounces, {sci(err[11])} at the 12th and {sci(err[19])} at the "
            f"20th: a factor of about {factor:.1f} a bounce")


@figure("billiard-speed")
def billiard_speed(r: Runs) -> str:
    """max | |p| − |p₀| | over every step of 10⁵ (the CSV's p1, p2)."""
    runs = [r.submit("--case", c, "--steps", STEPS, cols=(("p1", "p2"), 1)) for c in BILLIARDS]
    out = []
    for c, fut in zip(BILLIARDS, runs):
        cols = fut.result()["_cols"]
        speed = [math.hypot(x, y) for x, y in zip(cols["p1"], cols["p2"])]
        out.append(sci(max(abs(v - speed[0]) for v in speed)))
    return f"{out[0]} in the ellipse, {out[1]} in the stadium"


@figure("billiard-reversal-2000")
def billiard_reversal_2000(r: Runs) -> str:
    """2000 steps forward and back from each preset's start (as families/billiard/tests/cpp/test_billiard.cpp)."""
    for c in BILLIARDS:
        r.submit("--case", c, "--steps", "1", "--reverse-check", "2000")
    out = []
    for c in BILLIARDS:
        rc = r.run("--case", c, "--steps", "1", "--reverse-check", "2000")["reverse_check"]
        if rc["impacts_forward"] != rc["impacts_back"]:
            raise RuntimeError(f"billiard-reversal-2000: {c} meets {rc['impacts_forward']} bounces forward, {rc['impacts_back']} back")
        out.append(f"{sci(max(rc['q'], rc['p']))} after {rc['impacts_forward']} bounces each way in the {c.split('-')[1]}")
    return ", ".join(out)


@figure("billiard-gravity")
def billiard_gravity(r: Runs) -> str:
    d = r.run("--case", "billiard-ellipse", "--g", "9.81", "--steps", STEPS)
    return (f"{d['impacts']} bounces in 10⁵ steps, max |E−E₀|/E₀ = {sci(rel_err(d))}, "
            f"max E_d mismatch {sci(d['max_discrete_energy_mismatch'])}")


@figure("billiard-run-time", "timing")
def billiard_run_time(r: Runs) -> str:
    return r.timed(lambda: f"{min(r.run('--case', c, '--steps', STEPS)['wall_seconds'] for c in BILLIARDS) * 1000:.0f}–"
                           f"{max(r.run('--case', c, '--steps', STEPS)['wall_seconds'] for c in BILLIARDS) * 1000:.0f} ms")



# The naive baseline (docs/baselines.md "The naive baseline"): the particle's bounce times against the
# closed form t_k = (2k − 1) √(2 y0/g), the mean over 32 starting heights y0 ∈ [1, 1.5) (where in its step
# each impact falls varies with y0; the mean is what has an order), as tests/cpp/baselines/test_naive.cpp.
NAIVE_H = [0.01, 0.005, 0.0025, 0.00125]
NAIVE_STARTS = [1.0 + 0.5 * j / 32 for j in range(32)]


def naive_bounce_error(r: Runs, integ: str, h: float, k: int) -> float:
    def config(y0):
        return {"case": "particle", "integrator": integ, "h": h, "q0": [0.0, y0]}
    for y0 in NAIVE_STARTS:
        r.submit("--until-impacts", "2", config=config(y0))
    total = 0.0
    for y0 in NAIVE_STARTS:
        t = r.run("--until-impacts", "2", config=config(y0))["impact_times"]
        total += abs(t[k - 1] - (2 * k - 1) * math.sqrt(2.0 * y0 / 9.81))
    return total / len(NAIVE_STARTS)


def fitted_order(hs: list[float], errs: list[float]) -> float:
    x, y = [math.log(v) for v in hs], [math.log(v) for v in errs]
    mx, my = sum(x) / len(x), sum(y) / len(y)
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / sum((a - mx) ** 2 for a in x)


@figure("naive-particle")
def naive_particle(r: Runs) -> str:
    cols = {(i, k): [naive_bounce_error(r, i, h, k) for h in NAIVE_H] for i in ("naive", "vci") for k in (1, 2)}
    rows = ["| h | naive: t₁ error | naive: t₂ error | VCI: t₁ error | VCI: t₂ error |", "| --- | --- | --- | --- | --- |"]
    for n, h in enumerate(NAIVE_H):
        rows.append(f"| {h:g} | " + " | ".join(sci(cols[(i, k)][n]) for i in ("naive", "vci") for k in (1, 2)) + " |")
    rows.append("| fitted order | " + f"{fitted_order(NAIVE_H, cols[('naive', 1)]):.2f} | {fitted_order(NAIVE_H, cols[('naive', 2)]):.2f} | "
                f"(round-off) | {fitted_order(NAIVE_H, cols[('vci', 2)]):.2f} |")
    return "\n".join(rows)


@figure("naive-energy")
def naive_energy(r: Runs) -> str:
    """The particle and Case I over 10⁴ steps (max |E − E0|/E0) and the billiard ellipse's naive |E − E0|/E0."""
    runs = {(c, i): r.submit("--case", c, "--steps", "10000", *(("--integrator", "naive") if i == "naive" else ()))
            for c in ("particle", "I", "billiard-ellipse") for i in ("naive", "own")}
    d = {key: f.result() for key, f in runs.items()}
    return (f"over 10⁴ steps the particle's energy error reaches {sci(rel_err(d[('particle', 'naive')]))} of E₀ "
            f"({d[('particle', 'naive')]['impacts']} impacts) against the VCI's {sci(rel_err(d[('particle', 'own')]))} "
            f"({d[('particle', 'own')]['impacts']} impacts); Case I's {sci(rel_err(d[('I', 'naive')]))} "
            f"({d[('I', 'naive')]['impacts']} impacts) against the LGVCI's {sci(rel_err(d[('I', 'own')]))}; the billiard "
            f"ellipse's (g = 0) {sci(rel_err(d[('billiard-ellipse', 'naive')]))}")


@figure("naive-rotation")
def naive_rotation(r: Runs) -> str:
    """Case I's rotational energy ½ΠᵀJ⁻¹Π in flight (x0 = (0, 0, 1e5): no impact) over 10⁴ steps."""
    runs = {i: r.submit("--case", "I", "--x0", "0,0,100000", "--steps", "10000", *(("--integrator", "naive") if i == "naive" else ()),
                        cols=(("RE",), 10000)) for i in ("naive", "lgvci")}
    re_ = {i: f.result()["_cols"]["RE"] for i, f in runs.items()}
    return (f"½ΠᵀJ⁻¹Π goes from {re_['naive'][0]:.3f} to {re_['naive'][-1]:.3f} in 10⁴ steps without an impact "
            f"(the LGVCI's changes by {sci(abs(re_['lgvci'][-1] - re_['lgvci'][0]))})")


def naive_or_own(r: Runs, case: str, steps: int, integ: str, *extra: str):
    return r.submit("--case", case, "--steps", str(steps), *extra, *(("--integrator", "naive") if integ == "naive" else ()))


@figure("page-naive")
def page_naive(r: Runs) -> str:
    """What the page's comparison shows with the naive companion (docs/page.md): first impacts, energy
    errors and impact counts of the particle, Case IV and the cradle, and the star's return error."""
    runs = {(c, n, i): naive_or_own(r, c, n, i) for c, n in (("particle", 3000), ("particle", 800), ("IV", 1500), ("cradle", 830))
            for i in ("naive", "own")}
    star = {i: naive_or_own(r, "star", 0, i, "--reverse-check", "100") for i in ("naive", "own")}
    d = {k: f.result() for k, f in runs.items()}
    t1 = {k: d[k]["impact_times"][0] for k in d}
    p, p8, cube, cr = (("particle", 3000), ("particle", 800), ("IV", 1500), ("cradle", 830))

    def first(k, own: str) -> str:
        dt = t1[(*k, "naive")] - t1[(*k, "own")]
        return (f"the naive first impact at {t1[(*k, 'naive')]:.4f} s against the {own}'s {t1[(*k, 'own')]:.4f} s "
                f"({sci(abs(dt))} s {'late' if dt > 0 else 'early'})")

    def errs(k, own: str) -> str:
        return (f"max |E − E₀|/E₀ {sci(rel_err(d[(*k, 'naive')]))} for the naive baseline against the {own}'s "
                f"{sci(rel_err(d[(*k, 'own')]))} ({d[(*k, 'naive')]['impacts']} and {d[(*k, 'own')]['impacts']} impacts)")

    lost = 1 - d[(*p8, "naive")]["energy_final"] / d[(*p8, "naive")]["energy_initial"]
    rq = {i: star[i].result()["reverse_check"]["q"] for i in star}
    return "\n".join([
        f"- *particle*: {first(p, 'VCI')} — the VCI's is √(2y₀/g) to round-off; over 3000 steps {errs(p, 'VCI')}. "
        f"After 800 steps (8 s) the naive baseline has lost {100 * lost:.0f} % of the energy, the VCI stays within "
        f"{sci(rel_err(d[(*p8, 'own')]))} of E₀.",
        f"- *cube* (Case IV), 1500 steps: {errs(cube, 'LGVCI')}; {first(cube, 'LGVCI')}.",
        f"- *Newton's cradle*: {first(cr, 'VCI')}; over 830 steps {errs(cr, 'VCI')}.",
        f"- *star*: reversed after 100 steps without an impact, the VCI comes back to |q − q₀| = {sci(rq['own'])}, "
        f"the naive baseline to {sci(rq['naive'])} (symplectic Euler is not time-symmetric).",
    ])



# ---- Momentum maps (docs/momentum-maps.md) and the order study through impacts (docs/order-study.md) ----

CIRCLE = {"case": "billiard-ellipse", "table": {"shape": "ellipse", "a": 1.5, "b": 1.5}}
NEWTONIAN_PARTICLE = {"case": "particle", "potential": {"type": "newtonian", "g": 9.81, "axis": 1, "radius": 10}}
NEWTONIAN_STAR = {"case": "star", "potential": {"type": "newtonian", "g": 9.81, "axis": 1, "radius": 10}}


def momentum_run(r: Runs, integ: str, case: str | None = None, config: dict | None = None):
    args = ("--steps", "10000", "--momentum-maps") + (("--integrator", integ) if integ else ()) + (("--case", case) if case else ())
    return r.submit(*args, config=config)


@figure("momentum-maps-drift")
def momentum_maps_drift(r: Runs) -> str:
    """max |J − J(0)| over 10⁴ steps for every momentum map, per set-up and integrator."""
    rows = [("Case " + c, c, None, integ) for c in ("I", "II", "III", "IV") for integ in ("lgvci", "naive", "rk4")]
    rows += [("Case I, plane tilted 20°", None, {"case": "I", "plane": {"tilt": 0.3490658503988659}}, i) for i in ("lgvci", "naive", "rk4")]
    rows += [("star", "star", None, i) for i in ("vci", "naive")]
    rows += [("particle", "particle", None, i) for i in ("vci", "naive")]
    rows += [("circular billiard (a = b = 1.5)", None, CIRCLE, i) for i in ("vci", "naive")]
    futs = [momentum_run(r, integ if integ not in ("lgvci", "vci") else "", case, config) for _, case, config, integ in rows]
    out = ["| set-up | integrator | impacts | momentum maps: max drift over 10⁴ steps |", "| --- | --- | --- | --- |"]
    for (label, _, _, integ), f in zip(rows, futs):
        mm = f.result()["momentum_maps"]
        drifts = ", ".join(f"{n} {sci(d)}" for n, d in zip(mm["names"], mm["max_drift"]))
        out.append(f"| {label} | {integ} | {mm['impacts']} | {drifts} |")
    return "\n".join(out)


def order_run(r: Runs, integ: str, case: str | None = None, config: dict | None = None):
    return r.submit("--order-study", *(("--integrator", integ) if integ else ()), *(("--case", case) if case else ()), config=config)


@figure("order-study-table")
def order_study_table(r: Runs) -> str:
    """Errors at T against the h/256 reference and the fitted order, per set-up and integrator."""
    rows = [("particle, inverse-square gravity", None, NEWTONIAN_PARTICLE, i) for i in ("vci", "naive")]
    rows += [("star, inverse-square gravity (Fig. 5)", None, NEWTONIAN_STAR, i) for i in ("vci", "naive")]
    rows += [("particle, linear gravity", "particle", None, i) for i in ("vci", "naive")]
    rows += [(f"Case {c}", c, None, i) for c in ("I", "II", "III", "IV") for i in ("lgvci", "naive", "rk4")]
    futs = [order_run(r, integ if integ not in ("lgvci", "vci") else "", case, config) for _, case, config, integ in rows]
    out = ["| set-up | integrator | T | h = " + " | ".join(["h₀", "h₀/2", "h₀/4", "h₀/8", "h₀/16", "h₀/32"]) + " | fitted order |",
           "| --- | --- | --- | " + " | ".join(["---"] * 6) + " | --- |"]
    for (label, _, _, integ), f in zip(rows, futs):
        o = f.result()["order_study"]
        p = o["fitted_order"]
        out.append(f"| {label} (h₀ = {o['h'][0]:g}) | {integ} | {o['T']:.4g} | " + " | ".join(sci(e) for e in o["error"])
                   + f" | {'—' if p is None else f'{p:.2f}'} |")
    return "\n".join(out)


@figure("order-study-mean")
def order_study_mean(r: Runs) -> str:
    """The particle in the inverse-square field, mean error over 8 starts y0 = 1 + j/16 (as the test)."""
    out = []
    for integ in ("vci", "naive"):
        configs = [dict(NEWTONIAN_PARTICLE, q0=[0, 1 + j / 16], integrator=integ) for j in range(8)]
        futs = [r.submit("--order-study", config=c) for c in configs]
        studies = [f.result()["order_study"] for f in futs]
        mean = [sum(s["error"][k] for s in studies) / len(studies) for k in range(6)]
        out.append(f"{integ} {fitted_order(studies[0]['h'], mean):.2f}")
    return " and ".join(out)
# Symplecticity, measured (docs/symplecticity.md): `--symplecticity N` of each family and integrator.

def symp(r: Runs, case: str, steps: int, samples: int, integ: str | None = None):
    return r.submit("--case", case, "--steps", str(steps), "--symplecticity", str(samples),
                    *(("--integrator", integ) if integ else ()))


def worst_rel(s: dict) -> str:
    """The largest |ΔA|/A₀ over the resolved samples, and how many were not (the refinement's cap)."""
    vals = s["area_rel_change"]
    ok = [abs(v) for v in vals if v is not None]
    text = sci(max(ok)) if ok else "—"
    return text + (f" ({len(vals) - len(ok)} of {len(vals)} unresolved)" if len(ok) < len(vals) else "")


SYMP_LOOPS = [("particle", 100, 1), ("particle", 400, 4), ("star", 200, 1), ("star", 400, 2), ("billiard-ellipse", 600, 3),
              ("billiard-stadium", 600, 3), ("cradle", 400, 2)]


@figure("symplecticity-loops")
def symplecticity_loops(r: Runs) -> str:
    """Largest |A_T − A_0|/A_0 over the samples, own scheme and naive, with impacts and tears."""
    runs = {(c, n, k, i): symp(r, c, n, k, i) for c, n, k in SYMP_LOOPS for i in (None, "naive")}
    rows = ["| case | steps (samples) | impacts | loop in | VCI: max \\|ΔA\\|/A₀ | tears | naive: max \\|ΔA\\|/A₀ |",
            "|---|---|---|---|---|---|---|"]
    for c, n, k in SYMP_LOOPS:
        own, nv = runs[(c, n, k, None)].result(), runs[(c, n, k, "naive")].result()
        s, sn = own["symplecticity"], nv["symplecticity"]
        rows.append(f"| {c} | {n} ({k}) | {own['impacts']} | ({s['pair'][0]}, {s['pair'][1]}) | {worst_rel(s)} | "
                    f"{max(s['tears'])} | {worst_rel(sn)} |")
    return "\n".join(rows)


@figure("symplecticity-defect")
def symplecticity_defect(r: Runs) -> str:
    """Case I: the one-step defect of every step of the first 300 (the first impact is in step 264), per integrator."""
    rows = ["| integrator | flight steps: max defect | max floor | flight steps above their floor | impact step: defect | its floor |",
            "|---|---|---|---|---|---|"]
    for integ in ("lgvci", "rk4", "naive"):
        s = symp(r, "I", 300, 300, integ).result()["symplecticity"]
        fl = [(d, f) for d, f, i in zip(s["defect"], s["floor_per_sample"], s["impacts"]) if i == 0]
        im = [(d, f, k) for d, f, i, k in zip(s["defect"], s["floor_per_sample"], s["impacts"], s["steps"]) if i > 0]
        above = sum(d > f for d, f in fl)
        imp = ", ".join(f"{sci(d)} (step {k})" for d, f, k in im)
        impf = ", ".join(sci(f) for d, f, k in im)
        rows.append(f"| {integ} | {sci(max(d for d, f in fl))} | {sci(max(f for d, f in fl))} | {above} of {len(fl)} | {imp} | {impf} |")
    return "\n".join(rows)

# The exact step Jacobians (docs/jacobians.md): build/native/lgvci_jacobian_report beside the CLI.

JACOBIAN: dict = {}


CORNER = {"constraints": [{"type": "linear", "normal": [0, 1]}, {"type": "linear", "normal": [1, 0]}],
          "q0": [0.004, 0.006], "p0": [-1, -1]}
# (name, config, steps of the survey and the run); each with both jumps but the cradle's chain (the energy
# one only: the chain with discrete outer links is not covered).
JACOBIAN_SETUPS = [
    ("particle", {"case": "particle"}, 800),
    ("particle in a corner (two walls in a step)", {"case": "particle", **CORNER}, 10),
    ("particle, newtonian V", {"case": "particle", "potential": {"type": "newtonian", "radius": 2}}, 800),
    ("star", {"case": "star"}, 800),
    ("billiard-ellipse", {"case": "billiard-ellipse"}, 800),
    ("billiard-ellipse, h = 3 (two walls in a step)", {"case": "billiard-ellipse", "h": 3}, 10),
    ("billiard-stadium", {"case": "billiard-stadium"}, 800),
    ("cradle, gap 0.02", {"case": "cradle", "cradle": {"gap": 0.02}}, 800),
]


def jacobian_runs() -> list:
    """(name, jump, config text, steps) of every row."""
    out = []
    for name, config, steps in JACOBIAN_SETUPS:
        for jump in (("energy",) if name.startswith("cradle") else ("variational", "energy")):
            c = dict(config) if name.startswith("cradle") else {**config, "jump": jump}
            out.append((name, jump, json.dumps(c), steps))
    return out


def jacobian_report(r: Runs) -> list:
    """lgvci_jacobian_report --no-timing: per set-up and jump, the agreement with central differences, the
    steps' defects and the run's det and defect (deterministic)."""
    if "report" not in JACOBIAN:
        exe = r.cli.parent / "lgvci_jacobian_report"
        argv = [str(exe), "--no-timing"]
        for _, _, config, steps in jacobian_runs():
            argv += ["--run", config, str(steps)]
        p = subprocess.run(argv, capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"{exe}: exit {p.returncode}: {p.stderr.strip()[-800:]} (cmake --build --preset native --target lgvci_jacobian_report)")
        rows = json.loads(p.stdout)
        for row, (name, jump, _, _) in zip(rows, jacobian_runs()):
            row["case"], row["jump"] = name, jump
        JACOBIAN["report"] = rows
    return JACOBIAN["report"]


@figure("jacobian-agreement")
def jacobian_agreement(r: Runs) -> str:
    rows = ["| set-up | jump | steps compared: flight / one impact / several | max relative disagreement | "
            "a step's defect: flight / impact (max) | run: steps, impacts | run: ‖D‖²_F | run: det − 1 | run: defect |",
            "|---|---|---|---|---|---|---|---|---|"]
    for d in jacobian_report(r):
        rows.append(f"| {d['case']} | {d['jump']} | {d['flight']} / {d['single']} / {d['multi']} | {sci(d['worst'])} | "
                    f"{sci(d['flight_step_defect'])} / {sci(d['impact_step_defect'])} | {d['run_steps']}, {d['run_impacts']} | "
                    f"{sci(d['norm2'])} | {sci(d['det_minus_1'])} | {sci(d['defect'])} |")
    return "\n".join(rows)


LYAPUNOV_SETUPS = [("particle", {"case": "particle"}), ("star", {"case": "star"}), ("billiard-ellipse", {"case": "billiard-ellipse"}),
                   ("billiard-stadium", {"case": "billiard-stadium"})]


@figure("jacobian-lyapunov")
def jacobian_lyapunov(r: Runs) -> str:
    """Finite-time Lyapunov exponents (QR method over the exact step Jacobians) at two run lengths."""
    exe = r.cli.parent / "lgvci_jacobian_report"
    rows = ["| set-up | t | exponents, largest first | their sum |", "|---|---|---|---|"]
    for name, config in LYAPUNOV_SETUPS:
        for steps in (2000, 20000):
            p = subprocess.run([str(exe), "--lyapunov", json.dumps(config), str(steps)], capture_output=True, text=True)
            if p.returncode != 0:
                raise RuntimeError(f"{exe} --lyapunov: exit {p.returncode}: {p.stderr.strip()[-800:]}")
            d = json.loads(p.stdout)
            ex = ", ".join(minus(f"{x:.3f}") for x in d["exponents"])
            rows.append(f"| {name} | {d['t']:g} | {ex} | {sci(abs(sum(d['exponents'])))} |")
    return "\n".join(rows)


def jacobian_instructions(exe: Path, config: str, steps: int, mode: str) -> int:
    """Callgrind's Ir of `lgvci_jacobian_report --cost CONFIG steps mode`."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(exe), "--cost", config, str(steps), mode],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(f"{exe} --cost {config} {steps} {mode}: exit {p.returncode}: {p.stderr.strip()[-800:]}")
        for line in out.read_text().splitlines():
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError(f"{exe}: no Callgrind summary")


@figure("jacobian-cost", "callgrind")
def jacobian_cost(r: Runs) -> str:
    """Instructions per step, (Ir(N) − Ir(1)) / (N − 1) as scripts/step_cost.py counts, plain and with the Jacobian."""
    exe = r.cli.parent / "lgvci_jacobian_report"
    n = 20_000
    rows = ["| set-up | jump | plain step: instructions | with its Jacobian | ratio |", "|---|---|---|---|---|"]
    for (name, jump, config, _), d in zip(jacobian_runs(), jacobian_report(r)):
        if "two walls" in name:
            continue  # ten steps of a demonstration, not a run
        per = {}
        for mode in ("plain", "jacobian"):
            futs = [r.pool.submit(jacobian_instructions, exe, config, steps, mode) for steps in (n, 1)]
            per[mode] = (futs[0].result() - futs[1].result()) / (n - 1)
        rows.append(f"| {d['case']} | {d['jump']} | {per['plain']:.0f} | {per['jacobian']:.0f} | {per['jacobian'] / per['plain']:.2f} |")
    return "\n".join(rows)


# The rigid body's two jumps (docs/symplecticity.md "The impact step", docs/rigid-body.md "The variational jump").

JUMP_H = ["0.01", "0.0099", "0.0097", "0.009"]
JUMPS = ["energy", "variational"]


@figure("symplecticity-jumps")
def symplecticity_jumps(r: Runs) -> str:
    """Case I, every step of the first 600 (three impacts): the impact steps' defects for both jumps, at a dyadic
    h and three others; (1 − α)h is the sub-step after the first impact, to the next grid point."""
    runs = {(h, j): r.submit("--case", "I", "--h", h, "--jump", j, "--steps", "600", "--symplecticity", "600") for h in JUMP_H for j in JUMPS}
    rows = ["| h | 1st impact: (1 − α)h | jump | 1st impact step: defect (floor) | 2nd | 3rd | flight steps: max defect (max floor) |",
            "|---|---|---|---|---|---|---|"]
    for h in JUMP_H:
        for j in JUMPS:
            d = runs[(h, j)].result()
            s = d["symplecticity"]
            im = [(x, f) for x, f, i in zip(s["defect"], s["floor_per_sample"], s["impacts"]) if i > 0][:3]
            fl = [(x, f) for x, f, i in zip(s["defect"], s["floor_per_sample"], s["impacts"]) if i == 0]
            t1, hh = d["impact_times"][0], float(h)
            after = math.ceil(t1 / hh) * hh - t1
            cells = [f"{sci(x)} ({sci(f, 1)})" for x, f in im]
            rows.append(f"| {h} | {sci(after)} | {j} | " + " | ".join(cells) +
                        f" | {sci(max(x for x, f in fl))} ({sci(max(f for x, f in fl), 1)}) |")
    return "\n".join(rows)


@figure("symplecticity-jumps-scaling")
def symplecticity_jumps_scaling(r: Runs) -> str:
    """Case I's first impact time, and the energy jump's first impact-step defect over ((1 − α)h)², the square
    of the sub-step after the impact, at each h of the table above (the same runs)."""
    runs = {h: r.submit("--case", "I", "--h", h, "--jump", "energy", "--steps", "600", "--symplecticity", "600") for h in JUMP_H}
    first = runs[JUMP_H[0]].result()["impact_times"][0]
    ratios = []
    for h in JUMP_H:
        d = runs[h].result()
        s = d["symplecticity"]
        x = next(x for x, i in zip(s["defect"], s["impacts"]) if i > 0)
        t1, hh = d["impact_times"][0], float(h)
        ratios.append(f"{sig(x / (math.ceil(t1 / hh) * hh - t1) ** 2, 3)} (h = {h})")
    return f"t* = {first:.6f}; defect / ((1 − α)h)² = " + ", ".join(ratios)


@figure("variational-fallbacks")
def variational_fallbacks(r: Runs) -> str:
    """The variational jump's fallbacks to Corollary 4.4 (no bounce root, after a contact step) over 10⁵ steps of
    Cases I and IV and 10⁶ of Case I."""
    runs = {(c, n): r.submit("--case", c, "--steps", n, "--jump", "variational") for c, n in (("I", STEPS), ("IV", STEPS), ("I", "1000000"))}
    out = []
    for (c, n), f in runs.items():
        d = f.result()
        out.append(f"Case {c}, 10{str(len(n) - 1).translate(SUPERSCRIPT)} steps: {d['jump_fallbacks_no_root']} without a root and "
                   f"{d['jump_fallbacks_contact']} after a contact step among {d['impacts']} impacts")
    return "; ".join(out)


@figure("grazing-fallback")
def grazing_fallback(r: Runs) -> str:
    """A ball of radius 1 spinning at 50 rad/s about the vertical (Π = 20, j = 0.4) dropped 0.1 mm, one step of the
    variational jump: the fallback counted, and what Corollary 4.4's impulse leaves of (5.16a)."""
    config = {"body": {"type": "ellipsoid", "semi_axes": [1, 1, 1]}, "x0": [0, 0, 1.0001], "Pi0": [0, 0, 20], "jump": "variational"}
    d = r.run("--steps", "1", config=config)
    mm, E0 = d["max_discrete_energy_mismatch"], d["energy_initial"]  # relative to max(|E|, |E₀|), and Cor. 4.4 keeps E
    return (f"{d['jump_fallbacks_no_root']} fallback; Corollary 4.4's impulse leaves (5.16a) off by {sci(mm)} of "
            f"E₀ = {sig(E0, 3)} J, {sig(mm * E0, 2)} J")


@figure("energy-jump-generalized")
def energy_jump_generalized(r: Runs) -> str:
    """The particle over 3000 steps and the star over 61 087 steps (300 impacts with the energy jump) with each jump:
    the largest relative energy error."""
    runs = {(c, n, j): r.submit("--case", c, "--steps", n, "--jump", j) for c, n in (("particle", "3000"), ("star", "61087")) for j in JUMPS}
    out = []
    for c, n in (("particle", "3000"), ("star", "61087")):
        e, v = runs[(c, n, "energy")].result(), runs[(c, n, "variational")].result()
        out.append(f"the {c}: max |ΔH|/H = {sci(rel_err(e))} over {n} steps ({e['impacts']} impacts) with the energy jump, "
                   f"{sci(rel_err(v))} with (75a)")
    return "; ".join(out)


JUMP_ENERGY_H = ["0.01", "0.005", "0.0025"]


def over_100s(r: Runs, h: str, jump: str):
    return r.submit("--case", "I", "--h", h, "--jump", jump, "--steps", str(round(100 / float(h))))


@figure("symplecticity-cradle-jumps")
def symplecticity_cradle_jumps(r: Runs) -> str:
    """The cradle's (θ₁, p₁) loop over 400 steps (2 samples) with each jump: the largest |ΔA|/A₀."""
    s = {j: r.submit("--case", "cradle", "--steps", "400", "--symplecticity", "2", "--jump", j) for j in JUMPS}
    return (f"max |ΔA|/A₀ = {worst_rel(s['energy'].result()['symplecticity'])} with the default chain, "
            f"{worst_rel(s['variational'].result()['symplecticity'])} with the variational one (400 steps, 2 samples)")


@figure("variational-energy")
def variational_energy(r: Runs) -> str:
    """Case I over 100 s: the largest and the final relative energy error of each jump, impacts, (5.16a)'s
    largest residual and the fallbacks."""
    runs = {(h, j): over_100s(r, h, j) for h in JUMP_ENERGY_H for j in JUMPS}
    rows = ["| h | energy jump: impacts, max \\|ΔH\\|/H | variational jump: impacts | max \\|ΔH\\|/H | final ΔH/H | (5.16a): max residual / E | fallbacks |",
            "|---|---|---|---|---|---|---|"]
    for h in JUMP_ENERGY_H:
        e, v = runs[(h, "energy")].result(), runs[(h, "variational")].result()
        final = (v["energy_final"] - v["energy_initial"]) / abs(v["energy_initial"])
        rows.append(f"| {h} | {e['impacts']}, {sci(rel_err(e))} | {v['impacts']} | {sci(rel_err(v))} | {sci(final)} | "
                    f"{sci(v['max_discrete_energy_mismatch'])} | {v['jump_fallbacks_no_root'] + v['jump_fallbacks_contact']} |")
    return "\n".join(rows)


@figure("variational-energy-growth")
def variational_energy_growth(r: Runs) -> str:
    """Case I with the variational jump over 1000 s: the largest relative energy error up to t = 100, 300, 1000 s
    and the impacts by then; and the RMS of the change of H in an impact step over h² (the first 100 s); at
    h = 0.01 also over 10⁴ s (10⁶ steps, no CSV)."""
    marks = [100, 300, 1000]
    out = []
    for h in ("0.01", "0.005"):
        d = r.run("--case", "I", "--h", h, "--jump", "variational", "--steps", str(round(1000 / float(h))), cols=(("t", "E", "impacts"), 1))
        c = d["_cols"]
        E0, worst, k, count, text, dh = c["E"][0], 0.0, 0, 0, [], []
        for i, (t, E, n) in enumerate(zip(c["t"], c["E"], c["impacts"])):
            worst = max(worst, abs(E - E0))
            count += n > 0
            if n > 0 and t <= 100:
                dh.append(E - c["E"][i - 1])
            if k < len(marks) and t >= marks[k] - 1e-9:
                text.append(f"{sci(worst / abs(E0))} by {marks[k]} s ({count} impacts)")
                k += 1
        rms = math.sqrt(sum(x * x for x in dh) / len(dh))
        out.append(f"h = {h}: " + ", ".join(text) + f"; RMS of H's change in an impact step {sig(rms / float(h) ** 2, 3)} h² J (E₀ = {E0:.1f} J)")
    d = r.run("--case", "I", "--h", "0.01", "--jump", "variational", "--steps", "1000000")
    out.append(f"h = 0.01 over 10⁴ s: {sci(rel_err(d))} ({d['impacts']} impacts)")
    return "; ".join(out)


@figure("slow-bounce")
def slow_bounce(r: Runs) -> str:
    """A ball of radius 1 dropped 1 mm with h = 0.1 s (a bounce lasts 0.029 s): its highest point over 2 s with the variational jump."""
    config = {"body": {"type": "ellipsoid", "semi_axes": [1, 1, 1]}, "x0": [0, 0, 1.001], "h": 0.1, "jump": "variational"}
    d = r.run("--steps", "20", cols=(("x3",), 1), config=config)
    top = max(d["_cols"]["x3"]) - 1.0
    return f"a ball dropped 1 mm at h = 0.1 s rises to {sig(top * 100, 2)} cm within 2 s"


@figure("jump-cost", "timing")
def jump_cost(r: Runs) -> str:
    """10⁶ steps of Cases I and IV with each jump: the variational jump's wall time over the energy jump's, the best
    of 3 runs each, the two jumps' runs alternated (fresh runs, not the cache, so that a busy machine slows both)."""
    def measure():
        best = {}
        for _ in range(3):
            for c in ("I", "IV"):
                for j in JUMPS:
                    argv = [str(r.cli), "--case", c, "--steps", "1000000", "--jump", j, "--json"]
                    w = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)["wall_seconds"]
                    best[(c, j)] = min(best.get((c, j), math.inf), w)
        return ", ".join(f"Case {c} {best[(c, 'variational')] / best[(c, 'energy')]:.2f}× ({best[(c, 'energy')]:.2f} s with the energy jump)"
                         for c in ("I", "IV"))

    return r.timed(measure)

def sci_x(x: float) -> str:
    """sci() as the docs' tables write it: 1.8 × 10⁻¹⁰."""
    m, _, e = sci(x).partition("e")
    sup = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
    return f"{m} × 10{str(int(e)).translate(sup)}" if e else m


@figure("bounce-map-areas")
def bounce_map_areas(r: Runs) -> str:
    """The bounce map's loop (docs/symplecticity.md): max |A_k − A₁|/A₁ over the resolved bounces per table and scheme."""
    futs = {
        "ellipse": r.submit("--case", "billiard-ellipse", "--steps", "600", "--symplecticity", "1"),
        "naive": r.submit("--case", "billiard-ellipse", "--steps", "600", "--symplecticity", "1", "--integrator", "naive"),
        "stadium": r.submit("--case", "billiard-stadium", "--steps", "600", "--symplecticity", "1"),
        **{h: r.submit("--case", "billiard-ellipse", "--g", "0.5", "--h", h, "--steps", "600", "--symplecticity", "1")
           for h in ("0.01", "0.005", "0.0025")},
    }
    got = {k: f.result()["symplecticity"]["bounce_map"] for k, f in futs.items()}

    def worst(b: dict, upto: int | None = None) -> float:
        k = b["resolved_bounces"] if upto is None else upto
        return max(abs(v) for v in b["area_rel_change"][:k])

    def resolved(b: dict) -> str:
        return f"{b['resolved_bounces']} of {b['bounces']}"

    nv = got["naive"]["area_rel_change"]
    grav = [got[h] for h in ("0.01", "0.005", "0.0025")]
    rows = ["| Table, scheme | max \\|A_k − A₁\\|/A₁ over the resolved bounces | resolved |", "| --- | --- | --- |",
            f"| Ellipse, VCI | {sci_x(worst(got['ellipse']))} | {resolved(got['ellipse'])} |",
            f"| Ellipse, naive | {sig(nv[7], 3).replace('-', '−')} by bounce 8, {sig(nv[9], 3).replace('-', '−')} by bounce 10: the push-back contracts the map, "
            f"the loop shrinks to {sci_x(1 + nv[-1])} of A₁ by bounce {len(nv)} | {resolved(got['naive'])} |",
            f"| Stadium, VCI | {sci_x(worst(got['stadium']))} | {resolved(got['stadium'])}: chaos stretches the loop about 3× a bounce |",
            f"| Ellipse with g = 0.5, VCI | {', '.join(sci_x(worst(b, 3)) for b in grav)} over bounces 1–3 at h = 0.01, 0.005, 0.0025 "
            f"| {grav[0]['resolved_bounces']} |"]
    return "\n".join(rows)

# The page's "Why variational?" view (docs/page.md): the same measurements from the CLI, per set-up and integrator.

WHY_CASES = [("particle", ("naive",)), ("I", ("naive", "rk4")), ("cradle", ("naive",)), ("billiard-ellipse", ("naive",))]


def why_name(integ: str | None, case: str) -> str:
    return {"naive": "naive", "rk4": "RK4"}.get(integ or "", "LGVCI" if case in ("I", "II", "III", "IV") else "VCI")


def why_args(integ: str | None) -> tuple:
    return ("--integrator", integ) if integ else ()


# The energy's round-off against the number of steps (docs/method.md "Round-off without drift"): max
# |E − E₀|/E₀ over N = 10³ … 10⁸ steps, one run per N, and the least-squares slope of its log on log N
# over 10⁴ … the largest N with a non-zero error. A drift linear in N has slope 1, a random walk ½.
# Kind "long": some 6 minutes of runs, so --check skips it and only --long rewrites it.
ROUND_OFF_RUNS = [("Case IV", ("--case", "IV"), 8), ("Case I", ("--case", "I"), 8),
                  ("particle, energy jump", ("--case", "particle", "--jump", "energy"), 8),
                  ("billiard-ellipse", ("--case", "billiard-ellipse"), 7),
                  ("billiard-stadium", ("--case", "billiard-stadium"), 7)]


def loglog_slope(ns: list[int], errs: list[float]) -> float | None:
    pts = [(math.log10(n), math.log10(e)) for n, e in zip(ns, errs) if n >= 10**4 and e > 0]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)


@figure("round-off-drift", "long")
def round_off_drift(r: Runs) -> str:
    futures = {(name, k): r.submit(*args, "--steps", str(10**k)) for name, args, top in ROUND_OFF_RUNS for k in range(3, top + 1)}
    head = "| set-up | " + " | ".join(f"N = 10{'³⁴⁵⁶⁷⁸'[k - 3]}" for k in range(3, 9)) + " | slope |"
    rows = [head, "| --- " * 8 + "|"]
    for name, _, top in ROUND_OFF_RUNS:
        ks = list(range(3, top + 1))
        errs = [rel_err(futures[(name, k)].result()) for k in ks]
        slope = loglog_slope([10**k for k in ks], errs)
        cells = [sci(e) for e in errs] + ["—"] * (8 - top)
        rows.append(f"| {name} | " + " | ".join(cells) + f" | {'—' if slope is None else f'{slope:.2f}'} |")
    return "\n".join(rows)


@figure("bounce-rounding", "long")
def bounce_rounding(r: Runs) -> str:
    """The exact change of |p|² across each bounce step of the two tables (10⁶ steps, no gravity: the
    flight keeps p), its mean and standard error in units of 2⁻⁵², the bias a linear drift would show."""
    from fractions import Fraction
    rows = ["| table | bounce steps | mean change of \\|p\\|² per bounce (2⁻⁵²) | standard error (2⁻⁵²) |", "| --- | --- | --- | --- |"]
    futures = {c: r.submit("--case", c, "--steps", str(10**6), cols=(("p1", "p2", "impacts"), 1)) for c in ("billiard-ellipse", "billiard-stadium")}
    for case, fut in futures.items():
        c = fut.result()["_cols"]
        p1, p2, imp = c["p1"], c["p2"], c["impacts"]
        d = []
        for i in range(1, len(imp)):
            if imp[i] != imp[i - 1]:
                before = Fraction(p1[i - 1]) ** 2 + Fraction(p2[i - 1]) ** 2
                after = Fraction(p1[i]) ** 2 + Fraction(p2[i]) ** 2
                d.append(float(after - before) * 2.0**52)
        mean = sum(d) / len(d)
        se = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1) / len(d))
        rows.append(f"| {case} | {len(d)} | {mean:+.3f} | {se:.3f} |")
    return "\n".join(rows)


@figure("page-why")
def page_why(r: Runs) -> str:
    """What the view shows for four set-ups: the max energy error and momentum-map drift over 4000 steps,
    the loop's area change or the defect over the own scheme's order-study N steps, the fitted orders at that N."""
    rows = ["| set-up | energy, max \\|E − E₀\\|/\\|E₀\\| | symplecticity | momentum maps, max drift | fitted order |", "| --- | --- | --- | --- | --- |"]
    for case, others in WHY_CASES:
        integs = (None, *others)
        own_study = r.submit("--case", case, "--order-study").result()["order_study"]
        n = own_study["steps"]
        energy = ", ".join(f"{why_name(i, case)} {sci(rel_err(r.submit('--case', case, '--steps', '4000', *why_args(i)).result()))}" for i in integs)
        mm = {i: r.submit("--case", case, "--steps", "4000", "--momentum-maps", *why_args(i)).result()["momentum_maps"] for i in integs}
        maps = ("none" if not mm[None]["names"] else
                "; ".join(f"{why_name(i, case)} " + ", ".join(f"{k} {sci(d)}" for k, d in zip(mm[i]["names"], mm[i]["max_drift"])) for i in integs))
        sy = []
        measure = ""
        for i in integs:
            first = r.submit("--case", case, "--steps", str(n), "--symplecticity", "1", *why_args(i)).result()["symplecticity"]
            measure = first["measure"]
            if measure == "loop_area":
                sy.append(f"{why_name(i, case)} {sci(first['area_rel_change'][-1])}")
                continue
            k = min(n, 1000)
            d = r.submit("--case", case, "--steps", str(k), "--symplecticity", str(k), *why_args(i)).result()["symplecticity"]
            fl = [(a, f) for a, f, m in zip(d["defect"], d["floor_per_sample"], d["impacts"]) if m == 0]
            im = [(a, f) for a, f, m in zip(d["defect"], d["floor_per_sample"], d["impacts"]) if m > 0]
            text = f"{why_name(i, case)} in flight ≤ {sci(max(a for a, f in fl))} (floor ≤ {sci(max(f for a, f in fl))})"
            if im:
                a, f = max(im)
                text += f", impact step {sci(a)} (floor {sci(f)})"
            sy.append(text)
        bm = []  # the bounce map's loop (a family with one): max |A_k − A₁|/A₁ over the resolved bounces
        for i in integs:
            b = r.submit("--case", case, "--steps", str(n), "--symplecticity", "1", *why_args(i)).result()["symplecticity"].get("bounce_map")
            if b:
                k = b["resolved_bounces"]
                bm.append(f"{why_name(i, case)} {sci(max(abs(v) for v in b['area_rel_change'][:k]))}")
        if bm:
            sy[-1] += f"; bounce map over {k} bounces, max \\|A_k − A₁\\|/A₁: " + "; ".join(bm)
        sym_head = f"after {n} steps, (A_T − A₀)/A₀: " if measure == "loop_area" else f"defect, first {min(n, 1000)} steps: "
        orders = []
        for i in integs:
            o = own_study if i is None else r.submit("--case", case, "--order-study", "--steps", str(n), *why_args(i)).result()["order_study"]
            if o["fitted_order"] is None:  # every error 0 (the billiard's compensated straight flight is exact): no line to fit
                orders.append(f"{why_name(i, case)} none (every error 0)")
            else:
                orders.append(f"{why_name(i, case)} {o['fitted_order']:.2f}" + (f" (error ≤ {sci(max(o['error']))}: no slope)" if max(o["error"]) <= 1e-10 else ""))
        rows.append(f"| {case} | {energy} | {sym_head}{'; '.join(sy)} | {maps} | {', '.join(orders)} |")
    return "\n".join(rows)


# ---------------------------------------------------------------------------------------------------


def broken_links(docs: dict[Path, str]) -> list[str]:
    """Relative links between the pages whose file or heading does not exist (GitHub's heading anchors)."""
    def anchors(text: str) -> set[str]:
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in re.findall(r"^#+\s+(.*)$", text, re.M)}

    bad = []
    for p, text in docs.items():
        for target in re.findall(r"\]\(([^)\s]+)\)", re.sub(r"```.*?```", "", text, flags=re.S)):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            dest = (p.parent / file).resolve() if file else p
            if not dest.exists():
                bad.append(f"{p.relative_to(ROOT)}: link to a missing file: {target}")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest.read_text()):
                bad.append(f"{p.relative_to(ROOT)}: link to a missing heading: {target}")
    return bad


def code_spans(text: str) -> list[tuple[int, int]]:
    """Fenced blocks and inline code: markers there are examples, not figures."""
    spans = [m.span() for m in re.finditer(r"^```.*?^```", text, re.S | re.M)]
    inline = [m.span() for m in re.finditer(r"`[^`\n]+`", text)]
    return spans + [s for s in inline if not any(a <= s[0] < b for a, b in spans)]


def figure_markers(text: str):
    """The markers outside code."""
    code = code_spans(text)
    return [m for m in MARKER.finditer(text) if not any(a <= m.start() < b for a, b in code)]


def doc_files(root: Path) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def render(text: str, original: str) -> str:
    """Block figures (their original content spans lines) keep a newline after and before the markers."""
    return f"\n{text}\n" if original.startswith("\n") else text


def _pattern(expected: str) -> str:
    return "".join("([^|\n]*?)" if p == PLACEHOLDER else re.escape(p) for p in re.split(f"({PLACEHOLDER})", expected))


def matches(expected: str, actual: str) -> bool:
    if PLACEHOLDER not in expected:
        return expected == actual
    return re.fullmatch(_pattern(expected), actual) is not None


def fill(expected: str, actual: str) -> str:
    """The timing values not measured this time: kept from the docs where the figure's shape is unchanged."""
    if PLACEHOLDER not in expected:
        return expected
    m = re.fullmatch(_pattern(expected), actual)
    kept = iter(m.groups()) if m else iter(())
    return re.sub(PLACEHOLDER, lambda _: next(kept, "—"), expected)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare, do not write; exit 1 on a stale figure")
    ap.add_argument("--bench", action="store_true", help="also rerun scripts/bench.mjs for the benchmark figures")
    ap.add_argument("--bench-impacts", action="store_true", help="also rerun scripts/bench-impacts (some minutes) for docs/benchmark-impacts.md and bench/impacts/results.json")
    ap.add_argument("--callgrind", action="store_true", help="also count the step's instructions (scripts/step_cost.py) for the step-cost figures")
    ap.add_argument("--memory", action="store_true", help="also measure the peak memory of large sweeps for the memory figures (about a minute)")
    ap.add_argument("--lighthouse", action="store_true", help="also run Lighthouse on the built site (web/scripts/lighthouse.mjs) for its figure")
    ap.add_argument("--long", action="store_true", help="also the figures of long runs (the energy's round-off to 10⁸ steps, some 6 minutes)")
    ap.add_argument("--cli", default=os.environ.get("LGVCI_CLI", str(ROOT / "build/native/lgvci")), help="the lgvci executable")
    ap.add_argument("--jobs", type=int, default=0, help="parallel runs (default: the cores under --check, else 1 so that timings are honest)")
    ap.add_argument("--only", action="append", default=[], help="only this figure (repeatable)")
    ap.add_argument("--timing", action="store_true", help="rewrite the timing figures even on a busy machine")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()

    docs = {p: p.read_text() for p in doc_files(ROOT)}
    where: dict[str, list[Path]] = {}
    for p, text in docs.items():
        for m in figure_markers(text):
            where.setdefault(m.group(1), []).append(p)
    if a.list:
        for name, (kind, _) in FIGURES.items():
            print(f"{name:26} {kind:7} {', '.join(str(p.relative_to(ROOT)) for p in where.get(name, [])) or 'NOT IN THE DOCS'}")
        return 0

    problems = [f"{n}: a marker in {', '.join(str(p.relative_to(ROOT)) for p in ps)} with no figure in scripts/figures.py" for n, ps in where.items() if n not in FIGURES]
    problems += [f"{n}: a figure with no marker in README.md or docs/*.md" for n in FIGURES if n not in where]
    problems += broken_links(docs)
    cli = Path(a.cli)
    if not cli.is_file():
        print(f"figures: the CLI {cli} does not exist (build it: cmake --build --preset native --target lgvci_cli)", file=sys.stderr)
        return 2

    names = [n for n in FIGURES if (not a.only or n in a.only)]
    timing_ok = True
    if a.check:
        names = [n for n in names if FIGURES[n][0] not in ("timing", "bench", "bench-impacts", "callgrind", "memory", "lighthouse", "long")]
    else:
        if not a.bench:
            names = [n for n in names if FIGURES[n][0] != "bench"]
        if not a.bench_impacts:
            names = [n for n in names if FIGURES[n][0] != "bench-impacts"]
        if not a.callgrind:
            names = [n for n in names if FIGURES[n][0] != "callgrind"]
        if not a.memory:
            names = [n for n in names if FIGURES[n][0] != "memory"]
        if not a.lighthouse:
            names = [n for n in names if FIGURES[n][0] != "lighthouse"]
        if not a.long:
            names = [n for n in names if FIGURES[n][0] != "long"]
        load, cores = os.getloadavg()[0], os.cpu_count() or 1
        if load > cores and not a.timing:  # the machine is busy: timings would mislead, keep the docs'
            print(f"figures: timing figures kept (load average {load:.1f} > {cores} cores; --timing rewrites them)", file=sys.stderr)
            names = [n for n in names if FIGURES[n][0] != "timing"]
            timing_ok = False
    jobs = a.jobs or ((os.cpu_count() or 1) if a.check else 1)
    runs = Runs(cli, jobs, timing=not a.check and timing_ok)
    start = time.monotonic()
    generated: dict[str, str] = {}
    try:
        for n in names:
            t0 = time.monotonic()
            try:
                generated[n] = FIGURES[n][1](runs)
            except Exception as e:  # a CLI that changed its output, a run that failed: name the figure
                problems.append(f"{n}: could not be computed: {type(e).__name__}: {e}")
                continue
            if not a.check:
                print(f"  {n:26} {time.monotonic() - t0:6.2f} s", file=sys.stderr)
    finally:
        runs.pool.shutdown()
        shutil.rmtree(runs.tmp, ignore_errors=True)
    stale = []
    for p, text in docs.items():
        real = {m.start() for m in figure_markers(text)}

        def sub(m):
            n = m.group(1)
            if n not in generated or m.start() not in real:
                return m.group(0)
            new = render(generated[n], m.group(2))
            if not matches(new, m.group(2)):
                stale.append((p, n, m.group(2), new))
            return f"<!-- figure:{n} -->{fill(new, m.group(2))}<!-- /figure -->"

        out = MARKER.sub(sub, text)
        if not a.check and out != text:
            p.write_text(out)

    elapsed = time.monotonic() - start
    if a.check:
        for p, n, old, new in stale:
            print(f"stale figure {n} in {p.relative_to(ROOT)}:", file=sys.stderr)
            sys.stderr.writelines(difflib.unified_diff(old.splitlines(True) or [""], new.replace(PLACEHOLDER, "…").splitlines(True), "docs", "fresh run", n=1))
            print(file=sys.stderr)
        for msg in problems:
            print(msg, file=sys.stderr)
        ok = not stale and not problems
        print(f"figures: {len(names)} checked, {len(stale)} stale, {len(problems)} other problems (markers, links, failed runs), {runs.count} runs in {elapsed:.1f} s"
              + ("" if ok else " — run `python3 scripts/figures.py` and commit the docs"))
        return 0 if ok else 1
    for msg in problems:
        print(msg, file=sys.stderr)
    print(f"figures: {len(names)} regenerated, {len(stale)} changed, {runs.count} runs in {elapsed:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
