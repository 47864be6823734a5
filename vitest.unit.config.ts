// Unit tests (Node): config/validation, control↔model wiring, interpolation, and the real WASM engine
// against the native CLI. Run with `npm run test:unit`.
import './vitest.node20.ts';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vite.config.ts';

// The engine's .wasm is read from disk and passed as wasmBinary (tests/web/unit/engine-options.node.ts).
const engineOptionsNode = fileURLToPath(new URL('./tests/web/unit/engine-options.node.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { ...sharedAlias, 'lgvci-engine-options': engineOptionsNode } },
  test: {
    name: 'unit',
    environment: 'node',
    include: ['tests/web/unit/**/*.test.ts', 'families/*/tests/web/unit/**/*.test.ts'],
    setupFiles: ['tests/web/unit/setup.ts'],
    testTimeout: 60_000,
    // One module graph per worker, not per file: every file then reuses the loaded WASM engine and the
    // transformed sources instead of loading them again (about 2.5× faster in wall time). Safe because
    // no unit test mocks a module, stubs a global or fakes timers; the suite passes in shuffled file
    // orders (`--sequence.shuffle.files`).
    isolate: false,
    // Failure screenshots and other attachments go to a git-ignored folder.
    attachmentsDir: '.vitest-attachments',
  },
});
