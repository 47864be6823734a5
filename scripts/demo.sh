#!/usr/bin/env bash
# The README's first command: install what is missing, build the WASM module and the page, serve it.
#   scripts/demo.sh            serves the built dist/ at http://localhost:4173/
#   PORT=8080 scripts/demo.sh  another port
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LGVCI_NO_BROWSER=1 source "$ROOT/scripts/setup.sh"
cd "$ROOT"
cmake --preset native >/dev/null && cmake --build --preset native   # the lgvci CLI, handy beside the page
"$ROOT/scripts/build-wasm.sh"
npm run build
echo "Serving dist/ at http://localhost:${PORT:-4173}/ (Ctrl-C to stop)"
exec npx vite preview --port "${PORT:-4173}" --strictPort
