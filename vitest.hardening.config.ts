// `npm run test:hardening`: the long checks of what hostile or careless input can do
// (mutated content, injection, killed builds, load on the preview server). Kept out of
// `npm test` for their length; .ci/run runs both.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/hardening/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
