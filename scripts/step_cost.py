#!/usr/bin/env python3
"""Instructions per step of the native CLI on each preset, counted by Callgrind.

    python3 scripts/step_cost.py [--cli build/native/lgvci] [--steps N] [--case NAME]... [--functions CASE]... [--json]

A preset's cost per step is (Ir of an N-step run − Ir of a 1-step run) / (N − 1), N = 10⁵ by default:
the start-up, the config's parse and the summary are in both runs and cancel, what is left is the mean
step over the run (flight steps and the steps with impacts, as the preset has them). Ir is Callgrind's
count of executed instructions (valgrind --tool=callgrind): unlike a time it is the same on a busy
machine and from run to run, so two builds compare to the instruction. It does depend on the compiler,
its flags and the valgrind version, which the output names. Each run's state hash is printed with it:
two builds that cost differently but must compute the same bits can be checked in the same run.

--functions CASE also lists, for that preset, where a step's instructions go: each function's own
instructions (exclusive, callgrind_annotate) in the N-step run minus the 1-step run, per step, largest
first; inlined code is counted in the function it was inlined into.

scripts/figures.py --callgrind writes this table and the Case IV list into docs/benchmarks.md.

--check FILE compares each preset's count with its ceiling in FILE (tests/perf/step-cost.json, at the
file's own N; ctest step_cost runs it): exit 1 when a step costs more than its ceiling, so the step
cannot creep up unnoticed (a count repeats where a time does not). --write-ceilings FILE measures and
writes the ceilings (each the count + 2 %), keeping each preset's reason. Python 3 standard library and
valgrind only.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRESETS = ["I", "II", "III", "IV", "particle", "star", "cradle", "billiard-ellipse", "billiard-stadium"]
STEPS = 100_000


def _callgrind(cli: Path, case: str, steps: int, out: Path, functions: bool) -> tuple[int, dict, dict[str, int]]:
    """One run under Callgrind: its total Ir, the run's JSON summary and, if asked, Ir by function."""
    run = [str(cli), "--case", case, "--steps", str(steps)]
    for argv in (["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *run], [*run, "--json"]):
        p = subprocess.run(argv, capture_output=True, text=True)
        if p.returncode not in (0, 1):  # 1: the run halted, which is still a run to count
            raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: {p.stderr.strip()[-2000:]}")
    # Counted with the text summary (the JSON one costs more after a longer run, which would count as steps);
    # h, the impacts and the state hash from the same run again, natively, with --json.
    summary = json.loads(p.stdout)
    total = None
    for line in out.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            total = int(line.split()[1])
    if total is None:
        raise RuntimeError(f"{out}: no 'summary:' line")
    by_function: dict[str, int] = {}
    if functions:
        a = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", str(out)],
                           capture_output=True, text=True, check=True)
        row = re.compile(r"^\s*([\d,]+)\s+(?:\(\s*[\d.]+%\)\s+)?(\S.*?)(?: \[[^\]]*\])?$")
        started = False
        for line in a.stdout.splitlines():
            if "file:function" in line:
                started = True
                continue
            m = row.match(line) if started else None
            if m:
                name = short_name(m.group(2))
                by_function[name] = by_function.get(name, 0) + int(m.group(1).replace(",", ""))
    return total, summary, by_function


def short_name(fn: str) -> str:
    """'???:lgvci::Foo<Bar>::step(double) const' → 'lgvci::Foo<Bar>::step' (no file, no parameters)."""
    m = re.search(r"(?<!:):(?!:)", fn)  # the file's colon: a name's colons come in pairs
    fn = fn[m.end():] if m else fn
    fn = fn.replace("lgvci::", "").replace("(anonymous namespace)::", "")
    fn = re.sub(r"\s*\[clone [^\]]*\]", "", fn).strip()
    fn = re.sub(r"\s+const$", "", fn)
    if fn.endswith(")"):  # drop the parameter list: the parenthesis that closes at depth 0 from the end
        depth = 0
        for i in range(len(fn) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(fn[i], 0)
            if depth == 0:
                fn = fn[:i]
                break
    depth = 0  # drop a template function's return type: the last space outside <…> and (…)
    for i in range(len(fn) - 1, -1, -1):
        depth += {">": 1, ")": 1, "<": -1, "(": -1}.get(fn[i], 0)
        if fn[i] == " " and depth == 0 and not fn[:i].endswith("operator"):
            fn = fn[i + 1:]
            break
    return fn


def measure(cli: Path, cases: list[str], steps: int, functions: list[str], jobs: int) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="lgvci-step-cost-"))
    try:
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            runs = {(c, n): pool.submit(_callgrind, cli, c, n, tmp / f"{c}-{n}.out", c in functions)
                    for c in cases for n in (1, steps)}
            result: dict = {"steps": steps, "build": build_info(cli), "cases": {}}
            for c in cases:
                one, _, f1 = runs[(c, 1)].result()
                many, s, fn = runs[(c, steps)].result()
                row = {"instructions_per_step": (many - one) / (steps - 1), "instructions": many,
                       "instructions_one_step": one, "h": s["h"], "impacts": s["impacts"],
                       "state_hash": s["state_hash"], "status": s["status"]}
                if c in functions:
                    per = {k: (fn.get(k, 0) - f1.get(k, 0)) / (steps - 1) for k in set(fn) | set(f1)}
                    row["functions"] = dict(sorted(((k, v) for k, v in per.items() if v >= 0.5), key=lambda kv: -kv[1]))
                result["cases"][c] = row
        return result
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def build_info(cli: Path) -> str:
    """'g++ 12.2.0, Release (-O3), valgrind-3.19.0' from the build folder's CMakeCache.txt, as far as known."""
    parts = []
    cache = cli.parent / "CMakeCache.txt"
    entries = {}
    if cache.is_file():
        for line in cache.read_text().splitlines():
            m = re.match(r"^(CMAKE_CXX_COMPILER|CMAKE_BUILD_TYPE|CMAKE_CXX_FLAGS_RELEASE|CMAKE_CXX_FLAGS):[A-Z]+=(.*)$", line)
            if m:
                entries[m.group(1)] = m.group(2)
    if "CMAKE_CXX_COMPILER" in entries:
        try:
            first = subprocess.run([entries["CMAKE_CXX_COMPILER"], "--version"], capture_output=True, text=True).stdout.splitlines()[0]
            parts.append(first)
        except (OSError, IndexError):
            parts.append(entries["CMAKE_CXX_COMPILER"])
    bt = entries.get("CMAKE_BUILD_TYPE")
    if bt:
        flags = " ".join(f for f in (entries.get("CMAKE_CXX_FLAGS", ""), entries.get(f"CMAKE_CXX_FLAGS_{bt.upper()}", "")) if f)
        parts.append(f"{bt} ({flags})" if flags else bt)
    v = subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    parts.append(v or "valgrind ?")
    return ", ".join(parts)


def table(result: dict) -> list[str]:
    lines = [f"Callgrind Ir per step = (Ir of {result['steps']} steps − Ir of 1 step) / {result['steps'] - 1}",
             f"build: {result['build']}",
             "preset            h       impacts  Ir per step  state hash"]
    for c, row in result["cases"].items():
        lines.append(f"{c:16}  {row['h']:<6g}  {row['impacts']:7d}  {row['instructions_per_step']:11.0f}  {row['state_hash']}")
    return lines


def function_table(result: dict, case: str, limit: int = 12) -> list[str]:
    row = result["cases"][case]
    fns = row["functions"]
    total = row["instructions_per_step"]
    lines = [f"Case {case}" if case in ("I", "II", "III", "IV") else case,
             f"Ir per step by function (own instructions, inlined code in its caller), of {total:.0f}:"]
    shown = 0.0
    for name, v in list(fns.items())[:limit]:
        lines.append(f"{v:7.0f}  {100 * v / total:4.1f} %  {name}")
        shown += v
    lines.append(f"{total - shown:7.0f}  {100 * (total - shown) / total:4.1f} %  the rest")
    return lines


CEILING_SLACK = 1.02  # a ceiling is the count measured + 2 %: a step that grows by more fails


def ceilings(cli: Path, path: Path, write: bool, jobs: int) -> int:
    """Check every preset of `path` against its ceiling (or write the ceilings), at the file's N."""
    doc = json.loads(path.read_text()) if path.exists() else {}
    steps = int(doc.get("steps", 20_000))
    old = doc.get("ceilings", {})
    cases = list(old) if (old and not write) else PRESETS
    result = measure(cli, cases, steps, [], jobs)
    if write:
        doc = {
            "about": doc.get("about", "Callgrind instructions per step of each preset (scripts/step_cost.py: Ir of an N-step run minus a "
                                      "1-step run, over N − 1), checked by ctest step_cost: a step that costs more than its ceiling "
                                      "fails. Each ceiling is the count measured + 2 %; a change that makes a step dearer on purpose "
                                      "rewrites them (scripts/step_cost.py --write-ceilings) and says why in the commit and in the "
                                      "preset's reason (docs/benchmarks.md \"Instructions per step\")."),
            "steps": steps,
            "build": result["build"],
            "ceilings": {
                c: {
                    "instructions_per_step": round(r["instructions_per_step"] * CEILING_SLACK, 1),
                    "measured": round(r["instructions_per_step"], 1),
                    **({"reason": old[c]["reason"]} if "reason" in old.get(c, {}) else {}),
                }
                for c, r in result["cases"].items()
            },
        }
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
        print(f"step_cost: wrote {path} ({len(doc['ceilings'])} presets, N = {steps})")
        return 0
    failed = 0
    print(f"step_cost: instructions per step at N = {steps} ({result['build']}; ceilings from {doc.get('build', '?')})")
    for c, r in result["cases"].items():
        ceiling = float(old[c]["instructions_per_step"])
        ok = r["instructions_per_step"] <= ceiling
        failed += not ok
        print(f"  {c:18s} {r['instructions_per_step']:9.1f}  ceiling {ceiling:9.1f}  {100 * r['instructions_per_step'] / ceiling:5.1f} %  "
              f"{'ok' if ok else 'OVER'}")
    if failed:
        print(f"step_cost: {failed} preset(s) over their ceiling: a deliberate increase rewrites the ceilings "
              f"(scripts/step_cost.py --write-ceilings {path}) and says why (docs/benchmarks.md)", file=sys.stderr)
    return 1 if failed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=str(ROOT / "build/native/lgvci"), help="the lgvci executable")
    ap.add_argument("--steps", type=int, default=STEPS)
    ap.add_argument("--case", action="append", default=[], help="a preset (repeatable; default: " + ", ".join(PRESETS) + ")")
    ap.add_argument("--functions", action="append", default=[], help="also where this preset's instructions go (repeatable)")
    ap.add_argument("--jobs", type=int, default=1, help="runs at a time (the counts do not depend on it)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--check", metavar="FILE", help="fail (exit 1) when a preset's count is above its ceiling in FILE")
    ap.add_argument("--write-ceilings", metavar="FILE", help="measure and write the ceilings (count + 2 %%) into FILE")
    a = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("step_cost: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    cli = Path(a.cli)
    if not cli.is_file():
        print(f"step_cost: the CLI {cli} does not exist (cmake --build --preset native --target lgvci_cli)", file=sys.stderr)
        return 2
    if a.steps < 2:
        print("step_cost: --steps must be at least 2", file=sys.stderr)
        return 2
    if a.check or a.write_ceilings:
        return ceilings(cli, Path(a.check or a.write_ceilings), write=bool(a.write_ceilings), jobs=max(1, a.jobs))
    cases = a.case or PRESETS
    result = measure(cli, list(dict.fromkeys(cases + a.functions)), a.steps, a.functions, max(1, a.jobs))
    if a.json:
        print(json.dumps(result, indent=1))
    else:
        print("\n".join(table(result)))
        for c in a.functions:
            print()
            print("\n".join(function_table(result, c)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
