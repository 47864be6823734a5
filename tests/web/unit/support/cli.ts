// The native CLI for the unit tests that compare the WASM page code with it (docs/validation.md "Tests"): its
// path in the build tree and whether it is built (tests that need it are skipped otherwise).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, with a trailing slash. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const cliPath = `${repoRoot}build/native/lgvci`;
export const haveCli = existsSync(cliPath);
