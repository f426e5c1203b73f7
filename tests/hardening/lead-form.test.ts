// No lead is lost to what fails around it (npm run test:hardening): in Chromium,
// on the real built site, with the form service replaced by a local endpoint
// that counts POSTs. Each case breaks one thing the submit handler touches
// before it sends (the tag manager's dataLayer, URLSearchParams behind the
// attribution fields, storage) and clicks the submit button once, as a visitor
// would: exactly one POST must arrive, with what the visitor typed.
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { useSiteInBrowser } from '../helpers/browser.ts';
import { site as siteData } from '../helpers/content.ts';

const state = useSiteInBrowser();
const FORM_ACTION = siteData.form.action.replace('{email}', siteData.leadsEmail);
const TYPED = { name: 'Grace Hopper', phone: '416-555-0177', message: 'Need a 200A panel upgrade' };

/** Installed before the page's own scripts: each breaks one thing in the page's window. */
const BREAKAGES: Record<string, () => void> = {
  'a dataLayer whose push throws (a broken tag manager)': () => {
    (window as unknown as { dataLayer: unknown }).dataLayer = {
      push() {
        throw new Error('tag manager broke');
      },
    };
  },
  'a URLSearchParams that throws': () => {
    window.URLSearchParams = function () {
      throw new Error('URLSearchParams broke');
    } as unknown as typeof URLSearchParams;
  },
  'storage that throws on every use (private mode, a strict browser)': () => {
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      Object.defineProperty(window, name, {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  },
};

/** A context whose form service is a local stand-in that records each POST and sends the visitor to /thank-you. */
async function withFormService(context: BrowserContext): Promise<URLSearchParams[]> {
  const posts: URLSearchParams[] = [];
  await context.route(`${new URL(FORM_ACTION).origin}/**`, async (route) => {
    if (route.request().method() === 'POST') posts.push(new URLSearchParams(route.request().postData() ?? ''));
    await route.fulfill({ status: 302, headers: { location: `${state.site.url}/thank-you` } });
  });
  return posts;
}

describe('the lead form, with something around it broken', () => {
  for (const [name, breakage] of Object.entries(BREAKAGES)) {
    for (const route of ['/', '/contact']) {
      it(`sends exactly one POST on the first click on ${route}, with ${name}`, async () => {
        const context = await state.browser.newContext({ viewport: { width: 375, height: 740 } });
        const posts = await withFormService(context);
        await context.addInitScript(breakage);
        const page = await context.newPage();
        const logged: string[] = [];
        page.on('console', (message) => logged.push(message.text()));
        await page.goto(state.site.url + route);
        const form = page.locator('form[data-lead-form]').first();
        await form.getByLabel('Name').fill(TYPED.name);
        await form.getByLabel('Phone').fill(TYPED.phone);
        await form.getByLabel('Brief description of the work').fill(TYPED.message);
        await Promise.all([page.waitForURL(`${state.site.url}/thank-you`, { timeout: 10_000 }), form.locator('button[type="submit"]').click()]);
        // Time for a second, unwanted POST to arrive, were the handler to send one.
        await page.waitForTimeout(300);
        expect(posts).toHaveLength(1);
        expect(Object.fromEntries(posts[0]!)).toMatchObject(TYPED);
        await context.close();
      });
    }
  }
});
