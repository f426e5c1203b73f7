// The shared chrome in Chromium: header and dropdowns at 1280 px, the menu
// toggle and the sticky bar at 375 px.
import { describe, expect, it } from 'vitest';
import { useSiteInBrowser } from './helpers/browser.ts';

const env = useSiteInBrowser();

describe('at 1280 px', () => {
  it('shows the header with its five dropdowns, each opening to its links', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(env.site.url + '/residential');
    const summaries = page.locator('header summary');
    expect(await summaries.allTextContents()).toEqual(['Residential', 'Commercial/Industrial', 'Smart Home', 'EV and Generator', 'Areas We Serve']);
    for (let i = 0; i < 5; i++) {
      await summaries.nth(i).click();
      const links = page.locator('header details').nth(i).locator('a');
      expect(await links.first().isVisible()).toBe(true);
      expect(await links.count()).toBeGreaterThan(2);
    }
    await page.locator('header details').nth(4).locator('a[href="/gta/vaughan"]').click();
    await page.waitForURL('**/gta/vaughan');
    expect(await page.locator('h1').textContent()).toContain('Vaughan');
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
    expect(await call.getAttribute('href')).toBe('tel:+14165550100');
    await quote.click();
    await page.waitForFunction(() => location.hash === '#estimate');
    // Scrolling is smooth: wait until the form is in view rather than for a fixed time.
    await page.waitForFunction(() => {
      const box = document.getElementById('estimate')!.getBoundingClientRect();
      return box.top >= 0 && box.top < innerHeight / 2;
    }, undefined, { timeout: 5000 });
    await page.close();
  });

  it('uses the Toronto phone in the sticky bar under /toronto', async () => {
    const page = await env.browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(env.site.url + '/toronto/leslieville');
    expect(await page.getByRole('link', { name: 'Call Now', exact: true }).getAttribute('href')).toBe('tel:+14165550142');
    await page.close();
  });
});
