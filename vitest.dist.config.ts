// Tests of the built artefacts (Node side, driving /usr/bin/chromium through Playwright): the built site
// (dist/) served under a sub-path inside a course page's 800×500 iframe, and the single offline file
// dist-single/lgvci.html opened from file://. Run with `npm run test:dist` after `npm run build` and
// `npm run build:single` (scripts/test.sh does all three).
import './vitest.node20.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'dist',
    environment: 'node',
    include: ['tests/web/dist/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    attachmentsDir: '.vitest-attachments',
  },
});
