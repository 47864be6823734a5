#!/usr/bin/env bash
# The library as another project sees it (docs/api.md), against a native build that exists
# (default build/native, preset native):
#  1. cmake --install into a scratch prefix; every installed header compiles on the installed include
#     tree alone (no implementation header leaks into the public ones);
#  2. examples/consumer, configured with find_package(lgvci 0.2) against that prefix, builds and runs,
#     and prints the CLI's state hash of the same run (lgvci --case IV --steps 1000 --json) and the
#     version of package.json;
#  3. examples/toy-family, a model family built outside the library against that prefix alone (the
#     family SDK), registered at run time and run through the core's generic machinery;
#  4. examples/consumer configured with add_subdirectory of the source tree, with Catch2 and Python
#     hidden from CMake: the library alone, no tests, CLI or module.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${1:-$ROOT/build/native}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
fail() { echo "consumer check: $*" >&2; exit 1; }

cmake --install "$BUILD" --prefix "$TMP/prefix" >"$TMP/install.txt" || { cat "$TMP/install.txt"; fail "cmake --install failed"; }
[ -f "$TMP/prefix/lib/cmake/lgvci/lgvciConfigVersion.cmake" ] || [ -f "$TMP/prefix/lib64/cmake/lgvci/lgvciConfigVersion.cmake" ] \
  || fail "no lgvciConfigVersion.cmake installed"

mkdir -p "$TMP/headers"
(cd "$TMP/prefix/include" && find lgvci -name '*.hpp' | sort | sed 's/.*/#include <&>/') >"$TMP/headers/all.cpp"
cat >"$TMP/headers/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.21)
project(lgvci_headers LANGUAGES CXX)
find_package(lgvci 0.2 REQUIRED)
add_library(all_headers OBJECT all.cpp)
target_link_libraries(all_headers PRIVATE lgvci::lgvci)
CMAKE
cmake -S "$TMP/headers" -B "$TMP/headers/build" -G Ninja -DCMAKE_PREFIX_PATH="$TMP/prefix" >/dev/null
cmake --build "$TMP/headers/build" >"$TMP/headers.txt" 2>&1 || { cat "$TMP/headers.txt"; fail "the installed headers do not compile on their own"; }
echo "installed headers: $(wc -l <"$TMP/headers/all.cpp") compile on the installed tree alone"

cmake -S "$ROOT/examples/consumer" -B "$TMP/installed" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$TMP/prefix" >/dev/null
cmake --build "$TMP/installed" >"$TMP/consumer-build.txt" 2>&1 || { cat "$TMP/consumer-build.txt"; fail "examples/consumer does not build"; }
"$TMP/installed/consumer" | tee "$TMP/consumer.txt"
got="$(sed -n 's/^state_hash //p' "$TMP/consumer.txt")"
want="$("$BUILD/lgvci" --case IV --steps 1000 --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["state_hash"])')"
[ -n "$got" ] && [ "$got" = "$want" ] || fail "state_hash '$got' differs from the CLI's '$want'"
version="$(sed -n 's/^lgvci //p' "$TMP/consumer.txt")"
package="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$ROOT/package.json")"
[ "$version" = "$package" ] || fail "lgvci::version() is '$version', package.json's version '$package'"
echo "find_package(lgvci 0.2): state_hash $got = the CLI's, version $version = package.json's"

cmake -S "$ROOT/examples/toy-family" -B "$TMP/toy" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$TMP/prefix" >/dev/null
cmake --build "$TMP/toy" >"$TMP/toy-build.txt" 2>&1 || { cat "$TMP/toy-build.txt"; fail "examples/toy-family does not build against the installed SDK"; }
"$TMP/toy/toy_family" || fail "examples/toy-family: a check failed"
echo "examples/toy-family: a family outside the library, on the installed SDK alone, runs through the core"

cmake -S "$ROOT/examples/consumer" -B "$TMP/subdir" -G Ninja -DLGVCI_SOURCE_DIR="$ROOT" \
  -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON -DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON --no-warn-unused-cli >"$TMP/subdir.txt" 2>&1 \
  || { cat "$TMP/subdir.txt"; fail "add_subdirectory without Catch2 and Python does not configure"; }
ninja="$TMP/subdir/build.ninja"
grep -q 'LINKER__consumer_' "$ninja" && grep -q 'STATIC_LIBRARY_LINKER__lgvci_' "$ninja" || fail "add_subdirectory: no consumer or lgvci target"
! grep -qE 'LINKER__(lgvci_cli|lgvci_tests|lgvci_fuzz_replay)_' "$ninja" || fail "add_subdirectory built the project's own tests or CLI"
echo "add_subdirectory: configures without Catch2 and Python; targets consumer and lgvci only"
