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

describe('the lead form, sent on a slow connection', () => {
  for (const route of ['/', '/contact']) {
    it(`on ${route}, a post stopped before its answer leaves a form that the next click sends, exactly once`, async () => {
      const context = await state.browser.newContext({ viewport: { width: 375, height: 740 } });
      const posts: URLSearchParams[] = [];
      let answerFirst: (() => void) | undefined;
      // The first post hangs until the visitor gives up on it (its answer never comes); later ones are answered.
      await context.route(`${new URL(FORM_ACTION).origin}/**`, async (route) => {
        if (route.request().method() !== 'POST') return route.fulfill({ status: 404 });
        posts.push(new URLSearchParams(route.request().postData() ?? ''));
        if (posts.length === 1) await new Promise<void>((done) => (answerFirst = done));
        await route.fulfill({ status: 302, headers: { location: `${state.site.url}/thank-you` } }).catch(() => {});
      });
      const page = await context.newPage();
      await page.goto(state.site.url + route);
      const form = page.locator('form[data-lead-form]').first();
      const button = form.locator('button[type="submit"]');
      const label = await button.textContent();
      await form.getByLabel('Name').fill(TYPED.name);
      await form.getByLabel('Phone').fill(TYPED.phone);
      await form.getByLabel('Brief description of the work').fill(TYPED.message);
      // The browser's own controls, through its protocol: Playwright's reads wait while a navigation is pending.
      const browser = await context.newCDPSession(page);
      const shown = async () => {
        const read = `(() => {
          const form = document.querySelector('form[data-lead-form]');
          const button = form.querySelector('button[type="submit"]');
          return { disabled: button.disabled, label: button.textContent, busy: form.getAttribute('aria-busy'), message: form.querySelector('textarea').value };
        })()`;
        return ((await browser.send('Runtime.evaluate', { expression: read, returnByValue: true })) as { result: { value: unknown } }).result.value;
      };
      await button.click({ noWaitAfter: true });
      await expect.poll(() => posts.length).toBe(1);
      // The Stop button: the browser drops the post it is waiting on, and the page stays.
      await browser.send('Page.stopLoading');
      // What the visitor typed is still there, the button as it was, and one more click sends it once.
      await expect.poll(shown).toEqual({ disabled: false, label, busy: 'false', message: TYPED.message });
      await Promise.all([page.waitForURL(`${state.site.url}/thank-you`, { timeout: 10_000 }), button.click()]);
      await page.waitForTimeout(300);
      expect(posts).toHaveLength(2);
      expect(Object.fromEntries(posts[1]!)).toMatchObject(TYPED);
      answerFirst?.();
      await context.close();
    });
  }
});

/** The contact page on a phone, its form service answered here: what each paste test starts from. */
async function contactForm() {
  const context = await state.browser.newContext({ viewport: { width: 375, height: 740 } });
  const posts = await withFormService(context);
  const page = await context.newPage();
  await page.goto(`${state.site.url}/contact`);
  return { context, posts, page, form: page.locator('form[data-lead-form]').first() };
}

describe('the lead form, with more pasted into the message than it may hold', () => {
  it('keeps the paste whole, says how much is over, sends nothing until it is shortened, then sends it once', async () => {
    const { context, posts, page, form } = await contactForm();
    const message = form.getByLabel('Brief description of the work');
    const note = form.locator('[data-count]');
    // The limit as the page states it (the script takes the field's maxlength away, so nothing pasted is cut).
    const limit = Number(/^Up to ([\d,]+) characters\.$/.exec((await note.textContent())!.trim())![1]!.replace(/,/g, ''));
    expect(await message.getAttribute('maxlength')).toBeNull();
    await form.getByLabel('Name').fill(TYPED.name);
    await form.getByLabel('Phone').fill(TYPED.phone);
    // A paste twice the limit, ending in an emoji that a cut at the limit would split.
    const pasted = `${'Panel and wiring details. '.repeat(Math.ceil((2 * limit) / 26)).slice(0, 2 * limit - 1)}🔌`;
    await message.focus();
    await page.keyboard.insertText(pasted);
    expect(await message.inputValue()).toBe(pasted);
    const length = [...pasted].length;
    await expect
      .poll(() => note.textContent())
      .toBe(
        `${length.toLocaleString('en-CA')} characters, ${(length - limit).toLocaleString('en-CA')} over the ${limit.toLocaleString('en-CA')} a message may have: shorten it to send. Nothing you wrote is lost.`,
      );
    // Sending is refused by the browser, with the reason on the field.
    await form.locator('button[type="submit"]').click();
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);
    expect(await message.evaluate((field: HTMLTextAreaElement) => field.validationMessage)).toContain(
      `Shorten this to ${limit.toLocaleString('en-CA')} characters or fewer`,
    );
    // Shortened to the limit exactly (the emoji counted as one character), it goes, once, whole.
    const kept = [...pasted].slice(-limit).join('');
    await message.fill(kept);
    expect(await note.textContent()).toBe(`${limit.toLocaleString('en-CA')} of ${limit.toLocaleString('en-CA')} characters.`);
    await Promise.all([page.waitForURL(`${state.site.url}/thank-you`, { timeout: 10_000 }), form.locator('button[type="submit"]').click()]);
    await page.waitForTimeout(300);
    expect(posts.map((post) => post.get('message'))).toEqual([kept]);
    await context.close();
  });

  it('keeps a paste into any other field with a limit whole too, and holds the form until it is shortened', async () => {
    const { context, posts, page, form } = await contactForm();
    const limited = await form
      .locator('input[name]:not([type="hidden"])')
      .evaluateAll((inputs) => inputs.filter((input) => input.closest('[aria-hidden="true"]') === null).map((input) => input.getAttribute('name')!));
    expect(limited.length).toBeGreaterThan(0);
    await form.getByLabel('Brief description of the work').fill(TYPED.message);
    for (const name of limited) {
      for (const other of limited) await form.locator(`[name="${other}"]`).fill(TYPED[other as 'name' | 'phone'] ?? 'x');
      const field = form.locator(`[name="${name}"]`);
      // Twice what the field held before the script took its limit away (the page's maxlength, read from the built HTML).
      const tag = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(await (await fetch(`${state.site.url}/contact`)).text())![0];
      const limit = Number(/maxlength="(\d+)"/i.exec(tag)![1]);
      const pasted = '4165550177 '.repeat(Math.ceil((2 * limit) / 11)).slice(0, 2 * limit);
      await field.fill('');
      await field.focus();
      await page.keyboard.insertText(pasted);
      expect(await field.inputValue(), name).toBe(pasted);
      await form.locator('button[type="submit"]').click();
      await page.waitForTimeout(200);
      expect(posts, name).toHaveLength(0);
      expect(await field.evaluate((input: HTMLInputElement) => input.validationMessage), name).toContain(
        `Shorten this to ${limit.toLocaleString('en-CA')} characters or fewer`,
      );
    }
    await context.close();
  });
});
