// The shared chrome in Chromium: header and dropdowns at 1280 px, the menu
// toggle and the sticky bar at 375 px. Menus are read from site.yaml and the
// pages that list themselves in them (collections:), phones from site.yaml.
import { describe, expect, it } from 'vitest';
import { useSiteInBrowser } from './helpers/browser.ts';
import { dropdowns, pagesOf, site } from './helpers/content.ts';

const env = useSiteInBrowser();

describe('at 1280 px', () => {
  it('shows the header with the dropdowns of site.yaml, each opening to its links', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(env.site.url + '/residential');
    const summaries = page.locator('header summary');
    expect(dropdowns.length).toBeGreaterThan(0);
    expect(await summaries.allTextContents()).toEqual(dropdowns.map((d) => d.label));
    for (const [i, dropdown] of dropdowns.entries()) {
      await summaries.nth(i).click();
      const links = page.locator('header details').nth(i).locator('a');
      expect(await links.count(), dropdown.label).toBe(dropdown.links.length);
      expect(await links.first().isVisible(), dropdown.label).toBe(true);
      expect(await links.last().isVisible(), dropdown.label).toBe(true);
    }
    // The first link of the menus to a city or neighbourhood page leads there.
    const locations = new Map(pagesOf('location').map((p) => [p.route, p.data.place as string]));
    const at = dropdowns.findIndex((d) => d.links.some((l) => locations.has(l.href)));
    expect(at).toBeGreaterThanOrEqual(0);
    const place = dropdowns[at]!.links.find((l) => locations.has(l.href))!;
    if (at !== dropdowns.length - 1) await summaries.nth(at).click();
    await page.locator('header details').nth(at).locator(`a[href="${place.href}"]`).click();
    await page.waitForURL(`**${place.href}`);
    expect(await page.locator('h1').textContent()).toBe(`Electricians in ${locations.get(place.href)}`);
    expect(await page.locator('[data-menu-toggle]').isVisible()).toBe(false);
    await page.close();
  });
});

describe('at 375 px', () => {
  it('hides the navigation until the menu toggle opens it', async () => {
    const page = await env.browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(env.site.url + '/', { waitUntil: 'load' });
    // With script the menu link becomes a button that says whether the menu is open.
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.locator('#menu');
    expect(await toggle.isVisible()).toBe(true);
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    expect(await nav.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await nav.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('keeps Call Now and Get a Quote at the bottom, and Get a Quote lands on the form', async () => {
    const page = await env.browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(env.site.url + '/residential/panel-upgrades');
    const call = page.getByRole('link', { name: 'Call Now', exact: true });
    const quote = page.getByRole('link', { name: 'Get a Quote', exact: true });
    for (const link of [call, quote]) {
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(812 - 80);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await call.getAttribute('href')).toBe(`tel:${site.phones.main.e164}`);
    await quote.click();
    await page.waitForFunction(() => location.hash === '#estimate');
    // Scrolling is smooth: wait until the form is in view rather than for a fixed time.
    await page.waitForFunction(
      () => {
        const box = document.getElementById('estimate')!.getBoundingClientRect();
        return box.top >= 0 && box.top < innerHeight / 2;
      },
      undefined,
      { timeout: 5000 },
    );
    await page.close();
  });

  it('uses the Toronto phone in the sticky bar under /toronto', async () => {
    const page = await env.browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(env.site.url + '/toronto/leslieville');
    expect(await page.getByRole('link', { name: 'Call Now', exact: true }).getAttribute('href')).toBe(`tel:${site.phones.toronto.e164}`);
    await page.close();
  });
});
