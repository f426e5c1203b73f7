// A phone photo as a visitor gets it, in Chromium: a copy of the site whose first
// post features a generated 4000 × 3000 JPEG of several megabytes, built and served
// by the preview server. At 375 and 1280 px the page fetches one AVIF of a few tens
// of kilobytes at the width the screen needs, never the original, the picture has
// its size before it arrives, and nothing on the page moves.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'trn-site';
import { serve, type RunningServer } from 'trn-site/serve';
import { launchBrowser } from './helpers/browser.ts';
import { posts } from './helpers/content.ts';
import { copyProject, removeCopy } from './helpers/project-copy.ts';
import { syntheticPhoto } from '../tools/bench/photo.ts';

const PHOTO = '/images/blog/IMG_2041 Heated Floor.JPG';
const post = posts[0]!;
let root: string;
let server: RunningServer;
let browser: Browser;
let originalBytes: number;

beforeAll(async () => {
  root = await copyProject('photo-browser');
  const photo = await syntheticPhoto();
  originalBytes = photo.length;
  await writeFile(join(root, 'static', PHOTO), photo);
  const text = await readFile(join(root, post.file), 'utf8');
  await writeFile(
    join(root, post.file),
    text
      .replace(/^featuredImage: .*$/m, `featuredImage: ${PHOTO}`)
      .replace(/^featuredImageAlt: .*$/m, 'featuredImageAlt: A heated floor mat rolled out on a bathroom subfloor'),
  );
  await build({ root, out: join(root, 'dist'), editorSchemas: false });
  [server, browser] = await Promise.all([serve({ dir: join(root, 'dist'), port: 0 }), launchBrowser()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeCopy(root);
});

describe('a post with a phone photo, in Chromium', () => {
  it.each([
    [375, 740, 400],
    [1280, 800, 800],
  ])('at %i × %i px fetches one AVIF %i px wide of a few kilobytes, sized before it arrives, and nothing moves', async (width, height, expectedWidth) => {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const images: { url: string; type: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/assets/images/') && !response.url().includes('IMG_2041')) return;
      images.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: (await response.body()).length });
    });
    await page.goto(server.url + post.route, { waitUntil: 'load' });
    const img = page.locator('img.post-img');
    const shown = await img.evaluate((el: HTMLImageElement) => ({
      current: el.currentSrc,
      ratio: el.width / el.height,
      fetch: el.getAttribute('fetchpriority'),
    }));
    await page.waitForTimeout(500);
    expect(images.map((i) => i.type)).toEqual(['image/avif']);
    expect(images[0]!.bytes).toBeLessThan(60_000);
    expect(images[0]!.bytes * 50).toBeLessThan(originalBytes);
    expect(shown.current).toMatch(new RegExp(`-${expectedWidth}\\.avif$`));
    expect(shown.ratio).toBeCloseTo(4 / 3, 2);
    expect(shown.fetch).toBe('high');
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
    console.log(`photo at ${width} px: ${images[0]!.url.split('/').pop()}, ${images[0]!.bytes} bytes of AVIF (the original: ${originalBytes} bytes)`);
    await page.close();
  });
});
