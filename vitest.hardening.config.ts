// `npm run test:hardening`: the long checks of what hostile or careless input can do
// (mutated content, injection, killed builds, load and abuse on the preview server), a few minutes
// long. `npm test` runs them after the others, so they run on their own when asked for.
import { defineConfig } from 'vitest/config';

/** Checks whose figures are times or loads: each runs on a machine the others leave alone, after them. */
const ALONE = ['tests/hardening/server-load.test.ts', 'tests/hardening/markdown-stress.test.ts', 'tests/hardening/killed-builds.test.ts'];

const timeouts = { testTimeout: 600_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    projects: [
      // The rest judge outcomes, not times: two at once, one per core.
      { test: { name: 'hardening', include: ['tests/hardening/**/*.test.ts'], exclude: ALONE, ...timeouts, sequence: { groupOrder: 0 } } },
      { test: { name: 'hardening, alone', include: ALONE, fileParallelism: false, ...timeouts, sequence: { groupOrder: 1 } } },
    ],
  },
});
