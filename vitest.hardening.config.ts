// `npm run test:hardening`: the long checks of what hostile or careless input can do
// (mutated content, injection, killed builds, load and abuse on the preview server), a few minutes
// long. `npm test` runs them after the others, so they run on their own when asked for.
import { defineConfig } from 'vitest/config';

/** Checks whose figures are times or loads: they run last, after the others. */
const ALONE = ['tests/hardening/server-load.test.ts', 'tests/hardening/markdown-stress.test.ts', 'tests/hardening/killed-builds.test.ts'];

const timeouts = { testTimeout: 600_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    projects: [
      // One file at a time in both groups: the others build whole sites, whose images stage already
      // uses every core (two at once took 866 s where one at a time took about 640 s).
      { test: { name: 'hardening', include: ['tests/hardening/**/*.test.ts'], exclude: ALONE, fileParallelism: false, ...timeouts, sequence: { groupOrder: 0 } } },
      { test: { name: 'hardening, alone', include: ALONE, fileParallelism: false, ...timeouts, sequence: { groupOrder: 1 } } },
    ],
  },
});
