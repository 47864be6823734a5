#!/usr/bin/env bash
# Builds the WebAssembly module (build/wasm/lgvci_wasm.mjs) with the CMake preset `wasm`. emcmake adds the
# toolchain file of whichever Emscripten is on PATH (Debian's or an emsdk), so no install path is written down.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
cd "$ROOT"
emcmake cmake --preset wasm >/dev/null 2>&1 || emcmake cmake --preset wasm
cmake --build --preset wasm
