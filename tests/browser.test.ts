// Chromium opens the site from the preview server, as a visitor would.
import { describe, expect, it } from 'vitest';
import { useSiteInBrowser } from './helpers/browser.ts';
import { parse } from 'yaml';
import { readFile } from 'node:fs/promises';

const env = useSiteInBrowser();

describe('home page in Chromium', () => {
  it('has the title written in pages/index.yaml', async () => {
    const expected = (parse(await readFile('pages/index.yaml', 'utf8')) as { title: string }).title;
    const page = await env.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const response = await page.goto(env.site.url + '/');
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(expected);
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
