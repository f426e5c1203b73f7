// The client behaviours in Chromium against the preview server (issue 4):
// the lead form's real POST (to a local stand-in for the form service) with
// attribution and the form_submit event, FAQ, the menu at 375 px, the floating
// button, the carousel's 5 s (on Playwright's clock), blog search and chips,
// the map and its failure text, the 404 log, and the script budget. Also what
// must work without JavaScript: the form post, the FAQ and the blog list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from './helpers/browser.ts';
import { buildAndServe, type ServedSite } from './helpers/site.ts';
import { baseUrl, expand, foldingFaq, pageData, posts as blogPosts, site as siteData } from './helpers/content.ts';
import { categoryName, FIRST_PAGE, NARROW, PAGE_SIZE, PAGES, postsIn, postsMatching, slugOf, TITLE_POST, TITLE_WORD } from './helpers/blog.ts';

let site: ServedSite;
let browser: Browser;
beforeAll(async () => {
  [site, browser] = await Promise.all([buildAndServe(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
/** The form service of site.yaml, whose address the lead form posts to. */
const FORM_ACTION = siteData.form.action.replace('{email}', siteData.leadsEmail);
const FORM_SERVICE = `${new URL(FORM_ACTION).origin}/**`;

/** Console errors and uncaught exceptions of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

/** A context at `viewport` whose form service is a local stand-in: it records each POST and answers 302 to the preview's /thank-you. */
async function withFormService(options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const posts: URLSearchParams[] = [];
  await context.route(FORM_SERVICE, async (route) => {
    posts.push(new URLSearchParams(route.request().postData() ?? ''));
    await route.fulfill({ status: 302, headers: { location: `${site.url}/thank-you` } });
  });
  return { context, posts };
}

/** Keeps window.dataLayer across the navigation to /thank-you, in sessionStorage. */
async function keepDataLayer(context: BrowserContext) {
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    layer.push = (...events: unknown[]) => {
      sessionStorage.setItem('events', JSON.stringify([...JSON.parse(sessionStorage.getItem('events') ?? '[]'), ...events]));
      return Array.prototype.push.apply(layer, events);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
}

async function fillForm(page: Page) {
  const form = page.locator('form[data-lead-form]').first();
  await form.getByLabel('Name').fill('Grace Hopper');
  await form.getByLabel('Phone').fill('416-555-0177');
  await form.getByLabel('Brief description of the work').fill('Need a 200A panel upgrade');
  return form;
}

/** Scrolls instantly (the site's CSS asks for smooth scrolling) to `share` of the scrollable height. */
async function scrollToShare(page: Page, share: number) {
  await page.evaluate((s) => window.scrollTo({ top: s * (document.documentElement.scrollHeight - innerHeight), behavior: 'instant' }), share);
}

describe('lead form in Chromium', () => {
  it('posts once, natively, with the typed values and the attribution, pushes form_submit and lands on /thank-you', async () => {
    const { context, posts } = await withFormService({ viewport: DESKTOP });
    await keepDataLayer(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(`${site.url}/?utm_source=x&utm_medium=y&gclid=z`);
    const form = await fillForm(page);
    // Nothing but the site itself until the visitor submits.
    expect(requests.filter((r) => !r.url().startsWith(site.url))).toEqual([]);

    await Promise.all([page.waitForURL(`${site.url}/thank-you`), form.getByRole('button', { name: /estimate/i }).click()]);
    expect(await page.locator('h1').textContent()).toContain('Thank You');
    expect(posts).toHaveLength(1);
    const post = Object.fromEntries(posts[0]!);
    expect(post).toMatchObject({
      name: 'Grace Hopper',
      phone: '416-555-0177',
      message: 'Need a 200A panel upgrade',
      website: '',
      _captcha: 'false',
      _next: `${site.url}/thank-you`,
      page_source_url: `${site.url}/?utm_source=x&utm_medium=y&gclid=z`,
      gclid: 'z',
      utm_source: 'x',
      utm_medium: 'y',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
      referrer: '',
      ga_client_id: '',
      calculated_source: 'Google Ads',
    });
    expect(post.page_source_title).toBe(expand(pageData('/').title, '/'));
    expect(post._subject).toBe(siteData.form.subject);
    const formPost = requests.find((r) => r.url() === FORM_ACTION)!;
    expect(formPost.method()).toBe('POST');
    expect(formPost.isNavigationRequest()).toBe(true);
    const events = JSON.parse((await page.evaluate(() => sessionStorage.getItem('events'))) ?? '[]');
    expect(events).toEqual([
      expect.objectContaining({
        event: 'form_submit',
        form_name: 'homepage_contact_form',
        gclid: 'z',
        utm_source: 'x',
        utm_medium: 'y',
        calculated_source: 'Google Ads',
      }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the attribution for a form on another page, and a second submit while Sending posts nothing more', async () => {
    const { context, posts } = await withFormService({ viewport: PHONE });
    // The form service holds its answer until the test has tried to submit again.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await context.unroute(FORM_SERVICE);
    await context.route(FORM_SERVICE, async (route) => {
      posts.push(new URLSearchParams(route.request().postData() ?? ''));
      await held;
      await route.fulfill({ status: 302, headers: { location: `${site.url}/thank-you` } });
    });
    const page = await context.newPage();
    await page.goto(`${site.url}/blog?utm_source=newsletter&utm_medium=email`);
    await page.goto(`${site.url}/contact`);
    const form = await fillForm(page);
    // Playwright cannot look into a page whose navigation is under way, so the
    // page notes each submit itself (after the site's handler ran) and submits
    // a second time while the first post is held.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('form[data-lead-form] button[type="submit"]')!;
      document.addEventListener('submit', () => {
        const log = JSON.parse(sessionStorage.getItem('submits') ?? '[]') as unknown[];
        log.push({ label: button.textContent, disabled: button.disabled });
        sessionStorage.setItem('submits', JSON.stringify(log));
        if (log.length === 1) setTimeout(() => button.form!.requestSubmit(), 0);
      });
    });
    await form.locator('button[type="submit"]').click({ noWaitAfter: true });
    await expect.poll(() => posts.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    answer();
    await page.waitForURL(`${site.url}/thank-you`);
    expect(posts).toHaveLength(1);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('submits')))!)).toEqual([
      { label: 'Sending...', disabled: true },
      { label: 'Sending...', disabled: true },
    ]);
    expect(posts[0]!.get('calculated_source')).toBe('newsletter / email');
    expect(posts[0]!.get('utm_source')).toBe('newsletter');
    await context.close();
  });

  it('with the honeypot filled, posts nothing and shows /thank-you', async () => {
    const { context, posts } = await withFormService({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${site.url}/about`);
    const form = await fillForm(page);
    await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => (input.value = 'http://spam.example'));
    await Promise.all([page.waitForURL(`${site.url}/thank-you`), form.locator('button[type="submit"]').click()]);
    expect(posts).toHaveLength(0);
    await context.close();
  });

  it('without JavaScript still posts the form to the service', async () => {
    const { context, posts } = await withFormService({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    const title = await page.title();
    const form = await fillForm(page);
    await Promise.all([page.waitForURL(`${site.url}/thank-you`), form.locator('button[type="submit"]').click()]);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.get('name')).toBe('Grace Hopper');
    expect(posts[0]!.get('_next')).toBe(baseUrl + siteData.form.next);
    expect(posts[0]!.get('calculated_source')).toBe('');
    // The page still says where the lead came from: its canonical address and title, from the HTML.
    expect(canonical).toBe(`${baseUrl}/`);
    expect(posts[0]!.get('page_source_url')).toBe(canonical);
    expect(posts[0]!.get('page_source_title')).toBe(title);
    await context.close();
  });
});

describe('contact page in Chromium', () => {
  it('pushes click_to_call from the emergency button', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${site.url}/contact`);
    const button = page.locator('[data-track="click-to-call"]');
    // Headless Chromium has no phone app: stop the tel: navigation after the site's own listener ran.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await button.click();
    const href = await button.getAttribute('href');
    expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toEqual([
      { event: 'click_to_call', phone_number: href!.replace('tel:', ''), event_category: 'contact', event_label: 'emergency' },
    ]);
    await page.close();
  });

  it('loads the map chunk only when the map nears the viewport, then draws linked markers', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    const chunks: string[] = [];
    page.on('request', (request) => /\/assets\/map-/.test(request.url()) && chunks.push(request.url()));
    await page.goto(`${site.url}/contact`);
    await expect.poll(() => page.locator('[data-map-status]').textContent()).toBe('Loading map...');
    expect(chunks).toEqual([]);
    const place = () => page.locator('[data-map]').evaluate((map: HTMLElement) => [map.offsetTop, map.offsetHeight, document.documentElement.scrollHeight]);
    const before = await place();
    await page.locator('[data-map]').scrollIntoViewIfNeeded();
    await page.locator('[data-map] svg a[href="/gta/vaughan"]').waitFor();
    // The map fills frames that already had its shape: nothing moved.
    expect(await place()).toEqual(before);
    expect(chunks).toHaveLength(1);
    expect(await page.locator('[data-map-status]').isVisible()).toBe(false);
    // A marker for each place the page positions (data-map-at), and Toronto itself.
    const positioned = await page.locator('[data-map] template').evaluate((t: HTMLTemplateElement) => t.content.querySelectorAll('a[data-map-at]').length);
    expect(positioned).toBeGreaterThan(0);
    expect(await page.locator('[data-map] svg a').count()).toBe(positioned + 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says 'Interactive map temporarily unavailable' when the map's chunk is blocked", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.route('**/assets/map-*.js', (route) => route.abort());
    await page.goto(`${site.url}/contact`);
    await page.locator('[data-map]').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('[data-map-status]').textContent()).toBe('Interactive map temporarily unavailable');
    expect(await page.locator('[data-map-status]').isVisible()).toBe(true);
    expect(await page.locator('[data-map-fallback] a[href="/gta/vaughan"]').isVisible()).toBe(true);
    await page.close();
  });
});

describe('FAQ in Chromium', () => {
  // The home page's FAQ (11 questions, 6 shown, in the spec), as pages/index.yaml has it.
  const faq = foldingFaq();
  const all = faq.items.length;
  const last = all - 1;

  it('shows the first few, then all with "Show all FAQs", and opens and closes an answer', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${site.url}${faq.route}`);
    const questions = page.locator('[data-faq] summary');
    const toggle = page.locator('[data-faq-toggle]');
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await questions.count()).toBe(all);
    expect(await page.locator('[data-faq] details:visible').count()).toBe(faq.shown);
    await toggle.click();
    expect(await page.locator('[data-faq] details:visible').count()).toBe(all);
    expect(await toggle.textContent()).toBe('Show fewer');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The last question is one of those folded away at first.
    const answer = page.locator('[data-faq] details').nth(last).locator('p');
    expect(await answer.isVisible()).toBe(false);
    await questions.nth(last).click();
    expect(await answer.isVisible()).toBe(true);
    // The script follows the <details> element's toggle event, which the browser fires after the click.
    await expect.poll(() => questions.nth(last).getAttribute('aria-expanded')).toBe('true');
    await questions.nth(last).click();
    expect(await answer.isVisible()).toBe(false);
    await toggle.click();
    expect(await page.locator('[data-faq] details:visible').count()).toBe(faq.shown);
    await page.close();
  });

  it('without JavaScript shows every question, each answer a click away', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}${faq.route}`);
    expect(await page.locator('[data-faq] details:visible').count()).toBe(all);
    await page.locator('[data-faq] summary').nth(last).click();
    expect(await page.locator('[data-faq] details').nth(last).locator('p').isVisible()).toBe(true);
    await context.close();
  });
});

describe('menu and floating button at 375 px', () => {
  it('opens and closes the menu, Escape returns focus, dropdowns open by touch', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.locator('[data-menu]');
    expect(await nav.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.tap();
    expect(await nav.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const dropdown = nav.locator('details').first();
    await dropdown.locator('summary').tap();
    expect(await dropdown.locator('a').first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dropdown.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await button.tap();
    await button.tap();
    expect(await nav.isVisible()).toBe(false);
    await context.close();
  });

  it('shows the floating button after 30% of the page with the form out of view, hides it while the menu is open', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.url}/`);
    const float = page.locator('[data-float-cta]');
    expect(await float.isVisible()).toBe(false);
    await scrollToShare(page, 0.2);
    await page.waitForTimeout(100);
    expect(await float.isVisible()).toBe(false);
    await scrollToShare(page, 0.5);
    await float.waitFor({ state: 'visible' });
    // Open the menu from the keyboard without scrolling back up to it.
    await page.locator('[data-menu-toggle]').evaluate((b: HTMLElement) => b.focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await float.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await float.waitFor({ state: 'visible' });
    await page.close();
  });
});

describe('floating button at 1280 px', () => {
  it('appears after 30% of the page and goes to the form, where it hides again', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${site.url}/residential/panel-upgrades`);
    const float = page.locator('[data-float-cta]');
    expect(await float.isVisible()).toBe(false);
    await scrollToShare(page, 0.35);
    await float.waitFor({ state: 'visible' });
    expect(await float.textContent()).toBe('Request Service or Estimate');
    await float.click();
    await page.locator('#estimate form').waitFor({ state: 'visible' });
    await float.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/#estimate$/);
    await page.close();
  });
});

describe('carousel in Chromium', () => {
  const shown = (page: Page) => page.locator('[data-carousel] [data-slide]:not([inert])').getAttribute('data-slide');
  /** The reviews of the panel-upgrade page's data (three in the spec). */
  const reviews = (pageData('/residential/panel-upgrades').testimonials.items as unknown[]).length;

  it('advances after 5 s, loops, pauses on hover, and has working previous/next', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.goto(`${site.url}/residential/panel-upgrades`);
    const box = page.locator('[data-carousel]');
    await box.scrollIntoViewIfNeeded();
    expect(await page.locator('[data-carousel] [data-slide]:visible').count()).toBe(1);
    // Stop the clock, then restart the carousel's interval at a known time: the pointer passing over it.
    await page.clock.pauseAt(start + 60_000);
    await box.hover();
    await page.mouse.move(0, 0);
    const first = Number(await shown(page));
    const after = (n: number) => String((first + n) % reviews);
    await page.clock.fastForward(4900);
    expect(await shown(page)).toBe(after(0));
    await page.clock.fastForward(100);
    expect(await shown(page)).toBe(after(1));
    expect(
      await page
        .locator('[data-carousel] [data-slide]')
        .nth(Number(after(1)))
        .isVisible(),
    ).toBe(true);
    await page.clock.fastForward(5000);
    await page.clock.fastForward(5000);
    expect(await shown(page)).toBe(after(3));
    await box.hover();
    await page.clock.fastForward(15_000);
    expect(await shown(page)).toBe(after(3));
    await page.locator('[data-carousel-next]').click();
    expect(await shown(page)).toBe(after(4));
    expect(await page.locator('[data-carousel-status]').textContent()).toBe(`Review ${Number(after(4)) + 1} of ${reviews}`);
    await page.locator('[data-carousel-prev]').click();
    await page.locator('[data-carousel-prev]').click();
    expect(await shown(page)).toBe(after(2));
    await page.close();
  });

  it('does not play under prefers-reduced-motion', async () => {
    const page = await browser.newPage({ viewport: PHONE, reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(`${site.url}/residential/panel-upgrades`);
    await page.locator('[data-carousel-controls]').waitFor({ state: 'visible' });
    await page.clock.fastForward(20_000);
    expect(await shown(page)).toBe('0');
    await page.close();
  });
});

describe('blog list in Chromium', () => {
  const cards = (page: Page) => page.locator('[data-post]:visible');
  // Read from the page: history.pushState reaches page.url() a moment later.
  const param = (page: Page, name: string) => page.evaluate((n) => new URLSearchParams(location.search).get(n), name);
  const titlesOf = (list: typeof blogPosts) => list.map((p) => p.front.title as string).sort();
  /** The cards shown are the first page of `list`: as many as a page takes, each from the list, page buttons only for more. */
  async function expectFirstPageOf(page: Page, list: typeof blogPosts) {
    const shown = (await cards(page).locator('h2').allTextContents()).sort();
    if (list.length <= PAGE_SIZE) expect(shown).toEqual(titlesOf(list));
    else {
      expect(shown).toHaveLength(PAGE_SIZE);
      for (const title of shown) expect(titlesOf(list)).toContain(title);
    }
    expect(await page.locator('[data-pagination]').isVisible()).toBe(list.length > PAGE_SIZE);
  }

  it('pages by the page size, searches, filters by chip, keeps it all in the URL and goes back', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${site.url}/blog`);
    await page.getByPlaceholder('Search articles...').waitFor({ state: 'visible' });
    await expect.poll(() => cards(page).count()).toBe(FIRST_PAGE);
    expect(await page.locator('[data-pagination]').isVisible()).toBe(PAGES > 1);
    if (PAGES > 1) {
      // The last page holds what the earlier ones leave.
      await page.locator(`[data-pagination] button[data-page="${PAGES}"]`).click();
      expect(await cards(page).count()).toBe(blogPosts.length - PAGE_SIZE * (PAGES - 1));
      await expect.poll(() => param(page, 'page')).toBe(String(PAGES));
    }

    await page.getByPlaceholder('Search articles...').fill(TITLE_WORD);
    await expect.poll(() => param(page, 'q')).toBe(TITLE_WORD);
    expect(await param(page, 'page')).toBeNull();
    await expectFirstPageOf(page, postsMatching(TITLE_WORD));

    await page.getByPlaceholder('Search articles...').fill('zzzz');
    expect(await page.getByText('No articles found matching your search criteria.').isVisible()).toBe(true);
    await page.getByPlaceholder('Search articles...').fill('');

    await page.getByRole('link', { name: categoryName(NARROW), exact: true }).click();
    await expect.poll(() => param(page, 'category')).toBe(NARROW);
    await expectFirstPageOf(page, postsIn(NARROW));
    expect(new Set(await cards(page).locator('.chip-cat').allTextContents())).toEqual(new Set([categoryName(NARROW)]));
    await page.goBack();
    await expect.poll(() => param(page, 'category')).toBeNull();
    expect(await cards(page).count()).toBe(FIRST_PAGE);
    await page.close();
  });

  it('opens a shared URL with its category and search applied', async () => {
    const slug = slugOf(TITLE_POST.front.category);
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.url}/blog?category=${slug}&q=${encodeURIComponent(TITLE_WORD)}`);
    await expect.poll(() => page.getByPlaceholder('Search articles...').inputValue()).toBe(TITLE_WORD);
    await expectFirstPageOf(page, postsMatching(TITLE_WORD, slug));
    expect(new Set(await cards(page).locator('.chip-cat').allTextContents())).toEqual(new Set([TITLE_POST.front.category]));
    expect(await page.getByRole('link', { name: categoryName(slug), exact: true }).getAttribute('aria-current')).toBe('true');
    await page.close();
  });

  it('without JavaScript lists every post and shows no search or chips that could not work', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/blog`);
    expect(await cards(page).count()).toBe(blogPosts.length);
    expect(await page.getByPlaceholder('Search articles...').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Categories' }).isVisible()).toBe(false);
    await context.close();
  });

  it('with JavaScript shows the search and chips from the first paint', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.url}/blog`, { waitUntil: 'commit' });
    await page.getByPlaceholder('Search articles...').waitFor({ state: 'visible' });
    expect(await page.getByRole('navigation', { name: 'Categories' }).isVisible()).toBe(true);
    await page.close();
  });
});

describe('404 page in Chromium', () => {
  it('logs the requested path to the console', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    const response = await page.goto(`${site.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => logs.some((line) => line.includes('/no/such/page'))).toBe(true);
    await page.close();
  });
});

describe('script budget in Chromium', () => {
  it.each([
    ['/', DESKTOP],
    ['/contact', PHONE],
    ['/blog', DESKTOP],
    ['/residential/panel-upgrades', PHONE],
    ['/no/such/page', DESKTOP],
  ])('%s loads at most 6 KB gzip of script, as modules, all from the site itself', async (route, viewport) => {
    const page = await browser.newPage({ viewport });
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).origin));
    await page.goto(`${site.url}${route}`, { waitUntil: 'networkidle' });
    await scrollToShare(page, 1);
    // The contact map's chunk is loaded and counted too: bring the map into view and
    // wait for it to be drawn (the frame's placeholder svg has no role).
    if (route === '/contact') {
      await page.locator('[data-map]').scrollIntoViewIfNeeded();
      await page.locator('[data-map-panel] svg[role="group"]').first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    expect(await page.locator('script[src]:not([type="module"])').count()).toBe(0);
    // Every script the page fetched, by its own record.
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\.m?js(\?|$)/.test(url)),
    );
    if (route === '/contact') expect(urls.some((url) => /\/assets\/map-/.test(url))).toBe(true);
    for (const url of urls) hosts.add(new URL(url).origin);
    const sizes = await Promise.all(urls.map(async (url) => gzipSync(await (await page.request.get(url)).body()).length));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(6 * 1024);
    expect([...hosts]).toEqual([site.url]);
    await page.close();
  });
});
