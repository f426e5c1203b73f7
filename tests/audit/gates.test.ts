// The smaller pure parts: vnu message sorting, the console allowance on the
// 404 page, Lighthouse result summaries, pages from files, site facts.
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type RenderedPage } from 'trn-site';
import { NOT_FOUND_ROUTE } from 'trn-site/theme';
import type { Visit } from '../../tools/audit/browser.ts';
import { judgeConsole, isAllowedNotFoundMessage } from '../../tools/audit/gates/console.ts';
import { classifyMessages } from '../../tools/audit/gates/html.ts';
import { PHOTO_POST_ROUTE } from '../../tools/audit/photo-post.ts';
import { LIGHTHOUSE_ROUTES, lighthouseTargets, medianRun, summariseLhr, type LighthouseRun } from '../../tools/audit/gates/lighthouse.ts';
import { scanHtml } from '../../tools/audit/html.ts';
import { MISSING_PATH, pageFromFile, pagesFromFiles, type Page } from '../../tools/audit/pages.ts';
import { siteFacts } from '../../tools/audit/site.ts';

/** The real site's pages as the engine renders them (not written): what the audit must find in dist/. */
let rendered: RenderedPage[] = [];
/** Those pages as the audit finds them from the output files, each file's HTML scanned. */
let built: Page[] = [];
beforeAll(async () => {
  rendered = (await build({ root: '.', write: false, editorSchemas: false })).pages;
  const html = new Map(rendered.map((p) => [p.output, p.html]));
  built = pagesFromFiles([...html.keys()], (file) => scanHtml(html.get(file)!));
}, 60_000);
const builtPages = () => built;

describe('vnu messages', () => {
  it('sorts errors, warnings, allowed warnings and plain info', () => {
    const result = classifyMessages(
      [
        { type: 'error', message: 'Duplicate ID main.' },
        { type: 'non-document-error', message: 'IO error' },
        { type: 'info', subType: 'warning', message: 'Section lacks heading.' },
        { type: 'info', subType: 'warning', message: 'The type attribute is unnecessary.' },
        { type: 'info', message: 'Trailing slash on void elements has no effect.' },
      ],
      [{ pattern: /type attribute is unnecessary/, reason: 'because' }],
    );
    expect(result.errors.map((m) => m.message)).toEqual(['Duplicate ID main.', 'IO error']);
    expect(result.warnings.map((m) => m.message)).toEqual(['Section lacks heading.']);
    expect(result.allowed.map((a) => a.reason)).toEqual(['because']);
    expect(result.infos).toBe(1);
  });
});

describe('console allowance', () => {
  const notFound = pageFromFile('404.html')!;
  const home = pageFromFile('index.html')!;
  const url = `http://127.0.0.1:4000${MISSING_PATH}`;

  it("allows the 404 page's own status and its logged path, nothing else", () => {
    expect(
      isAllowedNotFoundMessage({ page: notFound, url }, { text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', url }),
    ).toBe(true);
    expect(isAllowedNotFoundMessage({ page: notFound, url }, { text: `Page not found: ${MISSING_PATH}`, url: '' })).toBe(true);
    expect(
      isAllowedNotFoundMessage(
        { page: notFound, url },
        { text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', url: 'http://127.0.0.1:4000/assets/x.js' },
      ),
    ).toBe(false);
    expect(isAllowedNotFoundMessage({ page: home, url: 'http://127.0.0.1:4000/' }, { text: `Page not found: ${MISSING_PATH}`, url: '' })).toBe(false);
  });
});

describe('console gate', () => {
  const visit = (file: string, url: string, consoleErrors: Visit['consoleErrors'], pageErrors: string[] = []): Visit => ({
    page: pageFromFile(file)!,
    width: 375,
    url,
    status: 200,
    consoleErrors,
    consoleWarnings: [],
    pageErrors,
    requests: [],
    scripts: [],
    layoutShift: 0,
    shifts: [],
    axe: [],
    timings: {},
  });
  const missing = `http://127.0.0.1:4000${MISSING_PATH}`;
  const status = { text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', url: missing };
  const logged = { text: `404: page not found: ${MISSING_PATH}`, url: 'http://127.0.0.1:4000/assets/not-found.js' };

  it("passes the 404 page's document status and one logged path", () => {
    const result = judgeConsole([visit('404.html', missing, [status, logged])]);
    expect(result.pass).toBe(true);
  });

  it('fails a second logged path, any error on another page, and an uncaught exception', () => {
    expect(judgeConsole([visit('404.html', missing, [status, logged, logged])]).failures).toHaveLength(1);
    const result = judgeConsole([visit('index.html', 'http://127.0.0.1:4000/', [{ text: 'boom', url: '' }], ['TypeError: x is undefined'])]);
    expect(result.failures).toEqual(['/ @375  console.error: boom', '/ @375  uncaught: TypeError: x is undefined']);
  });
});

describe('pages', () => {
  it("finds every page the engine renders, at the engine's route, from its output file", () => {
    const pages = builtPages();
    expect(pages.map((p) => p.route).sort()).toEqual(rendered.map((p) => p.route).sort());
    for (const page of pages) expect(page.file, page.route).toBe(rendered.find((p) => p.route === page.route)!.output);
  });

  it("tells the posts by what each page says of itself: exactly the pages the theme's post template rendered", () => {
    const posts = rendered.filter((p) => p.template === 'post').map((p) => p.route);
    expect(posts).not.toEqual([]);
    expect(
      builtPages()
        .filter((p) => p.isPost)
        .map((p) => p.route)
        .sort(),
    ).toEqual(posts.sort());
  });

  it('puts home first and the not-found page last, reached at a missing path with a 404', () => {
    const pages = builtPages();
    expect(pages[0]!.route).toBe('/');
    expect(pages.at(-1)).toEqual({ file: '404.html', route: NOT_FOUND_ROUTE, requestPath: MISSING_PATH, expectedStatus: 404, isPost: false });
    expect(pages.filter((p) => p.expectedStatus === 404)).toHaveLength(1);
  });

  it('leaves out files that are not HTML, and maps a folder index as the engine reads it back', () => {
    expect(pagesFromFiles(['favicon.svg', 'robots.txt', 'assets/menu-X.js'])).toEqual([]);
    expect(pageFromFile('toronto/index.html')!.route).toBe('/toronto');
  });
});

describe('Lighthouse', () => {
  it("targets the named routes and the first post, each a page of the site's build", () => {
    const pages = builtPages();
    const firstPost = pages
      .filter((p) => p.isPost)
      .map((p) => p.route)
      .sort((a, b) => a.localeCompare(b))[0];
    const targets = lighthouseTargets(pages);
    expect(targets.map((t) => t.route)).toEqual([...LIGHTHOUSE_ROUTES, firstPost]);
    for (const t of targets) expect(t.page?.route, t.route).toBe(t.route);
  });

  it('keeps a route missing from the build in the list, without a page, so the gate can say so', () => {
    const article = { ogType: 'article' };
    const pages = pagesFromFiles(['index.html', 'notes/b.html', 'notes/a.html'], (file) => (file.startsWith('notes/') ? article : null));
    expect(lighthouseTargets(pages).map((t) => [t.route, t.page !== undefined])).toEqual([...LIGHTHOUSE_ROUTES.map((r) => [r, r === '/']), ['/notes/a', true]]);
    expect(lighthouseTargets(pagesFromFiles(['index.html'])).at(-1)).toEqual({ route: '<a post>' });
  });

  it('adds the audit’s post with a phone photo when the build has it, and not as the first post', () => {
    const article = { ogType: 'article' };
    const photo = `${PHOTO_POST_ROUTE.slice(1)}.html`;
    const pages = pagesFromFiles(['index.html', 'blog/b.html', photo], (file) => (file.startsWith('blog/') ? article : null));
    expect(
      lighthouseTargets(pages)
        .slice(-2)
        .map((t) => t.route),
    ).toEqual(['/blog/b', PHOTO_POST_ROUTE]);
  });

  it('summarises scores, metrics and the audits that cost points', () => {
    const run = summariseLhr('/', {
      categories: {
        performance: {
          score: 0.99,
          auditRefs: [
            { id: 'total-blocking-time', weight: 30 },
            { id: 'uses-text-compression', weight: 0 },
          ],
        },
        accessibility: { score: 1, auditRefs: [] },
        'best-practices': { score: 1, auditRefs: [] },
        seo: {
          score: 0.92,
          auditRefs: [
            { id: 'canonical', weight: 1 },
            { id: 'structured-data', weight: 0 },
          ],
        },
      },
      audits: {
        'total-blocking-time': { title: 'TBT', score: 0.9, numericValue: 120, displayValue: '120 ms' },
        'uses-text-compression': { title: 'compression', score: 0 },
        canonical: { title: 'canonical', score: 0 },
        'largest-contentful-paint': { title: 'LCP', score: 1, numericValue: 1200 },
        'cumulative-layout-shift': { title: 'CLS', score: 1, numericValue: 0 },
      },
      runWarnings: [],
    });
    expect(run.scores).toEqual({ performance: 99, accessibility: 100, 'best-practices': 100, seo: 92 });
    expect(run.metrics.tbt).toBe(120);
    expect(run.metrics.cls).toBe(0);
    expect(run.failing.map((f) => f.id)).toEqual(['total-blocking-time', 'canonical']);
  });

  it('judges a page run three times by its median performance run', () => {
    const run = (performance: number) =>
      ({
        route: '/',
        scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
        metrics: { lcp: performance, tbt: 0, cls: 0, fcp: 0, si: 0 },
        failing: [],
        warnings: [],
      }) as LighthouseRun;
    const median = medianRun([run(97), run(100), run(99)]);
    expect(median.scores.performance).toBe(99);
    expect(median.attempts).toEqual(['97', '100', '99']);
    expect(medianRun([run(100)]).attempts).toBeUndefined();
  });

  it('leaves failed attempts out of the median and says they failed', () => {
    const run = (performance: number | null, error?: string) =>
      ({
        route: '/',
        scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
        metrics: { lcp: 0, tbt: 0, cls: 0, fcp: 0, si: 0 },
        failing: [],
        warnings: [],
        ...(error ? { error } : {}),
      }) as LighthouseRun;
    const median = medianRun([run(98), run(null, 'PROTOCOL_TIMEOUT'), run(100), run(99)]);
    expect(median.scores.performance).toBe(99);
    expect(median.attempts).toEqual(['98', 'error', '100', '99']);
    expect(median.warnings).toEqual(['an attempt failed: PROTOCOL_TIMEOUT']);
  });
});

describe('site facts', () => {
  it('reads the base origin and the form service origin, with the environment overriding the base', () => {
    const yaml = 'baseUrl: https://www.example.com\nleadsEmail: a@example.com\nform:\n  action: https://formsubmit.co/{email}\n';
    expect(siteFacts(yaml)).toEqual({ baseOrigin: 'https://www.example.com', formOrigin: 'https://formsubmit.co' });
    expect(siteFacts(yaml, { SITE_BASE_URL: 'https://preview.example.net/' }).baseOrigin).toBe('https://preview.example.net');
    expect(siteFacts('baseUrl: https://www.example.com\nform:\n  action: /contact\n').formOrigin).toBeNull();
  });
});
