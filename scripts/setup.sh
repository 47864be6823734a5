#!/usr/bin/env bash
# Installs what the build needs, only if it is missing: Debian packages via apt-get, npm packages via
# `npm ci`. Safe to run any number of times. Sourced by demo.sh and test.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

APT_PACKAGES=(cmake ninja-build g++ python3 emscripten libeigen3-dev nlohmann-json3-dev catch2 nodejs npm
              libcli11-dev              # CLI11: the lgvci program's command line (docs/cli.md)
              clang libclang-rt-14-dev  # clang + compiler-rt: the asan preset and libFuzzer
              parallel                  # GNU parallel: the test command runs the sweep recipe (docs/sweeps.md)
              mypy                      # the Python package's stubs type-checked (tests/python/test_typing.py)
              valgrind)                 # Callgrind: the step's instruction ceilings (ctest step_cost)
# Chromium for the browser tests; MkDocs and Sphinx build the course-site recipes the dist tests open
# (docs/custom-element.md, tests/web/dist/course-sites.test.ts).
[[ "${LGVCI_NO_BROWSER:-0}" == 1 ]] || APT_PACKAGES+=(chromium mkdocs python3-sphinx)

# The example notebook run by Debian's jupyter nbconvert, and its pictures (examples/notebook,
# lgvci.notebook: matplotlib, SciPy for a polyhedron's hull; docs/python.md "Notebooks").
APT_PACKAGES+=(jupyter-nbconvert python3-ipykernel python3-nbformat python3-matplotlib python3-scipy)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node and npm may come from outside Debian (as on these machines): accept them when on PATH.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
read -r -a missing <<<"${missing[*]}"
if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [[ $(id -u) == 0 ]] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages from the lock file; skipped when node_modules already matches it.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [[ ! -f "$ROOT/node_modules/.package-lock.json" || "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]]; then
  echo "setup: npm ci"
  (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
fi

# Emscripten 3.1.6 from Debian needs Debian's Node modules (acorn) on NODE_PATH.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
