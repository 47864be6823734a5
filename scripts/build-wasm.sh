#!/usr/bin/env bash
# Builds the WebAssembly module (build/wasm/lgvci_wasm.mjs) with the CMake preset `wasm`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
cd "$ROOT"
cmake --preset wasm >/dev/null
cmake --build --preset wasm
