// What every writer of a file in dist/ promises, as fast-check properties:
// any input is either refused before anything is written (the writer throws
// UnwritableValue, and where the value comes from content a rule or a schema
// refuses it at its line first), or written as a file that the real parser
// reads back as exactly the rules, headers, addresses or entries the input
// described, nothing more. Each check counts what it found that the input did
// not describe ("injected"), so the hardening suite can print it.
// Run by tests/writers.test.ts and, with many more cases, by
// tests/hardening/writers.test.ts. It reads the theme's JSON-LD writer and site schema too, so it lives
// among the tests, not beside the engine's writers (the engine names no template module).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { parseAllHeaders } from 'netlify-headers-parser';
import { parseAllRedirects } from 'netlify-redirect-parser';
import type { RedirectRule } from 'trn-site/internal/contracts/content-schema.ts';
import { redirectRule } from 'trn-site/internal/contracts/content-schema.ts';
import type { Member } from 'trn-site/internal/contracts/member.ts';
import { checkRedirects } from 'trn-site/internal/rules/redirects.ts';
import { hiddenCharactersOf } from 'trn-site/internal/rules/hidden-characters.ts';
import { parseHeaders } from 'trn-site/internal/serve/headers.ts';
import { parseRedirects } from 'trn-site/internal/serve/redirects.ts';
import { aliasPaths, canonicalUrl, isAbsoluteHttpUrl, stripTrailingSlash } from 'trn-site/internal/url.ts';
import { jsonForScript } from '../../templates/lib/script-json.ts';
import { siteSchema } from '../../templates/site.schema.ts';
import { BASE_DIRECTIVES, contentSecurityPolicy, type Directives } from 'trn-site/internal/extras/csp.ts';
import { atomFeed, type FeedSettings } from 'trn-site/internal/extras/feed.ts';
import { headersFile, type HeaderRule } from 'trn-site/internal/extras/headers-file.ts';
import { webAppManifest } from 'trn-site/internal/extras/index.ts';
import { asRequested, redirectLines, redirectsFile, type SitePaths } from 'trn-site/internal/extras/redirects-file.ts';
import { robots, sitemap } from 'trn-site/internal/extras/sitemap.ts';
import { UnwritableValue } from 'trn-site/internal/extras/unwritable.ts';
import { XML_FORBIDDEN } from 'trn-site/internal/extras/xml.ts';

/** What one case came to: written or refused, and how many parts of the written file the input did not describe. */
export interface Outcome {
  written: boolean;
  injected: number;
}

// ── Inputs ──────────────────────────────────────────────────────────────────

/** Pieces that mean something to one of the formats, or to a parser of text. */
const FRAGMENTS = [
  '/',
  'a',
  'b',
  'x-y',
  '.',
  '*',
  ':splat',
  ':id',
  '!',
  '#',
  '?',
  '=',
  '&',
  '%20',
  ';',
  ',',
  ':',
  '@',
  '\\',
  '"',
  "'",
  '<',
  '>',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\v',
  '\f',
  '\0',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\ud800',
  '\udc00',
  'é',
  'ß',
  'ש',
  'ب',
  '\u{1F600}',
  '\u{1F469}\u200d\u{1F527}',
  'https://',
  'http://',
  'example.com',
  ' 200!',
  ' 301',
  '\n/* https://elsewhere.example/:splat 200!\n',
  '.netlify/',
  'xn--',
  '999',
  ':99999',
  '0x1',
  '\n  X-Evil: 1',
  '&amp;',
  '&#0;',
  ']]>',
  '<!--',
  '</script>',
  '</loc>',
  'Disallow: /',
];

/** Any text: mostly pieces that mean something to some format, with arbitrary code points (lone surrogates included) among them. */
export const hostileText: fc.Arbitrary<string> = fc.string({
  unit: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...FRAGMENTS) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 10,
});

/** A path-like text: mostly starting with "/", as content's paths do, sometimes anything. */
const pathText = fc.oneof({ weight: 4, arbitrary: hostileText.map((t) => `/${t}`) }, { weight: 1, arbitrary: hostileText });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const redirectRuleArbitrary: fc.Arbitrary<RedirectRule> = fc.record({
  from: pathText,
  to: fc.oneof(
    pathText,
    hostileText.map((t) => `https://${t}`),
    hostileText.map((t) => `https://example.com/${t}`),
  ),
  status: fc.constantFrom(301 as const, 302 as const, 307 as const, 308 as const),
  force: fc.boolean(),
});

export const redirectsInput = fc.record({
  rules: fc.array(redirectRuleArbitrary, { maxLength: 5 }),
  site: fc.record({
    pages: fc.uniqueArray(fc.constantFrom('/', '/about', '/blog', '/blog/post', '/a', '/a/b'), { maxLength: 4 }),
    // A file's name comes from the file system, read as UTF-8: never half a character.
    files: fc.uniqueArray(
      fc.oneof(
        fc.constantFrom('/a/logo.svg', '/blog/feed.xml', '/blog/My Photo #2.jpg'),
        pathText.filter((path) => !LONE_SURROGATE.test(path)),
      ),
      { maxLength: 3 },
    ),
  }),
});

// ── Parsers ─────────────────────────────────────────────────────────────────

const folder = mkdtempSync(join(tmpdir(), 'site-writers-'));
// Made as the test file that imports this loads, and removed with it.
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A file's text as Netlify's own parsers read it (they read files, not text). */
async function netlifyRedirects(text: string) {
  const file = join(folder, '_redirects');
  writeFileSync(file, text);
  return parseAllRedirects({ redirectsFiles: [file], configRedirects: [], minimal: true });
}

export async function netlifyHeaders(text: string) {
  const file = join(folder, '_headers');
  writeFileSync(file, text);
  return parseAllHeaders({ headersFiles: [file] as never[], netlifyConfigPath: undefined, configHeaders: [], minimal: false });
}

const window = new JSDOM('').window;

/** A strict XML reading: the document, or `null` when the text is not well-formed XML. */
export function parseXml(text: string): Document | null {
  // The encoding as a file has it: a lone surrogate written out in UTF-8 is a replacement character.
  const bytes = Buffer.from(text, 'utf8').toString('utf8');
  try {
    const doc = new window.DOMParser().parseFromString(bytes, 'application/xml');
    return doc.getElementsByTagName('parsererror').length > 0 ? null : doc;
  } catch {
    return null;
  }
}

/** Runs `write`; `null` when it refused the input with UnwritableValue, any other error thrown on. */
function attempt(write: () => string): string | null {
  try {
    return write();
  } catch (error) {
    if (error instanceof UnwritableValue) return null;
    throw error;
  }
}

// ── _redirects ──────────────────────────────────────────────────────────────

/** Whether the schema of pages/_redirects.yaml or the redirect rules refuse a rule that cannot be written. */
export function redirectRefused(rules: readonly RedirectRule[], site: SitePaths): boolean {
  const from = new RegExp(redirectRule.properties.from.pattern!);
  const to = new RegExp(redirectRule.properties.to.pattern!);
  if (rules.some((rule) => !from.test(rule.from) || !to.test(rule.to))) return true;
  const entries = rules.map((rule, i) => ({
    ...rule,
    file: 'pages/_redirects.yaml',
    fields: { from: { line: 2 + 2 * i, column: 9 }, to: { line: 3 + 2 * i, column: 7 } },
  }));
  const found = checkRedirects(entries, { routes: new Set(site.pages), redirectSources: new Map(), files: new Set(site.files) });
  return found.some((d) => ['redirect-character', 'redirect-url', 'redirect-pattern'].includes(d.code));
}

/**
 * _redirects: refused (and then refused by the schema or the rules too), or read by
 * Netlify's parser and the preview server's without an error as exactly the lines
 * the writer meant, each of whose source and target comes from the input.
 */
export async function redirectsCase({ rules, site }: { rules: RedirectRule[]; site: SitePaths }): Promise<Outcome> {
  const text = attempt(() => redirectsFile(rules, site));
  if (text === null) {
    if (!redirectRefused(rules, site))
      throw new Error(`the writer refused rules that the schema and the rules let through: ${JSON.stringify(rules)} ${JSON.stringify(site)}`);
    return { written: false, injected: 0 };
  }
  const meant = redirectLines(rules, site).lines.map((l) => ({ from: l.from, to: l.to, status: Number.parseInt(l.status, 10), force: l.status.endsWith('!') }));
  const netlify = await netlifyRedirects(text);
  const engine = parseRedirects(text);
  let injected =
    netlify.errors.length + engine.errors.length + Math.abs(netlify.redirects.length - meant.length) + Math.abs(engine.rules.length - meant.length);
  const said = (r: { from: string; to?: string; status?: number; force?: boolean }) => `${r.from} ${r.to} ${r.status ?? 301}${r.force ? '!' : ''}`;
  meant.forEach((line, i) => {
    const theirs = netlify.redirects[i] as { from: string; to?: string; status?: number; force?: boolean; query?: object; conditions?: object } | undefined;
    if (!theirs || said(theirs) !== said(line) || Object.keys(theirs.query ?? {}).length + Object.keys(theirs.conditions ?? {}).length > 0) injected++;
    const ours = engine.rules[i];
    if (!ours || said(ours) !== said(line)) injected++;
  });
  // Every line's source and target come from the input: a rule, or a page or file it keeps served.
  const froms = new Set<string>();
  const tos = new Set<string>();
  for (const rule of rules) {
    const from = stripTrailingSlash(rule.from);
    for (const f of [rule.from, from, `${from}/`, from.endsWith('/*') ? from.slice(0, -2) || '/' : '']) froms.add(f);
    tos.add(rule.to).add(rule.to.replaceAll(':splat', ''));
  }
  for (const path of [...site.files.map(asRequested), ...site.pages]) {
    froms.add(path).add(`${path}/`);
    tos.add(path);
  }
  for (const page of site.pages) for (const alias of aliasPaths(page)) froms.add(alias).add(`${alias}/`);
  injected += meant.filter((line) => !froms.has(line.from) || !tos.has(line.to)).length;
  return { written: true, injected };
}

// ── _headers and the Content-Security-Policy ────────────────────────────────

export const headersInput: fc.Arbitrary<HeaderRule[]> = fc.array(
  fc.record({
    path: fc.oneof(fc.constantFrom('/*', '/assets/*'), pathText),
    headers: fc.dictionary(
      fc.oneof(fc.constantFrom('X-Frame-Options', 'Cache-Control', 'Content-Length', 'x-frame-options'), hostileText),
      fc.oneof(fc.constantFrom('DENY', 'public, max-age=0'), hostileText),
      { maxKeys: 3 },
    ),
  }),
  { maxLength: 3 },
);

/** _headers: refused, or read by Netlify's parser and the preview server's as exactly the blocks and values given. */
export async function headersCase(rules: HeaderRule[]): Promise<Outcome> {
  const text = attempt(() => headersFile(rules));
  if (text === null) return { written: false, injected: 0 };
  const netlify = await netlifyHeaders(text);
  const engine = parseHeaders(text);
  let injected = netlify.errors.length + engine.errors.length + Math.abs(netlify.headers.length - rules.length) + Math.abs(engine.rules.length - rules.length);
  rules.forEach((rule, i) => {
    const theirs = netlify.headers[i] as { for: string; values: Record<string, string> } | undefined;
    if (!theirs || theirs.for !== rule.path || JSON.stringify(theirs.values) !== JSON.stringify(rule.headers)) injected++;
    const ours = engine.rules[i];
    if (!ours || ours.path !== rule.path || JSON.stringify(Object.fromEntries(ours.headers)) !== JSON.stringify(rule.headers)) injected++;
  });
  return { written: true, injected };
}

export const policyInput: fc.Arbitrary<Directives> = fc.dictionary(
  fc.oneof(fc.constantFrom('form-action', 'script-src', 'img-src'), hostileText),
  fc.array(fc.oneof(fc.constantFrom('https://formsubmit.co', "'self'", 'https:', '*.example.com', 'https://a.example:8443/p/'), hostileText), { maxLength: 3 }),
  { maxKeys: 3 },
);

/**
 * The policy: refused, or one policy (no ",") whose directives, read as a browser
 * splits them (";" then whitespace), are exactly the base's with the theme's added,
 * and which _headers carries as one value.
 */
export async function policyCase(extra: Directives): Promise<Outcome> {
  const policy = attempt(() => contentSecurityPolicy(extra, { styles: ["'sha256-abc='"], scripts: [] }));
  if (policy === null) return { written: false, injected: 0 };
  const read = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
  const meant = new Map(Object.entries(BASE_DIRECTIVES).map(([name, sources]) => [name, [...sources]]));
  for (const [name, sources] of Object.entries(extra)) meant.set(name, [...(meant.get(name) ?? []), ...sources]);
  meant.set('style-src', [...meant.get('style-src')!, "'sha256-abc='"]);
  let injected = policy.includes(',') ? 1 : 0;
  for (const name of new Set([...read.keys(), ...meant.keys()])) {
    if ([...new Set(meant.get(name) ?? [])].join(' ') !== (read.get(name) ?? []).join(' ')) injected++;
  }
  const headers = await headersCase([{ path: '/*', headers: { 'Content-Security-Policy': policy } }]);
  return { written: headers.written, injected: injected + headers.injected };
}

/** A form service address as site.yaml may write it (its schema's pattern), becoming a policy source by its origin, as the theme makes it. */
export function formActionCase(action: string): Outcome {
  if (!new RegExp(siteSchema.properties.form.properties.action.pattern!).test(action)) return { written: false, injected: 0 };
  // What the schema lets through must be an address (the theme reads its origin) and a source the policy can
  // hold: either failing here would be an internal error at build time.
  const origin = new URL(action.replaceAll('{email}', 'leads@example.com')).origin;
  const policy = contentSecurityPolicy({ 'form-action': [origin] }, { styles: [], scripts: [] });
  headersFile([{ path: '/*', headers: { 'Content-Security-Policy': policy } }]);
  return { written: true, injected: policy.includes(',') || policy.split(';').length !== Object.keys(BASE_DIRECTIVES).length ? 1 : 0 };
}

// ── sitemap.xml and robots.txt ──────────────────────────────────────────────

export const addressInput = fc.oneof(
  hostileText.map((t) => `https://www.example.com/${t}`),
  hostileText.map((t) => `https://${t}`),
  hostileText,
);

/** sitemap.xml: refused (only what no base URL or route can be), or well-formed XML whose <loc>s are exactly the addresses given. */
export function sitemapCase(urls: string[]): Outcome {
  const text = attempt(() => sitemap(urls));
  if (text === null) {
    if (urls.every((url) => isAbsoluteHttpUrl(url) && !XML_FORBIDDEN.test(url)))
      throw new Error(`the sitemap refused writable addresses: ${JSON.stringify(urls)}`);
    return { written: false, injected: 0 };
  }
  const doc = parseXml(text);
  if (!doc) return { written: true, injected: 1 };
  const locs = [...doc.getElementsByTagName('loc')].map((e) => e.textContent);
  const meant = [...new Set(urls)].sort();
  const entries = doc.getElementsByTagName('url').length;
  return { written: true, injected: Math.abs(entries - meant.length) + meant.filter((url, i) => locs[i] !== url).length };
}

/** robots.txt: refused, or exactly its four lines, the sitemap's address the one given. */
export function robotsCase(baseUrl: string): Outcome {
  const text = attempt(() => robots(baseUrl));
  if (text === null) {
    if (isAbsoluteHttpUrl(`${baseUrl}/sitemap.xml`)) throw new Error(`robots.txt refused a writable base URL: ${JSON.stringify(baseUrl)}`);
    return { written: false, injected: 0 };
  }
  const lines = text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/);
  const meant = ['User-agent: *', 'Allow: /', '', `Sitemap: ${baseUrl}/sitemap.xml`, ''];
  return { written: true, injected: Math.abs(lines.length - meant.length) + meant.filter((line, i) => lines[i] !== line).length };
}

// ── The feed ────────────────────────────────────────────────────────────────

const FEED: FeedSettings = { path: '/blog/feed.xml', title: 'Blog', author: 'A Business', list: '/blog', date: 'date', summary: 'summary', headline: 'title' };

export const feedInput = fc.record({
  title: hostileText,
  author: hostileText,
  posts: fc.array(fc.record({ title: hostileText, summary: hostileText, slug: fc.constantFrom('a', 'b-c', 'post') }), { maxLength: 3 }),
});

/**
 * The Atom feed: refused (and then the hidden-character rule refuses one of its
 * texts at its line), or well-formed XML whose title, author and entries are exactly those given.
 */
export function feedCase(input: { title: string; author: string; posts: { title: string; summary: string; slug: string }[] }): Outcome {
  // Dated newest first, the feed's own order, so entry i is post i.
  const posts = input.posts.map((p, i): Member => ({
    route: `/blog/${p.slug}-${i}`,
    title: p.title,
    data: { title: p.title, summary: p.summary, date: `2025-01-0${9 - (i % 9)}` },
    status: 'published',
  }));
  const texts = [input.title, input.author, ...input.posts.flatMap((p) => [p.title, p.summary])];
  const text = attempt(() => atomFeed('https://www.example.com', posts, { ...FEED, title: input.title, author: input.author }));
  if (text === null) {
    if (texts.every((t) => hiddenCharactersOf(t).length === 0)) throw new Error(`the feed refused texts the rules let through: ${JSON.stringify(texts)}`);
    return { written: false, injected: 0 };
  }
  const doc = parseXml(text);
  if (!doc) return { written: true, injected: 1 };
  const feed = doc.documentElement;
  const child = (parent: Element, name: string) => [...parent.children].filter((e) => e.localName === name);
  const entries = child(feed, 'entry');
  let injected = Math.abs(entries.length - posts.length) + (feed.children.length - entries.length === 6 ? 0 : 1);
  if (child(feed, 'title')[0]?.textContent !== input.title) injected++;
  if (child(feed, 'author')[0]?.textContent !== input.author) injected++;
  entries.forEach((entry, i) => {
    const post = input.posts[i];
    if (!post || child(entry, 'title')[0]?.textContent !== post.title || child(entry, 'summary')[0]?.textContent !== post.summary) injected++;
    if (child(entry, 'link')[0]?.getAttribute('href') !== canonicalUrl('https://www.example.com', posts[i]?.route ?? '')) injected++;
    if (entry.children.length !== 6) injected++;
  });
  return { written: true, injected };
}

// ── JSON: structured data in a page, and the web app manifest ───────────────

const jsonText = fc.oneof(hostileText, fc.string({ unit: 'binary' }));
export const jsonInput: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    jsonText,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(jsonText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * JSON-LD: the page's HTML, parsed as a browser parses it, has the one script
 * element, whose text JSON.parse reads as the value given, and the content after
 * it is still there (nothing inside the data ended the element).
 */
export function jsonLdCase(value: unknown): Outcome {
  const html = `<!doctype html><html><head><script type="application/ld+json">${jsonForScript(value)}</script></head><body><p id="after">after</p></body></html>`;
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  const scripts = document.querySelectorAll('script');
  let injected = Math.abs(scripts.length - 1) + (document.getElementById('after')?.textContent === 'after' && document.body.children.length === 1 ? 0 : 1);
  try {
    if (JSON.stringify(JSON.parse(scripts[0]?.textContent ?? '')) !== JSON.stringify(value)) injected++;
  } catch {
    injected++;
  }
  return { written: true, injected };
}

export const manifestInput = fc.record({
  name: jsonText,
  short_name: jsonText,
  description: jsonText,
  lang: fc.constant('en-CA'),
  theme_color: jsonText,
  background_color: jsonText,
});

/** The manifest: JSON.parse reads exactly the members and icons given, with the defaults. */
export function manifestCase(members: Parameters<typeof webAppManifest>[0]): Outcome {
  const icons = [{ src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }];
  const read = JSON.parse(webAppManifest(members, icons)) as unknown;
  const meant = { start_url: '/', display: 'browser', ...members, icons };
  return { written: true, injected: JSON.stringify(read) === JSON.stringify(meant) ? 0 : 1 };
}
