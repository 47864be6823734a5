// The built site (dist/) as a course page embeds it: a Node test serves dist/ under a sub-path with a
// host page around an 800×500 iframe and drives Debian's Chromium with Playwright. Run after
// `npm run build` with `npm run test:dist`.
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
