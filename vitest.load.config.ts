// The preview server under load (part of `npm run test:hardening`), alone: its figures
// mean something only on a machine no other test shares.
import { defineConfig } from 'vitest/config';
import { LOAD_TEST } from './vitest.hardening.config.ts';

export default defineConfig({
  test: {
    include: [LOAD_TEST],
    testTimeout: 600_000,
    // As the other hardening checks: each copy of a project keeps its cache inside it.
    env: { SITE_CACHE_DIR: '' },
    hookTimeout: 120_000,
  },
});
