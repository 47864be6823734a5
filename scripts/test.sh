#!/usr/bin/env bash
# The README's second command: install what is missing, then run every test: the Catch2 suite
# (ctest), the TypeScript type check, the Vitest unit tests (Node, real WASM) and the Vitest browser
# tests (headless Debian Chromium, real WASM). Ends with one "N passed, N failed" line.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
cd "$ROOT"
export NO_COLOR=1  # Vitest colours its summary even when piped; the closing line parses it
LOG="$(mktemp -d)"
trap 'rm -rf "$LOG"' EXIT

echo "== native build and Catch2 suite (ctest)"
cmake --preset native >/dev/null
cmake --build --preset native
ctest --preset native 2>&1 | tee "$LOG/ctest.txt"

echo "== WebAssembly module"
"$ROOT/scripts/build-wasm.sh"

echo "== TypeScript type check"
npm run --silent typecheck

echo "== Vitest unit tests (Node)"
npm run --silent test:unit 2>&1 | tee "$LOG/unit.txt"

echo "== Vitest browser tests (Chromium)"
npm run --silent test:browser 2>&1 | tee "$LOG/browser.txt"

# One closing line over all suites (each step above already failed the script on any failure).
ctest_passed=$(sed -nE 's/.*tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\2 \1/p' "$LOG/ctest.txt" | awk '{print $1-$2}')
vitest_passed=$(sed -nE 's/^ *Tests +([0-9]+) passed.*/\1/p' "$LOG/unit.txt" "$LOG/browser.txt" | awk '{s+=$1} END {print s+0}')
echo "all: $((ctest_passed + vitest_passed)) passed, 0 failed"
