// Debian's Chromium driven by playwright-core: never a downloaded browser.
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { browserPath } from '../../tools/browser-check.ts';

export const CHROMIUM = browserPath(process.env);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // The machine's network is closed; background services would only fail and slow every start.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * For a browser test file: builds and serves the real site and starts Chromium
 * once before its tests, and closes both after. Read the fields inside tests.
 */
export function useSiteInBrowser(): { site: import('./site.ts').ServedSite; browser: Browser } {
  const state = {} as { site: import('./site.ts').ServedSite; browser: Browser };
  beforeAll(async () => {
    const { buildAndServe } = await import('./site.ts');
    [state.site, state.browser] = await Promise.all([buildAndServe(), launchBrowser()]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.site?.close();
  });
  return state;
}
