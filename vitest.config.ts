import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    // The hardening checks run after these, in one file at a time (npm run test:hardening, vitest.hardening.config.ts).
    exclude: ['**/node_modules/**', 'tests/hardening/**'],
    // Browser and build tests start processes; two workers suit the 2-core CI machine (vitest's default
    // is one fewer than the cores: one worker there, and the suite took twice as long).
    maxWorkers: 2,
    testTimeout: 30_000,
    // Each copy of a project a test builds keeps its cache inside it, whatever the shell running the tests chose.
    env: { SITE_CACHE_DIR: '' },
    hookTimeout: 60_000,
  },
});
