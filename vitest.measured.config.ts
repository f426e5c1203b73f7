// The hardening checks whose figures are times (part of `npm run test:hardening`): the preview
// server under load and the Markdown stress corpus. Their figures mean something only on a
// machine no other test shares, so they run after the others, one file at a time.
import { defineConfig } from 'vitest/config';
import { MEASURED } from './vitest.hardening.config.ts';

export default defineConfig({
  test: {
    include: MEASURED,
    fileParallelism: false,
    testTimeout: 600_000,
    // As the other hardening checks: each copy of a project keeps its cache inside it.
    env: { SITE_CACHE_DIR: '' },
    hookTimeout: 120_000,
  },
});
