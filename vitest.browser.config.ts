// Browser tests: the real app with the real WASM in Debian's Chromium (no browser download).
// Run with `npm run test:browser`.
import './vitest.node20.ts';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vite.config.ts';

/**
 * `commands.emulateReducedMotion(true)` in a test: Playwright's emulateMedia on the page that hosts the
 * tests, so that `prefers-reduced-motion: reduce` matches in the test frame as it does for a user who
 * asked for it (browser mode has no emulateMedia of its own).
 */
const emulateReducedMotion: BrowserCommand<[reduce: boolean]> = async (ctx, reduce) => {
  await ctx.page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
};

export default defineConfig({
  resolve: { alias: sharedAlias },
  optimizeDeps: { include: ['three', 'three/examples/jsm/controls/OrbitControls.js', '@dimforge/rapier3d-compat', 'gifenc'] },
  test: {
    name: 'browser',
    include: ['tests/web/browser/**/*.test.ts', 'families/*/tests/web/browser/**/*.test.ts'],
    testTimeout: 60_000,
    // Failure screenshots and other attachments go to a git-ignored folder.
    attachmentsDir: '.vitest-attachments',
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
      commands: { emulateReducedMotion },
      viewport: { width: 1280, height: 860 },
    },
  },
});
