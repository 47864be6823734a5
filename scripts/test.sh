#!/usr/bin/env bash
# The README's second command: install what is missing, then run every test: the Catch2 suite
# (ctest), the installed library as examples/consumer uses it, the Python module's tests, the example
# notebook run by jupyter nbconvert, a sweep
# sharded with GNU parallel and merged (examples/sweeps), the same
# suite under ASan + UBSan and a seeded libFuzzer run, the TypeScript type check, the Vitest unit tests (Node, real WASM) and the
# Vitest browser tests (headless Debian Chromium, real WASM). Ends with one "N passed, N failed" line.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Each stage's wall time: "-- NAME: T s" when it ends, and a table of all of them before the closing
# line (or, after a failure, when the script exits: the table then ends with the stage that failed).
STAGE="" STAGE_T0=0 SCRIPT_T0=${EPOCHREALTIME/./} TIMES=() SUMMARY_DONE=0
seconds() { printf '%d.%d' $(($1 / 1000000)) $(($1 / 100000 % 10)); }  # microseconds, as "12.3"
stage_end() {
  [[ -n $STAGE ]] || return 0
  local t; t=$(seconds $((${EPOCHREALTIME/./} - STAGE_T0)))
  TIMES+=("$(printf '%8s s  %s' "$t" "$STAGE")")
  echo "-- $STAGE: $t s"
  STAGE=""
}
stage() {  # stage NAME [DESCRIPTION]: ends the running stage and starts the next
  stage_end
  STAGE=$1 STAGE_T0=${EPOCHREALTIME/./}
  echo "== ${2:-$1}"
}
summary() {  # the table of stage times, once
  local rc=$1
  ((SUMMARY_DONE)) && return 0
  SUMMARY_DONE=1
  stage_end
  if ((rc)); then echo "== wall time per stage (stopped by a failure, exit $rc)"; else echo "== wall time per stage"; fi
  printf '%s\n' "${TIMES[@]}"
  printf '%8s s  total\n' "$(seconds $((${EPOCHREALTIME/./} - SCRIPT_T0)))"
}
LOG="$(mktemp -d)"
trap 'rc=$?; summary $rc; rm -rf "$LOG"' EXIT

stage setup "setup: Debian and npm packages (scripts/setup.sh)"
source "$ROOT/scripts/setup.sh"
cd "$ROOT"
export NO_COLOR=1  # Vitest colours its summary even when piped; the closing line parses it

stage "native build" "native build (g++, Release)"
cmake --preset native >/dev/null
cmake --build --preset native

stage "native ctest" "Catch2 suite and CLI tests (ctest --preset native)"
ctest --preset native 2>&1 | tee "$LOG/ctest.txt"

stage consumer "the library as another project uses it: cmake --install, examples/consumer via find_package(lgvci 0.2) and via add_subdirectory (docs/api.md)"
"$ROOT/examples/consumer/check.sh" "$ROOT/build/native"

stage python "the Python module: scripts/python.sh builds and installs it, its tests run against the CLI and the golden hashes (docs/python.md)"
"$ROOT/scripts/python.sh" >"$LOG/python-build.txt" 2>&1 || { tail -n 40 "$LOG/python-build.txt"; exit 1; }
grep '^python.sh: lgvci' "$LOG/python-build.txt"
LGVCI_CLI="$ROOT/build/native/lgvci" python3 -m unittest discover -s tests/python 2>&1 | tee "$LOG/python.txt"

stage notebook "the example notebook (examples/notebook/lgvci.ipynb) run by Debian's jupyter nbconvert against the built module, its outputs and its HTML export checked (docs/python.md \"Notebooks\")"
NB="$LOG/notebook"
export PYDEVD_DISABLE_FILE_VALIDATION=1  # ipykernel's debugger warns on the interpreter's frozen modules
# The kernel is Debian's /usr/bin/python3 (python3-ipykernel): the module python.sh built for its ABI,
# build/native's when the extension suffixes agree, else its own build/python-<suffix>.
suffix=$(/usr/bin/python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
KERNEL_PATH="$ROOT/build/native/python"
[[ -e $KERNEL_PATH/lgvci/_lgvci$suffix ]] || KERNEL_PATH="$ROOT/build/python-${suffix//[^A-Za-z0-9_-]/_}/python"
PYTHONPATH="$KERNEL_PATH" jupyter nbconvert --to notebook --execute --ExecutePreprocessor.timeout=300 \
  examples/notebook/lgvci.ipynb --output-dir "$NB" --output lgvci
jupyter nbconvert --to html "$NB/lgvci.ipynb" --output-dir "$NB" --output lgvci
jupyter nbconvert --to html --ClearOutputPreprocessor.enabled=True examples/notebook/lgvci.ipynb --output-dir "$NB" --output empty
/usr/bin/python3 tests/notebook/check_notebook.py "$NB/lgvci.ipynb" "$NB/lgvci.html" "$NB/empty.html"

stage sweeps "sweeps: the GNU parallel recipe (examples/sweeps/parallel.sh) over 4 shards, merged, byte for byte against the unsharded run (docs/sweeps.md)"
SWEEP=(--case IV --sweep restitution=0.5:1:6 --ensemble 50 --steps 1000 --samples 10)
LGVCI="$ROOT/build/native/lgvci" "$ROOT/examples/sweeps/parallel.sh" 4 "$LOG/sweep" "${SWEEP[@]}"
build/native/lgvci "${SWEEP[@]}" --json >"$LOG/sweep/unsharded.json"
cmp "$LOG/sweep/merged.json" "$LOG/sweep/unsharded.json"  # on its own line: a difference stops the script (set -e)
echo "sweeps: the 4 shards' merge = the unsharded run ($(wc -c <"$LOG/sweep/merged.json") bytes)"

stage "asan build" "ASan + UBSan build (clang)"
cmake --preset asan >/dev/null
cmake --build --preset asan

stage "asan ctest" "the suite under ASan + UBSan (ctest --preset asan)"
ctest --preset asan 2>&1 | tee "$LOG/asan.txt"

stage libfuzzer "libFuzzer: 10^5 inputs (at most 90 s) over createSimulation (every model family) + 300 steps (docs/validation.md)"
# A fixed seed and run count; the time bound only cuts a slow machine short. The run is not repeatable
# across runs (libFuzzer's coverage feedback depends on ASLR's addresses: docs/validation.md), so a
# crash is replayed from its input: written to build/asan/fuzz-crash-*, printed in base64 below, and it
# fails this script. New inputs go to a scratch directory (the first one), not the repository's corpus.
mkdir -p "$LOG/fuzz"
build/asan/lgvci_fuzz -seed=20261122 -runs=100000 -max_total_time=90 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -dict=tests/fuzz/config.dict -artifact_prefix="$ROOT/build/asan/fuzz-" \
  "$LOG/fuzz" tests/fuzz/corpus tests/fuzz/findings >"$LOG/fuzz.txt" 2>&1 || { tail -n 40 "$LOG/fuzz.txt"; exit 1; }
grep -E "INITED|DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$LOG/fuzz.txt"

stage "wasm build" "WebAssembly module"
"$ROOT/scripts/build-wasm.sh"

stage typecheck "TypeScript type check"
npm run --silent typecheck

stage "vitest unit" "Vitest unit tests (Node)"
npm run --silent test:unit 2>&1 | tee "$LOG/unit.txt"

stage "vitest browser" "Vitest browser tests (Chromium)"
npm run --silent test:browser 2>&1 | tee "$LOG/browser.txt"

stage "dist build" "built site (dist/) in a course page at a sub-path, and the single offline file (dist-single/lgvci.html) from file:// (Vitest project dist, Node + Chromium)"
# npm run build builds the site and then the single file (its copy goes into dist/ for the page's
# "Download offline file with this set-up").
npm run --silent build >"$LOG/build.txt" 2>&1 || { tail -n 40 "$LOG/build.txt"; exit 1; }
tail -n 1 "$LOG/build.txt"
node scripts/size-check.mjs  # first load, .wasm, offline file and site against tests/size/ceilings.json (docs/page.md)
stage "vitest dist" "Vitest project dist: the built site and the single file"
npm run --silent test:dist 2>&1 | tee "$LOG/dist.txt"

summary 0
# One closing line over all suites (each step above already failed the script on any failure).
ctest_passed=$(sed -nE 's/.*tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\2 \1/p' "$LOG/ctest.txt" "$LOG/asan.txt" | awk '{s+=$1-$2} END {print s+0}')
ctest_passed=$((ctest_passed + 3))  # the libFuzzer run, the notebook's check and the sweeps recipe's cmp
python_passed=$(sed -nE 's/^Ran ([0-9]+) tests? in.*/\1/p' "$LOG/python.txt")
vitest_passed=$(sed -nE 's/^ *Tests +([0-9]+) passed.*/\1/p' "$LOG/unit.txt" "$LOG/browser.txt" "$LOG/dist.txt" | awk '{s+=$1} END {print s+0}')
echo "all: $((ctest_passed + python_passed + vitest_passed)) passed, 0 failed"
