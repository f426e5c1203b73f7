// `npm run test:hardening`: the long checks of what hostile or careless input can do
// (mutated content, injection, killed builds, load and abuse on the preview server), a few minutes
// long. `npm test` runs them after the others, so they run on their own when asked for.
import { defineConfig } from 'vitest/config';

/** Checks whose figures are times mean something only on a machine the others leave alone: they run after them, one at a time (vitest.measured.config.ts). */
export const MEASURED = ['tests/hardening/server-load.test.ts', 'tests/hardening/markdown-stress.test.ts'];

export default defineConfig({
  test: {
    include: ['tests/hardening/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...MEASURED],
    // Two at a time on the 2-core CI machine: one at a time, these took twelve minutes of its run.
    maxWorkers: 2,
    testTimeout: 600_000,
    // Each copy of a project a test builds keeps its cache inside it, whatever the shell running the tests chose.
    env: { SITE_CACHE_DIR: '' },
    hookTimeout: 120_000,
  },
});
