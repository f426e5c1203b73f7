// The real site, built and served as `npm start` serves it: every redirect of
// the specification and DECISIONS.md, the 404 page, pretty URLs, and requests
// that try to reach files outside dist/; the icons and the web app manifest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { buildAndServe, type ServedSite } from './helpers/site.ts';
import { SPEC_REDIRECTS, SPEC_ROUTES } from './helpers/spec.ts';
import sharp from 'sharp';
import { contentRoutes, posts, site as siteData } from './helpers/content.ts';

let site: ServedSite;
beforeAll(async () => {
  site = await buildAndServe();
});
afterAll(() => site?.close());

const get = (path: string) => fetch(site.url + path, { redirect: 'manual' });

/** A request whose path goes on the wire exactly as written (fetch would normalise it). */
function raw(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('redirects of the specification and DECISIONS.md', () => {
  const cases = SPEC_REDIRECTS.flatMap(
    ([from, status, to]) =>
      [
        [from, status, to],
        [from + '/', status, to],
      ] as const,
  );
  it.each(cases)('%s answers %i to %s', async (path, status, location) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe(location);
    expect((await get(location)).status).toBe(200);
  });
});

describe('pretty URLs', () => {
  it.each([
    ['/residential/', '/residential'],
    ['/residential/panel-upgrades/', '/residential/panel-upgrades'],
    ['/thank-you/', '/thank-you'],
    ['/gta/vaughan/', '/gta/vaughan'],
    ['/residential.html', '/residential'],
    ['/index.html', '/'],
    ['/thank-you/?utm_source=x', '/thank-you?utm_source=x'],
  ])('%s answers 301 to the canonical %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(location);
  });

  it.each(SPEC_ROUTES)('%s answers 200 with HTML', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toMatch(/^<!DOCTYPE html><html lang="en-CA"/);
  });

  it('serves every page and post of pages/ at its route', async () => {
    expect(posts.length).toBeGreaterThan(0);
    for (const route of contentRoutes) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toBe('text/html; charset=utf-8');
    }
  });
});

describe('not found', () => {
  it.each(['/nope', '/residential/nope', '/gta/toronto-island', '/404.html/x'])('%s answers 404 with the 404 page', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
  });

  it('never serves the CDN control files', async () => {
    expect((await get('/_redirects')).status).toBe(404);
    expect((await get('/_headers')).status).toBe(404);
  });
});

describe('headers', () => {
  it('sends the security headers on pages and immutable caching on hashed assets', async () => {
    const page = await get('/');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const script = site.result.files.find((f) => f.path.startsWith('assets/') && f.path.endsWith('.js'))!;
    const asset = await get('/' + script.path);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('nothing outside dist/ is ever served', () => {
  it.each([
    '/..%2f..%2fetc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/',
    '/..\\..\\etc\\passwd',
    '/%5c..%5c..%5cetc%5cpasswd',
    '/etc/passwd%00.html',
    '/%00',
    '/../../../../etc/passwd',
    '//etc/passwd',
  ])('%s', async (path) => {
    const response = await raw(path);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain('root:');
  });
});

describe('icons and the web app manifest', () => {
  it('every page links the SVG favicon, the PNG icon, the home-screen icon and the manifest, and each is served', async () => {
    const wanted = [
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
      '<link rel="icon" href="/icon-32.png" type="image/png" sizes="32x32"/>',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>',
      '<link rel="manifest" href="/manifest.webmanifest"/>',
    ];
    for (const route of [...contentRoutes, '/404']) {
      const html = site.result.pages.find((p) => p.route === route)?.html ?? (await (await get(route)).text());
      for (const link of wanted) expect(html, route).toContain(link);
    }
    for (const path of ['/favicon.svg', '/icon-32.png', '/apple-touch-icon.png']) expect((await get(path)).status, path).toBe(200);
  });

  it('names the business of site.yaml, with icons that are served at the sizes it says', async () => {
    const answer = await get('/manifest.webmanifest');
    expect(answer.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await answer.json()) as { name: string; short_name: string; theme_color: string; icons: { src: string; sizes: string }[] };
    expect(manifest.name).toBe(siteData.business.name);
    expect(manifest.short_name).toBe(siteData.business.shortName);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    for (const icon of manifest.icons) {
      const png = Buffer.from(await (await get(icon.src)).arrayBuffer());
      const size = await sharp(png).metadata();
      expect(`${size.width}x${size.height}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('share cards', () => {
  it('gives every page its own card, 1200 × 630, served, with its size and what it shows', async () => {
    const seen = new Map<string, string>();
    for (const route of contentRoutes) {
      const html = site.result.pages.find((p) => p.route === route)!.html;
      const image =
        /<meta property="og:image" content="([^"]+)"\/><meta property="og:image:width" content="1200"\/><meta property="og:image:height" content="630"\/><meta property="og:image:alt" content="[^"]+"\/>/.exec(
          html,
        )?.[1];
      expect(image, route).toBeDefined();
      expect(html, route).toContain(`<meta name="twitter:image" content="${image}"/>`);
      expect(seen.get(image!), `${route} shares its card with ${seen.get(image!)}`).toBeUndefined();
      seen.set(image!, route);
    }
    // A sample of them really is a 1200 × 630 picture.
    for (const image of [...seen.keys()].filter((_, i) => i % 25 === 0)) {
      const answer = await get(new URL(image).pathname);
      expect(answer.status, image).toBe(200);
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect([meta.width, meta.height], image).toEqual([1200, 630]);
    }
  });
});
