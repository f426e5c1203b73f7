// The page headers of a build with the browser editor (src/extras/headers-file.ts): written path by
// path, because a second policy for /admin/ would be added to the site's rather than put in its
// place. Held on generated trees of output files, as Netlify's own parser and the preview server
// read the file: every file and every page's route gets the site's policy exactly once, so does an
// address at the top that no file has (the not-found page), and nothing of the editor's folder gets
// it at all. Cloudflare's reading of the real site is held by `npm run test:cdn`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headerRules, headersFile } from 'trn-site/internal/extras/headers-file.ts';
import { headersFor, parseHeaders } from 'trn-site/internal/serve/headers.ts';
import { ADMIN_FOLDER, ADMIN_HEADERS, ADMIN_PAGE } from 'trn-site/internal/cms/admin-page.ts';
import { NOT_FOUND_FILE, routeForFile } from 'trn-site/internal/url.ts';
import { netlifyHeaders } from './helpers/writer-properties.ts';

const POLICY = "default-src 'none'; script-src 'self'";

// Names that share beginnings with each other and with the editor's folder, pages and their folders side by side.
const name = fc.constantFrom(
  'a',
  'ad',
  'adm',
  'admi',
  'administration',
  'blog',
  'blog.html',
  'blogroll.html',
  'b',
  'index.html',
  'feed.xml',
  'x.png',
  'gta',
  'gta.html',
  '404.html',
  // Names no pattern can hold as themselves: their folders are refused by the build (src/rules/editor-headers.ts), and must break nothing here.
  ':x',
  'my photos',
  'Admin',
);

/** A folder the build lets through with the editor: every name plain, and not the editor's in another case. */
const plainFolder = (path: string) => {
  const dir = path.slice(0, Math.max(path.lastIndexOf('/'), 0));
  return dir === '' || (dir.split('/').every((n) => /^[A-Za-z0-9._~-]+$/.test(n)) && !`/${dir}/`.toLowerCase().startsWith(ADMIN_FOLDER));
};
const file = fc.array(name, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/'));
const files = fc.uniqueArray(file, { minLength: 1, maxLength: 30 });

/** The addresses a file is reached at: its path, and a page's route as the engine gives it (`a/index.html` at /a). */
function addresses(path: string): string[] {
  return [...new Set([`/${path}`, ...(path.endsWith('.html') && path !== NOT_FOUND_FILE ? [routeForFile(path)] : [])])];
}

const EDITOR = [ADMIN_PAGE, `${ADMIN_FOLDER}config.yml`, `${ADMIN_FOLDER}decap-cms.js`, `${ADMIN_FOLDER}1077.decap-cms.js`];

describe('the page headers with the browser editor', () => {
  it('give every file of the site its policy once, the top-level not-found address too, and the editor only its own, to Netlify and the preview server (generated trees)', async () => {
    await fc.assert(
      fc.asyncProperty(files, async (paths) => {
        // A site's files never sit in the editor's folder: the build writes that folder itself.
        // Nor is one file's path another's folder.
        const folders = new Set(
          paths.flatMap((p) =>
            p
              .split('/')
              .slice(0, -1)
              .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
          ),
        );
        const site = paths.filter((p) => !`/${p}/`.startsWith(ADMIN_FOLDER) && !folders.has(p));
        const text = headersFile(headerRules(POLICY, { folder: ADMIN_FOLDER, headers: ADMIN_HEADERS, files: site }));
        const engine = parseHeaders(text);
        expect(engine.errors).toEqual([]);
        const netlify = await netlifyHeaders(text);
        expect(netlify.errors).toEqual([]);
        const byNetlify = (path: string) =>
          netlify.headers.filter((block) => block.forRegExp?.test(path)).flatMap((block) => Object.entries(block.values as Record<string, string>));
        const policies = (path: string) => ({
          engine: headersFor(engine.rules, path)['Content-Security-Policy'],
          netlify: byNetlify(path)
            .filter(([n]) => n.toLowerCase() === 'content-security-policy')
            .map(([, v]) => v)
            .join(', '),
        });
        for (const path of [...site.filter(plainFolder).flatMap(addresses), '/no-such-page'].filter(
          (p) => !p.toLowerCase().startsWith(ADMIN_FOLDER.slice(0, -1)),
        )) {
          expect(policies(path), path).toEqual({ engine: POLICY, netlify: POLICY });
        }
        for (const path of EDITOR)
          expect(policies(path), path).toEqual({ engine: ADMIN_HEADERS['Content-Security-Policy'], netlify: ADMIN_HEADERS['Content-Security-Policy'] });
        // No more blocks than Cloudflare Pages reads.
        expect(engine.rules.length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });

  it('fails on the site-wide layout it replaces: a policy for every path and another for the editor add up to two', async () => {
    const text = headersFile([
      ...headerRules(POLICY),
      { path: `${ADMIN_FOLDER}*`, headers: { 'Content-Security-Policy': ADMIN_HEADERS['Content-Security-Policy']! } },
    ]);
    expect(headersFor(parseHeaders(text).rules, ADMIN_PAGE)['Content-Security-Policy']).toBe(`${POLICY}, ${ADMIN_HEADERS['Content-Security-Policy']}`);
  });
});
