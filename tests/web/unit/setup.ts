// Emscripten 3.1.6's ES6 output reads __dirname in its Node branch, which ESM scope lacks. The .wasm
// itself comes as wasmBinary (engine-options.node.ts), so nothing else from the file system is needed.
import { fileURLToPath } from 'node:url';

const g = globalThis as { __dirname?: string };
g.__dirname ??= fileURLToPath(new URL('../../../build/wasm/', import.meta.url));
